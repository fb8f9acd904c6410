"""The fused call: a pon or chi that closes its window, made in one pass over the state.

The readable path of a ``Pon`` or ``Chi`` answer (``game.claims.respond``) records the
answer in a copy of the window, asks ``window_waits`` whether the window closes, and
``RiichiRuleset._resolve`` makes the furiten of the seats the tile passes by, the
deposit and abort checks (``_window_passed``), ``take_call`` and ``game.calls.call``: four
to six copies of the state. :func:`quick_call` gives the same state in one: when the
call is the window's only claim and closes it (every other seat offered a claim has
passed, or has not answered and may not outrank it), no riichi deposit or kan dora is
due, no abortive draw applies and the caller is on no timeout or auto-pilot.

Its one door is ``RiichiRuleset._quick_call`` (``game.actions.apply``'s shortcut for a
plain ``Pon`` or ``Chi``), behind ``FastPaths.discards`` and ``claims``;
``tests/rules/test_fast_calls.py`` plays riichi and sanma beside ``FastPaths.none()`` and
compares the states after every call, and the golden playthroughs digest them.

.. versionadded:: 0.4
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from mahjong_rules.actions import Chi, Pon
from mahjong_rules.game.calls import call
from mahjong_rules.game.claims import maybe_resolve, record, take_call, window_waits
from mahjong_rules.scoring import MeldKind
from mahjong_rules.state import (
    CallKind,
    ClaimSource,
    MeldRecord,
    Phase,
    PlayerState,
    State,
    replace,
)

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset

__all__ = ["quick_call"]

_DISCARD = ClaimSource.DISCARD
_SELF_ACTION = Phase.SELF_ACTION
_PASS, _PON, _CHI = CallKind.PASS, CallKind.PON, CallKind.CHI
_new = object.__new__
_set_dict = object.__setattr__


def quick_call(rules: RiichiRuleset, state: State, action: Pon | Chi) -> State | None:  # noqa: C901, PLR0911, PLR0912 - the window's checks, then the one copy
    """The state after the plain ``action`` (no time), when it closes its window plainly.

    ``None`` when the full path must run (see the module's conditions). The caller
    (``game.actions.apply``) passed the action through ``validate`` or took it from
    the legal actions: it is a claim offered to its seat, with tiles of its hand.
    """
    claim = state.claim
    if (claim is None or claim.riichi_pending or claim.source != _DISCARD
            or state.pending_kan_dora or not (rules.fast.discards and rules.fast.claims)):
        return None
    seat = action.seat
    player = state.seats[seat]
    if player.timeouts or player.auto_pilot:
        return None
    kind_of_call = _PON if type(action) is Pon else _CHI
    responses = claim.responses
    for other, answer in enumerate(responses):  # no other claim is in (a pass or none)
        if answer is not None and other != seat and answer.kind != _PASS:
            return None
    if not _plain_closing(type(rules)):
        return None
    # the window with this answer recorded still waits (a seat that may ron or, for a
    # chi, pon has not answered): the full path records it
    for other, options in enumerate(claim.options):
        if options and other != seat and responses[other] is None and (
                "ron" in options or (kind_of_call is _CHI and (
                    "pon" in options or "daiminkan" in options))):
            return None
    if rules._abort_after_discard(state) is not None:
        return None
    tile, discarder = claim.tile, claim.from_seat
    kind = tile >> 2
    seats = list(state.seats)
    hands, facts = rules.cache.hands, rules.cache.facts
    # _resolve: the seats the tile completes (no ron) are furiten; the caller's own
    # temporary furiten is cleared by the call below
    for other, each in enumerate(seats):
        if other == discarder:
            continue
        hand = each.hand
        known = hands.get(hand)
        if kind in (known if known is not None else facts(hand))[0]:
            seats[other] = replace(each, temporary_furiten=True,
                                   riichi_furiten=each.riichi_furiten or each.riichi)
    # game.calls.call: the meld, the discard marked called, ippatsu and the first
    # go-around end
    used = tuple(action.tiles)
    meld = MeldRecord(kind=MeldKind.PON if kind_of_call is _PON else MeldKind.CHI,
                      tiles=tuple(sorted((*used, tile))), called=tile, from_seat=discarder)
    giver = seats[discarder]
    river = list(giver.river)
    river[-1] = replace(river[-1], called=True)
    seats[discarder] = _copy(giver, river=tuple(river))
    caller = seats[seat]
    rest = list(caller.hand)
    for used_tile in used:
        rest.remove(used_tile)
    seats[seat] = _copy(caller, hand=tuple(rest), drawn=None, melds=(*caller.melds, meld),
                        calls=caller.calls + 1, temporary_furiten=False,
                        called_this_turn=True,
                        kuikae=rules._kuikae(tile, used, kind_of_call))
    for other, each in enumerate(seats):
        fields = each.__dict__
        if type(fields["ippatsu"]) is not bool or fields["ippatsu"]:
            seats[other] = _copy(each, ippatsu=False)
    fields = state.__dict__.copy()
    fields["seats"] = tuple(seats)
    fields["first_go_around"] = False
    fields["phase"] = _SELF_ACTION
    fields["turn"] = seat
    fields["claim"] = None
    fields["rinshan_draw"] = False
    fields["phase_started"] = state.clock
    new_state = _new(State)
    _set_dict(new_state, "__dict__", fields)
    return rules._note_liability(new_state, seat, meld, discarder)


@functools.cache
def _plain_closing(cls: type[RiichiRuleset]) -> bool:
    """The ruleset closes windows and makes calls by riichi's own steps (no override).

    Its ``_resolve`` and ``_window_passed`` are those of the class that made
    :func:`quick_call` its ``_quick_call`` (riichi's), the rest the table's.
    """
    base = next(c for c in cls.__mro__ if c.__dict__.get("_quick_call") is quick_call)
    return (cls._window_waits is window_waits and cls._maybe_resolve is maybe_resolve
            and cls._take_call is take_call and cls._call is call and cls._record is record
            and all(getattr(cls, name) is base.__dict__[name]
                    for name in ("_resolve", "_window_passed")))


def _copy(player: PlayerState, **changes: object) -> PlayerState:
    """``player`` with ``changes``: a copy of its field dictionary made the new seat's own."""
    fields = player.__dict__.copy()
    fields.update(changes)
    new = _new(PlayerState)
    _set_dict(new, "__dict__", fields)
    return new

