"""The environments' pictures of the table, from one seat's view: text, SVG, RGB frames.

``ansi`` is text; ``svg`` the table picture of :func:`mahjong_rules.draw.view_svg`;
``rgb_array`` that picture rasterized (``(600, 600, 3)`` ``uint8``) by cairosvg, which the
``rl`` extra installs (it needs the system's cairo library).

Examples:
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.rl.table import Table
    >>> table = Table(mr.make("riichi"))
    >>> table.reset(seed=1)
    >>> print(render_text(table, 0))  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    riichi  East 1  honba 0  deposits 0  tiles left 69  dora indicators 7s
      seat 0  East    25000  dealer
      seat 1  South   25000
      seat 2  West    25000
      seat 3  North   25000
    seat 0 decides: hand 12m468p233s334556z  drawn 4p
      legal: discard 1m, discard 2m, discard 6p, discard 8p, discard 2s, ..., tsumogiri

.. versionadded:: 0.3
"""

from __future__ import annotations

import importlib.util
import io
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.draw import Svg, view_svg
from mahjong_rules.notation import format_ids

if TYPE_CHECKING:
    from mahjong_rules.rl.table import Table

__all__ = ["RENDER_MODES", "render", "render_rgb", "render_text"]

RENDER_MODES: tuple[str, ...] = ("ansi", "svg") + (
    ("rgb_array",) if importlib.util.find_spec("cairosvg") is not None else ())
"""The render modes of the environments (``rgb_array`` when cairosvg is installed)."""

_WINDS = ("East", "South", "West", "North")


def _seat_line(view: dict[str, Any], entry: dict[str, Any], seats: int) -> str:
    wind = _WINDS[(entry["seat"] - view["dealer"]) % seats]
    parts = [f"  seat {entry['seat']}  {wind:<5}  {entry['points']:>6}"]
    if entry["seat"] == view["dealer"]:
        parts.append("dealer")
    if entry["riichi"]:
        parts.append("riichi")
    if entry.get("declared"):
        parts.append("declared")
    if entry["river"]:
        river = " ".join(format_ids([d["tile"]]) + ("*" if d["riichi"] else "")
                         + ("'" if d["tsumogiri"] else "") for d in entry["river"])
        parts.append(f"river {river}")
    if entry["melds"]:
        parts.append("melds " + " ".join(
            f"{m['kind']} {format_ids(m['tiles'])}" for m in entry["melds"]))
    if entry["kita"]:
        parts.append(f"kita {len(entry['kita'])}")
    if entry.get("flowers"):
        parts.append(f"flowers {format_ids(entry['flowers'])}")
    return "  ".join(parts)


def render_text(table: Table, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator), with its legal ids.

    A river shows each discard with ``*`` for the riichi declaration and ``'`` for a
    tsumogiri.
    """
    view = table.view(seat)
    seats = table.rules.num_seats
    round_name = _WINDS[view["round_wind"] % 4]
    head = (f"{view['ruleset']}  {round_name} {view['hand_number'] + 1}  honba "
            f"{view['honba']}  deposits {view['deposits']}  tiles left {view['tiles_left']}")
    if view["dora_indicators"]:
        head += "  dora indicators " + format_ids(view["dora_indicators"], sort=False)
    lines = [head]
    lines.extend(_seat_line(view, entry, seats) for entry in view["seats"])
    if view["phase"] == "game_over":
        lines.append("game over")
    elif seat is not None:
        who = "decides" if seat == table.decider else "waits"
        line = f"seat {seat} {who}: hand {format_ids(view['hand'])}"
        if view.get("drawn") is not None:
            line += f"  drawn {format_ids([view['drawn']])}"
        lines.append(line)
        legal = table.legal(seat)
        if legal:
            lines.append("  legal: " + ", ".join(table.codec.name(i) for i in sorted(legal)))
    return "\n".join(lines)


def render_rgb(table: Table, seat: int | None) -> NDArray[np.uint8]:
    """The table picture as an RGB frame ``(height, width, 3)`` ``uint8``.

    Raises:
        ImportError: cairosvg (the ``rl`` extra) is not installed.
        OSError: the system's cairo library cannot be loaded.
    """
    import cairosvg  # type: ignore[import-untyped]  # noqa: PLC0415 - only for frames
    from PIL import Image  # noqa: PLC0415 - a dependency of cairosvg

    png = cairosvg.svg2png(bytestring=str(view_svg(table.view(seat))).encode())
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def render(table: Table, seat: int | None, mode: str) -> str | Svg | NDArray[np.uint8]:
    """The table as ``seat`` sees it in a render mode (:data:`RENDER_MODES`).

    Raises:
        ValueError: an unknown mode.
    """
    if mode == "ansi":
        return render_text(table, seat)
    if mode == "svg":
        return view_svg(table.view(seat))
    if mode == "rgb_array":
        return render_rgb(table, seat)
    raise ValueError(f"render mode must be one of {RENDER_MODES}, not {mode!r}")
