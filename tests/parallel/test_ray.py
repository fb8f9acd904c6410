"""The Ray backend on a local 2-CPU cluster: the same digests as the local pool.

One cluster for the module (started by the fixture, shut down after it); the runs find
Ray initialised, use it and leave it running. Usage statistics are off. Skipped with a
message without Ray (CI installs the ``ray`` extra).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray", reason='the ray extra is not installed (pip install -e ".[ray]")')

import mahjong_rules as mr  # noqa: E402 - after the skip
from mahjong_rules.parallel import Squares, run_indexed  # noqa: E402 - after the skip
from mahjong_rules.runs import replay_run, simulate_run  # noqa: E402 - after the skip

pytestmark = pytest.mark.xdist_group("ray")  # one cluster, on one test worker

LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_simulate_on_ray_gives_the_local_digest(cluster: Any) -> None:
    rules = mr.make("riichi", {"length": "single_hand"})
    specs = ["efficiency", "random", "efficiency", "defensive"]
    local = simulate_run(rules, specs, games=6, seed=3, workers=2, chunk_size=2)
    remote = simulate_run(rules, specs, games=6, seed=3, workers=2, chunk_size=2,
                          backend="ray")
    assert remote["digest"] == local["digest"]
    assert remote["backend"] == "ray"
    assert remote["hands"] == local["hands"]
    assert cluster.is_initialized()  # the run left the cluster it did not start


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared real logs are not at {LOGS}")
def test_replay_on_ray_gives_the_local_digest(cluster: Any) -> None:
    del cluster  # the fixture's cluster runs the tasks
    folder = LOGS / "mjx-tests"
    local_report, local = replay_run([folder], workers=2)
    report, remote = replay_run([folder], workers=0, chunk_size=3, backend="ray")
    assert remote["digest"] == local["digest"]
    assert report == local_report
    assert report.hands > 0


def test_results_in_index_order_from_ray(cluster: Any) -> None:
    del cluster
    assert list(run_indexed(Squares(), 11, chunk_size=2, backend="ray")) == [
        (i, i * i) for i in range(11)]
