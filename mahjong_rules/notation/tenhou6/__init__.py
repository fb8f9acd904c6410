"""tenhou.net/6 JSON logs: read into and write from the mjlog records.

The JSON that tenhou.net/6 shows (and that mjai-reviewer and Mahjong Soul converters
write) stores each hand as per-seat lists of tiles: start hand, draws (with calls as
strings) and discards (with riichi, kans and kita as strings), then the result. Reading
rebuilds the turn order and gives every tile a physical id (see
``docs/reference/logs.md``), so :func:`parse_tenhou6` returns the same
:class:`~mahjong_rules.notation.tenhou.TenhouGame` records as
:func:`~mahjong_rules.notation.tenhou.parse_mjlog`; :func:`write_tenhou6` writes one back.

Everything that cannot be read raises :class:`~mahjong_rules.errors.LogFormatError`
(reason ``bad_log``) naming the file, the hand and the element.

The package's modules: ``tenhou6.codes`` (tile codes, call and action strings, names),
``tenhou6.read`` (the reader), ``tenhou6.walk`` (a hand's turn order rebuilt) and
``tenhou6.write`` (the writer).

.. versionadded:: 0.2
"""

from __future__ import annotations

from mahjong_rules.notation.tenhou6.codes import DAN_NAMES
from mahjong_rules.notation.tenhou6.codes import DRAW_NAMES as DRAW_NAMES
from mahjong_rules.notation.tenhou6.codes import code_spec as code_spec
from mahjong_rules.notation.tenhou6.codes import spec_code as spec_code
from mahjong_rules.notation.tenhou6.read import parse_tenhou6
from mahjong_rules.notation.tenhou6.write import write_tenhou6

__all__ = ["DAN_NAMES", "parse_tenhou6", "write_tenhou6"]
