"""TaiwaneseOptions: defaults, validation, presets, the dict round trip, and what each
scoring option changes in a score."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from helpers.taiwanese_hands import taiwanese_hand

from mahjong_rules.errors import OptionsError, Reason, ScoringError
from mahjong_rules.options import (
    EarthlyHand,
    StraightConcealment,
    TaiTable,
    TaiwaneseGameLength,
    TaiwaneseOptions,
    WaitRule,
)
from mahjong_rules.scoring import TaiwaneseHand, score_taiwanese

CLEAN_RUNS = "234m567m345p678p456s88s"


def test_defaults_are_the_seed_and_the_recommended_choices() -> None:
    options = TaiwaneseOptions()
    assert (options.length, options.start_points) == (TaiwaneseGameLength.FULL, 2000)
    assert (options.turn_seconds, options.claim_seconds, options.time_bank_seconds) == (
        15, 8, 60)
    assert options.table is TaiTable.MAHJONG_TIME
    assert options.wait_rule is WaitRule.PLACEMENT
    assert options.straight_concealment is StraightConcealment.SETS
    assert options.earthly_hand is EarthlyHand.DEALER_FIRST_DISCARD
    assert not options.all_exposed_on_tsumo
    assert options.seven_pairs_concealed_bonus
    assert options.full_flush_no_honours
    assert options.kong_bonus_in_combination
    assert (options.replacement_win_tai, options.all_honours_tai) == (0, 0)


PRESETS = {
    "default": {},
    "san_diego": {"table": TaiTable.SAN_DIEGO, "all_exposed_on_tsumo": True},
    "four_winds": {"seven_pairs_concealed_bonus": False},
    "home": {"table": TaiTable.HOME, "wait_rule": WaitRule.ONLY_TILE,
             "replacement_win_tai": 1},
}


@pytest.mark.parametrize(("name", "changes"), PRESETS.items(), ids=PRESETS.keys())
def test_preset(name: str, changes: dict[str, Any]) -> None:
    assert TaiwaneseOptions.preset(name) == attrs.evolve(TaiwaneseOptions(), **changes)
    assert getattr(TaiwaneseOptions, name)() == TaiwaneseOptions.preset(name)


def test_preset_names_are_the_presets() -> None:
    assert set(TaiwaneseOptions.preset_names()) == set(PRESETS)


def test_unknown_preset() -> None:
    with pytest.raises(OptionsError) as exc:
        TaiwaneseOptions.preset("tenhou")
    assert exc.value.reason is Reason.BAD_OPTION


BAD = {
    "start_points=0": ("start_points", 0),
    "start_points=bool": ("start_points", True),
    "turn_seconds=4": ("turn_seconds", 4),
    "claim_seconds=21": ("claim_seconds", 21),
    "time_bank_seconds=-1": ("time_bank_seconds", -1),
    "length=string": ("length", "full"),
    "table=string": ("table", "san_diego"),
    "wait_rule=string": ("wait_rule", "placement"),
    "straight_concealment=string": ("straight_concealment", "sets"),
    "earthly_hand=string": ("earthly_hand", "first_draw"),
    "all_exposed_on_tsumo=int": ("all_exposed_on_tsumo", 1),
    "seven_pairs_concealed_bonus=int": ("seven_pairs_concealed_bonus", 0),
    "full_flush_no_honours=none": ("full_flush_no_honours", None),
    "kong_bonus_in_combination=str": ("kong_bonus_in_combination", "yes"),
    "replacement_win_tai=-1": ("replacement_win_tai", -1),
    "replacement_win_tai=41": ("replacement_win_tai", 41),
    "all_honours_tai=bool": ("all_honours_tai", False),
}


@pytest.mark.parametrize(("field", "value"), BAD.values(), ids=BAD.keys())
def test_bad_value_is_refused(field: str, value: object) -> None:
    kwargs: dict[str, Any] = {field: value}
    with pytest.raises(OptionsError) as exc:
        TaiwaneseOptions(**kwargs)
    assert exc.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_dict_round_trip_through_json(name: str) -> None:
    options = TaiwaneseOptions.preset(name)
    data = json.loads(json.dumps(options.to_dict()))
    assert TaiwaneseOptions.from_dict(data) == options


def test_from_dict_converts_enum_values_over_a_base() -> None:
    options = TaiwaneseOptions.from_dict({"length": "single", "wait_rule": "only_tile"},
                                         base=TaiwaneseOptions.san_diego())
    assert options.length is TaiwaneseGameLength.SINGLE
    assert options.wait_rule is WaitRule.ONLY_TILE
    assert options.table is TaiTable.SAN_DIEGO


@pytest.mark.parametrize("data", [{"length": "hanchan"}, {"kuitan": True}],
                         ids=["bad_enum_value", "riichi_option"])
def test_from_dict_refuses(data: dict[str, Any]) -> None:
    with pytest.raises(OptionsError) as exc:
        TaiwaneseOptions.from_dict(data)
    assert exc.value.reason is Reason.BAD_OPTION


# What each scoring option changes: the same hand scored with and without it.
EFFECTS: dict[str, tuple[TaiwaneseHand, TaiwaneseOptions, int, int]] = {
    # Q1: San Diego values (no base, waits 2, declaration 10)
    "table": (taiwanese_hand(CLEAN_RUNS, "8s", declared_ready=True),
              TaiwaneseOptions(table=TaiTable.SAN_DIEGO), 2 + 10 + 1 + 1 + 15,
              10 + 1 + 2 + 10),
    # Q7: 1m1m2m3m waited on 1m and 4m, so no single wait under the strict rule
    "wait_rule": (taiwanese_hand("123m11m567s234p345p", "1m", "chi:789m"),
                  TaiwaneseOptions(wait_rule=WaitRule.ONLY_TILE), 13, 12),
    # Q7: a true single wait keeps its tai under the strict rule too
    "wait_rule-true_single_wait": (taiwanese_hand("123m456m567s789p55p", "5p", "chi:789s"),
                                   TaiwaneseOptions(wait_rule=WaitRule.ONLY_TILE), 13, 13),
    # Q8
    "all_exposed_on_tsumo": (
        taiwanese_hand("33p", "3p", "chi:123m", "pon:999p", "chi:456s", "pon:555z",
                       "chi:789s", tsumo=True),
        TaiwaneseOptions(all_exposed_on_tsumo=True), 6, 15),
    # Q9
    "straight_concealment": (taiwanese_hand("123s456s789s555p234m99m", "2s"),
                             TaiwaneseOptions(straight_concealment=StraightConcealment.HAND),
                             12, 17),
    # Q12
    "seven_pairs_concealed_bonus": (taiwanese_hand("1111m22p55p77s99s11z444z", "4z"),
                                    TaiwaneseOptions(seven_pairs_concealed_bonus=False),
                                    34, 33),
    # Q5
    "full_flush_no_honours": (taiwanese_hand("111s234s567s666s789s55s", "9s", tsumo=True),
                              TaiwaneseOptions(full_flush_no_honours=False), 50, 47),
    # Q14: big four winds with a concealed wind kong (Ex 13)
    "kong_bonus_in_combination": (
        taiwanese_hand("333z777m55m", "5m", "pon:111z", "pon:222z", "ankan:4444z"),
        TaiwaneseOptions(kong_bonus_in_combination=False), 71, 69),
    # Q2
    "replacement_win_tai": (
        taiwanese_hand("123p456p789s345m22s", "2s", "ankan:8888m", tsumo=True, rinshan=True),
        TaiwaneseOptions(replacement_win_tai=1), 2 + 3 + 2 + 3 + 1, 11 + 1),
    # Q3: winning, big three winds, little three dragons, five concealed triplets, all
    # triplets, concealed hand, single wait, no flowers
    "all_honours_tai": (taiwanese_hand("111z222z333z555z666z77z", "7z"),
                        TaiwaneseOptions(all_honours_tai=40),
                        2 + 15 + 15 + 40 + 10 + 1 + 1 + 1, 85 + 40),
}


@pytest.mark.parametrize(("hand", "options", "default_tai", "option_tai"), EFFECTS.values(),
                         ids=EFFECTS.keys())
def test_option_effect(hand: TaiwaneseHand, options: TaiwaneseOptions, default_tai: int,
                       option_tai: int) -> None:
    assert score_taiwanese(hand).tai == default_tai
    assert score_taiwanese(hand, options).tai == option_tai


def test_earthly_hand_first_draw_option() -> None:
    tsumo = taiwanese_hand(CLEAN_RUNS, "4s", seat_wind="S", tsumo=True, chiihou=True)
    ron = taiwanese_hand(CLEAN_RUNS, "4s", seat_wind="S", chiihou=True)
    options = TaiwaneseOptions(earthly_hand=EarthlyHand.FIRST_DRAW)
    assert "earthly_hand" in {item.id for item in score_taiwanese(tsumo, options).items}
    assert "earthly_hand" in {item.id for item in score_taiwanese(ron).items}
    for hand, chosen in ((tsumo, TaiwaneseOptions()), (ron, options)):
        with pytest.raises(ScoringError) as exc:
            score_taiwanese(hand, chosen)
        assert exc.value.reason is Reason.CONFLICTING_CONTEXT
