"""HanJul as a Gymnasium environment: ``hanjul/HanJul-v0`` (placements) and
``hanjul/HanJulKeys-v0`` (one key per step)."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .client import Observation, Server, check_index, check_seed

SPINS = ("none", "mini", "full")
#: rgb_array colours: an empty cell, a cell of the stack (the board keeps no kinds), the grid.
EMPTY_RGB = (0, 0, 0)
STACK_RGB = (128, 128, 128)


class HanJulEnv(gym.Env):
    """One game of HanJul at a time, under the rules of ``mods`` (none: the built-in rules).

    Observation (a dict): ``board`` (height × width, 0 or 1, row 0 at the top), ``piece``
    (the kind in play; ``kinds`` when none), ``queue`` (the preview), ``hold`` (the held kind;
    ``kinds`` when none), and ``action_mask`` (1 for each action the rules allow now). With
    ``action_mode="keys"`` also ``falling`` (the falling piece: kind, x, y, rotation; x and y
    are its box's top-left cell) and ``view`` (the board with the falling piece drawn in as 2).

    Actions: with ``action_mode="placement"`` (``HanJul-v0``) one of ``4 × width`` placements,
    ``rotation × width + leftmost column`` (and as many again after a hold, under rules with a
    hold slot), each played through the real rules (turns with their kicks, slides, a hard
    drop); ``action_masks()`` and ``observation["action_mask"]`` say which are reachable. With
    ``action_mode="keys"`` (``HanJulKeys-v0``) one key: left, right, rotate,
    rotateCounterclockwise, rotateHalfTurn, softDrop, hardDrop, hold; ``step_ms`` milliseconds of
    game time pass after each key (gravity rows at the level's interval, the lock delay's
    timer; default 0: time stands still and only hardDrop locks).

    Render modes: ``"ansi"`` (the board as text, the falling piece by its letter) and
    ``"rgb_array"`` (height × width cells of ``cell_pixels`` pixels, uint8 RGB: the falling
    piece in its kind's colour, the stack grey).

    ``timeout`` bounds the wait for each answer of ``hanjul serve`` (seconds; default
    ``client.DEFAULT_TIMEOUT``, None waits forever). An action outside the action space, or
    a seed outside 0…2**64-1, is refused with ValueError.

    Reward: the rules' score gained, or ``reward_fn(previous_info, info)``. ``info`` holds the
    score, lines, level, pieces, and the facts of the last lock (lines, spin, combo,
    back-to-back). A game ends (``terminated``) when the rules end it; ``max_steps`` truncates.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 30}

    def __init__(self, mods: Sequence[str] = (), seed: Optional[int] = None, action_mode: str = "placement",
                 reward_fn: Optional[Callable[[dict, dict], float]] = None, max_steps: Optional[int] = None,
                 hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None,
                 step_ms: int = 0, cell_pixels: int = 8, timeout: Any = "default", server: Optional[Server] = None):
        if action_mode not in ("placement", "keys"):
            raise ValueError("action_mode is 'placement' or 'keys'")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if isinstance(step_ms, bool) or not isinstance(step_ms, (int, np.integer)) or not 0 <= step_ms <= 3_600_000:
            raise ValueError(f"step_ms is whole milliseconds in 0…3600000, not {step_ms!r}")
        if step_ms and action_mode != "keys":
            raise ValueError("step_ms is for action_mode='keys' (a placement takes no time)")
        if isinstance(cell_pixels, bool) or not isinstance(cell_pixels, int) or not 1 <= cell_pixels <= 64:
            raise ValueError(f"cell_pixels is a whole number in 1…64, not {cell_pixels!r}")
        if seed is not None:
            seed = check_seed(seed)
        if isinstance(mods, str):
            mods = [mods]
        self.mods = list(mods)
        # A server given (one player's view of a versus session) is its owner's to close.
        self._owns_server = server is None
        self.server = server if server is not None else Server(self.mods, hanjul=hanjul, mods_dir=mods_dir, timeout=timeout)
        self.step_ms = int(step_ms)
        self.cell_pixels = cell_pixels
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
        fields = {
            "board": spaces.Box(0, 1, shape=(s.height, s.width), dtype=np.int8),
            "piece": spaces.Discrete(none + 1),
            "queue": spaces.MultiDiscrete(np.full(max(1, s.preview), none + 1, dtype=np.int64)),
            "hold": spaces.Discrete(none + 1),
            "action_mask": spaces.MultiBinary(self.action_count),
        }
        self.shapes = _shapes(s.info, none)
        self.colours = np.array([_rgb(kind.get("color", "")) for kind in s.info.get("pieces", [])] or [(255, 255, 255)] * none,
                                dtype=np.uint8)
        if action_mode == "keys":
            rotations = max(1, max((len(r) for r in self.shapes), default=1))
            fields["falling"] = spaces.Box(np.array([0, -128, -128, 0], dtype=np.int16),
                                           np.array([none, 127, 127, rotations - 1], dtype=np.int16), dtype=np.int16)
            fields["view"] = spaces.Box(0, 2, shape=(s.height, s.width), dtype=np.int8)
        self.observation_space = spaces.Dict(fields)
        self._last: Optional[Observation] = None
        self._info: dict = {}
        self._steps = 0

    # Gymnasium API

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None:
            seed = check_seed(seed)
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
        action = check_index(action, self.action_count, "action")
        if self.action_mode == "placement":
            observation = self.server.place(action)
        elif self.step_ms:
            observation = self.server.timed_key(action, self.step_ms)
        else:
            observation = self.server.key(action)
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
        if self.render_mode == "rgb_array":
            return self.rgb_array()
        return self.ansi()

    def falling_cells(self, o: Optional[Observation] = None):
        """The (row, column) cells of the falling piece on the board, as two arrays (empty
        when no piece falls)."""
        o = o if o is not None else self._last
        if o is None or o.piece >= len(self.shapes) or o.rotation >= len(self.shapes[o.piece]):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        cells = self.shapes[o.piece][o.rotation]
        rows, columns = cells[:, 1] + o.y, cells[:, 0] + o.x
        inside = (rows >= 0) & (rows < self.server.height) & (columns >= 0) & (columns < self.server.width)
        return rows[inside], columns[inside]

    def view(self, o: Optional[Observation] = None) -> np.ndarray:
        """The board with the falling piece drawn in: 0 empty, 1 the stack, 2 the piece."""
        o = o if o is not None else self._last
        board = self.server.board(o.rows)
        rows, columns = self.falling_cells(o)
        board[rows, columns] = 2
        return board

    def rgb_array(self) -> np.ndarray:
        """The board as an image: height × width cells of ``cell_pixels`` pixels, uint8 RGB."""
        height, width, size = self.server.height, self.server.width, self.cell_pixels
        image = np.zeros((height, width, 3), dtype=np.uint8)
        image[:] = EMPTY_RGB
        if self._last is not None:
            view = self.view()
            image[view == 1] = STACK_RGB
            if self._last.piece < len(self.colours):
                image[view == 2] = self.colours[self._last.piece]
        return np.repeat(np.repeat(image, size, axis=0), size, axis=1)

    def ansi(self) -> str:
        """The board as text: ``█`` the stack, the falling piece by its letter, ``·`` empty."""
        if self._last is None:
            return ""
        view = self.view()
        letter = self.kinds[self._last.piece] if self._last.piece < len(self.kinds) else "?"
        lines = ["".join(letter if cell == 2 else "█" if cell else "·" for cell in row) for row in view]
        piece = self.kinds[self._last.piece] if self._last.piece < len(self.kinds) else "-"
        queue = "".join(self.kinds[k] for k in self._last.queue if k < len(self.kinds))
        lines.append(f"piece {piece} next {queue} score {self._last.score} lines {self._last.lines}")
        return "\n".join(lines)

    def close(self):
        if self._owns_server:
            self.server.close()

    # Helpers

    def _observation(self, o: Observation) -> dict:
        none = len(self.kinds)
        queue = np.minimum(o.queue.astype(np.int64), none)
        if queue.size == 0:
            queue = np.full(1, none, dtype=np.int64)
        mask = o.mask.astype(np.int8) if self.action_mode == "placement" else np.ones(self.action_count, dtype=np.int8)
        observation = {
            "board": self.server.board(o.rows),
            "piece": int(min(o.piece, none)),
            "queue": queue,
            "hold": int(min(o.hold, none)),
            "action_mask": mask,
        }
        if self.action_mode == "keys":
            falling = o.piece < none
            observation["falling"] = np.array([min(o.piece, none), o.x if falling else 0, o.y if falling else 0,
                                               o.rotation if falling else 0], dtype=np.int16)
            observation["view"] = self.view(o)
        return observation

    def _make_info(self, o: Observation) -> dict:
        return {
            "score": o.score, "lines": o.lines, "level": o.level, "pieces": o.pieces,
            "placed": o.placed, "invalid_action": o.invalid, "rule_error": o.rule_error, "finished": o.finished,
            "lock": {"lines": o.lock_lines, "spin": SPINS[o.lock_spin] if o.lock_spin < 3 else "none",
                     "combo": o.combo, "back_to_back": o.lock_back_to_back},
            "elapsed_ms": o.elapsed_ms,
        }


def _shapes(info: dict, kinds: int) -> list:
    """Each kind's rotation states as arrays of (x, y) cells, from the info answer (empty
    lists when the server does not send them)."""
    shapes = []
    for kind in info.get("pieces", [])[:kinds]:
        shapes.append([np.array(cells, dtype=np.int64).reshape(-1, 2) for cells in kind.get("rotations", [])])
    return shapes + [[] for _ in range(kinds - len(shapes))]


def _rgb(colour: str) -> tuple:
    """``#rrggbb`` as (r, g, b); white when it is not one."""
    try:
        value = int(colour[1:], 16) if len(colour) == 7 and colour[0] == "#" else 0xFFFFFF
    except ValueError:
        value = 0xFFFFFF
    return (value >> 16) & 255, (value >> 8) & 255, value & 255
