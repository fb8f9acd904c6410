"""Batch scoring gives the same answers as the one-hand scorer."""

from __future__ import annotations

import random

import pytest
from helpers.scoring_helpers import hand_of
from helpers.winning_hands import random_winning_hand

from mahjong_rules.errors import Rejection
from mahjong_rules.options import RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import Liability, WinContext, score
from mahjong_rules.scoring.batch import LIMITS, HandBatch, score_batch

OPTION_SETS = [
    ("default", RiichiOptions()),
    ("tenhou", RiichiOptions.tenhou()),
    ("ippatsu", RiichiOptions.ippatsu()),
    ("kiriage-no-kazoe-no-kuitan", RiichiOptions(kiriage_mangan=True, kazoe_yakuman=False,
                                                 kuitan=False, renpuu_pair_fu=2)),
    ("some-double-yakuman", RiichiOptions(double_yakuman_hands={"daisuushii",
                                                               "suuankou_tanki"})),
    ("sanma", SanmaOptions()),
    ("sanma-bisection", SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION, honba_points=1000)),
]


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[o[0] for o in OPTION_SETS])
def test_batch_equals_single(name: str, options: RiichiOptions) -> None:
    sanma = isinstance(options, SanmaOptions)
    rng = random.Random(f"batch-{name}")
    hands = [random_winning_hand(rng, sanma=sanma) for _ in range(3000)]
    scores = score_batch(HandBatch.from_hands(hands, sanma=sanma), options)
    codes = scores.reason_codes()
    mismatches: list[tuple[int, object, object]] = []
    for row, (hand, context) in enumerate(hands):
        result = score(hand, context, options)
        if isinstance(result, Rejection):
            if codes[row] != result.reason.value:
                mismatches.append((row, result.reason.value, codes[row]))
            continue
        payments = dict(zip(("discarder", "dealer", "non_dealer", "liable"),
                            scores.payments[row].tolist(), strict=True))
        got = (int(scores.han[row]), int(scores.fu[row]), int(scores.yakuman[row]),
               int(scores.total[row]), sorted(scores.yaku_ids(row)),
               LIMITS[scores.limit[row]], int(scores.base_points[row]),
               {k: v for k, v in payments.items() if k in result.payments})
        expected = (result.han, result.fu, result.yakuman, result.total,
                    sorted(y.id for y in result.yaku),
                    result.limit.value if result.limit else None, result.base_points,
                    dict(result.payments))
        if codes[row] is not None or got != expected:
            mismatches.append((row, expected, got))
    assert not mismatches, mismatches[:3]


def test_generator_covers_the_cases() -> None:
    """The random hands reach yakuman, open hands, kans, rejections and every wait."""
    rng = random.Random("coverage")
    hands = [random_winning_hand(rng) for _ in range(3000)]
    scores = score_batch(HandBatch.from_hands(hands))
    codes = set(scores.reason_codes())
    assert {None, "no_yaku"} <= codes
    assert (scores.yakuman > 0).sum() > 10
    assert len(set(scores.wait.tolist())) >= 6
    assert any(h.melds for h, _ in hands)


@pytest.mark.parametrize("chosen", [frozenset(), frozenset({"daisuushii", "kokushi_13"})],
                         ids=["none-double", "two-double"])
def test_batch_double_yakuman_per_pattern(chosen: frozenset[str]) -> None:
    """The four double yakuman, each double only when chosen (and the pao multiple)."""
    hands = [
        (hand_of("19m19p19s1234567z", "1m"), WinContext(seat_wind=1)),
        (hand_of("111m222p333s444z5z", "5z"), WinContext(seat_wind=1)),
        (hand_of("1112345678999m", "5m"), WinContext(seat_wind=1)),
        (hand_of("222z333z444z5m", "5m", "pon:111z"), WinContext(seat_wind=1)),
        (hand_of("222z333z444z5m", "5m", "pon:111z"),
         WinContext(seat_wind=1, tsumo=True, liability=Liability.YAKUMAN)),
    ]
    options = RiichiOptions(double_yakuman_hands=chosen)
    scores = score_batch(HandBatch.from_hands(hands), options)
    for row, (hand, context) in enumerate(hands):
        result = score(hand, context, options)
        assert isinstance(result, ScoreResult)
        assert int(scores.yakuman[row]) == result.yakuman
        assert int(scores.total[row]) == result.total
    assert [int(m) for m in scores.yakuman] == [
        2 if "kokushi_13" in chosen else 1, 1, 1, *[2 if "daisuushii" in chosen else 1] * 2]
