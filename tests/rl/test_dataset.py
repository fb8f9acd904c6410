"""Training data from logs: every decision, exact masks, resumable, any worker count."""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from mahjong_rules.cli import main
from mahjong_rules.replay import log_steps
from mahjong_rules.rl import ActionCodec
from mahjong_rules.rl.dataset import FileResult, build, file_job, iter_shards, load_shard

LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"
pytestmark = pytest.mark.skipif(not (LOGS / "mjai-reviewer").is_dir(),
                                reason=f"the shared real logs are not at {LOGS}")
FOLDERS = [LOGS / "mjai-reviewer", LOGS / "mjai-reviewer3p"]


def all_arrays(out: Path, variant: str) -> dict[str, np.ndarray]:
    batches = list(iter_shards(out, variant=variant))
    return {field: np.concatenate([getattr(b, field) for b in batches])
            for field in ("planes", "scalars", "mask", "action", "seat", "rank", "points",
                          "hand_delta", "game", "hand", "step")}


def test_every_decision_with_its_mask_and_outcome(tmp_path: Path) -> None:
    summary = build(FOLDERS, tmp_path, shard_size=500)
    assert (summary["logs"], summary["not_logs"], summary["errors"]) == (24, 0, [])
    variants = [b.variant for b in iter_shards(tmp_path)]
    assert set(variants) == {"riichi", "sanma"}
    # an independent count: every step but Ready, less the single-choice ones
    expected = forced = steps = 0
    for folder in FOLDERS:
        for path in sorted(folder.iterdir()):
            for step in log_steps(path, errors="skip"):
                steps += 1
                if step.action.type == "ready":
                    continue
                codec = ActionCodec(step.rules)
                seat = step.action.seat
                claim = step.before.claim
                ids = codec.legal_ids(step.rules.legal_actions(step.before, seat,
                                                               preferences=False),
                                      step.before.seats[seat].drawn,
                                      None if claim is None else claim.tile)
                if len(ids) > 1:
                    expected += 1
                else:
                    forced += 1
    assert (summary["decisions"], summary["forced"], summary["steps"]) == (expected, forced,
                                                                           steps)
    total = 0
    for batch in iter_shards(tmp_path):
        n = len(batch.action)
        total += n
        assert (batch.planes.shape, batch.scalars.shape) == ((n, 121, 34), (n, 116))
        assert batch.mask[np.arange(n), batch.action].all()  # the action taken was legal
        assert (batch.mask.sum(axis=1) >= 2).all()  # a decision: two choices at least
        assert set(np.unique(batch.planes).tolist()) <= {0, 1}
        seats = 3 if batch.variant == "sanma" else 4
        assert set(batch.rank.tolist()) <= set(range(1, seats + 1))
    assert total == summary["decisions"]
    assert summary["bytes_per_decision"] == pytest.approx(summary["bytes"] / total, abs=0.1)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert (manifest["obs_version"], len(manifest["planes"])) == (1, 121)


def test_ranks_points_and_hand_deltas_follow_the_log() -> None:
    path = LOGS / "mjai-reviewer" / "double_ron.json"
    result = file_job({}, str(path))
    arrays = result.arrays["riichi"]
    steps = list(log_steps(path, errors="skip"))
    last = steps[-1].after
    deltas = {step.hand: step.after.history[-1].deltas for step in steps
              if len(step.after.history) > len(step.before.history)}
    points = [p.points for p in last.seats]
    order = sorted(range(4), key=lambda s: (-points[s], s))
    for row in range(len(arrays["action"])):
        seat = int(arrays["seat"][row])
        assert arrays["points"][row] == points[seat]
        assert arrays["rank"][row] == order.index(seat) + 1
        assert arrays["hand_delta"][row] == deltas[int(arrays["hand"][row])][seat]
    passes = [r for r in range(len(arrays["action"]))
              if arrays["action"][r] == 122]  # pass: several seats decide in one window
    assert passes


def test_resuming_gives_what_one_run_gives(tmp_path: Path) -> None:
    once = tmp_path / "once"
    build(FOLDERS, once, shard_size=300)
    broken = tmp_path / "broken"

    class StopError(Exception):
        pass

    seen: list[FileResult] = []

    def stop_after_ten(result: FileResult) -> None:
        seen.append(result)
        if len(seen) == 10:
            raise StopError

    with pytest.raises(StopError):
        build(FOLDERS, broken, shard_size=300, progress=stop_after_ten)
    resumed = build(FOLDERS, broken, shard_size=300)
    assert resumed["skipped_done"] > 0

    def rows(arrays: dict[str, np.ndarray]) -> list[bytes]:
        return sorted(b"".join(np.ascontiguousarray(arrays[k][i]).tobytes() for k in arrays)
                      for i in range(len(arrays["action"])))

    for variant in ("riichi", "sanma"):  # the same decisions, perhaps in other shards
        assert rows(all_arrays(once, variant)) == rows(all_arrays(broken, variant))
    again = build(FOLDERS, broken, shard_size=300)
    assert (again["new_decisions"], again["decisions"]) == (0, resumed["decisions"])


def test_workers_give_the_same_shards(tmp_path: Path) -> None:
    build([FOLDERS[0]], tmp_path / "one", workers=1, shard_size=400)
    build([FOLDERS[0]], tmp_path / "two", workers=2, shard_size=400)
    names = sorted(p.name for p in (tmp_path / "one").glob("*.npz"))
    assert names == sorted(p.name for p in (tmp_path / "two").glob("*.npz"))
    for name in names:
        left, right = load_shard(tmp_path / "one" / name), load_shard(tmp_path / "two" / name)
        for field in left._fields:
            assert np.array_equal(getattr(left, field), getattr(right, field)), field


def test_other_files_and_versions(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(LOGS / "mjai-reviewer" / "ryukyoku.json", logs / "a.json")
    (logs / "notes.txt").write_text("not a log")
    summary = build([logs], tmp_path / "out")
    assert (summary["logs"], summary["not_logs"]) == (1, 1)
    manifest = tmp_path / "out" / "manifest.jsonl"
    header, *rest = manifest.read_text().splitlines()
    manifest.write_text("\n".join([header.replace('"obs_version": 1', '"obs_version": 99'),
                                   *rest]) + "\n")
    with pytest.raises(ValueError, match="another encoder"):
        build([logs], tmp_path / "out")
    with pytest.raises(ValueError, match="shard_size"):
        build([logs], tmp_path / "x", shard_size=0)


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["dataset", str(FOLDERS[1]), "--out", str(tmp_path), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["decisions"] > 0
    assert summary["shards"] == ["sanma-000000.npz"]
    code = main(["dataset", str(FOLDERS[1]), "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "this run: 0 decisions" in out
    assert "4 logs already done" in out


def test_decisions_per_seat_in_claim_windows() -> None:
    # in one window every seat that may answer decides: their passes are rows of their own
    result = file_job({}, str(LOGS / "mjai-reviewer" / "double_ron.json"))
    arrays = result.arrays["riichi"]
    by_step: dict[int, set[int]] = defaultdict(set)
    for step, seat in zip(arrays["step"].tolist(), arrays["seat"].tolist(), strict=True):
        by_step[step].add(seat)
    assert all(len(seats) == 1 for seats in by_step.values())  # one row per step
    assert len(set(arrays["seat"].tolist())) == 4
