"""The executor: results in index order for any worker count and chunk size, the digest,
the JSONL file, a failing item, the progress line."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from helpers.parallel_jobs import Cubes, FailsAt

from mahjong_rules.cli._parallel import Progress
from mahjong_rules.parallel import (
    Digest,
    JsonlWriter,
    WorkerError,
    chunk_ranges,
    ordered_map,
    run_indexed,
    worker_count,
)


@pytest.mark.parametrize(("workers", "chunk_size"), [(1, None), (1, 7), (2, 1), (2, 7),
                                                     (2, None)],
                         ids=["w1-auto", "w1-c7", "w2-c1", "w2-c7", "w2-auto"])
def test_results_come_in_index_order(workers: int, chunk_size: int | None) -> None:
    results = list(run_indexed(Cubes(), 23, workers=workers, chunk_size=chunk_size))
    assert results == [(i, i**3) for i in range(23)]


def test_forkserver_gives_the_same_results() -> None:
    results = list(run_indexed(Cubes(), 9, workers=2, chunk_size=2, start_method="forkserver"))
    assert results == [(i, i**3) for i in range(9)]


@pytest.mark.parametrize(("workers", "chunk_size"), [(1, 1), (1, 4), (2, 1), (2, 3)],
                         ids=["w1-c1", "w1-c4", "w2-c1", "w2-c3"])
def test_a_failing_item_stops_the_run_and_keeps_what_finished(
        tmp_path: Path, workers: int, chunk_size: int) -> None:
    out = tmp_path / "records.jsonl"
    seen: list[int] = []

    def consume() -> None:
        with JsonlWriter(out) as writer:
            for index, record in run_indexed(FailsAt(bad=5), 40, workers=workers,
                                             chunk_size=chunk_size):
                seen.append(index)
                writer.write(record)

    with pytest.raises(WorkerError) as caught:
        consume()
    error = caught.value
    assert error.index == 5
    assert str(error) == "game 5 (seed 700005) failed: ValueError: no item 5 today"
    assert "ValueError" in error.details
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["index"] for line in lines] == seen
    assert set(range(5)) <= set(seen)  # everything before the failure
    assert 5 not in seen
    assert seen == sorted(seen)
    assert len(seen) < 40  # no new chunk started after the failure


def test_the_digest_is_the_sha256_of_the_jsonl_file(tmp_path: Path) -> None:
    records = [{"game": i, "points": [250 * i, -i], "name": "東"} for i in range(5)]
    digest = Digest()
    out = tmp_path / "x.jsonl"
    with JsonlWriter(out) as writer:
        for record in records:
            digest.add(record)
            writer.write(record)
    assert digest.hexdigest() == hashlib.sha256(out.read_bytes()).hexdigest()
    assert digest.records == 5
    shuffled = Digest()
    for record in reversed(records):
        shuffled.add(record)
    assert shuffled.hexdigest() != digest.hexdigest()  # the order is part of the digest


def test_ordered_map_keeps_the_item_order() -> None:
    assert list(ordered_map(divmod, 100, [7, 3, 9, 1], workers=2)) == [
        (14, 2), (33, 1), (11, 1), (100, 0)]


@pytest.mark.parametrize(("count", "size", "expected"), [
    (0, 3, []), (1, 3, [(0, 1)]), (6, 3, [(0, 3), (3, 6)]), (7, 7, [(0, 7)])],
    ids=["empty", "short", "even", "one"])
def test_chunk_ranges(count: int, size: int, expected: list[tuple[int, int]]) -> None:
    assert chunk_ranges(count, size) == expected


@pytest.mark.parametrize("call", [
    lambda: chunk_ranges(3, 0), lambda: worker_count(-1),
    lambda: list(run_indexed(Cubes(), 3, backend="dask")),
    lambda: list(run_indexed(Cubes(), 3, workers=2, start_method="fork"))],
    ids=["chunk-0", "workers--1", "backend", "fork"])
def test_bad_options_are_value_errors(call: object) -> None:
    with pytest.raises(ValueError, match=r"chunk size|workers|backend|start method"):
        call()  # type: ignore[operator]


def test_the_plain_progress_line_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util  # noqa: PLC0415 - patched here

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "tqdm" else real(name, *a))
    stream = io.StringIO()
    with Progress(10, "games", enabled=True, stream=stream) as progress:
        progress.update(4)
        progress.update(6)
    text = stream.getvalue()
    assert "\r4/10 games, " in text
    assert "\r10/10 games, " in text
    assert text.endswith("\n")


def test_the_tqdm_bar_and_no_bar_when_disabled() -> None:
    pytest.importorskip("tqdm", reason="the progress extra (tqdm) is not installed")
    stream = io.StringIO()
    with Progress(10, "files", enabled=True, stream=stream) as progress:
        progress.update(10)
    drawn = stream.getvalue()
    assert "0/10 [" in drawn  # tqdm's bar: done/total [elapsed<left, rate]
    assert "files/s" in drawn
    quiet = io.StringIO()
    with Progress(10, "files", enabled=False, stream=quiet) as progress:
        progress.update(10)
    assert quiet.getvalue() == ""
