"""Points: the 1-4 han x 20-110 fu tables, limits, kiriage, kazoe, honba, sanma payments,
riichi deposits, pao and multiple ron, with every expected value taken from the source
documents (seeds/000 sections 5.7, 5.9, 6.4, 6.5, 6.6; seeds/001 "점수", "책임지불";
seeds/004 "유국과 점수"), never from running the library.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from helpers.scoring_helpers import ScoredCase, check_scored_case, hand_of, scored

from mahjong_rules.errors import OptionsError
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.outcome import Limit
from mahjong_rules.scoring import (
    Liability,
    WinContext,
    multiple_ron_order,
    seat_deltas,
)
from mahjong_rules.scoring.riichi_points import base_points, payments

OPTIONS = RiichiOptions()
SANMA = SanmaOptions()


# --------------------------------------------------------------------------- helpers


def _nd_ron(base: int, honba: int = 0, options: RiichiOptions = OPTIONS) -> dict[str, int]:
    return payments(base, dealer=False, tsumo=False, honba=honba, options=options)


def _nd_tsumo(base: int, honba: int = 0, options: RiichiOptions = OPTIONS) -> dict[str, int]:
    return payments(base, dealer=False, tsumo=True, honba=honba, options=options)


def _d_ron(base: int, honba: int = 0, options: RiichiOptions = OPTIONS) -> dict[str, int]:
    return payments(base, dealer=True, tsumo=False, honba=honba, options=options)


def _d_tsumo(base: int, honba: int = 0, options: RiichiOptions = OPTIONS) -> dict[str, int]:
    return payments(base, dealer=True, tsumo=True, honba=honba, options=options)


# ------------------------------------------------------- the 1-4 han table (000 6.4)
#
# Transcribed from seeds/000 6.4 "1~4판 점수표". Each cell is ``ron/tsumo``; a
# non-dealer tsumo is ``non-dealer/dealer``; a dealer tsumo is what each pays ("올");
# ``-`` is a combination that cannot occur; ``M`` marks the doc's "(만관)".

NON_DEALER_TABLE = """
fu   1 han           2 han            3 han             4 han
20   -/-             -/400/700        -/700/1300        -/1300/2600
25   -/-             1600/-           3200/800/1600     6400/1600/3200
30   1000/300/500    2000/500/1000    3900/1000/2000    7700/2000/3900
40   1300/400/700    2600/700/1300    5200/1300/2600    8000M/2000/4000
50   1600/400/800    3200/800/1600    6400/1600/3200    8000M/2000/4000
60   2000/500/1000   3900/1000/2000   7700/2000/3900    8000M/2000/4000
70   2300/600/1200   4500/1200/2300   8000M/2000/4000   8000M/2000/4000
80   2600/700/1300   5200/1300/2600   8000M/2000/4000   8000M/2000/4000
90   2900/800/1500   5800/1500/2900   8000M/2000/4000   8000M/2000/4000
100  3200/800/1600   6400/1600/3200   8000M/2000/4000   8000M/2000/4000
110  3600/900/1800   7100/1800/3600   8000M/2000/4000   8000M/2000/4000
"""

DEALER_TABLE = """
fu   1 han       2 han        3 han         4 han
20   -/-         -/700        -/1300        -/2600
25   -/-         2400/-       4800/1600     9600/3200
30   1500/500    2900/1000    5800/2000     11600/3900
40   2000/700    3900/1300    7700/2600     12000M/4000
50   2400/800    4800/1600    9600/3200     12000M/4000
60   2900/1000   5800/2000    11600/3900    12000M/4000
70   3400/1200   6800/2300    12000M/4000   12000M/4000
80   3900/1300   7700/2600    12000M/4000   12000M/4000
90   4400/1500   8700/2900    12000M/4000   12000M/4000
100  4800/1600   9600/3200    12000M/4000   12000M/4000
110  5300/1800   10600/3600   12000M/4000   12000M/4000
"""


class Cell(NamedTuple):
    """One cell of a 6.4 table."""

    han: int
    fu: int
    ron: int | None
    tsumo: tuple[int, ...] | None
    """(non-dealer, dealer) for a non-dealer win; (each,) for a dealer win."""
    mangan: bool


def _amount(text: str) -> int | None:
    return None if text == "-" else int(text)


def _parse_table(text: str) -> list[Cell]:
    cells = []
    for line in text.strip().splitlines()[1:]:
        fu, *columns = line.split()
        for han, column in enumerate(columns, start=1):
            ron_text, *tsumo_parts = column.split("/")
            mangan = ron_text.endswith("M")
            ron = _amount(ron_text.removesuffix("M"))
            tsumo = None if tsumo_parts == ["-"] else tuple(int(p) for p in tsumo_parts)
            cells.append(Cell(han, int(fu), ron, tsumo, mangan))
    return cells


def _cell_id(cell: Cell) -> str:
    return f"{cell.han}han-{cell.fu}fu"


NON_DEALER_CELLS = _parse_table(NON_DEALER_TABLE)
DEALER_CELLS = _parse_table(DEALER_TABLE)


def test_tables_are_complete() -> None:
    # 11 fu rows x 4 han columns in each table.
    assert len(NON_DEALER_CELLS) == len(DEALER_CELLS) == 44
    assert {c.fu for c in NON_DEALER_CELLS} == {20, 25, *range(30, 120, 10)}


@pytest.mark.parametrize("cell", [c for c in NON_DEALER_CELLS if c.ron is not None],
                         ids=_cell_id)
def test_non_dealer_ron(cell: Cell) -> None:
    base, limit = base_points(cell.han, cell.fu, 0, OPTIONS)
    assert _nd_ron(base) == {"discarder": cell.ron}
    assert limit is (Limit.MANGAN if cell.mangan else None)


@pytest.mark.parametrize("cell", [c for c in NON_DEALER_CELLS if c.tsumo is not None],
                         ids=_cell_id)
def test_non_dealer_tsumo(cell: Cell) -> None:
    assert cell.tsumo is not None
    non_dealer, dealer = cell.tsumo
    base, limit = base_points(cell.han, cell.fu, 0, OPTIONS)
    assert _nd_tsumo(base) == {"dealer": dealer, "non_dealer": non_dealer}
    assert limit is (Limit.MANGAN if cell.mangan else None)


@pytest.mark.parametrize("cell", [c for c in DEALER_CELLS if c.ron is not None], ids=_cell_id)
def test_dealer_ron(cell: Cell) -> None:
    base, limit = base_points(cell.han, cell.fu, 0, OPTIONS)
    assert _d_ron(base) == {"discarder": cell.ron}
    assert limit is (Limit.MANGAN if cell.mangan else None)


@pytest.mark.parametrize("cell", [c for c in DEALER_CELLS if c.tsumo is not None], ids=_cell_id)
def test_dealer_tsumo(cell: Cell) -> None:
    assert cell.tsumo is not None
    (each,) = cell.tsumo
    base, limit = base_points(cell.han, cell.fu, 0, OPTIONS)
    assert _d_tsumo(base) == {"non_dealer": each}
    assert limit is (Limit.MANGAN if cell.mangan else None)


@pytest.mark.parametrize("cell", [c for c in NON_DEALER_CELLS if not c.mangan],
                         ids=_cell_id)
def test_base_points_formula(cell: Cell) -> None:
    # 6.4: base = fu x 2^(han+2) below mangan.
    assert base_points(cell.han, cell.fu, 0, OPTIONS) == (cell.fu * 2 ** (cell.han + 2), None)


TABLE_HANDS = [
    # 6.6 example 1: pinfu ron, 1 han 30 fu -> 1000 (table: 30 fu 1 han non-dealer ron).
    ScoredCase("nd-ron-1han-30fu-pinfu", hand_of("234m567p789s22s45p", "3p"),
               WinContext(seat_wind=1), 1, 30, {"discarder": 1000}),
    # chiitoitsu ron (2 han 25 fu) -> 1600.
    ScoredCase("nd-ron-2han-25fu-chiitoitsu", hand_of("1122m3344p5566s7z", "7z"),
               WinContext(seat_wind=1), 2, 25, {"discarder": 1600}),
    # dealer chiitoitsu ron -> 2400.
    ScoredCase("dealer-ron-2han-25fu-chiitoitsu", hand_of("1122m3344p5566s7z", "7z"),
               WinContext(seat_wind=0), 2, 25, {"discarder": 2400}),
    # riichi + menzen tsumo + pinfu = 3 han 20 fu -> 700/1300.
    ScoredCase("nd-tsumo-3han-20fu-pinfu", hand_of("234m567p789s22s45p", "3p"),
               WinContext(seat_wind=1, tsumo=True, riichi=True), 3, 20,
               {"non_dealer": 700, "dealer": 1300}),
    # 001 fu example: concealed ron + concealed simple triplet + open wait = 34 -> 40 fu;
    # tanyao alone, dealer ron: 1 han 40 fu -> 2000.
    ScoredCase("dealer-ron-1han-40fu-tanyao", hand_of("222m345p678s88p56s", "4s"),
               WinContext(seat_wind=0), 1, 40, {"discarder": 2000}),
    # 6.3 fu example: concealed ron, chun and 9s concealed triplets, kanchan = 48 -> 50 fu;
    # chun 1 han, non-dealer ron: 1600.
    ScoredCase("nd-ron-1han-50fu-chun", hand_of("777z999s46p123m88m", "5p"),
               WinContext(seat_wind=1), 1, 50, {"discarder": 1600}),
    # 6.6 example 2's hand by ron, dealer: riichi + ippatsu + tanyao + dora 1 = 4 han;
    # 20 + 10 + 4 + 2 = 36 -> 40 fu; 4 han 40 fu -> 12000 (mangan).
    ScoredCase("dealer-ron-4han-40fu-mangan", hand_of("444m234p345s68s55p", "7s"),
               WinContext(seat_wind=0, riichi=True, ippatsu=True,
                          dora_indicators=parse_tiles("1p")), 4, 40,
               {"discarder": 12000}),
]


@pytest.mark.parametrize("case", TABLE_HANDS, ids=lambda c: c.name)
def test_table_through_score(case: ScoredCase) -> None:
    check_scored_case(case)


# -------------------------------------------------------------- limits (000 6.4)


class LimitRow(NamedTuple):
    name: str
    han: int
    yakuman: int
    base: int
    limit: Limit
    nd_ron: int
    nd_tsumo: tuple[int, int]
    """(non-dealer pays, dealer pays)."""
    d_ron: int
    d_tsumo: int


def _limit_rows() -> list[LimitRow]:
    # 000 6.4 "만관 이상 표": name, han range, base, nd ron, nd tsumo, dealer ron, dealer tsumo.
    table = [
        ("mangan", range(5, 6), 2000, Limit.MANGAN, 8000, (2000, 4000), 12000, 4000),
        ("haneman", range(6, 8), 3000, Limit.HANEMAN, 12000, (3000, 6000), 18000, 6000),
        ("baiman", range(8, 11), 4000, Limit.BAIMAN, 16000, (4000, 8000), 24000, 8000),
        ("sanbaiman", range(11, 13), 6000, Limit.SANBAIMAN, 24000, (6000, 12000), 36000,
         12000),
        ("kazoe", range(13, 15), 8000, Limit.YAKUMAN, 32000, (8000, 16000), 48000, 16000),
    ]
    rows = [LimitRow(f"{name}-{han}han", han, 0, base, limit, nd_ron, nd_tsumo, d_ron, d_tsumo)
            for name, hans, base, limit, nd_ron, nd_tsumo, d_ron, d_tsumo in table
            for han in hans]
    rows.append(LimitRow("yakuman", 0, 1, 8000, Limit.YAKUMAN, 32000, (8000, 16000), 48000,
                         16000))
    rows.append(LimitRow("double-yakuman", 0, 2, 16000, Limit.YAKUMAN, 64000, (16000, 32000),
                         96000, 32000))
    return rows


@pytest.mark.parametrize("row", _limit_rows(), ids=lambda r: r.name)
@pytest.mark.parametrize("fu", [20, 30, 110], ids=lambda fu: f"{fu}fu")
def test_limit_table(row: LimitRow, fu: int) -> None:
    # 001 "만관 이상": fu no longer matters from mangan up.
    base, limit = base_points(row.han, 0 if row.yakuman else fu, row.yakuman, OPTIONS)
    assert (base, limit) == (row.base, row.limit)
    assert _nd_ron(base) == {"discarder": row.nd_ron}
    assert _nd_tsumo(base) == {"non_dealer": row.nd_tsumo[0], "dealer": row.nd_tsumo[1]}
    assert _d_ron(base) == {"discarder": row.d_ron}
    assert _d_tsumo(base) == {"non_dealer": row.d_tsumo}


def test_haneman_example_of_001() -> None:
    # 001: a non-dealer haneman tsumo is 3000 from each non-dealer and 6000 from the
    # dealer, 12000 in all; the same haneman by ron is 12000 from the discarder.
    base, _ = base_points(6, 30, 0, OPTIONS)
    assert _nd_tsumo(base) == {"non_dealer": 3000, "dealer": 6000}
    assert _nd_ron(base) == {"discarder": 12000}


# ---------------------------------------------------------------- kiriage, kazoe


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)], ids=["4han-30fu", "3han-60fu"])
@pytest.mark.parametrize("kiriage", [False, True], ids=["kiriage-off", "kiriage-on"])
def test_kiriage_mangan(han: int, fu: int, kiriage: bool) -> None:
    # 000 6.4 / option kiriageMangan; 001: "절상만관 OFF — 4판30부 = 7,700 / 3판60부 = 11,600".
    options = RiichiOptions(kiriage_mangan=kiriage)
    base, limit = base_points(han, fu, 0, options)
    if kiriage:
        assert (base, limit) == (2000, Limit.MANGAN)
        assert _nd_ron(base, options=options) == {"discarder": 8000}
        assert _d_ron(base, options=options) == {"discarder": 12000}
        assert _nd_tsumo(base, options=options) == {"non_dealer": 2000, "dealer": 4000}
        assert _d_tsumo(base, options=options) == {"non_dealer": 4000}
    else:
        assert (base, limit) == (1920, None)
        assert _nd_ron(base, options=options) == {"discarder": 7700}
        assert _d_ron(base, options=options) == {"discarder": 11600}
        assert _nd_tsumo(base, options=options) == {"non_dealer": 2000, "dealer": 3900}
        assert _d_tsumo(base, options=options) == {"non_dealer": 3900}


@pytest.mark.parametrize(("han", "fu", "ron"), [(4, 25, 6400), (3, 50, 6400), (2, 110, 7100)],
                         ids=["4han-25fu", "3han-50fu", "2han-110fu"])
def test_kiriage_touches_only_its_two_cells(han: int, fu: int, ron: int) -> None:
    options = RiichiOptions(kiriage_mangan=True)
    base, limit = base_points(han, fu, 0, options)
    assert limit is None
    assert _nd_ron(base, options=options) == {"discarder": ron}


@pytest.mark.parametrize("han", [13, 14, 20], ids=lambda h: f"{h}han")
@pytest.mark.parametrize("kazoe", [True, False], ids=["kazoe-on", "kazoe-off"])
def test_kazoe_yakuman(han: int, kazoe: bool) -> None:
    # 000 6.4: 13 han and more is a counted yakuman (8000); with the option off the cap
    # is sanbaiman (6000).
    options = RiichiOptions(kazoe_yakuman=kazoe)
    base, limit = base_points(han, 40, 0, options)
    if kazoe:
        assert (base, limit) == (8000, Limit.YAKUMAN)
        assert _nd_ron(base, options=options) == {"discarder": 32000}
    else:
        assert (base, limit) == (6000, Limit.SANBAIMAN)
        assert _nd_ron(base, options=options) == {"discarder": 24000}


# A chiitoitsu riichi tsumo (4 han) with dora from indicators: 9m->1m, 1m->2m, 2p->3p,
# 3p->4p each hit a pair (2 dora each).
KAZOE_HAND = hand_of("1122m3344p5566s7z", "7z")


@pytest.mark.parametrize(("indicators", "kazoe", "expected"), [
    ("9m1m2p3p", True, {"non_dealer": 6000, "dealer": 12000}),   # 4 + 8 = 12 han
    ("9m1m2p3p4s", True, {"non_dealer": 8000, "dealer": 16000}),  # 4 + 10 = 14 han
    ("9m1m2p3p4s", False, {"non_dealer": 6000, "dealer": 12000}),
], ids=["12han-sanbaiman", "14han-kazoe-on", "14han-kazoe-off"])
def test_kazoe_through_score(indicators: str, kazoe: bool, expected: dict[str, int]) -> None:
    context = WinContext(seat_wind=1, tsumo=True, riichi=True,
                         dora_indicators=parse_tiles(indicators))
    result = scored(KAZOE_HAND, context, RiichiOptions(kazoe_yakuman=kazoe))
    assert dict(result.payments) == expected
    assert result.yakuman == 0  # a counted yakuman is not a yakuman hand


# ------------------------------------------------------------------- honba, 4-player


@pytest.mark.parametrize(("dealer", "tsumo", "honba", "expected"), [
    # 000 5.9: 300 per honba; ron: the discarder pays 300 x honba; tsumo: 100 x honba each.
    (False, False, 1, {"discarder": 1300}),  # 6.6 example 1: 1000 + 300
    (False, False, 3, {"discarder": 1900}),
    (True, False, 2, {"discarder": 1500 + 600}),
    (False, True, 1, {"non_dealer": 400, "dealer": 600}),
    (False, True, 4, {"non_dealer": 700, "dealer": 900}),
    (True, True, 2, {"non_dealer": 700}),
], ids=["nd-ron-1", "nd-ron-3", "dealer-ron-2", "nd-tsumo-1", "nd-tsumo-4", "dealer-tsumo-2"])
def test_honba_four_player(dealer: bool, tsumo: bool, honba: int,
                           expected: dict[str, int]) -> None:
    base, _ = base_points(1, 30, 0, OPTIONS)  # 1000 / 300-500 / 1500 / 500 all
    assert payments(base, dealer=dealer, tsumo=tsumo, honba=honba, options=OPTIONS) == expected


@pytest.mark.parametrize("honba_points", [100, 200, 400], ids=lambda p: f"honba-{p}")
def test_four_player_honba_option_splits_evenly(honba_points: int) -> None:
    try:
        options = RiichiOptions(honba_points=honba_points)
    except OptionsError:
        return
    owed = _nd_tsumo(2000, 1, options)
    assert all(amount % 100 == 0 for amount in owed.values())
    assert owed["dealer"] + 2 * owed["non_dealer"] == 8000 + honba_points


def test_honba_through_score() -> None:
    # 6.6 example 1: "본장 1개면 1300점".
    result = scored(hand_of("234m567p789s22s45p", "3p"), WinContext(seat_wind=1, honba=1))
    assert dict(result.payments) == {"discarder": 1300}
    assert result.total == 1300


# ------------------------------------------------------------------ sanma payments


@pytest.mark.parametrize("honba_points", [200, 300, 1000], ids=lambda p: f"sanma-honba-{p}")
@pytest.mark.parametrize("honba", [1, 2], ids=lambda h: f"{h}honba")
def test_sanma_honba(honba_points: int, honba: int) -> None:
    # 000 5.7: per honba ``sanmaHonba``; a ron's discarder pays it all, a tsumo's two
    # payers half each (004: ron 200, tsumo 100 each).
    options = SanmaOptions(honba_points=honba_points)
    base, _ = base_points(5, 30, 0, options)
    extra = honba_points * honba
    assert _nd_ron(base, honba, options) == {"discarder": 8000 + extra}
    assert _d_ron(base, honba, options) == {"discarder": 12000 + extra}
    assert _nd_tsumo(base, honba, options) == {"dealer": 4000 + extra // 2,
                                               "non_dealer": 2000 + extra // 2}
    assert _d_tsumo(base, honba, options) == {"non_dealer": 4000 + extra // 2}


def test_sanma_default_honba_is_200() -> None:
    # 004: "본장: 론은 하나당 200점, 쯔모는 하나당 각자 100점을 더합니다".
    base, _ = base_points(1, 30, 0, SANMA)
    assert _nd_ron(base, 1, SANMA) == {"discarder": 1000 + 200}
    assert _nd_tsumo(base, 1, SANMA) == {"dealer": 500 + 100, "non_dealer": 300 + 100}


@pytest.mark.parametrize(("han", "fu", "dealer", "loss", "bisection"), [
    # 000 5.7 / 6.6 example 6: tsumo loss, non-dealer mangan = 4000 + 2000 = 6000; north
    # bisection: the missing north share (2000) split in half, +1000 each.
    (5, 30, False, {"dealer": 4000, "non_dealer": 2000}, {"dealer": 5000, "non_dealer": 3000}),
    (5, 30, True, {"non_dealer": 4000}, {"non_dealer": 6000}),
    (6, 30, False, {"dealer": 6000, "non_dealer": 3000}, {"dealer": 7500, "non_dealer": 4500}),
    (8, 30, True, {"non_dealer": 8000}, {"non_dealer": 12000}),
    (0, 0, False, {"dealer": 16000, "non_dealer": 8000},
     {"dealer": 20000, "non_dealer": 12000}),
    # 1 han 50 fu (base 400): shares 800/400, north 400 -> +200 each, no rounding involved.
    (1, 50, False, {"dealer": 800, "non_dealer": 400}, {"dealer": 1000, "non_dealer": 600}),
], ids=["nd-mangan", "dealer-mangan", "nd-haneman", "dealer-baiman", "nd-yakuman",
        "nd-1han-50fu"])
def test_sanma_tsumo_loss_and_north_bisection(
    han: int, fu: int, dealer: bool, loss: dict[str, int], bisection: dict[str, int]
) -> None:
    yakuman = 0 if han else 1
    for mode, expected in ((SanmaTsumo.TSUMO_LOSS, loss), (SanmaTsumo.NORTH_BISECTION, bisection)):
        options = SanmaOptions(sanma_tsumo=mode)
        base, _ = base_points(han, fu, yakuman, options)
        assert payments(base, dealer=dealer, tsumo=True, honba=0, options=options) == expected


def test_sanma_ron_is_the_four_player_amount() -> None:
    # 004: "론은 방총한 사람 혼자 4인 마작과 같은 점수를 냅니다".
    for han, fu in ((1, 30), (3, 60), (5, 30)):
        base, _ = base_points(han, fu, 0, SANMA)
        assert _nd_ron(base, options=SANMA) == _nd_ron(base)
        assert _d_ron(base, options=SANMA) == _d_ron(base)


# Sanma: riichi + menzen tsumo + pinfu + tanyao + dora 1 (1p indicator -> 2p) = 5 han.
SANMA_MANGAN = hand_of("234p567p345s67s22s", "8s")
SANMA_MANGAN_CONTEXT = WinContext(seat_wind=1, tsumo=True, riichi=True,
                                  dora_indicators=parse_tiles("1p"))


def test_sanma_example_6_tsumo_loss_through_score() -> None:
    # 000 6.6 example 6: "산마, 쯔모손: 자 만관 쯔모 → 친 4000, 자 2000, 합 6000".
    result = scored(SANMA_MANGAN, SANMA_MANGAN_CONTEXT, SANMA)
    assert result.limit is Limit.MANGAN
    assert dict(result.payments) == {"dealer": 4000, "non_dealer": 2000}
    assert result.total == 6000


def test_sanma_north_bisection_through_score() -> None:
    options = SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION)
    result = scored(SANMA_MANGAN, SANMA_MANGAN_CONTEXT, options)
    assert dict(result.payments) == {"dealer": 5000, "non_dealer": 3000}
    assert result.total == 8000


def test_sanma_dealer_tsumo_loss_through_score() -> None:
    context = WinContext(seat_wind=0, tsumo=True, riichi=True, dora_indicators=parse_tiles("1p"),
                         honba=1)
    result = scored(SANMA_MANGAN, context, SANMA)
    # 4000 from each of the two non-dealers, + 100 each for the honba (200 in all).
    assert dict(result.payments) == {"non_dealer": 4100}
    assert result.total == 8200


# ------------------------------------------------------------------ riichi deposits


@pytest.mark.parametrize(("sticks", "honba", "total"), [
    (0, 0, 1000), (1, 0, 2000), (3, 0, 4000), (2, 1, 3300),
], ids=["no-sticks", "one-stick", "three-sticks", "two-sticks-one-honba"])
def test_riichi_deposits_go_to_the_winner(sticks: int, honba: int, total: int) -> None:
    # 000 5.9: the winner takes every deposit (1000 each); 6.4: honba and deposits are
    # added after the payments.
    context = WinContext(seat_wind=1, riichi_sticks=sticks, honba=honba)
    result = scored(hand_of("234m567p789s22s45p", "3p"), context)
    assert dict(result.payments) == {"discarder": 1000 + 300 * honba}
    assert result.total == total


def test_riichi_deposits_on_a_tsumo() -> None:
    context = WinContext(seat_wind=1, tsumo=True, riichi=True, riichi_sticks=2)
    result = scored(hand_of("234m567p789s22s45p", "3p"), context)
    assert dict(result.payments) == {"non_dealer": 700, "dealer": 1300}
    assert result.total == 700 * 2 + 1300 + 2000


# -------------------------------------------------------------------- pao (000 6.5)


@pytest.mark.parametrize(("dealer", "tsumo", "honba", "expected"), [
    # tsumo: the liable player pays the whole yakuman; ron: discarder and liable half each;
    # honba: on a tsumo the liable player, on a ron the discarder.
    (False, True, 0, {"liable": 32000}),
    (True, True, 0, {"liable": 48000}),
    (False, False, 0, {"discarder": 16000, "liable": 16000}),
    (True, False, 0, {"discarder": 24000, "liable": 24000}),
    (False, True, 2, {"liable": 32000 + 600}),
    (True, True, 1, {"liable": 48000 + 300}),
    (False, False, 2, {"discarder": 16000 + 600, "liable": 16000}),
    (True, False, 1, {"discarder": 24000 + 300, "liable": 24000}),
], ids=["nd-tsumo", "dealer-tsumo", "nd-ron", "dealer-ron", "nd-tsumo-2honba",
        "dealer-tsumo-1honba", "nd-ron-2honba", "dealer-ron-1honba"])
def test_pao_payments(dealer: bool, tsumo: bool, honba: int, expected: dict[str, int]) -> None:
    owed = payments(8000, dealer=dealer, tsumo=tsumo, honba=honba, options=OPTIONS,
                    liability=Liability.YAKUMAN, liable_base=8000)
    assert owed == expected


# Daisangen: white and green pons, red triplet concealed, 5p tanki.
DAISANGEN = hand_of("777z234m5p", "5p", "pon:555z", "pon:666z")


@pytest.mark.parametrize(("tsumo", "pao", "expected"), [
    (True, True, {"liable": 32000}),
    (False, True, {"discarder": 16000, "liable": 16000}),
    (True, False, {"dealer": 16000, "non_dealer": 8000}),
    (False, False, {"discarder": 32000}),
], ids=["tsumo-pao", "ron-pao", "tsumo-pao-off", "ron-pao-off"])
def test_pao_daisangen_through_score(tsumo: bool, pao: bool, expected: dict[str, int]) -> None:
    context = WinContext(seat_wind=1, tsumo=tsumo, liability=Liability.YAKUMAN)
    result = scored(DAISANGEN, context, RiichiOptions(pao=pao))
    assert dict(result.payments) == expected
    assert result.total == 32000


def test_pao_daisuushii_double_yakuman() -> None:
    # daisuushii is a double yakuman and a pao yakuman: the liable player pays all of it.
    hand = hand_of("444z5m", "5m", "pon:111z", "pon:222z", "pon:333z")
    result = scored(hand, WinContext(seat_wind=1, tsumo=True, liability=Liability.YAKUMAN))
    assert result.yakuman == 2
    assert dict(result.payments) == {"liable": 64000}


def test_pao_covers_only_its_yakuman() -> None:
    # 6.5: the liable player pays "그 역만 ... 전액(역만 부분)": daisangen + tsuuiisou by
    # tsumo, the liable player pays the daisangen part, the rest is shared as usual.
    hand = hand_of("777z111z4z", "4z", "pon:555z", "pon:666z")
    result = scored(hand, WinContext(seat_wind=1, tsumo=True, liability=Liability.YAKUMAN))
    assert result.yakuman == 2
    assert dict(result.payments) == {"liable": 32000, "dealer": 16000, "non_dealer": 8000}
    assert result.total == 64000


def test_pao_ron_splits_only_its_yakuman() -> None:
    # The same by ron: 64000 in all, the liable player pays half the daisangen part.
    hand = hand_of("777z111z4z", "4z", "pon:555z", "pon:666z")
    result = scored(hand, WinContext(seat_wind=1, liability=Liability.YAKUMAN))
    assert dict(result.payments) == {"discarder": 48000, "liable": 16000}


@pytest.mark.parametrize(("tsumo", "expected"), [
    (True, {"liable": 32000 + 600}),
    (False, {"discarder": 16000 + 600, "liable": 16000}),
], ids=["tsumo-liable-pays-honba", "ron-discarder-pays-honba"])
def test_pao_honba_and_deposits_through_score(tsumo: bool, expected: dict[str, int]) -> None:
    # 6.5: honba from the liable player on a tsumo, from the discarder on a ron; 001:
    # "공탁(리치봉)은 평소처럼 화료자가 가져가며 파오와 무관".
    context = WinContext(seat_wind=1, tsumo=tsumo, honba=2, riichi_sticks=1,
                         liability=Liability.YAKUMAN)
    result = scored(DAISANGEN, context)
    assert dict(result.payments) == expected
    assert result.total == 32000 + 600 + 1000


def test_pao_ignored_without_a_pao_yakuman() -> None:
    # suuankou is not a pao yakuman.
    hand = hand_of("111m222p333s44z55s", "4z")
    result = scored(hand, WinContext(seat_wind=1, tsumo=True, liability=Liability.YAKUMAN))
    assert dict(result.payments) == {"dealer": 16000, "non_dealer": 8000}


@pytest.mark.parametrize(("dealer", "honba", "expected"), [
    # 001: a rinshan tsumo on the replacement tile of an open kan made from the liable
    # player's discard: "쯔모 화료면 파오자가 전액 단독 지불 — 나머지 두 명은 내지 않습니다".
    (False, 0, {"liable": 8000}),
    (True, 0, {"liable": 12000}),
    (False, 1, {"liable": 8300}),
], ids=["nd-mangan", "dealer-mangan", "nd-mangan-1honba"])
def test_open_kan_rinshan_pao_payments(dealer: bool, honba: int,
                                       expected: dict[str, int]) -> None:
    options = RiichiOptions.ippatsu()
    owed = payments(2000, dealer=dealer, tsumo=True, honba=honba, options=options,
                    liability=Liability.OPEN_KAN_RINSHAN)
    assert owed == expected


# Rinshan tsumo on the replacement tile of an open kan of 2p: rinshan 1 + tanyao 1.
RINSHAN_HAND = hand_of("345m678s33s45p", "6p", "daiminkan:2222p")


@pytest.mark.parametrize(("options", "expected"), [
    (RiichiOptions.ippatsu(), {"liable": 8000}),
    (RiichiOptions(), {"dealer": 4000, "non_dealer": 2000}),
], ids=["ippatsu-preset-liable-pays-alone", "default-no-open-kan-pao"])
def test_open_kan_rinshan_pao_through_score(options: RiichiOptions,
                                            expected: dict[str, int]) -> None:
    # rinshan 1 + tanyao 1 + dora 3 (4m -> one 5m, 2s -> two 3s) = 5 han, mangan.
    context = WinContext(seat_wind=1, tsumo=True, rinshan=True,
                         dora_indicators=parse_tiles("4m2s"),
                         liability=Liability.OPEN_KAN_RINSHAN)
    result = scored(RINSHAN_HAND, context, options)
    assert result.han == 5
    assert dict(result.payments) == expected
    assert result.total == 8000


# ------------------------------------------------------------ multiple ron (000 5.9)


@pytest.mark.parametrize(("discarder", "winners", "players", "order"), [
    (2, [1, 3], 4, [3, 1]),
    (2, [3, 1], 4, [3, 1]),
    (0, [3, 1], 4, [1, 3]),
    (3, [2, 0], 4, [0, 2]),
    (1, [0, 2, 3], 4, [2, 3, 0]),
    (3, [1, 2, 0], 4, [0, 1, 2]),
    (2, [1, 0], 3, [0, 1]),
    (0, [2, 1], 3, [1, 2]),
    (1, [0, 2], 3, [2, 0]),
], ids=["4p-west-deals-in-south-north", "4p-order-independent", "4p-east-deals-in",
        "4p-north-deals-in", "4p-triple-ron-from-south", "4p-triple-ron-from-north",
        "3p-west-deals-in", "3p-east-deals-in", "3p-south-deals-in"])
def test_multiple_ron_order(discarder: int, winners: list[int], players: int,
                            order: list[int]) -> None:
    # 000 5.9: deposits (and honba) go to the winner nearest the discarder in turn order.
    assert multiple_ron_order(discarder, winners, players) == order


def test_seat_deltas_pao_ron() -> None:
    # 6.5: on a ron the discarder and the liable player pay half each.
    owed = {"discarder": 16000, "liable": 16000}
    deltas = seat_deltas(owed, winner=1, dealer=0, discarder=2, liable=3, players=4)
    assert deltas == [0, 32000, -16000, -16000]


def test_seat_deltas_liable_is_the_discarder() -> None:
    # 001: "방총자가 파오자 본인이면 그냥 전액".
    owed = {"discarder": 16000, "liable": 16000}
    deltas = seat_deltas(owed, winner=1, dealer=0, discarder=2, liable=2, players=4)
    assert deltas == [0, 32000, -32000, 0]


def test_seat_deltas_sanma_tsumo_loss() -> None:
    deltas = seat_deltas({"dealer": 4000, "non_dealer": 2000}, winner=1, dealer=0,
                         discarder=None, liable=None, players=3)
    assert deltas == [-4000, 6000, -2000]
