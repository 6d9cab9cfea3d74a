"""What a learner sees (issue 40): the falling piece in HanJulKeys-v0, game time per key,
the "ansi" and "rgb_array" renderings, the after-state features wrapper for HanJul-v0,
and finding hanjul after ``pip install ./python``."""

import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import gymnasium as gym
import numpy as np

import hanjul_gym
from hanjul_gym.env import HanJulEnv
from hanjul_gym.wrappers import AfterStateFeatures

LEFT, RIGHT, ROTATE, HARD_DROP = 0, 1, 2, 6


class KeysObservationTests(unittest.TestCase):
    def test_left_moves_the_piece_the_agent_sees(self):
        env = gym.make("hanjul/HanJulKeys-v0")
        obs, _ = env.reset(seed=4)
        kind, x, y, rotation = (int(v) for v in obs["falling"])
        self.assertEqual(kind, obs["piece"])
        self.assertEqual(int((obs["view"] == 2).sum()), 4, "the piece's four cells are drawn in")
        after, _, _, _, _ = env.step(LEFT)
        self.assertEqual(int(after["falling"][1]), x - 1)
        self.assertFalse((after["view"] == obs["view"]).all(), "the observation changes when the piece moves")
        self.assertTrue((after["board"] == obs["board"]).all(), "the stack does not")
        turned, _, _, _, _ = env.step(ROTATE)
        self.assertEqual(int(turned["falling"][3]), (rotation + 1) % 4)
        self.assertTrue(env.observation_space.contains(turned))
        env.close()

    def test_a_random_agent_sees_its_piece_move(self):
        env = gym.make("hanjul/HanJulKeys-v0", max_steps=300)
        obs, _ = env.reset(seed=0)
        env.action_space.seed(0)
        moved = unchanged_views = steps = 0
        while True:
            action = env.action_space.sample()
            after, _, terminated, truncated, info = env.step(action)
            if action in (LEFT, RIGHT) and not info["invalid_action"] and after["falling"][1] != obs["falling"][1]:
                moved += 1
                self.assertFalse((after["view"] == obs["view"]).all())
            steps += 1
            obs = after
            if terminated or truncated:
                break
        self.assertGreater(moved, 10, f"the piece moved {moved} times in {steps} random keys")
        env.close()

    def test_step_ms_lets_gravity_pull_the_piece_down(self):
        still = HanJulEnv(action_mode="keys")
        falling = HanJulEnv(action_mode="keys", step_ms=1000)
        a, _ = still.reset(seed=2)
        b, _ = falling.reset(seed=2)
        for _ in range(3):
            a, _, _, _, _ = still.step(LEFT)
            b, _, _, _, info = falling.step(LEFT)
        self.assertEqual(int(b["falling"][2]) - int(a["falling"][2]), 4, "a row each 700 ms at level 1: 4 rows in 3 s")
        self.assertEqual(info["elapsed_ms"], 3000, "the game clock moved 3 s")
        for _ in range(60):
            b, _, terminated, _, info = falling.step(LEFT)
        self.assertGreater(info["pieces"], 0, "a piece locks without a hard drop")
        self.assertEqual(still.step(LEFT)[4]["pieces"], 0)
        with self.assertRaises(ValueError):
            HanJulEnv(step_ms=100)  # placements take no time
        with self.assertRaises(ValueError):
            HanJulEnv(action_mode="keys", step_ms=-5)
        still.close()
        falling.close()

    def test_step_ms_in_the_vector_environment(self):
        envs = gym.make_vec("hanjul/HanJulKeys-v0", num_envs=2, step_ms=1000)
        obs, _ = envs.reset(seed=9)
        after, _, _, _, _ = envs.step(np.array([LEFT, LEFT]))
        self.assertTrue((after["falling"][:, 2] == obs["falling"][:, 2] + 1).all())
        envs.close()


class RenderTests(unittest.TestCase):
    def test_rgb_array_draws_the_piece_in_its_colour(self):
        env = gym.make("hanjul/HanJulKeys-v0", render_mode="rgb_array", cell_pixels=4)
        obs, _ = env.reset(seed=5)
        for action in (HARD_DROP, HARD_DROP, LEFT):
            obs, _, _, _, _ = env.step(action)
        image = env.render()
        server = env.unwrapped.server
        self.assertEqual(image.dtype, np.uint8)
        self.assertEqual(image.shape, (server.height * 4, server.width * 4, 3))
        kind = int(obs["falling"][0])
        colour = server.info["pieces"][kind]["color"]
        expected = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        rows, columns = np.nonzero(obs["view"] == 2)
        self.assertEqual(len(rows), 4)
        for row, column in zip(rows, columns):
            block = image[row * 4:(row + 1) * 4, column * 4:(column + 1) * 4]
            self.assertTrue((block == expected).all(), f"cell ({row}, {column}) is {block[0, 0]}, not {expected}")
        stack = np.nonzero(obs["view"] == 1)
        self.assertGreater(len(stack[0]), 0)
        self.assertEqual(list(image[stack[0][0] * 4, stack[1][0] * 4]), [128, 128, 128])
        empty = np.nonzero(obs["view"] == 0)
        self.assertEqual(list(image[empty[0][0] * 4, empty[1][0] * 4]), [0, 0, 0])
        env.close()

    def test_ansi_shows_the_piece_by_its_letter_and_checkers_pass(self):
        from gymnasium.utils.env_checker import check_env
        env = gym.make("hanjul/HanJulKeys-v0", render_mode="ansi")
        obs, _ = env.reset(seed=5)
        text = env.render()
        letter = env.unwrapped.kinds[int(obs["falling"][0])]
        self.assertEqual(sum(line.count(letter) for line in text.split("\n")[:-1]), 4)
        env.close()
        for mode in ("ansi", "rgb_array"):
            for action_mode in ("keys", "placement"):
                env = gym.make("hanjul/HanJul-v0", action_mode=action_mode, render_mode=mode)
                check_env(env.unwrapped, skip_render_check=False)
                env.close()
        with self.assertRaises(ValueError):
            HanJulEnv(render_mode="human")


class AfterStateFeaturesTests(unittest.TestCase):
    def test_each_allowed_action_has_the_features_of_its_after_state(self):
        env = AfterStateFeatures(gym.make("hanjul/HanJul-v0"))
        obs, info = env.reset(seed=1)
        width = env.width
        self.assertEqual(obs.shape, (40, width + 4))
        self.assertTrue(env.observation_space.contains(obs))
        mask = info["action_mask"].astype(bool)
        self.assertTrue((obs[~mask] == 0).all(), "actions the rules refuse are zero rows")
        rng = np.random.default_rng(0)
        for _ in range(40):
            allowed = np.flatnonzero(env.action_masks())
            action = int(rng.choice(allowed))
            predicted = obs[action].copy()
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated:
                break
            # The features predicted for the action are those of the board it made.
            board = env.unwrapped._observation(env.unwrapped._last)["board"].astype(bool)
            actual = env.describe(board, int(info["lock"]["lines"]))
            self.assertTrue(np.allclose(predicted, actual), f"action {action}: {predicted} != {actual}")
        env.close()

    def test_hold_actions_use_the_held_or_next_piece(self):
        env = AfterStateFeatures(gym.make("hanjul/HanJul-v0", mods=["modern"],
                                          mods_dir=[str(Path(__file__).resolve().parents[2] / "Mods")]))
        obs, info = env.reset(seed=2)
        self.assertEqual(obs.shape[0], 80)
        held = info["action_mask"][40:].astype(bool)
        self.assertTrue(held.any() and (obs[40:][held][:, -4] > 0).all(), "hold placements have after-states too")
        env.close()
        with self.assertRaises(ValueError):
            AfterStateFeatures(gym.make("hanjul/HanJulKeys-v0"))


class FindHanjulTests(unittest.TestCase):
    def test_an_installed_package_finds_the_checkouts_build(self):
        """After ``pip install ./python`` the package lives in the environment; the fallback
        is the HanJul checkout the program runs in (here a made-up one, from a folder
        inside it)."""
        binary = os.environ.get("HANJUL") or hanjul_gym.find_hanjul()
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder) / "checkout"
            (root / "Sources" / "hanjul").mkdir(parents=True)
            (root / "Package.swift").write_text("// swift-tools-version:6.0\n")
            (root / ".build" / "release").mkdir(parents=True)
            os.symlink(binary, root / ".build" / "release" / "hanjul")
            inside = root / "python" / "deep"
            inside.mkdir(parents=True)
            environment = {"PATH": "/usr/bin:/bin", "HOME": folder}
            code = "import hanjul_gym, sys; print(hanjul_gym.__file__); print(hanjul_gym.find_hanjul())"
            found = subprocess.run([sys.executable, "-c", code], cwd=inside, env=environment, capture_output=True, text=True)
            self.assertEqual(found.returncode, 0, found.stderr)
            module, program = found.stdout.split("\n")[:2]
            self.assertEqual(program, str(root / ".build" / "release" / "hanjul"))
            if "site-packages" in module:
                self.assertNotIn(str(root), module, "the package is the installed one")
            outside = subprocess.run([sys.executable, "-c", code], cwd=folder, env=environment, capture_output=True, text=True)
            if "site-packages" in outside.stdout:
                self.assertNotEqual(outside.returncode, 0, "no checkout here, no hanjul on PATH: not found")
                self.assertIn("hanjul not found", outside.stderr)


if __name__ == "__main__":
    unittest.main()
