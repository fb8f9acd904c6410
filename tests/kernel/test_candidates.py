"""discard_draw_shanten: the same answers as kernel.shanten on every hand it stands for."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.kernel_hands import OPTIONS, dense_hand
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from mahjong_rules import kernel
from mahjong_rules.kernel import KernelInputError, _joins, _lookup, discard_draw_shanten
from mahjong_rules.kernel import _shanten as core
from mahjong_rules.notation import format_kinds, parse_counts


def expected(hand: NDArray[np.uint8], options: dict[str, object]) -> tuple[
        int, list[int], NDArray[np.int8], NDArray[np.int8]]:
    """The readable way: every hand built and given to kernel.shanten."""
    held = [k for k in range(34) if hand[k]]
    base = int(kernel.shanten(hand, **options))  # type: ignore[arg-type]
    minus = np.repeat(hand[None, :], len(held), axis=0)
    minus[np.arange(len(held)), held] -= 1
    after = kernel.shanten(minus, **options)  # type: ignore[arg-type]
    mask = np.array(options.get("kinds", kernel.ALL_KINDS), dtype=np.bool_)
    drawn = np.full((len(held), 34), kernel.NOT_DRAWN, dtype=np.int8)
    for row in range(len(held)):
        room = (minus[row] < 4) & mask
        plus = minus[row][None, :] + np.eye(34, dtype=np.uint8)
        drawn[row, room] = kernel.shanten(plus[room], **options)  # type: ignore[arg-type]
    return base, held, after, drawn


@pytest.mark.parametrize("name", sorted(OPTIONS))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), full=st.booleans(), extra=st.integers(0, 33))
def test_matches_kernel_shanten(name: str, seed: int, full: bool, extra: int) -> None:
    options = OPTIONS[name]
    hand = dense_hand(np.random.default_rng(seed), options, full)
    base, held, after, drawn = expected(hand, options)
    every = discard_draw_shanten(hand, **options)  # type: ignore[arg-type]
    assert every.shanten == base
    assert every.held.tolist() == held == every.rows.tolist()
    assert every.after.tolist() == after.tolist()
    assert every.drawn.tolist() == drawn.tolist()
    best = discard_draw_shanten(hand, draws="best", extra=[extra], **options)  # type: ignore[arg-type]
    rows = [i for i, k in enumerate(held) if after[i] == after.min() or k == extra]
    assert best.shanten == base
    assert best.after.tolist() == after.tolist()
    assert best.rows.tolist() == [held[i] for i in rows]
    assert best.drawn.tolist() == drawn[rows].tolist()


KNOWN = [
    # hand, the rows of draws="best" (the discards of the lowest shanten), the waits after
    # the first row's discard
    ("123m456p789s11345z", "345z", ""),  # one-shanten whatever goes
    ("123m456p789s11223z", "3z", "12z"),  # shanpon
    ("1112345678999m5z", "258m5z", "5z"),  # 2m, 5m or 8m leave a 5z tanki
    ("1122m3344p5566s77z", "12m34p56s7z", "1m"),  # complete seven pairs: any pair split
    ("19m19p19s12345677z", "19m19p19s1234567z", "1m"),  # complete thirteen orphans
    ("1111m234p567p888s9s", "1m", "79s"),  # 9s out: the lone 1m waits on a fifth copy
]


@pytest.mark.parametrize(("hand", "rows", "waits"), KNOWN, ids=[k[0] for k in KNOWN])
def test_known_hands(hand: str, rows: str, waits: str) -> None:
    table = discard_draw_shanten(parse_counts(hand), draws="best")
    assert format_kinds(table.rows) == rows
    assert format_kinds((table.drawn[0] == -1).nonzero()[0]) == waits


def test_taiwanese_pairs_shape_and_a_fourth_copy() -> None:
    # Seven pairs and a triplet, 17 tiles, a quad counted as two pairs: complete.
    hand = parse_counts("1111m2233p4455s66777z")
    table = discard_draw_shanten(hand, n_sets=5, quad_as_two_pairs=True, thirteen_orphans=False)
    assert table.shanten == int(kernel.shanten(hand, n_sets=5, quad_as_two_pairs=True,
                                               thirteen_orphans=False)) == -1
    # Drawing back a kind held four times after discarding it is the hand itself; a kind
    # whose four copies stay in the hand cannot be drawn.
    row = table.held.tolist().index(0)
    assert table.drawn[row, 0] == -1
    other = table.held.tolist().index(10)  # 2p
    assert table.drawn[other, 0] == kernel.NOT_DRAWN


@pytest.mark.parametrize(("counts", "reason"), [
    (parse_counts("111999m111999p111999s22z"), "bad_hand_size"),
    (parse_counts("19m19p19s1234567z"), "bad_hand_size"),
    (np.zeros((2, 34), dtype=np.uint8), "bad_shape"),
    (parse_counts("234m456p789s11223z"), "outside_tile_set"),
], ids=["too_many", "3n+1", "batch", "sanma_2m"])
def test_contract(counts: object, reason: str) -> None:
    with pytest.raises(KernelInputError) as caught:
        discard_draw_shanten(counts, kinds=kernel.SANMA_KINDS)  # type: ignore[arg-type]
    assert caught.value.reason.value == reason


def test_draws_option_is_checked() -> None:
    with pytest.raises(KernelInputError):
        discard_draw_shanten(parse_counts("123m456p789s11234z"), draws="some")  # type: ignore[arg-type]


def test_unrolled_joins_match_the_kernel() -> None:
    profiles = _lookup.runtime().py_profiles
    rng = random.Random(7)
    for _ in range(3000):
        classes = [rng.randrange(len(profiles)) for _ in range(4)]
        n = rng.randrange(6)
        assert _joins.joined(classes[0], classes[1]) == core._joined_pair(classes[0], classes[1])  # noqa: SLF001
        value = core._exact_value(*classes, n)  # noqa: SLF001
        assert _joins.exact_value(*classes, n) == value
