"""SVG text: the :class:`Svg` string type, attribute escaping and number formatting.

A picture is built as a :class:`Scene`: named zones, each a list of primitives (a tile,
a text, a rectangle) in the zone's own frame. The same scene is written as SVG here and
sent as compact data to the replay viewer, whose script draws the primitives the same
way, so both pictures come from one layout.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple

__all__ = ["Rect", "Scene", "Svg", "Text", "TileUse", "Zone", "fmt", "quote"]

_ESCAPES: Final = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


class Svg(str):
    """An SVG document as a string; Jupyter shows it as a picture (``_repr_svg_``).

    Examples:
        >>> picture = Svg('<svg xmlns="http://www.w3.org/2000/svg"/>')
        >>> picture._repr_svg_() == picture, picture.startswith("<svg")
        (True, True)

    .. versionadded:: 0.3
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The SVG text, for IPython's rich display."""
        return str(self)


def quote(text: object) -> str:
    """``text`` escaped for an XML attribute value or text node."""
    return str(text).translate(_ESCAPES)


def fmt(value: float) -> str:
    """A coordinate as short text: at most two decimals, no trailing zeros."""
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


class TileUse(NamedTuple):
    """A tile placed in a zone.

    ``symbol`` (``"p5"``, ``"m0"`` red, ``"back"``) sits at ``(x, y)``, the top-left
    corner of its box; ``sideways`` turns it a quarter to the
    left (its box is then wider than high); ``mark`` is a class (``tsumogiri``,
    ``riichi``, ``called``, ``drawn``, ``win``) or empty.
    """

    symbol: str
    x: float
    y: float
    sideways: bool = False
    mark: str = ""


class Text(NamedTuple):
    """A line of text at ``(x, y)`` (baseline), anchored ``start``, ``middle`` or ``end``."""

    x: float
    y: float
    text: str
    size: float = 12
    anchor: str = "middle"
    mark: str = ""


class Rect(NamedTuple):
    """A rectangle; ``mark`` is its class (its colours come from the stylesheet)."""

    x: float
    y: float
    width: float
    height: float
    mark: str = ""


Primitive = TileUse | Text | Rect


class Zone(NamedTuple):
    """A named part of a picture (``river-1``, ``hand-0``, ``centre``) with its primitives.

    It is drawn rotated by ``rotate`` degrees about the origin of the scene.
    """

    name: str
    items: tuple[Primitive, ...]
    rotate: int = 0


class Scene(NamedTuple):
    """A whole picture: its box, the zones in drawing order, and the tile scale."""

    width: float
    height: float
    zones: tuple[Zone, ...]
    origin: tuple[float, float] = (0.0, 0.0)
    """Where the zones' origin sits in the picture (the table's centre)."""
    scale: float = 1.0
    """Tiles are ``30 * scale`` wide and ``40 * scale`` high."""

    def symbols(self) -> set[str]:
        """Every tile symbol the scene uses."""
        return {item.symbol for zone in self.zones for item in zone.items
                if isinstance(item, TileUse)}


def primitive_svg(item: Primitive, scale: float, prefix: str) -> str:
    """One primitive as SVG (tile symbols' ids start with ``prefix``)."""
    if isinstance(item, TileUse):
        mark = f' class="{item.mark}"' if item.mark else ""
        if item.mark == "called":
            mark += ' opacity=".35"'
        href = f'href="#{prefix}{item.symbol}"'
        if item.sideways:
            # a quarter turn to the left about the box's bottom-left corner
            return (f'<use {href}{mark} transform="translate({fmt(item.x)} '
                    f'{fmt(item.y + 30 * scale)}) rotate(-90) scale({fmt(scale)})"/>')
        if scale == 1:
            return f'<use {href}{mark} x="{fmt(item.x)}" y="{fmt(item.y)}"/>'
        return (f'<use {href}{mark} transform="translate({fmt(item.x)} '
                f'{fmt(item.y)}) scale({fmt(scale)})"/>')
    if isinstance(item, Text):
        mark = f' class="{item.mark}"' if item.mark else ""
        anchor = "" if item.anchor == "start" else f' text-anchor="{item.anchor}"'
        return (f'<text x="{fmt(item.x)}" y="{fmt(item.y)}" font-size="{fmt(item.size)}"'
                f'{anchor}{mark}>{quote(item.text)}</text>')
    mark = f' class="{item.mark}"' if item.mark else ""
    return (f'<rect x="{fmt(item.x)}" y="{fmt(item.y)}" width="{fmt(item.width)}" '
            f'height="{fmt(item.height)}"{mark}/>')


def zone_svg(zone: Zone, scale: float, prefix: str) -> str:
    """A zone as an SVG group with ``data-zone``."""
    rotate = f' transform="rotate({zone.rotate})"' if zone.rotate else ""
    body = "".join(primitive_svg(item, scale, prefix) for item in zone.items)
    return f'<g data-zone="{quote(zone.name)}"{rotate}>{body}</g>'


def zone_data(zone: Zone) -> list[Any]:
    """A zone as compact JSON data for the replay viewer's script.

    The data is ``[rotate, items]``, each item ``["t", symbol, x, y, sideways, mark]``,
    ``["x", x, y, text, size, anchor, mark]`` or ``["r", x, y, width, height, mark]``.
    """
    items: list[list[Any]] = []
    for item in zone.items:
        if isinstance(item, TileUse):
            items.append(["t", item.symbol, _num(item.x), _num(item.y),
                          1 if item.sideways else 0, item.mark])
        elif isinstance(item, Text):
            items.append(["x", _num(item.x), _num(item.y), item.text, _num(item.size),
                          item.anchor, item.mark])
        else:
            items.append(["r", _num(item.x), _num(item.y), _num(item.width),
                          _num(item.height), item.mark])
    return [zone.rotate, items]


def _num(value: float) -> float | int:
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


def document(scene: Scene, defs: str, style: str, prefix: str, *, title: str = "",
             background: str | None = None, extra: Iterable[str] = ()) -> Svg:
    """The scene as a standalone SVG document with its tile definitions and stylesheet."""
    ox, oy = scene.origin
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(scene.width)} '
            f'{fmt(scene.height)}" width="{fmt(scene.width)}" height="{fmt(scene.height)}" '
            f'font-family="sans-serif">')
    parts = [head]
    if title:
        parts.append(f"<title>{quote(title)}</title>")
    if style:
        parts.append(f"<style>{style}</style>")
    parts.append(f"<defs>{defs}</defs>")
    if background is not None:
        parts.append(f'<rect fill="{background}" width="{fmt(scene.width)}" '
                     f'height="{fmt(scene.height)}"/>')
    origin = f' transform="translate({fmt(ox)} {fmt(oy)})"' if (ox, oy) != (0, 0) else ""
    parts.append(f"<g{origin}>")
    parts.extend(zone_svg(zone, scene.scale, prefix) for zone in scene.zones)
    parts.append("</g>")
    parts.extend(extra)
    parts.append("</svg>")
    return Svg("".join(parts))
