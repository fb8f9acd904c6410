"""All 10,000 scored hands of the peer's suite (majiang-core hule.json) under its rules.

Its rules (``../shared/data/fixtures/README.md``) are our defaults: red fives, open
tanyao, a double-wind pair of 4 fu, no kiriage mangan, counted yakuman, double yakuman.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.majiang import expected_yaku, parse_context, parse_hand

from mahjong_rules.errors import Rejection
from mahjong_rules.options import RiichiOptions
from mahjong_rules.scoring import score, seat_deltas

HULE = Path(__file__).resolve().parents[3] / "shared" / "data" / "fixtures" / "majiang-core" / (
    "hule.json")
CHUNKS = 10


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    if not HULE.exists():
        pytest.skip(f"{HULE} is absent (../shared not beside the checkout)")
    data: list[dict[str, Any]] = json.loads(HULE.read_text())
    return data


def _problems(record: dict[str, Any], options: RiichiOptions) -> list[str]:
    hand, offset = parse_hand(record["in"]["shoupai"], record["in"].get("rongpai"))
    context = parse_context(record["in"])
    result = score(hand, context, options)
    if isinstance(result, Rejection):
        return [f"rejected: {result.reason.value}"]
    out = record["out"]
    yaku, dora = expected_yaku(out)
    problems = []
    ours = sorted((y.id, y.yakuman or y.han) for y in result.yaku)
    if ours != yaku:
        problems.append(f"yaku {ours} != {yaku}")
    if out["damanguan"] is None:
        if (result.dora, result.red, result.ura) != (dora["dora"], dora["red"], dora["ura"]):
            problems.append("dora")
        if (result.han, result.fu) != (out["fanshu"], out["fu"]):
            problems.append(f"han/fu {result.han}/{result.fu} != {out['fanshu']}/{out['fu']}")
    elif result.yakuman != out["damanguan"]:
        problems.append("yakuman")
    winner = context.seat_wind
    deltas = seat_deltas(
        result.payments, winner=winner, dealer=0,
        discarder=None if offset is None else (winner + offset) % 4, liable=None, players=4,
        deposits=1000 * context.riichi_sticks,
    )
    if deltas != out["fenpei"]:
        problems.append(f"deltas {deltas} != {out['fenpei']}")
    honba_and_sticks = 300 * context.honba + 1000 * context.riichi_sticks
    if result.total - honba_and_sticks != out["defen"]:
        problems.append(f"value {result.total - honba_and_sticks} != {out['defen']}")
    return problems


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=[f"records-{i}000" for i in range(CHUNKS)])
def test_peer_hands(records: list[dict[str, Any]], chunk: int) -> None:
    size = len(records) // CHUNKS
    failures = {}
    for index in range(chunk * size, (chunk + 1) * size):
        problems = _problems(records[index], RiichiOptions())
        if problems:
            failures[index] = problems
    assert not failures, dict(list(failures.items())[:5])


@pytest.mark.parametrize(("options", "changed"), [
    (RiichiOptions(kiriage_mangan=True), 1041),
    (RiichiOptions(renpuu_pair_fu=2), 5),
    (RiichiOptions(kuitan=False), 1299),
    (RiichiOptions(kazoe_yakuman=False), 1),
], ids=["kiriage", "double-wind-pair-2", "no-kuitan", "no-kazoe"])
def test_one_rule_flipped_changes_the_documented_records(
    records: list[dict[str, Any]], options: RiichiOptions, changed: int
) -> None:
    """The fixtures' README counts how many records each rule flip changes."""
    assert sum(1 for record in records if _problems(record, options)) == changed
