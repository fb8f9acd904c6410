"""The memo of batch scoring: each hand shape's readings and yaku facts, worked out once.

A batch packed by :meth:`~mahjong_rules.scoring.HandBatch.from_hands` knows each hand's
*shape* id (its concealed tiles, winning tile and melds, and tsumo:
:func:`~mahjong_rules.scoring.batch_pack.pack_shapes`). Stage 1 of batch scoring
(:func:`~mahjong_rules.scoring.batch_eval.static_rows`: the readings and what the shape
alone decides of them) is kept here per plan (one table per options object, as the memo
of ``score`` keeps its shapes) and per shape; a batch then runs stage 1 on its new shapes
only, and stages 2 and 3 (the circumstances: flags, winds, dora, fu, points; the best
reading) on every hand, over the rows gathered from the table. Every stage is the plain
path's own code (:mod:`~mahjong_rules.scoring.batch_eval`), so the answers are the same;
the tests compare the two on random and logged hands.

What is kept: for each shape (2 x 32,768 at most: the hand cache of the packing, whose
generation the tables follow), its facts and its rows, per plan (8 plans at most, the
oldest dropped first).

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import Limit, ScoreResult
from mahjong_rules.scoring.batch_eval import (
    OUTPUTS,
    STATIC_FIELDS,
    Evaluated,
    best_per_hand,
    conflicts,
    context_bad,
    evaluate,
    finish,
    static_rows,
)
from mahjong_rules.scoring.batch_input import HandBatch, ShapedBatch
from mahjong_rules.scoring.batch_pack import Generation, generation
from mahjong_rules.scoring.batch_shapes import ShapeFeatures
from mahjong_rules.scoring.hand import WinContext, WinningHand
from mahjong_rules.scoring.riichi import score
from mahjong_rules.scoring.riichi_plan import CLEARERS, plan_of
from mahjong_rules.scoring.riichi_yaku import BIT

__all__ = ["score_from_memo"]

_FACTS: Final = ("bad", "conflict_code")
"""The columns of a shape's facts in a table."""
_TABLE_LIMIT: Final = 8
"""Plans whose tables are kept, the oldest dropped first (a full table, 65,536 shapes, is
about 12 MB)."""
ONE_BY_ONE: Final = 24
"""A batch of this many hands or fewer, each of one reading, is scored hand by hand by
``score`` (numpy's fixed cost per call, about 0.3 ms, is that of scoring 25 to 30 hands
so; with one reading there is no tie between readings, which ``score`` and the batch
might break apart)."""
_LIMIT_CODE: Final = {None: 0, Limit.MANGAN: 1, Limit.HANEMAN: 2, Limit.BAIMAN: 3,
                      Limit.SANBAIMAN: 4, Limit.YAKUMAN: 5}
_WAIT_CODE: Final = {name: code for code, name in enumerate(
    ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen_sided", "orphan_single"))}
_ROLES: Final = ("discarder", "dealer", "non_dealer", "liable")


class _Table:
    """Stage 1 of every shape met under one plan: the shape's facts and its rows."""

    def __init__(self, options: RiichiOptions, shapes: Generation) -> None:
        self.options = options
        self.generation = shapes
        self.start = np.full(0, -1, dtype=np.int64)
        """The first row of each shape (-1: not yet worked out)."""
        self.count = np.zeros(0, dtype=np.int64)
        """The readings of each shape."""
        self.facts = np.zeros((0, len(_FACTS)), dtype=np.int64)
        self.tally = np.zeros((0, 35), dtype=np.uint8)
        """Every tile of the shape by kind, melds included (for the dora; 34: none)."""
        self.rows = np.zeros((len(STATIC_FIELDS), 0), dtype=np.int64)
        """The rows of the shapes, as columns (a field a line)."""
        self.used = 0

    def reserve(self, shapes: int) -> None:
        """Room for shape ids below ``shapes``."""
        size = len(self.start)
        if shapes <= size:
            return
        grown = max(shapes, 2 * size, 1024)
        self.start = np.concatenate([self.start, np.full(grown - size, -1, dtype=np.int64)])
        self.count = np.concatenate([self.count, np.zeros(grown - size, dtype=np.int64)])
        self.facts = np.concatenate([self.facts, np.zeros((grown - size, len(_FACTS)),
                                                          dtype=np.int64)])
        self.tally = np.concatenate([self.tally, np.zeros((grown - size, 35), dtype=np.uint8)])

    def add(self, batch: HandBatch, shapes: NDArray[np.int64], missing: NDArray[np.bool_]) -> None:
        """Work out stage 1 of the shapes of ``batch`` not yet in the table."""
        new, first = np.unique(shapes[missing], return_index=True)
        rows_of = np.nonzero(missing)[0][first]
        found = ShapeFeatures(batch.concealed[rows_of], batch.win[rows_of],
                              batch.meld_kind[rows_of], batch.meld_first[rows_of],
                              (new & 1) != 0, self.options)
        rows = static_rows(found, ~found.bad, self.options)
        rows = rows[:, np.argsort(rows[0], kind="stable")]  # by shape, readings in order
        counts = np.bincount(rows[0], minlength=len(new))
        used = self.used + rows.shape[1]
        room = self.rows.shape[1]
        if used > room:
            grown = max(used, 2 * room, 1024)
            self.rows = np.concatenate([self.rows, np.zeros((len(STATIC_FIELDS), grown - room),
                                                            np.int64)], axis=1)
        self.rows[:, self.used:used] = rows
        self.start[new] = self.used + np.cumsum(counts) - counts
        self.count[new] = counts
        self.used = used
        self.facts[new] = np.stack([found.bad, found.conflict_code], axis=1)
        self.tally[new, :34] = found.all_counts  # at most 16 of a kind


_TABLES: Final[dict[int, _Table]] = {}
"""The tables by the token of their plan."""


def _clear() -> None:
    _TABLES.clear()


CLEARERS.append(_clear)


def score_from_memo(batch: HandBatch,
                    options: RiichiOptions) -> dict[str, NDArray[np.generic]] | None:
    """The fields of ``BatchScores`` of a batch packed by shape, or ``None``.

    ``None`` for a batch whose shape ids do not hold (not packed by shape, made from such
    a batch, or packed before the packing cache started again).
    """
    if type(batch) is not ShapedBatch:
        return None
    known = batch.__dict__
    shapes: NDArray[np.int64] | None = known.get("shapes")
    if shapes is None or known.get("generation") is not generation():
        return None
    n = len(shapes)
    plan = plan_of(options)
    table = _TABLES.get(plan.token)
    if table is None or table.generation is not known["generation"]:
        while len(_TABLES) >= _TABLE_LIMIT:
            del _TABLES[next(iter(_TABLES))]
        table = _TABLES[plan.token] = _Table(options, known["generation"])
    if n:
        table.reserve(int(shapes.max()) + 1)
    start = table.start[shapes]
    missing = start < 0
    if missing.any():
        table.add(batch, shapes, missing)
        start = table.start[shapes]
    count = table.count[shapes]
    single = bool((count == 1).all())
    if single and n <= ONE_BY_ONE:  # one reading each: no tie for score to break otherwise
        fields = _one_by_one(known["pairs"], options)
        if fields is not None:
            return fields
    if single:
        h = None
        rows = table.rows[:, start]
    else:
        h = np.repeat(np.arange(n), count)
        before = np.cumsum(count) - count
        rows = table.rows[:, np.repeat(start - before, count) + np.arange(len(h))]
    facts = table.facts[shapes]
    bad = (facts[:, 0] != 0) | context_bad(batch, options)
    conflict = conflicts(batch, facts[:, 1], options)
    reason = np.where(bad, 1, np.where(conflict, 2, 0)).astype(np.int8)
    ok = reason == 0
    # dora, ura (riichi), red fives, kita: the tiles at the kinds the indicators point at
    pointed = table.tally.ravel()[shapes[:, None] * 35 + known["targets"]]
    dora = pointed.sum(axis=1, dtype=np.int16) + batch.red + known["kita_dora"]
    result = evaluate(rows, h, batch, dora, ok, options)
    if single:
        best = np.where(result.valid, result.hand, -1)
    else:
        best = _best_in_order(result, count, before)
    return finish(n, reason, count > 0, result, best, aligned=single)


def _best_in_order(result: Evaluated, count: NDArray[np.int64],
                   before: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each hand's best valid row (-1: none), the rows of a hand one after the other.

    As :func:`~mahjong_rules.scoring.batch_eval.best_per_hand`: the highest key, the last
    row of the highest; each hand's rows are one segment, so one maximum per segment.
    """
    rows = len(result.key)
    best = np.full(len(count), -1, dtype=np.int64)
    if not rows:
        return best
    if result.key.max() >= (1 << 62) // rows:  # key and row in one int64 would overflow
        return best_per_hand(result, len(count))
    ranked = np.where(result.valid, result.key, -1) * rows + np.arange(rows)
    held = np.nonzero(count)[0]
    top = np.maximum.reduceat(ranked, before[held])
    good = top >= 0
    best[held[good]] = top[good] % rows
    return best


def _one_by_one(pairs: tuple[tuple[WinningHand, ...], tuple[WinContext, ...]],
                options: RiichiOptions) -> dict[str, NDArray[np.generic]] | None:
    """The fields of ``BatchScores`` from ``score`` on each hand, or ``None``.

    ``None`` when a hand is refused or has a liable player: the batch's reason codes and
    its pao then come from its own path.
    """
    rows = []
    for hand, context in zip(*pairs, strict=True):
        result = score(hand, context, options)
        if type(result) is not ScoreResult or context.liability is not None:
            return None
        paid = result.payments
        bits = 0
        for hit in result.yaku:
            bits |= BIT[hit.id]
        rows.append((result.han, result.fu, result.yakuman, _LIMIT_CODE[result.limit],
                     result.base_points, *(paid.get(role, 0) for role in _ROLES),
                     result.total, bits, result.dora + result.red + result.ura + result.kita,
                     _WAIT_CODE[result.wait]))
    n = len(rows)
    table = np.array(rows, dtype=np.int64).reshape(n, 13)
    columns = (table[:, 0], table[:, 1], table[:, 2], table[:, 3], table[:, 4], table[:, 5:9],
               table[:, 9], table[:, 10], table[:, 11], table[:, 12])
    fields: dict[str, NDArray[np.generic]] = {"reason": np.zeros(n, dtype=np.int8)}
    for (name, dtype), column in zip(OUTPUTS, columns, strict=True):
        fields[name] = column.astype(dtype)
    return fields
