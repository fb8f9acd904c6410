"""Hand division: every reading of a winning hand as blocks, with the winning tile's place.

A *reading* is the hand cut into sets and a pair (called melds included, as they are),
plus which block the winning tile completed and so the wait. Seven pairs and thirteen
orphans are readings of their own. The scorer scores every reading and keeps the best.

Examples:
    >>> from mahjong_rules.notation import parse_kinds
    >>> hand = list(parse_kinds("2234455m234p234s"))
    >>> sorted({r.wait.value for r in readings(hand, win=2, melds=(), tsumo=False)})
    ['kanchan', 'ryanmen']

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from mahjong_rules.scoring.hand import Meld, MeldKind
from mahjong_rules.tiles import TERMINAL_AND_HONOR_KINDS

__all__ = ["Block", "Form", "Reading", "Shape", "Wait", "readings"]


class Shape(enum.Enum):
    """The shape of a block."""

    RUN = "run"
    TRIPLET = "triplet"
    KAN = "kan"
    PAIR = "pair"


class Wait(enum.Enum):
    """How the winning tile completed the hand."""

    RYANMEN = "ryanmen"
    """Two-sided run wait (45 waiting on 3 or 6)."""
    KANCHAN = "kanchan"
    """Closed wait for the middle of a run."""
    PENCHAN = "penchan"
    """Edge wait (12 on 3, 89 on 7)."""
    SHANPON = "shanpon"
    """One of two pairs becomes a triplet."""
    TANKI = "tanki"
    """Pair wait (also every seven-pairs win)."""
    THIRTEEN_SIDED = "thirteen_sided"
    """Thirteen orphans waiting on all thirteen kinds."""
    ORPHAN_SINGLE = "orphan_single"
    """Thirteen orphans waiting on the one kind it lacks."""


class Form(enum.Enum):
    """The overall shape of a reading."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    SEVEN_PAIRS_AND_TRIPLET = "seven_pairs_and_triplet"
    """Taiwanese 嚦咕嚦咕: seven pairs and one triplet, concealed (``n_sets=5``)."""


class Block(NamedTuple):
    """One set or the pair of a reading."""

    shape: Shape
    kind: int
    """The first kind (of a run: its lowest)."""
    open: bool
    """Called, or (a triplet) completed by a ron: counts as exposed."""
    melded: bool
    """Comes from a called or declared meld."""


class Reading(NamedTuple):
    """One way to read a winning hand."""

    form: Form
    blocks: tuple[Block, ...]
    """Sets and pair (empty for thirteen orphans; seven pairs for seven pairs)."""
    wait: Wait
    win_block: int
    """Index in ``blocks`` of the block the winning tile completed (-1 for orphans)."""


def _meld_block(meld: Meld) -> Block:
    if meld.kind is MeldKind.CHI:
        shape = Shape.RUN
    elif meld.is_kan:
        shape = Shape.KAN
    else:
        shape = Shape.TRIPLET
    return Block(shape, meld.first_kind, meld.is_open, melded=True)


def _divisions(counts: list[int], sets: int) -> list[list[tuple[Shape, int]]]:
    """Every split of ``counts`` into ``sets`` sets and one pair (concealed tiles)."""
    results: list[list[tuple[Shape, int]]] = []
    current: list[tuple[Shape, int]] = []

    def search(start: int, sets_left: int, pair_left: int) -> None:
        kind = start
        while kind < 34 and counts[kind] == 0:
            kind += 1
        if kind == 34:
            if sets_left == 0 and pair_left == 0:
                results.append(list(current))
            return
        if pair_left and counts[kind] >= 2:
            counts[kind] -= 2
            current.append((Shape.PAIR, kind))
            search(kind, sets_left, 0)
            current.pop()
            counts[kind] += 2
        if sets_left and counts[kind] >= 3:
            counts[kind] -= 3
            current.append((Shape.TRIPLET, kind))
            search(kind, sets_left - 1, pair_left)
            current.pop()
            counts[kind] += 3
        if sets_left and kind < 27 and kind % 9 <= 6 and counts[kind + 1] and counts[kind + 2]:
            for k in (kind, kind + 1, kind + 2):
                counts[k] -= 1
            current.append((Shape.RUN, kind))
            search(kind, sets_left - 1, pair_left)
            current.pop()
            for k in (kind, kind + 1, kind + 2):
                counts[k] += 1

    search(0, sets, 1)
    return results


def _run_wait(start: int, win: int) -> Wait:
    position = win - start
    if position == 1:
        return Wait.KANCHAN
    if (position == 2 and start % 9 == 0) or (position == 0 and start % 9 == 6):
        return Wait.PENCHAN
    return Wait.RYANMEN


def _pairs_and_triplet(counts: list[int], win: int, *, tsumo: bool) -> Reading | None:
    """Seven pairs and a triplet, four of a kind as two pairs (Taiwanese, 17 tiles)."""
    triplets = [kind for kind in range(34) if counts[kind] == 3]
    if len(triplets) != 1 or any(c in (1, 5) for c in counts) or sum(c // 2 for c in counts
                                                                   if c != 3) != 7:
        return None
    pairs = [Block(Shape.PAIR, k, open=False, melded=False)
             for k in range(34) for _ in range(counts[k] // 2 if counts[k] != 3 else 0)]
    # a triplet completed by a ron tile counts as exposed, as in the regular form
    triplet = Block(Shape.TRIPLET, triplets[0], open=win == triplets[0] and not tsumo,
                    melded=False)
    blocks = (*pairs, triplet)
    if win == triplets[0]:
        return Reading(Form.SEVEN_PAIRS_AND_TRIPLET, blocks, Wait.SHANPON, len(pairs))
    index = next(i for i, block in enumerate(pairs) if block.kind == win)
    return Reading(Form.SEVEN_PAIRS_AND_TRIPLET, blocks, Wait.TANKI, index)


def readings(
    concealed: Sequence[int], *, win: int, melds: Sequence[Meld], tsumo: bool, n_sets: int = 4
) -> list[Reading]:
    """Every reading of a hand: ``concealed`` kinds (without the winning tile), ``win``.

    Contract: ``len(concealed) + 1 + 3 * len(melds)`` is ``3 * n_sets + 2`` (kans count
    as 3), every kind 0..33, ``n_sets`` 4 (riichi: the special forms are seven pairs and
    thirteen orphans) or 5 (Taiwanese: seven pairs and a triplet). Returns an empty list
    when the tiles form no winning shape.

    Examples:
        >>> from mahjong_rules.notation import parse_kinds
        >>> hand = list(parse_kinds("1111m22p55p77s99s11z44z"))
        >>> [(r.form.value, r.wait.value) for r in readings(hand, win=30, melds=(),
        ...                                                   tsumo=False, n_sets=5)]
        [('seven_pairs_and_triplet', 'shanpon')]
    """
    counts = [0] * 34
    for kind in concealed:
        counts[kind] += 1
    counts[win] += 1
    found: list[Reading] = []
    seen: set[tuple[object, ...]] = set()
    meld_blocks = [_meld_block(meld) for meld in melds]
    for division in _divisions(counts, n_sets - len(melds)):
        for index, (shape, kind) in enumerate(division):
            if shape is Shape.RUN:
                if not kind <= win <= kind + 2:
                    continue
                wait = _run_wait(kind, win)
            elif kind != win:
                continue
            else:
                wait = Wait.TANKI if shape is Shape.PAIR else Wait.SHANPON
            blocks = [Block(s, k, open=False, melded=False) for s, k in division]
            if shape is Shape.TRIPLET and not tsumo:
                blocks[index] = Block(shape, kind, open=True, melded=False)
            key = (tuple(sorted((b.shape.value, b.kind, b.open) for b in blocks)),
                   shape.value, kind, wait)
            if key in seen:
                continue
            seen.add(key)
            found.append(Reading(Form.REGULAR, (*meld_blocks, *blocks), wait,
                                 len(meld_blocks) + index))
    if n_sets == 5:
        special = None if melds else _pairs_and_triplet(counts, win, tsumo=tsumo)
        if special is not None:
            found.append(special)
    elif not melds:
        if sum(1 for c in counts if c == 2) == 7:
            pairs = tuple(Block(Shape.PAIR, k, open=False, melded=False)
                          for k in range(34) if counts[k] == 2)
            index = next(i for i, block in enumerate(pairs) if block.kind == win)
            found.append(Reading(Form.SEVEN_PAIRS, pairs, Wait.TANKI, index))
        orphans = [counts[k] for k in TERMINAL_AND_HONOR_KINDS]
        if all(orphans) and sum(orphans) == 14:
            sided = counts[win] == 2
            found.append(Reading(Form.THIRTEEN_ORPHANS, (),
                                 Wait.THIRTEEN_SIDED if sided else Wait.ORPHAN_SINGLE, -1))
    return found
