"""Every yaku and yakuman of seeds/000 6.1, the rules of 6.2, dora, and the rejections.

Each yaku has its own table: positive cases (the yaku present with the han of 6.1, closed
and, where 6.1 allows it, open) and near misses (the yaku absent). Unless a case says
otherwise the winner is the South seat in the East round, winning by ron.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from helpers.scoring_helpers import hand_of, scored

from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.outcome import FuLine, ScoreResult
from mahjong_rules.scoring import WinContext, WinningHand, score
from mahjong_rules.tiles import Tile, TileKind

# --------------------------------------------------------------------------- helpers

RON = WinContext(seat_wind=1)
RIICHI = WinContext(seat_wind=1, riichi=True)
TSUMO = WinContext(seat_wind=1, tsumo=True)
DEALER_TSUMO = WinContext(seat_wind=0, tsumo=True)
DOUBLE_OFF = RiichiOptions(double_yakuman=False)


class Case(NamedTuple):
    """A hand, its circumstances, and the expected value of one yaku (``None``: absent)."""

    name: str
    concealed: str
    win: str
    expected: int | None
    melds: tuple[str, ...] = ()
    context: WinContext = RON
    options: RiichiOptions | None = None


def _ids(cases: list[Case]) -> list[str]:
    return [case.name for case in cases]


def _score(case: Case) -> ScoreResult:
    return scored(hand_of(case.concealed, case.win, *case.melds), case.context, case.options)


def _found(result: ScoreResult) -> dict[str, tuple[int, int]]:
    return {hit.id: (hit.han, hit.yakuman) for hit in result.yaku}


def check_han(case: Case, yaku_id: str) -> None:
    found = _found(_score(case))
    if case.expected is None:
        assert yaku_id not in found, found
    else:
        assert found.get(yaku_id) == (case.expected, 0), found


def check_yakuman(case: Case, yaku_id: str) -> None:
    result = _score(case)
    found = _found(result)
    if case.expected is None:
        assert yaku_id not in found, found
    else:
        assert found.get(yaku_id) == (0, case.expected), found
        # 6.1: a yakuman is not added to ordinary yaku.
        assert all(yakuman for _, yakuman in found.values()), found
        assert (result.han, result.fu) == (0, 0)


# Closed pinfu shape of 6.6 example 1: 234m 567p 789s 22s + 45p waiting on 3p/6p.
PINFU = ("234m567p789s22s45p", "3p")
# The same with one chi (an open hand with no yaku of its own; 1m and 9s: no tanyao).
OPEN_PLAIN = ("567p789s22s45p", "3p")
CHI_123M = ("chi:123m",)
# An open all-simples hand.
OPEN_TANYAO = ("567p678s22s45p", "3p")
CHI_234M = ("chi:234m",)


# ------------------------------------------------------------------------ 1 han

RIICHI_CASES = [
    Case("closed", *PINFU, 1, context=RIICHI),
    Case("tsumo", *PINFU, 1, context=WinContext(seat_wind=1, riichi=True, tsumo=True)),
    Case("no-riichi", *PINFU, None),
    Case("double-riichi-replaces-riichi", *PINFU, None,
         context=WinContext(seat_wind=1, double_riichi=True)),
]


@pytest.mark.parametrize("case", RIICHI_CASES, ids=_ids(RIICHI_CASES))
def test_riichi(case: Case) -> None:
    check_han(case, "riichi")


IPPATSU_CASES = [
    Case("riichi-ippatsu", *PINFU, 1, context=WinContext(seat_wind=1, riichi=True, ippatsu=True)),
    Case("double-riichi-ippatsu", *PINFU, 1,
         context=WinContext(seat_wind=1, double_riichi=True, ippatsu=True)),
    Case("tsumo-ippatsu", *PINFU, 1,
         context=WinContext(seat_wind=1, riichi=True, ippatsu=True, tsumo=True)),
    Case("riichi-without-ippatsu", *PINFU, None, context=RIICHI),
]


@pytest.mark.parametrize("case", IPPATSU_CASES, ids=_ids(IPPATSU_CASES))
def test_ippatsu(case: Case) -> None:
    check_han(case, "ippatsu")


MENZEN_TSUMO_CASES = [
    Case("closed-tsumo", *PINFU, 1, context=TSUMO),
    # 000 6.2: a closed kan keeps the hand closed.
    Case("closed-kan-tsumo", "234m567p22s45p", "3p", 1, ("ankan:8888m",), TSUMO),
    Case("closed-ron", *PINFU, None),
    Case("open-tsumo", *OPEN_TANYAO, None, CHI_234M, context=TSUMO),
    Case("open-kan-tsumo", "234m567p22s45p", "3p", None, ("daiminkan:8888m",),
         WinContext(seat_wind=1, tsumo=True, haitei=True)),
]


@pytest.mark.parametrize("case", MENZEN_TSUMO_CASES, ids=_ids(MENZEN_TSUMO_CASES))
def test_menzen_tsumo(case: Case) -> None:
    check_han(case, "menzen_tsumo")


PINFU_CASES = [
    Case("ron", *PINFU, 1),
    Case("tsumo", *PINFU, 1, context=TSUMO),
    # 6.2: a guest wind pair is fine (South seat, East round: West and North are guests).
    Case("north-pair", "234m567p789s44z45p", "3p", 1),
    Case("west-pair", "234m567p789s33z45p", "3p", 1),
    # 001: terminals are fine in runs and as the pair.
    Case("terminal-pair", "123m567p789s99m45p", "3p", 1),
    Case("win-on-a-terminal", "234m567p789s22s23p", "1p", 1),
    Case("seat-wind-pair", "234m567p789s22z45p", "3p", None, context=RIICHI),
    Case("round-wind-pair", "234m567p789s11z45p", "3p", None, context=RIICHI),
    Case("dragon-pair", "234m567p789s77z45p", "3p", None, context=RIICHI),
    Case("kanchan", "234m567p789s22s35p", "4p", None, context=RIICHI),
    Case("penchan", "234m567p789s22s12p", "3p", None, context=RIICHI),
    Case("tanki", "234m567p789s123p2s", "2s", None, context=RIICHI),
    Case("triplet", "222m567p789s33s45p", "3p", None, context=RIICHI),
    Case("closed-kan", "567p789s22s45p", "3p", None, ("ankan:2222m",), RIICHI),
    Case("open", *OPEN_TANYAO, None, CHI_234M),
]


@pytest.mark.parametrize("case", PINFU_CASES, ids=_ids(PINFU_CASES))
def test_pinfu(case: Case) -> None:
    check_han(case, "pinfu")


TANYAO_CASES = [
    Case("closed", "234m567p678s22s45p", "3p", 1),
    Case("open-kuitan", *OPEN_TANYAO, 1, CHI_234M),
    Case("closed-kuitan-off", "234m567p678s22s45p", "3p", 1,
         options=RiichiOptions(kuitan=False)),
    Case("open-kuitan-off", *OPEN_TANYAO, None, CHI_234M,
         context=WinContext(seat_wind=1, tsumo=True, haitei=True),
         options=RiichiOptions(kuitan=False)),
    Case("chiitoitsu", "22338m4455p6677s", "8m", 1),
    Case("a-terminal", *PINFU, None),
    Case("an-honour-pair", "234m567p678s55z45p", "3p", None, context=RIICHI),
]


@pytest.mark.parametrize("case", TANYAO_CASES, ids=_ids(TANYAO_CASES))
def test_tanyao(case: Case) -> None:
    check_han(case, "tanyao")


def test_open_tanyao_without_kuitan_has_no_yaku() -> None:
    result = score(hand_of(*OPEN_TANYAO, *CHI_234M), RON, RiichiOptions(kuitan=False))
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NO_YAKU


IIPEIKOU_CASES = [
    Case("closed", "112233m567p67s44p", "8s", 1),
    Case("closed-tsumo", "112233m567p67s44p", "8s", 1, context=TSUMO),
    Case("open", "234m567p67s44p", "8s", None, ("chi:234m",)),
    Case("runs-differ-by-one", "123234m567p67s44p", "8s", None),
]


@pytest.mark.parametrize("case", IIPEIKOU_CASES, ids=_ids(IIPEIKOU_CASES))
def test_iipeikou(case: Case) -> None:
    check_han(case, "iipeikou")


def _dragon_cases(digit: str) -> list[Case]:
    dragon = f"{digit}{digit}{digit}z"
    return [
        Case("concealed-triplet", f"{dragon}234m567p78s11p", "6s", 1),
        Case("open-pon", "234m567p78s11p", "6s", 1, (f"pon:{dragon}",)),
        Case("closed-kan", "234m567p78s11p", "6s", 1, (f"ankan:{dragon}{digit}z",)),
        Case("open-kan", "234m567p78s11p", "6s", 1, (f"daiminkan:{dragon}{digit}z",)),
        Case("triplet-by-ron", f"{digit}{digit}z234m567p789s11p", f"{digit}z", 1),
        # 6.2: "역패 머리는 판이 아니라 부(머리 2부)만 준다".
        Case("pair-only", f"234m567p789s{digit}{digit}z45p", "3p", None, context=RIICHI),
    ]


HAKU_CASES = _dragon_cases("5")
HATSU_CASES = _dragon_cases("6")
CHUN_CASES = _dragon_cases("7")


@pytest.mark.parametrize("case", HAKU_CASES, ids=_ids(HAKU_CASES))
def test_haku(case: Case) -> None:
    check_han(case, "haku")


@pytest.mark.parametrize("case", HATSU_CASES, ids=_ids(HATSU_CASES))
def test_hatsu(case: Case) -> None:
    check_han(case, "hatsu")


@pytest.mark.parametrize("case", CHUN_CASES, ids=_ids(CHUN_CASES))
def test_chun(case: Case) -> None:
    check_han(case, "chun")


ROUND_WIND_CASES = [
    Case("east-round-east-triplet", "111z234m567p78s11p", "6s", 1),
    Case("open-pon", "234m567p78s11p", "6s", 1, ("pon:111z",)),
    Case("south-round", "222z234m567p78s11p", "6s", 1,
         context=WinContext(seat_wind=2, round_wind=1)),
    # 6.1: seat wind = round wind: both yaku, 2 han in all.
    Case("double-east-dealer", "111z234m567p78s11p", "6s", 1, context=WinContext(seat_wind=0)),
    Case("guest-wind-triplet", "333z234m567p78s11p", "6s", None, context=RIICHI),
    Case("seat-wind-only", "222z234m567p78s11p", "6s", None),
    Case("pair-only", "234m567p789s11z45p", "3p", None, context=RIICHI),
]


@pytest.mark.parametrize("case", ROUND_WIND_CASES, ids=_ids(ROUND_WIND_CASES))
def test_round_wind(case: Case) -> None:
    check_han(case, "round_wind")


SEAT_WIND_CASES = [
    Case("south-seat-south-triplet", "222z234m567p78s11p", "6s", 1),
    Case("open-pon", "234m567p78s11p", "6s", 1, ("pon:222z",)),
    Case("north-seat", "444z234m567p78s11p", "6s", 1, context=WinContext(seat_wind=3)),
    Case("double-east-dealer", "111z234m567p78s11p", "6s", 1, context=WinContext(seat_wind=0)),
    Case("other-seat", "222z234m567p78s11p", "6s", None,
         context=WinContext(seat_wind=3, riichi=True)),
    Case("pair-only", "234m567p789s22z45p", "3p", None, context=RIICHI),
]


@pytest.mark.parametrize("case", SEAT_WIND_CASES, ids=_ids(SEAT_WIND_CASES))
def test_seat_wind(case: Case) -> None:
    check_han(case, "seat_wind")


HAITEI_CASES = [
    Case("closed", *PINFU, 1, context=WinContext(seat_wind=1, tsumo=True, haitei=True)),
    Case("open", *OPEN_PLAIN, 1, CHI_123M,
         context=WinContext(seat_wind=1, tsumo=True, haitei=True)),
    Case("ordinary-tsumo", *PINFU, None, context=TSUMO),
]


@pytest.mark.parametrize("case", HAITEI_CASES, ids=_ids(HAITEI_CASES))
def test_haitei(case: Case) -> None:
    check_han(case, "haitei")


HOUTEI_CASES = [
    Case("closed", *PINFU, 1, context=WinContext(seat_wind=1, houtei=True)),
    Case("open", *OPEN_PLAIN, 1, CHI_123M, context=WinContext(seat_wind=1, houtei=True)),
    Case("ordinary-ron", *PINFU, None),
]


@pytest.mark.parametrize("case", HOUTEI_CASES, ids=_ids(HOUTEI_CASES))
def test_houtei(case: Case) -> None:
    check_han(case, "houtei")


RINSHAN = WinContext(seat_wind=1, tsumo=True, rinshan=True)
RINSHAN_CASES = [
    Case("closed-kan", "234m567p22s45p", "3p", 1, ("ankan:8888m",), RINSHAN),
    Case("open-kan", "234m567p22s45p", "3p", 1, ("daiminkan:8888m",), RINSHAN),
    Case("added-kan", "234m567p22s45p", "3p", 1, ("kakan:8888m",), RINSHAN),
    Case("kan-without-rinshan", "234m567p22s45p", "3p", None, ("ankan:8888m",), TSUMO),
]


@pytest.mark.parametrize("case", RINSHAN_CASES, ids=_ids(RINSHAN_CASES))
def test_rinshan(case: Case) -> None:
    check_han(case, "rinshan")


def test_rinshan_after_kita_in_sanma() -> None:
    # 5.7: "북 뽑기 뒤 영상패로 쯔모 화료하면 영상개화를 인정한다".
    case = Case("kita-rinshan", "234p567p345s22s67s", "8s", 1,
                context=WinContext(seat_wind=1, tsumo=True, rinshan=True, kita=1),
                options=SanmaOptions())
    check_han(case, "rinshan")


CHANKAN_CASES = [
    Case("closed", *PINFU, 1, context=WinContext(seat_wind=1, chankan=True)),
    Case("open", *OPEN_PLAIN, 1, CHI_123M, context=WinContext(seat_wind=1, chankan=True)),
    Case("ordinary-ron", *PINFU, None),
]


@pytest.mark.parametrize("case", CHANKAN_CASES, ids=_ids(CHANKAN_CASES))
def test_chankan(case: Case) -> None:
    check_han(case, "chankan")


# ------------------------------------------------------------------------ 2 han

DOUBLE_RIICHI_CASES = [
    Case("closed", *PINFU, 2, context=WinContext(seat_wind=1, double_riichi=True)),
    Case("with-ippatsu", *PINFU, 2,
         context=WinContext(seat_wind=1, double_riichi=True, ippatsu=True)),
    Case("ordinary-riichi", *PINFU, None, context=RIICHI),
]


@pytest.mark.parametrize("case", DOUBLE_RIICHI_CASES, ids=_ids(DOUBLE_RIICHI_CASES))
def test_double_riichi(case: Case) -> None:
    check_han(case, "double_riichi")


CHIITOITSU_CASES = [
    Case("ron", "1122m3344p5566s7z", "7z", 2),
    Case("tsumo", "1122m3344p5566s7z", "7z", 2, context=TSUMO),
    Case("honours-and-terminals", "1199m1199p1199s1z", "1z", 2),
    # 10: a ryanpeikou reading scores more.
    Case("ryanpeikou-shape", "223344m556677p8s", "8s", None),
]


@pytest.mark.parametrize("case", CHIITOITSU_CASES, ids=_ids(CHIITOITSU_CASES))
def test_chiitoitsu(case: Case) -> None:
    check_han(case, "chiitoitsu")


SANSHOKU_CASES = [
    Case("closed", "123m123p123s789m5p", "5p", 2),
    Case("open", "123p123s789m5p", "5p", 1, ("chi:123m",)),
    Case("completed-by-the-win", "123m23p123s789m55p", "1p", 2),
    Case("one-off", "123m123p234s789m5p", "5p", None, context=RIICHI),
]


@pytest.mark.parametrize("case", SANSHOKU_CASES, ids=_ids(SANSHOKU_CASES))
def test_sanshoku(case: Case) -> None:
    check_han(case, "sanshoku")


ITTSU_CASES = [
    Case("closed", "123456789m234p5s", "5s", 2),
    Case("open", "456789m234p5s", "5s", 1, ("chi:123m",)),
    Case("open-middle-chi", "123789m234p5s", "5s", 1, ("chi:456m",)),
    Case("two-suits", "123456m789p234p5s", "5s", None, context=RIICHI),
    Case("gap", "123456m678m234p5s", "5s", None, context=RIICHI),
]


@pytest.mark.parametrize("case", ITTSU_CASES, ids=_ids(ITTSU_CASES))
def test_ittsu(case: Case) -> None:
    check_han(case, "ittsu")


CHANTA_CASES = [
    Case("closed", "123m789p789s111z9m", "9m", 2),
    Case("open", "789p789s111z9m", "9m", 1, ("chi:123m",)),
    Case("honour-pair", "123m789p789s111m7z", "7z", 2, context=RIICHI),
    Case("one-simple-run", "234m789p789s111z9m", "9m", None),
]


@pytest.mark.parametrize("case", CHANTA_CASES, ids=_ids(CHANTA_CASES))
def test_chanta(case: Case) -> None:
    check_han(case, "chanta")


TOITOI_CASES = [
    Case("closed", "111m222p333s44z55s", "4z", 2),
    Case("open", "333s44z55s", "4z", 2, ("pon:111m", "pon:222p")),
    Case("with-a-kan", "333s44z55s", "4z", 2, ("daiminkan:1111m", "pon:222p")),
    Case("one-run", "345s44z66s", "4z", None, ("pon:555z", "pon:222p")),
]


@pytest.mark.parametrize("case", TOITOI_CASES, ids=_ids(TOITOI_CASES))
def test_toitoi(case: Case) -> None:
    check_han(case, "toitoi")


SANANKOU_CASES = [
    # 6.1: "론으로 완성한 각쯔는 명각": three concealed, the fourth by ron is open.
    Case("shanpon-ron", "111m222p333s44z55s", "4z", 2),
    Case("tsumo-with-a-run", "111m222p345s44z55s", "4z", 2, context=TSUMO),
    Case("open-hand", "111m222p333s5s", "5s", 2, ("pon:777p",)),
    Case("closed-kan-counts", "222p333s45s66z", "3s", 2, ("ankan:1111m",)),
    Case("only-two-concealed", "111m222p345s44z55s", "4z", None, context=RIICHI),
]


@pytest.mark.parametrize("case", SANANKOU_CASES, ids=_ids(SANANKOU_CASES))
def test_sanankou(case: Case) -> None:
    check_han(case, "sanankou")


SANSHOKU_DOUKOU_CASES = [
    Case("closed", "222m222p222s345m6z", "6z", 2),
    Case("open", "222p222s345m6z", "6z", 2, ("pon:222m",)),
    Case("with-a-kan", "222p222s345m6z", "6z", 2, ("daiminkan:2222m",)),
    Case("one-off", "222p333s345m6s", "6s", None, ("pon:222m",)),
]


@pytest.mark.parametrize("case", SANSHOKU_DOUKOU_CASES, ids=_ids(SANSHOKU_DOUKOU_CASES))
def test_sanshoku_doukou(case: Case) -> None:
    check_han(case, "sanshoku_doukou")


SANKANTSU_CASES = [
    Case("open", "567p8s", "8s", 2, ("daiminkan:2222p", "daiminkan:3333s", "kakan:4444m")),
    Case("closed", "567p8s", "8s", 2, ("ankan:2222p", "ankan:3333s", "ankan:4444m")),
    Case("two-kans", "567p8s", "8s", None, ("daiminkan:2222p", "daiminkan:3333s", "pon:444m")),
]


@pytest.mark.parametrize("case", SANKANTSU_CASES, ids=_ids(SANKANTSU_CASES))
def test_sankantsu(case: Case) -> None:
    check_han(case, "sankantsu")


SHOUSANGEN_CASES = [
    Case("open", "77z234m56p", "4p", 2, ("pon:555z", "pon:666z")),
    Case("closed", "555z666z77z234m56p", "4p", 2),
    Case("no-dragon-pair", "555z666z88m234m56p", "4p", None),
]


@pytest.mark.parametrize("case", SHOUSANGEN_CASES, ids=_ids(SHOUSANGEN_CASES))
def test_shousangen(case: Case) -> None:
    check_han(case, "shousangen")


def test_shousangen_adds_its_dragon_yakuhai() -> None:
    # 6.1: "역패 2판 별도 합산".
    found = _found(_score(SHOUSANGEN_CASES[0]))
    assert found == {"shousangen": (2, 0), "haku": (1, 0), "hatsu": (1, 0)}


HONROUTOU_CASES = [
    Case("open-toitoi", "999p111s11z99s", "1z", 2, ("pon:111m",)),
    Case("closed-toitoi", "111m999p111s11z99s", "1z", 2),
    Case("chiitoitsu", "1199m1199p1199s1z", "1z", 2),
    Case("with-a-run", "123m789p789s111z9m", "9m", None),
]


@pytest.mark.parametrize("case", HONROUTOU_CASES, ids=_ids(HONROUTOU_CASES))
def test_honroutou(case: Case) -> None:
    check_han(case, "honroutou")


# ------------------------------------------------------------------- 3 and 6 han

HONITSU_CASES = [
    Case("closed", "123m456m678m111z5z", "5z", 3),
    Case("open", "456m678m111z5z", "5z", 2, ("chi:123m",)),
    Case("chiitoitsu", "1133557799m11z2z", "2z", 3),
    Case("two-suits", "123m456m678p111z5z", "5z", None),
]


@pytest.mark.parametrize("case", HONITSU_CASES, ids=_ids(HONITSU_CASES))
def test_honitsu(case: Case) -> None:
    check_han(case, "honitsu")


JUNCHAN_CASES = [
    Case("closed", "123m789m123p789s1s", "1s", 3),
    Case("open", "789m123p789s1s", "1s", 2, ("chi:123m",)),
    Case("with-a-triplet", "123m999m123p789s1s", "1s", 3),
    Case("one-simple-run", "234m789m123p789s1s", "1s", None, context=RIICHI),
]


@pytest.mark.parametrize("case", JUNCHAN_CASES, ids=_ids(JUNCHAN_CASES))
def test_junchan(case: Case) -> None:
    check_han(case, "junchan")


RYANPEIKOU_CASES = [
    Case("tanki", "223344m556677p8s", "8s", 3),
    Case("ryanmen", "22334m556677p88s", "4m", 3),
    Case("one-pair-of-runs", "223344m567p678p8s", "8s", None),
]


@pytest.mark.parametrize("case", RYANPEIKOU_CASES, ids=_ids(RYANPEIKOU_CASES))
def test_ryanpeikou(case: Case) -> None:
    check_han(case, "ryanpeikou")


CHINITSU_CASES = [
    Case("closed", "123345567789m5m", "5m", 6),
    Case("open", "345567789m5m", "5m", 5, ("chi:123m",)),
    Case("chiitoitsu", "1133557799p224p", "4p", 6),
    Case("honour-pair", "123345567789m5z", "5z", None),
]


@pytest.mark.parametrize("case", CHINITSU_CASES, ids=_ids(CHINITSU_CASES))
def test_chinitsu(case: Case) -> None:
    check_han(case, "chinitsu")


# ---------------------------------------------------------------------- yakuman

KOKUSHI_CASES = [
    Case("single-wait", "119m19p19s123456z", "7z", 1),
    Case("single-wait-tsumo", "119m19p19s123456z", "7z", 1, context=TSUMO),
    Case("thirteen-wait-is-the-other-id", "19m19p19s1234567z", "1m", None),
]


@pytest.mark.parametrize("case", KOKUSHI_CASES, ids=_ids(KOKUSHI_CASES))
def test_kokushi(case: Case) -> None:
    check_yakuman(case, "kokushi")


KOKUSHI_13_CASES = [
    Case("double-on", "19m19p19s1234567z", "1m", 2),
    Case("double-on-honour", "19m19p19s1234567z", "7z", 2),
    Case("double-off", "19m19p19s1234567z", "1m", 1, options=DOUBLE_OFF),
    Case("single-wait", "119m19p19s123456z", "7z", None),
]


@pytest.mark.parametrize("case", KOKUSHI_13_CASES, ids=_ids(KOKUSHI_13_CASES))
def test_kokushi_13(case: Case) -> None:
    check_yakuman(case, "kokushi_13")


SUUANKOU_CASES = [
    Case("shanpon-tsumo", "111m222p333s44z55s", "4z", 1, context=TSUMO),
    Case("closed-kan", "222p333s44z55s", "4z", 1, ("ankan:1111m",), TSUMO),
    Case("shanpon-ron", "111m222p333s44z55s", "4z", None),
    Case("tanki-is-the-other-id", "111m222p333s444z5s", "5s", None),
]


@pytest.mark.parametrize("case", SUUANKOU_CASES, ids=_ids(SUUANKOU_CASES))
def test_suuankou(case: Case) -> None:
    check_yakuman(case, "suuankou")


SUUANKOU_TANKI_CASES = [
    Case("ron", "111m222p333s444z5s", "5s", 2),
    Case("tsumo", "111m222p333s444z5s", "5s", 2, context=TSUMO),
    Case("double-off", "111m222p333s444z5s", "5s", 1, options=DOUBLE_OFF),
    Case("shanpon-tsumo", "111m222p333s44z55s", "4z", None, context=TSUMO),
]


@pytest.mark.parametrize("case", SUUANKOU_TANKI_CASES, ids=_ids(SUUANKOU_TANKI_CASES))
def test_suuankou_tanki(case: Case) -> None:
    check_yakuman(case, "suuankou_tanki")


DAISANGEN_CASES = [
    Case("open", "777z234m5p", "5p", 1, ("pon:555z", "pon:666z")),
    Case("closed", "555z666z777z234m5p", "5p", 1),
    Case("with-a-kan", "777z234m5p", "5p", 1, ("daiminkan:5555z", "pon:666z")),
    Case("shousangen", "77z234m56p", "4p", None, ("pon:555z", "pon:666z")),
]


@pytest.mark.parametrize("case", DAISANGEN_CASES, ids=_ids(DAISANGEN_CASES))
def test_daisangen(case: Case) -> None:
    check_yakuman(case, "daisangen")


SHOUSUUSHII_CASES = [
    Case("open", "333z44z23m", "1m", 1, ("pon:111z", "pon:222z")),
    Case("closed", "111z222z333z44z23m", "4m", 1, context=TSUMO),
    Case("two-wind-triplets", "333m44z23m", "1m", None, ("pon:111z", "pon:222z")),
    Case("four-wind-triplets", "444z5m", "5m", None, ("pon:111z", "pon:222z", "pon:333z")),
]


@pytest.mark.parametrize("case", SHOUSUUSHII_CASES, ids=_ids(SHOUSUUSHII_CASES))
def test_shousuushii(case: Case) -> None:
    check_yakuman(case, "shousuushii")


DAISUUSHII_CASES = [
    Case("double-on", "444z5m", "5m", 2, ("pon:111z", "pon:222z", "pon:333z")),
    Case("double-off", "444z5m", "5m", 1, ("pon:111z", "pon:222z", "pon:333z"),
         options=DOUBLE_OFF),
    Case("shousuushii", "333z44z23m", "1m", None, ("pon:111z", "pon:222z")),
]


@pytest.mark.parametrize("case", DAISUUSHII_CASES, ids=_ids(DAISUUSHII_CASES))
def test_daisuushii(case: Case) -> None:
    check_yakuman(case, "daisuushii")


TSUUIISOU_CASES = [
    # 6.1: "칠대자형 인정".
    Case("seven-pairs", "1122334455667z", "7z", 1),
    Case("open-triplets", "222z666z7z", "7z", 1, ("pon:111z", "pon:555z")),
    Case("a-terminal-pair", "222z666z9m", "9m", None, ("pon:111z", "pon:555z")),
]


@pytest.mark.parametrize("case", TSUUIISOU_CASES, ids=_ids(TSUUIISOU_CASES))
def test_tsuuiisou(case: Case) -> None:
    check_yakuman(case, "tsuuiisou")


CHINROUTOU_CASES = [
    Case("open", "999m111p999p1s", "1s", 1, ("pon:111m",)),
    Case("an-honour-pair", "999m111p999p1z", "1z", None, ("pon:111m",)),
]


@pytest.mark.parametrize("case", CHINROUTOU_CASES, ids=_ids(CHINROUTOU_CASES))
def test_chinroutou(case: Case) -> None:
    check_yakuman(case, "chinroutou")


RYUUIISOU_CASES = [
    Case("with-hatsu", "223344666888s6z", "6z", 1),
    # 6.1: "발 없어도 인정".
    Case("without-hatsu", "2222334466688s", "8s", 1),
    Case("open", "223344s888s6z", "6z", 1, ("pon:666s",)),
    Case("a-5s", "223344666888s5s", "5s", None),
]


@pytest.mark.parametrize("case", RYUUIISOU_CASES, ids=_ids(RYUUIISOU_CASES))
def test_ryuuiisou(case: Case) -> None:
    check_yakuman(case, "ryuuiisou")


CHUUREN_CASES = [
    Case("not-the-nine-wait", "1112345678899m", "9m", 1),
    Case("not-the-nine-wait-tsumo", "1112345678899m", "9m", 1, context=TSUMO),
    Case("pure-is-the-other-id", "1112345678999m", "5m", None),
    Case("open", "1115678999m", "5m", None, ("chi:234m",)),
]


@pytest.mark.parametrize("case", CHUUREN_CASES, ids=_ids(CHUUREN_CASES))
def test_chuuren(case: Case) -> None:
    check_yakuman(case, "chuuren")


JUNSEI_CHUUREN_CASES = [
    Case("win-on-5", "1112345678999m", "5m", 2),
    Case("win-on-1", "1112345678999p", "1p", 2),
    Case("win-on-9", "1112345678999s", "9s", 2),
    Case("double-off", "1112345678999m", "5m", 1, options=DOUBLE_OFF),
    Case("not-the-nine-wait", "1112345678899m", "9m", None),
]


@pytest.mark.parametrize("case", JUNSEI_CHUUREN_CASES, ids=_ids(JUNSEI_CHUUREN_CASES))
def test_junsei_chuuren(case: Case) -> None:
    check_yakuman(case, "junsei_chuuren")


SUUKANTSU_CASES = [
    Case("open", "5s", "5s", 1,
         ("daiminkan:1111m", "daiminkan:2222p", "kakan:3333s", "ankan:4444z")),
    Case("three-kans", "5s", "5s", None,
         ("daiminkan:1111m", "daiminkan:2222p", "kakan:3333s", "pon:444z")),
]


@pytest.mark.parametrize("case", SUUKANTSU_CASES, ids=_ids(SUUKANTSU_CASES))
def test_suukantsu(case: Case) -> None:
    check_yakuman(case, "suukantsu")


TENHOU_CASES = [
    Case("dealer-first-draw", *PINFU, 1, context=WinContext(seat_wind=0, tsumo=True, tenhou=True)),
    Case("dealer-ordinary-tsumo", *PINFU, None, context=DEALER_TSUMO),
]


@pytest.mark.parametrize("case", TENHOU_CASES, ids=_ids(TENHOU_CASES))
def test_tenhou(case: Case) -> None:
    check_yakuman(case, "tenhou")


CHIIHOU_CASES = [
    Case("non-dealer-first-draw", *PINFU, 1,
         context=WinContext(seat_wind=2, tsumo=True, chiihou=True)),
    Case("non-dealer-ordinary-tsumo", *PINFU, None, context=TSUMO),
]


@pytest.mark.parametrize("case", CHIIHOU_CASES, ids=_ids(CHIIHOU_CASES))
def test_chiihou(case: Case) -> None:
    check_yakuman(case, "chiihou")


def test_yakuman_stack() -> None:
    # 6.1: "여러 역만은 합산": tenhou + suuankou tanki (double) = 3; daisangen + tsuuiisou.
    tenhou = Case("tenhou-suuankou-tanki", "111m222p333s444z5s", "5s", None,
                  context=WinContext(seat_wind=0, tsumo=True, tenhou=True))
    assert _score(tenhou).yakuman == 3
    stacked = Case("daisangen-tsuuiisou", "777z111z4z", "4z", None, ("pon:555z", "pon:666z"))
    result = _score(stacked)
    assert _found(result) == {"daisangen": (0, 1), "tsuuiisou": (0, 1)}
    assert dict(result.payments) == {"discarder": 64000}


# ----------------------------------------------------------- exclusions (000 6.2)


class Exclusion(NamedTuple):
    name: str
    case: Case
    present: frozenset[str]
    absent: frozenset[str]


EXCLUSIONS = [
    Exclusion("ryanpeikou-excludes-iipeikou", Case("", "223344m556677p8s", "8s", None),
              frozenset({"ryanpeikou"}), frozenset({"iipeikou", "chiitoitsu"})),
    Exclusion("junchan-excludes-chanta", Case("", "123m789m123p789s1s", "1s", None),
              frozenset({"junchan"}), frozenset({"chanta"})),
    Exclusion("chanta-is-not-junchan", Case("", "123m789p789s111z9m", "9m", None),
              frozenset({"chanta"}), frozenset({"junchan"})),
    Exclusion("chinitsu-excludes-honitsu", Case("", "123345567789m5m", "5m", None),
              frozenset({"chinitsu"}), frozenset({"honitsu"})),
    Exclusion("honroutou-never-with-chanta", Case("", "111m999p111s11z99s", "1z", None),
              frozenset({"honroutou", "toitoi"}), frozenset({"chanta", "junchan"})),
    Exclusion("honroutou-chiitoitsu-no-chanta", Case("", "1199m1199p1199s1z", "1z", None),
              frozenset({"honroutou", "chiitoitsu"}), frozenset({"chanta", "junchan"})),
    Exclusion("chiitoitsu-never-pinfu-or-iipeikou",
              Case("", "1122m3344p5566s8s", "8s", None, context=TSUMO),
              frozenset({"chiitoitsu", "menzen_tsumo"}), frozenset({"pinfu", "iipeikou"})),
    Exclusion("double-riichi-replaces-riichi",
              Case("", *PINFU, None, context=WinContext(seat_wind=1, double_riichi=True)),
              frozenset({"double_riichi"}), frozenset({"riichi"})),
    Exclusion("yakuman-replaces-yakuhai",
              Case("", "777z234m5p", "5p", None, ("pon:555z", "pon:666z")),
              frozenset({"daisangen"}), frozenset({"haku", "hatsu", "chun", "shousangen"})),
    Exclusion("yakuman-replaces-chiitoitsu", Case("", "1122334455667z", "7z", None),
              frozenset({"tsuuiisou"}), frozenset({"chiitoitsu", "honroutou"})),
    Exclusion("chinroutou-replaces-honroutou-toitoi",
              Case("", "999m111p999p1s", "1s", None, ("pon:111m",)),
              frozenset({"chinroutou"}), frozenset({"honroutou", "toitoi"})),
    Exclusion("daisuushii-excludes-shousuushii",
              Case("", "444z5m", "5m", None, ("pon:111z", "pon:222z", "pon:333z")),
              frozenset({"daisuushii"}), frozenset({"shousuushii"})),
    Exclusion("suuankou-tanki-excludes-suuankou", Case("", "111m222p333s444z5s", "5s", None),
              frozenset({"suuankou_tanki"}), frozenset({"suuankou"})),
    Exclusion("junsei-excludes-chuuren", Case("", "1112345678999m", "5m", None),
              frozenset({"junsei_chuuren"}), frozenset({"chuuren", "chinitsu"})),
    Exclusion("kokushi-13-excludes-kokushi", Case("", "19m19p19s1234567z", "1m", None),
              frozenset({"kokushi_13"}), frozenset({"kokushi"})),
    Exclusion("ron-shanpon-is-sanankou-toitoi", Case("", "111m222p333s44z55s", "4z", None),
              frozenset({"sanankou", "toitoi"}), frozenset({"suuankou", "suuankou_tanki"})),
]


@pytest.mark.parametrize("exclusion", EXCLUSIONS, ids=[e.name for e in EXCLUSIONS])
def test_exclusions(exclusion: Exclusion) -> None:
    found = set(_found(_score(exclusion.case)))
    assert exclusion.present <= found, found
    assert not exclusion.absent & found, found


def test_yakuhai_pair_gives_fu_not_han() -> None:
    # 6.2: a dragon pair: 2 fu, no han; no pinfu either (6.2 "핑후 머리").
    result = _score(Case("", "234m567p789s55z45p", "3p", None, context=RIICHI))
    assert set(_found(result)) == {"riichi"}
    assert FuLine("pair_dragon", 2) in result.fu_lines
    assert result.fu == 40  # 20 + 10 + 2 = 32 -> 40


# -------------------------------------------------------------------- dora, 6.2


def test_dora_is_not_a_yaku() -> None:
    # 5.6 / 10: "도라·적도라·북은 역이 아니다"; an open hand with dora and no yaku.
    hand = hand_of(*OPEN_PLAIN, *CHI_123M)
    context = WinContext(seat_wind=1, dora_indicators=parse_tiles("1p4p"))
    result = score(hand, context)
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NO_YAKU


def test_red_five_is_not_a_yaku() -> None:
    result = score(hand_of("567p789s22s40p", "3p", "chi:123m"), RON)
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NO_YAKU


@pytest.mark.parametrize(("concealed", "win", "red"), [
    ("234m567p789s22s40p", "3p", 1),
    ("340m567p789s22s40p", "3p", 2),
    ("234m567p789s22s45p", "3p", 0),
    ("123m567p340s22s45p", "3p", 1),
], ids=["red-5p", "red-5m-and-5p", "no-red", "red-5s"])
def test_red_fives(concealed: str, win: str, red: int) -> None:
    # 6.2: "적도라: 장당 +1".
    result = _score(Case("", concealed, win, None))
    assert result.red == red
    assert result.han == 1 + red


def test_red_win_tile_counts() -> None:
    result = _score(Case("", "234m567p789s22s34p", "0p", None))
    assert result.red == 1


@pytest.mark.parametrize(("riichi", "ura"), [(True, 2), (False, 0)], ids=["riichi", "dama"])
def test_ura_only_with_riichi(riichi: bool, ura: int) -> None:
    # 6.2: "우라도라: 리치 화료자만". 1s ura indicator -> 2s pair.
    context = WinContext(seat_wind=1, riichi=riichi, ura_indicators=parse_tiles("1s"))
    result = _score(Case("", *PINFU, None, context=context))
    assert result.ura == ura
    assert result.han == 1 + int(riichi) + ura


def test_ura_with_double_riichi() -> None:
    context = WinContext(seat_wind=1, double_riichi=True, ura_indicators=parse_tiles("1s"))
    assert _score(Case("", *PINFU, None, context=context)).ura == 2


def test_dora_not_counted_on_a_yakuman() -> None:
    context = WinContext(seat_wind=1, dora_indicators=parse_tiles("4z"))
    result = _score(Case("", "777z234m5p", "5p", None, ("pon:555z", "pon:666z"), context))
    assert result.yakuman == 1
    assert dict(result.payments) == {"discarder": 32000}


def test_dora_counts_toward_kazoe() -> None:
    # 6.2: "헤아림 역만 판정에는 포함한다": riichi + tsumo + chiitoitsu (4) + 10 dora.
    context = WinContext(seat_wind=1, riichi=True, tsumo=True,
                         dora_indicators=parse_tiles("9m1m2p3p4s"))
    result = _score(Case("", "1122m3344p5566s7z", "7z", None, context=context))
    assert result.han == 14
    assert result.base_points == 8000


# ------------------------------------------------------------------ sanma, 5.7

SANMA = SanmaOptions()
SANMA_HAND = ("234p567p345s678s9m", "9m")


@pytest.mark.parametrize(("kita", "indicators", "expected"), [
    (1, "", 1),
    (2, "", 2),
    (0, "", 0),
    # 5.7: "북이 도라 표시로 도라가 되면 뺀 북도 도라로 센다": a West indicator makes
    # North the dora, so each north set aside is worth 2.
    (1, "3z", 2),
    (2, "3z", 4),
], ids=["one-kita", "two-kita", "no-kita", "north-is-dora", "two-north-dora"])
def test_kita_dora(kita: int, indicators: str, expected: int) -> None:
    context = WinContext(seat_wind=1, riichi=True, kita=kita,
                         dora_indicators=parse_tiles(indicators))
    result = _score(Case("", *SANMA_HAND, None, context=context, options=SANMA))
    assert result.kita == expected
    assert result.han == 1 + expected


def test_kita_is_not_a_yaku() -> None:
    # 6.1 / 5.6: a hand whose only value is kita does not win.
    hand = hand_of("234p567p345s678s9m", "9m")
    result = score(hand, WinContext(seat_wind=1, kita=2), SANMA)
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NO_YAKU


def test_sanma_north_triplet_is_no_yakuhai() -> None:
    # 5.7: "산마의 북은 장풍·자풍이 아닌 손님 바람이라 북 각쯔에 역은 없다".
    result = _score(Case("", "444z234p567p78s11p", "6s", None, context=RIICHI, options=SANMA))
    assert set(_found(result)) == {"riichi"}


def test_sanma_north_round_is_impossible() -> None:
    hand = hand_of("444z234p567p78s11p", "6s")
    result = score(hand, WinContext(seat_wind=1, round_wind=3, riichi=True), SANMA)
    assert isinstance(result, Rejection) or "round_wind" not in _found(result)


def test_sanma_north_pair_allows_pinfu() -> None:
    # 5.7: north is a guest wind in sanma; 6.2: a guest wind pair keeps pinfu.
    result = _score(Case("", "234p567p345s44z67s", "8s", None, options=SANMA))
    assert set(_found(result)) == {"pinfu"}


def test_sanma_west_seat_wind() -> None:
    result = _score(Case("", "333z234p567p78s11p", "6s", None,
                         context=WinContext(seat_wind=2), options=SANMA))
    assert _found(result) == {"seat_wind": (1, 0)}


def test_sanma_yaku_with_north() -> None:
    # 5.7: north can still build tsuuiisou / shousuushii / kokushi.
    kokushi = _score(Case("", "119m19p19s123456z", "7z", None, options=SANMA))
    assert _found(kokushi) == {"kokushi": (0, 1)}


def test_sanma_red_fives() -> None:
    result = _score(Case("", "234p067p345s678s9m", "9m", None, context=RIICHI, options=SANMA))
    assert result.red == 1


# ------------------------------------------------------------- rejections


class Reject(NamedTuple):
    name: str
    hand: WinningHand
    context: WinContext
    options: RiichiOptions | None
    reason: Reason


_PINFU_HAND = hand_of(*PINFU)
_OPEN_HAND = hand_of(*OPEN_PLAIN, *CHI_123M)
_KAN_HAND = hand_of("234m567p22s45p", "3p", "ankan:8888m")

CONFLICTS = [
    Reject("haitei-with-ron", _PINFU_HAND, WinContext(seat_wind=1, haitei=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("houtei-with-tsumo", _PINFU_HAND, WinContext(seat_wind=1, tsumo=True, houtei=True),
           None, Reason.CONFLICTING_CONTEXT),
    Reject("rinshan-with-ron", _KAN_HAND, WinContext(seat_wind=1, rinshan=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("rinshan-with-haitei", _KAN_HAND,
           WinContext(seat_wind=1, tsumo=True, rinshan=True, haitei=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("rinshan-without-a-kan", _PINFU_HAND,
           WinContext(seat_wind=1, tsumo=True, rinshan=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("chankan-with-tsumo", _PINFU_HAND, WinContext(seat_wind=1, tsumo=True, chankan=True),
           None, Reason.CONFLICTING_CONTEXT),
    Reject("chankan-with-houtei", _PINFU_HAND, WinContext(seat_wind=1, chankan=True, houtei=True),
           None, Reason.CONFLICTING_CONTEXT),
    Reject("ippatsu-without-riichi", _PINFU_HAND, WinContext(seat_wind=1, ippatsu=True), None,
           Reason.CONFLICTING_CONTEXT),
    # 5.4: any call, a closed kan included, ends ippatsu: no ippatsu on a rinshan win.
    Reject("ippatsu-with-rinshan", _KAN_HAND,
           WinContext(seat_wind=1, tsumo=True, rinshan=True, riichi=True, ippatsu=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("riichi-with-an-open-hand", _OPEN_HAND, WinContext(seat_wind=1, riichi=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("double-riichi-with-an-open-hand", _OPEN_HAND,
           WinContext(seat_wind=1, double_riichi=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("tenhou-for-a-non-dealer", _PINFU_HAND,
           WinContext(seat_wind=1, tsumo=True, tenhou=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("tenhou-by-ron", _PINFU_HAND, WinContext(seat_wind=0, tenhou=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("chiihou-for-the-dealer", _PINFU_HAND,
           WinContext(seat_wind=0, tsumo=True, chiihou=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("chiihou-by-ron", _PINFU_HAND, WinContext(seat_wind=1, chiihou=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("tenhou-and-chiihou", _PINFU_HAND,
           WinContext(seat_wind=0, tsumo=True, tenhou=True, chiihou=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("tenhou-with-riichi", _PINFU_HAND,
           WinContext(seat_wind=0, tsumo=True, tenhou=True, riichi=True), None,
           Reason.CONFLICTING_CONTEXT),
    Reject("chiihou-with-a-meld", _OPEN_HAND,
           WinContext(seat_wind=1, tsumo=True, chiihou=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("chiihou-with-a-closed-kan", _KAN_HAND,
           WinContext(seat_wind=1, tsumo=True, chiihou=True), None, Reason.CONFLICTING_CONTEXT),
    Reject("tenhou-with-haitei", _PINFU_HAND,
           WinContext(seat_wind=0, tsumo=True, tenhou=True, haitei=True), None,
           Reason.CONFLICTING_CONTEXT),
]


def _fifth_copy_hand() -> WinningHand:
    one_m = Tile(TileKind(0))
    return WinningHand(concealed=(one_m, *parse_tiles("111m23m567p789s22s")), win=one_m)


BAD_HANDS = [
    # A fifth 1m: 1111m in the hand and the winning 1m.
    Reject("fifth-copy", _fifth_copy_hand(), RON, None, Reason.BAD_HAND),
    # Four 3p in hand plus a 3p dora indicator.
    Reject("fifth-copy-with-indicator", hand_of("234m567p789s22s333p", "3p"),
           WinContext(seat_wind=1, dora_indicators=parse_tiles("3p")), None, Reason.BAD_HAND),
    Reject("twelve-concealed", hand_of("234m567p789s2s45p", "3p"), RON, None, Reason.BAD_HAND),
    Reject("fourteen-concealed", hand_of("234m567p789s22s445p", "3p"), RON, None,
           Reason.BAD_HAND),
    Reject("thirteen-concealed-with-a-meld", hand_of("234m567p789s22s45p", "3p", "chi:123m"),
           RON, None, Reason.BAD_HAND),
    Reject("chi-not-a-run", hand_of("567p789s22s45p", "3p", "chi:135m"), RON, None,
           Reason.BAD_HAND),
    Reject("chi-of-honours", hand_of("567p789s22s45p", "3p", "chi:123z"), RON, None,
           Reason.BAD_HAND),
    Reject("chi-across-suits", hand_of("567p789s22s45p", "3p", "chi:89m1p"), RON, None,
           Reason.BAD_HAND),
    Reject("pon-of-two-kinds", hand_of("567p789s22s45p", "3p", "pon:556z"), RON, None,
           Reason.BAD_HAND),
    Reject("kan-of-three", hand_of("567p789s22s45p", "3p", "daiminkan:555z"), RON, None,
           Reason.BAD_HAND),
    Reject("red-five-without-red-fives", hand_of("234m567p789s22s40p", "3p"), RON,
           RiichiOptions(red_fives=0), Reason.BAD_HAND),
    Reject("second-red-5p", WinningHand(
        concealed=(*parse_tiles("234m567p789s22s4p"), Tile(TileKind(13), red=True)),
        win=Tile(TileKind(13), red=True)), RON, None, Reason.BAD_HAND),
    Reject("second-red-5m-as-indicator", hand_of("340m567p789s22s45p", "3p"),
           WinContext(seat_wind=1, dora_indicators=parse_tiles("0m")), None, Reason.BAD_HAND),
    Reject("flower", hand_of("234m567p789s22s45p", "1f"), RON, None, Reason.BAD_HAND),
    Reject("kita-in-four-player", _PINFU_HAND, WinContext(seat_wind=1, riichi=True, kita=1), None,
           Reason.BAD_HAND),
    Reject("seat-wind-out-of-range", _PINFU_HAND, WinContext(seat_wind=4), None,
           Reason.BAD_HAND),
    Reject("negative-honba", _PINFU_HAND, WinContext(seat_wind=1, honba=-1), None,
           Reason.BAD_HAND),
    # 5.7: no 2m-8m in sanma.
    Reject("2m-in-sanma", hand_of("234m567p789s22s45p", "3p"), RIICHI, SANMA, Reason.BAD_HAND),
    Reject("2m-indicator-in-sanma", hand_of(*SANMA_HAND),
           WinContext(seat_wind=1, riichi=True, dora_indicators=parse_tiles("2m")), SANMA,
           Reason.BAD_HAND),
    Reject("red-5m-in-sanma", hand_of("234p567p345s678s0m", "9m"), RIICHI, SANMA, Reason.BAD_HAND),
    # 5.7: no chi in sanma.
    Reject("chi-in-sanma", hand_of("567p789s22s45p", "3p", "chi:123p"), RON, SANMA,
           Reason.BAD_HAND),
    # 4.: there is no North seat in sanma.
    Reject("north-seat-in-sanma", hand_of(*SANMA_HAND), WinContext(seat_wind=3, riichi=True),
           SANMA, Reason.BAD_HAND),
]

NOT_WINNING = [
    Reject("no-shape", hand_of("234m567p789s22s47p", "3p"), RIICHI, None,
           Reason.NOT_A_WINNING_HAND),
    Reject("seven-pairs-with-a-quad", hand_of("1111m22p33p44s55s6s", "6s"), RIICHI, None,
           Reason.NOT_A_WINNING_HAND),
    Reject("six-pairs-and-two-singles", hand_of("1122m3344p5566s7z", "1z"), RIICHI, None,
           Reason.NOT_A_WINNING_HAND),
    Reject("kokushi-missing-an-orphan", hand_of("119m19p19s123455z", "6z"), RIICHI, None,
           Reason.NOT_A_WINNING_HAND),
    Reject("open-hand-wrong-shape", hand_of("567p789s22s47p", "3p", "chi:123m"), RON, None,
           Reason.NOT_A_WINNING_HAND),
]


@pytest.mark.parametrize("case", CONFLICTS, ids=[c.name for c in CONFLICTS])
def test_conflicting_contexts(case: Reject) -> None:
    result = score(case.hand, case.context, case.options)
    assert isinstance(result, Rejection), result
    assert result.reason is case.reason


@pytest.mark.parametrize("case", BAD_HANDS, ids=[c.name for c in BAD_HANDS])
def test_bad_hands(case: Reject) -> None:
    result = score(case.hand, case.context, case.options)
    assert isinstance(result, Rejection), result
    assert result.reason is case.reason


@pytest.mark.parametrize("case", NOT_WINNING, ids=[c.name for c in NOT_WINNING])
def test_not_a_winning_hand(case: Reject) -> None:
    result = score(case.hand, case.context, case.options)
    assert isinstance(result, Rejection), result
    assert result.reason is case.reason


def test_joypip_kita_rinshan_cannot_be_ippatsu() -> None:
    context = WinContext(seat_wind=1, tsumo=True, rinshan=True, riichi=True, ippatsu=True,
                         kita=1)
    result = score(hand_of("234p567p345s22s67s", "8s"), context, SanmaOptions.joypip())
    assert isinstance(result, Rejection)
    assert result.reason is Reason.CONFLICTING_CONTEXT


def test_default_sanma_kita_rinshan_keeps_ippatsu() -> None:
    # 5.4: "북 뽑기는 울기가 아니므로 일발을 지우지 않는다".
    context = WinContext(seat_wind=1, tsumo=True, rinshan=True, riichi=True, ippatsu=True,
                         kita=1)
    result = _score(Case("", "234p567p345s22s67s", "8s", None, context=context, options=SANMA))
    assert {"ippatsu", "rinshan"} <= set(_found(result))
