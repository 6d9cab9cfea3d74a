"""Many HanJul games in few processes: ``hanjul serve --games N`` holds N games and plays
one move in each of them per request (``B``), so a step of 64 games is one write and one
read, decoded with numpy at once. This is the vector environment ``gym.make_vec`` builds."""

from __future__ import annotations

import os
import struct
from typing import Any, Callable, Optional, Sequence

import gymnasium as gym
import numpy as np
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from .client import Server, check_index, check_seed
from .env import SPINS, HanJulEnv, _rgb, _shapes


def observation_dtype(server: Server) -> np.dtype:
    """One observation of ``server`` as a numpy record (python/README.md, "Protocol")."""
    fields = [("flags", "u1"), ("piece", "u1"), ("rotation", "u1"), ("x", "i1"), ("y", "i1"), ("hold", "u1"),
              ("hold_used", "u1"), ("lock_lines", "u1"), ("spin", "u1"), ("back_to_back", "u1"), ("last_move", "u1"),
              ("placed", "u1"), ("score", "<i8"), ("lines", "<i4"), ("level", "<i4"), ("pieces", "<i4"), ("combo", "<i4"),
              ("filled", "<u4"), ("elapsed_ms", "<i8"), ("queue", "u1", (server.preview,)), ("rows", "<u8", (server.height,)),
              ("mask", "u1", ((server.actions + 7) // 8,))]
    dtype = np.dtype(fields)
    if dtype.itemsize != server.size:
        raise RuntimeError(f"hanjul serve's observation is {server.size} bytes, this client reads {dtype.itemsize}")
    return dtype


class HanJulBatchVectorEnv(VectorEnv):
    """``num_envs`` HanJul games in ``processes`` ``hanjul serve --games`` processes (default
    1; more spread the games over more cores), one request per process and step. Same
    options, spaces and autoreset (next step) as ``HanJulVectorEnv``, which runs a process
    per game; ``reward_fn`` is called per game."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP} if hasattr(gym.vector, "AutoresetMode") else {}

    def __init__(self, num_envs: int = 1, mods: Sequence[str] = (), seed: Optional[int] = None, action_mode: str = "placement",
                 reward_fn: Optional[Callable[[dict, dict], float]] = None, max_steps: Optional[int] = None,
                 hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None,
                 step_ms: int = 0, timeout: Any = "default", processes: int = 1, **_: Any):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or not 1 <= num_envs <= 4096 * 64:
            raise ValueError(f"num_envs is a whole number from 1, not {num_envs!r}")
        if isinstance(processes, bool) or not isinstance(processes, int) or not 1 <= processes <= num_envs:
            raise ValueError(f"processes is a whole number in 1…num_envs, not {processes!r}")
        if seed is not None:
            seed = check_seed(seed)
        # One environment, for the spaces and the checks of every option (and its server for the first games).
        self.single = HanJulEnv(mods=mods, action_mode=action_mode, reward_fn=reward_fn, max_steps=max_steps, hanjul=hanjul,
                                mods_dir=mods_dir, render_mode=render_mode, step_ms=step_ms, timeout=timeout)
        self.single.close()
        sizes = [num_envs // processes + (1 if i < num_envs % processes else 0) for i in range(processes)]
        if max(sizes) > 4096:
            raise ValueError(f"at most 4096 games a process: give processes={-(-num_envs // 4096)} or more")
        mods = [mods] if isinstance(mods, str) else list(mods)
        self.servers = [Server(mods, hanjul=hanjul, mods_dir=mods_dir, timeout=timeout, games=n) for n in sizes]
        self.sizes = sizes
        self.num_envs = num_envs
        self.action_mode, self.step_ms, self.reward_fn, self.max_steps = action_mode, int(step_ms), reward_fn, max_steps
        self.render_mode = render_mode
        server = self.servers[0]
        self.width, self.height, self.kinds = server.width, server.height, list(server.info["kinds"])
        self.dtype = observation_dtype(server)
        self.action_count = self.single.action_count
        self.single_observation_space = self.single.observation_space
        self.single_action_space = self.single.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._bits = np.arange(self.width, dtype=np.uint64)
        self._shapes = _shapes(server.info, len(self.kinds))
        # Every kind's rotations as one array (kind, rotation, cell, x/y), padded far off the board.
        rotations = max([len(r) for r in self._shapes] + [1])
        cells = max([len(c) for r in self._shapes for c in r] + [1])
        self._cells = np.full((len(self.kinds) + 1, rotations, cells, 2), -10_000, dtype=np.int64)
        for kind, states in enumerate(self._shapes):
            for rotation, shape in enumerate(states):
                self._cells[kind, rotation, :len(shape)] = shape
        self._first_seed = seed
        self._rng = np.random.default_rng(seed)
        self._done = np.zeros(num_envs, dtype=bool)
        self._steps = np.zeros(num_envs, dtype=np.int64)
        self._seeds = np.zeros(num_envs, dtype=np.uint64)
        self._last: Optional[np.ndarray] = None
        self._request = np.zeros(num_envs, dtype=np.dtype([("op", "u1"), ("argument", "<u8")]))

    # Gymnasium API

    def reset(self, *, seed=None, options=None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is None:
            seeds = [int(s) for s in self._rng.integers(0, 2**63, size=self.num_envs)]
        elif isinstance(seed, (int, np.integer)):
            self._rng = np.random.default_rng(int(seed))
            seeds = [check_seed(int(seed) + i) for i in range(self.num_envs)]
        else:
            seeds = [check_seed(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per environment ({self.num_envs}), not {len(seeds)}")
        self._request["op"] = ord("R")
        self._request["argument"] = np.array(seeds, dtype=np.uint64)
        self._seeds[:] = self._request["argument"]
        self._last = self._exchange()
        self._steps[:] = 0
        self._done[:] = False
        return self._observations(self._last), self._infos(self._last)

    def step(self, actions):
        if self._last is None:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"give one whole-number action per environment, shape ({self.num_envs},), not {actions.shape} {actions.dtype}")
        if actions.size and (actions.min() < 0 or actions.max() >= self.action_count):
            bad = int(actions[(actions < 0) | (actions >= self.action_count)][0])
            check_index(bad, self.action_count, "action")
        previous = self._last
        resets = self._done.copy()
        if self.action_mode == "placement":
            self._request["op"] = ord("P")
            self._request["argument"] = actions.astype(np.uint64)
        elif self.step_ms:
            self._request["op"] = ord("T")
            self._request["argument"] = actions.astype(np.uint64) | (np.uint64(self.step_ms) << np.uint64(16))
        else:
            self._request["op"] = ord("K")
            self._request["argument"] = actions.astype(np.uint64)
        if resets.any():
            seeds = self._rng.integers(0, 2**63, size=int(resets.sum())).astype(np.uint64)
            self._request["op"][resets] = ord("R")
            self._request["argument"][resets] = seeds
            self._seeds[resets] = seeds
        self._last = answers = self._exchange()
        self._steps = np.where(resets, 0, self._steps + 1)
        terminated = (answers["flags"] & 1).astype(bool) & ~resets
        truncated = np.zeros(self.num_envs, dtype=bool)
        if self.max_steps is not None:
            truncated = (self._steps >= self.max_steps) & ~terminated & ~resets
        infos = self._infos(answers)
        if self.reward_fn is None:
            rewards = np.where(resets, 0.0, (answers["score"] - previous["score"]).astype(np.float64))
        else:
            before = self._infos(previous)
            rewards = np.array([0.0 if resets[i] else float(self.reward_fn(self._one(before, i), self._one(infos, i)))
                                for i in range(self.num_envs)])
        self._done = terminated | truncated
        return self._observations(answers), rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        if self.action_mode == "keys" or self._last is None:
            return np.ones((self.num_envs, self.action_count), dtype=bool)
        return self._masks(self._last).astype(bool)

    def close_extras(self, **kwargs):
        for server in self.servers:
            server.close()

    # The exchange and the decoding

    def _exchange(self) -> np.ndarray:
        """One ``B`` request to every process, then every answer: the games' observations."""
        start = 0
        for server, size in zip(self.servers, self.sizes):
            server._send(b"B" + self._request[start:start + size].tobytes())
            start += size
        parts = [np.frombuffer(server._read(size * server.size), dtype=self.dtype) for server, size in zip(self.servers, self.sizes)]
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _masks(self, answers: np.ndarray) -> np.ndarray:
        return np.unpackbits(answers["mask"], axis=1, bitorder="little")[:, :self.action_count]

    def _observations(self, answers: np.ndarray) -> dict:
        none = len(self.kinds)
        boards = ((answers["rows"][:, :, None] >> self._bits) & np.uint64(1)).astype(np.int8)
        queue = np.minimum(answers["queue"].astype(np.int64), none)
        if queue.shape[1] == 0:
            queue = np.full((self.num_envs, 1), none, dtype=np.int64)
        if self.action_mode == "placement":
            mask = self._masks(answers).astype(np.int8)
        else:
            mask = np.ones((self.num_envs, self.action_count), dtype=np.int8)
        observation = {"board": boards, "piece": np.minimum(answers["piece"], none).astype(np.int64), "queue": queue,
                       "hold": np.minimum(answers["hold"], none).astype(np.int64), "action_mask": mask}
        if self.action_mode == "keys":
            falling = answers["piece"] < none
            observation["falling"] = np.stack([np.minimum(answers["piece"], none), np.where(falling, answers["x"], 0),
                                               np.where(falling, answers["y"], 0), np.where(falling, answers["rotation"], 0)],
                                              axis=1).astype(np.int16)
            view = boards.copy()
            kinds = np.minimum(answers["piece"], none).astype(np.int64)
            rotations = np.minimum(answers["rotation"], self._cells.shape[1] - 1).astype(np.int64)
            cells = self._cells[kinds, rotations]  # (games, cells, 2); no piece: all off the board
            rows = cells[:, :, 1] + answers["y"].astype(np.int64)[:, None]
            columns = cells[:, :, 0] + answers["x"].astype(np.int64)[:, None]
            inside = (rows >= 0) & (rows < self.height) & (columns >= 0) & (columns < self.width) & falling[:, None]
            games = np.nonzero(inside)[0]
            view[games, rows[inside], columns[inside]] = 2
            observation["view"] = view
        return observation

    def _infos(self, answers: np.ndarray) -> dict:
        every = np.ones(self.num_envs, dtype=bool)
        flags = answers["flags"]
        spins = np.array(SPINS + ("none",) * 253, dtype=object)[answers["spin"]]
        infos = {
            "score": answers["score"].astype(np.int64), "lines": answers["lines"].astype(np.int64),
            "level": answers["level"].astype(np.int64), "pieces": answers["pieces"].astype(np.int64),
            "placed": answers["placed"].astype(bool), "invalid_action": (flags & 2).astype(bool),
            "rule_error": (flags & 8).astype(bool), "finished": (flags & 16).astype(bool),
            "lock": {"lines": answers["lock_lines"].astype(np.int64), "spin": spins, "combo": answers["combo"].astype(np.int64),
                     "back_to_back": answers["back_to_back"].astype(bool),
                     "_lines": every, "_spin": every, "_combo": every, "_back_to_back": every},
            "elapsed_ms": answers["elapsed_ms"].astype(np.int64), "seed": self._seeds.copy(),
        }
        for key in list(infos):
            infos["_" + key] = every
        return infos

    @staticmethod
    def _one(infos: dict, i: int) -> dict:
        """Game ``i``'s info as ``HanJulEnv`` gives it (for ``reward_fn``)."""
        one = {key: value[i].item() if hasattr(value[i], "item") else value[i]
               for key, value in infos.items() if not key.startswith("_") and key != "lock"}
        one["lock"] = {key: (value[i].item() if hasattr(value[i], "item") else value[i])
                       for key, value in infos["lock"].items() if not key.startswith("_")}
        return one
