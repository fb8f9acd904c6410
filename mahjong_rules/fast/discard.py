"""The fused discard: a plain discard nobody can claim, and the next draw, in one copy.

The riichi reducer's discard (``RiichiRuleset._discard``) reaches this module at one
call site, behind ``FastPaths.discards`` (and ``FastPaths.claims``: it rides on the
claim scan). :func:`fused` gives the state the full path
gives (the discard, its claim window, the window closing unanswered, the next seat's
draw: seeds/000 4 and 5.3) whenever it returns one; ``tests/test_conformance.py``,
``tests/rules/test_fast_paths.py`` and the golden playthroughs compare the two state by
state.

.. versionadded:: 0.4
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from mahjong_rules.fast.claim_scan import ClaimScan, claim_scan
from mahjong_rules.fast.intern import river_entry
from mahjong_rules.game.hand_tiles import remove
from mahjong_rules.state import ClaimSource, Phase, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset
    from mahjong_rules.state import State

__all__ = ["fused"]

_DISCARD = ClaimSource.DISCARD


def fused(rules: RiichiRuleset, state: State, seat: int,
          tile: int) -> tuple[State | None, ClaimScan]:
    """The state after ``seat`` discards ``tile`` and the next seat draws, if it is plain.

    Returns ``(state, scan)``: ``state`` is ``None`` when the full path must run (some
    seat may claim the tile, or the discard completes the first go-around's four discards:
    four winds may abort); ``scan`` is the claim scan (:func:`claim_scan`), which the full
    path reuses (it reads only the other seats and the table, which the discard leaves as
    they are). The caller checked what this path assumes: no riichi declared, no kan dora
    pending, fewer than four kans, a tile left in the wall (so no deposit, dora or
    draw-end applies).
    """
    scan = options, waiting = claim_scan(rules, state, seat, tile, _DISCARD)
    if any(options):
        return None, scan
    n = rules.num_seats
    kind = tile >> 2
    table: dict[str, Any] = {}
    nxt = (seat + 1) % n
    if state.first_go_around:
        if len(state.first_discards) + 1 >= n:
            return None, scan
        table["first_discards"] = (*state.first_discards, kind)
        table["first_go_around"] = nxt != state.dealer
    player = state.seats[seat]
    seats = list(state.seats)
    seats[seat] = replace(
        player, hand=remove(player.hand, [tile]), drawn=None,
        river=(*player.river, river_entry(tile, tile == player.drawn)),
        called_this_turn=False, kuikae=(), ippatsu=False)
    # the tile passes the waiting seats by: temporary furiten, riichi furiten after riichi
    for other in waiting:
        if other != nxt:
            seats[other] = replace(seats[other], temporary_furiten=True,
                                   riichi_furiten=seats[other].riichi_furiten
                                   or seats[other].riichi)
    drawer = seats[nxt]
    drawn = state.live[0]
    hand = list(drawer.hand)
    bisect.insort(hand, drawn)
    # one copy of the drawer: the riichi furiten (the tile passes it by) with the draw
    seats[nxt] = replace(drawer, hand=tuple(hand), drawn=drawn, temporary_furiten=False,
                         called_this_turn=False, kuikae=(),
                         riichi_furiten=drawer.riichi_furiten or (
                             drawer.riichi and nxt in waiting))
    return replace(state, seats=tuple(seats), live=state.live[1:], rinshan_draw=False,
                   phase=Phase.SELF_ACTION, turn=nxt, claim=None,
                   phase_started=state.clock, **table), scan
