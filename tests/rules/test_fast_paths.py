"""The reducer's fast paths give exactly what its general paths give.

- ``apply_passes`` (every seat still waited for passes, in one step) against one
  ``Pass`` after another, at every claim window of random and greedy play, also with
  seats that timed out before (their own action resets that);
- the shortcuts of ``validate`` and ``apply`` for a plain ``Discard`` and ``Pass``
  against the general checks (a subclass of the action class takes the general path),
  and the field-type test for plain values against ``_malformed``;
- the fused discard path, ``apply_passes`` and the score memo against the full paths
  and fresh scores, state by state, over real logs (4-player and sanma).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers.conformance import play

import mahjong_rules as mr
from mahjong_rules.actions import Action, Chi, Discard, Pass, Pon
from mahjong_rules.engine import Ruleset, _malformed
from mahjong_rules.errors import IllegalActionError, Reason
from mahjong_rules.fast import FastPaths
from mahjong_rules.notation.logs import read_log
from mahjong_rules.replay import replay_game
from mahjong_rules.replay.hand import HandReplay
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.state import Phase, State

GAMES = [("riichi", "default", False), ("riichi", "tenhou", True), ("sanma", "default", False),
         ("sanma", "tenhou", True), ("taiwanese", "default", True)]
GAME_IDS = [f"{n}-{p}-{'greedy' if g else 'random'}" for n, p, g in GAMES]
LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"
# every mjx-tests game (a riichi player passing a tile it waits on, furiten by its own
# discards, happens twice there) and two sanma logs
LOG_FILES = [*sorted(str(p.relative_to(LOGS)) for p in (LOGS / "mjx-tests").glob("*.mjlog")),
             "dnovikoff-tenhou/sanma2.xml", "mjai-reviewer3p/double_nukidora.json"]


def passes_one_by_one(rules: Ruleset, state: State) -> State:
    """The general path: ``Pass`` for the lowest seat waited for, till the window closes.

    The window closes when the phase leaves the claim window or a seat's pass is no
    longer recorded (a new window: Taiwanese flower windows open the declaration's).
    """
    while state.phase is Phase.CLAIMS:
        seat = min(rules.to_act(state))
        state = rules.apply(state, Pass(seat=seat))
        if state.claim is None or state.claim.responses[seat] is None:
            break
    return state


def windows(name: str, preset: str, greedy: bool) -> Iterator[tuple[Ruleset, State]]:
    """Every state of a played game with an open claim window."""
    rules = mr.make(name, preset)
    _, actions = play(rules, 3, max_actions=1500, checks=False, greedy=greedy, policy_seed=4)
    state = rules.setup(seed=3)
    for action in actions:
        if state.phase is Phase.CLAIMS:
            yield rules, state
        state = rules.apply(state, action)


@pytest.mark.parametrize(("name", "preset", "greedy"), GAMES, ids=GAME_IDS)
def test_apply_passes_equals_one_pass_after_another(name: str, preset: str,
                                                    greedy: bool) -> None:
    seen = timed_out = 0
    for rules, state in windows(name, preset, greedy):
        seen += 1
        assert rules.apply_passes(state) == passes_one_by_one(rules, state)
        # seats that timed out before: their pass (an own action) resets the count
        waiting = rules.to_act(state)
        if seen % 3 == 0 and waiting:
            seats = tuple(attrs.evolve(p, timeouts=1) if s in waiting else p
                          for s, p in enumerate(state.seats))
            tired = attrs.evolve(state, seats=seats)
            after = rules.apply_passes(tired)
            assert after == passes_one_by_one(rules, tired)
            timed_out += 1
    assert seen > 20
    assert timed_out > 5


@pytest.mark.parametrize("name", ["riichi", "taiwanese"])
def test_apply_passes_needs_an_open_window(name: str) -> None:
    rules = mr.make(name)
    state = rules.setup(seed=2)
    if state.phase is Phase.CLAIMS:  # the Taiwanese opening declaration window
        state = rules.apply_passes(state)
    assert state.phase is Phase.SELF_ACTION
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        rules.apply_passes(state)
    assert error.value.rejection.reason is Reason.WRONG_PHASE
    other = mr.make("sanma")
    with pytest.raises(IllegalActionError) as error:
        other.apply_passes(state)
    assert error.value.rejection.reason is Reason.RULESET_MISMATCH
    assert state.to_dict() == before


@attrs.frozen(kw_only=True)
class _OtherDiscard(Discard):
    """A subclass: not the exact class the shortcuts test, so the general path."""


@attrs.frozen(kw_only=True)
class _OtherPass(Pass):
    """A subclass: not the exact class the shortcuts test, so the general path."""


def _probes(rules: Ruleset, state: State, rng: random.Random) -> list[Action]:
    seat = rng.randrange(rules.num_seats)
    own = state.seats[state.turn].hand
    tiles = [rng.randrange(136), *(rng.sample(own, min(2, len(own))))]
    probes: list[Action] = [Pass(seat=seat), Pass(seat=seat, at=10**12)]
    for tile in tiles:
        for who in (seat, state.turn):
            probes.extend([Discard(seat=who, tile=tile), Discard(seat=who, tile=tile,
                                                                 riichi=True)])
    return probes


def _general(action: Action) -> Action:
    """The same action as the subclass that the shortcuts leave alone."""
    fields: dict[str, Any] = attrs.asdict(action)
    return (_OtherDiscard if isinstance(action, Discard) else _OtherPass)(**fields)


@pytest.mark.parametrize(("name", "preset", "greedy"), GAMES, ids=GAME_IDS)
def test_discard_and_pass_shortcuts_equal_the_general_checks(name: str, preset: str,
                                                             greedy: bool) -> None:
    rules = mr.make(name, preset)
    _, actions = play(rules, 8, max_actions=600, checks=False, greedy=greedy, policy_seed=1)
    rng = random.Random(5)
    state = rules.setup(seed=8)
    legal = refused = 0
    for action in actions:
        for probe in _probes(rules, state, rng):
            fast = rules.validate(state, probe)
            assert fast == rules.validate(state, _general(probe)), probe
            if fast is None:
                legal += 1
                assert rules.apply(state, probe) == rules.apply(state, _general(probe))
            else:
                refused += 1
        state = rules.apply(state, action)
    assert legal > 50
    assert refused > 500


def _record_states(monkeypatch: pytest.MonkeyPatch) -> list[State]:
    """Every state the replayer reaches (after each action and each window's passes)."""
    states: list[State] = []
    act: Callable[[HandReplay, Action], None] = HandReplay.act

    def recording_act(self: HandReplay, action: Action) -> None:
        act(self, action)
        states.append(self.state)

    monkeypatch.setattr(HandReplay, "act", recording_act)
    passes: Callable[[Ruleset, State], State] = Ruleset.apply_passes

    def recording_passes(self: Ruleset, state: State) -> State:
        after = passes(self, state)
        states.append(after)
        return after

    monkeypatch.setattr(Ruleset, "apply_passes", recording_passes)
    return states


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared real logs are not at {LOGS}")
@pytest.mark.parametrize("path", LOG_FILES)
def test_fast_paths_equal_the_full_paths_on_real_logs(path: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    games = read_log(LOGS / path).games
    with monkeypatch.context() as patch:
        fast = _record_states(patch)
        fast_reports = [replay_game(game) for game in games]
    with monkeypatch.context() as patch:
        full = _record_states(patch)
        patch.setattr(RiichiRuleset, "_apply_passes", passes_one_by_one_hook)
        full_reports = [replay_game(game, fast=FastPaths.none()) for game in games]
    assert len(fast) > 20
    assert fast == full
    assert [r.to_dict() for r in fast_reports] == [r.to_dict() for r in full_reports]
    assert all(h.status == "matched" for r in fast_reports for h in r.hands)


def passes_one_by_one_hook(self: RiichiRuleset, state: State) -> State:
    """``_apply_passes`` as the general path (for the real-log comparison)."""
    return passes_one_by_one(self, state)


class _Integer(int):
    """A subclass of ``int``: not a plain int, still an integer for the field checks."""


MALFORMED: list[tuple[str, Callable[[], Action]]] = [
    ("bool-tile", lambda: Discard(seat=0, tile=True)),
    ("int-riichi", lambda: Discard(seat=0, tile=1, riichi=1)),  # type: ignore[arg-type]
    ("text-time", lambda: Pass(seat=1, at="soon")),  # type: ignore[arg-type]
    ("float-call-tile", lambda: Pon(seat=1, tiles=(1.0, 2))),  # type: ignore[arg-type]
    ("bool-call-tile", lambda: Chi(seat=1, tiles=(False, 5))),
    ("integer-subclass-tile", lambda: Discard(seat=0, tile=_Integer(5))),
    ("integer-subclass-time", lambda: Pass(seat=1, at=_Integer(7))),
    ("plain", lambda: Discard(seat=0, tile=5)),
]


@pytest.mark.parametrize("make_action", [row[1] for row in MALFORMED],
                         ids=[row[0] for row in MALFORMED])
def test_plain_field_types_pass_and_the_rest_get_the_general_check(
        make_action: Callable[[], Action]) -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=4)
    action = make_action()
    expected = _malformed(action)
    rejection = rules.validate(state, action)
    if expected is None:  # well formed: the same verdict as the plain-int action
        plain = _general(action) if isinstance(action, Discard | Pass) else action
        assert rejection == rules.validate(state, plain)
        assert rejection is None or rejection.reason is not Reason.BAD_INPUT
    else:
        assert rejection is not None
        assert rejection.reason is Reason.BAD_INPUT
        assert rejection.message == expected


WINDOW_GAMES = [("riichi", "default"), ("riichi", "tenhou"), ("sanma", "default")]


@pytest.mark.parametrize(("name", "preset"), WINDOW_GAMES,
                         ids=[f"{n}-{p}" for n, p in WINDOW_GAMES])
def test_fused_window_and_last_pass_equal_the_full_paths(name: str, preset: str) -> None:
    """The discard that opens a window, the window's last pass and ``apply_passes``.

    Random play with every fast path beside ``FastPaths.none()``: at every step the same
    legal actions and the same state after the action; at every open window the same
    state after ``apply_passes``. The fast paths must have been taken many times (a
    window opened by the fused discard, closed by a last pass in one copy).
    """
    fast = mr.RULESETS[name](preset)
    full = mr.RULESETS[name](preset, fast=FastPaths.none())
    rng = random.Random(17)
    state = fast.setup(seed=17)
    opened = closed = batched = games = 0
    for _ in range(5000):
        if state.phase is Phase.GAME_OVER:
            games += 1
            state = fast.setup(seed=17 + games)
        seat = min(fast.to_act(state))
        legal = fast.legal_actions(state, seat, preferences=False)
        assert legal == full.legal_actions(state, seat, preferences=False)
        action = rng.choice(legal)
        if state.phase is Phase.CLAIMS:
            together = fast.apply_passes(state)
            assert together == full.apply_passes(state)
            batched += together.phase is Phase.SELF_ACTION
        after = fast.apply(state, action)
        assert after == full.apply(state, action), action
        opened += type(action) is Discard and after.phase is Phase.CLAIMS
        closed += (type(action) is Pass and after.phase is Phase.SELF_ACTION
                   and after.claim is None)
        state = after
    assert opened > 150
    assert closed > 50
    assert batched > 150
