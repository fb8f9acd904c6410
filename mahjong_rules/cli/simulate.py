"""The ``simulate`` command: self-play whole games with bots, then a summary.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mahjong_rules.bots import BOTS, play_games
from mahjong_rules.cli._arguments import DefaultsFormatter, bounded_int, preset_help
from mahjong_rules.engine import make
from mahjong_rules.errors import MahjongRulesError


def _simulate_command(args: argparse.Namespace) -> int:
    options: dict[str, Any] | str | None = args.preset
    if args.length:
        base = make(args.variant, args.preset).options.to_dict()
        base["length"] = args.length
        options = base
    try:
        rules = make(args.variant, options)
    except (ValueError, MahjongRulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    show = sys.stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        if show:
            width = 30
            filled = width * done // total
            print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games",
                  end="" if done < total else "\n", file=sys.stderr, flush=True)

    summary = play_games(rules, games=args.games, seed=args.seed, bot=args.bot,
                         progress=progress)
    if args.json:
        print(json.dumps(summary))
    else:
        ranks = ", ".join(f"{i + 1}: {p}" for i, p in
                          enumerate(summary["average_points_by_rank"]))
        print(f"{summary['variant']}: {summary['games']} games, {summary['hands']} hands "
              f"({summary['wins']} wins, {summary['draws']} draws) in {summary['seconds']} s, "
              f"{summary['hands_per_second']} hands/s\naverage points by rank: {ranks}")
    return 0 if not summary["unfinished"] else 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    simulate = commands.add_parser("simulate", help="self-play whole games with bots",
                                   formatter_class=DefaultsFormatter)
    simulate.add_argument("--variant", choices=["riichi", "sanma", "taiwanese"],
                          default="riichi", help="the ruleset")
    simulate.add_argument("--preset", default=None, help=preset_help(
        "options preset (default: the variant's defaults)"))
    simulate.add_argument("--length", choices=["tonpuu", "hanchan", "single_hand", "full",
                                               "east", "single"],
                          help="riichi/sanma: tonpuu, hanchan, single_hand; "
                               "taiwanese: full, east, single")
    simulate.add_argument("--games", type=bounded_int(1), default=20,
                          help="games to play (at least 1)")
    simulate.add_argument("--seed", type=bounded_int(0), default=1,
                          help="seed of the walls and the bots (0 or more)")
    simulate.add_argument("--bot", choices=sorted(BOTS), default="random",
                          help="the bot in every seat")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(handler=_simulate_command)
