"""Danger of a discard against a threat, read from the view, and the ``defensive`` bot.

A *threat* is another seat in riichi (Taiwanese: that declared a ready hand). Against it
a tile kind is

- **safe** (genbutsu, danger 0) when it cannot be a winning tile: in riichi the kind is in
  the threat's own river (furiten) or was discarded by another seat after the threat's
  riichi and not taken (riichi furiten). Taiwanese has no furiten, but a declared hand is
  locked (it discards only its draws and wins whenever it can), so a kind the declarer
  discarded, or let pass, after its declaration is not one of its waits either;
- **dead** for an honour when every other copy is visible (no pair or single wait left);
- otherwise scored by the waits that could still hold it: each two-sided wait that
  neither suji (its other end safe) nor kabe (a partner kind fully visible) rules out,
  the edge and closed waits kabe does not rule out, and the pair and single waits the
  unseen copies allow. Dora and red fives weigh more (a deal-in costs more).

The weights are rough per-mille deal-in chances of each wait kind, chosen to follow the
familiar order (live middle tiles > half-suji > live terminals > suji > honours by copies
seen); ``docs/bots.md`` lists them.

Which discards of other seats came after a riichi is read from the rivers' lengths in
turn order (exact without calls; an estimate when calls skipped turns).

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from mahjong_rules.actions import Discard
from mahjong_rules.bots.base import Observation
from mahjong_rules.bots.efficiency import EfficiencyBot
from mahjong_rules.bots.facts import N_KINDS, DiscardTable, ViewFacts

__all__ = ["DefensiveBot", "danger", "safe_kinds", "threat_dangers"]

TWO_SIDED: Final = 40
"""Weight of one two-sided wait that could hold the kind."""
EDGE_OR_CLOSED: Final = 15
"""Weight of an edge (penchan) or closed (kanchan) wait."""
PAIR_WAIT: Final = 15
"""Weight of a pair (shanpon) wait: needs two unseen copies."""
SINGLE_WAIT: Final = 5
"""Weight of a single (tanki) wait: needs one unseen copy."""
HONOR_DANGER: Final = (0, 12, 30, 70, 80)
"""An honour's weight by its unseen copies (0 .. 4)."""
DORA_WEIGHT: Final = 0.3
"""Each dora of the tile adds this share to its danger."""
LATE_TILES: Final = 28
"""Taiwanese: with this many live tiles left or fewer, a hand ..."""
LATE_UKEIRE: Final = 0.8
"""... plays the safest of the discards that keep the shanten with this share of the
best ukeire or more ..."""
LATE_SHANTEN: Final = 2
"""... this far from ready or farther folds against every other seat (hands are hidden
and declarations rare: late in a hand the others are likely ready)."""


def passed_since(facts: ViewFacts, threat: int, index: int) -> set[int]:
    """Kinds other seats discarded after the threat's discard number ``index`` (0-based).

    The threat let each of them pass. A seat's discards of go-around ``index`` come after
    it when the seat acts after the threat in a go-around; later go-arounds all do.
    """
    seats: Sequence[Mapping[str, Any]] = facts.view["seats"]
    n = facts.players
    order = (threat - facts.dealer) % n
    passed: set[int] = set()
    for seat, entry in enumerate(seats):
        if seat != threat:
            first = index + (1 if (seat - facts.dealer) % n < order else 0)
            passed.update(e["tile"] >> 2 for e in entry["river"][first:])
    return passed


def safe_kinds(facts: ViewFacts, threat: int) -> set[int]:
    """Kinds that cannot win for ``threat`` (see the module docstring)."""
    seats: Sequence[Mapping[str, Any]] = facts.view["seats"]
    river = seats[threat]["river"]
    if facts.taiwanese:
        if seats[threat].get("declared"):  # a locked hand: every discard since the deal
            return {e["tile"] >> 2 for entry in seats for e in entry["river"]}
        # no furiten: only what the threat let pass with the hand it holds now
        return passed_since(facts, threat, len(river) - 1) if river else set()
    safe = {entry["tile"] >> 2 for entry in river}
    declared = next((i for i, e in enumerate(river) if e["riichi"]), None)
    if declared is not None:
        safe |= passed_since(facts, threat, declared)
    return safe


def danger(facts: ViewFacts, kind: int, safe: set[int]) -> float:  # noqa: C901 - one wait a line
    """The danger weight of discarding ``kind`` against one threat with ``safe`` kinds."""
    if kind in safe:
        return 0.0
    unseen = facts.unseen
    if kind >= 27:
        return float(HONOR_DANGER[unseen[kind]])
    if facts.sanma and kind in (0, 8):  # 1m and 9m have no runs in sanma
        return float(HONOR_DANGER[unseen[kind]])
    number = kind % 9  # 0-based: 0 is the 1
    base = kind - number
    total = 0.0

    def live(n: int) -> bool:  # a partner kind the threat could hold
        return 0 <= n <= 8 and unseen[base + n] > 0

    # two-sided waits: partners (n+1, n+2) wait on n and n+3; (n-2, n-1) on n-3 and n
    if number <= 5 and live(number + 1) and live(number + 2) and (base + number + 3) not in safe:
        total += TWO_SIDED
    if number >= 3 and live(number - 2) and live(number - 1) and (base + number - 3) not in safe:
        total += TWO_SIDED
    if number == 6 and live(7) and live(8):  # 89 waits on 7 only
        total += EDGE_OR_CLOSED
    if number == 2 and live(0) and live(1):  # 12 waits on 3 only
        total += EDGE_OR_CLOSED
    if 1 <= number <= 7 and live(number - 1) and live(number + 1):
        total += EDGE_OR_CLOSED
    if unseen[kind] >= 2:
        total += PAIR_WAIT
    if unseen[kind] >= 1:
        total += SINGLE_WAIT
    return total


def threat_dangers(facts: ViewFacts, threats: Sequence[int]) -> list[float]:
    """Summed danger of each kind against ``threats`` (before dora weighting)."""
    totals = [0.0] * N_KINDS
    held = [k for k in range(N_KINDS) if facts.counts[k]]
    for threat in threats:
        safe = safe_kinds(facts, threat)
        for kind in held:
            totals[kind] += danger(facts, kind, safe)
    return totals


class DefensiveBot(EfficiencyBot):
    """Efficiency, and betaori against a threat when no discard keeps or reaches tenpai.

    The safest tile then goes (least danger, dora weighted; ties by efficiency). In
    Taiwanese, late in a hand (``LATE_TILES``), the safest discard that keeps the
    shanten and most of the ukeire (``LATE_UKEIRE``) goes, and a hand
    ``LATE_SHANTEN`` or more from ready folds.

    .. versionadded:: 0.3
    """

    name: ClassVar[str] = "defensive"

    def discard(self, observation: Observation, facts: ViewFacts, table: DiscardTable,
                discards: Sequence[Discard]) -> Discard:
        """Fold against a threat when not tenpai; otherwise the efficient discard."""
        if facts.threats and table.best > 0:
            return self.safest(facts, table, discards, facts.threats)
        if facts.taiwanese and facts.tiles_left <= LATE_TILES:
            others = [s for s in range(facts.players) if s != facts.seat]
            if table.best >= LATE_SHANTEN:
                return self.safest(facts, table, discards, others)
            top = max(table.ukeire.values())
            keeping = [a for a in discards if table.after[a.tile >> 2] == table.best
                       and table.ukeire.get(a.tile >> 2, 0) >= LATE_UKEIRE * top]
            return self.safest(facts, table, keeping or discards, others)
        return self.most_efficient(facts, table, discards)

    def safest(self, facts: ViewFacts, table: DiscardTable, discards: Sequence[Discard],
               threats: Sequence[int]) -> Discard:
        """The discard with the least danger (dora weighted), ties by efficiency."""
        dangers = threat_dangers(facts, threats)

        def key(action: Discard) -> tuple[float, tuple[int, int, int, int]]:
            weight = dangers[action.tile >> 2] * (1 + DORA_WEIGHT * facts.tile_value(action.tile))
            return (round(weight, 3), self.efficiency_key(facts, table, action))

        return self.pick(discards, key)
