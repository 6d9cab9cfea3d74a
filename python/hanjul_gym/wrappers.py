"""Observation wrappers for ``hanjul/HanJul-v0``.

``AfterStateFeatures`` turns the placement environment into the form tetris-gymnasium's
``GroupedActionsObservations`` with ``FeatureVectorObservation`` gives: one row of board
features per action, each describing the board *after* that placement (its after-state),
so a value network scores every action at once and picks the best, as the classic
Tetris agents do. Rows of actions the rules do not allow are zero; ``info["action_mask"]``
and ``action_masks()`` say which those are."""

from __future__ import annotations

from typing import Optional

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .env import HanJulEnv

#: The features after the column heights, in order.
FEATURES = ("max_height", "holes", "bumpiness", "lines")


class AfterStateFeatures(gym.Wrapper):
    """``HanJul-v0`` with, as its observation, an array of shape (actions, width + 4),
    float32: for each placement action, the board after it (the piece dropped straight down
    at that rotation and leftmost column, full rows cleared) described as the column
    heights, the highest column, the holes (empty cells below a column's top), the
    bumpiness (the sum of height differences of neighbouring columns) and the rows cleared.
    Actions that hold first use the held piece (or the next one, when nothing is held).
    The step itself is played by the real rules, as in ``HanJul-v0``."""

    def __init__(self, env: gym.Env):
        super().__init__(env)
        base = env.unwrapped
        if not isinstance(base, HanJulEnv) or base.action_mode != "placement":
            raise ValueError("AfterStateFeatures wraps hanjul/HanJul-v0 (action_mode='placement')")
        self.base = base
        server = base.server
        self.width, self.height = server.width, server.height
        self.features = self.width + len(FEATURES)
        self.observation_space = spaces.Box(0.0, float(self.height * self.width), shape=(base.action_count, self.features),
                                            dtype=np.float32)
        self._mask = np.zeros(base.action_count, dtype=np.int8)
        self._rows = np.arange(self.height)

    def reset(self, **kwargs):
        observation, info = self.env.reset(**kwargs)
        return self._features(observation, info), info

    def step(self, action):
        observation, reward, terminated, truncated, info = self.env.step(action)
        return self._features(observation, info), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)

    def _features(self, observation: dict, info: dict) -> np.ndarray:
        self._mask = observation["action_mask"]
        info["action_mask"] = self._mask
        out = np.zeros(self.observation_space.shape, dtype=np.float32)
        board = observation["board"].astype(bool)
        none = len(self.base.kinds)
        pieces = [observation["piece"]]
        if self.base.action_count > 4 * self.width:
            held = observation["hold"]
            pieces.append(held if held < none else (observation["queue"][0] if observation["queue"].size else none))
        for group, kind in enumerate(pieces):
            if kind >= none:
                continue
            for rotation, cells in enumerate(self.base.shapes[kind][:4]):
                for column in range(self.width):
                    action = group * 4 * self.width + rotation * self.width + column
                    if self._mask[action]:
                        out[action] = self._after(board, cells, column)
        return out

    def _after(self, board: np.ndarray, cells: np.ndarray, column: int) -> np.ndarray:
        """The features of ``board`` after ``cells`` (x, y) drop with their leftmost cell at ``column``."""
        xs = cells[:, 0] - cells[:, 0].min() + column
        ys = cells[:, 1]
        if xs.max() >= self.width:
            return np.zeros(self.features, dtype=np.float32)
        filled = board[:, xs]
        tops = np.where(filled.any(axis=0), filled.argmax(axis=0), self.height)
        drop = int((tops - 1 - ys).min())
        after = board.copy()
        rows = ys + drop
        inside = rows >= 0
        after[rows[inside], xs[inside]] = True
        full = after.all(axis=1)
        lines = int(full.sum())
        if lines:
            after = np.vstack([np.zeros((lines, self.width), dtype=bool), after[~full]])
        return self.describe(after, lines)

    def describe(self, board: np.ndarray, lines: int = 0) -> np.ndarray:
        """The features of a board (height × width, True filled)."""
        any_filled = board.any(axis=0)
        tops = np.where(any_filled, board.argmax(axis=0), self.height)
        heights = (self.height - tops).astype(np.float32)
        below_top = self._rows[:, None] >= tops[None, :]
        holes = float((below_top & ~board).sum())
        bumpiness = float(np.abs(np.diff(heights)).sum())
        return np.concatenate([heights, [heights.max(), holes, bumpiness, float(lines)]]).astype(np.float32)


def after_state_features(env: Optional[gym.Env] = None, **kwargs) -> AfterStateFeatures:
    """``AfterStateFeatures(gym.make("hanjul/HanJul-v0", **kwargs))``, or of ``env``."""
    return AfterStateFeatures(env if env is not None else gym.make("hanjul/HanJul-v0", **kwargs))
