"""The settlement at the end of a riichi game: ranks, leftover sticks, uma, oka, rounding.

One pure function of the final points, the sticks left on the table and the options, read
by the riichi and sanma rulesets' ``result()``.

.. versionadded:: 0.3
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from mahjong_rules.options import FinalRounding, LeftoverSticks, RiichiOptions, TiedRanks

__all__ = ["final_scores", "rank_bonuses"]


def rank_bonuses(points: list[int], order: list[int], options: RiichiOptions) -> list[Fraction]:
    """Uma and oka in points by rank (``order``: the seats, first to last).

    With ``tied_ranks=SHARE`` the seats of equal ``points`` share the bonuses of the
    ranks they span equally (kept exact: a third of a point stays a third).

    Examples:
        >>> from mahjong_rules.options import RiichiOptions, TiedRanks
        >>> share = RiichiOptions(tied_ranks=TiedRanks.SHARE)
        >>> [int(b) for b in rank_bonuses([30000, 30000, 20000, 20000], [0, 1, 2, 3], share)]
        [25000, 25000, -15000, -15000]
        >>> [int(b) for b in rank_bonuses([30000, 30000, 20000, 20000], [0, 1, 2, 3],
        ...                               RiichiOptions())]
        [40000, 10000, -10000, -20000]
    """
    n = len(order)
    oka = (options.return_points - options.start_points) * n
    bonus = [Fraction(1000 * options.uma[rank] + (oka if rank == 0 else 0))
             for rank in range(n)]
    if options.tied_ranks is TiedRanks.SEAT_ORDER:
        return bonus
    rank = 0
    while rank < n:
        end = rank + 1
        while end < n and points[order[end]] == points[order[rank]]:
            end += 1
        share = sum(bonus[rank:end], Fraction(0)) / (end - rank)
        bonus[rank:end] = [share] * (end - rank)
        rank = end
    return bonus


def final_scores(points: list[int], deposits: int, options: RiichiOptions, *,
                 chombos: Sequence[int] = ()) -> tuple[list[int], list[int], list[float]]:
    """The ranking of a finished game: seats first to last, final points, scores by rank.

    Seats are ranked by points, ties by seat order (the seat nearer the first dealer
    first). The ``deposits`` riichi sticks left on the table go to the first
    (``leftover_sticks=TO_FIRST``) or are lost. A seat's score is
    ``(final points - return_points) / 1000`` plus its uma, and oka for the first,
    rounded by ``final_rounding``; then ``chombo_penalty`` is taken off the score of each
    seat for each of its ``chombos`` (by seat; none when empty), the ranking unchanged.

    Examples:
        >>> from mahjong_rules.options import LeftoverSticks, RiichiOptions
        >>> final_scores([35000, 25000, 22000, 17000], 1, RiichiOptions())
        ([0, 1, 2, 3], [36000, 25000, 22000, 17000], [46.0, 5.0, -18.0, -33.0])
        >>> final_scores([35000, 25000, 22000, 17000], 1,
        ...              RiichiOptions(leftover_sticks=LeftoverSticks.LOST))
        ([0, 1, 2, 3], [35000, 25000, 22000, 17000], [45.0, 5.0, -18.0, -33.0])
        >>> final_scores([35000, 25000, 22000, 17000], 0, RiichiOptions(chombo_penalty=20),
        ...              chombos=[0, 2, 0, 0])
        ([0, 1, 2, 3], [35000, 25000, 22000, 17000], [45.0, -35.0, -18.0, -33.0])
    """
    n = len(points)
    order = sorted(range(n), key=lambda s: (-points[s], s))
    final = list(points)
    if options.leftover_sticks is LeftoverSticks.TO_FIRST:
        final[order[0]] += 1000 * deposits
    values = [final[s] - options.return_points + bonus
              for s, bonus in zip(order, rank_bonuses(points, order, options), strict=True)]
    scores: list[float]
    if options.final_rounding is FinalRounding.INTEGER:
        # every seat but the first half up (JavaScript's Math.round, toward plus infinity),
        # exactly; the first gets the rest of the total (0, or minus the lost sticks)
        rest = [math.floor(v / 1000 + Fraction(1, 2)) for v in values[1:]]
        scores = [math.floor(sum(values, Fraction(0)) / 1000) - sum(rest), *rest]
    else:
        scores = [round(float(v) / 1000, 1) for v in values]
    if options.chombo_penalty and chombos:
        scores = [score - options.chombo_penalty * chombos[s]
                  for s, score in zip(order, scores, strict=True)]
    return order, final, scores
