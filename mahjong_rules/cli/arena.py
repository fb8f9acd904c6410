"""The ``arena`` command: a challenger against copies of an opponent, duplicate games.

.. versionadded:: 0.3
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
from mahjong_rules.runs import arena_run

ROWS = (("games", "games", "{}"), ("avg_rank", "average rank", "{}"),
        ("avg_rank_se", "  standard error", "{}"), ("rank_counts", "rank counts", "{}"),
        ("rank_points_per_game", "rank points per game", "{}"),
        ("bust_rate", "bust rate (per game)", "%"), ("win_rate", "win rate", "%"),
        ("deal_in_rate", "deal-in rate", "%"), ("riichi_rate", "riichi rate", "%"),
        ("call_rate", "call rate", "%"), ("draw_rate", "exhaustive draws", "%"),
        ("avg_win", "average win", "{}"), ("avg_deal_in", "average deal-in", "{}"),
        ("faults", "bot faults", "{}"))
"""The text table: key, label, format (``%``: a rate per hand unless said otherwise)."""


def _cell(value: Any, style: str) -> str:  # noqa: ANN401 - any JSON value
    if value is None:
        return "-"
    if style == "%":
        return f"{100 * value:.1f}%"
    return style.format(value)


def format_result(result: dict[str, Any]) -> str:
    """The arena's result as a two-column table."""
    challenger, opponents = result["challenger"], result["opponents"]
    head = (f"{result['variant']}{' (' + result['preset'] + ')' if result['preset'] else ''}: "
            f"{result['games']} games ({result['wall_sets']} wall sets), seed {result['seed']}, "
            f"rank points {'/'.join(str(p) for p in result['rank_points'])}")
    width = max(len(label) for _, label, _ in ROWS)
    lines = [head, f"{'':{width}}  {challenger['bot']:>18}  {opponents['bot']:>18}"]
    for key, label, style in ROWS:
        lines.append(f"{label:{width}}  {_cell(challenger[key], style):>18}  "
                     f"{_cell(opponents[key], style):>18}")
    if result["unfinished"]:
        lines.append(f"unfinished games: {result['unfinished']}")
    if "digest" in result:
        lines.append(run_line(result))
    return "\n".join(lines)


def _rank_points(text: str | None) -> list[float] | None:
    if text is None:
        return None
    return [float(v) if "." in v else int(v) for v in text.replace("/", ",").split(",")]


def _arena_command(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
        points = _rank_points(args.rank_points)
    except (ValueError, MahjongRulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lineup = [args.challenger, *[args.opponents] * (rules.num_seats - 1)]
    result, code = spread(args, args.games, "games", lambda progress: arena_run(
        rules, lineup, games=args.games, seed=args.seed, rank_points=points,
        preset=args.preset, progress=progress, **parallel_options(args)))
    if result is None:
        return code
    if args.json:
        print(json.dumps(result))
    else:
        print(format_result(result))
    return 0 if not result["unfinished"] else 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    parser = commands.add_parser(
        "arena", help="measure a bot: duplicate games against copies of an opponent",
        formatter_class=DefaultsFormatter)
    add_rules_arguments(parser)
    names = ", ".join(sorted(BOTS))
    parser.add_argument("--challenger", required=True,
                        help=f"the bot measured ({names}; 'mjai:COMMAND' runs an mjai "
                             "program, docs/mjai.md)")
    parser.add_argument("--opponents", required=True, help="the bot in every other seat")
    parser.add_argument("--games", type=bounded_int(1), default=40,
                        help="games, seat rotations included (400 = 100 wall sets x 4)")
    parser.add_argument("--seed", type=bounded_int(0), default=1,
                        help="seed of the walls and the bots (0 or more)")
    parser.add_argument("--rank-points", default=None, metavar="P1,P2,P3[,P4]",
                        help="points per place (default 90,45,0,-135; sanma 90,0,-90)")
    parser.add_argument("--out", "--records", dest="out", default=None, metavar="FILE.jsonl",
                        help="write every game's record to FILE, one JSON line each, in "
                             "order (--records is the former name)")
    add_parallel_arguments(parser, unit="games")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(handler=_arena_command)
