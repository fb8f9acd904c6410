"""The shipped shanten tables: regenerated from our generator, and spot-checked by brute force."""

from __future__ import annotations

import functools
import itertools
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from mahjong_rules.kernel import _lookup, _tables
from mahjong_rules.kernel._tables import HD, MAX_SLOTS, NEG, NP0, NP1, NP2, PP


@pytest.mark.skipif(not (os.environ.get("MAHJONG_RULES_TABLES")
                         or os.environ.get("MAHJONG_RULES_SOAK")),
                    reason="about 100 s: set MAHJONG_RULES_TABLES=1 (.ci/run does, as a "
                           "step of its own)")
def test_shipped_tables_equal_a_fresh_generation() -> None:
    """The .npz file in the package is exactly what the generator produces."""
    fresh = _tables.generate()
    shipped = _tables.shipped()
    assert sorted(fresh) == sorted(shipped)
    assert _tables.checksum(fresh) == _tables.checksum(dict(shipped))


def test_shipped_tables_are_read_only() -> None:
    for array in _tables.shipped().values():
        assert not array.flags.writeable


def brute_force_profile(digits: list[int], *, chain: bool) -> list[list[int]]:
    """Slot profile of one group by enumerating every decomposition (no tables, no DP)."""
    best = [[NEG] * (MAX_SLOTS + 1) for _ in range(5)]
    original = list(digits)
    tiles = list(digits)

    def value(blocks: int, points: int, k: int) -> int:
        return points - max(0, blocks - k)

    def record(sets: int, partials: int, pairs: int, state: int) -> None:
        for k in range(MAX_SLOTS + 1):
            if pairs == 0:
                best[NP0 + state][k] = max(best[NP0 + state][k],
                                           value(sets + partials, 2 * sets + partials, k))
            best[PP][k] = max(best[PP][k],
                              value(sets + partials + pairs, 2 * sets + partials + pairs, k))
            if pairs:
                best[HD][k] = max(best[HD][k], value(sets + partials + pairs - 1,
                                                     2 * sets + partials + pairs, k))

    def search(pos: int, sets: int, partials: int, pairs: int, state: int,
               paired: bool) -> None:
        while pos < 9 and tiles[pos] == 0:
            pos += 1
            paired = False
        if pos == 9:
            record(sets, partials, pairs, state)
            return
        if not chain:
            count = tiles[pos]
            tiles[pos] = 0
            if count == 4:
                search(pos, sets + 1, partials, pairs, max(state, 1), False)
            elif count == 3:
                search(pos, sets + 1, partials, pairs, state, False)
            elif count == 2:
                search(pos, sets, partials, pairs + 1, state, False)
            else:
                search(pos, sets, partials, pairs, 2, False)
            tiles[pos] = count
            return
        moves: list[tuple[list[int], int, int, int]] = []  # (tiles used, sets, partials, pairs)
        if tiles[pos] >= 3:
            moves.append(([pos] * 3, 1, 0, 0))
        if pos <= 6 and tiles[pos + 1] and tiles[pos + 2]:
            moves.append(([pos, pos + 1, pos + 2], 1, 0, 0))
        if tiles[pos] >= 2 and not paired:
            moves.append(([pos, pos], 0, 0, 1))
        moves.extend(([pos, pos + step], 0, 1, 0) for step in (1, 2)
                     if pos + step <= 8 and tiles[pos + step])
        for used, add_sets, add_partials, add_pairs in moves:
            for index in used:
                tiles[index] -= 1
            search(pos, sets + add_sets, partials + add_partials, pairs + add_pairs, state,
                   paired or bool(add_pairs))
            for index in used:
                tiles[index] += 1
        tiles[pos] -= 1
        new_state = max(state, 1 if original[pos] == 4 else 2)
        search(pos, sets, partials, pairs, new_state, paired)
        tiles[pos] += 1

    search(0, 0, 0, 0, 0, False)
    return best


def _code(digits: list[int]) -> int:
    return sum(d * 5**i for i, d in enumerate(digits))


@settings(max_examples=300, deadline=None)
@given(digits=st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda d: sum(d) <= 14),
       chain=st.booleans())
def test_profiles_match_brute_force(digits: list[int], chain: bool) -> None:
    tables = _tables.shipped()
    key = "chain_class" if chain else "forced_class"
    profile = tables["profiles"][int(tables[key][_code(digits)])].tolist()
    assert profile == brute_force_profile(digits, chain=chain)


@pytest.mark.parametrize("digits", [
    [0] * 9, [4, 4, 4, 2, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1],
    [3, 1, 1, 1, 1, 1, 1, 1, 3], [4, 0, 0, 0, 0, 0, 0, 0, 4], [2, 2, 2, 2, 2, 2, 2, 0, 0],
], ids=["empty", "quads-and-pair", "straight", "nine-gates", "terminal-quads", "seven-pairs"])
def test_corner_profiles(digits: list[int]) -> None:
    tables = _tables.shipped()
    for chain, key in ((True, "chain_class"), (False, "forced_class")):
        profile = tables["profiles"][int(tables[key][_code(digits)])].tolist()
        assert profile == brute_force_profile(digits, chain=chain)


def test_combine_is_commutative_and_has_an_identity() -> None:
    profiles = _tables.shipped()["profiles"].astype(np.int16)
    rng = np.random.default_rng(0)
    empty = profiles[int(_tables.shipped()["chain_class"][0])]
    for a, b in itertools.islice(zip(rng.choice(len(profiles), 50),
                                     rng.choice(len(profiles), 50), strict=True), 50):
        left = _tables.combine(profiles[a], profiles[b])
        right = _tables.combine(profiles[b], profiles[a])
        np.testing.assert_array_equal(left, right)
        np.testing.assert_array_equal(_tables.combine(profiles[a], empty), profiles[a])


def test_profile_types_are_named() -> None:
    assert (NP0, NP1, NP2, PP, HD) == (0, 1, 2, 3, 4)


def _stats_by_digits(code: int, orphan_digits: tuple[int, ...]) -> dict[str, int]:
    """The per-code statistics read digit by digit (the readable twin of ``code_stats``)."""
    digits = [(code // 5**position) % 5 for position in range(_tables.DIGITS)]
    orphans = [digits[p] for p in orphan_digits]
    return {"size": sum(digits), "quad": int(4 in digits),
            "pairs": sum(d >= 2 for d in digits), "kinds": sum(d >= 1 for d in digits),
            "orphans": sum(d >= 1 for d in orphans),
            "orphan_pairs": sum(d >= 2 for d in orphans)}


@pytest.mark.parametrize("orphan_digits", [(0, 8), tuple(range(_tables.DIGITS))],
                         ids=["chain", "forced"])
@settings(max_examples=300, deadline=None)
@given(code=st.one_of(st.integers(0, 5**_tables.DIGITS - 1),
                      st.sampled_from([0, 4, 5**_tables.DIGITS - 1, 4 * 5**8, 2 * 5**4])))
def test_packed_code_stats_match_the_digits(orphan_digits: tuple[int, ...], code: int) -> None:
    """``_lookup.code_stats`` (an outer sum of per-digit values) unpacks to what the
    digits of each code say."""
    packed = int(_lookup_stats(orphan_digits)[code])
    fields = {"size": _lookup.FIELD_SIZE, "quad": _lookup.FIELD_QUAD,
              "pairs": _lookup.FIELD_PAIRS, "kinds": _lookup.FIELD_KINDS,
              "orphans": _lookup.FIELD_ORPHANS,
              "orphan_pairs": _lookup.FIELD_ORPHAN_PAIRS}
    unpacked = {name: _lookup.py_field(packed, field)
                for name, field in fields.items()}
    assert unpacked == _stats_by_digits(code, orphan_digits)


@functools.cache
def _lookup_stats(orphan_digits: tuple[int, ...]) -> NDArray[np.uint32]:
    return _lookup.code_stats(orphan_digits)
