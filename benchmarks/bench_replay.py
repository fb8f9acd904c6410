"""Log replay throughput: real game logs through the reducer, hands per second.

Run from the repository root::

    python benchmarks/bench_replay.py            # every log of ../shared/data/logs
    python benchmarks/bench_replay.py --quick    # the mjx-tests folder only

What is measured:

* ours, replay: ``mahjong_rules.replay.replay_game`` on every game of the logs, read
  beforehand (untimed) with ``read_log``. Each game: the rules from the log, every
  hand's wall, ``setup``, every log action through ``validate`` and ``apply``, the
  comparison with the log at each hand end. The rate is replayed hands per second; every
  hand must match (the script fails otherwise);
* ours, read and replay: the same with ``read_log`` inside the timed run (the parsers
  of the three formats are part of it);
* the peer: riichienv's ``MjaiReplay`` reads mjai JSONL and steps through each hand
  (``from_jsonl``, then for every kyoku its ``steps()`` and
  ``take_win_result_contexts()``). The only mjai logs here are the three
  ``riichienv-mjai-excerpts`` files (3 hands), so both sides are timed on those (ours
  with ``read_log`` + ``replay_game``), each file set run many times to last long
  enough. riichienv reads no mjlog or tenhou.net/6 JSON, so it has no number on the
  whole set.

Timing: one untimed warm-up run; the best of ``--repeats`` runs with the garbage
collector off, by wall time and by CPU time (the CPU time, reported with the load
average, is for a machine that other work shares), and one more run by CPU time with the
collector on (the logs read beforehand frozen out of its way with ``gc.freeze``); the
reducer's bounded memo (``kernel.single.kinds_waits``) emptied before each run, so
each run starts cold. The goal (issue 16's 500 hands/s) is judged on read and replay,
by wall time. One core: the process is pinned to one CPU
(``--no-pin`` skips that). The last line printed is the JSON summary.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _common

from mahjong_rules.errors import NotALogError
from mahjong_rules.kernel.single import kinds_waits
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouGame
from mahjong_rules.replay import FileReport, replay_game

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
PEER_FILES = ("tenhou_4p_dealer_tsumo_excerpt.jsonl", "tenhou_4p_honba_kyotaku_excerpt.jsonl",
              "tenhou_4p_ranked_excerpt.jsonl")
PEER_LOOPS = 200
GOAL_HANDS_PER_SECOND = 500
"""Issue 16's goal: every shared log read and replayed at 500 hands/s or more (a user
replays log files, so the reading counts)."""


def _games(paths: list[Path]) -> list[tuple[str, TenhouGame]]:
    games: list[tuple[str, TenhouGame]] = []
    for path in log_paths(paths):
        try:
            log = read_log(path)
        except NotALogError:  # a README: not part of the run
            continue
        games.extend((str(path), game) for game in log.games)
    return games


def _replay_all(games: list[tuple[str, TenhouGame]]) -> list[FileReport]:
    return [replay_game(game, name=name, format="") for name, game in games]


def _best_wall_and_cpu(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """The best wall time and the best CPU time of ``repeats`` runs (collector off).

    Each run starts cold (the waits memo emptied); the CPU time leaves out what other
    work on the machine takes, the wall time does not.
    """
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    wall = cpu = float("inf")
    try:
        for _ in range(repeats):
            kinds_waits.cache_clear()
            start, cpu_start = time.perf_counter(), time.process_time()
            run()
            wall = min(wall, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - cpu_start)
    finally:
        if enabled:
            gc.enable()
    return wall, cpu


def _cpu_with_collector(run: Callable[[], object]) -> float:
    """The CPU time of one cold run with the collector on, as in use.

    The logs read beforehand are frozen out of the collector's way (``gc.freeze``): the
    replay command reads one file at a time and holds no such heap of read logs.
    """
    kinds_waits.cache_clear()
    gc.collect()
    gc.freeze()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.unfreeze()


def _read_and_replay(paths: list[Path]) -> int:
    hands = 0
    for name, game in _games(paths):
        hands += len(replay_game(game, name=name).hands)
    return hands


def _peer(files: list[Path]) -> tuple[Any, str | None]:
    try:
        import riichienv
    except ImportError as exc:
        return None, f"riichienv not installed ({exc})"

    def run() -> int:
        hands = 0
        for path in files:
            replay = riichienv.MjaiReplay.from_jsonl(str(path))
            for kyoku in replay.take_kyokus():
                for _step in kyoku.steps():
                    pass
                for _ctx in kyoku.take_win_result_contexts():
                    pass
                hands += 1
        return hands

    return run, None


def main() -> int:
    parser = _common.make_parser(__doc__, quick_help="the mjx-tests folder only",
                                 seed_help="unused (the logs fix every game)")
    parser.add_argument("--logs", type=Path, default=LOGS, help="folder of logs to replay")
    args = parser.parse_args()
    start = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    if not args.logs.is_dir():
        print(f"no logs at {args.logs}", file=sys.stderr)
        return 1
    cpu = _common.pin_to_one_cpu(not args.no_pin)
    _common.print_machine({"mahjong_rules": _common.version("mahjong_rules"),
                           "riichienv": _common.version("riichienv")}, cpu,
                          _common.thread_env())
    paths = [args.logs / "mjx-tests"] if args.quick else [args.logs]
    games = _games(paths)
    hands = sum(len(game.hands) for _, game in games)
    sanma = sum(len(game.hands) for _, game in games if game.sanma)
    reports = _replay_all(games)  # warm-up, and the check that every hand matched
    problems = [(r.path, h.index, h.status) for r in reports for h in r.hands
                if h.status in ("mismatched", "error")]
    if problems or any(r.error for r in reports):
        print(f"not every hand matched: {problems[:5]}", file=sys.stderr)
        return 1
    repeats = args.repeats or 3
    replay_s, replay_cpu_s = _best_wall_and_cpu(lambda: _replay_all(games), repeats)
    read_s = _common.best_time(lambda: _read_and_replay(paths), repeats,
                               before_each=kinds_waits.cache_clear, collect=True)
    replay_gc_s = _cpu_with_collector(lambda: _replay_all(games))
    rate = hands / replay_s
    print(f"\n{len(games)} games, {hands} hands ({sanma} sanma)")
    read_rate = hands / read_s
    print(f"ours, replay alone (logs read beforehand): {_common.fmt_rate(rate, 8)}  "
          f"({replay_s:.2f} s)")
    verdict = "met" if read_rate >= GOAL_HANDS_PER_SECOND else "not met"
    print(f"ours, read and replay:  {_common.fmt_rate(read_rate, 8)}  ({read_s:.2f} s; "
          f"goal {GOAL_HANDS_PER_SECOND}: {verdict})")
    print(f"ours, replay, by CPU time: {_common.fmt_rate(hands / replay_cpu_s, 8)}  "
          f"(load average {load:.1f} when the run began)")
    print(f"ours, replay, by CPU time, collector on, one run: "
          f"{_common.fmt_rate(hands / replay_gc_s, 8)}")

    peer_files = [args.logs / "riichienv-mjai-excerpts" / name for name in PEER_FILES]
    peer_run, peer_missing = _peer(peer_files)
    peer: dict[str, Any] = {"name": "riichienv", "available": peer_run is not None}
    if peer_missing is not None:
        peer["why_not"] = peer_missing
    if peer_run is not None and all(p.is_file() for p in peer_files):
        ours_hands = _read_and_replay(peer_files)
        peer_run()  # warm-up; its kyoku count includes trailing hand headers: ours counts
        peer_hands = ours_hands
        peer_s = _common.best_time(lambda: [peer_run() for _ in range(PEER_LOOPS)], repeats)
        ours_s = _common.best_time(
            lambda: [_read_and_replay(peer_files) for _ in range(PEER_LOOPS)], repeats,
            before_each=kinds_waits.cache_clear)
        peer_rate = PEER_LOOPS * peer_hands / peer_s
        ours_rate = PEER_LOOPS * ours_hands / ours_s
        peer.update({
            "files": [p.name for p in peer_files], "hands": peer_hands,
            "peer_hands_per_second": round(peer_rate, 1),
            "ours_hands_per_second": round(ours_rate, 1),
            "ratio_ours_to_peer": round(ours_rate / peer_rate, 3),
            "what": "mjai excerpts only: riichienv MjaiReplay (read, step, win contexts; "
                    "no rules check) vs ours read_log + replay_game (reducer + comparison)",
        })
        print(f"on the 3 mjai excerpts: ours {_common.fmt_rate(ours_rate, 8)}, riichienv "
              f"{_common.fmt_rate(peer_rate, 8)} (ratio {ours_rate / peer_rate:.3f})")
    else:
        peer["note"] = "no comparable peer run (riichienv replays only mjai logs)"
    summary: dict[str, Any] = {
        "benchmark": "replay", "quick": args.quick, "games": len(games), "hands": hands,
        "sanma_hands": sanma,
        "matched": sum(r.count("matched") for r in reports),
        "not_counted": sum(r.count("inconsistent") for r in reports),
        "replay_seconds": round(replay_s, 3), "hands_per_second": round(rate, 1),
        "hands_per_cpu_second": round(hands / replay_cpu_s, 1),
        "hands_per_cpu_second_gc_on": round(hands / replay_gc_s, 1),
        "load_average_at_start": round(load, 2),
        "replay_alone_hands_per_second": round(rate, 1),
        "read_and_replay_hands_per_second": round(read_rate, 1),
        "goal_hands_per_second": GOAL_HANDS_PER_SECOND,
        "goal_judged_on": "read_and_replay_hands_per_second",
        "meets_goal": read_rate >= GOAL_HANDS_PER_SECOND,
        "peer": peer, "repeats": repeats, "cpu": cpu,
        "whole_set_peer": "none: riichienv reads mjai only; no peer replays mjlog or "
                          "tenhou.net/6 JSON through its rules",
    }
    return _common.finish(summary, start)


if __name__ == "__main__":
    sys.exit(main())
