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
(points, then han, then fu), as in :func:`~mahjong_rules.scoring.score`.

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

import functools
import itertools
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.errors import InvalidArgumentError, OptionsError, Reason
from mahjong_rules.options import PaoRonHonba, Renhou, RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.scoring.batch_pack import pack_hands
from mahjong_rules.scoring.hand import Liability, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi import (
    argument_error,
    content_error,
    dora_of,
    options_error,
)
from mahjong_rules.scoring.riichi_yaku import YAKU, doubles_of

__all__ = ["YAKU_ORDER", "BatchScores", "HandBatch", "score_batch"]

YAKU_ORDER: Final = tuple(YAKU)
"""Yaku ids in bit order of :attr:`BatchScores.yaku_bits`."""
_BIT: Final = {name: np.int64(1) << np.int64(i) for i, name in enumerate(YAKU_ORDER)}
_HAN_CLOSED: Final = np.array([YAKU[n].han_closed for n in YAKU_ORDER], dtype=np.int16)
_HAN_OPEN: Final = np.array([YAKU[n].han_open for n in YAKU_ORDER], dtype=np.int16)
_YAKUMAN: Final = np.array([YAKU[n].yakuman for n in YAKU_ORDER], dtype=np.int16)
_DAISUUSHII: Final = YAKU_ORDER.index("daisuushii")


@functools.cache
def _multiples(doubles: frozenset[str]) -> NDArray[np.int16]:
    """Each yaku's yakuman multiple when ``doubles`` count double (the rest single)."""
    return np.array([YAKU[n].yakuman if n in doubles else min(YAKU[n].yakuman, 1)
                     for n in YAKU_ORDER], dtype=np.int16)

# flag bits of HandBatch.flags
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, HAITEI, HOUTEI, RINSHAN, CHANKAN, TENHOU, CHIIHOU = (
    1 << i for i in range(10))
_FLAG_NAMES: Final = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                      "rinshan", "chankan", "tenhou", "chiihou")
# meld codes of HandBatch.meld_kind
_MELD_CODE: Final = {MeldKind.CHI: 1, MeldKind.PON: 2, MeldKind.DAIMINKAN: 3,
                     MeldKind.KAKAN: 4, MeldKind.ANKAN: 5}
_LIABILITY_CODE: Final = {None: 0, Liability.YAKUMAN: 1, Liability.OPEN_KAN_RINSHAN: 2}
REASONS: Final = (None, Reason.BAD_HAND, Reason.CONFLICTING_CONTEXT, Reason.NOT_A_WINNING_HAND,
                  Reason.NO_YAKU)
"""Reason of each :attr:`BatchScores.reason` code (0 = scored)."""
LIMITS: Final = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Limit of each :attr:`BatchScores.limit` code."""
_TERMINAL: Final = np.array([k >= 27 or k % 9 in (0, 8) for k in range(34)])
_GREEN: Final = np.zeros(34, dtype=bool)
_GREEN[[19, 20, 21, 23, 25, 32]] = True
_POW5: Final = 5 ** np.arange(9)
# wait codes (as division.Wait): 0 ryanmen 1 kanchan 2 penchan 3 shanpon 4 tanki 5/6 orphans
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, THIRTEEN_SIDED, ORPHAN_SINGLE = range(7)
WAITS: Final = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen_sided",
                "orphan_single")


class HandBatch(NamedTuple):
    """Winning hands as arrays (``N`` hands; build with :meth:`from_hands`).

    Shapes: ``concealed (N, 34)`` uint8 (concealed tiles *with* the winning tile),
    ``win (N,)``, ``meld_kind (N, 4)`` (0 none, 1 chi, 2 pon, 3 daiminkan, 4 kakan,
    5 ankan), ``meld_first (N, 4)`` (a meld's lowest kind), ``red (N,)`` red fives,
    ``dora_targets (N, 34)`` / ``ura_targets (N, 34)`` (how many indicators point at each
    kind), ``flags (N,)`` (bits :data:`TSUMO` ...), ``seat_wind``, ``round_wind``,
    ``kita``, ``honba``, ``riichi_sticks``, ``liability`` (0 none, 1 yakuman, 2 open-kan
    rinshan), and ``physical (N, 34)``: every tile the hand and the indicators hold.
    """

    concealed: NDArray[np.uint8]
    win: NDArray[np.int8]
    meld_kind: NDArray[np.int8]
    meld_first: NDArray[np.int8]
    red: NDArray[np.int16]
    dora_targets: NDArray[np.uint8]
    ura_targets: NDArray[np.uint8]
    flags: NDArray[np.int32]
    seat_wind: NDArray[np.int8]
    round_wind: NDArray[np.int8]
    kita: NDArray[np.int16]
    honba: NDArray[np.int32]
    riichi_sticks: NDArray[np.int32]
    liability: NDArray[np.int8]
    physical: NDArray[np.uint8]
    bad_input: NDArray[np.bool_]

    @classmethod
    def from_hands(
        cls, hands: Sequence[tuple[WinningHand, WinContext]], *, sanma: bool = False
    ) -> HandBatch:
        """Pack hands and contexts into arrays (a malformed hand is flagged, not raised).

        The fast loop of :mod:`~mahjong_rules.scoring.batch_pack`; the same arrays as
        :meth:`from_hands_readable`.

        Raises:
            InvalidArgumentError: ``bad_input`` when an item is not a pair of a
                :class:`WinningHand` and a :class:`WinContext` (or holds something else
                than tiles and melds where those belong).
        """
        try:
            return cls(**pack_hands(hands, sanma=sanma, fallback=_pack_row))
        except (TypeError, AttributeError, ValueError):
            problem = _pairs_error(hands)
            if problem is None:
                raise
            raise problem from None

    @classmethod
    def from_hands_readable(
        cls, hands: Sequence[tuple[WinningHand, WinContext]], *, sanma: bool = False
    ) -> HandBatch:
        """:meth:`from_hands` written plainly, cell by cell (the reference of its tests).

        .. versionadded:: 0.3
        """
        n = len(hands)
        arrays: dict[str, NDArray[Any]] = {
            "concealed": np.zeros((n, 34), dtype=np.uint8),
            "win": np.zeros(n, dtype=np.int8),
            "meld_kind": np.zeros((n, 4), dtype=np.int8),
            "meld_first": np.zeros((n, 4), dtype=np.int8),
            "red": np.zeros(n, dtype=np.int16),
            "dora_targets": np.zeros((n, 34), dtype=np.uint8),
            "ura_targets": np.zeros((n, 34), dtype=np.uint8),
            "flags": np.zeros(n, dtype=np.int32),
            "seat_wind": np.zeros(n, dtype=np.int8),
            "round_wind": np.zeros(n, dtype=np.int8),
            "kita": np.zeros(n, dtype=np.int32),
            "honba": np.zeros(n, dtype=np.int32),
            "riichi_sticks": np.zeros(n, dtype=np.int32),
            "liability": np.zeros(n, dtype=np.int8),
            "physical": np.zeros((n, 34), dtype=np.uint8),
            "bad_input": np.zeros(n, dtype=np.bool_),
        }
        try:
            for row, (hand, context) in enumerate(hands):
                _pack_row(arrays, row, hand, context, sanma)
        except (TypeError, AttributeError, ValueError):
            problem = _pairs_error(hands)
            if problem is None:
                raise
            raise problem from None
        arrays["kita"] = arrays["kita"].astype(np.int16)
        return cls(**arrays)


def _pairs_error(hands: object) -> InvalidArgumentError | None:
    """The ``bad_input`` error of hands to pack that are not (hand, context) pairs.

    ``None`` when every item is a pair of the right types holding tiles and melds.
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        return InvalidArgumentError(Reason.BAD_INPUT, "from_hands takes a sequence of "
                                    f"(WinningHand, WinContext) pairs, not {type(hands).__name__}")
    for row, item in enumerate(hands):
        if not (isinstance(item, tuple | list) and len(item) == 2):
            return InvalidArgumentError(Reason.BAD_INPUT, f"item {row} is not a (WinningHand, "
                                        f"WinContext) pair: {type(item).__name__}")
        hand, context = item
        problem = (content_error(hand, context)
                   if isinstance(hand, WinningHand) and isinstance(context, WinContext)
                   else argument_error(hand, context, None))
        if problem is not None:
            return InvalidArgumentError(Reason.BAD_INPUT, f"item {row}: {problem.message}")
    return None


def _pack_row(arrays: dict[str, NDArray[Any]], row: int, hand: WinningHand,
              context: WinContext, sanma: bool) -> None:
    """Write one hand into the zeroed row ``row`` of the arrays (the readable packing)."""
    bad = arrays["bad_input"]
    tiles = [*hand.concealed, hand.win]
    indicators = [*context.dora_indicators, *context.ura_indicators]
    if any(t.kind >= 34 for t in tiles + indicators) or len(hand.melds) > 4 or (
            len(context.dora_indicators) > 5 or len(context.ura_indicators) > 5):
        bad[row] = True
        return
    for tile in tiles:
        arrays["concealed"][row, tile.kind] += 1
    arrays["win"][row] = hand.win.kind
    for slot, meld in enumerate(hand.melds):
        arrays["meld_kind"][row, slot] = _MELD_CODE[meld.kind]
        arrays["meld_first"][row, slot] = meld.first_kind
        kinds = sorted(t.kind for t in meld.tiles)
        expected = (list(range(kinds[0], kinds[0] + 3)) if meld.kind is MeldKind.CHI
                    else [kinds[0]] * (4 if meld.is_kan else 3))
        if kinds != expected or kinds[0] >= 34 or (
                meld.kind is MeldKind.CHI and (kinds[0] >= 27 or kinds[0] % 9 > 6)):
            bad[row] = True
        tiles.extend(meld.tiles)
    everything = tiles + indicators
    physical = arrays["physical"]
    for tile in everything:
        if tile.kind < 34:
            physical[row, tile.kind] += 1
    physical[row, 30] += max(0, min(context.kita, 5))  # North tiles set aside
    reds = [t.kind for t in everything if t.red]
    allowed = {13, 22} if sanma else {4, 13, 22}
    if len(set(reds)) != len(reds) or not set(reds) <= allowed:
        bad[row] = True
    arrays["red"][row] = sum(1 for t in tiles if t.red)
    for tile in context.dora_indicators:
        arrays["dora_targets"][row, dora_of(tile.kind, sanma=sanma)] += 1
    for tile in context.ura_indicators:
        arrays["ura_targets"][row, dora_of(tile.kind, sanma=sanma)] += 1
    arrays["flags"][row] = sum(bit for bit, name in zip(
        (TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, HAITEI, HOUTEI, RINSHAN, CHANKAN,
         TENHOU, CHIIHOU), _FLAG_NAMES, strict=True) if getattr(context, name))
    arrays["seat_wind"][row] = context.seat_wind
    arrays["round_wind"][row] = context.round_wind
    arrays["kita"][row] = context.kita
    arrays["honba"][row] = context.honba
    arrays["riichi_sticks"][row] = context.riichi_sticks
    arrays["liability"][row] = _LIABILITY_CODE[context.liability]
    if min(context.kita, context.honba, context.riichi_sticks) < 0:
        bad[row] = True


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


# --------------------------------------------------------------------------- suit table


class _SuitTable(NamedTuple):
    start: NDArray[np.int32]  # (5**9,) first division of a code
    sizes: NDArray[np.uint8]  # (5**9,) divisions of a code (0: not complete)
    runs: NDArray[np.uint8]  # (D, 7) runs starting at each position
    run_mask: NDArray[np.int16]  # (D,)
    trip_mask: NDArray[np.int16]  # (D,)
    pair: NDArray[np.int8]  # (D,) pair position or -1
    n_runs: NDArray[np.int8]
    doubles: NDArray[np.int8]  # identical-run pairs (iipeikou count)
    outside: NDArray[np.bool_]  # every block holds a 1 or a 9
    trip_simple: NDArray[np.int8]
    trip_terminal: NDArray[np.int8]


@functools.cache
def _suit_table() -> _SuitTable:
    """Every division of every complete one-suit code (4 sets and a pair at most)."""
    shapes = [("run", p) for p in range(7)] + [("trip", p) for p in range(9)]
    found: dict[int, set[tuple[tuple[int, ...], int, int]]] = {}
    for sets in range(5):
        for combo in itertools.combinations_with_replacement(range(len(shapes)), sets):
            counts = [0] * 9
            run_counts = [0] * 7
            trip_bits = 0
            for index in combo:
                shape, pos = shapes[index]
                if shape == "run":
                    run_counts[pos] += 1
                    for k in (pos, pos + 1, pos + 2):
                        counts[k] += 1
                else:
                    trip_bits |= 1 << pos
                    counts[pos] += 3
            if max(counts) > 4 or len(combo) - sum(run_counts) != trip_bits.bit_count():
                continue
            for pair in range(-1, 9):
                full = list(counts)
                if pair >= 0:
                    full[pair] += 2
                if max(full) > 4:
                    continue
                code = sum(c * 5**i for i, c in enumerate(full))
                found.setdefault(code, set()).add((tuple(run_counts), trip_bits, pair))
    codes = sorted(found)
    divisions = [d for code in codes for d in sorted(found[code])]
    start = np.zeros(5**9, dtype=np.int32)
    count = np.zeros(5**9, dtype=np.uint8)
    offset = 0
    for code in codes:
        start[code] = offset
        count[code] = len(found[code])
        offset += len(found[code])
    runs = np.array([d[0] for d in divisions], dtype=np.uint8)
    trips = np.array([d[1] for d in divisions], dtype=np.int16)
    pairs = np.array([d[2] for d in divisions], dtype=np.int8)
    outside = ((runs[:, 1:6].sum(axis=1) == 0) & ((trips & 0b011111110) == 0)
               & ((pairs == -1) | (pairs == 0) | (pairs == 8)))
    return _SuitTable(
        start=start, sizes=count, runs=runs,
        run_mask=(runs > 0).astype(np.int16) @ (1 << np.arange(7)).astype(np.int16),
        trip_mask=trips, pair=pairs, n_runs=runs.sum(axis=1).astype(np.int8),
        doubles=(runs // 2).sum(axis=1).astype(np.int8), outside=outside,
        trip_simple=np.array([(t & 0b011111110).bit_count() for t in trips.tolist()],
                             dtype=np.int8),
        trip_terminal=np.array([(t & 0b100000001).bit_count() for t in trips.tolist()],
                               dtype=np.int8),
    )


class _MeldTable(NamedTuple):
    """The facts of a meld by ``code * 34 + lowest kind`` (code 0: no meld)."""

    counts: NDArray[np.int16]  # (204, 34) its tiles by kind
    run_mask: NDArray[np.int16]  # (204, 3) bit p of suit s: a chi starting at 9s + p
    trip_mask: NDArray[np.int16]  # (204, 4) bit p of suit s (4th: honours): a triplet/kan
    is_run: NDArray[np.int16]  # (204,)
    outside: NDArray[np.bool_]  # (204,) holds a terminal or an honour (no meld: true)
    fu: NDArray[np.int16]  # (204,)


@functools.cache
def _meld_table() -> _MeldTable:
    rows = 6 * 34
    counts = np.zeros((rows, 34), dtype=np.int16)
    run_mask = np.zeros((rows, 3), dtype=np.int16)
    trip_mask = np.zeros((rows, 4), dtype=np.int16)
    is_run = np.zeros(rows, dtype=np.int16)
    outside = np.ones(rows, dtype=bool)
    fu = np.zeros(rows, dtype=np.int16)
    set_fu = {2: 2, 3: 8, 4: 8, 5: 16}  # pon, daiminkan, kakan, ankan (simples)
    for code in range(1, 6):
        for first in range(34):
            row = code * 34 + first
            suit, pos = min(first // 9, 3), first % 9 if first < 27 else first - 27
            terminal = bool(_TERMINAL[first])
            if code == 1:  # chi: a bad row's run past its suit counts what it can
                for step in range(3):
                    if first + step < 34:
                        counts[row, first + step] += 1
                if suit < 3:
                    run_mask[row, suit] = 1 << pos
                is_run[row] = 1
                outside[row] = pos in (0, 6)
            else:
                counts[row, first] = 3 if code == 2 else 4
                trip_mask[row, suit] = 1 << pos
                outside[row] = terminal
                fu[row] = set_fu[code] * (2 if terminal else 1)
    return _MeldTable(counts=counts, run_mask=run_mask, trip_mask=trip_mask, is_run=is_run,
                      outside=outside, fu=fu)


def _round_up(points: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.asarray(-(-points // 100) * 100, dtype=np.int64)


# --------------------------------------------------------------------------- scoring


def score_batch(batch: HandBatch, options: RiichiOptions | None = None) -> BatchScores:
    """Score every hand of a batch; same rules and answers as ``score``.

    Sanma when ``options`` is a :class:`~mahjong_rules.options.SanmaOptions` (pack the
    batch with ``sanma=True`` so that dora wrap 1m/9m).

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
    n = len(batch.win)
    hands = _HandFeatures(batch, options)
    reason = np.where(batch.bad_input | hands.bad, 1, np.where(hands.conflict, 2, 0)).astype(
        np.int8)
    rows = _regular_rows(batch, hands, reason == 0)
    specials = _special_rows(batch, hands, reason == 0)
    table = _concat(rows, specials)
    result = _evaluate(table, batch, hands, options)
    best = _best_per_hand(result, n)
    has_shape = np.zeros(n, dtype=bool)
    has_shape[table.hand] = True
    scored = best >= 0
    reason = np.where(reason != 0, reason,
                      np.where(~has_shape, 3, np.where(~scored, 4, 0))).astype(np.int8)
    pick = np.where(scored, best, 0)

    def take(values: NDArray[np.integer]) -> NDArray[np.int64]:
        if not len(values):
            return np.zeros((n, *values.shape[1:]), dtype=np.int64)
        chosen = values[pick]
        mask = scored.reshape((n,) + (1,) * (chosen.ndim - 1))
        return np.asarray(np.where(mask, chosen, 0), dtype=np.int64)

    return BatchScores(
        reason=reason, han=take(result.han).astype(np.int16), fu=take(result.fu).astype(np.int16),
        yakuman=take(result.yakuman).astype(np.int16), limit=take(result.limit).astype(np.int8),
        base_points=take(result.base).astype(np.int32),
        payments=take(result.payments).astype(np.int32),
        total=take(result.total).astype(np.int32), yaku_bits=take(result.bits),
        dora=take(result.dora).astype(np.int16), wait=take(table.wait).astype(np.int8),
    )


class _HandFeatures:
    """Per-hand facts that do not depend on the reading."""

    def __init__(self, batch: HandBatch, options: RiichiOptions) -> None:
        n = len(batch.win)
        sanma = isinstance(options, SanmaOptions)
        kind, first = batch.meld_kind.astype(np.int16), batch.meld_first.astype(np.int16)
        present = kind > 0
        self.n_melds = present.sum(axis=1)
        self.closed: NDArray[np.bool_] = np.asarray(~((kind >= 1) & (kind <= 4)).any(axis=1))
        is_kan = kind >= 3
        self.kans = is_kan.sum(axis=1)
        # every fact of a meld follows from its code and lowest kind: one table lookup
        # per slot, summed (or or-ed) over the four slots
        parts = _meld_table()
        index = kind * 34 + np.clip(first, 0, 33)  # a bad row's flower meld: any kind
        meld_counts = parts.counts[index].sum(axis=1, dtype=np.int16)
        self.all_counts = batch.concealed.astype(np.int16) + meld_counts
        held = self.all_counts > 0
        self.tanyao: NDArray[np.bool_] = np.asarray(~(held & _TERMINAL).any(axis=1))
        self.all_terminal: NDArray[np.bool_] = np.asarray(~(held & ~_TERMINAL).any(axis=1))
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
        honors = batch.concealed[:, 27:].astype(np.int16)
        self.honor_ok = ((honors == 0) | (honors == 2) | (honors == 3)).all(axis=1)
        self.honor_pairs = (honors == 2).sum(axis=1)
        self.honor_pair_kind = np.where(self.honor_pairs > 0, 27 + (honors == 2).argmax(axis=1), -1)
        self.honor_trips = (honors == 3).sum(axis=1)
        trip_honors = (honors == 3) | (((self.meld_trip_mask[:, 3:4] >> np.arange(7)) & 1) > 0)
        self.honor_trip_all: NDArray[np.bool_] = np.asarray(trip_honors)
        self.dragon_trips = trip_honors[:, 4:].sum(axis=1)
        self.wind_trips = trip_honors[:, :4].sum(axis=1)
        flags = batch.flags
        tsumo: NDArray[np.bool_] = np.asarray((flags & TSUMO) > 0)
        self.tsumo = tsumo
        self.dealer: NDArray[np.bool_] = np.asarray(batch.seat_wind == 0)
        riichi = (flags & (RIICHI | DOUBLE_RIICHI)) > 0
        self.riichi = riichi
        has_kita = batch.kita > 0
        # the hand's tiles (concealed with the win tile, plus melds) and the physical set
        size = batch.concealed.sum(axis=1, dtype=np.int16)
        self.bad = (
            (size != 14 - 3 * self.n_melds) | (batch.physical > 4).any(axis=1)
            | (batch.seat_wind >= options.players) | (batch.round_wind > 3)
            | (batch.concealed[np.arange(n), batch.win.astype(np.intp)] == 0)
        )
        kita_cancels = isinstance(options, SanmaOptions) and options.kita_cancels_ippatsu
        if sanma:
            self.bad |= ((batch.physical[:, 1:8] > 0).any(axis=1) | (kind == 1).any(axis=1)
                         | (batch.round_wind == 3))
        else:
            self.bad |= has_kita
        if options.red_fives == 0:
            self.bad |= batch.red > 0

        def has(bit: int) -> NDArray[np.bool_]:
            return np.asarray((flags & bit) > 0)

        self.conflict = (
            (has(HAITEI) & ~tsumo) | (has(HOUTEI) & tsumo) | (has(RINSHAN) & ~tsumo)
            | (has(RINSHAN) & has(HAITEI)) | (has(RINSHAN) & ~((self.kans > 0) | has_kita))
            | (has(CHANKAN) & tsumo) | (has(CHANKAN) & (has(HOUTEI) | has(RINSHAN)))
            | (has(IPPATSU) & ~riichi)
            | (has(IPPATSU) & has(RINSHAN) & ~(has_kita & ~kita_cancels))
            | (riichi & ~self.closed) | (has(TENHOU) & has(CHIIHOU))
            | (has(TENHOU) & ~(self.dealer & tsumo))
            | (has(CHIIHOU) & (self.dealer | ~tsumo))
            | ((batch.liability == 2) & ~(has(RINSHAN) & (kind == 3).any(axis=1)))
            | ((has(TENHOU) | has(CHIIHOU))
               & ((self.n_melds > 0) | riichi | has(RINSHAN) | has(HAITEI)))
        )
        # dora (all tiles of the hand), counted only with a yaku
        counts = self.all_counts
        dora = (counts * batch.dora_targets).sum(axis=1)
        ura = np.where(riichi, (counts * batch.ura_targets).sum(axis=1), 0)
        north = batch.dora_targets[:, 30].astype(np.int16) + np.where(
            riichi, batch.ura_targets[:, 30], 0)
        self.dora = (dora + ura + batch.red + batch.kita * (1 + north)).astype(np.int16)
        # chuuren: closed, no melds, one suit, 1112345678999 + 1
        concealed = batch.concealed.astype(np.int16)
        base = np.array([3, 1, 1, 1, 1, 1, 1, 1, 3], dtype=np.int16)
        chuuren = np.zeros(n, dtype=bool)
        pure = np.zeros(n, dtype=bool)
        for s in range(3):
            part = concealed[:, 9 * s: 9 * s + 9]
            ok = (self.n_melds == 0) & (part.sum(axis=1) == 14) & (part >= base).all(axis=1)
            win_in = (batch.win // 9) == s
            before = part.copy()
            before[np.arange(n), np.clip(batch.win - 9 * s, 0, 8).astype(np.intp)] -= win_in
            chuuren |= ok
            pure |= ok & win_in & (before == base).all(axis=1)
        self.chuuren = chuuren
        self.pure_chuuren = pure


class _Rows(NamedTuple):
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


def _regular_rows(batch: HandBatch, hands: _HandFeatures, ok: NDArray[np.bool_]) -> _Rows:
    table = _suit_table()
    codes = (batch.concealed[:, :27].reshape(-1, 3, 9).astype(np.int64) @ _POW5).astype(np.intp)
    counts = table.sizes[codes].astype(np.int64)  # (N, 3)
    suit_pairs = (batch.concealed[:, :27].reshape(-1, 3, 9).sum(axis=2) % 3 == 2).sum(axis=1)
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
    win = batch.win[hand].astype(np.int64)
    win_suit = np.minimum(win // 9, 3)
    pos = np.where(win < 27, win % 9, 0)
    in_suit = win < 27
    suit_runs = runs[np.arange(len(hand)), np.minimum(win_suit, 2)].astype(np.int16)  # (R, 7)
    suit_trips = trip_masks[np.arange(len(hand)), np.minimum(win_suit, 2)]
    honor_trip = hands.honor_trip_all[hand, np.clip(win - 27, 0, 6)] & ~in_suit & (
        batch.concealed[hand, np.clip(win, 0, 33)] == 3)

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
    terminal_win = _TERMINAL[win[sel]]
    closed_trips = (trip_simple[sel] + trip_terminal[sel] - ron_triplet).astype(np.int16)
    trip_fu = (4 * trip_simple[sel] + 8 * trip_terminal[sel]
               - np.where(ron_triplet, np.where(terminal_win, 4, 2), 0)).astype(np.int16)
    return _Rows(
        hand=hand[sel], form=np.zeros(len(sel), np.int8), wait=wait.astype(np.int8),
        runs=n_runs[sel], doubles=doubles[sel], run_masks=table.run_mask[division[sel]],
        trip_masks=trip_masks[sel], outside=outside[sel], closed_trips=closed_trips,
        trip_fu=trip_fu, pair_kind=pair_kind[sel].astype(np.int16),
    )


def _special_rows(batch: HandBatch, hands: _HandFeatures, ok: NDArray[np.bool_]) -> _Rows:
    """Seven-pairs and thirteen-orphans readings of hands without melds."""
    concealed = batch.concealed
    no_melds = ok & (hands.n_melds == 0)
    seven = no_melds & ((concealed == 2).sum(axis=1) == 7)
    orphan_counts = concealed[:, _TERMINAL]
    orphans = no_melds & (orphan_counts > 0).all(axis=1) & (orphan_counts.sum(axis=1) == 14)
    sided = concealed[np.arange(len(batch.win)), batch.win.astype(np.intp)] == 2
    hand = np.concatenate([np.nonzero(seven)[0], np.nonzero(orphans)[0]])
    form = np.concatenate([np.ones(seven.sum(), np.int8), np.full(orphans.sum(), 2, np.int8)])
    wait = np.concatenate([np.full(seven.sum(), TANKI, np.int8),
                           np.where(sided[orphans], THIRTEEN_SIDED, ORPHAN_SINGLE).astype(np.int8)])
    zeros = np.zeros(len(hand), dtype=np.int16)
    return _Rows(hand=hand, form=form, wait=wait, runs=zeros, doubles=zeros,
                 run_masks=np.zeros((len(hand), 3), np.int16),
                 trip_masks=np.zeros((len(hand), 3), np.int16),
                 outside=np.zeros(len(hand), bool), closed_trips=zeros, trip_fu=zeros,
                 pair_kind=np.full(len(hand), -1, np.int16))


def _concat(*parts: _Rows) -> _Rows:
    return _Rows(*(np.concatenate([getattr(p, f) for p in parts]) for f in _Rows._fields))


class _Evaluated(NamedTuple):
    han: NDArray[np.int64]
    fu: NDArray[np.int64]
    yakuman: NDArray[np.int64]
    limit: NDArray[np.int64]
    base: NDArray[np.int64]
    payments: NDArray[np.int64]
    total: NDArray[np.int64]
    bits: NDArray[np.int64]
    dora: NDArray[np.int64]
    key: NDArray[np.int64]
    hand: NDArray[np.intp]
    valid: NDArray[np.bool_]


def _evaluate(rows: _Rows, batch: HandBatch, hands: _HandFeatures,
              options: RiichiOptions) -> _Evaluated:
    h = rows.hand
    r = len(h)
    flags = batch.flags[h]
    closed = hands.closed[h]
    tsumo = hands.tsumo[h]
    seat = 27 + batch.seat_wind[h].astype(np.int16)
    prevalent = 27 + batch.round_wind[h].astype(np.int16)
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

    # yakuman
    add("tenhou", (flags & TENHOU) > 0)
    add("chiihou", (flags & CHIIHOU) > 0)
    add("kokushi_13", orphans & (rows.wait == THIRTEEN_SIDED))
    add("kokushi", orphans & (rows.wait == ORPHAN_SINGLE))
    add("tsuuiisou", ~orphans & hands.all_honor[h])
    add("ryuuiisou", ~orphans & hands.all_green[h])
    add("chinroutou", regular & hands.chinroutou[h])
    closed_trips = rows.closed_trips + (batch.meld_kind[h] == 5).sum(axis=1)
    add("suuankou_tanki", regular & (closed_trips == 4) & (rows.wait == TANKI))
    add("suuankou", regular & (closed_trips == 4) & (rows.wait != TANKI))
    add("daisangen", regular & (hands.dragon_trips[h] == 3))
    add("daisuushii", regular & (hands.wind_trips[h] == 4))
    wind_pair = (rows.pair_kind >= 27) & (rows.pair_kind <= 30)
    add("shousuushii", regular & (hands.wind_trips[h] == 3) & wind_pair)
    add("suukantsu", regular & (hands.kans[h] == 4))
    add("junsei_chuuren", regular & hands.pure_chuuren[h])
    add("chuuren", regular & hands.chuuren[h] & ~hands.pure_chuuren[h])
    yakuman_mask = np.int64(sum(int(_BIT[n]) for n in YAKU_ORDER if YAKU[n].yakuman))
    bits = collect()
    is_yakuman = (bits & yakuman_mask) != 0
    # ordinary yaku
    riichi_bit = (flags & RIICHI) > 0
    double = (flags & DOUBLE_RIICHI) > 0
    add("double_riichi", double)
    add("riichi", riichi_bit & ~double)
    add("ippatsu", (flags & IPPATSU) > 0)
    add("menzen_tsumo", tsumo & closed)
    for name, bit in (("haitei", HAITEI), ("houtei", HOUTEI), ("rinshan", RINSHAN),
                      ("chankan", CHANKAN)):
        add(name, (flags & bit) > 0)
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
    index = np.arange(r)
    add("round_wind", regular & trip_all[index, np.clip(prevalent - 27, 0, 6)])
    add("seat_wind", regular & trip_all[index, np.clip(seat - 27, 0, 6)])
    value_pair = (rows.pair_kind >= 31) | (rows.pair_kind == seat) | (rows.pair_kind == prevalent)
    runs_total = rows.runs + hands.meld_runs[h]
    pinfu = regular & closed & (runs_total == 4) & ~value_pair & (rows.wait == RYANMEN)
    add("pinfu", pinfu)
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
    bits |= collect()
    bits = np.where(is_yakuman, bits & yakuman_mask, bits)
    # han, yakuman multiple
    yaku_flags = ((bits[:, None] >> np.arange(len(YAKU_ORDER))) & 1).astype(np.int16)
    han_table = np.where(closed[:, None], _HAN_CLOSED[None, :], _HAN_OPEN[None, :])
    yaku_han = (yaku_flags * han_table).sum(axis=1)
    multiples = _multiples(doubles_of(options))
    yakuman = (yaku_flags * multiples[None, :]).sum(axis=1)
    has_yaku = (bits != 0)
    dora = np.where(is_yakuman, 0, hands.dora[h])
    han = np.where(is_yakuman, 0, yaku_han + dora)
    # fu
    fu = _fu(rows, hands, options, pinfu=pinfu, closed=closed, tsumo=tsumo,
             seat=seat, prevalent=prevalent)
    fu = np.where(is_yakuman, 0, fu)
    # points
    base, limit = _base_points(han, fu, yakuman, options)
    pao_multiple = (((bits & _BIT["daisangen"]) != 0).astype(np.int64)
                    + ((bits & _BIT["daisuushii"]) != 0) * int(multiples[_DAISUUSHII])
                    ) * options.pao + ((bits & _BIT["suukantsu"]) != 0) * options.pao_suukantsu
    liability = batch.liability[h]
    liable_base = np.where(liability == 1, 8000 * pao_multiple, 0)
    rinshan_pao = (liability == 2) & options.pao_open_kan_rinshan
    payments, total = _payments(base, dealer=hands.dealer[h], tsumo=tsumo,
                                honba=batch.honba[h].astype(np.int64),
                                sticks=batch.riichi_sticks[h].astype(np.int64),
                                liable_base=liable_base, rinshan_pao=rinshan_pao,
                                options=options)
    key = (total << 20) + (np.where(is_yakuman, 1000 * yakuman, han) << 8) + fu
    return _Evaluated(han=han, fu=fu, yakuman=yakuman, limit=limit, base=base,
                      payments=payments, total=total, bits=bits, dora=dora, key=key,
                      hand=h, valid=has_yaku)


def _fu(rows: _Rows, hands: _HandFeatures, options: RiichiOptions, *,
        pinfu: NDArray[np.bool_], closed: NDArray[np.bool_], tsumo: NDArray[np.bool_],
        seat: NDArray[np.int16], prevalent: NDArray[np.int16]) -> NDArray[np.int64]:
    h = rows.hand
    pair = rows.pair_kind
    double_wind = (pair == seat) & (pair == prevalent)
    pair_fu = np.where(pair >= 31, 2, np.where(double_wind, options.renpuu_pair_fu,
                                               2 * (pair == seat) + 2 * (pair == prevalent)))
    wait_fu = np.where((rows.wait == KANCHAN) | (rows.wait == PENCHAN) | (rows.wait == TANKI),
                       2, 0)
    raw = (20 + 10 * (closed & ~tsumo) + 2 * tsumo + rows.trip_fu + hands.meld_fu[h]
           + pair_fu + wait_fu).astype(np.int64)
    rounded = -(-raw // 10) * 10
    rounded = np.where(~closed & (raw == 20), 30, rounded)
    rounded = np.where(pinfu, np.where(tsumo, 20, 30), rounded)
    return np.asarray(np.where(rows.form == 1, 25, rounded), dtype=np.int64)


def _base_points(han: NDArray[np.int64], fu: NDArray[np.int64], yakuman: NDArray[np.int64],
                 options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
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


def _payments(base: NDArray[np.int64], *, dealer: NDArray[np.bool_], tsumo: NDArray[np.bool_],
              honba: NDArray[np.int64], sticks: NDArray[np.int64],
              liable_base: NDArray[np.int64], rinshan_pao: NDArray[np.bool_],
              options: RiichiOptions) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
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


def _best_per_hand(result: _Evaluated, n: int) -> NDArray[np.int64]:
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
