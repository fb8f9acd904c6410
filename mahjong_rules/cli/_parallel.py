"""What the spread commands share: ``--workers``, ``--backend``, ``--out``, the progress bar.

``simulate``, ``arena`` and ``replay`` take ``--workers N`` (``0``: every core),
``--chunk-size N``, ``--backend local|ray`` with ``--address ADDR``, ``--out FILE.jsonl``
and ``--quiet``. The progress bar (games or files done, rate, time left) draws on
standard error with `tqdm <https://tqdm.github.io>`_ (the ``progress`` extra) when
standard error is a terminal and neither ``--quiet`` nor ``--json`` is given; without
tqdm one plain line is rewritten in place instead (``12/40 games, 3.1/s, 9 s left``).

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self, TextIO, TypeVar

from mahjong_rules.bots.base import BotError
from mahjong_rules.cli._arguments import bounded_int
from mahjong_rules.parallel import BACKENDS, WorkerError

T = TypeVar("T")


def add_parallel_arguments(parser: argparse.ArgumentParser, *, unit: str) -> None:
    """``--workers``, ``--chunk-size``, ``--backend``, ``--address``, ``--out``, ``--quiet``."""
    parser.add_argument("--workers", type=bounded_int(0), default=1,
                        help="worker processes (0: every core; with Ray: every CPU of "
                             "the cluster)")
    parser.add_argument("--chunk-size", type=bounded_int(1), default=None,
                        help=f"{unit} per chunk (default: about sixteen chunks per worker, "
                             "at most 32); results do not depend on it")
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the chunks run: local processes, or a Ray cluster "
                             '(pip install "mahjong_rules[ray]")')
    parser.add_argument("--address", default=None,
                        help="with --backend ray: the cluster (default RAY_ADDRESS; none: "
                             "a local cluster for the run)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def parallel_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of the :mod:`mahjong_rules.runs` functions."""
    return {"workers": args.workers, "chunk_size": args.chunk_size, "backend": args.backend,
            "address": args.address, "out": args.out}


def check_backend(args: argparse.Namespace) -> str | None:
    """Why the backend cannot run (Ray missing, an address without Ray), or ``None``."""
    if args.address is not None and args.backend != "ray":
        return "--address needs --backend ray"
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        return 'the ray backend needs Ray: pip install "mahjong_rules[ray]"'
    return None


class Progress:
    """A progress bar for ``total`` items, or nothing when ``enabled`` is false."""

    def __init__(self, total: int, unit: str, *, enabled: bool,
                 stream: TextIO | None = None) -> None:
        """A bar on ``stream`` (standard error)."""
        self.total = total
        self.unit = unit
        self.done = 0
        self._stream = stream if stream is not None else sys.stderr
        self._bar: Any = None
        self._started = time.perf_counter()
        self._enabled = enabled and total > 0
        if self._enabled and importlib.util.find_spec("tqdm") is not None:
            from tqdm import tqdm  # noqa: PLC0415 - the optional extra

            self._bar = tqdm(total=total, unit=f" {unit}", file=self._stream, leave=False,
                             dynamic_ncols=True)

    def update(self, count: int) -> None:
        """``count`` more items are done."""
        self.done += count
        if not self._enabled:
            return
        if self._bar is not None:
            self._bar.update(count)
            return
        self._stream.write(f"\r{self.line()}")
        self._stream.flush()

    def line(self) -> str:
        """The plain line: ``done/total unit, rate/s, seconds left``."""
        seconds = time.perf_counter() - self._started
        rate = self.done / seconds if seconds > 0 else 0.0
        left = f", {round((self.total - self.done) / rate)} s left" if rate else ""
        return f"{self.done}/{self.total} {self.unit}, {rate:.1f}/s{left}"

    @property
    def callback(self) -> Callable[[int], None]:
        """:meth:`update`, for the runs' ``progress`` argument."""
        return self.update

    def close(self) -> None:
        """Remove the bar (the line ends)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._enabled and self.done:
            self._stream.write("\n")
            self._stream.flush()
        self._enabled = False

    def __enter__(self) -> Self:
        """The bar."""
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        """Remove the bar."""
        self.close()


def spread(args: argparse.Namespace, total: int, unit: str,
           run: Callable[[Callable[[int], None]], T]) -> tuple[T | None, int]:
    """``run(progress)`` with the command's bar; the result, or ``None`` and the exit code.

    A backend that cannot run, a bad bot or option is a usage error (2); a game or file
    that raised stops the run (1, the error names it and where the records are).
    """
    problem = check_backend(args)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return None, 2
    try:
        with progress_for(args, total, unit) as progress:
            return run(progress.callback), 0
    except BotError as exc:
        print(f"error: {exc} ({exc.reason.value})", file=sys.stderr)
    except WorkerError as exc:
        kept = f"; the records that finished are in {args.out}" if args.out else ""
        print(f"error: {exc}{kept}", file=sys.stderr)
        return None, 1
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
    return None, 2


def run_line(summary: dict[str, Any]) -> str:
    """``digest HEX (workers N, chunk size C, backend B)``."""
    size = summary["chunk_size"] if summary["chunk_size"] is not None else "auto"
    return (f"digest {summary['digest']} (workers {summary['workers']}, chunk size {size}, "
            f"backend {summary['backend']})")


def progress_for(args: argparse.Namespace, total: int, unit: str) -> Progress:
    """The command's bar: on when standard error is a terminal, without ``--quiet``/``--json``."""
    enabled = sys.stderr.isatty() and not args.quiet and not getattr(args, "json", False)
    return Progress(total, unit, enabled=enabled)
