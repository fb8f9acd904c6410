"""The ``simulate`` command: self-play whole games with bots, then a summary.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mahjong_rules.bots import BOTS
from mahjong_rules.cli._arguments import DefaultsFormatter, bounded_int
from mahjong_rules.cli._common import add_rules_arguments, rules_from_args
from mahjong_rules.cli._parallel import add_parallel_arguments, parallel_options, run_line, spread
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.runs import simulate_run


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def format_summary(summary: dict[str, Any]) -> str:
    """The text summary: games and hands, wins and draws, the rates, points by rank."""
    every = summary["all"]
    bots = summary["bots"]
    who = bots[0] if len(set(bots)) == 1 else ",".join(bots)
    ranks = ", ".join(f"{i + 1}: {p}" for i, p in enumerate(summary["average_points_by_rank"]))
    lines = [
        (f"{summary['variant']} ({who}): {summary['games']} games, {summary['hands']} hands "
         f"in {summary['seconds']} s, {summary['hands_per_second']} hands/s"),
        (f"hands: {summary['wins']} won ({every['tsumo']} by tsumo), {summary['draws']} drawn "
         f"({summary['exhaustive_draws']} exhaustive, {summary['abortive_draws']} abortive)"
         + (f", {summary['unfinished']} games unfinished" if summary["unfinished"] else "")
         + (f", {summary['faults']} bot faults" if summary.get("faults") else "")),
        (f"per seat and hand: win {_percent(every['win_rate'])}, deal-in "
         f"{_percent(every['deal_in_rate'])}, riichi {_percent(every['riichi_rate'])}, call "
         f"{_percent(every['call_rate'])}; average win {every['avg_win']}, "
         f"average deal-in {every['avg_deal_in']}"),
        f"average points by rank: {ranks}",
        run_line(summary),
    ]
    if len(set(bots)) > 1:
        for seat, stats in enumerate(summary["seats"]):
            lines.append(f"seat {seat} ({bots[seat]}): average rank {stats['avg_rank']}, "
                         f"win {_percent(stats['win_rate'])}, deal-in "
                         f"{_percent(stats['deal_in_rate'])}")
    return "\n".join(lines)


def _simulate_command(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except (ValueError, MahjongRulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    specs = [s.strip() for s in args.bots.split(",")] if args.bots else [args.bot] * (
        rules.num_seats)
    summary, code = spread(args, args.games, "games", lambda progress: simulate_run(
        rules, specs, games=args.games, seed=args.seed, progress=progress, logs=args.logs,
        log_format=args.log_format, **parallel_options(args)))
    if summary is None:
        return code
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_summary(summary))
    return 0 if not summary["unfinished"] else 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    simulate = commands.add_parser("simulate", help="self-play whole games with bots",
                                   formatter_class=DefaultsFormatter)
    add_rules_arguments(simulate)
    simulate.add_argument("--games", type=bounded_int(1), default=20,
                          help="games to play (at least 1)")
    simulate.add_argument("--seed", type=bounded_int(0), default=1,
                          help="seed of the walls and the bots (0 or more)")
    simulate.add_argument("--bot", default="efficiency",
                          help=f"the bot of every seat: {', '.join(sorted(BOTS))}, or NAME:ARG "
                               "for a registered kind ('mjai:python my_bot.py': an mjai "
                               "program, docs/mjai.md)")
    simulate.add_argument("--bots", default=None, metavar="A,B,C,D",
                          help="one bot per seat, comma-separated (overrides --bot)")
    simulate.add_argument("--out", default=None, metavar="FILE.jsonl",
                          help="write every game's record (index, seed, scores, ranks, "
                               "per-seat counters) to FILE, one JSON line each, in order")
    simulate.add_argument("--logs", default=None, metavar="DIR",
                          help="write every game as a log to DIR (riichi and sanma; "
                               "replay reads them back)")
    simulate.add_argument("--log-format", choices=["mjai", "tenhou6"], default="mjai",
                          help="the format of --logs: mjai JSONL or tenhou.net/6 JSON")
    add_parallel_arguments(simulate, unit="games")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(handler=_simulate_command)
