"""Flower wins on injected walls (seeds/003; rules/taiwanese.md 1.3, 2.1, Q17, Q18).

Eight flowers win at once (30 tai, each other seat pays); a seat holding seven may rob
the eighth from its holder, face up or just shown (20 tai, the holder pays), through a
claim window answered with ``Ron`` or ``Pass``.
"""

from __future__ import annotations

from helpers.scenario import discard, pass_all
from helpers.taiwanese_scenario import DEAD, open_play, start, tile_id

from mahjong_rules.actions import Pass, Ron
from mahjong_rules.state import HandResult, Phase, State, WinRecord

SEVEN = "1234567f"
HAND7 = SEVEN + "22m33m55m66m9m"  # seven flowers and nine tiles that claim nothing




def only_win(state: State) -> tuple[HandResult, WinRecord]:
    result = state.last_result
    assert result is not None
    assert result.kind == "win"
    (win,) = result.winners
    return result, win


def test_eight_flowers_at_the_deal_win_at_once() -> None:
    _rules, state = start(hands={0: DEAD[1], 1: DEAD[2], 2: "12345678f2m3m5m6m8m9m2p3p",
                                3: DEAD[3]})
    assert state.phase is Phase.HAND_OVER
    result, win = only_win(state)
    assert (win.seat, win.from_seat, win.yaku, win.tai) == (2, None, (("eight_flowers", 30),),
                                                            30)
    assert result.deltas == (-30, -30, 90, -30)
    assert len(state.seats[2].flowers) == 8
    assert len(state.seats[2].hand) == 16  # every flower was replaced first
    assert state.dealer == 1  # the winner was not the dealer


def test_drawing_the_eighth_flower_in_play_wins_at_once() -> None:
    rules, state = start(hands={0: DEAD[1], 1: HAND7, 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z", "8f"])
    state = open_play(rules, state)
    state = pass_all(rules, discard(rules, state, 0))
    result, win = only_win(state)
    assert (win.seat, win.yaku) == (1, (("eight_flowers", 30),))
    assert result.deltas == (-30, 90, -30, -30)


def test_seven_flowers_rob_the_eighth_just_shown() -> None:
    rules, state = start(hands={0: DEAD[1], 1: HAND7, 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z", "2z", "8f"])
    state = open_play(rules, state)
    state = pass_all(rules, discard(rules, state, 0))
    state = discard(rules, state, 1)  # nobody claims it; seat 2 draws the 8f
    claim = state.claim
    assert claim is not None
    assert (claim.source, claim.from_seat, claim.tile) == ("flower", 2, tile_id("8f"))
    assert claim.options == ((), ("ron",), (), ())
    assert state.seats[2].flowers == (tile_id("8f"),)
    state = rules.apply(state, Ron(seat=1))
    result, win = only_win(state)
    assert (win.seat, win.from_seat, win.yaku) == (1, 2, (("seven_flowers_robbing", 20),))
    assert result.deltas == (0, 20, -20, 0)
    assert len(state.seats[1].flowers) == 8
    assert state.seats[2].flowers == ()


def test_a_passed_flower_rob_lets_the_holder_draw_its_replacement() -> None:
    rules, state = start(hands={0: DEAD[1], 1: HAND7, 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z", "2z", "8f"], dead="8p8p8p9p9p9p6p3z")
    # seat 1's seven opening replacements take the dead wall's first seven tiles
    state = open_play(rules, state)
    state = pass_all(rules, discard(rules, state, 0))
    state = discard(rules, state, 1)  # nobody claims it; seat 2 draws the 8f
    state = rules.apply(state, Pass(seat=1))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert state.rinshan_draw
    drawn = state.seats[2].drawn
    assert drawn is not None
    assert drawn >> 2 == 29  # 3z, the dead wall's front


def test_a_seventh_flower_may_rob_the_eighth_already_face_up() -> None:
    rules, state = start(hands={0: DEAD[1], 1: "123456f22m33m55m66m9m1p", 2: DEAD[2],
                                3: "7f258m258p258s123567z"},
                         draws=["1z", "8f"])
    state = open_play(rules, state)
    state = discard(rules, state, 0)  # nobody claims it; seat 1 draws the 8f
    claim = state.claim
    assert claim is not None
    assert (claim.source, claim.from_seat, claim.tile) == ("seventh_flower", 3, tile_id("7f"))
    assert claim.options == ((), ("ron",), (), ())
    state = rules.apply(state, Ron(seat=1))
    result, win = only_win(state)
    assert (win.seat, win.from_seat, win.tai) == (1, 3, 20)
    assert result.deltas == (0, 20, 0, -20)


def test_seven_flowers_at_the_deal_may_rob_the_eighth_before_the_declarations() -> None:
    rules, state = start(hands={0: DEAD[1], 1: HAND7, 2: "8f147m147p147s123456z",
                                3: DEAD[3]})
    claim = state.claim
    assert claim is not None
    assert (claim.source, claim.from_seat) == ("deal_flower", 2)
    state = rules.apply(state, Pass(seat=1))
    assert state.claim is not None
    assert state.claim.source == "declaration"
    assert state.turn == 0


def test_eight_flowers_win_even_when_the_wall_is_empty() -> None:
    """Q17: the last live tile is the eighth flower: a flower win, not a draw."""
    # the seven opening replacements move the live wall's last seven tiles to the dead
    # wall: the eighth tile from the back is the last one drawn, by the dealer
    rules, state = start(hands={0: HAND7, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         back="9p9s8p8s3p3s6p8f")
    state = open_play(rules, state)
    while state.phase is Phase.SELF_ACTION:
        state = pass_all(rules, discard(rules, state, state.turn))
    _result, win = only_win(state)
    assert (win.seat, win.yaku) == (0, (("eight_flowers", 30),))
    assert not state.live
