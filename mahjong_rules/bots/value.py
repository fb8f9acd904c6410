"""What a hand is worth from the seat's view, and the yaku plans of an open hand.

:func:`win_score` scores the seat winning on a kind with its concealed tiles and melds,
the view's winds, dora indicators, kita, honba and deposits (ura-dora are unknown and not
counted). An open hand keeps a *plan* (:func:`open_plans`): a yakuhai meld needs none;
otherwise tanyao (every meld simple, kuitan on) or a half flush (every meld of one suit or
honours) each rule out some kinds, and :func:`plan_shanten` is the shanten of the hand
when those tiles count as useless.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mahjong_rules.bots.facts import HONOR_KINDS, N_KINDS, ViewFacts, is_simple
from mahjong_rules.errors import Rejection
from mahjong_rules.options import RiichiOptions, TaiwaneseOptions
from mahjong_rules.scoring import (
    Meld,
    MeldKind,
    TaiwaneseHand,
    WinContext,
    WinningHand,
    check_taiwanese,
    score,
)
from mahjong_rules.tiles import Tile, TileKind, kind_of

__all__ = ["FREE", "PLAN_LIMIT", "Plan", "meld_kinds", "open_plans", "plan_shanten",
           "viable_plans", "win_points", "win_score"]

Plan = tuple[str, frozenset[int]]
"""A plan's name and the kinds it rules out."""
FREE: Final[Plan] = ("free", frozenset())
"""A hand with a yaku in its melds (a yakuhai triplet), or a closed hand: no kind ruled out."""
PLAN_LIMIT: Final = 3
"""A plan is still viable while its shanten is at most this (:func:`viable_plans`)."""
_NON_SIMPLES: Final = frozenset(k for k in range(N_KINDS) if not is_simple(k))


def as_tile(facts: ViewFacts, tile: int) -> Tile:
    """The scorer's tile of a physical id (red when the table's rules make it red)."""
    return Tile(kind_of(tile), red=tile in facts.red)


def _melds(facts: ViewFacts, melds: Sequence[Mapping[str, Any]]) -> tuple[Meld, ...]:
    return tuple(Meld(kind=MeldKind(m["kind"]), tiles=tuple(as_tile(facts, t) for t in m["tiles"]))
                 for m in melds)


def win_score(facts: ViewFacts, concealed: Sequence[int], win_kind: int, *, tsumo: bool,
              riichi: bool, melds: Sequence[Mapping[str, Any]] | None = None,
              ) -> Any:  # noqa: ANN401 - a ScoreResult, a TaiwaneseScore or a Rejection
    """Score the seat winning on ``win_kind``.

    With ``concealed`` tile ids (the winning tile left out), its melds (or ``melds``), by
    tsumo or ron, with or without riichi.

    Returns the scorer's result (``.total`` points) or its
    :class:`~mahjong_rules.errors.Rejection` (``no_yaku``, ``not_a_winning_hand``, ...).
    """
    win = Tile(TileKind(win_kind))
    hand_melds = _melds(facts, facts.melds if melds is None else melds)
    tiles = tuple(as_tile(facts, t) for t in concealed)
    view = facts.view
    if facts.taiwanese:
        options = facts.rules.options
        assert isinstance(options, TaiwaneseOptions)
        flowers = tuple(as_tile(facts, t) for t in view["seats"][facts.seat].get("flowers", ()))
        return check_taiwanese(TaiwaneseHand(
            concealed=tiles, win=win, melds=hand_melds, flowers=flowers, tsumo=tsumo,
            seat_wind=facts.seat_wind, round_wind=facts.round_wind % 4,
            declared_ready=facts.riichi), options)
    options = facts.rules.options
    assert isinstance(options, RiichiOptions)
    context = WinContext(
        tsumo=tsumo, seat_wind=facts.seat_wind, round_wind=facts.round_wind,
        riichi=riichi, dora_indicators=tuple(as_tile(facts, t) for t in view["dora_indicators"]),
        kita=len(view["seats"][facts.seat]["kita"]), honba=view["honba"],
        riichi_sticks=view["deposits"] + (1 if riichi and not facts.riichi else 0))
    return score(WinningHand(concealed=tiles, win=win, melds=hand_melds), context, options)


def win_points(result: object) -> int:
    """Points of a scored win (0 for a rejection)."""
    if isinstance(result, Rejection):
        return 0
    total = getattr(result, "total", 0)
    return int(total)


def meld_kinds(melds: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """The kinds of each meld's tiles."""
    return [[t >> 2 for t in m["tiles"]] for m in melds]


def open_plans(facts: ViewFacts, melds: Sequence[Mapping[str, Any]]) -> list[Plan]:
    """The yaku plans an open hand with ``melds`` can still follow (empty: none)."""
    if all(m["kind"] == "ankan" for m in melds):
        return [FREE]
    kinds = meld_kinds(melds)
    for meld, group in zip(melds, kinds, strict=True):
        if meld["kind"] != "chi" and facts.yakuhai(group[0]):
            return [FREE]
    plans: list[Plan] = []
    every = [k for group in kinds for k in group]
    options = facts.rules.options
    kuitan = isinstance(options, RiichiOptions) and options.kuitan
    if facts.taiwanese:
        return [FREE]  # Taiwanese needs no tai to win
    if kuitan and all(is_simple(k) for k in every):
        plans.append(("tanyao", _NON_SIMPLES))
    suits = {k // 9 for k in every if k < 27}
    if len(suits) <= 1:
        suit = suits.pop() if suits else _main_suit(facts.counts)
        plans.append(("honitsu", frozenset(k for k in range(27) if k // 9 != suit)))
    return plans


def viable_plans(facts: ViewFacts, counts: Sequence[int],
                 melds: Sequence[Mapping[str, Any]]) -> list[Plan]:
    """The plans of :func:`open_plans` still in reach.

    A plan is in reach when its :func:`plan_shanten` with ``counts`` is at most
    :data:`PLAN_LIMIT` (a half flush with no tile of its suit in hand is no plan).
    """
    return [plan for plan in open_plans(facts, melds)
            if plan_shanten(facts, counts, plan) <= PLAN_LIMIT]


def _main_suit(counts: Sequence[int]) -> int:
    return max(range(3), key=lambda s: sum(counts[9 * s:9 * s + 9]))


def plan_shanten(facts: ViewFacts, counts: Sequence[int], plan: Plan) -> int:
    """Shanten of concealed ``counts`` when the plan's ruled-out tiles are useless.

    Each ruled-out tile is read as a lone tile of a kind far from every other.
    """
    banned = plan[1]
    if not banned or not any(counts[k] for k in banned):
        return facts.shanten(counts)
    kept = [0 if k in banned else c for k, c in enumerate(counts)]
    spare = sum(counts[k] for k in banned)
    for kind in range(N_KINDS):
        if not spare:
            break
        if _lone(kept, kind, facts.kinds):
            kept[kind] = 1
            spare -= 1
    if spare:  # no lone kinds left: the plan is hopeless
        return 8
    return facts.shanten(kept)


def _lone(counts: Sequence[int], kind: int, mask: Sequence[bool]) -> bool:
    """A kind of the tile set not held, with no held kind within two in its suit."""
    if counts[kind] or not mask[kind]:
        return False
    if kind in HONOR_KINDS:
        return True
    base, number = kind - kind % 9, kind % 9
    return all(not counts[base + n] for n in range(max(0, number - 2), min(9, number + 3)))
