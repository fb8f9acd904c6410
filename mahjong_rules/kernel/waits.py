"""Waits and ukeire (tile acceptance), batched over leading axes.

Every function here evaluates the hand with each of the 34 kinds added (and, for
ukeire of 3n+2 hands, with each held kind removed first) through the batched shanten
kernel, in chunks that bound the memory.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mahjong_rules.kernel._counts import N_KINDS, KernelInputError, as_counts, kinds_key
from mahjong_rules.kernel._shanten import shanten

_EYE: Final = np.eye(N_KINDS, dtype=np.uint8)
_CHUNK: Final = 16_384
"""Hand evaluations per kernel call (bounds the temporary arrays to a few MB)."""
NOT_HELD: Final = 127
"""Shanten reported for discarding a kind the hand does not hold."""


class Ukeire(NamedTuple):
    """Acceptance of 3n+1 hands.

    Shapes: ``shanten (...)`` int8, ``remaining (..., 34)`` uint8, ``total (...)`` int16.
    """

    shanten: NDArray[np.int8]
    """Shanten of the hand."""
    remaining: NDArray[np.uint8]
    """For each kind that lowers the shanten, the copies not yet seen; 0 elsewhere."""
    total: NDArray[np.int16]
    """Sum of ``remaining``: the number of tiles that improve the hand."""


class DiscardUkeire(NamedTuple):
    """Acceptance after each possible discard of 3n+2 hands.

    Shapes: ``shanten (...)`` int8, ``after (..., 34)`` int8, ``total (..., 34)`` int16.
    """

    shanten: NDArray[np.int8]
    """Shanten of the 3n+2 hand."""
    after: NDArray[np.int8]
    """Shanten after discarding each kind (:data:`NOT_HELD` where the kind is not held)."""
    total: NDArray[np.int16]
    """Ukeire count after discarding each kind (0 where not held)."""


def _options(kinds: ArrayLike | None, n_sets: int, seven_pairs: bool, thirteen_orphans: bool,
             quad_as_two_pairs: bool) -> dict[str, object]:
    return {"kinds": kinds_key(kinds), "n_sets": n_sets, "seven_pairs": seven_pairs,
            "thirteen_orphans": thirteen_orphans, "quad_as_two_pairs": quad_as_two_pairs}


def _shanten_flat(hands: NDArray[np.uint8], options: dict[str, object]) -> NDArray[np.int8]:
    """Shanten of ``(M, 34)`` hands in chunks (already validated)."""
    out = np.empty(len(hands), dtype=np.int8)
    for start in range(0, len(hands), _CHUNK):
        out[start : start + _CHUNK] = shanten(
            hands[start : start + _CHUNK], validate=False, **options  # type: ignore[arg-type]
        )
    return out


def _with_each_kind(hands: NDArray[np.uint8], options: dict[str, object]) -> NDArray[np.int8]:
    """``(M, 34)`` -> ``(M, 34)`` shanten of each hand with one tile of each kind added.

    Kinds held four times (or outside the tile set) get :data:`NOT_HELD`.
    """
    mask = np.asarray(options["kinds"], dtype=np.bool_)
    result = np.full(hands.shape, NOT_HELD, dtype=np.int8)
    rows_per_chunk = max(1, _CHUNK // N_KINDS)
    for start in range(0, len(hands), rows_per_chunk):
        block = hands[start : start + rows_per_chunk]
        plus = block[:, None, :] + _EYE[None, :, :]
        ok = (block < 4) & mask[None, :]
        values = _shanten_flat(plus[ok], options)
        chunk = result[start : start + rows_per_chunk]
        chunk[ok] = values
    return result


def _prepare(counts: ArrayLike, kinds: ArrayLike | None, n_sets: int, *,
             seven_pairs: bool, thirteen_orphans: bool, quad_as_two_pairs: bool,
             remainder: int) -> tuple[NDArray[np.uint8], NDArray[np.int8], dict[str, object]]:
    data = as_counts(counts)
    options = _options(kinds, n_sets, seven_pairs, thirteen_orphans, quad_as_two_pairs)
    flat = data.reshape(-1, N_KINDS)
    base = shanten(flat, **options) if flat.size else np.zeros(0, np.int8)  # type: ignore[arg-type]
    sizes = flat.sum(axis=1)
    if flat.size and (sizes % 3 != remainder).any():
        raise KernelInputError("bad_hand_size", f"every hand must have 3n+{remainder} tiles")
    return flat, base, options


def waits(
    counts: ArrayLike,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> NDArray[np.bool_]:
    """Kinds that complete 3n+1 hands.

    Contract: every hand has 3n+1 tiles. A kind the hand already holds four of is never a
    wait (primary spec 5.5: there is no fifth copy to win on).

    Shape: ``(..., 34)`` -> ``(..., 34)`` bool.

    Examples:
        >>> from mahjong_rules.kernel import waits
        >>> from mahjong_rules.notation import format_kinds, parse_counts
        >>> format_kinds(waits(parse_counts("1112345678999m")).nonzero()[0])
        '123456789m'
        >>> format_kinds(waits(parse_counts("1111m123p456s789s")).nonzero()[0])
        ''
    """
    flat, _, options = _prepare(counts, kinds, n_sets, seven_pairs=seven_pairs,
                                thirteen_orphans=thirteen_orphans,
                                quad_as_two_pairs=quad_as_two_pairs, remainder=1)
    after = _with_each_kind(flat, options)
    data = np.asarray(counts)
    return np.asarray(after == -1, dtype=np.bool_).reshape((*data.shape[:-1], N_KINDS))


def is_tenpai(
    counts: ArrayLike,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> NDArray[np.bool_]:
    """Whether 3n+1 hands wait on at least one kind (see :func:`waits`).

    Shape: ``(..., 34)`` -> ``(...)`` bool.

    Examples:
        >>> from mahjong_rules.kernel import is_tenpai
        >>> from mahjong_rules.notation import parse_counts
        >>> bool(is_tenpai(parse_counts("123m456p789s1122z")))
        True
    """
    found = waits(counts, kinds=kinds, n_sets=n_sets, seven_pairs=seven_pairs,
                  thirteen_orphans=thirteen_orphans, quad_as_two_pairs=quad_as_two_pairs)
    return np.asarray(found.any(axis=-1), dtype=np.bool_)


def _visible(visible: ArrayLike) -> NDArray[np.int16]:
    """The visible counts as an int16 array with a last axis of 34."""
    try:
        extra = np.asarray(visible, dtype=np.int16)
    except (ValueError, TypeError, OverflowError):
        raise KernelInputError("bad_shape", "visible must be counts of shape (..., 34)") from None
    if extra.shape[-1:] != (N_KINDS,):
        raise KernelInputError("bad_shape", "visible must have a last axis of 34")
    return extra


def _remaining(flat: NDArray[np.uint8], visible: ArrayLike | None) -> NDArray[np.int16]:
    seen = flat.astype(np.int16)
    if visible is not None:
        extra = _visible(visible)
        seen = seen + np.broadcast_to(extra.reshape(-1, N_KINDS), seen.shape)
    return np.maximum(4 - seen, 0)


def draw_ukeire(
    counts: ArrayLike,
    visible: ArrayLike | None = None,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> Ukeire:
    """Ukeire of 3n+1 hands: which kinds lower the shanten, and how many copies remain.

    Contract: 3n+1 hands. ``visible`` (same shape as ``counts``, or ``(34,)``) counts the
    tiles seen outside the hand (melds, rivers, dora indicators); copies left are
    ``4 - hand - visible``.

    Examples:
        >>> from mahjong_rules.kernel import draw_ukeire
        >>> from mahjong_rules.notation import parse_counts
        >>> result = draw_ukeire(parse_counts("123m456p789s1123z"))
        >>> int(result.shanten), int(result.total)
        (1, 8)
    """
    flat, base, options = _prepare(counts, kinds, n_sets, seven_pairs=seven_pairs,
                                   thirteen_orphans=thirteen_orphans,
                                   quad_as_two_pairs=quad_as_two_pairs, remainder=1)
    after = _with_each_kind(flat, options)
    better = after < base[:, None]
    remaining = np.where(better, _remaining(flat, visible), 0).astype(np.uint8)
    lead = np.asarray(counts).shape[:-1]
    return Ukeire(
        shanten=base.reshape(lead),
        remaining=remaining.reshape((*lead, N_KINDS)),
        total=remaining.sum(axis=-1, dtype=np.int16).reshape(lead),
    )


def discard_ukeire(
    counts: ArrayLike,
    visible: ArrayLike | None = None,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> DiscardUkeire:
    """For 3n+2 hands and every discard: the shanten after it and its ukeire count.

    Contract: 3n+2 hands. ``visible`` as in :func:`draw_ukeire`. The discarded tile
    counts as seen: after discarding a 9s, a 9s draw has one copy fewer left.

    Examples:
        >>> from mahjong_rules.kernel import discard_ukeire
        >>> from mahjong_rules.notation import parse_counts, format_kinds
        >>> result = discard_ukeire(parse_counts("123m456p789s11234z"))
        >>> best = result.after == result.after.min()
        >>> format_kinds(best.nonzero()[0]), int(result.total[29])
        ('234z', 8)
    """
    flat, base, options = _prepare(counts, kinds, n_sets, seven_pairs=seven_pairs,
                                   thirteen_orphans=thirteen_orphans,
                                   quad_as_two_pairs=quad_as_two_pairs, remainder=2)
    held = flat > 0
    minus = flat[:, None, :] - _EYE[None, :, :]
    candidates = minus[held]  # (H, 34): every (hand, held kind) pair
    after_discard = _shanten_flat(candidates, options)
    after_draw = _with_each_kind(candidates, options)
    better = after_draw < after_discard[:, None]
    # Copies left after the discard: the discarded tile is seen (it lies in the river),
    # so the count of the whole 3n+2 hand is subtracted, plus ``visible``.
    seen_hand = np.broadcast_to(flat[:, None, :], minus.shape)[held]
    vis = None
    if visible is not None:
        extra = _visible(visible)
        extra = np.broadcast_to(extra.reshape(-1, N_KINDS), flat.shape)
        vis = np.broadcast_to(extra[:, None, :], minus.shape)[held]
    left = _remaining(seen_hand, vis)
    totals = np.where(better, left, 0).sum(axis=-1, dtype=np.int16)
    after = np.full(flat.shape, NOT_HELD, dtype=np.int8)
    total = np.zeros(flat.shape, dtype=np.int16)
    after[held] = after_discard
    total[held] = totals
    lead = np.asarray(counts).shape[:-1]
    return DiscardUkeire(
        shanten=base.reshape(lead),
        after=after.reshape((*lead, N_KINDS)),
        total=total.reshape((*lead, N_KINDS)),
    )


def ukeire(
    counts: ArrayLike,
    visible: ArrayLike | None = None,
    *,
    kinds: ArrayLike | None = None,
    n_sets: int = 4,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> Ukeire | DiscardUkeire:
    """:func:`draw_ukeire` for 3n+1 hands, :func:`discard_ukeire` for 3n+2 hands.

    Contract: every hand of the batch has the same remainder mod 3.

    Examples:
        >>> from mahjong_rules.kernel import ukeire
        >>> from mahjong_rules.notation import parse_counts
        >>> type(ukeire(parse_counts("123m456p789s1123z"))).__name__
        'Ukeire'
        >>> type(ukeire(parse_counts("123m456p789s11234z"))).__name__
        'DiscardUkeire'
    """
    sizes = as_counts(counts).sum(axis=-1)
    remainders = set((np.asarray(sizes).reshape(-1) % 3).tolist())
    if remainders == {2}:
        return discard_ukeire(counts, visible, kinds=kinds, n_sets=n_sets,
                              seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans,
                              quad_as_two_pairs=quad_as_two_pairs)
    if remainders <= {1}:
        return draw_ukeire(counts, visible, kinds=kinds, n_sets=n_sets,
                           seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans,
                           quad_as_two_pairs=quad_as_two_pairs)
    raise KernelInputError("bad_hand_size",
                           "every hand must have 3n+1 tiles, or every hand 3n+2 tiles")
