"""Where the per-file jobs run: in this process, or in a pool of worker processes.

A seam: :func:`ordered_map` takes a plain picklable function ``job(config, item)`` and
yields its results in the order of the items, whatever the number of workers, with at
most a few jobs in flight per worker (bounded memory). The local pool uses the ``spawn``
start method on every platform. The project's general executor (local pool and Ray) can
replace this module without changing its callers.

Examples:
    >>> list(ordered_map(divmod, 7, [1, 2, 3], workers=1))
    [(7, 0), (3, 1), (2, 1)]

.. versionadded:: 0.3
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

__all__ = ["ordered_map", "worker_count"]

C = TypeVar("C")
T = TypeVar("T")
R = TypeVar("R")

_AHEAD = 2
"""Jobs submitted ahead per worker."""


def worker_count(workers: int) -> int:
    """``workers``, with ``0`` meaning every core this process may use.

    Raises:
        ValueError: a negative count.
    """
    if workers < 0:
        raise ValueError(f"workers must be 0 (every core) or more, not {workers}")
    if workers == 0:
        affinity = getattr(os, "sched_getaffinity", None)
        return len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return workers


def ordered_map(job: Callable[[C, T], R], config: C, items: Iterable[T], *,
                workers: int = 1) -> Iterator[R]:
    """``job(config, item)`` for every item, results in item order.

    With one worker the jobs run here, one after the other. With more, a
    ``ProcessPoolExecutor`` (spawn) runs them; ``job`` and ``config`` must be picklable
    (a module-level function and plain data). A job that raises stops the map: the
    exception propagates from the iterator and the pool is shut down.

    Raises:
        ValueError: a negative worker count.
    """
    count = worker_count(workers)
    if count == 1:
        for item in items:
            yield job(config, item)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
        pending: deque[Future[R]] = deque()
        try:
            for item in items:
                pending.append(pool.submit(job, config, item))
                if len(pending) >= _AHEAD * count:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
