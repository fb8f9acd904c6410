"""Score a riichi or sanma winning hand: every reading, the best one, a typed breakdown.

.. versionadded:: 0.1
"""


from __future__ import annotations

from typing import Final

import attrs

from mahjong_rules.errors import InvalidArgumentError, Reason, Rejection, ScoringError
from mahjong_rules.options import Renhou, RiichiOptions
from mahjong_rules.outcome import FuLine, ScoreResult, YakuHit, build_score_result
from mahjong_rules.scoring.division import Block, riichi_readings
from mahjong_rules.scoring.hand import Meld, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi_check import (
    KNOWN_MELDS,
    NO_YAKU,
    NOT_A_WINNING_HAND,
    argument_error,
    check_context,
    check_hand,
    content_error,
    reject,
)
from mahjong_rules.scoring.riichi_fu import fu_of
from mahjong_rules.scoring.riichi_memo import SEEN, memo_answer
from mahjong_rules.scoring.riichi_plan import (
    MEMO,
    MEMO_LIMIT,
    NEW_IN_A_ROW,
    PACE,
    PLANS,
    SAMPLED,
    WAIT_NAMES,
    Best,
    Plan,
    better,
    dora_counts,
    dora_of,
    plan_of,
    points_of,
)
from mahjong_rules.scoring.riichi_yaku import BIT, YakuSummary, reading_yaku, summarize
from mahjong_rules.tiles import Tile

__all__ = ["dora_of", "score", "score_or_raise", "score_readable"]

_DEFAULT_OPTIONS = RiichiOptions()
_PINFU: Final = BIT["pinfu"]
# enum members as module constants: a member looked up on its class is slow in 3.11
_CHI: Final = MeldKind.CHI
_AT_MOST_FOUR: Final = bytes(range(5))
"""Counts 0-4: what is left of counts after deleting these is a kind five times or more."""


def _switched_off(context: WinContext, options: RiichiOptions) -> WinContext:
    """The context without what the options play without: ippatsu, ura or kan dora.

    Without ``kan_dora`` only the first indicator counts (and its ura); without
    ``kan_ura`` only the first ura indicator; without ``ura_dora`` none.
    """
    dora = context.dora_indicators if options.kan_dora else context.dora_indicators[:1]
    ura = context.ura_indicators if options.kan_dora and options.kan_ura else (
        context.ura_indicators[:1])
    return attrs.evolve(context, ippatsu=context.ippatsu and options.ippatsu_yaku,
                        dora_indicators=dora, ura_indicators=ura if options.ura_dora else ())


def score(
    hand: WinningHand, context: WinContext, options: RiichiOptions | None = None
) -> ScoreResult | Rejection:
    """Score a winning hand: the best reading by points, then han, then fu.

    Sanma when ``options`` is a :class:`~mahjong_rules.options.SanmaOptions`.

    Returns:
        The breakdown, or a :class:`~mahjong_rules.errors.Rejection` with reason
        ``bad_hand``, ``conflicting_context``, ``not_a_winning_hand`` or ``no_yaku``.

    Raises:
        InvalidArgumentError: ``bad_input`` when ``hand`` is not a :class:`WinningHand`,
            ``context`` not a :class:`WinContext`, ``options`` not riichi or sanma
            options, or the hand or context holds something else than tiles and melds
            where those belong (an int for a tile, a list for a meld).

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = WinningHand(concealed=parse_tiles("234m567p789s22s45p"),
        ...                    win=parse_tiles("3p")[0])
        >>> result = score(hand, WinContext(seat_wind=1))
        >>> [y.id for y in result.yaku], result.han, result.fu, result.total
        (['pinfu'], 1, 30, 1000)
        >>> score("234m567p789s22s45p3p", WinContext())
        Traceback (most recent call last):
        ...
        mahjong_rules.errors.InvalidArgumentError: the hand must be a WinningHand, not str
    """
    if options is None:
        options = _DEFAULT_OPTIONS
    plan = PLANS.get(id(options))
    if plan is None or plan[0] is not options:
        plan = plan_of(options)  # checks the options' type, once per options object
    try:
        # the memo of hand shapes answers the usual win; None: the readable path decides.
        # memo_score's note of a hand seen for the first time, inline (the cold path)
        result = None
        pace = PACE
        if plan[6]:  # the plan switches something off: the readable path
            pass
        elif pace[1]:  # hands do not come back: this one leaves the memo out
            pace[1] -= 1
        else:
            memo = MEMO
            key = (hand.concealed, hand.win, hand.melds, context.tsumo, plan[7])
            size = len(memo)
            try:
                shape = memo.setdefault(key, SEEN)  # one hash of the key, seen or not
            except TypeError:  # a list where a tuple belongs: the readable path tells
                size = -1
            if len(memo) == size:  # seen before
                pace[0] = 0
                result = memo_answer(hand, context, plan, key, shape)
            else:  # first seen
                if size >= MEMO_LIMIT:  # and the memo full
                    memo.clear()
                    memo[key] = SEEN
                pace[0] += 1
                if pace[0] >= NEW_IN_A_ROW:  # no hand came back of late: sample
                    pace[1] = SAMPLED - 1
        if result is None:
            result = _score(hand, context, plan)
        if context.renhou and options.renhou is not Renhou.OFF:
            return _renhou(hand, context, plan, result)
        return result  # noqa: TRY300 (the handler below is for the arguments' types)
    except (TypeError, AttributeError, ValueError):
        # checked here, not before: a call with arguments of the right types pays nothing
        problem = _arguments_problem(hand, context)
        if problem is None:
            raise
        raise problem from None


def score_readable(
    hand: WinningHand, context: WinContext, options: RiichiOptions | None = None
) -> ScoreResult | Rejection:
    """:func:`score` through the readable path alone, without the memo of hand shapes.

    The same answers as :func:`score` (the tests compare the two); slower.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = WinningHand(concealed=parse_tiles("234m567p789s22s45p"),
        ...                    win=parse_tiles("3p")[0])
        >>> score_readable(hand, WinContext(seat_wind=1)) == score(hand, WinContext(seat_wind=1))
        True

    .. versionadded:: 0.3
    """
    plan = plan_of(_DEFAULT_OPTIONS if options is None else options)
    try:
        result = _score(hand, context, plan)
        if context.renhou and plan.options.renhou is not Renhou.OFF:
            return _renhou(hand, context, plan, result)
        return result  # noqa: TRY300 (the handler below is for the arguments' types)
    except (TypeError, AttributeError, ValueError):
        problem = _arguments_problem(hand, context)
        if problem is None:
            raise
        raise problem from None


def _arguments_problem(hand: object, context: object) -> InvalidArgumentError | None:
    """Why ``score(hand, context)`` failed on its arguments' types (``None``: it did not)."""
    if not (isinstance(hand, WinningHand) and isinstance(context, WinContext)):
        return argument_error(hand, context, None)
    return content_error(hand, context)


_RENHOU: Final = YakuHit("renhou", "Renhou (hand of man)", 0, 1)
_RENHOU_MANGAN: Final = YakuHit("renhou", "Renhou (hand of man)", 5, 0)


def _renhou(hand: WinningHand, context: WinContext, plan: Plan,
            result: ScoreResult | Rejection) -> ScoreResult | Rejection:
    """The win as renhou (``options.renhou`` MANGAN or YAKUMAN), from its plain ``result``.

    YAKUMAN: renhou is one more yakuman, with the hand's other yakuman if it has any.
    MANGAN: a mangan by itself (shown as 5 han, no dora), unless the plain result, which
    needs a yaku of its own, is worth more points.
    """
    if isinstance(result, Rejection) and result.reason in (Reason.BAD_HAND,
                                                           Reason.CONFLICTING_CONTEXT):
        return result
    if context.tsumo or context.is_dealer or hand.melds or context.riichi or (
            context.double_riichi or context.chankan or context.houtei or context.haitei):
        return reject(Reason.CONFLICTING_CONTEXT, "renhou is a non-dealer's ron on a "
                      "discard before their first draw, with no call and no riichi",
                      conflict="renhou+other")
    if isinstance(result, Rejection) and result.reason is not Reason.NO_YAKU:
        return result
    options = plan.options
    if isinstance(result, Rejection):  # no yaku: a reading (its wait and fu) all the same
        reading = _score(hand, attrs.evolve(context, houtei=True), plan)
        assert isinstance(reading, ScoreResult)  # houtei is a yaku of every ron
    else:
        reading = result
    if options.renhou is Renhou.YAKUMAN:
        hits = (*(reading.yaku if isinstance(result, ScoreResult) and result.yakuman
                  else ()), _RENHOU)
        yakuman = sum(hit.yakuman for hit in hits)
        han = fu = 0
        lines: tuple[FuLine, ...] = ()
    else:
        hits, yakuman, han, fu, lines = (_RENHOU_MANGAN,), 0, 5, reading.fu, reading.fu_lines
    base, limit, owed, total = points_of(han, fu, yakuman, YakuSummary(hits, han, yakuman),
                                         context, plan, dealer=False)
    if isinstance(result, ScoreResult) and result.total > total:
        return result
    return build_score_result(hits, 0, 0, 0, 0, lines, han, fu, yakuman, limit, base, owed,
                              total, tsumo=False, dealer=False, wait=reading.wait)


def _score(hand: WinningHand, context: WinContext,
           plan: Plan) -> ScoreResult | Rejection:
    """:func:`score` of arguments of the right types, with the plan of the options."""
    options, settled, _doubles, red_kinds, sanma, players, switched, _token, table, summaries = (
        plan)
    concealed = hand.concealed
    melds = hand.melds
    # What the scorer needs, counted once, screens the hand on the way: a kind past 33
    # raises IndexError, the other doubts (a negative kind, five of a kind, a red five the
    # rules lack, a meld not seen before, ...) go to check_hand for the exact rejection.
    # Five of a kind among the concealed tiles alone is left to the divisions (a suit
    # with a kind five times has none): such a hand ends at "no reading", where
    # check_hand has the last word.
    counts = [0] * 34  # the concealed tiles and the winning tile
    reds: list[int] = []  # the kinds of the red fives: of the hand, then of the indicators
    fresh_meld = False
    closed = True
    meld_blocks: tuple[Block, ...] = ()
    meld_facts = 0
    meld_kinds = 0
    meld_tallies = 0
    win, is_red = hand.win
    dora_indicators = context.dora_indicators
    ura_indicators = context.ura_indicators
    kita = context.kita
    red = 0
    riichi = context.riichi or context.double_riichi
    pointed: tuple[int, int] | None = None  # dora and ura-dora, counted with the screen
    try:
        for tile in concealed:
            kind = tile[0]  # Tile is (kind, red)
            if kind < 0:
                raise IndexError(kind)  # noqa: TRY301 (one handler for every kind out of range)
            counts[kind] += 1
            if tile[1]:
                reds.append(kind)
        if win < 0:
            raise IndexError(win)  # noqa: TRY301
        counts[win] += 1
        if is_red:
            reds.append(win)
        tally = counts  # every tile of the hand by kind, melds included
        if melds:
            tally = counts[:]
            blocks = []
            for meld in melds:
                part = KNOWN_MELDS.get((meld.kind, meld.tiles))
                if part is None:  # a meld not seen before: check_hand checks it
                    fresh_meld = True
                    continue
                block, masks, tallies, kinds, meld_reds, tile_kinds = part
                blocks.append(block)
                meld_facts |= masks  # facts join: masks or-ed, counts added
                meld_tallies += tallies
                meld_kinds |= kinds
                if block.open:
                    closed = False
                for tile_kind in tile_kinds:  # a known meld's kinds are 0..33
                    tally[tile_kind] += 1
                if meld_reds:
                    reds += meld_reds
            meld_blocks = tuple(blocks)
            meld_facts += meld_tallies
            screened = not bytes(tally).translate(None, _AT_MOST_FOUR)
        else:
            screened = True
        red = len(reds)
        # the indicators: each a tile of the set (the plan's table: not a flower, not a
        # sanma 2m-8m, no red five the rules lack), no kind five times with the hand, the
        # dora they point at counted on the way
        seen = 0  # bit k: an indicator of kind k
        shown_dora = shown_ura = 0
        for indicator in dora_indicators:
            at, target, red_bit = table[indicator]  # KeyError: not in the set
            if seen >> at & 1 or tally[at] > 3:
                screened = screened and (
                    tally[at] + _shown(at, dora_indicators, ura_indicators) <= 4)
            seen |= 1 << at
            if red_bit:
                reds.append(at)
            shown_dora += tally[target]
        for indicator in ura_indicators:
            at, target, red_bit = table[indicator]
            if seen >> at & 1 or tally[at] > 3:
                screened = screened and (
                    tally[at] + _shown(at, dora_indicators, ura_indicators) <= 4)
            seen |= 1 << at
            if red_bit:
                reds.append(at)
            shown_ura += tally[target]
        north = tally[30] + kita
        if seen >> 30 & 1:
            north += _shown(30, dora_indicators, ura_indicators)
        if north > 4 or (sanma and any(tally[1:8])):
            screened = False
        pointed = shown_dora, shown_ura if riichi else 0
        # (13 tiles less 3 a meld: at most four melds)
        if len(concealed) + 3 * len(melds) != 13 or (
                len(dora_indicators) > 5 or len(ura_indicators) > 5):
            screened = False
    except (IndexError, KeyError):  # a kind out of range, an indicator not of the set
        screened = False  # check_hand tells
    seat_wind = context.seat_wind
    if fresh_meld or not screened or (reds and not (
            len(set(reds)) == len(reds) and red_kinds.issuperset(reds))) or (
            sanma and _has_chi(melds)) or not (
            0 <= seat_wind < players and 0 <= context.round_wind < 4 - sanma
            and context.honba | context.riichi_sticks | kita >= 0  # none negative
            and (sanma or not kita)):  # sanma has no North round
        problem = check_hand(hand, context, options)
        if problem is not None:
            return problem
        if fresh_meld:  # now known (fresh melds were left out of the counts)
            return _score(hand, context, plan)
    # check_context's own first test, inline: the usual win has none of these flags
    liability = context.liability
    if (context.haitei or context.houtei or context.rinshan or context.chankan
            or context.ippatsu or context.tenhou or context.chiihou or liability is not None
            or (not closed and (context.riichi or context.double_riichi))):
        problem = check_context(hand, context, options)
        if problem is not None:
            return problem
    if switched:
        context = _switched_off(context, options)
        pointed = None  # fewer indicators count
    tsumo = context.tsumo
    found, held = riichi_readings(counts, win, meld_blocks, meld_facts, tsumo, 4, not melds)
    if not found:
        return check_hand(hand, context, options) or NOT_A_WINNING_HAND
    held |= meld_kinds  # bit k: the hand holds kind k
    best: Best | None = None
    extra = -1
    dora = (0, 0, 0, 0)
    dealer = seat_wind == 0
    for reading, facts in found:
        mask = reading_yaku(reading[0], reading[2], facts, counts, win, held, closed, context,
                            options)  # Reading is (form, blocks, wait, win_block)
        if not mask:
            continue
        if extra < 0:  # the first reading with a yaku
            if pointed is None or kita:  # after a doubt, a switch, or with kita
                dora = dora_counts(tally, red, context, sanma)
                extra = dora[0] + dora[1] + dora[2] + dora[3]
            else:
                dora = pointed[0], red, pointed[1], 0
                extra = pointed[0] + red + pointed[1]
        summary = summaries.get(mask << 1 | closed)  # as summarize(mask, closed, doubles)
        if summary is None:
            summary = summaries[mask << 1 | closed] = summarize(mask, closed, _doubles)
        yakuman = summary[2]  # YakuSummary is (hits, han, yakuman)
        lines: tuple[FuLine, ...] = ()
        if yakuman:
            han = fu = 0
        else:
            lines, fu = fu_of(reading, closed, mask & _PINFU != 0, context, options)
            han = summary[1] + extra
        points = None if liability is not None else settled.get(
            (han, fu, yakuman, dealer, tsumo, context.honba, context.riichi_sticks))
        if points is None:
            points = points_of(han, fu, yakuman, summary, context, plan, dealer)
        if best is None or better(points, yakuman, han, fu, best):
            best = reading, summary, lines, han, fu, points
    if best is None:
        return NO_YAKU
    reading, summary, lines, han, fu, (base, limit, owed, total) = best
    yakuman = summary[2]
    if yakuman:
        dora = (0, 0, 0, 0)
    return build_score_result(summary[0], dora[0], dora[1], dora[2], dora[3], lines, han, fu,
                              yakuman, limit, base, owed, total, tsumo=tsumo, dealer=dealer,
                              wait=WAIT_NAMES[reading[2]])


def _shown(kind: int, dora_indicators: tuple[Tile, ...], ura_indicators: tuple[Tile, ...]) -> int:
    """How many indicators are of ``kind``."""
    return sum(1 for tile in dora_indicators + ura_indicators if tile[0] == kind)


def _has_chi(melds: tuple[Meld, ...]) -> bool:
    return any(meld.kind is _CHI for meld in melds)



def score_or_raise(
    hand: WinningHand, context: WinContext, options: RiichiOptions | None = None
) -> ScoreResult:
    """:func:`score`, raising :class:`~mahjong_rules.errors.ScoringError` on a rejection."""
    result = score(hand, context, options)
    if isinstance(result, Rejection):
        raise ScoringError(result)
    return result
