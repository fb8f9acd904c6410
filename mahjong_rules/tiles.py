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

import operator
from typing import Final, NamedTuple, NewType, Self, SupportsIndex

from mahjong_rules.errors import NotationError, Reason

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



class _TileFields(NamedTuple):
    kind: TileKind
    """The kind, 0..41."""
    red: bool = False
    """A red five (only kinds 4, 13, 22)."""


class Tile(_TileFields):
    """A tile as written in notation: its kind and whether it is a red five.

    A kind outside 0..41, or a red tile that is no five of a suit, is refused.

    Examples:
        >>> Tile(TileKind(4), red=True)
        Tile(kind=4, red=True)
        >>> str(Tile(TileKind(4), red=True)), str(Tile(TileKind(31)))
        ('0m', '5z')
        >>> Tile(TileKind(200))
        Traceback (most recent call last):
        ...
        mahjong_rules.errors.NotationError: tile kind 200 is outside 0..41
    """

    __slots__ = ()

    def __new__(cls, kind: SupportsIndex, red: bool = False) -> Self:
        """Check the kind and the red flag (numpy integers are taken as ints)."""
        value = _kind_index(kind)
        if type(red) is not bool:
            raise NotationError(Reason.BAD_INPUT, f"red must be true or false, got {red!r}")
        if red and value not in _RED_KINDS:
            raise NotationError(Reason.BAD_TILE, f"kind {value} has no red five")
        return tuple.__new__(cls, (TileKind(value), red))

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


_RED_KINDS: Final = frozenset({4, 13, 22})


def _kind_index(kind: object) -> int:
    """``kind`` as an int of 0..41, or a :class:`NotationError`."""
    return _bounded(kind, "a tile kind", N_KINDS_WITH_FLOWERS, Reason.BAD_TILE)


def _id_index(tile: object) -> int:
    """``tile`` as an int of 0..143, or a :class:`NotationError`."""
    return _bounded(tile, "a tile id", N_IDS_WITH_FLOWERS, Reason.BAD_TILE_ID)


def _bounded(value: object, what: str, top: int, reason: Reason) -> int:
    """``value`` as an int of ``0..top-1`` (``reason`` outside it, ``bad_input`` for no int)."""
    if isinstance(value, bool):
        raise NotationError(Reason.BAD_INPUT, f"{what} is an int, got {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise NotationError(Reason.BAD_INPUT, f"{what} is an int, got {value!r}") from None
    if not 0 <= number < top:
        raise NotationError(reason, f"{what.removeprefix('a ')} {number} is outside 0..{top - 1}")
    return number


def kind_of(tile: int) -> TileKind:
    """Kind of a physical tile id.

    Examples:
        >>> kind_of(0), kind_of(135), kind_of(136), kind_of(143)
        (0, 33, 34, 41)

    Raises:
        NotationError: ``bad_tile_id`` for an id outside 0..143.
    """
    tile = _id_index(tile)
    return TileKind(tile >> 2 if tile < N_IDS else N_KINDS + tile - N_IDS)


def is_red(tile: int) -> bool:
    """Whether a physical tile id is a red five (when red fives are in play).

    Raises:
        NotationError: ``bad_tile_id`` for an id outside 0..143.
    """
    return _id_index(tile) in RED_FIVE_IDS


def suit_of(kind: int) -> str:
    """Suit letter of a kind: ``m``, ``p``, ``s``, ``z`` or ``f``."""
    kind = _kind_index(kind)
    return "f" if kind >= N_KINDS else SUITS[kind // 9]


def is_honor(kind: int) -> bool:
    """Winds and dragons."""
    return 27 <= _kind_index(kind) < N_KINDS


def is_terminal_or_honor(kind: int) -> bool:
    """1s, 9s, winds and dragons."""
    kind = _kind_index(kind)
    return kind >= 27 or kind % 9 in (0, 8) if kind < N_KINDS else False


def kind_name(kind: int) -> str:
    """Mpsz name of a kind, e.g. ``1m``, ``7z``, ``3f``.

    Raises:
        NotationError: ``bad_tile`` for a kind outside 0..41.
    """
    kind = _kind_index(kind)
    if kind >= N_KINDS:
        return f"{kind - N_KINDS + 1}f"
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"
