#!/usr/bin/env python3
"""Runs a command in a new pseudo-terminal between the terminal this runs in (kitty, say)
and the program, copying bytes both ways and logging each chunk with its time, so a test
can measure what happens between a key's bytes arriving and the frame's bytes leaving.
Standard library only.

    ptylog.py LOG -- COMMAND [ARG ...]

LOG gets one JSON line per chunk: {"t": monotonic seconds, "dir": "in"|"out", "b64": …}.
The window size follows the outer terminal's (SIGWINCH). Exits with the program's status.
"""

import base64
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
import tty


def main():
    log_path = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    log = open(log_path, "w", buffering=1)

    def record(direction, data):
        log.write(json.dumps({"t": time.monotonic(), "dir": direction, "b64": base64.b64encode(data).decode()}) + "\n")

    def copy_size(fd):
        try:
            size = fcntl.ioctl(sys.stdin.fileno(), termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
            fcntl.ioctl(fd, termios.TIOCSWINSZ, size)
        except OSError:
            pass

    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    copy_size(master)
    rows, cols = struct.unpack("HHHH", fcntl.ioctl(master, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0)))[:2]
    log.write(json.dumps({"t": time.monotonic(), "rows": rows, "cols": cols}) + "\n")
    signal.signal(signal.SIGWINCH, lambda *_: copy_size(master))
    saved = termios.tcgetattr(sys.stdin.fileno())
    tty.setraw(sys.stdin.fileno())
    try:
        while True:
            try:
                ready, _, _ = select.select([sys.stdin.fileno(), master], [], [])
            except InterruptedError:
                continue
            if sys.stdin.fileno() in ready:
                data = os.read(sys.stdin.fileno(), 65536)
                if not data:
                    break
                record("in", data)
                os.write(master, data)
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if not data:
                    break
                record("out", data)
                os.write(sys.stdout.fileno(), data)
    finally:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSAFLUSH, saved)
    _, status = os.waitpid(pid, 0)
    log.write(json.dumps({"t": time.monotonic(), "exit": status}) + "\n")
    sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else 0)


if __name__ == "__main__":
    main()
