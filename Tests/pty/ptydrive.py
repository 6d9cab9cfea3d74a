#!/usr/bin/env python3
"""PTY harness for hanjul-termprobe (RELIABILITY §5.2). Standard library only.

Runs the probe on the slave side of a fresh pseudo-terminal, under a tiny job-control
"shell" (this script's forked child: session leader, controlling terminal, puts the
probe in its own foreground process group and reports stops like a shell does), so
that Ctrl-Z / SIGTSTP really stop the probe and `fg` really continues it.

One scenario per run; prints one JSON object on stdout with what was observed. The
Swift tests (PTYTests.swift) make the assertions.

    ptydrive.py --probe PATH --scenario NAME [--probe-arg ARG ...]
"""

import argparse
import base64
import fcntl
import json
import os
import select
import signal
import struct
import sys
import termios
import time

STEP_TIMEOUT = 15.0


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
    def __init__(self, argv, env, stdout_is_pipe=False):
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
            elif fd == self.stdout_pipe:
                if not data:
                    self.stdout_pipe = None
                self.output += data
            else:
                self.output += data

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
        }
        data.update(extra)
        return data


def process_gone(pid):
    """True when pid no longer runs (absent, or a zombie nobody reaped yet)."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
        return state in ("Z", "X")
    except OSError:
        return True


def raw_now(h):
    return is_raw(termios.tcgetattr(h.slave))


def scenario(name, h):
    """Runs `name`; returns extra observations."""
    extra = {}
    if name == "startup-error":
        # The probe must refuse to start; nothing else to drive.
        h.wait_exit()
        return extra

    ready = h.wait_output("READY")
    h.wait_output("\r\n", ready)
    if not name.startswith("crash"):  # a crashing probe may already be gone
        extra["rawWhileRunning"] = raw_now(h)

    if name == "quit-key":
        h.send(b"q")
    elif name == "ctrl-c-byte":
        h.send(b"\x03")
    elif name in ("sigint", "sigterm", "sighup", "sigquit"):
        os.kill(h.child_pid, getattr(signal, name.upper()))
    elif name == "typeahead":
        # The probe runs with --slow-exit: after q it "saves" until input is waiting,
        # then 100 ms more, then restores. The line typed meanwhile must be discarded.
        h.send(b"q")
        h.wait_output("QUIT", ready)
        time.sleep(0.05)
        h.send(b"rm -rf ~\r")
        end = h.wait_output("QUEUED ", ready)
        end2 = h.wait_output("\r\n", end)
        extra["queuedBeforeRestore"] = int(h.output[end:end2 - 2])
    elif name in ("ctrl-z", "sigtstp"):
        if name == "ctrl-z":
            h.send(b"\x1a")
        else:
            os.kill(h.child_pid, signal.SIGTSTP)
        line = h.wait_status(("stopped", "exited", "signaled"))
        extra["stopStatus"] = line
        h.pump(0.2)
        stopped_attrs = termios.tcgetattr(h.slave)
        extra["termiosRestoredWhileStopped"] = comparable(stopped_attrs) == comparable(h.before)
        extra["outputWhileStopped"] = base64.b64encode(bytes(h.output)).decode()
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        resumed = h.wait_output("RESUMED", mark)
        h.wait_output("\r\n", resumed)
        extra["rawAfterResume"] = raw_now(h)
        extra["outputAfterResume"] = base64.b64encode(bytes(h.output[mark:])).decode()
        h.send(b"q")
    elif name == "sigstop-sigcont":
        os.kill(h.child_pid, signal.SIGSTOP)
        extra["stopStatus"] = h.wait_status(("stopped",))
        # Like a shell: put the tty back into the user's cooked mode while stopped.
        termios.tcsetattr(h.slave, termios.TCSANOW, h.before)
        extra["rawWhileStopped"] = raw_now(h)
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        resumed = h.wait_output("RESUMED", mark)
        h.wait_output("\r\n", resumed)
        extra["rawAfterResume"] = raw_now(h)
        extra["outputAfterResume"] = base64.b64encode(bytes(h.output[mark:])).decode()
        # In cooked mode a lone q would wait for Enter; the quit proves raw mode is back.
        h.send(b"q")
    elif name == "resize":
        sizes = []
        for rows, cols in ((30, 100), (0, 0), (1, 1), (10, 20)):
            mark = len(h.output)
            set_winsize(h.master, rows, cols)
            end = h.wait_output("SIZE %dx%d" % (cols, rows), mark)
            sizes.append("%dx%d" % (cols, rows))
        # A burst: 100 resizes as fast as possible.
        for i in range(100):
            set_winsize(h.master, 20 + i % 30, 60 + i % 40)
        set_winsize(h.master, 24, 80)
        h.wait_output("SIZE 80x24", end)
        h.pump(0.2)
        extra["sizesSeen"] = sizes
        h.send(b"q")
    elif name == "keys":
        # Arrow split across writes, a lone Esc, UTF-8 split across writes, then q.
        h.send(b"\x1b[")
        time.sleep(0.01)
        h.send(b"A")
        h.wait_output("KEY arrow(up", ready)
        h.send(b"\x1b")
        h.wait_output("KEY escape", ready)
        h.send(b"\xed\x95")
        time.sleep(0.005)
        h.send(b"\x9c")
        h.wait_output("KEY character(U+D55C)", ready)
        h.send(b"q")
    elif name == "hangup":
        # The terminal closes under the program (T-14): reads fail, writes return EIO.
        # It must end on its own, quickly, without burning CPU in a retry loop.
        start = time.monotonic()
        os.close(h.master)
        h.master = os.open("/dev/null", os.O_RDONLY)  # nothing more to read
        h.wait_exit(timeout=10)
        extra["secondsToExit"] = round(time.monotonic() - start, 3)
        return extra
    elif name == "emergency-restore":
        pass  # the probe calls the exported C restore pointer and _exits by itself
    elif name in ("crash", "crash-no-backtracer"):
        pass  # the probe crashes by itself after READY
    elif name == "hang-double-signal":
        os.kill(h.child_pid, signal.SIGTERM)
        h.pump(0.5)
        extra["aliveAfterFirstSignal"] = h.exit is None
        os.kill(h.child_pid, signal.SIGTERM)
    else:
        raise ValueError("unknown scenario %s" % name)
    h.wait_exit(timeout=60 if name.startswith("crash") else STEP_TIMEOUT)
    return extra


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--probe", required=True)
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--probe-arg", action="append", default=[])
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the probe")
    parser.add_argument("--stdout-pipe", action="store_true", help="probe's stdout is a pipe, not the pty")
    args = parser.parse_args()

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": "/nonexistent"}
    for item in args.env:
        name, _, value = item.partition("=")
        if value == "<unset>":
            env.pop(name, None)
        else:
            env[name] = value
    argv = [args.probe] + args.probe_arg
    h = Harness(argv, env, stdout_is_pipe=args.stdout_pipe)
    try:
        extra = scenario(args.scenario, h)
        error = None
    except Exception as exc:  # noqa: BLE001 - reported to the Swift test
        extra = {}
        error = "%s: %s" % (type(exc).__name__, exc)
        try:
            os.kill(h.child_pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            h.wait_exit(5)
        except Exception:  # noqa: BLE001
            pass
    out = h.result(**extra)
    out["error"] = error
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
