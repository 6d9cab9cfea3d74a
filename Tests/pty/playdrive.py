#!/usr/bin/env python3
"""PTY driver for the real `hanjul play` (a sibling of ptydrive.py, whose Harness and
job-control shell it reuses). Standard library only.

One scenario per run; prints one JSON object with what was observed. The Swift tests
(Tests/HanJulPlayTests/PlayPTYTests.swift) make the assertions.

    playdrive.py --binary PATH --scenario NAME [--arg ARG ...] [--env NAME=VALUE ...]

Scenarios: quit-<state>-<how> with state in playing, paused, help, over and how in q,
ctrl-c, esc, sigterm, sigint, sighup; suspend (Ctrl-Z, fg); sigstop (SIGSTOP, a shell
resetting the tty, SIGCONT); resize (tiny and back); moves (keys change the board, bytes
per one-step frame); idle-cpu (10 s of play without keys); mod-error; hot-reload;
startup (the program is expected to exit by itself).

The fault matrix (RELIABILITY §2): matrix-<state>-<fault>, state in playing, paused, help,
over; fault in q, ctrl-c, sigint, sigterm, sighup, ctrl-z (then fg, then q), sigstop (a
shell resetting the tty, SIGCONT, then q), resize (20x10, 1x1, 0x0, back, then q), burst
(100 resizes, back, then q), crash (the `!` key with HANJUL_TEST_CRASH=on-key), modfail
(a mod failing in that state, then q), sigtstp (an external `kill -TSTP`, then fg, then
q), segv and abort (the `!` key with HANJUL_TEST_CRASH=on-key:segv / on-key:abort). hang:
a mod hangs in a hook (the watchdog). lock-then-hangup, lock-then-sighup: a piece locks,
then the pty master is closed (the terminal hangs up) or SIGHUP is sent (T-14).
"""

import argparse
import base64
import json
import os
import signal
import sys
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptydrive import Harness, comparable, is_raw, set_winsize  # noqa: E402

STEP = 10.0


def b64(data):
    return base64.b64encode(bytes(data)).decode()


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
        h.pump(min(0.05, max(0.0, end - time.monotonic())))


def drop_until(h, marker, mark):
    """Hard-drops a piece every 1.5 s until `marker` shows: a reload waits for the next piece."""
    deadline = time.monotonic() + STEP
    while time.monotonic() < deadline:
        h.send(b" ")
        pump_for(h, 1.5)
        if h.output.find(marker.encode(), mark) >= 0:
            return
    raise TimeoutError("no %r after hard drops" % marker)


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks


def reach(h, state):
    """Brings the game from play to `state`."""
    if state == "paused":
        mark = len(h.output)
        h.send(b"p")
        h.wait_output("PAUSED", mark, STEP)
    elif state == "help":
        mark = len(h.output)
        h.send(b"?")
        h.wait_output("KEYS", mark, STEP)
    elif state == "over":
        mark = len(h.output)
        deadline = time.monotonic() + STEP
        while time.monotonic() < deadline:
            h.send(b" ")
            h.pump(0.03)
            if h.output.find(b"GAME OVER", mark) >= 0:
                break
        h.wait_output("GAME OVER", mark, STEP)
        settle(h)


def quit_by(h, how):
    if how == "q":
        h.send(b"q")
    elif how == "ctrl-c":
        h.send(b"\x03")
    elif how == "esc":
        h.send(b"\x1b")
    else:
        os.kill(h.child_pid, getattr(signal, how.upper()))


# What the screen shows in each state once it is drawn again after a fault (resume, a
# terminal grown back): play itself is paused by a stop or a too-small terminal.
STATE_MARKER = {"playing": "PAUSED", "paused": "PAUSED", "help": "KEYS", "over": "GAME OVER"}


def break_mod():
    mod = os.environ["MOD_FILE"]
    with open(mod) as f:
        original = f.read()
    with open(mod, "w") as f:
        f.write(original + "\nthis is not lua\n")


def matrix(h, state, fault):
    """One cell of the fault matrix; returns extra observations."""
    extra = {"reached": state}
    marker = STATE_MARKER[state]
    if fault in ("q", "ctrl-c", "sigint", "sigterm", "sighup"):
        quit_by(h, fault)
    elif fault in ("ctrl-z", "sigtstp"):
        if fault == "ctrl-z":
            h.send(b"\x1a")
        else:
            os.kill(h.child_pid, signal.SIGTSTP)  # `kill -TSTP`, from outside the game
        extra["stopStatus"] = h.wait_status(("stopped", "exited", "signaled"))
        h.pump(0.1)
        extra["termiosRestoredWhileStopped"] = comparable(termios.tcgetattr(h.slave)) == comparable(h.before)
        extra["outputWhileStopped"] = b64(h.output)
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        h.wait_output(marker, mark, STEP)
        settle(h)
        extra["rawAfterResume"] = is_raw(termios.tcgetattr(h.slave))
        extra["outputAfterResume"] = b64(h.output[mark:])
        h.send(b"q")
    elif fault == "sigstop":
        os.kill(h.child_pid, signal.SIGSTOP)
        extra["stopStatus"] = h.wait_status(("stopped",))
        termios.tcsetattr(h.slave, termios.TCSANOW, h.before)  # the shell's cooked mode
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        h.wait_output(marker, mark, STEP)
        settle(h)
        extra["rawAfterResume"] = is_raw(termios.tcgetattr(h.slave))
        extra["outputAfterResume"] = b64(h.output[mark:])
        h.send(b"q")  # a lone q in cooked mode would wait for Enter
    elif fault == "resize":
        mark = len(h.output)
        set_winsize(h.master, 10, 20)
        h.wait_output("need", mark, STEP)
        settle(h)
        extra["outputSmall"] = b64(h.output[mark:])
        tiny = []
        for rows, cols in ((1, 1), (0, 0)):
            mark = len(h.output)
            set_winsize(h.master, rows, cols)
            settle(h)
            tiny.append(b64(h.output[mark:]))
        extra["outputTiny"] = tiny
        mark = len(h.output)
        set_winsize(h.master, 24, 80)
        h.wait_output(marker, mark, STEP)
        settle(h)
        extra["outputBack"] = b64(h.output[mark:])
        h.send(b"q")
    elif fault == "burst":
        mark = len(h.output)
        start = time.monotonic()
        for i in range(100):
            set_winsize(h.master, 10 + i % 30, 15 + (i * 7) % 80)
        set_winsize(h.master, 24, 80)
        extra["burstSeconds"] = round(time.monotonic() - start, 3)
        settle(h, quiet=0.3, limit=STEP)
        extra["burstOutputBytes"] = len(h.output) - mark
        # Signals coalesce (the loop reads the size once per wake-up), so a burst may never
        # be seen as small. Ctrl-L redraws everything: the frame of the last size.
        mark = len(h.output)
        h.send(b"\x0c")
        settle(h)
        extra["outputBack"] = b64(h.output[mark:])
        h.send(b"q")
    elif fault in ("crash", "segv", "abort"):
        h.send(b"!")  # HANJUL_TEST_CRASH=on-key[:segv|:abort] says how it dies
    elif fault == "modfail":
        mark = len(h.output)
        if state == "playing":
            h.send(b" ")  # the piece locks; the mod's on_lock fails
            h.wait_output("MOD ERROR", mark, STEP)
        elif state == "paused":
            break_mod()  # hot reload while paused: the mod no longer loads
            h.wait_output("RELOAD FAILED", mark, STEP)
        elif state == "help":
            break_mod()
            pump_for(h, 1.5)  # the reload fails behind the help
            h.send(b"x")  # any key closes the help; the failure shows
            h.wait_output("RELOAD FAILED", mark, STEP)
        elif state == "over":
            break_mod()
            h.send(b"r")  # a new game: the mod no longer loads
            h.wait_output("MOD ERROR", mark, STEP)
        settle(h)
        extra["errorScreen"] = b64(h.output[mark:])
        h.send(b"q")
    else:
        raise ValueError("unknown fault %s" % fault)
    return extra


def scenario(name, h, extra_args):
    extra = {}
    if name == "startup":
        h.wait_exit()
        return extra
    h.wait_output("SCORE", 0, STEP)
    settle(h)
    extra["rawWhileRunning"] = is_raw(termios.tcgetattr(h.slave))

    if name.startswith("matrix-"):
        _, state, fault = name.split("-", 2)
        reach(h, state)
        extra.update(matrix(h, state, fault))
    elif name.startswith("lock-then-"):
        # A piece locks (so the game has a replay to save), then the game is ended from
        # outside: `hangup` closes the pty master under it (T-14), `sighup` sends SIGHUP.
        how = name[len("lock-then-"):]
        h.send(b" ")  # hard drop: the piece locks at once
        settle(h)
        hz = os.sysconf("SC_CLK_TCK")
        extra["cpuBeforeEnd"] = cpu_ticks(h.child_pid) / hz
        start = time.monotonic()
        if how == "hangup":
            os.close(h.master)
            h.master = os.open("/dev/null", os.O_RDONLY)  # nothing more to read
        else:
            os.kill(h.child_pid, getattr(signal, how.upper()))
        while h.exit is None and time.monotonic() - start < STEP:
            h.pump(0.01)
        extra["secondsToExit"] = round(time.monotonic() - start, 3)
        h.wait_exit(timeout=STEP)
        return extra
    elif name == "hang":
        mark = len(h.output)
        h.send(b" ")  # the piece locks; the mod's on_lock hangs in the host
        extra["hangSent"] = mark
    elif name.startswith("quit-"):
        _, state, how = name.split("-", 2)
        reach(h, state)
        extra["reached"] = state
        quit_by(h, how)
    elif name == "moves":
        # Bytes of the frame after a one-step move: send the key, collect until quiet.
        # A gravity tick or the clock second can land in the window: the test looks at the
        # smallest of several tries.
        sizes = []
        changed = []
        for key in [b"\x1b[D", b"\x1b[C"] * 4:
            start = settle(h)
            h.send(key)
            end = settle(h, quiet=0.05)
            sizes.append(end - start)
            changed.append(b64(h.output[start:end]))
        extra["frameBytes"] = sizes
        extra["frames"] = changed
        # vim keys, WASD and a rotation also reach the engine.
        start = settle(h)
        h.send(b"hlkwad")
        end = settle(h)
        extra["otherKeysBytes"] = end - start
        mark = len(h.output)
        h.send(b" ")  # hard drop: the score changes to 2 × rows
        end = settle(h)
        extra["afterHardDrop"] = b64(h.output[mark:end])
        h.send(b"q")
    elif name == "idle-cpu":
        seconds = float(os.environ.get("IDLE_SECONDS", "10"))
        before = cpu_ticks(h.child_pid)
        start = time.monotonic()
        mark = len(h.output)
        while time.monotonic() - start < seconds:
            h.pump(0.2)
        after = cpu_ticks(h.child_pid)
        hz = os.sysconf("SC_CLK_TCK")
        extra["idleSeconds"] = round(time.monotonic() - start, 3)
        extra["idleCPUSeconds"] = (after - before) / hz
        extra["idleOutputBytes"] = len(h.output) - mark
        h.send(b"q")
    elif name == "suspend":
        h.send(b"\x1a")
        extra["stopStatus"] = h.wait_status(("stopped", "exited", "signaled"))
        h.pump(0.2)
        extra["termiosRestoredWhileStopped"] = comparable(termios.tcgetattr(h.slave)) == comparable(h.before)
        extra["outputWhileStopped"] = b64(h.output)
        pump_for(h, 1.0)  # stopped time must not count as play time
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        h.wait_output("PAUSED", mark, STEP)
        settle(h)
        extra["rawAfterResume"] = is_raw(termios.tcgetattr(h.slave))
        extra["outputAfterResume"] = b64(h.output[mark:])
        h.send(b"q")
    elif name == "sigstop":
        os.kill(h.child_pid, signal.SIGSTOP)
        extra["stopStatus"] = h.wait_status(("stopped",))
        termios.tcsetattr(h.slave, termios.TCSANOW, h.before)
        mark = len(h.output)
        os.write(h.command_fd, b"fg\n")
        h.wait_status(("continued",))
        h.wait_output("PAUSED", mark, STEP)
        settle(h)
        extra["rawAfterResume"] = is_raw(termios.tcgetattr(h.slave))
        extra["outputAfterResume"] = b64(h.output[mark:])
        h.send(b"q")
    elif name == "resize":
        mark = len(h.output)
        set_winsize(h.master, 10, 20)
        os.kill(h.child_pid, signal.SIGWINCH)  # the pty sends it to the foreground group too
        h.wait_output("need", mark, STEP)
        settle(h)
        extra["outputSmall"] = b64(h.output[mark:])
        mark = len(h.output)
        set_winsize(h.master, 24, 80)
        h.wait_output("PAUSED", mark, STEP)
        settle(h)
        extra["outputBack"] = b64(h.output[mark:])
        mark = len(h.output)
        h.send(b"p")  # resume play, then quit
        settle(h)
        h.send(b"q")
    elif name == "replay-watch":
        h.wait_output("REPLAY 1x", 0, STEP)
        mark = len(h.output)
        h.send(b"p")
        h.wait_output("PAUSED", mark, STEP)
        settle(h)
        mark = len(h.output)
        h.send(b".")
        settle(h)
        extra["afterStep"] = b64(h.output[mark:])
        h.send(b"p+++")
        h.wait_output("REPLAY 8x", mark, STEP)
        h.wait_output("END OF REPLAY", mark, STEP)
        settle(h)
        extra["end"] = b64(h.output[mark:])
        h.send(b"q")
    elif name == "mod-error":
        mark = len(h.output)
        h.send(b" ")
        h.wait_output("MOD ERROR", mark, STEP)
        settle(h)
        extra["errorScreen"] = b64(h.output[mark:])
        h.send(b"q")
    elif name == "hot-reload":
        mod = os.environ["MOD_FILE"]
        with open(mod) as f:
            original = f.read()
        time.sleep(0.05)
        mark = len(h.output)
        with open(mod, "w") as f:
            f.write(original.replace('version = "1.0.0"', 'version = "1.0.1"'))
        # The change is seen within a second; the rules change between pieces.
        pump_for(h, 1.2)
        drop_until(h, "RELOADED", mark)
        settle(h)
        extra["reloaded"] = b64(h.output[mark:])
        h.send(b"x")  # any key goes on
        settle(h)
        mark = len(h.output)
        with open(mod, "w") as f:
            f.write(original + "\nthis is not lua\n")
        pump_for(h, 1.2)
        drop_until(h, "RELOAD FAILED", mark)
        settle(h)
        extra["failed"] = b64(h.output[mark:])
        h.send(b"x")
        settle(h)
        h.send(b" ")  # the previous version still plays
        settle(h)
        h.send(b"q")
    else:
        raise ValueError("unknown scenario %s" % name)
    h.wait_exit(timeout=60 if name.endswith(("-crash", "-segv", "-abort")) else STEP)
    return extra


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--arg", action="append", default=[])
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--stdout-pipe", action="store_true")
    args = parser.parse_args()

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
           "SWIFT_BACKTRACE": "interactive=no", "LANG": "C.UTF-8"}
    for item in args.env:
        name, _, value = item.partition("=")
        env[name] = value
        if name == "MOD_FILE":
            os.environ[name] = value
        if name == "IDLE_SECONDS":
            os.environ[name] = value
    h = Harness([args.binary] + args.arg, env, stdout_is_pipe=args.stdout_pipe)
    try:
        extra = scenario(args.scenario, h, args.arg)
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
    out["pid"] = h.child_pid
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
