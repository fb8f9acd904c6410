"""Every discard of one 3n+2 hand and the best discards' draws, in pure Python.

:func:`discard_draws` gives what :func:`~mahjong_rules.kernel.discard_draw_shanten`
gives with ``draws="best"`` (the same values: a test compares them on random hands of
every tile set and option), as Python ints and tuples, without numpy: a bot asks about
one hand at a time, where numpy's fixed cost per operation is most of the batched call.

It works per group, as the batched call does: a hand's regular shanten depends on its
four groups (three suits and the honour-like kinds) through one profile class per
group, so a discard or a draw changes one group's class, and each cell of the table is
three small-table reads. The rows of draws are memoized by the 3n+1 hand (its four group
codes): the hand a seat keeps after a discard is the one it draws to next turn, and
discarding that draw again asks for the same row. The pairs shapes come from counts of
counts that a discard and a draw update; cells holding four of a kind take the kernel's
exact join (:func:`~mahjong_rules.kernel._joins.exact_value`).

Examples:
    >>> from mahjong_rules.kernel import ALL_KINDS
    >>> from mahjong_rules.notation import parse_counts
    >>> counts = [int(c) for c in parse_counts("123m456p789s11345z")]
    >>> table = discard_draws(counts, ALL_KINDS)
    >>> table.shanten, table.rows  # one-shanten after 3z, 4z or 5z
    (1, (29, 30, 31))
    >>> table.better[0]  # after 3z: the draws that make it tenpai
    (27, 30, 31)

.. versionadded:: 0.5
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from mahjong_rules.kernel._counts import N_KINDS
from mahjong_rules.kernel._joins import exact_value
from mahjong_rules.kernel._lookup import FIELD_QUAD, Runtime, layout_of, runtime
from mahjong_rules.kernel._shanten import PAIR_SLOTS, pairs_value

__all__ = ["NOT_DRAWN", "DiscardDraws", "discard_draws"]

NOT_DRAWN: Final = 127
"""Shanten reported for a draw with no copy left (or outside the tile set)."""
_QUAD_MASK: Final = ((1 << FIELD_QUAD[1]) - 1) << FIELD_QUAD[0]


class DiscardDraws(NamedTuple):
    """Shanten of one 3n+2 hand, after each discard, and the best discards' draws."""

    shanten: int
    """Shanten of the 3n+2 hand itself (-1: complete)."""
    held: tuple[int, ...]
    """The kinds held, ascending."""
    after: tuple[int, ...]
    """Shanten after discarding one tile of each held kind (as :attr:`held`)."""
    rows: tuple[int, ...]
    """The discard kinds of :attr:`drawn`: those of the lowest shanten, and ``extra``."""
    better: tuple[tuple[int, ...], ...]
    """Per row, the kinds whose draw after its discard lowers the shanten (below the
    row's :attr:`after`), ascending: the row's ukeire kinds (at tenpai, its waits)."""


class _Plan:
    """Per tile set and options: each kind's group and weight, the tables as lists."""

    def __init__(self, kinds: tuple[bool, ...], n_sets: int, seven_pairs: bool,
                 thirteen_orphans: bool, quad_as_two_pairs: bool) -> None:
        layout = layout_of(kinds)
        self.codes = layout.codes
        self.groups = layout.groups
        self.group_of = [-1] * N_KINDS
        self.weight_of = [0] * N_KINDS
        self.orphan = [0] * N_KINDS
        """Kinds the packed statistics count as terminals and honours."""
        for group, members in enumerate(layout.groups):
            for kind, weight in members:
                self.group_of[kind] = group
                self.weight_of[kind] = weight
                self.orphan[kind] = int(group == 3 or weight in (1, 5**8))
        self.orphan_kinds = [kind for kind in range(N_KINDS) if self.orphan[kind]]
        self.honour_kinds = list(layout.honor_like_list)
        """The honour-like kinds (the fourth group): their quads raise the exact floor."""
        order = [kind for members in layout.groups for kind, _ in members]
        self.ordered = order == sorted(order)
        """The groups' kinds, one group after the other, are in ascending order."""
        self.klass = [0] * N_KINDS
        """Unused when the special shapes do not apply (see :func:`_better`)."""
        self.klass_base = [int(self.orphan[kind]) if kinds[kind] else 10
                           for kind in range(N_KINDS)]
        """Per kind: 1 for a terminal or honour, 10 outside the tile set, else 0."""
        self.n_sets = n_sets
        self.orphans = thirteen_orphans and n_sets == 4
        self.pairs = seven_pairs
        self.from_stats = n_sets == 4 and not quad_as_two_pairs
        """Seven pairs from the pairs and kinds held (else from counts of counts)."""
        self.quad_as_two_pairs = quad_as_two_pairs
        self.triplet = n_sets == 5
        self.two_of, self.one_of = PAIR_SLOTS[quad_as_two_pairs]


@functools.cache
def _plan(kinds: tuple[bool, ...], n_sets: int, seven_pairs: bool, thirteen_orphans: bool,
          quad_as_two_pairs: bool) -> _Plan:
    return _Plan(kinds, n_sets, seven_pairs, thirteen_orphans, quad_as_two_pairs)


_Shape = tuple[int, int, int, int, int, int]
"""What the special shapes read of a hand: its kinds held 1, 2, 3 and 4 times, its
terminal and honour kinds held, and those held twice or more."""


def _shape(counts: list[int], plan: _Plan) -> _Shape:
    """The :data:`_Shape` of one hand."""
    held = [counts[kind] for kind in plan.orphan_kinds]
    orphans = len(held) - held.count(0)
    return (counts.count(1), counts.count(2), counts.count(3), counts.count(4), orphans,
            orphans - held.count(1))


def _moved(shape: _Shape, count: int, new: int, orphan: int) -> _Shape:
    """The shape when one kind held ``count`` times is held ``new`` times."""
    number = [*shape[:4]]
    if count:
        number[count - 1] -= 1
    if new:
        number[new - 1] += 1
    kinds, pairs = shape[4], shape[5]
    if orphan:
        kinds += (new > 0) - (count > 0)
        pairs += (new >= 2) - (count >= 2)
    return number[0], number[1], number[2], number[3], kinds, pairs


@functools.lru_cache(maxsize=65536)
def _special(plan: _Plan, shape: _Shape) -> int:
    """The special shapes' shanten of a hand of that shape (127: none applies)."""
    one, two, three, four, orphan_kinds, orphan_pairs = shape
    best = 127
    if plan.pairs:
        if plan.from_stats:
            best = 6 - (two + three + four) + max(0, 7 - (one + two + three + four))
        else:
            two_of, one_of = plan.two_of, plan.one_of
            present = (one > 0) | (two > 0) << 1 | (three > 0) << 2 | (four > 0) << 3
            best = pairs_value(two + three * two_of[3] + four * two_of[4],
                                one + three * one_of[3], present, plan.quad_as_two_pairs,
                                plan.triplet)
    if plan.orphans:
        best = min(best, 13 - orphan_kinds - (1 if orphan_pairs else 0))
    return best


@functools.lru_cache(maxsize=65536)
def _special_table(plan: _Plan, shape: _Shape, step: int) -> tuple[int, ...]:
    """Per ``2 * count + orphan``: the special shapes' shanten after one move.

    One tile more (``step`` 1) or fewer (-1) of a kind held ``count`` times (``orphan``:
    a terminal or honour kind); 127 where the move cannot be, and at index 10 (outside
    the tile set).
    """
    return (*(_special(plan, _moved(shape, count, count + step, orphan))
              if 0 <= count + step <= 4 else 127
              for count in range(5) for orphan in (0, 1)), 127)


@functools.lru_cache(maxsize=65536)
def _lower(plan: _Plan, shape: _Shape, level: int) -> tuple[int, ...]:
    """The indices ``2 * count + orphan`` whose draw takes a special shape below ``level``."""
    table = _special_table(plan, shape, 1)
    return tuple(index for index in range(11) if table[index] < level)


_Entry = tuple[int, int, int, int]
"""A draw (or a discard) in one group: the kind, its count, the group's new code, and
the new code's simple profile class."""


@functools.lru_cache(maxsize=65536)
def _steps(plan: _Plan, group: int, code: int, step: int) -> tuple[_Entry, ...]:
    """Each kind of one group with one more (``step`` 1) or one fewer (``step`` -1).

    One more: the kinds held fewer than four times; one fewer: the kinds held.
    """
    rt = runtime()
    classes = rt.py_cls_forced if group == 3 else rt.py_cls_chain
    found = []
    for kind, weight in plan.groups[group]:
        count = code // weight % 5
        if (count < 4) if step > 0 else count:
            changed = code + step * weight
            found.append((kind, count, changed, classes[changed]))
    return tuple(found)


def _exact(rt: Runtime, codes: Sequence[int], n: int, honour_quads: int, *, full: bool) -> int:
    """Regular shanten of a hand holding four of a kind.

    The kernel's exact join and the floor of its honour-like quads (``full``: a 3n+2
    hand).
    """
    c0, c1, c2, c3 = codes
    exact = rt.py_exact_chain
    shanten = 2 * n - exact_value(exact[c0], exact[c1], exact[c2], rt.py_exact_forced[c3], n)
    if shanten == -1:
        return shanten
    floor = honour_quads - 1 if honour_quads and full else honour_quads
    return max(shanten, floor)


def _cells(rt: Runtime, codes: list[int], n: int, entries: Sequence[Sequence[_Entry]], *,
           quads: int, honour_quads: int, step: int) -> list[tuple[int, int, int]]:
    """``(kind, count, regular shanten)`` of each entry: the hand with one group changed."""
    cls, forced, pair = rt.py_cls_chain, rt.py_cls_forced, rt.py_pair
    ns, n_pair, final = rt.n_simple, rt.n_pair, rt.py_final[n]
    k0, k1, k2, k3 = cls[codes[0]], cls[codes[1]], cls[codes[2]], forced[codes[3]]
    left, right = pair[k0 * ns + k1] * n_pair, pair[k2 * ns + k3]
    out: list[tuple[int, int, int]] = []
    for group, found in enumerate(entries):
        for kind, count, code, x in found:
            # Four of a kind after the move: a draw of a third copy's fourth, or any other.
            others = quads - (count == 4)
            if others or (step > 0 and count == 3):
                old = codes[group]
                codes[group] = code
                value = _exact(rt, codes, n, honour_quads + (group == 3) * (
                    (count == 3) if step > 0 else -(count == 4)), full=step > 0)
                codes[group] = old
            elif group == 0:
                value = final[pair[x * ns + k1] * n_pair + right]
            elif group == 1:
                value = final[pair[k0 * ns + x] * n_pair + right]
            elif group == 2:
                value = final[left + pair[x * ns + k3]]
            else:
                value = final[left + pair[k2 * ns + x]]
            out.append((kind, count, value))
    return out


@functools.lru_cache(maxsize=65536)
def _group_draws(plan: _Plan, group: int, code: int, partner: int, other: int, n: int,  # noqa: PLR0917 - a memo key
                 level: int) -> tuple[int, ...]:
    """The kinds of ``group`` whose draw gives a simple-table shanten below ``level``.

    ``partner``: the class of the group joined with it first, ``other``: the pair class
    of the other two groups (draws of a fourth copy are read here as if simple; the
    caller corrects them).
    """
    return tuple(kind for kind, value in _group_values(plan, group, code, partner, other, n, 1)
                 if value < level)


@functools.lru_cache(maxsize=65536)
def _group_values(plan: _Plan, group: int, code: int, partner: int, other: int,  # noqa: PLR0917 - a memo key
                  n: int, step: int) -> tuple[tuple[int, int], ...]:
    """``(kind, simple-table shanten)`` of each kind of ``group``, one more or one fewer.

    ``step`` 1: one drawn (a fourth copy read as if simple); ``step`` -1: one discarded.
    """
    rt = runtime()
    pair, ns, n_pair, final = rt.py_pair, rt.n_simple, rt.n_pair, rt.py_final[n]
    found = []
    for kind, _count, _code, x in _steps(plan, group, code, step):
        if group == 0:
            value = final[pair[x * ns + partner] * n_pair + other]
        elif group == 1:
            value = final[pair[partner * ns + x] * n_pair + other]
        elif group == 2:
            value = final[other * n_pair + pair[x * ns + partner]]
        else:
            value = final[other * n_pair + pair[partner * ns + x]]
        found.append((kind, value))
    return tuple(found)


def _classes(rt: Runtime, codes: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """The four groups' simple classes, the left pair (man and pin) and the right pair."""
    cls, forced, pair, ns = rt.py_cls_chain, rt.py_cls_forced, rt.py_pair, rt.n_simple
    k0, k1, k2, k3 = cls[codes[0]], cls[codes[1]], cls[codes[2]], forced[codes[3]]
    return k0, k1, k2, k3, pair[k0 * ns + k1], pair[k2 * ns + k3]


def _better(plan: _Plan, rt: Runtime, codes: list[int], counts: list[int], n: int,  # noqa: PLR0917
            level: int, shape: _Shape | None, klass: list[int]) -> tuple[int, ...]:
    """The kinds whose draw takes a 3n+1 hand (its codes and counts) below ``level``.

    ``shape``: the hand's special shape (``None`` when the special shapes do not apply);
    ``klass``: per kind ``2 * count + orphan``, 10 outside the tile set.
    """
    if counts.count(4):  # four of a kind in every cell: the exact join throughout
        entries = [_steps(plan, group, codes[group], 1) for group in range(4)]
        honour_quads = sum(1 for kind in plan.honour_kinds if counts[kind] == 4)
        cells = _cells(rt, codes, n, entries, quads=counts.count(4), honour_quads=honour_quads,
                       step=1)
        found = [kind for kind, _, value in cells if value < level]
    else:
        k0, k1, k2, k3, left, right = _classes(rt, codes)
        found = [*_group_draws(plan, 0, codes[0], k1, right, n, level),
                 *_group_draws(plan, 1, codes[1], k0, right, n, level),
                 *_group_draws(plan, 2, codes[2], k3, left, n, level),
                 *_group_draws(plan, 3, codes[3], k2, left, n, level)]
        if counts.count(3):  # a draw of a fourth copy: the exact join there
            group_of, weight_of = plan.group_of, plan.weight_of
            found = [kind for kind in found if counts[kind] != 3]
            for kind in range(N_KINDS):
                if counts[kind] == 3:
                    group = group_of[kind]
                    codes[group] += weight_of[kind]
                    if _exact(rt, codes, n, int(group == 3), full=True) < level:
                        found.append(kind)
                    codes[group] -= weight_of[kind]
    if shape is not None and _special(plan, shape) == level:
        # the special shapes may reach below the level too
        lower = _lower(plan, shape, level)
        if lower:
            found.extend(kind for kind, index in enumerate(klass) if index in lower)
            return tuple(sorted(set(found)))
    if not plan.ordered or counts.count(3):
        found.sort()
    return tuple(found)


def discard_draws(counts: list[int], kinds: tuple[bool, ...], n_sets: int = 4, *,
                  seven_pairs: bool = True, thirteen_orphans: bool = True,
                  quad_as_two_pairs: bool = False, extra: Sequence[int] = ()) -> DiscardDraws:
    """:func:`~mahjong_rules.kernel.discard_draw_shanten` (``draws="best"``) of one hand.

    The rows are given as their improving kinds (:attr:`DiscardDraws.better`).

    Contract (not checked, as in :mod:`mahjong_rules.kernel.single`): ``counts`` are 34
    Python ints 0..4 of a 3n+2 hand with ``n <= n_sets`` (melded tiles removed), only
    kinds of ``kinds`` (a 34-tuple of bools such as
    :data:`~mahjong_rules.kernel.ALL_KINDS`). The options are those of
    :func:`~mahjong_rules.kernel.shanten`; ``extra``: more discard kinds to give rows
    (kinds not held are ignored). ``counts`` is changed during the call and restored.
    """
    plan = _plan(kinds, n_sets, seven_pairs, thirteen_orphans, quad_as_two_pairs)
    rt = runtime()
    n = sum(counts) // 3
    codes = list(plan.codes(counts))
    quads = counts.count(4)
    if quads:
        held = [kind for kind in range(N_KINDS) if counts[kind]]
        honour_quads = sum(1 for kind in plan.honour_kinds if counts[kind] == 4)
        whole = _exact(rt, codes, n, honour_quads, full=True)
        entries = [_steps(plan, group, codes[group], -1) for group in range(4)]
        cells = _cells(rt, codes, n, entries, quads=quads, honour_quads=honour_quads, step=-1)
        cells.sort()
        after = [value for _, _, value in cells]
    else:
        k0, k1, k2, k3, left, right = _classes(rt, codes)
        whole = rt.py_final[n][left * rt.n_pair + right]
        cells2 = [*_group_values(plan, 0, codes[0], k1, right, n, -1),
                  *_group_values(plan, 1, codes[1], k0, right, n, -1),
                  *_group_values(plan, 2, codes[2], k3, left, n, -1),
                  *_group_values(plan, 3, codes[3], k2, left, n, -1)]
        if not plan.ordered:
            cells2.sort()
        held = [kind for kind, _ in cells2]
        after = [value for _, value in cells2]
    klass = plan.klass
    shape: _Shape | None = None
    if n == n_sets and (plan.pairs or plan.orphans):
        klass = [2 * count + base for count, base in zip(counts, plan.klass_base, strict=True)]
        shape = _shape(counts, plan)
        bound = _special(plan, shape)  # a discard never lowers a special shape
        whole = min(whole, bound)
        if max(after) > bound:
            table = _special_table(plan, shape, -1)
            after = [min(value, table[klass[kind]]) if value > bound else value
                     for kind, value in zip(held, after, strict=True)]
    level = min(after)
    rows = tuple(kind for kind, value in zip(held, after, strict=True)
                 if value == level or kind in extra)
    better = []
    group_of, weight_of = plan.group_of, plan.weight_of
    orphan = plan.orphan
    for kind in rows:
        group = group_of[kind]
        codes[group] -= weight_of[kind]
        counts[kind] -= 1
        row_shape = None
        if shape is not None:
            count = counts[kind]
            row_shape = _moved(shape, count + 1, count, orphan[kind])
            klass[kind] -= 2
        better.append(_better(plan, rt, codes, counts, n, after[held.index(kind)], row_shape,
                              klass))
        if shape is not None:
            klass[kind] += 2
        counts[kind] += 1
        codes[group] += weight_of[kind]
    return DiscardDraws(whole, tuple(held), tuple(after), rows, tuple(better))
