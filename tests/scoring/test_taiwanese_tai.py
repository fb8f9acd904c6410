"""One table per tai item: hands that score it (with its tai) and hands that do not.

Hands are written as rules/taiwanese.md writes them (concealed tiles with the winning
tile, see ``taiwanese_hands.taiwanese_hand``). Honours: E 1z, S 2z, W 3z, N 4z, Wh 5z,
Gr 6z, Rd 7z.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from helpers.taiwanese_hands import taiwanese_hand

from mahjong_rules.options import TaiwaneseOptions
from mahjong_rules.scoring import TAI_TABLE, TaiwaneseHand, score_taiwanese


class Case(NamedTuple):
    item: str
    tai: int | None
    """The item's tai in the score, or ``None``: the item must be absent."""
    hand: TaiwaneseHand
    options: TaiwaneseOptions = TaiwaneseOptions()


h = taiwanese_hand
OPEN = ("345s678s567p99m", "5s", "chi:234m", "pon:777p")  # open, no honours, two-sided
HONOUR_OPEN = ("345s678s567p11z", "5s", "chi:234m", "pon:777p")  # honour pair
CLEAN_RUNS = "234m567m345p678p456s88s"
SD = TaiwaneseOptions.san_diego()

CASES = {
    # B1
    "winning-every_win": Case("winning", 2, h(*OPEN)),
    "winning-san_diego_has_none": Case("winning", None, h(*OPEN), SD),
    # F1, F2
    "flowers-three": Case("flowers", 3, h(*OPEN, flowers=3)),
    "flowers-none": Case("flowers", None, h(*OPEN)),
    "no_flowers-honour_hand": Case("no_flowers", 1, h(*HONOUR_OPEN)),
    "no_flowers-flower_held": Case("no_flowers", None, h(*HONOUR_OPEN, flowers=1)),
    "no_flowers-inside_no_honours_no_flowers": Case("no_flowers", None, h(*OPEN)),
    # N1, N3
    "no_honours-with_flower": Case("no_honours", 1, h(*OPEN, flowers=1)),
    "no_honours-honour_pair": Case("no_honours", None, h(*HONOUR_OPEN, flowers=1)),
    "no_honours-inside_no_honours_no_flowers": Case("no_honours", None, h(*OPEN)),
    "no_honours_no_flowers-plain": Case("no_honours_no_flowers", 3, h(*OPEN)),
    "no_honours_no_flowers-flower": Case("no_honours_no_flowers", None, h(*OPEN, flowers=1)),
    "no_honours_no_flowers-inside_all_runs": Case("no_honours_no_flowers", None,
                                                  h(CLEAN_RUNS, "4s")),
    "no_honours_no_flowers-with_full_flush": Case(
        "no_honours_no_flowers", 3, h("111s234s567s666s789s55s", "9s", tsumo=True)),
    "no_honours_no_flowers-full_flush_includes_it": Case(
        "no_honours_no_flowers", None, h("111s234s567s666s789s55s", "9s", tsumo=True),
        TaiwaneseOptions(full_flush_no_honours=False)),
    # N4, N5, all honours
    "half_flush-suit_and_honours": Case("half_flush", 10,
                                        h("123p567p222p888p99p", "8p", "pon:111z")),
    "half_flush-two_suits": Case("half_flush", None, h(*HONOUR_OPEN)),
    "half_flush-replaced_by_full_flush": Case("half_flush", None,
                                              h("111s234s567s666s789s55s", "9s")),
    "full_flush-one_suit": Case("full_flush", 40, h("111s234s567s666s789s55s", "9s")),
    "full_flush-with_honours": Case("full_flush", None,
                                    h("123p567p222p888p99p", "8p", "pon:111z")),
    "all_honours-no_item_by_default": Case(
        "all_honours", None, h("111z222z333z555z666z77z", "7z")),
    "all_honours-option": Case("all_honours", 40, h("111z222z333z555z666z77z", "7z"),
                               TaiwaneseOptions(all_honours_tai=40)),
    "all_honours-not_with_a_suit_tile": Case(
        "all_honours", None, h("111z222z333z555z123m77z", "7z"),
        TaiwaneseOptions(all_honours_tai=40)),
    # H1 (Q4: any wind, not only the seat or round wind; Q15: each set)
    "honour_sets-any_wind": Case("honour_sets", 1, h("123p567p222p888p99p", "8p", "pon:444z",
                                                     seat_wind="E", round_wind="E")),
    "honour_sets-two_dragon_pungs_no_combination": Case(
        "honour_sets", 2, h("777z789m11s", "1s", "pon:333p", "chi:567p", "pon:666z")),
    "honour_sets-concealed_kong": Case("honour_sets", 1,
                                       h("123p456p789s345m22s", "2s", "ankan:5555z")),
    "honour_sets-pair_is_not_a_set": Case("honour_sets", None, h(*HONOUR_OPEN)),
    "honour_sets-absorbed_by_little_three_dragons": Case(
        "honour_sets", None, h("234m678m55z", "5z", "pon:777z", "pon:666z", "chi:123p")),
    # K1, K2 (Q14: kept inside a combination)
    "melded_kongs-claimed": Case("melded_kongs", 1,
                                 h("123p456p789s345m22s", "2s", "daiminkan:8888m")),
    "melded_kongs-added": Case("melded_kongs", 1,
                               h("123p456p789s345m22s", "2s", "kakan:8888m")),
    "melded_kongs-two": Case("melded_kongs", 2, h("123p456p789s22s", "2s", "kakan:8888m",
                                                  "daiminkan:1111m")),
    "melded_kongs-concealed_kong_is_not": Case(
        "melded_kongs", None, h("123p456p789s345m22s", "2s", "ankan:8888m")),
    "concealed_kongs-one": Case("concealed_kongs", 2,
                                h("123p456p789s345m22s", "2s", "ankan:8888m")),
    "concealed_kongs-two": Case("concealed_kongs", 4,
                                h("123p456p789s22s", "2s", "ankan:8888m", "ankan:1111m")),
    "concealed_kongs-inside_big_four_winds": Case(
        "concealed_kongs", 2, h("333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z")),
    "concealed_kongs-absorbed_by_option": Case(
        "concealed_kongs", None,
        h("333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z"),
        TaiwaneseOptions(kong_bonus_in_combination=False)),
    # pure straight, ST (Q9)
    "pure_straight-claimed_run": Case("pure_straight", 5,
                                      h("456s789s555p234m99m", "8s", "chi:123s")),
    "pure_straight-ron_completed_run": Case("pure_straight", 5,
                                            h("123s456s789s555p234m99m", "2s")),
    "pure_straight-not_three_runs_of_one_suit": Case(
        "pure_straight", None, h("123s456p789s555p234m99m", "2s")),
    "concealed_pure_straight-tsumo": Case("concealed_pure_straight", 10,
                                          h("123s456s789s555p234m99m", "2s", tsumo=True)),
    "concealed_pure_straight-ron_on_the_pair": Case(
        "concealed_pure_straight", 10, h("123s456s789s555p234m99m", "9m")),
    "concealed_pure_straight-ron_completed_run": Case(
        "concealed_pure_straight", None, h("123s456s789s555p234m99m", "2s")),
    # T2-T5 (a pon and a ron-completed triplet are exposed; a concealed kong counts)
    "two_concealed_triplets-two": Case("two_concealed_triplets", 2,
                                       h("222m555p345s678s234p77s", "3s")),
    "two_concealed_triplets-one_is_a_pon": Case(
        "two_concealed_triplets", None, h("222m345s678s234p77s", "3s", "pon:555p")),
    "two_concealed_triplets-concealed_kong_counts": Case(
        "two_concealed_triplets", 2, h("222m345s678s234p77s", "3s", "ankan:5555p")),
    "two_concealed_triplets-ron_completed_is_exposed": Case(
        "two_concealed_triplets", None, h("222m555p345s678s234p77s", "5p")),
    "three_concealed_triplets-three": Case("three_concealed_triplets", 5,
                                           h("222m555p888s345m678p77s", "3m")),
    "four_concealed_triplets-four": Case("four_concealed_triplets", 15,
                                         h("222m555p888s111m678p77s", "6p")),
    "four_concealed_triplets-san_diego": Case(
        "four_concealed_triplets", 10, h("222m555p888s111m678p77s", "6p"), SD),
    "five_concealed_triplets-five": Case("five_concealed_triplets", 40,
                                         h("222m555p888s111m666p77s", "7s")),
    "five_concealed_triplets-only_the_highest": Case(
        "three_concealed_triplets", None, h("222m555p888s111m666p77s", "7s")),
    # W1-W4
    "little_three_winds-two_sets_and_pair": Case(
        "little_three_winds", 5, h("333z777z345m678p11z", "5m", "pon:222z")),
    "little_three_winds-no_wind_pair": Case(
        "little_three_winds", None, h("333z777z345m678p11m", "5m", "pon:222z")),
    "big_three_winds-three_sets": Case("big_three_winds", 15,
                                       h("444z123m456m99p", "9p", "pon:111z", "pon:222z")),
    "big_three_winds-san_diego": Case(
        "big_three_winds", 10, h("444z123m456m99p", "9p", "pon:111z", "pon:222z"), SD),
    "big_three_winds-not_little_four": Case(
        "big_three_winds", None, h("234p567p44z", "2p", "pon:111z", "pon:222z", "pon:333z")),
    "little_four_winds-three_sets_and_pair": Case(
        "little_four_winds", 30, h("234p567p44z", "2p", "pon:111z", "pon:222z", "pon:333z")),
    "big_four_winds-four_sets": Case(
        "big_four_winds", 40, h("333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z")),
    "big_four_winds-absorbs_its_honour_sets": Case(
        "honour_sets", None, h("333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z")),
    # D1, D2
    "little_three_dragons-two_sets_and_pair": Case(
        "little_three_dragons", 15, h("111z234m678m55z", "5z", "pon:777z", "pon:666z")),
    "little_three_dragons-san_diego": Case(
        "little_three_dragons", 10, h("111z234m678m55z", "5z", "pon:777z", "pon:666z"), SD),
    "little_three_dragons-no_dragon_pair": Case(
        "little_three_dragons", None, h("777z789m11s", "1s", "pon:333p", "chi:567p",
                                         "pon:666z")),
    "big_three_dragons-three_sets": Case(
        "big_three_dragons", 30, h("456p345s77s", "7s", "pon:777z", "pon:666z", "pon:555z")),
    "big_three_dragons-not_little": Case(
        "little_three_dragons", None, h("456p345s77s", "7s", "pon:777z", "pon:666z",
                                         "pon:555z")),
    # X1-X4
    "all_runs-honour_pair": Case("all_runs", 3, h(*HONOUR_OPEN[:2], "chi:234m", "chi:789p")),
    "all_runs-with_flower": Case("all_runs", 3, h(CLEAN_RUNS, "4s", flowers=1)),
    "all_runs-a_triplet": Case("all_runs", None, h(*HONOUR_OPEN)),
    "all_runs-inside_the_10_tai_all_runs": Case("all_runs", None, h(CLEAN_RUNS, "4s")),
    "all_runs_no_honours_no_flowers-ron": Case("all_runs_no_honours_no_flowers", 10,
                                               h(CLEAN_RUNS, "4s")),
    "all_runs_no_honours_no_flowers-open": Case(
        "all_runs_no_honours_no_flowers", 10,
        h("123m456m345p678s22s", "5p", "chi:789s")),
    "all_runs_no_honours_no_flowers-flower": Case("all_runs_no_honours_no_flowers", None,
                                                  h(CLEAN_RUNS, "4s", flowers=1)),
    "all_runs_no_honours_no_flowers-honour_pair": Case(
        "all_runs_no_honours_no_flowers", None, h("234m567m345p678p456s11z", "4s")),
    "all_triplets-five_sets": Case("all_triplets", 10, h("222m555p888s111m666p77s", "7s")),
    "all_triplets-with_melds": Case("all_triplets", 10,
                                    h("333z777m55m", "5m", "pon:111z", "pon:222z",
                                      "ankan:4444z")),
    "all_triplets-one_run": Case("all_triplets", None, h("222m555p888s111m678p77s", "6p")),
    "seven_pairs_and_triplet-ron": Case("seven_pairs_and_triplet", 30,
                                        h("1111m22p55p77s99s11z444z", "4z")),
    "seven_pairs_and_triplet-no_set_items": Case(
        "honour_sets", None, h("1111m22p55p77s99s11z444z", "4z")),
    # C1-C3
    "concealed_hand-ron": Case("concealed_hand", 1, h(CLEAN_RUNS, "4s")),
    "concealed_hand-concealed_kong_keeps_it": Case(
        "concealed_hand", 1, h("123p456p789s345m22s", "2s", "ankan:8888m")),
    "concealed_hand-open": Case("concealed_hand", None, h(*OPEN)),
    "concealed_hand-tsumo_is_concealed_self_draw": Case(
        "concealed_hand", None, h(CLEAN_RUNS, "4s", tsumo=True)),
    "self_drawn-open_tsumo": Case("self_drawn", 1, h(*OPEN, tsumo=True)),
    "self_drawn-closed_tsumo": Case("self_drawn", None, h(CLEAN_RUNS, "4s", tsumo=True)),
    "self_drawn-ron": Case("self_drawn", None, h(*OPEN)),
    "concealed_self_draw-closed_tsumo": Case("concealed_self_draw", 3,
                                             h(CLEAN_RUNS, "4s", tsumo=True)),
    "concealed_self_draw-with_concealed_kong": Case(
        "concealed_self_draw", 3, h("123p456p789s345m22s", "2s", "ankan:8888m", tsumo=True)),
    "concealed_self_draw-seven_pairs_four_winds": Case(
        "concealed_self_draw", None, h("1111m22p55p77s99s11z444z", "4z", tsumo=True),
        TaiwaneseOptions.four_winds()),
    "self_drawn-seven_pairs_four_winds": Case(
        "self_drawn", 1, h("1111m22p55p77s99s11z444z", "4z", tsumo=True),
        TaiwaneseOptions.four_winds()),
    # the waits and the all-exposed hand: A1, A2, E1 (Q7, Q8)
    "edge_or_closed_wait-closed": Case("edge_or_closed_wait", 1, h(CLEAN_RUNS, "3m")),
    "edge_or_closed_wait-edge_3": Case("edge_or_closed_wait", 1,
                                       h("123m567m345p678p456s88s", "3m")),
    "edge_or_closed_wait-edge_7": Case("edge_or_closed_wait", 1,
                                       h("789m567m345p678p456s88s", "7m")),
    "edge_or_closed_wait-san_diego": Case("edge_or_closed_wait", 2, h(CLEAN_RUNS, "3m"), SD),
    "edge_or_closed_wait-two_sided": Case("edge_or_closed_wait", None, h(CLEAN_RUNS, "4s")),
    "single_wait-pair": Case("single_wait", 1, h(CLEAN_RUNS, "8s")),
    "single_wait-san_diego": Case("single_wait", 2, h(CLEAN_RUNS, "8s"), SD),
    "single_wait-two_sided": Case("single_wait", None, h(CLEAN_RUNS, "4s")),
    "single_wait-inside_all_exposed": Case(
        "single_wait", None,
        h("33p", "3p", "chi:123m", "pon:999p", "chi:456s", "pon:555z", "chi:789s")),
    "all_exposed-ron": Case(
        "all_exposed", 10,
        h("33p", "3p", "chi:123m", "pon:999p", "chi:456s", "pon:555z", "chi:789s")),
    "all_exposed-melded_kong": Case(
        "all_exposed", 10,
        h("33p", "3p", "chi:123m", "kakan:9999p", "chi:456s", "daiminkan:5555z", "chi:789s")),
    "all_exposed-concealed_kong": Case(
        "all_exposed", None,
        h("33p", "3p", "chi:123m", "ankan:9999p", "chi:456s", "pon:555z", "chi:789s")),
    "all_exposed-tsumo": Case(
        "all_exposed", None,
        h("33p", "3p", "chi:123m", "pon:999p", "chi:456s", "pon:555z", "chi:789s",
          tsumo=True)),
    "all_exposed-four_melds": Case(
        "all_exposed", None, h("33p123m", "3p", "pon:999p", "chi:456s", "pon:555z",
                               "chi:789s")),
    # L1-L3, replacement win (Q2)
    "last_tile-haitei": Case("last_tile", 1, h(*OPEN, tsumo=True, haitei=True)),
    "last_tile-not_flagged": Case("last_tile", None, h(*OPEN, tsumo=True)),
    "last_discard-houtei": Case("last_discard", 1, h(*OPEN, houtei=True)),
    "last_discard-san_diego_has_none": Case("last_discard", None, h(*OPEN, houtei=True), SD),
    "robbing_a_kong-chankan": Case("robbing_a_kong", 1, h(*OPEN, chankan=True)),
    "robbing_a_kong-plain_ron": Case("robbing_a_kong", None, h(*OPEN)),
    "replacement_win-no_item_by_default": Case(
        "replacement_win", None, h("123p456p789s345m22s", "2s", "ankan:8888m", tsumo=True,
                                   rinshan=True)),
    "replacement_win-option": Case(
        "replacement_win", 1, h("123p456p789s345m22s", "2s", "ankan:8888m", tsumo=True,
                                rinshan=True), TaiwaneseOptions(replacement_win_tai=1)),
    # EW1, EW2 (Q10: boundaries 5/6 and 9/10), RD, HH, EH (rule 6)
    "very_early_win-0_discards_dealer_tsumo": Case(
        "very_early_win", 10, h(CLEAN_RUNS, "4s", tsumo=True, discards_before_win=0)),
    "very_early_win-5_discards": Case("very_early_win", 10, h(*OPEN, discards_before_win=5)),
    "very_early_win-6_discards": Case("very_early_win", None,
                                      h(*OPEN, discards_before_win=6)),
    "early_win-6_discards": Case("early_win", 5, h(*OPEN, discards_before_win=6)),
    "early_win-9_discards": Case("early_win", 5, h(*OPEN, discards_before_win=9)),
    "early_win-10_discards": Case("early_win", None, h(*OPEN, discards_before_win=10)),
    "early_win-not_counted": Case("early_win", None, h(*OPEN)),
    "ready_declaration-declared": Case("ready_declaration", 15,
                                       h(CLEAN_RUNS, "4s", declared_ready=True)),
    "ready_declaration-adds_to_early_win": Case(
        "very_early_win", 10, h(CLEAN_RUNS, "4s", declared_ready=True, discards_before_win=3)),
    "ready_declaration-san_diego": Case("ready_declaration", 10,
                                        h(CLEAN_RUNS, "4s", declared_ready=True), SD),
    "ready_declaration-not_declared": Case("ready_declaration", None, h(CLEAN_RUNS, "4s")),
    "heavenly_hand-dealer_tsumo": Case(
        "heavenly_hand", 40, h(CLEAN_RUNS, "4s", tsumo=True, tenhou=True)),
    "heavenly_hand-replaces_early_win": Case(
        "very_early_win", None, h(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                  discards_before_win=0)),
    "earthly_hand-ron_on_first_discard": Case(
        "earthly_hand", 40, h(CLEAN_RUNS, "4s", seat_wind="S", chiihou=True)),
    "earthly_hand-replaces_early_win": Case(
        "very_early_win", None, h(CLEAN_RUNS, "4s", seat_wind="S", chiihou=True,
                                  discards_before_win=1)),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_tai_item(case: Case) -> None:
    result = score_taiwanese(case.hand, case.options)
    found = {item.id: item.tai for item in result.items}
    assert found.get(case.item) == case.tai
    assert result.tai == sum(found.values())


def test_every_item_has_a_positive_case() -> None:
    positive = {case.item for case in CASES.values() if case.tai is not None}
    flower_wins = {"eight_flowers", "seven_flowers_robbing"}  # test_taiwanese.py
    assert {record.id for record in TAI_TABLE} - flower_wins <= positive


def test_table_ids_are_unique_snake_case() -> None:
    ids = [record.id for record in TAI_TABLE]
    assert len(set(ids)) == len(ids)
    assert all(i.replace("_", "").isalpha() and i == i.lower() for i in ids)
