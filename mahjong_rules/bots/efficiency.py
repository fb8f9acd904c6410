"""The ``efficiency`` bot (alias ``greedy``): the fastest way to a winning hand, no calls.

Its choices, in order (``docs/bots.md``):

1. win (tsumo or ron) whenever it may;
2. in a claim window pass (Taiwanese: declare a dealt ready hand when it may);
3. sanma: take kita;
4. nine terminals: declare it unless ten or more terminal and honour kinds are held
   (then thirteen orphans is the plan);
5. discard by, in order: the lowest shanten after the discard; the most ukeire (copies of
   the improving kinds it cannot see); the fewest dora given away (a red five counts one);
   honours, then terminals, then simples; then its seeded random stream;
6. declare riichi with that discard whenever it is legal (closed and tenpai); the
   Taiwanese dealer declares its ready hand with it the same way.

One view costs one batched kernel call (:func:`~mahjong_rules.bots.facts.discard_table`);
claim windows, forced discards (after riichi) and wins need no view at all.

.. versionadded:: 0.3
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from mahjong_rules.actions import (
    Action,
    DeclareReady,
    Discard,
    Kita,
    NineTerminals,
    Pass,
    Ron,
    Tsumo,
)
from mahjong_rules.bots.base import Observation
from mahjong_rules.bots.facts import (
    HONOR_KINDS,
    TERMINAL_KINDS,
    DiscardTable,
    ViewFacts,
    discard_table,
)

__all__ = ["EfficiencyBot"]

ORPHAN_KINDS = TERMINAL_KINDS | HONOR_KINDS


def discard_order(kind: int) -> int:
    """Which of equal discards goes first: honours (0), terminals (1), simples (2)."""
    if kind in HONOR_KINDS:
        return 0
    return 1 if kind in TERMINAL_KINDS else 2


class EfficiencyBot:
    """Shanten, then ukeire, then dora, then honours and terminals first; riichi at tenpai.

    Subclasses change :meth:`claim` (the claim-window answer), :meth:`discard` (the
    choice among discards) and :meth:`declare` (riichi or not).

    .. versionadded:: 0.3
    """

    name: ClassVar[str] = "efficiency"

    def __init__(self, seed: int = 0) -> None:
        """A bot whose ties are broken by a stream seeded with ``seed``."""
        self.rng = random.Random(seed)  # noqa: S311 - reproducible play, not security

    def act(self, observation: Observation) -> Action:  # noqa: C901, PLR0911 - the rules in order
        """The bot's choice (see the module docstring)."""
        legal = observation.legal
        discards: list[Discard] = []
        window = False
        kita = nine = None
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
            if isinstance(action, Discard):
                if not action.riichi:
                    discards.append(action)
            elif isinstance(action, Pass):
                window = True
            elif isinstance(action, Kita):
                kita = action
            elif isinstance(action, NineTerminals):
                nine = action
        if window:
            return self.claim(observation)
        if kita is not None:
            return kita
        if not discards:
            return legal[0]
        if len(discards) == 1 and len(legal) == 1:  # after riichi: the drawn tile only
            return discards[0]
        facts = ViewFacts(observation.view, observation.rules)
        if nine is not None and sum(1 for k in ORPHAN_KINDS if facts.counts[k]) < 10:
            return nine
        table = discard_table(facts)
        choice = self.discard(observation, facts, table, discards)
        return self.declare(observation, facts, table, choice)

    def claim(self, observation: Observation) -> Action:
        """The answer in a claim window without a win: declare a dealt ready hand, else pass."""
        passing: Action | None = None
        for action in observation.legal:
            if isinstance(action, DeclareReady):
                return action
            if isinstance(action, Pass):
                passing = action
        assert passing is not None
        return passing

    def discard(self, observation: Observation, facts: ViewFacts, table: DiscardTable,
                discards: Sequence[Discard]) -> Discard:
        """The most efficient of ``discards`` (plain discards, no riichi flag)."""
        return self.most_efficient(facts, table, discards)

    def most_efficient(self, facts: ViewFacts, table: DiscardTable,
                       discards: Sequence[Discard]) -> Discard:
        """Shanten, ukeire, dora given away, honours and terminals first, then seeded."""
        # Only discards of the lowest shanten can win on the first key: the others are
        # left out before the keys are built (the same ties, in the same order).
        after = table.after
        level = min(after[action.tile >> 2] for action in discards)
        discards = [action for action in discards if after[action.tile >> 2] == level]
        return self.pick(discards, lambda action: self.efficiency_key(facts, table, action))

    @staticmethod
    def efficiency_key(facts: ViewFacts, table: DiscardTable,
                       action: Discard) -> tuple[int, int, int, int]:
        """The efficiency order of one discard (lower is better)."""
        kind = action.tile >> 2
        return (table.after[kind], -table.ukeire.get(kind, 0), facts.tile_value(action.tile),
                discard_order(kind))

    def pick(self, discards: Sequence[Discard], key: object) -> Discard:
        """The discard with the lowest ``key(action)``; ties broken by the seeded stream."""
        assert callable(key)
        best_key = None
        best: list[Discard] = []
        for action in discards:
            value = key(action)
            if best_key is None or value < best_key:
                best_key, best = value, [action]
            elif value == best_key:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def declare(self, observation: Observation, facts: ViewFacts, table: DiscardTable,
                choice: Discard) -> Action:
        """Riichi (or the Taiwanese dealer's declaration) with ``choice`` when legal."""
        for action in observation.legal:
            if (isinstance(action, Discard) and action.riichi and action.tile == choice.tile) or (
                    isinstance(action, DeclareReady) and action.tile == choice.tile):
                return action
        return choice
