"""Hypothesis properties of the Taiwanese scorer over random winning hands.

For every random winning hand (5 sets and a pair with random melds, or seven pairs and a
triplet; random winning tile, flowers, tsumo or ron, winds and early-win count), under
every preset:

- it scores (a winning shape is never refused);
- the payments sum to zero and match the total (ron: one payer, tsumo: three);
- the total tai is the sum of the items' tai, and the items obey the combination rules
  (one item per ladder, each absorbed item absent where its absorber is present);
- the chosen reading is worth at least every other reading.
"""

from __future__ import annotations

import random

import attrs
from helpers.taiwanese_hands import random_taiwanese_win
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules.options import TaiTable, TaiwaneseOptions, WaitRule
from mahjong_rules.scoring import TaiwaneseHand, every_reading, score_taiwanese
from mahjong_rules.scoring.division import Form, readings

LADDERS = (
    {"little_three_winds", "big_three_winds", "little_four_winds", "big_four_winds"},
    {"little_three_dragons", "big_three_dragons"},
    {"two_concealed_triplets", "three_concealed_triplets", "four_concealed_triplets",
     "five_concealed_triplets"},
    {"half_flush", "full_flush"},
    {"pure_straight", "concealed_pure_straight"},
    {"concealed_hand", "self_drawn", "concealed_self_draw"},
    {"edge_or_closed_wait", "single_wait", "all_exposed"},
    {"early_win", "very_early_win", "heavenly_hand", "earthly_hand"},
    {"no_flowers", "flowers"},
)
ABSORBED = {
    "no_honours_no_flowers": {"no_honours", "no_flowers"},
    "all_runs_no_honours_no_flowers": {"all_runs", "no_honours_no_flowers", "no_honours",
                                       "no_flowers"},
    "seven_pairs_and_triplet": {"honour_sets", "melded_kongs", "concealed_kongs",
                                "pure_straight", "concealed_pure_straight", *LADDERS[0],
                                *LADDERS[1], *LADDERS[2], "all_runs",
                                "all_runs_no_honours_no_flowers", "all_triplets"},
}


def _hands(seed: int, discards: int | None, discarder: int) -> TaiwaneseHand:
    hand = random_taiwanese_win(random.Random(seed))
    # no discard yet: only a dealer's tsumo with a closed hand is possible
    possible = hand.tsumo and hand.is_dealer and hand.is_closed
    return attrs.evolve(
        hand, discards_before_win=1 if discards == 0 and not possible else discards,
        discarder_wind=None if hand.tsumo else (hand.seat_wind + discarder) % 4)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32 - 1), discards=st.none() | st.integers(0, 40),
       discarder=st.integers(1, 3),
       preset=st.sampled_from(TaiwaneseOptions.preset_names()))
def test_random_winning_hands(seed: int, discards: int | None, discarder: int,
                              preset: str) -> None:
    hand = _hands(seed, discards, discarder)
    options = TaiwaneseOptions.preset(preset)
    result = score_taiwanese(hand, options)
    ids = [item.id for item in result.items]

    assert result.deltas is not None
    assert sum(result.deltas) == 0
    # the home table's dealer extra: what the dealer adds to a non-dealer's tsumo
    extra = result.payments.get("dealer_extra", 0)
    assert extra == 0 or (hand.tsumo and not hand.is_dealer)
    assert result.deltas[hand.seat_wind] == result.total == result.tai * (
        3 if hand.tsumo else 1) + extra
    assert result.tai == sum(item.tai for item in result.items) > 0

    assert len(ids) == len(set(ids))
    for ladder in LADDERS:
        assert len(ladder.intersection(ids)) <= 1, ids
    for absorber, absorbed in ABSORBED.items():
        if absorber in ids:
            assert not absorbed.intersection(ids), ids
    flowers = {item.id: item.tai for item in result.items}.get("flowers", 0)
    assert flowers == (0 if options.table is TaiTable.HOME else len(hand.flowers))

    totals = [sum(item.tai for item in items) for _, items in every_reading(hand, options)]
    assert result.tai == max(totals)
    assert result.reading is not None
    if result.reading.form is Form.SEVEN_PAIRS_AND_TRIPLET:
        # the home table has no such item (0 tai: absent)
        assert ("seven_pairs_and_triplet" in ids) is (options.table is not TaiTable.HOME)


WAIT_ITEMS = {"edge_or_closed_wait", "single_wait"}


@settings(deadline=None)  # the first call loads the kernel's tables
@given(seed=st.integers(0, 2**32 - 1))
def test_only_tile_wait_rule_against_the_division(seed: int) -> None:
    # the strict rule keeps a wait item only when the hand had one winning kind; the
    # count here comes from the division code, the scorer's from the kernel
    hand = random_taiwanese_win(random.Random(seed))
    held = [0] * 34
    for tile in (*hand.concealed, *(t for meld in hand.melds for t in meld.tiles)):
        held[tile.kind] += 1
    winning = sum(1 for kind in range(34) if held[kind] < 4 and readings(
        [t.kind for t in hand.concealed], win=kind, melds=hand.melds, tsumo=hand.tsumo,
        n_sets=5))
    placed = WAIT_ITEMS & {item.id for item in score_taiwanese(hand).items}
    strict = WAIT_ITEMS & {item.id for item in score_taiwanese(
        hand, TaiwaneseOptions(wait_rule=WaitRule.ONLY_TILE)).items}
    if winning == 1:
        assert strict == placed
    else:
        assert not strict
