"""The pipeline of batch scoring, in stages a memo of hand shapes can cut in two.

:func:`~mahjong_rules.scoring.batch.score_batch` scores a batch in three stages:

1. **What the shape decides** (:mod:`~mahjong_rules.scoring.batch_shapes`: the shape's
   facts and readings; :func:`static_rows`): a hand's
   *shape* is its concealed tiles, winning tile, melds and tsumo flag. Its readings
   (divisions with a place of the winning tile) and, per reading, every yaku that needs
   no circumstance (all but riichi, ippatsu and the other flags, tenhou and chiihou, the
   two wind yakuhai and pinfu, whose pair must not be a value wind), their han, the
   yakuman and their multiple, the wind triplets, the pinfu pair, the fu but the pair's
   wind fu: one row of :data:`STATIC_FIELDS` per reading.
2. **What the circumstances decide** (:func:`context_bad`, :func:`conflicts`,
   :func:`hand_dora`, :func:`evaluate`): the flags' yaku, the winds, dora, fu, points.
3. **The best reading of each hand** (:func:`finish`).

The plain path runs the three on every hand of the batch; the memo of
:mod:`~mahjong_rules.scoring.batch_memo` keeps stage 1 per shape and runs only 2 and 3.

.. versionadded:: 0.3
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring.batch_input import (
    CHANKAN,
    CHIIHOU,
    DOUBLE_RIICHI,
    HAITEI,
    HOUTEI,
    IPPATSU,
    RIICHI,
    RINSHAN,
    TENHOU,
    TSUMO,
    HandBatch,
)
from mahjong_rules.scoring.batch_points import base_points, payments_of
from mahjong_rules.scoring.batch_shapes import (
    KANCHAN,
    ORPHAN_SINGLE,
    PENCHAN,
    RYANMEN,
    TANKI,
    THIRTEEN_SIDED,
    ShapeFeatures,
    readings,
)
from mahjong_rules.scoring.riichi_yaku import YAKU, doubles_of

__all__ = ["STATIC_FIELDS", "YAKU_ORDER", "Evaluated", "Static", "conflicts",
           "context_bad", "evaluate", "finish", "hand_dora", "static_rows"]

YAKU_ORDER: Final = tuple(YAKU)
"""Yaku ids in bit order of ``BatchScores.yaku_bits``."""
_BIT: Final = {name: np.int64(1) << np.int64(i) for i, name in enumerate(YAKU_ORDER)}
_HAN_CLOSED: Final = np.array([YAKU[n].han_closed for n in YAKU_ORDER], dtype=np.int16)
_HAN_OPEN: Final = np.array([YAKU[n].han_open for n in YAKU_ORDER], dtype=np.int16)
_DAISUUSHII: Final = YAKU_ORDER.index("daisuushii")
_YAKUMAN_MASK: Final = np.int64(sum(int(_BIT[n]) for n in YAKU_ORDER if YAKU[n].yakuman))


@functools.cache
def _multiples(doubles: frozenset[str]) -> NDArray[np.int16]:
    """Each yaku's yakuman multiple when ``doubles`` count double (the rest single)."""
    return np.array([YAKU[n].yakuman if n in doubles else min(YAKU[n].yakuman, 1)
                     for n in YAKU_ORDER], dtype=np.int16)


# the yaku the circumstances decide, as the bits of a code: the flags' seven (the batch's
# flag bits RIICHI .. CHANKAN shifted down once), round wind, seat wind, pinfu; bit 10:
# the hand is closed. Their bits and han are one table lookup per reading.
_FLAG_YAKU: Final = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                     "chankan")
_DYNAMIC_YAKU: Final = (*_FLAG_YAKU, "round_wind", "seat_wind", "pinfu")


def _dynamic_tables() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    bits = np.zeros(2048, dtype=np.int64)
    han = np.zeros(2048, dtype=np.int64)
    for code in range(2048):
        names = [name for i, name in enumerate(_DYNAMIC_YAKU) if code >> i & 1]
        if "double_riichi" in names and "riichi" in names:
            names.remove("riichi")  # double riichi replaces riichi
        closed = code >> 10 & 1
        bits[code] = sum(int(_BIT[name]) for name in names)
        han[code] = sum(YAKU[name].han_closed if closed else YAKU[name].han_open
                        for name in names)
    return bits, han


_DYNAMIC_BITS, _DYNAMIC_HAN = _dynamic_tables()


def context_bad(batch: HandBatch, options: RiichiOptions) -> NDArray[np.bool_]:
    """Hands refused for their circumstances or ``bad_input``.

    Every tile the table shows (five of a kind, sanma's missing tiles), winds, kita, red
    fives the rules lack.
    """
    bad = (batch.bad_input | (batch.physical > 4).any(axis=1)
           | (batch.seat_wind >= options.players) | (batch.round_wind > 3))
    if isinstance(options, SanmaOptions):
        bad |= (batch.physical[:, 1:8] > 0).any(axis=1) | (batch.round_wind == 3)
    else:
        bad |= batch.kita > 0
    if options.red_fives == 0:
        bad |= batch.red > 0
    return np.asarray(bad)


def conflicts(batch: HandBatch, shape_code: NDArray[np.integer],
              options: RiichiOptions) -> NDArray[np.bool_]:
    """Hands whose flags conflict (with each other, the melds, the seat): one lookup each.

    ``shape_code`` is each hand's :attr:`ShapeFeatures.conflict_code`.
    """
    code = ((batch.flags & 1023) | (batch.seat_wind == 0) << 10 | (batch.kita > 0) << 11
            | (batch.liability == 2) << 12 | shape_code << 13)
    kita_cancels = isinstance(options, SanmaOptions) and options.kita_cancels_ippatsu
    return np.asarray(_conflict_table(kita_cancels)[code])


@functools.cache
def _conflict_table(kita_cancels: bool) -> NDArray[np.bool_]:
    """Whether each code of :func:`conflicts` is a conflict (every code worked out at once).

    A code's bits: the flags (10), the dealer, kita, an open-kan liability; the shape's
    closed, kans, melds and daiminkan.
    """
    code = np.arange(1 << 17)
    flags = code & 1023
    dealer = (code >> 10 & 1) != 0
    has_kita = (code >> 11 & 1) != 0
    open_kan_pao = (code >> 12 & 1) != 0
    closed = (code >> 13 & 1) != 0
    kans = code >> 14 & 1
    melds = code >> 15 & 1
    daiminkan = (code >> 16 & 1) != 0
    tsumo = (flags & TSUMO) > 0
    riichi = (flags & (RIICHI | DOUBLE_RIICHI)) > 0

    def has(bit: int) -> NDArray[np.bool_]:
        return np.asarray((flags & bit) > 0)

    table = np.asarray(
        (has(HAITEI) & ~tsumo) | (has(HOUTEI) & tsumo) | (has(RINSHAN) & ~tsumo)
        | (has(RINSHAN) & has(HAITEI)) | (has(RINSHAN) & ~((kans > 0) | has_kita))
        | (has(CHANKAN) & tsumo) | (has(CHANKAN) & (has(HOUTEI) | has(RINSHAN)))
        | (has(IPPATSU) & ~riichi)
        | (has(IPPATSU) & has(RINSHAN) & ~(has_kita & ~kita_cancels))
        | (riichi & ~closed) | (has(TENHOU) & has(CHIIHOU))
        | (has(TENHOU) & ~(dealer & tsumo))
        | (has(CHIIHOU) & (dealer | ~tsumo))
        | (open_kan_pao & ~(has(RINSHAN) & daiminkan))
        | ((has(TENHOU) | has(CHIIHOU))
           & ((melds > 0) | riichi | has(RINSHAN) | has(HAITEI))))
    table.flags.writeable = False
    return table


def hand_dora(counts: NDArray[np.integer], batch: HandBatch) -> NDArray[np.int16]:
    """Dora, red fives, ura-dora and kita of each hand holding ``counts`` (its tiles by kind)."""
    riichi = (batch.flags & (RIICHI | DOUBLE_RIICHI)) > 0
    dora = (counts * batch.dora_targets).sum(axis=1, dtype=np.int16)
    ura = np.where(riichi, (counts * batch.ura_targets).sum(axis=1, dtype=np.int16), 0)
    north = batch.dora_targets[:, 30].astype(np.int16) + np.where(
        riichi, batch.ura_targets[:, 30], 0)
    return np.asarray(dora + ura + batch.red + batch.kita * (1 + north), dtype=np.int16)


STATIC_FIELDS: Final = ("hand", "form", "wait", "closed", "tsumo", "ordinary", "han",
                        "yakuman_bits", "yakuman", "winds", "pinfu_pair", "pair", "raw_fu",
                        "pao")
"""The columns of a row of :func:`static_rows` (one reading of a shape)."""


class Static(NamedTuple):
    """Stage 1: a reading of a shape and what the circumstances do not change (``R`` rows)."""

    hand: NDArray[np.int64]
    """The hand (shape) of the reading."""
    form: NDArray[np.int64]
    """0 regular, 1 seven pairs, 2 thirteen orphans."""
    wait: NDArray[np.int64]
    closed: NDArray[np.int64]
    tsumo: NDArray[np.int64]
    ordinary: NDArray[np.int64]
    """The bits of the yaku the shape decides (no yakuman among them)."""
    han: NDArray[np.int64]
    """Their han."""
    yakuman_bits: NDArray[np.int64]
    """The yakuman of the shape (0: none)."""
    yakuman: NDArray[np.int64]
    """Their multiple."""
    winds: NDArray[np.int64]
    """Bit ``w``: a triplet or kan of wind ``w`` (regular readings)."""
    pinfu_pair: NDArray[np.int64]
    """The pair's kind when the reading is pinfu but for the pair's value; else -1."""
    pair: NDArray[np.int64]
    """The pair's kind (-1: none)."""
    raw_fu: NDArray[np.int64]
    """The fu before rounding, but the pair's wind fu."""
    pao: NDArray[np.int64]
    """The yakuman multiple a liable player answers for (options' pao included)."""


def static_rows(hands: ShapeFeatures, ok: NDArray[np.bool_],
                options: RiichiOptions) -> NDArray[np.int64]:
    """Stage 1: every reading of the ``ok`` hands, one column of :data:`STATIC_FIELDS` each.

    The rows of a hand keep the order of the readings (the best one is the last of the
    best points), hands in order.
    """
    rows = readings(hands, ok)
    h = rows.hand
    closed = hands.closed[h]
    tsumo = hands.tsumo[h]
    regular = rows.form == 0
    seven = rows.form == 1
    orphans = rows.form == 2
    pending: list[NDArray[np.bool_]] = []
    pending_bits: list[int] = []

    def add(name: str, condition: NDArray[np.bool_]) -> None:
        pending.append(condition)
        pending_bits.append(int(_BIT[name]))

    def collect() -> NDArray[np.int64]:
        """The bits of the conditions added so far, in one product (distinct bits add)."""
        stacked = np.stack(pending, axis=1).astype(np.int64)
        found = np.asarray(stacked @ np.array(pending_bits, dtype=np.int64), dtype=np.int64)
        pending.clear()
        pending_bits.clear()
        return found

    # yakuman (tenhou and chiihou: the circumstances')
    add("kokushi_13", orphans & (rows.wait == THIRTEEN_SIDED))
    add("kokushi", orphans & (rows.wait == ORPHAN_SINGLE))
    add("tsuuiisou", ~orphans & hands.all_honor[h])
    add("ryuuiisou", ~orphans & hands.all_green[h])
    add("chinroutou", regular & hands.chinroutou[h])
    closed_trips = rows.closed_trips + hands.ankans[h]
    add("suuankou_tanki", regular & (closed_trips == 4) & (rows.wait == TANKI))
    add("suuankou", regular & (closed_trips == 4) & (rows.wait != TANKI))
    add("daisangen", regular & (hands.dragon_trips[h] == 3))
    add("daisuushii", regular & (hands.wind_trips[h] == 4))
    wind_pair = (rows.pair_kind >= 27) & (rows.pair_kind <= 30)
    add("shousuushii", regular & (hands.wind_trips[h] == 3) & wind_pair)
    add("suukantsu", regular & (hands.kans[h] == 4))
    add("junsei_chuuren", regular & hands.pure_chuuren[h])
    add("chuuren", regular & hands.chuuren[h] & ~hands.pure_chuuren[h])
    yakuman_bits = collect()
    # the ordinary yaku of the shape (the flags', the winds' and pinfu: stage 2)
    add("menzen_tsumo", tsumo & closed)
    add("tanyao", hands.tanyao[h] & (closed | options.kuitan))
    one_suit = hands.one_suit[h]
    add("honitsu", one_suit & hands.has_honor[h])
    add("chinitsu", one_suit & ~hands.has_honor[h])
    add("chiitoitsu", seven)
    add("honroutou", ~orphans & hands.all_terminal[h])
    trip_all = hands.honor_trip_all[h]
    add("haku", regular & trip_all[:, 4])
    add("hatsu", regular & trip_all[:, 5])
    add("chun", regular & trip_all[:, 6])
    runs_total = rows.runs + hands.meld_runs[h]
    add("ryanpeikou", regular & closed & (rows.doubles == 2))
    add("iipeikou", regular & closed & (rows.doubles == 1))
    run_masks = rows.run_masks | hands.meld_run_mask[h]
    add("sanshoku", regular & ((run_masks[:, 0] & run_masks[:, 1] & run_masks[:, 2]) != 0))
    ittsu = ((run_masks & 0b1001001) == 0b1001001).any(axis=1)
    add("ittsu", regular & ittsu)
    trip_masks = rows.trip_masks | hands.meld_trip_mask[h][:, :3]
    add("sanshoku_doukou", regular & ((trip_masks[:, 0] & trip_masks[:, 1] & trip_masks[:, 2])
                                      != 0))
    add("toitoi", regular & (runs_total == 0))
    add("sanankou", regular & (closed_trips == 3))
    add("sankantsu", regular & (hands.kans[h] == 3))
    dragon_pair = rows.pair_kind >= 31
    add("shousangen", regular & (hands.dragon_trips[h] == 2) & dragon_pair)
    outside = regular & rows.outside & hands.meld_outside[h] & (runs_total > 0) & ~(
        hands.all_terminal[h])
    add("chanta", outside & hands.has_honor[h])
    add("junchan", outside & ~hands.has_honor[h])
    ordinary = collect()
    flags = ((ordinary[:, None] >> np.arange(len(YAKU_ORDER))) & 1).astype(np.int16)
    han = (flags * np.where(closed[:, None], _HAN_CLOSED[None, :], _HAN_OPEN[None, :])).sum(
        axis=1)
    multiples = _multiples(doubles_of(options))
    yakuman = (((yakuman_bits[:, None] >> np.arange(len(YAKU_ORDER))) & 1)
               * multiples[None, :]).sum(axis=1)
    pao = (((yakuman_bits & _BIT["daisangen"]) != 0).astype(np.int64)
           + ((yakuman_bits & _BIT["daisuushii"]) != 0) * int(multiples[_DAISUUSHII])
           ) * options.pao + ((yakuman_bits & _BIT["suukantsu"]) != 0) * options.pao_suukantsu
    pair = rows.pair_kind.astype(np.int64)
    winds = np.where(regular, trip_all[:, :4].astype(np.int64) @ np.array([1, 2, 4, 8]), 0)
    pinfu_pair = np.where(regular & closed & (runs_total == 4) & (rows.wait == RYANMEN)
                          & (pair < 31), pair, -1)
    wait_fu = np.where((rows.wait == KANCHAN) | (rows.wait == PENCHAN) | (rows.wait == TANKI),
                       2, 0)
    raw_fu = (20 + 10 * (closed & ~tsumo) + 2 * tsumo + rows.trip_fu + hands.meld_fu[h]
              + np.where(pair >= 31, 2, 0) + wait_fu)
    columns = (h, rows.form, rows.wait, closed, tsumo, ordinary, han, yakuman_bits, yakuman,
               winds, pinfu_pair, pair, raw_fu, pao)
    return np.stack([np.asarray(c, dtype=np.int64) for c in columns]).reshape(
        len(STATIC_FIELDS), -1)


class Evaluated(NamedTuple):
    """Stages 2: each reading's scores in its hand's circumstances."""

    han: NDArray[np.int64]
    fu: NDArray[np.int64]
    yakuman: NDArray[np.int64]
    limit: NDArray[np.int64]
    base: NDArray[np.int64]
    payments: NDArray[np.int64]
    """(4, R): discarder, dealer, non-dealer, liable."""
    total: NDArray[np.int64]
    bits: NDArray[np.int64]
    dora: NDArray[np.int64]
    wait: NDArray[np.int64]
    key: NDArray[np.int64]
    hand: NDArray[np.int64]
    valid: NDArray[np.bool_]


_TENHOU_CHIIHOU: Final = (np.array([0, int(_BIT["tenhou"]), int(_BIT["chiihou"]),
                                    int(_BIT["tenhou"] | _BIT["chiihou"])], dtype=np.int64))


def evaluate(rows: NDArray[np.int64], h: NDArray[np.int64] | None, batch: HandBatch,  # noqa: PLR0917
             dora: NDArray[np.int16], ok: NDArray[np.bool_],
             options: RiichiOptions) -> Evaluated:
    """Stage 2: the readings ``rows`` (of :func:`static_rows`) of hands ``h`` of the batch.

    ``dora`` and ``ok`` (not refused) are per hand of the batch; ``h`` ``None``: reading
    ``i`` is of hand ``i``.
    """
    s = Static(*rows)
    if h is None:
        h = np.arange(len(batch.win))
        flags = batch.flags.astype(np.int64)
        seat = batch.seat_wind.astype(np.int64)
        prevalent = batch.round_wind.astype(np.int64)
        liability = batch.liability
        honba = batch.honba.astype(np.int64)
        sticks = batch.riichi_sticks.astype(np.int64)
        valid = ok
    else:
        flags = batch.flags[h].astype(np.int64)
        seat = batch.seat_wind[h].astype(np.int64)
        prevalent = batch.round_wind[h].astype(np.int64)
        liability = batch.liability[h]
        honba = batch.honba[h].astype(np.int64)
        sticks = batch.riichi_sticks[h].astype(np.int64)
        dora = dora[h]
        valid = ok[h]
    closed = s.closed != 0
    # tenhou and chiihou
    multiples = _multiples(doubles_of(options))
    heavenly = flags >> 8 & 3
    yakuman_bits = s.yakuman_bits | _TENHOU_CHIIHOU[heavenly]
    yakuman = s.yakuman + (heavenly & 1) * int(multiples[YAKU_ORDER.index("tenhou")]) + (
        heavenly >> 1) * int(multiples[YAKU_ORDER.index("chiihou")])
    is_yakuman = yakuman_bits != 0
    # the flags' yaku, the winds, pinfu: one code
    pinfu = (s.pinfu_pair >= 0) & (s.pinfu_pair != 27 + seat) & (s.pinfu_pair != 27 + prevalent)
    code = ((flags >> 1) & 127) | ((s.winds >> prevalent & 1) << 7) | (
        (s.winds >> seat & 1) << 8) | (pinfu << 9) | (s.closed << 10)
    bits = np.where(is_yakuman, yakuman_bits, s.ordinary | _DYNAMIC_BITS[code])
    hand_dora = np.where(is_yakuman, 0, dora)
    han = np.where(is_yakuman, 0, s.han + _DYNAMIC_HAN[code] + hand_dora)
    # fu
    at_seat = s.pair == 27 + seat
    at_round = s.pair == 27 + prevalent
    pair_fu = np.where(at_seat & at_round, options.renpuu_pair_fu, 2 * at_seat + 2 * at_round)
    raw = s.raw_fu + pair_fu
    rounded = -(-raw // 10) * 10
    rounded = np.where(~closed & (raw == 20), 30, rounded)
    rounded = np.where(pinfu, np.where(s.tsumo != 0, 20, 30), rounded)
    fu = np.where(is_yakuman | (s.form == 1), np.where(is_yakuman, 0, 25), rounded)
    # points
    base, limit = base_points(han, fu, yakuman, options)
    liable_base = np.where(liability == 1, 8000 * s.pao, 0)
    rinshan_pao = (liability == 2) & options.pao_open_kan_rinshan
    payments, total = payments_of(base, dealer=seat == 0, tsumo=s.tsumo != 0,
                                  honba=honba, sticks=sticks,
                                  liable_base=liable_base, rinshan_pao=rinshan_pao,
                                  options=options)
    key = (total << 20) + (np.where(is_yakuman, 1000 * yakuman, han) << 8) + fu
    return Evaluated(han=han, fu=fu, yakuman=yakuman, limit=limit, base=base,
                     payments=payments, total=total, bits=bits, dora=hand_dora, wait=s.wait,
                     key=key, hand=h, valid=(bits != 0) & valid)


def best_per_hand(result: Evaluated, n: int) -> NDArray[np.int64]:
    """Index of the best valid row of each hand (-1 when none)."""
    best = np.full(n, -1, dtype=np.int64)
    if not len(result.key):
        return best
    key = np.where(result.valid, result.key, -1)
    order = np.lexsort((key, result.hand))
    hands = result.hand[order]
    last = np.ones(len(order), dtype=bool)
    last[:-1] = hands[1:] != hands[:-1]
    chosen = order[last]
    good = key[chosen] >= 0
    best[hands[last][good]] = chosen[good]
    return best


OUTPUTS: Final = (("han", np.int16), ("fu", np.int16), ("yakuman", np.int16),
                  ("limit", np.int8), ("base_points", np.int32), ("payments", np.int32),
                  ("total", np.int32), ("yaku_bits", np.int64), ("dora", np.int16),
                  ("wait", np.int8))
"""The fields of ``BatchScores`` besides ``reason``, with their types."""


def finish(n: int, reason: NDArray[np.int8], has_shape: NDArray[np.bool_],  # noqa: PLR0917
           result: Evaluated, best: NDArray[np.int64],
           aligned: bool = False) -> dict[str, NDArray[np.generic]]:
    """Stage 3: the fields of ``BatchScores`` from each hand's best row (``best``, -1: none).

    ``aligned``: row ``i`` is the one reading of hand ``i`` (no row to pick).
    """
    scored = best >= 0
    reason = np.where(reason != 0, reason,
                      np.where(~has_shape, 3, np.where(~scored, 4, 0))).astype(np.int8)
    every = aligned and bool(scored.all())
    values = (result.han, result.fu, result.yakuman, result.limit, result.base,
              *result.payments, result.total, result.bits, result.dora, result.wait)
    fields: dict[str, NDArray[np.generic]] = {"reason": reason}
    if every:
        table = values
    elif not len(result.key):
        table = tuple(np.zeros(n, dtype=np.int64) for _value in values)
    else:
        stacked = np.stack(values)
        if not aligned:
            stacked = stacked[:, np.where(scored, best, 0)]
        table = tuple(stacked if scored.all() else np.where(scored, stacked, 0))
    columns = (*table[:5], np.stack(table[5:9], axis=1), *table[9:])
    for (name, dtype), column in zip(OUTPUTS, columns, strict=True):
        fields[name] = column.astype(dtype)
    return fields


def score_plainly(batch: HandBatch, options: RiichiOptions) -> dict[str, NDArray[np.generic]]:
    """The three stages on every hand of the batch: the fields of ``BatchScores``."""
    n = len(batch.win)
    shapes = ShapeFeatures(batch.concealed, batch.win, batch.meld_kind, batch.meld_first,
                           np.asarray((batch.flags & TSUMO) > 0), options)
    bad = shapes.bad | context_bad(batch, options)
    conflict = conflicts(batch, shapes.conflict_code, options)
    reason = np.where(bad, 1, np.where(conflict, 2, 0)).astype(np.int8)
    ok = reason == 0
    rows = static_rows(shapes, ok, options)
    h = rows[0]
    result = evaluate(rows, h, batch, hand_dora(shapes.all_counts, batch), ok, options)
    has_shape = np.zeros(n, dtype=bool)
    has_shape[h] = True
    return finish(n, reason, has_shape, result, best_per_hand(result, n))
