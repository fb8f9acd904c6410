"""The score chart of a game: every seat's points after each hand (seeds/000 section 9).

One line per seat from the starting points, and one point per hand (a group of markers
``class="hand-point"`` with ``data-hand``, the hand's index among those that ended).

Examples:
    >>> picture = chart_svg([[25000, 25000], [33000, 17000], [30000, 20000]], ["A", "B"],
    ...                     ["E1-0", "E2-0"])
    >>> picture.count('class="hand-point"'), picture.count("<polyline")
    (2, 2)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mahjong_rules.draw._svg import Svg, fmt, quote

__all__ = ["SEAT_COLOURS", "chart_svg"]

SEAT_COLOURS: Final = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
"""The colour of each seat's line (Tableau's, distinct for the common colour blindness
when read with the legend's order)."""
WIDTH: Final = 380.0
HEIGHT: Final = 230.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 12.0, 14.0, 48.0


def chart_svg(points: Sequence[Sequence[int]], names: Sequence[str],
              labels: Sequence[str] = (), *, standalone: bool = True) -> Svg:
    """The chart of ``points``.

    ``points`` holds the starting points first, then each seat's points after each hand;
    ``labels`` names the hands (``"E1-0"``). ``standalone=False`` leaves out the
    namespace, for a chart inside an HTML page.
    """
    hands = len(points) - 1
    values = [v for row in points for v in row] or [0]
    low, high = float(min(values)), float(max(values))
    if high == low:
        low, high = low - 1000, high + 1000
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x_of(index: int) -> float:
        return LEFT + span_x * index / max(hands, 1)

    def y_of(value: float) -> float:
        return TOP + span_y * (high - value) / (high - low)

    namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    parts = [(f'<svg{namespace} viewBox="0 0 {fmt(WIDTH)} {fmt(HEIGHT)}" '
              f'width="{fmt(WIDTH)}" height="{fmt(HEIGHT)}" font-family="sans-serif" '
              'font-size="10" class="chart">'),
             (f'<rect x="{fmt(LEFT)}" y="{fmt(TOP)}" width="{fmt(span_x)}" '
              f'height="{fmt(span_y)}" fill="#fafbfc" stroke="#d0d7de"/>')]
    for tick in _ticks(low, high):
        y = y_of(tick)
        parts.append(f'<path d="M{fmt(LEFT)} {fmt(y)}h{fmt(span_x)}" stroke="#eaeef2"/>'
                     f'<text x="{fmt(LEFT - 4)}" y="{fmt(y + 3)}" text-anchor="end" '
                     f'fill="#57606a">{tick}</text>')
    for index, label in enumerate(labels[:hands]):
        x = x_of(index + 1)
        parts.append(f'<text x="{fmt(x)}" y="{fmt(TOP + span_y + 12)}" text-anchor="middle" '
                     f'fill="#57606a" font-size="8">{quote(label)}</text>')
    for seat in range(len(names)):
        line = " ".join(f"{fmt(x_of(i))},{fmt(y_of(row[seat]))}" for i, row in enumerate(points))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{_colour(seat)}" '
                     'stroke-width="2"/>')
    for index in range(1, hands + 1):
        dots = "".join(f'<circle cx="{fmt(x_of(index))}" cy="{fmt(y_of(points[index][seat]))}" '
                       f'r="3.5" fill="{_colour(seat)}"/>' for seat in range(len(names)))
        parts.append(f'<g class="hand-point" data-hand="{index - 1}">{dots}</g>')
    for seat, name in enumerate(names):
        x = LEFT + (span_x / max(len(names), 1)) * seat
        parts.append(f'<rect x="{fmt(x)}" y="{fmt(HEIGHT - 14)}" width="10" height="4" '
                     f'fill="{_colour(seat)}"/><text x="{fmt(x + 14)}" '
                     f'y="{fmt(HEIGHT - 10)}" fill="#24292f">{quote(name)}</text>')
    parts.append("</svg>")
    return Svg("".join(parts))


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _ticks(low: float, high: float) -> list[int]:
    steps = [base * 10 ** power for power in range(2, 7) for base in (1, 2, 5)]
    step = next((s for s in steps if (high - low) / s <= 6), steps[-1])
    first = int(low // step + 1) * step
    return list(range(first, int(high) + 1, step))
