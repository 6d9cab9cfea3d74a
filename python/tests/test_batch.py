"""The batched vector environment (``hanjul serve --games N``, one request for all games):
the same games as one process per game, autoreset, and the checks of the single env."""

import unittest

import gymnasium as gym
import numpy as np

from hanjul_gym import HanJulBatchVectorEnv, HanJulVectorEnv


def random_valid(masks, rng):
    return np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])


class BatchTests(unittest.TestCase):
    def test_make_vec_builds_the_batched_env(self):
        envs = gym.make_vec("hanjul/HanJul-v0", num_envs=64)
        self.assertIsInstance(envs.unwrapped if hasattr(envs, "unwrapped") else envs, HanJulBatchVectorEnv)
        self.assertEqual(len(envs.unwrapped.servers), 1, "64 games, one process")
        obs, infos = envs.reset(seed=1)
        self.assertEqual(obs["board"].shape, (64, 20, 10))
        self.assertTrue(envs.observation_space.contains(obs))
        envs.close()

    def test_the_same_games_as_a_process_per_game(self):
        for action_mode, processes in (("placement", 1), ("placement", 2), ("keys", 1)):
            with self.subTest(action_mode=action_mode, processes=processes):
                batched = HanJulBatchVectorEnv(num_envs=3, action_mode=action_mode, processes=processes, max_steps=50)
                single = HanJulVectorEnv(num_envs=3, action_mode=action_mode, max_steps=50)
                a, info_a = batched.reset(seed=11)
                b, info_b = single.reset(seed=11)
                rng = np.random.default_rng(0)
                for step in range(120):
                    for key in a:
                        self.assertTrue((a[key] == b[key]).all(), f"step {step}: {key} differs")
                    self.assertEqual(list(info_a["score"]), list(info_b["score"]))
                    actions = random_valid(a["action_mask"], rng) if action_mode == "placement" else rng.integers(0, 8, size=3)
                    a, reward_a, term_a, trunc_a, info_a = batched.step(actions)
                    b, reward_b, term_b, trunc_b, info_b = single.step(actions)
                    self.assertEqual(list(reward_a), list(reward_b))
                    self.assertEqual(list(term_a), list(term_b))
                    self.assertEqual(list(trunc_a), list(trunc_b))
                    if term_a.any() or trunc_a.any():
                        break  # the next step resets with seeds of each env's own generator
                batched.close()
                single.close()

    def test_games_that_end_are_reset_and_values_are_checked(self):
        envs = gym.make_vec("hanjul/HanJul-v0", num_envs=8)
        obs, _ = envs.reset(seed=5)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(300):
            obs, rewards, terminated, truncated, infos = envs.step(random_valid(obs["action_mask"], rng))
            ended += int(terminated.sum())
            self.assertFalse(infos["invalid_action"].any())
        self.assertGreater(ended, 0)
        for bad in ([65536] * 8, [-1] * 8, [0] * 7, [0.5] * 8):
            with self.assertRaises(ValueError):
                envs.step(bad)
        with self.assertRaises(ValueError):
            envs.reset(seed=2**64 - 4)
        envs.close()
        with self.assertRaises(ValueError):
            HanJulBatchVectorEnv(num_envs=2, processes=3)

    def test_a_user_reward_function_and_step_ms(self):
        envs = HanJulBatchVectorEnv(num_envs=2, reward_fn=lambda before, after: after["pieces"] - before["pieces"] - 0.5)
        obs, _ = envs.reset(seed=3)
        _, rewards, _, _, _ = envs.step(random_valid(obs["action_mask"], np.random.default_rng(1)))
        self.assertEqual(list(rewards), [0.5, 0.5])
        envs.close()
        keys = gym.make_vec("hanjul/HanJulKeys-v0", num_envs=2, step_ms=700)
        obs, _ = keys.reset(seed=3)
        after, _, _, _, _ = keys.step(np.array([0, 1]))
        self.assertEqual(list(after["falling"][:, 2] - obs["falling"][:, 2]), [1, 1])
        self.assertEqual(list(after["falling"][:, 1] - obs["falling"][:, 1]), [-1, 1])
        keys.close()


if __name__ == "__main__":
    unittest.main()
