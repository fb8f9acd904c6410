"""mahjong_rules: a rules engine for riichi, sanma and Taiwanese mahjong.

This release holds the foundation: tiles and mpsz notation, and the vectorized numpy
kernel (shanten, waits, ukeire). The scorer and the game reducer build on it.

Examples:
    >>> import mahjong_rules as mr
    >>> counts = mr.parse_counts("123m456p789s1122z")
    >>> int(mr.kernel.shanten(counts))
    0
    >>> mr.format_kinds(mr.kernel.waits(counts).nonzero()[0])
    '12z'

.. versionadded:: 0.1
"""

from mahjong_rules import kernel
from mahjong_rules.errors import MahjongRulesError, NotationError, Reason
from mahjong_rules.kernel import KernelInputError
from mahjong_rules.notation import (
    format_counts,
    format_ids,
    format_kinds,
    format_tiles,
    parse_counts,
    parse_ids,
    parse_kinds,
    parse_tiles,
)
from mahjong_rules.tiles import Tile, TileId, TileKind

__version__ = "0.1.0"

__all__ = [
    "KernelInputError",
    "MahjongRulesError",
    "NotationError",
    "Reason",
    "Tile",
    "TileId",
    "TileKind",
    "__version__",
    "format_counts",
    "format_ids",
    "format_kinds",
    "format_tiles",
    "kernel",
    "parse_counts",
    "parse_ids",
    "parse_kinds",
    "parse_tiles",
]
