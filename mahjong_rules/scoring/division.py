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
import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from mahjong_rules.scoring.hand import Meld, MeldKind
from mahjong_rules.tiles import TERMINAL_AND_HONOR_KINDS, Tile, TileKind

__all__ = ["Block", "Form", "Reading", "Shape", "Wait", "block_facts", "join_facts",
           "meld_block", "meld_parts", "reading_facts", "readings", "regular_readings",
           "riichi_readings", "special_readings"]


class Shape(enum.Enum):
    """The shape of a block."""

    __hash__ = object.__hash__  # identity, as equality is: no Python-level hash

    RUN = "run"
    TRIPLET = "triplet"
    KAN = "kan"
    PAIR = "pair"


class Wait(enum.Enum):
    """How the winning tile completed the hand."""

    __hash__ = object.__hash__  # identity, as equality is: no Python-level hash

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

    __hash__ = object.__hash__  # identity, as equality is: no Python-level hash

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


def meld_block(meld: Meld) -> Block:
    """The block of a called or declared meld."""
    kind = meld.kind
    if kind is MeldKind.CHI:
        shape = Shape.RUN
    elif meld.is_kan:
        shape = Shape.KAN
    else:
        shape = Shape.TRIPLET
    return Block(shape, min(meld.tiles).kind, meld.is_open, melded=True)


# --------------------------------------------------------------------------- facts
#
# The facts of some blocks are one int: the run mask (bit k: a run starts at kind k),
# the triplet mask (bit k: a triplet or kan of kind k) and counts in 8-bit fields. The
# facts of the suits of one hand add up (their masks do not overlap, the fields do not
# overflow); melds join by or-ing their masks (a chi may repeat a concealed run) and
# adding their counts. That is how a hand's facts are built from its suits' (cached)
# facts and its melds'.

RUN_BITS: Final = (1 << 27) - 1
"""Mask of the run mask (bits 0-26)."""
TRIPLETS: Final = 27
"""Shift of the triplet mask (34 bits)."""
TRIPLET_BITS: Final = (1 << 34) - 1
"""Mask of the triplet mask once shifted down."""
RUNS: Final = 61
"""Shift of the number of runs."""
DOUBLES: Final = 69
"""Shift of the pairs of identical concealed runs (one for iipeikou, two for ryanpeikou)."""
KANS: Final = 77
"""Shift of the number of kans."""
CONCEALED_SETS: Final = 85
"""Shift of the triplets and kans neither called nor completed by a ron."""
PLAIN: Final = 93
"""Shift of the blocks without a terminal or an honour."""
MELDED: Final = 101
"""Shift of the blocks from melds."""
PAIR: Final = 109
"""Shift of the pair's kind plus one (0: no pair)."""
FIELD: Final = 0xFF
"""Mask of one count once shifted down."""
MASKS: Final = (1 << RUNS) - 1
"""The masks of a facts int (below :data:`RUNS`): or-ed when facts join; the counts above
them add up."""
_OUTSIDE_KINDS: Final = frozenset(TERMINAL_AND_HONOR_KINDS)


def block_facts(blocks: Sequence[Block]) -> int:
    """The facts of some blocks (a reading's, a suit's, the melds'), as one int.

    Examples:
        >>> facts = block_facts([Block(Shape.RUN, 0, open=False, melded=False),
        ...                      Block(Shape.PAIR, 31, open=False, melded=False)])
        >>> facts & RUN_BITS, facts >> RUNS & FIELD, facts >> PLAIN & FIELD, facts >> PAIR
        (1, 1, 0, 32)
    """
    masks = tally = 0
    concealed_runs: list[int] = []
    for shape, kind, is_open, melded in blocks:
        if shape is Shape.RUN:
            masks |= 1 << kind
            tally += 1 << RUNS
            if not melded:
                concealed_runs.append(kind)
            outside = kind % 9 in (0, 6)
        else:
            outside = kind in _OUTSIDE_KINDS
            if shape is Shape.PAIR:
                tally += (kind + 1) << PAIR
            else:
                masks |= 1 << (TRIPLETS + kind)
                if shape is Shape.KAN:
                    tally += 1 << KANS
                if not is_open:
                    tally += 1 << CONCEALED_SETS
        if not outside:
            tally += 1 << PLAIN
        if melded:
            tally += 1 << MELDED
    doubles = sum(concealed_runs.count(k) // 2 for k in set(concealed_runs))
    return masks + tally + (doubles << DOUBLES)


def join_facts(first: int, second: int) -> int:
    """The facts of two sets of blocks of one hand (their masks or-ed, counts added)."""
    return (first | second & MASKS) + (second & ~MASKS)


@functools.cache
def _meld_part(kind: MeldKind, first: int) -> tuple[Block, int]:
    block = meld_block(Meld(kind=kind, tiles=(Tile(TileKind(first)),)))
    return block, block_facts((block,))


def meld_parts(melds: Sequence[Meld]) -> tuple[tuple[Block, ...], int]:
    """The blocks of some melds and their facts (as :func:`block_facts` of the blocks).

    A meld's block and facts depend only on its kind and its lowest kind: cached.
    """
    blocks = []
    facts = 0
    for meld in melds:
        block, meld_facts = _meld_part(meld.kind, min(meld.tiles)[0])
        blocks.append(block)
        facts = join_facts(facts, meld_facts)
    return tuple(blocks), facts


def reading_facts(reading: Reading) -> int:
    """The facts of a reading's blocks."""
    return block_facts(reading.blocks)


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


# --------------------------------------------------------------------------- divisions


_Place = tuple[int, Wait, "Block | None"]
"""A block of a suit's division that can hold the winning tile: its index in the division,
the wait, and for a triplet the same block open (a triplet completed by ron is open)."""
_Part = tuple[tuple[Block, ...], int, tuple["tuple[_Place, ...] | None", ...], int]
"""One division of one suit's tiles: its blocks, their facts, by the winning kind's place
in the suit (0-8; honours 0-6) the blocks that can hold it (identical blocks once, the
first; ``None``: none), and the number of blocks. Plain tuples, not named ones: the scorer
unpacks them on its hot path, and a tuple subclass is unpacked the slow, generic way."""


def _part(blocks: tuple[Block, ...], offset: int, size: int) -> _Part:
    places: dict[int, list[_Place]] = {}
    for index, block in enumerate(blocks):
        shape, kind = block.shape, block.kind
        if block in blocks[:index]:
            continue  # an identical block holds the winning tile: the same reading
        if shape is Shape.RUN:
            for win in (kind, kind + 1, kind + 2):
                places.setdefault(win, []).append((index, _run_wait(kind, win), None))
        elif shape is Shape.PAIR:
            places.setdefault(kind, []).append((index, Wait.TANKI, None))
        else:
            places.setdefault(kind, []).append((
                index, Wait.SHANPON, Block(shape, kind, open=True, melded=False)))
    by_kind = tuple(tuple(places[offset + at]) if offset + at in places else None
                    for at in range(size))
    return blocks, block_facts(blocks), by_kind, len(blocks)


def _suit_divisions(offset: int, counts: bytes) -> tuple[_Part, ...]:
    """Every division of one suit's tiles into sets and at most one pair.

    ``offset`` is the suit's first kind (0, 9, 18 for the number suits, 27 for the
    honours, which make no runs) and ``counts`` its tiles. Each division (as a multiset
    of blocks) comes once, in the order a depth-first search of the whole hand (lowest
    kind first; pair, then triplet, then run) first finds it, with its blocks in that
    search's order. A kind held more than four times has none (no real hand holds it).
    """
    if max(counts, default=0) > 4:
        return ()
    numbers = offset < 27
    size = len(counts)
    left = list(counts)
    found: dict[tuple[tuple[str, int], ...], tuple[Block, ...]] = {}
    current: list[Block] = []

    def search(position: int, pair_left: bool) -> None:
        while position < size and left[position] == 0:
            position += 1
        if position == size:
            key = tuple(sorted((b.shape.value, b.kind) for b in current))
            found.setdefault(key, tuple(current))
            return
        kind = offset + position
        if pair_left and left[position] >= 2:
            left[position] -= 2
            current.append(Block(Shape.PAIR, kind, open=False, melded=False))
            search(position, pair_left=False)
            current.pop()
            left[position] += 2
        if left[position] >= 3:
            left[position] -= 3
            current.append(Block(Shape.TRIPLET, kind, open=False, melded=False))
            search(position, pair_left)
            current.pop()
            left[position] += 3
        if numbers and position <= 6 and left[position + 1] and left[position + 2]:
            for step in range(3):
                left[position + step] -= 1
            current.append(Block(Shape.RUN, kind, open=False, melded=False))
            search(position, pair_left)
            current.pop()
            for step in range(3):
                left[position + step] += 1

    search(0, pair_left=True)
    return tuple(_part(blocks, offset, size) for blocks in found.values())


_CACHE_LIMIT: Final = 1 << 17
_Suit = tuple[tuple[_Part, ...], int]
# Per suit: its tiles as bytes -> (divisions, summary). A suit's divisions depend only on
# its counts, and the suits of hands repeat their patterns far more often than whole
# hands do (a few thousand patterns cover most hands). The summary is one int whose
# fields add up over the suits of a hand (no field overflows; the kind masks of the suits
# do not overlap): the tiles, whether they hold the pair, whether they have no division,
# and for the special forms the kinds held twice, the terminal and honour kinds held, the
# other tiles; then the kinds held, as a kind mask.
_MAN: Final[dict[bytes, _Suit]] = {}
_PIN: Final[dict[bytes, _Suit]] = {}
_SOU: Final[dict[bytes, _Suit]] = {}
_HONOR: Final[dict[bytes, _Suit]] = {}
_PAIR_FIELD: Final = 8
_UNDIVIDED_FIELD: Final = 12
_TWICE_FIELD: Final = 16
_ORPHAN_FIELD: Final = 24
_OTHERS_FIELD: Final = 32
_KINDS_FIELD: Final = 40
_SHAPE: Final = (1 << _TWICE_FIELD) - 1
"""The tiles, pair and no-division fields of a summary."""


def _suit(cache: dict[bytes, _Suit], offset: int, counts: bytes) -> _Suit:
    """Fill the cache of one suit for ``counts``."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    divisions = _suit_divisions(offset, counts)
    tiles = sum(counts)
    orphans = (0, 8) if offset < 27 else range(7)
    summary = (tiles + ((tiles % 3 == 2) << _PAIR_FIELD) + ((not divisions) << _UNDIVIDED_FIELD)
               + (counts.count(2) << _TWICE_FIELD)
               + (sum(1 for i in orphans if counts[i]) << _ORPHAN_FIELD)
               + ((tiles - sum(counts[i] for i in orphans)) << _OTHERS_FIELD)
               + (sum(1 << (offset + i) for i, count in enumerate(counts) if count)
                  << _KINDS_FIELD))
    entry = cache[counts] = divisions, summary
    return entry


_REGULAR_SHAPE: Final = tuple(3 * sets + 2 + (1 << _PAIR_FIELD) for sets in range(6))
"""The shape fields of a summary that can be read as ``sets`` sets and a pair (by index):
the tiles, one suit holding the pair, every suit divided."""
_SEVEN_PAIRS_TALLY: Final = 7
"""Seven pairs: the kinds held twice."""
_ORPHANS_TALLY: Final = 13
"""Thirteen orphans: the terminal and honour kinds held and the other tiles, as one int."""


_new_reading: Final = functools.partial(tuple.__new__, Reading)
"""``Reading(*fields)`` without the keyword handling of the generated ``__new__``."""
_REGULAR: Final = Form.REGULAR  # a member looked up on its enum class is slow in 3.11
_CONCEALED_SET: Final = 1 << CONCEALED_SETS


def regular_readings(
    counts: Sequence[int], *, win: int, meld_blocks: tuple[Block, ...], meld_facts: int,
    tsumo: bool, n_sets: int = 4,
) -> list[tuple[Reading, int]]:
    """The regular readings (``n_sets`` sets and a pair) of a hand, each with its facts.

    ``counts`` are the concealed tiles with the winning tile (34 kinds); ``meld_facts``
    are :func:`block_facts` of ``meld_blocks``. A division of the hand is one division of
    each suit, with one pair among them all; a depth-first search of the whole hand meets
    the suits one after the other, so its order is the product of the suits' orders
    (what the per-suit cache keeps). The first reading found comes first.
    """
    if len(counts) != 34 or len(meld_blocks) > n_sets:
        return []
    return riichi_readings(counts, win, meld_blocks, meld_facts, tsumo, n_sets,
                           special=False)[0]


def riichi_readings(  # noqa: PLR0917 (positional: the scorer's hot path)
    counts: Sequence[int], win: int, meld_blocks: tuple[Block, ...], meld_facts: int,
    tsumo: bool, n_sets: int, special: bool,
) -> tuple[list[tuple[Reading, int]], int]:
    """The readings of :func:`regular_readings` and :func:`special_readings`, and a kind mask.

    The regular readings, then, with ``special``, the special ones (facts 0); and the
    kind mask of ``counts`` (bit ``k``: kind ``k`` is held). ``special`` is for a hand
    without melds under riichi rules (``n_sets`` 4): the special forms are looked for only
    when the suits' cached tallies allow them. Contract: at most ``n_sets`` (at most 5)
    meld blocks.
    """
    raw = bytes(counts)
    key = raw[0:9]
    man, man_summary = _MAN.get(key) or _suit(_MAN, 0, key)
    key = raw[9:18]
    pin, pin_summary = _PIN.get(key) or _suit(_PIN, 9, key)
    key = raw[18:27]
    sou, sou_summary = _SOU.get(key) or _suit(_SOU, 18, key)
    key = raw[27:34]
    honor, honor_summary = _HONOR.get(key) or _suit(_HONOR, 27, key)
    summary = man_summary + pin_summary + sou_summary + honor_summary
    held = summary >> _KINDS_FIELD
    n_melds = len(meld_blocks)
    found: list[tuple[Reading, int]] = []
    if special:
        orphans = summary >> _ORPHAN_FIELD & 0xFFFF == _ORPHANS_TALLY
        if orphans or summary >> _TWICE_FIELD & FIELD == _SEVEN_PAIRS_TALLY:
            found = [(reading, 0) for reading in special_readings(counts, win=win)]
            if orphans:
                return found, held  # thirteen orphans divide no other way
    # the right number of tiles, one suit with the pair, every suit divided
    if summary & _SHAPE != _REGULAR_SHAPE[n_sets - n_melds]:
        return found, held
    if not 0 <= win < 34:  # (no place for it)
        return found, held
    h_blocks, h_facts, h_places, _h_size = honor[0]  # honours divide one way
    joined = meld_facts & MASKS  # join_facts with the melds': masks or-ed, counts added
    added = meld_facts & ~MASKS
    suit = win // 9  # 3: the honours
    local = win - 9 * suit
    regular: list[tuple[Reading, int]] = []
    for m_blocks, m_facts, m_places, m_size in man:
        for p_blocks, p_facts, p_places, p_size in pin:
            for s_blocks, s_facts, s_places, s_size in sou:
                if suit == 0:
                    places, start = m_places[local], n_melds
                elif suit == 1:
                    places, start = p_places[local], n_melds + m_size
                elif suit == 2:
                    places, start = s_places[local], n_melds + m_size + p_size
                else:
                    places, start = h_places[local], n_melds + m_size + p_size + s_size
                if places is None:
                    continue
                blocks = m_blocks + p_blocks + s_blocks + h_blocks
                facts = ((m_facts + p_facts + s_facts + h_facts) | joined) + added
                for at, wait, ron_block in places:
                    index = start + at
                    if ron_block is not None and not tsumo:
                        at_block = index - n_melds
                        placed = (*blocks[:at_block], ron_block, *blocks[at_block + 1:])
                        regular.append((_new_reading((_REGULAR, meld_blocks + placed, wait,
                                                    index)), facts - _CONCEALED_SET))
                    else:
                        regular.append((_new_reading((_REGULAR, meld_blocks + blocks, wait,
                                                    index)), facts))
    if found:
        regular += found  # the special forms after the regular ones
    return regular, held


def special_readings(counts: Sequence[int], *, win: int) -> list[Reading]:
    """The seven-pairs and thirteen-orphans readings of a hand without melds.

    ``counts`` are the concealed tiles with the winning tile.
    """
    found: list[Reading] = []
    if counts.count(2) == 7:
        pairs = tuple(Block(Shape.PAIR, k, open=False, melded=False)
                      for k in range(34) if counts[k] == 2)
        index = next(i for i, block in enumerate(pairs) if block.kind == win)
        found.append(Reading(Form.SEVEN_PAIRS, pairs, Wait.TANKI, index))
    if all(counts[k] for k in TERMINAL_AND_HONOR_KINDS) and sum(
            counts[k] for k in TERMINAL_AND_HONOR_KINDS) == 14:
        sided = counts[win] == 2
        found.append(Reading(Form.THIRTEEN_ORPHANS, (),
                             Wait.THIRTEEN_SIDED if sided else Wait.ORPHAN_SINGLE, -1))
    return found


def readings(
    concealed: Sequence[int], *, win: int, melds: Sequence[Meld], tsumo: bool, n_sets: int = 4
) -> list[Reading]:
    """Every reading of a hand: ``concealed`` kinds (without the winning tile), ``win``.

    Contract: ``len(concealed) + 1 + 3 * len(melds)`` is ``3 * n_sets + 2`` (kans count
    as 3), every kind 0..33, ``n_sets`` 4 (riichi: the special forms are seven pairs and
    thirteen orphans) or 5 (Taiwanese: seven pairs and a triplet). Returns an empty list
    when the tiles form no winning shape.

    Each reading comes once: the same blocks with the winning tile in the same block
    (two identical runs, say) are one reading, the first found.

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
    meld_blocks, meld_facts = meld_parts(melds)
    found = [reading for reading, _facts in regular_readings(
        counts, win=win, meld_blocks=meld_blocks, meld_facts=meld_facts, tsumo=tsumo,
        n_sets=n_sets)]
    if n_sets == 5:
        special = None if melds else _pairs_and_triplet(counts, win, tsumo=tsumo)
        if special is not None:
            found.append(special)
    elif not melds:
        found.extend(special_readings(counts, win=win))
    return found
