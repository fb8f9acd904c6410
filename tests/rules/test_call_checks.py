"""The call checks of ``game/calls.py`` against their readable twins, kept here.

``call_leaves_discard`` (the first held tile outside the call of a kind not forbidden)
against the hand without the call's tiles searched whole, and ``chi_possible`` (the runs
of ``chi_runs``, the lowest tile of each kind found by bisection) against the runs built
and the hand's tiles of each kind listed. Both over every seat of every state of random
and greedy seeded games, every swap-call rule, every suited tile shown (chi) and every
pair of held tiles (pon and chi).
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from helpers.conformance import play

import mahjong_rules as mr
from mahjong_rules.game.calls import call_leaves_discard, chi_possible, chi_runs
from mahjong_rules.game.hand_tiles import remove, tiles_of
from mahjong_rules.options import Kuikae
from mahjong_rules.rulesets.table import TableRuleset
from mahjong_rules.state import State

CASES = [(name, kuikae, greedy) for name in ("riichi", "sanma") for kuikae in Kuikae
         for greedy in (False, True)]
CASE_IDS = [f"{n}-{k.value}-{'greedy' if g else 'random'}" for n, k, g in CASES]


def readable_leaves_discard(rules: TableRuleset[Any], state: State, seat: int,
                            used: tuple[int, ...], tile: int, kind_of_call: str) -> bool:
    """The readable twin: the rest of the hand built, then searched."""
    rest = remove(state.seats[seat].hand, used)
    forbidden = rules._kuikae(tile, used, kind_of_call)  # noqa: SLF001
    return any((t >> 2) not in forbidden for t in rest)


def readable_chi_possible(rules: TableRuleset[Any], state: State, seat: int,
                          hand: tuple[int, ...], tile: int) -> bool:
    """The readable twin: each run's two other kinds, their held tiles listed."""
    kind = tile >> 2
    pos = kind % 9
    for low in (kind - 2, kind - 1, kind):
        if low < kind - pos or low + 2 > kind - pos + 8:
            continue
        need = [k for k in (low, low + 1, low + 2) if k != kind]
        first, second = tiles_of(hand, need[0]), tiles_of(hand, need[1])
        if first and second and readable_leaves_discard(rules, state, seat,
                                                        (first[0], second[0]), tile, "chi"):
            return True
    return False


def _states(name: str, kuikae: Kuikae, greedy: bool) -> tuple[TableRuleset[Any], list[State]]:
    rules = mr.make(name, attrs.evolve(mr.make(name).options, kuikae=kuikae))
    assert isinstance(rules, TableRuleset)
    _, actions = play(rules, 5, max_actions=250, checks=False, greedy=greedy, policy_seed=2)
    state = rules.setup(seed=5)
    states = [state]
    for action in actions:
        state = rules.apply(state, action)
        states.append(state)
    return rules, states[::3]


@pytest.mark.parametrize(("name", "kuikae", "greedy"), CASES, ids=CASE_IDS)
def test_call_checks_equal_their_readable_twins(name: str, kuikae: Kuikae,
                                                greedy: bool) -> None:
    rules, states = _states(name, kuikae, greedy)
    verdicts = {True: 0, False: 0}
    for state in states:
        for seat, player in enumerate(state.seats):
            hand = player.hand
            for tile in range(0, 108, 3):  # every suited kind, ids of several copies
                got = chi_possible(rules, state, seat, hand, tile)
                assert got == readable_chi_possible(rules, state, seat, hand, tile), (
                    hand, tile)
                verdicts[got] += 1
            for used in itertools.combinations(hand, 2):
                for tile, kind_of_call in ((4 * (used[0] >> 2) + 3, "pon"),
                                           (used[0] + 5, "chi"), (used[1] - 5, "chi")):
                    got = call_leaves_discard(rules, state, seat, used, tile, kind_of_call)
                    assert got == readable_leaves_discard(
                        rules, state, seat, used, tile, kind_of_call), (hand, used, tile)
    assert min(verdicts.values()) > 20  # both answers were seen


def test_a_call_that_leaves_only_forbidden_tiles_leaves_no_discard() -> None:
    rules = mr.make("riichi")
    assert isinstance(rules, TableRuleset)
    state = rules.setup(seed=1)
    # seat 1 holds 1m 1m 2m 3m 4m and, after a chi of 1m with 2m 3m, only 1m and 4m
    hand = (0, 1, 4, 8, 12)
    state = attrs.evolve(state, seats=tuple(
        attrs.evolve(p, hand=hand) if s == 1 else p for s, p in enumerate(state.seats)))
    assert not call_leaves_discard(rules, state, 1, (4, 8), 2, "chi")
    assert call_leaves_discard(rules, state, 1, (0, 4), 8, "chi")  # 1m 2m for 3m: 1m, 4m go
    assert not chi_possible(rules, state, 1, (4, 8), 2)
    assert chi_runs(2) == ((0, 1), (1, 3), (3, 4))
