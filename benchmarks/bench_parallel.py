"""Spreading runs over cores (and Ray): hands per second of 1 worker against 2, same digest.

Run from the repository root::

    python benchmarks/bench_parallel.py            # 60 tonpuu games, every shared log
    python benchmarks/bench_parallel.py --quick    # 16 games, the mjx-tests logs (< 1 min)
    python benchmarks/bench_parallel.py --ray      # and the Ray backend (a local cluster)

What is measured, in wall time (``time.perf_counter``: spreading is about wall time):

* ``simulate``: :func:`mahjong_rules.runs.simulate_run` of the same games (riichi
  tonpuu, ``efficiency`` in every seat) with ``--workers`` 1 and 2; hands per second of
  each, their ratio, and whether the digests are equal (they must be).
* ``replay``: :func:`mahjong_rules.runs.replay_run` of the shared logs with 1 and 2
  workers; hands per second, the ratio, the hand counts and the digests.
* ``ray`` (with ``--ray``, when Ray is installed): the seconds to start a local cluster,
  the same self-play games on it (digest, hands per second), and the overhead per chunk:
  the mean wall time of a chunk of one trivial item (:class:`mahjong_rules.parallel.Squares`).

The ratio of 2 workers over 1 is bounded by the cores the machine gives the run: the
load average before and after is printed beside it (on a shared machine other jobs take
cores too). The last line is one JSON object with every number.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any

# _common sets the thread-pool variables at import: it must come before numpy.
import _common

import mahjong_rules as mr
from mahjong_rules.parallel import Squares, run_indexed
from mahjong_rules.runs import replay_run, simulate_run

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"


def load() -> float:
    """The one-minute load average (0 where the platform has none)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0


def bench_simulate(games: int, seed: int) -> dict[str, Any]:
    rules = mr.make("riichi", {"length": "tonpuu"})
    out: dict[str, Any] = {"games": games, "load_before": load()}
    for workers in (1, 2):
        start = time.perf_counter()
        summary = simulate_run(rules, ["efficiency"] * 4, games=games, seed=seed,
                               workers=workers)
        seconds = time.perf_counter() - start
        out[f"w{workers}"] = {"hands": summary["hands"], "seconds": round(seconds, 2),
                              "hands_per_second": round(summary["hands"] / seconds, 1),
                              "digest": summary["digest"]}
    out["load_after"] = load()
    out["ratio"] = round(out["w2"]["hands_per_second"] / out["w1"]["hands_per_second"], 2)
    out["same_digest"] = out["w1"]["digest"] == out["w2"]["digest"]
    return out


def bench_replay(folder: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"folder": str(folder), "load_before": load()}
    for workers in (1, 2):
        start = time.perf_counter()
        report, facts = replay_run([folder], workers=workers, chunk_size=2)
        seconds = time.perf_counter() - start
        out[f"w{workers}"] = {"hands": report.hands, "matched": report.count("matched"),
                              "files": facts["files"], "seconds": round(seconds, 2),
                              "hands_per_second": round(report.hands / seconds, 1),
                              "digest": facts["digest"]}
    out["load_after"] = load()
    out["ratio"] = round(out["w2"]["hands_per_second"] / out["w1"]["hands_per_second"], 2)
    out["same_digest"] = out["w1"]["digest"] == out["w2"]["digest"]
    return out


def bench_ray(games: int, seed: int, chunks: int) -> dict[str, Any]:
    try:
        import ray
    except ImportError:
        return {"skipped": 'Ray is not installed (pip install -e ".[ray]")'}
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    startup = time.perf_counter() - start
    try:
        rules = mr.make("riichi", {"length": "tonpuu"})
        start = time.perf_counter()
        summary = simulate_run(rules, ["efficiency"] * 4, games=games, seed=seed, workers=2,
                               backend="ray")
        seconds = time.perf_counter() - start
        list(run_indexed(Squares(), 4, chunk_size=1, backend="ray", workers=2))  # warm
        start = time.perf_counter()
        list(run_indexed(Squares(), chunks, chunk_size=1, backend="ray", workers=2))
        per_chunk = (time.perf_counter() - start) / chunks
    finally:
        ray.shutdown()
    return {"startup_seconds": round(startup, 2), "hands": summary["hands"],
            "seconds": round(seconds, 2),
            "hands_per_second": round(summary["hands"] / seconds, 1),
            "digest": summary["digest"], "chunk_overhead_ms": round(1000 * per_chunk, 2),
            "trivial_chunks": chunks}


def main() -> int:
    parser = _common.make_parser(__doc__, quick_help="16 games and the mjx-tests logs",
                                 seed_help="the master seed of the games",
                                 repeats_default=None, repeats_help="unused")
    parser.add_argument("--ray", action="store_true", help="also the Ray backend")
    args = parser.parse_args()
    began = time.perf_counter()
    games = 16 if args.quick else 60
    print(f"mahjong_rules {_common.version('mahjong_rules')}, {os.cpu_count()} cores, "
          f"load {load():.2f}")
    summary: dict[str, Any] = {"simulate": bench_simulate(games, args.seed)}
    sim = summary["simulate"]
    print(f"simulate {games} tonpuu games: 1 worker {sim['w1']['hands_per_second']} hands/s, "
          f"2 workers {sim['w2']['hands_per_second']} hands/s, ratio {sim['ratio']}, "
          f"same digest {sim['same_digest']} (load {sim['load_before']:.2f} -> "
          f"{sim['load_after']:.2f})")
    if LOGS.is_dir():
        folder = LOGS / "mjx-tests" if args.quick else LOGS
        summary["replay"] = rep = bench_replay(folder)
        print(f"replay {rep['w1']['files']} files, {rep['w1']['hands']} hands "
              f"({rep['w1']['matched']} matched; 2 workers {rep['w2']['hands']}, "
              f"{rep['w2']['matched']}): 1 worker {rep['w1']['hands_per_second']} hands/s, "
              f"2 workers {rep['w2']['hands_per_second']} hands/s, ratio {rep['ratio']}, "
              f"same digest {rep['same_digest']}")
    if args.ray:
        summary["ray"] = bench_ray(games, args.seed, 20 if args.quick else 100)
        ray_run = summary["ray"]
        if "skipped" in ray_run:
            print(f"ray: skipped: {ray_run['skipped']}")
        else:
            print(f"ray: local cluster up in {ray_run['startup_seconds']} s; "
                  f"{ray_run['hands_per_second']} hands/s, digest equal to the local run "
                  f"{ray_run['digest'] == sim['w1']['digest']}; "
                  f"{ray_run['chunk_overhead_ms']} ms per chunk")
            ray_run["same_digest"] = ray_run["digest"] == sim["w1"]["digest"]
    return _common.finish(summary, began)


if __name__ == "__main__":
    raise SystemExit(main())
