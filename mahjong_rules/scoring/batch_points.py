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

from typing import Final

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.options import PaoRonHonba, RiichiOptions, SanmaOptions, SanmaTsumo

__all__ = ["base_points", "payments_of"]


def _round_up(points: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.asarray(-(-points // 100) * 100, dtype=np.int64)


_LIMIT_BASE: Final = np.array([0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000,
                               8000], dtype=np.int64)
"""The base points of a limit hand by han (13: 13 or more, counted yakuman)."""
_LIMIT_CODE: Final = np.array([0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3, 4, 4, 5], dtype=np.int64)


def base_points(han: NDArray[np.int64], fu: NDArray[np.int64], yakuman: NDArray[np.int64],
                options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Base points and limit codes (as ``BatchScores.limit``) of rows of han, fu, yakuman."""
    base = fu * 2 ** (han + 2)
    normal_limit = base >= 2000
    if options.kiriage_mangan:
        kiriage = ((han == 4) & (fu == 30)) | ((han == 3) & (fu == 60))
        normal_limit |= kiriage
        base = np.where(kiriage, 2000, base)
    base = np.minimum(base, 2000)
    tier = np.minimum(han, 13 if options.kazoe_yakuman else 12)
    code = _LIMIT_CODE[tier]
    paid = yakuman if options.yakuman_stacking else np.minimum(yakuman, 1)
    is_yakuman = yakuman > 0
    base = np.where(is_yakuman, 8000 * paid, np.where(code > 0, _LIMIT_BASE[tier], base))
    limit = np.where(is_yakuman, 5, np.where(code > 0, code, normal_limit))
    return base.astype(np.int64), limit.astype(np.int64)


def payments_of(base: NDArray[np.int64], *, dealer: NDArray[np.bool_], tsumo: NDArray[np.bool_],
             honba: NDArray[np.int64], sticks: NDArray[np.int64],
             liable_base: NDArray[np.int64], rinshan_pao: NDArray[np.bool_],
             options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each row's payments and the winner's total.

    The payments are four rows (discarder, dealer, non-dealer, liable) of ``R`` columns;
    the liable player's parts are worked out only when a row has one.
    """
    players = options.players
    honba_total = options.honba_points * honba
    multiplier = np.where(dealer, 6, 4)
    ron = _round_up(base * multiplier)
    with_pao = liable_base > 0
    pao = bool(with_pao.any())
    if pao:
        pao_part = _round_up(liable_base * multiplier)
        liable_ron = pao_part // 2 // 100 * 100
        if options.pao_ron_honba is PaoRonHonba.LIABLE:
            liable_honba = honba_total
        elif options.pao_ron_honba is PaoRonHonba.SPLIT:
            liable_honba = honba_total // 2 // 100 * 100
        else:
            liable_honba = np.zeros(len(base), dtype=np.int64)
        liable_honba = np.where(with_pao, liable_honba, 0)
        discarder = np.where(tsumo, 0, ron - liable_ron + honba_total - liable_honba)
        liable = np.where(tsumo, 0, liable_ron + liable_honba)
        rest = base - liable_base
    else:
        discarder = np.where(tsumo, 0, ron + honba_total)
        liable = np.zeros(len(base), dtype=np.int64)
        rest = base
    # tsumo
    two = _round_up(2 * rest)
    one = _round_up(rest)
    sanma = isinstance(options, SanmaOptions)
    extra: NDArray[np.int64] | int = 0
    if isinstance(options, SanmaOptions) and options.sanma_tsumo is SanmaTsumo.NORTH_BISECTION:
        extra = _round_up((np.where(dealer, two, one) + 1) // 2)
    payers = players - 1
    per_honba = np.where(with_pao, 0, honba_total // payers) if pao else honba_total // payers
    paying = tsumo & (rest > 0)
    from_dealer = np.where(paying & ~dealer, two + extra + per_honba, 0)
    from_others = np.where(paying, np.where(dealer, two, one) + extra + per_honba, 0)
    if pao:
        liable = np.where(tsumo & with_pao, pao_part + honba_total, liable)
    rinshan = tsumo & rinshan_pao & ~with_pao
    if rinshan.any():
        extra_whole = extra if sanma else 0
        whole = np.where(dealer, payers * (_round_up(2 * base) + extra_whole),
                         _round_up(2 * base) + (payers - 1) * _round_up(base)
                         + payers * extra_whole)
        discarder = np.where(rinshan, 0, discarder)
        from_dealer = np.where(rinshan, 0, from_dealer)
        from_others = np.where(rinshan, 0, from_others)
        liable = np.where(rinshan, whole + honba_total, liable)
    non_dealers = np.where(dealer, players - 1, players - 2)
    total = discarder + from_dealer + from_others * non_dealers + liable + 1000 * sticks
    pay = np.stack([discarder, from_dealer, from_others, liable])
    return np.asarray(pay, dtype=np.int64), np.asarray(total, dtype=np.int64)
