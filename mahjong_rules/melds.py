"""Meld kinds: the one vocabulary of melds that the state, the scorer and the notation share.

It sits below both ``state.py`` and ``scoring/`` (it imports nothing first-party), so the
game state names meld kinds without importing the scorer.

Examples:
    >>> MeldKind("pon") is MeldKind.PON
    True

.. versionadded:: 0.4
"""

from __future__ import annotations

import enum

__all__ = ["MeldKind"]


class MeldKind(enum.Enum):
    """A called or declared meld."""

    __hash__ = object.__hash__  # identity, as equality is: no Python-level hash

    CHI = "chi"
    """A run claimed from the player on the left."""
    PON = "pon"
    """A triplet claimed from a discard."""
    DAIMINKAN = "daiminkan"
    """An open kan claimed from a discard."""
    KAKAN = "kakan"
    """An added kan: a fourth tile added to a pon."""
    ANKAN = "ankan"
    """A closed kan of four tiles from the hand (keeps the hand closed)."""
