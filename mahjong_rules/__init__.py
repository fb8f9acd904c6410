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

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules._lazy import lazy_exports

if TYPE_CHECKING:
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
else:
    __getattr__, __dir__ = lazy_exports(__name__, {
        "kernel": "mahjong_rules.kernel",
        "Action": "mahjong_rules.actions",
        "Ankan": "mahjong_rules.actions",
        "Chi": "mahjong_rules.actions",
        "Chombo": "mahjong_rules.actions",
        "Daiminkan": "mahjong_rules.actions",
        "DeclareReady": "mahjong_rules.actions",
        "Discard": "mahjong_rules.actions",
        "Disconnect": "mahjong_rules.actions",
        "Kakan": "mahjong_rules.actions",
        "Kita": "mahjong_rules.actions",
        "NineTerminals": "mahjong_rules.actions",
        "Pass": "mahjong_rules.actions",
        "Pon": "mahjong_rules.actions",
        "Ready": "mahjong_rules.actions",
        "Ron": "mahjong_rules.actions",
        "SetPreferences": "mahjong_rules.actions",
        "Timeout": "mahjong_rules.actions",
        "Tsumo": "mahjong_rules.actions",
        "action_from_dict": "mahjong_rules.actions",
        "Ruleset": "mahjong_rules.engine",
        "IllegalActionError": "mahjong_rules.errors",
        "InvalidArgumentError": "mahjong_rules.errors",
        "InvalidStateError": "mahjong_rules.errors",
        "MahjongRulesError": "mahjong_rules.errors",
        "NotationError": "mahjong_rules.errors",
        "OptionsError": "mahjong_rules.errors",
        "Reason": "mahjong_rules.errors",
        "Rejection": "mahjong_rules.errors",
        "KernelInputError": "mahjong_rules.kernel",
        "format_counts": "mahjong_rules.notation",
        "format_ids": "mahjong_rules.notation",
        "format_kinds": "mahjong_rules.notation",
        "format_tiles": "mahjong_rules.notation",
        "parse_counts": "mahjong_rules.notation",
        "parse_ids": "mahjong_rules.notation",
        "parse_kinds": "mahjong_rules.notation",
        "parse_tiles": "mahjong_rules.notation",
        "RiichiOptions": "mahjong_rules.options",
        "SanmaOptions": "mahjong_rules.options",
        "TaiwaneseOptions": "mahjong_rules.options",
        "RULESETS": "mahjong_rules.registry",
        "find_ruleset": "mahjong_rules.registry",
        "make": "mahjong_rules.registry",
        "RiichiRuleset": "mahjong_rules.rulesets",
        "SanmaRuleset": "mahjong_rules.rulesets",
        "TaiwaneseRuleset": "mahjong_rules.rulesets",
        "Phase": "mahjong_rules.state",
        "State": "mahjong_rules.state",
        "Tile": "mahjong_rules.tiles",
        "TileId": "mahjong_rules.tiles",
        "TileKind": "mahjong_rules.tiles",
    })

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
