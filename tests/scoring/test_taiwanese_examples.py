"""Every worked example of rules/taiwanese.md section 3, scored with the default options.

Each case is written as the document writes it: melds, the concealed tiles *with* the
winning tile, the winning tile and the circumstances; the expected items are the
document's item lists (by our ids) and its totals. Honours: E 1z, S 2z, W 3z, N 4z,
Wh 5z, Gr 6z, Rd 7z.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from helpers.taiwanese_hands import taiwanese_hand

from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import StraightConcealment, TaiwaneseOptions, WaitRule
from mahjong_rules.scoring import TaiwaneseHand, score_taiwanese


class Example(NamedTuple):
    hand: TaiwaneseHand
    items: dict[str, int]
    tai: int
    deltas: tuple[int, int, int, int] | None = None


def ex(held: str, win: str, *melds: str, items: dict[str, int], tai: int,
       deltas: tuple[int, int, int, int] | None = None, **circumstances: Any) -> Example:
    return Example(taiwanese_hand(held, win, *melds, **circumstances), items, tai, deltas)


ALL_RUNS = "234m567m345p678p456s88s"
TRIPLETS_14 = "222m555p888s345m678p77s"
STRAIGHT = "123s456s789s555p234m99m"
EARLY = "123m456p789p345s567s11m"
LAST_TILE = ("234p456p678s345s11s", "1s", "pon:888m")
EXPOSED = ("33p", "3p", "chi:123m", "pon:999p", "chi:456s", "pon:555z", "chi:789s")
BEST_SPLIT = "222p333p444p777s888m99s"

EXAMPLES = {
    "ex01_plain_open_hand": ex(
        "345s678s567p99m", "5s", "chi:234m", "pon:777p", flowers=1, seat_wind="S",
        discarder_wind="W", items={"winning": 2, "flowers": 1, "no_honours": 1}, tai=4,
        deltas=(0, 4, -4, 0)),
    "ex02_all_runs_ron": ex(
        ALL_RUNS, "4s", seat_wind="W",
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10, "concealed_hand": 1},
        tai=13),
    "ex03_all_runs_tsumo": ex(
        ALL_RUNS, "4s", seat_wind="W", tsumo=True,
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10, "concealed_self_draw": 3},
        tai=15, deltas=(-15, -15, 45, -15)),
    "ex04_all_runs_one_flower": ex(
        ALL_RUNS, "4s", seat_wind="W", flowers=1,
        items={"winning": 2, "flowers": 1, "all_runs": 3, "no_honours": 1,
               "concealed_hand": 1}, tai=8),
    "ex05_honour_pair_winds_do_not_matter": ex(
        "345m567p234s11z", "5p", "chi:123p", "chi:678s", seat_wind="E", round_wind="E",
        discarder_wind="N", items={"winning": 2, "all_runs": 3, "no_flowers": 1}, tai=6,
        deltas=(6, 0, 0, -6)),
    "ex06_half_flush_ron_triplet_exposed": ex(
        "123p567p222p888p99p", "8p", "pon:111z", seat_wind="S", round_wind="S", flowers=2,
        items={"winning": 2, "flowers": 2, "half_flush": 10, "honour_sets": 1}, tai=15),
    "ex07_full_flush": ex(
        "111s234s567s666s789s55s", "9s", tsumo=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "full_flush": 40,
               "two_concealed_triplets": 2, "concealed_self_draw": 3}, tai=50),
    "ex08_little_three_dragons": ex(
        "111z234m678m55z", "5z", "pon:777z", "pon:666z",
        items={"winning": 2, "no_flowers": 1, "half_flush": 10, "honour_sets": 1,
               "little_three_dragons": 15, "single_wait": 1}, tai=30),
    "ex09_big_three_dragons": ex(
        "456p345s77s", "7s", "pon:777z", "pon:666z", "pon:555z", flowers=1,
        items={"winning": 2, "flowers": 1, "big_three_dragons": 30, "single_wait": 1},
        tai=34),
    "ex10_little_three_winds": ex(
        "333z777z345m678p11z", "5m", "pon:222z", seat_wind="W", round_wind="S", tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 1,
               "two_concealed_triplets": 2, "little_three_winds": 5, "self_drawn": 1},
        tai=12, deltas=(-12, -12, 36, -12)),
    "ex11_big_three_winds": ex(
        "444z123m456m99p", "9p", "pon:111z", "pon:222z",
        items={"winning": 2, "no_flowers": 1, "big_three_winds": 15, "single_wait": 1},
        tai=19),
    "ex12_little_four_winds": ex(
        "234p567p44z", "2p", "pon:111z", "pon:222z", "pon:333z", tsumo=True, seat_wind="S",
        items={"winning": 2, "no_flowers": 1, "half_flush": 10, "little_four_winds": 30,
               "self_drawn": 1}, tai=44, deltas=(-44, 132, -44, -44)),
    "ex13_big_four_winds_concealed_kong": ex(
        "333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z",
        items={"winning": 2, "no_flowers": 1, "half_flush": 10, "concealed_kongs": 2,
               "three_concealed_triplets": 5, "big_four_winds": 40, "all_triplets": 10,
               "single_wait": 1}, tai=71),
    "ex14a_ron_triplet_not_concealed": ex(
        TRIPLETS_14, "8s",
        items={"winning": 2, "no_honours_no_flowers": 3, "two_concealed_triplets": 2,
               "concealed_hand": 1}, tai=8),
    "ex14b_tsumo_triplet_concealed": ex(
        TRIPLETS_14, "8s", tsumo=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "three_concealed_triplets": 5,
               "concealed_self_draw": 3}, tai=13),
    "ex15_four_concealed_with_kong": ex(
        "111p444s777z234m66p", "6p", "ankan:9999m", tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 1, "concealed_kongs": 2,
               "four_concealed_triplets": 15, "concealed_self_draw": 3, "single_wait": 1},
        tai=25),
    "ex16_five_concealed_triplets": ex(
        "111m333p555s777m111z99s", "1z", tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 1,
               "five_concealed_triplets": 40, "all_triplets": 10, "concealed_self_draw": 3},
        tai=57),
    "ex17_added_kong_is_melded": ex(
        "234m666m666z11s", "4m", "kakan:5555p", "chi:789s", tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 1, "melded_kongs": 1,
               "two_concealed_triplets": 2, "self_drawn": 1}, tai=8),
    "ex18_all_exposed_ron": ex(
        *EXPOSED, items={"winning": 2, "no_flowers": 1, "honour_sets": 1, "all_exposed": 10},
        tai=14),
    "ex19_all_exposed_shape_tsumo": ex(
        *EXPOSED, tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 1, "self_drawn": 1,
               "single_wait": 1}, tai=6),
    "ex20a_straight_run_completed_by_ron": ex(
        STRAIGHT, "2s",
        items={"winning": 2, "no_honours_no_flowers": 3, "pure_straight": 5,
               "concealed_hand": 1, "edge_or_closed_wait": 1}, tai=12),
    "ex20b_straight_tsumo": ex(
        STRAIGHT, "2s", tsumo=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "concealed_pure_straight": 10,
               "concealed_self_draw": 3, "edge_or_closed_wait": 1}, tai=19),
    "ex20c_straight_claimed_run": ex(
        "456s789s555p234m99m", "8s", "chi:123s",
        items={"winning": 2, "no_honours_no_flowers": 3, "pure_straight": 5,
               "edge_or_closed_wait": 1}, tai=11),
    "ex21_seven_pairs_quad_as_two_pairs": ex(
        "1111m22p55p77s99s11z444z", "4z",
        items={"winning": 2, "no_flowers": 1, "seven_pairs_and_triplet": 30,
               "concealed_hand": 1}, tai=34),
    "ex22_seven_pairs_tsumo_single_wait": ex(
        "22m33m44m66p88p3333s777p", "2m", tsumo=True, flowers=2,
        items={"winning": 2, "flowers": 2, "no_honours": 1, "seven_pairs_and_triplet": 30,
               "concealed_self_draw": 3, "single_wait": 1}, tai=39),
    "ex23_ready_declaration": ex(
        "123p456p789s345m567m88s", "8s", seat_wind="N", round_wind="W", tsumo=True,
        declared_ready=True, discards_before_win=10, flowers=1,
        items={"winning": 2, "flowers": 1, "no_honours": 1, "all_runs": 3,
               "concealed_self_draw": 3, "single_wait": 1, "ready_declaration": 15},
        tai=26),
    "ex24_early_win_five_or_fewer": ex(
        EARLY, "4s", discards_before_win=4,
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10, "concealed_hand": 1,
               "edge_or_closed_wait": 1, "very_early_win": 10}, tai=24),
    "ex25_early_win_six_to_nine": ex(
        EARLY, "4s", discards_before_win=7,
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10, "concealed_hand": 1,
               "edge_or_closed_wait": 1, "early_win": 5}, tai=19),
    "ex26_heavenly_hand": ex(
        "111m234m567p111z345s99s", "5s", seat_wind="E", round_wind="E", tsumo=True,
        tenhou=True, discards_before_win=0, flowers=1,
        items={"winning": 2, "flowers": 1, "honour_sets": 1, "two_concealed_triplets": 2,
               "concealed_self_draw": 3, "heavenly_hand": 40}, tai=49,
        deltas=(147, -49, -49, -49)),
    "ex27_earthly_hand": ex(
        "234m567m222p678s345p99s", "9s", seat_wind="S", discarder_wind="E", chiihou=True,
        discards_before_win=1,
        items={"winning": 2, "no_honours_no_flowers": 3, "concealed_hand": 1,
               "single_wait": 1, "earthly_hand": 40}, tai=47, deltas=(-47, 47, 0, 0)),
    "ex28_robbing_a_kong": ex(
        "456p789m234m555s44z", "6p", "chi:123s", chankan=True, seat_wind="S",
        discarder_wind="W",
        items={"winning": 2, "no_flowers": 1, "robbing_a_kong": 1}, tai=4,
        deltas=(0, 4, -4, 0)),
    "ex29_last_tile_of_the_wall": ex(
        *LAST_TILE, tsumo=True, haitei=True, seat_wind="S",
        items={"winning": 2, "no_honours_no_flowers": 3, "self_drawn": 1,
               "single_wait": 1, "last_tile": 1}, tai=8, deltas=(-8, 24, -8, -8)),
    "ex30_last_discard": ex(
        *LAST_TILE, houtei=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "single_wait": 1,
               "last_discard": 1}, tai=7),
    "ex33a_best_split_triplets": ex(
        BEST_SPLIT, "9s", tsumo=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "five_concealed_triplets": 40,
               "all_triplets": 10, "concealed_self_draw": 3, "single_wait": 1}, tai=59),
    "ex33b_best_split_ron": ex(
        BEST_SPLIT, "4p",
        items={"winning": 2, "no_honours_no_flowers": 3, "four_concealed_triplets": 15,
               "all_triplets": 10, "concealed_hand": 1}, tai=31),
    "ex34_two_dragon_pungs_no_combination": ex(
        "777z789m11s", "1s", "pon:333p", "chi:567p", "pon:666z", tsumo=True,
        items={"winning": 2, "no_flowers": 1, "honour_sets": 2, "self_drawn": 1,
               "single_wait": 1}, tai=7),
    "ex35a_first_of_two_winners": ex(
        "123m456m345p678s22s", "5p", "chi:789s", seat_wind="S", discarder_wind="N",
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10}, tai=12,
        deltas=(0, 12, 0, -12)),
    "ex35b_second_of_two_winners": ex(
        "123p789p666p444p55p", "5p", "pon:444z", seat_wind="W", discarder_wind="N",
        flowers=2,
        items={"winning": 2, "flowers": 2, "half_flush": 10, "honour_sets": 1,
               "two_concealed_triplets": 2, "single_wait": 1}, tai=18,
        deltas=(0, 0, 18, -18)),
    "ex36_placement_based_wait": ex(
        "123m11m567s234p345p", "1m", "chi:789m",
        items={"winning": 2, "all_runs_no_honours_no_flowers": 10, "single_wait": 1},
        tai=13),
    "ex37_reading_favours_concealed_triplet": ex(
        "555p66p234s678m999s", "6p", "chi:123m", tsumo=True,
        items={"winning": 2, "no_honours_no_flowers": 3, "two_concealed_triplets": 2,
               "self_drawn": 1, "single_wait": 1}, tai=9),
}


@pytest.mark.parametrize("example", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_worked_example(example: Example) -> None:
    result = score_taiwanese(example.hand)
    assert {item.id: item.tai for item in result.items} == example.items
    assert result.tai == example.tai == sum(example.items.values())
    assert result.total == example.tai * (3 if example.hand.tsumo else 1)
    if example.deltas is not None:
        assert result.deltas == example.deltas


def test_ex31_eight_flowers() -> None:
    hand = TaiwaneseHand(concealed=parse_tiles("123m456m789m123p456p7s"),
                         win=parse_tiles("8f")[0], flowers=parse_tiles("1234567f"),
                         tsumo=True, seat_wind=2)
    result = score_taiwanese(hand)
    assert [(item.id, item.tai) for item in result.items] == [("eight_flowers", 30)]
    assert (result.total, result.deltas) == (90, (-30, -30, 90, -30))


def test_ex32_seven_flowers_robbing_the_eighth() -> None:
    hand = TaiwaneseHand(concealed=parse_tiles("123m456m789m123p456p7s"),
                         win=parse_tiles("3f")[0], flowers=parse_tiles("1245678f"),
                         seat_wind=2, discarder_wind=3)
    result = score_taiwanese(hand)
    assert [(item.id, item.tai) for item in result.items] == [("seven_flowers_robbing", 20)]
    assert dict(result.payments) == {"flower_holder": 20}
    assert (result.total, result.deltas) == (20, (0, 0, 20, -20))


def test_ex35_one_discard_two_winners_discarder_pays_30() -> None:
    first = score_taiwanese(EXAMPLES["ex35a_first_of_two_winners"].hand)
    second = score_taiwanese(EXAMPLES["ex35b_second_of_two_winners"].hand)
    assert first.deltas is not None
    assert second.deltas is not None
    assert first.deltas[3] + second.deltas[3] == -30


def test_ex19_alternative_reading_all_exposed_on_tsumo() -> None:
    options = TaiwaneseOptions(all_exposed_on_tsumo=True)
    result = score_taiwanese(EXAMPLES["ex19_all_exposed_shape_tsumo"].hand, options)
    assert {item.id: item.tai for item in result.items} == {
        "winning": 2, "no_flowers": 1, "honour_sets": 1, "self_drawn": 1, "all_exposed": 10}
    assert result.tai == 15


def test_ex36_strict_single_wait_gives_12() -> None:
    options = TaiwaneseOptions(wait_rule=WaitRule.ONLY_TILE)
    assert score_taiwanese(EXAMPLES["ex36_placement_based_wait"].hand, options).tai == 12


def test_ex21_four_winds_treatment_gives_33() -> None:
    hand = EXAMPLES["ex21_seven_pairs_quad_as_two_pairs"].hand
    assert score_taiwanese(hand, TaiwaneseOptions.four_winds()).tai == 33


def test_ex07_full_flush_including_no_honours_gives_47() -> None:
    options = TaiwaneseOptions(full_flush_no_honours=False)
    assert score_taiwanese(EXAMPLES["ex07_full_flush"].hand, options).tai == 47


def test_ex20a_straight_concealed_by_hand_gives_10() -> None:
    options = TaiwaneseOptions(straight_concealment=StraightConcealment.HAND)
    assert score_taiwanese(EXAMPLES["ex20a_straight_run_completed_by_ron"].hand,
                           options).tai == 17

