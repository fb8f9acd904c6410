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

import struct
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from mahjong_rules.scoring.hand import Liability, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi_plan import CLEARERS, dora_of
from mahjong_rules.tiles import Tile

__all__ = [
    "CONTEXT_RECORD",
    "HAND_RECORD",
    "Generation",
    "Shaped",
    "clear_shapes",
    "generation",
    "pack_hands",
    "pack_shapes",
]

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


# --------------------------------------------------------------------------- by shape
#
# The packing by shape: each distinct hand (its concealed tiles, winning tile and melds)
# is packed once into a record of bytes, and so is each distinct context; a batch is
# then the records of its hands and contexts joined (C) and read as arrays (numpy), so
# that packing a hand met before is two dictionary lookups. The caches are keyed by
# value (``WinningHand`` and ``WinContext`` are frozen and hash once) and bounded; every
# hand also gets the id of its shape, which the memo of batch scoring
# (:mod:`~mahjong_rules.scoring.batch_memo`) keys its readings by.

HAND_RECORD: Final = np.dtype([
    ("hid", "<i4"), ("red", "<i2"), ("win", "i1"), ("red_mask", "u1"), ("bad", "u1", (2,)),
    ("meld_kind", "i1", (4,)), ("meld_first", "i1", (4,)), ("concealed", "u1", (34,)),
    ("tally", "u1", (34,)), ("pad", "V2")])
"""A hand's record: its id, red fives (count, and bits 1 4m 2 4p 4 4s), whether it is bad
(riichi, sanma), the melds, the concealed tiles with the winning tile, every tile."""
CONTEXT_RECORD: Final = np.dtype([
    ("flags", "<i4"), ("honba", "<i4"), ("sticks", "<i4"), ("kita", "<i2"),
    ("kita_dora", "<i2"), ("seat", "i1"), ("round", "i1"), ("liability", "i1"),
    ("red_mask", "u1"), ("bad", "u1"), ("tsumo", "u1"), ("targets", "u1", (10,)),
    ("dora", "u1", (34,)), ("ura", "u1", (34,)), ("shown", "u1", (34,)), ("pad", "V2")])
"""A context's record: the flags and counts, the kita's dora, the kinds the dora and (with
riichi) the ura indicators point at (34: none), the indicators' targets and tiles by kind
(kita included)."""
_HAND_HEAD: Final = struct.Struct("<ihbB2B")
_CONTEXT_HEAD: Final = struct.Struct("<iiihhbbbBBB")
_RED_BIT: Final = {4: 1, 13: 2, 22: 4}
_HAND_LIMIT: Final = 1 << 15
"""Hands the packing cache keeps (then it starts again, under a new generation)."""
_CONTEXT_LIMIT: Final = 1 << 16
_HANDS: Final[dict[WinningHand, bytes]] = {}
_CONTEXTS: Final[tuple[dict[WinContext, bytes], dict[WinContext, bytes]]] = ({}, {})


class Generation:
    """The shape ids of one filling of the hand cache (a new one each time it is emptied)."""


_STATE: Final[list[Generation]] = [Generation()]


def generation() -> Generation:
    """The current generation: a batch's shape ids hold while it is current."""
    return _STATE[0]


def clear_shapes() -> None:
    """Empty the packing caches (a new generation: earlier shape ids no longer hold)."""
    _HANDS.clear()
    for contexts in _CONTEXTS:
        contexts.clear()
    _STATE[0] = Generation()


CLEARERS.append(clear_shapes)


def _hand_record(hand: WinningHand, hid: int) -> bytes:
    """The record of a hand (raises ``_UnusualError`` for one the readable row packs)."""
    melds = hand.melds
    if len(melds) > 4:
        raise _UnusualError
    concealed = bytearray(34)
    reds: list[int] = []
    win_kind = hand.win[0]
    for kind, is_red in (*hand.concealed, hand.win):
        if not 0 <= kind < 34:
            raise _UnusualError
        concealed[kind] += 1
        if is_red:
            reds.append(kind)
    tally = bytearray(concealed)
    kinds_of = bytearray(4)
    firsts = bytearray(4)
    bad = False
    for slot, meld in enumerate(melds):
        code = _MELD_CODE[meld.kind]
        kinds = sorted([tile[0] for tile in meld.tiles])
        if not kinds or kinds[-1] >= 34 or kinds[0] < 0:
            raise _UnusualError
        first = kinds[0]
        kinds_of[slot] = code
        firsts[slot] = first
        if len(kinds) != _SIZE[code]:
            bad = True
        elif code == 1:
            if first >= 27 or first % 9 > 6 or kinds[1] != first + 1 or kinds[2] != first + 2:
                bad = True
        elif kinds[-1] != first:
            bad = True
        for kind, is_red in meld.tiles:
            tally[kind] += 1
            if is_red:
                reds.append(kind)
    twice = len(set(reds)) != len(reds)
    mask = 0
    for red_kind in set(reds):
        mask |= _RED_BIT.get(red_kind, 0)
    return b"".join((
        _HAND_HEAD.pack(hid, len(reds), win_kind, mask,
                        bad or twice or not _RED_ALLOWED[0].issuperset(reds),
                        bad or twice or not _RED_ALLOWED[1].issuperset(reds)),
        kinds_of, firsts, concealed, tally, b"\0\0"))


def _context_record(context: WinContext, sanma: bool) -> bytes:
    """The record of a context (raises ``_UnusualError`` for one the readable row packs)."""
    dora_indicators = context.dora_indicators
    ura_indicators = context.ura_indicators
    seat, prevalent = context.seat_wind, context.round_wind
    if len(dora_indicators) > 5 or len(ura_indicators) > 5 or not (
            0 <= seat < 4 and 0 <= prevalent < 4):
        raise _UnusualError
    target = _TARGETS[sanma]
    dora = bytearray(34)
    ura = bytearray(34)
    shown = bytearray(34)
    reds: list[int] = []
    for indicators, targets in ((dora_indicators, dora), (ura_indicators, ura)):
        for kind, is_red in indicators:
            if not 0 <= kind < 34:
                raise _UnusualError
            shown[kind] += 1
            targets[target[kind]] += 1
            if is_red:
                reds.append(kind)
    kita, honba, sticks = context.kita, context.honba, context.riichi_sticks
    if kita > 0:
        shown[30] += min(kita, 5)
    mask = 0
    for red_kind in set(reds):
        mask |= _RED_BIT.get(red_kind, 0)
    bad = (bool(reds) and (len(set(reds)) != len(reds)
                           or not _RED_ALLOWED[sanma].issuperset(reds))) or (
        kita < 0 or honba < 0 or sticks < 0)
    riichi = context.riichi or context.double_riichi
    pointed = [target[kind] for kind, _red in dora_indicators]
    if riichi:
        pointed += [target[kind] for kind, _red in ura_indicators]
    kita_dora = kita * (1 + pointed.count(30))
    pointed += [34] * (10 - len(pointed))
    flags = (context.tsumo | context.riichi << 1 | context.double_riichi << 2
             | context.ippatsu << 3 | context.haitei << 4 | context.houtei << 5
             | context.rinshan << 6 | context.chankan << 7 | context.tenhou << 8
             | context.chiihou << 9)
    held = context.liability
    liability = 0 if held is None else 1 if held is _YAKUMAN else 2
    return b"".join((
        _CONTEXT_HEAD.pack(flags, honba, sticks, kita, kita_dora, seat, prevalent, liability,
                           mask, bad, flags & 1),
        bytes(pointed), dora, ura, shown, b"\0\0"))


def _fill(records: list[bytes | None], keys: Sequence[Any], cache: dict[Any, bytes],
          make: Callable[[Any, Any], bytes], extra: Callable[[dict[Any, bytes]], Any]) -> None:
    """Fill the records not found in ``cache`` (each made once, by ``make(key, extra)``)."""
    for row, record in enumerate(records):
        if record is None:
            key = keys[row]
            found = cache.get(key)
            if found is None:
                found = cache[key] = make(key, extra(cache))
            records[row] = found


Shaped = tuple[Arrays, dict[str, Any]]
"""What :func:`pack_shapes` gives: the fields, and what the memo of batch scoring reads
besides: ``shapes`` (the shape ids), their ``generation``, the ``pairs`` packed (hands and
contexts, two tuples), the ``targets`` (N, 10) and ``kita_dora`` of each hand's context."""


def pack_shapes(hands: Sequence[tuple[WinningHand, WinContext]], *,
                sanma: bool) -> Shaped | None:
    """The fields of a ``HandBatch`` of ``hands``, and each hand's shape id (:data:`Shaped`).

    ``None`` for a batch the packing by shape leaves to :func:`pack_hands`: empty, or
    holding a hand or context unusual (see :func:`pack_hands`), unhashable or not a pair.
    Shape ``2 * hand id + tsumo``.
    """
    try:
        hand_list, contexts = zip(*hands, strict=True)
        records = list(map(_HANDS.get, hand_list))
        if None in records:
            new = len({hand for hand, record in zip(hand_list, records, strict=True)
                       if record is None})
            if new > _HAND_LIMIT:
                return None
            if len(_HANDS) + new > _HAND_LIMIT:  # full: start a new generation
                clear_shapes()
                records = [None] * len(hand_list)
            _fill(records, hand_list, _HANDS, _hand_record, len)
        context_cache = _CONTEXTS[sanma]
        context_records = list(map(context_cache.get, contexts))
        if None in context_records:
            if len(context_cache) + len(contexts) > _CONTEXT_LIMIT:
                context_cache.clear()
            _fill(context_records, contexts, context_cache, _context_record,
                  lambda _cache: sanma)
    except (_UnusualError, TypeError, ValueError, AttributeError, KeyError, struct.error):
        return None
    held = np.frombuffer(b"".join(records), dtype=HAND_RECORD)  # type: ignore[arg-type]
    told = np.frombuffer(b"".join(context_records), dtype=CONTEXT_RECORD)  # type: ignore[arg-type]
    physical = held["tally"] + told["shown"]
    bad = (held["bad"][:, int(sanma)] | told["bad"] | (held["red_mask"] & told["red_mask"])) != 0
    physical.flags.writeable = False
    bad.flags.writeable = False
    arrays: Arrays = {
        "concealed": held["concealed"], "win": held["win"], "meld_kind": held["meld_kind"],
        "meld_first": held["meld_first"], "red": held["red"], "dora_targets": told["dora"],
        "ura_targets": told["ura"], "flags": told["flags"], "seat_wind": told["seat"],
        "round_wind": told["round"], "kita": told["kita"], "honba": told["honba"],
        "riichi_sticks": told["sticks"], "liability": told["liability"],
        "physical": physical, "bad_input": bad,
    }
    shapes = 2 * held["hid"].astype(np.int64) + told["tsumo"]
    return arrays, {"shapes": shapes, "generation": generation(),
                    "pairs": (hand_list, contexts), "targets": told["targets"],
                    "kita_dora": told["kita_dora"]}
