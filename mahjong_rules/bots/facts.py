"""Facts of one seat's view that the bots and the hints share, each computed once.

:class:`ViewFacts` reads a view (never a state): the seat's concealed counts, the tiles it
can see elsewhere, the copies it cannot see, dora, winds and who has declared riichi (or
a ready hand). :func:`discard_table` ranks every discard of a 3n+2 hand in two batched
kernel calls: the shanten after each discard kind, then, for the discards that reach the
lowest shanten, the hand with each kind drawn (its ukeire and, when tenpai, its waits).

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
from mahjong_rules.scoring import dora_of

if TYPE_CHECKING:
    from mahjong_rules.engine import Ruleset

__all__ = ["DiscardTable", "ViewFacts", "discard_table"]

N_KINDS: Final = 34
TERMINAL_KINDS: Final = frozenset((0, 8, 9, 17, 18, 26))
HONOR_KINDS: Final = frozenset(range(27, 34))
DRAGON_KINDS: Final = frozenset((31, 32, 33))
_EYE: Final = np.eye(N_KINDS, dtype=np.uint8)


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
        seen = [0] * N_KINDS
        for tile in view["dora_indicators"]:
            seen[tile >> 2] += 1
        for entry in seats:
            for discard in entry["river"]:
                if not discard["called"]:
                    seen[discard["tile"] >> 2] += 1
            for meld in entry["melds"]:
                for tile in meld["tiles"]:
                    seen[tile >> 2] += 1
            for tile in entry["kita"]:
                seen[tile >> 2] += 1
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
        self.red: frozenset[int] = rules.red_ids()
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
            return (kind - 27 == self.seat_wind) + (kind - 27 == self.round_wind)
        return 0

    def shanten(self, counts: Sequence[int]) -> int:
        """Shanten of concealed counts under this table's rules (melds left out)."""
        return int(kernel.shanten(list(counts), kinds=self.kinds, n_sets=self.n_sets,
                                  quad_as_two_pairs=self.taiwanese))


class DiscardTable:
    """Every discard kind of a 3n+2 hand ranked by shanten, and the best ones' ukeire.

    .. versionadded:: 0.3
    """

    __slots__ = ("after", "best", "draws", "shanten", "ukeire")

    def __init__(self, shanten: int, after: dict[int, int], ukeire: dict[int, int],
                 draws: dict[int, dict[int, int]]) -> None:
        """Built by :func:`discard_table`."""
        self.shanten = shanten
        """Shanten of the 3n+2 hand itself (-1: complete)."""
        self.after = after
        """Shanten after discarding each held kind."""
        self.best = min(after.values())
        """The lowest shanten a discard reaches."""
        self.ukeire = ukeire
        """For each discard reaching :attr:`best`: the unseen copies of the kinds that
        lower the shanten."""
        self.draws = draws
        """For each discard reaching :attr:`best`: each improving kind and its unseen
        copies (when :attr:`best` is 0: the waits)."""


def discard_table(facts: ViewFacts, *, extra: Sequence[int] = ()) -> DiscardTable:
    """Rank the discards of the seat's 3n+2 concealed hand (two batched kernel calls).

    The first call gives the shanten after discarding each held kind; the second, for the
    discard kinds that reach the lowest shanten (and those in ``extra``), the shanten with
    each kind then drawn, from which the ukeire (copies the seat cannot see) and, at
    tenpai, the waits. The discarded tile counts as seen.
    """
    counts = facts.counts
    held = [k for k in range(N_KINDS) if counts[k]]
    options: dict[str, Any] = {"kinds": facts.kinds, "n_sets": facts.n_sets,
                               "quad_as_two_pairs": facts.taiwanese, "validate": False}
    hand = np.array(counts, dtype=np.uint8)
    minus = np.repeat(hand[None, :], len(held), axis=0)
    minus[np.arange(len(held)), held] -= 1
    after_all = kernel.shanten(minus, **options).tolist()
    after = dict(zip(held, after_all, strict=True))
    base = facts.shanten(counts)
    best = min(after_all)
    rows = [i for i, value in enumerate(after_all) if value == best or held[i] in extra]
    chosen = minus[rows]
    mask = np.array(facts.kinds, dtype=np.bool_)
    room = (chosen < 4) & mask[None, :]
    plus = chosen[:, None, :] + _EYE[None, :, :]
    drawn = np.full(room.shape, 127, dtype=np.int8)
    drawn[room] = kernel.shanten(plus[room], **options)
    unseen = facts.unseen
    ukeire: dict[int, int] = {}
    draws: dict[int, dict[int, int]] = {}
    for row, values in zip(rows, drawn.tolist(), strict=True):
        kind = held[row]
        level = after_all[row]
        better = {k: unseen[k] for k in range(N_KINDS) if values[k] < level}
        draws[kind] = better
        ukeire[kind] = sum(better.values())
    return DiscardTable(base, after, ukeire, draws)
