"""``Ruleset.waits`` reads a hand given in any iterable, not only a state's sorted tuple."""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr

HANDS = {
    # 13-tile hands: tile ids (kind * 4 + copy)
    "single": [0, 4, 8, 12, 16, 20, 36, 40, 44, 72, 76, 80, 124],
    "pair-wait": [0, 1, 36, 40, 44, 48, 52, 56, 72, 76, 80, 108, 109],
    "none": [0, 8, 16, 24, 36, 44, 52, 60, 72, 80, 88, 108, 116],
    "seven-pairs": [0, 1, 8, 9, 16, 17, 36, 37, 44, 45, 72, 73, 124],
}


@pytest.mark.parametrize("name", sorted(HANDS))
@pytest.mark.parametrize("preset", ["default", "tenhou"])
def test_the_order_of_the_tiles_does_not_change_the_waits(name: str, preset: str) -> None:
    rules = mr.RiichiRuleset(preset)
    hand = HANDS[name]
    expected = mr.RiichiRuleset(preset).waits(tuple(sorted(hand)))
    shuffled = hand[:]
    random.Random(name).shuffle(shuffled)
    assert rules.waits(shuffled) == expected
    assert rules.waits(reversed(hand)) == expected
    assert rules.waits(tuple(sorted(hand))) == expected
    assert (name == "none") is (not expected)
