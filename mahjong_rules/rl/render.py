"""The environments' pictures: the table as text (``ansi``), from one seat's view.

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

from typing import TYPE_CHECKING, Any

from mahjong_rules.notation import format_ids

if TYPE_CHECKING:
    from mahjong_rules.rl.table import Table

__all__ = ["render_text"]

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
