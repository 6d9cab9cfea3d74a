"""Vector environment steps per second, in one run on one machine: ``gym.make_vec`` with 64
HanJul games (the batched ``hanjul serve --games 64``, one process; and, with
``--processes K``, K processes), against tetris-gymnasium's JAX functional environment
(``tetris_fn.step`` under ``jax.jit(jax.vmap(...))``, 64 games, on the CPU), when
tetris-gymnasium and jax are installed. Every agent plays a uniformly random action (a
random allowed placement in HanJul-v0); an env step is one game's step.

    python benchmarks/vector_speed.py [--envs 64] [--seconds 10] [--processes 1]
"""

import argparse
import os
import time

import gymnasium as gym
import numpy as np


def hanjul_rate(env_id, envs, seconds, processes):
    import hanjul_gym  # noqa: F401  (registers the ids)
    vector = gym.make_vec(env_id, num_envs=envs, processes=processes)
    rng = np.random.default_rng(1)
    obs, _ = vector.reset(seed=1)
    placement = "Keys" not in env_id
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            if placement:
                masks = obs["action_mask"].astype(bool)
                # A random allowed action per game, vectorised: argmax of random keys over the mask.
                actions = np.argmax(np.where(masks, rng.random(masks.shape), -1), axis=1)
            else:
                actions = rng.integers(0, 8, size=envs)
            obs, _, _, _, _ = vector.step(actions)
            steps += envs
    elapsed = time.perf_counter() - start
    vector.close()
    return steps / elapsed


def jax_rate(envs, seconds):
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    from functools import partial

    import jax
    from tetris_gymnasium.envs.tetris_fn import reset, step
    from tetris_gymnasium.functional.core import EnvConfig
    from tetris_gymnasium.functional.tetrominoes import TETROMINOES

    config = EnvConfig(width=10, height=20, padding=4, queue_size=7)
    reset_fn = jax.jit(jax.vmap(partial(reset, TETROMINOES, config=config)))
    step_fn = jax.jit(jax.vmap(partial(step, TETROMINOES, config=config)))
    keys = jax.random.split(jax.random.PRNGKey(1), envs)
    _, states, _ = reset_fn(keys)
    rng = np.random.default_rng(1)
    # Compiled before the clock starts.
    states, observation, *_ = step_fn(states, jax.numpy.asarray(rng.integers(0, 7, size=envs)))
    observation.block_until_ready()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            states, observation, reward, terminated, _ = step_fn(states, jax.numpy.asarray(rng.integers(0, 7, size=envs)))
            # Games that ended start again (as the vector env's autoreset does).
            if bool(terminated.any()):
                keys = jax.random.split(jax.random.PRNGKey(steps + 2), envs)
                _, fresh, _ = reset_fn(keys)
                states = jax.tree_util.tree_map(lambda new, old: jax.numpy.where(
                    terminated.reshape((-1,) + (1,) * (old.ndim - 1)), new, old), fresh, states)
            steps += envs
        observation.block_until_ready()
    elapsed = time.perf_counter() - start
    return steps / elapsed, jax.__version__, jax.devices()[0].platform


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    keys = hanjul_rate("hanjul/HanJulKeys-v0", args.envs, args.seconds, args.processes)
    print(f"HanJulKeys-v0, make_vec {args.envs} envs, {args.processes} process(es): {keys:,.0f} key steps/s")
    placements = hanjul_rate("hanjul/HanJul-v0", args.envs, args.seconds, args.processes)
    print(f"HanJul-v0, make_vec {args.envs} envs, {args.processes} process(es): {placements:,.0f} placement steps/s")
    try:
        rate, version, platform = jax_rate(args.envs, args.seconds)
    except ImportError as error:
        print(f"tetris-gymnasium's JAX environment: not installed ({error}); no ratio")
        return
    print(f"tetris-gymnasium tetris_fn (jax {version}, {platform}), jit(vmap) {args.envs} envs: {rate:,.0f} key steps/s")
    print(f"HanJulKeys-v0 / tetris-gymnasium JAX, key steps: {keys / rate:.2f}×")
    print(f"HanJul-v0 placements / tetris-gymnasium JAX key steps: {placements / rate:.2f}× "
          "(a placement is a whole piece; a key step a fraction of one)")


if __name__ == "__main__":
    main()
