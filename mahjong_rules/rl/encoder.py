"""The observation encoder (``obs_version`` 1): a seat's view as ``(C, 34)`` planes and scalars.

Every plane is binary (0 or 1, ``uint8``) over the 34 tile kinds; numbers (points, the
round, shanten, ...) are in a separate ``float32`` vector of scalars. Seats are relative to
the viewer (0: the viewer, 1: its right, the next to play, 2: across, 3: its left;
sanma leaves slot 3 empty). The same layout serves riichi, sanma and Taiwanese; a
feature a ruleset does not have stays 0. ``docs/rl.md`` lists every plane and scalar,
generated from :data:`PLANES` and :data:`SCALARS`.

The encoder reads the view only (:meth:`Encoder.encode`); the oracle planes (every
hand, the wall) need the state and are only offered through :meth:`Encoder.oracle`, which
the environments use for ``state()``, never for an observation.

Examples:
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.rl import Encoder
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=1)
    >>> encoder = Encoder(rules)
    >>> planes, scalars = encoder.encode(rules.view(state, 0))
    >>> planes.shape, planes.dtype.name, scalars.shape, int(planes[0].sum())
    ((121, 34), 'uint8', (116,), 11)
    >>> batch, _ = encoder.encode_batch([rules.view(state, s) for s in range(4)])
    >>> batch.shape, bool((batch[0] == planes).all())
    ((4, 121, 34), True)

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from mahjong_rules import kernel
from mahjong_rules.engine import Ruleset
from mahjong_rules.rl._spec import (
    CLAIM_SOURCES,
    N_PLANES,
    N_SCALARS,
    OBS_VERSION,
    ORACLE_PLANES,
    PLANES,
    SCALARS,
    SEAT_BASE,
    SEAT_PLANES,
    SEAT_SCALAR_BASE,
    SEAT_SCALARS,
    SP,
    SS,
    UKEIRE_THRESHOLDS,
    P,
    S,
)
from mahjong_rules.state import State

__all__ = ["N_PLANES", "N_SCALARS", "OBS_VERSION", "ORACLE_PLANES", "PLANES", "SCALARS",
           "Encoder"]

_RULESETS: Final = ("riichi", "sanma", "taiwanese")
# Count groups: tile counts per kind collected per view, turned into threshold planes.
_G_HAND, _G_INDICATOR, _G_DORA, _G_UNSEEN = range(4)
_G_RIVER = 4
"""Rivers of the four relative seats: groups 4..7."""
_G_MELD = 8
"""Melds of the four relative seats: groups 8..11."""
_G_SEEN = 12
"""Every tile the viewer sees outside its hand (not a plane: for unseen and ukeire)."""
_GROUPS = 13
_THRESHOLD_GROUPS: Final = np.array([_G_HAND, _G_INDICATOR, _G_DORA, _G_UNSEEN,
                                     *range(_G_RIVER, _G_RIVER + 4),
                                     *range(_G_MELD, _G_MELD + 4)])
_THRESHOLD_PLANES: Final = np.array([
    first + j for first in (P.HAND, P.DORA_INDICATOR, P.DORA, P.UNSEEN,
                            *(SEAT_BASE + r * SEAT_PLANES + SP.RIVER for r in range(4)),
                            *(SEAT_BASE + r * SEAT_PLANES + SP.MELD for r in range(4)))
    for j in range(4)])
"""The planes of each threshold group's four levels, in group order."""
_LEVELS: Final = np.arange(4)[None, None, :, None]
_LAST = 6
"""Discards kept in order per seat (most recent first)."""


def _next_kinds(variant: str) -> list[int]:
    """The dora kind each indicator kind points to (sanma: 1m <-> 9m)."""
    out = []
    for kind in range(34):
        if kind < 27:
            nxt = kind - kind % 9 + (kind % 9 + 1) % 9
        elif kind < 31:
            nxt = 27 + (kind - 27 + 1) % 4
        else:
            nxt = 31 + (kind - 31 + 1) % 3
        if variant == "sanma" and kind in (0, 8):
            nxt = 8 if kind == 0 else 0
        out.append(nxt)
    return out


class Encoder:
    """The ``obs_version`` 1 encoder of one ruleset with its options.

    .. versionadded:: 0.3
    """

    version: Final = OBS_VERSION
    """The encoding's version: bumped whenever a plane or scalar changes."""

    def __init__(self, rules: Ruleset) -> None:
        """The encoder of ``rules``: its tile set, red fives, seats and start points."""
        self.variant = rules.name
        self.seats = rules.num_seats
        red = getattr(rules, "red_ids", None)
        self.red_ids: frozenset[int] = red() if red is not None else frozenset()
        self._next = _next_kinds(rules.name)
        self._points_unit = float(rules.num_seats * rules.options.start_points)
        taiwanese = rules.name == "taiwanese"
        self._kernel: dict[str, Any] = {
            "kinds": kernel.SANMA_KINDS if rules.name == "sanma" else None,
            "n_sets": 5 if taiwanese else 4, "quad_as_two_pairs": taiwanese}
        self._kinds = np.array(kernel.SANMA_KINDS if rules.name == "sanma"
                               else kernel.ALL_KINDS, dtype=np.int64)
        self.shape: tuple[int, int] = (N_PLANES, 34)
        """Shape of the planes of one observation."""

    # ------------------------------------------------------------------ public

    def encode(self, view: Mapping[str, Any]) -> tuple[NDArray[np.uint8], NDArray[np.float32]]:
        """The planes ``(C, 34)`` and scalars ``(S,)`` of one seat's view."""
        planes, scalars = self.encode_batch([view])
        return planes[0], scalars[0]

    def encode_batch(self, views: Sequence[Mapping[str, Any]]) -> tuple[
            NDArray[np.uint8], NDArray[np.float32]]:
        """Planes ``(N, C, 34)`` and scalars ``(N, S)`` of many views at once.

        Python walks each view once, collecting the binary planes' positions and the
        tile counts; numpy then turns counts into the threshold planes and the kernel
        computes shanten, waits and ukeire in one batched call per hand shape, which is
        where batching pays.
        """
        n = len(views)
        scalars = np.zeros((n, N_SCALARS), dtype=np.float32)
        ones: list[int] = []
        adds: list[int] = []
        for row, view in enumerate(views):
            self._view_planes(view, ones, adds, row, scalars[row])
        planes = np.zeros((n, N_PLANES, 34), dtype=np.uint8)
        planes.reshape(-1)[ones] = 1
        counts = np.bincount(np.asarray(adds, dtype=np.intp),
                             minlength=n * _GROUPS * 34).reshape(n, _GROUPS, 34)
        hand = counts[:, _G_HAND].astype(np.uint8)
        seen = counts[:, _G_SEEN].astype(np.int16)
        counts[:, _G_UNSEEN] = np.maximum(0, 4 - hand - seen) * self._kinds
        levels = counts[:, _THRESHOLD_GROUPS, None, :] > _LEVELS  # (n, groups, 4, 34)
        planes[:, _THRESHOLD_PLANES] = levels.reshape(n, -1, 34)
        self._kernel_features(planes, scalars, hand, seen)
        return planes, scalars

    def oracle(self, state: State, seat: int) -> NDArray[np.uint8]:
        """The hidden planes ``(ORACLE, 34)`` of the table relative to ``seat``.

        Every seat's concealed hand, the live wall and its next draws, the replacement
        tiles, the unrevealed dora and the ura indicators (``docs/rl.md``, "Oracle
        planes"). Only for centralized training (the environments' ``state()``):
        never part of an observation.
        """
        out = np.zeros((len(ORACLE_PLANES), 34), dtype=np.uint8)
        n = self.seats
        for s, player in enumerate(state.seats):
            rel = (s - seat) % n
            _thresholds(out, 4 * rel, _kind_counts(player.hand))
        _thresholds(out, 16, _kind_counts(state.live))
        marks = ([(20 + i, t) for i, t in enumerate(state.live[:4])]
                 + [(24, t) for t in state.rinshan]
                 + [(25, t) for t in state.ura_indicators[:state.revealed]]
                 + [(26, t) for t in state.dora_indicators[state.revealed:]])
        for row, tile in marks:
            if tile < 136:  # a flower (Taiwanese) has no kind column
                out[row, tile >> 2] = 1
        return out

    # ------------------------------------------------------------------ one view

    def _view_planes(self, view: Mapping[str, Any], ones: list[int], adds: list[int],
                     row: int, out: NDArray[np.float32]) -> None:
        """Collect a view's binary planes (``ones``) and tile counts (``adds``); its scalars."""
        n = self.seats
        viewer: int = view["viewer"]
        red = self.red_ids
        base = row * N_PLANES * 34
        counts = row * _GROUPS * 34
        hand = counts + _G_HAND * 34
        for tile in view["hand"]:
            adds.append(hand + (tile >> 2))
            if tile in red:
                ones.append(base + P.HAND_RED * 34 + (tile >> 2))
        drawn = view.get("drawn")
        if drawn is not None and drawn < 136:
            ones.append(base + P.DRAWN * 34 + (drawn >> 2))
        seen = counts + _G_SEEN * 34
        following = self._next
        for tile in view["dora_indicators"]:
            kind = tile >> 2
            adds.extend((counts + _G_INDICATOR * 34 + kind, counts + _G_DORA * 34
                         + following[kind], seen + kind))
        dealer = view["dealer"]
        ones.append(base + P.ROUND_WIND * 34 + 27 + view["round_wind"] % 4)
        ones.append(base + P.SEAT_WIND * 34 + 27 + (viewer - dealer) % n)
        claim = view.get("claim")
        if claim is not None and 0 <= claim["tile"] < 136:
            ones.append(base + P.CLAIM_TILE * 34 + (claim["tile"] >> 2))
        points = []
        for entry in view["seats"]:
            rel = (entry["seat"] - viewer) % n
            first = base + (SEAT_BASE + rel * SEAT_PLANES) * 34
            self._river_planes(entry["river"], ones, adds, first, counts, rel)
            self._meld_planes(entry, ones, adds, first, counts, rel)
            points.append(entry["points"])
            self._seat_scalars(entry, out, SEAT_SCALAR_BASE + rel * SEAT_SCALARS,
                               is_dealer=entry["seat"] == dealer)
        order = sorted(range(n), key=lambda s: (-points[s], s))
        for rank, s in enumerate(order):
            out[SEAT_SCALAR_BASE + ((s - viewer) % n) * SEAT_SCALARS + SS.RANK + rank] = 1
        self._table_scalars(view, out, viewer)

    def _river_planes(self, river: Sequence[Mapping[str, Any]], ones: list[int],
                      adds: list[int], *where: int) -> None:
        """One seat's river; ``where`` is its first plane, the view's counts and the seat."""
        base, counts, rel = where
        red = self.red_ids
        seen = counts + _G_SEEN * 34
        discarded = counts + (_G_RIVER + rel) * 34
        for i, discard in enumerate(river):
            tile = discard["tile"]
            kind = tile >> 2
            adds.append(discarded + kind)
            if discard["called"]:
                ones.append(base + SP.CALLED_AWAY * 34 + kind)
            else:
                adds.append(seen + kind)
            if discard["tsumogiri"]:
                ones.append(base + SP.TSUMOGIRI * 34 + kind)
            if discard["riichi"]:
                ones.append(base + SP.RIICHI_TILE * 34 + kind)
            if tile in red:
                ones.append(base + SP.RIVER_RED * 34 + kind)
            if i < _LAST:
                ones.append(base + SP.EARLY * 34 + kind)
        ones.extend(base + (SP.LAST + back) * 34 + (discard["tile"] >> 2)
                    for back, discard in enumerate(reversed(river[-_LAST:])))

    def _meld_planes(self, entry: Mapping[str, Any], ones: list[int], adds: list[int],
                     *where: int) -> None:
        """One seat's melds and kita; ``where`` as for :meth:`_river_planes`."""
        base, counts, rel = where
        red = self.red_ids
        seen = counts + _G_SEEN * 34
        melded = counts + (_G_MELD + rel) * 34
        for meld in entry["melds"]:
            for tile in meld["tiles"]:
                adds.append(melded + (tile >> 2))
                adds.append(seen + (tile >> 2))
                if tile in red:
                    ones.append(base + SP.MELD_RED * 34 + (tile >> 2))
            if meld["called"] is not None:
                ones.append(base + SP.MELD_CALLED * 34 + (meld["called"] >> 2))
            if meld["kind"] == "ankan":
                ones.append(base + SP.CLOSED_KAN * 34 + (meld["tiles"][0] >> 2))
        adds.extend(seen + (tile >> 2) for tile in entry["kita"])

    def _seat_scalars(self, entry: Mapping[str, Any], row: NDArray[np.float32], base: int, *,
                      is_dealer: bool) -> None:
        row[base + SS.POINTS] = min(2.0, max(-1.0, entry["points"] / self._points_unit))
        row[base + SS.DEALER] = is_dealer
        row[base + SS.RIICHI] = entry["riichi"]
        row[base + SS.DOUBLE_RIICHI] = entry["double_riichi"]
        row[base + SS.DECLARED] = entry.get("declared", False)
        row[base + SS.HAND_SIZE] = entry["hand_size"] / 17
        row[base + SS.KITA] = len(entry["kita"]) / 4
        row[base + SS.MELDS] = len(entry["melds"]) / 5
        for flower in entry.get("flowers", ()):
            row[base + SS.FLOWERS + (flower - 136)] = 1

    def _table_scalars(self, view: Mapping[str, Any], row: NDArray[np.float32],
                       viewer: int) -> None:
        row[S.RULESET + _RULESETS.index(self.variant)] = 1
        row[S.ROUND_WIND + view["round_wind"] % 4] = 1
        row[S.HAND_NUMBER + view["hand_number"] % 4] = 1
        row[S.HONBA] = min(1.0, view["honba"] / 10)
        row[S.DEPOSITS] = min(1.0, view["deposits"] / 10)
        row[S.TILES_LEFT] = min(1.0, view["tiles_left"] / 100)
        phase = view["phase"]
        if phase == "self_action":
            row[S.PHASE] = 1
        elif phase == "claims":
            row[S.PHASE + 1] = 1
        claim = view.get("claim")
        if claim is not None:
            source = claim["source"]
            row[S.CLAIM_SOURCE + CLAIM_SOURCES.index(
                "flower" if source.endswith("flower") else source)] = 1
            row[S.CLAIM_FROM + (claim["from_seat"] - viewer) % self.seats] = 1
        row[S.FURITEN] = bool(view.get("furiten", False))

    # ------------------------------------------------------------------ kernel

    def _kernel_features(self, cube: NDArray[np.uint8], scalars: NDArray[np.float32],
                         counts: NDArray[np.uint8], visible: NDArray[np.int16]) -> None:
        """Shanten, waits, improving draws and per-discard ukeire, batched by hand shape."""
        sizes = counts.sum(axis=1) % 3
        options = self._kernel
        waiting = np.flatnonzero(sizes == 1)
        if waiting.size:
            draw = kernel.draw_ukeire(counts[waiting], visible[waiting], **options)
            cube[waiting, P.IMPROVING] = draw.remaining > 0
            tenpai = waiting[draw.shanten == 0]
            if tenpai.size:
                cube[tenpai, P.WAITS] = kernel.waits(counts[tenpai], **options)
            _shanten_scalars(scalars, waiting, draw.shanten)
            scalars[waiting, S.UKEIRE] = np.minimum(1.0, draw.total / 100)
        acting = np.flatnonzero(sizes == 2)
        if acting.size:
            shanten = np.empty(len(acting), dtype=np.int8)
            for i, row in enumerate(acting.tolist()):
                shanten[i] = self._discard_features(cube[row], counts[row], visible[row])
            _shanten_scalars(scalars, acting, shanten)

    def _discard_features(self, planes: NDArray[np.uint8], counts: NDArray[np.uint8],
                          visible: NDArray[np.int16]) -> int:
        """One 3n+2 hand's per-discard planes (one batched kernel call); its shanten.

        The ukeire of a discard counts the copies of its improving draws not in the hand
        (the discard included) nor visible, as :func:`~mahjong_rules.kernel.discard_ukeire`.
        """
        table = kernel.discard_draw_shanten(counts, validate=False, **self._kernel)
        held = table.held
        after = table.after
        left = np.maximum(4 - counts.astype(np.int16) - visible, 0)
        totals = (table.drawn < after[:, None]) @ left
        rows = [after == after.min(), after == 0,
                *(totals >= threshold for threshold in UKEIRE_THRESHOLDS)]
        block = np.zeros((len(rows), 34), dtype=np.uint8)
        block[:, held] = rows
        planes[P.DISCARD_BEST] = block[0]
        planes[P.DISCARD_TENPAI] = block[1]
        planes[P.DISCARD_UKEIRE:P.DISCARD_UKEIRE + len(UKEIRE_THRESHOLDS)] = block[2:]
        return table.shanten


def _kind_counts(tiles: Sequence[int]) -> list[int]:
    """Counts per kind (flowers left out)."""
    counts = [0] * 35
    for tile in tiles:
        counts[tile >> 2 if tile < 136 else 34] += 1
    return counts[:34]


def _thresholds(out: NDArray[np.uint8], first: int, counts: Sequence[int]) -> None:
    for kind, count in enumerate(counts):
        for j in range(min(count, 4)):
            out[first + j, kind] = 1


def _shanten_scalars(scalars: NDArray[np.float32], rows: NDArray[np.intp],
                     shanten: NDArray[np.int8]) -> None:
    """One-hot shanten -1 .. 6 (6 and more in the last slot)."""
    index = np.clip(shanten.astype(np.int64) + 1, 0, 7)
    scalars[rows, S.SHANTEN + index] = 1


SPEC: Final = (PLANES, SCALARS)
"""Every plane and scalar as ``(index, name, meaning)``, for the docs."""
