"""The Gymnasium and PettingZoo environments, checked by the libraries' own checkers, with a
random agent and a short training run (scripts/test runs these)."""

import os
import unittest
from pathlib import Path

import gymnasium as gym
import numpy as np

import hanjul_gym
from hanjul_gym.env import HanJulEnv

MODS = str(Path(__file__).resolve().parents[2] / "Mods")


def random_valid(mask, rng):
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if legal.size else 0


class GymnasiumTests(unittest.TestCase):
    def test_check_env_passes_for_every_variant(self):
        from gymnasium.utils.env_checker import check_env
        for kwargs in [{}, {"action_mode": "keys"}, {"mods": ["garbage"], "mods_dir": [MODS]}, {"mods": ["modern"], "mods_dir": [MODS]}]:
            env = HanJulEnv(**kwargs)
            try:
                check_env(env, skip_render_check=False)
            finally:
                env.close()

    def test_make_registers_the_ids_and_takes_mods_and_a_seed(self):
        env = gym.make("hanjul/HanJul-v0", mods=["garbage"], mods_dir=[MODS], seed=7)
        obs, info = env.reset()
        self.assertEqual(info["seed"], 7)
        self.assertEqual(obs["board"].shape, (env.unwrapped.server.height, env.unwrapped.server.width))
        self.assertEqual(env.action_space.n, 40)
        self.assertGreater(obs["action_mask"].sum(), 0)
        env.close()
        held = gym.make("hanjul/HanJul-v0", mods=["modern"], mods_dir=[MODS])
        self.assertEqual(held.action_space.n, 80, "a hold slot doubles the placements")
        held.close()

    def test_a_seed_gives_the_same_game(self):
        def play(seed):
            env = gym.make("hanjul/HanJul-v0")
            obs, _ = env.reset(seed=seed)
            rng = np.random.default_rng(3)
            boards = []
            for _ in range(60):
                obs, _, terminated, truncated, _ = env.step(random_valid(obs["action_mask"], rng))
                boards.append(obs["board"].copy())
                if terminated or truncated:
                    break
            env.close()
            return boards
        a, b = play(11), play(11)
        self.assertEqual(len(a), len(b))
        self.assertTrue(all((x == y).all() for x, y in zip(a, b)))

    def test_a_random_agent_plays_games_to_their_end(self):
        env = gym.make("hanjul/HanJul-v0")
        rng = np.random.default_rng(0)
        for episode in range(3):
            obs, info = env.reset(seed=episode)
            total, steps, terminated = 0.0, 0, False
            while not terminated and steps < 5000:
                obs, reward, terminated, truncated, info = env.step(random_valid(obs["action_mask"], rng))
                total += reward
                steps += 1
                self.assertFalse(info["invalid_action"])
            self.assertTrue(terminated, "a random agent tops out")
            self.assertEqual(total, info["score"], "the rewards add up to the score")
            self.assertIn("spin", info["lock"])
        env.close()

    def test_a_masked_action_changes_nothing(self):
        env = HanJulEnv()
        obs, _ = env.reset(seed=1)
        masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        after, reward, terminated, _, info = env.step(masked)
        self.assertTrue(info["invalid_action"])
        self.assertEqual(reward, 0)
        self.assertTrue((after["board"] == obs["board"]).all())
        env.close()

    def test_a_user_reward_function(self):
        env = HanJulEnv(reward_fn=lambda before, after: after["lines"] - before["lines"] - 0.01)
        obs, _ = env.reset(seed=2)
        _, reward, _, _, _ = env.step(random_valid(obs["action_mask"], np.random.default_rng(0)))
        self.assertAlmostEqual(reward, -0.01)
        env.close()

    def test_the_vector_environment_steps_games_together_and_resets_them(self):
        envs = gym.make_vec("hanjul/HanJul-v0", num_envs=3)
        obs, infos = envs.reset(seed=5)
        rng = np.random.default_rng(0)
        self.assertEqual(obs["board"].shape[0], 3)
        ended = 0
        for _ in range(400):
            actions = [random_valid(mask, rng) for mask in obs["action_mask"]]
            obs, rewards, terminated, truncated, infos = envs.step(actions)
            ended += int(terminated.sum())
        self.assertGreater(ended, 0, "random agents top out and are reset")
        envs.close()

    def test_a_short_training_run(self):
        """REINFORCE with a linear softmax policy over the valid placements (features: column
        heights and the piece), a few dozen short episodes: it runs to the end."""
        env = HanJulEnv(max_steps=40)
        width, kinds = env.server.width, len(env.kinds)
        features = width + kinds + 1
        theta = np.zeros((env.action_space.n, features))
        rng = np.random.default_rng(0)

        def phi(obs):
            board = obs["board"]
            filled = board.any(axis=0)
            heights = np.where(filled, board.shape[0] - board.argmax(axis=0), 0) / board.shape[0]
            piece = np.zeros(kinds + 1)
            piece[obs["piece"]] = 1
            return np.concatenate([heights, piece])

        returns = []
        for episode in range(30):
            obs, _ = env.reset(seed=episode)
            trajectory, total = [], 0.0
            while True:
                x, mask = phi(obs), obs["action_mask"].astype(bool)
                logits = theta @ x
                logits[~mask] = -np.inf
                p = np.exp(logits - logits[mask].max())
                p /= p.sum()
                action = int(rng.choice(len(p), p=p))
                trajectory.append((x, action, p))
                obs, reward, terminated, truncated, _ = env.step(action)
                total += reward
                if terminated or truncated:
                    break
            returns.append(total)
            baseline = np.mean(returns)
            for x, action, p in trajectory:
                gradient = -np.outer(p, x)
                gradient[action] += x
                theta += 0.001 * (total - baseline) * gradient
        env.close()
        self.assertEqual(len(returns), 30)
        self.assertTrue(np.isfinite(theta).all())


class PettingZooTests(unittest.TestCase):
    def test_parallel_api_test(self):
        from pettingzoo.test import parallel_api_test
        from hanjul_gym.versus import HanJulVersus
        env = HanJulVersus(max_steps=300)
        parallel_api_test(env, num_cycles=400)
        env.close()

    def test_aec_api_test(self):
        from pettingzoo.test import api_test
        from hanjul_gym import versus
        env = versus.env(max_steps=300)
        api_test(env, num_cycles=400, verbose_progress=False)
        env.close()

    def test_garbage_goes_between_the_boards(self):
        from hanjul_gym.versus import HanJulVersus, attack
        self.assertEqual([attack(n) for n in range(5)], [0, 0, 1, 2, 4])
        env = HanJulVersus(max_steps=2000)
        obs, _ = env.reset(seed=3)
        rng = np.random.default_rng(1)
        received = 0
        while env.agents:
            actions = {a: random_valid(obs[a]["action_mask"], rng) for a in env.agents}
            obs, rewards, terminations, truncations, infos = env.step(actions)
            received += sum(info["garbage_received"] for info in infos.values())
            if any(terminations.values()):
                self.assertEqual(sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0]), True)
        env.close()


if __name__ == "__main__":
    unittest.main()
