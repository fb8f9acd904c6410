"""Tile faces: one SVG definition per tile, in a 30 x 40 box, drawn by our own code.

A clean classic style: pins as coloured circles, sou as bamboo sticks, man as the
numeral over the 萬 sign, honours as their characters, red fives in red, and the
Taiwanese flowers and seasons as a numbered picture. The Chinese characters are outlines
(from the CC0 FluffyStuff set, see ``_glyphs``), so a picture looks the same without a
CJK font. Two options of the primary spec (seeds/000 section 9): a large label under
each face (``latin``: ``1m``, ``E``, ``Wh``; ``korean``: ``1만``, ``동``, ``백``) and
colour-blind suit borders (man solid, pin dotted, sou dashed, honours doubled).

Every definition's id starts with :meth:`TileStyle.prefix`, which names the style, so
pictures of different styles on one page (a notebook) never mix their tiles up.

Examples:
    >>> style = TileStyle(labels="latin")
    >>> style.prefix(), symbol_name(52), symbol_name(53), symbol_name(140)
    ('mjL-', 'p0', 'p5', 'f5')
    >>> 'id="mjL-p0"' in tile_defs(["p0"], style)
    True

.. versionadded:: 0.3
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from mahjong_rules.draw._glyphs import GLYPHS
from mahjong_rules.draw._svg import fmt, quote
from mahjong_rules.tiles import RED_FIVE_IDS, kind_of

__all__ = ["LABELS", "TILE_HEIGHT", "TILE_WIDTH", "TileStyle", "red_fives_of", "symbol_name",
           "tile_defs"]

TILE_WIDTH: Final = 30
"""A tile's box width in picture units (before a picture's scale)."""
TILE_HEIGHT: Final = 40
"""A tile's box height in picture units."""
LABELS: Final = ("none", "latin", "korean")
"""The large-label modes."""

BLUE: Final = "#1d4e9e"
GREEN: Final = "#197a3c"
RED: Final = "#c62a2f"
INK: Final = "#1b1b1b"
WIND_INK: Final = "#1c2a66"

_HONOURS: Final = ("east", "south", "west", "north", "white", "green", "red")
_LATIN: Final = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
_KOREAN: Final = ("동", "남", "서", "북", "백", "발", "중")
_KOREAN_SUITS: Final = {"m": "만", "p": "통", "s": "삭"}
_FLOWER_LATIN: Final = ("Sp", "Su", "Au", "Wi", "Pl", "Or", "Ch", "Ba")
_FLOWER_KOREAN: Final = ("춘", "하", "추", "동", "매", "란", "국", "죽")


@dataclasses.dataclass(frozen=True, kw_only=True)
class TileStyle:
    """How tiles are drawn.

    .. versionadded:: 0.3
    """

    labels: str = "none"
    """``none``, ``latin`` (``1m``, ``E``, ``Wh``) or ``korean`` (``1만``, ``동``, ``백``):
    a large label under each face (the spec's large-label mode)."""
    colour_blind: bool = False
    """A border pattern per suit: man solid, pin dotted, sou dashed, honours doubled."""

    def __post_init__(self) -> None:
        """Refuse an unknown label mode.

        Raises:
            ValueError: ``labels`` is not one of :data:`LABELS`.
        """
        if self.labels not in LABELS:
            raise ValueError(f"labels must be one of {LABELS}, not {self.labels!r}")

    def prefix(self) -> str:
        """The id prefix of this style's tile definitions (``mj-``, ``mjL-``, ``mjKC-``)."""
        code = {"none": "", "latin": "L", "korean": "K"}[self.labels]
        return f"mj{code}{'C' if self.colour_blind else ''}-"


def symbol_name(tile: int, red_fives: bool = True) -> str:
    """The symbol of a physical tile id.

    Symbols are ``m1``..``m9``, ``p*``, ``s*``, ``z1``..``z7``, ``f1``..``f8``; with
    ``red_fives``, a red five is ``m0``/``p0``/``s0``. A negative id is a face-down tile
    (``back``).
    """
    if tile < 0:
        return "back"
    kind = kind_of(tile)
    if kind >= 34:
        return f"f{kind - 33}"
    suit = "mpsz"[kind // 9]
    if red_fives and tile in RED_FIVE_IDS:
        return f"{suit}0"
    return f"{suit}{kind % 9 + 1}"


def red_fives_of(view: Mapping[str, Any]) -> bool:
    """Whether the ids 16, 52 and 88 of a view are red fives.

    The view's ``red_fives`` when it says, else every ruleset but Taiwanese (which has
    none).
    """
    return bool(view.get("red_fives", view.get("ruleset") != "taiwanese"))


# ------------------------------------------------------------------ face pieces


def _glyph(name: str, colour: str, extra: str = "") -> str:
    """A character outline from the 300 x 400 source space into the 30 x 40 box."""
    paths = "".join(f'<path transform="matrix({m})" d="{d}"/>' for m, d in GLYPHS[name])
    return f'<g fill="{colour}" transform="{extra}scale(.1)">{paths}</g>'


def _pip(x: float, y: float, r: float, colour: str) -> str:
    """A circle of ``r`` at ``(x, y)``: the shared ``pip-<colour>`` piece, scaled."""
    return (f'<use href="#{{p}}pip-{_COLOUR_NAMES[colour]}" '
            f'transform="translate({fmt(x)} {fmt(y)}) scale({fmt(r)})"/>')


_B, _G, _R = BLUE, GREEN, RED
_COLOUR_NAMES: Final = {BLUE: "b", GREEN: "g", RED: "r"}
_SHARED: Final = {  # pieces that faces place with <use>; {p} is the style's prefix
    **{f"pip-{name}": (f'<circle r="1" fill="{colour}"/><circle r=".6" fill="none" '
                       'stroke="#fff" stroke-width=".2"/><circle r=".22" fill="#fff"/>')
       for colour, name in _COLOUR_NAMES.items()},
    **{f"stick-{name}": (f'<rect x="-1.7" y="-5.5" width="3.4" height="11" rx="1.5" '
                         f'fill="{colour}"/><path d="M-1.7 0h3.4M0-4v8" stroke="#fff" '
                         'stroke-width=".6"/>') for colour, name in _COLOUR_NAMES.items()},
}
_PINS: Final[dict[int, tuple[tuple[float, float, float, str], ...]]] = {
    2: ((15, 11, 6.2, _G), (15, 29, 6.2, _B)),
    3: ((8, 9, 5, _B), (15, 20, 5, _R), (22, 31, 5, _G)),
    4: ((9.5, 11, 5, _B), (20.5, 11, 5, _G), (9.5, 29, 5, _G), (20.5, 29, 5, _B)),
    5: ((8.5, 9.5, 4.6, _B), (21.5, 9.5, 4.6, _G), (15, 20, 4.6, _R),
        (8.5, 30.5, 4.6, _G), (21.5, 30.5, 4.6, _B)),
    6: ((9.5, 8, 4.3, _G), (20.5, 8, 4.3, _G), (9.5, 21, 4.3, _R), (20.5, 21, 4.3, _R),
        (9.5, 31.5, 4.3, _R), (20.5, 31.5, 4.3, _R)),
    7: ((7.5, 6.5, 3.5, _G), (15, 9.5, 3.5, _G), (22.5, 12.5, 3.5, _G),
        (9.5, 23, 4, _R), (20.5, 23, 4, _R), (9.5, 32.5, 4, _R), (20.5, 32.5, 4, _R)),
    8: tuple((x, y, 3.9, _B) for y in (7, 15.6, 24.3, 33) for x in (9.5, 20.5)),
    9: tuple((x, y, 3.7, c) for y, c in ((9, _B), (20, _R), (31, _G))
             for x in (7.5, 15, 22.5)),
}


def _pin_face(number: int, red: bool) -> str:
    if number == 1:
        return (f'<circle cx="15" cy="20" r="10.5" fill="{_R if red else _B}"/>'
                '<circle cx="15" cy="20" r="8" fill="#fff"/>'
                f'<circle cx="15" cy="20" r="6.4" fill="{_G}"/>'
                '<circle cx="15" cy="20" r="4.2" fill="#fff"/>'
                f'<circle cx="15" cy="20" r="2.6" fill="{_R}"/>')
    return "".join(_pip(x, y, r, _R if red else c) for x, y, r, c in _PINS[number])


def _stick(x: float, y: float, colour: str, height: float = 11, angle: float = 0) -> str:
    """A bamboo stick (the shared ``stick-<colour>`` piece) centred on ``(x, y)``.

    ``angle`` tilts it by that many degrees.
    """
    turn = f" rotate({fmt(angle)})" if angle else ""
    stretch = f" scale(1 {fmt(height / 11)})" if height != 11 else ""
    return (f'<use href="#{{p}}stick-{_COLOUR_NAMES[colour]}" '
            f'transform="translate({fmt(x)} {fmt(y)}){turn}{stretch}"/>')


_SOU: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((15, 11, _G), (15, 29, _G)),
    3: ((15, 11, _G), (9.5, 29, _G), (20.5, 29, _G)),
    4: ((9.5, 11, _G), (20.5, 11, _G), (9.5, 29, _G), (20.5, 29, _G)),
    5: ((8, 10.5, _G), (22, 10.5, _G), (15, 20, _R), (8, 29.5, _G), (22, 29.5, _G)),
    6: tuple((x, y, _G) for y in (11, 29) for x in (7.5, 15, 22.5)),
    7: ((15, 7, _R), *((x, y, _G) for y in (20, 32) for x in (7.5, 15, 22.5))),
    9: tuple((x, y, _R if x == 15 else _G) for y in (8, 20, 32) for x in (7.5, 15, 22.5)),
}


def _sou_face(number: int, red: bool) -> str:
    if number == 1:  # one tall stick with a red crown, in place of the usual bird
        return (f'<rect x="12" y="9" width="6" height="27" rx="2.6" fill="{_R if red else _G}"/>'
                '<path d="M12 17h6M12 26h6M15 11v23" stroke="#fff" stroke-width=".8"/>'
                f'<circle cx="15" cy="7" r="3.6" fill="{_R}"/>'
                '<circle cx="15" cy="7" r="1.4" fill="#fff"/>')
    if number == 8:
        sticks = []
        for y, tilt in ((11, 1), (29, -1)):
            for i, x in enumerate((6, 12, 18, 24)):
                angle = 0 if i in (0, 3) else tilt * (22 if i == 1 else -22)
                sticks.append(_stick(x, y, _R if red else _G, 13, angle))
        return "".join(sticks)
    height = 9 if number in (7, 9) else 11
    return "".join(_stick(x, y, _R if red else c, height) for x, y, c in _SOU[number])


def _man_face(number: int, red: bool) -> str:
    """The numeral over the 萬 sign (the shared ``man`` piece)."""
    numeral = _glyph(f"n{number}", RED if red else INK)
    return f'<g transform="translate(1.5 2.6) scale(.9)">{numeral}<use href="#{{p}}man"/></g>'


def _honour_face(index: int) -> str:
    name = _HONOURS[index]
    if name == "white":
        return ('<rect x="6.5" y="7.5" width="17" height="25" rx="1.5" fill="none" '
                f'stroke="{BLUE}" stroke-width="2.2"/><rect x="9.5" y="10.5" width="11" '
                f'height="19" fill="none" stroke="{BLUE}" stroke-width=".8"/>')
    colour = {"green": GREEN, "red": RED}.get(name, WIND_INK)
    return _glyph(name, colour)


_FLOWER_COLOURS: Final = ("#2f9e44", "#e8590c", "#a0522d", "#1971c2",
                          "#d6336c", "#7048e8", "#e0a800", "#2b8a3e")


def _flower_face(number: int) -> str:
    """Seasons 1-4 (``1f``-``4f``) and flowers 1-4 (``5f``-``8f``): a numbered picture."""
    colour = _FLOWER_COLOURS[number - 1]
    season = number <= 4
    digit = number if season else number - 4
    if season:  # a sun-like disc with rays
        rays = "".join(f'<path d="M15 12v-2.6" transform="rotate({a} 15 22)"/>'
                       for a in range(0, 360, 45))
        picture = (f'<g stroke="{colour}" stroke-width="1.6" stroke-linecap="round">{rays}</g>'
                   f'<circle cx="15" cy="22" r="6.5" fill="{colour}"/>')
    else:  # five petals
        petals = "".join(f'<ellipse cx="15" cy="16.5" rx="3" ry="5" fill="{colour}" '
                         f'transform="rotate({a} 15 22)"/>' for a in range(0, 360, 72))
        picture = petals + '<circle cx="15" cy="22" r="2.4" fill="#f7d046"/>'
    ink = BLUE if season else RED
    return (picture + f'<text x="4" y="10" font-size="8" font-weight="bold" fill="{ink}">'
            f"{digit}</text>")


def _face(symbol: str) -> str:
    suit, number = symbol[0], int(symbol[1])
    red = number == 0
    number = number or 5
    if suit == "p":
        return _pin_face(number, red)
    if suit == "s":
        return _sou_face(number, red)
    if suit == "m":
        return _man_face(number, red)
    if suit == "z":
        return _honour_face(number - 1)
    return _flower_face(number)


def _label(symbol: str, labels: str) -> str:
    suit, number = symbol[0], int(symbol[1])
    if suit == "z":
        text = (_LATIN if labels == "latin" else _KOREAN)[number - 1]
    elif suit == "f":
        text = (_FLOWER_LATIN if labels == "latin" else _FLOWER_KOREAN)[number - 1]
    else:
        shown = number or 5
        text = f"{shown}{suit}" if labels == "latin" else f"{shown}{_KOREAN_SUITS[suit]}"
    colour = RED if number == 0 and suit in "mps" else INK
    return (f'<text x="15" y="37.2" font-size="9" font-weight="bold" text-anchor="middle" '
            f'font-family="sans-serif" fill="{colour}">{quote(text)}</text>')


_BORDERS: Final = {"m": "", "p": ' stroke-dasharray=".1 2.2" stroke-linecap="round"',
                   "s": ' stroke-dasharray="4 2"', "f": ' stroke-dasharray="1 1"'}


def _border(suit: str) -> str:
    if suit == "z":
        return ('<g fill="none" stroke="#444" stroke-width=".9">'
                '<rect x="2.2" y="2.2" width="25.6" height="35.6" rx="2.2"/>'
                '<rect x="4" y="4" width="22" height="32" rx="1.6"/></g>')
    width = "1.6" if suit == "p" else "1.2"
    return (f'<rect x="2.4" y="2.4" width="25.2" height="35.2" rx="2.2" fill="none" '
            f'stroke="#444" stroke-width="{width}"{_BORDERS[suit]}/>')


_BODY: Final = ('<rect x=".5" y=".5" width="29" height="39" rx="3.5" fill="#fcf9f0" '
                'stroke="#6f6a5e"/>')
_BACK: Final = ('<rect x=".5" y=".5" width="29" height="39" rx="3.5" fill="#2f7d5b" '
                'stroke="#1f5a40"/><rect x="3" y="3" width="24" height="34" rx="2" '
                'fill="none" stroke="#8fc9ae" stroke-width=".8"/>')


def tile_svg_body(symbol: str, style: TileStyle) -> str:
    """The drawing of one tile (its body and face) in its 30 x 40 box."""
    if symbol == "back":
        return _BACK
    face = _face(symbol).replace("{p}", style.prefix())
    if style.labels != "none":
        face = f'<g transform="translate(4.5 .6) scale(.7)">{face}</g>' + _label(
            symbol, style.labels)
    border = _border(symbol[0]) if style.colour_blind else ""
    return _BODY + border + face


def tile_defs(symbols: Iterable[str], style: TileStyle) -> str:
    """The ``<g id=...>`` definitions of ``symbols``, sorted so that output is stable.

    The shared pieces they use (the 萬 sign, pips, sticks) come first.
    """
    prefix = style.prefix()
    tiles = "".join(f'<g id="{prefix}{symbol}">{tile_svg_body(symbol, style)}</g>'
                    for symbol in sorted(set(symbols)))
    used = sorted(set(re.findall(f'href="#{re.escape(prefix)}([a-z-]+)"', tiles)))
    pieces = "".join(f'<g id="{prefix}{name}">{_piece(name)}</g>' for name in used)
    return pieces + tiles


def _piece(name: str) -> str:
    return _glyph("man", RED) if name == "man" else _SHARED[name]
