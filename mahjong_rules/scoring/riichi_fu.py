"""Riichi fu, line by line (seeds/000 6.3, seeds/001 "Counting fu").

.. versionadded:: 0.1
"""

from __future__ import annotations

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import FuLine
from mahjong_rules.scoring.division import Form, Reading, Shape, Wait
from mahjong_rules.scoring.hand import WinContext

__all__ = ["count_fu"]

_SET_FU = {Shape.TRIPLET: 2, Shape.KAN: 8}
_WAIT_LINES = {Wait.KANCHAN: "wait_kanchan", Wait.PENCHAN: "wait_penchan",
               Wait.TANKI: "wait_tanki"}


def count_fu(
    reading: Reading, *, closed: bool, pinfu: bool, context: WinContext, options: RiichiOptions
) -> tuple[tuple[FuLine, ...], int]:
    """The fu lines of a reading and the rounded total.

    Seven pairs are 25 fu. Pinfu is 20 fu by tsumo and 30 by ron. Otherwise: 20, +10
    for a closed ron, +2 for a tsumo (a rinshan win included), the sets (a triplet 2,
    doubled for terminals and honours, doubled when concealed, x4 for a kan; a triplet
    completed by ron is open), the pair (a dragon, the seat wind or the round wind 2;
    a wind that is both ``renpuu_pair_fu``), the wait (kanchan, penchan, tanki 2);
    rounded up to 10; an open hand with nothing added is 30.

    Examples:
        >>> from mahjong_rules.notation import parse_kinds
        >>> from mahjong_rules.scoring.division import readings
        >>> hand = list(parse_kinds("123m456p789s77z99s"))
        >>> reading = readings(hand, win=26, melds=(), tsumo=False)[0]
        >>> count_fu(reading, closed=True, pinfu=False, context=WinContext(),
        ...          options=RiichiOptions())[1]
        40
    """
    if reading.form is Form.SEVEN_PAIRS:
        return (FuLine("seven_pairs", 25),), 25
    lines = [FuLine("base", 20)]
    if closed and not context.tsumo:
        lines.append(FuLine("closed_ron", 10))
    if pinfu:
        total = sum(line.fu for line in lines)
        return tuple(lines), total
    if context.tsumo:
        lines.append(FuLine("tsumo", 2))
    for block in reading.blocks:
        if block.shape is Shape.RUN:
            continue
        if block.shape is Shape.PAIR:
            lines.extend(_pair_lines(block.kind, context, options))
            continue
        value = _SET_FU[block.shape]
        terminal = block.kind >= 27 or block.kind % 9 in (0, 8)
        if terminal:
            value *= 2
        if not block.open:
            value *= 2
        name = "kan" if block.shape is Shape.KAN else "triplet"
        lines.append(FuLine(f"{'open' if block.open else 'closed'}_{name}_"
                            f"{'terminal' if terminal else 'simple'}", value))
    if reading.wait in _WAIT_LINES:
        lines.append(FuLine(_WAIT_LINES[reading.wait], 2))
    raw = sum(line.fu for line in lines)
    if not closed and raw == 20:
        lines.append(FuLine("open_minimum", 10))
        return tuple(lines), 30
    rounded = -(-raw // 10) * 10
    if rounded != raw:
        lines.append(FuLine("rounding", rounded - raw))
    return tuple(lines), rounded


def _pair_lines(kind: int, context: WinContext, options: RiichiOptions) -> list[FuLine]:
    if kind >= 31:
        return [FuLine("pair_dragon", 2)]
    seat = kind == 27 + context.seat_wind
    prevalent = kind == 27 + context.round_wind
    if seat and prevalent:
        return [FuLine("pair_double_wind", options.renpuu_pair_fu)]
    if seat:
        return [FuLine("pair_seat_wind", 2)]
    if prevalent:
        return [FuLine("pair_round_wind", 2)]
    return []
