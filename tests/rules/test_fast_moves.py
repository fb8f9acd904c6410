"""The riichi own-turn moves from hand facts (``fast/moves.py``) against the readable hook.

- For every preset of riichi and sanma, in random, eager (any win, riichi, call or kan
  taken) and greedy seeded games, a ruleset with ``FastPaths(moves=False)`` (the readable
  ``_self_actions``) beside the default one: at every step the legal actions of the seat
  to act (with and without the preference actions), value and order, and the states.
- The readable hook and the fast one on states changed to reach their rare branches
  (every seat in riichi, the wall nearly empty, too few points, ``FifthTile.NONE``).
- The fact the fast path rests on: a 14-tile hand is complete (shanten -1) exactly when
  the kind of one of its tiles is a wait of the other 13 (hypothesis, random hands).
- The hand cache's prefilters (``may_wait``, ``may_be_ready``) never refuse a hand with a
  wait or a shanten of 0 or -1 (random hands and hands near a complete shape).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from helpers.conformance import play
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.hand_cache import may_be_ready, may_wait
from mahjong_rules.fast.moves import own_turn
from mahjong_rules.kernel import ALL_KINDS, SANMA_KINDS
from mahjong_rules.kernel.single import KIND_OF_ID, kinds_waits, shanten_single, waits_single
from mahjong_rules.options import FifthTile
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.state import Phase, State, with_all_seats

CASES = [(name, preset, policy) for name in ("riichi", "sanma")
         for preset in mr.RULESETS[name]().options.preset_names()
         for policy in ("random", "eager", "greedy")]
CASE_IDS = [f"{n}-{p}-{policy}" for n, p, policy in CASES]
SEED = 13
ACTIONS = 600


def _rules(name: str, preset: str, fast: FastPaths) -> RiichiRuleset[Any]:
    rules = mr.RULESETS[name](preset, fast=fast)
    assert isinstance(rules, RiichiRuleset)
    return rules


def _eager(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A win, riichi, call or kan when one is offered, else a random move."""
    keen = [a for a in legal if a.type in ("tsumo", "ron", "pon", "chi", "daiminkan", "ankan",
                                           "kakan", "kita")
            or getattr(a, "riichi", False)]
    return rng.choice(keen or list(legal))


def _variants(state: State) -> list[State]:
    """The own-turn state with the rare branches' conditions."""
    return [with_all_seats(state, riichi=True), with_all_seats(state, points=0),
            attrs.evolve(state, live=state.live[:2]), attrs.evolve(state, live=())]


@pytest.mark.parametrize(("name", "preset", "policy"), CASES, ids=CASE_IDS)
def test_fast_moves_equal_the_readable_moves_through_whole_games(
        name: str, preset: str, policy: str) -> None:
    fast = _rules(name, preset, FastPaths())
    plain = _rules(name, preset, FastPaths(moves=False))
    seen = 0
    if policy == "greedy":
        _, actions = play(fast, SEED, max_actions=ACTIONS, checks=False, greedy=True,
                          policy_seed=3)
        chosen = iter(actions)
    rng = random.Random(SEED)
    state = other = fast.setup(seed=SEED)
    for _ in range(ACTIONS):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(fast.to_act(state))
        legal = fast.legal_actions(state, seat, preferences=False)
        assert legal == plain.legal_actions(other, seat, preferences=False)
        assert fast.legal_actions(state, seat) == plain.legal_actions(other, seat)
        if state.phase is Phase.SELF_ACTION:
            seen += 1
            for variant in _variants(state):
                assert own_turn(fast, variant, seat) == RiichiRuleset._self_actions(  # noqa: SLF001
                    plain, variant, seat)
        if policy == "greedy":
            action = next(chosen, None)
            if action is None:
                break
        else:
            action = _eager(legal, rng) if policy == "eager" else rng.choice(legal)
        state, other = fast.apply(state, action), plain.apply(other, action)
        assert state == other
    assert seen > 50


def test_fifth_tile_none_and_the_turn_after_a_call() -> None:
    """Under ``FifthTile.NONE`` a turn right after a call asks the riichi check too."""
    options = attrs.evolve(mr.RiichiOptions(), fifth_tile=FifthTile.NONE)
    fast = mr.RiichiRuleset(options)
    plain = mr.RiichiRuleset(options, fast=FastPaths(moves=False))
    rng = random.Random(5)
    state = fast.setup(seed=5)
    called = 0
    for _ in range(1500):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(fast.to_act(state))
        legal = fast.legal_actions(state, seat, preferences=False)
        assert legal == plain.legal_actions(state, seat, preferences=False)
        if state.phase is Phase.SELF_ACTION and state.seats[seat].drawn is None:
            called += 1
            probe = attrs.evolve(state, seats=tuple(
                attrs.evolve(p, called_this_turn=False) if s == seat else p
                for s, p in enumerate(state.seats)))
            assert own_turn(fast, probe, seat) == RiichiRuleset._self_actions(  # noqa: SLF001
                plain, probe, seat)
        state = fast.apply(state, _eager(legal, rng))
    assert called > 5


def _hands(size: int, kinds: range) -> st.SearchStrategy[list[int]]:
    """Sorted kinds of ``size`` tiles, each kind at most four times."""
    return st.lists(st.sampled_from(list(kinds)), min_size=size, max_size=size).filter(
        lambda hand: max(hand.count(k) for k in hand) <= 4).map(sorted)


@settings(max_examples=400, deadline=None)
@given(hand=_hands(14, range(34)), sanma=st.booleans())
def test_a_complete_hand_is_a_wait_of_the_rest(hand: list[int], sanma: bool) -> None:
    mask = SANMA_KINDS if sanma else ALL_KINDS
    if not all(mask[k] for k in hand):
        hand = [k if mask[k] else 0 for k in hand]
        if max(hand.count(k) for k in hand) > 4:
            return
    counts = [hand.count(k) for k in range(34)]
    complete = shanten_single(counts, mask, 4) == -1
    for drawn in set(hand):
        rest = list(hand)
        rest.remove(drawn)
        assert (drawn in kinds_waits(bytes(rest), mask, 4)) == complete, (hand, drawn)


def test_complete_hands_of_every_shape() -> None:
    """The same on complete hands built on purpose: sets and a pair, seven pairs, orphans."""
    rng = random.Random(3)
    made = 0
    for _ in range(3000):
        shape = rng.randrange(3)
        if shape == 0:
            hand: list[int] = []
            for _ in range(4):
                low = rng.randrange(34)
                if low < 27 and low % 9 <= 6 and rng.random() < 0.6:
                    hand += [low, low + 1, low + 2]
                else:
                    hand += [low] * 3
            hand += [rng.randrange(34)] * 2
        elif shape == 1:
            hand = [k for k in rng.sample(range(34), 7) for _ in range(2)]
        else:
            orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
            hand = [*orphans, rng.choice(orphans)]
        if max(hand.count(k) for k in hand) > 4:
            continue
        hand.sort()
        counts = [hand.count(k) for k in range(34)]
        assert shanten_single(counts, ALL_KINDS, 4) == -1
        for drawn in set(hand):
            rest = list(hand)
            rest.remove(drawn)
            assert drawn in kinds_waits(bytes(rest), ALL_KINDS, 4)
        made += 1
    assert made > 2000


def _near_complete(rng: random.Random, tiles: list[int], size: int) -> tuple[int, ...]:
    """A sorted hand of ``size`` ids near a complete shape (sets and a pair, seven pairs,
    thirteen orphans), a tile or two changed: the hands the prefilters must not miss."""
    by_kind: dict[int, list[int]] = {}
    for tile in tiles:
        by_kind.setdefault(tile >> 2, []).append(tile)
    kinds = sorted(by_kind)
    wanted: list[int] = []
    shape = rng.randrange(3)
    if shape == 0:
        while len(wanted) < 12:
            low = rng.choice(kinds)
            run = [low, low + 1, low + 2]
            wanted += run if low < 27 and low % 9 <= 6 and all(
                k in by_kind for k in run) and rng.random() < 0.6 else [low] * 3
        wanted += [rng.choice(kinds)] * 2
    elif shape == 1:
        wanted = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    else:
        orphans = [k for k in kinds if k in (0, 8, 9, 17, 18, 26) or k >= 27]
        wanted = [*orphans, rng.choice(orphans)]
    pool = {k: list(v) for k, v in by_kind.items()}
    hand = [pool[kind].pop() for kind in wanted if pool[kind]]
    rest = [t for v in pool.values() for t in v]
    rng.shuffle(rest)
    while len(hand) > size - rng.randrange(2):
        hand.remove(rng.choice(hand))
    while len(hand) < size:
        hand.append(rest.pop())
    return tuple(sorted(hand))


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_the_prefilters_never_refuse_a_hand_with_a_wait_or_ready(name: str) -> None:
    """``may_wait`` ``False``: no waits; ``may_be_ready`` ``False``: shanten 1 or more."""
    rules = _rules(name, "default", FastPaths())
    tiles = list(rules.tile_ids())
    mask = rules.kinds_mask()
    rng = random.Random(7)
    refused = {13: 0, 14: 0}
    for round_ in range(20_000):
        size = 13 + round_ % 2
        hand = (_near_complete(rng, tiles, size) if round_ % 4 < 2
                else tuple(sorted(rng.sample(tiles, size))))
        kinds = bytes(hand).translate(KIND_OF_ID)
        counts = [kinds.count(k) for k in range(34)]
        if size == 13:
            if not may_wait(hand, kinds):
                refused[13] += 1
                assert not waits_single(bytes(counts), mask, 4), hand
        elif not may_be_ready(hand, kinds):
            refused[14] += 1
            assert shanten_single(counts, mask, 4) >= 1, hand
    assert min(refused.values()) > 500


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_a_wait_before_the_draw_makes_the_hand_ready(name: str) -> None:
    """The riichi shortcut of ``own_turn``: when the 13 tiles left by any one tile of a
    14-tile hand have a wait, the whole hand's shanten is 0 or -1 (no shanten call)."""
    rules = _rules(name, "default", FastPaths())
    tiles = list(rules.tile_ids())
    mask = rules.kinds_mask()
    rng = random.Random(11)
    with_wait = 0
    for round_ in range(6000):
        hand = (_near_complete(rng, tiles, 14) if round_ % 2
                else tuple(sorted(rng.sample(tiles, 14))))
        kinds = bytes(hand).translate(KIND_OF_ID)
        shanten = shanten_single([kinds.count(k) for k in range(34)], mask, 4)
        for at in range(14):
            rest = kinds[:at] + kinds[at + 1:]
            if waits_single(bytes(rest.count(k) for k in range(34)), mask, 4):
                with_wait += 1
                assert shanten <= 0, (hand, at)
    assert with_wait > 2000
