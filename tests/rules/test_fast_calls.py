"""The fused call (``mahjong_rules.fast.call``) gives the states of the readable path.

Random play of riichi (default and Tenhou's options: pao, red fives) and sanma, with
every fast path beside ``FastPaths.none()``: at each step the same legal actions, and the
same state after the action; at every ``Pon`` and ``Chi`` also the readable answer
(``game.claims.respond``, the action's rule) called directly. The fused call must have
been taken many times, and in riichi refused (the full path: a chi while a seat
that may pon has not answered) some times too.
"""

from __future__ import annotations

import random
from typing import cast

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Chi, Pon
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.call import quick_call
from mahjong_rules.game.claims import respond
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.state import Phase

GAMES = [("riichi", "default", 150, 1), ("riichi", "tenhou", 150, 1), ("sanma", "default", 40, 0)]


@pytest.mark.parametrize(("name", "preset", "least", "least_refused"), GAMES,
                         ids=[f"{n}-{p}" for n, p, _, _ in GAMES])
def test_fused_call_equals_the_full_path(name: str, preset: str, least: int,
                                         least_refused: int) -> None:
    fast = cast("RiichiRuleset", mr.RULESETS[name](preset))
    full = cast("RiichiRuleset", mr.RULESETS[name](preset, fast=FastPaths.none()))
    rng = random.Random(23)
    state = fast.setup(seed=23)
    fused = refused = games = 0
    for _ in range(8000):
        if state.phase is Phase.GAME_OVER:
            games += 1
            state = fast.setup(seed=23 + games)
        seat = min(fast.to_act(state))
        legal = fast.legal_actions(state, seat, preferences=False)
        assert legal == full.legal_actions(state, seat, preferences=False)
        # calls are rare among random choices: take one when offered, half the time
        calls = [a for a in legal if isinstance(a, Pon | Chi)]
        action = rng.choice(calls if calls and rng.random() < 0.5 else legal)
        after = fast.apply(state, action)
        assert after == full.apply(state, action), action
        if isinstance(action, Pon | Chi):
            quick = quick_call(fast, state, action)
            if quick is None:
                refused += 1
            else:
                fused += 1
                assert quick == respond(full, state, action) == after
        state = after
    print(name, preset, "fused", fused, "refused", refused)
    assert fused >= least
    assert refused >= least_refused


def test_fused_call_is_off_without_the_fast_paths() -> None:
    rules = mr.RiichiRuleset("default", fast=FastPaths.none())
    state = rules.setup(seed=5)
    rng = random.Random(5)
    while state.phase is not Phase.GAME_OVER:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat, preferences=False)
        calls = [a for a in legal if isinstance(a, Pon | Chi)]
        if calls:
            assert quick_call(rules, state, calls[0]) is None
            return
        state = rules.apply(state, rng.choice(legal))
    raise AssertionError("no call was offered")
