"""Bot self-play throughput: hands per second of every bot level, per ruleset, on one core.

Run from the repository root::

    python benchmarks/bench_bots.py            # full run (several minutes)
    python benchmarks/bench_bots.py --quick    # fewer games (under a minute)

What is measured: ``mahjong_rules.bots.play_games(rules, games=N, seed=S, bot=LEVEL)``,
the self-play loop of ``simulate --bot LEVEL`` (one bot of the level per seat, an
``Observation`` per decision, ``Ready`` applied by the loop), for ``riichi`` and ``sanma``
(whole hanchan, default options) and ``taiwanese`` (whole East-round games: the full game
is four times as long). The levels are ``random``, ``efficiency``, ``defensive`` and
``balanced`` (``tsumogiri`` and ``random`` never win in Taiwanese, whose deal then never
passes: they are left out there). The rate is finished hands per second of the process's CPU
time (``time.process_time``: on a shared machine other jobs do not count; the wall-time
rate is printed beside it); then the mean CPU cost of one decision (a bot call) in
microseconds, the reducer's share included.

Ratios are quoted against ``random`` self-play on the same games' seeds in the same run
(how much a level's decisions cost over the cheapest player).

Each contender plays one untimed game first (warm-up); the contenders of a ruleset are
then timed in turn, one run each per round, for ``--repeats`` rounds, each keeping its
best rate. Runs are timed with ``time.process_time`` and ``time.perf_counter``, the
garbage collector off; before
each run the library's bounded memos are emptied (as in ``bench_sim.py``).

One core: the thread-pool variables default to 1 and the process is pinned to one CPU
(``--no-pin`` skips that). The output is human-readable lines, then, as the last line,
one JSON object with every rate and ratio.
"""

from __future__ import annotations

import functools
import gc
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# _common sets the thread-pool variables at import: it must come before numpy.
import _common

import mahjong_rules as mr
from mahjong_rules.bots import make_bot, play_game

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from mahjong_rules.engine import Ruleset


@dataclass(frozen=True)
class Sizes:
    """Games per timed run, per ruleset."""

    riichi: int
    sanma: int
    taiwanese: int


FULL = Sizes(riichi=8, sanma=8, taiwanese=4)
QUICK = Sizes(riichi=2, sanma=2, taiwanese=1)
LEVELS = ("random", "efficiency", "defensive", "balanced")
RULESETS: tuple[tuple[str, dict[str, str]], ...] = (
    ("riichi", {}), ("sanma", {}), ("taiwanese", {"length": "east"}))


@dataclass
class Run:
    """What one timed run played."""

    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Hands per second of CPU time (the process's own: other jobs do not count)."""
        return self.hands / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def wall_rate(self) -> float:
        """Hands per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


class Counting:
    """A bot wrapper counting its decisions (the count is read after the run)."""

    calls = 0

    def __init__(self, inner: Any) -> None:  # noqa: ANN401 - any bot
        self.inner = inner

    def act(self, observation: Any) -> Any:  # noqa: ANN401 - the bot protocol
        Counting.calls += 1
        return self.inner.act(observation)


def self_play(rules: Ruleset, level: str, games: int, seed: int) -> Run:
    """``games`` self-play games of ``level`` with the seeds of ``play_games``."""
    run = Run()
    Counting.calls = 0
    for game in range(games):
        bots = [Counting(make_bot(level, seed=seed * 1000 + game * 10 + s))
                for s in range(rules.num_seats)]
        record = play_game(rules, bots, seed=seed * 100_000 + game)
        if record["unfinished"]:
            raise RuntimeError(f"{rules.name} {level}: game {game} did not end")
        run.hands += record["hands"]
    run.decisions = Counting.calls
    return run


def timed(play: Callable[[], Run]) -> Run:
    """One run, bounded memos emptied and the garbage collector off."""
    _common.clear_memos()
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        start, cpu = time.perf_counter(), time.process_time()
        run = play()
        run.seconds = time.perf_counter() - start
        run.cpu_seconds = time.process_time() - cpu
    finally:
        if enabled:
            gc.enable()
    return run


def bench_ruleset(name: str, options: dict[str, str], games: int, seed: int,
                  repeats: int) -> dict[str, Any]:
    """Every level of one ruleset; prints lines, returns the JSON section."""
    rules = mr.make(name, options or None)
    levels = [lv for lv in LEVELS if not (name == "taiwanese" and lv == "random")]
    print(f"\n== {name}{' ' + str(options) if options else ''}: {games} games per run ==")
    for level in levels:  # warm-up
        self_play(rules, level, 1, seed + 1)
    best: dict[str, Run] = {}
    for _ in range(repeats):
        for level in levels:
            run = timed(functools.partial(self_play, rules, level, games, seed))
            if level not in best or run.rate > best[level].rate:
                best[level] = run
    base = best["random"].rate if "random" in best else None
    section: dict[str, Any] = {"games": games, "options": options}
    for level in levels:
        run = best[level]
        cost = 1e6 * run.cpu_seconds / run.decisions if run.decisions else None
        versus = _common.ratio(run.rate, base)
        print(f"{level:>11}: {run.rate:8.1f} hands/s of CPU time ({run.wall_rate:.1f} of wall "
              f"time; {run.hands} hands, {cost:6.1f} us a decision)"
              + (f", {versus:.3f}x random" if versus is not None and level != "random" else ""))
        section[level] = {"hands_per_second": round(run.rate, 2),
                          "wall_hands_per_second": round(run.wall_rate, 2), "hands": run.hands,
                          "decisions": run.decisions, "us_per_decision": round(cost or 0, 1),
                          "ratio_vs_random": None if versus is None else round(versus, 4)}
    return section


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(__doc__, quick_help="fewer games, under a minute",
                                 seed_help="base seed of the games", repeats_default=None,
                                 repeats_help="timed runs; the best counts (default 1 quick, "
                                              "2 full)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    sizes = QUICK if args.quick else FULL
    repeats = args.repeats or (1 if args.quick else 2)
    cpu = _common.pin_to_one_cpu(not args.no_pin)
    threads = _common.thread_env()
    _common.print_machine({"mahjong_rules": mr.__version__}, cpu, threads)
    summary: dict[str, Any] = {"benchmark": "bots", "quick": args.quick, "seed": args.seed,
                               "repeats": repeats, "cpu": cpu, "threads": threads}
    for name, options in RULESETS:
        summary[name] = bench_ruleset(name, options, getattr(sizes, name), args.seed, repeats)
    return _common.finish(summary, start)


if __name__ == "__main__":
    raise SystemExit(main())
