"""The input of batch scoring: winning hands as arrays (``HandBatch``), packed readably.

:class:`HandBatch` holds ``N`` hands as arrays; :meth:`HandBatch.from_hands` packs them
through the fast loop of :mod:`~mahjong_rules.scoring.batch_pack`, and
:meth:`HandBatch.from_hands_readable` cell by cell (the reference of its tests). The
flag bits and codes of the arrays are defined here.

Examples:
    >>> from mahjong_rules.notation import parse_tiles
    >>> hand = WinningHand(concealed=parse_tiles("234m567p789s22s45p"), win=parse_tiles("3p")[0])
    >>> batch = HandBatch.from_hands([(hand, WinContext(tsumo=True))])
    >>> int(batch.concealed[0].sum()), int(batch.flags[0] & TSUMO)
    (14, 1)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.errors import InvalidArgumentError, Reason
from mahjong_rules.scoring.batch_pack import pack_hands, pack_shapes
from mahjong_rules.scoring.hand import Liability, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi_check import argument_error, content_error
from mahjong_rules.scoring.riichi_plan import dora_of

__all__ = ["CHANKAN", "CHIIHOU", "DOUBLE_RIICHI", "HAITEI", "HOUTEI", "IPPATSU", "RIICHI",
           "RINSHAN", "TENHOU", "TSUMO", "HandBatch", "ShapedBatch"]

# flag bits of HandBatch.flags
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, HAITEI, HOUTEI, RINSHAN, CHANKAN, TENHOU, CHIIHOU = (
    1 << i for i in range(10))
_FLAG_NAMES: Final = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                      "rinshan", "chankan", "tenhou", "chiihou")
# meld codes of HandBatch.meld_kind
_MELD_CODE: Final = {MeldKind.CHI: 1, MeldKind.PON: 2, MeldKind.DAIMINKAN: 3,
                     MeldKind.KAKAN: 4, MeldKind.ANKAN: 5}
_LIABILITY_CODE: Final = {None: 0, Liability.YAKUMAN: 1, Liability.OPEN_KAN_RINSHAN: 2}


class HandBatch(NamedTuple):
    """Winning hands as arrays (``N`` hands; build with :meth:`from_hands`).

    Shapes: ``concealed (N, 34)`` uint8 (concealed tiles *with* the winning tile),
    ``win (N,)``, ``meld_kind (N, 4)`` (0 none, 1 chi, 2 pon, 3 daiminkan, 4 kakan,
    5 ankan), ``meld_first (N, 4)`` (a meld's lowest kind), ``red (N,)`` red fives,
    ``dora_targets (N, 34)`` / ``ura_targets (N, 34)`` (how many indicators point at each
    kind), ``flags (N,)`` (bits ``batch_input.TSUMO`` ...), ``seat_wind``, ``round_wind``,
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

        The same arrays as :meth:`from_hands_readable`, read-only: a batch is a value.
        Packed by shape (:func:`~mahjong_rules.scoring.batch_pack.pack_shapes`: each
        distinct hand and context packed once, then looked up), which also gives each
        hand its shape id for the memo of :func:`~mahjong_rules.scoring.score_batch`;
        a batch holding an unusual hand (a flower, more than four melds, ...) is packed
        by the fast loop of :func:`~mahjong_rules.scoring.batch_pack.pack_hands`.

        .. versionchanged:: 0.3
           Packed by shape; the arrays are read-only.

        Raises:
            InvalidArgumentError: ``bad_input`` when an item is not a pair of a
                :class:`WinningHand` and a :class:`WinContext` (or holds something else
                than tiles and melds where those belong).
        """
        shaped = pack_shapes(hands, sanma=sanma) if cls is HandBatch else None
        if shaped is not None:
            arrays, known = shaped
            batch = ShapedBatch(**arrays)
            batch.__dict__.update(known)
            return batch
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


class ShapedBatch(HandBatch):
    """A batch packed by shape: a :class:`HandBatch` that knows each hand's shape id.

    Its ``shapes`` (``2 * hand id + tsumo``), ``generation`` and ``pairs`` (the hands and
    the contexts it was packed from, two tuples), with the dora facts of its contexts
    (:data:`~mahjong_rules.scoring.batch_pack.Shaped`), are attributes besides the fields; a
    batch made from it (``_replace``, a copy, a pickle) has none, and is scored by the
    plain path.
    """

    def __reduce__(self) -> tuple[type[HandBatch], tuple[Any, ...]]:
        """Copied or pickled as a plain :class:`HandBatch` (shape ids hold in one process)."""
        return HandBatch, tuple(self)


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

