"""Riichi's claim options on a shown tile, written plainly (seeds/000 5.2, 5.3, 5.5).

The readable twin of the speed layer's claim scan
(:mod:`mahjong_rules.fast.claim_scan`): :class:`~mahjong_rules.rulesets.riichi.
RiichiRuleset` answers its claim options from the scan by default and from
:func:`claim_options` with ``FastPaths(claims=False)``; ``tests/rules/test_claim_scan.py``
compares the two at every claim window and whole games played with either, state by state.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules.game.hand_tiles import tiles_of
from mahjong_rules.state import CallKind, ClaimSource

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset
    from mahjong_rules.state import State

__all__ = ["claim_options"]


def claim_options(rules: RiichiRuleset, state: State, seat: int, tile: int,
                  source: str) -> tuple[tuple[CallKind, ...], ...]:
    """What every seat may claim on ``tile`` shown by ``seat`` from ``source``.

    Each other seat, in this order: a ron it may make (``_can_ron``: the shape, furiten,
    a closed kan robbed only by thirteen orphans, a yaku); then, on a discard with a tile
    left in the wall, a seat neither in riichi nor ``no_calls`` may pon (two of the kind,
    a legal discard left under the swap-call rule), make an open kan (three of the kind,
    fewer than four kans made) and chi (``_chi_allowed``: the next seat, and some run
    leaving a legal discard). ``seat`` itself claims nothing.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi")
        >>> state = rules.setup(seed=1)
        >>> claim_options(rules, state, 0, state.seats[0].hand[0], "discard")[0]
        ()
    """
    calls = source == ClaimSource.DISCARD and bool(state.live)
    kind = tile >> 2
    options: list[tuple[CallKind, ...]] = []
    for other, player in enumerate(state.seats):
        found: list[CallKind] = []
        if other != seat and rules._can_ron(state, other, tile, source):
            found.append(CallKind.RON)
        if other != seat and calls and not (player.riichi or player.no_calls):
            hand = player.hand
            if any(rules._call_leaves_discard(state, other, pair, tile, "pon")
                   for pair in rules._pon_choices(hand, tile)):
                found.append(CallKind.PON)
            if len(tiles_of(hand, kind)) >= 3 and state.kan_count < 4:
                found.append(CallKind.DAIMINKAN)
            if (kind < 27 and rules._chi_allowed(state, other, seat)
                    and rules._chi_possible(state, other, hand, tile)):
                found.append(CallKind.CHI)
        options.append(tuple(found))
    return tuple(options)
