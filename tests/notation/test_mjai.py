"""mjai JSONL: the real excerpts, their tenhou.net/6 twins, writing back, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.log_views import LOGS, files, games, log_id, needs_logs, view
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_rules.errors import LogFormatError, Reason
from mahjong_rules.notation.mjai import pai_spec, parse_mjai, spec_pai, write_mjai
from mahjong_rules.notation.tenhou import TenhouAgari, TenhouRyuukyoku

EXCERPTS = files(".jsonl")
TWINS = {
    # mjai excerpt -> (tenhou.net/6 file, hand): the same games (logs README.md)
    "tenhou_4p_ranked_excerpt.jsonl": ("mjai-reviewer/ranked_game.json", 0),
    "tenhou_4p_dealer_tsumo_excerpt.jsonl": ("mjai-reviewer/ranked_game.json", 1),
    "tenhou_4p_honba_kyotaku_excerpt.jsonl": ("mjai-reviewer/confusing_nakis_4.json", 0),
}


@needs_logs
def test_all_excerpts_have_a_twin() -> None:
    assert sorted(p.name for p in EXCERPTS) == sorted(TWINS)


@needs_logs
@pytest.mark.parametrize("path", EXCERPTS, ids=log_id)
def test_excerpt_equals_its_tenhou6_twin(path: Path) -> None:
    # the hand read from mjai is the hand read from tenhou.net/6 JSON: deal, events by
    # kind, fu, points, limit, yaku ids, deltas
    (game,) = games(path)
    assert len(game.hands) == 1  # the trailing start_kyoku header is dropped
    twin, index = TWINS[path.name]
    (other,) = games(LOGS / twin)
    assert view(game)[0] == view(other)[index]


@needs_logs
def test_honba_and_sticks_come_out_of_the_points() -> None:
    # hora_points 4200 = 3900 + 300 honba; the delta 5200 adds the riichi stick
    (game,) = games(LOGS / "riichienv-mjai-excerpts" / "tenhou_4p_honba_kyotaku_excerpt.jsonl")
    (win,) = game.hands[0].results
    assert isinstance(win, TenhouAgari)
    assert (win.points, win.fu, win.limit, win.ba) == (3900, 30, 0, (1, 1))
    assert win.deltas == (52, 0, 0, -42)


@needs_logs
@pytest.mark.parametrize("path", EXCERPTS, ids=log_id)
def test_write_then_read_is_the_same_game(path: Path) -> None:
    (game,) = games(path)
    (again,) = parse_mjai("\n".join(write_mjai(game)), name=game.name)
    assert again == game


def test_tiles_round_trip() -> None:
    for kind in range(34):
        for red in (False, True):
            if red and kind not in {4, 13, 22}:
                continue
            assert pai_spec(spec_pai((kind, red))) == (kind, red)


@pytest.mark.parametrize("pai", ["?", "0m", "10m", "5zr", "1z", "6mr", "", 5, None])
def test_not_tiles(pai: object) -> None:
    assert pai_spec(pai) is None


# ------------------------------------------------------------------- errors

_START = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
          "oya": 0, "dora_marker": "9m", "scores": [25000] * 4, "tehais": [
              ["1m", "5m", "3p", "3p", "7p", "9p", "7s", "9s", "W", "N", "P", "F", "C"],
              ["2m", "2m", "5m", "5mr", "9m", "9m", "4p", "4p", "5p", "6p", "6s", "9s", "9s"],
              ["1m", "1m", "4m", "7m", "4p", "8s", "8s", "8s", "2s", "7s", "E", "N", "C"],
              ["2m", "3m", "7p", "8p", "9p", "1s", "1s", "3s", "4s", "E", "S", "W", "F"]]}


def _log(*events: dict[str, Any], start: dict[str, Any] | None = None) -> str:
    lines: list[dict[str, Any]] = [{"type": "start_game", "names": ["a", "b", "c", "d"]},
                                   start or _START, *events]
    return "\n".join(json.dumps(e) for e in lines)


_DRAW = {"type": "tsumo", "actor": 0, "pai": "E"}
_END = ({"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"})

BROKEN = {
    "empty": "",
    "not json": "{",
    "not an event": "[1, 2]",
    "no result": _log(_DRAW, {"type": "end_kyoku"}),
    "event outside a hand": _log({"type": "end_kyoku"}, _DRAW),
    "unknown event": _log({"type": "fly", "actor": 0}),
    "bad actor": _log({"type": "tsumo", "actor": 4, "pai": "E"}),
    "bad tile": _log({"type": "tsumo", "actor": 0, "pai": "8z"}),
    "hidden tile": _log({"type": "tsumo", "actor": 0, "pai": "?"}),
    "discard not held": _log(_DRAW, {"type": "dahai", "actor": 0, "pai": "1s",
                                     "tsumogiri": False}),
    "false tsumogiri": _log(_DRAW, {"type": "dahai", "actor": 0, "pai": "1m",
                                    "tsumogiri": True}),
    "pon on nothing": _log({"type": "pon", "actor": 1, "target": 0, "pai": "9m",
                            "consumed": ["9m", "9m"]}),
    "a fifth copy": _log({"type": "tsumo", "actor": 0, "pai": "8s"}, _DRAW),
    "accept without reach": _log(_DRAW, {"type": "reach_accepted", "actor": 0}),
    "bad deltas": _log(_DRAW, {"type": "ryukyoku", "deltas": [0, 0]}),
    "unknown yaku": _log(_DRAW, {"type": "hora", "actor": 0, "target": 0,
                                 "deltas": [3000, -1000, -1000, -1000],
                                 "yakus": [["謎", 1]]}),
    "twelve tiles": _log(start={**_START, "tehais": [["1m"] * 12] * 4}),
    "bad wind": _log(start={**_START, "bakaze": "X"}),
    "wrong dealer": _log(start={**_START, "oya": 2}),
    "event after result": _log(_DRAW, _END[0], _DRAW),
    "no complete hand": '{"type":"start_game","names":["a","b","c","d"]}',
}


@pytest.mark.parametrize("text", list(BROKEN.values()), ids=list(BROKEN))
def test_broken_logs_raise_bad_log(text: str) -> None:
    with pytest.raises(LogFormatError) as exc:
        parse_mjai(text, name="broken.jsonl")
    assert exc.value.reason is Reason.BAD_LOG
    assert exc.value.name == "broken.jsonl"


def test_error_names_hand_and_line() -> None:
    with pytest.raises(LogFormatError) as exc:
        parse_mjai(BROKEN["bad tile"], name="x")
    assert (exc.value.hand, exc.value.element) == (0, "line 3")


def test_minimal_log_and_abortive_draw() -> None:
    (game,) = parse_mjai(_log(_DRAW, *_END, {"type": "end_game"}), name="ok")
    (draw,) = game.hands[0].results
    assert isinstance(draw, TenhouRyuukyoku)
    assert draw.type == "yao9"  # the dealer drew and the hand ended: kyuushu kyuuhai
    assert draw.hai[0] is not None
    assert game.rules.red_fives


def test_several_games_in_one_log() -> None:
    one = _log(_DRAW, *_END, {"type": "end_game"})
    assert len(parse_mjai(one + "\n" + one, name="two")) == 2


_SAMPLES = EXCERPTS


@needs_logs
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_real_logs_raise_only_bad_log(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(_SAMPLES))
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = data.draw(st.integers(0, len(lines)))
    at = data.draw(st.integers(0, max(0, cut - 1)))
    junk = data.draw(st.sampled_from(['{"type":"tsumo","actor":0,"pai":"1m"}', "", "{",
                                      '{"type":"dahai"}', '{"type":"end_kyoku"}']))
    mutated = [*lines[:at], junk, *lines[at + 1 : cut]]
    try:
        parse_mjai("\n".join(mutated), name="mutated")
    except LogFormatError as exc:
        assert exc.reason is Reason.BAD_LOG  # noqa: PT017 - hypothesis, not pytest.raises
