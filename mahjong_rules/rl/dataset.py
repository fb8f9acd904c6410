"""Training data from game logs: every decision of every seat as compact numpy shards.

``python -m mahjong_rules dataset LOGS... --out DIR [--workers N]`` (or :func:`build`)
replays every log through the reducer (:func:`mahjong_rules.replay.log_steps`, hands it
cannot follow are skipped) and writes, for every *decision* (a seat that acted with more
than one legal action id; see ``docs/rl.md``), the encoded observation, the mask, the
action id taken, the seat, its hand's point change and its final rank and points.

The output folder holds shards ``<variant>-<n>.npz`` (one variant each, at least
``shard_size`` decisions but the last, a log's decisions never split), ``manifest.jsonl``
(a header, then one line per shard and one per log, appended as they are written) and
``manifest.json`` (the summary, rewritten at the end). Memory stays bounded: a few logs
in flight per worker and one shard's worth of decisions per variant. A run that stops
can be started again with the same arguments: logs already in the manifest (by content
digest) are skipped, and shards are numbered on. Results do not depend on ``--workers``.

Examples:
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as out:
    ...     summary = build(["../shared/data/logs/mjai-reviewer/double_ron.json"], out)
    ...     batch = next(iter_shards(out))
    >>> summary["decisions"], batch.planes.shape[1:], batch.mask.shape[1:]
    (51, (121, 34), (123,))
    >>> bool(batch.mask[range(len(batch.action)), batch.action].all())
    True

.. versionadded:: 0.3
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final, NamedTuple

import attrs
import numpy as np
from numpy.typing import NDArray

from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import LogFormatError, NotALogError
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.parallel import ordered_map
from mahjong_rules.replay import Step, log_steps
from mahjong_rules.rl._spec import N_PLANES, N_SCALARS, OBS_VERSION, PLANES, SCALARS
from mahjong_rules.rl.action_ids import ActionCodec, layout_table
from mahjong_rules.rl.encoder import Encoder
from mahjong_rules.state import Phase, State

__all__ = ["FORMAT", "Batch", "FileResult", "build", "file_job", "iter_shards", "load_shard"]

FORMAT: Final = 1
"""The version of the shard and manifest format."""
_CHUNK = 256
"""Views encoded per batched call."""
_FIELDS: Final = ("planes", "scalars", "mask", "action", "seat", "rank", "points",
                  "hand_delta", "game", "hand", "step")
_DTYPES: Final = {"action": np.int16, "seat": np.int8, "rank": np.int8, "points": np.int32,
                  "hand_delta": np.int32, "game": np.int32, "hand": np.int16,
                  "step": np.int32}


class Batch(NamedTuple):
    """One shard's decisions, unpacked: planes ``(N, C, 34)`` and mask ``(N, A)``."""

    variant: str
    planes: NDArray[np.uint8]
    scalars: NDArray[np.float32]
    mask: NDArray[np.int8]
    action: NDArray[np.int16]
    """The action id the seat took."""
    seat: NDArray[np.int8]
    rank: NDArray[np.int8]
    """The seat's final rank in its game (1 = first)."""
    points: NDArray[np.int32]
    """The seat's final points in its game."""
    hand_delta: NDArray[np.int32]
    """The seat's point change over the hand of the decision (0 if the log cuts it)."""
    game: NDArray[np.int32]
    hand: NDArray[np.int16]
    step: NDArray[np.int32]
    """The step's index in its game (:attr:`mahjong_rules.replay.Step.number`)."""


@attrs.frozen(kw_only=True)
class FileResult:
    """What one log gave: its counts and, per variant, its decisions' packed arrays."""

    source: str
    digest: str
    """SHA-256 of the file's bytes (how a resumed run knows a log is done)."""
    status: str
    """``ok``, ``not_a_log`` or ``error``."""
    message: str | None = None
    hands: int = 0
    """Hands in the log."""
    hands_used: int = 0
    """Hands the reducer followed (the others are skipped)."""
    steps: int = 0
    decisions: int = 0
    forced: int = 0
    """Steps of a seat with a single legal id (not decisions; ``Ready`` not counted)."""
    arrays: dict[str, dict[str, NDArray[Any]]] = attrs.field(factory=dict, eq=False)
    """Per variant, each field's array (packed planes and mask)."""

    def record(self) -> dict[str, Any]:
        """The manifest line of this log (no arrays)."""
        return {"kind": "file", "source": self.source, "digest": self.digest,
                "status": self.status, "message": self.message, "hands": self.hands,
                "hands_used": self.hands_used, "steps": self.steps,
                "decisions": self.decisions, "forced": self.forced}


def _digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


_TOOLS: dict[tuple[str, Any], tuple[ActionCodec, Encoder]] = {}
"""The codec and encoder of each ruleset and options met in this process."""


def _tools(rules: Ruleset) -> tuple[ActionCodec, Encoder]:
    key = (rules.name, rules.options)
    tools = _TOOLS.get(key)
    if tools is None:
        tools = _TOOLS[key] = (ActionCodec(rules), Encoder(rules))
    return tools


def _final_standing(rules: Ruleset, state: State) -> tuple[list[int], list[int]]:
    """Each seat's final rank and points (the result's, or the points as they stand)."""
    result = rules.result(state) if state.phase is Phase.GAME_OVER else None
    n = rules.num_seats
    if result is not None:
        ranks, points = [0] * n, [0] * n
        for entry in result["ranking"]:
            ranks[entry["seat"]] = entry["rank"]
            points[entry["seat"]] = entry["points"]
        return ranks, points
    points = [p.points for p in state.seats]
    order = sorted(range(n), key=lambda s: (-points[s], s))
    ranks = [0] * n
    for rank, s in enumerate(order):
        ranks[s] = rank + 1
    return ranks, points


class _Game:
    """The decisions of one game, until its end tells the ranks."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.codec, self.encoder = _tools(rules)
        self.views: list[dict[str, Any]] = []
        self.planes: list[NDArray[np.uint8]] = []
        self.scalars: list[NDArray[np.float32]] = []
        self.rows: dict[str, list[int]] = {k: [] for k in _DTYPES}
        self.masks: list[NDArray[np.uint8]] = []
        self.deltas: dict[int, tuple[int, ...]] = {}
        self.last: State | None = None

    def add(self, step: Step, stats: dict[str, int]) -> None:
        stats["steps"] += 1
        before, action = step.before, step.action
        self.last = step.after
        if len(step.after.history) > len(before.history):
            self.deltas[step.hand] = step.after.history[-1].deltas
        if action.type == "ready":
            return
        seat = action.seat
        claim = before.claim
        drawn = before.seats[seat].drawn
        claim_tile = None if claim is None else claim.tile
        legal = self.codec.legal_ids(self.rules.legal_actions(before, seat, preferences=False),
                                     drawn, claim_tile)
        if len(legal) < 2:
            stats["forced"] += 1
            return
        stats["decisions"] += 1
        mask = np.zeros(self.codec.size, dtype=np.uint8)
        mask[list(legal)] = 1
        self.masks.append(np.packbits(mask))
        taken = self.codec.id_of(action, drawn, claim_tile)
        assert taken in legal, (step.label, action)
        for key, value in (("action", taken), ("seat", seat), ("game", step.game),
                           ("hand", step.hand), ("step", step.number)):
            self.rows[key].append(value)
        self.views.append(step.view(seat))
        if len(self.views) >= _CHUNK:
            self._encode()

    def _encode(self) -> None:
        if self.views:
            planes, scalars = self.encoder.encode_batch(self.views)
            self.planes.append(np.packbits(planes, axis=-1))
            self.scalars.append(scalars)
            self.views = []

    def finish(self) -> dict[str, NDArray[Any]] | None:
        """The game's arrays, ranks and points filled in (``None`` without decisions)."""
        self._encode()
        if not self.masks or self.last is None:
            return None
        ranks, points = _final_standing(self.rules, self.last)
        seats = self.rows["seat"]
        self.rows["rank"] = [ranks[s] for s in seats]
        self.rows["points"] = [points[s] for s in seats]
        self.rows["hand_delta"] = [self.deltas[h][s] if h in self.deltas else 0
                                   for h, s in zip(self.rows["hand"], seats, strict=True)]
        out: dict[str, NDArray[Any]] = {
            "planes": np.concatenate(self.planes), "scalars": np.concatenate(self.scalars),
            "mask": np.stack(self.masks)}
        for key, dtype in _DTYPES.items():
            out[key] = np.asarray(self.rows[key], dtype=dtype)
        return out


def file_job(config: dict[str, Any], path: str) -> FileResult:
    """Every decision of one log (a plain picklable job: ``config`` is unused for now).

    Never raises for a bad log: the result says ``not_a_log`` or ``error``.
    """
    del config
    digest = _digest(path)
    try:
        hands = sum(len(game.hands) for game in read_log(path).games)
    except NotALogError:
        return FileResult(source=path, digest=digest, status="not_a_log")
    except LogFormatError as exc:
        return FileResult(source=path, digest=digest, status="error", message=str(exc))
    stats = {"steps": 0, "decisions": 0, "forced": 0}
    parts: dict[str, list[dict[str, NDArray[Any]]]] = {}
    used: set[tuple[int, int]] = set()
    game: _Game | None = None
    current = -1

    def close() -> None:
        if game is not None:
            arrays = game.finish()
            if arrays is not None:
                parts.setdefault(game.rules.name, []).append(arrays)

    try:
        for step in log_steps(path, errors="skip"):
            if step.game != current:
                close()
                game, current = _Game(step.rules), step.game
            assert game is not None
            used.add((step.game, step.hand))
            game.add(step, stats)
        close()
    except LogFormatError as exc:
        return FileResult(source=path, digest=digest, status="error", message=str(exc),
                          hands=hands)
    arrays = {variant: {k: np.concatenate([p[k] for p in chunks]) for k in _FIELDS}
              for variant, chunks in parts.items()}
    return FileResult(source=path, digest=digest, status="ok", hands=hands,
                      hands_used=len(used), arrays=arrays, steps=stats["steps"],
                      decisions=stats["decisions"], forced=stats["forced"])


# ---------------------------------------------------------------------- writing


class _Writer:
    """Shards and manifest lines of one output folder, resumable."""

    def __init__(self, out: Path, shard_size: int) -> None:
        self.out = out
        self.shard_size = shard_size
        out.mkdir(parents=True, exist_ok=True)
        self.manifest = out / "manifest.jsonl"
        self.records: list[dict[str, Any]] = []
        if self.manifest.exists():
            lines = self.manifest.read_text(encoding="utf-8").splitlines()
            self.records = [json.loads(line) for line in lines if line.strip()]
            header = self.records[0] if self.records else {}
            if header.get("obs_version") != OBS_VERSION or header.get("format") != FORMAT:
                raise ValueError(f"{out} holds a dataset of another encoder or format "
                                 f"version ({header}); write to a new folder")
        else:
            self._append({"kind": "header", "format": FORMAT, "obs_version": OBS_VERSION,
                          "planes": N_PLANES, "scalars": N_SCALARS})
        self.done = {r["digest"] for r in self.records if r["kind"] == "file"}
        self.next_shard = sum(1 for r in self.records if r["kind"] == "shard")
        self.buffers: dict[str, list[FileResult]] = {}
        self.waiting: dict[str, tuple[FileResult, set[str]]] = {}

    def _append(self, record: dict[str, Any]) -> None:
        with self.manifest.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(record) + "\n")
        self.records.append(record)

    def add(self, result: FileResult) -> None:
        self.done.add(result.digest)
        if not result.arrays:
            self._append(result.record())
            return
        self.waiting[result.digest] = (result, set(result.arrays))
        for variant in result.arrays:
            buffer = self.buffers.setdefault(variant, [])
            buffer.append(result)
            if sum(len(r.arrays[variant]["action"]) for r in buffer) >= self.shard_size:
                self.flush(variant)

    def flush(self, variant: str) -> None:
        buffer = self.buffers.pop(variant, [])
        if not buffer:
            return
        name = f"{variant}-{self.next_shard:06d}.npz"
        self.next_shard += 1
        arrays = {k: np.concatenate([r.arrays[variant][k] for r in buffer]) for k in _FIELDS}
        temporary = self.out / (name + ".tmp")
        arrays["variant"] = np.array(variant)
        arrays["obs_version"] = np.array(OBS_VERSION)
        with temporary.open("wb") as stream:
            np.savez_compressed(stream, **arrays)  # type: ignore[arg-type]  # names: arrays
        temporary.replace(self.out / name)
        self._append({"kind": "shard", "name": name, "variant": variant,
                      "decisions": len(arrays["action"]),
                      "bytes": (self.out / name).stat().st_size,
                      "sources": [r.source for r in buffer]})
        for result in buffer:
            waiting = self.waiting[result.digest][1]
            waiting.discard(variant)
            if not waiting:
                del self.waiting[result.digest]
                self._append(result.record())

    def close(self) -> None:
        for variant in sorted(self.buffers):
            self.flush(variant)


def build(paths: Iterable[str | Path], out: str | Path, *, workers: int = 1,
          shard_size: int = 4096,
          progress: Callable[[FileResult], None] | None = None) -> dict[str, Any]:
    """Write the decisions of every log under ``paths`` to ``out``; the summary.

    ``progress`` is called with each log's result as it is written. The summary (also
    ``manifest.json``) counts the whole folder, earlier runs included, and this run's
    ``seconds`` and ``decisions_per_second``.

    Raises:
        ValueError: ``out`` holds a dataset of another encoder or format version, or a bad
            worker count or shard size.
    """
    if shard_size < 1:
        raise ValueError(f"shard_size must be at least 1, not {shard_size}")
    started = time.perf_counter()
    writer = _Writer(Path(out), shard_size)
    sources = [str(p) for p in log_paths(paths)]
    todo = [s for s in sources if _digest(s) not in writer.done]
    new = 0
    for result in ordered_map(file_job, {}, todo, workers=workers):
        if result.digest in writer.done:  # the same content twice in this run
            continue
        writer.add(result)
        new += result.decisions
        if progress is not None:
            progress(result)
    writer.close()
    seconds = time.perf_counter() - started
    summary = _summary(writer.records)
    summary.update({"skipped_done": len(sources) - len(todo), "new_decisions": new,
                    "seconds": round(seconds, 3),
                    "decisions_per_second": round(new / seconds, 1) if seconds else None})
    (Path(out) / "manifest.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary


def _summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    files = [r for r in records if r["kind"] == "file"]
    shards = [r for r in records if r["kind"] == "shard"]
    decisions = sum(r["decisions"] for r in shards)
    size = sum(r["bytes"] for r in shards)
    variants = sorted({r["variant"] for r in shards})
    return {
        "format": FORMAT, "obs_version": OBS_VERSION,
        "planes": [name for _, name, _ in PLANES], "scalars": [name for _, name, _ in SCALARS],
        "actions": {v: [name for _, name, _ in layout_table(v)] for v in variants},
        "files": len(files), "logs": sum(1 for r in files if r["status"] == "ok"),
        "not_logs": sum(1 for r in files if r["status"] == "not_a_log"),
        "errors": [{"source": r["source"], "message": r["message"]}
                   for r in files if r["status"] == "error"],
        "hands": sum(r["hands"] for r in files), "hands_used": sum(r["hands_used"] for r in files),
        "steps": sum(r["steps"] for r in files), "forced": sum(r["forced"] for r in files),
        "decisions": decisions, "shards": [r["name"] for r in shards], "bytes": size,
        "bytes_per_decision": round(size / decisions, 1) if decisions else None,
    }


# ---------------------------------------------------------------------- reading


def load_shard(path: str | Path) -> Batch:
    """One shard, unpacked.

    Raises:
        ValueError: a shard of another encoder version.
    """
    with np.load(path) as data:
        if int(data["obs_version"]) != OBS_VERSION:
            raise ValueError(f"{path}: obs_version {int(data['obs_version'])}, "
                             f"this encoder is {OBS_VERSION}")
        variant = str(data["variant"])
        actions = len(layout_table(variant))
        planes = np.unpackbits(data["planes"], axis=-1, count=34)
        mask = np.unpackbits(data["mask"], axis=-1, count=actions).astype(np.int8)
        fields = {k: data[k] for k in _DTYPES}
        return Batch(variant=variant, planes=planes, scalars=data["scalars"], mask=mask,
                     **fields)


def iter_shards(out: str | Path, *, variant: str | None = None) -> Iterator[Batch]:
    """Every shard of a dataset folder in order (one in memory at a time).

    ``variant`` keeps one ruleset's shards.
    """
    manifest = Path(out) / "manifest.jsonl"
    for line in manifest.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["kind"] == "shard" and variant in (None, record["variant"]):
            yield load_shard(Path(out) / record["name"])
