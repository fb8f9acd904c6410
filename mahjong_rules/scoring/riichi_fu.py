"""Riichi fu, line by line (seeds/000 6.3, seeds/001 "Counting fu").

.. versionadded:: 0.1
"""

from __future__ import annotations

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import FuLine
from mahjong_rules.scoring.division import Block, Form, Reading, Shape, Wait
from mahjong_rules.scoring.hand import WinContext

__all__ = ["count_fu", "fu_of"]

_SET_FU = {Shape.TRIPLET: 2, Shape.KAN: 8}
_WAIT_LINES = {Wait.KANCHAN: "wait_kanchan", Wait.PENCHAN: "wait_penchan",
               Wait.TANKI: "wait_tanki"}


def _set_line(shape: Shape, *, is_open: bool, terminal: bool) -> FuLine:
    value = _SET_FU[shape]
    if terminal:
        value *= 2
    if not is_open:
        value *= 2
    name = "kan" if shape is Shape.KAN else "triplet"
    return FuLine(f"{'open' if is_open else 'closed'}_{name}_"
                  f"{'terminal' if terminal else 'simple'}", value)


# The lines are values: built once, shared by every count.
_SET_LINES = {(shape, is_open, terminal): _set_line(shape, is_open=is_open, terminal=terminal)
              for shape in _SET_FU for is_open in (False, True) for terminal in (False, True)}
_BASE = FuLine("base", 20)
_CLOSED_RON = FuLine("closed_ron", 10)
_TSUMO = FuLine("tsumo", 2)
_SEVEN_PAIRS = (FuLine("seven_pairs", 25),), 25
_WAIT_LINE = {wait: FuLine(name, 2) for wait, name in _WAIT_LINES.items()}
_OPEN_MINIMUM = FuLine("open_minimum", 10)
_ROUNDING = tuple(FuLine("rounding", fu) for fu in range(10))
# pinfu: 20 fu by tsumo (no tsumo fu), 30 by ron (base and closed ron only)
_PINFU_TSUMO = (_BASE,), 20
_PINFU_RON = (_BASE, _CLOSED_RON), 30
_PAIR_DRAGON = (FuLine("pair_dragon", 2),)
_PAIR_SEAT = (FuLine("pair_seat_wind", 2),)
_PAIR_ROUND = (FuLine("pair_round_wind", 2),)
# enum members as module constants: a member looked up on its class is slow in 3.11
_SEVEN_PAIRS_FORM = Form.SEVEN_PAIRS
_RUN = Shape.RUN
_PAIR = Shape.PAIR
_HONOR_PAIR = FuLine("honor_pair", 0)
"""Marks a pair of honours in :data:`_BLOCK_FU`: its fu depend on the winds."""


def _block_fu(block: Block) -> FuLine | None:
    shape, kind, is_open, _melded = block
    if shape is _RUN or (shape is _PAIR and kind < 27):
        return None
    if shape is _PAIR:
        return _HONOR_PAIR
    return _SET_LINES[shape, is_open, kind >= 27 or kind % 9 in (0, 8)]


_BLOCK_FU: dict[Block, FuLine | None] = {
    block: _block_fu(block)
    for block in (Block(shape, kind, is_open, melded) for shape in Shape for kind in range(34)
                  for is_open in (False, True) for melded in (False, True))
    if not (block.shape is _RUN and (block.kind % 9 > 6 or block.kind >= 27))}
"""The fu line of every block (``None``: none; :data:`_HONOR_PAIR`: by the winds)."""


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
    return fu_of(reading, closed, pinfu, context, options)


def fu_of(
    reading: Reading, closed: bool, pinfu: bool,
    context: WinContext, options: RiichiOptions,
) -> tuple[tuple[FuLine, ...], int]:
    """:func:`count_fu` with positional arguments, for the scorer's hot path."""
    if reading[0] is _SEVEN_PAIRS_FORM:  # Reading is (form, blocks, wait, win_block)
        return _SEVEN_PAIRS
    tsumo = context.tsumo
    if pinfu:
        return _PINFU_TSUMO if tsumo else _PINFU_RON
    raw = 20
    if closed and not tsumo:
        lines = [_BASE, _CLOSED_RON]
        raw = 30
    elif tsumo:
        lines = [_BASE, _TSUMO]
        raw = 22
    else:
        lines = [_BASE]
    block_fu = _BLOCK_FU.get
    for block in reading[1]:
        line = block_fu(block, _HONOR_PAIR)  # (every block is in the table)
        if line is None:
            continue
        if line is _HONOR_PAIR:  # (or a block not in the table: as it would be)
            shape, kind, is_open, _melded = block
            if shape is _RUN:
                continue
            if shape is _PAIR:
                for line in _pair_lines(kind, context, options):
                    lines.append(line)
                    raw += line.fu
                continue
            line = _SET_LINES[shape, is_open, kind >= 27 or kind % 9 in (0, 8)]
        lines.append(line)
        raw += line.fu
    wait_line = _WAIT_LINE.get(reading[2])
    if wait_line is not None:
        lines.append(wait_line)
        raw += 2
    if not closed and raw == 20:
        lines.append(_OPEN_MINIMUM)
        return tuple(lines), 30
    rounded = -(-raw // 10) * 10
    if rounded != raw:
        lines.append(_ROUNDING[rounded - raw])
    return tuple(lines), rounded


def _pair_lines(kind: int, context: WinContext, options: RiichiOptions) -> tuple[FuLine, ...]:
    if kind >= 31:
        return _PAIR_DRAGON
    seat = kind == 27 + context.seat_wind
    prevalent = kind == 27 + context.round_wind
    if seat and prevalent:
        return (FuLine("pair_double_wind", options.renpuu_pair_fu),)
    if seat:
        return _PAIR_SEAT
    if prevalent:
        return _PAIR_ROUND
    return ()
