"""The hand cache's group filter (``fast.hand_cache``) against the kernel, issue 16.

- ``group_shape`` equals a brute-force decomposition of every group of up to 8 tiles
  of a suit and of the honours;
- ``may_wait`` ``False`` means the kernel finds no waits, ``may_be_ready`` ``False``
  shanten 1 or more, for concealed hands of every size (melds called: 1 to 14 tiles),
  random and near a complete shape; and the group test refuses hands the residues let
  through (else the filter would be the residue test alone).
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

import mahjong_rules as mr
from mahjong_rules.fast.hand_cache import group_shape, may_be_ready, may_wait
from mahjong_rules.kernel.single import KIND_OF_ID, shanten_single, waits_single


@cache
def _sets_only(counts: tuple[int, ...], runs: bool) -> bool:
    """Brute force: the counts split into triplets and (``runs``) runs, every way tried."""
    if not any(counts):
        return True
    for at, count in enumerate(counts):
        if count >= 3:
            rest = list(counts)
            rest[at] -= 3
            if _sets_only(tuple(rest), runs):
                return True
        if runs and at <= 6 and count and counts[at + 1] and counts[at + 2]:
            rest = list(counts)
            for step in range(3):
                rest[at + step] -= 1
            if _sets_only(tuple(rest), runs):
                return True
    return False


def _brute_shape(kinds: tuple[int, ...], base: int, runs: bool) -> int:
    counts = [0] * 9
    for kind in kinds:
        counts[kind - base] += 1
    if _sets_only(tuple(counts), runs):
        return 1
    for at in range(9):
        if counts[at] >= 2:
            counts[at] -= 2
            pair = _sets_only(tuple(counts), runs)
            counts[at] += 2
            if pair:
                return 2
    return 0


@pytest.mark.parametrize(("base", "width"), [(0, 9), (9, 9), (18, 9), (27, 7)],
                         ids=["man", "pin", "sou", "honours"])
def test_group_shape_is_the_brute_force_decomposition(base: int, width: int) -> None:
    checked = 0
    for size in range(9):
        for combo in itertools.combinations_with_replacement(range(base, base + width), size):
            if any(combo.count(kind) > 4 for kind in combo):
                continue
            expected = _brute_shape(combo, base, runs=base < 27)
            if size % 3 == 1:
                expected = 0
            elif size % 3 == 0 and expected == 2:
                expected = 0  # a pair is never in a group of 3n tiles
            elif size % 3 == 2 and expected == 1:
                expected = 0
            assert group_shape(bytes(combo)) == expected, combo
            checked += 1
    assert checked > 1000


def _near_complete(rng: random.Random, tiles: list[int], size: int) -> tuple[int, ...]:
    """Sets and a pair of ``size // 3`` sets (one or two tiles changed), or seven pairs."""
    by_kind: dict[int, list[int]] = {}
    for tile in tiles:
        by_kind.setdefault(tile >> 2, []).append(tile)
    kinds = sorted(by_kind)
    wanted: list[int] = []
    if size >= 13 and rng.random() < 0.2:
        wanted = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    else:
        while len(wanted) < 3 * (size // 3):
            low = rng.choice(kinds)
            run = [low, low + 1, low + 2]
            wanted += run if low < 27 and low % 9 <= 6 and all(
                k in by_kind for k in run) and rng.random() < 0.6 else [low] * 3
        wanted += [rng.choice(kinds)] * 2
    pool = {k: list(v) for k, v in by_kind.items()}
    hand = [pool[kind].pop() for kind in wanted if pool[kind]]
    rest = [t for v in pool.values() for t in v]
    rng.shuffle(rest)
    for _ in range(rng.randrange(3)):
        hand.remove(rng.choice(hand))
    while len(hand) > size:
        hand.remove(rng.choice(hand))
    while len(hand) < size:
        hand.append(rest.pop())
    return tuple(sorted(hand))


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_the_group_filter_never_refuses_a_hand_that_waits_or_is_ready(name: str) -> None:
    rules = mr.RiichiRuleset() if name == "riichi" else mr.SanmaRuleset()
    tiles = list(rules.tile_ids())
    mask = rules.kinds_mask()
    rng = random.Random(16)
    refused = dict.fromkeys(range(1, 15), 0)
    seen = dict.fromkeys(range(1, 15), 0)
    kept = dict.fromkeys(range(1, 15), 0)  # hands the filter let through that do wait
    for round_ in range(24_000):
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14, 13, 14))
        hand = (_near_complete(rng, tiles, size) if round_ % 2
                else tuple(sorted(rng.sample(tiles, size))))
        kinds = bytes(hand).translate(KIND_OF_ID)
        counts = [kinds.count(k) for k in range(34)]
        seen[size] += 1
        if size % 3 == 1:  # the ruleset's own questions: n_sets 4 for every size
            waits = waits_single(bytes(counts), mask, 4)
            if not may_wait(hand, kinds):
                refused[size] += 1
                assert not waits, hand
            elif waits:
                kept[size] += 1
        else:
            shanten = shanten_single(counts, mask, 4)
            if not may_be_ready(hand, kinds):
                refused[size] += 1
                assert shanten >= 1, hand
            elif shanten <= 0:
                kept[size] += 1
    for size in (4, 5, 7, 8, 10, 11, 13, 14):
        assert refused[size] > seen[size] // 4, (size, refused, seen)
        assert kept[size] > 0, (size, kept)


def test_the_group_test_refuses_what_the_residues_let_through() -> None:
    """A hand whose residues fit a wait but whose groups are far from sets: refused."""
    # 1m 2m 4m | 1p 3p 5p | 1s 2s 3s 7s | E S W: residues 0 0 1 0, two groups open
    hand = (0, 4, 12, 36, 44, 52, 72, 76, 80, 96, 108, 112, 116)
    kinds = bytes(hand).translate(KIND_OF_ID)
    assert not may_wait(hand, kinds)
    assert not waits_single(bytes(kinds.count(k) for k in range(34)),
                            mr.RiichiRuleset().kinds_mask(), 4)
    # 1m 2m 3m | 1p 2p 3p | 1s 2s 3s 7s | E E E: waits on 7s
    hand = (0, 4, 8, 36, 40, 44, 72, 76, 80, 96, 108, 109, 110)
    assert may_wait(hand, bytes(hand).translate(KIND_OF_ID))


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_waits_of_a_hand_in_any_order(name: str) -> None:
    """``waits`` of the tiles in any order (a rebuilt mjai hand) equals the sorted hand's."""
    rules = mr.RiichiRuleset() if name == "riichi" else mr.SanmaRuleset()
    tiles = list(rules.tile_ids())
    rng = random.Random(18)
    waiting = 0
    for round_ in range(3000):
        hand = list(_near_complete(rng, tiles, 13) if round_ % 2 else rng.sample(tiles, 13))
        expected = waits_single(bytes(bytes(hand).translate(KIND_OF_ID).count(k)
                                      for k in range(34)), rules.kinds_mask(), 4)
        rng.shuffle(hand)
        rules.cache.clear()
        assert rules.waits(tuple(hand)) == expected, hand
        waiting += bool(expected)
    assert waiting > 50
