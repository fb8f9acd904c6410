"""Every discard of one 3n+2 hand, and every draw after it, in one batched call.

A bot (or an encoder) choosing a discard asks, for each held kind ``a``, the shanten of
the hand without ``a`` and, for each kind ``b``, the shanten of that hand with ``b``
drawn: the ukeire of each discard, and its waits at tenpai. Built as hands, that is
``H + 34 H`` evaluations of the whole hand (``H`` held kinds), each encoding four groups
and looking them up in the big tables.

:func:`discard_draw_shanten` works per *group* instead. A hand's regular shanten
depends on its four groups (three suits and the honour-like kinds) through one profile
class per group, and a discard and a draw change at most two groups. Each group has at
most 10 x 10 variants (no change, or a discard of one of its kinds, a draw of one, or
both): their classes are looked up once (at most 400 codes), and every ``(discard,
draw)`` cell then joins four small-table entries. The pairs shapes (seven pairs; the
Taiwanese seven pairs and a triplet) are read from per-cell counts of kinds held once,
twice, ... that the discard and the draw update, never from the whole hand (and not at
all when the shape cannot be the minimum). Cells whose hand holds four of a kind take
the kernel's exact join, as in :func:`~mahjong_rules.kernel.shanten`, only where they
are asked for.

The answers are those of :func:`~mahjong_rules.kernel.shanten` on every hand built (a
test checks it on random hands of every tile set and option).

Examples:
    >>> from mahjong_rules.kernel import discard_draw_shanten
    >>> from mahjong_rules.notation import format_kinds, parse_counts
    >>> table = discard_draw_shanten(parse_counts("123m456p789s11223z"))
    >>> table.shanten, format_kinds(table.held[table.after == 0])
    (0, '3z')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mahjong_rules.kernel import _counts, _joins, _lookup
from mahjong_rules.kernel._counts import N_KINDS, KernelInputError

__all__ = ["NOT_DRAWN", "DiscardDraw", "discard_draw_shanten"]

NOT_DRAWN: Final = 127
"""Shanten reported for a draw with no copy left (or outside the tile set)."""
_NONE: Final = N_KINDS
"""The index of "no discard" / "no draw" on a grid axis."""
_SLOTS: Final = 10
"""Variants per group axis: no change, or one of at most nine kinds."""
_CODES: Final = 5**9
_PAIRS_SIZE: Final = 2 * N_KINDS + 1


class DiscardDraw(NamedTuple):
    """Shanten of one 3n+2 hand, after each discard, and after a discard and a draw.

    Shapes: ``held (H,)`` intp, ``after (H,)`` int8, ``rows (R,)`` intp,
    ``drawn (R, 34)`` int8.
    """

    shanten: int
    """Shanten of the 3n+2 hand itself (-1: complete)."""
    held: NDArray[np.intp]
    """The kinds held, ascending (the entries of :attr:`after`)."""
    after: NDArray[np.int8]
    """Shanten of the 3n+1 hand after discarding one tile of each held kind."""
    rows: NDArray[np.intp]
    """The discard kinds of :attr:`drawn`'s rows, ascending (every held kind, or the
    ones asked for)."""
    drawn: NDArray[np.int8]
    """Shanten after the row's discard and a draw of each kind; :data:`NOT_DRAWN` where
    the kind is outside the tile set or the hand then holds all four copies."""


class _Plan:
    """Per tile set: where each kind sits in its group, as small index arrays."""

    def __init__(self, kinds: tuple[bool, ...]) -> None:
        layout = _lookup.layout_of(kinds)
        self.codes = layout.codes
        weights = np.zeros((4, _SLOTS), dtype=np.int64)
        slot = np.zeros((4, N_KINDS + 1), dtype=np.intp)
        for group, members in enumerate(layout.groups):
            for index, (kind, weight) in enumerate(members, start=1):
                weights[group, index] = weight
                slot[group, kind] = index
        self.discard_weights = weights[:, :, None]
        self.draw_weights = weights[:, None, :]
        self.slot = slot
        """``(4, 35)``: the slot of each kind in each group (0 when not in it; 34: none)."""
        self.draw_slot = slot[:, None, :]
        self.offsets = (np.arange(4, dtype=np.intp) * _SLOTS * _SLOTS)[:, None, None]
        self.mask = np.array(kinds, dtype=np.bool_)
        honor_like = [False] * N_KINDS
        for kind in layout.honor_like_list:
            honor_like[kind] = True
        self.honor_like = honor_like
        self.kinds = np.arange(N_KINDS + 1, dtype=np.intp)


@functools.cache
def _plan(kinds: tuple[bool, ...]) -> _Plan:
    return _Plan(kinds)


@functools.cache
def _slots(quad_as_two_pairs: bool) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Per count 0..5: pair slots it fills with two tiles, and with one tile."""
    counts = np.arange(6)
    first = np.minimum(counts, 2)
    second = (np.minimum(np.maximum(counts - 2, 0), 2) if quad_as_two_pairs
              else np.zeros(6, dtype=np.intp))
    return ((first == 2).astype(np.intp) + (second == 2),
            (first == 1).astype(np.intp) + (second == 1))


@functools.cache
def _pairs_table(quad_as_two_pairs: bool, triplet: bool) -> NDArray[np.int16]:
    """Pairs-shape shanten by ``(twos, ones, held)``, flat.

    ``twos``/``ones``: pair slots filled with two tiles / one tile (a quad is two pairs
    with ``quad_as_two_pairs``); ``held`` a bit mask of the counts 1..4 held (which kinds
    may be the triplet); some kind is always held zero times.
    """
    twos = np.arange(_PAIRS_SIZE)[:, None, None]
    ones = np.arange(_PAIRS_SIZE)[None, :, None]

    def best(t: NDArray[np.intp], o: NDArray[np.intp]) -> NDArray[np.intp]:
        full = np.minimum(np.maximum(t, 0), 7)
        return np.asarray(2 * full + np.minimum(np.maximum(o, 0), 7 - full))

    shape = (_PAIRS_SIZE, _PAIRS_SIZE, 16)
    if not triplet:
        return np.ascontiguousarray(np.broadcast_to(13 - best(twos, ones), shape),
                                    dtype=np.int16).reshape(-1)
    two_of, one_of = _slots(quad_as_two_pairs)
    present = np.arange(16)[None, None, :]
    usable = np.broadcast_to(best(twos - two_of[0], ones - one_of[0]), shape)
    for count in range(1, 5):
        value = min(count, 3) + best(twos - two_of[count], ones - one_of[count])
        usable = np.where((present >> (count - 1)) & 1 == 1, np.maximum(usable, value), usable)
    return np.ascontiguousarray(16 - usable, dtype=np.int16).reshape(-1)


def _pairs_key(hand: Sequence[int], quad_as_two_pairs: bool) -> int:
    """The :func:`_pairs_table` index of one hand."""
    two_of, one_of = _slots(quad_as_two_pairs)
    twos = ones = present = 0
    for count in hand:
        if count:
            twos += int(two_of[count])
            ones += int(one_of[count])
            present |= 1 << (count - 1)
    return (twos * _PAIRS_SIZE + ones) * 16 + present


def discard_draw_shanten(  # noqa: C901, PLR0912, PLR0915 - the kernel's switches; one pass
    counts: ArrayLike,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
    draws: Literal["all", "best"] = "all",
    extra: Sequence[int] = (),
    validate: bool = True,
) -> DiscardDraw:
    """Shanten of one 3n+2 hand, after each discard, and after a discard and a draw.

    Contract: one hand ``(34,)`` (an array, or a list of ints) of 3n+2 tiles with
    ``n <= n_sets`` (melded tiles removed), every count 0..4, only kinds of ``kinds``.
    The options are those of :func:`~mahjong_rules.kernel.shanten`, and so are the
    answers: ``after[i]`` is the shanten of ``counts`` minus one ``held[i]``,
    ``drawn[r, b]`` of the hand minus one ``rows[r]`` plus one ``b``.

    Args:
        counts: tile counts per kind.
        kinds: the tile set mask (:data:`~mahjong_rules.kernel.SANMA_KINDS` for sanma).
        n_sets: sets in a full hand: 4 (riichi, sanma) or 5 (Taiwanese).
        seven_pairs: include the pairs shape.
        thirteen_orphans: include thirteen orphans (only with ``n_sets=4``).
        quad_as_two_pairs: four of a kind may be two pairs of the pairs shape.
        draws: ``"all"``: a row of :attr:`~DiscardDraw.drawn` for every held kind;
            ``"best"``: only for the discards of the lowest shanten (and ``extra``).
        extra: with ``draws="best"``, more discard kinds to give rows (kinds not held
            are ignored).
        validate: check the contract (raises :class:`KernelInputError`).

    Examples:
        >>> from mahjong_rules.kernel import discard_draw_shanten
        >>> from mahjong_rules.notation import format_kinds, parse_counts
        >>> table = discard_draw_shanten(parse_counts("123m456p789s11345z"), draws="best")
        >>> format_kinds(table.rows), int(table.after.min())  # one-shanten after 3z, 4z or 5z
        ('345z', 1)
        >>> format_kinds((table.drawn[0] < 1).nonzero()[0])  # after 3z: the improving draws
        '145z'
        >>> table = discard_draw_shanten(parse_counts("123m456p789s11223z"), draws="best")
        >>> format_kinds(table.rows), format_kinds((table.drawn[0] == -1).nonzero()[0])
        ('3z', '12z')
    """
    _counts.check_n_sets(n_sets)
    key = _counts.kinds_key(kinds)
    if isinstance(counts, list) and not validate:
        hand: list[int] = counts
    else:
        data = _counts.as_counts(counts)
        if data.shape != (N_KINDS,):
            raise KernelInputError("bad_shape", f"one hand of shape (34,) expected, got "
                                                f"{data.shape}")
        hand = data.tolist()
    size = sum(hand)
    if validate:
        if key != _counts.ALL_KINDS and any(c for c, ok in zip(hand, key, strict=True) if not ok):
            raise KernelInputError("outside_tile_set", "counts hold a kind outside the tile set")
        if size % 3 != 2 or size > 3 * n_sets + 2:
            raise KernelInputError("bad_hand_size",
                                   f"hand size {size} is not 3n+2 with n <= {n_sets}")
    if draws not in ("all", "best"):
        raise KernelInputError("bad_shape", f"draws must be 'all' or 'best', got {draws!r}")
    plan = _plan(key)
    rt = _lookup.runtime()
    n = size // 3
    held = [k for k in range(N_KINDS) if hand[k]]
    rows = np.array([*held, _NONE], dtype=np.intp)  # grid rows: each discard, then none
    # Each group's 10 x 10 variants (discard slot, draw slot) and their classes.
    group_codes = plan.codes(hand)
    codes = np.array(group_codes, dtype=np.int64)[:, None, None]
    variants = codes - plan.discard_weights + plan.draw_weights
    variants %= _CODES  # impossible variants (a fifth copy, a discard of none): any code
    cls = np.concatenate([rt.cls_chain[variants[:3]], rt.cls_forced[variants[3:]]],
                         dtype=np.intp)
    # (4, R, 35): the variant of each group in each (discard, draw) cell.
    index = plan.offsets + (plan.slot[:, rows] * _SLOTS)[:, :, None] + plan.draw_slot
    cell = cls.reshape(-1)[index]
    left = rt.pair[cell[0] * rt.n_simple + cell[1]].astype(np.intp)
    right = rt.pair[cell[2] * rt.n_simple + cell[3]]
    grid = rt.final[n][left * rt.n_pair + right].astype(np.int16)
    exact = _Exact(hand, held, rows, index, variants, n, plan, rt)
    special = _Special(hand, group_codes, n, n_sets, seven_pairs, thirteen_orphans,
                       quad_as_two_pairs, rows, index, variants, rt)
    # The hand itself and the column of discards.
    column = grid[:, _NONE]
    if exact.quads is not None:
        exact.fix(column, np.arange(len(rows)), np.full(len(rows), _NONE))
    column = special.apply_column(column)
    after = column[:-1].astype(np.int8)
    # The rows of draws asked for.
    if draws == "all":
        chosen = np.arange(len(held))
    else:
        wanted = after == after.min()
        for kind in extra:
            if 0 <= kind < N_KINDS and hand[kind]:
                wanted[held.index(kind)] = True
        chosen = np.flatnonzero(wanted)
    picked = rows[chosen]
    room = (np.array(hand) < 4) & plan.mask
    room = room[None, :] | (plan.kinds[None, :N_KINDS] == picked[:, None])
    block = grid[chosen, :N_KINDS]
    if exact.quads is not None:
        at_rows, at_columns = np.nonzero(exact.quads[chosen, :N_KINDS] & room)
        exact.fix(block, at_rows, at_columns, chosen[at_rows])
    block = special.apply_block(block, chosen, room)
    drawn = block.astype(np.int8)
    drawn[~room] = NOT_DRAWN
    return DiscardDraw(shanten=int(column[-1]), held=rows[:-1], after=after, rows=picked,
                       drawn=drawn)


class _Exact:
    """Cells whose hand holds four of a kind: the kernel's exact join and quad floor."""

    def __init__(self, hand: list[int], held: list[int], rows: NDArray[np.intp],  # noqa: PLR0917
                 index: NDArray[np.intp], variants: NDArray[np.int64], n: int, plan: _Plan,
                 rt: _lookup.Runtime) -> None:
        self.hand = hand
        self.held = held
        self.index = index
        self.variants = variants
        self.n = n
        self.plan = plan
        self.rt = rt
        self.quads: NDArray[np.bool_] | None = None
        """Which cells hold four of a kind (``None``: none does)."""
        if max(hand) >= 3:
            counts = np.array([*hand, 0])
            fours = counts == 4
            # A cell holds a quad when a kind other than its discard is held four times,
            # or its draw is the fourth copy (a draw of the discard: held four times).
            others = (int(fours.sum()) - fours[rows]) > 0
            fourth = counts == 3
            fourth[_NONE] = False
            fourth_of = np.where(rows[:, None] == plan.kinds[None, :], fours[None, :],
                                 fourth[None, :])
            self.quads = others[:, None] | fourth_of
        self._classes: NDArray[np.intp] | None = None

    def fix(self, values: NDArray[np.int16], at: NDArray[np.intp], columns: NDArray[np.intp],
            grid_rows: NDArray[np.intp] | None = None) -> None:
        """Set ``values[at]`` (1-D) or ``values[at, columns]`` (2-D) where cells hold quads.

        ``grid_rows``: the grid row of each entry of ``at`` when ``values`` is a block of
        chosen rows.
        """
        assert self.quads is not None
        grid_rows = at if grid_rows is None else grid_rows
        keep = np.flatnonzero(self.quads[grid_rows, columns])
        if not len(keep):
            return
        at, columns, grid_rows = at[keep], columns[keep], grid_rows[keep]
        if self._classes is None:
            rt, variants = self.rt, self.variants
            self._classes = np.concatenate([rt.exact_chain[variants[:3]],
                                            rt.exact_forced[variants[3:]]],
                                           dtype=np.intp).reshape(-1)
        classes = self._classes[self.index[:, grid_rows, columns]].T.tolist()
        value_of = _joins.exact_value
        hand, held, honor_like, n = self.hand, self.held, self.plan.honor_like, self.n
        honour_quads = sum(1 for k in range(N_KINDS) if honor_like[k] and hand[k] == 4)
        flat = values.ndim == 1
        for entry, row, column, (first, second, third, fourth) in zip(
                at.tolist(), grid_rows.tolist(), columns.tolist(), classes, strict=True):
            shanten = 2 * n - value_of(first, second, third, fourth, n)
            if shanten != -1:
                quads = honour_quads
                tiles = 2  # the hand's size mod 3
                discard = held[row] if row < len(held) else _NONE
                if discard != _NONE:
                    tiles -= 1
                    if honor_like[discard] and hand[discard] == 4:
                        quads -= 1
                if column != _NONE:
                    tiles += 1
                    if honor_like[column] and hand[column] - (column == discard) == 3:
                        quads += 1
                shanten = max(shanten, quads - 1 if quads and tiles == 2 else quads)
            if flat:
                values[entry] = shanten
            else:
                values[entry, column] = shanten


class _Special:
    """Seven pairs (or the Taiwanese seven pairs and a triplet) and thirteen orphans.

    Neither lowers by more than one per tile drawn, nor at all by a discard: from the
    whole hand's value ``v``, the discards' cells are at least ``v`` and the draws'
    at least ``v - 1``. The cells' values are computed only when that bound does not
    already settle the minimum, and only for the cells asked for.
    """

    def __init__(self, hand: list[int], group_codes: tuple[int, int, int, int],  # noqa: PLR0917
                 n: int, n_sets: int, seven_pairs: bool, thirteen_orphans: bool,
                 quad_as_two_pairs: bool, rows: NDArray[np.intp], index: NDArray[np.intp],
                 variants: NDArray[np.int64], rt: _lookup.Runtime) -> None:
        self.orphans = thirteen_orphans and n_sets == 4
        self.pairs = seven_pairs
        self.active = n == n_sets and (seven_pairs or self.orphans)
        self.hand = hand
        self.rows = rows
        self.index = index
        self.variants = variants
        self.rt = rt
        self.from_stats = n_sets == 4 and not quad_as_two_pairs
        """Seven pairs from the packed statistics (else from counts of counts)."""
        self.quad_as_two_pairs = quad_as_two_pairs
        self.triplet = n_sets == 5
        self.whole = 127
        """The hand's own value (the bound)."""
        self._stats: NDArray[np.uint32] | None = None
        self._pairs: NDArray[np.int16] | None = None
        if self.active:
            c0, c1, c2, c3 = group_codes
            chain = rt.py_stats_chain
            stats = chain[c0] + chain[c1] + chain[c2] + rt.py_stats_forced[c3]
            whole = 127
            if seven_pairs:
                if self.from_stats:
                    whole = (6 - _lookup.py_field(stats, _lookup.FIELD_PAIRS)
                             + max(0, 7 - _lookup.py_field(stats, _lookup.FIELD_KINDS)))
                else:
                    table = _pairs_table(quad_as_two_pairs, self.triplet)
                    whole = int(table[_pairs_key(hand, quad_as_two_pairs)])
            if self.orphans:
                whole = min(whole, 13 - _lookup.py_field(stats, _lookup.FIELD_ORPHANS)
                            - (1 if _lookup.py_field(stats, _lookup.FIELD_ORPHAN_PAIRS) else 0))
            self.whole = whole

    def values(self, at: NDArray[np.intp], columns: NDArray[np.intp] | slice) -> NDArray[np.int16]:
        """The special value of the cells ``[at][:, columns]`` (``at``: grid rows)."""
        special: NDArray[np.int16] | None = None
        summed: NDArray[np.uint32] | None = None
        if self.pairs:
            if self.from_stats:
                summed = self._summed(at, columns)
                special = (6 - _lookup.field(summed, _lookup.FIELD_PAIRS)
                           + np.maximum(0, 7 - _lookup.field(summed, _lookup.FIELD_KINDS)))
            else:
                if self._pairs is None:
                    self._pairs = _pairs_shape(self.hand, self.rows, self.quad_as_two_pairs,
                                               _pairs_table(self.quad_as_two_pairs,
                                                            self.triplet))
                special = self._pairs[at][:, columns]
        if self.orphans:
            summed = self._summed(at, columns) if summed is None else summed
            lone = (13 - _lookup.field(summed, _lookup.FIELD_ORPHANS)
                    - (_lookup.field(summed, _lookup.FIELD_ORPHAN_PAIRS) > 0))
            special = lone if special is None else np.minimum(special, lone)
        assert special is not None
        return special

    def _summed(self, at: NDArray[np.intp], columns: NDArray[np.intp] | slice,
                ) -> NDArray[np.uint32]:
        """The packed statistics of the cells (summed over the four groups)."""
        if self._stats is None:
            rt, variants = self.rt, self.variants
            self._stats = np.concatenate([rt.stats_chain[variants[:3]],
                                          rt.stats_forced[variants[3:]]]).reshape(-1)
        cell = self._stats[self.index[:, at][:, :, columns]]
        summed: NDArray[np.uint32] = cell[0] + cell[1] + cell[2] + cell[3]
        return summed

    def apply_column(self, column: NDArray[np.int16]) -> NDArray[np.int16]:
        """The discards' column (and the hand's cell, last) with the special shapes."""
        if not self.active:
            return column
        if self.whole >= int(column.max()):
            column = column.copy()
            column[-1] = min(int(column[-1]), self.whole)
            return column
        every = np.arange(len(self.rows))
        return np.minimum(column, self.values(every, np.array([_NONE]))[:, 0])

    def apply_block(self, block: NDArray[np.int16], chosen: NDArray[np.intp],
                    room: NDArray[np.bool_]) -> NDArray[np.int16]:
        """The chosen rows' draws with the special shapes."""
        if not self.active or not len(chosen):
            return block
        if self.whole - 1 >= int(block[room].max(initial=-1)):
            return block
        return np.minimum(block, self.values(chosen, slice(0, N_KINDS)))


def _orphans(hand: Sequence[int]) -> int:
    """Thirteen orphans' shanten of one hand."""
    kinds = pairs = 0
    for kind in _counts.TERMINALS_AND_HONORS:
        if hand[kind]:
            kinds += 1
            pairs += hand[kind] >= 2
    return 13 - kinds - (1 if pairs else 0)


def _pairs_shape(hand: list[int], rows: NDArray[np.intp], quad_as_two_pairs: bool,
                 table: NDArray[np.int16]) -> NDArray[np.int16]:
    """The pairs shape's shanten of every cell, from counts of counts (not whole hands)."""
    two_of, one_of = _slots(quad_as_two_pairs)
    counts = np.array([*hand, 0], dtype=np.intp)  # index 34: no discard / no draw
    # A discard of kind a takes its count c to c - 1, a draw of b to c + 1 (from its count
    # in the hand; the cell of a discard drawn back is the hand itself, set below).
    before = counts[rows]
    down = np.maximum(before - 1, 0)
    up = np.minimum(counts + 1, 5)
    up[_NONE] = 0
    down[-1] = 0
    row_key = ((two_of[down] - two_of[before]) * _PAIRS_SIZE + one_of[down] - one_of[before])
    column_key = (two_of[up] - two_of[counts]) * _PAIRS_SIZE + one_of[up] - one_of[counts]
    whole = _pairs_key(hand, quad_as_two_pairs)
    base = whole >> 4
    key = (base + row_key[:, None] + column_key[None, :]) * 16
    # Which counts 1..4 each cell holds: the hand's number of kinds per count, changed by
    # the discard and the draw.
    bits = np.array([0, 1, 2, 4, 8, 0], dtype=np.intp)
    number = np.bincount(counts[:N_KINDS], minlength=6)[:5]
    weight = 1 << (6 * np.arange(5, dtype=np.int64))  # five 6-bit fields
    packed = int((number * weight).sum())
    row_delta = weight[np.minimum(down, 4)] - weight[np.minimum(before, 4)]
    row_delta[-1] = 0
    column_delta = weight[np.minimum(up, 4)] - weight[np.minimum(counts, 4)]
    column_delta[_NONE] = 0
    cell = packed + row_delta[:, None] + column_delta[None, :]
    present = np.zeros(cell.shape, dtype=np.intp)
    for count in range(1, 5):
        present |= np.where((cell >> (6 * count)) & 63 > 0, bits[count], 0)
    result = table[key + present]
    same = rows[:, None] == np.arange(N_KINDS + 1)[None, :]
    return np.where(same, table[whole], result)
