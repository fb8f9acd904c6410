"""Self-play, the arena and replay as spread runs: jobs, records, summaries and the digest.

Each run is a :class:`~mahjong_rules.parallel.Job` whose item is a game (self-play, the
arena) or a log file (replay), run by :func:`~mahjong_rules.parallel.run_indexed` on
one core, a process pool or a Ray cluster. Its records (one per game; for replay one per
hand, or one per file that is not a log or cannot be read) are gathered by index and
written, in index order, to an optional JSONL file; the summary adds up their integer
counters and carries the run's ``digest``, the SHA-256 of those records
(:class:`~mahjong_rules.parallel.Digest`): the same for any worker count, chunk size
and backend, and equal to ``sha256sum`` of the JSONL file.

Seeds: self-play game ``g`` of master seed ``s`` is set up with ``s * 100_000 + g`` and the
bot of seat ``p`` gets ``s * 1000 + g * 10 + p`` (:func:`~mahjong_rules.bots.self_play_game`);
arena game ``g`` takes its walls from ``(s, g // n)`` and its bots' seeds from
:func:`~mahjong_rules.bots.bot_seed` ``(s, g, player)``. Never from the worker.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi", {"length": "single_hand"})
    >>> one = simulate_run(rules, ["tsumogiri"] * 4, games=3, seed=2)
    >>> two = simulate_run(rules, ["tsumogiri"] * 4, games=3, seed=2, chunk_size=2)
    >>> one["digest"] == two["digest"], one["games"], len(one["digest"])
    (True, 3, 64)

.. versionadded:: 0.3
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from mahjong_rules.bots.arena import arena_game, checked_lineup, summarize_arena
from mahjong_rules.bots.base import BotError, make_bot
from mahjong_rules.bots.play import MAX_ACTIONS, default_rank_points, self_play_game, summarize
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import Reason
from mahjong_rules.notation.logs import log_paths
from mahjong_rules.parallel import Digest, JsonlWriter, canonical_json, run_indexed, worker_count
from mahjong_rules.registry import make
from mahjong_rules.replay import FileReport, HandReport, ReplayReport, replay_file

__all__ = ["ArenaJob", "ReplayJob", "RulesSpec", "SelfPlayJob", "arena_run", "hand_record",
           "replay_run", "simulate_run"]

Progress = Callable[[int], None]
"""Called with the number of items (games, files) of each chunk as it finishes."""


@attrs.frozen(kw_only=True)
class RulesSpec:
    """A ruleset as plain data (variant and options), rebuilt once per worker process.

    A :class:`~mahjong_rules.engine.Ruleset` keeps memo tables once used; the spec is what
    travels to the workers instead.
    """

    variant: str
    options: str
    """The options as canonical JSON."""

    @classmethod
    def of(cls, rules: Ruleset) -> RulesSpec:
        """The spec of ``rules``."""
        return cls(variant=rules.name, options=canonical_json(rules.options.to_dict()))

    def rules(self) -> Ruleset:
        """The ruleset (the same object for the same spec within a process)."""
        key = (self.variant, self.options)
        if key not in _RULES:
            _RULES[key] = make(self.variant, json.loads(self.options))
        return _RULES[key]


_RULES: dict[tuple[str, str], Ruleset] = {}


def game_seed(seed: int, game: int) -> int:
    """The setup seed of self-play game ``game`` (as :func:`self_play_game` uses it)."""
    return seed * 100_000 + game


@attrs.frozen(kw_only=True)
class SelfPlayJob:
    """Self-play game ``i``: :func:`~mahjong_rules.bots.self_play_game` with its seed."""

    rules: RulesSpec
    specs: tuple[str, ...]
    seed: int
    max_actions: int = MAX_ACTIONS
    log_format: str | None = None
    """``mjai`` or ``tenhou6``: the record also carries the game's log text as ``log``."""

    def run(self, index: int) -> dict[str, Any]:
        """The game's record, with its ``seed`` (and its ``log``)."""
        rules = self.rules.rules()
        if self.log_format is None:
            record = self_play_game(rules, self.specs, seed=self.seed, game=index,
                                    max_actions=self.max_actions)
            return {"game": index, "seed": game_seed(self.seed, index), **record}
        from mahjong_rules.game_log import self_play_log  # noqa: PLC0415 - only with logs

        record, text = self_play_log(rules, self.specs, seed=self.seed, game=index,
                                     to=self.log_format, max_actions=self.max_actions)
        return {"game": index, "seed": game_seed(self.seed, index), **record, "log": text}

    def describe(self, index: int) -> str:
        """``game I (seed S)``."""
        return f"game {index} (seed {game_seed(self.seed, index)}, master seed {self.seed})"


@attrs.frozen(kw_only=True)
class ArenaJob:
    """Arena game ``i``: :func:`~mahjong_rules.bots.arena_game` (its walls from the seed)."""

    rules: RulesSpec
    lineup: tuple[str, ...]
    seed: int
    max_actions: int = MAX_ACTIONS

    def run(self, index: int) -> dict[str, Any]:
        """The game's record, with the master ``seed``."""
        record = arena_game(self.rules.rules(), self.lineup, seed=self.seed, game=index,
                            max_actions=self.max_actions)
        return {"seed": self.seed, **record}

    def describe(self, index: int) -> str:
        """``game I (wall set W, seed S)``."""
        seats = self.rules.rules().num_seats
        return f"game {index} (wall set {index // seats}, seed {self.seed})"


@attrs.frozen(kw_only=True)
class ReplayJob:
    """Replay file ``i`` of ``paths``: :func:`~mahjong_rules.replay.replay_file`."""

    paths: tuple[str, ...]

    def run(self, index: int) -> FileReport:
        """The file's report."""
        return replay_file(self.paths[index])

    def describe(self, index: int) -> str:
        """``file I (PATH)``."""
        return f"file {index} ({self.paths[index]})"


def _options(workers: int, chunk_size: int | None, backend: str) -> dict[str, Any]:
    return {"workers": worker_count(workers) if backend == "local" else workers,
            "chunk_size": chunk_size, "backend": backend}


def _gather(job: Any, count: int, out: str | Path | None,  # noqa: ANN401 - any job
            records: Callable[[Any], Iterable[dict[str, Any]]], *, workers: int,
            chunk_size: int | None, backend: str, address: str | None,
            progress: Progress | None,
            keep: Callable[[int, Any], Any] | None = None) -> tuple[list[Any], str]:
    """Every result in index order, its records written and hashed; the results, digest.

    ``keep(index, result)`` is what is kept of a result (default: all of it).
    """
    digest = Digest()
    results: list[Any] = []
    with JsonlWriter(out) as writer:
        for index, raw in run_indexed(job, count, workers=workers, chunk_size=chunk_size,
                                      backend=backend, address=address, progress=progress):
            result = raw if keep is None else keep(index, raw)
            results.append(result)
            for record in records(result):
                writer.write(record)
                digest.add(record)
    return results, digest.hexdigest()


def simulate_run(rules: Ruleset, specs: Sequence[str], *, games: int, seed: int,
                 workers: int = 1, chunk_size: int | None = None, backend: str = "local",
                 address: str | None = None, out: str | Path | None = None,
                 progress: Progress | None = None, max_actions: int = MAX_ACTIONS,
                 logs: str | Path | None = None, log_format: str = "mjai") -> dict[str, Any]:
    """Self-play ``games`` games (``simulate``); the summary.

    The summary is :func:`~mahjong_rules.bots.play_games`'s, with ``seed``, ``digest``,
    ``workers``, ``chunk_size`` and ``backend``.

    Args:
        rules: the ruleset and options.
        specs: one bot spec per seat.
        games: games to play.
        seed: the master seed.
        workers: processes (``0``: every core).
        chunk_size: games per chunk (default: about sixteen chunks per worker, at most 32).
        backend: ``local`` or ``ray``.
        address: the Ray cluster (see :mod:`mahjong_rules._ray_backend`).
        out: a JSONL file for every game's record (index order).
        progress: called with the games of each chunk as it finishes.
        max_actions: per game, after which it counts as unfinished.
        logs: a folder for every game's log, ``game-NNNNNN.jsonl`` (mjai) or
            ``game-NNNNNN.json`` (tenhou.net/6), written as the games arrive
            (:mod:`mahjong_rules.game_log`; riichi and sanma).
        log_format: ``mjai`` or ``tenhou6``.

    Raises:
        BotError: an unknown bot or a wrong number of specs (before any game).
        ValueError: logs of a Taiwanese game, or an unknown log format.
        WorkerError: a game raised (what finished is in ``out`` and ``logs``).
    """
    n = rules.num_seats
    if len(specs) != n:
        raise BotError(Reason.BAD_INPUT, f"{rules.name} needs {n} bots, got {len(specs)}")
    for spec in specs:
        make_bot(spec, seed=0)
    keep = None
    if logs is not None:
        keep = _log_writer(rules, Path(logs), log_format)
    job = SelfPlayJob(rules=RulesSpec.of(rules), specs=tuple(specs), seed=seed,
                      max_actions=max_actions,
                      log_format=log_format if logs is not None else None)
    started = time.perf_counter()
    records, digest = _gather(job, games, out, lambda record: (record,), workers=workers,
                              chunk_size=chunk_size, backend=backend, address=address,
                              progress=progress, keep=keep)
    summary = summarize(rules, records, list(specs), time.perf_counter() - started)
    return {**summary, "seed": seed, "digest": digest,
            **_options(workers, chunk_size, backend)}


def _log_writer(rules: Ruleset, folder: Path,
                log_format: str) -> Callable[[int, Any], Any]:
    """Writes a game's log to ``folder`` and keeps its record without it."""
    from mahjong_rules.game_log import LOG_FORMATS  # noqa: PLC0415 - only with logs

    if rules.name not in ("riichi", "sanma"):
        raise ValueError(f"{rules.name} games have no log format (riichi, sanma)")
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log format {log_format!r}: use one of {LOG_FORMATS}")
    folder.mkdir(parents=True, exist_ok=True)
    suffix = ".jsonl" if log_format == "mjai" else ".json"

    def keep(index: int, record: dict[str, Any]) -> dict[str, Any]:
        text = record.pop("log")
        (folder / f"game-{index:06d}{suffix}").write_text(text, encoding="utf-8")
        return record

    return keep


def arena_run(rules: Ruleset, lineup: Sequence[str], *, games: int, seed: int,
              rank_points: Sequence[float] | None = None, preset: str | None = None,
              workers: int = 1, chunk_size: int | None = None, backend: str = "local",
              address: str | None = None, out: str | Path | None = None,
              progress: Progress | None = None,
              max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """Duplicate arena games (``arena``); the result.

    The result is :func:`~mahjong_rules.bots.arena`'s with ``hands``, ``seconds``,
    ``hands_per_second``, ``digest``, ``workers``, ``chunk_size`` and ``backend``, and
    without ``records`` (they go to ``out``).

    Raises:
        BotError: ``bad_input`` for a wrong line-up or rank points, an unknown bot.
        WorkerError: a game raised (what finished is in ``out``).
    """
    n = rules.num_seats
    players = checked_lineup(rules, None, None, lineup)
    points = tuple(rank_points) if rank_points is not None else default_rank_points(n)
    if len(points) != n:
        raise BotError(Reason.BAD_INPUT, f"rank points need {n} numbers, got {points!r}")
    job = ArenaJob(rules=RulesSpec.of(rules), lineup=tuple(str(p) for p in players), seed=seed,
                   max_actions=max_actions)
    started = time.perf_counter()
    records, digest = _gather(job, games, out, lambda record: (record,), workers=workers,
                              chunk_size=chunk_size, backend=backend, address=address,
                              progress=progress)
    seconds = time.perf_counter() - started
    result = summarize_arena(rules, players, records, seed=seed, rank_points=points,
                             preset=preset)
    del result["records"]
    hands = sum(record["hands"] for record in records)
    return {**result, "hands": hands, "seconds": round(seconds, 3),
            "hands_per_second": round(hands / seconds, 2) if seconds else None,
            "digest": digest, **_options(workers, chunk_size, backend)}


def hand_record(file: FileReport, hand: HandReport | None = None) -> dict[str, Any]:
    """The JSONL record of one replayed hand (or of a file without hands).

    ``{"file", "hand", "label", "status"}`` and, for a hand that did not match, ``first``:
    the first mismatch (``field``, ``expected``, ``got``), or the ``error`` and its
    ``reason``, or why it is ``inconsistent``. A file that is not a log has ``hand``
    ``None`` and status ``skipped``; one that could not be read, ``unreadable``.
    """
    if hand is None:
        status = "skipped" if file.skipped is not None else "unreadable"
        return {"file": file.path, "hand": None, "label": None, "status": status,
                "first": {"reason": file.skipped if file.skipped is not None else file.error}}
    record: dict[str, Any] = {"file": file.path, "hand": hand.index, "label": hand.label,
                              "status": hand.status}
    if hand.inconsistent is not None:
        record["first"] = {"inconsistent": hand.inconsistent}
    elif hand.error is not None:
        record["first"] = {"error": hand.error, "reason": hand.reason}
    elif hand.mismatches:
        record["first"] = hand.mismatches[0].to_dict()
    return record


def _file_records(file: FileReport) -> list[dict[str, Any]]:
    if not file.hands:
        return [hand_record(file)]
    return [hand_record(file, hand) for hand in file.hands]


def replay_run(paths: Iterable[str | Path], *, workers: int = 1,
               chunk_size: int | None = None, backend: str = "local",
               address: str | None = None, out: str | Path | None = None,
               progress: Progress | None = None) -> tuple[ReplayReport, dict[str, Any]]:
    """Replay every log under ``paths`` (``replay``); the report and the run's facts.

    The report is :func:`~mahjong_rules.replay.replay_paths`'s (files in the same order);
    the facts are ``files``, ``seconds``, ``hands_per_second``, ``digest`` (over
    :func:`hand_record` of every hand in file order), ``workers``, ``chunk_size``,
    ``backend``.

    Raises:
        WorkerError: replaying a file raised (what finished is in ``out``).
    """
    files = tuple(str(path) for path in log_paths(paths))
    started = time.perf_counter()
    reports, digest = _gather(ReplayJob(paths=files), len(files), out, _file_records,
                              workers=workers, chunk_size=chunk_size, backend=backend,
                              address=address, progress=progress)
    seconds = time.perf_counter() - started
    report = ReplayReport(files=tuple(reports))
    return report, {"files": len(files), "seconds": round(seconds, 3),
                    "hands_per_second": round(report.hands / seconds, 2) if seconds else None,
                    "digest": digest, **_options(workers, chunk_size, backend)}
