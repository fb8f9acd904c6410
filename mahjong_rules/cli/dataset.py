"""The ``dataset`` command: every decision of every seat in game logs as numpy shards.

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def _dataset_command(args: argparse.Namespace) -> int:
    from mahjong_rules.rl.dataset import FileResult, build  # noqa: PLC0415 - this command only

    show = sys.stderr.isatty() and not args.json
    done = [0, 0]

    def progress(result: FileResult) -> None:
        done[0] += 1
        done[1] += result.decisions
        if show:
            print(f"\r{done[0]} logs, {done[1]} decisions", end="", file=sys.stderr,
                  flush=True)

    try:
        summary = build(args.logs, args.out, workers=args.workers, shard_size=args.shard_size,
                        progress=progress)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if show:
        print(file=sys.stderr)
    if args.json:
        brief = {k: v for k, v in summary.items() if k not in ("planes", "scalars", "actions")}
        print(json.dumps(brief))
    else:
        print(_text(summary))
    return 1 if summary["errors"] else 0


def _text(summary: dict[str, Any]) -> str:
    lines = [
        (f"{summary['logs']} logs ({summary['not_logs']} other files, "
         f"{len(summary['errors'])} unreadable), {summary['hands_used']} of "
         f"{summary['hands']} hands followed"),
        (f"{summary['decisions']} decisions in {len(summary['shards'])} shards, "
         f"{summary['bytes']} bytes ({summary['bytes_per_decision']} bytes per decision)"),
        (f"this run: {summary['new_decisions']} decisions in {summary['seconds']} s "
         f"({summary['decisions_per_second']} decisions/s), {summary['skipped_done']} logs "
         "already done"),
    ]
    lines.extend(f"  error: {e['source']}: {e['message']}" for e in summary["errors"])
    return "\n".join(lines)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    dataset = commands.add_parser(
        "dataset", help="write every decision of game logs as training data (numpy shards)")
    dataset.add_argument("logs", nargs="+", metavar="LOGS", help="log files or folders")
    dataset.add_argument("--out", required=True, help="the output folder (resumable)")
    dataset.add_argument("--workers", type=int, default=1,
                         help="worker processes (0: every core)")
    dataset.add_argument("--shard-size", type=int, default=4096,
                         help="decisions per shard (a log is never split)")
    dataset.add_argument("--json", action="store_true", help="print the summary as JSON")
    dataset.set_defaults(handler=_dataset_command)
