"""The ``replay`` command: replay game logs and compare every hand with the log.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import sys

from mahjong_rules.cli._parallel import (
    add_parallel_arguments,
    check_backend,
    parallel_options,
    progress_for,
)
from mahjong_rules.errors import NotationError
from mahjong_rules.notation.logs import log_paths


def _replay_command(args: argparse.Namespace) -> int:
    from mahjong_rules.cli.simulate import run_line, worker_failure  # noqa: PLC0415
    from mahjong_rules.parallel import WorkerError  # noqa: PLC0415 - only this command
    from mahjong_rules.runs import replay_run  # noqa: PLC0415 - only this command

    problem = check_backend(args)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        total = sum(1 for _ in log_paths(args.paths))
    except NotationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        with progress_for(args, total, "files") as progress:
            report, facts = replay_run(args.paths, progress=progress.callback,
                                       **parallel_options(args))
    except WorkerError as exc:
        print(worker_failure(exc, args.out), file=sys.stderr)
        return 1
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
