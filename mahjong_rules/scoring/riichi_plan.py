"""What the riichi scorer reads of its options, once: the plan, the dora tables, the points.

Both paths of :func:`~mahjong_rules.scoring.score` (the readable one in
:mod:`~mahjong_rules.scoring.riichi`, the memo in :mod:`~mahjong_rules.scoring.riichi_memo`)
look the options up here once per call (:func:`plan_of`) and settle a reading's points
here (:func:`points_of`, cached by what decides them).

.. versionadded:: 0.3
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import Limit
from mahjong_rules.scoring.division import Wait
from mahjong_rules.scoring.hand import Liability, WinContext
from mahjong_rules.scoring.riichi_check import RED_KINDS, options_error
from mahjong_rules.scoring.riichi_points import base_points, payments
from mahjong_rules.scoring.riichi_yaku import YakuSummary, doubles_of
from mahjong_rules.tiles import Tile, TileKind

if TYPE_CHECKING:
    from mahjong_rules.outcome import FuLine
    from mahjong_rules.scoring.division import Reading

__all__ = ["CLEARERS", "DORA", "DORA_SANMA", "MEMO", "NEW_IN_A_ROW", "PACE", "PLANS", "SAMPLED",
           "WAIT_NAMES", "Best", "Indicators", "Plan", "Points", "better", "clear_memos",
           "dora_counts", "dora_of", "indicator_table", "plan_of", "points_of"]

_PAO_YAKU: Final = ("daisangen", "daisuushii")
_YAKUMAN_PAO: Final = Liability.YAKUMAN
_OPEN_KAN_PAO: Final = Liability.OPEN_KAN_RINSHAN
MEMO_LIMIT: Final = 1 << 15
"""Hand shapes the memo keeps, over every plan (it is emptied when full)."""
MEMO: Final[dict[Any, Any]] = {}
"""The memo of :mod:`~mahjong_rules.scoring.riichi_memo`: hand shapes by hand and plan
token. One memo for every plan, so that one bound holds for all."""
PACE: Final = [0, 0]
"""How often hands come back to the memo: the first sights in a row since the last hand
seen before, and how many of the next calls leave the memo out (see :data:`NEW_IN_A_ROW`)."""
NEW_IN_A_ROW: Final = 128
"""After this many first sights in a row (no hand came back), ``score`` looks a hand up
in the memo, and notes it, only one call in :data:`SAMPLED`: a stream of hands that never
come back (a simulation, a replay) pays for the memo's key and note on one hand in
eight. The first hand that comes back (one looked up and seen before) starts the
noting of every hand again."""
SAMPLED: Final = 8
"""One call in this many looks its hand up while hands do not come back."""
_TOKENS: Final = itertools.count(1)


def dora_of(indicator: int, *, sanma: bool = False) -> int:
    """The dora kind an indicator points to.

    Examples:
        >>> dora_of(8), dora_of(30), dora_of(33), dora_of(0, sanma=True), dora_of(8, sanma=True)
        (0, 27, 31, 8, 0)
    """
    if indicator >= 31:
        return 31 + (indicator - 31 + 1) % 3
    if indicator >= 27:
        return 27 + (indicator - 27 + 1) % 4
    if sanma and indicator in (0, 8):
        return 8 - indicator
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9


DORA: Final = tuple(dora_of(kind) for kind in range(34))
"""The dora kind of each indicator kind."""
DORA_SANMA: Final = tuple(dora_of(kind, sanma=True) for kind in range(34))
"""The dora kind of each indicator kind in sanma (9m after 1m, 1m after 9m)."""
WAIT_NAMES: Final = {wait: wait.value for wait in Wait}
"""The wire name of each wait."""

Points = tuple[int, "Limit | None", MappingProxyType[str, int], int]
"""Base points, limit, payments by role and the winner's total."""
Settled = dict[tuple[object, ...], Points]
Best = tuple["Reading", YakuSummary, tuple["FuLine", ...], int, int, Points]
"""The best reading so far: the reading, its yaku, fu lines, han, fu and points."""


Indicators = dict[Tile, tuple[int, int, int]]
_INDICATOR_TABLES: Final[dict[tuple[bool, frozenset[int]], Indicators]] = {}


def indicator_table(sanma: bool, red_kinds: frozenset[int]) -> Indicators:
    """Each tile an indicator may be: its kind, the dora kind it points to, its red bit.

    The red bit of a red five is ``1 << kind`` (0 for the other tiles); tiles outside
    the set (a flower, 2m-8m in sanma, a red five the rules lack) are absent.

    Examples:
        >>> from mahjong_rules.tiles import Tile, TileKind
        >>> table = indicator_table(False, frozenset({4}))
        >>> table[Tile(TileKind(8))], table[Tile(TileKind(4), red=True)], len(table)
        ((8, 0, 0), (4, 5, 16), 35)
    """
    table = _INDICATOR_TABLES.get((sanma, red_kinds))
    if table is None:
        target = DORA_SANMA if sanma else DORA
        table = _INDICATOR_TABLES[sanma, red_kinds] = {
            Tile(TileKind(kind), red): (kind, target[kind], (1 << kind) if red else 0)
            for kind in range(34) for red in (False, True)
            if not (sanma and 1 <= kind <= 7) and (not red or kind in red_kinds)}
    return table


class Plan(NamedTuple):
    """What the scorer reads of one options object, looked up once per call."""

    options: RiichiOptions
    """The options themselves (kept alive here, so that their id is not reused)."""
    settled: Settled
    """The points worked out so far (see :func:`points_of`)."""
    doubles: frozenset[str]
    """:func:`~mahjong_rules.scoring.riichi_yaku.doubles_of` the options."""
    red_kinds: frozenset[int]
    """The kinds that have a red five."""
    sanma: bool
    players: int
    switched: bool
    """The options play without ippatsu, ura dora, kan dora or kan ura."""
    token: int
    """This plan's part of a key of :data:`MEMO` (each plan its own: a plan built again
    for options of the same id does not meet the shapes of the one before)."""
    indicators: Indicators
    """:func:`indicator_table` of the options."""
    summaries: dict[int, YakuSummary]
    """:func:`~mahjong_rules.scoring.riichi_yaku.summarize` of a yaku mask (shifted left
    once, the closed flag below it), met so far."""


PLANS: Final[dict[int, Plan]] = {}
"""The plans by the id of their options (each plan keeps its options alive)."""


def plan_of(options: RiichiOptions) -> Plan:
    """The plan of ``options`` (built once per options object, 64 kept at most).

    Raises:
        InvalidArgumentError: ``bad_input`` when ``options`` are not riichi or sanma options.

    Examples:
        >>> plan = plan_of(RiichiOptions())
        >>> plan.players, plan.sanma, plan is plan_of(plan.options)
        (4, False, True)
    """
    plan = PLANS.get(id(options))
    if plan is None or plan.options is not options:
        if not isinstance(options, RiichiOptions):
            raise options_error(options)
        if len(PLANS) >= 64:
            PLANS.clear()
        plan = PLANS[id(options)] = Plan(
            options, {}, doubles_of(options), RED_KINDS[options.red_fives],
            options.players == 3, options.players,
            not (options.ippatsu_yaku and options.ura_dora and options.kan_dora
                 and options.kan_ura), next(_TOKENS),
            indicator_table(options.players == 3, RED_KINDS[options.red_fives]), {})
    return plan


CLEARERS: Final[list[Callable[[], None]]] = []
"""What :func:`clear_memos` calls besides: the batch's caches register here."""


def clear_memos() -> None:
    """Forget the memos of hand shapes (the next calls work the shapes out again).

    The memo of ``score`` and the caches of batch packing and scoring
    (:mod:`~mahjong_rules.scoring.batch_pack`, :mod:`~mahjong_rules.scoring.batch_memo`).
    For measuring the scorer on hands it has not seen; the answers do not change.
    """
    MEMO.clear()
    PACE[:] = [0, 0]
    for clear in CLEARERS:
        clear()


def dora_counts(tally: list[int], red: int, context: WinContext,
                sanma: bool) -> tuple[int, int, int, int]:
    """Dora, red fives, ura-dora and kita dora of a hand holding ``tally[k]`` of kind ``k``."""
    target = DORA_SANMA if sanma else DORA
    dora = 0
    for indicator in context.dora_indicators:
        dora += tally[target[indicator[0]]]
    riichi = context.riichi or context.double_riichi
    ura = 0
    if riichi:
        for indicator in context.ura_indicators:
            ura += tally[target[indicator[0]]]
    kita = 0
    if context.kita:
        north_dora = sum(1 for t in context.dora_indicators if target[t.kind] == 30)
        north_ura = sum(1 for t in context.ura_indicators if target[t.kind] == 30)
        kita = context.kita * (1 + north_dora + (north_ura if riichi else 0))
    return dora, red, ura, kita


def better(points: Points, yakuman: int, han: int, fu: int, best: Best) -> bool:
    """A reading beats the best so far on points, then han (a yakuman above all), then fu."""
    best_yakuman = best[1].yakuman
    return (points[3], 1000 * yakuman if yakuman else han, fu) > (
        best[5][3], 1000 * best_yakuman if best_yakuman else best[3], best[4])


def points_of(han: int, fu: int, yakuman: int, summary: YakuSummary,  # noqa: PLR0917 (hot path)
              context: WinContext, plan: Plan, dealer: bool) -> Points:
    """The points of a reading (han, fu and yakuman already known) in these circumstances.

    Without liability, the points of a hand follow from its han, fu and yakuman, the
    dealer and tsumo flags, honba and deposits: few combinations, met again and again,
    so each is computed once per plan (the payments are a read-only mapping, shared by
    the results).
    """
    liability = context.liability
    if liability is None:
        key = (han, fu, yakuman, dealer, context.tsumo, context.honba, context.riichi_sticks)
        points = plan.settled.get(key)
        if points is None:
            points = plan.settled[key] = _points(han, fu, yakuman, summary, context,
                                                 plan.options, dealer)
        return points
    return _points(han, fu, yakuman, summary, context, plan.options, dealer)


def _points(han: int, fu: int, yakuman: int, summary: YakuSummary, context: WinContext,  # noqa: PLR0917
            options: RiichiOptions, dealer: bool) -> Points:
    base, limit = base_points(han, fu, yakuman, options)
    liability = context.liability
    liable_base = 0
    if liability is _YAKUMAN_PAO and (options.pao or options.pao_suukantsu):
        pao_yaku = (_PAO_YAKU if options.pao else ()) + (
            ("suukantsu",) if options.pao_suukantsu else ())
        liable_base = 8000 * sum(hit.yakuman for hit in summary.hits if hit.id in pao_yaku)
        if liable_base and options.pao_whole_hand:
            liable_base = base
    if liability is _OPEN_KAN_PAO and not options.pao_open_kan_rinshan:
        liability = None
    if liability is _YAKUMAN_PAO and not liable_base:
        liability = None
    owed = payments(base, dealer=dealer, tsumo=context.tsumo, honba=context.honba,
                    options=options, liability=liability, liable_base=liable_base)
    payers = _payer_counts(owed, dealer=dealer, players=options.players)
    total = sum(owed[role] * payers[role] for role in owed) + 1000 * context.riichi_sticks
    return base, limit, MappingProxyType(owed), total  # read-only: results share it


def _payer_counts(owed: dict[str, int], *, dealer: bool, players: int) -> dict[str, int]:
    counts = {"discarder": 1, "liable": 1, "dealer": 1}
    counts["non_dealer"] = players - 1 if dealer else players - 2
    return {role: counts[role] for role in owed}
