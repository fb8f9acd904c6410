"""The home table (``TaiwaneseOptions.home()``): one hand per item with its tai.

Hands are written as in test_taiwanese_tai.py (concealed tiles with the winning tile).
The home table judges the waits by the only-tile rule (獨聽), so a two-sided wait scores
no wait item. Honours: E 1z, S 2z, W 3z, N 4z, Wh 5z, Gr 6z, Rd 7z.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs
import pytest
from helpers.taiwanese_hands import taiwanese_hand

from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import TaiTable, TaiwaneseOptions
from mahjong_rules.scoring import TaiwaneseHand, score_taiwanese
from mahjong_rules.scoring.taiwanese_tai import HOME_ITEMS, HOME_TAI, TAI_TABLE

HOME = TaiwaneseOptions.home()
h = taiwanese_hand
OPEN = ("345s678s567p99m", "5s", "chi:234m", "pon:777p")  # open, no honours, two-sided
CLEAN_RUNS = "234m567m345p678p456s88s"
NOT_DEALER: dict[str, Any] = {"seat_wind": "S", "discarder_wind": "W"}


class Case(NamedTuple):
    item: str
    tai: int | None
    """The item's tai under the home table, or ``None``: the item must be absent."""
    hand: TaiwaneseHand


def with_flowers(hand: TaiwaneseHand, text: str) -> TaiwaneseHand:
    return attrs.evolve(hand, flowers=parse_tiles(text))


CASES = {
    # the base (the stake every win is paid) and what the home table does not have
    "winning-every_win": Case("winning", 2, h(*OPEN)),
    "flowers-not_on_the_home_table": Case("flowers", None, h(*OPEN, flowers=3)),
    "no_honours_no_flowers-not_on_the_home_table": Case("no_honours_no_flowers", None,
                                                        h(*OPEN)),
    "honour_sets-not_on_the_home_table": Case("honour_sets", None,
                                              h(*OPEN[:3], "pon:555z", **NOT_DEALER)),
    "melded_kongs-not_on_the_home_table": Case(
        "melded_kongs", None, h(*OPEN[:3], "kakan:1111p", **NOT_DEALER)),
    "early_win-not_on_the_home_table": Case("early_win", None,
                                            h(*OPEN, discards_before_win=8)),
    # 莊家, 連莊拉莊
    "dealer-dealer_wins": Case("dealer", 1, h(*OPEN, discarder_wind="S")),
    "dealer-dealer_deals_in": Case("dealer", 1, h(*OPEN, seat_wind="S", discarder_wind="E")),
    "dealer-neither": Case("dealer", None, h(*OPEN, **NOT_DEALER)),
    "dealer_repeats-second_repeat": Case("dealer_repeats", 4,
                                         h(*OPEN, discarder_wind="S", dealer_repeats=2)),
    "dealer_repeats-dealer_deals_in": Case(
        "dealer_repeats", 6, h(*OPEN, seat_wind="S", discarder_wind="E", dealer_repeats=3)),
    "dealer_repeats-not_the_dealers_win": Case(
        "dealer_repeats", None, h(*OPEN, **NOT_DEALER, dealer_repeats=2)),
    # 門風, 圈風, 三元牌
    "seat_wind_set-south_seat": Case("seat_wind_set", 1, h(*OPEN[:3], "pon:222z",
                                                             **NOT_DEALER)),
    "seat_wind_set-not_the_seats_wind": Case("seat_wind_set", None,
                                             h(*OPEN[:3], "pon:111z", **NOT_DEALER)),
    "round_wind_set-east_round": Case("round_wind_set", 1, h(*OPEN[:3], "pon:111z",
                                                               **NOT_DEALER)),
    "round_wind_set-south_round": Case(
        "round_wind_set", 1, h(*OPEN[:3], "pon:222z", seat_wind="W", round_wind="S",
                               discarder_wind="N")),
    "round_wind_set-and_seat_wind_east_east": Case(
        "seat_wind_set", 1, h(*OPEN[:3], "pon:111z", discarder_wind="S")),
    "dragon_sets-one": Case("dragon_sets", 1, h(*OPEN[:3], "pon:555z", **NOT_DEALER)),
    "dragon_sets-inside_little_three_dragons": Case(
        "dragon_sets", None, h("555z666z77z123m456m789m", "3m", **NOT_DEALER)),
    # 正花, 花槓
    "own_flowers-south_seat": Case("own_flowers", 2,
                                   with_flowers(h(*OPEN, **NOT_DEALER), "126f")),
    "own_flowers-none_of_its_own": Case("own_flowers", None,
                                        with_flowers(h(*OPEN, **NOT_DEALER), "37f")),
    "flower_sets-one_set": Case("flower_sets", 2,
                                with_flowers(h(*OPEN, **NOT_DEALER), "1234f")),
    "flower_sets-second_set_lacks_8f": Case(
        "flower_sets", 2, with_flowers(h(*OPEN, **NOT_DEALER), "1234567f")),
    # 門清, 自摸, 門清自摸
    "concealed_hand-closed_ron": Case("concealed_hand", 1, h(CLEAN_RUNS, "4s", **NOT_DEALER)),
    "self_drawn-open_tsumo": Case("self_drawn", 1, h(*OPEN, tsumo=True)),
    "concealed_self_draw-closed_tsumo": Case("concealed_self_draw", 3,
                                             h(CLEAN_RUNS, "4s", tsumo=True)),
    # 獨聽
    "single_wait-only_8s": Case("single_wait", 1, h(CLEAN_RUNS, "8s", **NOT_DEALER)),
    "edge_or_closed_wait-only_5s": Case("edge_or_closed_wait", 1,
                                        h(CLEAN_RUNS, "5s", **NOT_DEALER)),
    "edge_or_closed_wait-two_sided_has_none": Case("edge_or_closed_wait", None,
                                                   h(CLEAN_RUNS, "4s", **NOT_DEALER)),
    # 海底, 河底, 槓上開花, 搶槓
    "last_tile-haitei": Case("last_tile", 1, h(*OPEN, tsumo=True, haitei=True)),
    "last_discard-houtei": Case("last_discard", 1, h(*OPEN, **NOT_DEALER, houtei=True)),
    "replacement_win-after_a_flower": Case(
        "replacement_win", 1, h(*OPEN, flowers=1, tsumo=True, rinshan=True)),
    "robbing_a_kong-chankan": Case("robbing_a_kong", 1, h(*OPEN, **NOT_DEALER, chankan=True)),
    # 平胡, 全求
    "all_runs_no_honours_no_flowers-pinghu": Case("all_runs_no_honours_no_flowers", 2,
                                                  h(CLEAN_RUNS, "4s", **NOT_DEALER)),
    "all_runs-not_on_the_home_table": Case("all_runs", None, h(*OPEN, flowers=1)),
    "all_exposed-quanqiu": Case(
        "all_exposed", 2, h("55s", "5s", "chi:234m", "pon:777p", "chi:345s", "chi:678s",
                            "pon:999m", **NOT_DEALER)),
    # 三暗刻, 四暗刻, 五暗刻, 碰碰胡
    "three_concealed_triplets-ron_on_a_run": Case(
        "three_concealed_triplets", 2, h("111m555m999p234s678s99s", "2s", **NOT_DEALER)),
    "two_concealed_triplets-not_on_the_home_table": Case(
        "two_concealed_triplets", None,
        h("555m999p22s", "2s", "pon:111m", "pon:777p", "pon:333s", **NOT_DEALER)),
    "four_concealed_triplets-ron_on_a_run": Case(
        "four_concealed_triplets", 5, h("111m555m999p222s678s99s", "6s", **NOT_DEALER)),
    "five_concealed_triplets-tsumo": Case(
        "five_concealed_triplets", 8, h("111m555m999p222s777s99s", "9s", tsumo=True)),
    "all_triplets-open": Case(
        "all_triplets", 4,
        h("555m999p22s", "2s", "pon:111m", "pon:777p", "pon:333s", **NOT_DEALER)),
    # 混一色, 清一色
    "half_flush-suit_and_honours": Case(
        "half_flush", 4, h("123p567p222p888p99p", "8p", "pon:111z", **NOT_DEALER)),
    "full_flush-one_suit": Case("full_flush", 8,
                                h("111s234s567s666s789s55s", "9s", tsumo=True)),
    # 小三元, 大三元, 小四喜, 大四喜
    "little_three_dragons": Case("little_three_dragons", 4,
                                 h("555z666z77z123m456m789m", "3m", **NOT_DEALER)),
    "big_three_dragons": Case("big_three_dragons", 8,
                              h("555z666z777z123m456m99m", "3m", **NOT_DEALER)),
    "little_four_winds": Case("little_four_winds", 8,
                              h("111z222z333z44z123m456m", "3m", **NOT_DEALER)),
    "big_four_winds": Case("big_four_winds", 16,
                           h("111z222z333z444z123m99m", "3m", **NOT_DEALER)),
    # 天胡, 人胡 (this library's values: no source reached gives them)
    "heavenly_hand": Case("heavenly_hand", 24,
                          h(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                            discards_before_win=0)),
    "earthly_hand-renhu": Case("earthly_hand", 16,
                               h(CLEAN_RUNS, "4s", seat_wind="S", discarder_wind="E",
                                 chiihou=True, discards_before_win=1)),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_home_item(case: Case) -> None:
    result = score_taiwanese(case.hand, HOME)
    found = {item.id: item.tai for item in result.items}
    assert found.get(case.item) == case.tai, found
    assert result.tai == sum(found.values())


def test_every_home_item_has_a_positive_case() -> None:
    positive = {case.item for case in CASES.values() if case.tai is not None}
    assert set(HOME_TAI) - positive == set()


def test_the_home_items_score_nothing_under_the_other_tables() -> None:
    hand = with_flowers(h(*OPEN[:3], "pon:222z", discarder_wind="E", dealer_repeats=2,
                          seat_wind="S"), "1234f")
    for name in ("default", "san_diego", "four_winds"):
        ids = {item.id for item in score_taiwanese(hand, TaiwaneseOptions.preset(name)).items}
        assert not ids & {record.id for record in HOME_ITEMS}, name
    assert {r.id for r in HOME_ITEMS}.isdisjoint(r.id for r in TAI_TABLE)


def test_a_non_dealer_tsumo_costs_the_dealer_its_dealer_tai() -> None:
    # 莊家 and 連莊拉莊 count only between the dealer and the winner: the dealer on its
    # 2nd repeat pays 1 + 2 x 2 on top; the other two pay the hand's tai
    hand = h(*OPEN, seat_wind="S", tsumo=True, dealer_repeats=2)
    result = score_taiwanese(hand, HOME)
    ids = {item.id for item in result.items}
    assert not ids & {"dealer", "dealer_repeats"}
    assert dict(result.payments) == {"each_other": result.tai, "dealer_extra": 5}
    assert result.total == 3 * result.tai + 5
    assert result.deltas == (-result.tai - 5, result.total, -result.tai, -result.tai)


def test_the_dealers_own_tsumo_charges_its_dealer_tai_to_everyone() -> None:
    hand = h(*OPEN, tsumo=True, dealer_repeats=1)
    result = score_taiwanese(hand, HOME)
    found = {item.id: item.tai for item in result.items}
    assert (found["dealer"], found["dealer_repeats"]) == (1, 2)
    assert dict(result.payments) == {"each_other": result.tai}
    assert result.deltas == (3 * result.tai, -result.tai, -result.tai, -result.tai)


def test_the_home_preset_is_the_home_table() -> None:
    assert HOME.table is TaiTable.HOME
    assert TaiwaneseOptions.preset("home") == HOME
