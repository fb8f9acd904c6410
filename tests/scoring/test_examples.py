"""The worked examples of seeds/000 6.6, the fu example of 6.3, the fu examples of seeds/001
and the scoring items of the seeds/000 section 10 checklist, as full hands through
``score()``. Expected values are the documents'.
"""

from __future__ import annotations

import pytest
from helpers.scoring_helpers import ScoredCase, check_scored_case, hand_of, scored, tile_of

from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import DOUBLE_YAKUMAN_HANDS, RiichiOptions, SanmaOptions
from mahjong_rules.outcome import FuLine, Limit, ScoreResult
from mahjong_rules.scoring import (
    WinContext,
    dora_of,
    multiple_ron_order,
    score,
    seat_deltas,
)

# --------------------------------------------------------------------------- helpers


def _yaku(result: ScoreResult) -> dict[str, int]:
    return {hit.id: hit.yakuman or hit.han for hit in result.yaku}


# ------------------------------------------------------------- 000 6.6 examples


def test_example_1_pinfu_ron() -> None:
    # "자, 멘젠 론. 손: 234m 567p 789s 22s 45p + 화료 3p(양면). 역: 핑후 1판. 도라 없음.
    # 부: 30(핑후 론). → 1000점. 본장 1개면 1300점."
    hand = hand_of("234m567p789s22s45p", "3p")
    result = scored(hand, WinContext(seat_wind=1))
    assert _yaku(result) == {"pinfu": 1}
    assert (result.han, result.fu) == (1, 30)
    assert result.wait == "ryanmen"
    assert dict(result.payments) == {"discarder": 1000}
    assert result.total == 1000
    with_honba = scored(hand, WinContext(seat_wind=1, honba=1))
    assert with_honba.total == 1300


def test_example_2_dealer_tsumo_28_fu() -> None:
    # "친, 쯔모. 리치·멘젠쯔모·탕야오·도라1 = 4판. 부: 20 + 쯔모 2 + 암각(중장) 4 + 간짱 2
    # = 28 → 30부. 기본점 30 x 2^6 = 1920 → 친 쯔모 각 1920 x 2 = 3840 → 3900 올(합 11700)."
    hand = hand_of("444m234p345s68s55p", "7s")  # 444m concealed triplet, 68s kanchan on 7s
    context = WinContext(seat_wind=0, tsumo=True, riichi=True, dora_indicators=parse_tiles("1p"))
    result = scored(hand, context)
    assert _yaku(result) == {"riichi": 1, "menzen_tsumo": 1, "tanyao": 1}
    assert result.dora == 1
    assert (result.han, result.fu) == (4, 30)
    assert sorted(result.fu_lines) == sorted([
        FuLine("base", 20), FuLine("tsumo", 2), FuLine("closed_triplet_simple", 4),
        FuLine("wait_kanchan", 2), FuLine("rounding", 2)])
    assert result.base_points == 1920
    assert dict(result.payments) == {"non_dealer": 3900}
    assert result.total == 11700


def test_example_3_open_honitsu_mangan() -> None:
    # 6.6 example 3 reads: "자, 론. 혼일색(울기 2) + 백 1 + 도라 2 = 5판 → 만관 8000."
    hand = hand_of("234m678m99m11z", "9m", "pon:555z")
    context = WinContext(seat_wind=1, dora_indicators=parse_tiles("1m3m"))  # 2m, 4m
    result = scored(hand, context)
    assert _yaku(result) == {"honitsu": 2, "haku": 1}
    assert result.dora == 2
    assert result.han == 5
    assert result.limit is Limit.MANGAN
    assert dict(result.payments) == {"discarder": 8000}


@pytest.mark.parametrize(("indicators", "han", "limit", "ron"), [
    # 6.6 example 4 reads: "칠대자 리치 론, 도라 2 = 5판 → 만관."
    ("1m", 5, Limit.MANGAN, 8000),
    # and then: "칠대자 리치 론 도라 0 = 3판 25부 → 기본점 25 x 32 = 800 → 자 3200."
    ("", 3, None, 3200),
], ids=["dora-2-mangan", "dora-0-3han-25fu"])
def test_example_4_chiitoitsu_riichi(indicators: str, han: int, limit: Limit | None,
                                     ron: int) -> None:
    hand = hand_of("1122m3344p5566s7z", "7z")
    context = WinContext(seat_wind=1, riichi=True, dora_indicators=parse_tiles(indicators))
    result = scored(hand, context)
    assert _yaku(result) == {"riichi": 1, "chiitoitsu": 2}
    assert result.han == han
    assert result.fu == 25
    assert result.limit is limit
    assert dict(result.payments) == {"discarder": ron}


def test_example_5_double_ron() -> None:
    # "더블론: 자 A(3900)와 친 B(12000)가 동시에 같은 사람의 타패로 론. 방총자가 둘 다 지불
    # (15900). 공탁과 본장은 방총자 다음 차례에서 가까운 쪽이 받는다."
    discarder, seat_a, seat_b = 2, 3, 0
    # A (North seat): riichi + pinfu + tanyao = 3 han 30 fu -> 3900.
    hand_a = hand_of("234m567p678s22s45p", "3p")
    # B (dealer): riichi + pinfu + tanyao + dora 2 (1s -> 2s) = 5 han -> 12000.
    hand_b = hand_of("345m567p678s22s45p", "3p")
    context_b = WinContext(seat_wind=seat_b, riichi=True, dora_indicators=parse_tiles("1s"))
    plain_a = scored(hand_a, WinContext(seat_wind=seat_a, riichi=True))
    plain_b = scored(hand_b, context_b)
    assert dict(plain_a.payments) == {"discarder": 3900}
    assert dict(plain_b.payments) == {"discarder": 12000}
    assert plain_a.payments["discarder"] + plain_b.payments["discarder"] == 15900

    # With 1 honba and 2 deposits on the table, the winner nearest the discarder in turn
    # order (North, right after West) takes them; the other is paid without them.
    first, second = multiple_ron_order(discarder, [seat_b, seat_a], 4)
    assert (first, second) == (seat_a, seat_b)
    result_a = scored(hand_a, WinContext(seat_wind=seat_a, riichi=True, honba=1,
                                          riichi_sticks=2))
    deltas_a = seat_deltas(result_a.payments, winner=seat_a, dealer=0, discarder=discarder,
                           liable=None, players=4, deposits=2000)
    deltas_b = seat_deltas(plain_b.payments, winner=seat_b, dealer=0, discarder=discarder,
                           liable=None, players=4)
    deltas = [a + b for a, b in zip(deltas_a, deltas_b, strict=True)]
    assert deltas == [12000, 0, -(15900 + 300), 3900 + 300 + 2000]


def test_example_6_sanma_tsumo_loss() -> None:
    # 6.6 example 6 reads: "산마, 쯔모손: 자 만관 쯔모 → 친 4000, 자 2000, 합 6000."
    # riichi + menzen tsumo + pinfu + tanyao + dora 1 (1p -> 2p) = 5 han.
    hand = hand_of("234p567p345s67s22s", "8s")
    context = WinContext(seat_wind=1, tsumo=True, riichi=True, dora_indicators=parse_tiles("1p"))
    result = scored(hand, context, SanmaOptions())
    assert result.han == 5
    assert dict(result.payments) == {"dealer": 4000, "non_dealer": 2000}
    assert result.total == 6000


# ------------------------------------------------------------------ fu examples


def test_fu_example_of_6_3() -> None:
    # 6.3 ends with: "예: 멘젠 론, 중 암각(8) + 9s 암각(8) + 간짱(2) → 20+10+8+8+2 = 48 → 50부."
    hand = hand_of("777z999s46p123m88m", "5p")
    result = scored(hand, WinContext(seat_wind=1))
    assert sorted(result.fu_lines) == sorted([
        FuLine("base", 20), FuLine("closed_ron", 10), FuLine("closed_triplet_terminal", 8),
        FuLine("closed_triplet_terminal", 8), FuLine("wait_kanchan", 2),
        FuLine("rounding", 2)])
    assert result.fu == 50
    assert _yaku(result) == {"chun": 1}
    assert dict(result.payments) == {"discarder": 1600}  # 1 han 50 fu (6.4)


FU_CASES = [
    # 001: "멘젠 론 + 안커(중장패) 1개 + 양면 = 20+10+4 = 34 → 40부" (tanyao, 1 han 40 fu).
    ScoredCase("001-closed-ron-simple-triplet-34-to-40", hand_of("222m345p678s88p56s", "4s"),
               WinContext(seat_wind=1), fu=40, han=1, payments={"discarder": 1300}),
    # 001 / 000 6.3: "울었는데 가산이 하나도 없으면 30부" (open tanyao, pinfu shape).
    ScoredCase("open-20-becomes-30", hand_of("567p678s22s45p", "3p", "chi:234m"),
               WinContext(seat_wind=1), fu=30, han=1, payments={"discarder": 1000}),
    # Open tsumo, nothing but the tsumo 2 fu: 22 -> 30.
    ScoredCase("open-tsumo-22-to-30", hand_of("567p678s22s45p", "3p", "chi:234m"),
               WinContext(seat_wind=1, tsumo=True), fu=30, han=1,
               payments={"dealer": 500, "non_dealer": 300}),
    # 000 6.3 / 001: pinfu tsumo is 20 fu; 001 "리치+핑후+쯔모 = 3판 20부".
    ScoredCase("pinfu-tsumo-20", hand_of("234m567p789s22s45p", "3p"),
               WinContext(seat_wind=1, tsumo=True, riichi=True), fu=20, han=3,
               payments={"dealer": 1300, "non_dealer": 700}),
    # pinfu ron is 30 fu.
    ScoredCase("pinfu-ron-30", hand_of("234m567p789s22s45p", "3p"),
               WinContext(seat_wind=1), fu=30, han=1, payments={"discarder": 1000}),
    # chiitoitsu is 25 fu, not rounded.
    ScoredCase("chiitoitsu-25", hand_of("1122m3344p5566s7z", "7z"),
               WinContext(seat_wind=1), fu=25, han=2, payments={"discarder": 1600}),
    ScoredCase("chiitoitsu-tsumo-25", hand_of("1122m3344p5566s7z", "7z"),
               WinContext(seat_wind=1, tsumo=True), fu=25, han=3,
               payments={"dealer": 1600, "non_dealer": 800}),
    # A triplet completed by ron counts as open (000 6.3): shanpon ron on 4z gives an open
    # honour triplet (4), the 111m concealed triplet 8, 222p 4, 333s 4:
    # 20 + 10 + 8 + 4 + 4 + 4 = 50 (toitoi + sanankou = 4 han).
    ScoredCase("ron-triplet-is-open", hand_of("111m222p333s44z55s", "4z"),
               WinContext(seat_wind=1), fu=50, han=4, payments={"discarder": 8000}),
    # Kans (000 6.3 table): open kan of a simple 8, closed kan of a terminal 32, open
    # honour triplet 4, pair wait 2: 20 + 8 + 32 + 4 + 2 = 66 -> 70 fu; haku 1 han.
    ScoredCase("kans-and-tanki-66-to-70",
               hand_of("345m6m", "6m", "daiminkan:2222p", "ankan:9999s", "pon:555z"),
               WinContext(seat_wind=1), fu=70, han=1, payments={"discarder": 2300}),
    # Pair of the seat wind 2; of a wind that is both seat and round wind, renpuuPairFu (4).
    # Dealer, East round, 11z pair, 999p concealed triplet, ryanmen ron with riichi:
    # 20 + 10 + 8 + 4 = 42 -> 50.
    ScoredCase("double-wind-pair-4", hand_of("999p234m567s11z45p", "3p"),
               WinContext(seat_wind=0, riichi=True), fu=50, han=1, payments={"discarder": 2400}),
    # The same for South seat: 11z is only the round wind, 2 fu: 40 -> 40.
    ScoredCase("round-wind-pair-2", hand_of("999p234m567s11z45p", "3p"),
               WinContext(seat_wind=1, riichi=True), fu=40, han=1, payments={"discarder": 1300}),
]


@pytest.mark.parametrize("case", FU_CASES, ids=lambda c: c.name)
def test_fu_examples(case: ScoredCase) -> None:
    check_scored_case(case)


def test_renpuu_pair_fu_option() -> None:
    hand = hand_of("999p234m567s11z45p", "3p")
    context = WinContext(seat_wind=0, riichi=True)
    four = scored(hand, context)
    two = scored(hand, context, RiichiOptions(renpuu_pair_fu=2))
    assert FuLine("pair_double_wind", 4) in four.fu_lines
    assert FuLine("pair_double_wind", 2) in two.fu_lines
    assert (four.fu, two.fu) == (50, 40)


# ------------------------------------------------------ section 10 checklist items


def test_seven_pairs_rejects_four_identical_tiles() -> None:
    # 5.6 / 10: "칠대자(서로 다른 7쌍, 같은 패 4장을 2쌍으로 볼 수 없음)".
    hand = hand_of("1111m22p33p44s55s6s", "6s")
    result = score(hand, WinContext(seat_wind=1, riichi=True))
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NOT_A_WINNING_HAND


def test_quads_are_never_two_of_the_seven_pairs() -> None:
    # 111122223333m 55p would be "seven pairs" if a quad counted as two pairs; it wins only
    # as four sets and a pair (123m x4 + 55p), never as chiitoitsu.
    result = scored(hand_of("111122223333m5p", "5p"), WinContext(seat_wind=1))
    assert "chiitoitsu" not in _yaku(result)
    assert result.fu != 25


@pytest.mark.parametrize(("double", "multiple", "ron"), [
    (True, 2, 64000), (False, 1, 32000),
], ids=["double-yakuman-on", "double-yakuman-off"])
def test_kokushi_13_wait(double: bool, multiple: int, ron: int) -> None:
    # 6.1: "13면 대기(13종 모두 가진 상태에서 화료)는 더블"; doubleYakuman=false: 1배.
    hand = hand_of("19m19p19s1234567z", "1m")
    result = scored(hand, WinContext(seat_wind=1), RiichiOptions(double_yakuman=double))
    assert result.yakuman == multiple
    assert dict(result.payments) == {"discarder": ron}
    assert result.limit is Limit.YAKUMAN


def test_kokushi_single_wait_is_single_yakuman() -> None:
    hand = hand_of("119m19p19s123456z", "7z")
    result = scored(hand, WinContext(seat_wind=1))
    assert result.yakuman == 1
    assert dict(result.payments) == {"discarder": 32000}


def test_ryanpeikou_over_chiitoitsu() -> None:
    # 10: "223344m 556677p 88s(칠대자로도 량페코로도 해석 가능)에서 점수가 높은 쪽(량페코)".
    # Ryanpeikou 3 + tanyao 1, tanki 8s: 20 + 10 + 2 = 32 -> 40 fu, 4 han 40 fu = 8000;
    # chiitoitsu 2 + tanyao 1 = 3 han 25 fu = 3200.
    hand = hand_of("223344m556677p8s", "8s")
    result = scored(hand, WinContext(seat_wind=1))
    assert _yaku(result) == {"ryanpeikou": 3, "tanyao": 1}
    assert (result.han, result.fu) == (4, 40)
    assert dict(result.payments) == {"discarder": 8000}


@pytest.mark.parametrize(("concealed", "context", "wait", "yaku", "fu", "payments"), [
    # 23455m + 5m as 234m 567m 55m: the 5m completes 567m from 67m (ryanmen, pinfu) or the
    # pair 55m (tanki). Ron: pinfu + tanyao 2 han 30 fu (2000) beats tanyao 1 han 40 fu
    # (1300).
    ("2345567m234p678s", WinContext(seat_wind=1), "ryanmen", {"pinfu": 1, "tanyao": 1}, 30,
     {"discarder": 2000}),
    # Tsumo: pinfu + tsumo + tanyao 3 han 20 fu (700/1300) beats tsumo + tanyao 2 han 30 fu.
    ("2345567m234p678s", WinContext(seat_wind=1, tsumo=True), "ryanmen",
     {"pinfu": 1, "menzen_tsumo": 1, "tanyao": 1}, 20, {"dealer": 1300, "non_dealer": 700}),
    # With two concealed triplets no pinfu: the tanki's 2 fu cross the rounding.
    # ryanmen: 20 + 2 + 4 + 4 = 30; tanki: 32 -> 40. Tsumo + tanyao 2 han 40 fu: 700/1300.
    ("2345567m222p888p", WinContext(seat_wind=1, tsumo=True), "tanki",
     {"menzen_tsumo": 1, "tanyao": 1}, 40, {"dealer": 1300, "non_dealer": 700}),
], ids=["ron-pinfu-reading", "tsumo-pinfu-reading", "tsumo-tanki-reading"])
def test_23455m_plus_5m_takes_the_higher_reading(
    concealed: str, context: WinContext, wait: str, yaku: dict[str, int], fu: int,
    payments: dict[str, int],
) -> None:
    # 6.2: "23455m에 5m 화료는 단기로 볼 수도 있고 양면으로 볼 수도 있다"; 10: "단기(+2부) 대
    # 양면(핑후) 중 점수가 높은 쪽".
    result = scored(hand_of(concealed, "5m"), context)
    assert result.wait == wait
    assert _yaku(result) == yaku
    assert result.fu == fu
    assert dict(result.payments) == payments


def test_sanma_1m_indicator_makes_9m_dora() -> None:
    # 5.7 / 10: "도라 표시패가 1m이면 도라는 9m, 9m이면 1m".
    assert dora_of(0, sanma=True) == 8
    assert dora_of(8, sanma=True) == 0
    assert dora_of(0) == 1  # 4-player: 1m -> 2m
    assert dora_of(8) == 0  # 4-player: 9m -> 1m
    hand = hand_of("234p567p345s678s9m", "9m")
    context = WinContext(seat_wind=1, riichi=True, dora_indicators=parse_tiles("1m"))
    sanma = scored(hand, context, SanmaOptions())
    assert sanma.dora == 2
    assert sanma.han == 3
    four_player = scored(hand, context)
    assert four_player.dora == 0


def test_sanma_9m_indicator_makes_1m_dora() -> None:
    hand = hand_of("234p567p345s678s1m", "1m")
    context = WinContext(seat_wind=1, riichi=True, dora_indicators=parse_tiles("9m"))
    assert scored(hand, context, SanmaOptions()).dora == 2


@pytest.mark.parametrize(("indicator", "dora"), [
    # 6.2: "수패 1→2→…→9→1, 풍패 동→남→서→북→동, 삼원패 백→발→중→백".
    ("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("5s", "6s"), ("9s", "1s"),
    ("1z", "2z"), ("4z", "1z"), ("5z", "6z"), ("7z", "5z"),
], ids=str)
def test_dora_order(indicator: str, dora: str) -> None:
    assert dora_of(tile_of(indicator).kind) == tile_of(dora).kind


def test_same_dora_shown_twice_counts_twice() -> None:
    # 6.2: "같은 도라가 두 번 표시되면 장당 2".
    hand = hand_of("234m567p789s22s45p", "3p")
    context = WinContext(seat_wind=1, dora_indicators=parse_tiles("1s1s"))
    result = scored(hand, context)
    assert result.dora == 4
    assert result.han == 5


# Each of the four double yakuman (seeds/000 6.1), alone: a non-dealer's ron.
DOUBLE_PATTERNS = {
    "kokushi_13": hand_of("19m19p19s1234567z", "1m"),  # "13면 대기 ... 더블"
    "suuankou_tanki": hand_of("111m222p333s444z5z", "5z"),  # "단기 대기는 더블"
    "junsei_chuuren": hand_of("1112345678999m", "5m"),  # "9면 대기(순정)는 더블"
    "daisuushii": hand_of("222z333z444z5m", "5m", "pon:111z"),  # "대사희 ... 더블"
}


@pytest.mark.parametrize("chosen", [frozenset(), frozenset({"kokushi_13"}),
                                    frozenset({"daisuushii", "junsei_chuuren"}),
                                    DOUBLE_YAKUMAN_HANDS],
                         ids=["none", "kokushi-13", "daisuushii-and-junsei", "all-four"])
@pytest.mark.parametrize("pattern", sorted(DOUBLE_PATTERNS))
def test_double_yakuman_per_pattern(pattern: str, chosen: frozenset[str]) -> None:
    # double_yakuman_hands: which of the four count double; the others count single
    options = RiichiOptions(double_yakuman_hands=chosen)
    result = scored(DOUBLE_PATTERNS[pattern], WinContext(seat_wind=1), options)
    assert [y.id for y in result.yaku] == [pattern]
    multiple = 2 if pattern in chosen else 1
    assert result.yakuman == multiple
    assert dict(result.payments) == {"discarder": 32_000 * multiple}
    # the single switch still turns every double off
    off = scored(DOUBLE_PATTERNS[pattern], WinContext(seat_wind=1),
                 RiichiOptions(double_yakuman=False, double_yakuman_hands=chosen))
    assert off.yakuman == 1
