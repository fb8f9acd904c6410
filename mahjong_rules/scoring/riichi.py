"""Score a riichi or sanma winning hand: every reading, the best one, a typed breakdown.

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mahjong_rules.errors import Reason, Rejection, ScoringError
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.outcome import FuLine, ScoreResult
from mahjong_rules.scoring.division import Reading, readings
from mahjong_rules.scoring.hand import (
    Liability,
    MeldKind,
    WinContext,
    WinningHand,
    meld_problem,
)
from mahjong_rules.scoring.riichi_fu import count_fu
from mahjong_rules.scoring.riichi_points import base_points, payments
from mahjong_rules.scoring.riichi_yaku import find_yaku
from mahjong_rules.tiles import Tile

__all__ = ["dora_of", "score", "score_or_raise"]

_PAO_YAKU = ("daisangen", "daisuushii")
_DEFAULT_OPTIONS = RiichiOptions()


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


def _reject(reason: Reason, message: str, **details: int | str) -> Rejection:
    return Rejection(reason=reason, message=message, details=details)


def _check_hand(hand: WinningHand, context: WinContext, options: RiichiOptions) -> Rejection | None:
    sanma = isinstance(options, SanmaOptions)
    tiles = [*hand.concealed, hand.win]
    for meld in hand.melds:
        if meld.kind is MeldKind.CHI and sanma:
            return _reject(Reason.BAD_HAND, "there is no chi in sanma", meld="chi")
        problem = meld_problem(meld)
        if problem is not None:
            return problem
        tiles.extend(meld.tiles)
    concealed_needed = 13 - 3 * len(hand.melds)
    if len(hand.melds) > 4 or len(hand.concealed) != concealed_needed:
        return _reject(Reason.BAD_HAND, f"with {len(hand.melds)} melds the hand holds "
                       f"{concealed_needed} concealed tiles besides the winning tile, not "
                       f"{len(hand.concealed)}", concealed=len(hand.concealed))
    physical = [*tiles, *context.dora_indicators, *context.ura_indicators]
    counts = [0] * 35
    counts[30] += context.kita  # North tiles set aside are physical tiles too
    reds: list[int] = []
    for tile in physical:
        counts[min(34, tile.kind)] += 1
        if tile.red:
            reds.append(tile.kind)
    if counts[34]:
        return _reject(Reason.BAD_HAND, "flowers are not riichi tiles")
    if max(counts) > 4:
        worst = counts.index(max(counts))
        return _reject(Reason.BAD_HAND, f"{counts[worst]} copies of one kind (hand, kita and "
                       "indicators)", kind=worst)
    if sanma and any(counts[1:8]):
        return _reject(Reason.BAD_HAND, "2m-8m are not in the sanma set")
    if reds:
        allowed_reds = {4, 13, 22} if options.red_fives == 3 else (
            {13, 22} if options.red_fives else set())
        if len(set(reds)) != len(reds) or not set(reds) <= allowed_reds:
            return _reject(Reason.BAD_HAND, "a red five the rules do not have")
    if context.kita and not sanma:
        return _reject(Reason.BAD_HAND, "kita exists only in sanma", kita=context.kita)
    if not 0 <= context.seat_wind < options.players or not 0 <= context.round_wind < 4:
        return _reject(Reason.BAD_HAND, "seat or round wind out of range",
                       seat_wind=context.seat_wind)
    if sanma and context.round_wind == 3:
        # North is a guest wind in sanma, never a round wind (seeds/000 5.7)
        return _reject(Reason.BAD_HAND, "sanma has no North round", round_wind=3)
    if min(context.honba, context.riichi_sticks, context.kita) < 0:
        return _reject(Reason.BAD_HAND, "negative honba, deposits or kita")
    return None


def _check_context(hand: WinningHand, context: WinContext,
                   options: RiichiOptions) -> Rejection | None:
    tsumo = context.tsumo
    riichi = context.riichi or context.double_riichi
    kita_cancels = isinstance(options, SanmaOptions) and options.kita_cancels_ippatsu
    has_kan = any(meld.is_kan for meld in hand.melds)
    conflicts = [
        (context.haitei and not tsumo, "haitei+ron", "haitei is a tsumo on the last tile"),
        (context.houtei and tsumo, "houtei+tsumo", "houtei is a ron on the last discard"),
        (context.rinshan and not tsumo, "rinshan+ron", "rinshan is a tsumo"),
        (context.rinshan and context.haitei, "rinshan+haitei",
         "a replacement tile is not the last tile of the wall"),
        (context.rinshan and not (has_kan or context.kita), "rinshan+no_kan",
         "rinshan needs a kan (or a kita)"),
        (context.chankan and tsumo, "chankan+tsumo", "chankan is a ron"),
        (context.chankan and (context.houtei or context.rinshan), "chankan+last_tile",
         "chankan cannot be on the last discard or a replacement tile"),
        (context.ippatsu and not riichi, "ippatsu+no_riichi", "ippatsu needs riichi"),
        (context.ippatsu and context.rinshan and not (context.kita and not kita_cancels),
         "ippatsu+rinshan", "a kan (or, with kita_cancels_ippatsu, a kita) ends ippatsu"),
        (riichi and not hand.is_closed, "riichi+open_hand", "riichi needs a closed hand"),
        (context.tenhou and context.chiihou, "tenhou+chiihou", "only one can apply"),
        (context.tenhou and not (context.is_dealer and tsumo), "tenhou+not_dealer_tsumo",
         "tenhou is the dealer's tsumo"),
        (context.chiihou and (context.is_dealer or not tsumo), "chiihou+dealer_or_ron",
         "chiihou is a non-dealer's tsumo"),
        (context.liability is Liability.OPEN_KAN_RINSHAN and not (
            context.rinshan and any(m.kind is MeldKind.DAIMINKAN for m in hand.melds)),
         "open_kan_liability+no_rinshan",
         "open-kan liability needs a rinshan win after an open kan"),
        ((context.tenhou or context.chiihou) and (bool(hand.melds) or riichi or context.rinshan
                                                   or context.haitei),
         "tenhou+other", "a first-draw win has no melds, riichi or special draw"),
    ]
    for conflict, name, message in conflicts:
        if conflict:
            return _reject(Reason.CONFLICTING_CONTEXT, message, conflict=name)
    return None


def _dora_counts(tiles: Sequence[Tile], context: WinContext, *, sanma: bool) -> tuple[int, ...]:
    kinds: Counter[int] = Counter(tile.kind for tile in tiles)
    dora = sum(kinds[dora_of(t.kind, sanma=sanma)] for t in context.dora_indicators)
    red = sum(1 for tile in tiles if tile.red)
    riichi = context.riichi or context.double_riichi
    ura = sum(kinds[dora_of(t.kind, sanma=sanma)] for t in context.ura_indicators) if riichi else 0
    north_dora = sum(1 for t in context.dora_indicators if dora_of(t.kind, sanma=sanma) == 30)
    north_ura = sum(1 for t in context.ura_indicators if dora_of(t.kind, sanma=sanma) == 30)
    kita = context.kita * (1 + north_dora + (north_ura if riichi else 0))
    return dora, red, ura, kita


def score(
    hand: WinningHand, context: WinContext, options: RiichiOptions | None = None
) -> ScoreResult | Rejection:
    """Score a winning hand: the best reading by points, then han, then fu.

    Sanma when ``options`` is a :class:`~mahjong_rules.options.SanmaOptions`.

    Returns:
        The breakdown, or a :class:`~mahjong_rules.errors.Rejection` with reason
        ``bad_hand``, ``conflicting_context``, ``not_a_winning_hand`` or ``no_yaku``.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = WinningHand(concealed=parse_tiles("234m567p789s22s45p"),
        ...                    win=parse_tiles("3p")[0])
        >>> result = score(hand, WinContext(seat_wind=1))
        >>> [y.id for y in result.yaku], result.han, result.fu, result.total
        (['pinfu'], 1, 30, 1000)
    """
    options = options if options is not None else _DEFAULT_OPTIONS
    problem = _check_hand(hand, context, options) or _check_context(hand, context, options)
    if problem is not None:
        return problem
    sanma = isinstance(options, SanmaOptions)
    closed = hand.is_closed
    all_tiles = [*hand.concealed, *(t for meld in hand.melds for t in meld.tiles), hand.win]
    kinds: list[int] = [tile.kind for tile in all_tiles]
    found = readings([t.kind for t in hand.concealed], win=hand.win.kind, melds=hand.melds,
                     tsumo=context.tsumo)
    if not found:
        return _reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
    dora, red, ura, kita = _dora_counts(all_tiles, context, sanma=sanma)
    extra = dora + red + ura + kita
    best: tuple[tuple[int, int, int], ScoreResult] | None = None
    for reading in found:
        result = _score_reading(reading, kinds, closed=closed, context=context,
                                options=options, dora=(dora, red, ura, kita), extra=extra)
        if result is None:
            continue
        key = (result.total, result.han if not result.yakuman else 1000 * result.yakuman,
               result.fu)
        if best is None or key > best[0]:
            best = (key, result)
    if best is None:
        return _reject(Reason.NO_YAKU, "the hand has no yaku")
    return best[1]


def _score_reading(
    reading: Reading,
    kinds: list[int],
    *,
    closed: bool,
    context: WinContext,
    options: RiichiOptions,
    dora: tuple[int, int, int, int],
    extra: int,
) -> ScoreResult | None:
    yaku = find_yaku(reading, kinds, closed=closed, context=context, options=options)
    if not yaku:
        return None
    yakuman = sum(hit.yakuman for hit in yaku)
    lines: tuple[FuLine, ...] = ()
    if yakuman:
        han, fu = 0, 0
        counted_dora = (0, 0, 0, 0)
    else:
        pinfu = any(hit.id == "pinfu" for hit in yaku)
        lines, fu = count_fu(reading, closed=closed, pinfu=pinfu, context=context,
                             options=options)
        han = sum(hit.han for hit in yaku) + extra
        counted_dora = dora
    base, limit = base_points(han, fu, yakuman, options)
    liable_base = 0
    if context.liability is Liability.YAKUMAN and options.pao:
        liable_base = 8000 * sum(hit.yakuman for hit in yaku if hit.id in _PAO_YAKU)
        if liable_base and options.pao_whole_hand:
            liable_base = base
    liability = context.liability
    if liability is Liability.OPEN_KAN_RINSHAN and not options.pao_open_kan_rinshan:
        liability = None
    if liability is Liability.YAKUMAN and not liable_base:
        liability = None
    owed = payments(base, dealer=context.is_dealer, tsumo=context.tsumo, honba=context.honba,
                    options=options, liability=liability, liable_base=liable_base)
    payers = _payer_counts(owed, dealer=context.is_dealer, players=options.players)
    total = sum(owed[role] * payers[role] for role in owed) + 1000 * context.riichi_sticks
    return ScoreResult(
        yaku=tuple(yaku), dora=counted_dora[0], red=counted_dora[1], ura=counted_dora[2],
        kita=counted_dora[3], fu_lines=lines, han=han, fu=fu, yakuman=yakuman, limit=limit,
        base_points=base, payments=owed, total=total, tsumo=context.tsumo,
        dealer=context.is_dealer,
        wait=reading.wait.value,
    )


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
