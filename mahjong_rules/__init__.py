"""mahjong_rules: a rules engine for riichi, sanma and Taiwanese mahjong.

Tiles and mpsz notation, the vectorized numpy kernel (shanten, waits, ukeire), the
riichi/sanma scorer (one hand or a batch), and the game reducer (``make``, ``setup``,
``validate``, ``apply``, ``view``, ``result``).

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
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Chombo,
    Daiminkan,
    DeclareReady,
    Discard,
    Disconnect,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ready,
    Ron,
    SetPreferences,
    Timeout,
    Tsumo,
    action_from_dict,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidStateError,
    MahjongRulesError,
    NotationError,
    OptionsError,
    Reason,
    Rejection,
)
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
from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions
from mahjong_rules.registry import RULESETS, find_ruleset, make
from mahjong_rules.rulesets import RiichiRuleset, SanmaRuleset, TaiwaneseRuleset
from mahjong_rules.state import Phase, State
from mahjong_rules.tiles import Tile, TileId, TileKind

__version__ = "0.1.0"

__all__ = [
    "RULESETS",
    "Action",
    "Ankan",
    "Chi",
    "Chombo",
    "Daiminkan",
    "DeclareReady",
    "Discard",
    "Disconnect",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidStateError",
    "Kakan",
    "KernelInputError",
    "Kita",
    "MahjongRulesError",
    "NineTerminals",
    "NotationError",
    "OptionsError",
    "Pass",
    "Phase",
    "Pon",
    "Ready",
    "Reason",
    "Rejection",
    "RiichiOptions",
    "RiichiRuleset",
    "Ron",
    "Ruleset",
    "SanmaOptions",
    "SanmaRuleset",
    "SetPreferences",
    "State",
    "TaiwaneseOptions",
    "TaiwaneseRuleset",
    "Tile",
    "TileId",
    "TileKind",
    "Timeout",
    "Tsumo",
    "__version__",
    "action_from_dict",
    "find_ruleset",
    "format_counts",
    "format_ids",
    "format_kinds",
    "format_tiles",
    "kernel",
    "make",
    "parse_counts",
    "parse_ids",
    "parse_kinds",
    "parse_tiles",
]
