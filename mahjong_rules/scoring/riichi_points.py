"""Riichi points from the formula, never from a table.

Limits, payments, honba, deposits, sanma tsumo, pao, and who takes deposits on a
multiple ron (seeds/000 5.7, 6.4, 6.5).

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjong_rules.options import PaoRonHonba, RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.outcome import Limit
from mahjong_rules.scoring.hand import Liability

__all__ = ["base_points", "multiple_ron_order", "payments", "round_up", "seat_deltas"]

YAKUMAN_BASE = 8000


def round_up(points: int) -> int:
    """Round up to a multiple of 100.

    Examples:
        >>> round_up(3840), round_up(3900)
        (3900, 3900)
    """
    return -(-points // 100) * 100


def base_points(
    han: int, fu: int, yakuman: int, options: RiichiOptions
) -> tuple[int, Limit | None]:
    """Basic points and the limit reached.

    Examples:
        >>> base_points(4, 30, 0, RiichiOptions())
        (1920, None)
        >>> base_points(4, 30, 0, RiichiOptions(kiriage_mangan=True))
        (2000, <Limit.MANGAN: 'mangan'>)
        >>> base_points(13, 30, 0, RiichiOptions(kazoe_yakuman=False))
        (6000, <Limit.SANBAIMAN: 'sanbaiman'>)
    """
    if yakuman:  # without yakuman_stacking, at most one yakuman is paid
        return YAKUMAN_BASE * (yakuman if options.yakuman_stacking else 1), Limit.YAKUMAN
    if han >= 13 and options.kazoe_yakuman:
        return YAKUMAN_BASE, Limit.YAKUMAN
    if han >= 11:
        return 6000, Limit.SANBAIMAN
    if han >= 8:
        return 4000, Limit.BAIMAN
    if han >= 6:
        return 3000, Limit.HANEMAN
    if han >= 5:
        return 2000, Limit.MANGAN
    base = fu * 2 ** (han + 2)
    if base >= 2000 or (options.kiriage_mangan and (han, fu) in ((4, 30), (3, 60))):
        return 2000, Limit.MANGAN
    return base, None


def payments(
    base: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int,
    options: RiichiOptions,
    liability: Liability | None = None,
    liable_base: int = 0,
) -> dict[str, int]:
    """What each payer pays, by role, honba included.

    ``liable_base`` is the part of ``base`` the liable player answers for (the pao
    yakuman); with :attr:`Liability.OPEN_KAN_RINSHAN` the liable player pays a tsumo
    alone. A pao ron's honba is paid as ``pao_ron_honba`` says.

    Examples:
        >>> payments(1920, dealer=True, tsumo=True, honba=0, options=RiichiOptions())
        {'non_dealer': 3900}
        >>> payments(2000, dealer=False, tsumo=True, honba=1, options=RiichiOptions())
        {'dealer': 4100, 'non_dealer': 2100}
        >>> payments(2000, dealer=False, tsumo=True, honba=0, options=SanmaOptions())
        {'dealer': 4000, 'non_dealer': 2000}
        >>> from mahjong_rules.options import PaoRonHonba
        >>> payments(8000, dealer=False, tsumo=False, honba=3, options=RiichiOptions(),
        ...          liability=Liability.YAKUMAN, liable_base=8000)
        {'discarder': 16900, 'liable': 16000}
        >>> payments(8000, dealer=False, tsumo=False, honba=3, liability=Liability.YAKUMAN,
        ...          liable_base=8000, options=RiichiOptions(pao_ron_honba=PaoRonHonba.SPLIT))
        {'discarder': 16500, 'liable': 16400}
    """
    players = options.players
    honba_total = options.honba_points * honba
    if not tsumo:
        ron = round_up(base * (6 if dealer else 4))
        if liability is Liability.YAKUMAN and liable_base:
            pao_part = round_up(liable_base * (6 if dealer else 4))
            liable = pao_part // 2 // 100 * 100  # the discarder takes the rounding
            liable_honba = _liable_ron_honba(honba_total, options)
            return {"discarder": ron - liable + honba_total - liable_honba,
                    "liable": liable + liable_honba}
        return {"discarder": ron + honba_total}
    payers = players - 1
    if liability is Liability.OPEN_KAN_RINSHAN:
        # the liable seat pays alone what the payers together would have paid
        shares = _tsumo_shares(base, dealer=dealer, options=options)
        whole = (payers * shares["non_dealer"] if dealer
                 else shares["dealer"] + (payers - 1) * shares["non_dealer"])
        return {"liable": whole + honba_total}
    if liability is Liability.YAKUMAN and liable_base:
        rest = base - liable_base
        shares = _tsumo_shares(rest, dealer=dealer, options=options) if rest else {}
        liable = round_up(liable_base * (6 if dealer else 4)) + honba_total
        return {**shares, "liable": liable}
    shares = _tsumo_shares(base, dealer=dealer, options=options)
    per_payer_honba = honba_total // payers
    return {role: amount + per_payer_honba for role, amount in shares.items()}


def _liable_ron_honba(honba_total: int, options: RiichiOptions) -> int:
    """The liable seat's part of a ron's honba under pao (``pao_ron_honba``)."""
    if options.pao_ron_honba is PaoRonHonba.LIABLE:
        return honba_total
    if options.pao_ron_honba is PaoRonHonba.SPLIT:
        return honba_total // 2 // 100 * 100  # the discarder takes the rounding
    return 0


def _tsumo_shares(base: int, *, dealer: bool, options: RiichiOptions) -> dict[str, int]:
    shares = ({"non_dealer": round_up(2 * base)} if dealer
              else {"dealer": round_up(2 * base), "non_dealer": round_up(base)})
    if isinstance(options, SanmaOptions) and options.sanma_tsumo is SanmaTsumo.NORTH_BISECTION:
        north_share = round_up(2 * base) if dealer else round_up(base)
        extra = round_up((north_share + 1) // 2)
        shares = {role: amount + extra for role, amount in shares.items()}
    return shares


def seat_deltas(
    result_payments: Mapping[str, int],
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    liable: int | None,
    players: int,
    deposits: int = 0,
) -> list[int]:
    """Point changes of every seat for one win (deposits go to the winner).

    Examples:
        >>> seat_deltas({"dealer": 4000, "non_dealer": 2000}, winner=1, dealer=0,
        ...             discarder=None, liable=None, players=4)
        [-4000, 8000, -2000, -2000]
    """
    deltas = [0] * players
    for role, amount in result_payments.items():
        if role == "discarder":
            payers = [discarder]
        elif role == "liable":
            payers = [liable]
        elif role == "dealer":
            payers = [dealer]
        else:
            payers = [s for s in range(players) if s not in (winner, dealer)] if (
                winner != dealer) else [s for s in range(players) if s != winner]
        for seat in payers:
            if seat is None:
                raise ValueError(f"role {role!r} needs a seat")
            deltas[seat] -= amount
            deltas[winner] += amount
    deltas[winner] += deposits
    return deltas


def multiple_ron_order(discarder: int, winners: Sequence[int], players: int) -> list[int]:
    """Winners in turn order from the discarder.

    The first takes the honba and the deposits (with head bump, it is the only winner);
    score the others with ``honba=0`` and ``riichi_sticks=0``.

    Examples:
        >>> multiple_ron_order(2, [1, 3], 4)
        [3, 1]
    """
    return sorted(winners, key=lambda seat: (seat - discarder) % players)
