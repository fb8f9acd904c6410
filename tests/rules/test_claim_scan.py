"""The claim scan (``fast/claim_scan.py``) against its readable twin (``riichi_claims.py``).

For every preset of riichi and sanma, in random and greedy seeded games:

- at every claim window opened (a discard, an added or closed kan, a kita; the fused
  discard off, so every window asks ``_claim_options``), the readable options equal the
  scan's, value and order, also with the limits changed (every seat refusing calls or in
  riichi, an empty wall, four kans);
- a whole game played with ``FastPaths(claims=False)`` reaches the states and offers the
  legal actions the default ruleset does, action by action;
- the shortcut of a call by a hand with room (``call_keeps_discard``) against the
  table's ``call_leaves_discard``, for every swap-call rule.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import attrs
import pytest
from helpers.conformance import play

import mahjong_rules as mr
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.claim_scan import call_keeps_discard, claim_scan
from mahjong_rules.game import calls
from mahjong_rules.options import Kuikae, RiichiOptions
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.rulesets.riichi_claims import claim_options
from mahjong_rules.state import CallKind, State, with_all_seats, with_seat

CASES = [(name, preset, greedy) for name in ("riichi", "sanma")
         for preset in mr.RULESETS[name]().options.preset_names()
         for greedy in (False, True)]
CASE_IDS = [f"{n}-{p}-{'greedy' if g else 'random'}" for n, p, g in CASES]
SEED = 11
ACTIONS = 500


def _rules(name: str, preset: str, fast: FastPaths) -> RiichiRuleset[Any]:
    rules = mr.RULESETS[name](preset, fast=fast)
    assert isinstance(rules, RiichiRuleset)
    return rules


def _variants(state: State) -> list[State]:
    """The window's table with the limits the scan tests: every seat refusing calls, in
    riichi, the last tile shown (an empty wall), four kans made."""
    return [with_all_seats(state, no_calls=True), with_all_seats(state, riichi=True),
            attrs.evolve(state, live=()), attrs.evolve(state, kan_count=4)]


@pytest.mark.parametrize(("name", "preset", "greedy"), CASES, ids=CASE_IDS)
def test_readable_claim_options_equal_the_scan_at_every_window(
        name: str, preset: str, greedy: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[str] = Counter()

    def compared(self: RiichiRuleset[Any], state: State, seat: int, tile: int,
                 source: str) -> tuple[tuple[CallKind, ...], ...]:
        scan = claim_scan(self, state, seat, tile, source)[0]
        assert claim_options(self, state, seat, tile, source) == scan, (seat, tile, source)
        for variant in _variants(state):
            assert claim_options(self, variant, seat, tile, source) == claim_scan(
                self, variant, seat, tile, source)[0]
        seen[source] += 1
        seen.update(str(kind) for options in scan for kind in options)
        return scan

    monkeypatch.setattr(RiichiRuleset, "_claim_options", compared)
    rules = _rules(name, preset, FastPaths(discards=False))
    play(rules, SEED, max_actions=ACTIONS, checks=False, greedy=greedy, policy_seed=2)
    assert seen["discard"] > 100
    assert seen["pon"] > 0


def test_the_compared_windows_hold_every_claim() -> None:
    """The games above reach every kind of claim option (so the comparison covers each)."""
    seen: Counter[str] = Counter()
    for name, preset, greedy in CASES[:4] + CASES[-4:]:
        rules = _rules(name, preset, FastPaths(discards=False))
        _, actions = play(rules, SEED, max_actions=ACTIONS, checks=False, greedy=greedy,
                          policy_seed=2)
        state = rules.setup(seed=SEED)
        for action in actions:
            if state.claim is not None:
                seen.update(str(kind) for options in state.claim.options for kind in options)
            state = rules.apply(state, action)
    assert {"ron", "pon", "chi", "daiminkan"} <= set(seen), seen


@pytest.mark.parametrize(("name", "preset", "greedy"), CASES, ids=CASE_IDS)
def test_games_without_the_scan_reach_the_same_states(name: str, preset: str,
                                                      greedy: bool) -> None:
    fast = _rules(name, preset, FastPaths())
    plain = _rules(name, preset, FastPaths(claims=False))
    assert plain.fast.discards
    assert not plain.fast.claims
    _, actions = play(fast, SEED, max_actions=ACTIONS, checks=False, greedy=greedy,
                      policy_seed=2)
    state = other = fast.setup(seed=SEED)
    assert plain.setup(seed=SEED).to_dict() == state.to_dict()
    for action in actions:
        seat = min(fast.to_act(state))
        assert plain.legal_actions(other, seat) == fast.legal_actions(state, seat)
        state, other = fast.apply(state, action), plain.apply(other, action)
        assert other.to_dict() == state.to_dict()
    assert len(actions) > 100


@pytest.mark.parametrize("kuikae", list(Kuikae), ids=lambda k: k.value)
def test_a_hand_with_room_keeps_a_discard_after_every_call(kuikae: Kuikae) -> None:
    """``call_keeps_discard`` never says yes where the table's check says no.

    Random hands of every size a seat can hold at a claim (13, 10, 7, 4 tiles), full of
    the claimed kind and the kinds beside it, every pon and chi on every tile they can
    claim: where the shortcut says the call keeps a discard, the readable
    ``call_leaves_discard`` (riichi's swap-call rule) agrees; small hands that keep none
    are met too (the shortcut must not answer for them).
    """
    rules = RiichiRuleset(RiichiOptions(kuikae=kuikae), fast=FastPaths.none())
    state = rules.setup(seed=1)
    rng = random.Random(5)
    checked = refused = 0
    for _ in range(4000):
        size = rng.choice((13, 10, 7, 4))
        kind = rng.randrange(27)
        near = [k for k in range(kind - 3, kind + 4) if 0 <= k < 27 and k // 9 == kind // 9]
        pool = [t for k in near for t in range(4 * k, 4 * k + 4) if t != 4 * kind]
        hand = tuple(sorted(rng.sample(pool, min(size, len(pool)))))
        if len(hand) != size:
            continue
        probe = with_seat(state, 1, hand=hand)
        tile = 4 * kind
        choices = [("pon", pair) for pair in rules._pon_choices(hand, tile)]  # noqa: SLF001
        choices += [("chi", pair) for pair in calls.chi_choices(
            cast("Any", _AnyCall(rules)), probe, 1, hand, tile)]
        for name, pair in choices:
            leaves = calls.call_leaves_discard(rules, probe, 1, pair, tile, name)
            refused += not leaves
            if call_keeps_discard(size, name):
                checked += 1
                assert leaves, (kuikae, hand, name, pair)
    assert checked > 3000
    if kuikae is not Kuikae.ALLOWED:
        assert refused > 10


class _AnyCall:
    """A ruleset whose every call leaves a discard: ``chi_choices`` lists every run."""

    def __init__(self, rules: RiichiRuleset[Any]) -> None:
        self.rules = rules

    def _call_leaves_discard(self, *_args: object) -> bool:
        return True
