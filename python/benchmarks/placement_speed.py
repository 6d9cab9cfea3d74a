"""Placement steps per second, in one run: HanJul-v0 (standard rules) and tetris-gymnasium's
grouped-placement environment, both playing a uniformly random valid action (from the action
mask), games restarted as they end.

    python benchmarks/placement_speed.py [--seconds 20] [--hanjul PATH]
"""

import argparse
import time

import gymnasium as gym
import numpy as np


def run(env, seconds, mask_of):
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            mask = mask_of(env, info)
            legal = np.flatnonzero(mask)
            action = int(rng.choice(legal)) if legal.size else 0
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            if terminated or truncated:
                games += 1
                _, info = env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps, games, elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--hanjul", default=None)
    args = parser.parse_args()

    import hanjul_gym  # noqa: F401  (registers hanjul/HanJul-v0)
    env = gym.make("hanjul/HanJul-v0", hanjul=args.hanjul)
    hanjul_rate, steps, games, elapsed = run(env.unwrapped, args.seconds, lambda e, info: e.action_masks())
    env.close()
    print(f"HanJul-v0 (standard rules): {hanjul_rate:,.0f} placement steps/s ({steps} steps, {games} games, {elapsed:.1f} s)")
    # Like for like with the grouped wrapper below: every action's after-state features each step.
    features = hanjul_gym.AfterStateFeatures(gym.make("hanjul/HanJul-v0", hanjul=args.hanjul))
    features_rate, steps, games, elapsed = run(features, args.seconds, lambda e, info: info["action_mask"])
    features.close()
    print(f"HanJul-v0 + AfterStateFeatures: {features_rate:,.0f} placement steps/s ({steps} steps, {games} games, {elapsed:.1f} s)")

    try:
        import tetris_gymnasium  # noqa: F401
        from tetris_gymnasium.envs import Tetris  # noqa: F401
        from tetris_gymnasium.wrappers.grouped import GroupedActionsObservations
        from tetris_gymnasium.wrappers.observation import FeatureVectorObservation
    except ImportError as error:
        print(f"tetris-gymnasium: not installed ({error})")
        return
    base = gym.make("tetris_gymnasium/Tetris")
    grouped = GroupedActionsObservations(base, observation_wrappers=[FeatureVectorObservation(base)], terminate_on_illegal_action=True)
    tetris_rate, steps, games, elapsed = run(grouped, args.seconds, lambda e, info: info["action_mask"])
    grouped.close()
    print(f"tetris-gymnasium grouped placements: {tetris_rate:,.0f} placement steps/s ({steps} steps, {games} games, {elapsed:.1f} s)")
    print(f"HanJul-v0 / tetris-gymnasium: {hanjul_rate / tetris_rate:,.0f}×")
    print(f"HanJul-v0 + AfterStateFeatures / tetris-gymnasium grouped + features: {features_rate / tetris_rate:,.0f}×")


if __name__ == "__main__":
    main()
