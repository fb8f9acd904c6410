"""Timeouts, auto-pilot, hidden information and illegal actions (seeds/000 8.2-8.5, 10).

Time enters the reducer only as data (``at`` on an action, in ms). A turn's deadline is
the time the turn began plus ``turn_seconds`` (the time bank is covered separately), a
claim window's is its opening plus ``claim_seconds``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers.conformance import check_views, play, replay
from helpers.scenario import held, held_all, kind_of, pass_all, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ready,
    Ron,
    SetPreferences,
    Timeout,
    Tsumo,
)
from mahjong_rules.errors import IllegalActionError, InvalidStateError, Reason
from mahjong_rules.options import RiichiOptions
from mahjong_rules.record import structure, unstructure
from mahjong_rules.state import Phase, State

NO_BANK = RiichiOptions(time_bank_seconds=0)

# ---------------------------------------------------------------------------- helpers


def drop(rules: mr.Ruleset, state: State, at: int | None = None) -> State:
    """The seat to act discards its drawn tile at ``at``; every claim passes."""
    seat = state.turn
    tile = state.seats[seat].drawn
    assert tile is not None
    return pass_all(rules, rules.apply(state, Discard(seat=seat, tile=tile, at=at)))


def reason(rules: mr.Ruleset, state: State, action: object) -> Reason | None:
    rejection = rules.validate(state, action)  # type: ignore[arg-type]
    return None if rejection is None else rejection.reason


# seat 0 discards 3m: seat 1 may chi (24m), seat 2 may pon (33m)
CLAIM_HANDS = {
    0: "3m147p258s1234z69s",
    1: "24m147p258s369s66z",
    2: "33m147p258s369s12z",
    3: "19m147p258s369s77z",
}


def claim_window(options: RiichiOptions | None = None, at: int | None = None) -> tuple[
        mr.Ruleset, State]:
    rules, state = start("riichi", options, hands=CLAIM_HANDS, draws=["7z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m"), at=at))
    assert state.phase is Phase.CLAIMS
    return rules, state


# ---------------------------------------------------------------------------- timeouts


def test_turn_timeout_discards_the_drawn_tile() -> None:
    rules, state = start("riichi", NO_BANK, hands={})
    state = drop(rules, state, at=1000)
    assert state.turn == 1
    assert rules.view(state, 1)["deadline"] == 16_000
    assert rules.view(state, None)["deadline"] == 16_000
    assert reason(rules, state, Timeout(seat=1, at=15_999)) is Reason.NOT_TIMED_OUT
    assert reason(rules, state, Timeout(seat=1)) is Reason.NOT_TIMED_OUT
    assert reason(rules, state, Timeout(seat=2, at=20_000)) is Reason.NOT_YOUR_TURN
    drawn = state.seats[1].drawn
    state = pass_all(rules, rules.apply(state, Timeout(seat=1, at=16_000)))
    entry = state.seats[1].river[-1]
    assert (entry.tile, entry.tsumogiri, entry.riichi) == (drawn, True, False)
    assert state.seats[1].timeouts == 1
    assert not state.seats[1].auto_pilot
    assert state.turn == 2


def test_no_timeout_when_no_time_is_kept() -> None:
    rules, state = start("riichi", NO_BANK, hands={})
    assert rules.view(state, 0)["deadline"] is None
    assert reason(rules, state, Timeout(seat=0, at=10**9)) is Reason.NOT_TIMED_OUT


def test_turn_deadline_includes_the_time_bank_and_a_slow_turn_spends_it() -> None:
    rules, state = start("riichi", RiichiOptions(time_bank_seconds=60), hands={})
    state = drop(rules, state, at=1000)
    assert rules.view(state, 1)["deadline"] == 1000 + 15_000 + 60_000
    assert reason(rules, state, Timeout(seat=1, at=16_000)) is Reason.NOT_TIMED_OUT
    # seat 1 discards 5 s into its reserve
    state = drop(rules, state, at=1000 + 15_000 + 5000)
    assert state.seats[1].time_bank_ms == 55_000
    for at in (22_000, 23_000, 24_000):  # seats 2, 3, 0, quickly
        state = drop(rules, state, at=at)
    assert state.turn == 1
    assert rules.view(state, 1)["deadline"] == 24_000 + 15_000 + 55_000
    # a timeout uses up the whole reserve
    state = pass_all(rules, rules.apply(state, Timeout(seat=1, at=24_000 + 70_000)))
    assert state.seats[1].time_bank_ms == 0
    # the claim window never uses the reserve
    rules, state = claim_window(RiichiOptions(time_bank_seconds=60), at=1000)
    assert rules.view(state, 2)["deadline"] == 9000


def test_timeout_right_after_a_call_discards_the_last_allowed_tile() -> None:
    rules, state = claim_window(NO_BANK, at=1000)
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m"), at=2000))
    assert state.turn == 2
    player = state.seats[2]
    assert player.drawn is None
    expected = max(t for t in player.hand if t >> 2 not in player.kuikae)
    assert reason(rules, state, Timeout(seat=2, at=16_999)) is Reason.NOT_TIMED_OUT
    state = rules.apply(state, Timeout(seat=2, at=17_000))
    assert state.seats[2].river[-1].tile == expected


def test_claim_window_timeout_passes() -> None:
    rules, state = claim_window(NO_BANK, at=1000)
    assert rules.view(state, 2)["deadline"] == 9000
    assert reason(rules, state, Timeout(seat=2, at=8999)) is Reason.NOT_TIMED_OUT
    assert reason(rules, state, Timeout(seat=3, at=9000)) is Reason.NOT_YOUR_TURN
    state = rules.apply(state, Timeout(seat=2, at=9000))
    assert state.phase is Phase.CLAIMS
    assert rules.to_act(state) == frozenset({1})
    state = rules.apply(state, Timeout(seat=1, at=9000))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 1  # nobody called: seat 1 draws
    assert state.seats[2].melds == ()
    assert state.seats[1].melds == ()


def test_a_claim_after_the_deadline_is_dropped() -> None:
    rules, state = claim_window(NO_BANK, at=1000)
    late = Pon(seat=2, tiles=held_all(state, 2, "33m"), at=9001)
    assert rules.validate(state, Pass(seat=2, at=8999)) is None
    assert rules.validate(state, late) is not None


def test_claim_window_timeout_with_a_ron_is_temporary_furiten() -> None:
    hands = {**CLAIM_HANDS, 3: "12m456p678s555z11s"}  # waits on 3m
    rules, state = start("riichi", NO_BANK, hands=hands, draws=["7z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m"), at=1000))
    assert "ron" in state.claim.options[3]  # type: ignore[union-attr]
    state = rules.apply(state, Timeout(seat=3, at=9000))
    state = pass_all(rules, state)
    assert state.seats[3].temporary_furiten


def test_two_timeouts_in_a_row_turn_auto_pilot_on_and_an_own_action_clears_it() -> None:
    rules, state = start("riichi", NO_BANK, hands={})
    state = drop(rules, state, at=1000)
    state = pass_all(rules, rules.apply(state, Timeout(seat=1, at=16_000)))
    for at in (17_000, 18_000, 19_000):  # seats 2, 3, 0
        state = drop(rules, state, at=at)
    assert state.turn == 1
    assert state.seats[1].timeouts == 1
    state = pass_all(rules, rules.apply(state, Timeout(seat=1, at=34_000)))
    assert state.seats[1].timeouts == 2
    assert state.seats[1].auto_pilot
    assert rules.view(state, 0)["seats"][1]["auto_pilot"] is True
    for at in (35_000, 36_000, 37_000):
        state = drop(rules, state, at=at)
    assert state.turn == 1
    # auto-pilot: the turn is handled after 2 seconds
    assert rules.view(state, 1)["deadline"] == 39_000
    assert reason(rules, state, Timeout(seat=1, at=38_999)) is Reason.NOT_TIMED_OUT
    assert reason(rules, state, Timeout(seat=1, at=39_000)) is None
    state = drop(rules, state, at=38_000)  # the seat acts again itself
    assert state.seats[1].timeouts == 0
    assert not state.seats[1].auto_pilot


def test_set_preferences_does_not_clear_auto_pilot_but_turn_actions_do() -> None:
    rules, state = start("riichi", NO_BANK, hands={})
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], auto_pilot=True, timeouts=2)
    state = attrs.evolve(state, seats=tuple(seats))
    state = rules.apply(state, SetPreferences(seat=0, auto_win=True))
    assert state.seats[0].auto_pilot
    assert state.seats[0].auto_win
    state = drop(rules, state)
    assert not state.seats[0].auto_pilot


def test_auto_pilot_seat_passes_a_claim_at_once() -> None:
    rules, state = start("riichi", NO_BANK, hands=CLAIM_HANDS, draws=["7z"])
    seats = list(state.seats)
    seats[2] = attrs.evolve(seats[2], auto_pilot=True, timeouts=2)
    state = attrs.evolve(state, seats=tuple(seats))
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m")))
    # seat 2 (pon) answered already; only seat 1 (chi) is waited for
    assert rules.to_act(state) == frozenset({1})
    state = rules.apply(state, Pass(seat=1))
    assert state.turn == 1
    assert state.seats[2].melds == ()


def test_auto_pilot_seat_that_could_ron_does_not_hold_up_a_pon() -> None:
    hands = {**CLAIM_HANDS, 3: "12m456p678s555z11s"}  # waits on 3m
    rules, state = start("riichi", NO_BANK, hands=hands, draws=["7z"])
    seats = list(state.seats)
    seats[3] = attrs.evolve(seats[3], auto_pilot=True, timeouts=2)
    state = attrs.evolve(state, seats=tuple(seats))
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m")))
    assert state.claim is not None
    assert "ron" in state.claim.options[3]
    assert 3 not in rules.to_act(state)
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert state.seats[3].temporary_furiten


def test_timeout_with_auto_win_takes_the_tsumo() -> None:
    # seat 0 waits on 1s (123m 456p 789s 555z 1s) and draws it on its second turn
    rules, state = start("riichi", NO_BANK, hands={0: "123m456p789s555z1s"},
                         draws=["2m", "8p", "3s", "6m", "1s"])
    state = rules.apply(state, SetPreferences(seat=0, auto_win=True))
    for at in (1000, 2000, 3000, 4000):
        state = drop(rules, state, at=at)
    assert state.turn == 0
    state = rules.apply(state, Timeout(seat=0, at=4000 + 15_000))
    assert state.last_result is not None
    assert state.last_result.kind == "win"
    assert state.last_result.winners[0].seat == 0


def test_no_calls_preference_hides_pon_and_chi() -> None:
    rules, state = start("riichi", hands=CLAIM_HANDS, draws=["7z"])
    state = rules.apply(state, SetPreferences(seat=2, no_calls=True))
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m")))
    assert state.claim is not None
    assert state.claim.options[2] == ()
    assert state.claim.options[1] == ("chi",)


def test_same_seed_and_same_actions_give_the_same_game() -> None:
    rules = mr.make("riichi")
    first, actions = play(rules, 21, max_actions=150, checks=False, policy_seed=3)
    assert replay(rules, 21, actions) == first
    result_state = replay(rules, 21, actions)
    assert rules.view(result_state, 2) == rules.view(first, 2)


def test_hand_result_timeout_is_ready() -> None:
    nine = "19m19p19s123z2m3m5p6p"
    rules, state = start("riichi", NO_BANK, hands={0: nine}, draws=["5s"])
    state = rules.apply(state, NineTerminals(seat=0, at=5000))
    assert state.phase is Phase.HAND_OVER
    assert reason(rules, state, Timeout(seat=2, at=19_999)) is Reason.NOT_TIMED_OUT
    state = rules.apply(state, Timeout(seat=2, at=20_000))
    assert state.ready == (False, False, True, False)
    assert reason(rules, state, Ready(seat=2)) is Reason.ALREADY_READY


# ---------------------------------------------------------------------------- information


def states_to_inspect() -> list[tuple[str, mr.Ruleset, State]]:
    out: list[tuple[str, mr.Ruleset, State]] = []
    rules, state = start("riichi", hands={})
    out.append(("first-turn", rules, state))
    rules, state = claim_window()
    out.append(("claim-window", rules, state))
    state = rules.apply(state, Chi(seat=1, tiles=held_all(state, 1, "24m")))
    out.append(("claim-answered", rules, state))
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    out.append(("after-pon", rules, state))
    kan_hands = {0: "3p147m258s1234z69s", 1: "333p456m789m23s99s"}
    rules, state = start("riichi", hands=kan_hands, draws=["6z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3p")))
    state = rules.apply(state, Daiminkan(seat=1))
    out.append(("open-kan-pending-dora", rules, state))
    rules, state = start("riichi", hands={0: "3334m456p789p234s"}, draws=["1z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "1z"), riichi=True))
    out.append(("riichi", rules, pass_all(rules, state)))
    rules, state = start("riichi", hands={1: "234p567p234s567s9s"}, draws=["2m", "8m", "2s",
                                                                          "3m"])
    state = attrs.evolve(state, live=state.live[:3])
    for _ in range(4):
        state = drop(rules, state)
    out.append(("exhaustive-draw", rules, state))
    rules, state = start("sanma", hands={0: "4z19m159p159s1235z"}, draws=["5p"])
    state = rules.apply(state, Kita(seat=0))
    out.append(("sanma-kita", rules, pass_all(rules, state)))
    return out


@pytest.mark.parametrize("case", range(8), ids=[
    "first-turn", "claim-window", "claim-answered", "after-pon", "open-kan-pending-dora",
    "riichi", "exhaustive-draw", "sanma-kita"])
def test_views_hide_hands_walls_and_unrevealed_indicators(case: int) -> None:
    name, rules, state = states_to_inspect()[case]
    check_views(rules, state)
    for viewer in [None, *range(rules.num_seats)]:
        text = json.dumps(rules.view(state, viewer))
        for hidden in ('"responses"', '"options"', '"live"', '"rinshan"', '"ura_indicators"',
                       '"walls"', '"seed"'):
            assert hidden not in text, (name, viewer, hidden)


def test_exhaustive_draw_shows_tenpai_hands_only() -> None:
    _, rules, state = states_to_inspect()[6]
    assert state.last_result is not None
    assert state.last_result.tenpai == (1,)
    view = rules.view(state, 0)
    assert view["revealed_hands"] == {"1": list(state.seats[1].hand)}


def test_claim_options_are_seen_only_by_their_seat() -> None:
    rules, state = claim_window()
    assert rules.view(state, 1)["claim_options"] == ["chi"]
    assert rules.view(state, 2)["claim_options"] == ["pon"]
    for seat in (0, 3):
        view = rules.view(state, seat)
        assert view["claim_options"] == []
        assert {a["type"] for a in view["legal_actions"]} == {"set_preferences", "disconnect"}
    assert "claim_options" not in rules.view(state, None)


def test_an_answer_changes_no_other_view() -> None:
    rules, state = claim_window()
    before = {seat: rules.view(state, seat) for seat in (None, 0, 2, 3)}
    after = rules.apply(state, Chi(seat=1, tiles=held_all(state, 1, "24m")))
    assert after.phase is Phase.CLAIMS  # seat 2 may still pon
    for seat, view in before.items():
        assert rules.view(after, seat) == view, seat


# ---------------------------------------------------------------------------- illegal


def self_action_state() -> tuple[mr.Ruleset, State]:
    return start("riichi", hands={0: "1111m258p369s123z"},
                 draws=["5p"])


def hand_over_state() -> tuple[mr.Ruleset, State]:
    rules, state = start("riichi", hands={0: "19m19p19s123z2m3m5p6p"}, draws=["5s"])
    return rules, rules.apply(state, NineTerminals(seat=0))


def not_held(state: State, seat: int) -> int:
    return next(t for t in range(136) if t not in state.seats[seat].hand)


ILLEGAL: list[tuple[str, str, Any, Reason]] = [
    # (id, state, action builder, reason)
    ("other-seat-discard", "self",
     lambda s: Discard(seat=1, tile=s.seats[1].hand[0]), Reason.NOT_YOUR_TURN),
    ("discard-not-held", "self", lambda s: Discard(seat=0, tile=not_held(s, 0)),
     Reason.TILE_NOT_IN_HAND),
    ("discard-out-of-range", "self", lambda _s: Discard(seat=0, tile=999),
     Reason.TILE_NOT_IN_HAND),
    ("discard-str-tile", "self", lambda _s: Discard(seat=0, tile="x"), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("discard-none-tile", "self", lambda _s: Discard(seat=0, tile=None), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("discard-bool-tile", "self", lambda _s: Discard(seat=0, tile=True), Reason.BAD_INPUT),
    ("discard-str-riichi", "self", lambda s: Discard(seat=0, tile=s.seats[0].hand[0],
                                                     riichi="yes"), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("seat-4", "self", lambda _s: Discard(seat=4, tile=0), Reason.BAD_SEAT),
    ("seat-negative", "self", lambda _s: Tsumo(seat=-1), Reason.BAD_SEAT),
    ("seat-bool", "self", lambda _s: Tsumo(seat=True), Reason.BAD_SEAT),
    ("seat-str", "self", lambda _s: Tsumo(seat="0"), Reason.BAD_SEAT),  # type: ignore[arg-type]
    ("not-an-action", "self", lambda _s: "discard", Reason.BAD_INPUT),
    ("ron-on-own-turn", "self", lambda _s: Ron(seat=0), Reason.WRONG_PHASE),
    ("pass-on-own-turn", "self", lambda _s: Pass(seat=1), Reason.WRONG_PHASE),
    ("ready-mid-hand", "self", lambda _s: Ready(seat=0), Reason.WRONG_PHASE),
    ("tsumo-no-win", "self", lambda _s: Tsumo(seat=0), Reason.NOT_A_WINNING_HAND),
    ("ankan-str-kind", "self", lambda _s: Ankan(seat=0, kind="x"), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("ankan-kind-99", "self", lambda _s: Ankan(seat=0, kind=99), Reason.TILE_NOT_IN_HAND),
    ("ankan-not-four", "self", lambda _s: Ankan(seat=0, kind=kind_of("5p")),
     Reason.TILE_NOT_IN_HAND),
    ("kakan-no-pon", "self", lambda s: Kakan(seat=0, tile=s.seats[0].hand[0]),
     Reason.KAN_NOT_ALLOWED),
    ("kakan-none", "self", lambda _s: Kakan(seat=0, tile=None), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("kita-in-4p", "self", lambda _s: Kita(seat=0), Reason.KITA_NOT_ALLOWED),
    ("nine-terminals-few", "self", lambda _s: NineTerminals(seat=0), Reason.TOO_FEW_TERMINALS),
    ("timeout-no-clock", "self", lambda _s: Timeout(seat=0, at=10**12), Reason.NOT_TIMED_OUT),
    ("discard-in-window", "claim", lambda s: Discard(seat=0, tile=s.seats[0].hand[0]),
     Reason.WRONG_PHASE),
    ("pon-3-tiles", "claim",
     lambda s: Pon(seat=2, tiles=(*held_all(s, 2, "33m"), s.seats[2].hand[-1])),
     Reason.TILE_NOT_IN_HAND),
    ("pon-1-tile", "claim", lambda s: Pon(seat=2, tiles=held_all(s, 2, "3m")),
     Reason.TILE_NOT_IN_HAND),
    ("pon-same-tile-twice", "claim",
     lambda s: Pon(seat=2, tiles=(held(s, 2, "3m"), held(s, 2, "3m"))),
     Reason.TILE_NOT_IN_HAND),
    ("pon-str-tiles", "claim", lambda _s: Pon(seat=2, tiles=("a", "b")),  # type: ignore[arg-type]
     Reason.BAD_INPUT),
    ("pon-wrong-kinds", "claim", lambda s: Pon(seat=2, tiles=s.seats[2].hand[2:4]),
     Reason.CALL_NOT_AVAILABLE),
    ("chi-by-pon-seat", "claim", lambda s: Chi(seat=2, tiles=held_all(s, 2, "33m")),
     Reason.CALL_NOT_AVAILABLE),
    ("chi-not-a-run", "claim", lambda s: Chi(seat=1, tiles=held_all(s, 1, "2m6z")),
     Reason.CALL_NOT_AVAILABLE),
    ("pon-by-chi-seat", "claim", lambda s: Pon(seat=1, tiles=held_all(s, 1, "66z")),
     Reason.CALL_NOT_AVAILABLE),
    ("kan-not-offered", "claim", lambda _s: Daiminkan(seat=2), Reason.CALL_NOT_AVAILABLE),
    ("ron-not-offered", "claim", lambda _s: Ron(seat=2), Reason.CALL_NOT_AVAILABLE),
    ("claim-by-ineligible", "claim", lambda _s: Pass(seat=3), Reason.NOT_YOUR_TURN),
    ("claim-by-discarder", "claim", lambda _s: Pass(seat=0), Reason.NOT_YOUR_TURN),
    ("tsumo-in-window", "claim", lambda _s: Tsumo(seat=1), Reason.WRONG_PHASE),
    ("discard-hand-over", "over", lambda s: Discard(seat=0, tile=s.seats[0].hand[0]),
     Reason.WRONG_PHASE),
    ("pass-hand-over", "over", lambda _s: Pass(seat=1), Reason.WRONG_PHASE),
]

STATES = {"self": self_action_state, "claim": claim_window, "over": hand_over_state}


@pytest.mark.parametrize(("where", "build", "expected"), [row[1:] for row in ILLEGAL],
                         ids=[row[0] for row in ILLEGAL])
def test_illegal_action_is_rejected_and_changes_nothing(where: str, build: Any,
                                                         expected: Reason) -> None:
    rules, state = STATES[where]()
    snapshot = unstructure(state)
    action = build(state)
    rejection = rules.validate(state, action)
    assert rejection is not None
    assert rejection.reason is expected
    with pytest.raises(IllegalActionError) as exc:
        rules.apply(state, action)
    assert exc.value.reason is expected
    assert exc.value.rejection == rejection
    assert unstructure(state) == snapshot
    assert state == structure(State, snapshot)
    seat = getattr(action, "seat", None)
    if type(seat) is int and 0 <= seat < rules.num_seats:
        # compared by repr: attrs equality would take Discard(tile=True) for tile 1
        assert repr(action) not in {repr(a) for a in rules.legal_actions(state, seat)}


MALFORMED_ACCEPTED: list[tuple[str, Any]] = [
    ("discard-at-str", lambda s: Discard(seat=0, tile=s.seats[0].drawn, at="soon")),  # type: ignore[arg-type]
    ("discard-at-float", lambda s: Discard(seat=0, tile=s.seats[0].drawn, at=1.5)),  # type: ignore[arg-type]
    ("preferences-str", lambda _s: SetPreferences(seat=0, auto_win="yes")),  # type: ignore[arg-type]
    ("preferences-int", lambda _s: SetPreferences(seat=0, no_calls=2)),  # type: ignore[arg-type]
    ("ankan-bool-kind", lambda _s: Ankan(seat=0, kind=False)),
    ("ankan-float-kind", lambda _s: Ankan(seat=0, kind=0.0)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("build", [row[1] for row in MALFORMED_ACCEPTED],
                         ids=[row[0] for row in MALFORMED_ACCEPTED])
def test_malformed_payloads_are_rejected(build: Any) -> None:
    rules, state = self_action_state()
    assert reason(rules, state, build(state)) is Reason.BAD_INPUT


def test_apply_raises_ruleset_mismatch_for_foreign_states() -> None:
    _rules, state = self_action_state()
    sanma = mr.make("sanma")
    other = mr.make("riichi", {"kuitan": False})
    for foreign in (sanma, other):
        rejection = foreign.validate(state, Tsumo(seat=0))
        assert rejection is not None
        assert rejection.reason is Reason.RULESET_MISMATCH
        with pytest.raises(InvalidStateError) as exc:  # no silent empty answer (issue 12)
            foreign.legal_actions(state, 0)
        assert exc.value.reason is Reason.RULESET_MISMATCH


# random actions: validate and apply agree, and a rejection never changes the state

ACTION_BUILDERS: list[Callable[[int, int], Action]] = [
    lambda seat, tile: Discard(seat=seat, tile=tile),
    lambda seat, tile: Discard(seat=seat, tile=tile, riichi=True),
    lambda seat, _tile: Tsumo(seat=seat),
    lambda seat, tile: Ankan(seat=seat, kind=tile >> 2),
    lambda seat, tile: Kakan(seat=seat, tile=tile),
    lambda seat, _tile: Kita(seat=seat),
    lambda seat, _tile: NineTerminals(seat=seat),
    lambda seat, _tile: Ron(seat=seat),
    lambda seat, tile: Pon(seat=seat, tiles=(tile, tile ^ 1)),
    lambda seat, tile: Chi(seat=seat, tiles=(tile, tile + 4)),
    lambda seat, _tile: Daiminkan(seat=seat),
    lambda seat, _tile: Pass(seat=seat),
    lambda seat, _tile: Ready(seat=seat),
    lambda seat, tile: Timeout(seat=seat, at=tile),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(sorted(STATES)), seat=st.integers(-1, 4),
       tile=st.integers(-2, 137), builder=st.integers(0, len(ACTION_BUILDERS) - 1))
def test_random_actions_validate_and_apply_agree(where: str, seat: int, tile: int,
                                                 builder: int) -> None:
    rules, state = STATES[where]()
    action: Action = ACTION_BUILDERS[builder](seat, tile)
    snapshot = unstructure(state)
    rejection = rules.validate(state, action)
    if rejection is None:
        assert 0 <= seat < 4
        rules.apply(state, action)
    else:
        assert isinstance(rejection.reason, Reason)
        with pytest.raises(IllegalActionError) as exc:
            rules.apply(state, action)
        assert exc.value.reason is rejection.reason
        if 0 <= seat < 4:
            assert action not in rules.legal_actions(state, seat)
    assert unstructure(state) == snapshot


def test_disconnect_in_a_claim_window_answers_at_once() -> None:
    """Section 10: a disconnected seat that could ron does not hold up the others."""
    rules, state = start("riichi", hands={0: "147m258p369s1234z", 3: "12m456p678s555z11s"},
                         draws=["3m"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m")))
    assert state.claim is not None
    assert "ron" in state.claim.options[3]
    state = rules.apply(state, mr.Disconnect(seat=3))
    assert state.seats[3].auto_pilot
    assert 3 not in rules.to_act(state)


def test_deadline_is_public() -> None:
    rules, state = start("riichi", hands={0: "147m258p369s1234z"}, draws=["3m"])
    assert rules.deadline(state) is None
    state = rules.apply(state, mr.SetPreferences(seat=0, at=500))
    assert rules.deadline(state) == 500 + 1000 * (15 + 60)
