"""Two HanJul boards against each other, as a PettingZoo parallel environment.

Each step both players place a piece (``HanJul-v0``'s placement actions). Garbage goes
between them by a simple rule, the usual versus table: a placement that clears 2, 3 or 4
rows sends 1, 2 or 4 garbage rows (a clear of 5 or more rows, under mods with longer
pieces, sends as many rows as it cleared). The rows rise from the bottom of the other board
at the end of the step, each filled but for one column drawn from the environment's
generator (as Mods/garbage's rising rows). Both boards are dealt the same pieces (the same
seed). A player whose stack is pushed off the top, or whose next piece has no room, loses:
reward −1 to the loser and +1 to the winner (0 each when both top out in the same step);
otherwise each step's reward is the garbage sent minus the garbage received."""

from __future__ import annotations

import functools
from typing import Optional, Sequence

import numpy as np
from gymnasium import spaces

try:
    from pettingzoo import ParallelEnv
except ImportError as error:  # pragma: no cover
    raise ImportError("hanjul_gym.versus needs PettingZoo: pip install pettingzoo") from error

from .client import check_seed
from .env import HanJulEnv

ATTACK = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4}


def attack(lines: int) -> int:
    """Garbage rows a clear of ``lines`` rows sends."""
    return ATTACK.get(lines, lines)


class HanJulVersus(ParallelEnv):
    metadata = {"name": "hanjul_versus_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, mods: Sequence[str] = (), max_steps: Optional[int] = 1000, hanjul: Optional[str] = None,
                 mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None):
        self.possible_agents = ["player_0", "player_1"]
        self.games = {agent: HanJulEnv(mods=mods, hanjul=hanjul, mods_dir=mods_dir) for agent in self.possible_agents}
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.agents: list = []
        self._rng = np.random.default_rng()
        self._steps = 0

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return self.games[agent].observation_space

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return self.games[agent].action_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            seed = check_seed(seed)
        self._rng = np.random.default_rng(seed)
        game_seed = int(seed) if seed is not None else int(self._rng.integers(0, 2**63))
        self.agents = list(self.possible_agents)
        self._steps = 0
        observations, infos = {}, {}
        for agent in self.agents:
            observations[agent], infos[agent] = self.games[agent].reset(seed=game_seed)
        return observations, infos

    def step(self, actions):
        if not self.agents:
            return {}, {}, {}, {}, {}
        self._steps += 1
        sent = {}
        for agent in self.agents:
            game = self.games[agent]
            _, _, _, _, info = game.step(actions[agent])
            sent[agent] = attack(info["lock"]["lines"]) if info["placed"] else 0
        observations, rewards, infos = {}, {}, {}
        for agent in self.agents:
            other = self.possible_agents[1 - self.possible_agents.index(agent)]
            game = self.games[agent]
            rows = sent[other]
            if rows and not game._last.over:
                game._last = game.server.garbage(rows, int(self._rng.integers(0, game.server.width)))
                game._info = game._make_info(game._last)
            observations[agent] = game._observation(game._last)
            rewards[agent] = float(sent[agent] - sent[other])
            infos[agent] = dict(game._info, garbage_sent=sent[agent], garbage_received=rows)
        lost = {agent: self.games[agent]._last.over for agent in self.agents}
        over = any(lost.values())
        if over:
            for agent in self.agents:
                other = self.possible_agents[1 - self.possible_agents.index(agent)]
                rewards[agent] = 0.0 if lost[agent] and lost[other] else (-1.0 if lost[agent] else 1.0)
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: truncated for agent in self.agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self):
        left, right = (self.games[a].render().split("\n") for a in self.possible_agents)
        return "\n".join(f"{l}   {r}" for l, r in zip(left, right))

    def close(self):
        for game in self.games.values():
            game.close()


def parallel_env(**kwargs) -> HanJulVersus:
    return HanJulVersus(**kwargs)


def env(**kwargs):
    """The AEC version (players take turns within a step), by PettingZoo's own wrapper."""
    from pettingzoo.utils.conversions import parallel_to_aec
    return parallel_to_aec(HanJulVersus(**kwargs))
