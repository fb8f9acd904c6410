"""Tile identity: kinds, physical ids, suits, red fives, flowers. No rules here.

Kinds follow the primary spec (section 8.1): 0-8 man (1m-9m), 9-17 pin, 18-26 sou,
27-30 the winds East, South, West, North, 31-33 the dragons white, green, red. Taiwanese
adds the eight flowers and seasons as kinds 34-41 (written ``1f``-``8f``).

Physical ids 0-135 have ``kind = id >> 2``; with red fives enabled the ids 16, 52 and 88
(the first copy of 5m, 5p and 5s) are the red ones. The Taiwanese set extends to 143:
ids 136-143 are the flowers ``1f``-``8f``, one copy each.

Examples:
    >>> kind_of(53), is_red(52), kind_name(31)
    (13, True, '5z')

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Final, NamedTuple, NewType

__all__ = [
    "FLOWER_KINDS",
    "HONOR_KINDS",
    "N_KINDS",
    "N_KINDS_WITH_FLOWERS",
    "RED_FIVE_IDS",
    "SUITS",
    "TERMINAL_AND_HONOR_KINDS",
    "Tile",
    "TileId",
    "TileKind",
    "is_honor",
    "is_red",
    "is_terminal_or_honor",
    "kind_name",
    "kind_of",
    "suit_of",
]

TileKind = NewType("TileKind", int)
"""A tile kind, 0..33 (0..41 with flowers)."""
TileId = NewType("TileId", int)
"""A physical tile, 0..135 (0..143 with flowers)."""



class Tile(NamedTuple):
    """A tile as written in notation: its kind and whether it is a red five.

    Examples:
        >>> Tile(TileKind(4), red=True)
        Tile(kind=4, red=True)
        >>> str(Tile(TileKind(4), red=True)), str(Tile(TileKind(31)))
        ('0m', '5z')
    """

    kind: TileKind
    """The kind, 0..41."""
    red: bool = False
    """A red five (only kinds 4, 13, 22)."""

    def __str__(self) -> str:
        """The mpsz name, ``0`` for a red five."""
        name = kind_name(self.kind)
        return "0" + name[1] if self.red else name


N_KINDS: Final = 34
"""Kinds of the 136-tile set."""
N_KINDS_WITH_FLOWERS: Final = 42
"""Kinds of the Taiwanese 144-tile set (34 + 8 flowers and seasons)."""
N_IDS: Final = 136
N_IDS_WITH_FLOWERS: Final = 144
SUITS: Final = "mpsz"
"""Suit letters of the kinds 0-8, 9-17, 18-26, 27-33; ``f`` writes flowers."""
RED_FIVE_IDS: Final = frozenset({16, 52, 88})
"""The physical ids of the red 5m, 5p, 5s."""
HONOR_KINDS: Final = tuple(TileKind(k) for k in range(27, 34))
FLOWER_KINDS: Final = tuple(TileKind(k) for k in range(34, 42))
TERMINAL_AND_HONOR_KINDS: Final = tuple(
    TileKind(k) for k in (0, 8, 9, 17, 18, 26, *range(27, 34))
)


def kind_of(tile: int) -> TileKind:
    """Kind of a physical tile id.

    Examples:
        >>> kind_of(0), kind_of(135), kind_of(136), kind_of(143)
        (0, 33, 34, 41)
    """
    return TileKind(tile >> 2 if tile < N_IDS else N_KINDS + tile - N_IDS)


def is_red(tile: int) -> bool:
    """Whether a physical tile id is a red five (when red fives are in play)."""
    return tile in RED_FIVE_IDS


def suit_of(kind: int) -> str:
    """Suit letter of a kind: ``m``, ``p``, ``s``, ``z`` or ``f``."""
    return "f" if kind >= N_KINDS else SUITS[kind // 9]


def is_honor(kind: int) -> bool:
    """Winds and dragons."""
    return 27 <= kind < N_KINDS


def is_terminal_or_honor(kind: int) -> bool:
    """1s, 9s, winds and dragons."""
    return kind >= 27 or kind % 9 in (0, 8) if kind < N_KINDS else False


def kind_name(kind: int) -> str:
    """Mpsz name of a kind, e.g. ``1m``, ``7z``, ``3f``."""
    if kind >= N_KINDS:
        return f"{kind - N_KINDS + 1}f"
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"
