"""Packing winning hands into the arrays of a batch: the fast loop behind ``from_hands``.

:meth:`~mahjong_rules.scoring.batch.HandBatch.from_hands` packs through
:func:`pack_hands`; its plain twin, ``HandBatch.from_hands_readable``, writes the same
arrays cell by cell (the tests compare the two). The fast loop counts each hand into a
few flat ``bytearray`` and ``list`` buffers and turns them into arrays once, at the end.
A hand the fast loop does not expect (a flower, too many melds or indicators, a wind
outside 0..3) is packed by the readable loop's row function instead (``fallback``), so
the rare cases keep exactly one implementation.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from mahjong_rules.scoring.hand import Liability, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi_plan import dora_of
from mahjong_rules.tiles import Tile

__all__ = ["pack_hands"]

_MELD_CODE: Final = {MeldKind.CHI: 1, MeldKind.PON: 2, MeldKind.DAIMINKAN: 3,
                     MeldKind.KAKAN: 4, MeldKind.ANKAN: 5}
_YAKUMAN: Final = Liability.YAKUMAN
_SIZE: Final = {1: 3, 2: 3, 3: 4, 4: 4, 5: 4}
"""Tiles of a meld by its code."""


_TARGETS: Final = (tuple(dora_of(k, sanma=False) for k in range(34)),
                   tuple(dora_of(k, sanma=True) for k in range(34)))
_RED_ALLOWED: Final = (frozenset((4, 13, 22)), frozenset((13, 22)))

class _UnusualError(Exception):
    """A hand the fast loop leaves to the readable row function."""


Arrays = dict[str, Any]
"""The packed fields of a ``HandBatch``, by name."""
RowPacker = Callable[[Arrays, int, WinningHand, WinContext, bool], None]
"""The readable loop's row function: writes one hand into the arrays."""


def pack_hands(hands: Sequence[tuple[WinningHand, WinContext]], *, sanma: bool,
               fallback: RowPacker) -> Arrays:
    """The fields of a ``HandBatch`` of ``hands``, as ``from_hands`` documents them.

    ``fallback`` packs a hand the fast loop leaves out (a flower, more than four melds,
    more than five indicators of a kind, a meld without tiles, a wind outside 0..3) into
    the finished arrays.
    """
    n = len(hands)
    concealed = bytearray(34 * n)
    physical = bytearray(34 * n)
    dora = bytearray(34 * n)
    ura = bytearray(34 * n)
    win = bytearray(n)
    meld_kind = bytearray(4 * n)
    meld_first = bytearray(4 * n)
    red = [0] * n
    flags = [0] * n
    seat_wind = bytearray(n)
    round_wind = bytearray(n)
    kita_column = [0] * n
    honba_column = [0] * n
    sticks_column = [0] * n
    liability = bytearray(n)
    bad = bytearray(n)
    target = _TARGETS[sanma]
    allowed = _RED_ALLOWED[sanma]
    meld_code = _MELD_CODE
    size_of = _SIZE
    left: list[int] = []
    for row, (hand, context) in enumerate(hands):
        try:
            base = 34 * row
            melds = hand.melds
            dora_indicators = context.dora_indicators
            ura_indicators = context.ura_indicators
            seat, prevalent = context.seat_wind, context.round_wind
            if len(melds) > 4 or len(dora_indicators) > 5 or len(ura_indicators) > 5 or not (
                    0 <= seat < 4 and 0 <= prevalent < 4):
                raise _UnusualError  # noqa: TRY301 (one way out of the row for every case)
            reds: list[int] = []
            win_kind = hand.win[0]
            concealed_tiles = (*hand.concealed, hand.win)
            for kind, is_red in concealed_tiles:
                if kind >= 34:
                    raise _UnusualError  # noqa: TRY301
                concealed[base + kind] += 1
                if is_red:
                    reds.append(kind)
            win[row] = win_kind
            bad_row = False
            slot = 4 * row
            meld_tiles: list[Tile] = []
            for meld in melds:
                code = meld_code[meld.kind]
                tiles = meld.tiles
                kinds = sorted([tile[0] for tile in tiles])
                if not kinds or kinds[-1] >= 34:
                    raise _UnusualError  # noqa: TRY301
                first = kinds[0]
                meld_kind[slot] = code
                meld_first[slot] = first
                slot += 1
                if len(kinds) != size_of[code]:
                    bad_row = True
                elif code == 1:
                    if first >= 27 or first % 9 > 6 or kinds[1] != first + 1 or (
                            kinds[2] != first + 2):
                        bad_row = True
                elif kinds[-1] != first:
                    bad_row = True
                meld_tiles += tiles
            for kind, is_red in meld_tiles:
                if is_red:
                    reds.append(kind)
            red[row] = len(reds)
            for indicators, targets in ((dora_indicators, dora), (ura_indicators, ura)):
                for kind, is_red in indicators:
                    if kind >= 34:
                        raise _UnusualError  # noqa: TRY301
                    physical[base + kind] += 1
                    targets[base + target[kind]] += 1
                    if is_red:
                        reds.append(kind)
            for kind, _red in concealed_tiles:
                physical[base + kind] += 1
            for kind, _red in meld_tiles:
                physical[base + kind] += 1
        except _UnusualError:
            left.append(row)
            continue
        kita = context.kita
        if kita > 0:
            physical[base + 30] += min(kita, 5)
        if reds and (len(set(reds)) != len(reds) or not allowed.issuperset(reds)):
            bad_row = True
        flags[row] = (context.tsumo | context.riichi << 1 | context.double_riichi << 2
                      | context.ippatsu << 3 | context.haitei << 4 | context.houtei << 5
                      | context.rinshan << 6 | context.chankan << 7 | context.tenhou << 8
                      | context.chiihou << 9)
        seat_wind[row] = seat
        round_wind[row] = prevalent
        honba, sticks = context.honba, context.riichi_sticks
        kita_column[row] = kita
        honba_column[row] = honba
        sticks_column[row] = sticks
        held = context.liability
        if held is not None:
            liability[row] = 1 if held is _YAKUMAN else 2  # open-kan rinshan
        if bad_row or kita < 0 or honba < 0 or sticks < 0:
            bad[row] = 1
    arrays: Arrays = {
        "concealed": np.frombuffer(concealed, dtype=np.uint8).reshape(n, 34),
        "win": np.frombuffer(win, dtype=np.int8),
        "meld_kind": np.frombuffer(meld_kind, dtype=np.int8).reshape(n, 4),
        "meld_first": np.frombuffer(meld_first, dtype=np.int8).reshape(n, 4),
        "red": np.array(red, dtype=np.int16),
        "dora_targets": np.frombuffer(dora, dtype=np.uint8).reshape(n, 34),
        "ura_targets": np.frombuffer(ura, dtype=np.uint8).reshape(n, 34),
        "flags": np.array(flags, dtype=np.int32),
        "seat_wind": np.frombuffer(seat_wind, dtype=np.int8),
        "round_wind": np.frombuffer(round_wind, dtype=np.int8),
        "kita": np.array(kita_column, dtype=np.int32).astype(np.int16),
        "honba": np.array(honba_column, dtype=np.int32),
        "riichi_sticks": np.array(sticks_column, dtype=np.int32),
        "liability": np.frombuffer(liability, dtype=np.int8),
        "physical": np.frombuffer(physical, dtype=np.uint8).reshape(n, 34),
        "bad_input": np.frombuffer(bad, dtype=np.bool_),
    }
    for row in left:
        _clear_row(arrays, row)
        fallback(arrays, row, *hands[row], sanma)
    return arrays


def _clear_row(arrays: Arrays, row: int) -> None:
    """Zero one row of every array (a hand the fast loop began, then left)."""
    for values in arrays.values():
        values[row] = 0
