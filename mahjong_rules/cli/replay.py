"""The ``replay`` command: replay game logs and compare every hand with the log.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json


def _replay_command(args: argparse.Namespace) -> int:
    from mahjong_rules.replay import replay_paths  # noqa: PLC0415 - only this command

    report = replay_paths(args.paths)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
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
        print(report.summary())
    return 0 if report.ok else 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    replay = commands.add_parser("replay", help="replay game logs and compare every hand")
    replay.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    replay.add_argument("--json", action="store_true", help="print one JSON report")
    replay.set_defaults(handler=_replay_command)
