"""Waits and shanten of one hand in pure Python: the single-hand path of the kernel.

The batched kernel (:func:`mahjong_rules.kernel.shanten`, :func:`~mahjong_rules.kernel.waits`)
takes arrays of hands and checks its input; the reducer asks about one hand at a time,
millions of times a run, so it uses these: no numpy round trip, no input checks (the
reducer's hands are valid by construction), and memos on the shapes of single suits.
They give the batched kernel's answers (``tests/kernel/test_single.py`` compares them on
random and exhaustive hands).

Examples:
    >>> from mahjong_rules.kernel import ALL_KINDS
    >>> from mahjong_rules.notation import parse_counts
    >>> counts = [int(c) for c in parse_counts("123m456p789s1122z")]  # Python ints
    >>> shanten_single(counts, ALL_KINDS)
    0
    >>> sorted(waits_single(tuple(counts), ALL_KINDS))  # a tuple or bytes
    [27, 28]

.. versionadded:: 0.4
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from mahjong_rules.kernel._shanten import shanten_of_values

__all__ = ["KIND_OF_ID", "ORPHANS", "complete_special", "fifth_copy_waits", "kinds_waits",
           "shanten_single", "waits_single"]

ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
"""The terminal and honour kinds (thirteen orphans)."""
_ORPHAN_KINDS = tuple(sorted(ORPHANS))


def shanten_single(counts: list[int], mask: tuple[bool, ...], n_sets: int = 4) -> int:
    """Shanten of one valid hand (the kernel's single-hand path, without input checks).

    ``n_sets=4``: riichi (seven pairs, thirteen orphans); ``n_sets=5``: Taiwanese (seven
    pairs and a triplet, four of a kind as two pairs, no thirteen orphans).
    """
    return shanten_of_values(counts, mask, n_sets, seven_pairs=True, orphans=n_sets == 4,
                             quad_as_two_pairs=n_sets == 5, validate=False)


@functools.cache
def _suit_sets(suit: tuple[int, ...]) -> bool:
    """The tiles of one suit (9 counts) split into runs and triplets."""
    first = next((i for i, c in enumerate(suit) if c), None)
    if first is None:
        return True
    rest = list(suit)
    if rest[first] >= 3:
        rest[first] -= 3
        if _suit_sets(tuple(rest)):
            return True
        rest[first] += 3
    if first <= 6 and rest[first + 1] and rest[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        return _suit_sets(tuple(rest))
    return False


@functools.cache
def _suit_form(suit: tuple[int, ...]) -> int:
    """One suit's tiles: 1 when they split into sets, 2 into sets and a pair, else 0."""
    size = sum(suit)
    if size % 3 == 0:
        return 1 if _suit_sets(suit) else 0
    if size % 3 == 1:
        return 0
    rest = list(suit)
    for i in range(9):
        if rest[i] >= 2:
            rest[i] -= 2
            if _suit_sets(tuple(rest)):
                return 2
            rest[i] += 2
    return 0


def complete_special(counts: list[int], n_sets: int = 4) -> bool:
    """The special winning shapes.

    Riichi (``n_sets=4``, 14 concealed tiles): seven distinct pairs or thirteen orphans.
    Taiwanese (``n_sets=5``, 17 concealed tiles): seven pairs and a triplet, four of a
    kind counting as two pairs.
    """
    if n_sets == 5:
        return (sum(counts) == 17 and sum(c == 3 for c in counts) == 1
                and all(c in (0, 2, 3, 4) for c in counts))
    if sum(counts) != 14:
        return False
    if all(c in (0, 2) for c in counts):
        return True
    return all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14


def fifth_copy_waits(counts: Sequence[int]) -> frozenset[int]:
    """The kinds a 3n+1 hand holds four of whose fifth copy would complete it.

    Such a wait cannot be won (there is no fifth copy): :func:`waits_single` leaves it
    out. A rule where it still counts for tenpai (karaten, ``FifthTile.NONE``) asks for
    it here. Only sets and a pair can hold five of a kind (a triplet and a pair, a
    triplet and two runs, a pair and three runs); the special shapes cannot.

    Examples:
        >>> from mahjong_rules.notation import parse_counts
        >>> sorted(fifth_copy_waits(parse_counts("1111m234p567p789s")))  # 111m 11m
        [0]
        >>> sorted(fifth_copy_waits(parse_counts("2222m345p678p789s")))  # 222m 22m
        [1]
        >>> sorted(fifth_copy_waits(parse_counts("1111m2m345p678p99s")))  # it waits on 3m
        []
    """
    found = set()
    for kind in range(34):
        if counts[kind] != 4:
            continue
        five = list(counts)
        five[kind] = 5
        pairs = 0
        for start in (0, 9, 18):
            form = _suit_form(tuple(five[start:start + 9]))
            if not form:
                break
            pairs += form == 2
        else:
            honours = five[27:34]
            if all(c % 3 != 1 for c in honours):
                pairs += sum(c % 3 == 2 for c in honours)
                if pairs == 1:
                    found.add(kind)
    return frozenset(found)


KIND_OF_ID = bytes(i >> 2 for i in range(256))
"""``bytes.translate`` table: a tile id's kind (ids 4k..4k+3 are kind k)."""


@functools.lru_cache(maxsize=65536)
def kinds_waits(kinds: bytes, mask: tuple[bool, ...], n_sets: int = 4) -> frozenset[int]:
    """:func:`waits_single` of a hand given by the kinds of its tiles, memoized.

    Hands of the same kinds repeat within a game and across games.
    """
    counts = bytearray(34)
    for kind in kinds:
        counts[kind] += 1
    return waits_single(bytes(counts), mask, n_sets)


def waits_single(counts: Sequence[int], mask: tuple[bool, ...],
                 n_sets: int = 4) -> frozenset[int]:
    """Waits of a 3n+1 hand by counts (34 of them, a tuple or bytes).

    The kinds ``k`` of the tile set, held fewer than four times, for which the hand with
    ``k`` added is a winning shape: sets and a pair, or a special shape of
    :func:`complete_special` (the kernel's definition: the same as its shanten -1 with
    that tile added, checked by the tests). The sets and a pair come from each suit's
    additions (:func:`_group_info`, cached by the suit's counts), the special shapes from
    a few candidates.
    """
    groups = (_group_info(counts[0:9]), _group_info(counts[9:18]),
              _group_info(counts[18:27]), _honour_info(counts[27:34]))
    found: set[int] = set()
    bad = [g for g in range(4) if not groups[g][0]]
    if len(bad) <= 1:
        pairs = sum(info[1] for info in groups if info[0])
        for g in bad or range(4):
            rest = pairs - groups[g][1] if groups[g][0] else pairs
            if rest > 1:
                continue
            base = 9 * g
            for position, new_pairs in groups[g][2]:
                if rest + new_pairs == 1 and mask[base + position]:
                    found.add(base + position)
    special = _special_candidates(counts, n_sets)
    if special:
        work = list(counts)
        for kind in special:
            if kind in found or not mask[kind] or work[kind] >= 4:
                continue
            work[kind] += 1
            if complete_special(work, n_sets):
                found.add(kind)
            work[kind] -= 1
    return frozenset(found)


GroupInfo = tuple[bool, int, tuple[tuple[int, int], ...]]
"""A suit's (or the honours') part of a hand: whether it is sets and pairs as the regular
shape needs, its pairs, and each position that a tile added there leaves complete, with
the pairs it then has."""


@functools.cache
def _group_info(suit: Sequence[int]) -> GroupInfo:
    """The regular-shape facts of one suit (9 counts): see :data:`GroupInfo`."""
    form = _suit_form(suit)
    additions: list[tuple[int, int]] = []
    work = list(suit)
    for position in range(9):
        if work[position] >= 4:
            continue
        work[position] += 1
        added = _suit_form(tuple(work))
        if added:
            additions.append((position, added - 1))
        work[position] -= 1
    return bool(form), max(form - 1, 0), tuple(additions)


@functools.cache
def _honour_info(honours: Sequence[int]) -> GroupInfo:
    """The regular-shape facts of the seven honour counts: see :data:`GroupInfo`.

    Each honour kind stands alone: no tile, a pair or a triplet.
    """
    ok = all(c in (0, 2, 3) for c in honours)
    pairs = sum(c == 2 for c in honours)
    additions: list[tuple[int, int]] = []
    singles = sum(c in (1, 4) for c in honours)
    for position, count in enumerate(honours):
        # the addition must leave no single or quad: at most the one it completes
        if count == 1 and singles == 1:
            additions.append((position, pairs + 1))
        elif count == 2 and ok:
            additions.append((position, pairs - 1))
    return ok, pairs, tuple(additions)


def _special_candidates(counts: Sequence[int], n_sets: int) -> tuple[int, ...]:  # noqa: PLR0911
    """Kinds that may complete a special shape (:func:`complete_special` decides).

    Riichi: the lone single of six pairs (seven pairs), every terminal and honour for a
    hand of terminals and honours only (thirteen orphans). Taiwanese: the lone single, or
    any pair or triplet when there is none (seven pairs and a triplet).
    """
    size = 3 * n_sets + 1
    if sum(counts) != size:
        return ()
    if n_sets == 4:
        # seven pairs waits with seven kinds held, thirteen orphans with twelve or more
        distinct = 34 - counts.count(0)
        if distinct == 7:
            return (counts.index(1),) if counts.count(1) == 1 else ()
        if distinct >= 12 and sum(map(counts.__getitem__, _ORPHAN_KINDS)) == size:
            return _ORPHAN_KINDS
        return ()
    singles = counts.count(1)
    if singles == 1:
        return (counts.index(1),)
    if singles:
        return ()
    return tuple(k for k in range(34) if counts[k] in (2, 3))
