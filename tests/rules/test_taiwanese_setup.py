"""Taiwanese setup, flowers and the wall, on injected walls (seeds/003; taiwanese.md 1.3).

Each test deals known hands with ``taiwanese_scenario.start`` and plays through the
public API. Layout: tiles 0-63 dealt four at a time from the dealer, then the live wall
(the dealer's seventeenth tile first), then the 16-tile dead wall.
"""

from __future__ import annotations

import pytest
from helpers.scenario import discard, kind_of, pass_all
from helpers.taiwanese_scenario import DEAD, build_wall, open_play, start, tile_id

import mahjong_rules as mr
from mahjong_rules.actions import Pass
from mahjong_rules.errors import IllegalActionError, Reason
from mahjong_rules.events import events
from mahjong_rules.state import Phase


def kinds(tiles: tuple[int, ...]) -> str:
    return mr.format_tiles([mr.Tile(mr.TileKind(t >> 2)) for t in tiles if t < 136])


def held_kinds(tiles: tuple[int, ...], text: str) -> int:
    """Copies of the mpsz tile ``text`` among ``tiles``."""
    return sum(1 for t in tiles if t < 136 and t >> 2 == kind_of(text))


def flower_names(tiles: tuple[int, ...]) -> list[int]:
    return [t - 136 + 1 for t in tiles]




# ---------------------------------------------------------------------------- the deal


def test_the_deal_gives_16_tiles_and_the_dealer_17_with_a_16_tile_dead_wall() -> None:
    wall = build_wall(hands={0: "123m456m789m12p58p258s", 1: "22m33m55m66m88m99m2p3p6p9p",
                             2: "5p5p6p6p8p8p9p9p2s2s3s3s5s5s6s6s"}, draws=["7z"])
    rules = mr.make("taiwanese")
    state = rules.setup(walls=[wall], players=["a", "b", "c", "d"])
    assert [len(p.hand) for p in state.seats] == [17, 16, 16, 16]
    assert kinds(state.seats[0].hand) == "123456789m1258p258s7z"
    assert kinds(state.seats[1].hand) == "223355668899m2369p"
    assert state.seats[0].drawn == wall[64]  # the first live tile is the dealer's 17th
    assert len(state.rinshan) == 16
    assert state.rinshan == tuple(wall[-16:])
    assert len(state.live) == 63
    assert state.live == tuple(wall[65:128])
    assert (state.dora_indicators, state.revealed) == ((), 0)


def test_dealt_tiles_go_four_at_a_time_from_the_dealer() -> None:
    wall = list(range(144))
    state = mr.make("taiwanese").setup(walls=[wall], players=["a", "b", "c", "d"])
    # ids 0..63: rounds of 4 per seat; no flower among them; the dealer also gets 64
    assert state.seats[0].hand == (0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35,
                                   48, 49, 50, 51, 64)
    assert state.seats[1].hand[:4] == (4, 5, 6, 7)
    assert state.seats[3].hand[-4:] == (60, 61, 62, 63)
    # the flowers 136..143 are the dead wall's back half: nobody has one
    assert all(not p.flowers for p in state.seats)


def test_a_bad_wall_is_refused_with_bad_input() -> None:
    rules = mr.make("taiwanese")
    with pytest.raises(IllegalActionError) as info:
        rules.setup(walls=[list(range(136))])
    assert info.value.rejection.reason is Reason.BAD_INPUT


# ---------------------------------------------------------------------------- flowers


def test_opening_replacement_cycles_east_south_west_north() -> None:
    """A flower drawn as a replacement waits for the next cycle (1.3)."""
    _rules, state = start(hands={0: "1f123m456m789m123p5p8p2s", 1: "2f22m33m55m66m88m2p3p9p",
                                2: DEAD[2], 3: "4f" + "5p5p6p6p8p8p9p9p2s2s3s3s5s5s6s"},
                         draws=["7p"], dead="3f5s6s8s")
    dealer, south, _, north = state.seats
    # cycle 1: East 1f -> 3f (a flower: next cycle), South 2f -> 5s, North 4f -> 6s;
    # cycle 2: East 3f -> 8s
    assert flower_names(dealer.flowers) == [1, 3]
    assert flower_names(south.flowers) == [2]
    assert flower_names(north.flowers) == [4]
    assert held_kinds(south.hand, "5s") == 1
    assert held_kinds(north.hand, "6s") == 2
    assert held_kinds(dealer.hand, "8s") == 1
    assert dealer.drawn is not None
    assert dealer.drawn >> 2 == kind_of("8s")
    assert [len(p.hand) for p in state.seats] == [17, 16, 16, 16]


def test_replacements_refill_the_dead_wall_from_the_back_of_the_live_wall() -> None:
    wall = build_wall(hands={0: "1f2f123m456m789m12p", 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                      draws=["7p"], dead="5s6s", back="9s8s")
    state = mr.make("taiwanese").setup(walls=[wall], players=["a", "b", "c", "d"])
    assert flower_names(state.seats[0].flowers) == [1, 2]
    assert len(state.rinshan) == 16
    assert [t >> 2 for t in state.rinshan[-2:]] == [kind_of("9s"), kind_of("8s")]
    assert len(state.live) == 61
    assert state.live == tuple(wall[65:126])


def test_a_flower_drawn_in_play_is_shown_and_replaced_in_a_chain() -> None:
    rules, state = start(hands={0: "123m456m789m12p58p258s", 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["9p", "5f"], dead="6f7s")
    state = open_play(rules, state)
    before = state
    state = pass_all(rules, discard(rules, state, 0, "9p"))
    south = state.seats[1]
    assert flower_names(south.flowers) == [5, 6]  # 5f drawn, 6f as its replacement, 7s
    assert south.drawn is not None
    assert south.drawn >> 2 == kind_of("7s")
    assert state.rinshan_draw
    assert state.turn == 1
    assert state.phase is Phase.SELF_ACTION
    assert len(state.rinshan) == 16
    assert len(state.live) == len(before.live) - 3
    seen = [e for e in events(before, state, 2) if e["type"] in ("flower", "draw")]
    assert seen == [{"type": "flower", "seat": 1, "tile": tile_id("5f")},
                    {"type": "flower", "seat": 1, "tile": tile_id("6f")},
                    {"type": "draw", "seat": 1, "replacement": True}]
    view = rules.view(state, 3)
    assert view["seats"][1]["flowers"] == [tile_id("5f"), tile_id("6f")]


def test_the_hand_is_a_draw_when_a_flower_cannot_be_replaced() -> None:
    """The live wall's last tile is a flower: no replacement, the hand is drawn (1.3)."""
    rules, state = start(hands={0: "123m456m789m12p58p258s", 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         back="5f")
    state = open_play(rules, state)
    while len(state.live) > 1:
        state = pass_all(rules, discard(rules, state, state.turn))
    state = pass_all(rules, discard(rules, state, state.turn))
    assert state.phase is Phase.HAND_OVER
    result = state.last_result
    assert result is not None
    assert result.kind == "exhaustive"
    assert result.deltas == (0, 0, 0, 0)
    holder = next(s for s, p in enumerate(state.seats) if p.flowers)
    assert state.seats[holder].flowers == (tile_id("5f"),)
    assert state.dealer == 0  # the dealer keeps the deal after a draw


def test_the_last_live_tile_ends_the_hand_after_its_discard() -> None:
    rules, state = start(hands={0: "123m456m789m12p58p258s", 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]})
    state = open_play(rules, state)
    turns = 0
    while state.phase is Phase.SELF_ACTION:
        state = pass_all(rules, discard(rules, state, state.turn))
        turns += 1
    assert turns == 64  # the dealer's first discard and one per live tile drawn
    assert state.last_result is not None
    assert state.last_result.kind == "exhaustive"


def test_the_declaration_window_waits_for_every_non_dealer() -> None:
    rules, state = start(hands={0: "123m456m789m12p58p258s", 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]})
    assert state.phase is Phase.CLAIMS
    assert rules.to_act(state) == frozenset({1, 2, 3})
    state = rules.apply(state, Pass(seat=2))
    assert rules.to_act(state) == frozenset({1, 3})
    assert rules.view(state, 1)["claim_options"] == ["pass"]
    state = pass_all(rules, state)
    assert state.phase is Phase.SELF_ACTION
    assert rules.to_act(state) == frozenset({0})
