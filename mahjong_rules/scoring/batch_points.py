"""Points of batch scoring: base points, limits and payments of many readings at once.

The array twins of :func:`~mahjong_rules.scoring.riichi_points.base_points` and
:func:`~mahjong_rules.scoring.riichi_points.payments` (:func:`payments_of`); the batch's
tests compare :func:`~mahjong_rules.scoring.score_batch` with ``score`` hand by hand.

Examples:
    >>> import numpy as np
    >>> base, limit = base_points(np.array([1, 5]), np.array([30, 30]), np.array([0, 0]),
    ...                           RiichiOptions())
    >>> base.tolist(), limit.tolist()
    ([240, 2000], [0, 1])

.. versionadded:: 0.3
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.options import PaoRonHonba, RiichiOptions, SanmaOptions, SanmaTsumo

__all__ = ["base_points", "payments_of"]


def _round_up(points: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.asarray(-(-points // 100) * 100, dtype=np.int64)


def base_points(han: NDArray[np.int64], fu: NDArray[np.int64], yakuman: NDArray[np.int64],
                options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Base points and limit codes (as ``BatchScores.limit``) of rows of han, fu, yakuman."""
    base = fu * 2 ** (han + 2)
    kiriage = options.kiriage_mangan & (((han == 4) & (fu == 30)) | ((han == 3) & (fu == 60)))
    normal_limit = np.where((base >= 2000) | kiriage, 1, 0)
    base = np.minimum(np.where(kiriage, 2000, base), 2000)
    conditions = [yakuman > 0, (han >= 13) & options.kazoe_yakuman, han >= 11, han >= 8,
                  han >= 6, han >= 5]
    paid = yakuman if options.yakuman_stacking else np.minimum(yakuman, 1)
    base = np.select(conditions, [8000 * paid, 8000, 6000, 4000, 3000, 2000], base)
    limit = np.select(conditions, [5, 5, 4, 3, 2, 1], normal_limit)
    return base.astype(np.int64), limit.astype(np.int64)


def payments_of(base: NDArray[np.int64], *, dealer: NDArray[np.bool_], tsumo: NDArray[np.bool_],
             honba: NDArray[np.int64], sticks: NDArray[np.int64],
             liable_base: NDArray[np.int64], rinshan_pao: NDArray[np.bool_],
             options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each row's payments (discarder, dealer, non-dealer, liable) and the winner's total."""
    players = options.players
    honba_total = options.honba_points * honba
    r = len(base)
    pay = np.zeros((r, 4), dtype=np.int64)  # discarder, dealer, non-dealer, liable
    multiplier = np.where(dealer, 6, 4)
    ron = _round_up(base * multiplier)
    pao_part = _round_up(liable_base * multiplier)
    liable_ron = pao_part // 2 // 100 * 100
    if options.pao_ron_honba is PaoRonHonba.LIABLE:
        liable_honba = honba_total
    elif options.pao_ron_honba is PaoRonHonba.SPLIT:
        liable_honba = honba_total // 2 // 100 * 100
    else:
        liable_honba = np.zeros(r, dtype=np.int64)
    liable_honba = np.where(liable_base > 0, liable_honba, 0)
    # ron
    pay[:, 0] = np.where(tsumo, 0, ron - liable_ron + honba_total - liable_honba)
    pay[:, 3] = np.where(tsumo, 0, liable_ron + liable_honba)
    # tsumo
    rest = base - liable_base
    two = _round_up(2 * rest)
    one = _round_up(rest)
    if isinstance(options, SanmaOptions) and options.sanma_tsumo is SanmaTsumo.NORTH_BISECTION:
        extra = _round_up((np.where(dealer, two, one) + 1) // 2)
    else:
        extra = np.zeros(r, dtype=np.int64)
    payers = players - 1
    with_pao = liable_base > 0
    per_honba = np.where(with_pao, 0, honba_total // payers)
    pay[:, 1] = np.where(tsumo & ~dealer & (rest > 0), two + extra + per_honba, pay[:, 1])
    pay[:, 2] = np.where(tsumo & (rest > 0), np.where(dealer, two, one) + extra + per_honba,
                         pay[:, 2])
    pay[:, 3] = np.where(tsumo & with_pao, pao_part + honba_total, pay[:, 3])
    extra_whole = extra if isinstance(options, SanmaOptions) else 0
    whole = np.where(dealer, payers * (_round_up(2 * base) + extra_whole),
                     _round_up(2 * base) + (payers - 1) * _round_up(base)
                     + payers * extra_whole)
    rinshan = tsumo & rinshan_pao & ~with_pao
    pay[rinshan] = 0
    pay[:, 3] = np.where(rinshan, whole + honba_total, pay[:, 3])
    non_dealers = np.where(dealer, players - 1, players - 2)
    total = pay[:, 0] + pay[:, 1] + pay[:, 2] * non_dealers + pay[:, 3] + 1000 * sticks
    return pay, total
