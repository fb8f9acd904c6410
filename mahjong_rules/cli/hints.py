"""The ``hints`` command: beginner-mode hints of one seat of a saved state, as JSON.

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mahjong_rules.bots import hints
from mahjong_rules.cli._arguments import DefaultsFormatter
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.registry import make
from mahjong_rules.state import State


def _load(path: str) -> Any:  # noqa: ANN401 - any JSON document
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return json.loads(text)


def _hints_command(args: argparse.Namespace) -> int:
    try:
        data = _load(args.state)
    except (OSError, ValueError) as exc:
        print(json.dumps({"ok": False, "reason": "bad_json", "message": str(exc)}))
        return 1
    try:
        if isinstance(data, dict) and "viewer" in data and "hand" in data:  # a seat's view
            result = hints(data, rules=make(data["ruleset"]) if "ruleset" in data else None)
        else:
            state = State.from_dict(data)
            rules = make(state.ruleset, state.options)
            if args.seat is None or not 0 <= args.seat < rules.num_seats:
                print(json.dumps({"ok": False, "reason": "bad_seat",
                                  "message": f"give --seat 0..{rules.num_seats - 1}"}))
                return 2
            result = hints(rules.view(state, args.seat), rules=rules)
    except MahjongRulesError as exc:
        print(json.dumps({"ok": False, "reason": exc.reason.value, "message": str(exc)}))
        return 1
    except (ValueError, TypeError, KeyError) as exc:
        print(json.dumps({"ok": False, "reason": "bad_input", "message": str(exc)}))
        return 1
    print(json.dumps({"ok": True, **result}, ensure_ascii=False,
                     indent=2 if args.pretty else None))
    return 0


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    parser = commands.add_parser(
        "hints", help="beginner-mode hints of one seat of a saved state (JSON out)",
        formatter_class=DefaultsFormatter)
    parser.add_argument("state", metavar="STATE",
                        help="a state saved with State.to_dict() as JSON (or a seat's view), "
                             "'-' for standard input")
    parser.add_argument("--seat", type=int, default=None, help="the seat (0..3)")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON")
    parser.set_defaults(handler=_hints_command)
