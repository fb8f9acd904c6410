"""What the batched kernel takes: count vectors, tile sets, their checks and their error."""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mahjong_rules.errors import MahjongRulesError, Reason
from mahjong_rules.kernel._tables import MAX_SLOTS

N_KINDS: Final = 34
"""Tile kinds in a count vector (flowers are never part of it)."""
TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class KernelInputError(MahjongRulesError, ValueError):
    """Counts that break a kernel precondition (shape, range, hand size, tile set).

    A :class:`~mahjong_rules.errors.MahjongRulesError` (and a ``ValueError``) like every
    error of the library; its ``reason`` is the :class:`~mahjong_rules.errors.Reason`
    ``bad_shape``, ``bad_counts``, ``bad_hand_size`` or ``outside_tile_set``. The kernel
    imports only numpy, the standard library and the leaf module
    :mod:`mahjong_rules.errors`.

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       A ``MahjongRulesError``; ``reason`` is a ``Reason`` member (it was its string).
    """

    def __init__(self, reason: str | Reason, message: str) -> None:
        """A stable ``reason`` (a member or its code) and a human ``message``."""
        super().__init__(Reason(reason), message)


ALL_KINDS: Final = tuple([True] * N_KINDS)
"""Four-player riichi and Taiwanese: every kind exists."""
SANMA_KINDS: Final = tuple(not 1 <= k <= 7 for k in range(N_KINDS))
"""Three-player riichi: 2m..8m are removed."""


def single_values(counts: object) -> list[int] | None:
    """The counts of one hand given as a ``(34,)`` array or a flat list/tuple of ints."""
    if isinstance(counts, np.ndarray):
        if counts.ndim != 1 or counts.dtype.kind not in "iu":
            return None
        listed: list[int] = counts.tolist()
        return listed
    if isinstance(counts, list | tuple) and counts and isinstance(counts[0], int | np.integer):
        values = [int(c) for c in counts]
        if values != list(counts):
            raise KernelInputError("bad_counts", "counts must be integers")
        return values
    return None


def kinds_key(kinds: ArrayLike | None) -> tuple[bool, ...]:
    """A tile-set mask as a hashable 34-tuple of bools (``None``: every kind)."""
    if kinds is None:
        return ALL_KINDS
    if isinstance(kinds, tuple) and len(kinds) == N_KINDS:
        return kinds
    try:
        mask = np.asarray(kinds, dtype=np.bool_)
    except (ValueError, TypeError):
        raise KernelInputError("bad_shape", "kinds must be 34 booleans") from None
    if mask.shape != (N_KINDS,):
        raise KernelInputError("bad_shape", f"kinds must have shape (34,), got {mask.shape}")
    return tuple(bool(x) for x in mask)


def as_counts(counts: ArrayLike) -> NDArray[np.uint8]:
    """Counts as a ``(..., 34)`` uint8 array (no copy when already so).

    Raises:
        KernelInputError: wrong last axis, negative counts or more than 4 of a kind.
    """
    try:
        array_ = np.asarray(counts)
    except (ValueError, TypeError):  # ragged nested lists and other junk
        raise KernelInputError("bad_shape", "counts must be an array of shape (..., 34)") from None
    if array_.shape[-1:] != (N_KINDS,):
        raise KernelInputError("bad_shape",
                               f"counts must have a last axis of 34, got shape {array_.shape}")
    if array_.dtype != np.uint8:
        if not np.issubdtype(array_.dtype, np.integer):
            raise KernelInputError("bad_counts", f"counts must be integers, got {array_.dtype}")
        if array_.size and (array_.min() < 0 or array_.max() > 4):
            raise KernelInputError("bad_counts", "every count must be between 0 and 4")
        array_ = array_.astype(np.uint8)
    elif array_.size and array_.max() > 4:
        raise KernelInputError("bad_counts", "every count must be between 0 and 4")
    return array_


def check_n_sets(n_sets: int) -> None:
    """Raise :class:`KernelInputError` unless ``n_sets`` is an int in ``1..MAX_SLOTS``."""
    given: object = n_sets  # untrusted: any value
    if isinstance(given, bool) or not isinstance(given, int | np.integer) or not (
            1 <= n_sets <= MAX_SLOTS):
        raise KernelInputError("bad_shape", f"n_sets must be 1..{MAX_SLOTS}, got {n_sets}")


def check_sizes(sizes: NDArray[np.integer], n_sets: int) -> None:
    """Raise :class:`KernelInputError` unless every hand size is 3n+1 or 3n+2, n <= n_sets."""
    if sizes.size == 0:
        return
    bad = (sizes % 3 == 0) | (sizes > 3 * n_sets + 2)
    if bad.any():
        first = int(sizes[bad].flat[0])
        raise KernelInputError(
            "bad_hand_size",
            f"hand size {first} is not 3n+1 or 3n+2 with n <= {n_sets} (melded tiles removed)",
        )
