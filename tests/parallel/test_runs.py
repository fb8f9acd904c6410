"""Self-play, the arena and replay spread over workers: the same digest for any worker
count and chunk size, the JSONL records, the commands, a failing game."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.bots import RandomBot, arena, play_games
from mahjong_rules.bots import base as bot_base
from mahjong_rules.bots.base import BOTS, Observation
from mahjong_rules.cli import main
from mahjong_rules.replay import replay_paths
from mahjong_rules.runs import arena_run, replay_run, simulate_run

LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared real logs are not at {LOGS}")

SPREADS = [(1, 7), (2, 1), (2, 7)]
SPREAD_IDS = ["w1-c7", "w2-c1", "w2-c7"]
RULES = mr.make("riichi", {"length": "single_hand"})
SPECS = ["efficiency", "random", "defensive", "efficiency"]


@pytest.fixture(scope="module")
def simulate_one() -> dict[str, Any]:
    return simulate_run(RULES, SPECS, games=9, seed=4)


@pytest.mark.parametrize(("workers", "chunk_size"), SPREADS, ids=SPREAD_IDS)
def test_simulate_digest_is_the_same_for_any_spread(
        simulate_one: dict[str, Any], workers: int, chunk_size: int | None,
        tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    summary = simulate_run(RULES, SPECS, games=9, seed=4, workers=workers,
                           chunk_size=chunk_size, out=out)
    assert summary["digest"] == simulate_one["digest"]
    assert summary["digest"] == hashlib.sha256(out.read_bytes()).hexdigest()
    skip = ("seconds", "hands_per_second", "workers", "chunk_size")
    assert {k: v for k, v in summary.items() if k not in skip} == {
        k: v for k, v in simulate_one.items() if k not in skip}
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["game"] for r in records] == list(range(9))
    assert [r["seed"] for r in records] == [400_000 + g for g in range(9)]
    assert all(sorted(s["rank"] for s in r["seats"]) == [1, 2, 3, 4] for r in records)
    assert {"points", "wins", "deal_ins", "riichi", "calls"} <= set(records[0]["seats"][0])


def test_simulate_summary_is_the_one_of_play_games(simulate_one: dict[str, Any]) -> None:
    serial = play_games(RULES, games=9, seed=4, bots=SPECS)
    skip = ("seconds", "hands_per_second")
    assert {k: v for k, v in serial.items() if k not in skip} == {
        k: v for k, v in simulate_one.items()
        if k not in (*skip, "digest", "seed", "workers", "chunk_size", "backend")}


def test_another_seed_gives_another_digest(simulate_one: dict[str, Any]) -> None:
    assert simulate_run(RULES, SPECS, games=9, seed=5)["digest"] != simulate_one["digest"]


@pytest.mark.parametrize(("workers", "chunk_size"), SPREADS, ids=SPREAD_IDS)
def test_arena_digest_is_the_same_for_any_spread(workers: int, chunk_size: int | None) -> None:
    rules = mr.make("sanma", {"length": "single_hand"})
    lineup = ["defensive", "efficiency", "efficiency"]
    base = arena(rules, "defensive", "efficiency", games=6, seed=2)
    result = arena_run(rules, lineup, games=6, seed=2, workers=workers, chunk_size=chunk_size)
    assert result["digest"] == arena_run(rules, lineup, games=6, seed=2)["digest"]
    assert result["challenger"] == base["challenger"]
    assert result["opponents"] == base["opponents"]


def _log_subset(tmp_path: Path) -> Path:
    """A folder of a dozen shared logs, half of them gzip-compressed, and a non-log."""
    folder = tmp_path / "logs"
    folder.mkdir()
    files = sorted(p for p in LOGS.rglob("*") if p.is_file())[::12]
    for number, path in enumerate(files):
        target = folder / f"{number:02d}-{path.name}"
        if number % 2:
            target = target.with_name(target.name + ".gz")
            target.write_bytes(gzip.compress(path.read_bytes()))
        else:
            shutil.copyfile(path, target)
    (folder / "notes.txt").write_text("not a log\n", encoding="utf-8")
    return folder


@needs_logs
@pytest.mark.parametrize(("workers", "chunk_size"), SPREADS, ids=SPREAD_IDS)
def test_replay_digest_and_counts_are_the_same_for_any_spread(
        tmp_path: Path, workers: int, chunk_size: int | None) -> None:
    folder = _log_subset(tmp_path)
    serial = replay_paths([folder])
    report, facts = replay_run([folder], workers=workers, chunk_size=chunk_size,
                               out=tmp_path / "hands.jsonl")
    assert report == serial  # per-file reports, in the same order
    assert serial.hands > 10
    assert any(f.path.endswith(".gz") and f.hands for f in report.files)
    base = replay_run([folder])[1]
    assert facts["digest"] == base["digest"]
    lines = (tmp_path / "hands.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert sum(1 for r in records if r["hand"] is not None) == sum(
        len(f.hands) for f in serial.files)
    assert {r["status"] for r in records} <= {"matched", "skipped", "unreadable",
                                              "mismatched", "error", "inconsistent"}
    assert any(r["status"] == "skipped" and r["file"].endswith("notes.txt") for r in records)


@needs_logs
def test_replay_command_with_workers_reports_per_file(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = _log_subset(tmp_path)
    assert main(["replay", str(folder), "--workers", "2", "--chunk-size", "2"]) == 0
    text = capsys.readouterr().out.splitlines()
    files = sorted(p for p in folder.iterdir())
    assert [line.split(": ")[0] for line in text[:len(files)]] == [str(p) for p in files]
    assert text[-1].startswith("replayed ")
    assert "digest " in text[-2]
    assert "workers 2, chunk size 2, backend local" in text[-2]


def test_simulate_command_json_and_out(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.jsonl"
    args = ["simulate", "--length", "single_hand", "--games", "5", "--seed", "3", "--json",
            "--bots", "random,efficiency,random,efficiency"]
    assert main([*args, "--workers", "2", "--chunk-size", "2", "--out", str(out)]) == 0
    two = json.loads(capsys.readouterr().out)
    assert main([*args, "--quiet"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert two["digest"] == one["digest"] == hashlib.sha256(out.read_bytes()).hexdigest()
    assert (two["workers"], two["chunk_size"], one["workers"]) == (2, 2, 1)


def test_arena_command_text_has_the_digest(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--challenger", "defensive", "--opponents", "random", "--length",
            "single_hand", "--games", "4"]
    assert main([*args, "--workers", "2"]) == 0
    two = capsys.readouterr().out.splitlines()[-1]
    assert main(args) == 0
    one = capsys.readouterr().out.splitlines()[-1]
    assert two.split()[1] == one.split()[1]
    assert two.startswith("digest ")


class _Explodes(RandomBot):
    """A random bot that raises in game 3 (its seed is seed * 1000 + game * 10 + seat)."""

    def act(self, observation: Observation) -> Action:
        if self.seed // 10 % 100 == 3:
            raise RuntimeError("the bot fell over")
        return super().act(observation)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed


def test_a_failing_game_stops_simulate_with_its_index_and_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # registered for this test only (other tests list the registry)
    monkeypatch.setitem(bot_base._REGISTRY, "explodes",  # noqa: SLF001
                        lambda seed, _arg: _Explodes(seed))
    assert "explodes" in BOTS
    out = tmp_path / "g.jsonl"
    code = main(["simulate", "--length", "single_hand", "--games", "8", "--seed", "2",
                 "--bots", "explodes,random,random,random", "--chunk-size", "2",
                 "--out", str(out)])
    assert code == 1
    error = capsys.readouterr().err
    assert "game 3 (seed 200003, master seed 2) failed: RuntimeError: the bot fell over" in error
    assert str(out) in error
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["game"] for r in records] == [0, 1, 2]


@pytest.mark.parametrize("args", [
    ["simulate", "--address", "auto"], ["replay", ".", "--address", "x:1"]],
    ids=["simulate", "replay"])
def test_an_address_needs_the_ray_backend(args: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert "--address needs --backend ray" in capsys.readouterr().err
