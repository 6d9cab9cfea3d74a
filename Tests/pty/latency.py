#!/usr/bin/env python3
"""Key-to-frame latency of `hanjul play` through a pseudo-terminal: writes KEYS keys (← and
→ in turn, so each one moves the piece and draws a frame) SPACING apart into the terminal
and measures, for each, the time from the key's bytes being written to the first byte of
output after them. That is the latency from a key's bytes arriving to the frame's bytes
leaving, plus two pseudo-terminal hops (an upper bound). Prints median, p90, p99 and max.

    latency.py HANJUL [--keys N] [--spacing SECONDS] [--kitty]

--kitty answers the keyboard query as kitty does and sends kitty's key bytes (press and
release events) instead of legacy ones.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptydrive import Harness  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hanjul")
    parser.add_argument("--keys", type=int, default=1000)
    parser.add_argument("--spacing", type=float, default=0.03)
    parser.add_argument("--kitty", action="store_true")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="hanjul-latency-")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": home, "LANG": "C.UTF-8",
           "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"}
    h = Harness([args.hanjul, "play", "--seed", "1"], env, answer="kitty" if args.kitty else None)
    try:
        h.wait_output("SCORE", 0, 15)
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            h.pump(0.02)
        if args.kitty:
            keys = [b"\x1b[D\x1b[1;1:3D", b"\x1b[C\x1b[1;1:3C"]
        else:
            keys = [b"\x1b[D", b"\x1b[C"]
        latencies = []
        for i in range(args.keys):
            start_length = len(h.output)
            sent = time.monotonic()
            h.send(keys[i % 2])
            deadline = sent + 1.0
            while len(h.output) == start_length and time.monotonic() < deadline:
                h.pump(0.001)
            first = next((t for t, length in h.chunks if length > start_length and t >= sent), None)
            if first is not None:
                latencies.append(first - sent)
            until = sent + args.spacing
            while time.monotonic() < until:
                h.pump(max(0.0, until - time.monotonic()))
        h.send(b"q")
        h.wait_exit(10)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    latencies.sort()
    n = len(latencies)
    if n == 0:
        print("no frames after the keys")
        return 1

    def pct(p):
        return latencies[min(n - 1, int(round(p / 100 * (n - 1))))] * 1000

    mode = "kitty key events" if args.kitty else "legacy key bytes"
    print("key-to-frame latency over %d keys (%s, %.0f ms apart): median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; %d keys without a frame"
          % (n, mode, args.spacing * 1000, pct(50), pct(90), pct(99), latencies[-1] * 1000, args.keys - n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
