"""The single-hand waits and shanten (kernel/single.py, the reducer's path) agree with the
batched kernel."""

from __future__ import annotations

import random

import pytest

from mahjong_rules import kernel
from mahjong_rules.kernel.single import ORPHANS, fifth_copy_waits, shanten_single, waits_single


def _near_tenpai(rng: random.Random, kinds: list[int], suits: list[int]) -> list[int]:
    """A complete-looking hand (sets and a pair, seven pairs or orphans), maybe spoiled
    by one swap, with one tile taken out: mostly tenpai, sometimes not."""
    counts = [0] * 34
    shape = rng.random()
    if shape < 0.15:
        for kind in rng.sample(kinds, 7):
            counts[kind] = 2
    elif shape < 0.25:
        for kind in ORPHANS:
            counts[kind] = 1
        counts[rng.choice(sorted(ORPHANS))] += 1
    else:
        for _ in range(rng.choice([4, 4, 3, 2, 1, 0])):
            if rng.random() < 0.45:
                low = 9 * rng.choice(suits) + rng.randrange(7)
                group = [low, low + 1, low + 2]
            else:
                group = [rng.choice(kinds)] * 3
            for kind in group:
                counts[kind] += 1
        counts[rng.choice(kinds)] += 2
    if rng.random() < 0.3:
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        counts[rng.choice(kinds)] += 1
    counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    return counts


@pytest.mark.parametrize("mask", [kernel.ALL_KINDS, kernel.SANMA_KINDS], ids=["4p", "sanma"])
def test_waits_equal_the_kernel_shanten(mask: tuple[bool, ...]) -> None:
    rng = random.Random(7)
    kinds = [k for k in range(34) if mask[k]]
    suits = [1, 2] if mask is kernel.SANMA_KINDS else [0, 1, 2]
    tenpai = 0
    for _ in range(1500):
        counts = _near_tenpai(rng, kinds, suits)
        if max(counts) > 4 or any(c and not mask[k] for k, c in enumerate(counts)):
            continue
        expected: set[int] = set()
        if shanten_single(list(counts), mask) <= 0:
            expected = {k for k in kinds if counts[k] < 4 and shanten_single(
                [c + (j == k) for j, c in enumerate(counts)], mask) == -1}
        tenpai += bool(expected)
        assert waits_single(tuple(counts), mask) == expected, counts
    assert tenpai > 400


def _near_tenpai_taiwanese(rng: random.Random) -> list[int]:
    """A 17-tile winning-looking hand (five sets and a pair, or seven pairs and a
    triplet), maybe spoiled by one swap, with one tile taken out (16 tiles)."""
    counts = [0] * 34
    if rng.random() < 0.3:
        chosen = rng.sample(range(34), 8)
        for kind in chosen[:7]:
            counts[kind] += 2
        counts[chosen[7]] += 3
        if rng.random() < 0.3:  # four of a kind as two pairs
            counts[chosen[0]] += 2
            counts[chosen[1]] -= 2
    else:
        for _ in range(5):
            if rng.random() < 0.5:
                low = 9 * rng.randrange(3) + rng.randrange(7)
                group = [low, low + 1, low + 2]
            else:
                group = [rng.randrange(34)] * 3
            for kind in group:
                counts[kind] += 1
        counts[rng.randrange(34)] += 2
    if rng.random() < 0.3:
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        counts[rng.randrange(34)] += 1
    counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    return counts


def test_taiwanese_waits_equal_the_kernel_shanten() -> None:
    rng = random.Random(11)
    mask = kernel.ALL_KINDS
    tenpai = special = 0
    for _ in range(800):
        counts = _near_tenpai_taiwanese(rng)
        if max(counts) > 4:
            continue
        expected: set[int] = set()
        if shanten_single(list(counts), mask, 5) <= 0:
            expected = {k for k in range(34) if counts[k] < 4 and shanten_single(
                [c + (j == k) for j, c in enumerate(counts)], mask, 5) == -1}
        tenpai += bool(expected)
        special += sum(c == 3 for c in counts) == 0 and sum(c >= 2 for c in counts) >= 7
        assert waits_single(tuple(counts), mask, 5) == expected, counts
    assert tenpai > 200
    assert special > 20


def _kernel_waits(counts: list[int], mask: tuple[bool, ...], n_sets: int) -> set[int]:
    """The reference: every kind of the set whose tile brings the kernel's shanten to -1."""
    if shanten_single(list(counts), mask, n_sets) > 0:
        return set()
    return {k for k in range(34) if mask[k] and counts[k] < 4 and shanten_single(
        [c + (j == k) for j, c in enumerate(counts)], mask, n_sets) == -1}


@pytest.mark.parametrize(("mask", "n_sets"), [(kernel.ALL_KINDS, 4), (kernel.SANMA_KINDS, 4),
                                              (kernel.ALL_KINDS, 5)],
                         ids=["4p", "sanma", "taiwanese"])
def test_waits_of_dealt_hands_equal_the_kernel_shanten(mask: tuple[bool, ...],
                                                       n_sets: int) -> None:
    """Hands of every size a seat can hold (3n+1 with melds set aside), dealt at random
    and kept only when they are one or two tiles from tenpai, so that many are tenpai."""
    rng = random.Random(23)
    tiles = [t for t in range(136) if mask[t >> 2]]
    checked = tenpai = 0
    while checked < 600:
        size = 3 * rng.randrange(n_sets + 1) + 1
        counts = [0] * 34
        for tile in rng.sample(tiles, size):
            counts[tile >> 2] += 1
        # bring the hand closer to a win: replace tiles until it is tenpai or the tries end
        for _ in range(30):
            if shanten_single(list(counts), mask, n_sets) <= 0:
                break
            held = [k for k in range(34) if counts[k]]
            counts[rng.choice(held)] -= 1
            near = rng.choice(held)
            counts[near if counts[near] < 4 else rng.choice(held)] += 1
            if max(counts) > 4:
                break
        if max(counts) > 4:
            continue
        expected = _kernel_waits(counts, mask, n_sets)
        tenpai += bool(expected)
        checked += 1
        assert waits_single(tuple(counts), mask, n_sets) == expected, counts
    assert tenpai > 150


def _sets_and_pair(counts: list[int], pair: bool = False) -> bool:
    """Plain recursion: the tiles (any count, five of a kind too) split into sets and a
    pair (``pair``: the pair is taken already)."""
    first = next((k for k, c in enumerate(counts) if c), None)
    if first is None:
        return pair
    for block, needs_no_pair in (((first,) * 3, True), ((first,) * 2, not pair),
                                 ((first, first + 1, first + 2), True)):
        if not needs_no_pair or (len(set(block)) == 3 and (first >= 27 or first % 9 > 6)):
            continue
        rest = counts[:]
        for kind in block:
            rest[kind] -= 1
        if min(rest) >= 0 and _sets_and_pair(rest, pair or len(block) == 2):
            return True
    return False


def test_fifth_copy_waits_are_the_quads_whose_fifth_copy_completes() -> None:
    """``fifth_copy_waits`` against a plain recursion, on near-tenpai hands holding a quad."""
    rng = random.Random(11)
    kinds = list(range(34))
    found = 0
    for _ in range(6000):
        counts = _near_tenpai(rng, kinds, [0, 1, 2])
        quad = rng.choice(kinds)
        counts[quad] = 4
        extra = sum(counts) - 13
        while extra > 0:  # back to 13 tiles, the quad kept
            kind = rng.choice([k for k in kinds if counts[k] and k != quad])
            counts[kind] -= 1
            extra -= 1
        if sum(counts) != 13 or max(counts) > 4:
            continue
        expected = {k for k in kinds if counts[k] == 4 and _sets_and_pair(
            [c + (j == k) for j, c in enumerate(counts)])}
        found += bool(expected)
        assert fifth_copy_waits(counts) == expected, counts
    assert found > 40
