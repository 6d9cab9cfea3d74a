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


def greedy(env, agent, observation):
    """A placement that keeps the board low and flat (the after-state features, weighted as
    the classic hand-tuned agents do): it clears rows, so it sends garbage."""
    from hanjul_gym.wrappers import AfterStateFeatures
    view = AfterStateFeatures(env.games[agent])
    features = view._features(observation, {})
    width = view.width
    heights, holes, bumpiness, lines = features[:, :width].sum(axis=1), features[:, width + 1], features[:, width + 2], features[:, width + 3]
    scores = -0.51 * heights + 0.76 * lines - 0.36 * holes - 0.18 * bumpiness
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[np.argmax(scores[legal])]) if legal.size else 0


def play_versus(mods, seed, steps, actions=None):
    """A match under ``mods``: player 0 greedy, player 1 greedy but for a seeded random valid
    placement one step in ten, or ``actions`` replayed (a list of per-step action pairs).
    Returns the actions played and each step's infos, rewards and terminations."""
    from hanjul_gym.versus import HanJulVersus
    env = HanJulVersus(mods=mods, mods_dir=[MODS], max_steps=steps)
    try:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        played, record = [], []
        while env.agents:
            if actions is not None:
                if len(played) == len(actions):
                    break
                pair = actions[len(played)]
            else:
                second = (random_valid(obs["player_1"]["action_mask"], rng) if rng.random() < 0.1
                          else greedy(env, "player_1", obs["player_1"]))
                pair = (greedy(env, "player_0", obs["player_0"]), second)
            played.append(pair)
            obs, rewards, terminations, truncations, infos = env.step({"player_0": pair[0], "player_1": pair[1]})
            record.append((infos, rewards, terminations))
        return played, record
    finally:
        env.close()


class PettingZooTests(unittest.TestCase):
    def test_parallel_api_test(self):
        from pettingzoo.test import parallel_api_test
        from hanjul_gym.versus import HanJulVersus
        for mods in (["versus"], ["guideline", "versus"], ["duel"]):
            env = HanJulVersus(mods=mods, mods_dir=[MODS], max_steps=300)
            parallel_api_test(env, num_cycles=400)
            env.close()

    def test_aec_api_test(self):
        from pettingzoo.test import api_test
        from hanjul_gym import versus
        env = versus.env(mods_dir=[MODS], max_steps=300)
        api_test(env, num_cycles=400, verbose_progress=False)
        env.close()

    def test_the_referee_plays_the_mods_rules(self):
        """Mods/versus by default; the garbage table is the mod's, as the referee reads it."""
        from hanjul_gym.versus import DEFAULT_MODS, HanJulVersus
        self.assertEqual(DEFAULT_MODS, ("versus",))
        env = HanJulVersus(mods_dir=[MODS])
        self.assertEqual(env.garbage_rules, {"delay": 0, "messiness": 0.3, "cap": 8, "cancels": True})
        self.assertTrue(env.server.info["mods"][0].startswith("versus@"))
        env.close()
        duel = HanJulVersus(mods=["duel"], mods_dir=[MODS])
        self.assertEqual(duel.garbage_rules, {"delay": 2, "messiness": 0.0, "cap": 4, "cancels": True})
        duel.close()

    def test_same_seed_and_actions_give_different_garbage_under_versus_and_duel(self):
        actions, under_versus = play_versus(["versus"], seed=5, steps=250)
        again_actions, again = play_versus(["versus"], seed=5, steps=250, actions=actions)
        self.assertEqual(again_actions, actions)
        garbage = lambda record: [tuple((i[a]["garbage_sent"], i[a]["garbage_received"]) for a in ("player_0", "player_1"))
                                  for i, _, _ in record]
        self.assertEqual(garbage(again), garbage(under_versus), "the same seed and actions give the same match")
        _, under_duel = play_versus(["duel"], seed=5, steps=250, actions=actions)
        self.assertGreater(sum(i["player_0"]["garbage_sent"] for i, _, _ in under_versus), 0, "the greedy player sends garbage")
        self.assertNotEqual(garbage(under_duel), garbage(under_versus))
        # Each lock's attack is the mod's own table: Mods/versus sends for a double (1 and up),
        # Mods/duel only for four rows or a T-spin double.
        doubles = 0
        for infos, _, _ in under_versus:
            for info in infos.values():
                if info["placed"] and info["lock"]["lines"] >= 2:
                    doubles += 1
                    self.assertGreaterEqual(info["attack"], {2: 1, 3: 2}.get(info["lock"]["lines"], 4))
                if info["placed"] and info["lock"]["lines"] == 0:
                    self.assertEqual(info["attack"], 0)
        self.assertGreater(doubles, 0)
        for infos, _, _ in under_duel:
            for info in infos.values():
                lock = info["lock"]
                if info["attack"]:
                    self.assertTrue(lock["lines"] == 4 or (lock["spin"] == "full" and lock["lines"] == 2), info)

    def test_garbage_rises_and_a_top_out_ends_the_match(self):
        _, record = play_versus(["versus"], seed=3, steps=3000)
        received = sum(i[a]["garbage_received"] for i, _, _ in record for a in i)
        self.assertGreater(received, 0)
        infos, rewards, terminations = record[-1]
        self.assertTrue(all(terminations.values()), "the random player tops out within 3000 steps")
        self.assertIn(sorted(rewards.values()), ([-1.0, 1.0], [0.0, 0.0]))
        outcome = infos["player_0"]["outcome"]
        self.assertIn(outcome, (1, 2, 3))
        loser = {1: "player_1", 2: "player_0"}.get(outcome)
        if loser:
            self.assertEqual(rewards[loser], -1.0)

    def test_actions_are_checked_never_wrapped(self):
        from hanjul_gym.versus import HanJulVersus
        env = HanJulVersus(mods_dir=[MODS])
        env.reset(seed=1)
        for bad in (40, 40 + 65536, -1, 2.5, True):
            with self.assertRaises(ValueError):
                env.step({"player_0": bad, "player_1": 0})
        with self.assertRaises(ValueError):
            env.step({"player_0": 0})
        with self.assertRaises(ValueError):
            HanJulVersus(mods=[], mods_dir=[MODS])
        env.close()


if __name__ == "__main__":
    unittest.main()
