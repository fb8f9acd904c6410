"""kernel.discards.discard_draws: the answers of discard_draw_shanten(draws="best")."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.kernel_hands import OPTIONS, dense_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules import kernel
from mahjong_rules.kernel import discard_draw_shanten
from mahjong_rules.kernel.discards import DiscardDraws, discard_draws
from mahjong_rules.notation import parse_counts


def single(hand: list[int], options: dict[str, object], extra: list[int]) -> DiscardDraws:
    kinds = options.get("kinds", kernel.ALL_KINDS)
    assert isinstance(kinds, tuple)
    return discard_draws(hand, kinds, int(options.get("n_sets", 4)),  # type: ignore[call-overload]
                         seven_pairs=bool(options.get("seven_pairs", True)),
                         thirteen_orphans=bool(options.get("thirteen_orphans", True)),
                         quad_as_two_pairs=bool(options.get("quad_as_two_pairs", False)),
                         extra=extra)


def same(hand: list[int], options: dict[str, object], extra: list[int]) -> None:
    before = list(hand)
    table = single(hand, options, extra)
    assert hand == before  # the caller's counts are left as they were
    batched = discard_draw_shanten(hand, draws="best", extra=extra, **options)  # type: ignore[arg-type]
    assert table.shanten == batched.shanten
    assert list(table.held) == batched.held.tolist()
    assert list(table.after) == batched.after.tolist()
    assert list(table.rows) == batched.rows.tolist()
    assert [list(row) for row in table.better] == better_of(batched)


def better_of(batched: kernel.DiscardDraw) -> list[list[int]]:
    """Per row of the batched table, the kinds whose draw lowers the row's shanten."""
    levels = [int(batched.after[batched.held.tolist().index(kind)]) for kind in batched.rows]
    return [np.flatnonzero(row < level).tolist() for row, level in zip(batched.drawn, levels,
                                                                         strict=True)]


@pytest.mark.parametrize("name", sorted(OPTIONS))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), full=st.booleans(),
       extra=st.lists(st.integers(0, 33), max_size=3))
def test_matches_the_batched_call(name: str, seed: int, full: bool, extra: list[int]) -> None:
    hand = dense_hand(np.random.default_rng(seed), OPTIONS[name], full).tolist()
    same(hand, OPTIONS[name], extra)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_matches_on_many_hands(name: str) -> None:
    """Many dense hands per option, twice each (the second time from the rows' memo)."""
    rng = np.random.default_rng(sorted(OPTIONS).index(name))
    picker = random.Random(5)
    for _ in range(300):
        hand = dense_hand(rng, OPTIONS[name], picker.random() < 0.7).tolist()
        extra = list(range(34)) if picker.random() < 0.5 else [picker.randrange(34)]
        same(hand, OPTIONS[name], extra)
        same(hand, OPTIONS[name], extra)


@pytest.mark.parametrize("text", [
    "123m456p789s11345z", "123m456p789s11223z", "1112345678999m5z", "1122m3344p5566s77z",
    "19m19p19s12345677z", "1111m234p567p888s9s", "1111m2222p333s444z", "11112222333344z",
    # a draw that makes four of a kind, where only the exact join is right (1z: 1, not 0)
    "444888s1114444z5z", "111666m4444p111z7z",
])
def test_known_hands(text: str) -> None:
    same([int(c) for c in parse_counts(text)], {}, [])
    same([int(c) for c in parse_counts(text)], {}, list(range(34)))
    same([int(c) for c in parse_counts(text)], OPTIONS["quads_as_pairs"], [0])


def test_the_check_sees_a_wrong_row() -> None:
    """The comparison above fails on a table that differs in one kind."""
    hand = [int(c) for c in parse_counts("123m456p789s11345z")]
    table = single(hand, {}, [])
    batched = discard_draw_shanten(hand, draws="best")
    assert [list(row) for row in table.better] == better_of(batched) == [
        [27, 30, 31], [27, 29, 31], [27, 29, 30]]
    wrong = [list(row) for row in table.better]
    wrong[0].append(33)
    assert wrong != better_of(batched)
