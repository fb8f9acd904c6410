"""The shanten tables as the kernel reads them.

Per-code statistics (packed fields), the profile classes of every group code, the
class-pair join tables and the final value table (built from the generator's output when
first needed, read-only), and how a tile set maps the 34 kinds onto the four groups.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.kernel import _tables
from mahjong_rules.kernel._counts import N_KINDS, KernelInputError
from mahjong_rules.kernel._tables import HD, MAX_SLOTS, N_TYPES, NEG, PP

# Per-code statistics, packed so that the sum over the four groups never overflows a
# field (a group code holds at most 36 tiles): (shift, width) of each field.
FIELD_SIZE = (0, 8)  # tiles
FIELD_QUAD = (8, 3)  # 1 when the group holds four of a kind
FIELD_PAIRS = (11, 6)  # kinds held twice or more
FIELD_KINDS = (17, 6)  # kinds held at all
FIELD_ORPHANS = (23, 4)  # terminal/honour kinds held
FIELD_ORPHAN_PAIRS = (27, 4)  # terminal/honour kinds held twice or more


def field(stats: NDArray[np.uint32], spec: tuple[int, int]) -> NDArray[np.int16]:
    """One field (a ``FIELD_*`` constant) of packed statistics, as int16."""
    shift, width = spec
    return ((stats >> shift) & ((1 << width) - 1)).astype(np.int16)


def py_field(stats: int, spec: tuple[int, int]) -> int:
    """One field (a ``FIELD_*`` constant) of one hand's packed statistics."""
    shift, width = spec
    return (stats >> shift) & ((1 << width) - 1)


class Runtime:
    """Tables derived from the generator output when first needed; all read-only."""

    def __init__(self) -> None:
        raw = _tables.shipped()
        profiles = raw["profiles"].astype(np.int16)
        self.exact_profiles = profiles
        chain_class = raw["chain_class"]
        forced_class = raw["forced_class"]
        # Simple profiles (PP, HD) suffice for hands without a quad.
        simple, simple_of = np.unique(
            profiles[:, [PP, HD], :].reshape(len(profiles), -1), axis=0, return_inverse=True
        )
        simple_of = simple_of.reshape(-1)
        assert len(simple) <= 256
        simple_profiles = simple.reshape(-1, 2, MAX_SLOTS + 1)
        self.cls_chain = simple_of[chain_class].astype(np.uint8)
        self.cls_forced = simple_of[forced_class].astype(np.uint8)
        self.stats_chain = code_stats(orphan_digits=(0, 8))
        self.stats_forced = code_stats(orphan_digits=tuple(range(_tables.DIGITS)))
        self.exact_chain = chain_class
        self.exact_forced = forced_class
        # Pair tables: two simple profiles joined, then re-classed.
        full = np.full((len(simple), N_TYPES, MAX_SLOTS + 1), NEG, dtype=np.int16)
        full[:, PP] = simple_profiles[:, 0]
        full[:, HD] = simple_profiles[:, 1]
        joined = _tables.combine(full[:, None], full[None, :])[..., [PP, HD], :]
        count = len(simple)
        pair_profiles, pair_of = np.unique(
            joined.reshape(count * count, -1), axis=0, return_inverse=True
        )
        self.n_simple = count
        self.pair = pair_of.reshape(-1).astype(np.uint16)
        pair_profiles = pair_profiles.reshape(-1, 2, MAX_SLOTS + 1)
        self.n_pair = len(pair_profiles)
        # final[n, a, b]: best value of two joined pair profiles with n set slots.
        a = pair_profiles[:, None]
        b = pair_profiles[None, :]
        values = np.full((MAX_SLOTS + 1, self.n_pair, self.n_pair), NEG, dtype=np.int16)
        for n in range(MAX_SLOTS + 1):
            for k in range(n + 1):
                pp = a[..., 0, k] + b[..., 0, n - k]
                hd = np.maximum(a[..., 1, k] + b[..., 0, n - k], a[..., 0, k] + b[..., 1, n - k])
                values[n] = np.maximum(values[n], np.maximum(pp, hd))
        shanten = (2 * np.arange(MAX_SLOTS + 1))[:, None, None] - values
        self.final = np.clip(shanten, -1, 127).astype(np.int8).reshape(MAX_SLOTS + 1, -1)
        for table in (self.cls_chain, self.cls_forced, self.stats_chain, self.stats_forced,
                      self.pair, self.final):
            table.flags.writeable = False
        # Zero-copy views for the single-hand path: indexing a memoryview gives a Python
        # int without numpy's per-call overhead.
        self.py_cls_chain = self.cls_chain.data
        self.py_cls_forced = self.cls_forced.data
        self.py_stats_chain = self.stats_chain.data
        self.py_stats_forced = self.stats_forced.data
        self.py_pair = self.pair.data
        self.py_final = [row.data for row in self.final]
        self.py_exact_chain = chain_class.data
        self.py_exact_forced = forced_class.data
        self.py_profiles = profiles.tolist()


def code_stats(orphan_digits: tuple[int, ...]) -> NDArray[np.uint32]:
    """Packed statistics of every base-5 code of 9 digits (see the field constants).

    Every field but ``FIELD_QUAD`` is a sum over the digits, and the packed fields never carry
    into each other, so the packed value of a code is the sum of its digits' packed
    values: the table is built digit by digit as an outer sum (the most significant digit
    outermost), about twenty times faster than reading every code's digits. ``FIELD_QUAD`` (is
    any digit a 4) is the count of fours clipped to 1.
    """
    digits = np.arange(5, dtype=np.uint32)
    packed = np.zeros(1, dtype=np.uint32)
    fours = np.zeros(1, dtype=np.uint8)
    for position in reversed(range(_tables.DIGITS)):
        value = ((digits << FIELD_SIZE[0]) + ((digits >= 2) << FIELD_PAIRS[0])
                 + ((digits >= 1) << FIELD_KINDS[0]))
        if position in orphan_digits:
            value += ((digits >= 1) << FIELD_ORPHANS[0]) + ((digits >= 2) << FIELD_ORPHAN_PAIRS[0])
        packed = (packed[:, None] + value.astype(np.uint32)[None, :]).reshape(-1)
        fours = (fours[:, None] + (digits == 4).astype(np.uint8)[None, :]).reshape(-1)
    packed |= np.minimum(fours, 1).astype(np.uint32) << FIELD_QUAD[0]
    return packed


@functools.cache
def runtime() -> Runtime:
    """The kernel's tables (built once, when first needed)."""
    return Runtime()


class Layout:
    """How a tile set maps the 34 kinds onto the four groups (3 suits + honour-like)."""

    def __init__(self, kinds: tuple[bool, ...]) -> None:
        self.kinds = np.array(kinds, dtype=np.bool_)
        weights = np.zeros((N_KINDS, 4), dtype=np.float32)
        honor_like: list[int] = []
        groups: list[list[tuple[int, int]]] = [[], [], [], []]
        for suit in range(3):
            for j in range(9):
                kind = 9 * suit + j
                if not kinds[kind]:
                    continue
                partners = [9 * suit + p for p in (j - 2, j - 1, j + 1, j + 2) if 0 <= p < 9]
                if any(kinds[p] for p in partners):
                    weights[kind, suit] = 5**j
                    groups[suit].append((kind, 5**j))
                else:
                    honor_like.append(kind)
        honor_like = [k for k in range(27, N_KINDS) if kinds[k]] + honor_like
        if len(honor_like) > _tables.DIGITS:
            raise KernelInputError("bad_shape",
                                   f"tile set has {len(honor_like)} honour-like kinds; at most 9")
        for digit, kind in enumerate(honor_like):
            weights[kind, 3] = 5**digit
            groups[3].append((kind, 5**digit))
        self.honor_like = np.array(honor_like, dtype=np.intp)
        self.honor_like_list = honor_like
        self.weights = weights
        self.groups = [tuple(g) for g in groups]
        # The single-hand path computes the four codes with one generated expression of
        # integer literals (about 3x faster than a loop in CPython).
        terms = [" + ".join(f"c[{k}] * {w}" for k, w in g) or "0" for g in self.groups]
        self.codes: Callable[[list[int]], tuple[int, int, int, int]] = eval(  # noqa: S307
            f"lambda c: ({terms[0]}, {terms[1]}, {terms[2]}, {terms[3]})"
        )


@functools.cache
def layout_of(kinds: tuple[bool, ...]) -> Layout:
    """The layout of a tile set (memoized per mask)."""
    return Layout(kinds)
