"""HanJul as a Gymnasium environment: ``hanjul/HanJul-v0`` (placements) and
``hanjul/HanJulKeys-v0`` (one key per step)."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .client import Observation, Server

SPINS = ("none", "mini", "full")


class HanJulEnv(gym.Env):
    """One game of HanJul at a time, under the rules of ``mods`` (none: the built-in rules).

    Observation (a dict): ``board`` (height × width, 0 or 1, row 0 at the top), ``piece``
    (the kind in play; ``kinds`` when none), ``queue`` (the preview), ``hold`` (the held kind;
    ``kinds`` when none), and ``action_mask`` (1 for each action the rules allow now).

    Actions: with ``action_mode="placement"`` (``HanJul-v0``) one of ``4 × width`` placements,
    ``rotation × width + leftmost column`` (and as many again after a hold, under rules with a
    hold slot), each played through the real rules (turns with their kicks, slides, a hard
    drop); ``action_masks()`` and ``observation["action_mask"]`` say which are reachable. With
    ``action_mode="keys"`` (``HanJulKeys-v0``) one key: left, right, rotate,
    rotateCounterclockwise, rotateHalfTurn, softDrop, hardDrop, hold.

    Reward: the rules' score gained, or ``reward_fn(previous_info, info)``. ``info`` holds the
    score, lines, level, pieces, and the facts of the last lock (lines, spin, combo,
    back-to-back). A game ends (``terminated``) when the rules end it; ``max_steps`` truncates.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 30}

    def __init__(self, mods: Sequence[str] = (), seed: Optional[int] = None, action_mode: str = "placement",
                 reward_fn: Optional[Callable[[dict, dict], float]] = None, max_steps: Optional[int] = None,
                 hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None):
        if action_mode not in ("placement", "keys"):
            raise ValueError("action_mode is 'placement' or 'keys'")
        if isinstance(mods, str):
            mods = [mods]
        self.mods = list(mods)
        self.server = Server(self.mods, hanjul=hanjul, mods_dir=mods_dir)
        self.action_mode = action_mode
        self.reward_fn = reward_fn
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._first_seed = seed
        self.kinds = list(self.server.info["kinds"])
        none = len(self.kinds)
        s = self.server
        self.action_count = s.actions if action_mode == "placement" else len(s.info["keys"])
        self.action_space = spaces.Discrete(self.action_count)
        self.observation_space = spaces.Dict({
            "board": spaces.Box(0, 1, shape=(s.height, s.width), dtype=np.int8),
            "piece": spaces.Discrete(none + 1),
            "queue": spaces.MultiDiscrete(np.full(max(1, s.preview), none + 1, dtype=np.int64)),
            "hold": spaces.Discrete(none + 1),
            "action_mask": spaces.MultiBinary(self.action_count),
        })
        self._last: Optional[Observation] = None
        self._info: dict = {}
        self._steps = 0

    # Gymnasium API

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63))
        self._last = self.server.reset(game_seed)
        self._steps = 0
        self._info = self._make_info(self._last)
        self._info["seed"] = game_seed
        return self._observation(self._last), dict(self._info)

    def step(self, action):
        if self._last is None:
            raise RuntimeError("call reset() before step()")
        previous = self._info
        if self.action_mode == "placement":
            observation = self.server.place(int(action))
        else:
            observation = self.server.key(int(action))
        self._last = observation
        self._steps += 1
        info = self._make_info(observation)
        info["seed"] = previous.get("seed")
        reward = float(self.reward_fn(previous, info)) if self.reward_fn else float(observation.score - previous["score"])
        self._info = info
        terminated = observation.over
        truncated = bool(self.max_steps is not None and self._steps >= self.max_steps and not terminated)
        return self._observation(observation), reward, terminated, truncated, dict(info)

    def action_masks(self) -> np.ndarray:
        """The actions the rules allow now (for MaskablePPO and the like)."""
        if self.action_mode == "keys" or self._last is None:
            return np.ones(self.action_count, dtype=bool)
        return self._last.mask.astype(bool)

    def render(self):
        if self._last is None:
            return ""
        board = self.server.board(self._last.rows)
        lines = ["".join("█" if cell else "·" for cell in row) for row in board]
        piece = self.kinds[self._last.piece] if self._last.piece < len(self.kinds) else "-"
        queue = "".join(self.kinds[k] for k in self._last.queue if k < len(self.kinds))
        lines.append(f"piece {piece} next {queue} score {self._last.score} lines {self._last.lines}")
        return "\n".join(lines)

    def close(self):
        self.server.close()

    # Helpers

    def _observation(self, o: Observation) -> dict:
        none = len(self.kinds)
        queue = np.minimum(o.queue.astype(np.int64), none)
        if queue.size == 0:
            queue = np.full(1, none, dtype=np.int64)
        mask = o.mask.astype(np.int8) if self.action_mode == "placement" else np.ones(self.action_count, dtype=np.int8)
        return {
            "board": self.server.board(o.rows),
            "piece": int(min(o.piece, none)),
            "queue": queue,
            "hold": int(min(o.hold, none)),
            "action_mask": mask,
        }

    def _make_info(self, o: Observation) -> dict:
        return {
            "score": o.score, "lines": o.lines, "level": o.level, "pieces": o.pieces,
            "placed": o.placed, "invalid_action": o.invalid, "rule_error": o.rule_error, "finished": o.finished,
            "lock": {"lines": o.lock_lines, "spin": SPINS[o.lock_spin] if o.lock_spin < 3 else "none",
                     "combo": o.combo, "back_to_back": o.lock_back_to_back},
            "elapsed_ms": o.elapsed_ms,
        }
