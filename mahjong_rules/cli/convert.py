"""The ``convert`` command: a game log to tenhou.net/6 JSON or mjai JSONL.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.notation.logs import format_log, read_log


def _convert_command(args: argparse.Namespace) -> int:
    try:
        text = format_log(read_log(args.input).games, args.to)
    except MahjongRulesError as exc:
        print(f"{exc.reason.value}: {exc.message}", file=sys.stderr)
        return 1
    if args.output in {None, "-"}:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    convert = commands.add_parser("convert", help="convert a game log to tenhou6 JSON or mjai")
    convert.add_argument("input", metavar="IN", help="mjlog XML, tenhou.net/6 JSON or mjai JSONL")
    convert.add_argument("--to", choices=["mjai", "tenhou6"], required=True)
    convert.add_argument("-o", "--output", metavar="OUT", help="output file; - = stdout")
    convert.set_defaults(handler=_convert_command)
