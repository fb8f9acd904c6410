"""Interned values: one shared immutable object per discard, river entry and answer.

Legal-action lists are rebuilt every turn and rivers grow by one entry a discard; the
values are frozen, so one object per distinct value serves every state and every game
(equal to, and interchangeable with, a newly built one).

Examples:
    >>> discard_action(0, 5) is discard_action(0, 5)
    True
    >>> from mahjong_rules.actions import Discard
    >>> discard_action(0, 5) == Discard(seat=0, tile=5)
    True

.. versionadded:: 0.4
"""

from __future__ import annotations

import functools

from mahjong_rules.actions import Discard, Disconnect, SetPreferences
from mahjong_rules.state import CallKind, Response, RiverEntry

__all__ = ["DISCARDS", "PASS", "RIICHI_DISCARDS", "RIVER", "discard_action", "preferences",
           "river_entry"]

PASS = Response(kind=CallKind.PASS)
"""A pass in a claim window (one shared immutable value)."""


@functools.cache
def discard_action(seat: int, tile: int, riichi: bool = False) -> Discard:
    """Shared immutable discard actions (legal-action lists rebuild them every turn)."""
    return Discard(seat=seat, tile=tile, riichi=riichi)


DISCARDS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(discard_action(seat, tile) for tile in range(144)) for seat in range(4))
"""``DISCARDS[seat][tile]``: :func:`discard_action` ``(seat, tile)``, as a table (the
same objects; a tuple index is cheaper than a call)."""
RIICHI_DISCARDS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(discard_action(seat, tile, riichi=True) for tile in range(144)) for seat in range(4))
"""``RIICHI_DISCARDS[seat][tile]``: the riichi-declaring :func:`discard_action`."""


@functools.cache
def river_entry(tile: int, tsumogiri: bool, riichi: bool = False) -> RiverEntry:
    """Shared immutable river entries (one per tile and flags)."""
    return RiverEntry(tile=tile, tsumogiri=tsumogiri, riichi=riichi)


RIVER: tuple[tuple[RiverEntry, ...], ...] = tuple(
    tuple(river_entry(tile, tsumogiri) for tile in range(144)) for tsumogiri in (False, True))
"""``RIVER[tsumogiri][tile]``: :func:`river_entry` ``(tile, tsumogiri)`` (no riichi), as a
table (the same objects)."""


@functools.cache
def preferences(seat: int) -> tuple[SetPreferences | Disconnect, ...]:
    """The preference actions of a seat and its disconnect signal (always legal)."""
    return (*(SetPreferences(seat=seat, auto_win=a, no_calls=b)
              for a in (False, True) for b in (False, True)), Disconnect(seat=seat))
