"""The ``score`` command: score one winning hand, or one JSON request per line.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from mahjong_rules.cli._arguments import DefaultsFormatter, bounded_int, preset_help
from mahjong_rules.errors import Reason
from mahjong_rules.scoring.request import score_request

MAX_COUNT = 999
"""The largest honba, sticks or discards count the command line takes (each must fit
the table of the rules too: :func:`~mahjong_rules.scoring.request.table_limits`)."""


def _score_line(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "reason": Reason.BAD_JSON.value, "message": str(exc)}
    return score_request(request)


def _score_command(args: argparse.Namespace) -> int:
    failed = False
    if args.jsonl is not None:
        with contextlib.ExitStack() as stack:
            stream = sys.stdin if args.jsonl == "-" else stack.enter_context(
                Path(args.jsonl).open(encoding="utf-8"))
            for line in stream:
                if not line.strip():
                    continue
                result = _score_line(line)
                failed |= not result["ok"]
                print(json.dumps(result), flush=True)
        return 1 if failed else 0
    if args.hand is None or args.win is None:
        print("score needs HAND and --win TILE, or --jsonl FILE", file=sys.stderr)
        return 2
    result = score_request(_score_request_of(args))
    print(json.dumps(result) if args.json else _format_score(result))
    return 0 if result["ok"] else 1


_RIICHI_ONLY = {"riichi": False, "double_riichi": False, "ippatsu": False, "dora": "",
                "ura": "", "honba": 0, "sticks": 0, "kita": 0}
"""Arguments of riichi and sanma only, with their defaults."""


def _score_request_of(args: argparse.Namespace) -> dict[str, Any]:
    """The score request of the command line's arguments."""
    request: dict[str, Any] = {
        "variant": args.variant, "hand": args.hand, "win": args.win, "tsumo": args.tsumo,
        "seat_wind": args.seat, "round_wind": args.round, "melds": args.meld,
    }
    riichi_keys = {"riichi": "riichi", "double_riichi": "double_riichi",
                   "ippatsu": "ippatsu", "dora": "dora_indicators", "ura": "ura_indicators",
                   "honba": "honba", "sticks": "riichi_sticks", "kita": "kita"}
    taiwanese = args.variant == "taiwanese"
    for name, key in riichi_keys.items():
        # a riichi-only argument given with taiwanese goes in, to be refused (bad_input)
        if not taiwanese or getattr(args, name) != _RIICHI_ONLY[name]:
            request[key] = getattr(args, name)
    for flag in ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou",
                 "declared_ready"):
        if getattr(args, flag):
            request[flag] = True
    if args.flowers:
        request["flowers"] = args.flowers
    if args.discards is not None:
        request["discards_before_win"] = args.discards
    if args.discarder:
        request["discarder_wind"] = args.discarder
    if args.preset:
        request["preset"] = args.preset
    return request


def _format_score(result: dict[str, Any]) -> str:
    if not result["ok"]:
        return f"error {result['reason']}: {result['message']}"
    pays = ", ".join(f"{role} {amount}" for role, amount in result["payments"].items())
    if "tai" in result:
        items = ", ".join(f"{name} {value}" for name, value in result["items"])
        return f"{result['tai']} tai: {items}\n  {result['total']} points: {pays}"
    yaku = ", ".join(f"{name} {value}" for name, value in result["yaku"])
    if result["yakuman"]:
        head = f"yakuman x{result['yakuman']}: {yaku}"
    else:
        dora = result["dora"]
        extras = ", ".join(f"{key} {value}" for key, value in dora.items() if value)
        head = f"{result['han']} han {result['fu']} fu: {yaku}" + (f"; {extras}" if extras else "")
    limit = f" ({result['limit']})" if result["limit"] else ""
    return f"{head}\n  {result['total']} points{limit}: {pays}"


_FLAG_HELP = {
    "riichi": "the winner declared riichi", "double-riichi": "double riichi",
    "ippatsu": "a win within the riichi's first go-around",
    "haitei": "a tsumo on the last tile of the wall", "houtei": "a ron on the last discard",
    "rinshan": "a tsumo on a replacement tile", "chankan": "a ron robbing a kan",
    "tenhou": "the dealer's win on its first draw", "chiihou": "a non-dealer's win on its "
    "first draw (taiwanese: see the earthly_hand option)",
    "renhou": "a non-dealer's ron before its first draw, no call before it (scored only "
    "under the renhou option)",
    "declared-ready": "taiwanese: the winner made the ready-hand declaration"}


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    score = commands.add_parser(
        "score", help="score a winning hand (riichi, sanma, taiwanese)",
        formatter_class=DefaultsFormatter,
        description="Score one winning hand, or one JSON request per line (--jsonl). "
                    "Honba and riichi sticks must also fit the table of the rules "
                    "(honba payments and sticks within its points).")
    score.add_argument("hand", nargs="?", help="concealed tiles without the winning tile")
    score.add_argument("--win", help="the winning tile")
    score.add_argument("--jsonl", metavar="FILE", help="score one JSON request per line; - = stdin")
    score.add_argument("--variant", choices=["riichi", "sanma", "taiwanese"], default="riichi",
                       help="the ruleset")
    score.add_argument("--preset", help=preset_help("options preset (default: the variant's "
                                                    "defaults)"))
    score.add_argument("--tsumo", action="store_true", help="a win by self-draw (else a ron)")
    score.add_argument("--seat", choices=list("ESWN"), default="E", help="seat wind (E = dealer)")
    score.add_argument("--round", choices=list("ESWN"), default="E", help="round wind")
    score.add_argument("--meld", action="append", default=[], help="e.g. 'pon 555z' (repeat)")
    score.add_argument("--dora", default="", help="dora indicators, mpsz (at most 5)")
    score.add_argument("--ura", default="", help="ura-dora indicators, mpsz (at most 5; "
                       "with --riichi or --double-riichi only)")
    score.add_argument("--honba", type=bounded_int(0, MAX_COUNT), default=0,
                       help="honba counters on the table")
    score.add_argument("--sticks", type=bounded_int(0, MAX_COUNT), default=0,
                       help="riichi deposits on the table")
    score.add_argument("--kita", type=bounded_int(0, 4), default=0,
                       help="North tiles set aside (sanma)")
    for flag, text in _FLAG_HELP.items():
        score.add_argument(f"--{flag}", action="store_true", help=text)
    score.add_argument("--flowers", default="", help="taiwanese: flowers held, mpsz 1f-8f")
    score.add_argument("--discards", type=bounded_int(0, MAX_COUNT),
                       help="taiwanese: discards made before the win, the one won on "
                            "included (early win)")
    score.add_argument("--discarder", choices=list("ESWN"),
                       help="taiwanese: the paying seat of a ron (for deltas)")
    score.add_argument("--json", action="store_true", help="print the JSON result")
    score.set_defaults(handler=_score_command)
