"""The ``shanten`` command: shanten, waits, improving tiles and best discards of hands.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from mahjong_rules import kernel
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.notation import format_kinds, parse_counts

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
    except MahjongRulesError as exc:  # notation and kernel errors
        return {"hand": hand, "ok": False, "reason": exc.reason.value, "message": exc.message}
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


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    shanten = commands.add_parser("shanten", help="shanten, waits and best discards of hands")
    shanten.add_argument("hands", nargs="+", help="hands in mpsz notation; '-' reads stdin")
    shanten.add_argument("--variant", choices=sorted(_VARIANTS), default="riichi")
    shanten.add_argument("--json", action="store_true", help="one JSON object per hand")
    shanten.set_defaults(handler=_shanten_command)
