"""A seat's mjai stream never names a tile the seat may not see.

The stream is built from the seat's views only (``SeatStream.advance`` takes a view,
never a state), and the views never leak (``tests/test_conformance.py``). Checked here
on whole games anyway: every tile an event names, by kind or by physical id (this
library's extension), is one the seat has seen by then: in its own hand, a river, a
meld, a kita, a turned indicator, a result; another seat's draw and dealt tiles are
``"?"``.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.bots import GreedyBot, Observation, RandomBot
from mahjong_rules.mjai import EXTENSION, SeatStream
from mahjong_rules.state import Phase


def _seen(view: dict[str, Any]) -> set[int]:
    tiles = set(view.get("hand", [])) | set(view["dora_indicators"])
    for seat in view["seats"]:
        tiles.update(e["tile"] for e in seat["river"])
        tiles.update(t for m in seat["melds"] for t in m["tiles"])
        tiles.update(seat["kita"])
    result = view["last_result"]
    if result is not None:
        for win in result["winners"]:
            tiles.update(win["hand"])
            tiles.update(win["ura_indicators"])
    for hand in view["revealed_hands"].values():
        tiles.update(hand)
    return tiles


def _ids(event: dict[str, Any]) -> set[int]:
    ext = event.get(EXTENSION, {})
    out: set[int] = set()
    for key in ("pai", "dora_marker"):
        if isinstance(ext.get(key), int):
            out.add(ext[key])
    for key in ("consumed", "tehai"):
        out.update(ext.get(key) or ())
    return out


@pytest.mark.parametrize("variant", ["riichi", "sanma"])
def test_streams_name_only_seen_tiles(variant: str) -> None:
    rules = mr.make(variant, {"length": "tonpuu"})
    n = rules.num_seats
    bots = [(RandomBot if s % 2 == 0 else GreedyBot)(s + 5) for s in range(n)]
    streams = [SeatStream(rules, s, extensions=True) for s in range(n)]
    seen: list[set[int]] = [set() for _ in range(n)]
    state = rules.setup(seed=29)
    events = 0
    while state.phase is not Phase.GAME_OVER:
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        seen[seat] |= _seen(view)
        for event in streams[seat].advance(view):
            events += 1
            assert _ids(event) <= seen[seat], event
            if event["type"] == "tsumo" and event["actor"] != seat:
                assert event["pai"] == "?"
            if event["type"] == "start_kyoku":
                for other, tehai in enumerate(event["tehais"][:n]):
                    assert (tehai == ["?"] * 13) == (other != seat)
        action = bots[seat].act(Observation.of(rules, state, seat))
        streams[seat].act(action)
        state = rules.apply(state, action)
    assert events > 500
    assert not any(s.desyncs for s in streams)
