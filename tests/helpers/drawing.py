"""Shared by the drawing tests: reading pictures back, and what a seat may see of a state.

A picture is parsed with ``xml.etree``; :func:`zone_uses` lists the tile symbols placed
in each ``data-zone`` group. :func:`visible_symbols` counts, from the state, every tile a
seat may see face up (its own hand, every river, meld, kita and flower, the turned dora
indicators, the hands revealed at the end of a hand, the winners' ura-dora), so that a
picture's face-up tiles can be checked against it.
"""

from __future__ import annotations

import base64
import collections
import functools
import gzip
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mahjong_rules.draw._svg import zone_data
from mahjong_rules.draw.faces import symbol_name
from mahjong_rules.draw.table import table_scene
from mahjong_rules.replay import Step, log_steps
from mahjong_rules.state import Phase, State

SVG = "{http://www.w3.org/2000/svg}"
LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"


def parse(svg: str) -> ET.Element:
    """The picture's root element (raises on malformed XML)."""
    return ET.fromstring(svg)  # noqa: S314 - our own output


def zone_uses(svg: str) -> dict[str, list[tuple[str, str, bool]]]:
    """Per ``data-zone``: each tile placed, as (symbol, class, sideways)."""
    root = parse(svg)
    zones: dict[str, list[tuple[str, str, bool]]] = {}
    for group in root.iter(f"{SVG}g"):
        name = group.get("data-zone")
        if name is None:
            continue
        uses = zones.setdefault(name, [])
        for use in group.iter(f"{SVG}use"):
            href = use.get("href", "")
            symbol = href.split("-", 1)[1] if "-" in href else href
            uses.append((symbol, use.get("class", ""), "rotate(-90)" in use.get("transform", "")))
    return zones


def zone_rects(svg: str, zone: str) -> list[str]:
    """The classes of the rectangles in one zone."""
    root = parse(svg)
    for group in root.iter(f"{SVG}g"):
        if group.get("data-zone") == zone:
            return [rect.get("class", "") for rect in group.iter(f"{SVG}rect")]
    raise KeyError(zone)


def face_up(svg: str) -> collections.Counter[str]:
    """Every face-up tile symbol placed in the picture's zones."""
    return collections.Counter(symbol for uses in zone_uses(svg).values()
                               for symbol, _, _ in uses if symbol != "back")


def visible_symbols(state: State, seat: int | None, red: bool = True
                    ) -> collections.Counter[str]:
    """Every tile ``seat`` (``None``: a spectator) may see face up in ``state``."""
    tiles: list[int] = []
    for index, player in enumerate(state.seats):
        if index == seat:
            tiles += player.hand
        tiles += [entry.tile for entry in player.river]
        tiles += [t for meld in player.melds for t in meld.tiles]
        tiles += [*player.kita, *player.flowers]
    tiles += state.dora_indicators[:state.revealed]
    last = state.last_result
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and last is not None:
        for win in last.winners:
            # a winner's hand as revealed (a ron tile is then in a river and in the hand)
            tiles += win.hand if win.seat != seat else [win.win_tile]
            tiles += win.ura_indicators
        tiles += [t for s in last.tenpai if s != seat for t in state.seats[s].hand]
    return collections.Counter(symbol_name(t, red) for t in tiles)


@functools.cache
def steps_of(name: str) -> tuple[Step, ...]:
    """Every step of a shared log (read once per test session)."""
    return tuple(log_steps(LOGS / name))


def every_view(name: str) -> Iterator[tuple[Step, int | None]]:
    """Every step of a log with every viewer (each seat and the spectator)."""
    for step in steps_of(name):
        for seat in (None, *range(step.rules.num_seats)):
            yield step, seat


def unpack(page: str) -> dict[str, Any]:
    """The viewer's data, read back from the page."""
    match = re.search(r"<script type=application/octet-stream id=data>([^<]*)</script>", page)
    assert match is not None
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(match.group(1))))
    return data


def frames_of(data: dict[str, Any], stream: int) -> list[dict[str, Any]]:
    """Every frame of one stream: zone name to its data (as the page's script builds it)."""
    current: dict[str, Any] = {}
    out = []
    for delta in data["frames"][stream]:
        for i in range(0, len(delta), 2):
            current[data["zones"][delta[i]]] = data["pool"][delta[i + 1]]
        out.append(dict(current))
    return out


def zone_texts(view: dict[str, Any]) -> set[str]:
    return {json.dumps(zone_data(z), separators=(",", ":"), ensure_ascii=False)
            for z in table_scene(view).zones}
