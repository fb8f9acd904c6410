r"""Spreading indexed work over cores or a Ray cluster, with results in index order.

The one way the library spreads work (self-play, the arena, replay, the dataset
command): a :class:`Job` is a picklable object whose ``run(index)`` computes item
``index`` from the job's own inputs alone; :func:`run_indexed` cuts ``range(count)`` into
chunks, runs each chunk as one plain call ``run_chunk(job, start, stop)`` on an executor,
and yields ``(index, result)`` in index order while the chunks finish in any order. The
executors:

``local`` with one worker
    in this process, chunk after chunk (no pool, no pickling);
``local`` with ``workers`` > 1 (``0``: every core this process may use)
    a :class:`~concurrent.futures.ProcessPoolExecutor` whose start method is explicit
    (``spawn`` by default, ``forkserver`` on request: the same on every platform);
``ray``
    tasks on a Ray cluster (:mod:`mahjong_rules._ray_backend`; the ``ray`` extra,
    imported only there).

At most a few chunks per worker are in flight, so memory stays bounded however many
items there are. A job that raises stops the run: no new chunk starts, the chunks
already running finish, every result that finished is still yielded (in index order,
past the gap), and then :class:`WorkerError` names the failing index.

:class:`Digest` hashes records in index order (SHA-256 over their canonical JSON lines,
:func:`canonical_json`), so a run's digest is the same for any worker count, chunk
size and backend, and equals the SHA-256 of the JSONL file :class:`JsonlWriter`
writes.

Examples:
    >>> job = Squares()
    >>> list(run_indexed(job, 5, chunk_size=2))
    [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16)]
    >>> digest = Digest()
    >>> digest.add({"game": 0, "points": [250, 250]})
    >>> import hashlib
    >>> digest.hexdigest() == hashlib.sha256(b'{"game":0,"points":[250,250]}\n').hexdigest()
    True
    >>> list(ordered_map(divmod, 7, [1, 2, 3], workers=1))
    [(7, 0), (3, 1), (2, 1)]

.. versionadded:: 0.3
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Generic, Literal, Protocol, Self, TypeVar

import attrs

__all__ = [
    "BACKENDS",
    "START_METHODS",
    "ChunkOutcome",
    "Digest",
    "Job",
    "JsonlWriter",
    "Squares",
    "WorkerError",
    "canonical_json",
    "chunk_ranges",
    "default_chunk_size",
    "ordered_map",
    "run_chunk",
    "run_indexed",
    "worker_count",
]

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
C = TypeVar("C")
T = TypeVar("T")

BACKENDS = ("local", "ray")
"""The executors :func:`run_indexed` knows."""

START_METHODS = ("spawn", "forkserver")
"""Start methods of the local pool (``fork`` is left out: it differs by platform and is
unsafe with threads)."""

AHEAD = 2
"""Chunks in flight per worker."""

MAX_CHUNK = 32
"""The largest chunk :func:`default_chunk_size` picks."""


class Job(Protocol[R_co]):
    """Work on items ``0..count-1``.

    A picklable object (plain data in a module-level class) whose results depend on the
    index and its own fields alone.
    """

    def run(self, index: int) -> R_co:
        """The result of item ``index``."""
        ...  # pragma: no cover - a protocol

    def describe(self, index: int) -> str:
        """Item ``index`` for an error message, e.g. ``game 17 (seed 100017)``."""
        ...  # pragma: no cover - a protocol


class WorkerError(RuntimeError):
    """An item of a run raised: the run stopped.

    .. versionadded:: 0.3
    """

    def __init__(self, index: int, item: str, error: str, details: str = "") -> None:
        """The failure of item ``index`` (``item`` describes it)."""
        super().__init__(f"{item} failed: {error}")
        self.index = index
        """The failing item's index."""
        self.item = item
        """The job's description of the item (index and seed, or file)."""
        self.error = error
        """The exception's type and message."""
        self.details = details
        """The traceback, as the worker printed it."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its fields (it travels back from the workers)."""
        return (type(self), (self.index, self.item, self.error, self.details))


@attrs.frozen(kw_only=True, eq=False)  # handles are keyed by identity
class ChunkOutcome(Generic[R]):
    """What one chunk gave back: the results of ``start, start + 1, ...`` up to a failure."""

    start: int
    results: tuple[R, ...]
    failure: WorkerError | None = None


def run_chunk(job: Job[R], start: int, stop: int) -> ChunkOutcome[R]:
    """Items ``start..stop-1`` of ``job``, in order; the first that raises ends the chunk.

    The one call every executor runs (module level, so that it pickles by reference).
    """
    results: list[R] = []
    for index in range(start, stop):
        try:
            results.append(job.run(index))
        except Exception as exc:  # noqa: BLE001 - every failure is reported by index
            failure = WorkerError(index, job.describe(index), f"{type(exc).__name__}: {exc}",
                                  traceback.format_exc())
            return ChunkOutcome(start=start, results=tuple(results), failure=failure)
    return ChunkOutcome(start=start, results=tuple(results))


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


def default_chunk_size(count: int, workers: int) -> int:
    """About sixteen chunks per worker, at most :data:`MAX_CHUNK` items each.

    Small chunks near the end keep every worker busy to the last game; a chunk costs
    about a millisecond (``docs/performance.md``).

    >>> default_chunk_size(10_000, 2), default_chunk_size(100, 2), default_chunk_size(3, 1)
    (32, 4, 1)
    """
    return max(1, min(MAX_CHUNK, -(-count // (16 * max(workers, 1)))))


def chunk_ranges(count: int, size: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering ``range(count)`` in chunks of ``size``.

    >>> chunk_ranges(7, 3)
    [(0, 3), (3, 6), (6, 7)]

    Raises:
        ValueError: a chunk size below 1.
    """
    if size < 1:
        raise ValueError(f"the chunk size must be at least 1, not {size}")
    return [(start, min(start + size, count)) for start in range(0, count, size)]


class Executor(Protocol):
    """Where chunks run: submit, wait for some, collect."""

    capacity: int
    """Chunks that run at once."""

    def submit(self, job_ref: Any, start: int, stop: int) -> Any:  # noqa: ANN401
        """Start a chunk; a handle."""
        ...  # pragma: no cover - a protocol

    def wait(self, handles: Sequence[Any]) -> list[Any]:
        """Some finished handles (at least one)."""
        ...  # pragma: no cover - a protocol

    def outcome(self, handle: Any) -> ChunkOutcome[Any]:  # noqa: ANN401
        """The outcome of a finished chunk (a crash of the worker raises)."""
        ...  # pragma: no cover - a protocol

    def cancel(self, handle: Any) -> bool:  # noqa: ANN401
        """Drop a chunk that has not started; whether it was dropped."""
        ...  # pragma: no cover - a protocol

    def put(self, job: Any) -> Any:  # noqa: ANN401
        """The job as the chunks receive it."""
        ...  # pragma: no cover - a protocol

    def close(self) -> None:
        """Release the workers (and whatever was started for them)."""
        ...  # pragma: no cover - a protocol


class _InProcess:
    """One worker: each chunk runs at once, here."""

    capacity = 1

    def put(self, job: Any) -> Any:  # noqa: ANN401
        return job

    def submit(self, job_ref: Any, start: int, stop: int) -> Any:  # noqa: ANN401
        return run_chunk(job_ref, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[Any]:
        return list(handles)

    def outcome(self, handle: Any) -> ChunkOutcome[Any]:  # noqa: ANN401
        outcome: ChunkOutcome[Any] = handle
        return outcome

    def cancel(self, handle: Any) -> bool:  # noqa: ANN401, ARG002
        return False

    def close(self) -> None:
        return None


class _Pool:
    """A process pool with an explicit start method."""

    def __init__(self, workers: int, start_method: str) -> None:
        if start_method not in START_METHODS:
            raise ValueError(f"start method {start_method!r}: use one of {START_METHODS}")
        self.capacity = workers
        context = multiprocessing.get_context(start_method)
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    def put(self, job: Any) -> Any:  # noqa: ANN401
        return job

    def submit(self, job_ref: Any, start: int, stop: int) -> Any:  # noqa: ANN401
        return self._pool.submit(run_chunk, job_ref, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[Any]:
        done, _ = wait(handles, return_when=FIRST_COMPLETED)
        return list(done)

    def outcome(self, handle: Any) -> ChunkOutcome[Any]:  # noqa: ANN401
        future: Future[ChunkOutcome[Any]] = handle
        return future.result()

    def cancel(self, handle: Any) -> bool:  # noqa: ANN401
        future: Future[ChunkOutcome[Any]] = handle
        return future.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def _executor(backend: str, workers: int, start_method: str,
              address: str | None) -> Executor:
    if backend == "local":
        count = worker_count(workers)
        return _InProcess() if count == 1 else _Pool(count, start_method)
    if backend == "ray":
        from mahjong_rules._ray_backend import RayExecutor  # noqa: PLC0415 - the extra

        return RayExecutor(workers=workers, address=address, task=run_chunk)
    raise ValueError(f"backend {backend!r}: use one of {BACKENDS}")


def run_indexed(job: Job[R], count: int, *, workers: int = 1, chunk_size: int | None = None,
                backend: Literal["local", "ray"] | str = "local",  # noqa: PYI051
                address: str | None = None, start_method: str = "spawn",
                progress: Callable[[int], None] | None = None) -> Iterator[tuple[int, R]]:
    """``(index, job.run(index))`` for every index of ``range(count)``, in index order.

    Args:
        job: the work (picklable for a pool or Ray).
        count: items.
        workers: processes (``0``: every core; with Ray, every CPU of the cluster).
        chunk_size: items per chunk (default :func:`default_chunk_size`). Results do not
            depend on it.
        backend: ``local`` or ``ray``.
        address: with Ray, the cluster to connect to (default ``RAY_ADDRESS``, else a
            local cluster is started for the run and shut down after it).
        start_method: the local pool's, ``spawn`` or ``forkserver``.
        progress: called with the number of items of each chunk as it finishes.

    Raises:
        WorkerError: an item raised (after every finished result was yielded), or a
            worker died.
        ValueError: a bad worker count, chunk size, backend or start method.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    size = chunk_size if chunk_size is not None else default_chunk_size(
        count, worker_count(workers) if backend == "local" else max(workers, 2))
    chunks = chunk_ranges(count, size)
    if not chunks:
        return
    executor = _executor(backend, workers, start_method, address)
    try:
        yield from _drive(executor, job, chunks, progress)
    finally:
        executor.close()


def _drive(executor: Executor, job: Job[R], chunks: list[tuple[int, int]],  # noqa: C901 - one loop: submit, collect, reorder
           progress: Callable[[int], None] | None) -> Iterator[tuple[int, R]]:
    """Keep the executor busy, reorder the outcomes, stop at the first failure."""
    job_ref = executor.put(job)
    pending: dict[Any, tuple[int, int]] = {}
    finished: dict[int, ChunkOutcome[R]] = {}
    failures: list[WorkerError] = []
    submitted = 0
    expected = 0  # the next chunk start to yield
    while True:
        while not failures and submitted < len(chunks) and len(pending) < (
                AHEAD * executor.capacity):
            start, stop = chunks[submitted]
            pending[executor.submit(job_ref, start, stop)] = (start, stop)
            submitted += 1
        if not pending:
            break
        for outcome in _collect(executor, pending):
            finished[outcome.start] = outcome
            if progress is not None and outcome.results:
                progress(len(outcome.results))
            if outcome.failure is not None:
                failures.append(outcome.failure)
        if failures:
            for handle in [h for h in pending if executor.cancel(h)]:
                del pending[handle]
        while not failures and expected in finished:
            outcome = finished.pop(expected)
            yield from enumerate(outcome.results, start=outcome.start)
            expected = outcome.start + len(outcome.results)
    for start in sorted(finished):  # after a failure: what finished, past the gap
        yield from enumerate(finished[start].results, start=start)
    if failures:
        raise min(failures, key=lambda failure: failure.index)


def _collect(executor: Executor, pending: dict[Any, tuple[int, int]]
             ) -> list[ChunkOutcome[Any]]:
    """The outcomes of the chunks that finish next (removed from ``pending``)."""
    outcomes = []
    for handle in executor.wait(list(pending)):
        start, stop = pending.pop(handle)
        try:
            outcome: ChunkOutcome[Any] = executor.outcome(handle)
        except Exception as exc:  # noqa: BLE001 - a worker that died, a pickling error
            crash = WorkerError(start, f"items {start}..{stop - 1}",
                                f"{type(exc).__name__}: {exc}")
            outcome = ChunkOutcome(start=start, results=(), failure=crash)
        outcomes.append(outcome)
    return outcomes


# ----------------------------------------------------------------- ordered map


@attrs.frozen
class _Calls(Generic[C, T, R]):
    """``func(config, items[i])`` as a job."""

    func: Callable[[C, T], R]
    config: C
    items: tuple[T, ...]

    def run(self, index: int) -> R:
        return self.func(self.config, self.items[index])

    def describe(self, index: int) -> str:
        return f"item {index} ({self.items[index]!r})"


def ordered_map(job: Callable[[C, T], R], config: C, items: Iterable[T], *,
                workers: int = 1, chunk_size: int = 1,
                backend: str = "local", address: str | None = None) -> Iterator[R]:
    """``job(config, item)`` for every item, results in item order (:func:`run_indexed`).

    ``job`` must be a module-level function and ``config`` and the items picklable when
    they run in other processes. A job that raises stops the map with
    :class:`WorkerError` (after the results that finished).

    Raises:
        WorkerError: a job raised.
        ValueError: a negative worker count.
    """
    calls = _Calls(job, config, tuple(items))
    for _, result in run_indexed(calls, len(calls.items), workers=workers,
                                 chunk_size=chunk_size, backend=backend, address=address):
        yield result


# ----------------------------------------------------------------- digest, JSONL


def canonical_json(record: Any) -> str:  # noqa: ANN401 - any JSON value
    """One record as one line: sorted keys, no spaces, UTF-8 as it is.

    >>> canonical_json({"b": [1, 2], "a": "東"})
    '{"a":"東","b":[1,2]}'
    """
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Digest:
    """SHA-256 over records, each as its canonical JSON line (newline-terminated).

    The digest of a run equals ``sha256sum`` of its JSONL file (:class:`JsonlWriter`
    writes the same lines in the same order).

    .. versionadded:: 0.3
    """

    def __init__(self) -> None:
        """An empty digest."""
        self._hash = hashlib.sha256()
        self.records = 0
        """Records added."""

    def add(self, record: Any) -> None:  # noqa: ANN401 - any JSON value
        """Add the next record."""
        self._hash.update((canonical_json(record) + "\n").encode("utf-8"))
        self.records += 1

    def hexdigest(self) -> str:
        """The hex digest of the records so far."""
        return self._hash.hexdigest()


class JsonlWriter:
    """Records to a JSONL file (canonical lines), or nowhere for ``path=None``.

    .. versionadded:: 0.3
    """

    def __init__(self, path: str | Path | None) -> None:
        """Open (truncate) ``path``."""
        self._out: IO[str] | None = (  # closed by close() or the with block
            Path(path).open("w", encoding="utf-8") if path is not None else None)  # noqa: SIM115

    def write(self, record: Any) -> None:  # noqa: ANN401 - any JSON value
        """Write one record (flushed, so that a stopped run keeps it)."""
        if self._out is not None:
            self._out.write(canonical_json(record) + "\n")
            self._out.flush()

    def close(self) -> None:
        """Close the file."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def __enter__(self) -> Self:
        """The writer."""
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        """Close the file."""
        self.close()


@attrs.frozen
class Squares:
    """A tiny job for the examples: item ``i`` is ``i * i``."""

    def run(self, index: int) -> int:
        """``index * index``."""
        return index * index

    def describe(self, index: int) -> str:
        """``square i``."""
        return f"square {index}"
