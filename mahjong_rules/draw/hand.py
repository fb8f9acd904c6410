"""Pictures of a hand: concealed tiles and melds in one row, and :func:`hand_svg`.

A meld's called tile lies sideways at the place of the seat it came from (the left
seat's tile first, the opposite seat's in the middle, the right seat's last; an open kan
from the opposite seat turns its second tile), an added kan stacks the added tile on
the sideways one, a closed kan shows backs at both ends. Melds come as the view's meld
records (``kind``, ``tiles``, ``called``, ``from_seat``, ``added``) or written as text:
``"pon 555z left"``, ``"chi 3m24m"`` (the called tile first), ``"ankan 1111p"``,
``"kakan 5555m right"`` (the last tile is the added one).

Examples:
    >>> picture = hand_svg("123m456p789s11z", melds=["pon 777z left"], drawn="1z")
    >>> tiles = picture.split("</defs>")[1]  # after the tile definitions
    >>> tiles.count("<use "), tiles.count('class="drawn"'), tiles.count("rotate(-90)")
    (15, 1, 1)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from mahjong_rules.draw._svg import Scene, Svg, TileUse, Zone, document
from mahjong_rules.draw.faces import TILE_HEIGHT, TILE_WIDTH, TileStyle, symbol_name, tile_defs
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile

__all__ = ["MeldTile", "hand_svg", "meld_tiles", "row_items", "tile_symbols"]

GAP: Final = 8.0
"""Space between the concealed tiles and the drawn tile, and between melds."""
_DIRECTIONS: Final = {"left": -1, "across": 2, "right": 1}


class MeldTile(NamedTuple):
    """One tile of a meld as drawn.

    Its symbol, whether it lies sideways, and the tile stacked on it (an added kan's
    fourth tile).
    """

    symbol: str
    sideways: bool = False
    stacked: str | None = None


def _tile_symbol(tile: Tile) -> str:
    if tile.kind >= 34:
        return f"f{tile.kind - 33}"
    suit = "mpsz"[tile.kind // 9]
    return f"{suit}0" if tile.red else f"{suit}{tile.kind % 9 + 1}"


def tile_symbols(tiles: str | Sequence[int], red_fives: bool = True) -> list[str]:
    """The symbols of tiles written in mpsz (``"0m55p"``) or given as physical ids.

    With ``red_fives``, the ids 16, 52 and 88 are red.
    """
    if isinstance(tiles, str):
        return [_tile_symbol(tile) for tile in parse_tiles(tiles)]
    return [symbol_name(tile, red_fives) for tile in tiles]


def _relative(from_seat: int | None, seat: int, num_seats: int) -> str:
    """Where the seat a tile came from sits, seen from ``seat``."""
    if from_seat is None:
        return ""
    offset = (from_seat - seat) % num_seats
    if offset == num_seats - 1:
        return "left"
    return "right" if offset == 1 else "across"


def _place(kind: str, called: str, rest: list[str], where: str, added: str | None
           ) -> list[MeldTile]:
    if kind == "chi":
        return [MeldTile(called, sideways=True), *(MeldTile(s) for s in rest)]
    size = len(rest) + 1
    index = {"left": 0, "across": 1, "right": size - 1}.get(where, 0)
    tiles = [MeldTile(s) for s in rest]
    tiles.insert(index, MeldTile(called, sideways=True, stacked=added))
    return tiles


def meld_tiles(meld: str | Mapping[str, Any], *, seat: int = 0, num_seats: int = 4,
               red_fives: bool = True) -> list[MeldTile]:
    """How a meld is drawn, left to right.

    ``meld`` is a view's meld record (``seat`` is its owner, for the direction of the
    called tile; ``red_fives``: its ids 16, 52, 88 are red) or meld text (see the module
    docstring).

    Examples:
        >>> [(t.symbol, t.sideways) for t in meld_tiles("pon 555z across")]
        [('z5', False), ('z5', True), ('z5', False)]
        >>> [t.symbol for t in meld_tiles("ankan 0555p")]  # the red five shows
        ['back', 'p0', 'p5', 'back']
        >>> meld_tiles({"kind": "kakan", "tiles": [8, 9, 10, 11], "called": 9,
        ...             "from_seat": 3, "added": 11}, seat=0)[0]
        MeldTile(symbol='m3', sideways=True, stacked='m3')

    Raises:
        ValueError: meld text that is not ``KIND TILES [left|across|right]``.
    """
    if isinstance(meld, str):
        parts = meld.split()
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] not in _DIRECTIONS):
            raise ValueError(f"a meld is written 'kind tiles [left|across|right]', "
                             f"not {meld!r}")
        kind, symbols = parts[0], tile_symbols(parts[1])
        where = parts[2] if len(parts) == 3 else "left"
        if kind == "ankan":
            return _closed_kan(symbols)
        added = symbols.pop() if kind == "kakan" else None
        return _place(kind, symbols[0], symbols[1:], where, added)
    kind = str(meld["kind"])
    ids = [int(t) for t in meld["tiles"]]
    if kind == "ankan" or meld.get("called") is None:
        return _closed_kan(tile_symbols(sorted(ids), red_fives))
    called = int(meld["called"])
    added = meld.get("added")
    rest = sorted(t for t in ids if t not in (called, added))
    where = _relative(meld.get("from_seat"), seat, num_seats)
    return _place(kind, symbol_name(called, red_fives), tile_symbols(rest, red_fives), where,
                  None if added is None else symbol_name(int(added), red_fives))


def _closed_kan(symbols: list[str]) -> list[MeldTile]:
    middle = sorted(symbols[1:3] if len(symbols) == 4 else symbols[:2])
    # a red five, when there is one, shows in the middle
    if any(s.endswith("0") for s in symbols) and not any(s.endswith("0") for s in middle):
        middle[0] = next(s for s in symbols if s.endswith("0"))
    return [MeldTile("back"), *(MeldTile(s) for s in middle), MeldTile("back")]


def row_items(concealed: Sequence[str], melds: Sequence[Sequence[MeldTile]], *,
              drawn: str | None = None, x: float = 0, bottom: float = TILE_HEIGHT,
              scale: float = 1.0, marks: Sequence[str] = ()) -> tuple[list[TileUse], float]:
    """A hand laid out in one row, the tiles' bottoms on ``bottom``.

    The concealed tiles (each with its mark from ``marks``), the drawn tile after a gap,
    then each meld after a gap. Returns the tiles and the row's right end.
    """
    width, height = TILE_WIDTH * scale, TILE_HEIGHT * scale
    items: list[TileUse] = []
    for index, symbol in enumerate(concealed):
        mark = marks[index] if index < len(marks) else ""
        items.append(TileUse(symbol, x, bottom - height, mark=mark))
        x += width
    if drawn is not None:
        x += GAP * scale
        items.append(TileUse(drawn, x, bottom - height, mark="drawn"))
        x += width
    for meld in melds:
        x += GAP * scale
        for tile in meld:
            if tile.sideways:
                items.append(TileUse(tile.symbol, x, bottom - width, sideways=True))
                if tile.stacked is not None:
                    items.append(TileUse(tile.stacked, x, bottom - 2 * width, sideways=True,
                                         mark="added"))
                x += height
            else:
                items.append(TileUse(tile.symbol, x, bottom - height))
                x += width
    return items, x


def hand_svg(tiles: str | Sequence[int], melds: Sequence[str | Mapping[str, Any]] = (), *,
             drawn: str | int | None = None, seat: int = 0, num_seats: int = 4,
             style: TileStyle | None = None, scale: float = 1.0,
             red_fives: bool = True, aside: str | Sequence[int] = ()) -> Svg:
    """A hand as an SVG picture.

    The concealed tiles, the drawn (or winning) tile after a gap, then the melds.

    Args:
        tiles: the concealed tiles, in mpsz (``"123m456p"``, ``0`` a red five) or as
            physical ids (shown in the order given).
        melds: meld text (``"pon 555z left"``) or a view's meld records.
        drawn: a tile shown apart at the right of the concealed tiles.
        seat: the hand's seat, for meld records (which seat a called tile came from).
        num_seats: seats at the table, for meld records.
        style: the tile style (labels, colour-blind borders).
        scale: the size of a tile (1: 30 x 40).
        red_fives: tile ids 16, 52 and 88 are red fives (not in Taiwanese).
        aside: tiles set aside face up (flowers, kita), shown after the melds.

    Raises:
        NotationError: tiles that are not mpsz.
        ValueError: meld text that cannot be read.
    """
    style = style or TileStyle()
    concealed = tile_symbols(tiles, red_fives)
    extra = None if drawn is None else tile_symbols(
        drawn if isinstance(drawn, str) else [drawn], red_fives)[0]
    laid = [meld_tiles(m, seat=seat, num_seats=num_seats, red_fives=red_fives) for m in melds]
    stacked = any(t.stacked for meld in laid for t in meld)
    height = TILE_HEIGHT * scale
    bottom = height + (TILE_WIDTH * scale if stacked else 0) + 2
    items, right = row_items(concealed, laid, drawn=extra, x=2, bottom=bottom, scale=scale)
    if aside:
        extras, right = row_items(tile_symbols(aside, red_fives), [], x=right + GAP * scale,
                                  bottom=bottom, scale=scale, marks=["aside"] * len(aside))
        items += extras
    scene = Scene(width=right + 2, height=bottom + 2, zones=(Zone("hand", tuple(items)),),
                  scale=scale)
    return document(scene, tile_defs(scene.symbols(), style), "", style.prefix())
