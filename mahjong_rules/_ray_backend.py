"""The Ray executor of :func:`mahjong_rules.parallel.run_indexed` (the ``ray`` extra).

The only module that imports :mod:`ray`. Which cluster:

* Ray already initialised in this process (``ray.init`` by the caller): it is used as it
  is and left running.
* Otherwise ``address`` (or the ``RAY_ADDRESS`` variable): this process connects to that
  cluster as a driver, ships the ``mahjong_rules`` package to its workers
  (``runtime_env={"py_modules": [...]}``; the workers need ``attrs`` and ``numpy``,
  which a Ray worker image has or gets with ``pip install mahjong_rules``), and
  disconnects at the end; the cluster keeps running.
* Otherwise a local cluster is started for the run (``workers`` CPUs, every core for
  ``0``; no dashboard; its workers import the package installed here) and shut down
  after it.

Usage statistics: a cluster this module starts gets ``RAY_USAGE_STATS_ENABLED=0``
unless the variable is set already.

.. versionadded:: 0.3
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # parallel imports this module lazily; it hands over ``run_chunk``
    from mahjong_rules.parallel import ChunkOutcome

try:
    import ray
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError('the ray backend needs Ray: pip install "mahjong_rules[ray]"') from exc

__all__ = ["RayExecutor"]

_PACKAGE = Path(__file__).resolve().parent


class RayExecutor:
    """Chunks as Ray tasks (one CPU each), at most ``capacity`` running at once."""

    def __init__(self, *, workers: int, address: str | None,
                 task: Callable[..., ChunkOutcome[Any]]) -> None:
        """Connect to or start a cluster for ``workers`` tasks at once.

        ``task`` is the chunk runner every Ray task runs
        (:func:`mahjong_rules.parallel.run_chunk`, handed over by its caller so that
        this module imports nothing of ``parallel`` at run time).
        """
        self.started = False
        """Whether this executor initialised Ray (and so shuts it down)."""
        began = time.perf_counter()
        if not ray.is_initialized():
            target = address or os.environ.get("RAY_ADDRESS") or None
            if target is not None:
                ray.init(address=target, runtime_env={"py_modules": [str(_PACKAGE)]},
                         logging_level=logging.WARNING)
            else:
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                ray.init(num_cpus=workers or None, include_dashboard=False,
                         logging_level=logging.WARNING)
            self.started = True
        self.startup_seconds = time.perf_counter() - began
        """Seconds to start or join the cluster (0 when it was initialised already)."""
        resources: Callable[[], dict[str, float]] = ray.cluster_resources  # untyped in Ray
        self.capacity = workers if workers > 0 else max(int(resources().get("CPU", 1)), 1)
        self._task: Any = ray.remote(num_cpus=1)(task)

    def put(self, job: Any) -> Any:  # noqa: ANN401
        """The job in the object store, sent to the workers once."""
        return ray.put(job)

    def submit(self, job_ref: Any, start: int, stop: int) -> Any:  # noqa: ANN401
        """A task for the chunk."""
        return self._task.remote(job_ref, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[Any]:
        """The tasks that finished (at least one)."""
        done, _ = ray.wait(list(handles), num_returns=1)
        return list(done)

    def outcome(self, handle: Any) -> ChunkOutcome[Any]:  # noqa: ANN401
        """The chunk's outcome."""
        outcome: ChunkOutcome[Any] = ray.get(handle)
        return outcome

    def cancel(self, handle: Any) -> bool:  # noqa: ANN401, ARG002
        """Tasks are never cancelled: the few in flight finish and are kept."""
        return False

    def close(self) -> None:
        """Shut down Ray when this executor started it."""
        if self.started:
            ray.shutdown()
            self.started = False
