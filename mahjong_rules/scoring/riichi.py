"""Score a riichi or sanma winning hand: every reading, the best one, a typed breakdown.

.. versionadded:: 0.1
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType
from typing import Final, NamedTuple

import attrs

from mahjong_rules.errors import InvalidArgumentError, Reason, Rejection, ScoringError
from mahjong_rules.options import Renhou, RiichiOptions, SanmaOptions
from mahjong_rules.outcome import FuLine, Limit, ScoreResult, YakuHit, build_score_result
from mahjong_rules.scoring.division import (
    MASKS,
    Block,
    Reading,
    Wait,
    meld_parts,
    riichi_readings,
)
from mahjong_rules.scoring.hand import (
    Liability,
    Meld,
    MeldKind,
    WinContext,
    WinningHand,
    meld_problem,
    size_message,
)
from mahjong_rules.scoring.riichi_fu import fu_of
from mahjong_rules.scoring.riichi_points import base_points, payments
from mahjong_rules.scoring.riichi_yaku import (
    BIT,
    YakuSummary,
    doubles_of,
    reading_yaku,
    summarize,
)
from mahjong_rules.tiles import Tile, kind_name

__all__ = ["dora_of", "score", "score_or_raise"]

_PAO_YAKU = ("daisangen", "daisuushii")
_DEFAULT_OPTIONS = RiichiOptions()
_PINFU: Final = BIT["pinfu"]
_SANMA_REMOVED: Final = frozenset(range(1, 8))  # 2m-8m
# enum members as module constants: a member looked up on its class is slow in 3.11
_CHI: Final = MeldKind.CHI
_ANKAN: Final = MeldKind.ANKAN
_EQ: Final = operator.eq
_YAKUMAN_PAO: Final = Liability.YAKUMAN
_OPEN_KAN_PAO: Final = Liability.OPEN_KAN_RINSHAN


def dora_of(indicator: int, *, sanma: bool = False) -> int:
    """The dora kind an indicator points to.

    Examples:
        >>> dora_of(8), dora_of(30), dora_of(33), dora_of(0, sanma=True), dora_of(8, sanma=True)
        (0, 27, 31, 8, 0)
    """
    if indicator >= 31:
        return 31 + (indicator - 31 + 1) % 3
    if indicator >= 27:
        return 27 + (indicator - 27 + 1) % 4
    if sanma and indicator in (0, 8):
        return 8 - indicator
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9


def _type_name(value: object) -> str:
    return type(value).__name__


def argument_error(hand: object, context: object, options: object) -> InvalidArgumentError:
    """The ``bad_input`` error of a call whose arguments are not of the scorer's types.

    Examples:
        >>> argument_error("22m", WinContext(), None).message
        'the hand must be a WinningHand, not str'
    """
    if not isinstance(hand, WinningHand):
        message = f"the hand must be a WinningHand, not {_type_name(hand)}"
    elif not isinstance(context, WinContext):
        message = f"the context must be a WinContext, not {_type_name(context)}"
    else:
        return options_error(options)
    return InvalidArgumentError(Reason.BAD_INPUT, message)


def options_error(options: object) -> InvalidArgumentError:
    """The ``bad_input`` error of options that are not riichi or sanma options."""
    return InvalidArgumentError(Reason.BAD_INPUT, "the options must be RiichiOptions or "
                                f"SanmaOptions, not {_type_name(options)}")


def content_error(hand: WinningHand, context: WinContext) -> InvalidArgumentError | None:
    """The ``bad_input`` error of a hand or context holding something that is not a tile.

    A tile is a :class:`~mahjong_rules.tiles.Tile`; a meld a :class:`Meld`; the
    concealed tiles, the melds and the indicators tuples of them; kita, honba and
    deposits ints. ``None`` when none of these is wrong.
    """
    problem = ""
    fields: tuple[tuple[str, object], ...] = (
        ("concealed", hand.concealed), ("melds", hand.melds),
        ("dora_indicators", context.dora_indicators), ("ura_indicators", context.ura_indicators))
    for name, values in fields:
        if not isinstance(values, tuple | list):
            problem = f"{name} must be a tuple, not {_type_name(values)}"
            break
        wanted: type = Meld if name == "melds" else Tile
        bad = next((value for value in values if not isinstance(value, wanted)), None)
        if bad is not None:
            problem = (f"{name} holds an object of type {_type_name(bad)}, "
                       f"not a {wanted.__name__}")
            break
        if name == "melds":
            bad = next((tile for meld in values for tile in meld.tiles
                        if not isinstance(tile, Tile)), None)
            if bad is not None:
                problem = f"a meld holds an object of type {_type_name(bad)}, not a Tile"
                break
    else:
        win: object = hand.win
        if not isinstance(win, Tile):
            problem = f"the winning tile must be a Tile, not {_type_name(win)}"
        else:
            bad_int = next((name for name in ("kita", "honba", "riichi_sticks", "seat_wind",
                                              "round_wind")
                            if not isinstance(getattr(context, name), int)), None)
            if bad_int is not None:
                problem = f"{bad_int} must be an int"
    return InvalidArgumentError(Reason.BAD_INPUT, problem) if problem else None


def _reject(reason: Reason, message: str, **details: int | str) -> Rejection:
    return Rejection(reason=reason, message=message, details=details)


# Rejections are frozen values: these two, without details, are built once.
_NOT_A_WINNING_HAND: Final = _reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
_NO_YAKU: Final = _reject(Reason.NO_YAKU, "the hand has no yaku")


_RED_KINDS: Final = {3: frozenset((4, 13, 22)), 2: frozenset((13, 22)), 0: frozenset()}
"""The kinds that have a red five, by the ``red_fives`` option."""


def _reds_valid(reds: Sequence[int], options: RiichiOptions) -> bool:
    """The red fives (by kind) are distinct and of kinds the rules give a red five."""
    return len(set(reds)) == len(reds) and _RED_KINDS[options.red_fives].issuperset(reds)


def _red_problem(reds: Sequence[int], options: RiichiOptions) -> Rejection:
    """Why the red fives (by kind) are wrong: a second red of a suit, or one too many."""
    twice = next((kind for kind in reds if reds.count(kind) > 1), None)
    if twice is not None:
        return _reject(Reason.BAD_HAND, f"{reds.count(twice)} red {_name(twice)}: the set "
                       "has one", kind=twice, red_copies=reds.count(twice))
    kind = next(k for k in reds if k not in _RED_KINDS[options.red_fives])
    return _reject(Reason.BAD_HAND, f"a red {_name(kind)}: these rules play "
                   f"{options.red_fives} red fives", kind=kind, red_fives=options.red_fives)


def _name(kind: int) -> str:
    """A kind's mpsz name, or its number when it is no kind."""
    return kind_name(kind) if 0 <= kind < 34 else f"kind {kind}"


# The melds found valid (kinds 0..33), by kind and tiles (both hashed in C), with their
# block, facts (masks, then counts), kind mask, the kinds of their red fives and of their
# tiles: few distinct ones recur.
_KnownMeld = tuple[Block, int, int, int, tuple[int, ...], tuple[int, ...]]
_KNOWN_MELDS: Final[dict[tuple[MeldKind, tuple[Tile, ...]], _KnownMeld]] = {}

_AT_MOST_FOUR: Final = bytes(range(5))
"""Counts 0-4: what is left of counts after deleting these is a kind five times or more."""


def _check_hand(hand: WinningHand, context: WinContext, options: RiichiOptions) -> Rejection | None:
    sanma = isinstance(options, SanmaOptions)
    melds = hand.melds
    tiles = [*hand.concealed, hand.win]
    for meld in melds:
        if sanma and meld.kind is _CHI:
            return _reject(Reason.BAD_HAND, "there is no chi in sanma", meld="chi")
        key = (meld.kind, meld.tiles)
        if key not in _KNOWN_MELDS:
            problem = meld_problem(meld)
            if problem is not None:
                return problem
            if len(_KNOWN_MELDS) >= 65536:
                _KNOWN_MELDS.clear()
            if all(0 <= tile[0] < 34 for tile in meld.tiles):  # score's screen trusts these
                blocks, facts = meld_parts((meld,))
                _KNOWN_MELDS[key] = (blocks[0], facts & MASKS, facts & ~MASKS,
                                     sum({1 << tile[0] for tile in meld.tiles}),
                                     tuple(tile[0] for tile in meld.tiles if tile[1]),
                                     tuple(tile[0] for tile in meld.tiles))
        tiles += meld.tiles
    concealed_needed = 13 - 3 * len(melds)
    if len(melds) > 4 or len(hand.concealed) != concealed_needed:
        return _reject(Reason.BAD_HAND, size_message(len(melds), len(hand.concealed),
                                                      concealed_needed),
                       concealed=len(hand.concealed), needed=concealed_needed)
    for name, indicators in (("dora", context.dora_indicators),
                             ("ura", context.ura_indicators)):
        if len(indicators) > 5:
            return _reject(Reason.BAD_HAND, f"{len(indicators)} {name} indicators: a wall "
                           "has five", indicators=len(indicators))
    tiles += context.dora_indicators
    tiles += context.ura_indicators
    physical: list[int] = sorted([tile[0] for tile in tiles])  # Tile is (kind, red)
    reds = [tile[0] for tile in tiles if tile[1]]
    if physical[-1] >= 34:
        return _reject(Reason.BAD_HAND, "flowers are not riichi tiles")
    if physical[0] < 0:
        return _reject(Reason.BAD_HAND, "a tile kind is negative")
    kita = context.kita
    # five of a kind: sorted, a kind five times is equal four places on
    five = kita > 0 and physical.count(30) + kita > 4  # North tiles set aside are physical
    if five or True in map(_EQ, physical, physical[4:]):
        counts: Counter[int] = Counter(physical)
        counts[30] += kita
        most = max(counts.values())
        worst = min(kind for kind, count in counts.items() if count == most)
        return _reject(Reason.BAD_HAND, f"{most} copies of one kind (hand, kita and "
                       "indicators)", kind=worst)
    if sanma and not _SANMA_REMOVED.isdisjoint(physical):
        return _reject(Reason.BAD_HAND, "2m-8m are not in the sanma set")
    if reds and not _reds_valid(reds, options):
        return _red_problem(reds, options)
    if kita and not sanma:
        return _reject(Reason.BAD_HAND, "kita exists only in sanma", kita=kita)
    if not 0 <= context.seat_wind < options.players or not 0 <= context.round_wind < 4:
        return _reject(Reason.BAD_HAND, "seat or round wind out of range",
                       seat_wind=context.seat_wind)
    if sanma and context.round_wind == 3:
        # North is a guest wind in sanma, never a round wind (seeds/000 5.7)
        return _reject(Reason.BAD_HAND, "sanma has no North round", round_wind=3)
    if context.honba < 0 or context.riichi_sticks < 0 or kita < 0:
        return _reject(Reason.BAD_HAND, "negative honba, deposits or kita")
    return None


def _check_context(hand: WinningHand, context: WinContext,
                   options: RiichiOptions) -> Rejection | None:
    tsumo = context.tsumo
    riichi = context.riichi or context.double_riichi
    if not (context.haitei or context.houtei or context.rinshan or context.chankan
            or context.ippatsu or context.tenhou or context.chiihou
            or context.liability is not None) and (hand.is_closed or not riichi):
        # Every conflict below needs one of these flags, or riichi with an open hand:
        # the usual win is settled without looking further.
        return None
    conflict = _conflict(hand, context, options, tsumo=tsumo, riichi=riichi)
    if conflict is None:
        return None
    name, message = conflict
    return _reject(Reason.CONFLICTING_CONTEXT, message, conflict=name)


def _conflict(hand: WinningHand, context: WinContext, options: RiichiOptions, *,
              tsumo: bool, riichi: bool) -> tuple[str, str] | None:
    """The first conflict of the circumstances (its name and message), in a fixed order."""
    if context.haitei and not tsumo:
        return "haitei+ron", "haitei is a tsumo on the last tile"
    if context.houtei and tsumo:
        return "houtei+tsumo", "houtei is a ron on the last discard"
    if context.rinshan:
        if not tsumo:
            return "rinshan+ron", "rinshan is a tsumo"
        if context.haitei:
            return "rinshan+haitei", "a replacement tile is not the last tile of the wall"
        if not (any(meld.is_kan for meld in hand.melds) or context.kita):
            return "rinshan+no_kan", "rinshan needs a kan (or a kita)"
    if context.chankan:
        if tsumo:
            return "chankan+tsumo", "chankan is a ron"
        if context.houtei or context.rinshan:
            return ("chankan+last_tile",
                    "chankan cannot be on the last discard or a replacement tile")
    if context.ippatsu:
        if not riichi:
            return "ippatsu+no_riichi", "ippatsu needs riichi"
        kita_cancels = isinstance(options, SanmaOptions) and options.kita_cancels_ippatsu
        if context.rinshan and not (context.kita and not kita_cancels):
            return ("ippatsu+rinshan",
                    "a kan (or, with kita_cancels_ippatsu, a kita) ends ippatsu")
    if riichi and not hand.is_closed:
        return "riichi+open_hand", "riichi needs a closed hand"
    if context.tenhou:
        if context.chiihou:
            return "tenhou+chiihou", "only one can apply"
        if not (context.is_dealer and tsumo):
            return "tenhou+not_dealer_tsumo", "tenhou is the dealer's tsumo"
    if context.chiihou and (context.is_dealer or not tsumo):
        return "chiihou+dealer_or_ron", "chiihou is a non-dealer's tsumo"
    if context.liability is Liability.OPEN_KAN_RINSHAN and not (
            context.rinshan and any(m.kind is MeldKind.DAIMINKAN for m in hand.melds)):
        return ("open_kan_liability+no_rinshan",
                "open-kan liability needs a rinshan win after an open kan")
    if (context.tenhou or context.chiihou) and (bool(hand.melds) or riichi or context.rinshan
                                                or context.haitei):
        return "tenhou+other", "a first-draw win has no melds, riichi or special draw"
    return None


_DORA: Final = tuple(dora_of(kind) for kind in range(34))
_DORA_SANMA: Final = tuple(dora_of(kind, sanma=True) for kind in range(34))


def _dora_counts(tally: list[int], red: int, context: WinContext,
                 sanma: bool) -> tuple[int, int, int, int]:
    """Dora, red fives, ura-dora and kita dora of a hand holding ``tally[k]`` of kind ``k``."""
    target = _DORA_SANMA if sanma else _DORA
    dora = 0
    for indicator in context.dora_indicators:
        dora += tally[target[indicator[0]]]
    riichi = context.riichi or context.double_riichi
    ura = 0
    if riichi:
        for indicator in context.ura_indicators:
            ura += tally[target[indicator[0]]]
    kita = 0
    if context.kita:
        north_dora = sum(1 for t in context.dora_indicators if target[t.kind] == 30)
        north_ura = sum(1 for t in context.ura_indicators if target[t.kind] == 30)
        kita = context.kita * (1 + north_dora + (north_ura if riichi else 0))
    return dora, red, ura, kita


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


class _Plan(NamedTuple):
    """What the scorer reads of one options object, looked up once per call."""

    options: RiichiOptions
    """The options themselves (kept alive here, so that their id is not reused)."""
    settled: _Settled
    """The points worked out so far (see :func:`_settlements`)."""
    doubles: frozenset[str]
    """:func:`~mahjong_rules.scoring.riichi_yaku.doubles_of` the options."""
    red_kinds: frozenset[int]
    """The kinds that have a red five."""
    sanma: bool
    players: int
    switched: bool
    """The options play without ippatsu, ura dora, kan dora or kan ura (see
    :func:`_switched_off`)."""


_PLANS: Final[dict[int, _Plan]] = {}


def _plan(options: RiichiOptions) -> _Plan:
    """The plan of ``options`` (built once per options object, 64 kept at most)."""
    plan = _PLANS.get(id(options))
    if plan is None or plan.options is not options:
        if not isinstance(options, RiichiOptions):
            raise options_error(options)
        if len(_PLANS) >= 64:
            _PLANS.clear()
        plan = _PLANS[id(options)] = _Plan(
            options, _settlements(options), doubles_of(options), _RED_KINDS[options.red_fives],
            options.players == 3, options.players,
            not (options.ippatsu_yaku and options.ura_dora and options.kan_dora
                 and options.kan_ura))
    return plan


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
    plan = _plan(options)  # checks the options' type, once per options object
    try:
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


def _arguments_problem(hand: object, context: object) -> InvalidArgumentError | None:
    """Why ``score(hand, context)`` failed on its arguments' types (``None``: it did not)."""
    if not (isinstance(hand, WinningHand) and isinstance(context, WinContext)):
        return argument_error(hand, context, None)
    return content_error(hand, context)


_RENHOU: Final = YakuHit("renhou", "Renhou (hand of man)", 0, 1)
_RENHOU_MANGAN: Final = YakuHit("renhou", "Renhou (hand of man)", 5, 0)


def _renhou(hand: WinningHand, context: WinContext, plan: _Plan,
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
        return _reject(Reason.CONFLICTING_CONTEXT, "renhou is a non-dealer's ron on a "
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
    base, limit, owed, total = _points(han, fu, yakuman, summary=YakuSummary(hits, han, yakuman),
                                       context=context, options=options, dealer=False)
    if isinstance(result, ScoreResult) and result.total > total:
        return result
    return build_score_result(hits, 0, 0, 0, 0, lines, han, fu, yakuman, limit, base, owed,
                              total, tsumo=False, dealer=False, wait=reading.wait)


def _score(hand: WinningHand, context: WinContext,
           plan: _Plan) -> ScoreResult | Rejection:
    """:func:`score` of arguments of the right types, with the plan of the options."""
    options, settled, doubles, red_kinds, sanma, players, switched = plan
    concealed = hand.concealed
    melds = hand.melds
    # What the scorer needs, counted once, screens the hand on the way: a kind past 33
    # raises IndexError, the other doubts (a negative kind, five of a kind, a red five the
    # rules lack, a meld not seen before, ...) go to _check_hand for the exact rejection.
    # Five of a kind among the concealed tiles alone is left to the divisions (a suit
    # with a kind five times has none): such a hand ends at "no reading", where
    # _check_hand has the last word.
    counts = [0] * 34  # the concealed tiles and the winning tile
    reds: list[int] = []  # the kinds of the red fives: of the hand, then of the indicators
    fresh_meld = False
    closed = True
    meld_blocks: tuple[Block, ...] = ()
    meld_facts = 0
    meld_kinds = 0
    meld_tallies = 0
    win, is_red = hand.win
    indicators = context.dora_indicators + context.ura_indicators
    kita = context.kita
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
                part = _KNOWN_MELDS.get((meld.kind, meld.tiles))
                if part is None:  # a meld not seen before: _check_hand checks it
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
        # the indicators and kita, counted on top of the hand for a moment
        for tile in indicators:
            kind = tile[0]
            if kind < 0:
                raise IndexError(kind)  # noqa: TRY301
            tally[kind] += 1
            if tally[kind] > 4:
                screened = False
            if tile[1]:
                reds.append(kind)
        if tally[30] + kita > 4 or (sanma and any(tally[1:8])):
            screened = False
        for tile in indicators:
            tally[tile[0]] -= 1
        # (13 tiles less 3 a meld: at most four melds)
        if len(concealed) + 3 * len(melds) != 13 or (
                len(context.dora_indicators) > 5 or len(context.ura_indicators) > 5):
            screened = False
    except IndexError:
        screened = False
        red = 0
    seat_wind = context.seat_wind
    if fresh_meld or not screened or (reds and not (
            len(set(reds)) == len(reds) and red_kinds.issuperset(reds))) or (
            sanma and _has_chi(melds)) or not (
            0 <= seat_wind < players and 0 <= context.round_wind < 4 - sanma
            and context.honba | context.riichi_sticks | kita >= 0  # none negative
            and (sanma or not kita)):  # sanma has no North round
        problem = _check_hand(hand, context, options)
        if problem is not None:
            return problem
        if fresh_meld:  # now known (fresh melds were left out of the counts)
            return _score(hand, context, plan)
    # _check_context's own first test, inline: the usual win has none of these flags
    liability = context.liability
    if (context.haitei or context.houtei or context.rinshan or context.chankan
            or context.ippatsu or context.tenhou or context.chiihou or liability is not None
            or (not closed and (context.riichi or context.double_riichi))):
        problem = _check_context(hand, context, options)
        if problem is not None:
            return problem
    if switched:
        context = _switched_off(context, options)
    tsumo = context.tsumo
    found, held = riichi_readings(counts, win, meld_blocks, meld_facts, tsumo, 4, not melds)
    if not found:
        return _check_hand(hand, context, options) or _NOT_A_WINNING_HAND
    held |= meld_kinds  # bit k: the hand holds kind k
    best: tuple[Reading, YakuSummary, tuple[FuLine, ...], int, int, _Points] | None = None
    extra = -1
    dora = (0, 0, 0, 0)
    dealer = seat_wind == 0
    situation: tuple[bool, bool, int, int] = (dealer, tsumo, 0, 0)
    for reading, facts in found:
        mask = reading_yaku(reading[0], reading[2], facts, counts, win, held, closed, context,
                            options)  # Reading is (form, blocks, wait, win_block)
        if not mask:
            continue
        if extra < 0:  # the first reading with a yaku
            dora = _dora_counts(tally, red, context, sanma)
            extra = dora[0] + dora[1] + dora[2] + dora[3]
            # what, besides han, fu and yakuman, decides the points (liability aside)
            situation = (dealer, tsumo, context.honba, context.riichi_sticks)
        summary = summarize(mask, closed, doubles)
        yakuman = summary[2]  # YakuSummary is (hits, han, yakuman)
        lines: tuple[FuLine, ...] = ()
        if yakuman:
            han = fu = 0
        else:
            lines, fu = fu_of(reading, closed, mask & _PINFU != 0, context, options)
            han = summary[1] + extra
        if liability is None:
            points = settled.get((han, fu, yakuman, situation))
            if points is None:
                points = settled[han, fu, yakuman, situation] = _points(
                    han, fu, yakuman, summary=summary, context=context, options=options,
                    dealer=dealer)
        else:
            points = _points(han, fu, yakuman, summary=summary, context=context,
                             options=options, dealer=dealer)
        if best is None or _better(points, yakuman, han, fu, best):
            best = reading, summary, lines, han, fu, points
    if best is None:
        return _NO_YAKU
    reading, summary, lines, han, fu, (base, limit, owed, total) = best
    yakuman = summary[2]
    if yakuman:
        dora = (0, 0, 0, 0)
    return build_score_result(summary[0], dora[0], dora[1], dora[2], dora[3], lines, han, fu,
                              yakuman, limit, base, owed, total, tsumo=tsumo, dealer=dealer,
                              wait=_WAIT_NAMES[reading[2]])


def _better(points: _Points, yakuman: int, han: int, fu: int,
            best: tuple[Reading, YakuSummary, tuple[FuLine, ...], int, int, _Points]) -> bool:
    """A reading beats the best so far on points, then han (a yakuman above all), then fu."""
    best_yakuman = best[1].yakuman
    return (points[3], 1000 * yakuman if yakuman else han, fu) > (
        best[5][3], 1000 * best_yakuman if best_yakuman else best[3], best[4])


def _has_chi(melds: tuple[Meld, ...]) -> bool:
    return any(meld.kind is _CHI for meld in melds)


_Points = tuple[int, "Limit | None", MappingProxyType[str, int], int]
"""Base points, limit, payments by role and the winner's total."""


def _points(han: int, fu: int, yakuman: int, *, summary: YakuSummary, context: WinContext,
            options: RiichiOptions, dealer: bool) -> _Points:
    base, limit = base_points(han, fu, yakuman, options)
    liability = context.liability
    liable_base = 0
    if liability is _YAKUMAN_PAO and (options.pao or options.pao_suukantsu):
        pao_yaku = (_PAO_YAKU if options.pao else ()) + (
            ("suukantsu",) if options.pao_suukantsu else ())
        liable_base = 8000 * sum(hit.yakuman for hit in summary.hits if hit.id in pao_yaku)
        if liable_base and options.pao_whole_hand:
            liable_base = base
    if liability is _OPEN_KAN_PAO and not options.pao_open_kan_rinshan:
        liability = None
    if liability is _YAKUMAN_PAO and not liable_base:
        liability = None
    owed = payments(base, dealer=dealer, tsumo=context.tsumo, honba=context.honba,
                    options=options, liability=liability, liable_base=liable_base)
    payers = _payer_counts(owed, dealer=dealer, players=options.players)
    total = sum(owed[role] * payers[role] for role in owed) + 1000 * context.riichi_sticks
    return base, limit, MappingProxyType(owed), total  # read-only: results share it


_WAIT_NAMES: Final = {wait: wait.value for wait in Wait}
_Settled = dict[tuple[object, ...], _Points]
_SETTLED: Final[dict[int, tuple[RiichiOptions, _Settled]]] = {}


def _settlements(options: RiichiOptions) -> _Settled:
    """The points already worked out under ``options``, by what decides them.

    Without liability, the points of a hand follow from its han, fu and yakuman, the
    dealer and tsumo flags, honba and deposits: few combinations, met again and again,
    so each is computed once (the payments are a read-only mapping, shared by the
    results). Keyed by the options object itself (kept alive here, so that its id is
    not reused).
    """
    entry = _SETTLED.get(id(options))
    if entry is None or entry[0] is not options:
        if len(_SETTLED) >= 64:
            _SETTLED.clear()
        entry = _SETTLED[id(options)] = (options, {})
    return entry[1]


def _payer_counts(owed: dict[str, int], *, dealer: bool, players: int) -> dict[str, int]:
    counts = {"discarder": 1, "liable": 1, "dealer": 1}
    counts["non_dealer"] = players - 1 if dealer else players - 2
    return {role: counts[role] for role in owed}


def score_or_raise(
    hand: WinningHand, context: WinContext, options: RiichiOptions | None = None
) -> ScoreResult:
    """:func:`score`, raising :class:`~mahjong_rules.errors.ScoringError` on a rejection."""
    result = score(hand, context, options)
    if isinstance(result, Rejection):
        raise ScoringError(result)
    return result
