"""Setup, timing and reporting shared by the benchmark scripts of this folder.

The scripts are run as ``python benchmarks/bench_x.py``, so this folder is on ``sys.path``
and they import this module as ``_common``. It must be imported before numpy (and before
``mahjong_rules``, which imports numpy): importing it sets the thread-pool variables.

One core: ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` default to
1 (an explicit setting in the environment is kept), and :func:`pin_to_one_cpu` pins the
process to one CPU on Linux (the scripts' ``--no-pin`` skips that).
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import os
import platform
import sys
import time
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The environment variables that size numpy's BLAS/OpenMP thread pools."""

# One core: keep numpy's BLAS/OpenMP pools at one thread. Must precede importing numpy,
# which is why this runs at import and the scripts import this module first (nothing
# above imports numpy).
for _var in THREAD_VARS:
    os.environ.setdefault(_var, "1")

T = TypeVar("T")


# --------------------------------------------------------------------------- setup


def version(distribution: str) -> str:
    """The installed version of ``distribution``, or ``"unknown"``."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def error_text(exc: BaseException) -> str:
    """An exception as reported in the output: ``"TypeName: message"``."""
    return f"{type(exc).__name__}: {exc}"


def try_load(loader: Callable[[], T]) -> tuple[T | None, str | None]:
    """``loader()`` and ``None``, or ``None`` and why it failed (a missing peer is no error)."""
    try:
        return loader(), None
    except Exception as exc:
        return None, error_text(exc)


def load_peers(loaders: Sequence[tuple[str, Callable[[], T]]]) -> tuple[list[T], dict[str, str]]:
    """Import every peer that is installed; the others are returned with the reason."""
    peers: list[T] = []
    missing: dict[str, str] = {}
    for name, loader in loaders:
        try:
            peers.append(loader())
        except Exception as exc:
            missing[name] = error_text(exc)
    return peers, missing


def pin_to_one_cpu(pin: bool) -> int | None:
    """Pin the process to its lowest allowed CPU (Linux); the CPU, or None if not pinned."""
    if not pin or not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def thread_env() -> dict[str, str]:
    """The thread-pool variables as set now (``""`` when unset), for the report."""
    return {var: os.environ.get(var, "") for var in THREAD_VARS}


def make_parser(doc: str | None, *, quick_help: str, seed_help: str,
                repeats_default: int | None = 3,
                repeats_help: str = "timed runs; the best counts") -> argparse.ArgumentParser:
    """The options every script takes: ``--quick``, ``--seed``, ``--repeats``, ``--no-pin``.

    Args:
        doc: the script's ``__doc__``; its first line describes the script.
        quick_help: what ``--quick`` does.
        seed_help: what ``--seed`` seeds.
        repeats_default: the default of ``--repeats`` (``None``: the script picks one).
        repeats_help: the help of ``--repeats``.
    """
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--seed", type=int, default=20240601, help=seed_help)
    parser.add_argument("--repeats", type=int, default=repeats_default, help=repeats_help)
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one CPU")
    return parser


# --------------------------------------------------------------------------- timing


def memo_caches() -> list[Any]:
    """Our bounded memos: the ``functools.lru_cache`` functions with a ``maxsize``.

    Today: the riichi reducer's cache of waits by hand and the kernel's memoized joins of
    quad hands. One-time loaders (an unbounded ``functools.cache``, such as the kernel
    tables) are left alone.
    """
    found: list[Any] = []
    for name, module in list(sys.modules.items()):
        if name != "mahjong_rules" and not name.startswith("mahjong_rules."):
            continue
        for value in list(vars(module).values()):
            parameters = getattr(value, "cache_parameters", None)
            if (callable(parameters) and parameters().get("maxsize") is not None
                    and all(value is not other for other in found)):
                found.append(value)
    return found


def clear_memos() -> None:
    """Empty our bounded memos, so that no run replays hands an earlier run cached."""
    for cache in memo_caches():
        cache.cache_clear()


def best_time(run: Callable[[], object], repeats: int, *,
              before_each: Callable[[], object] | None = None, collect: bool = False) -> float:
    """Best wall time of ``repeats`` runs, garbage collector off (as ``timeit`` does).

    Args:
        run: what is timed.
        repeats: how many runs.
        before_each: called before each run, untimed.
        collect: run the garbage collector once before the runs.
    """
    best = float("inf")
    enabled = gc.isenabled()
    if collect:
        gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            if before_each is not None:
                before_each()
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best


# --------------------------------------------------------------------------- report


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    """``numerator / denominator``, or ``None`` when either is missing or the divisor <= 0."""
    if numerator is None or denominator is None or denominator <= 0:
        return None
    return numerator / denominator


def fmt_rate(rate: float | None, width: int) -> str:
    """A rate in hands per second, right-aligned in ``width`` characters; ``n/a`` if None."""
    return "n/a" if rate is None else f"{rate:>{width},.0f} hands/s"


def print_machine(versions: Mapping[str, str | None], cpu: int | None,
                  threads: Mapping[str, str]) -> None:
    """The header lines: versions (``None`` left out) and machine, pinning, thread pools."""
    print(", ".join(f"{k} {v}" for k, v in versions.items() if v is not None)
          + f", {platform.machine()}")
    print(f"one core: pinned to CPU {cpu}" if cpu is not None else "one core: not pinned")
    print("thread pools: " + ", ".join(f"{k}={v}" for k, v in threads.items()))


def finish(summary: dict[str, Any], start: float) -> int:
    """Add ``elapsed_s`` (since ``start``), print the total and, last, the JSON summary."""
    summary["elapsed_s"] = round(time.perf_counter() - start, 1)
    print(f"\ntotal {summary['elapsed_s']} s")
    print(json.dumps(summary))
    return 0
