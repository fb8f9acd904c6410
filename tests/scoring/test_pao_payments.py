"""Pao payments: suukantsu liability (``pao_suukantsu``) and a pao ron's honba
(``pao_ron_honba``), in the one-hand scorer and the batch scorer alike.

seeds/000 6.5: the liable seat pays a tsumo alone, a ron half and half (the rounding to
100 on the discarder); honba: on a tsumo the liable seat, on a ron the discarder
(``DISCARDER``). Mahjong Soul (mjstars.net "Rules for 4-player Ranking Match"): "Honba
payments paid by the player to whom pao is applied" (``LIABLE``). ``SPLIT``: the honba
split as the payment is.
"""

from __future__ import annotations

import pytest
from helpers.scoring_helpers import hand_of, scored

from mahjong_rules.options import PaoRonHonba, RiichiOptions
from mahjong_rules.scoring import HandBatch, Liability, WinContext, score_batch
from mahjong_rules.scoring.hand import WinningHand

# daisangen by three dragon pons, tanki on 5s
DAISANGEN = hand_of("123m5s", "5s", "pon:555z", "pon:666z", "pon:777z")
# suukantsu: three closed kans and an open one, tanki on 5z
SUUKANTSU = hand_of("5z", "5z", "ankan:1111m", "ankan:2222p", "ankan:3333s",
                    "daiminkan:4444s")
LIABLE = Liability.YAKUMAN


@pytest.mark.parametrize(("rule", "honba", "dealer", "payments"), [
    (PaoRonHonba.DISCARDER, 0, False, {"discarder": 16_000, "liable": 16_000}),
    (PaoRonHonba.DISCARDER, 2, False, {"discarder": 16_600, "liable": 16_000}),
    (PaoRonHonba.LIABLE, 2, False, {"discarder": 16_000, "liable": 16_600}),
    (PaoRonHonba.SPLIT, 2, False, {"discarder": 16_300, "liable": 16_300}),
    (PaoRonHonba.SPLIT, 1, False, {"discarder": 16_200, "liable": 16_100}),
    (PaoRonHonba.SPLIT, 3, True, {"discarder": 24_500, "liable": 24_400}),
    (PaoRonHonba.LIABLE, 0, True, {"discarder": 24_000, "liable": 24_000}),
], ids=["discarder-0", "discarder-2", "liable-2", "split-2", "split-1-rounding",
        "split-3-dealer", "liable-0-dealer"])
def test_the_honba_of_a_pao_ron(rule: PaoRonHonba, honba: int, dealer: bool,
                                payments: dict[str, int]) -> None:
    options = RiichiOptions(pao_ron_honba=rule)
    context = WinContext(seat_wind=0 if dealer else 1, honba=honba, liability=LIABLE)
    result = scored(DAISANGEN, context, options)
    assert dict(result.payments) == payments
    assert result.total == sum(payments.values())


@pytest.mark.parametrize("rule", list(PaoRonHonba), ids=lambda r: r.value)
def test_a_pao_tsumo_honba_is_the_liable_seats_under_every_rule(rule: PaoRonHonba) -> None:
    context = WinContext(seat_wind=1, tsumo=True, honba=2, liability=LIABLE)
    result = scored(DAISANGEN, context, RiichiOptions(pao_ron_honba=rule))
    assert dict(result.payments) == {"liable": 32_600}


@pytest.mark.parametrize(("options", "tsumo", "payments"), [
    (RiichiOptions(pao_suukantsu=True), True, {"liable": 32_000}),
    (RiichiOptions(pao_suukantsu=True), False, {"discarder": 16_000, "liable": 16_000}),
    (RiichiOptions(pao_suukantsu=True, pao=False), True, {"liable": 32_000}),
    (RiichiOptions(), True, {"dealer": 16_000, "non_dealer": 8000}),
    (RiichiOptions(), False, {"discarder": 32_000}),
], ids=["tsumo", "ron", "without-daisangen-pao", "off-tsumo", "off-ron"])
def test_suukantsu_liability(options: RiichiOptions, tsumo: bool,
                             payments: dict[str, int]) -> None:
    context = WinContext(seat_wind=1, tsumo=tsumo, rinshan=tsumo, liability=LIABLE)
    assert dict(scored(SUUKANTSU, context, options).payments) == payments


def test_suukantsu_liability_does_not_make_daisangen_liable_without_pao() -> None:
    context = WinContext(seat_wind=1, tsumo=True, liability=LIABLE)
    result = scored(DAISANGEN, context, RiichiOptions(pao=False, pao_suukantsu=True))
    assert dict(result.payments) == {"dealer": 16_000, "non_dealer": 8000}


@pytest.mark.parametrize("rule", list(PaoRonHonba), ids=lambda r: r.value)
def test_the_batch_scorer_pays_the_same(rule: PaoRonHonba) -> None:
    options = RiichiOptions(pao_suukantsu=True, pao_ron_honba=rule)
    hands: list[tuple[WinningHand, WinContext]] = [
        (hand, WinContext(seat_wind=seat, tsumo=tsumo, rinshan=tsumo and hand is SUUKANTSU,
                          honba=honba, liability=LIABLE))
        for hand in (DAISANGEN, SUUKANTSU) for seat in (0, 1) for tsumo in (False, True)
        for honba in (0, 1, 3)]
    scores = score_batch(HandBatch.from_hands(hands), options)
    for row, (hand, context) in enumerate(hands):
        result = scored(hand, context, options)
        got = dict(zip(("discarder", "dealer", "non_dealer", "liable"),
                       scores.payments[row].tolist(), strict=True))
        assert {k: v for k, v in got.items() if k in result.payments} == dict(
            result.payments), (row, context)
        assert int(scores.total[row]) == result.total
