"""Our own generator for the shanten tables, and the lazy loader of the shipped copy.

The regular-form shanten of a hand is a maximum over *decompositions*: every tile is
placed in a set (triplet or run), a partial set (two tiles of a run, or a pair), the head
pair, or left isolated. With ``n`` sets to make, ``M`` complete sets, ``T`` partial sets
(pairs other than the head included) and ``h`` = 1 when a head pair is chosen, the value of
a decomposition is::

    value = h + 2*M + T - max(0, M + T - n)        shanten = 2*n - value

This is the "standard definition" of the classic block-counting algorithm, as computed by
the ``mahjong`` package's ``Shanten`` (which we test against on every hand size). That
package adds three corrections, which we reproduce exactly:

1. A kind may form at most one pair (two pairs of one kind would wait on a fifth copy).
2. When a decomposition has no pair at all and every isolated tile is of a kind the hand
   holds all four of, its shanten is one higher (the head could never be made).
3. Honour-like kinds (honours; in three-player, also 1m and 9m) are read greedily: four
   copies are a triplet plus an isolated tile, three a triplet, two a pair. The number of
   honour-like quads ``J`` (minus one for a 3n+2 hand) is a floor on the shanten of a hand
   that is not complete.

The decomposition of a hand is a product of independent decompositions of its groups:
the three suits ("chain" groups, whose runs and partial runs link neighbouring kinds) and
the honour-like kinds ("forced" group). For every base-5 code of a group (one digit per
kind, the count 0..4) the generator computes a *profile*: for each of five decomposition
types and each number ``k`` of set slots (0..5) the best value of the group::

    NP0, NP1, NP2   no pair in the group; isolated tiles: none / all of quad kinds / other
    PP              pairs allowed, each counted as a partial set
    HD              at least one pair; one of them is the head (1 point, no slot)

    W[type][k] = max over decompositions of (2*M + T + h) - max(0, M + T - k)

Profiles combine by a max-plus convolution over ``k`` (see :func:`combine`), which is how
the runtime joins the four groups. The generator is a dynamic programme over codes ordered
by their lowest non-zero digit: every move takes all the tiles of that digit at once
(triplet, runs, pair, partial runs, isolated tiles), so a child code always has a higher
lowest digit. Whether an isolated tile's kind held four copies in the *original* hand is
carried in the key as two bits (only the lowest two digits can have been reduced by runs
starting to their left).

The generator takes about half a minute, so the package ships its output as a compressed
``.npz`` file (``_data/shanten_tables.npz``), regenerated with::

    python -m mahjong_rules.kernel._tables

and checked against a fresh regeneration by the test suite.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from pathlib import Path
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

DIGITS: Final = 9
"""Kinds per group code (a suit has 9; the honour-like group has up to 9)."""
MAX_SLOTS: Final = 5
"""Most sets a hand needs (Taiwanese 16-tile hands need 5)."""
MAX_BLOCKS: Final = 8
"""Most blocks (sets and partial sets) in one group of at most 17 tiles."""
N_TYPES: Final = 5
NP0, NP1, NP2, PP, HD = range(N_TYPES)
NEG: Final = -64
"""Stands for minus infinity in profiles (an impossible decomposition type)."""

_POW5: Final = 5 ** np.arange(DIGITS + 2, dtype=np.int64)
_DATA_FILE: Final = Path(__file__).with_name("_data") / "shanten_tables.npz"


class _Move(NamedTuple):
    """All the tiles of the lowest non-zero kind, placed at once."""

    triplets: int
    runs: int
    pair: int
    adjacent: int  # partial runs k, k+1
    gapped: int  # partial runs k, k+2
    isolated: int

    @property
    def size(self) -> int:
        return 3 * self.triplets + self.runs + 2 * self.pair + self.adjacent + self.gapped + (
            self.isolated
        )


def _moves(*, chain: bool) -> list[_Move]:
    """Moves of a chain group (suit) or a forced group (honour-like kinds).

    Forced groups follow correction 3: 4 = triplet + isolated, 3 = triplet, 2 = pair,
    1 = isolated. At most one pair per kind (correction 1).
    """
    if not chain:
        return [_Move(1, 0, 0, 0, 0, 1), _Move(1, 0, 0, 0, 0, 0), _Move(0, 0, 1, 0, 0, 0),
                _Move(0, 0, 0, 0, 0, 1)]
    moves = []
    for shape in itertools.product(range(2), range(5), range(2), range(5), range(5), range(5)):
        move = _Move(*shape)
        if 1 <= move.size <= 4:
            moves.append(move)
    return moves


def _shift(profile: NDArray[np.int16], by: int) -> NDArray[np.int16]:
    """``result[..., s + by] = profile[..., s]`` over the block-count axis."""
    if by == 0:
        return profile
    out = np.full_like(profile, NEG)
    if by <= MAX_BLOCKS:
        out[..., by:] = profile[..., : MAX_BLOCKS + 1 - by]
    return out


def _empty_profile() -> NDArray[np.int16]:
    prof = np.full((N_TYPES, MAX_BLOCKS + 1), NEG, dtype=np.int16)
    prof[NP0, 0] = 0
    prof[PP, 0] = 0
    return prof


def _apply_move(
    child: NDArray[np.int16], move: _Move, quad: NDArray[np.bool_]
) -> NDArray[np.int16]:
    """Profile (over exact block counts) of a parent from its child after ``move``.

    ``child`` has shape ``(N, N_TYPES, MAX_BLOCKS + 1)``; ``quad`` says whether the moved
    kind held four copies in the original hand (for isolated tiles, correction 2).
    """
    blocks = move.triplets + move.runs + move.adjacent + move.gapped
    points = 2 * (move.triplets + move.runs) + move.adjacent + move.gapped
    out = np.full_like(child, NEG)
    if not move.pair:
        if move.isolated:
            new_state = np.where(quad, 1, 2)[:, None]
            for state in range(3):
                source = _shift(child[:, NP0 + state], blocks) + points
                target = np.maximum(state, new_state)
                for result_state in (1, 2):
                    sel = target == result_state
                    out[:, NP0 + result_state] = np.where(
                        sel, np.maximum(out[:, NP0 + result_state], source),
                        out[:, NP0 + result_state])
        else:
            for state in range(3):
                out[:, NP0 + state] = _shift(child[:, NP0 + state], blocks) + points
    out[:, PP] = _shift(child[:, PP], blocks + move.pair) + points + move.pair
    head = _shift(child[:, HD], blocks + move.pair) + points + move.pair
    if move.pair:
        head = np.maximum(head, _shift(child[:, PP], blocks) + points + 1)
    out[:, HD] = head
    return np.maximum(out, NEG)


def _digits(codes: NDArray[np.int64]) -> NDArray[np.int64]:
    return (codes[:, None] // _POW5[None, :DIGITS]) % 5


def _child(
    digits: NDArray[np.int64], quad1: NDArray[np.bool_], low: int, reach1: int, reach2: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Code and key of the child left after a move at digit ``low``.

    ``reach1`` / ``reach2`` tiles are taken from the digits ``low + 1`` / ``low + 2`` (by
    runs and partial runs). The key's bits say whether the child's lowest two non-zero
    digits held four copies in the original hand: digit ``low + 1`` from the parent's key
    bit ``quad1``; digit ``low + 2`` was untouched before this move, so the parent's
    digit; any higher digit is untouched, so the child's digit.
    """
    child_digits = digits.copy()
    child_digits[:, low] = 0
    if reach1:
        child_digits[:, low + 1] -= reach1
    if reach2:
        child_digits[:, low + 2] -= reach2
    nonzero = child_digits != 0
    child_low = np.where(nonzero.any(axis=1), nonzero.argmax(axis=1), DIGITS)
    rows = np.arange(len(digits))
    parent_digit = digits[:, min(low + 2, DIGITS - 1)]

    def original_quad(pos: NDArray[np.int64]) -> NDArray[np.bool_]:
        child_digit = child_digits[rows, np.minimum(pos, DIGITS - 1)]
        result = np.where(
            pos == low + 1, quad1, np.where(pos == low + 2, parent_digit == 4, child_digit == 4)
        )
        return np.asarray(result & (pos < DIGITS), dtype=np.bool_)

    key = original_quad(child_low).astype(np.int64) * 2 + original_quad(child_low + 1)
    return child_digits @ _POW5[:DIGITS], key


def build_block_profiles(*, chain: bool) -> NDArray[np.int16]:
    """Profiles over exact block counts for every code of a group.

    Returns:
        Shape ``(5**9, N_TYPES, MAX_BLOCKS + 1)`` int16: ``[code, type, s]`` is the best
        ``2*M + T + h`` over decompositions of that type with exactly ``s`` blocks.
    """
    moves = _moves(chain=chain)
    # Profiles of codes whose digit 0 is zero, for each (orig[j]==4, orig[j+1]==4) key of
    # their lowest non-zero digit j: index [code // 5, key].
    store = np.full((5 ** (DIGITS - 1), 4, N_TYPES, MAX_BLOCKS + 1), NEG, dtype=np.int16)
    store[0, :] = _empty_profile()
    final = np.full((5**DIGITS, N_TYPES, MAX_BLOCKS + 1), NEG, dtype=np.int16)
    final[0] = _empty_profile()
    for low in range(DIGITS - 1, -1, -1):
        above = np.arange(5 ** (DIGITS - 1 - low), dtype=np.int64)
        codes = (above[:, None] * _POW5[low + 1] + np.arange(1, 5)[None, :] * _POW5[low]).ravel()
        digits = _digits(codes)
        own_quad = digits[:, low] == 4
        next_quad = digits[:, low + 1] == 4 if low + 1 < DIGITS else np.zeros_like(own_quad)
        keys = [(False, False), (False, True), (True, False), (True, True)] if low else [None]
        for key in keys:
            quad0 = own_quad if key is None else np.full_like(own_quad, key[0])
            quad1 = next_quad if key is None else np.full_like(own_quad, key[1])
            prof = np.full((len(codes), N_TYPES, MAX_BLOCKS + 1), NEG, dtype=np.int16)
            for move in moves:
                reach1 = move.runs + move.adjacent
                reach2 = move.runs + move.gapped
                if (reach1 and low + 1 >= DIGITS) or (reach2 and low + 2 >= DIGITS):
                    continue
                mask = digits[:, low] == move.size
                if reach1:
                    mask &= digits[:, low + 1] >= reach1
                if reach2:
                    mask &= digits[:, low + 2] >= reach2
                rows = np.nonzero(mask)[0]
                if not len(rows):
                    continue
                child, child_key = _child(digits[rows], quad1[rows], low, reach1, reach2)
                child_prof = store[child // 5, child_key]
                prof[rows] = np.maximum(prof[rows], _apply_move(child_prof, move, quad0[rows]))
            if key is None:
                final[codes] = prof
            else:
                store[codes // 5, key[0] * 2 + key[1]] = prof
                natural = (own_quad == key[0]) & (next_quad == key[1])
                final[codes[natural]] = prof[natural]
    return final


def slot_profiles(block_profiles: NDArray[np.int16]) -> NDArray[np.int8]:
    """Turn profiles over exact block counts into profiles over slot budgets ``k``.

    ``W[k] = max_s E[s] - max(0, s - k)`` for ``k`` in ``0..MAX_SLOTS``; impossible
    entries become ``NEG``.
    """
    blocks = np.arange(MAX_BLOCKS + 1)
    out = np.stack(
        [(block_profiles - np.maximum(0, blocks - k)).max(axis=-1) for k in range(MAX_SLOTS + 1)],
        axis=-1,
    )
    return np.where(out < 0, NEG, out).astype(np.int8)


def combine(a: NDArray[np.int16], b: NDArray[np.int16]) -> NDArray[np.int16]:
    """Join the slot profiles of two disjoint groups (max-plus convolution over ``k``).

    Shapes ``(..., N_TYPES, MAX_SLOTS + 1)``, broadcast.
    """
    shape = np.broadcast_shapes(a.shape, b.shape)

    def conv(x: NDArray[np.int16], y: NDArray[np.int16]) -> NDArray[np.int16]:
        out = np.full((*shape[:-2], MAX_SLOTS + 1), NEG, dtype=np.int16)
        for k in range(MAX_SLOTS + 1):
            for k1 in range(k + 1):
                out[..., k] = np.maximum(out[..., k], x[..., k1] + y[..., k - k1])
        # Valid values are never negative; a sum with an impossible entry stays impossible.
        return np.where(out < 0, NEG, out)

    res = np.empty(shape, dtype=np.int16)
    res[..., PP, :] = conv(a[..., PP, :], b[..., PP, :])
    res[..., HD, :] = np.maximum(conv(a[..., HD, :], b[..., PP, :]),
                                 conv(a[..., PP, :], b[..., HD, :]))
    for state in range(3):
        best = np.full((*shape[:-2], MAX_SLOTS + 1), NEG, dtype=np.int16)
        for sa in range(3):
            for sb in range(3):
                if max(sa, sb) == state:
                    best = np.maximum(best, conv(a[..., NP0 + sa, :], b[..., NP0 + sb, :]))
        res[..., NP0 + state, :] = best
    return res


def generate() -> dict[str, NDArray[np.generic]]:
    """Run the generator: exact profile classes and the per-code class of each group kind.

    Returns:
        ``profiles``: ``(C, N_TYPES, MAX_SLOTS + 1)`` int8, the distinct slot profiles;
        ``chain_class`` / ``forced_class``: ``(5**9,)`` uint16, the profile class of each
        code of a suit / of the honour-like group.
    """
    chain = slot_profiles(build_block_profiles(chain=True))
    forced = slot_profiles(build_block_profiles(chain=False))
    both = np.concatenate([chain, forced]).reshape(2 * 5**DIGITS, -1)
    profiles, inverse = np.unique(both, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1).astype(np.uint16)
    return {
        "profiles": profiles.reshape(-1, N_TYPES, MAX_SLOTS + 1).astype(np.int8),
        "chain_class": inverse[: 5**DIGITS],
        "forced_class": inverse[5**DIGITS :],
    }


def checksum(tables: dict[str, NDArray[np.generic]]) -> str:
    """SHA-256 over the generated arrays, in key order."""
    digest = hashlib.sha256()
    for key in sorted(tables):
        digest.update(key.encode())
        digest.update(np.ascontiguousarray(tables[key]).tobytes())
    return digest.hexdigest()


@functools.cache
def shipped() -> dict[str, NDArray[np.generic]]:
    """The shipped generator output, loaded once; every array is read-only."""
    with np.load(_DATA_FILE) as data:
        tables = {key: data[key] for key in data.files}
    for array in tables.values():
        array.flags.writeable = False
    return tables


def write(path: Path = _DATA_FILE) -> str:
    """Regenerate the tables and write them to ``path``; returns the checksum."""
    tables = generate()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez_compressed(handle, **tables)  # type: ignore[arg-type]
    return checksum(tables)


if __name__ == "__main__":
    print(write())
