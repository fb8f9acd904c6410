"""Pictures of a hand's result from a view: :func:`result_scene` and :func:`result_svg`.

The view's ``last_result`` says how the hand ended. For each winner: the hand (the
winning tile apart, the melds from the view), the dora and ura-dora indicators, each
yaku with its han (or each tai item with its tai), the dora count, the value (han and
fu, yakuman, or tai) and the points; for a draw, the tenpai seats with their revealed
hands, or the abort's reason; then every seat's point change.

Examples:
    >>> view = {"ruleset": "riichi", "dealer": 0, "round_wind": 0, "hand_number": 0,
    ...         "honba": 0, "dora_indicators": [8], "revealed_hands": {},
    ...         "seats": [{"name": n, "melds": []} for n in "ABCD"],
    ...         "last_result": {"kind": "win", "deltas": [-1000, 1000, 0, 0], "winners": [
    ...             {"seat": 1, "from_seat": 0, "han": 1, "fu": 30, "yakuman": 0,
    ...              "yaku": [["pinfu", 1]], "points": 1000, "win_tile": 48,
    ...              "hand": [4, 8, 12, 56, 60, 64, 92, 96, 100, 84, 85, 48, 52, 44],
    ...              "ura_indicators": []}]}}
    >>> picture = result_svg(view)
    >>> "Pinfu (all runs)" in picture, "1 han 30 fu" in picture, "+1000" in picture
    (True, True, True)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mahjong_rules.draw._svg import Rect, Scene, Svg, Text, TileUse, Zone, document
from mahjong_rules.draw.faces import TileStyle, red_fives_of, symbol_name, tile_defs
from mahjong_rules.draw.hand import meld_tiles, row_items, tile_symbols
from mahjong_rules.draw.table import ROUND_NAMES, WINDS

__all__ = ["RESULT_STYLE", "item_name", "result_scene", "result_svg"]

WIDTH: Final = 560.0
SCALE: Final = 0.8
TW: Final = 30 * SCALE
TH: Final = 40 * SCALE
RESULT_STYLE: Final = (
    "text{fill:#1f2328}.muted{fill:#5c6370}.title{font-weight:bold}.value{font-weight:bold;"
    "fill:#0b5cad}.gain{fill:#1a7f37;font-weight:bold}.loss{fill:#cf222e;font-weight:bold}"
    ".rule{fill:#d0d7de}"
)
"""The result picture's stylesheet."""
_ABORTS: Final = {"nine_terminals": "nine terminals", "four_winds": "four winds",
                  "four_kans": "four kans", "four_riichi": "four riichi",
                  "triple_ron": "triple ron"}


def item_name(item: str, ruleset: str) -> str:
    """The English name of a yaku or tai item id, from the scorer's registries."""
    from mahjong_rules.scoring import TAI_TABLE, YAKU  # noqa: PLC0415 - names only

    if ruleset == "taiwanese":
        for record in TAI_TABLE:
            if record.id == item:
                return record.name
    elif item in YAKU:
        return YAKU[item].name
    return item.replace("_", " ")


def _winner(view: Mapping[str, Any], win: Mapping[str, Any], top: float
            ) -> tuple[list[TileUse | Text | Rect], float]:
    ruleset = str(view.get("ruleset", "riichi"))
    seats = view["seats"]
    seat = int(win["seat"])
    items: list[TileUse | Text | Rect] = []
    source = win.get("from_seat")
    how = "tsumo" if source is None else f"ron from {seats[source].get('name', source)}"
    items.append(Text(16, top + 16, f"{seats[seat].get('name', seat)}: {how}", 14, "start",
                      "title"))
    hand = [int(t) for t in win["hand"]]
    win_tile = int(win["win_tile"])
    if win_tile in hand:
        hand.remove(win_tile)
    red = red_fives_of(view)
    melds = [meld_tiles(m, seat=seat, num_seats=len(seats), red_fives=red)
             for m in seats[seat]["melds"]]
    tiles, _ = row_items(tile_symbols(sorted(hand), red), melds,
                             drawn=symbol_name(win_tile, red), x=16,
                             bottom=top + 32 + TH + TW, scale=SCALE)
    items += [t._replace(mark="win") if t.mark == "drawn" else t for t in tiles]
    y = top + 32 + TH + TW + 8
    flowers = [int(t) for t in seats[seat].get("flowers", ())]
    if flowers:
        items.append(Text(16, y + TH - 10, "flowers", 11, "start", "muted"))
        items += [TileUse(symbol_name(t), 80 + TW * i, y, mark="flower")
                  for i, t in enumerate(flowers)]
        y += TH + 4
    if ruleset != "taiwanese":
        y = _indicators(items, view, win, y)
    total = 0
    for item, value in win["yaku"]:
        y += 16
        total += int(value)
        unit = ("yakuman" if int(value) == 1 else f"x{value} yakuman") if win.get(
            "yakuman") else ("tai" if ruleset == "taiwanese" else "han")
        amount = unit if unit.endswith("yakuman") else f"{value} {unit}"
        items += [Text(28, y, item_name(str(item), ruleset), 12, "start"),
                  Text(WIDTH - 16, y, amount, 12, "end")]
    dora = int(win.get("han", 0)) - total
    if ruleset != "taiwanese" and not win.get("yakuman") and dora > 0:
        y += 16
        items += [Text(28, y, "Dora (red fives, ura-dora and kita included)", 12, "start"),
                  Text(WIDTH - 16, y, f"{dora} han", 12, "end")]
    y += 22
    if ruleset == "taiwanese":
        value = f"{win.get('tai', total)} tai"
    elif win.get("yakuman"):
        value = "yakuman" if int(win["yakuman"]) == 1 else f"{win['yakuman']}x yakuman"
    else:
        value = f"{win['han']} han {win['fu']} fu"
    items += [Text(28, y, value, 14, "start", "value"),
              Text(WIDTH - 16, y, f"{win['points']} points", 14, "end", "value")]
    return items, y + 10


def _indicators(items: list[TileUse | Text | Rect], view: Mapping[str, Any],
                win: Mapping[str, Any], y: float) -> float:
    dora = [int(t) for t in view.get("dora_indicators", ())]
    ura = [int(t) for t in win.get("ura_indicators", ())]
    for label, tiles in (("dora", dora), ("ura-dora", ura)):
        if not tiles:
            continue
        items.append(Text(16, y + TH - 10, label, 11, "start", "muted"))
        items += [TileUse(symbol_name(t, red_fives_of(view)), 80 + TW * i, y, mark=label)
                  for i, t in enumerate(tiles)]
        y += TH + 4
    return y


def _draw(view: Mapping[str, Any], result: Mapping[str, Any], top: float
          ) -> tuple[list[TileUse | Text | Rect], float]:
    seats = view["seats"]
    items: list[TileUse | Text | Rect] = []
    y = top + 16
    if result.get("kind") == "abortive":
        reason = str(result.get("abort_reason") or "")
        items.append(Text(16, y, f"Abortive draw: {_ABORTS.get(reason, reason)}", 14,
                          "start", "title"))
        return items, y + 10
    items.append(Text(16, y, "Exhaustive draw", 14, "start", "title"))
    tenpai = [int(s) for s in result.get("tenpai", ())]
    names = ", ".join(str(seats[s].get("name", s)) for s in tenpai) or "nobody"
    y += 18
    items.append(Text(16, y, f"tenpai: {names}", 12, "start", "muted"))
    revealed = view.get("revealed_hands", {})
    for seat in tenpai:
        tiles = revealed.get(str(seat))
        if tiles is None:
            continue
        red = red_fives_of(view)
        melds = [meld_tiles(m, seat=seat, num_seats=len(seats), red_fives=red)
                 for m in seats[seat]["melds"]]
        row, _ = row_items(tile_symbols(sorted(int(t) for t in tiles), red), melds, x=16,
                           bottom=y + 8 + TH + TW, scale=SCALE)
        items += row
        y += 8 + TH + TW
    for seat in result.get("nagashi", ()):
        y += 16
        items.append(Text(16, y, f"nagashi mangan: {seats[seat].get('name', seat)}", 12,
                          "start"))
    return items, y + 10


def _payments(view: Mapping[str, Any], deltas: Sequence[int], top: float
              ) -> tuple[list[TileUse | Text | Rect], float]:
    seats = view["seats"]
    items: list[TileUse | Text | Rect] = [Rect(16, top, WIDTH - 32, 1, "rule")]
    width = (WIDTH - 32) / len(seats)
    dealer = int(view.get("dealer", 0))
    for seat, delta in enumerate(deltas):
        x = 16 + width * seat + width / 2
        wind = WINDS[(seat - dealer) % len(seats)]
        items.append(Text(x, top + 18, f"{wind} {seats[seat].get('name', seat)}", 11,
                          mark="muted"))
        mark = "gain" if delta > 0 else "loss" if delta < 0 else ""
        items.append(Text(x, top + 36, f"{delta:+d}" if delta else "0", 13, mark=mark))
    return items, top + 46


def result_scene(view: Mapping[str, Any]) -> Scene:
    """The result of the view's ``last_result`` as a scene.

    Its zones are ``title``, ``win-N`` (or ``draw``) and ``payments``.

    Raises:
        ValueError: the view has no ``last_result``.
    """
    result = view.get("last_result")
    if not result:
        raise ValueError("the view has no last_result: the hand has not ended")
    wind = int(result.get("round_wind", view.get("round_wind", 0)))
    number = int(result.get("hand_number", view.get("hand_number", 0)))
    honba = int(result.get("honba", view.get("honba", 0)))
    title = f"{ROUND_NAMES[wind % 4]} {number + 1}" + (f", {honba} honba" if honba else "")
    zones = [Zone("title", (Text(16, 22, title, 16, "start", "title"),))]
    y = 32.0
    if result.get("kind") == "win":
        for index, win in enumerate(result["winners"]):
            items, y = _winner(view, win, y)
            zones.append(Zone(f"win-{index}", tuple(items)))
    else:
        items, y = _draw(view, result, y)
        zones.append(Zone("draw", tuple(items)))
    items, y = _payments(view, [int(d) for d in result["deltas"]], y + 6)
    zones.append(Zone("payments", tuple(items)))
    return Scene(width=WIDTH, height=y, zones=tuple(zones), scale=SCALE)


def result_svg(view: Mapping[str, Any], *, style: TileStyle | None = None) -> Svg:
    """The result of the hand that just ended, from a view with ``last_result``, as SVG.

    Raises:
        ValueError: the view has no ``last_result``.
    """
    style = style or TileStyle()
    scene = result_scene(view)
    return document(scene, tile_defs(scene.symbols(), style), RESULT_STYLE, style.prefix(),
                    title="hand result", background="#ffffff")
