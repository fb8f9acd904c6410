"""The PettingZoo AEC environment: every seat an agent, one decision at a time.

Made by :func:`mahjong_rules.rl.aec_env`. Agents are ``player_0`` .. ``player_3`` (seat
numbers; sanma has three). An observation is a dict: ``observation`` (the encoder's
``(C, 34)`` ``uint8`` planes), ``scalars`` (``float32``) and ``action_mask`` (``int8``
over the ruleset's action ids, all 0 for an agent that does not decide now). Claim windows
are serialized (:mod:`mahjong_rules.rl.table`). Rewards: rank points at the game's end
(default), or each hand's point change. ``state()`` gives the oracle encoding (every hand
and the wall) for centralized training; observations never contain it.

Examples:
    >>> from mahjong_rules.rl import aec_env
    >>> env = aec_env("sanma", length="single_hand")
    >>> env.reset(seed=1)
    >>> env.agents, env.agent_selection
    (['player_0', 'player_1', 'player_2'], 'player_0')
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["observation"].shape, obs["action_mask"].shape, int(obs["action_mask"].sum())
    ((121, 34), (95,), 12)

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv

from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import IllegalActionError, Reason, Rejection
from mahjong_rules.rl._spec import N_PLANES, N_SCALARS, ORACLE_PLANES
from mahjong_rules.rl.render import RENDER_MODES, render
from mahjong_rules.rl.table import Table, rank_points_for
from mahjong_rules.state import HandResult

__all__ = ["MahjongAECEnv", "observation_space", "state_space"]

REWARDS = ("rank", "points")
"""``rank``: rank points at the game's end; ``points``: each hand's point change."""
ILLEGAL = ("raise", "penalize")
"""What an id outside the mask does: raise, or change nothing and earn the penalty."""


def observation_space(actions: int) -> spaces.Dict:
    """The observation space of an environment with ``actions`` action ids."""
    return spaces.Dict({
        "observation": spaces.Box(0, 1, (N_PLANES, 34), dtype=np.uint8),
        "scalars": spaces.Box(-1.0, 2.0, (N_SCALARS,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
    })


def state_space() -> spaces.Box:
    """The space of ``state()``: the oracle planes, flattened, then the scalars."""
    size = (N_PLANES + len(ORACLE_PLANES)) * 34 + N_SCALARS
    return spaces.Box(-1.0, 2.0, (size,), dtype=np.float32)


def hand_rewards(finished: list[HandResult], unit: float) -> list[float]:
    """Each seat's point change over ``finished`` hands, in ``unit`` points."""
    if not finished:
        return []
    totals = [0.0] * len(finished[0].deltas)
    for hand in finished:
        for seat, delta in enumerate(hand.deltas):
            totals[seat] += delta / unit
    return totals


class MahjongAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """Riichi, sanma or Taiwanese as a PettingZoo AEC environment.

    .. versionadded:: 0.3
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mahjong_rules_v0", "render_modes": list(RENDER_MODES), "render_fps": 4,
        "is_parallelizable": False}

    def __init__(self, rules: Ruleset, *, reward: str = "rank",
                 rank_points: tuple[float, ...] | None = None, point_unit: float = 1000.0,
                 skip_forced: bool = True, max_steps: int | None = None,
                 illegal_action: str = "raise", illegal_penalty: float = -1.0,
                 render_mode: str | None = None) -> None:
        """An environment over ``rules`` (see :func:`mahjong_rules.rl.aec_env`).

        Raises:
            ValueError: an unknown ``reward``, ``illegal_action`` or ``render_mode``, a
                rank-point vector of the wrong length.
        """
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_penalty = illegal_penalty
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.rules = rules
        self.table = Table(rules, skip_forced=skip_forced)
        self.reward_kind = reward
        self.rank_points = rank_points_for(rules.num_seats, rank_points)
        self.point_unit = point_unit
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(rules.num_seats)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        obs_space = observation_space(self.table.codec.size)
        act_space = spaces.Discrete(self.table.codec.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.state_space = state_space()
        self._np_random: np.random.Generator | None = None
        self._steps = 0
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(number of action ids)``."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed`` (the reducer's game seed), else from the env's generator.

        A game that ends before anyone decides (a Taiwanese flower win at the deal) is
        replaced by the next seed of the generator. ``options`` is accepted for the
        PettingZoo API and unused.
        """
        del options
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = seed if seed is not None else int(self._np_random.integers(2**62))
        self.table.reset(game_seed)
        while self.table.over:
            self.table.reset(int(self._np_random.integers(2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._after_move()

    def step(self, action: int | None) -> None:
        """Play ``action`` (an action id) for the selected agent; ``None`` for a finished one.

        Raises:
            IllegalActionError: ``action_id_not_legal`` for an id the agent's mask does not
                set (the game is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(Rejection(
                reason=Reason.ACTION_ID_NOT_LEGAL,
                message=f"{agent} decides now: None is only for a finished agent"))
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            finished = self.table.step(seat, int(action))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self.rewards[agent] = float(self.illegal_penalty)
            self.infos[agent] = {"illegal_action": True}
            self._accumulate_rewards()
            return
        self.infos[agent] = {}
        self._steps += 1
        if self.reward_kind == "points":
            for s, value in enumerate(hand_rewards(finished, self.point_unit)):
                self.rewards[self.possible_agents[s]] = value
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Select the deciding agent, or end the game (rank rewards) for everyone."""
        table = self.table
        if table.over:
            if self.reward_kind == "rank":
                for s, rank in enumerate(table.ranks()):
                    self.rewards[self.possible_agents[s]] = float(self.rank_points[rank - 1])
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            return
        if self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            return
        assert table.decider is not None
        self.agent_selection = self.possible_agents[table.decider]

    # ------------------------------------------------------------------ seeing

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """``agent``'s observation: planes, scalars and its action mask (fresh arrays)."""
        seat = self._seat[agent]
        planes, scalars = self.table.observe(seat)
        return {"observation": planes.copy(), "scalars": scalars.copy(),
                "action_mask": self.table.mask(seat)}

    def state(self) -> NDArray[np.float32]:
        """The oracle encoding for the selected agent: its planes, the hidden planes, scalars.

        For centralized training only (a critic); never part of an observation.
        """
        seat = self._seat.get(self.agent_selection, 0)
        planes, scalars = self.table.observe(seat)
        hidden = self.table.encoder.oracle(self.table.state, seat)
        return np.concatenate([planes.reshape(-1), hidden.reshape(-1), scalars]).astype(
            np.float32)

    def render(self) -> str | NDArray[np.uint8] | None:
        """The table as the selected agent sees it: text (``ansi``), SVG or an RGB frame."""
        if self.render_mode is None:
            return None
        return render(self.table, self._seat.get(self.agent_selection), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
