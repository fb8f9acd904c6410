"""``simulate --logs``: every self-played game as a log that the replayer reads back with
no mismatch (riichi and sanma, mjai and tenhou.net/6, calls, kans and kita included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mahjong_rules as mr
from mahjong_rules.bots import self_play_game
from mahjong_rules.cli import main
from mahjong_rules.game_log import MjaiRecorder, self_play_log
from mahjong_rules.notation.logs import parse_log
from mahjong_rules.replay import replay_paths
from mahjong_rules.runs import simulate_run

LINEUP = ["balanced", "random", "defensive"]
CASES = [("riichi", "mjai", "balanced"), ("riichi", "tenhou6", "random"),
         ("sanma", "mjai", "random"), ("sanma", "tenhou6", "balanced")]


@pytest.mark.parametrize(("variant", "fmt", "bot"), CASES,
                         ids=[f"{v}-{f}-{b}" for v, f, b in CASES])
def test_simulated_logs_replay_with_no_mismatch(tmp_path: Path, variant: str, fmt: str,
                                                bot: str) -> None:
    rules = mr.make(variant, "tenhou")
    specs = [bot] * rules.num_seats
    with_logs = simulate_run(rules, specs, games=4, seed=11, workers=2, chunk_size=1,
                             logs=tmp_path, log_format=fmt)
    without = simulate_run(rules, specs, games=4, seed=11)
    assert with_logs["digest"] == without["digest"]  # the logs are not in the records
    files = sorted(tmp_path.iterdir())
    suffix = ".jsonl" if fmt == "mjai" else ".json"
    assert [f.name for f in files] == [f"game-{g:06d}{suffix}" for g in range(4)]
    report = replay_paths([tmp_path])
    assert report.hands == with_logs["hands"]
    assert report.count("matched") == report.hands
    assert report.ok


def test_the_logs_hold_calls_kans_riichi_and_kita() -> None:
    rules = mr.make("sanma", "tenhou")
    kinds: set[str] = set()
    for game in range(6):
        recorder = MjaiRecorder(rules, LINEUP)
        self_play_game(rules, LINEUP, seed=3, game=game,
                               on_step=recorder.step)
        kinds |= {event["type"] for event in recorder.events}
        recorder.game()  # the mjai reader accepts every event
    assert {"pon", "nukidora", "reach", "reach_accepted", "hora", "ryukyoku",
            "dora"} <= kinds


def test_a_log_game_has_the_records_hands_and_scores() -> None:
    rules = mr.make("riichi", "tenhou")
    record, text = self_play_log(rules, ["efficiency"] * 4, seed=2, game=1, to="tenhou6")
    [game] = parse_log(text).games
    assert len(game.hands) == record["hands"]
    last = game.hands[-1].results[-1]
    final = [a + d for a, d in zip(last.sc[0::2], last.sc[1::2], strict=True)]
    assert [100 * p for p in final] == [seat["points"] for seat in record["seats"]]
    assert json.loads(text)["log"]


def test_taiwanese_logs_are_a_usage_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--variant", "taiwanese", "--games", "1", "--logs",
                 str(tmp_path / "logs")])
    assert code == 2
    assert "taiwanese games have no log format" in capsys.readouterr().err
