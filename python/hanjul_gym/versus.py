"""Two HanJul boards against each other, as a PettingZoo parallel environment, played through
HanJul's versus referee (``hanjul serve --versus``) under the mods' rules.

Each step both players place a piece (``HanJul-v0``'s placement actions). What a lock sends
and how garbage arrives are the mods' own: their ``attack`` hook (lines sent per lock: the
Guideline table under Mods/versus, only tetrises and T-spin doubles under Mods/duel) and
their ``garbage`` table (the delay in pieces, the cap per lock, whether one's attack cancels
garbage waiting for one, how messy the holes are), refereed by the same ``VersusReferee``
that plays ``hanjul versus``, ``hanjul play --versus`` and ``hanjul sim --versus``. Both
players are dealt the same pieces and the same garbage holes for a seed.

A step is simultaneous: the attacks of a step join the receivers' queues once both players
have placed, so garbage sent in one step can enter a board at the earliest in the next (at a
lock that clears nothing, after the mods' delay). A player whose game ends (its stack pushed
off the top, or no room for its next piece) loses: reward −1 to the loser and +1 to the
winner (0 each when both games end in the same step); otherwise each step's reward is the
garbage lines sent to the other player minus the garbage lines that entered one's board."""

from __future__ import annotations

import functools
from typing import Any, Optional, Sequence

import numpy as np

try:
    from pettingzoo import ParallelEnv
except ImportError as error:  # pragma: no cover
    raise ImportError("hanjul_gym.versus needs PettingZoo: pip install pettingzoo") from error

from .client import Server, VersusAnswer, check_index, check_seed
from .env import HanJulEnv

#: The mods a match plays when none are given. ``["guideline", "versus"]`` is the modern
#: game of ``hanjul versus`` (hold, five previews, 180° turns; twice the actions, with hold).
DEFAULT_MODS = ("versus",)


class HanJulVersus(ParallelEnv):
    metadata = {"name": "hanjul_versus_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, mods: Sequence[str] = DEFAULT_MODS, max_steps: Optional[int] = 1000, hanjul: Optional[str] = None,
                 mods_dir: Optional[Sequence[str]] = None, render_mode: Optional[str] = None, timeout: Any = "default"):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps is a whole number above 0, or None, not {max_steps!r}")
        if isinstance(mods, str):
            mods = [mods]
        self.mods = list(mods)
        if not self.mods:
            raise ValueError("a versus match needs mods with an attack (none given: Mods/versus is the default)")
        self.server = Server(self.mods, hanjul=hanjul, mods_dir=mods_dir, timeout=timeout, versus=True)
        self.possible_agents = ["player_0", "player_1"]
        # Each player's view of the match: its observation, info and rendering, as HanJul-v0's.
        self.games = {agent: HanJulEnv(mods=self.mods, server=self.server) for agent in self.possible_agents}
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.agents: list = []
        self._rng = np.random.default_rng()
        self._steps = 0
        self._answer: Optional[VersusAnswer] = None

    @property
    def garbage_rules(self) -> dict:
        """The mods' garbage table as the referee plays it (delay, messiness, cap, cancels)."""
        block = self.server.info["versus"]
        return {key: block[key] for key in ("delay", "messiness", "cap", "cancels")}

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
        match_seed = int(seed) if seed is not None else int(self._rng.integers(0, 2**63))
        self.agents = list(self.possible_agents)
        self._steps = 0
        answer = self.server.versus_reset(match_seed)
        observations, infos = self._show(answer, None)
        for agent in self.agents:
            infos[agent]["seed"] = self.games[agent]._info["seed"] = match_seed
        return observations, infos

    def step(self, actions):
        if not self.agents:
            return {}, {}, {}, {}, {}
        missing = [agent for agent in self.agents if agent not in actions]
        if missing:
            raise ValueError(f"a step needs an action for each player: none for {', '.join(missing)}")
        chosen = [check_index(actions[agent], self.games[agent].action_count, f"{agent}'s action") for agent in self.agents]
        self._steps += 1
        previous = self._answer
        answer = self.server.versus_step(*chosen)
        observations, infos = self._show(answer, previous)
        rewards = {agent: float(infos[agent]["garbage_sent"] - infos[agent]["garbage_received"]) for agent in self.agents}
        over = answer.over
        if over:
            winner = {VersusAnswer.WON_0: 0, VersusAnswer.WON_1: 1}.get(answer.outcome)
            for index, agent in enumerate(self.agents):
                rewards[agent] = 0.0 if winner is None else (1.0 if index == winner else -1.0)
            if answer.outcome == VersusAnswer.ERROR:
                error = self.server.versus_error()
                for agent in self.agents:
                    infos[agent].update(rule_error=True, error=error)
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: truncated for agent in self.agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _show(self, answer: VersusAnswer, previous: Optional[VersusAnswer]):
        """Each player's observation and info from the referee's answer; the garbage of this
        step is the change in its counters since ``previous``."""
        self._answer = answer
        observations, infos = {}, {}
        for index, agent in enumerate(self.possible_agents):
            player = answer.players[index]
            before = previous.players[index] if previous is not None else None
            game = self.games[agent]
            seed = game._info.get("seed")
            game._last = player.observation
            game._info = game._make_info(player.observation)
            game._info["seed"] = seed
            observations[agent] = game._observation(player.observation)
            infos[agent] = dict(game._info,
                                garbage_sent=player.sent - (before.sent if before else 0),
                                garbage_received=player.received - (before.received if before else 0),
                                garbage_cancelled=player.cancelled - (before.cancelled if before else 0),
                                attack=player.attack - (before.attack if before else 0),
                                incoming=player.incoming,
                                outcome=answer.outcome)
        return observations, infos

    def render(self):
        left, right = (self.games[a].render().split("\n") for a in self.possible_agents)
        width = max((len(line) for line in left), default=0)
        return "\n".join(f"{l:<{width}}   {r}" for l, r in zip(left, right))

    def close(self):
        for game in self.games.values():
            game.close()
        self.server.close()


def parallel_env(**kwargs) -> HanJulVersus:
    return HanJulVersus(**kwargs)


def env(**kwargs):
    """The AEC version (players take turns within a step), by PettingZoo's own wrapper."""
    from pettingzoo.utils.conversions import parallel_to_aec
    return parallel_to_aec(HanJulVersus(**kwargs))
