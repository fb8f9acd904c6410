"""The claim window's one-pass ``window_waits`` against its readable twin, kept here.

Over random windows of 3 and 4 seats (every mix of options and answers, consistent or
not) and over every window of seeded random and greedy games, after each answer; the
answers of ``apply_passes`` (all seats passing, no test after each) are compared with
one pass after another in ``tests/rules/test_fast_paths.py``. A window nobody answers
at its opening stays open without asking ``_maybe_resolve``: whole seeded games (riichi,
sanma, Taiwanese) reach the same states with that shortcut off.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from helpers.conformance import play

import mahjong_rules as mr
from mahjong_rules.game import claims
from mahjong_rules.game.claims import PASS, PRIORITY, window_waits
from mahjong_rules.rulesets.table import TableRuleset
from mahjong_rules.state import CallKind, ClaimSource, ClaimWindow, Phase, Response

OPTIONS: list[tuple[CallKind, ...]] = [
    (), (CallKind.RON,), (CallKind.PON,), (CallKind.CHI,), (CallKind.PON, CallKind.DAIMINKAN),
    (CallKind.RON, CallKind.PON), (CallKind.PON, CallKind.CHI), (CallKind.RON, CallKind.CHI),
    (CallKind.PON, CallKind.DAIMINKAN, CallKind.CHI)]
ANSWERS: list[Response | None] = [None, None, PASS, Response(kind=CallKind.RON),
                                  Response(kind=CallKind.PON, tiles=(1, 2)),
                                  Response(kind=CallKind.CHI, tiles=(5, 9)),
                                  Response(kind=CallKind.DAIMINKAN)]


def readable_window_waits(claim: ClaimWindow, responses: Sequence[Response | None]) -> bool:
    """The readable twin: the seats waited for listed, then each condition tested."""
    waiting = [s for s, o in enumerate(claim.options) if o and responses[s] is None]
    if not waiting:
        return False
    declared = [PRIORITY[r.kind] for r in responses if r is not None and r.kind != "pass"]
    best = max(declared, default=0)
    ron_waiting = any("ron" in claim.options[s] for s in waiting)
    if best == 0 or ron_waiting:
        return True
    return best == 1 and any(set(claim.options[s]) & {"pon", "daiminkan"} for s in waiting)


@pytest.mark.parametrize("seats", [3, 4])
def test_window_waits_equals_its_readable_twin_on_random_windows(seats: int) -> None:
    rules = mr.make("riichi" if seats == 4 else "sanma")
    assert isinstance(rules, TableRuleset)
    rng = random.Random(seats)
    verdicts = {True: 0, False: 0}
    for _ in range(20_000):
        claim = ClaimWindow(source=ClaimSource.DISCARD, tile=17, from_seat=0,
                            options=tuple(rng.choice(OPTIONS) for _ in range(seats)),
                            responses=(None,) * seats)
        responses = [rng.choice(ANSWERS) for _ in range(seats)]
        got = window_waits(rules, claim, responses)
        assert got == readable_window_waits(claim, responses), (claim.options, responses)
        verdicts[got] += 1
    assert min(verdicts.values()) > 2000


@pytest.mark.parametrize(("name", "greedy"), [("riichi", False), ("riichi", True),
                                              ("sanma", False), ("sanma", True)])
def test_window_waits_equals_its_readable_twin_in_play(name: str, greedy: bool) -> None:
    rules = mr.make(name, "tenhou")
    assert isinstance(rules, TableRuleset)
    _, actions = play(rules, 7, max_actions=1500, checks=False, greedy=greedy, policy_seed=3)
    state = rules.setup(seed=7)
    windows = 0
    for action in actions:
        claim = state.claim
        if state.phase is Phase.CLAIMS and claim is not None:
            windows += 1
            responses: list[Response | None] = list(claim.responses)
            assert window_waits(rules, claim, responses) == readable_window_waits(
                claim, responses)
            for seat, options in enumerate(claim.options):  # each seat passing in turn
                if options and responses[seat] is None:
                    responses[seat] = PASS
                    assert window_waits(rules, claim, responses) == readable_window_waits(
                        claim, responses)
        state = rules.apply(state, action)
    assert windows > 20


@pytest.mark.parametrize(("name", "greedy"), [("riichi", False), ("riichi", True),
                                              ("sanma", True), ("taiwanese", False)])
def test_open_window_shortcut_gives_the_states_of_the_general_path(
        name: str, greedy: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = mr.make(name)
    _, actions = play(rules, 9, max_actions=1200, checks=False, greedy=greedy, policy_seed=5)

    def states() -> list[object]:
        state = rules.setup(seed=9)
        seen: list[object] = [state]
        for action in actions:
            state = rules.apply(state, action)
            seen.append(state)
        return seen

    fast = states()
    monkeypatch.setattr(claims, "_default_closing", lambda _rules: False)
    assert states() == fast
    assert sum(1 for s in fast if getattr(s, "phase", None) is Phase.CLAIMS) > 5
