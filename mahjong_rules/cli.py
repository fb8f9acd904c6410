"""Command line: ``python -m mahjong_rules COMMAND ...`` with JSON in and out.

Commands:

``shanten HAND... [--variant riichi|sanma|taiwanese] [--json]``
    The shanten of each hand (concealed tiles in mpsz, melded tiles left out), its waits
    with the copies left, the tiles that improve it and, for a 3n+2 hand, the best
    discards. ``-`` reads hands from standard input, one per line.

``score HAND --win TILE [--variant riichi|sanma|taiwanese] [--tsumo] [--riichi] [--seat E]``
    ``[--meld 'pon 555z'] [--flowers 12f] [--declared-ready] [--discards N] ...``
    (``--json`` for JSON output)
    Score one winning hand (Taiwanese: tai items, payments and point changes).
    ``score --jsonl FILE`` (``-`` for standard input) scores one JSON request per line
    and prints one JSON result per line, in order; see
    :mod:`mahjong_rules.scoring.request` for the keys.

``simulate [--variant riichi|sanma|taiwanese] [--preset NAME] [--length L] [--games N]``
    ``[--seed S] [--bot NAME]`` (``--bot random`` or ``greedy``; ``--json`` for JSON
    output; ``--length`` is ``tonpuu``/``hanchan``/``single_hand`` for riichi and sanma,
    ``full``/``east``/``single`` for Taiwanese, whose random games rarely end: use
    ``--bot greedy``)
    Self-play whole games through the public API and print a summary (games, hands,
    wins, draws, average points by rank, hands per second); ``--json`` prints it as one
    JSON object. A progress bar shows on a terminal.

``convert IN --to mjai|tenhou6 [-o OUT]``
    Convert a game log (mjlog XML, gzip-compressed or not, tenhou.net/6 JSON or mjai
    JSONL, detected by content) to tenhou.net/6 JSON or mjai JSONL, written to ``OUT``
    (standard output when it is left out or ``-``). Exit code 1 when ``IN`` is not a log
    or cannot be read (its reason code is printed).

``replay PATH... [--json]``
    Replay every game log under the paths (files or folders; mjlog XML, tenhou.net/6
    JSON or mjai JSONL, detected by content) through the reducer and compare every hand
    with the log (:mod:`mahjong_rules.replay`). Prints one line per file (files that are
    not logs are listed as skipped), then ``replayed N hands: N matched, M mismatched,
    E errors``; ``--json`` prints one JSON report with those counts and every mismatch.
    Exit code 0 only when nothing mismatched or failed.

Every JSON result of ``shanten`` and ``score`` says ``ok``; a hand that cannot be read
reports its reason code and the run goes on. The exit code is 0 when every hand was read, 1
otherwise, 2 for a usage error.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mahjong_rules import kernel
from mahjong_rules.bots import BOTS, play_games
from mahjong_rules.engine import make
from mahjong_rules.errors import MahjongRulesError, Reason
from mahjong_rules.kernel import KernelInputError
from mahjong_rules.notation import format_kinds, parse_counts
from mahjong_rules.notation.logs import format_log, read_log
from mahjong_rules.scoring.request import score_request

_VARIANTS = {
    "riichi": {"kinds": None, "n_sets": 4, "quad_as_two_pairs": False},
    "sanma": {"kinds": kernel.SANMA_KINDS, "n_sets": 4, "quad_as_two_pairs": False},
    "taiwanese": {"kinds": None, "n_sets": 5, "quad_as_two_pairs": True},
}


def _tiles(remaining: np.ndarray[Any, np.dtype[np.uint8]]) -> list[dict[str, Any]]:
    return [{"tile": format_kinds([kind]), "left": int(remaining[kind])}
            for kind in np.nonzero(remaining)[0].tolist()]


def analyse(hand: str, variant: str = "riichi") -> dict[str, Any]:
    """Shanten, waits, improving tiles and best discards of one hand, as a JSON object.

    Examples:
        >>> result = analyse("123m456p789s1122z")
        >>> result["shanten"], [w["tile"] for w in result["waits"]]
        (0, ['1z', '2z'])
        >>> analyse("123x")["reason"]
        'unknown_character'
    """
    options = _VARIANTS[variant]
    try:
        counts = parse_counts(hand)
        size = int(counts.sum())
        value = int(kernel.shanten(counts, **options))  # type: ignore[arg-type]
    except MahjongRulesError as exc:
        return {"hand": hand, "ok": False, "reason": exc.reason.value, "message": exc.message}
    except KernelInputError as exc:
        return {"hand": hand, "ok": False, "reason": exc.reason, "message": exc.message}
    result: dict[str, Any] = {"hand": hand, "ok": True, "tiles": size, "shanten": value}
    if size % 3 == 1:
        draw = kernel.draw_ukeire(counts, **options)  # type: ignore[arg-type]
        waits = kernel.waits(counts, **options)  # type: ignore[arg-type]
        left = np.where(waits, 4 - counts, 0).astype(np.uint8)
        result["waits"] = _tiles(left)
        result["ukeire"] = _tiles(draw.remaining)
        result["ukeire_total"] = int(draw.total)
        return result
    table = kernel.discard_ukeire(counts, **options)  # type: ignore[arg-type]
    held = np.nonzero(counts)[0].tolist()
    best = min(int(table.after[k]) for k in held)
    choices: list[dict[str, Any]] = []
    for kind in held:
        if int(table.after[kind]) != best:
            continue
        after = counts.copy()
        after[kind] -= 1
        draw = kernel.draw_ukeire(after, **options)  # type: ignore[arg-type]
        choices.append({"discard": format_kinds([kind]), "shanten": best,
                        "ukeire_total": int(table.total[kind]), "ukeire": _tiles(draw.remaining)})
    choices.sort(key=lambda c: -c["ukeire_total"])
    result["discards"] = choices
    return result


def _describe(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


def _tile_list(tiles: list[dict[str, Any]]) -> str:
    return ", ".join(f"{t['tile']} x{t['left']}" for t in tiles) or "none"


def format_text(result: dict[str, Any]) -> str:
    """Human-readable lines for one :func:`analyse` result."""
    if not result["ok"]:
        return f"{result['hand']}: error {result['reason']}: {result['message']}"
    lines = [f"{result['hand']}: {_describe(result['shanten'])} ({result['tiles']} tiles)"]
    if "waits" in result:
        if result["waits"]:
            lines.append(f"  waits: {_tile_list(result['waits'])}")
        else:
            lines.append(f"  improving tiles ({result['ukeire_total']}): "
                         f"{_tile_list(result['ukeire'])}")
    else:
        lines.extend(
            f"  discard {choice['discard']}: {_describe(choice['shanten'])}, "
            f"{choice['ukeire_total']} tiles ({_tile_list(choice['ukeire'])})"
            for choice in result["discards"]
        )
    return "\n".join(lines)


def _hands(arguments: Sequence[str]) -> Iterator[str]:
    for argument in arguments:
        if argument == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.strip()
        else:
            yield argument


def _shanten_command(args: argparse.Namespace) -> int:
    failed = False
    for hand in _hands(args.hands):
        result = analyse(hand, args.variant)
        failed |= not result["ok"]
        print(json.dumps(result) if args.json else format_text(result), flush=True)
    return 1 if failed else 0


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
    for flag in ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m mahjong_rules``."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_rules", description="Mahjong rules engine: command line."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    shanten = commands.add_parser("shanten", help="shanten, waits and best discards of hands")
    shanten.add_argument("hands", nargs="+", help="hands in mpsz notation; '-' reads stdin")
    shanten.add_argument("--variant", choices=sorted(_VARIANTS), default="riichi")
    shanten.add_argument("--json", action="store_true", help="one JSON object per hand")
    shanten.set_defaults(handler=_shanten_command)
    score = commands.add_parser("score", help="score a winning hand (riichi, sanma, taiwanese)")
    score.add_argument("hand", nargs="?", help="concealed tiles without the winning tile")
    score.add_argument("--win", help="the winning tile")
    score.add_argument("--jsonl", metavar="FILE", help="score one JSON request per line; - = stdin")
    score.add_argument("--variant", choices=["riichi", "sanma", "taiwanese"], default="riichi")
    score.add_argument("--preset", help="options preset (default, ippatsu, joypip, tenhou; "
                       "taiwanese: default, san_diego, four_winds)")
    score.add_argument("--tsumo", action="store_true")
    score.add_argument("--seat", choices=list("ESWN"), default="E", help="seat wind (E = dealer)")
    score.add_argument("--round", choices=list("ESWN"), default="E", help="round wind")
    score.add_argument("--meld", action="append", default=[], help="e.g. 'pon 555z' (repeat)")
    score.add_argument("--dora", default="", help="dora indicators, mpsz")
    score.add_argument("--ura", default="", help="ura-dora indicators, mpsz")
    score.add_argument("--honba", type=int, default=0)
    score.add_argument("--sticks", type=int, default=0, help="riichi deposits on the table")
    score.add_argument("--kita", type=int, default=0)
    for flag in ("riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                 "tenhou", "chiihou", "declared-ready"):
        score.add_argument(f"--{flag}", action="store_true")
    score.add_argument("--flowers", default="", help="taiwanese: flowers held, mpsz 1f-8f")
    score.add_argument("--discards", type=int, help="taiwanese: discards made before the win, "
                       "the one won on included (early win)")
    score.add_argument("--discarder", choices=list("ESWN"),
                       help="taiwanese: the paying seat of a ron (for deltas)")
    score.add_argument("--json", action="store_true", help="print the JSON result")
    score.set_defaults(handler=_score_command)
    simulate = commands.add_parser("simulate", help="self-play whole games with bots")
    simulate.add_argument("--variant", choices=["riichi", "sanma", "taiwanese"],
                          default="riichi")
    simulate.add_argument("--preset", default=None, help="options preset")
    simulate.add_argument("--length", choices=["tonpuu", "hanchan", "single_hand", "full",
                                               "east", "single"],
                          help="riichi/sanma: tonpuu, hanchan, single_hand; "
                               "taiwanese: full, east, single")
    simulate.add_argument("--games", type=int, default=20)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--bot", choices=sorted(BOTS), default="random")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(handler=_simulate_command)
    convert = commands.add_parser("convert", help="convert a game log to tenhou6 JSON or mjai")
    convert.add_argument("input", metavar="IN", help="mjlog XML, tenhou.net/6 JSON or mjai JSONL")
    convert.add_argument("--to", choices=["mjai", "tenhou6"], required=True)
    convert.add_argument("-o", "--output", metavar="OUT", help="output file; - = stdout")
    convert.set_defaults(handler=_convert_command)
    replay = commands.add_parser("replay", help="replay game logs and compare every hand")
    replay.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    replay.add_argument("--json", action="store_true", help="print one JSON report")
    replay.set_defaults(handler=_replay_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(argv)
    handler = args.handler
    code: int = handler(args)
    return code
