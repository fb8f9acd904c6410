"""Waits and ukeire: known hands, and agreement with the reference shanten."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.shanten_reference import shanten as reference_shanten
from helpers.walls import random_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules import kernel
from mahjong_rules.kernel import KernelInputError
from mahjong_rules.notation import format_kinds, parse_counts

WAIT_CASES = [
    ("1112345678999m", "123456789m", "pure nine gates: nine-sided wait"),
    ("123m456p789s1122z", "12z", "shanpon"),
    ("19m19p19s1234567z", "19m19p19s1234567z", "thirteen orphans, thirteen-sided"),
    ("1122m3344p5566s7z", "7z", "seven pairs tanki"),
    ("1111m123p456s789s", "", "a wait on a fifth copy does not exist"),
    ("2223m456p789s123z", "", "two-shanten: no waits"),
    ("3m", "3m", "a lone tile waits on its pair"),
    ("2345m", "25m", "nobetan: 2m with 345m or 5m with 234m"),
]


@pytest.mark.parametrize(("hand", "expected"),
                         [(h, e) for h, e, _ in WAIT_CASES], ids=[c[0] for c in WAIT_CASES])
def test_known_waits(hand: str, expected: str) -> None:
    counts = parse_counts(hand)
    assert format_kinds(np.nonzero(kernel.waits(counts))[0]) == format_kinds(
        np.nonzero(parse_counts(expected))[0]
    )
    assert bool(kernel.is_tenpai(counts)) == bool(expected)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([1, 4, 7, 10, 13]))
def test_waits_match_reference(seed: int, size: int) -> None:
    hands = random_hands(np.random.default_rng(seed), 3, size, quad_share=0.3)
    result = kernel.waits(hands)
    for row, hand in enumerate(hands):
        for kind in range(34):
            plus = hand.copy()
            plus[kind] += 1
            expected = hand[kind] < 4 and reference_shanten(plus.tolist()) == -1
            assert bool(result[row, kind]) == expected


def test_draw_ukeire_counts_unseen_copies() -> None:
    hand = parse_counts("123m456p789s1123z")
    visible = parse_counts("2z3z3z")
    result = kernel.draw_ukeire(hand, visible)
    # 1z: 2 left (one in hand... two in hand), 2z: 4-1-1 = 2, 3z: 4-1-2 = 1
    assert int(result.shanten) == 1
    assert result.remaining[27] == 2
    assert result.remaining[28] == 2
    assert result.remaining[29] == 1
    assert int(result.total) == 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_draw_ukeire_is_consistent(seed: int) -> None:
    hands = random_hands(np.random.default_rng(seed), 4, 13)
    result = kernel.draw_ukeire(hands)
    for row, hand in enumerate(hands):
        base = reference_shanten(hand.tolist())
        assert int(result.shanten[row]) == base
        for kind in range(34):
            plus = hand.copy()
            plus[kind] += 1
            improves = hand[kind] < 4 and reference_shanten(plus.tolist()) < base
            assert int(result.remaining[row, kind]) == (4 - hand[kind] if improves else 0)
        assert int(result.total[row]) == int(result.remaining[row].sum())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_discard_ukeire_is_consistent(seed: int) -> None:
    hands = random_hands(np.random.default_rng(seed), 2, 14)
    result = kernel.discard_ukeire(hands)
    for row, hand in enumerate(hands):
        for kind in range(34):
            if hand[kind] == 0:
                assert result.after[row, kind] == kernel.NOT_HELD
                assert result.total[row, kind] == 0
                continue
            minus = hand.copy()
            minus[kind] -= 1
            discarded = np.zeros(34, dtype=np.uint8)
            discarded[kind] = 1  # the discarded tile lies in the river: seen
            single = kernel.draw_ukeire(minus, discarded)
            assert int(result.after[row, kind]) == int(single.shanten)
            assert int(result.total[row, kind]) == int(single.total)


def test_ukeire_dispatches_on_size() -> None:
    assert isinstance(kernel.ukeire(parse_counts("123m456p789s1123z")), kernel.Ukeire)
    assert isinstance(kernel.ukeire(parse_counts("123m456p789s11234z")), kernel.DiscardUkeire)
    with pytest.raises(KernelInputError):
        kernel.ukeire(np.stack([parse_counts("1m"), parse_counts("11m")]))


def test_waits_reject_3n2_hands() -> None:
    with pytest.raises(KernelInputError):
        kernel.waits(parse_counts("11m"))
