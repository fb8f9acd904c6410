"""What the game-playing commands share: the rules from their options.

The rules come from ``--variant``, ``--preset`` and ``--length`` (the progress bar and
the spreading options are in :mod:`mahjong_rules.cli._parallel`).

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
from typing import Any

from mahjong_rules.cli._arguments import preset_help
from mahjong_rules.engine import Ruleset
from mahjong_rules.registry import make

LENGTHS = ["tonpuu", "hanchan", "single_hand", "full", "east", "single"]
"""``--length`` values: riichi and sanma take the first three, Taiwanese the last three."""


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--variant``, ``--preset`` and ``--length``."""
    parser.add_argument("--variant", choices=["riichi", "sanma", "taiwanese"],
                        default="riichi", help="the ruleset")
    parser.add_argument("--preset", default=None, help=preset_help(
        "options preset (default: the variant's defaults)"))
    parser.add_argument("--length", choices=LENGTHS,
                        help="riichi/sanma: tonpuu, hanchan, single_hand; "
                             "taiwanese: full, east, single")


def rules_from_args(args: argparse.Namespace) -> Ruleset:
    """The ruleset the arguments name.

    Raises:
        ValueError: an unknown preset or a length the variant does not have
            (:class:`~mahjong_rules.errors.OptionsError` is a ``ValueError``).
    """
    options: dict[str, Any] | str | None = args.preset
    if args.length:
        base = make(args.variant, args.preset).options.to_dict()
        base["length"] = args.length
        options = base
    return make(args.variant, options)
