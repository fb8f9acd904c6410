"""Beginner-mode hints (seed 000 7.1) on injected walls: tenpai discards with waits and
live counts, furiten after an own discard of a wait, an open hand with no yaku, a
Taiwanese declared hand; and the ``hints`` command on a saved state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import taiwanese_scenario as tw
from helpers.scenario import discard, pass_all, start

import mahjong_rules as mr
from mahjong_rules.bots import hints
from mahjong_rules.cli import main
from mahjong_rules.state import Phase


def dead(honours: str) -> dict[int, str]:
    """Hands for seats 0, 2 and 3 that can claim nothing and never win (no pair, no two
    tiles of one run), each number kind in one of them, each with the four ``honours``."""
    return {0: f"147m258p369s{honours}z", 2: f"258m369p147s{honours}z",
            3: f"369m147p258s{honours}z"}


def test_a_tenpai_discard_with_its_waits_and_live_counts() -> None:
    rules, state = start("riichi", hands={**dead("3456"), 0: "123m456p789s1122z",
                                          1: "258m369p147s3456z"}, draws=["7z"], dora="1z")
    result = hints(rules.view(state, 0), rules=rules)
    assert result["shanten"] == 0
    assert [d["tile"] for d in result["tenpai_discards"]] == ["7z"]
    (entry,) = result["tenpai_discards"]
    waits = {w["kind"]: w for w in entry["waits"]}
    assert sorted(waits) == ["1z", "2z"]
    assert waits["1z"]["unseen"] == 1  # two held, one the dora indicator
    assert waits["2z"]["unseen"] == 2
    assert entry["unseen"] == 3
    assert entry["furiten"] is False
    # the dealer's East is a double yakuhai; South gives no yaku without riichi
    assert waits["1z"]["ron"] is not None
    assert waits["2z"]["ron"] is None
    assert waits["2z"]["ron_with_riichi"] is not None
    assert waits["2z"]["tsumo"] is not None  # menzen tsumo
    assert result["hand"]["drawn"] == "7z"
    assert result["hand"]["tiles"][:3] == ["1m", "2m", "3m"]
    assert "riichi" in result["yaku"]["aims"]
    assert result["yaku"]["ron_needs_riichi"] == ["2z"]
    assert not result["yaku"]["no_yaku"]


def test_furiten_after_an_own_discard_of_a_wait() -> None:
    rules, state = start("riichi", hands={**dead("2345"), 1: "2344m456p789s11z9s"},
                         draws=["9p", "6m", "9p", "9p", "8p", "5m"])
    for _ in range(4):  # seat 1 lets go of 6m on its first turn
        state = pass_all(rules, discard(rules, state, state.turn))
    assert state.turn == 0
    state = pass_all(rules, discard(rules, state, 0))
    assert state.turn == 1
    result = hints(rules.view(state, 1), rules=rules)
    (entry,) = result["tenpai_discards"]
    assert entry["tile"] == "9s"
    assert sorted(w["kind"] for w in entry["waits"]) == ["3m", "6m"]
    assert entry["furiten"] is True
    state = pass_all(rules, discard(rules, state, 1, "9s"))
    after = hints(rules.view(state, 1), rules=rules)
    assert after["furiten"]["furiten"] is True
    assert after["furiten"]["reasons"] == ["own_discard:6m"]
    assert after["furiten"]["note"] == "furiten: no ron, tsumo only"
    assert sorted(w["kind"] for w in after["waits"]) == ["3m", "6m"]


def test_an_open_hand_without_yaku() -> None:
    rules, state = start("riichi", hands={**dead("1234"), 1: "99s123m456p78m13p5z"},
                         draws=["9s"])
    state = discard(rules, state, 0, "9s")
    assert state.phase is Phase.CLAIMS
    window = hints(rules.view(state, 1), rules=rules)
    (call,) = [c for c in window["calls"] if c["action"]["type"] == "pon"]
    assert call["no_yaku_after"] is True
    assert call["opens_hand"] is True
    assert "riichi" in call["gives_up"]
    assert "calling gives up riichi" in call["notes"]
    pon = next(a for a in rules.legal_actions(state, 1) if isinstance(a, mr.Pon))
    state = rules.apply(state, pon)
    for seat in sorted(rules.to_act(state)):
        if seat != 1 and state.phase is Phase.CLAIMS:
            state = rules.apply(state, mr.Pass(seat=seat))
    result = hints(rules.view(state, 1), rules=rules)
    assert result["yaku"]["no_yaku"] is True
    assert "riichi" not in result["yaku"]["aims"]


def test_a_taiwanese_declared_hand() -> None:
    rules, state = tw.start(hands={0: tw.DEAD[1], 1: tw.WAIT_25P, 2: tw.DEAD[2], 3: tw.DEAD[3]},
                            draws=["9s", "6p", "2z", "3z", "2p"])
    before = hints(rules.view(state, 1), rules=rules)
    state = tw.open_play(rules, state, 1)
    assert state.seats[1].declared
    state = pass_all(rules, discard(rules, state, 0, "9s"))
    result = hints(rules.view(state, 1), rules=rules)
    (entry,) = result["tenpai_discards"]  # locked: only the drawn 6p may go
    assert entry["tile"] == "6p"
    assert sorted(w["kind"] for w in entry["waits"]) == ["2p", "5p"]
    assert result["furiten"] == {"furiten": False, "reasons": [],
                                 "note": "Taiwanese has no furiten"}
    assert result["yaku"]["why"] == "Taiwanese needs no minimum tai"
    assert "concealed" in result["yaku"]["aims"]
    declared = {w["kind"]: w["ron"] for w in entry["waits"]}
    undeclared = {w["kind"]: w["ron"] for w in before["waits"]}
    assert all(declared[k] == undeclared[k] + 15 for k in declared)  # the declaration's tai
    state = pass_all(rules, discard(rules, state, 1))
    for _ in range(2):  # seats 2 and 3
        state = pass_all(rules, discard(rules, state, state.turn))
    state = discard(rules, state, 0)  # the 2p
    assert state.phase is Phase.CLAIMS
    assert hints(rules.view(state, 1), rules=rules)["win"]["ron"] is True


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    code = main(list(args))
    return code, json.loads(capsys.readouterr().out)


def test_the_hints_command_on_a_saved_state(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    rules, state = start("riichi", hands={**dead("3456"), 0: "123m456p789s1122z",
                                          1: "258m369p147s3456z"}, draws=["7z"], dora="1z")
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_dict()))
    code, result = _run(capsys, "hints", str(path), "--seat", "0")
    assert code == 0
    assert result["ok"] is True
    assert result == {"ok": True, **hints(rules.view(state, 0), rules=rules)}
    code, result = _run(capsys, "hints", str(path))
    assert code == 2
    assert result["reason"] == "bad_seat"
    path.write_text("{")
    code, result = _run(capsys, "hints", str(path), "--seat", "0")
    assert code == 1
    assert result["reason"] == "bad_json"
