"""The fast packing of ``HandBatch.from_hands`` writes the arrays of the readable one.

``from_hands`` counts hands into flat buffers (:mod:`mahjong_rules.scoring.batch_pack`);
``from_hands_readable`` writes the same arrays cell by cell. They are compared field by
field (values, dtype, shape) on random winning hands, riichi and sanma, and on hands
spoiled in each way the packing checks (a flower, a bad meld, too many melds or
indicators, a second red five, a negative count, a wind past North, a liability); the
batch must refuse each spoiled hand for the reason ``score`` gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import numpy as np
import pytest
from helpers.winning_hands import random_winning_hand

from mahjong_rules.errors import Rejection
from mahjong_rules.scoring import Liability, Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.scoring.batch import HandBatch, score_batch
from mahjong_rules.tiles import Tile, TileKind

Pair = tuple[WinningHand, WinContext]
FLOWER = Tile(TileKind(34))
RED_FIVE_MAN = Tile(TileKind(4), red=True)


def _flower_concealed(hand: WinningHand, context: WinContext) -> Pair:
    return attrs.evolve(hand, concealed=(*hand.concealed[1:], FLOWER)), context


def _flower_win(hand: WinningHand, context: WinContext) -> Pair:
    return attrs.evolve(hand, win=FLOWER), context


def _flower_indicator(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, dora_indicators=(FLOWER,))


def _flower_meld(hand: WinningHand, context: WinContext) -> Pair:
    return attrs.evolve(hand, melds=(Meld(kind=MeldKind.PON, tiles=(FLOWER,) * 3),)), context


def _triple_chi(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.CHI, tiles=(Tile(TileKind(33)),) * 3)
    return attrs.evolve(hand, melds=(meld,)), context


def _bad_chi(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.CHI, tiles=(Tile(TileKind(0)), Tile(TileKind(0)),
                                          Tile(TileKind(1))))
    return attrs.evolve(hand, melds=(*hand.melds[:3], meld)), context


def _honour_chi(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.CHI, tiles=tuple(Tile(TileKind(k)) for k in (27, 28, 29)))
    return attrs.evolve(hand, melds=(meld,)), context


def _short_pon(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.PON, tiles=(Tile(TileKind(5)), Tile(TileKind(5))))
    return attrs.evolve(hand, melds=(meld,)), context


def _mixed_kan(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.ANKAN, tiles=tuple(Tile(TileKind(k)) for k in (5, 5, 5, 6)))
    return attrs.evolve(hand, melds=(meld,)), context


def _five_melds(hand: WinningHand, context: WinContext) -> Pair:
    meld = Meld(kind=MeldKind.PON, tiles=(Tile(TileKind(31)),) * 3)
    return attrs.evolve(hand, melds=(meld,) * 5), context


def _six_indicators(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, ura_indicators=(Tile(TileKind(9)),) * 6)


def _two_red_fives(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, dora_indicators=(RED_FIVE_MAN, RED_FIVE_MAN))


def _negative_honba(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, honba=-1, riichi_sticks=3, kita=2)


def _negative_kita(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, kita=-1)


def _many_kita(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, kita=7)


def _wind_past_north(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, seat_wind=5, round_wind=-1)


def _liabilities(hand: WinningHand, context: WinContext) -> Pair:
    return hand, attrs.evolve(context, liability=Liability.OPEN_KAN_RINSHAN, tsumo=True,
                              rinshan=True, ippatsu=True, double_riichi=True, chankan=True)


SPOILERS: dict[str, Callable[[WinningHand, WinContext], Pair]] = {
    f.__name__.lstrip("_"): f for f in (
        _flower_concealed, _flower_win, _flower_indicator, _flower_meld, _triple_chi,
        _bad_chi, _honour_chi,
        _short_pon, _mixed_kan, _five_melds, _six_indicators, _two_red_fives,
        _negative_honba, _negative_kita, _many_kita, _wind_past_north, _liabilities)
}


def _assert_same(hands: list[Pair], *, sanma: bool) -> None:
    fast = HandBatch.from_hands(hands, sanma=sanma)
    readable = HandBatch.from_hands_readable(hands, sanma=sanma)
    for field in HandBatch._fields:
        got, expected = getattr(fast, field), getattr(readable, field)
        assert got.dtype == expected.dtype, field
        assert got.shape == expected.shape, field
        assert np.array_equal(got, expected), (field, np.argwhere(got != expected)[:5])


@pytest.mark.parametrize("sanma", [False, True], ids=["riichi", "sanma"])
def test_random_hands_pack_alike(sanma: bool) -> None:
    rng = random.Random(f"pack-{sanma}")
    _assert_same([random_winning_hand(rng, sanma=sanma) for _ in range(2000)], sanma=sanma)


@pytest.mark.parametrize("name", list(SPOILERS), ids=list(SPOILERS))
def test_spoiled_hands_pack_alike(name: str) -> None:
    """A spoiled hand among good ones: the same flags and cells, the rows around intact."""
    rng = random.Random(f"spoil-{name}")
    hands = [random_winning_hand(rng) for _ in range(30)]
    for row in (0, 7, 29):
        hands[row] = SPOILERS[name](*hands[row])
    _assert_same(hands, sanma=False)
    if name not in ("negative_kita", "many_kita", "wind_past_north", "liabilities"):
        assert HandBatch.from_hands(hands).bad_input[[0, 7, 29]].all()


@pytest.mark.parametrize("name", list(SPOILERS), ids=list(SPOILERS))
def test_spoiled_hands_score_as_one_by_one(name: str) -> None:
    """The batch refuses a spoiled hand for the reason ``score`` gives."""
    rng = random.Random(f"spoil-score-{name}")
    hands = [SPOILERS[name](*random_winning_hand(rng)) for _ in range(20)]
    expected = []
    for hand, context in hands:
        result = score(hand, context)
        expected.append(result.reason.value if isinstance(result, Rejection) else None)
    assert score_batch(HandBatch.from_hands(hands)).reason_codes() == expected


def test_empty_batch_packs() -> None:
    _assert_same([], sanma=False)
