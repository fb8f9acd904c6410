"""The vectorized numpy core: shanten, waits and ukeire over arrays of tile counts.

Arrays in, arrays out: counts of shape ``(..., 34)`` (melded tiles removed), any
leading batch shape, results of the same leading shape. This package imports only numpy
and the standard library (checked by a test). A single ``(34,)`` hand is fast too.

Examples:
    >>> import numpy as np
    >>> from mahjong_rules import kernel
    >>> from mahjong_rules.notation import parse_counts
    >>> hands = np.stack([parse_counts("123m456p789s1122z"), parse_counts("123m456p789s1234z")])
    >>> kernel.shanten(hands).tolist()
    [0, 2]

.. versionadded:: 0.1
"""

from mahjong_rules.kernel._counts import ALL_KINDS, SANMA_KINDS, KernelInputError
from mahjong_rules.kernel._shanten import (
    shanten,
    shanten_regular,
    shanten_seven_pairs,
    shanten_thirteen_orphans,
)
from mahjong_rules.kernel.candidates import NOT_DRAWN, DiscardDraw, discard_draw_shanten
from mahjong_rules.kernel.waits import (
    NOT_HELD,
    DiscardUkeire,
    Ukeire,
    discard_ukeire,
    draw_ukeire,
    is_tenpai,
    ukeire,
    waits,
)

__all__ = [
    "ALL_KINDS",
    "NOT_DRAWN",
    "NOT_HELD",
    "SANMA_KINDS",
    "DiscardDraw",
    "DiscardUkeire",
    "KernelInputError",
    "Ukeire",
    "discard_draw_shanten",
    "discard_ukeire",
    "draw_ukeire",
    "is_tenpai",
    "shanten",
    "shanten_regular",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "ukeire",
    "waits",
]
