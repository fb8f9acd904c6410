"""Facts of one seat's view that the bots and the hints share, each computed once.

:class:`ViewFacts` reads a view (never a state): the seat's concealed counts, the tiles it
can see elsewhere, the copies it cannot see, dora, winds and who has declared riichi (or
a ready hand). :func:`discard_table` ranks every discard of a 3n+2 hand in one kernel call
(:func:`~mahjong_rules.kernel.discards.discard_draws`, the pure-Python single-hand form of
:func:`~mahjong_rules.kernel.discard_draw_shanten`): the shanten after each
discard kind and, for the discards that reach the lowest shanten, the hand with each
kind drawn (its ukeire and, when tenpai, its waits).

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=2)
    >>> facts = ViewFacts(rules.view(state, 0), rules)
    >>> table = discard_table(facts)
    >>> sum(facts.counts), table.best == min(table.after.values())
    (14, True)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from mahjong_rules import kernel
from mahjong_rules.kernel.discards import discard_draws
from mahjong_rules.rulesets import RiichiRuleset
from mahjong_rules.scoring import dora_of

if TYPE_CHECKING:
    from mahjong_rules.engine import Ruleset

__all__ = ["DiscardTable", "ViewFacts", "discard_table"]

N_KINDS: Final = 34
TERMINAL_KINDS: Final = frozenset((0, 8, 9, 17, 18, 26))
HONOR_KINDS: Final = frozenset(range(27, 34))
DRAGON_KINDS: Final = frozenset((31, 32, 33))


def is_simple(kind: int) -> bool:
    """A suited 2-8 (tanyao tile)."""
    return kind < 27 and 1 <= kind % 9 <= 7


class ViewFacts:
    """What one seat's view says, read once.

    Args:
        view: the seat's view (:meth:`~mahjong_rules.engine.Ruleset.view` with a seat).
        rules: the ruleset (only its public options and tile set are read).

    .. versionadded:: 0.3
    """

    def __init__(self, view: Mapping[str, Any], rules: Ruleset) -> None:
        """Read the view."""
        self.view = view
        self.rules = rules
        seat: int = view["viewer"]
        self.seat = seat
        """The viewer's seat."""
        name: str = view["ruleset"]
        self.taiwanese = name == "taiwanese"
        self.sanma = name == "sanma"
        self.n_sets = 5 if self.taiwanese else 4
        """Sets in a full hand (5 in Taiwanese)."""
        self.kinds: tuple[bool, ...] = kernel.SANMA_KINDS if self.sanma else kernel.ALL_KINDS
        """The tile set as a kind mask."""
        seats: Sequence[Mapping[str, Any]] = view["seats"]
        self.players = len(seats)
        self.hand: list[int] = list(view["hand"])
        """The concealed tiles (ids), the drawn tile included."""
        counts = [0] * N_KINDS
        for tile in self.hand:
            counts[tile >> 2] += 1
        self.counts = counts
        """Concealed tiles per kind."""
        seen = _seen(view)
        self.seen = seen
        """Tiles per kind visible outside the concealed hand (rivers, every meld, kita,
        dora indicators)."""
        kinds = self.kinds
        self.unseen = [max(0, 4 - counts[k] - seen[k]) if kinds[k] else 0
                       for k in range(N_KINDS)]
        """Copies per kind the seat cannot see (in other hands or the walls)."""
        dora = [0] * N_KINDS
        for tile in view["dora_indicators"]:
            dora[dora_of(tile >> 2, sanma=self.sanma)] += 1
        self.dora = dora
        """Dora per tile of each kind (from the revealed indicators)."""
        self.red: frozenset[int] = (rules.red_ids() if isinstance(rules, RiichiRuleset)
                                    else frozenset())
        """The red-five tile ids of the table's rules."""
        me = seats[seat]
        self.melds: list[Mapping[str, Any]] = list(me["melds"])
        self.closed = all(meld["kind"] == "ankan" for meld in self.melds)
        """No open meld (closed kans keep a hand closed)."""
        self.dealer: int = view["dealer"]
        self.seat_wind = (seat - self.dealer) % self.players
        """0 East (the dealer) .. 3 North."""
        self.round_wind: int = view["round_wind"]
        self.tiles_left: int = view["tiles_left"]
        self.riichi = bool(me["riichi"]) or bool(me.get("declared", False))
        """The seat declared riichi (or, in Taiwanese, a ready hand)."""
        self.threats = [s for s, entry in enumerate(seats)
                        if s != seat and (entry["riichi"] or entry.get("declared", False))]
        """Other seats in riichi (Taiwanese: that declared a ready hand)."""

    def tile_value(self, tile: int) -> int:
        """Dora of one tile: its kind's dora, plus one for a red five."""
        return self.dora[tile >> 2] + (1 if tile in self.red else 0)

    def yakuhai(self, kind: int) -> int:
        """Yaku a triplet of ``kind`` gives this seat: dragons, its seat and the round wind."""
        if kind in DRAGON_KINDS:
            return 1
        if 27 <= kind <= 30:
            return int(kind - 27 == self.seat_wind) + int(kind - 27 == self.round_wind)
        return 0

    def shanten(self, counts: Sequence[int]) -> int:
        """Shanten of concealed counts under this table's rules (melds left out)."""
        return int(kernel.shanten(list(counts), kinds=self.kinds, n_sets=self.n_sets,
                                  quad_as_two_pairs=self.taiwanese))


def _seen(view: Mapping[str, Any]) -> list[int]:
    """Tiles per kind visible outside the viewer's concealed hand."""
    seen = [0] * N_KINDS
    for tile in view["dora_indicators"]:
        seen[tile >> 2] += 1
    for entry in view["seats"]:
        for discard in entry["river"]:
            if not discard["called"]:
                seen[discard["tile"] >> 2] += 1
        for meld in entry["melds"]:
            for tile in meld["tiles"]:
                seen[tile >> 2] += 1
        for tile in entry["kita"]:
            seen[tile >> 2] += 1
    return seen


class DiscardTable:
    """Every discard kind of a 3n+2 hand ranked by shanten, and the best ones' ukeire.

    .. versionadded:: 0.3
    """

    __slots__ = ("_better", "_draws", "_rows", "_unseen", "after", "best", "shanten",
                 "ukeire")

    def __init__(self, shanten: int, after: dict[int, int], rows: list[int],
                 better: Sequence[Sequence[int]] | np.ndarray[Any, np.dtype[np.bool_]],
                 unseen: list[int]) -> None:
        """Built by :func:`discard_table`.

        ``better``: per row, the kinds whose draw lowers the shanten (or a ``(rows, 34)``
        bool array of them).
        """
        self.shanten = shanten
        """Shanten of the 3n+2 hand itself (-1: complete)."""
        self.after = after
        """Shanten after discarding each held kind."""
        self.best = min(after.values())
        """The lowest shanten a discard reaches."""
        if isinstance(better, np.ndarray):
            better = [np.flatnonzero(row).tolist() for row in better]
        self.ukeire: dict[int, int] = {
            kind: sum([unseen[k] for k in kinds]) for kind, kinds in zip(rows, better, strict=True)}
        """For each discard reaching :attr:`best` (and each asked for): the unseen copies
        of the kinds that lower the shanten."""
        self._rows = rows
        self._better = better
        self._unseen = unseen
        self._draws: dict[int, dict[int, int]] | None = None

    @property
    def draws(self) -> dict[int, dict[int, int]]:
        """For each discard of :attr:`ukeire`: each improving kind and its unseen copies.

        When :attr:`best` is 0 these are the waits. Built on first use.
        """
        if self._draws is None:
            unseen = self._unseen
            self._draws = {kind: {k: unseen[k] for k in kinds}
                           for kind, kinds in zip(self._rows, self._better, strict=True)}
        return self._draws


def discard_table(facts: ViewFacts, *, extra: Sequence[int] = ()) -> DiscardTable:
    """Rank the discards of the seat's 3n+2 concealed hand (one kernel call, pure Python).

    :func:`~mahjong_rules.kernel.discards.discard_draws` (the single-hand form of
    :func:`~mahjong_rules.kernel.discard_draw_shanten`) gives the shanten after
    discarding each held kind and, for the discard kinds that reach the lowest shanten
    (and those in ``extra``), the shanten with each kind then drawn, from which the
    ukeire (copies the seat cannot see) and, at tenpai, the waits. The discarded tile
    counts as seen.
    """
    result = discard_draws(facts.counts, facts.kinds, facts.n_sets,
                           quad_as_two_pairs=facts.taiwanese, extra=extra)
    after = dict(zip(result.held, result.after, strict=True))
    return DiscardTable(result.shanten, after, list(result.rows), result.better, facts.unseen)
