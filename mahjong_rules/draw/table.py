"""Pictures of a table from a view: :func:`table_scene` and :func:`view_svg`.

The viewer's seat sits at the bottom (a spectator sees seat 0 there); the next seat in
turn order on the right, the opposite seat at the top, the previous seat on the left
(in sanma the two others on the right and the left). Each seat has, drawn in its own
frame and turned to its side: its hand (its own or a revealed hand face up, another
seat's as backs, the drawn tile apart), its melds, its river (rows of 6, the riichi
tile sideways, tsumogiri shaded, a called tile faded), its kita or flowers, and its band
on the centre box (seat wind, points, name, riichi stick). The centre shows the round,
honba, deposits, dora indicators (backs for those not yet turned) and the tiles left.

Only the view is read, so a picture shows what its viewer may see and nothing more.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> view = rules.view(rules.setup(seed=3), 1)
    >>> scene = table_scene(view)
    >>> [zone.name for zone in scene.zones][:4]
    ['centre', 'band-1', 'river-1', 'hand-1']
    >>> sum(item.symbol == "back" for item in zone_of(scene, "hand-0").items)
    14

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mahjong_rules.draw._svg import Rect, Scene, Svg, Text, TileUse, Zone, document
from mahjong_rules.draw.faces import TileStyle, red_fives_of, symbol_name, tile_defs
from mahjong_rules.draw.hand import meld_tiles, row_items, tile_symbols

__all__ = ["TABLE_STYLE", "round_label", "round_of", "table_scene", "view_svg", "zone_of"]

SCALE: Final = 0.8
"""Tile scale on the table: 24 x 32."""
TW: Final = 30 * SCALE
TH: Final = 40 * SCALE
HALF: Final = 300.0
"""Half the picture's side."""
CENTRE: Final = 96.0
"""Half the centre box's side."""
RIVER_TOP: Final = CENTRE + 4
RIVER_LEFT: Final = -3 * TW
RIVER_ROW: Final = 6
HAND_TOP: Final = 250.0
HAND_LEFT: Final = -234.0
ASIDE_LEFT: Final = CENTRE + 4
"""Where kita and flowers start (two rows of four, right of the river)."""
WINDS: Final = "ESWN"
ROUND_NAMES: Final = ("East", "South", "West", "North")
_ROTATIONS: Final = {"bottom": 0, "right": -90, "top": 180, "left": 90}

TABLE_STYLE: Final = (
    "text{fill:#f2f2ea}.muted{fill:#b9cfc3}.turn{fill:#ffd43b;font-weight:bold}"
    ".centre{fill:#1d4434;stroke:#0f2a1f;stroke-width:2}.stick{fill:#fff;stroke:#333;"
    "stroke-width:.5}.stick-dot{fill:#d6336c}.shade{fill:#000;fill-opacity:.22}"
    ".title{font-weight:bold}"
)
"""The table picture's stylesheet (classes of its texts and rectangles)."""


def _positions(num_seats: int) -> tuple[str, ...]:
    """The side of each relative seat (0 is the bottom seat)."""
    return ("bottom", "right", "left") if num_seats == 3 else ("bottom", "right", "top", "left")


def zone_of(scene: Scene, name: str) -> Zone:
    """The zone called ``name``.

    Raises:
        KeyError: no such zone.
    """
    for zone in scene.zones:
        if zone.name == name:
            return zone
    raise KeyError(name)


def _river(entries: Sequence[Mapping[str, Any]], red: bool) -> list[Rect | TileUse]:
    items: list[Rect | TileUse] = []
    for row_start in range(0, len(entries), RIVER_ROW):
        x = RIVER_LEFT
        top = RIVER_TOP + TH * (row_start // RIVER_ROW)
        for entry in entries[row_start:row_start + RIVER_ROW]:
            symbol = symbol_name(int(entry["tile"]), red)
            sideways = bool(entry.get("riichi"))
            mark = ("called" if entry.get("called") else "riichi" if sideways
                    else "tsumogiri" if entry.get("tsumogiri") else "")
            if sideways:
                items.append(TileUse(symbol, x, top + TH - TW, sideways=True, mark=mark))
            else:
                items.append(TileUse(symbol, x, top, mark=mark))
            if entry.get("tsumogiri") and not entry.get("called"):
                width, height = (TH, TW) if sideways else (TW, TH)
                y = top + TH - TW if sideways else top
                items.append(Rect(x + 1, y + 1, width - 2, height - 2, "shade"))
            x += TH if sideways else TW
    return items


def _hand(view: Mapping[str, Any], seat: int, entry: Mapping[str, Any]) -> list[TileUse]:
    num_seats = len(view["seats"])
    red = red_fives_of(view)
    melds = [meld_tiles(m, seat=seat, num_seats=num_seats, red_fives=red)
             for m in entry["melds"]]
    revealed = view.get("revealed_hands", {}).get(str(seat))
    drawn: str | None = None
    if view.get("viewer") == seat and "hand" in view and revealed is None:
        tiles = [int(t) for t in view["hand"]]
        own_drawn = view.get("drawn")
        if own_drawn is not None and own_drawn in tiles and len(tiles) % 3 == 2:
            tiles.remove(own_drawn)
            drawn = symbol_name(own_drawn, red)
        concealed = tile_symbols(sorted(tiles), red)
    elif revealed is not None:
        tiles = sorted(int(t) for t in revealed)
        win = _win_tile(view, seat)
        if win is not None and win in tiles and len(tiles) % 3 == 2:
            tiles.remove(win)
            drawn = symbol_name(win, red)
        concealed = tile_symbols(tiles, red)
    else:
        size = int(entry["hand_size"])
        concealed = ["back"] * (size - 1 if size % 3 == 2 else size)
        drawn = "back" if size % 3 == 2 else None
    items, _ = row_items(concealed, melds, drawn=drawn, x=HAND_LEFT, bottom=HAND_TOP + TH,
                         scale=SCALE)
    if drawn is not None and revealed is not None and _win_tile(view, seat) is not None:
        items = [i._replace(mark="win") if i.mark == "drawn" else i for i in items]
    return items


def _win_tile(view: Mapping[str, Any], seat: int) -> int | None:
    result = view.get("last_result")
    if not result:
        return None
    for win in result.get("winners", ()):
        if win["seat"] == seat:
            return int(win["win_tile"])
    return None


def _aside(tiles: Sequence[int], red: bool) -> list[TileUse]:
    return [TileUse(symbol_name(int(t), red), ASIDE_LEFT + TW * (i % 4), RIVER_TOP + TH * (i // 4))
            for i, t in enumerate(tiles)]


def _band(view: Mapping[str, Any], seat: int, entry: Mapping[str, Any]) -> list[Rect | Text]:
    num_seats = len(view["seats"])
    wind = WINDS[(seat - int(view["dealer"])) % num_seats]
    acting = view.get("turn") == seat and view.get("phase") in ("self_action", "claims")
    items: list[Rect | Text] = [
        Text(0, CENTRE - 8, f"{wind}  {entry['points']}", 13, mark="turn" if acting else ""),
        Text(0, CENTRE - 22, str(entry.get("name", "")), 9, mark="muted"),
    ]
    if entry.get("riichi"):
        items += [Rect(-24, CENTRE - 37, 48, 5, "stick"), Rect(-2, CENTRE - 36, 4, 3, "stick-dot")]
    if entry.get("declared"):
        items.append(Text(0, CENTRE - 31, "ready", 8, mark="turn"))
    return items


def round_of(view: Mapping[str, Any]) -> tuple[int, int, int]:
    """The hand a view shows, as ``(round wind, hand number, honba)``.

    Once a hand has ended, the one that ended (the view's table already names the next).
    """
    last = view.get("last_result")
    if view.get("phase") in ("hand_over", "game_over") and last:
        return int(last["round_wind"]), int(last["hand_number"]), int(last["honba"])
    return int(view["round_wind"]), int(view["hand_number"]), int(view["honba"])


def round_label(view: Mapping[str, Any]) -> str:
    """The hand a view shows, e.g. ``"E1-0"`` (round wind, hand, honba)."""
    wind, number, honba = round_of(view)
    return f"{WINDS[wind % 4]}{number + 1}-{honba}"


def _centre(view: Mapping[str, Any]) -> list[Rect | Text | TileUse]:
    wind, number, honba = round_of(view)
    name = ROUND_NAMES[wind % 4]
    items: list[Rect | Text | TileUse] = [
        Rect(-CENTRE, -CENTRE, 2 * CENTRE, 2 * CENTRE, "centre"),
        Text(0, -30, f"{name} {number + 1}", 15, mark="title"),
        Text(0, -16, f"honba {honba}  deposits {view['deposits']}", 9, mark="muted"),
        Text(0, 44, f"tiles left {view['tiles_left']}", 9, mark="muted"),
    ]
    if view.get("ruleset") != "taiwanese":
        shown = [int(t) for t in view.get("dora_indicators", ())]
        slots = max(5, len(shown))
        left = -TW * slots / 2
        for index in range(slots):
            symbol = symbol_name(shown[index], red_fives_of(view)) if index < len(
                shown) else "back"
            items.append(TileUse(symbol, left + TW * index, -8, mark="dora"))
    return items


def table_scene(view: Mapping[str, Any]) -> Scene:
    """The table of ``view`` as a scene.

    Its zones are ``centre``, then per seat ``band-S``, ``river-S``, ``hand-S`` and
    ``aside-S`` (kita and flowers).
    """
    seats = view["seats"]
    num_seats = len(seats)
    viewer = view.get("viewer")
    bottom = viewer if isinstance(viewer, int) else 0
    sides = _positions(num_seats)
    red = red_fives_of(view)
    zones = [Zone("centre", tuple(_centre(view)))]
    for offset in range(num_seats):
        seat = (bottom + offset) % num_seats
        entry = seats[seat]
        rotate = _ROTATIONS[sides[offset]]
        zones.append(Zone(f"band-{seat}", tuple(_band(view, seat, entry)), rotate))
        zones.append(Zone(f"river-{seat}", tuple(_river(entry["river"], red)), rotate))
        zones.append(Zone(f"hand-{seat}", tuple(_hand(view, seat, entry)), rotate))
        aside = [*entry.get("kita", ()), *entry.get("flowers", ())]
        zones.append(Zone(f"aside-{seat}", tuple(_aside(aside, red)), rotate))
    return Scene(width=2 * HALF, height=2 * HALF, zones=tuple(zones), origin=(HALF, HALF),
                 scale=SCALE)


def view_svg(view: Mapping[str, Any], *, style: TileStyle | None = None) -> Svg:
    """The table of a view as an SVG picture.

    The view is ``rules.view(state, seat)``, or ``rules.view(state, None)`` for a
    spectator.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("sanma")
        >>> picture = view_svg(rules.view(rules.setup(seed=1), None))
        >>> picture.startswith("<svg"), picture.count('data-zone="hand-')
        (True, 3)
    """
    style = style or TileStyle()
    scene = table_scene(view)
    viewer = view.get("viewer")
    who = "spectator" if viewer is None else f"seat {viewer}"
    return document(scene, tile_defs(scene.symbols(), style), TABLE_STYLE, style.prefix(),
                    title=f"{view.get('ruleset', '')} table, {who}", background="#2b5d47")
