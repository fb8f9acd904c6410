"""``python -m mahjong_rules score`` with ``--variant taiwanese`` and ``--jsonl`` requests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules.cli import main
from mahjong_rules.scoring.request import score_request

REQUESTS: list[dict[str, Any]] = [
    # Ex 3: the 10-tai all runs, tsumo
    {"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s", "tsumo": True,
     "seat_wind": "W"},
    # Ex 23: the ready-hand declaration, 1 flower, 10 discards
    {"variant": "taiwanese", "hand": "123p456p789s345m567m8s", "win": "8s", "tsumo": True,
     "seat_wind": "N", "round_wind": "W", "declared_ready": True, "discards_before_win": 10,
     "flowers": "3f"},
    # Ex 17: an added kong, with melds
    {"variant": "taiwanese", "hand": "23m666m666z11s", "win": "4m", "tsumo": True,
     "melds": ["kakan 5555p", "chi 789s"]},
    # Ex 28: robbing a kong, paid by the kong's declarer
    {"variant": "taiwanese", "hand": "45p789m234m555s44z", "win": "6p",
     "melds": ["chi 123s"], "chankan": True, "seat_wind": "S", "discarder_wind": "W"},
    # Ex 32: seven flowers robbing the eighth
    {"variant": "taiwanese", "hand": "", "win": "3f", "flowers": "1245678f",
     "seat_wind": "W", "discarder_wind": "N"},
    # Ex 26: heavenly hand
    {"variant": "taiwanese", "hand": "111m234m567p111z34s99s", "win": "5s", "tsumo": True,
     "tenhou": True, "flowers": "1f", "discards_before_win": 0},
    # Ex 30: last discard
    {"variant": "taiwanese", "hand": "234p456p678s345s1s", "win": "1s", "melds": ["pon 888m"],
     "houtei": True},
    # Ex 24 with an early win and the haitei/chiihou keys present but false
    {"variant": "taiwanese", "hand": "123m456p789p35s567s11m", "win": "4s",
     "discards_before_win": 4, "haitei": False, "chiihou": False},
]
EXPECTED = [
    (15, {"each_other": 15}, 45),
    (26, {"each_other": 26}, 78),
    (8, {"each_other": 8}, 24),
    (4, {"discarder": 4}, 4),
    (20, {"flower_holder": 20}, 20),
    (49, {"each_other": 49}, 147),
    (7, {"discarder": 7}, 7),
    (24, {"discarder": 24}, 24),
]


@pytest.mark.parametrize(("request_", "expected"), list(zip(REQUESTS, EXPECTED, strict=True)),
                         ids=["ex03", "ex23", "ex17", "ex28", "ex32", "ex26", "ex30", "ex24"])
def test_request(request_: dict[str, Any], expected: tuple[int, dict[str, int], int]) -> None:
    result = score_request(request_)
    assert result["ok"] is True
    assert (result["tai"], result["payments"], result["total"]) == expected
    assert sum(tai for _, tai in result["items"]) == result["tai"]


BAD = {
    "riichi_key": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s",
                    "riichi": True}, "bad_input"),
    "dora_key": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s",
                  "dora_indicators": "1m"}, "bad_input"),
    "discards_not_int": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s",
                          "win": "4s", "discards_before_win": "4"}, "bad_input"),
    "flag_not_bool": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s",
                       "win": "4s", "declared_ready": 1}, "bad_input"),
    "flowers_not_string": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s",
                            "win": "4s", "flowers": 2}, "bad_input"),
    "bad_wind": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s",
                  "discarder_wind": "X"}, "bad_input"),
    "bad_option": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s",
                    "options": {"kuitan": True}}, "bad_option"),
    "unknown_preset": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s",
                        "win": "4s", "preset": "tenhou"}, "bad_option"),
    "bad_hand": ({"variant": "taiwanese", "hand": "234m567m345p678p88s", "win": "4s"},
                 "bad_hand"),
    "not_winning": ({"variant": "taiwanese", "hand": "234m567m345p678p88s59s", "win": "4s"},
                    "not_a_winning_hand"),
    "conflict": ({"variant": "taiwanese", "hand": "234m567m345p678p88s56s", "win": "4s",
                  "haitei": True}, "conflicting_context"),
    "notation": ({"variant": "taiwanese", "hand": "234x", "win": "4s"}, "unknown_character"),
    "unknown_variant": ({"variant": "mahjong", "hand": "", "win": "4s"}, "bad_input"),
}


@pytest.mark.parametrize(("request_", "reason"), BAD.values(), ids=BAD.keys())
def test_bad_request(request_: dict[str, Any], reason: str) -> None:
    result = score_request(request_)
    assert (result["ok"], result["reason"]) == (False, reason)


def test_preset_and_options_reach_the_scorer() -> None:
    base = {"variant": "taiwanese", "hand": "123m1m567s234p345p", "win": "1m",
            "melds": ["chi 789m"]}
    assert score_request(base)["tai"] == 13
    assert score_request({**base, "options": {"wait_rule": "only_tile"}})["tai"] == 12
    assert score_request({**base, "preset": "san_diego"})["tai"] == 10 + 2


def test_jsonl_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "requests.jsonl"
    lines = [json.dumps(r) for r in REQUESTS] + ["", "{not json",
                                                  json.dumps(BAD["riichi_key"][0]),
                                                  json.dumps({"hand": "234m567p789s22s45p",
                                                              "win": "3p", "seat_wind": "S"})]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["score", "--jsonl", str(path)])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [r["ok"] for r in out] == [True] * len(REQUESTS) + [False, False, True]
    assert [(r["tai"], r["payments"], r["total"]) for r in out[:len(REQUESTS)]] == EXPECTED
    assert [r["reason"] for r in out[len(REQUESTS):-1]] == ["bad_json", "bad_input"]
    assert out[-1]["yaku"] == [["pinfu", 1]]


def test_single_hand_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "123p456p789s345m567m8s", "--win", "8s", "--variant", "taiwanese",
                 "--tsumo", "--seat", "N", "--round", "W", "--declared-ready",
                 "--discards", "10", "--flowers", "3f", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0
    assert (result["tai"], result["total"], result["deltas"]) == (26, 78, [-26, -26, -26, 78])


def test_single_hand_command_text_and_discarder(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "345s678s567p9m", "--win", "9m", "--variant", "taiwanese",
                 "--meld", "chi 234m", "--meld", "pon 777p", "--seat", "S",
                 "--discarder", "W", "--houtei"])
    text = capsys.readouterr().out
    assert code == 0
    assert text.splitlines()[0].startswith("7 tai: winning 2")


def test_single_hand_command_refuses_riichi_arguments(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    code = main(["score", "234m567m345p678p88s56s", "--win", "4s", "--variant", "taiwanese",
                 "--dora", "1m", "--json"])
    assert code == 1
    assert json.loads(capsys.readouterr().out)["reason"] == "bad_input"
