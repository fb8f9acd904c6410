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

from bisect import insort
from typing import TYPE_CHECKING

from mahjong_rules.fast.claim_scan import ClaimScan, claim_scan
from mahjong_rules.fast.intern import river_entry
from mahjong_rules.state import ClaimSource, Phase, PlayerState, State, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset

__all__ = ["fused"]

_DISCARD = ClaimSource.DISCARD
_SELF_ACTION = Phase.SELF_ACTION
_new = object.__new__
_set_dict = object.__setattr__


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

    The three new values (the discarder, the drawer, the table) are made as
    :func:`~mahjong_rules.state.replace` makes them, a copy of the old one's field
    dictionary with the changed fields set, which becomes the new value's own, written
    out here: the same values, without the keyword arguments.
    """
    scan = options, waiting = claim_scan(rules, state, seat, tile, _DISCARD)
    if any(options):
        return None, scan
    n = rules.num_seats
    nxt = (seat + 1) % n
    first = state.first_go_around
    if first and len(state.first_discards) + 1 >= n:
        return None, scan
    seats = list(state.seats)
    # the discarder: the tile leaves the hand for the river (seeds/000 4, 5.1)
    player = seats[seat]
    fields = player.__dict__.copy()
    hand = list(player.hand)
    hand.remove(tile)
    fields["hand"] = tuple(hand)
    fields["drawn"] = None
    fields["river"] = (*player.river, river_entry(tile, tile == player.drawn))
    fields["called_this_turn"] = False
    fields["kuikae"] = ()
    fields["ippatsu"] = False
    seats[seat] = new = _new(PlayerState)
    _set_dict(new, "__dict__", fields)
    # the tile passes the waiting seats by: temporary furiten, riichi furiten after riichi
    for other in waiting:
        if other != nxt:
            seats[other] = replace(seats[other], temporary_furiten=True,
                                   riichi_furiten=seats[other].riichi_furiten
                                   or seats[other].riichi)
    # the next seat draws the front live tile: one copy of it, with the riichi furiten
    # (the tile passed it by) and the draw's resets
    drawer = seats[nxt]
    drawn = state.live[0]
    hand = list(drawer.hand)
    insort(hand, drawn)
    fields = drawer.__dict__.copy()
    fields["hand"] = tuple(hand)
    fields["drawn"] = drawn
    fields["temporary_furiten"] = False
    fields["called_this_turn"] = False
    fields["kuikae"] = ()
    fields["riichi_furiten"] = drawer.riichi_furiten or (drawer.riichi and nxt in waiting)
    seats[nxt] = new = _new(PlayerState)
    _set_dict(new, "__dict__", fields)
    fields = state.__dict__.copy()
    fields["seats"] = tuple(seats)
    fields["live"] = state.live[1:]
    fields["rinshan_draw"] = False
    fields["phase"] = _SELF_ACTION
    fields["turn"] = nxt
    fields["claim"] = None
    fields["phase_started"] = state.clock
    if first:
        fields["first_discards"] = (*state.first_discards, tile >> 2)
        fields["first_go_around"] = nxt != state.dealer
    new_state = _new(State)
    _set_dict(new_state, "__dict__", fields)
    return new_state, scan
