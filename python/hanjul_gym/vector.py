"""Several HanJul games at once, one ``hanjul serve`` process each: requests go to every
process before any answer is read, so the games are played in parallel."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import gymnasium as gym
import numpy as np
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from .client import check_index, check_seed
from .env import HanJulEnv


class HanJulVectorEnv(VectorEnv):
    """``num_envs`` HanJul environments stepped together (``gym.make_vec("hanjul/HanJul-v0",
    num_envs=8)``). A game that ended is reset by the next step (Gymnasium's next-step
    autoreset): that step's action is ignored, and it returns the new game's first
    observation with reward 0."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP} if hasattr(gym.vector, "AutoresetMode") else {}

    def __init__(self, num_envs: int = 1, mods: Sequence[str] = (), seed: Optional[int] = None, action_mode: str = "placement",
                 reward_fn: Optional[Callable[[dict, dict], float]] = None, max_steps: Optional[int] = None,
                 hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None,
                 step_ms: int = 0, timeout: Any = "default", **_: Any):
        if seed is not None:
            seed = check_seed(seed)
        self.envs = [HanJulEnv(mods=mods, action_mode=action_mode, reward_fn=reward_fn, max_steps=max_steps,
                               hanjul=hanjul, mods_dir=mods_dir, step_ms=step_ms, timeout=timeout) for _ in range(num_envs)]
        self.num_envs = num_envs
        self._first_seed = seed
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = render_mode
        self._done = np.zeros(num_envs, dtype=bool)
        self._rng = np.random.default_rng(seed)

    def reset(self, *, seed=None, options=None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is None:
            seeds = [int(s) for s in self._rng.integers(0, 2**63, size=self.num_envs)]
        elif isinstance(seed, (int, np.integer)):
            seeds = [check_seed(int(seed) + i) for i in range(self.num_envs)]
        else:
            seeds = [check_seed(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per environment ({self.num_envs}), not {len(seeds)}")
        for env, s in zip(self.envs, seeds):
            env.server.request_reset(int(s))
        results = []
        for env, s in zip(self.envs, seeds):
            env._last = env.server.answer()
            env._steps = 0
            env._info = env._make_info(env._last)
            env._info["seed"] = int(s)
            results.append((env._observation(env._last), dict(env._info)))
        self._done[:] = False
        return self._stack([r[0] for r in results]), self._infos([r[1] for r in results])

    def step(self, actions):
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"give one action per environment, shape ({self.num_envs},), not {actions.shape}")
        actions = [check_index(a, self.envs[0].action_count, "action") for a in actions]
        resets = []
        for i, env in enumerate(self.envs):
            if self._done[i]:
                seed = int(self._rng.integers(0, 2**63))
                resets.append(seed)
                env.server.request_reset(seed)
            else:
                resets.append(None)
                if env.action_mode == "placement":
                    env.server.request_place(actions[i])
                elif env.step_ms:
                    env.server.request_timed_key(actions[i], env.step_ms)
                else:
                    env.server.request_key(actions[i])
        observations, rewards, terminated, truncated, infos = [], np.zeros(self.num_envs), np.zeros(self.num_envs, dtype=bool), \
            np.zeros(self.num_envs, dtype=bool), []
        for i, env in enumerate(self.envs):
            answer = env.server.answer()
            previous = env._info
            env._last = answer
            info = env._make_info(answer)
            if resets[i] is not None:
                env._steps = 0
                info["seed"] = resets[i]
            else:
                env._steps += 1
                info["seed"] = previous.get("seed")
                rewards[i] = float(env.reward_fn(previous, info)) if env.reward_fn else float(answer.score - previous["score"])
                terminated[i] = answer.over
                truncated[i] = bool(env.max_steps is not None and env._steps >= env.max_steps and not answer.over)
            env._info = info
            observations.append(env._observation(answer))
            infos.append(dict(info))
        self._done = terminated | truncated
        return self._stack(observations), rewards, terminated, truncated, self._infos(infos)

    def action_masks(self) -> np.ndarray:
        return np.stack([env.action_masks() for env in self.envs])

    def close_extras(self, **kwargs):
        for env in self.envs:
            env.close()

    def _stack(self, observations):
        return {key: np.stack([o[key] for o in observations]) for key in observations[0]}

    def _infos(self, infos):
        merged: dict = {}
        for i, info in enumerate(infos):
            merged = self._add_info(merged, info, i)
        return merged
