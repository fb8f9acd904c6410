"""Tiles of a hand: count, find and remove tiles of a sorted hand of tile ids.

A concealed hand in a :class:`~mahjong_rules.state.State` is a sorted tuple of physical
tile ids (``kind = id >> 2``, so the four tiles of a kind are ``4k..4k+3``). Every
ruleset reads and changes hands through these functions; :func:`reject` and
:func:`not_held` make the rejections they share.

Examples:
    >>> hand = (0, 1, 5, 8, 9, 10)
    >>> held(hand, 0), held(hand, 2), tiles_of(hand, 2)
    (2, 3, (8, 9, 10))
    >>> remove(hand, [9, 0])
    (1, 5, 8, 10)
    >>> not_held(1, 77).reason.value
    'tile_not_in_hand'

.. versionadded:: 0.4
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from mahjong_rules.errors import Reason, Rejection

__all__ = ["held", "not_held", "reject", "remove", "tiles_of"]


def held(hand: tuple[int, ...], kind: int) -> int:
    """How many tiles of ``kind`` a sorted hand of tile ids holds (ids 4k..4k+3)."""
    if kind < 0:
        return 0
    return bisect.bisect_left(hand, 4 * kind + 4) - bisect.bisect_left(hand, 4 * kind)


def tiles_of(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The tiles of ``kind`` in a sorted hand of tile ids."""
    return hand[bisect.bisect_left(hand, 4 * kind):bisect.bisect_left(hand, 4 * kind + 4)]


def remove(hand: tuple[int, ...], tiles: Iterable[int]) -> tuple[int, ...]:
    """``hand`` without ``tiles`` (each must be in it; the order of the rest is kept)."""
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)


def reject(reason: Reason, message: str, **details: int | str) -> Rejection:
    """A :class:`~mahjong_rules.errors.Rejection` with ``details``."""
    return Rejection(reason=reason, message=message, details=details)


def not_held(seat: int, tile: int) -> Rejection:
    """The rejection of a discard of a tile the seat does not hold."""
    return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold tile {tile}", tile=tile)
