"""The ``balanced`` bot: defensive, plus calls that make value, damaten, push or fold.

Over the ``defensive`` bot it adds (``docs/bots.md`` has the thresholds):

- **calls** (pon, chi) when the call lowers the shanten under a yaku plan
  (:func:`~mahjong_rules.bots.value.open_plans`: a yakuhai set, tanyao, a half flush)
  and the open hand then has two han or more (its yakuhai sets, its dora and its plan's
  yaku); never in riichi, and against a threat only a call that reaches tenpai.
  Taiwanese (no yaku needed) calls whenever the shanten drops. An open hand then
  discards by its plan's shanten first (off-plan tiles go first);
- **damaten** when every wait has a yaku and the hand is worth 3,900 or more without
  riichi, or 2,000 or more on a poor wait (three or fewer live tiles), or late in the
  hand (fewer than 12 tiles left); no riichi on a wait with no live tile;
- **push or fold** against a threat: at tenpai the safest tenpai-keeping discard goes,
  unless it is dangerous and the hand is cheap (under 3,900) on a poor wait (under four
  live tiles); at one-shanten it pushes with a hand of three han or more while 20 or more
  tiles are left and only one threat is in play, with a discard that is not dangerous;
  otherwise it folds like the defensive bot.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from mahjong_rules.actions import Action, Chi, DeclareReady, Discard, Pass, Pon
from mahjong_rules.bots.base import Observation
from mahjong_rules.bots.defence import DORA_WEIGHT, DefensiveBot, threat_dangers
from mahjong_rules.bots.facts import N_KINDS, DiscardTable, ViewFacts, is_simple
from mahjong_rules.bots.value import FREE, Plan, open_plans, plan_shanten, win_points, win_score

__all__ = ["BalancedBot"]

DAMA_VALUE: Final = 3900
"""Damaten when every wait has a yaku and the hand is worth this much without riichi."""
DAMA_POOR_WAIT: Final = 2000
"""Damaten on a poor wait (:data:`POOR_WAIT` live tiles or fewer) from this value."""
POOR_WAIT: Final = 3
LATE: Final = 12
"""Tiles left below which a hand with a yaku stays damaten."""
PUSH_VALUE: Final = 3900
"""At tenpai against a threat, a hand worth this much pushes any tile."""
PUSH_WAIT: Final = 4
"""At tenpai against a threat, this many live winning tiles push any tile."""
DANGEROUS: Final = 30.0
"""A danger weight (:mod:`~mahjong_rules.bots.defence`) from which a tile is dangerous."""
PLAN_HAN: Final = {"free": 0, "tanyao": 1, "honitsu": 2}
"""The han a plan's own yaku adds (open tanyao 1, open half flush 2)."""
CALL_HAN: Final = 2
"""A call is made only for an open hand of this many han or more (its yakuhai sets and
dora, and its plan's yaku); Taiwanese calls for speed alone."""
PUSH_HAN: Final = 3
PUSH_TILES: Final = 20


class BalancedBot(DefensiveBot):
    """Defensive play, value calls, damaten and push/fold by value (module docstring).

    .. versionadded:: 0.3
    """

    name: ClassVar[str] = "balanced"

    # ------------------------------------------------------------------ calls

    def claim(self, observation: Observation) -> Action:
        """Declare a dealt ready hand; make a value call; else pass."""
        passing: Action | None = None
        calls: list[Pon | Chi] = []
        for action in observation.legal:
            if isinstance(action, DeclareReady):
                return action
            if isinstance(action, Pass):
                passing = action
            elif isinstance(action, Pon | Chi):
                calls.append(action)
        assert passing is not None
        if not calls:
            return passing
        facts = ViewFacts(observation.view, observation.rules)
        if facts.riichi:
            return passing
        return self.best_call(facts, calls) or passing

    def best_call(self, facts: ViewFacts, calls: Sequence[Pon | Chi]) -> Action | None:
        """The call that lowers the shanten most while keeping a plan worth making."""
        claim = facts.view["claim"]
        tile = claim["tile"]
        counts = facts.counts
        current = self.hand_shanten(facts, counts, facts.melds)
        best: tuple[tuple[int, int], Action] | None = None
        for call in calls:
            after = list(counts)
            for t in call.tiles:
                after[t >> 2] -= 1
            meld = {"kind": call.type, "tiles": [*call.tiles, tile]}
            melds = [*facts.melds, meld]
            called = tile >> 2
            base = self.set_han(facts, melds, after)
            for plan in open_plans(facts, melds):
                reach = min(plan_shanten(facts, _minus(after, d), plan)
                            for d in range(N_KINDS) if after[d] and d != called)
                if reach >= current or (facts.threats and reach > 0):
                    continue
                han = base + PLAN_HAN[plan[0]]
                if not facts.taiwanese and han < CALL_HAN:
                    continue
                key = (reach, -han)
                if best is None or key < best[0]:
                    best = (key, call)
        return None if best is None else best[1]

    def hand_shanten(self, facts: ViewFacts, counts: Sequence[int],
                     melds: Sequence[Mapping[str, Any]]) -> int:
        """Shanten of a hand under its best plan (8 for an open hand with none)."""
        plans = open_plans(facts, melds)
        if not plans:
            return 8
        return min(plan_shanten(facts, counts, plan) for plan in plans)

    def set_han(self, facts: ViewFacts, melds: Sequence[Mapping[str, Any]],
                counts: Sequence[int]) -> int:
        """Han an open hand has whatever its plan.

        Its yakuhai sets (melded or concealed triplets) and dora (its tiles and melds).
        """
        han = sum(facts.yakuhai(k) for k in range(27, 34) if counts[k] >= 3)
        for meld in melds:
            if meld["kind"] != "chi":
                han += facts.yakuhai(meld["tiles"][0] >> 2)
            han += sum(facts.tile_value(t) for t in meld["tiles"])
        concealed = list(counts)
        for tile in facts.hand:
            if concealed[tile >> 2]:
                concealed[tile >> 2] -= 1
                han += facts.tile_value(tile)
        return han

    def open_han(self, facts: ViewFacts, melds: Sequence[Mapping[str, Any]],
                 counts: Sequence[int]) -> int:
        """A rough han count of an open hand: yakuhai sets, tanyao, half flush, dora."""
        han = 0
        kinds: list[int] = [k for k in range(N_KINDS) for _ in range(counts[k])]
        for meld in melds:
            group = [t >> 2 for t in meld["tiles"]]
            kinds.extend(group)
            if meld["kind"] != "chi":
                han += facts.yakuhai(group[0])
            han += sum(facts.tile_value(t) for t in meld["tiles"])
        han += sum(facts.tile_value(t) for t in facts.hand)
        if all(is_simple(k) for k in kinds):
            han += 1
        suits = {k // 9 for k in kinds if k < 27}
        if len(suits) == 1:
            han += 2 if any(k >= 27 for k in kinds) else 5
        return han

    # ------------------------------------------------------------------ discards

    def discard(self, observation: Observation, facts: ViewFacts, table: DiscardTable,
                discards: Sequence[Discard]) -> Discard:
        """Plan-aware efficiency; against a threat, push or fold by value and danger."""
        plans = [FREE] if facts.closed else open_plans(facts, facts.melds)
        by_plan = self.plan_after(facts, plans)
        if facts.threats:
            return self.push_or_fold(facts, table, discards, by_plan)
        return self.efficient(facts, table, discards, by_plan)

    def plan_after(self, facts: ViewFacts, plans: Sequence[Plan]) -> dict[int, int]:
        """Per held kind, the plan shanten after discarding it (empty: no plan applies)."""
        if not plans or plans == [FREE]:
            return {}
        counts = facts.counts
        return {d: min(plan_shanten(facts, _minus(counts, d), plan) for plan in plans)
                for d in range(N_KINDS) if counts[d]}

    def efficient(self, facts: ViewFacts, table: DiscardTable, discards: Sequence[Discard],
                  by_plan: Mapping[int, int]) -> Discard:
        """Efficiency, the plan's shanten first for an open hand."""
        if not by_plan:
            return self.most_efficient(facts, table, discards)
        return self.pick(discards, lambda a: (by_plan[a.tile >> 2],
                                              self.efficiency_key(facts, table, a)))

    def push_or_fold(self, facts: ViewFacts, table: DiscardTable, discards: Sequence[Discard],
                     by_plan: Mapping[int, int]) -> Discard:
        """Against a threat (see the module docstring)."""
        dangers = threat_dangers(facts, facts.threats)

        def weight(action: Discard) -> float:
            return dangers[action.tile >> 2] * (1 + DORA_WEIGHT * facts.tile_value(action.tile))

        level = {k: by_plan.get(k, v) for k, v in table.after.items()}
        best = min(level[a.tile >> 2] for a in discards)
        keeping = [a for a in discards if level[a.tile >> 2] == best]
        if best == 0:
            choice = self.pick(keeping, lambda a: (round(weight(a), 3),
                                                   self.efficiency_key(facts, table, a)))
            if weight(choice) < DANGEROUS:
                return choice
            value, live = self.tenpai_value(facts, table, choice.tile)
            if value >= PUSH_VALUE or live >= PUSH_WAIT:
                return choice
        elif best == 1 and len(facts.threats) == 1 and facts.tiles_left >= PUSH_TILES and (
                self.open_han(facts, facts.melds, facts.counts) + (1 if facts.closed else 0)
                >= PUSH_HAN):
            choice = self.pick(keeping, lambda a: (round(weight(a), 3),
                                                   self.efficiency_key(facts, table, a)))
            if weight(choice) < DANGEROUS:
                return choice
        return self.safest(facts, table, discards, facts.threats)

    def tenpai_value(self, facts: ViewFacts, table: DiscardTable, tile: int) -> tuple[int, int]:
        """The hand's worth after discarding ``tile`` at tenpai.

        Returns the average ron value over the live waits (riichi counted when the hand
        is closed) and the number of live winning tiles.
        """
        waits = table.draws.get(tile >> 2, {})
        concealed = _without(facts.hand, tile)
        live = sum(waits.values())
        if not waits:
            return 0, 0
        points = [(win_points(win_score(facts, concealed, wait, tsumo=False,
                                        riichi=facts.closed or facts.riichi)), copies)
                  for wait, copies in waits.items()]
        if live:
            return sum(p * c for p, c in points) // live, live
        return max(p for p, _ in points), 0

    # ------------------------------------------------------------------ riichi

    def declare(self, observation: Observation, facts: ViewFacts, table: DiscardTable,
                choice: Discard) -> Action:
        """Riichi by wait quality and value; damaten when the hand has enough without it."""
        riichi = next((a for a in observation.legal if isinstance(a, Discard) and a.riichi
                       and a.tile == choice.tile), None)
        if riichi is None:
            return super().declare(observation, facts, table, choice)
        kind = choice.tile >> 2
        waits = table.draws.get(kind, {})
        live = sum(waits.values())
        if not live:
            return choice
        concealed = _without(facts.hand, choice.tile)
        dama = [win_points(win_score(facts, concealed, wait, tsumo=False, riichi=False))
                for wait in waits]
        if min(dama) > 0:
            value = sum(p * waits[w] for p, w in zip(dama, waits, strict=True)) // live
            if value >= DAMA_VALUE or (live <= POOR_WAIT and value >= DAMA_POOR_WAIT) or (
                    facts.tiles_left < LATE):
                return choice
        return riichi


def _minus(counts: Sequence[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] -= 1
    return out


def _without(hand: Sequence[int], tile: int) -> list[int]:
    """The hand without ``tile``."""
    out = list(hand)
    out.remove(tile)
    return out
