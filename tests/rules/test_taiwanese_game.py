"""Taiwanese game flow: length and dealer rotation, timeouts, views, JSON (1.2, 1.8).

Timeouts follow seeds/003: on a timeout the server declares any legal win, passes
optional calls (the declaration included) and discards the drawn tile when legal.
"""

from __future__ import annotations

import json
import os

import pytest
from helpers.conformance import check_views, play
from helpers.scenario import held
from helpers.taiwanese_scenario import DEAD, PON_5P, WAIT_25P, open_play, start

import mahjong_rules as mr
from mahjong_rules.actions import Action, Discard, Pass, Timeout, Tsumo
from mahjong_rules.events import events
from mahjong_rules.state import HandResult, Phase, State

SOAK = int(os.environ.get("MAHJONG_RULES_SOAK", "0"))




def timeout(rules: mr.Ruleset, state: State, seat: int) -> State:
    deadline = rules.deadline(state)
    assert deadline is not None
    return rules.apply(state, Timeout(seat=seat, at=deadline))


def dealer_kept(result: HandResult, dealer: int) -> bool:
    return result.kind != "win" or any(w.seat == dealer for w in result.winners)


# ---------------------------------------------------------------------------- timeouts


def test_a_timeout_declares_a_possible_win() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]},
                         draws=["2p"])
    state = open_play(rules, state, at=0)
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "2p"), at=1000))
    assert state.claim is not None
    assert rules.deadline(state) == 1000 + 8000
    state = timeout(rules, state, 1)
    result = state.last_result
    assert result is not None
    assert [w.seat for w in result.winners] == [1]


def test_a_timeout_passes_an_optional_call_and_discards_the_drawn_tile() -> None:
    rules, state = start(hands={0: DEAD[1], 1: DEAD[2], 2: PON_5P, 3: DEAD[3]},
                         draws=["5p", "9p"])
    state = open_play(rules, state, at=0)
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "5p"), at=1000))
    assert state.claim is not None
    assert state.claim.options[2] == ("pon",)
    state = timeout(rules, state, 2)
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 1
    assert state.seats[2].melds == ()
    drawn = state.seats[1].drawn
    state = timeout(rules, state, 1)
    assert state.seats[1].river[-1].tile == drawn
    assert state.seats[1].river[-1].tsumogiri


def test_a_timeout_in_the_declaration_window_does_not_declare() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]})
    state = rules.apply(state, Pass(seat=2, at=0))
    state = rules.apply(state, Pass(seat=3, at=0))
    state = timeout(rules, state, 1)
    assert state.phase is Phase.SELF_ACTION
    assert not state.seats[1].declared


def test_a_timeout_on_a_winning_draw_wins() -> None:
    rules, state = start(hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["5p"])
    state = open_play(rules, state, at=0)
    state = timeout(rules, state, 0)
    result = state.last_result
    assert result is not None
    assert [w.seat for w in result.winners] == [0]
    assert result.winners[0].from_seat is None


# ---------------------------------------------------------------------------- game length


def test_a_single_hand_game_ends_after_its_hand() -> None:
    rules, state = start({"length": "single"},
                         hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]}, draws=["5p"])
    state = rules.apply(open_play(rules, state, at=0), Tsumo(seat=0))
    assert state.phase is Phase.GAME_OVER
    result = rules.result(state)
    assert result is not None
    assert sum(r["score"] for r in result["ranking"]) == 0
    assert sum(r["points"] for r in result["ranking"]) == 8000
    assert result["ranking"][0]["seat"] == 0


def check_rotation(history: tuple[HandResult, ...], passes: int) -> None:
    """The deal stays after a draw or a dealer win, else passes; the game ends at
    ``passes`` passes (seed 1.2)."""
    count = 0
    for result in history:
        dealer = result.hand_number  # seat 0 deals first; the deal goes round in order
        assert 4 * result.round_wind + result.hand_number == count
        if not dealer_kept(result, dealer):
            count += 1
    assert count == passes


def test_an_east_game_ends_after_four_passes_of_the_deal() -> None:
    rules = mr.make("taiwanese", {"length": "east"})
    final, _ = play(rules, 5, max_actions=20_000, checks=False, greedy=True, policy_seed=3)
    assert final.phase is Phase.GAME_OVER
    check_rotation(final.history, 4)
    assert sum(p.points for p in final.seats) == 8000
    assert any(not dealer_kept(h, h.hand_number) for h in final.history)


@pytest.mark.skipif(not SOAK, reason="set MAHJONG_RULES_SOAK=N for N full Taiwanese games")
@pytest.mark.parametrize("seed", range(max(SOAK, 1)))
def test_full_games_end_after_sixteen_passes_of_the_deal(seed: int) -> None:
    rules = mr.make("taiwanese")
    final, _ = play(rules, seed, max_actions=50_000, checks=seed == 0, greedy=True,
                    policy_seed=seed)
    assert final.phase is Phase.GAME_OVER
    check_rotation(final.history, 16)


# ---------------------------------------------------------------------------- views, JSON


def test_views_show_flowers_and_declarations_but_no_wall() -> None:
    rules, state = start(hands={0: "1f147m147p147s123456z", 1: WAIT_25P, 2: DEAD[2],
                                3: DEAD[3]})
    view = rules.view(state, 2)
    assert view["seats"][0]["flowers"] == list(state.seats[0].flowers)
    assert view["claim"] == {"source": "declaration", "tile": -1, "from_seat": 0}
    assert view["claim_options"] == ["pass"]
    assert rules.view(state, 1)["claim_options"] == ["declare"]
    assert "hand" not in rules.view(state, None)
    check_views(rules, state)  # no tile of another hand, the live or the dead wall shows


def test_a_state_with_flowers_and_a_declaration_saves_and_loads() -> None:
    rules, state = start(hands={0: "1f147m147p147s123456z", 1: WAIT_25P, 2: DEAD[2],
                                3: DEAD[3]})
    state = rules.apply(state, mr.DeclareReady(seat=1))
    state = open_play(rules, state, at=0)
    assert state.seats[1].declared
    loaded = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded == state
    assert rules.validate(loaded, rules.legal_actions(loaded, 0)[-1]) is None


def test_riichi_states_keep_their_json_form() -> None:
    """The Taiwanese fields are left out of a riichi state's JSON while at their default."""
    data = mr.make("riichi").setup(seed=3).to_dict()
    assert all("flowers" not in seat and "declared" not in seat for seat in data["seats"])
    assert State.from_dict(data).to_dict() == data


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_options_load_as_their_own_type(name: str) -> None:
    state = mr.make(name).setup(seed=2)
    loaded = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert type(loaded.options) is type(state.options)


def test_a_dealer_win_keeps_the_deal() -> None:
    rules, state = start(hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["5p"])
    state = rules.apply(open_play(rules, state, at=0), Tsumo(seat=0))
    assert state.dealer == 0
    assert state.honba == 1
    for seat in range(4):
        state = rules.apply(state, mr.Ready(seat=seat))
    assert state.phase is Phase.CLAIMS  # the next hand's declaration window
    assert state.dealer == 0
    assert state.hands_played == 1
    action: Action = Pass(seat=1)
    assert rules.validate(state, action) is None


def test_a_new_hand_tells_each_non_dealer_its_declaration_options() -> None:
    rules, state = start(hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["5p"])
    state = rules.apply(open_play(rules, state, at=0), Tsumo(seat=0))
    for seat in range(3):
        state = rules.apply(state, mr.Ready(seat=seat))
    after = rules.apply(state, mr.Ready(seat=3))
    seen = events(state, after, 2)
    assert [e["type"] for e in seen] == ["hand_started", "claim_window"]
    assert seen[1]["source"] == "declaration"
    assert seen[1]["options"] == list(after.claim.options[2])  # type: ignore[union-attr]
    assert seen[0]["hand"] == list(after.seats[2].hand)
    assert [e["type"] for e in events(state, after, 0)] == ["hand_started"]
    assert [e["type"] for e in events(state, after, None)] == ["hand_started"]
