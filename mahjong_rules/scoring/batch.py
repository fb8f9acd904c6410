"""Batch scoring: many riichi or sanma winning hands at once, vectorized with numpy.

The batch path gives the same answers as :func:`~mahjong_rules.scoring.score` (the test
suite checks them against each other on random hands and on the 10,000 peer hands); it
trades the typed breakdown for arrays: han, fu, yakuman, limit, base points, payments,
total, and a yaku bitmask (bit ``i`` is the ``i``-th entry of :data:`YAKU_ORDER`).

How: each suit of the concealed tiles is a base-5 code (as in the kernel); a table built
on first use lists every division of every complete suit code into runs, triplets and a
pair, with per-division features (run and triplet masks, identical runs, terminals in
every block). A hand's divisions are the product of its suits' divisions (honours divide
one way); each division is tried with every place of the winning tile; yaku, fu and
points are computed over all those rows at once and the best row of each hand is kept
(points, then han, then fu), as in :func:`~mahjong_rules.scoring.score`. The stages are
:mod:`~mahjong_rules.scoring.batch_eval`; :mod:`~mahjong_rules.scoring.batch_memo` keeps
the first (what each hand shape decides) for batches packed by ``from_hands``.

Examples:
    >>> from mahjong_rules.notation import parse_tiles
    >>> from mahjong_rules.scoring import WinContext, WinningHand
    >>> hands = [(WinningHand(concealed=parse_tiles("234m567p789s22s45p"),
    ...                       win=parse_tiles("3p")[0]), WinContext(seat_wind=1)),
    ...          (WinningHand(concealed=parse_tiles("123m"), win=parse_tiles("4m")[0]),
    ...           WinContext())]
    >>> scores = score_batch(HandBatch.from_hands(hands))
    >>> scores.total.tolist(), scores.reason_codes()
    ([1000, 0], [None, 'bad_hand'])

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.errors import InvalidArgumentError, OptionsError, Reason
from mahjong_rules.options import Renhou, RiichiOptions
from mahjong_rules.scoring.batch_eval import YAKU_ORDER, score_plainly
from mahjong_rules.scoring.batch_input import HandBatch
from mahjong_rules.scoring.batch_memo import score_from_memo
from mahjong_rules.scoring.riichi_check import options_error

__all__ = ["YAKU_ORDER", "BatchScores", "HandBatch", "score_batch"]

REASONS: Final = (None, Reason.BAD_HAND, Reason.CONFLICTING_CONTEXT, Reason.NOT_A_WINNING_HAND,
                  Reason.NO_YAKU)
"""Reason of each :attr:`BatchScores.reason` code (0 = scored)."""
LIMITS: Final = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Limit of each :attr:`BatchScores.limit` code."""
WAITS: Final = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen_sided",
                "orphan_single")


class BatchScores(NamedTuple):
    """Scores of a batch (``N`` hands).

    Where ``reason`` is not 0 the hand was refused and the other fields are 0.

    ``payments (N, 4)``: what each payer of a role pays, honba included, in the columns
    discarder, dealer, non-dealer, liable (as the ``payments`` of
    :class:`~mahjong_rules.outcome.ScoreResult`).
    """

    reason: NDArray[np.int8]
    """0 when scored, else an index into :data:`REASONS`."""
    han: NDArray[np.int16]
    fu: NDArray[np.int16]
    yakuman: NDArray[np.int16]
    limit: NDArray[np.int8]
    """Index into :data:`LIMITS`."""
    base_points: NDArray[np.int32]
    payments: NDArray[np.int32]
    total: NDArray[np.int32]
    yaku_bits: NDArray[np.int64]
    dora: NDArray[np.int16]
    """Dora, red fives, ura-dora and kita together (0 for a yakuman)."""
    wait: NDArray[np.int8]
    """Index into :data:`WAITS`."""

    def reason_codes(self) -> list[str | None]:
        """The wire code of each hand's refusal (``None`` when scored)."""
        return [None if r is None else r.value for r in (REASONS[i] for i in self.reason)]

    def yaku_ids(self, row: int) -> list[str]:
        """Yaku ids of one hand, in table order."""
        bits = int(self.yaku_bits[row])
        return [name for i, name in enumerate(YAKU_ORDER) if bits >> i & 1]


# --------------------------------------------------------------------------- scoring


def score_batch(batch: HandBatch, options: RiichiOptions | None = None) -> BatchScores:
    """Score every hand of a batch; same rules and answers as ``score``.

    Sanma when ``options`` is a :class:`~mahjong_rules.options.SanmaOptions` (pack the
    batch with ``sanma=True`` so that dora wrap 1m/9m). A batch packed by
    :meth:`HandBatch.from_hands` is scored from the memo of hand shapes
    (:mod:`~mahjong_rules.scoring.batch_memo`: each shape's readings and yaku worked out
    once), any other by the plain path (:mod:`~mahjong_rules.scoring.batch_eval`); the
    answers are the same.

    Raises:
        OptionsError: options without ippatsu, ura dora, kan dora or kan ura, or with
            renhou (score those hands one by one with ``score``).
        InvalidArgumentError: ``bad_input`` when ``batch`` is not a :class:`HandBatch` or
            ``options`` not riichi or sanma options.
    """
    options = options if options is not None else RiichiOptions()
    if not isinstance(batch, HandBatch):
        raise InvalidArgumentError(Reason.BAD_INPUT, "score_batch takes a HandBatch (built by "
                                   f"HandBatch.from_hands), not {type(batch).__name__}")
    if not isinstance(options, RiichiOptions):
        raise options_error(options)
    if not (options.ippatsu_yaku and options.ura_dora and options.kan_dora and options.kan_ura):
        raise OptionsError("score_batch plays with ippatsu, ura dora, kan dora and kan ura;"
                           " score() each hand under options without them")
    if options.renhou is not Renhou.OFF:
        raise OptionsError("score_batch plays without renhou; score() each hand under "
                           "options with it")
    fields = score_from_memo(batch, options)
    if fields is None:
        fields = score_plainly(batch, options)
    return BatchScores(**fields)  # type: ignore[arg-type]
