"""Shanten: tables of known hands, the 40,000 peer cases, the reference and the mahjong package."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers.shanten_reference import pairs_shape, regular, thirteen_orphans
from helpers.shanten_reference import shanten as reference_shanten
from helpers.walls import random_hands
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from mahjong_rules import kernel
from mahjong_rules.errors import Reason
from mahjong_rules.kernel import KernelInputError
from mahjong_rules.notation import parse_counts

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "data" / "fixtures" / "majiang-core"
SANMA = np.array(kernel.SANMA_KINDS)
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


# --------------------------------------------------------------------------- table


# (hand, expected shanten, the reason the value is right)
CASES = [
    ("1m", 0, "a lone tile waits on its pair"),
    ("11m", -1, "a pair alone completes a hand after four melds"),
    ("12m", 0, "discard one, wait on the other"),
    ("123m456p789s1122z", 0, "three sets and two pairs: shanpon wait"),
    ("123m456p789s1234z", 2, "three sets and four isolated honours"),
    ("123456789m1234p", 0, "four sets and a lone 4p"),
    ("1112345678999m", 0, "nine gates"),
    ("11123456789999m", -1, "nine gates completed"),
    ("19m19p19s1234567z", 0, "thirteen orphans, thirteen-sided wait"),
    ("19m19p19s12345677z", -1, "thirteen orphans completed"),
    ("1122m3344p5566s7z", 0, "six pairs and a single: seven pairs tenpai"),
    ("1122m3344p5566s77z", -1, "seven pairs completed"),
    ("1111m2233p4455s66z", 1, "a quad is one pair for seven pairs"),
    ("1111m123p456s789s", 1, "the only wait would be a fifth 1m"),
    ("1111z123m456m789m", 1, "an honour quad leaves a useless fourth tile"),
    ("2468m2468p2468s1z", 4, "six gapped partial sets, only four slots, no pair"),
    ("1357m", 1, "two partial sets for one slot, no pair"),
]


@pytest.mark.parametrize(("hand", "expected"), [(h, e) for h, e, _ in CASES],
                         ids=[c[0] for c in CASES])
def test_known_hands(hand: str, expected: int) -> None:
    counts = parse_counts(hand)
    assert int(kernel.shanten(counts)) == expected
    assert int(kernel.shanten(counts[None])[0]) == expected
    assert reference_shanten(counts.tolist()) == expected


SANMA_CASES = [
    # 1m and 9m have no neighbours in sanma: they read like honours, quads included
    ("1111m111122233z", 2, "two honour-like quads in a 13-tile hand"),
    ("19m19p19s1234567z", 0, "thirteen orphans exists in sanma"),
    ("11m99m123p456s789s", 0, "1m and 9m pairs: shanpon"),
]


@pytest.mark.parametrize(("hand", "expected"), [(h, e) for h, e, _ in SANMA_CASES],
                         ids=[c[0] for c in SANMA_CASES])
def test_sanma_hands(hand: str, expected: int) -> None:
    counts = parse_counts(hand)
    assert int(kernel.shanten(counts, kinds=SANMA)) == expected
    assert int(kernel.shanten(counts[None], kinds=SANMA)[0]) == expected
    assert reference_shanten(counts.tolist(), kinds=SANMA.tolist()) == expected


TAIWANESE_CASES = [
    ("123456789m123456p1z", 0, "five sets and a single"),
    ("123456789m123456p11z", -1, "five sets and a pair"),
    ("1122m3344p5566s11177z", -1, "seven pairs and a triplet"),
    ("1111m3344p5566s1117z", 0, "a quad is two pairs; wait on 7z"),
    ("1122m3344p5566s1177z", 0, "eight pairs: one becomes the triplet"),
]


@pytest.mark.parametrize(("hand", "expected"), [(h, e) for h, e, _ in TAIWANESE_CASES],
                         ids=[c[0] for c in TAIWANESE_CASES])
def test_taiwanese_hands(hand: str, expected: int) -> None:
    counts = parse_counts(hand)
    got = kernel.shanten(counts, n_sets=5, quad_as_two_pairs=True)
    assert int(got) == expected
    batch = kernel.shanten(counts[None], n_sets=5, quad_as_two_pairs=True)
    assert int(batch[0]) == expected
    assert reference_shanten(counts.tolist(), n_sets=5, quad_as_two_pairs=True) == expected


# --------------------------------------------------------------------------- peer fixtures


def _load_fixture(number: int) -> tuple[NDArray[np.uint8], NDArray[np.int8]]:
    path = FIXTURES / f"xiangting_{number}.json"
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared not beside the checkout)")
    records = json.loads(path.read_text())
    counts = np.zeros((len(records), 34), dtype=np.uint8)
    expected = np.array([r["x"] for r in records], dtype=np.int8)
    for row, record in enumerate(records):
        for tile in record["q"]:
            counts[row, SUIT_BASE[tile[0]] + int(tile[1]) - 1] += 1
    return counts, expected


@pytest.mark.parametrize("number", [1, 2, 3, 4], ids=["general", "half-flush", "full-flush",
                                                       "orphans"])
def test_peer_shanten_fixtures(number: int) -> None:
    counts, expected = _load_fixture(number)
    np.testing.assert_array_equal(kernel.shanten_regular(counts), expected[:, 0])
    np.testing.assert_array_equal(kernel.shanten_thirteen_orphans(counts), expected[:, 1])
    np.testing.assert_array_equal(kernel.shanten_seven_pairs(counts), expected[:, 2])
    np.testing.assert_array_equal(kernel.shanten(counts), expected.min(axis=1))


# --------------------------------------------------------------------------- random hands


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]),
       sanma=st.booleans())
def test_matches_reference(seed: int, size: int, sanma: bool) -> None:
    hands = random_hands(np.random.default_rng(seed), 4, size, sanma=sanma)
    mask = SANMA if sanma else np.ones(34, dtype=bool)
    batch = kernel.shanten(hands, kinds=mask)
    for row, hand in enumerate(hands):
        expected = reference_shanten(hand.tolist(), kinds=mask.tolist())
        assert int(batch[row]) == expected
        assert int(kernel.shanten(hand, kinds=mask)) == expected


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([16, 17]))
def test_taiwanese_matches_reference(seed: int, size: int) -> None:
    hands = random_hands(np.random.default_rng(seed), 2, size)
    batch = kernel.shanten(hands, n_sets=5, quad_as_two_pairs=True)
    for row, hand in enumerate(hands):
        expected = reference_shanten(hand.tolist(), n_sets=5, quad_as_two_pairs=True)
        assert int(batch[row]) == expected
        assert int(kernel.shanten(hand, n_sets=5, quad_as_two_pairs=True)) == expected
        assert int(kernel.shanten_seven_pairs(hand, quad_as_two_pairs=True, triplet=True)) == (
            pairs_shape(hand.tolist(), triplets_needed=1, quad_as_two_pairs=True))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_special_forms_match_reference(seed: int) -> None:
    hands = random_hands(np.random.default_rng(seed), 8, 14, quad_share=0.5)
    pairs = kernel.shanten_seven_pairs(hands)
    orphans = kernel.shanten_thirteen_orphans(hands)
    for row, hand in enumerate(hands):
        assert int(pairs[row]) == pairs_shape(hand.tolist())
        assert int(orphans[row]) == thirteen_orphans(hand.tolist())
        assert int(kernel.shanten_regular(hand)) == regular(hand.tolist())


# --------------------------------------------------------------------------- mahjong package

MAHJONG_SIZES = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]


@pytest.mark.parametrize("sanma", [False, True], ids=["four-player", "sanma"])
@pytest.mark.parametrize("size", MAHJONG_SIZES, ids=[f"{s}-tiles" for s in MAHJONG_SIZES])
def test_matches_mahjong_package(size: int, sanma: bool) -> None:
    shanten_module = pytest.importorskip("mahjong.shanten")
    count = 40_000 if size >= 13 and not sanma else 10_000
    rng = np.random.default_rng(1000 * size + sanma)
    hands = random_hands(rng, count, size, sanma=sanma, quad_share=0.05)
    mask = SANMA if sanma else None
    ours = kernel.shanten(hands, kinds=mask)
    calculate = shanten_module.Shanten.calculate_shanten
    theirs = np.array([calculate(h, is_three_player=sanma) for h in hands.tolist()])
    mismatches = np.nonzero(ours != theirs)[0]
    assert not len(mismatches), [hands[i].tolist() for i in mismatches[:5]]
    singles = np.array([int(kernel.shanten(h, kinds=mask)) for h in hands[:2000]])
    np.testing.assert_array_equal(singles, theirs[:2000])


# --------------------------------------------------------------------------- shapes and input


def test_leading_axes_are_kept() -> None:
    rng = np.random.default_rng(3)
    hands = random_hands(rng, 24, 13).reshape(2, 3, 4, 34)
    result = kernel.shanten(hands)
    assert result.shape == (2, 3, 4)
    assert result.dtype == np.int8
    flat = kernel.shanten(hands.reshape(-1, 34))
    np.testing.assert_array_equal(result.reshape(-1), flat)


def test_empty_batch() -> None:
    assert kernel.shanten(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_list_input_takes_single_path() -> None:
    counts = parse_counts("123m456p789s1122z").tolist()
    assert int(kernel.shanten(counts)) == 0
    assert int(kernel.shanten(tuple(counts))) == 0


BAD_INPUTS = [
    ("five-copies", [5] + [0] * 33, {}),
    ("negative", [-1, 2] + [0] * 32, {}),
    ("size-3", [3] + [0] * 33, {}),
    ("size-15", [4, 4, 4, 3] + [0] * 30, {}),
    ("wrong-length", [1] * 33, {}),
    ("sanma-2m", [0, 1] + [0] * 32, {"kinds": SANMA}),
]


@pytest.mark.parametrize(("counts", "options"), [(c, o) for _, c, o in BAD_INPUTS],
                         ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_is_rejected(counts: list[int], options: dict[str, object]) -> None:
    with pytest.raises(KernelInputError):
        kernel.shanten(counts, **options)  # type: ignore[arg-type]
    with pytest.raises(KernelInputError):
        kernel.shanten(np.array([counts]), **options)  # type: ignore[arg-type]


def test_validation_can_be_skipped() -> None:
    counts = parse_counts("123m456p789s1122z")
    assert int(kernel.shanten(counts, validate=False)) == 0


@pytest.mark.parametrize(("counts", "options", "reason"), [
    ([5] + [0] * 33, {}, "bad_counts"),
    ([1] * 33, {}, "bad_shape"),
    ([3] + [0] * 33, {}, "bad_hand_size"),
    ([0, 1] + [0] * 32, {"kinds": SANMA}, "outside_tile_set"),
    ([1] + [0] * 33, {"n_sets": 6}, "bad_shape"),
], ids=["five-copies", "wrong-length", "size-3", "sanma-2m", "n-sets-6"])
def test_bad_input_reason_codes(counts: list[int], options: dict[str, object],
                                reason: str) -> None:
    with pytest.raises(KernelInputError) as exc:
        kernel.shanten(np.array([counts]), **options)  # type: ignore[arg-type]
    assert exc.value.reason is Reason(reason)
    assert Reason(exc.value.reason).value == reason


def test_float_single_hand_is_rejected() -> None:
    with pytest.raises(KernelInputError):
        kernel.shanten(np.ones(34, dtype=np.float64))


@pytest.mark.parametrize(("n_sets", "size", "sanma"),
                         [(4, 14, False), (4, 13, True), (4, 8, False), (5, 17, False),
                          (5, 16, False)],
                         ids=["riichi-14", "sanma-13", "riichi-8", "taiwanese-17", "taiwanese-16"])
def test_quad_paths_agree(n_sets: int, size: int, sanma: bool) -> None:
    """Hands with a quad: the vectorized exact path (a batch of more than 512 of them)
    and the memoized single-hand path give the same regular shanten."""
    hands = random_hands(np.random.default_rng(size + 10 * n_sets), 1500, size, sanma=sanma,
                         quad_share=1.0)
    mask = SANMA if sanma else None
    batch = kernel.shanten_regular(hands, kinds=mask, n_sets=n_sets)
    singles = [int(kernel.shanten_regular(hand, kinds=mask, n_sets=n_sets)) for hand in hands]
    assert batch.tolist() == singles
