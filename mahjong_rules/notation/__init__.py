"""Notations at the edge of the library: mpsz tile strings and game logs.

Game logs (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSONL) all read into the records of
:mod:`mahjong_rules.notation.tenhou`; :func:`read_log` detects the format by content.

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules._lazy import lazy_exports

if TYPE_CHECKING:
    from mahjong_rules.notation.logs import (
        LogFile,
        detect_format,
        format_log,
        log_paths,
        parse_log,
        read_log,
    )
    from mahjong_rules.notation.mjai import parse_mjai, write_mjai
    from mahjong_rules.notation.mpsz import (
        format_counts,
        format_ids,
        format_kinds,
        format_tiles,
        parse_counts,
        parse_ids,
        parse_kinds,
        parse_tiles,
    )
    from mahjong_rules.notation.tenhou import encode_meld, parse_mjlog
    from mahjong_rules.notation.tenhou6 import parse_tenhou6, write_tenhou6
else:
    __getattr__, __dir__ = lazy_exports(__name__, {
        "LogFile": "mahjong_rules.notation.logs",
        "detect_format": "mahjong_rules.notation.logs",
        "format_log": "mahjong_rules.notation.logs",
        "log_paths": "mahjong_rules.notation.logs",
        "parse_log": "mahjong_rules.notation.logs",
        "read_log": "mahjong_rules.notation.logs",
        "parse_mjai": "mahjong_rules.notation.mjai",
        "write_mjai": "mahjong_rules.notation.mjai",
        "format_counts": "mahjong_rules.notation.mpsz",
        "format_ids": "mahjong_rules.notation.mpsz",
        "format_kinds": "mahjong_rules.notation.mpsz",
        "format_tiles": "mahjong_rules.notation.mpsz",
        "parse_counts": "mahjong_rules.notation.mpsz",
        "parse_ids": "mahjong_rules.notation.mpsz",
        "parse_kinds": "mahjong_rules.notation.mpsz",
        "parse_tiles": "mahjong_rules.notation.mpsz",
        "encode_meld": "mahjong_rules.notation.tenhou",
        "parse_mjlog": "mahjong_rules.notation.tenhou",
        "parse_tenhou6": "mahjong_rules.notation.tenhou6",
        "write_tenhou6": "mahjong_rules.notation.tenhou6",
    })

__all__ = [
    "LogFile",
    "detect_format",
    "encode_meld",
    "format_counts",
    "format_ids",
    "format_kinds",
    "format_log",
    "format_tiles",
    "log_paths",
    "parse_counts",
    "parse_ids",
    "parse_kinds",
    "parse_log",
    "parse_mjai",
    "parse_mjlog",
    "parse_tenhou6",
    "parse_tiles",
    "read_log",
    "write_mjai",
    "write_tenhou6",
]
