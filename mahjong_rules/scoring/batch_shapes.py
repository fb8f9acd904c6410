"""Stage 1 of batch scoring, its input side: the facts of each hand shape, its readings.

A hand's *shape* is its concealed tiles (with the winning tile), winning tile, melds and
tsumo flag. :class:`ShapeFeatures` holds the facts of ``N`` shapes that do not depend on
the reading; :func:`readings` lists every reading: each suit of the concealed tiles is a
base-5 code, a table built on first use lists every division of every complete suit
code into runs, triplets and a pair (:mod:`~mahjong_rules.scoring.batch_tables`), a
hand's divisions are the product of its suits' divisions (honours divide one way), and
each division is tried with every place of the winning tile; seven pairs and thirteen
orphans follow. :mod:`~mahjong_rules.scoring.batch_eval` finds the yaku of each reading.

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring.batch_tables import TERMINAL, meld_table, suit_table

__all__ = ["KANCHAN", "ORPHAN_SINGLE", "PENCHAN", "RYANMEN", "SHANPON", "TANKI",
           "THIRTEEN_SIDED", "Readings", "ShapeFeatures", "readings"]

_GREEN: Final = np.zeros(34, dtype=bool)
_GREEN[[19, 20, 21, 23, 25, 32]] = True
_POW5: Final = 5 ** np.arange(9)
# wait codes (as division.Wait): 0 ryanmen 1 kanchan 2 penchan 3 shanpon 4 tanki 5/6 orphans
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, THIRTEEN_SIDED, ORPHAN_SINGLE = range(7)


class ShapeFeatures:
    """Per-hand facts of stage 1: those of the shape (tiles, melds, tsumo), not the reading."""

    def __init__(self, concealed: NDArray[np.uint8], win: NDArray[np.int8],  # noqa: PLR0917
                 meld_kind: NDArray[np.int8], meld_first: NDArray[np.int8],
                 tsumo: NDArray[np.bool_], options: RiichiOptions) -> None:
        """The facts of ``N`` shapes: concealed tiles (with the winning tile), melds, tsumo."""
        n = len(win)
        sanma = isinstance(options, SanmaOptions)
        self.concealed = concealed
        self.win = win
        self.tsumo = tsumo
        kind, first = meld_kind.astype(np.int16), meld_first.astype(np.int16)
        present = kind > 0
        self.n_melds = present.sum(axis=1)
        self.closed: NDArray[np.bool_] = np.asarray(~((kind >= 1) & (kind <= 4)).any(axis=1))
        self.kans = (kind >= 3).sum(axis=1)
        self.daiminkan: NDArray[np.bool_] = np.asarray((kind == 3).any(axis=1))
        self.ankans = (kind == 5).sum(axis=1)
        self.conflict_code = (self.closed | (self.kans > 0) << 1 | (self.n_melds > 0) << 2
                              | self.daiminkan << 3).astype(np.int64)
        """What :func:`conflicts` reads of the shape: closed, kans, melds, daiminkan."""
        # every fact of a meld follows from its code and lowest kind: one table lookup
        # per slot, summed (or or-ed) over the four slots
        parts = meld_table()
        index = kind * 34 + np.clip(first, 0, 33)  # a bad row's flower meld: any kind
        meld_counts = parts.counts[index].sum(axis=1, dtype=np.int16)
        self.all_counts = concealed.astype(np.int16) + meld_counts
        held = self.all_counts > 0
        self.tanyao: NDArray[np.bool_] = np.asarray(~(held & TERMINAL).any(axis=1))
        self.all_terminal: NDArray[np.bool_] = np.asarray(~(held & ~TERMINAL).any(axis=1))
        self.all_honor: NDArray[np.bool_] = np.asarray(~held[:, :27].any(axis=1))
        self.all_green: NDArray[np.bool_] = np.asarray(~(held & ~_GREEN).any(axis=1))
        self.chinroutou: NDArray[np.bool_] = np.asarray(
            self.all_terminal & ~held[:, 27:].any(axis=1))
        suits = np.stack([held[:, 0:9].any(axis=1), held[:, 9:18].any(axis=1),
                          held[:, 18:27].any(axis=1)], axis=1)
        self.has_honor: NDArray[np.bool_] = np.asarray(held[:, 27:].any(axis=1))
        self.one_suit: NDArray[np.bool_] = np.asarray(suits.sum(axis=1) == 1)
        # melded blocks per suit
        self.meld_run_mask = np.bitwise_or.reduce(parts.run_mask[index], axis=1)
        self.meld_trip_mask = np.bitwise_or.reduce(parts.trip_mask[index], axis=1)
        self.meld_runs = parts.is_run[index].sum(axis=1, dtype=np.int16)
        self.meld_outside: NDArray[np.bool_] = np.asarray(parts.outside[index].all(axis=1))
        self.meld_fu = parts.fu[index].sum(axis=1, dtype=np.int16)
        honors = concealed[:, 27:].astype(np.int16)
        self.honor_ok = ((honors == 0) | (honors == 2) | (honors == 3)).all(axis=1)
        self.honor_pairs = (honors == 2).sum(axis=1)
        self.honor_pair_kind = np.where(self.honor_pairs > 0, 27 + (honors == 2).argmax(axis=1), -1)
        self.honor_trips = (honors == 3).sum(axis=1)
        trip_honors = (honors == 3) | (((self.meld_trip_mask[:, 3:4] >> np.arange(7)) & 1) > 0)
        self.honor_trip_all: NDArray[np.bool_] = np.asarray(trip_honors)
        self.dragon_trips = trip_honors[:, 4:].sum(axis=1)
        self.wind_trips = trip_honors[:, :4].sum(axis=1)
        size = concealed.sum(axis=1, dtype=np.int16)
        self.bad: NDArray[np.bool_] = np.asarray(
            (size != 14 - 3 * self.n_melds)
            | (concealed[np.arange(n), win.astype(np.intp)] == 0))
        if sanma:
            self.bad |= (kind == 1).any(axis=1)
        # chuuren: closed, no melds, one suit, 1112345678999 + 1
        concealed16 = concealed.astype(np.int16)
        base = np.array([3, 1, 1, 1, 1, 1, 1, 1, 3], dtype=np.int16)
        chuuren = np.zeros(n, dtype=bool)
        pure = np.zeros(n, dtype=bool)
        for s in range(3):
            part = concealed16[:, 9 * s: 9 * s + 9]
            ok = (self.n_melds == 0) & (part.sum(axis=1) == 14) & (part >= base).all(axis=1)
            win_in = (win // 9) == s
            before = part.copy()
            before[np.arange(n), np.clip(win - 9 * s, 0, 8).astype(np.intp)] -= win_in
            chuuren |= ok
            pure |= ok & win_in & (before == base).all(axis=1)
        self.chuuren = chuuren
        self.pure_chuuren = pure


class Readings(NamedTuple):
    """Every reading of some shapes (``R`` rows): its shape and facts."""

    hand: NDArray[np.intp]
    form: NDArray[np.int8]  # 0 regular, 1 seven pairs, 2 thirteen orphans
    wait: NDArray[np.int8]
    runs: NDArray[np.int16]  # concealed runs
    doubles: NDArray[np.int16]
    run_masks: NDArray[np.int16]  # (R, 3) concealed runs per suit
    trip_masks: NDArray[np.int16]  # (R, 3) concealed triplets per suit
    outside: NDArray[np.bool_]
    closed_trips: NDArray[np.int16]  # concealed triplets counted as concealed
    trip_fu: NDArray[np.int16]  # fu of concealed triplets (ron-completed one open)
    pair_kind: NDArray[np.int16]


def _regular_rows(hands: ShapeFeatures, ok: NDArray[np.bool_]) -> Readings:
    table = suit_table()
    codes = (hands.concealed[:, :27].reshape(-1, 3, 9).astype(np.int64) @ _POW5).astype(np.intp)
    counts = table.sizes[codes].astype(np.int64)  # (N, 3)
    suit_pairs = (hands.concealed[:, :27].reshape(-1, 3, 9).sum(axis=2) % 3 == 2).sum(axis=1)
    valid = ok & hands.honor_ok & (counts > 0).all(axis=1) & (
        suit_pairs + hands.honor_pairs == 1)
    total = np.where(valid, counts.prod(axis=1), 0)
    hand = np.repeat(np.arange(len(total)), total)
    within = np.arange(len(hand)) - np.repeat(np.cumsum(total) - total, total)
    c = counts[hand]
    index = np.empty((len(hand), 3), dtype=np.int64)
    index[:, 0] = within // (c[:, 1] * c[:, 2])
    rest = within % (c[:, 1] * c[:, 2])
    index[:, 1] = rest // c[:, 2]
    index[:, 2] = rest % c[:, 2]
    division = table.start[codes[hand]] + index  # (R, 3) division ids
    runs = table.runs[division]  # (R, 3, 7)
    pair_pos = table.pair[division]  # (R, 3)
    suit_of_pair = (pair_pos >= 0).argmax(axis=1)
    has_suit_pair = (pair_pos >= 0).any(axis=1)
    pair_kind = np.where(has_suit_pair, 9 * suit_of_pair + pair_pos.max(axis=1),
                         hands.honor_pair_kind[hand])
    trip_masks = table.trip_mask[division]
    # places of the winning tile
    win = hands.win[hand].astype(np.int64)
    win_suit = np.minimum(win // 9, 3)
    pos = np.where(win < 27, win % 9, 0)
    in_suit = win < 27
    suit_runs = runs[np.arange(len(hand)), np.minimum(win_suit, 2)].astype(np.int16)  # (R, 7)
    suit_trips = trip_masks[np.arange(len(hand)), np.minimum(win_suit, 2)]
    honor_trip = hands.honor_trip_all[hand, np.clip(win - 27, 0, 6)] & ~in_suit & (
        hands.concealed[hand, np.clip(win, 0, 33)] == 3)

    def run_at(start: NDArray[np.int64]) -> NDArray[np.bool_]:
        inside = in_suit & (start >= 0) & (start <= 6)
        return np.asarray(inside & (suit_runs[np.arange(len(hand)), np.clip(start, 0, 6)] > 0))

    candidates = [
        (pair_kind == win, np.full(len(hand), TANKI)),
        (np.where(in_suit, (suit_trips >> pos) & 1, honor_trip) > 0, np.full(len(hand), SHANPON)),
        (run_at(pos - 2), np.where(pos == 2, PENCHAN, RYANMEN)),
        (run_at(pos - 1), np.full(len(hand), KANCHAN)),
        (run_at(pos), np.where(pos == 6, PENCHAN, RYANMEN)),
    ]
    outside = table.outside[division].all(axis=1)
    n_runs = table.n_runs[division].sum(axis=1).astype(np.int16)
    doubles = table.doubles[division].sum(axis=1).astype(np.int16)
    trip_simple = table.trip_simple[division].sum(axis=1).astype(np.int16)
    trip_terminal = table.trip_terminal[division].sum(axis=1).astype(np.int16) + (
        hands.honor_trips[hand])
    tsumo = hands.tsumo[hand]
    # every (place, division) the winning tile fits, place by place (tanki rows first,
    # then shanpon, ...: the order of one selection per place, concatenated)
    places, sel = np.nonzero(np.stack([valid for valid, _wait in candidates]))
    wait = np.stack([wait for _valid, wait in candidates])[places, sel]
    ron_triplet = (wait == SHANPON) & ~tsumo[sel]
    terminal_win = TERMINAL[win[sel]]
    closed_trips = (trip_simple[sel] + trip_terminal[sel] - ron_triplet).astype(np.int16)
    trip_fu = (4 * trip_simple[sel] + 8 * trip_terminal[sel]
               - np.where(ron_triplet, np.where(terminal_win, 4, 2), 0)).astype(np.int16)
    return Readings(
        hand=hand[sel], form=np.zeros(len(sel), np.int8), wait=wait.astype(np.int8),
        runs=n_runs[sel], doubles=doubles[sel], run_masks=table.run_mask[division[sel]],
        trip_masks=trip_masks[sel], outside=outside[sel], closed_trips=closed_trips,
        trip_fu=trip_fu, pair_kind=pair_kind[sel].astype(np.int16),
    )


def _special_rows(hands: ShapeFeatures, ok: NDArray[np.bool_]) -> Readings:
    """Seven-pairs and thirteen-orphans readings of hands without melds."""
    concealed = hands.concealed
    no_melds = ok & (hands.n_melds == 0)
    seven = no_melds & ((concealed == 2).sum(axis=1) == 7)
    orphan_counts = concealed[:, TERMINAL]
    orphans = no_melds & (orphan_counts > 0).all(axis=1) & (orphan_counts.sum(axis=1) == 14)
    sided = concealed[np.arange(len(hands.win)), hands.win.astype(np.intp)] == 2
    hand = np.concatenate([np.nonzero(seven)[0], np.nonzero(orphans)[0]])
    form = np.concatenate([np.ones(seven.sum(), np.int8), np.full(orphans.sum(), 2, np.int8)])
    wait = np.concatenate([np.full(seven.sum(), TANKI, np.int8),
                           np.where(sided[orphans], THIRTEEN_SIDED, ORPHAN_SINGLE).astype(np.int8)])
    zeros = np.zeros(len(hand), dtype=np.int16)
    return Readings(hand=hand, form=form, wait=wait, runs=zeros, doubles=zeros,
                 run_masks=np.zeros((len(hand), 3), np.int16),
                 trip_masks=np.zeros((len(hand), 3), np.int16),
                 outside=np.zeros(len(hand), bool), closed_trips=zeros, trip_fu=zeros,
                 pair_kind=np.full(len(hand), -1, np.int16))


def _concat(*parts: Readings) -> Readings:
    return Readings(*(np.concatenate([getattr(p, f) for p in parts]) for f in Readings._fields))


def readings(hands: ShapeFeatures, ok: NDArray[np.bool_]) -> Readings:
    """Every reading of the ``ok`` shapes.

    The regular ones (by place of the winning tile, then division), then seven pairs and
    thirteen orphans.
    """
    return _concat(_regular_rows(hands, ok), _special_rows(hands, ok))
