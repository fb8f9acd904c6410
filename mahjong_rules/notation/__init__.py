"""Notations at the edge of the library: mpsz tile strings (more formats to come).

.. versionadded:: 0.1
"""

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

__all__ = [
    "format_counts",
    "format_ids",
    "format_kinds",
    "format_tiles",
    "parse_counts",
    "parse_ids",
    "parse_kinds",
    "parse_tiles",
]
