"""Tables of batch scoring: every division of every one-suit code, every meld's facts.

Built on first use and kept (``functools.cache``): :func:`suit_table` lists every division
of every complete suit code (base 5, as in the kernel) into runs, triplets and a pair,
with per-division features; :func:`meld_table` the facts of a meld by its code and
lowest kind.

Examples:
    >>> table = suit_table()
    >>> int(table.sizes[1 + 5 + 25])  # 123 of a suit: one division, one run
    1

.. versionadded:: 0.3
"""

from __future__ import annotations

import functools
import itertools
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["TERMINAL", "MeldTable", "SuitTable", "meld_table", "suit_table"]

TERMINAL: Final = np.array([k >= 27 or k % 9 in (0, 8) for k in range(34)])
"""Terminal and honour kinds, as a mask of the 34 kinds."""


class SuitTable(NamedTuple):
    """Every division of every complete suit code, as arrays (``D`` divisions)."""

    start: NDArray[np.int32]  # (5**9,) first division of a code
    sizes: NDArray[np.uint8]  # (5**9,) divisions of a code (0: not complete)
    runs: NDArray[np.uint8]  # (D, 7) runs starting at each position
    run_mask: NDArray[np.int16]  # (D,)
    trip_mask: NDArray[np.int16]  # (D,)
    pair: NDArray[np.int8]  # (D,) pair position or -1
    n_runs: NDArray[np.int8]
    doubles: NDArray[np.int8]  # identical-run pairs (iipeikou count)
    outside: NDArray[np.bool_]  # every block holds a 1 or a 9
    trip_simple: NDArray[np.int8]
    trip_terminal: NDArray[np.int8]


@functools.cache
def suit_table() -> SuitTable:
    """Every division of every complete one-suit code (4 sets and a pair at most)."""
    shapes = [("run", p) for p in range(7)] + [("trip", p) for p in range(9)]
    found: dict[int, set[tuple[tuple[int, ...], int, int]]] = {}
    for sets in range(5):
        for combo in itertools.combinations_with_replacement(range(len(shapes)), sets):
            counts = [0] * 9
            run_counts = [0] * 7
            trip_bits = 0
            for index in combo:
                shape, pos = shapes[index]
                if shape == "run":
                    run_counts[pos] += 1
                    for k in (pos, pos + 1, pos + 2):
                        counts[k] += 1
                else:
                    trip_bits |= 1 << pos
                    counts[pos] += 3
            if max(counts) > 4 or len(combo) - sum(run_counts) != trip_bits.bit_count():
                continue
            for pair in range(-1, 9):
                full = list(counts)
                if pair >= 0:
                    full[pair] += 2
                if max(full) > 4:
                    continue
                code = sum(c * 5**i for i, c in enumerate(full))
                found.setdefault(code, set()).add((tuple(run_counts), trip_bits, pair))
    codes = sorted(found)
    divisions = [d for code in codes for d in sorted(found[code])]
    start = np.zeros(5**9, dtype=np.int32)
    count = np.zeros(5**9, dtype=np.uint8)
    offset = 0
    for code in codes:
        start[code] = offset
        count[code] = len(found[code])
        offset += len(found[code])
    runs = np.array([d[0] for d in divisions], dtype=np.uint8)
    trips = np.array([d[1] for d in divisions], dtype=np.int16)
    pairs = np.array([d[2] for d in divisions], dtype=np.int8)
    outside = ((runs[:, 1:6].sum(axis=1) == 0) & ((trips & 0b011111110) == 0)
               & ((pairs == -1) | (pairs == 0) | (pairs == 8)))
    return SuitTable(
        start=start, sizes=count, runs=runs,
        run_mask=(runs > 0).astype(np.int16) @ (1 << np.arange(7)).astype(np.int16),
        trip_mask=trips, pair=pairs, n_runs=runs.sum(axis=1).astype(np.int8),
        doubles=(runs // 2).sum(axis=1).astype(np.int8), outside=outside,
        trip_simple=np.array([(t & 0b011111110).bit_count() for t in trips.tolist()],
                             dtype=np.int8),
        trip_terminal=np.array([(t & 0b100000001).bit_count() for t in trips.tolist()],
                               dtype=np.int8),
    )


class MeldTable(NamedTuple):
    """The facts of a meld by ``code * 34 + lowest kind`` (code 0: no meld)."""

    counts: NDArray[np.int16]  # (204, 34) its tiles by kind
    run_mask: NDArray[np.int16]  # (204, 3) bit p of suit s: a chi starting at 9s + p
    trip_mask: NDArray[np.int16]  # (204, 4) bit p of suit s (4th: honours): a triplet/kan
    is_run: NDArray[np.int16]  # (204,)
    outside: NDArray[np.bool_]  # (204,) holds a terminal or an honour (no meld: true)
    fu: NDArray[np.int16]  # (204,)


@functools.cache
def meld_table() -> MeldTable:
    """The facts of every meld, by ``code * 34 + lowest kind``."""
    rows = 6 * 34
    counts = np.zeros((rows, 34), dtype=np.int16)
    run_mask = np.zeros((rows, 3), dtype=np.int16)
    trip_mask = np.zeros((rows, 4), dtype=np.int16)
    is_run = np.zeros(rows, dtype=np.int16)
    outside = np.ones(rows, dtype=bool)
    fu = np.zeros(rows, dtype=np.int16)
    set_fu = {2: 2, 3: 8, 4: 8, 5: 16}  # pon, daiminkan, kakan, ankan (simples)
    for code in range(1, 6):
        for first in range(34):
            row = code * 34 + first
            suit, pos = min(first // 9, 3), first % 9 if first < 27 else first - 27
            terminal = bool(TERMINAL[first])
            if code == 1:  # chi: a bad row's run past its suit counts what it can
                for step in range(3):
                    if first + step < 34:
                        counts[row, first + step] += 1
                if suit < 3:
                    run_mask[row, suit] = 1 << pos
                is_run[row] = 1
                outside[row] = pos in (0, 6)
            else:
                counts[row, first] = 3 if code == 2 else 4
                trip_mask[row, suit] = 1 << pos
                outside[row] = terminal
                fu[row] = set_fu[code] * (2 if terminal else 1)
    return MeldTable(counts=counts, run_mask=run_mask, trip_mask=trip_mask, is_run=is_run,
                      outside=outside, fu=fu)

