"""Score a Taiwanese 16-tile win: tai over every reading, flower wins, payments.

The interface (stable: it only ever grows by fields with defaults):

- :class:`TaiwaneseHand`: the winner's tiles (``concealed`` without the winning tile,
  ``win``, ``melds``, ``flowers``) and the circumstances of the win (``tsumo``,
  ``seat_wind``, ``round_wind``, ``discarder_wind``, ``haitei``, ``houtei``,
  ``chankan``, ``rinshan``, ``tenhou``, ``chiihou``, ``declared_ready``,
  ``discards_before_win``, ``dealer_repeats``) in one frozen value. The dealer is the
  East seat (``seat_wind == 0``, :attr:`TaiwaneseHand.is_dealer`); a seat's own flowers
  follow from its seat wind (:attr:`TaiwaneseHand.own_flowers`).
- :func:`score_taiwanese` ``(hand, options=None) -> TaiwaneseScore``, raising
  :class:`~mahjong_rules.errors.ScoringError` (reason ``bad_hand``,
  ``conflicting_context`` or ``not_a_winning_hand``); :func:`check_taiwanese` returns
  the :class:`~mahjong_rules.errors.Rejection` instead of raising; :func:`every_reading`
  lists every reading with its items.
- :class:`TaiwaneseScore`: ``items`` (:class:`TaiItem`: ``id``, ``name``, ``tai``),
  ``tai``, ``payments`` (role -> what each payer of that role pays), ``total`` (all the
  winner receives), ``deltas`` (point changes by seat wind, East first), ``reading`` (the
  chosen :class:`~mahjong_rules.scoring.division.Reading`; ``None`` for a flower win),
  ``flower_win``, ``tsumo``, ``dealer``.

A flower win is a win whose winning tile is a flower: ``win`` is the eighth flower and
``flowers`` the other seven. With ``tsumo`` it is eight flowers (30 tai, each other seat
pays); without, seven flowers robbing the eighth (20 tai, paid by the holder of the
eighth). Nothing else is scored.

Points: 1 tai = 1 point, no doubling, no cap (rules/taiwanese.md 1.6). A ron (robbing a
kong included) is paid by the discarder alone; a tsumo by each of the three others; no
dealer multiple, no continuation bonus (1.7).

Examples:
    >>> from mahjong_rules.notation import parse_tiles
    >>> hand = TaiwaneseHand(concealed=parse_tiles("234m567m345p678p88s56s"),
    ...                      win=parse_tiles("4s")[0], tsumo=True, seat_wind=2)
    >>> result = score_taiwanese(hand)
    >>> [(item.id, item.tai) for item in result.items], result.tai
    ([('winning', 2), ('all_runs_no_honours_no_flowers', 10), ('concealed_self_draw', 3)], 15)
    >>> dict(result.payments), result.total, result.deltas
    ({'each_other': 15}, 45, (-15, -15, 45, -15))

.. versionadded:: 0.2
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Final

import attrs
import numpy as np

from mahjong_rules import kernel
from mahjong_rules.errors import Reason, Rejection, ScoringError
from mahjong_rules.options import EarthlyHand, TaiwaneseOptions, WaitRule
from mahjong_rules.scoring.division import Reading, Wait, readings
from mahjong_rules.scoring.hand import Meld, meld_problem, size_message
from mahjong_rules.scoring.taiwanese_tai import (
    HandFacts,
    TaiItem,
    flower_win_item,
    reading_items,
    tai_value,
)
from mahjong_rules.tiles import FLOWER_KINDS, N_KINDS, N_KINDS_WITH_FLOWERS, Tile

__all__ = ["TaiItem", "TaiwaneseHand", "TaiwaneseScore", "check_taiwanese", "every_reading",
           "score_taiwanese"]

_DEFAULT_OPTIONS: Final = TaiwaneseOptions()
_SETS: Final = 5
_TIE_BREAK: Final = {Wait.TANKI: 2, Wait.KANCHAN: 1, Wait.PENCHAN: 1}


@attrs.frozen(kw_only=True)
class TaiwaneseHand:
    """A Taiwanese winning hand and the circumstances of the win.

    Contract (checked; a breach is a ``bad_hand`` rejection): ``concealed`` holds
    ``16 - 3 * len(melds)`` suit or honour tiles; ``melds`` at most 5; ``flowers`` are
    distinct flower kinds (``1f``-``8f``); no kind more than 4 times in all. A flower
    ``win`` makes a flower win; the tile counts are then not checked for a shape.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = TaiwaneseHand(concealed=parse_tiles("123m"), win=parse_tiles("1z")[0])
        >>> hand.is_dealer, hand.is_flower_win
        (True, False)
    """

    concealed: tuple[Tile, ...]
    """Concealed tiles without the winning tile (no flowers)."""
    win: Tile
    """The winning tile: drawn, claimed, robbed from an added kong, or (flower win) the
    eighth flower. For a heavenly hand, the dealer's last dealt tile."""
    melds: tuple[Meld, ...] = ()
    """Called and declared melds: ``chi`` runs, ``pon``, kongs (``daiminkan`` claimed,
    ``kakan`` added, ``ankan`` concealed)."""
    flowers: tuple[Tile, ...] = ()
    """The flowers and seasons the winner has shown (the winning flower excluded)."""
    tsumo: bool = False
    """Won by self-draw (eight flowers: drew the eighth); otherwise on a discard, a
    robbed kong tile, or (seven flowers) a robbed flower."""
    seat_wind: int = 0
    """The winner's seat wind, 0 East (the dealer) .. 3 North."""
    round_wind: int = 0
    """The prevalent wind (only the ``home`` table's round-wind set depends on it;
    checked for range)."""
    discarder_wind: int | None = None
    """Seat wind of the single payer of a ron: the discarder, the declarer of the robbed
    kong, or the holder of the eighth flower. Only fills :attr:`TaiwaneseScore.deltas`."""
    haitei: bool = False
    """Tsumo on the last tile of the live wall (海底撈月)."""
    houtei: bool = False
    """Ron on a discard made after the live wall ran out (河底撈魚)."""
    chankan: bool = False
    """Ron on the tile added to make an added kong (搶槓)."""
    rinshan: bool = False
    """Tsumo on a replacement tile, after a kong or a flower (槓上開花; 0 tai unless
    ``replacement_win_tai``)."""
    tenhou: bool = False
    """Heavenly hand: the dealer wins on the 17 dealt tiles (天胡)."""
    chiihou: bool = False
    """Earthly hand (地胡): a non-dealer wins on the dealer's first discard (or, with
    ``EarthlyHand.FIRST_DRAW``, by tsumo on the first draw)."""
    declared_ready: bool = False
    """The winner made the ready-hand declaration (報聽)."""
    discards_before_win: int | None = None
    """Discards made in the hand by all players, the one won on included (the early-win
    count, Q10). ``None``: not known, no early-win item."""
    dealer_repeats: int = 0
    """How many times the dealer has kept the deal in a row (連莊; the reducer's
    ``honba``). Only the ``home`` table's dealer items use it (0 tai elsewhere)."""

    @property
    def is_dealer(self) -> bool:
        """The winner is the dealer (East seat)."""
        return self.seat_wind == 0

    @property
    def own_flowers(self) -> int:
        """How many flowers of its own seat the winner holds (正花).

        ``1f``-``4f`` and ``5f``-``8f`` belong to East .. North in order.

        Examples:
            >>> from mahjong_rules.notation import parse_tiles
            >>> TaiwaneseHand(concealed=(), win=parse_tiles("1z")[0], seat_wind=1,
            ...               flowers=parse_tiles("126f")).own_flowers
            2
        """
        own = {FLOWER_KINDS[self.seat_wind], FLOWER_KINDS[4 + self.seat_wind]}
        return sum(1 for tile in self.flowers if tile.kind in own)

    @property
    def is_flower_win(self) -> bool:
        """The winning tile is a flower."""
        return self.win.kind >= N_KINDS

    @property
    def is_closed(self) -> bool:
        """No open meld (concealed kongs keep the hand concealed)."""
        return not any(meld.is_open for meld in self.melds)


def _frozen(data: Mapping[str, int]) -> Mapping[str, int]:
    return types.MappingProxyType(dict(data))


@attrs.frozen(kw_only=True)
class TaiwaneseScore:
    """A scored Taiwanese win.

    ``payments`` maps a payer's role to what each payer of that role pays: ``discarder``
    (a ron, robbing a kong included), ``flower_holder`` (seven flowers robbing the
    eighth) or ``each_other`` (a tsumo or eight flowers: each of the three others); with
    the home table, ``dealer_extra`` is what the dealer pays on top of a non-dealer's
    tsumo (its dealer and repeat tai, which are then not among ``items``).
    """

    items: tuple[TaiItem, ...]
    """The items counted, in table order."""
    tai: int
    """Total tai (the sum of the items' tai)."""
    payments: Mapping[str, int] = attrs.field(converter=_frozen)
    """What each payer pays, by role."""
    total: int
    """All the winner receives (1 tai = 1 point)."""
    deltas: tuple[int, int, int, int] | None
    """Point changes by seat wind (East, South, West, North), summing to zero; ``None``
    for a ron whose ``discarder_wind`` was not given."""
    reading: Reading | None
    """The reading that scored best (``None`` for a flower win)."""
    flower_win: bool
    """Eight flowers, or seven robbing the eighth."""
    tsumo: bool
    """Won by self-draw."""
    dealer: bool
    """The winner is the dealer."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible form.

        ``wait`` and ``form`` are ``None`` for a flower win.
        """
        return {
            "tai": self.tai, "items": [[item.id, item.tai] for item in self.items],
            "payments": dict(self.payments), "total": self.total,
            "deltas": list(self.deltas) if self.deltas is not None else None,
            "wait": self.reading.wait.value if self.reading else None,
            "form": self.reading.form.value if self.reading else None,
            "flower_win": self.flower_win,
        }


def _reject(reason: Reason, message: str, **details: int | str) -> Rejection:
    return Rejection(reason=reason, message=message, details=details)


def _check_hand(hand: TaiwaneseHand) -> Rejection | None:
    if any(tile.kind < 0 for tile in (*hand.concealed, hand.win, *hand.flowers,
                                      *(t for meld in hand.melds for t in meld.tiles))):
        return _reject(Reason.BAD_HAND, "a tile kind below 0")
    for meld in hand.melds:
        if any(tile.kind >= N_KINDS for tile in meld.tiles):
            return _reject(Reason.BAD_HAND, "flowers never form sets", meld=meld.kind.value)
        problem = meld_problem(meld)
        if problem is not None:
            return problem
    if len(hand.melds) > _SETS:
        return _reject(Reason.BAD_HAND, f"{len(hand.melds)} melds; a hand has 5 sets",
                       melds=len(hand.melds))
    if any(tile.kind >= N_KINDS for tile in hand.concealed):
        return _reject(Reason.BAD_HAND, "flowers are shown and replaced, never held")
    if any(tile.red for tile in (*hand.concealed, hand.win)):
        return _reject(Reason.BAD_HAND, "Taiwanese has no red fives")
    flower_kinds = [tile.kind for tile in hand.flowers]
    if hand.is_flower_win:
        flower_kinds.append(hand.win.kind)
    if any(not N_KINDS <= kind < N_KINDS_WITH_FLOWERS for kind in flower_kinds) or len(
            set(flower_kinds)) != len(flower_kinds):
        return _reject(Reason.BAD_HAND, "flowers must be distinct flower tiles 1f-8f",
                       flowers=len(flower_kinds))
    needed = 16 - 3 * len(hand.melds)
    if not hand.is_flower_win and len(hand.concealed) != needed:
        return _reject(Reason.BAD_HAND, size_message(len(hand.melds), len(hand.concealed),
                                                      needed),
                       concealed=len(hand.concealed), needed=needed)
    counts = [0] * N_KINDS
    for tile in (*hand.concealed, *(t for meld in hand.melds for t in meld.tiles),
                 *(() if hand.is_flower_win else (hand.win,))):
        counts[tile.kind] += 1
    if max(counts) > 4:
        worst = counts.index(max(counts))
        return _reject(Reason.BAD_HAND, f"{counts[worst]} copies of one kind", kind=worst)
    winds = (hand.seat_wind, hand.round_wind,
             *(() if hand.discarder_wind is None else (hand.discarder_wind,)))
    if any(not 0 <= wind < 4 for wind in winds) or hand.discarder_wind == hand.seat_wind:
        return _reject(Reason.BAD_HAND, "a wind out of range, or the winner paying itself",
                       seat_wind=hand.seat_wind)
    if hand.dealer_repeats < 0:
        return _reject(Reason.BAD_HAND, "a negative repeat count",
                       dealer_repeats=hand.dealer_repeats)
    if hand.discards_before_win is not None and hand.discards_before_win < 0:
        return _reject(Reason.BAD_HAND, "a negative discard count",
                       discards_before_win=hand.discards_before_win)
    return None


def _check_context(hand: TaiwaneseHand, options: TaiwaneseOptions) -> Rejection | None:
    tsumo = hand.tsumo
    first = hand.tenhou or hand.chiihou
    earthly_tsumo = options.earthly_hand is EarthlyHand.FIRST_DRAW
    discards = hand.discards_before_win
    has_kong = any(meld.is_kan for meld in hand.melds)
    conflicts = [
        (hand.haitei and not tsumo, "haitei+ron", "haitei is a tsumo on the last tile"),
        (hand.houtei and tsumo, "houtei+tsumo", "houtei is a ron on the last discard"),
        (hand.chankan and tsumo, "chankan+tsumo", "robbing a kong is a ron"),
        (hand.chankan and hand.houtei, "chankan+houtei",
         "no kong can be added once the live wall is empty"),
        (hand.rinshan and not tsumo, "rinshan+ron", "a replacement-tile win is a tsumo"),
        (hand.rinshan and hand.haitei, "rinshan+haitei",
         "a replacement tile is not the last tile of the live wall"),
        (hand.rinshan and not (has_kong or hand.flowers), "rinshan+no_kong_or_flower",
         "a replacement tile needs a kong or a flower"),
        (tsumo and hand.discarder_wind is not None, "tsumo+discarder",
         "a tsumo has no single payer"),
        (hand.tenhou and hand.chiihou, "tenhou+chiihou", "only one can apply"),
        (hand.tenhou and not (hand.is_dealer and tsumo), "tenhou+not_dealer_tsumo",
         "the heavenly hand is the dealer's tsumo on the dealt tiles"),
        (hand.chiihou and (hand.is_dealer or tsumo is not earthly_tsumo),
         "chiihou+dealer_or_wrong_win",
         "the earthly hand is a non-dealer's ron on the dealer's first discard"
         if not earthly_tsumo else "the earthly hand is a non-dealer's first-draw tsumo"),
        (first and bool(hand.melds), "first_win+meld", "no meld before a first-turn win"),
        (first and (hand.haitei or hand.houtei or hand.chankan), "first_win+last_tile",
         "a first-turn win is not on the last tile or a robbed kong"),
        (hand.tenhou and discards is not None and discards != 0, "tenhou+discards",
         "the heavenly hand comes before any discard"),
        (hand.chiihou and not earthly_tsumo and discards is not None and discards != 1,
         "chiihou+discards", "the earthly hand is won on the first discard"),
        (not tsumo and discards == 0 and not hand.is_flower_win, "ron+no_discards",
         "a ron needs a discard or an added kong"),
        (tsumo and discards == 0 and not hand.is_dealer and not hand.is_flower_win,
         "no_discards+not_dealer", "a non-dealer draws only after the dealer's discard"),
        (discards == 0 and not hand.is_closed, "no_discards+open_meld",
         "a call needs a discard"),
        (hand.declared_ready and bool(hand.melds), "ready+meld",
         "a declared hand makes no call and no kong"),
        (hand.declared_ready and hand.tenhou, "ready+tenhou",
         "the dealer declares with the first discard, after the dealt hand"),
        (hand.is_flower_win and hand.chankan, "flower_win+chankan",
         "a flower win takes a flower, not a kong tile"),
    ]
    for conflict, name, message in conflicts:
        if conflict:
            return _reject(Reason.CONFLICTING_CONTEXT, message, conflict=name)
    return None


def _settle(items: tuple[TaiItem, ...], hand: TaiwaneseHand, *, reading: Reading | None,
            tsumo: bool, dealer_extra: int = 0) -> TaiwaneseScore:
    """Payments: one payer of a ron (or a robbed flower), three of a tsumo.

    ``dealer_extra``: what the dealer pays on top of a non-dealer's tsumo (the home
    table's dealer items count only between the dealer and the winner).
    """
    tai = sum(item.tai for item in items)
    if tsumo:
        payments = {"each_other": tai}
        payers = [wind for wind in range(4) if wind != hand.seat_wind]
        if dealer_extra:
            payments["dealer_extra"] = dealer_extra
    else:
        payments = {"flower_holder" if hand.is_flower_win else "discarder": tai}
        payers = [] if hand.discarder_wind is None else [hand.discarder_wind]
    deltas = [0, 0, 0, 0]
    for wind in payers:
        paid = tai + (dealer_extra if wind == 0 else 0)
        deltas[wind] -= paid
        deltas[hand.seat_wind] += paid
    return TaiwaneseScore(
        items=items, tai=tai, payments=payments,
        total=tai * (3 if tsumo else 1) + (dealer_extra if tsumo else 0),
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]) if payers else None,
        reading=reading, flower_win=reading is None, tsumo=tsumo, dealer=hand.is_dealer,
    )


def _facts(hand: TaiwaneseHand, options: TaiwaneseOptions) -> HandFacts:
    held = [tile.kind for tile in (*hand.concealed, *(t for meld in hand.melds
                                                        for t in meld.tiles))]
    only_tile = True
    if options.wait_rule is WaitRule.ONLY_TILE:
        counts = np.zeros(N_KINDS, dtype=np.uint8)
        for tile in hand.concealed:
            counts[tile.kind] += 1
        waiting = kernel.waits(counts, n_sets=_SETS, thirteen_orphans=False,
                               quad_as_two_pairs=True)
        # a kind whose four copies the winner holds (melds included) is no real wait
        left = np.bincount(np.asarray(held, dtype=np.intp), minlength=N_KINDS) < 4
        only_tile = int(np.count_nonzero(waiting & left)) == 1
    return HandFacts(
        kinds=(*held, hand.win.kind), flowers=len(hand.flowers), closed=hand.is_closed,
        tsumo=hand.tsumo, only_tile_wait=only_tile, haitei=hand.haitei, houtei=hand.houtei,
        chankan=hand.chankan, rinshan=hand.rinshan, tenhou=hand.tenhou,
        chiihou=hand.chiihou, declared_ready=hand.declared_ready,
        discards_before_win=hand.discards_before_win, seat_wind=hand.seat_wind,
        round_wind=hand.round_wind, own_flowers=hand.own_flowers,
        flower_sets=sum(1 for group in (FLOWER_KINDS[:4], FLOWER_KINDS[4:])
                        if set(group) <= {tile.kind for tile in hand.flowers}),
        dealer=hand.is_dealer or (not hand.tsumo and hand.discarder_wind == 0),
        dealer_repeats=hand.dealer_repeats,
    )


def check_taiwanese(
    hand: TaiwaneseHand, options: TaiwaneseOptions | None = None
) -> TaiwaneseScore | Rejection:
    """Score a Taiwanese win, or say why not: the best reading by total tai.

    Returns:
        The score, or a :class:`~mahjong_rules.errors.Rejection` with reason
        ``bad_hand``, ``conflicting_context`` or ``not_a_winning_hand``.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = TaiwaneseHand(concealed=parse_tiles("123m456m789m123p45p11s"),
        ...                      win=parse_tiles("9p")[0])
        >>> check_taiwanese(hand).reason.value
        'not_a_winning_hand'
    """
    options = options if options is not None else _DEFAULT_OPTIONS
    problem = _check_hand(hand) or _check_context(hand, options)
    if problem is not None:
        return problem
    if hand.is_flower_win:
        if len(hand.flowers) != 7:
            return _reject(Reason.NOT_A_WINNING_HAND, "a flower win needs all eight flowers",
                           flowers=len(hand.flowers) + 1)
        return _settle((flower_win_item(tsumo=hand.tsumo),), hand, reading=None,
                       tsumo=hand.tsumo)
    if len(hand.flowers) == len(FLOWER_KINDS):
        return _reject(Reason.CONFLICTING_CONTEXT, "eight flowers win at once, as a flower win",
                       conflict="eight_flowers+tile_win")
    found = every_reading(hand, options)
    if not found:
        return _reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
    best: tuple[tuple[int, int], tuple[TaiItem, ...], Reading] | None = None
    for reading, items in found:
        # the highest total; a tie (which never changes the total) goes to the reading
        # the worked examples write: the single wait, then the edge or closed wait
        key = (sum(item.tai for item in items), _TIE_BREAK.get(reading.wait, 0))
        if best is None or key > best[0]:
            best = (key, items, reading)
    assert best is not None  # found is not empty
    extra = 0
    if hand.tsumo and not hand.is_dealer:
        extra = (tai_value("dealer", options)
                 + tai_value("dealer_repeats", options) * hand.dealer_repeats)
    return _settle(best[1], hand, reading=best[2], tsumo=hand.tsumo, dealer_extra=extra)


def every_reading(hand: TaiwaneseHand, options: TaiwaneseOptions | None = None
                  ) -> list[tuple[Reading, tuple[TaiItem, ...]]]:
    """Every reading of a winning hand with its items (what :func:`check_taiwanese` ranks).

    Contract: ``hand`` is not a flower win and passes :func:`check_taiwanese`'s checks
    (this function does not check it). Returns an empty list when the tiles form no
    winning shape.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> hand = TaiwaneseHand(concealed=parse_tiles("123p456p789s345m567m8s"),
        ...                      win=parse_tiles("8s")[0])
        >>> [(r.wait.value, sum(i.tai for i in items)) for r, items in every_reading(hand)]
        [('kanchan', 14), ('tanki', 14)]
    """
    options = options if options is not None else _DEFAULT_OPTIONS
    facts = _facts(hand, options)
    return [(reading, reading_items(reading, facts, options))
            for reading in readings([t.kind for t in hand.concealed], win=hand.win.kind,
                                    melds=hand.melds, tsumo=hand.tsumo, n_sets=_SETS)]


def score_taiwanese(hand: TaiwaneseHand, options: TaiwaneseOptions | None = None
                    ) -> TaiwaneseScore:
    """Score a Taiwanese win: the best reading by total tai, then the payments.

    Every division of the hand into 5 sets and a pair (melds as they are) and every place
    of the winning tile is tried, and seven pairs and a triplet; the highest total wins.

    Raises:
        ScoringError: reason ``bad_hand``, ``conflicting_context`` or
            ``not_a_winning_hand`` (see :func:`check_taiwanese`).

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> eight = TaiwaneseHand(concealed=(), win=parse_tiles("8f")[0],
        ...                       flowers=parse_tiles("1234567f"), tsumo=True, seat_wind=1)
        >>> result = score_taiwanese(eight)
        >>> [item.id for item in result.items], result.tai, result.total, result.deltas
        (['eight_flowers'], 30, 90, (-30, 90, -30, -30))
    """
    result = check_taiwanese(hand, options)
    if isinstance(result, Rejection):
        raise ScoringError(result)
    return result
