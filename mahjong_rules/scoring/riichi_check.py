"""Checks of a riichi or sanma hand before scoring: argument types, the tiles, the circumstances.

The scorer (:mod:`~mahjong_rules.scoring.riichi`) screens a hand quickly on its way and
asks these functions for the exact answer when the screen has a doubt: the
``bad_input`` error of arguments of the wrong types, the ``bad_hand`` rejection of tiles
that cannot be (a wrong meld, five of a kind, a red five the rules lack, ...) and the
``conflicting_context`` rejection of circumstances that exclude each other.

.. versionadded:: 0.3
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from typing import Final

from mahjong_rules.errors import InvalidArgumentError, Reason, Rejection
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring.division import MASKS, Block, meld_parts
from mahjong_rules.scoring.hand import (
    Liability,
    Meld,
    MeldKind,
    WinContext,
    WinningHand,
    meld_problem,
    size_message,
)
from mahjong_rules.tiles import Tile, kind_name

__all__ = ["KNOWN_MELDS", "NOT_A_WINNING_HAND", "NO_YAKU", "RED_KINDS", "argument_error",
           "check_context", "check_hand", "content_error", "options_error", "reject"]

_SANMA_REMOVED: Final = frozenset(range(1, 8))  # 2m-8m
# enum members as module constants: a member looked up on its class is slow in 3.11
_CHI: Final = MeldKind.CHI
_EQ: Final = operator.eq

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


def reject(reason: Reason, message: str, **details: int | str) -> Rejection:
    """A rejection with these details.

    Examples:
        >>> reject(Reason.BAD_HAND, "no chi in sanma", meld="chi").details
        mappingproxy({'meld': 'chi'})
    """
    return Rejection(reason=reason, message=message, details=details)


# Rejections are frozen values: these two, without details, are built once.
NOT_A_WINNING_HAND: Final = reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
NO_YAKU: Final = reject(Reason.NO_YAKU, "the hand has no yaku")


RED_KINDS: Final = {3: frozenset((4, 13, 22)), 2: frozenset((13, 22)), 0: frozenset()}
"""The kinds that have a red five, by the ``red_fives`` option."""


def _reds_valid(reds: Sequence[int], options: RiichiOptions) -> bool:
    """The red fives (by kind) are distinct and of kinds the rules give a red five."""
    return len(set(reds)) == len(reds) and RED_KINDS[options.red_fives].issuperset(reds)


def _red_problem(reds: Sequence[int], options: RiichiOptions) -> Rejection:
    """Why the red fives (by kind) are wrong: a second red of a suit, or one too many."""
    twice = next((kind for kind in reds if reds.count(kind) > 1), None)
    if twice is not None:
        return reject(Reason.BAD_HAND, f"{reds.count(twice)} red {_name(twice)}: the set "
                       "has one", kind=twice, red_copies=reds.count(twice))
    kind = next(k for k in reds if k not in RED_KINDS[options.red_fives])
    return reject(Reason.BAD_HAND, f"a red {_name(kind)}: these rules play "
                   f"{options.red_fives} red fives", kind=kind, red_fives=options.red_fives)


def _name(kind: int) -> str:
    """A kind's mpsz name, or its number when it is no kind."""
    return kind_name(kind) if 0 <= kind < 34 else f"kind {kind}"


# The melds found valid (kinds 0..33), by kind and tiles (both hashed in C), with their
# block, facts (masks, then counts), kind mask, the kinds of their red fives and of their
# tiles: few distinct ones recur.
KnownMeld = tuple[Block, int, int, int, tuple[int, ...], tuple[int, ...]]
KNOWN_MELDS: Final[dict[tuple[MeldKind, tuple[Tile, ...]], KnownMeld]] = {}

_AT_MOST_FOUR: Final = bytes(range(5))
"""Counts 0-4: what is left of counts after deleting these is a kind five times or more."""


def check_hand(hand: WinningHand, context: WinContext, options: RiichiOptions) -> Rejection | None:
    """The ``bad_hand`` rejection of a hand whose tiles cannot be, or ``None``.

    A wrong meld (a chi in sanma), the wrong number of tiles or indicators, a flower or
    a negative kind, five of a kind (hand, kita and indicators), 2m-8m in sanma, a red
    five the rules lack, kita outside sanma, a wind out of range, negative honba,
    deposits or kita; in that order. Registers every valid meld in :data:`KNOWN_MELDS`.
    """
    sanma = isinstance(options, SanmaOptions)
    melds = hand.melds
    tiles = [*hand.concealed, hand.win]
    for meld in melds:
        if sanma and meld.kind is _CHI:
            return reject(Reason.BAD_HAND, "there is no chi in sanma", meld="chi")
        key = (meld.kind, meld.tiles)
        if key not in KNOWN_MELDS:
            problem = meld_problem(meld)
            if problem is not None:
                return problem
            if len(KNOWN_MELDS) >= 65536:
                KNOWN_MELDS.clear()
            if all(0 <= tile[0] < 34 for tile in meld.tiles):  # score's screen trusts these
                blocks, facts = meld_parts((meld,))
                KNOWN_MELDS[key] = (blocks[0], facts & MASKS, facts & ~MASKS,
                                     sum({1 << tile[0] for tile in meld.tiles}),
                                     tuple(tile[0] for tile in meld.tiles if tile[1]),
                                     tuple(tile[0] for tile in meld.tiles))
        tiles += meld.tiles
    concealed_needed = 13 - 3 * len(melds)
    if len(melds) > 4 or len(hand.concealed) != concealed_needed:
        return reject(Reason.BAD_HAND, size_message(len(melds), len(hand.concealed),
                                                      concealed_needed),
                       concealed=len(hand.concealed), needed=concealed_needed)
    for name, indicators in (("dora", context.dora_indicators),
                             ("ura", context.ura_indicators)):
        if len(indicators) > 5:
            return reject(Reason.BAD_HAND, f"{len(indicators)} {name} indicators: a wall "
                           "has five", indicators=len(indicators))
    tiles += context.dora_indicators
    tiles += context.ura_indicators
    physical: list[int] = sorted([tile[0] for tile in tiles])  # Tile is (kind, red)
    reds = [tile[0] for tile in tiles if tile[1]]
    if physical[-1] >= 34:
        return reject(Reason.BAD_HAND, "flowers are not riichi tiles")
    if physical[0] < 0:
        return reject(Reason.BAD_HAND, "a tile kind is negative")
    kita = context.kita
    # five of a kind: sorted, a kind five times is equal four places on
    five = kita > 0 and physical.count(30) + kita > 4  # North tiles set aside are physical
    if five or True in map(_EQ, physical, physical[4:]):
        counts: Counter[int] = Counter(physical)
        counts[30] += kita
        most = max(counts.values())
        worst = min(kind for kind, count in counts.items() if count == most)
        return reject(Reason.BAD_HAND, f"{most} copies of one kind (hand, kita and "
                       "indicators)", kind=worst)
    if sanma and not _SANMA_REMOVED.isdisjoint(physical):
        return reject(Reason.BAD_HAND, "2m-8m are not in the sanma set")
    if reds and not _reds_valid(reds, options):
        return _red_problem(reds, options)
    if kita and not sanma:
        return reject(Reason.BAD_HAND, "kita exists only in sanma", kita=kita)
    if not 0 <= context.seat_wind < options.players or not 0 <= context.round_wind < 4:
        return reject(Reason.BAD_HAND, "seat or round wind out of range",
                       seat_wind=context.seat_wind)
    if sanma and context.round_wind == 3:
        # North is a guest wind in sanma, never a round wind (seeds/000 5.7)
        return reject(Reason.BAD_HAND, "sanma has no North round", round_wind=3)
    if context.honba < 0 or context.riichi_sticks < 0 or kita < 0:
        return reject(Reason.BAD_HAND, "negative honba, deposits or kita")
    return None


def check_context(hand: WinningHand, context: WinContext,
                  options: RiichiOptions) -> Rejection | None:
    """The ``conflicting_context`` rejection of circumstances that exclude each other (or None)."""
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
    return reject(Reason.CONFLICTING_CONTEXT, message, conflict=name)


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
