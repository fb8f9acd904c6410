"""The ``replay`` command: replay game logs and compare every hand with the log.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import sys

from mahjong_rules.cli._parallel import add_parallel_arguments, parallel_options, run_line, spread
from mahjong_rules.errors import NotationError
from mahjong_rules.notation.logs import log_paths


def _replay_command(args: argparse.Namespace) -> int:
    from mahjong_rules.runs import replay_run  # noqa: PLC0415 - only this command

    try:
        total = sum(1 for _ in log_paths(args.paths))
    except NotationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    ran, code = spread(args, total, "files", lambda progress: replay_run(
        args.paths, progress=progress, **parallel_options(args)))
    if ran is None:
        return code
    report, facts = ran
    if args.json:
        run = {k: v for k, v in facts.items() if k != "files"}  # "files": the reports
        print(json.dumps({**report.to_dict(), **run}, ensure_ascii=False))
    else:
        for file in report.files:
            print(file.line())
            for hand in file.hands:
                if hand.status == "matched":
                    continue
                detail = hand.error if hand.error is not None else "; ".join(
                    f"{m.field}: expected {m.expected}, got {m.got}" for m in hand.mismatches)
                if hand.inconsistent is not None:
                    detail = f"not counted: {hand.inconsistent}"
                print(f"  hand {hand.index} ({hand.label}): {detail}")
        print(f"{facts['files']} files in {facts['seconds']} s, "
              f"{facts['hands_per_second']} hands/s; {run_line(facts)}")
        print(report.summary())
    return 0 if report.ok else 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    replay = commands.add_parser("replay", help="replay game logs and compare every hand")
    replay.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    replay.add_argument("--out", default=None, metavar="FILE.jsonl",
                        help="write one record per hand (file, hand, status and the first "
                             "difference) to FILE, one JSON line each, in order")
    add_parallel_arguments(replay, unit="files")
    replay.add_argument("--json", action="store_true", help="print one JSON report")
    replay.set_defaults(handler=_replay_command)
