#!/usr/bin/env python3
"""The one pseudo-terminal harness of HanJul's tests (RELIABILITY §5.2). Standard library only.

Runs a program (the real `hanjul`, or `hanjul-termprobe` for the terminal layer alone) on
the slave side of a fresh pseudo-terminal, under a tiny job-control "shell" (this script's
forked child: session leader, controlling terminal, puts the program in its own foreground
process group and reports stops like a shell does), so that Ctrl-Z / SIGTSTP really stop
it and `fg` really continues it.

The test says what to do as a list of steps (JSON on standard input); this script does
them in order and prints one JSON object with what it observed. The Swift side
(Tests/PTYSupport) builds the steps and makes the assertions.

    ptydrive.py --program PATH [--arg ARG ...] [--env NAME=VALUE ...] [--stdout-pipe]
                [--answer kitty|da1] [--background rgb:RRRR/GGGG/BBBB] [--cwd DIR]  < steps.json

--answer makes the harness a terminal that answers queries: `kitty` answers the kitty
keyboard query (CSI ? u) with CSI ? 0 u and the device attributes (CSI c) with
CSI ? 62 ; c, exactly as kitty 0.26 does; `da1` answers only the device attributes, as
xterm does. Either way it keeps kitty's keyboard-mode stack (CSI > flags u pushes,
CSI < u pops, CSI = flags ; mode u sets), and reports it.

Steps (each an object with "op"):
  send {text|b64}              write bytes to the terminal (keys typed)
  wait {text, from?, timeout?} until text appears in the output after mark `from`
                               (default: the last mark; "start" for all of it)
  mark {name}                  remember the output length now
  settle {quiet?, limit?}      read until the output is quiet
  pump {seconds}               read output for that long
  signal {name}                send a signal (SIGTERM, …) to the program
  winsize {rows, cols}         resize the terminal (the kernel sends SIGWINCH)
  status {prefixes, as?}       wait for a status line of the shell ("stopped", "continued",
                               "exited", "signaled"), recorded under `as`
  fg                           the shell continues the stopped program in the foreground
  cooked                       the shell puts the terminal back to its own (cooked) modes
  raw {as}                     record whether the terminal is in raw mode now
  restored {as}                record whether the terminal's modes equal those at launch
  cpu {as}                     record the program's CPU seconds so far
  capture {as, from}           record the output since mark `from` (base64)
  hangup                       close the master side: the terminal goes away
  timed {events: [[seconds, b64], …], as?}
                               write each at its offset from now, recording when it went
  repeat {b64, every, until, timeout}
                               write every `every` seconds until `until` shows in the output
  write_file {path, text, append?}
                               change a file (a mod's, for hot reload)
  exit {timeout?}              wait for the program to end (killed after the timeout)
"""

import argparse
import base64
import fcntl
import json
import os
import re
import select
import signal
import struct
import sys
import termios
import time

STEP_TIMEOUT = 15.0


def b64(data):
    return base64.b64encode(bytes(data)).decode()

def set_winsize(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def pending_input(fd):
    """Bytes waiting in the tty's input queue (FIONREAD / TIOCINQ)."""
    buf = fcntl.ioctl(fd, termios.FIONREAD, struct.pack("i", 0))
    return struct.unpack("i", buf)[0]


def is_raw(attrs):
    lflag = attrs[3]
    return not (lflag & termios.ICANON) and not (lflag & termios.ECHO) and not (lflag & termios.ISIG)


def comparable(attrs):
    # [iflag, oflag, cflag, lflag, ispeed, ospeed, cc]; cc entries are bytes or ints.
    out = list(attrs[:6])
    out.append([c if isinstance(c, int) else c[0] for c in attrs[6]])
    return out


class Harness:
    def __init__(self, argv, env, stdout_is_pipe=False, answer=None, cwd=None, background=None):
        self.answer = answer
        # --background: answer OSC 11 ; ? with this colour (as xterm does, same terminator).
        self.background = background
        self.cwd = cwd
        self.kitty = {"stack": [], "pushes": [], "pops": 0, "sets": [], "queries": 0, "deviceQueries": 0,
                      "maxDepth": 0, "events": []}
        self.scanned = 0
        self.chunks = []
        self.master, self.slave = os.openpty()
        set_winsize(self.master, 24, 80)
        self.before = termios.tcgetattr(self.slave)
        self.output = bytearray()
        self.stdout_pipe = None
        self.status_lines = []
        self._status_buf = b""
        self.exit = None
        self.notes = []

        status_r, status_w = os.pipe()
        command_r, command_w = os.pipe()
        pipe_r = pipe_w = None
        if stdout_is_pipe:
            pipe_r, pipe_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 99
            try:
                os.close(self.master)
                os.close(status_r)
                os.close(command_w)
                if pipe_r is not None:
                    os.close(pipe_r)
                self._shell(argv, env, status_w, command_r, pipe_w)
            except BaseException as error:  # noqa: BLE001 - report and die
                try:
                    os.write(status_w, ("shell-error %r\n" % (error,)).encode())
                except OSError:
                    pass
            finally:
                os._exit(code)
        os.close(status_w)
        os.close(command_r)
        if pipe_w is not None:
            os.close(pipe_w)
            self.stdout_pipe = pipe_r
        self.shell_pid = pid
        self.status_fd = status_r
        self.command_fd = command_w
        line = self.wait_status(("pid",))
        self.child_pid = int(line.split()[1])

    # -- the job-control shell (runs in the forked child) --------------------------------
    def _shell(self, argv, env, status_w, command_r, pipe_w):
        os.setsid()
        fcntl.ioctl(self.slave, termios.TIOCSCTTY, 0)
        # SIGHUP too: when the terminal hangs up only the session leader gets SIGHUP, and
        # this "shell" must live on to report how the probe ended.
        for s in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        child = os.fork()
        if child == 0:
            try:
                os.setpgid(0, 0)
                os.tcsetpgrp(self.slave, os.getpid())
                # exec keeps ignored signals ignored: give the probe clean defaults.
                for s in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP, signal.SIGPIPE,
                          signal.SIGINT, signal.SIGQUIT, signal.SIGHUP):
                    signal.signal(s, signal.SIG_DFL)
                os.dup2(self.slave, 0)
                os.dup2(pipe_w if pipe_w is not None else self.slave, 1)
                os.dup2(self.slave, 2)
                os.closerange(3, 256)
                if self.cwd:
                    os.chdir(self.cwd)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        try:
            os.setpgid(child, child)
        except OSError:
            pass
        try:
            os.tcsetpgrp(self.slave, child)
        except OSError:
            pass
        if pipe_w is not None:
            os.close(pipe_w)
        os.write(status_w, b"pid %d\n" % child)
        commands = os.fdopen(command_r, "rb", buffering=0)
        while True:
            _, status, usage = os.wait4(child, os.WUNTRACED)
            cpu = usage.ru_utime + usage.ru_stime
            if os.WIFSTOPPED(status):
                os.tcsetpgrp(self.slave, os.getpgrp())  # the shell takes the terminal back
                os.write(status_w, b"stopped %d\n" % os.WSTOPSIG(status))
                command = commands.readline().strip()
                if command != b"fg":
                    os.killpg(child, signal.SIGKILL)
                    continue
                os.tcsetpgrp(self.slave, child)
                os.killpg(child, signal.SIGCONT)
                os.write(status_w, b"continued\n")
            elif os.WIFEXITED(status):
                os.write(status_w, b"exited %d cpu=%.3f\n" % (os.WEXITSTATUS(status), cpu))
                return
            elif os.WIFSIGNALED(status):
                os.write(status_w, b"signaled %d cpu=%.3f\n" % (os.WTERMSIG(status), cpu))
                return

    # -- the driver ----------------------------------------------------------------------
    def pump(self, timeout):
        """Collects output and status lines for up to `timeout` seconds (one select)."""
        fds = [self.master]
        if self.status_fd is not None:
            fds.append(self.status_fd)
        if self.stdout_pipe is not None:
            fds.append(self.stdout_pipe)
        readable, _, _ = select.select(fds, [], [], timeout)
        for fd in readable:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if fd == self.status_fd:
                if not data:
                    self.status_fd = None
                    continue
                self._status_buf += data
                while b"\n" in self._status_buf:
                    line, self._status_buf = self._status_buf.split(b"\n", 1)
                    text = line.decode(errors="replace")
                    self.status_lines.append(text)
                    if text.startswith(("exited", "signaled")):
                        kind, value = text.split()[:2]
                        self.exit = {"kind": kind, "value": int(value)}
                        self.exit_time = time.monotonic()
            elif fd == self.stdout_pipe:
                if not data:
                    self.stdout_pipe = None
                self.output += data
                self.chunks.append([time.monotonic(), len(self.output)])
            else:
                self.output += data
                self.chunks.append([time.monotonic(), len(self.output)])
                self.terminal_answers()

    # The terminal's side of the kitty keyboard protocol and the device attributes.
    QUERY = re.compile(rb"\x1b\[(\?|>|<|=)([0-9;]*)u|\x1b\[c|\x1b\]11;\?(\x07|\x1b\\\\)")

    def terminal_answers(self):
        # Scan only what is new, keeping a few bytes back for sequences split across reads.
        start = max(self.scanned - 16, 0)
        for match in self.QUERY.finditer(bytes(self.output[start:])):
            if start + match.end() <= self.scanned:
                continue
            k = self.kitty
            text = match.group(0)
            if text.startswith(b"\x1b]11;"):
                if self.background:
                    os.write(self.master, b"\x1b]11;" + self.background.encode() + match.group(3))
                continue
            if text == b"\x1b[c":
                k["deviceQueries"] += 1
                k["events"].append("query-device")
                if self.answer in ("kitty", "da1"):
                    os.write(self.master, b"\x1b[?62;c")
                continue
            kind, params = match.group(1), match.group(2).decode()
            if kind == b"?":
                k["queries"] += 1
                k["events"].append("query")
                if self.answer == "kitty":
                    flags = k["stack"][-1] if k["stack"] else 0
                    os.write(self.master, b"\x1b[?%du" % flags)
            elif kind == b">":
                flags = int(params or "0")
                k["stack"].append(flags)
                k["pushes"].append(flags)
                k["events"].append("push %d" % flags)
                k["maxDepth"] = max(k["maxDepth"], len(k["stack"]))
            elif kind == b"<":
                count = int(params or "1")
                for _ in range(count):
                    if k["stack"]:
                        k["stack"].pop()
                k["pops"] += 1
                k["events"].append("pop")
            elif kind == b"=":
                parts = (params or "0").split(";")
                k["sets"].append(int(parts[0] or "0"))
                k["events"].append("set %s" % params)
                if k["stack"]:
                    k["stack"][-1] = int(parts[0] or "0")
        self.scanned = len(self.output)

    def wait_status(self, prefixes, timeout=STEP_TIMEOUT):
        start = len(self.status_lines)
        deadline = time.monotonic() + timeout
        seen = start
        while time.monotonic() < deadline:
            while seen < len(self.status_lines):
                line = self.status_lines[seen]
                seen += 1
                if line.startswith(prefixes):
                    return line
                if line.startswith("shell-error"):
                    raise RuntimeError(line)
            self.pump(0.05)
        raise TimeoutError("no status %r; have %r" % (prefixes, self.status_lines))

    def wait_output(self, marker, start=0, timeout=STEP_TIMEOUT):
        """Waits until `marker` appears in the output at or after `start`; returns the
        offset just past it."""
        marker = marker.encode() if isinstance(marker, str) else marker
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            index = self.output.find(marker, start)
            if index >= 0:
                return index + len(marker)
            if self.exit is not None:
                break
            self.pump(0.05)
        raise TimeoutError("no %r in output %r" % (marker, bytes(self.output[-400:])))

    def send(self, data):
        os.write(self.master, data)

    def wait_exit(self, timeout=STEP_TIMEOUT):
        deadline = time.monotonic() + timeout
        while self.exit is None and time.monotonic() < deadline:
            self.pump(0.05)
        if self.exit is None:
            os.kill(self.child_pid, signal.SIGKILL)
            self.wait_status(("exited", "signaled"), 5)
            self.notes.append("killed after timeout")
        # Drain what is left (the slave stays open here, so read until quiet).
        quiet_until = time.monotonic() + 0.2
        while time.monotonic() < quiet_until:
            before = len(self.output)
            self.pump(0.05)
            if len(self.output) != before:
                quiet_until = time.monotonic() + 0.2
        try:
            os.waitpid(self.shell_pid, 0)
        except ChildProcessError:
            pass

    def result(self, **extra):
        kitty = dict(self.kitty)
        kitty["depthAtExit"] = len(kitty.pop("stack"))
        try:
            after = comparable(termios.tcgetattr(self.slave))
            leaked = pending_input(self.slave)
        except (OSError, termios.error):  # hung up: no modes left to compare
            after, leaked = None, -1
        data = {
            "exit": self.exit,
            "termiosRestored": after == comparable(self.before),
            "termiosBefore": comparable(self.before),
            "termiosAfter": after,
            "leakedInputBytes": leaked,
            "output": base64.b64encode(bytes(self.output)).decode(),
            "status": self.status_lines,
            "notes": self.notes,
            "chunks": self.chunks,
            "kitty": kitty,
        }
        data.update(extra)
        return data



def settle(h, quiet=0.08, limit=1.5):
    """Pumps until the output has been quiet for `quiet` seconds; returns its length."""
    deadline = time.monotonic() + limit
    last = len(h.output)
    quiet_until = time.monotonic() + quiet
    while time.monotonic() < deadline:
        h.pump(0.02)
        if len(h.output) != last:
            last = len(h.output)
            quiet_until = time.monotonic() + quiet
        elif time.monotonic() >= quiet_until:
            break
    return len(h.output)


def pump_for(h, seconds):
    """Keeps reading output for `seconds` (one pump returns at the first data)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        h.pump(min(0.02, max(0.0, end - time.monotonic())))


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def data_of(step):
    if "b64" in step:
        return base64.b64decode(step["b64"])
    return step["text"].encode()


def run_steps(h, steps, observed):
    marks = {"start": 0}
    last_mark = "start"
    captures = observed.setdefault("captures", {})
    values = observed.setdefault("values", {})
    for step in steps:
        op = step["op"]
        if op == "send":
            h.send(data_of(step))
        elif op == "wait":
            origin = marks[step.get("from", last_mark)]
            h.wait_output(step["text"], origin, step.get("timeout", STEP_TIMEOUT))
        elif op == "mark":
            marks[step["name"]] = len(h.output)
            last_mark = step["name"]
        elif op == "settle":
            settle(h, step.get("quiet", 0.08), step.get("limit", 1.5))
        elif op == "pump":
            pump_for(h, step["seconds"])
        elif op == "signal":
            values["signalAt"] = time.monotonic()
            os.kill(h.child_pid, getattr(signal, step["name"]))
        elif op == "winsize":
            set_winsize(h.master, step["rows"], step["cols"])
        elif op == "status":
            line = h.wait_status(tuple(step["prefixes"]), step.get("timeout", STEP_TIMEOUT))
            if "as" in step:
                values[step["as"]] = line
        elif op == "fg":
            os.write(h.command_fd, b"fg\n")
        elif op == "cooked":
            termios.tcsetattr(h.slave, termios.TCSANOW, h.before)
        elif op == "raw":
            values[step["as"]] = is_raw(termios.tcgetattr(h.slave))
        elif op == "restored":
            values[step["as"]] = comparable(termios.tcgetattr(h.slave)) == comparable(h.before)
        elif op == "cpu":
            values[step["as"]] = cpu_seconds(h.child_pid)
        elif op == "capture":
            captures[step["as"]] = b64(h.output[marks[step["from"]]:])
        elif op == "hangup":
            os.close(h.master)
            # Nothing more to read: the read end of a pipe whose write end is closed.
            reader, writer = os.pipe()
            os.close(writer)
            h.master = reader
            values["hangupAt"] = time.monotonic()
        elif op == "timed":
            start = time.monotonic()
            sent = []
            for offset, data in step["events"]:
                while time.monotonic() < start + offset:
                    h.pump(min(0.002, max(0.0, start + offset - time.monotonic())))
                sent.append([time.monotonic(), len(h.output)])
                h.send(base64.b64decode(data))
            observed.setdefault("sent", {})[step.get("as", "timed")] = sent
        elif op == "repeat":
            origin = len(h.output)
            deadline = time.monotonic() + step.get("timeout", STEP_TIMEOUT)
            data = base64.b64decode(step["b64"])
            while h.output.find(step["until"].encode(), origin) < 0:
                if time.monotonic() > deadline or h.exit is not None:
                    raise TimeoutError("no %r after repeating %r" % (step["until"], data))
                h.send(data)
                pump_for(h, step["every"])
        elif op == "write_file":
            with open(step["path"], "a" if step.get("append") else "w") as f:
                f.write(step["text"])
        elif op == "exit":
            h.wait_exit(timeout=step.get("timeout", STEP_TIMEOUT))
            if getattr(h, "exit_time", None) is not None:
                values["exitedAt"] = h.exit_time
        else:
            raise ValueError("unknown step %r" % op)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--program", required=True)
    parser.add_argument("--arg", action="append", default=[])
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE (or NAME=<unset>)")
    parser.add_argument("--stdout-pipe", action="store_true", help="the program's stdout is a pipe, not the pty")
    parser.add_argument("--answer", choices=["kitty", "da1"])
    parser.add_argument("--background")
    parser.add_argument("--cwd")
    args = parser.parse_args()
    steps = json.load(sys.stdin)

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": "/nonexistent",
           "SWIFT_BACKTRACE": "interactive=no", "LANG": "C.UTF-8"}
    for item in args.env:
        name, _, value = item.partition("=")
        if value == "<unset>":
            env.pop(name, None)
        else:
            env[name] = value
    h = Harness([args.program] + args.arg, env, stdout_is_pipe=args.stdout_pipe, answer=args.answer, cwd=args.cwd,
                background=args.background)
    observed = {}
    try:
        run_steps(h, steps, observed)
        error = None
    except Exception as exc:  # noqa: BLE001 - reported to the Swift test
        error = "%s: %s" % (type(exc).__name__, exc)
        try:
            os.kill(h.child_pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            h.wait_exit(5)
        except Exception:  # noqa: BLE001
            pass
    if h.exit is None and error is None:
        h.wait_exit()
    out = h.result(**observed)
    out["error"] = error
    out["pid"] = h.child_pid
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
