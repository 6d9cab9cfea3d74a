"""The Python client against servers that misbehave, and values outside the spaces
(issue 39): every read has a timeout, no size is trusted before it is checked, and an
action, key or seed out of range is refused, never wrapped into another."""

import os
import stat
import sys
import tempfile
import textwrap
import time
import unittest

import gymnasium as gym
import numpy as np

import hanjul_gym
from hanjul_gym import client
from hanjul_gym.client import ProtocolError, Server
from hanjul_gym.env import HanJulEnv


def fake_server(folder: str, answer: bytes) -> str:
    """A program that answers the first request with ``answer`` and then says nothing until
    its input closes."""
    path = os.path.join(folder, "fake-hanjul")
    with open(path, "w") as f:
        f.write(f"#!{sys.executable}\n" + textwrap.dedent(f"""
            import sys
            sys.stdin.buffer.read(1)
            sys.stdout.buffer.write({answer!r})
            sys.stdout.buffer.flush()
            sys.stdin.buffer.read()
        """))
    os.chmod(path, stat.S_IRWXU)
    return path


class TimeoutTests(unittest.TestCase):
    def test_the_default_timeout_is_finite_and_documented(self):
        self.assertIsInstance(client.DEFAULT_TIMEOUT, float)
        self.assertTrue(0 < client.DEFAULT_TIMEOUT <= 60)
        self.assertEqual(hanjul_gym.DEFAULT_TIMEOUT, client.DEFAULT_TIMEOUT)
        import inspect
        self.assertEqual(inspect.signature(Server).parameters["timeout"].default, "default")

    def test_cat_is_not_waited_for_forever(self):
        """``Server(hanjul='/bin/cat')``: cat given ``serve`` stops at once (no such file),
        which is an error; cat reading its input echoes ``I`` and never answers, and the
        default timeout (made short here) ends it."""
        started = time.monotonic()
        with self.assertRaises(RuntimeError) as caught:
            Server(hanjul="/bin/cat")
        self.assertLess(time.monotonic() - started, 10)
        self.assertIn("failed to start", str(caught.exception))
        saved = client.DEFAULT_TIMEOUT
        client.DEFAULT_TIMEOUT = 1.0
        with tempfile.TemporaryDirectory() as folder:
            cat = os.path.join(folder, "cat")
            with open(cat, "w") as f:
                f.write("#!/bin/sh\nexec /bin/cat\n")
            os.chmod(cat, stat.S_IRWXU)
            try:
                started = time.monotonic()
                with self.assertRaises(TimeoutError) as caught:
                    Server(hanjul=cat)
                self.assertLess(time.monotonic() - started, 10)
                self.assertIn("did not answer within 1.0 s", str(caught.exception))
            finally:
                client.DEFAULT_TIMEOUT = saved

    def test_an_explicit_timeout_and_a_bad_one(self):
        with tempfile.TemporaryDirectory() as folder:
            started = time.monotonic()
            with self.assertRaises(TimeoutError):
                Server(hanjul=fake_server(folder, b""), timeout=0.5)
            self.assertLess(time.monotonic() - started, 8)
        for bad in (0, -1, "soon", True):
            with self.assertRaises(ValueError):
                Server(hanjul="/bin/cat", timeout=bad)

    def test_a_server_that_stops_answering_mid_game(self):
        env = HanJulEnv(timeout=2.0)
        env.reset(seed=1)
        os.kill(env.server.process.pid, 19)  # SIGSTOP: alive, silent
        try:
            started = time.monotonic()
            with self.assertRaises(TimeoutError):
                env.step(int(np.flatnonzero(env.action_masks())[0]))
            self.assertLess(time.monotonic() - started, 10)
        finally:
            env.close()


class SizeTests(unittest.TestCase):
    def test_a_junk_length_is_refused_before_reading(self):
        """A 4-byte length of 1.8 GB is refused at once: nothing is allocated or read for it."""
        with tempfile.TemporaryDirectory() as folder:
            program = fake_server(folder, b"\x00\x00\x00\x6c")
            started = time.monotonic()
            with self.assertRaises(ProtocolError) as caught:
                Server(hanjul=program, timeout=5)
            self.assertLess(time.monotonic() - started, 5)
            self.assertIn("1811939328 bytes", str(caught.exception))

    def test_junk_info_and_lying_sizes_are_refused(self):
        cases = {
            b"\x05\x00\x00\x00hello": "not JSON",
            b"\x02\x00\x00\x00[]": "not a JSON object",
            b'\x10\x00\x00\x00{"width": 1e999}': "width=inf",
        }
        info = b'{"width":10,"height":20,"preview":1,"actions":40,"kinds":["I"],"keys":[],"observationBytes":999999}'
        cases[len(info).to_bytes(4, "little") + info] = "observationBytes=999999"
        huge = b'{"width":10,"height":20,"preview":1,"actions":40,"kinds":["I"],"keys":[],"observationBytes":4000000000}'
        cases[len(huge).to_bytes(4, "little") + huge] = "observationBytes=4000000000"
        wide = b'{"width":1000,"height":20,"preview":1,"actions":40,"kinds":["I"],"keys":[],"observationBytes":10}'
        cases[len(wide).to_bytes(4, "little") + wide] = "width=1000"
        with tempfile.TemporaryDirectory() as folder:
            for answer, message in cases.items():
                with self.subTest(answer=answer[:30]):
                    with self.assertRaises(ProtocolError) as caught:
                        Server(hanjul=fake_server(folder, answer), timeout=5)
                    self.assertIn(message, str(caught.exception))

    def test_a_short_info_answer_times_out(self):
        with tempfile.TemporaryDirectory() as folder:
            with self.assertRaises(TimeoutError):
                Server(hanjul=fake_server(folder, b"\x40\x00\x00\x00{"), timeout=1)


class RangeTests(unittest.TestCase):
    def test_a_placement_out_of_range_is_an_error_not_another_placement(self):
        env = HanJulEnv()
        obs, _ = env.reset(seed=3)
        a = int(np.flatnonzero(obs["action_mask"])[0])
        for bad in (a + 65536, -1, env.action_space.n, 2**70, 1.5, "3", None):
            with self.subTest(action=bad):
                with self.assertRaises(ValueError):
                    env.step(bad)
        for bad in (a + 65536, -1):
            with self.assertRaises(ValueError):
                env.server.request_place(bad)
        # Nothing was played: the same placement still plays from the start position.
        _, _, _, _, info = env.step(np.int64(a))
        self.assertTrue(info["placed"] and not info["invalid_action"] and info["pieces"] == 1)
        env.close()

    def test_a_key_out_of_range_is_not_a_hard_drop(self):
        env = HanJulEnv(action_mode="keys")
        obs, _ = env.reset(seed=3)
        for bad in (262, 8, -1, 256 + 6):
            with self.subTest(key=bad):
                with self.assertRaises(ValueError):
                    env.step(bad)
        with self.assertRaises(ValueError):
            env.server.key(262)
        # The server refuses a key byte it does not know (invalid, nothing changes).
        answer = env.server.key(8)
        self.assertTrue(answer.invalid)
        self.assertEqual(answer.pieces, 0, "no hard drop happened")
        env.close()

    def test_seeds_outside_64_bits_are_refused(self):
        env = HanJulEnv()
        for bad in (2**64 + 5, 2**64, -1, 1.0, "5"):
            with self.subTest(seed=bad):
                with self.assertRaises(ValueError):
                    env.reset(seed=bad)
        _, info = env.reset(seed=2**64 - 1)
        self.assertEqual(info["seed"], 2**64 - 1)
        with self.assertRaises(ValueError):
            env.server.reset(2**64 + 5)
        env.close()
        with self.assertRaises(ValueError):
            HanJulEnv(seed=2**64 + 5)

    def test_the_vector_environment_checks_too(self):
        envs = gym.make_vec("hanjul/HanJul-v0", num_envs=2)
        with self.assertRaises(ValueError):
            envs.reset(seed=2**64 - 1)  # the second game's seed would be 2**64
        obs, _ = envs.reset(seed=1)
        with self.assertRaises(ValueError):
            envs.step([int(np.flatnonzero(m)[0]) + 65536 for m in obs["action_mask"]])
        envs.close()


if __name__ == "__main__":
    unittest.main()
