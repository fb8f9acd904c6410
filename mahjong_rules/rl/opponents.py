"""The single-agent environment's opponents: the bundled bots, or any object with ``act``.

A seam over :mod:`mahjong_rules.bots`: an opponent is a bot name (``random``,
``greedy``, and every level the bots package knows), a :class:`~mahjong_rules.bots.Bot`
(any object with ``act(observation) -> Action``), or a callable ``seed -> Bot``. Each
named opponent gets its own seed, derived from the game's seed and its seat, so a game
is the same for the same seed on any machine.

Examples:
    >>> bot = make_opponent("random", seed=1)
    >>> type(bot).__name__
    'RandomBot'

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

import numpy as np

from mahjong_rules import bots
from mahjong_rules.actions import Action
from mahjong_rules.engine import Ruleset
from mahjong_rules.state import State

__all__ = ["Opponent", "OpponentSpec", "bot_seed", "make_opponent", "observation_for",
           "opponents_for"]


class Opponent(Protocol):
    """Anything that picks an action from a bot observation (a seat's view only)."""

    def act(self, observation: Any) -> Action:  # noqa: ANN401 - the bots' Observation
        """One of ``observation.legal``."""
        ...


OpponentSpec = str | Opponent | Callable[[int], Opponent]
"""A bot name, a bot, or a factory taking a seed."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of ``game_seed`` (63 bits)."""
    words = np.random.SeedSequence((game_seed, seat)).generate_state(1, np.uint64)
    return int(words[0]) >> 1


def make_opponent(spec: OpponentSpec, *, seed: int) -> Opponent:
    """An opponent from a spec (a name is looked up in the bots package).

    Raises:
        MahjongRulesError: ``bad_input`` for an unknown bot name.
    """
    if isinstance(spec, str):
        return cast("Opponent", bots.make_bot(spec, seed=seed))
    if hasattr(spec, "act"):
        return spec
    return spec(seed)


def opponents_for(spec: OpponentSpec | Sequence[OpponentSpec], seats: Sequence[int],
                  game_seed: int) -> dict[int, Opponent]:
    """One opponent per seat of ``seats`` (a sequence of specs gives one each, in order).

    Raises:
        ValueError: a sequence whose length is not the number of seats.
    """
    if isinstance(spec, str) or not isinstance(spec, Sequence):
        specs: list[OpponentSpec] = [spec] * len(seats)
    else:
        specs = list(spec)
        if len(specs) != len(seats):
            raise ValueError(f"give one opponent per other seat ({len(seats)}), "
                             f"got {len(specs)}")
    return {seat: make_opponent(s, seed=bot_seed(game_seed, seat))
            for seat, s in zip(seats, specs, strict=True)}


def observation_for(rules: Ruleset, state: State, seat: int) -> Any:  # noqa: ANN401
    """The bots' observation of ``seat`` (its legal actions and its view, never the state)."""
    return bots.Observation.of(rules, state, seat)
