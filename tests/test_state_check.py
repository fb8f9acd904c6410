"""The state check accepts every state legal play reaches, and says where a bad one fails.

Random and greedy play in every ruleset and preset pass it after every action (the
conformance harness loads each state through ``State.from_dict``); here: every state of
the replays of the shared real logs (mid-game starts, every kind of hand end, kans, kita,
riichi sticks), the states of games on a clock (timeouts, auto-pilot), and the ``path``
of the first problem for a few hand-made corruptions.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers.saved_states import game_states

import mahjong_rules as mr
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import InvalidStateError, Reason
from mahjong_rules.replay import replay_paths
from mahjong_rules.state import Phase, State

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared real logs are not at {LOGS}")
SOAK = int(os.environ.get("MAHJONG_RULES_SOAK", "0"))
EVERY = 1 if SOAK else 4
"""Check every ``EVERY``-th state of the replays (and every hand end); every one in soak."""


@needs_logs
def test_every_state_of_the_shared_log_replays_passes_the_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[str] = Counter()

    def checked(method: Callable[..., State]) -> Callable[..., State]:
        def run(self: Ruleset, *args: Any) -> State:
            state = method(self, *args)
            seen["states"] += 1
            if seen["states"] % EVERY == 0 or state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                assert self.check_state(state) is state
                seen[state.phase.value] += 1
            return state
        return run

    for name in ("apply", "apply_unchecked", "apply_passes"):
        monkeypatch.setattr(Ruleset, name, checked(getattr(Ruleset, name)))
    report = replay_paths([LOGS])
    assert report.count("mismatched") == report.count("error") == 0
    assert report.hands > 1000
    assert seen["hand_over"] + seen["game_over"] > 1000
    assert seen["claims"] > 100
    assert seen["self_action"] > 5000


@pytest.mark.parametrize(("name", "preset"), [("riichi", "default"), ("sanma", "joypip"),
                                              ("taiwanese", "default")])
def test_games_on_a_clock_pass_the_check(name: str, preset: str) -> None:
    states = game_states(name, preset, 5, steps=600, keep_every=1)
    rules = mr.make(name, preset)
    for state in states:
        assert rules.check_state(state) is state
    assert any(s.clock is not None for s in states)
    assert any(p.timeouts for s in states for p in s.seats)


def _first_problem(rules: mr.Ruleset, state: State) -> tuple[str, str]:
    with pytest.raises(InvalidStateError) as exc:
        rules.check_state(state)
    assert exc.value.reason is Reason.BAD_STATE
    return exc.value.path, exc.value.message


def _played(name: str) -> tuple[mr.Ruleset, State]:
    rules = mr.make(name)
    state = rules.setup(seed=8)
    for _ in range(30):
        seat = min(rules.to_act(state))
        state = rules.apply(state, rules.legal_actions(state, seat, preferences=False)[0])
    return rules, state


def _seat(state: State, seat: int, **changes: Any) -> State:
    seats = list(state.seats)
    seats[seat] = attrs.evolve(seats[seat], **changes)
    return attrs.evolve(state, seats=tuple(seats))


PATHS: list[tuple[str, Callable[[State], State], str]] = [
    ("turn", lambda s: attrs.evolve(s, turn=4), "turn"),
    ("honba", lambda s: attrs.evolve(s, honba=-1), "honba"),
    ("dealer", lambda s: attrs.evolve(s, dealer=(s.dealer + 1) % 4), "dealer"),
    ("a list for a tuple", lambda s: attrs.evolve(s, live=list(s.live)),  # type: ignore[arg-type]
     "live"),
    ("tile twice", lambda s: attrs.evolve(s, live=(s.live[0], *s.live[:-1])), "live"),
    ("reversed live wall", lambda s: attrs.evolve(s, live=s.live[::-1]), "live"),
    ("tile outside the set", lambda s: attrs.evolve(s, live=(136, *s.live[1:])), "live"),
    ("tile missing", lambda s: attrs.evolve(s, live=s.live[1:]), "live"),
    ("tile in a hand twice", lambda s: _seat(s, 1, hand=(s.seats[0].hand[0],
                                                         *s.seats[1].hand[1:])), "seats[1].hand"),

    ("rinshan out of order", lambda s: attrs.evolve(s, rinshan=s.rinshan[::-1]), "rinshan"),
    ("ura swapped", lambda s: attrs.evolve(s, ura_indicators=s.ura_indicators[::-1]),
     "ura_indicators"),
    ("ippatsu without riichi", lambda s: _seat(s, 2, ippatsu=True), "seats[2].riichi"),
    ("time bank", lambda s: _seat(s, 1, time_bank_ms=-5), "seats[1].time_bank_ms"),
    ("points", lambda s: _seat(s, 1, points=s.seats[1].points + 100), "seats"),
    ("history", lambda s: attrs.evolve(s, hands_played=3), "history"),
    ("ready in play", lambda s: attrs.evolve(s, ready=(True, False, False, False)), "ready"),
]


@pytest.mark.parametrize(("change", "path"), [row[1:] for row in PATHS],
                         ids=[row[0] for row in PATHS])
def test_the_first_problem_is_named_with_its_path(change: Callable[[State], State],
                                                  path: str) -> None:
    rules, state = _played("riichi")
    found, _message = _first_problem(rules, change(state))
    assert found == path


@pytest.mark.parametrize(("wall", "problem"), [
    ([1, *range(1, 136)], "walls[1]"),  # a tile twice, one missing
    (list(range(1, 136)), "walls[1]"),  # one short
    ([*range(136), 5], "walls[1]"),  # one too many
    (list(range(135, -1, -1)), None),  # every tile once, in another order
], ids=["twice", "short", "extra", "reordered"])
def test_an_injected_wall_must_hold_every_tile_once(wall: list[int],
                                                    problem: str | None) -> None:
    rules = mr.make("riichi")
    walls = [list(range(136)), list(range(136))]
    state = rules.setup(walls=walls)
    state = attrs.evolve(state, walls=(state.walls[0], tuple(wall)))
    if problem is None:
        assert rules.check_state(state) is state
    else:
        assert _first_problem(rules, state) == (
            problem, f"{problem}: a wall must hold every tile of the set once")


def test_a_state_without_a_legal_discard_is_refused() -> None:
    rules, state = _played("riichi")
    while state.phase is not Phase.SELF_ACTION:
        seat = min(rules.to_act(state))
        state = rules.apply(state, rules.legal_actions(state, seat, preferences=False)[0])
    seat = state.turn
    player = state.seats[seat]
    kinds = tuple(sorted({t >> 2 for t in player.hand}))
    stuck = _seat(state, seat, called_this_turn=True, kuikae=kinds, drawn=None)
    found, _message = _first_problem(rules, stuck)
    assert found == f"seats[{seat}]"


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_check_state_is_from_dict_on_the_json_form(name: str) -> None:
    rules, state = _played(name)
    data = json.loads(json.dumps(state.to_dict()))
    assert State.from_dict(data) == rules.check_state(state)
