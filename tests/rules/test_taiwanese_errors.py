"""Every Taiwanese rejection is reachable through ``validate`` with its stable reason.

A table of (scenario, action, expected :class:`Reason`); each scenario is built on an
injected wall and played through the public API. For every row ``validate`` gives the
reason, ``apply`` raises :class:`IllegalActionError` with the same reason and leaves the
state unchanged, and the action is not among ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers.scenario import discard, held, kind_of, pass_all
from helpers.taiwanese_scenario import DEAD, WAIT_25P, open_play, start, tile_id

import mahjong_rules as mr
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    DeclareReady,
    Discard,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from mahjong_rules.errors import IllegalActionError, Reason
from mahjong_rules.record import unstructure
from mahjong_rules.state import Phase, State

Scenario = tuple[mr.Ruleset, State]




# ---------------------------------------------------------------------------- scenarios


def declaration_window() -> Scenario:
    """Seat 1 is ready as dealt; seat 2 has answered already."""
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]},
                         draws=["5p", "8m"])
    return rules, rules.apply(state, Pass(seat=2))


def dealer_first_turn() -> Scenario:
    """The dealer holds a ready hand and a 1z, before its first discard."""
    rules, state = start(hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z"])
    return rules, open_play(rules, state)


def after_the_window() -> Scenario:
    rules, state = declaration_window()
    return rules, open_play(rules, state)


def declared_window() -> Scenario:
    """Seat 1 declared; the dealer's first discard (5p) lets it win."""
    rules, state = declaration_window()
    state = open_play(rules, state, 1)
    return rules, discard(rules, state, 0, "5p")


def declared_turn() -> Scenario:
    """Seat 1 declared and drew the fourth 8m (it holds 888m)."""
    rules, state = declared_window()
    return rules, rules.apply(state, Pass(seat=1))


def flower_window() -> Scenario:
    """Seat 2 has just shown the eighth flower; seat 1 holds seven."""
    rules, state = start(hands={0: DEAD[1], 1: "1234567f22m33m55m66m9m", 2: DEAD[2],
                                3: DEAD[3]}, draws=["1z", "2z", "8f"])
    state = open_play(rules, state)
    state = pass_all(rules, discard(rules, state, 0))
    return rules, discard(rules, state, 1)


def empty_wall_turn() -> Scenario:
    """Seat 3 drew the last live tile; it holds four 5p."""
    rules, state = start(hands={0: DEAD[1], 1: DEAD[2], 2: DEAD[3],
                                3: "147m147s123456z5555p"})
    state = open_play(rules, state)
    while state.live:
        state = pass_all(rules, discard(rules, state, state.turn))
    return rules, state


def last_discard_window() -> Scenario:
    """Seat 3 discards the last tile, 9p: seat 2 holds 999p, the dealer 78p."""
    rules, state = start(hands={0: "147m147s1234567z78p2m", 1: DEAD[1],
                                2: "147m147s1234567z999p", 3: DEAD[3]}, back="9p")
    state = open_play(rules, state)
    while state.live:
        state = pass_all(rules, discard(rules, state, state.turn))
    return rules, discard(rules, state, 3, "9p")


def seat_tile(state: State, seat: int, text: str) -> int:
    return held(state, seat, text)


Row = tuple[str, Callable[[], Scenario], Callable[[State], Action], Reason]

ROWS: list[Row] = [
    ("riichi", dealer_first_turn,
     lambda s: Discard(seat=0, tile=seat_tile(s, 0, "1z"), riichi=True), Reason.NOT_IN_RULESET),
    ("nine_terminals", dealer_first_turn, lambda _: NineTerminals(seat=0),
     Reason.NOT_IN_RULESET),
    ("kita", dealer_first_turn, lambda _: Kita(seat=0), Reason.KITA_NOT_ALLOWED),
    ("discard_a_flower", dealer_first_turn, lambda _: Discard(seat=0, tile=tile_id("1f")),
     Reason.TILE_NOT_IN_HAND),
    ("no_win", dealer_first_turn, lambda _: Tsumo(seat=0), Reason.NOT_A_WINNING_HAND),
    ("dealer_declares_no_tile", dealer_first_turn, lambda _: DeclareReady(seat=0),
     Reason.BAD_INPUT),
    ("dealer_declares_not_ready", dealer_first_turn,
     lambda s: DeclareReady(seat=0, tile=seat_tile(s, 0, "9s")),
     Reason.DECLARATION_REQUIRES_TENPAI),
    ("dealer_declares_a_tile_it_lacks", dealer_first_turn,
     lambda _: DeclareReady(seat=0, tile=tile_id("8f")), Reason.TILE_NOT_IN_HAND),
    ("declares_a_string", dealer_first_turn,
     lambda _: DeclareReady(seat=0, tile="1z"),  # type: ignore[arg-type]
     Reason.BAD_INPUT),
    ("non_dealer_names_a_tile", declaration_window,
     lambda s: DeclareReady(seat=1, tile=seat_tile(s, 1, "9s")), Reason.BAD_INPUT),
    ("dealer_in_the_window", declaration_window, lambda _: DeclareReady(seat=0),
     Reason.DECLARATION_NOT_ALLOWED),
    ("not_ready_as_dealt", declaration_window, lambda _: DeclareReady(seat=3),
     Reason.DECLARATION_REQUIRES_TENPAI),
    ("answered_already", declaration_window, lambda _: Pass(seat=2), Reason.ALREADY_ANSWERED),
    ("declare_after_answering", declaration_window, lambda _: DeclareReady(seat=2),
     Reason.ALREADY_ANSWERED),
    ("ron_on_no_tile", declaration_window, lambda _: Ron(seat=1), Reason.CALL_NOT_AVAILABLE),
    ("declare_after_the_window", after_the_window, lambda _: DeclareReady(seat=1),
     Reason.DECLARATION_NOT_ALLOWED),
    ("declared_seat_calls", declared_window,
     lambda s: Pon(seat=1, tiles=[t for t in s.seats[1].hand if t >> 2 == kind_of("9s")]),
     Reason.DECLARED_HAND_LOCKED),
    ("declared_seat_declares_again", declared_turn, lambda _: DeclareReady(seat=1),
     Reason.DECLARATION_NOT_ALLOWED),
    ("declared_seat_keeps_the_drawn_tile", declared_turn,
     lambda s: Discard(seat=1, tile=seat_tile(s, 1, "9s")), Reason.DECLARED_HAND_LOCKED),
    ("declared_seat_makes_a_kong", declared_turn,
     lambda _: Ankan(seat=1, kind=kind_of("8m")), Reason.DECLARED_HAND_LOCKED),
    ("rob_without_seven_flowers", flower_window, lambda _: Ron(seat=3), Reason.NOT_YOUR_TURN),
    ("pon_a_flower", flower_window, lambda _: Pon(seat=1, tiles=(0, 1)),
     Reason.CALL_NOT_AVAILABLE),
    ("kong_on_an_empty_wall", empty_wall_turn, lambda _: Ankan(seat=3, kind=kind_of("5p")),
     Reason.KAN_NOT_ALLOWED),
    ("kong_on_the_last_discard", last_discard_window, lambda _: Daiminkan(seat=2),
     Reason.CALL_NOT_AVAILABLE),
    ("chi_across_the_table", last_discard_window,
     lambda s: Chi(seat=2, tiles=(seat_tile(s, 0, "7p"), seat_tile(s, 0, "8p"))),
     Reason.CALL_NOT_AVAILABLE),
]


@pytest.mark.parametrize(("name", "scenario", "build", "expected"), ROWS,
                         ids=[row[0] for row in ROWS])
def test_rejection(name: str, scenario: Callable[[], Scenario],
                   build: Callable[[State], Action], expected: Reason) -> None:
    rules, state = scenario()
    assert state.phase in (Phase.SELF_ACTION, Phase.CLAIMS), name
    action = build(state)
    rejection = rules.validate(state, action)
    assert rejection is not None
    assert rejection.reason is expected
    before = unstructure(state)
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, action)
    assert info.value.rejection.reason is expected
    assert unstructure(state) == before
    assert action not in rules.legal_actions(state, action.seat)


def test_every_new_reason_has_a_row() -> None:
    reasons = {row[3] for row in ROWS}
    assert {Reason.NOT_IN_RULESET, Reason.DECLARATION_NOT_ALLOWED,
            Reason.DECLARATION_REQUIRES_TENPAI, Reason.DECLARED_HAND_LOCKED} <= reasons


def test_riichi_refuses_the_declaration() -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=4)
    rejection = rules.validate(state, DeclareReady(seat=0, tile=state.seats[0].hand[0]))
    assert rejection is not None
    assert rejection.reason is Reason.NOT_IN_RULESET
