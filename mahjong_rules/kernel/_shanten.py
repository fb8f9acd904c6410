"""Batched shanten: regular form, seven pairs, thirteen orphans.

Shapes: counts ``(..., 34)`` integer (cast to uint8) -> shanten ``(...)`` int8. A single
hand of shape ``(34,)`` takes a pure-Python path with the same answers (no numpy
per-call overhead); a batch takes the vectorized path (no Python loop over the batch).

The regular form follows the standard definition described in
:mod:`mahjong_rules.kernel._tables`. Per hand, the kernel

1. encodes each group (three suits, the honour-like kinds) as a base-5 code,
2. looks the codes up in the generated tables (a profile class per code),
3. joins man+pin and sou+honours through precomputed class-pair tables, and reads the
   value for the hand's number of sets from a final class-pair table.

Hands holding four of a kind (about 0.2% of random hands) take an exact path that joins
the full profiles with the max-plus convolution, because only they can meet corrections
2 and 3 of the definition.
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mahjong_rules.kernel import _tables
from mahjong_rules.kernel._counts import (
    ALL_KINDS,
    N_KINDS,
    TERMINALS_AND_HONORS,
    KernelInputError,
    as_counts,
    check_n_sets,
    check_sizes,
    kinds_key,
    single_values,
)
from mahjong_rules.kernel._lookup import (
    FIELD_KINDS,
    FIELD_ORPHAN_PAIRS,
    FIELD_ORPHANS,
    FIELD_PAIRS,
    FIELD_QUAD,
    FIELD_SIZE,
    Layout,
    field,
    layout_of,
    py_field,
    runtime,
)
from mahjong_rules.kernel._tables import HD, MAX_SLOTS, N_TYPES, NEG, NP0, NP1, NP2, PP

_EXACT_LOOP_LIMIT: Final = 512
"""Up to this many hands with a quad per batch take the pure-Python exact path (its joins
memoized, a few microseconds a hand; the vectorized exact path costs about 1.5 ms)."""


class _Forms:
    """Per-form shanten of a flat batch (``None`` where a form was not asked for)."""

    def __init__(self, *, regular: NDArray[np.int8], sizes: NDArray[np.int16],
                 pairs: NDArray[np.int16], kinds: NDArray[np.int16],
                 orphans: NDArray[np.int16], orphan_pairs: NDArray[np.int16]) -> None:
        self.regular = regular
        self.sizes = sizes
        self.pairs = pairs
        self.kinds = kinds
        self.orphans = orphans
        self.orphan_pairs = orphan_pairs


def _batch(data: NDArray[np.uint8], key: tuple[bool, ...], n_sets: int, *,
           validate: bool) -> _Forms:
    rt = runtime()
    layout = layout_of(key)
    flat = data.reshape(-1, N_KINDS)
    if validate and key != ALL_KINDS and flat.size and flat[:, ~layout.kinds].any():
        raise KernelInputError("outside_tile_set", "counts hold a kind outside the tile set")
    codes = np.matmul(flat, layout.weights, dtype=np.float32).astype(np.intp)
    stats = rt.stats_chain[codes[:, 0]]
    stats += rt.stats_chain[codes[:, 1]]
    stats += rt.stats_chain[codes[:, 2]]
    stats += rt.stats_forced[codes[:, 3]]
    sizes = field(stats, FIELD_SIZE)
    if validate:
        check_sizes(sizes, n_sets)
    ns = rt.n_simple
    left = rt.pair[rt.cls_chain[codes[:, 0]].astype(np.intp) * ns + rt.cls_chain[codes[:, 1]]]
    right = rt.pair[rt.cls_chain[codes[:, 2]].astype(np.intp) * ns + rt.cls_forced[codes[:, 3]]]
    n = sizes // 3
    regular = rt.final.reshape(-1)[(n * rt.n_pair + left) * rt.n_pair + right]
    quads = stats & (((1 << FIELD_QUAD[1]) - 1) << FIELD_QUAD[0])
    if quads.any():
        rows = np.nonzero(quads)[0]
        if len(rows) <= _EXACT_LOOP_LIMIT:
            # A few hands: the pure-Python path beats numpy's fixed cost per operation.
            for row in rows.tolist():
                regular[row] = _single(flat[row].tolist(), key, n_sets, validate=False)[0]
        else:
            regular[rows] = _regular_exact(flat[rows], codes[rows], sizes[rows], layout)
    return _Forms(regular=regular, sizes=sizes, pairs=field(stats, FIELD_PAIRS),
                  kinds=field(stats, FIELD_KINDS), orphans=field(stats, FIELD_ORPHANS),
                  orphan_pairs=field(stats, FIELD_ORPHAN_PAIRS))


def _regular_exact(
    flat: NDArray[np.uint8], codes: NDArray[np.intp], sizes: NDArray[np.int16], layout: Layout
) -> NDArray[np.int8]:
    """Hands with a quad: join the full profiles and apply corrections 2 and 3."""
    rt = runtime()
    prof = rt.exact_profiles
    joined = prof[rt.exact_chain[codes[:, 0]]]
    for column in (1, 2):
        joined = _tables.combine(joined, prof[rt.exact_chain[codes[:, column]]])
    joined = _tables.combine(joined, prof[rt.exact_forced[codes[:, 3]]])
    n = (sizes // 3).astype(np.intp)
    at_n = np.take_along_axis(joined, n[:, None, None], axis=2)[..., 0]
    value = np.maximum.reduce([at_n[:, HD], at_n[:, NP0], at_n[:, NP2], at_n[:, NP1] - 1])
    shanten = 2 * n - value
    honor_quads = (flat[:, layout.honor_like] == 4).sum(axis=1)
    floor = np.where((honor_quads > 0) & (sizes % 3 == 2), honor_quads - 1, honor_quads)
    shanten = np.where(shanten != -1, np.maximum(shanten, floor), shanten)
    return np.asarray(shanten, dtype=np.int8)


# --------------------------------------------------------------------------- single core


def _single(counts: list[int], key: tuple[bool, ...], n_sets: int, *,
            validate: bool) -> tuple[int, int, int]:
    """Regular shanten, size and packed stats of one hand, in pure Python."""
    rt = runtime()
    layout = layout_of(key)
    if validate:
        if len(counts) != N_KINDS or min(counts) < 0 or max(counts) > 4:
            raise KernelInputError("bad_counts", "counts must be 34 integers between 0 and 4")
        if key != ALL_KINDS and any(c for c, ok in zip(counts, key, strict=True) if not ok):
            raise KernelInputError("outside_tile_set", "counts hold a kind outside the tile set")
    c0, c1, c2, c3 = layout.codes(counts)
    chain = rt.py_stats_chain
    stats = chain[c0] + chain[c1] + chain[c2] + rt.py_stats_forced[c3]
    size = stats & 0xFF
    if validate and (size % 3 == 0 or size > 3 * n_sets + 2):
        raise KernelInputError(
            "bad_hand_size",
            f"hand size {size} is not 3n+1 or 3n+2 with n <= {n_sets} (melded tiles removed)",
        )
    n = size // 3
    if not py_field(stats, FIELD_QUAD):
        ns = rt.n_simple
        cls = rt.py_cls_chain
        left = rt.py_pair[cls[c0] * ns + cls[c1]]
        right = rt.py_pair[cls[c2] * ns + rt.py_cls_forced[c3]]
        return rt.py_final[n][left * rt.n_pair + right], size, stats
    exact = rt.py_exact_chain
    shanten = 2 * n - _exact_value(exact[c0], exact[c1], exact[c2], rt.py_exact_forced[c3], n)
    quads = sum(1 for kind in layout.honor_like_list if counts[kind] == 4)
    floor = quads - 1 if quads and size % 3 == 2 else quads
    return (shanten if shanten == -1 else max(shanten, floor)), size, stats


@functools.lru_cache(maxsize=65536)
def _exact_value(first: int, second: int, third: int, fourth: int, n: int) -> int:
    """The value of four groups' exact profiles (by profile class) with ``n`` set slots.

    The joins are associative: (man + pin) and (sou + honour-like) are joined once per pair
    of classes (memoized: neighbouring hands share them), then read at slot ``n`` only.
    Memoized too: the classes are few (about a thousand) and hands repeat their groups.
    """
    return _value_at(_joined_pair(first, second), _joined_pair(third, fourth), n)


@functools.lru_cache(maxsize=8192)
def _joined_pair(first: int, second: int) -> tuple[tuple[int, ...], ...]:
    """The joined exact profile of two groups, by profile class."""
    profiles = runtime().py_profiles
    return tuple(tuple(row) for row in _combine_py(profiles[first], profiles[second]))


def _value_at(a: tuple[tuple[int, ...], ...], b: tuple[tuple[int, ...], ...], n: int) -> int:
    """The value of two joined profiles with ``n`` set slots (entry ``n`` of their join)."""

    def at(x: tuple[int, ...], y: tuple[int, ...]) -> int:
        best = max(x[k] + y[n - k] for k in range(n + 1))
        return best if best >= 0 else NEG

    pp_hd = max(at(a[HD], b[PP]), at(a[PP], b[HD]))
    states = [NEG, NEG, NEG]
    for sa in range(3):
        for sb in range(3):
            state = max(sa, sb)
            states[state] = max(states[state], at(a[NP0 + sa], b[NP0 + sb]))
    return max(pp_hd, states[0], states[2], states[1] - 1)


def _conv_py(x: list[int], y: list[int]) -> list[int]:
    best = [max(x[k1] + y[k - k1] for k1 in range(k + 1)) for k in range(len(x))]
    return [value if value >= 0 else NEG for value in best]


def _combine_py(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(N_TYPES)]
    out[PP] = _conv_py(a[PP], b[PP])
    out[HD] = [max(u, v) for u, v in zip(_conv_py(a[HD], b[PP]), _conv_py(a[PP], b[HD]),
                                         strict=True)]
    for state in range(3):
        best = [NEG] * (MAX_SLOTS + 1)
        for sa in range(3):
            for sb in range(3):
                if max(sa, sb) == state:
                    best = [max(u, v) for u, v in zip(best, _conv_py(a[NP0 + sa], b[NP0 + sb]),
                                                      strict=True)]
        out[NP0 + state] = best
    return out


def _seven_pairs_from_stats(pairs: int, kinds: int) -> int:
    return 6 - pairs + max(0, 7 - kinds)


PAIR_SLOTS: Final = {False: ((0, 0, 1, 1, 1, 1), (0, 1, 0, 0, 0, 0)),
                     True: ((0, 0, 1, 1, 2, 2), (0, 1, 0, 1, 0, 1))}
"""By ``quad_as_two_pairs``: per count 0..5, the pair slots it fills with two tiles, and
with one tile (four of a kind is two pairs when the option is on)."""


@functools.lru_cache(maxsize=4096)
def pairs_value(twos: int, ones: int, present: int, quad_as_two_pairs: bool,
                triplet: bool) -> int:
    """The pairs shape's shanten from the pair slots a hand fills with two and one tiles.

    Seven pairs (``triplet``: seven pairs and a triplet, Taiwanese). ``present``: bit
    ``c - 1`` set when some kind is held ``c`` times (the triplet's candidates; some kind
    is held zero times, as in every hand of at most 17 tiles).
    """

    def best(t: int, o: int) -> int:
        full = min(max(t, 0), 7)
        return 2 * full + min(max(o, 0), 7 - full)

    if not triplet:
        return 13 - best(twos, ones)
    two_of, one_of = PAIR_SLOTS[quad_as_two_pairs]
    usable = best(twos, ones)
    for count in range(1, 5):
        if present >> (count - 1) & 1:
            usable = max(usable, min(count, 3) + best(twos - two_of[count],
                                                      ones - one_of[count]))
    return 16 - usable


def _pairs_shape_single(counts: list[int], *, quad_as_two_pairs: bool, triplet: bool) -> int:
    """:func:`shanten_seven_pairs` of one hand, from its counts of counts."""
    one, two, three, four = counts.count(1), counts.count(2), counts.count(3), counts.count(4)
    two_of, one_of = PAIR_SLOTS[quad_as_two_pairs]
    return pairs_value(two + three * two_of[3] + four * two_of[4], one + three * one_of[3],
                       (one > 0) | (two > 0) << 1 | (three > 0) << 2 | (four > 0) << 3,
                       quad_as_two_pairs, triplet)


# --------------------------------------------------------------------------- public


def shanten_regular(
    counts: ArrayLike, *, kinds: ArrayLike | None = None, n_sets: int = 4, validate: bool = True
) -> NDArray[np.int8]:
    """Shanten of the regular form (n sets and a pair), n derived from each hand's size.

    Contract: counts ``(..., 34)`` with every count 0..4 and a hand size of 3n+1 or 3n+2
    tiles (melded tiles removed), ``n <= n_sets``; kinds outside ``kinds`` hold zero.

    Shape: ``(..., 34)`` -> ``(...)`` int8. -1 is a complete hand, 0 tenpai.

    Args:
        counts: tile counts per kind.
        kinds: the tile set as a ``(34,)`` bool mask (:data:`SANMA_KINDS` for sanma); a
            suited kind with no neighbour in the set reads like an honour.
        n_sets: sets in a full hand (4 for riichi, 5 for Taiwanese); bounds the hand size.
        validate: check the contract (raises :class:`KernelInputError`).

    Examples:
        >>> from mahjong_rules.kernel import shanten_regular
        >>> from mahjong_rules.notation import parse_counts
        >>> int(shanten_regular(parse_counts("123m456p789s1122z")))
        0
        >>> shanten_regular([parse_counts("19m19p19s1234567z"), parse_counts("11m")]).tolist()
        [8, -1]
    """
    check_n_sets(n_sets)
    key = kinds_key(kinds)
    if (values := single_values(counts)) is not None:
        single = _single(values, key, n_sets, validate=validate)[0]
        return np.int8(single)  # type: ignore[return-value]
    data = as_counts(counts)
    if data.ndim == 1:
        single = _single(data.tolist(), key, n_sets, validate=validate)[0]
        return np.int8(single)  # type: ignore[return-value]
    return _batch(data, key, n_sets, validate=validate).regular.reshape(data.shape[:-1])


def shanten_seven_pairs(
    counts: ArrayLike, *, quad_as_two_pairs: bool = False, triplet: bool = False
) -> NDArray[np.int8]:
    """Shanten of seven pairs (riichi) or seven pairs and a triplet (Taiwanese).

    Contract: a full closed hand (13/14 tiles, or 16/17 with ``triplet``).
    Shape: ``(..., 34)`` -> ``(...)`` int8.

    The shanten is the number of tiles the hand lacks for the shape, minus one. Seven
    pairs must be seven different kinds unless ``quad_as_two_pairs`` (Taiwanese: four
    identical tiles may be two pairs).

    Args:
        counts: tile counts per kind.
        quad_as_two_pairs: four of a kind may count as two pairs.
        triplet: the Taiwanese shape of seven pairs plus one triplet (17 tiles).

    Examples:
        >>> from mahjong_rules.kernel import shanten_seven_pairs
        >>> from mahjong_rules.notation import parse_counts
        >>> int(shanten_seven_pairs(parse_counts("1122m3344p5566s7z")))
        0
        >>> int(shanten_seven_pairs(parse_counts("1111m2233p4455s66z")))
        1
    """
    data = as_counts(counts).astype(np.int16)
    first = np.minimum(data, 2)
    second = np.minimum(np.maximum(data - 2, 0), 2) if quad_as_two_pairs else np.zeros_like(data)
    twos = (first == 2).sum(axis=-1) + (second == 2).sum(axis=-1)
    ones = (first == 1).sum(axis=-1) + (second == 1).sum(axis=-1)

    def best_pairs(twos: NDArray[np.int64], ones: NDArray[np.int64]) -> NDArray[np.int64]:
        full = np.minimum(twos, 7)
        return np.asarray(2 * full + np.minimum(ones, 7 - full), dtype=np.int64)

    if not triplet:
        return np.asarray(13 - best_pairs(twos, ones), dtype=np.int8)
    # Try every kind as the triplet; its pair slots leave the pool.
    t_twos = twos[..., None] - (first == 2) - (second == 2)
    t_ones = ones[..., None] - (first == 1) - (second == 1)
    usable = np.minimum(data, 3) + best_pairs(t_twos, t_ones)
    return np.asarray(16 - usable.max(axis=-1), dtype=np.int8)


def shanten_thirteen_orphans(counts: ArrayLike) -> NDArray[np.int8]:
    """Shanten of thirteen orphans (kokushi musou).

    Contract: a full closed 13/14-tile hand. Shape: ``(..., 34)`` -> ``(...)`` int8.

    Examples:
        >>> from mahjong_rules.kernel import shanten_thirteen_orphans
        >>> from mahjong_rules.notation import parse_counts
        >>> int(shanten_thirteen_orphans(parse_counts("19m19p19s1234567z")))
        0
    """
    data = as_counts(counts)[..., TERMINALS_AND_HONORS]
    kinds = (data > 0).sum(axis=-1)
    pair = (data > 1).any(axis=-1)
    return np.asarray(13 - kinds - pair, dtype=np.int8)


def shanten(
    counts: ArrayLike,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
    validate: bool = True,
) -> NDArray[np.int8]:
    """Shanten: the minimum over the regular form and, for full closed hands, the specials.

    Contract: counts ``(..., 34)``, each 0..4, hand sizes 3n+1 or 3n+2 with
    ``n <= n_sets`` (melded tiles removed). Seven pairs and thirteen orphans count only
    for full closed hands (``n == n_sets``); with ``n_sets=5`` the pairs shape is seven
    pairs and a triplet, and thirteen orphans does not apply.

    Shape: ``(..., 34)`` -> ``(...)`` int8. A single ``(34,)`` hand (array, list or
    tuple) takes a pure-Python path with the same answers and no numpy overhead.

    Args:
        counts: tile counts per kind.
        kinds: the tile set mask (:data:`SANMA_KINDS` for sanma).
        n_sets: sets in a full hand: 4 (riichi, sanma) or 5 (Taiwanese).
        seven_pairs: include the pairs shape.
        thirteen_orphans: include thirteen orphans (only with ``n_sets=4``).
        quad_as_two_pairs: four of a kind may be two pairs of the pairs shape.
        validate: check the contract (raises :class:`KernelInputError`).

    Examples:
        >>> from mahjong_rules.kernel import shanten
        >>> from mahjong_rules.notation import parse_counts
        >>> int(shanten(parse_counts("123m456p789s1234z")))
        2
        >>> int(shanten(parse_counts("1122m3344p5566s77z")))
        -1
        >>> shanten([parse_counts("19m19p19s1234567z"), parse_counts("5z")]).tolist()
        [0, 0]
    """
    check_n_sets(n_sets)
    key = kinds_key(kinds)
    orphans = thirteen_orphans and n_sets == 4
    values = single_values(counts)
    if values is None:
        data = as_counts(counts)
        if data.ndim != 1:
            return _shanten_batch(data, key, n_sets, seven_pairs=seven_pairs, orphans=orphans,
                                  quad_as_two_pairs=quad_as_two_pairs, validate=validate)
        values = data.tolist()
    single = shanten_of_values(values, key, n_sets, seven_pairs=seven_pairs, orphans=orphans,
                               quad_as_two_pairs=quad_as_two_pairs, validate=validate)
    return np.int8(single)  # type: ignore[return-value]


def _shanten_batch(data: NDArray[np.uint8], key: tuple[bool, ...], n_sets: int, *,
                   seven_pairs: bool, orphans: bool, quad_as_two_pairs: bool,
                   validate: bool) -> NDArray[np.int8]:
    simple_pairs = seven_pairs and n_sets == 4 and not quad_as_two_pairs
    forms = _batch(data, key, n_sets, validate=validate)
    result = forms.regular
    if seven_pairs or orphans:
        full = forms.sizes // 3 == n_sets
        special = np.full(result.shape, 127, dtype=np.int16)
        if simple_pairs:
            special = 6 - forms.pairs + np.maximum(0, 7 - forms.kinds)
        elif seven_pairs:
            special = shanten_seven_pairs(
                data.reshape(-1, N_KINDS), quad_as_two_pairs=quad_as_two_pairs,
                triplet=n_sets == 5,
            ).astype(np.int16)
        if orphans:
            special = np.minimum(special, 13 - forms.orphans - (forms.orphan_pairs > 0))
        result = np.where(full, np.minimum(result, special), result).astype(np.int8)
    return result.reshape(data.shape[:-1])


def shanten_of_values(counts: list[int], key: tuple[bool, ...], n_sets: int, *,
                      seven_pairs: bool, orphans: bool, quad_as_two_pairs: bool,
                      validate: bool) -> int:
    """:func:`shanten` of one hand given as 34 Python ints (``key``: a :func:`kinds_key`)."""
    regular, size, stats = _single(counts, key, n_sets, validate=validate)
    if size // 3 != n_sets or not (seven_pairs or orphans):
        return regular
    best = regular
    if seven_pairs:
        if n_sets == 4 and not quad_as_two_pairs:
            pairs = _seven_pairs_from_stats(py_field(stats, FIELD_PAIRS),
                                            py_field(stats, FIELD_KINDS))
        else:
            pairs = _pairs_shape_single(counts, quad_as_two_pairs=quad_as_two_pairs,
                                        triplet=n_sets == 5)
        best = min(best, pairs)
    if orphans:
        best = min(best, 13 - py_field(stats, FIELD_ORPHANS)
                   - (1 if py_field(stats, FIELD_ORPHAN_PAIRS) else 0))
    return best
