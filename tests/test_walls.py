"""The wall layout the reducer deals by, and the public wall builder (mahjong_rules.walls)."""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.errors import Reason
from mahjong_rules.notation import parse_ids
from mahjong_rules.walls import WallLayout, build_wall

VARIANTS = ["riichi", "sanma", "taiwanese"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_reducer_deals_by_its_layout(variant: str, dealer: int) -> None:
    rules = mr.make(variant)
    layout = rules.wall_layout()  # type: ignore[attr-defined]
    wall = list(rules.tile_ids())  # type: ignore[attr-defined]
    random.Random(f"{variant}-{dealer}").shuffle(wall)
    hands, live, (replacement, dora, ura) = layout.split(wall, dealer)
    assert sorted(t for h in hands for t in h) == sorted(wall[:layout.dealt])
    assert [*live, *replacement, *dora, *ura] == wall[layout.dealt:]
    # the layout puts them back where they came from
    again = layout.assemble(hands=dict(enumerate(hands)), live=live,
                            dead=(replacement, dora, ura), fill=[], dealer=dealer)
    assert layout.split(again, dealer) == (hands, live, (replacement, dora, ura))
    # and the reducer deals that: the dealer's hand and first draw
    state = rules.setup(walls=[wall], start=mr.state.HandStart(hand_number=dealer))
    if variant != "taiwanese":  # (the Taiwanese opening replaces flowers first)
        first = live[0]
        assert state.seats[dealer].hand == tuple(sorted((*hands[dealer], first)))
        for seat in range(rules.num_seats):
            if seat != dealer:
                assert state.seats[seat].hand == hands[seat]
        assert state.dora_indicators == dora


@pytest.mark.parametrize(("layout", "offset", "places"), [
    (WallLayout(seats=4), 1, tuple(range(13, 26))),
    (WallLayout(seats=3), 2, tuple(range(26, 39))),
    (WallLayout(seats=4, hand_size=16, deal_block=4), 3,
     (12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 60, 61, 62, 63)),
], ids=["riichi", "sanma", "taiwanese"])
def test_deal_places(layout: WallLayout, offset: int, places: tuple[int, ...]) -> None:
    assert layout.deal_places(offset) == places


@pytest.mark.parametrize("variant", ["riichi", "sanma"])
def test_build_wall_places_hands_draws_and_the_dead_wall(variant: str) -> None:
    rules = mr.make(variant)
    hand = "123p456p789s1155z" if variant == "sanma" else "123m456p789s1155z"
    wall = build_wall(rules, hands={2: hand}, draws=["9p", "1s"], replacement="4z",
                      dora="3z", ura="7z", dealer=1)
    assert sorted(wall) == sorted(rules.tile_ids())  # type: ignore[attr-defined]
    state = rules.setup(walls=[wall], start=mr.state.HandStart(hand_number=1))
    assert mr.format_ids(state.seats[2].hand) == mr.format_ids(sorted(parse_ids(hand)))
    assert state.seats[1].drawn is not None
    assert state.seats[1].drawn >> 2 == 17  # the dealer (seat 1) draws 9p first
    assert state.live[0] >> 2 == 18  # then 1s
    assert [t >> 2 for t in (state.rinshan[0], state.dora_indicators[0],
                             state.ura_indicators[0])] == [30, 29, 33]


def test_build_wall_takes_the_red_five_only_for_0() -> None:
    rules = mr.make("riichi")
    wall = build_wall(rules, hands={0: "0m5m5p0p"})
    assert wall[:4] == [16, 17, 53, 52]
    plain = build_wall(mr.make("riichi", mr.RiichiOptions(red_fives=0)), hands={0: "5555m"})
    assert sorted(plain[:4]) == [16, 17, 18, 19]
    assert plain[:3] == [17, 18, 19]  # plain copies first, red fives on or off


def test_build_wall_is_the_same_for_the_same_fill_seed() -> None:
    rules = mr.make("riichi")
    assert build_wall(rules, hands={}, fill_seed=3) == build_wall(rules, hands={}, fill_seed=3)
    assert build_wall(rules, hands={}, fill_seed=3) != build_wall(rules, hands={}, fill_seed=4)


def test_build_wall_for_taiwanese_deals_four_rounds_of_four() -> None:
    rules = mr.make("taiwanese")
    hand = "123m456m789m123p456p7p"  # 16 tiles: no flower to replace
    wall = build_wall(rules, hands={0: hand, 1: "147m147p147s1234567z"}, draws=["8p"],
                      replacement="9p")
    assert wall[:4] == list(parse_ids("123m4m"))
    layout = rules.wall_layout()  # type: ignore[attr-defined]
    hands, live, (dead, dora, ura) = layout.split(wall, 0)
    assert hands[0] == tuple(sorted(parse_ids(hand)))
    assert live[0] >> 2 == 16
    assert dead[0] >> 2 == 17
    assert (dora, ura) == ((), ())


@pytest.mark.parametrize(("variant", "kwargs", "reason"), [
    ("sanma", {"hands": {0: "2m"}}, Reason.TOO_MANY_COPIES),  # no 2m in sanma
    ("riichi", {"hands": {0: "1111m", 1: "1m"}}, Reason.TOO_MANY_COPIES),
    ("riichi", {"hands": {0: "0m"}, "draws": ["0m"]}, Reason.TOO_MANY_COPIES),
    ("riichi", {"hands": {0: "1112345678999m1z"}}, Reason.BAD_HAND_SIZE),
    ("riichi", {"hands": {4: "1m"}}, Reason.BAD_HAND_SIZE),  # no seat 4
    ("sanma", {"hands": {3: "1m"}}, Reason.BAD_HAND_SIZE),
    ("riichi", {"hands": {}, "replacement": "12345z"}, Reason.BAD_HAND_SIZE),
    ("riichi", {"hands": {0: "1x"}}, Reason.UNKNOWN_CHARACTER),
], ids=["sanma-2m", "fifth-1m", "second-red-5m", "fourteen-tiles", "seat-4", "sanma-seat-3",
        "five-replacements", "bad-mpsz"])
def test_build_wall_refuses(variant: str, kwargs: dict[str, object], reason: Reason) -> None:
    with pytest.raises(mr.NotationError) as info:
        build_wall(mr.make(variant), **kwargs)  # type: ignore[arg-type]
    assert info.value.reason is reason


def test_build_wall_needs_a_ruleset_with_a_layout() -> None:
    with pytest.raises(TypeError, match="no wall layout"):
        build_wall(object(), hands={})  # type: ignore[arg-type]
