"""mpsz tile notation: ``123m456p789s1234567z``, ``0m``/``0p``/``0s`` red fives, ``1f``-``8f``.

Digits are followed by their suit letter: ``m`` man, ``p`` pin, ``s`` sou, ``z`` honours
(1-4 East South West North, 5-7 white green red dragons), ``f`` flowers and seasons
(1-8, Taiwanese). White space between groups is ignored. A red five is also a five: it
counts toward the four copies of its kind, and at most one red five per suit exists.

Three forms are read and written: tiles (kind plus red flag), counts (a 34- or 42-vector)
and physical ids (0..143, see :mod:`mahjong_rules.tiles`).

.. versionadded:: 0.1
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mahjong_rules.errors import NotationError, Reason
from mahjong_rules.tiles import (
    N_IDS,
    N_KINDS,
    N_KINDS_WITH_FLOWERS,
    RED_FIVE_IDS,
    Tile,
    TileId,
    TileKind,
    kind_name,
    kind_of,
)

__all__ = [
    "format_counts",
    "format_ids",
    "format_kinds",
    "format_tiles",
    "parse_counts",
    "parse_ids",
    "parse_kinds",
    "parse_tiles",
]

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": N_KINDS}
_SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_RED_KIND = {"m": 4, "p": 13, "s": 22}
_COPIES_OF_FLOWER = 1


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read mpsz text into tiles, in the order written.

    Raises:
        NotationError: an unknown character, a group without a suit letter or without
            digits, a digit that is not a tile of its suit, or a fifth copy (a second
            red five of a suit, a second copy of a flower). ``position`` names the
            offending character. ``bad_input`` when ``text`` is not a ``str``.

    Examples:
        >>> [str(t) for t in parse_tiles("406m 77z")]
        ['4m', '0m', '6m', '7z', '7z']
        >>> parse_tiles("11111m")
        Traceback (most recent call last):
        ...
        mahjong_rules.errors.NotationError: fifth copy of 1m at position 4 in '11111m'
    """
    if not isinstance(text, str):
        raise NotationError(Reason.BAD_INPUT, f"mpsz notation is a str, got "
                            f"{type(text).__name__}: {text!r}")
    tiles: list[Tile] = []
    pending: list[int] = []
    copies = [0] * N_KINDS_WITH_FLOWERS
    red_seen: set[int] = set()
    for pos, char in enumerate(text):
        if char.isdigit() and char.isascii():
            pending.append(pos)
        elif char in _SUIT_BASE:
            if not pending:
                raise NotationError(
                    Reason.EMPTY_GROUP,
                    f"suit letter {char!r} without digits at position {pos} in {text!r}",
                    text=text, position=pos,
                )
            for digit_pos in pending:
                tile = _tile(text, digit_pos, char)
                copies[tile.kind] += 1
                _check_copies(text, digit_pos, tile, copies[tile.kind], red_seen)
                tiles.append(tile)
            pending = []
        elif not char.isspace():
            raise NotationError(
                Reason.UNKNOWN_CHARACTER,
                f"unknown character {char!r} at position {pos} in {text!r}",
                text=text, position=pos,
            )
    if pending:
        raise NotationError(
            Reason.EMPTY_GROUP,
            f"digits without a suit letter from position {pending[0]} in {text!r}",
            text=text, position=pending[0],
        )
    return tuple(tiles)


def _check_copies(text: str, pos: int, tile: Tile, copies: int, red_seen: set[int]) -> None:
    """Refuse a fifth copy, a second copy of a flower, or a second red five of a suit."""
    if copies > (_COPIES_OF_FLOWER if tile.kind >= N_KINDS else 4):
        which = "second" if tile.kind >= N_KINDS else "fifth"
        raise NotationError(
            Reason.TOO_MANY_COPIES,
            f"{which} copy of {kind_name(tile.kind)} at position {pos} in {text!r}",
            text=text, position=pos,
        )
    if tile.red:
        if tile.kind in red_seen:
            raise NotationError(
                Reason.TOO_MANY_COPIES, f"second red five {tile} at position {pos} in {text!r}",
                text=text, position=pos,
            )
        red_seen.add(tile.kind)


def _tile(text: str, pos: int, suit: str) -> Tile:
    digit = int(text[pos])
    if digit == 0 and suit in _RED_KIND:
        return Tile(TileKind(_RED_KIND[suit]), red=True)
    if not 1 <= digit <= _SUIT_SIZE[suit]:
        raise NotationError(
            Reason.BAD_TILE,
            f"{digit}{suit} is not a tile (position {pos} in {text!r})",
            text=text, position=pos,
        )
    return Tile(TileKind(_SUIT_BASE[suit] + digit - 1))


def parse_kinds(text: str) -> tuple[TileKind, ...]:
    """Read mpsz text into kinds (a red five is its kind), in the order written.

    Examples:
        >>> parse_kinds("0m5p1z")
        (4, 13, 27)
    """
    return tuple(tile.kind for tile in parse_tiles(text))


def parse_counts(text: str, *, flowers: bool = False) -> NDArray[np.uint8]:
    """Read mpsz text into a count vector: 34 kinds, or 42 with ``flowers``.

    Raises:
        NotationError: as :func:`parse_tiles`; also flowers without ``flowers=True``.

    Examples:
        >>> parse_counts("112m7z").tolist()[:3], int(parse_counts("112m7z")[33])
        ([2, 1, 0], 1)
    """
    size = N_KINDS_WITH_FLOWERS if flowers else N_KINDS
    counts = np.zeros(size, dtype=np.uint8)
    for index, tile in enumerate(parse_tiles(text)):
        if tile.kind >= size:
            raise NotationError(
                Reason.BAD_TILE, f"flower {tile} in a 34-kind count vector: {text!r}",
                text=text, position=_digit_position(text, index),
            )
        counts[tile.kind] += 1
    return counts


def parse_ids(text: str, *, red_fives: bool = True) -> tuple[TileId, ...]:
    """Read mpsz text into physical tile ids, giving each tile the lowest free copy.

    With ``red_fives`` a ``0`` takes the red id (16, 52, 88) and a plain five never does;
    without, ``0`` is refused and fives take any copy.

    Examples:
        >>> parse_ids("550m")
        (17, 18, 16)
        >>> parse_ids("1f8f")
        (136, 143)
    """
    used: set[int] = set()
    result: list[TileId] = []
    for index, tile in enumerate(parse_tiles(text)):
        if tile.kind >= N_KINDS:
            candidates: Iterable[int] = (N_IDS + tile.kind - N_KINDS,)
        elif tile.red:
            if not red_fives:
                raise NotationError(
                    Reason.BAD_TILE, f"red five {tile} without red fives in {text!r}",
                    text=text, position=_digit_position(text, index),
                )
            candidates = (4 * tile.kind,)
        else:
            first = 4 * tile.kind
            reds = red_fives and tile.kind in _RED_KIND.values()
            candidates = range(first + 1 if reds else first, first + 4)
        free = next((c for c in candidates if c not in used), None)
        if free is None:
            raise NotationError(
                Reason.TOO_MANY_COPIES, f"no copy of {tile} left in {text!r}",
                text=text, position=_digit_position(text, index),
            )
        used.add(free)
        result.append(TileId(free))
    return tuple(result)


def _digit_position(text: str, index: int) -> int:
    seen = -1
    for pos, char in enumerate(text):
        if char.isdigit():
            seen += 1
            if seen == index:
                return pos
    return len(text)


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Write tiles as mpsz, sorted by kind unless ``sort`` is false.

    Examples:
        >>> format_tiles(parse_tiles("7z0m123p5m"))
        '05m123p7z'
    """
    items = _tile_list(tiles)
    if sort:
        items.sort(key=lambda t: (t.kind, not t.red))
    out: list[str] = []
    digits: list[str] = []
    suit = ""
    for tile in items:
        name = str(tile)
        if name[1] != suit and digits:
            out.append("".join(digits) + suit)
            digits = []
        suit = name[1]
        digits.append(name[0])
    if digits:
        out.append("".join(digits) + suit)
    return "".join(out)


def _tile_list(tiles: Iterable[Tile]) -> list[Tile]:
    """The tiles as a list; :class:`NotationError` for anything that is not tiles."""
    items: list[Tile] = []
    for item in _iterate(tiles, "tiles"):
        if not isinstance(item, Tile):
            raise NotationError(Reason.BAD_INPUT, f"not a Tile: {item!r}")
        items.append(item)
    return items


def _iterate(values: object, what: str) -> list[object]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise NotationError(Reason.BAD_INPUT, f"{what} must be a sequence, got "
                            f"{type(values).__name__}")
    return list(values)


def format_kinds(kinds: Iterable[int], *, sort: bool = True) -> str:
    """Write kinds as mpsz.

    Examples:
        >>> format_kinds([27, 0, 1, 2])
        '123m1z'

    Raises:
        NotationError: ``bad_tile`` for a kind outside 0..41, ``bad_input`` for values
            that are not integers.
    """
    return format_tiles([Tile(k) for k in _iterate(kinds, "kinds")],  # type: ignore[arg-type]
                        sort=sort)


def format_counts(counts: ArrayLike) -> str:
    """Write a count vector (34 or 42 kinds) as mpsz.

    Raises:
        NotationError: ``bad_counts`` for a wrong length or a count outside 0..4.

    Examples:
        >>> format_counts(parse_counts("123m456p789s1234567z"))
        '123m456p789s1234567z'
    """
    try:
        values = np.asarray(counts)
    except (ValueError, TypeError):  # ragged nested lists and other junk
        raise NotationError(Reason.BAD_COUNTS, "counts must be 34 or 42 integers") from None
    if values.ndim != 1 or len(values) not in (N_KINDS, N_KINDS_WITH_FLOWERS):
        raise NotationError(Reason.BAD_COUNTS, f"counts must have 34 or 42 entries: {values.shape}")
    if not (np.issubdtype(values.dtype, np.integer) or values.dtype == np.bool_):
        raise NotationError(Reason.BAD_COUNTS, f"counts must be integers, got {values.dtype}")
    if values.size and (values.min() < 0 or values[:N_KINDS].max() > 4 or (
            len(values) > N_KINDS and values[N_KINDS:].max() > _COPIES_OF_FLOWER)):
        raise NotationError(Reason.BAD_COUNTS,
                            "every count must be 0..4 (0..1 for a flower or season)")
    return format_kinds(k for k, c in enumerate(values.tolist()) for _ in range(int(c)))


def format_ids(ids: Sequence[int], *, red_fives: bool = True, sort: bool = True) -> str:
    """Write physical ids as mpsz (red ids as ``0`` when ``red_fives``).

    Examples:
        >>> format_ids([16, 17, 136])
        '05m1f'

    Raises:
        NotationError: ``bad_tile_id`` for an id outside 0..143 or given twice,
            ``bad_input`` for values that are not integers.
    """
    tiles = []
    seen: set[int] = set()
    for value in _iterate(ids, "ids"):
        try:
            tile_id = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise NotationError(Reason.BAD_INPUT, f"a tile id is an int, got {value!r}") from None
        if isinstance(value, bool):
            raise NotationError(Reason.BAD_INPUT, f"a tile id is an int, got {value!r}")
        if not 0 <= tile_id < N_IDS + 8:
            raise NotationError(Reason.BAD_TILE_ID, f"tile id {tile_id} is outside 0..143")
        if tile_id in seen:
            raise NotationError(Reason.BAD_TILE_ID, f"tile id {tile_id} appears twice")
        seen.add(tile_id)
        tiles.append(Tile(kind_of(tile_id), red=red_fives and tile_id in RED_FIVE_IDS))
    return format_tiles(tiles, sort=sort)

