"""The memo behind ``score``: each hand shape's readings and yaku facts, worked out once.

A hand's *shape* is its concealed tiles, winning tile and melds, and whether it won by
tsumo (a triplet completed by a ron counts as open). The readings follow from the shape
alone, and so do most of their yaku: everything but riichi and the other circumstance
flags, the two wind yakuhai and pinfu (whose pair must not be a value wind). The memo
keeps, per plan (the options decide the red fives, open tanyao and the sanma set; one
bound, :data:`~mahjong_rules.scoring.riichi_plan.MEMO_LIMIT` shapes, for all), each
shape seen twice (the first time the readable path scores the hand and the memo only
notes the shape: a hand scored once pays next to nothing for the memo): its readings,
each with the yaku that depend on the shape alone (found by
:func:`~mahjong_rules.scoring.riichi_yaku.reading_yaku` itself, in calm circumstances),
its wind triplets and its pinfu pair, and the fu lines met so far. A call then works
out only what depends on the circumstances: the flags' yaku, the winds, dora, points.

The memo answers the usual win and leaves the rest to the readable path of
:mod:`~mahjong_rules.scoring.riichi` (:func:`memo_score` returns ``None``): a shape the
readable path refuses or has to look at closely (a meld not seen before, five of a kind,
a red five the rules lack, a flower, no winning shape, ...), options without ippatsu,
ura or kan dora, kita, liability, tenhou and chiihou, conflicting flags, a red or
repeated indicator, a wind out of range. The tests compare both paths on random hands
and contexts and on the peers' hands.

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Final

from mahjong_rules.errors import Rejection
from mahjong_rules.outcome import FuLine, ScoreResult, build_score_result
from mahjong_rules.scoring.division import (
    FIELD,
    PAIR,
    RUNS,
    TRIPLETS,
    Form,
    Reading,
    Shape,
    Wait,
    riichi_readings,
)
from mahjong_rules.scoring.hand import WinContext, WinningHand
from mahjong_rules.scoring.riichi_check import KNOWN_MELDS, NO_YAKU, check_context
from mahjong_rules.scoring.riichi_fu import fu_of
from mahjong_rules.scoring.riichi_plan import (
    DORA_SANMA,
    MEMO,
    MEMO_LIMIT,
    WAIT_NAMES,
    Best,
    Plan,
    better,
    points_of,
)
from mahjong_rules.scoring.riichi_yaku import BIT, YAKUMAN_MASK, reading_yaku, summarize
from mahjong_rules.tiles import Tile

__all__ = ["SEEN", "memo_answer", "memo_score"]

_ROUND: Final = BIT["round_wind"]
_SEAT: Final = BIT["seat_wind"]
_PINFU: Final = BIT["pinfu"]
_RIICHI: Final = BIT["riichi"]
_DOUBLE_RIICHI: Final = BIT["double_riichi"]
_IPPATSU: Final = BIT["ippatsu"]
_HAITEI: Final = BIT["haitei"]
_HOUTEI: Final = BIT["houtei"]
_RINSHAN: Final = BIT["rinshan"]
_CHANKAN: Final = BIT["chankan"]
_DYNAMIC: Final = _ROUND | _SEAT | _PINFU
"""The bits a calm context may set that depend on the winds (masked out of the shape's)."""
_RYANMEN: Final = Wait.RYANMEN
_REGULAR: Final = Form.REGULAR
_WIND_SHIFT: Final = TRIPLETS + 27
"""Where the facts' triplet mask holds the four winds."""
_RUN: Final = Shape.RUN


_Reading = tuple[Reading, int, int, int, int, int, dict[int, tuple[tuple[FuLine, ...], int]]]
"""A reading of a shape with what the circumstances do not change: the reading; its
yakuman (0: none; they replace every other yaku); the other yaku that follow from the
shape (menzen tsumo among them); its wind triplets (bit ``w``: a triplet or kan of wind
``w``, 0 East .. 3 North); the pair's kind when the shape is pinfu but for the pair's
value (else -1); the pair's kind (-1: none; a wind pair's fu depends on the winds); the
fu lines and fu met so far, by pinfu and the pair's match with the winds. A plain tuple,
as :data:`_Shape`: a tuple subclass is unpacked the slow, generic way."""
_Shape = tuple[tuple[_Reading, ...], bool, bytes, int, int]
"""A hand shape the memo answers for: its readings; closed; every tile of the hand by
kind, melds included; the red fives of the hand; bit ``k``: the hand holds the red five
of kind ``k``."""


_SLOW: Final[_Shape] = ((), False, b"", 0, 0)
"""A shape the readable path decides (kept, so that it is not looked at again)."""
SEEN: Final[_Shape] = ((), True, b"", 0, 0)
"""A shape seen once: the readable path scored it. A hand scored once is common (a replay
scores each win once), so a shape is worked out only when its hand comes back."""
_CALM: Final = {tsumo: WinContext(tsumo=tsumo) for tsumo in (False, True)}
"""The circumstances the shape's own yaku are found in: no flag, the East seat and round."""


def memo_score(hand: WinningHand, context: WinContext,
               plan: Plan) -> ScoreResult | Rejection | None:
    """:func:`~mahjong_rules.scoring.score` of a usual win, or ``None`` for the readable path.

    Notes a hand seen for the first time (``None``: the readable path scores it), works
    out its shape when it comes back. ``score`` itself notes the hand inline (the same
    steps) and calls :func:`memo_answer` for a hand seen before.

    Contract: ``plan`` is the plan of the call's options. Raises what the readable path
    raises on arguments of the wrong types (``score`` turns it into ``bad_input``).
    """
    if plan.switched:
        return None
    memo = MEMO
    key = (hand.concealed, hand.win, hand.melds, context.tsumo, plan.token)
    size = len(memo)
    try:
        shape = memo.setdefault(key, SEEN)  # one hash of the key, seen or not
    except TypeError:  # a list where a tuple belongs: the readable path tells
        return None
    if len(memo) != size:  # first seen: the readable path scores it, the memo has noted it
        if size >= MEMO_LIMIT:
            memo.clear()
            memo[key] = SEEN
        return None
    return memo_answer(hand, context, plan, key, shape)


def memo_answer(hand: WinningHand, context: WinContext, plan: Plan, key: object,
                shape: _Shape) -> ScoreResult | Rejection | None:
    """:func:`memo_score` of a hand seen before: ``shape`` is its entry in the memo at ``key``.

    Contract: ``plan`` does not switch anything off (``plan.switched`` false).
    """
    options, settled, doubles, _red_kinds, sanma, players, _switched, _token, table, summaries = (
        plan)
    tsumo = context.tsumo
    if shape is SEEN:  # seen again: worth its shape
        worked_out = _shape(hand, tsumo, plan)
        if worked_out is None:
            return None
        shape = MEMO[key] = worked_out
    if shape is _SLOW:
        return None
    seat = context.seat_wind
    prevalent = context.round_wind
    honba = context.honba
    sticks = context.riichi_sticks
    if context.liability is not None or context.tenhou or context.chiihou or (
            not (0 <= seat < players and 0 <= prevalent < 4 - sanma)) or honba | sticks < 0:
        return None
    readings, closed, tally, red, reds = shape
    flags = 0
    if context.double_riichi:
        flags = _DOUBLE_RIICHI
    elif context.riichi:
        flags = _RIICHI
    if context.haitei or context.houtei or context.rinshan or context.chankan or (
            flags and not closed) or (context.ippatsu and not flags):
        if check_context(hand, context, options) is not None:
            return None
        flags |= ((context.ippatsu and _IPPATSU) | (context.haitei and _HAITEI)
                  | (context.houtei and _HOUTEI) | (context.rinshan and _RINSHAN)
                  | (context.chankan and _CHANKAN))
    elif context.ippatsu:  # with riichi, a closed hand, no other flag: no conflict
        flags |= _IPPATSU
    # the indicators: tiles of the set, five of a kind neither, a red five once
    seen = 0
    dora_indicators = context.dora_indicators
    ura_indicators = context.ura_indicators
    if len(dora_indicators) > 5 or len(ura_indicators) > 5:
        return None
    dora = ura = 0  # the tiles of the hand the indicators point at
    try:
        for indicator in dora_indicators:
            kind, points_to, red_bit = table[indicator]
            if seen >> kind & 1 or tally[kind] > 3 or red_bit:
                reds = _with_indicator(kind, red_bit, seen, reds, tally, dora_indicators,
                                       ura_indicators)
                if reds < 0:
                    return None
            seen |= 1 << kind
            dora += tally[points_to]
        for indicator in ura_indicators:
            kind, points_to, red_bit = table[indicator]
            if seen >> kind & 1 or tally[kind] > 3 or red_bit:
                reds = _with_indicator(kind, red_bit, seen, reds, tally, dora_indicators,
                                       ura_indicators)
                if reds < 0:
                    return None
            seen |= 1 << kind
            ura += tally[points_to]
    except (KeyError, TypeError):  # a flower, a sanma 2m-8m, a red five the rules lack,
        return None  # no tile at all: the readable path tells
    riichi = flags & (_RIICHI | _DOUBLE_RIICHI)
    if not riichi:
        ura = 0
    kita = context.kita
    if kita:  # North tiles set aside (sanma): physical, and each a dora
        if not sanma or kita < 0:
            return None
        shown = dora_indicators + ura_indicators
        if tally[30] + kita + sum(1 for tile in shown if tile[0] == 30) > 4:
            return None
        kita *= 1 + sum(1 for tile in dora_indicators if DORA_SANMA[tile[0]] == 30) + (
            sum(1 for tile in ura_indicators if DORA_SANMA[tile[0]] == 30) if riichi else 0)
    extra = dora + red + ura + kita
    prevalent_kind = 27 + prevalent
    seat_kind = 27 + seat
    dealer = seat == 0
    best: Best | None = None
    for reading, yakuman_bits, static, winds, pinfu_pair, pair, fus in readings:
        pinfu = False
        if yakuman_bits:
            mask = yakuman_bits
        else:
            mask = static | flags
            if winds:
                if winds >> prevalent & 1:
                    mask |= _ROUND
                if winds >> seat & 1:
                    mask |= _SEAT
            if pinfu_pair >= 0 and pinfu_pair not in (prevalent_kind, seat_kind):
                mask |= _PINFU
                pinfu = True
            if not mask:
                continue
        summary = summaries.get(mask << 1 | closed)
        if summary is None:
            summary = summaries[mask << 1 | closed] = summarize(mask, closed, doubles)
        yakuman = summary[2]
        if yakuman:
            han = fu = 0
            lines: tuple[FuLine, ...] = ()
        else:
            variant = pinfu + 2 * (pair == seat_kind) + 4 * (pair == prevalent_kind)
            fu_lines = fus.get(variant)
            if fu_lines is None:
                fu_lines = fus[variant] = fu_of(reading, closed, pinfu, context, options)
            lines, fu = fu_lines
            han = summary[1] + extra
        # no liability here: the points follow from han, fu, yakuman and the situation
        points = settled.get((han, fu, yakuman, dealer, tsumo, honba, sticks))
        if points is None:
            points = points_of(han, fu, yakuman, summary, context, plan, dealer)
        if best is None or better(points, yakuman, han, fu, best):
            best = reading, summary, lines, han, fu, points
    if best is None:
        return NO_YAKU
    reading, summary, lines, han, fu, (base, limit, owed, total) = best
    if summary[2]:
        dora = red = ura = kita = 0
    return build_score_result(summary[0], dora, red, ura, kita, lines, han, fu, summary[2],
                              limit, base, owed, total, tsumo=tsumo, dealer=dealer,
                              wait=WAIT_NAMES[reading[2]])


def _with_indicator(  # noqa: PLR0917 (positional: the hit path's rare case)
        kind: int, red_bit: int, seen: int, reds: int, tally: bytes,
        dora_indicators: tuple[Tile, ...], ura_indicators: tuple[Tile, ...]) -> int:
    """The red fives (bit ``k``: kind ``k``) with an indicator's, -1 if it cannot be shown.

    It cannot be when its kind would be five times with the hand and the other
    indicators (``seen``: bit ``k``, an indicator of kind ``k`` already), or it is a red
    five the hand or another indicator holds.
    """
    if seen >> kind & 1:  # a kind shown twice: count them all
        if tally[kind] + _shown(kind, dora_indicators, ura_indicators) > 4:
            return -1
    elif tally[kind] > 3:
        return -1
    if red_bit:
        if reds & red_bit:
            return -1
        reds |= red_bit
    return reds


def _shown(kind: int, dora_indicators: tuple[Tile, ...], ura_indicators: tuple[Tile, ...]) -> int:
    """How many indicators are of ``kind``."""
    return sum(1 for tile in dora_indicators + ura_indicators if tile[0] == kind)


def _shape(hand: WinningHand, tsumo: object, plan: Plan) -> _Shape | None:
    """The shape of a hand, :data:`_SLOW` for the readable path, ``None``: not yet known.

    ``None`` when a meld has not been seen (the readable path checks it and registers it,
    and the shape is worked out on the next call).
    """
    concealed = hand.concealed
    melds = hand.melds
    win = hand.win
    if type(concealed) is not tuple or type(melds) is not tuple or len(melds) > 4 or (
            len(concealed) + 3 * len(melds) != 13):
        return _SLOW
    counts = [0] * 34
    reds: list[int] = []
    for tile in (*concealed, win):
        if type(tile) is not Tile:
            return _SLOW
        kind, is_red = tile
        if not 0 <= kind < 34:  # a flower (or a kind no Tile() makes)
            return _SLOW
        counts[kind] += 1
        if is_red:
            reds.append(kind)
    tally = counts[:]
    closed = True
    meld_blocks = []
    meld_facts = meld_tallies = meld_kinds = 0
    for meld in melds:
        part = KNOWN_MELDS.get((meld.kind, meld.tiles))
        if part is None:
            return None
        block, masks, tallies, kinds, meld_reds, tile_kinds = part
        meld_blocks.append(block)
        meld_facts |= masks
        meld_tallies += tallies
        meld_kinds |= kinds
        closed = closed and not block.open
        for tile_kind in tile_kinds:
            tally[tile_kind] += 1
        reds += meld_reds
    meld_facts += meld_tallies
    if max(tally) > 4 or len(set(reds)) != len(reds) or not plan.red_kinds.issuperset(reds) or (
            plan.sanma and (any(tally[1:8]) or any(block.shape is _RUN for block in meld_blocks))):
        return _SLOW
    win_kind = win[0]
    found, held = riichi_readings(counts, win_kind, tuple(meld_blocks), meld_facts, bool(tsumo), 4,
                                  not melds)
    if not found:
        return _SLOW
    held |= meld_kinds
    calm = _CALM[bool(tsumo)]
    options = plan.options
    readings: list[_Reading] = []
    for reading, facts in found:
        mask = reading_yaku(reading[0], reading[2], facts, counts, win_kind, held, closed, calm,
                            options)
        yakuman = mask & YAKUMAN_MASK
        pair = (facts >> PAIR & FIELD) - 1
        regular = reading[0] is _REGULAR
        pinfu_pair = pair if (regular and closed and facts >> RUNS & FIELD == 4
                              and reading[2] is _RYANMEN and pair < 31) else -1
        winds = facts >> _WIND_SHIFT & 0xF if regular else 0
        readings.append((reading, yakuman, 0 if yakuman else mask & ~_DYNAMIC, winds,
                         pinfu_pair, pair if regular else -1, {}))
    return (tuple(readings), closed, bytes(tally), len(reds),  # bytes: compact
            sum(1 << kind for kind in reds))

