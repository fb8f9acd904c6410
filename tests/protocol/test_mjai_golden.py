"""Golden per-seat mjai transcripts, one scenario per ordering rule (injected walls).

Each scenario deals known hands (``scenario.build_wall``) and plays a scripted hand.
Every seat's stream is fed with that seat's views at its decisions only, as a hosted bot
is; the transcripts must equal ``tests/golden/mjai/<scenario>.json`` (set
``MAHJONG_RULES_UPDATE_GOLDEN=1`` to rewrite them after a reviewed change) and show the
order the rule names. Each seat's rebuilt view must follow its own transcript.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.scenario import build_wall, held, held_all, kind_of

import mahjong_rules as mr
from mahjong_rules.actions import Action, Ankan, Daiminkan, Kakan, Kita, NineTerminals, Pon, Ron
from mahjong_rules.mjai import SeatKnowledge, SeatStream
from mahjong_rules.mjai.messages import action_message, answer_action, discard_message, red_ids
from mahjong_rules.state import Phase, State

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "mjai"


class Table:
    """A scripted hand with every seat's stream fed at its decisions."""

    def __init__(self, name: str, options: str | None, **wall: Any) -> None:
        self.rules = mr.make(name, options)
        first = build_wall(self.rules, **wall)
        later = [build_wall(self.rules, hands={}, fill_seed=k) for k in range(1, 4)]
        n = self.rules.num_seats
        self.state = self.rules.setup(walls=[first, *later],
                                      players=[f"p{i}" for i in range(n)])
        self.streams = [SeatStream(self.rules, s) for s in range(n)]
        self.events: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.knows = [SeatKnowledge(self.rules, s) for s in range(n)]

    def decide(self, seat: int) -> None:
        view = self.rules.view(self.state, seat)
        events = self.streams[seat].advance(view)
        self.events[seat].extend(events)
        know = self.knows[seat]
        for event in events:
            know.feed(event)
        if self.state.phase in (Phase.SELF_ACTION, Phase.CLAIMS):
            assert know.can_act, (seat, events[-1:])
            assert know.state is not None
            mine = self.rules.view(know.state, seat)
            assert _canonical(mine) == _canonical(view), seat

    def do(self, action: Action) -> None:
        self.decide(action.seat)
        self.streams[action.seat].act(action)
        know = self.knows[action.seat]
        if self.state.phase is not Phase.HAND_OVER:
            mine = _mine(self.rules, know, self.rules.view(self.state, action.seat), action)
            if self.state.phase is Phase.CLAIMS:
                know.answer(mine)
            else:
                know.intend(mine)
        self.state = self.rules.apply(self.state, action)

    def discard(self, seat: int, text: str | None = None, *, riichi: bool = False) -> None:
        tile = self.state.seats[seat].drawn if text is None else held(self.state, seat, text)
        assert tile is not None
        self.do(mr.Discard(seat=seat, tile=tile, riichi=riichi))

    def passes(self) -> None:
        while self.state.phase is Phase.CLAIMS:
            self.do(mr.Pass(seat=min(self.rules.to_act(self.state))))

    def turns(self, count: int) -> None:
        for _ in range(count):
            self.discard(self.state.turn)
            self.passes()

    def finish(self) -> dict[str, list[dict[str, Any]]]:
        """Every seat's transcript: after its ``Ready``, or up to the current state."""
        for seat in range(self.rules.num_seats):
            if self.state.phase is Phase.HAND_OVER:
                self.do(mr.Ready(seat=seat))
            else:
                view = self.rules.view(self.state, seat)
                self.events[seat].extend(self.streams[seat].advance(view))
        return {f"seat{s}": events for s, events in enumerate(self.events)}


def _canonical(view: dict[str, Any]) -> str:
    """A view with tiles by kind (the rebuilt copies of a kind differ from the real)."""
    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items() if k != "last_result"}
        if isinstance(value, list):
            if key in {"hand", "tiles", "kita", "dora_indicators"}:
                return sorted((t >> 2, t in (16, 52, 88)) for t in value)
            return [walk(v) for v in value]
        if key in {"tile", "drawn", "called", "added"} and isinstance(value, int):
            return (value >> 2, value in (16, 52, 88))
        return value
    return json.dumps(walk(view), sort_keys=True)


def _mine(rules: mr.Ruleset, know: SeatKnowledge, real: dict[str, Any],
          action: Action) -> Action:
    """The rebuilt state's action for a real one (ids differ, kinds do not)."""
    assert know.state is not None
    seat = action.seat
    legal = rules.legal_actions(know.state, seat, preferences=False)
    riichi = isinstance(action, mr.Discard) and action.riichi
    if isinstance(action, mr.Discard) and riichi:
        message = discard_message(seat, action.tile, real["drawn"], red_ids(rules))
    else:
        message = action_message(action, real, rules)
    found = answer_action(message, legal, rules.view(know.state, seat), rules, riichi=riichi)
    assert not isinstance(found, mr.Rejection), (found, message)
    return found


def _table(name: str, options: str | None = "tenhou", **wall: Any) -> Table:
    return Table(name, options, **wall)


# ---------------------------------------------------------------------------- scenarios


def riichi_then_ron() -> Table:
    t = _table("riichi", hands={0: "123m456p789s1155z", 1: "234m567p678s66z99s"},
               draws=["6z"])
    t.discard(0, "6z", riichi=True)
    t.do(Ron(seat=1))
    t.passes()
    return t


def riichi_then_pon() -> Table:
    t = _table("riichi", hands={0: "123m456p789s1155z", 2: "66z19m19p19s1234z"},
               draws=["6z"])
    t.discard(0, "6z", riichi=True)
    t.do(Pon(seat=2, tiles=held_all(t.state, 2, "66z")))
    t.passes()
    t.discard(2, "1z")
    t.passes()
    t.turns(2)
    return t


def closed_kan() -> Table:
    t = _table("riichi", hands={0: "1111m456p789s123z"}, draws=["9m"], rinshan="5z")
    t.do(Ankan(seat=0, kind=kind_of("1m")))
    t.discard(0, "5z")
    t.passes()
    t.turns(1)
    return t


def open_kan_rinshan_discard() -> Table:
    t = _table("riichi", hands={0: "9p123m456m789s123z", 1: "999p13m46m79s1234z"},
               draws=["5z"], rinshan="6z")
    t.discard(0, "9p")
    t.do(Daiminkan(seat=1))
    t.passes()
    t.discard(1, "6z")
    t.passes()
    t.turns(1)
    return t


def added_kan_chankan() -> Table:
    t = _table("riichi", hands={0: "5s123m456m789p123z", 1: "55s1399m123p4567z",
                                2: "123m456p789p46s11z"},
               draws=["6z", "1z", "7m", "7m", "5s"])
    t.discard(0, "5s")
    t.do(Pon(seat=1, tiles=held_all(t.state, 1, "55s")))
    t.passes()
    t.discard(1, "5z")
    t.passes()
    t.turns(3)
    t.do(Kakan(seat=1, tile=held(t.state, 1, "5s")))
    t.do(Ron(seat=2))
    t.passes()
    return t


def double_ron() -> Table:
    t = _table("riichi", hands={0: "5p1199m19p19s1234z", 1: "234m456s678s55m46p",
                                2: "345m345p456s678s5p"}, draws=["5z"])
    t.discard(0, "5p")
    t.do(Ron(seat=1))
    t.do(Ron(seat=2))
    t.passes()
    return t


def four_kan_abort() -> Table:
    t = _table("riichi", hands={0: "1111m456p789s123z", 1: "2222p456m789s567z",
                                2: "3333s456m789p567z", 3: "4444z234m456p789s"},
               draws=["9m", "9m", "9m", "9m"], rinshan="1p1p1p3p")
    for seat, kind in ((0, "1m"), (1, "2p"), (2, "3s"), (3, "4z")):
        t.do(Ankan(seat=seat, kind=kind_of(kind)))
        t.discard(seat)
        t.passes()
    return t


def nine_terminals() -> Table:
    t = _table("riichi", hands={0: "19m19p19s1234z234m"}, draws=["5z"])
    t.do(NineTerminals(seat=0))
    return t


def sanma_nukidora() -> Table:
    t = _table("sanma", "tenhou", hands={0: "19m19p123s456s7z77z"}, draws=["4z"],
               rinshan="1z")
    t.do(Kita(seat=0))
    t.discard(0, "1z")
    t.passes()
    t.turns(2)
    return t


SCENARIOS: dict[str, tuple[Callable[[], Table], list[str]]] = {
    "riichi_then_ron": (riichi_then_ron, ["reach", "dahai", "hora", "end_kyoku"]),
    "riichi_then_pon": (riichi_then_pon, ["reach", "dahai", "reach_accepted", "pon", "dahai"]),
    "closed_kan": (closed_kan, ["ankan", "dora", "tsumo", "dahai"]),
    "open_kan_rinshan_discard": (open_kan_rinshan_discard,
                                 ["daiminkan", "tsumo", "dora", "dahai"]),
    "added_kan_chankan": (added_kan_chankan, ["kakan", "hora", "end_kyoku"]),
    "double_ron": (double_ron, ["dahai", "hora", "hora", "end_kyoku"]),
    "four_kan_abort": (four_kan_abort, ["ankan", "dora", "tsumo", "dahai", "ryukyoku"]),
    "nine_terminals": (nine_terminals, ["tsumo", "ryukyoku", "end_kyoku"]),
    "sanma_nukidora": (sanma_nukidora, ["tsumo", "nukidora", "tsumo", "dahai"]),
}


def _contains(types: list[str], wanted: list[str]) -> bool:
    """``wanted`` appears in ``types`` as consecutive events."""
    return any(types[i:i + len(wanted)] == wanted for i in range(len(types)))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_transcript(name: str) -> None:
    play, order = SCENARIOS[name]
    table = play()
    transcripts = table.finish()
    path = GOLDEN / f"{name}.json"
    text = json.dumps(transcripts, indent=1) + "\n"
    if os.environ.get("MAHJONG_RULES_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name}: the transcripts changed"
    for seat, events in transcripts.items():
        assert _contains([e["type"] for e in events], order), (seat, order)
    assert not any(s.desyncs for s in table.streams)


def test_riichi_then_ron_has_no_deposit() -> None:
    events = riichi_then_ron().finish()["seat2"]
    assert "reach_accepted" not in [e["type"] for e in events]


def test_other_seats_draws_and_hands_are_hidden() -> None:
    transcripts = riichi_then_pon().finish()
    for seat, events in enumerate(transcripts.values()):
        for event in events:
            if event["type"] == "tsumo" and event["actor"] != seat:
                assert event["pai"] == "?"
            if event["type"] == "start_kyoku":
                assert [t == ["?"] * 13 for t in event["tehais"]] == [
                    s != seat for s in range(4)]


def test_double_ron_pays_each_winner_apart() -> None:
    table = double_ron()
    result = table.state.last_result
    assert result is not None
    horas = [e for e in table.finish()["seat3"] if e["type"] == "hora"]
    assert [h["actor"] for h in horas] == [1, 2]
    assert [sum(h["deltas"]) for h in horas] == [0, 0]
    assert [sum(d) for d in zip(*(h["deltas"] for h in horas), strict=True)] == list(
        result.deltas)


def test_states_reached_what_the_scenarios_say() -> None:
    checks: list[tuple[Callable[[], Table], Callable[[State], bool]]] = [
        (four_kan_abort, lambda s: s.last_result is not None
         and s.last_result.abort_reason == "four_kans"),
        (nine_terminals, lambda s: s.last_result is not None
         and s.last_result.abort_reason == "nine_terminals"),
        (added_kan_chankan, lambda s: s.last_result is not None
         and ("chankan", 1) in s.last_result.winners[0].yaku),
    ]
    for play, check in checks:
        assert check(play().state), play.__name__
