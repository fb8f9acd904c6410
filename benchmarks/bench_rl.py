"""Observation encoding and environment steps of ``mahjong_rules.rl`` against ``riichienv``.

Run from the repository root::

    python benchmarks/bench_rl.py            # full run (a few minutes)
    python benchmarks/bench_rl.py --quick    # fewer observations and steps (under a minute)

What is measured (four-player riichi for the comparison; sanma and Taiwanese for ours):

* ours, the encoder: the views of every decision of seeded one-hand games played by a
  random masked agent (``mahjong_rules.rl.table.Table``) are collected first, then timed
  with ``Encoder.encode(view)`` one at a time (single), with ``Encoder.encode_batch`` in
  batches of 256 (batched), and as ``rules.view(state, seat)`` followed by ``encode``
  (view + encode: what an environment pays per observation);
* riichienv, the encoder: the ``Observation`` objects of its random games
  (``RiichiEnv(seed=...)``, one hand per ``reset()``, every player picking
  ``random.choice(obs.legal_actions())``) are collected, then ``obs.encode()`` is timed
  on each (its ``(74, 34)`` float32 features);
* ours, the environment: ``aec_env(variant, length="single_hand")`` (Taiwanese
  ``"single"``), ``reset(seed=...)`` per hand and the AEC loop (``last()``, a random id of
  the mask, ``step``), counting the agents' steps and the hands played; forced moves and
  ``Ready`` are played by the environment and are not steps;
* riichienv, the environment: ``reset()`` per hand, then ``step({player: action})`` with
  a random legal action for every player in the observation dict, counting each
  player's action as a step.

Observations per second, steps per second and hands per second are the best of
``--repeats`` runs (timed with ``time.perf_counter``, garbage collector off). One core:
the thread-pool variables default to 1 and the process is pinned to one CPU on Linux
(``--no-pin`` skips that). A peer that is not installed, or fails, is reported as ``null``.
The last printed line is one JSON object with every rate and the ratios ours / riichienv.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Sequence
from typing import Any

# _common sets the thread-pool variables at import: it must come before numpy.
import _common
import numpy as np

import mahjong_rules as mr
from mahjong_rules.rl import Encoder
from mahjong_rules.rl.table import Table
from mahjong_rules.state import State

BATCH = 256
SINGLE = {"riichi": "single_hand", "sanma": "single_hand", "taiwanese": "single"}


def collect_views(variant: str, count: int, seed: int) -> tuple[
        mr.Ruleset, list[tuple[State, int]], list[dict[str, Any]]]:
    """``count`` decisions of random masked play: their (state, seat) and views."""
    rules = mr.make(variant, {"length": SINGLE[variant]})
    table = Table(rules)
    rng = random.Random(seed)
    points: list[tuple[State, int]] = []
    game = 0
    while len(points) < count:
        table.reset(seed * 1000 + game)
        game += 1
        while not table.over and len(points) < count:
            seat = table.decider
            assert seat is not None
            points.append((table.state, seat))
            table.step(seat, rng.choice(sorted(table.legal(seat))))
    views = [rules.view(state, seat) for state, seat in points]
    return rules, points, views


def encoder_rates(variant: str, count: int, seed: int, repeats: int) -> dict[str, float]:
    rules, points, views = collect_views(variant, count, seed)
    encoder = Encoder(rules)
    encoder.encode_batch(views[:BATCH])  # warm-up

    def single() -> None:
        for view in views:
            encoder.encode(view)

    def batched() -> None:
        for start in range(0, len(views), BATCH):
            encoder.encode_batch(views[start:start + BATCH])

    def view_and_encode() -> None:
        for state, seat in points:
            encoder.encode(rules.view(state, seat))

    return {name: len(views) / _common.best_time(run, repeats, collect=True)
            for name, run in (("single", single), ("batched", batched),
                              ("view_and_encode", view_and_encode))}


def env_rates(variant: str, hands: int, seed: int, repeats: int) -> dict[str, float]:
    from mahjong_rules.rl import aec_env

    env = aec_env(variant, length=SINGLE[variant])
    counted = {"steps": 0}

    def run() -> None:
        rng = np.random.default_rng(seed)
        steps = 0
        for hand in range(hands):
            env.reset(seed=seed * 1000 + hand)
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        counted["steps"] = steps

    seconds = _common.best_time(run, repeats, collect=True)
    return {"steps_per_second": counted["steps"] / seconds, "hands_per_second": hands / seconds,
            "steps_per_hand": counted["steps"] / hands}


def riichienv_rates(count: int, hands: int, seed: int, repeats: int) -> dict[str, float]:
    from riichienv import RiichiEnv

    def play(collect: list[Any] | None, games: int) -> int:
        steps = 0
        for game in range(games):
            rng = random.Random(seed * 1000 + game)
            env = RiichiEnv(seed=seed * 1000 + game)
            obs = env.reset()
            while not env.done():
                actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()
                           if o.legal_actions()}
                if collect is not None:
                    collect.extend(obs[pid] for pid in actions)
                steps += len(actions)
                obs = env.step(actions)
        return steps

    observations: list[Any] = []
    game = 0
    while len(observations) < count:
        play(observations, 1)
        game += 1
    observations = observations[:count]
    observations[0].encode()

    def encode() -> None:
        for obs in observations:
            obs.encode()

    encode_rate = len(observations) / _common.best_time(encode, repeats, collect=True)
    counted = {"steps": 0}

    def run() -> None:
        counted["steps"] = play(None, hands)

    seconds = _common.best_time(run, repeats, collect=True)
    return {"encode": encode_rate, "steps_per_second": counted["steps"] / seconds,
            "hands_per_second": hands / seconds, "steps_per_hand": counted["steps"] / hands}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(__doc__, quick_help="fewer observations and steps",
                                 seed_help="base seed of the games")
    args = parser.parse_args(argv)
    count, hands = (400, 4) if args.quick else (3000, 30)
    repeats = args.repeats
    cpu = _common.pin_to_one_cpu(not args.no_pin)
    threads = _common.thread_env()
    versions = {"python": platform.python_version(), "numpy": _common.version("numpy"),
                "mahjong_rules": _common.version("mahjong_rules"),
                "riichienv": _common.version("riichienv"),
                "pettingzoo": _common.version("pettingzoo")}
    _common.print_machine(versions, cpu, threads)
    print(f"{count} observations and {hands} one-hand games per side (seed {args.seed}); "
          f"best of {repeats} runs")
    start = time.perf_counter()
    summary: dict[str, Any] = {"quick": bool(args.quick), "observations": count,
                               "hands": hands, "seed": args.seed, "repeats": repeats}
    for variant in ("riichi", "sanma", "taiwanese"):
        rates = encoder_rates(variant, count, args.seed, repeats)
        rates.update(env_rates(variant, hands, args.seed, repeats))
        summary[f"ours_{variant}"] = {k: round(v, 1) for k, v in rates.items()}
        print(f"ours {variant:9}: encode {rates['single']:8,.0f} obs/s single, "
              f"{rates['batched']:8,.0f} batched, {rates['view_and_encode']:7,.0f} with the "
              f"view; env {rates['steps_per_second']:6,.0f} steps/s, "
              f"{rates['hands_per_second']:5.1f} hands/s")
    peer, missing = _common.try_load(lambda: riichienv_rates(count, hands, args.seed, repeats))
    summary["riichienv"] = None if peer is None else {k: round(v, 1) for k, v in peer.items()}
    summary["riichienv_missing"] = missing
    if peer is not None:
        print(f"riichienv     : encode {peer['encode']:8,.0f} obs/s; env "
              f"{peer['steps_per_second']:6,.0f} steps/s, {peer['hands_per_second']:5.1f} "
              "hands/s")
        ours = summary["ours_riichi"]
        summary["ratios_vs_riichienv"] = {
            "encode_single": _round(_common.ratio(ours["single"], peer["encode"])),
            "encode_batched": _round(_common.ratio(ours["batched"], peer["encode"])),
            "view_and_encode": _round(_common.ratio(ours["view_and_encode"], peer["encode"])),
            "env_steps": _round(_common.ratio(ours["steps_per_second"],
                                              peer["steps_per_second"])),
            "env_hands": _round(_common.ratio(ours["hands_per_second"],
                                              peer["hands_per_second"])),
        }
        print("ours / riichienv: " + ", ".join(
            f"{k} {v}" for k, v in summary["ratios_vs_riichienv"].items()))
    else:
        print(f"peer riichienv: not available ({missing})")
    summary.update({"pinned_cpu": cpu, "thread_env": threads, "versions": versions})
    return _common.finish(summary, start)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


if __name__ == "__main__":
    raise SystemExit(main())
