"""The two simplest players: ``tsumogiri`` (the mjai smoke bot) and ``random``.

.. versionadded:: 0.3
"""

from __future__ import annotations

import random
from typing import ClassVar

from mahjong_rules.actions import Action, Discard, Pass
from mahjong_rules.bots.base import Observation

__all__ = ["RandomBot", "TsumogiriBot"]


class TsumogiriBot:
    """Passes every call and the declaration, discards the drawn tile, never wins.

    Without a drawn tile (right after a call it never makes, or a hand it cannot discard
    from), it takes the last legal discard, else the first legal action. It reads the
    view only for the drawn tile.

    .. versionadded:: 0.3
    """

    name: ClassVar[str] = "tsumogiri"

    def __init__(self, seed: int = 0) -> None:
        """A tsumogiri bot (``seed`` is unused: it has no choices to break)."""
        self.seed = seed

    def act(self, observation: Observation) -> Action:
        """Pass, or discard the drawn tile."""
        legal = observation.legal
        discards: list[Discard] = []
        for action in legal:
            if isinstance(action, Pass):
                return action
            if isinstance(action, Discard) and not action.riichi:
                discards.append(action)
        if not discards:
            return legal[0]
        if len(discards) > 1:
            drawn = observation.view["drawn"]
            for action in discards:
                if action.tile == drawn:
                    return action
        return discards[-1]


class RandomBot:
    """Picks uniformly among the legal actions (seeded).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "random"

    def __init__(self, seed: int = 0) -> None:
        """A bot with its own random stream."""
        self.rng = random.Random(seed)  # noqa: S311 - reproducible play, not security

    def act(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(observation.legal)
