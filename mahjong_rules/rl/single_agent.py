"""The Gymnasium single-agent environment: one seat learns, bundled bots play the others.

Made by :func:`mahjong_rules.rl.single_agent` or ``gymnasium.make("mahjong_rules/Riichi-v0")``
(also ``Sanma-v0`` and ``Taiwanese-v0``; ``import mahjong_rules.rl`` registers them). The
observation is the dict of the AEC environment (planes, scalars, ``action_mask``); the mask
is in ``info["action_mask"]`` too. An episode is one game; between two decisions of the
learner the opponents play, and the reward of a step is what the learner earned meanwhile
(rank points at the game's end by default, or the hands' point changes).

An action id outside the mask (``illegal_action="penalize"``, the default) changes
nothing and earns ``illegal_penalty`` with ``info["illegal_action"] = True``; with
``illegal_action="raise"`` it raises ``IllegalActionError`` (``action_id_not_legal``).

Examples:
    >>> from mahjong_rules.rl import gym_env
    >>> env = gym_env("riichi", opponents="greedy", length="single_hand")
    >>> obs, info = env.reset(seed=5)
    >>> obs["observation"].shape, bool((obs["action_mask"] == info["action_mask"]).all())
    ((121, 34), True)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
from gymnasium import spaces
from numpy.typing import NDArray

from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.rl.aec import ILLEGAL, REWARDS, hand_rewards, observation_space
from mahjong_rules.rl.opponents import Opponent, OpponentSpec, observation_for, opponents_for
from mahjong_rules.rl.render import RENDER_MODES, render
from mahjong_rules.rl.table import Table, rank_points_for
from mahjong_rules.state import HandResult

__all__ = ["ENV_IDS", "MahjongGymEnv", "register_envs"]

ENV_IDS = {"riichi": "mahjong_rules/Riichi-v0", "sanma": "mahjong_rules/Sanma-v0",
           "taiwanese": "mahjong_rules/Taiwanese-v0"}
"""The registered environment ids by ruleset."""



class MahjongGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """One learning seat against bots, as a Gymnasium environment.

    .. versionadded:: 0.3
    """

    # gymnasium's Env declares metadata an instance attribute
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),  # noqa: RUF012
                                "render_fps": 4}

    def __init__(self, rules: Ruleset, *,
                 opponents: OpponentSpec | Sequence[OpponentSpec] = "greedy",
                 seat: int | None = 0, reward: str = "rank",
                 rank_points: tuple[float, ...] | None = None, point_unit: float = 1000.0,
                 illegal_action: str = "penalize", illegal_penalty: float = -1.0,
                 skip_forced: bool = True, render_mode: str | None = None) -> None:
        """An environment over ``rules`` (see :func:`mahjong_rules.rl.single_agent`).

        Raises:
            ValueError: an unknown ``reward``, ``illegal_action`` or ``render_mode``, a seat
                out of range, a rank-point vector or opponent list of the wrong length.
        """
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if seat is not None and not 0 <= seat < rules.num_seats:
            raise ValueError(f"seat must be 0..{rules.num_seats - 1} or None, not {seat!r}")
        self.rules = rules
        self.table = Table(rules, skip_forced=skip_forced)
        self.opponents = opponents
        opponents_for(opponents, range(rules.num_seats - 1), 0)  # checks the specs now
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        """The learner's seat in the current game."""
        self.reward_kind = reward
        self.rank_points = rank_points_for(rules.num_seats, rank_points)
        self.point_unit = point_unit
        self.illegal_action = illegal_action
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = observation_space(self.table.codec.size)
        self.action_space = spaces.Discrete(self.table.codec.size)
        self._bots: dict[int, Opponent] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, NDArray[Any]],
                                                              dict[str, Any]]:
        """A new game: from ``seed`` (the reducer's game seed), else from the env's generator.

        A game that ends before the learner decides is replaced by the next seed of the
        generator (an episode always starts with a decision). ``options`` is accepted for
        the Gymnasium API and unused.
        """
        del options
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        while True:
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(self.rules.num_seats))
            others = [s for s in range(self.rules.num_seats) if s != self.seat]
            self._bots = opponents_for(self.opponents, others, game_seed)
            self.table.reset(game_seed)
            self._play_opponents()
            if not self.table.over:
                return self._observation(), self._info()
            game_seed = int(self.np_random.integers(2**62))

    def step(self, action: int) -> tuple[dict[str, NDArray[Any]], float, bool, bool,
                                         dict[str, Any]]:
        """Play ``action`` (an action id) for the learner, then the opponents to its next turn.

        Raises:
            IllegalActionError: an id outside the mask with ``illegal_action="raise"``.
        """
        table = self.table
        try:
            finished = table.step(self.seat, int(action))
        except IllegalActionError:
            if self.illegal_action == "raise" or table.over:
                raise
            return (self._observation(), float(self.illegal_penalty), False, False,
                    self._info(illegal=True))
        finished = finished + self._play_opponents()
        reward = 0.0
        if self.reward_kind == "points" and finished:
            reward = hand_rewards(finished, self.point_unit)[self.seat]
        if table.over and self.reward_kind == "rank":
            reward = float(self.rank_points[table.ranks()[self.seat] - 1])
        return self._observation(), reward, table.over, False, self._info()

    def _play_opponents(self) -> list[HandResult]:
        """Let the bots decide until the learner decides or the game ends."""
        table = self.table
        finished: list[HandResult] = []
        while not table.over and table.decider != self.seat:
            seat = table.decider
            assert seat is not None
            action = self._bots[seat].act(observation_for(self.rules, table.state, seat))
            finished.extend(table.play(seat, action))
        return finished

    def _observation(self) -> dict[str, NDArray[Any]]:
        planes, scalars = self.table.observe(self.seat)
        return {"observation": planes.copy(), "scalars": scalars.copy(),
                "action_mask": self.table.mask(self.seat)}

    def _info(self, *, illegal: bool = False) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat), "seat": self.seat}
        if illegal:
            info["illegal_action"] = True
        if self.table.over:
            info["ranks"] = self.table.ranks()
        return info

    def render(self) -> str | NDArray[Any] | None:
        """The table as the learner sees it: text (``ansi``), SVG or an RGB frame."""
        if self.render_mode is None:
            return None
        return render(self.table, self.seat, self.render_mode)


def register_envs() -> None:
    """Register ``mahjong_rules/Riichi-v0``, ``Sanma-v0`` and ``Taiwanese-v0`` with Gymnasium."""
    for variant, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="mahjong_rules.rl:gym_env",
                               kwargs={"variant": variant})
