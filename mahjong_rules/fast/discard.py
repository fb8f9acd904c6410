"""The fused discard: a plain discard and what follows it, in one copy of the state.

The riichi reducer's discard (``RiichiRuleset._discard``) reaches this module at one
call site, behind ``FastPaths.discards`` (and ``FastPaths.claims``: it rides on the
claim scan). :func:`fused` gives the state the full path gives (the discard, its claim
window, the window closing unanswered, the next seat's draw: seeds/000 4 and 5.3; or,
when some seat may claim, the open window) whenever it returns one. The window's last
pass (``RiichiRuleset._quick_pass``, ``Ruleset.apply_passes``) closes it the same way,
in one copy: :func:`passed`. ``tests/test_conformance.py``,
``tests/rules/test_fast_paths.py`` and the golden playthroughs compare them with the
full paths state by state.

.. versionadded:: 0.4
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from mahjong_rules.actions import Discard
from mahjong_rules.fast.claim_scan import OTHER_SEATS, ClaimScan, claim_scan
from mahjong_rules.fast.intern import RIVER
from mahjong_rules.game.claims import apply_passes
from mahjong_rules.state import (
    CallKind,
    ClaimSource,
    ClaimWindow,
    Phase,
    PlayerState,
    State,
    replace,
)

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset

__all__ = ["all_pass", "fused", "last_pass", "passed", "quick_discard"]

_DISCARD = ClaimSource.DISCARD
_SELF_ACTION = Phase.SELF_ACTION
_CLAIMS = Phase.CLAIMS
_PASS = CallKind.PASS
_NO_ANSWERS = tuple((None,) * n for n in range(5))
_new = object.__new__
_set_dict = object.__setattr__


def fused(rules: RiichiRuleset, state: State, seat: int,
          tile: int) -> tuple[State | None, ClaimScan]:
    """The state after ``seat`` discards ``tile``: the next seat's draw, or the open window.

    Returns ``(state, scan)``: ``state`` is ``None`` when the full path must run (a seat
    that may claim the tile is on auto-pilot and answers at once, or nobody may claim and
    the discard completes the first go-around's four discards: four winds may abort);
    ``scan`` is the claim scan (:func:`claim_scan`), which the full path reuses (it reads
    only the other seats and the table, which the discard leaves as they are). The caller
    checked what this path assumes: no riichi declared, no kan dora pending, fewer than
    four kans, a tile left in the wall (so no deposit, dora or draw-end applies).

    The new values (the discarder, the drawer, the table) are made as
    :func:`~mahjong_rules.state.replace` makes them, a copy of the old one's field
    dictionary with the changed fields set, which becomes the new value's own, written
    out here: the same values, without the keyword arguments.
    """
    scan = options, waiting = claim_scan(rules, state, seat, tile, _DISCARD)
    seats = list(state.seats)
    if any(options):  # the window opens (and waits: no answer is in yet)
        for other, choices in enumerate(options):
            if choices and seats[other].auto_pilot:  # it answers at once (seeds/000 8.5)
                return None, scan
        seats[seat] = _discarded(seats[seat], tile)
        fields = state.__dict__.copy()
        fields["seats"] = tuple(seats)
        fields["rinshan_draw"] = False
        if state.first_go_around:
            fields["first_discards"] = (*state.first_discards, tile >> 2)
        fields["phase"] = _CLAIMS
        fields["turn"] = seat
        fields["claim"] = ClaimWindow(source=_DISCARD, tile=tile, from_seat=seat,
                                      options=options, responses=_NO_ANSWERS[len(seats)])
        fields["phase_started"] = state.clock
        new_state = _new(State)
        _set_dict(new_state, "__dict__", fields)
        return new_state, scan
    if state.first_go_around and len(state.first_discards) + 1 >= rules.num_seats:
        return None, scan
    seats[seat] = _discarded(seats[seat], tile)
    return _next_draw(state, seats, seat, waiting, tile >> 2), scan


def quick_discard(rules: RiichiRuleset, state: State, action: Discard) -> State | None:
    """``RiichiRuleset._quick_discard``: a plain discard plainly legal, checked and made.

    Behind ``FastPaths.discards`` and ``claims``. The checks of ``Ruleset.validate`` for
    the usual case: a state of these rules, a ``Discard`` of plain fields (no riichi, no
    time) by the seat at turn in the own-turn phase, of a tile it holds, the seat neither
    in riichi nor right after a call (the swap-call rule) nor on a timeout or auto-pilot
    (its move would clear them). Then the ruleset's ``_discard`` (the fused discard when
    it applies). Anything else: ``None``, and ``apply`` takes its usual way (which gives
    the rejection of an illegal discard); ``apply_unchecked`` needs no hook (its usual way
    is the same ``_discard``). ``tests/rules/test_quick_discard.py`` compares
    it with ``validate`` and the full path.
    """
    seat: object = action.seat
    tile: object = action.tile
    if not (type(state) is State and state.options is rules.options
            and state.ruleset == rules.name and state.version == rules.version
            and state.phase is _SELF_ACTION and type(seat) is int and seat == state.turn
            and type(tile) is int and action.riichi is False and action.at is None
            and rules.fast.discards and rules.fast.claims):
        return None
    player = state.seats[seat]
    if (player.riichi or player.called_this_turn or player.timeouts or player.auto_pilot
            or tile not in player.hand or Discard not in rules.action_types):
        return None
    return rules._discard(state, seat, tile, riichi=False)


def passed(rules: RiichiRuleset, state: State) -> State | None:
    """The state after the open discard window closes with every answer a pass, if plain.

    The caller checked that every seat the window waits for has passed or passes now
    (and sits on no timeout or auto-pilot, which its own pass would clear). ``None``
    when the full path must run: a riichi deposit or a kan dora is due, the wall is
    empty (the hand ends), or an abortive draw applies (four winds, kans, riichi). Else
    what ``RiichiRuleset._resolve`` gives: every other seat the tile completes is
    furiten (seeds/000 5.5), and the next seat draws.
    """
    claim = state.claim
    if (claim is None or claim.riichi_pending or claim.source != _DISCARD
            or state.pending_kan_dora or not state.live
            or rules._abort_after_discard(state) is not None):
        return None
    seat = claim.from_seat
    kind = claim.tile >> 2
    seats = list(state.seats)
    hands = rules.cache.hands
    facts = rules.cache.facts
    waiting = []
    for other in OTHER_SEATS[len(seats)][seat]:
        hand = seats[other].hand
        known = hands.get(hand)
        if kind in (known if known is not None else facts(hand))[0]:
            waiting.append(other)
    return _next_draw(state, seats, seat, waiting, None)


def last_pass(rules: RiichiRuleset, state: State, seat: int) -> State | None:
    """The state after ``seat``'s plain pass, when it is the window's last and all passed.

    ``RiichiRuleset._quick_pass``, behind ``FastPaths.discards`` and ``claims``: every
    other seat the window waits for has passed already, and ``seat`` is on no timeout or
    auto-pilot (its pass would clear them); then :func:`passed`. Else ``None`` (the pass
    goes through ``claims.respond``).
    """
    claim = state.claim
    player = state.seats[seat]
    if (not (rules.fast.discards and rules.fast.claims) or claim is None or player.timeouts
            or player.auto_pilot):
        return None
    responses = claim.responses
    for other, options in enumerate(claim.options):
        if options and other != seat:
            answer = responses[other]
            if answer is None or answer.kind != _PASS:
                return None
    return passed(rules, state)


def all_pass(rules: RiichiRuleset, state: State) -> State:
    """``RiichiRuleset._apply_passes``: in one copy when it can, else the table's.

    Behind ``FastPaths.discards`` and ``claims``: every answer in is a pass, the seats
    still to answer are on no timeout or auto-pilot (their passes would clear them), and
    :func:`passed` applies; else ``game.claims.apply_passes`` (answers one by one).
    """
    done = _all_passed(rules, state) if rules.fast.discards and rules.fast.claims else None
    return apply_passes(rules, state) if done is None else done


def _all_passed(rules: RiichiRuleset, state: State) -> State | None:
    """:func:`all_pass`'s one copy, or ``None``."""
    claim = state.claim
    if claim is None:
        return None
    seats = state.seats
    responses = claim.responses
    for seat, options in enumerate(claim.options):
        if options:
            answer = responses[seat]
            if answer is None:
                if seats[seat].timeouts or seats[seat].auto_pilot:
                    return None
            elif answer.kind != _PASS:
                return None
    return passed(rules, state)


def _discarded(player: PlayerState, tile: int) -> PlayerState:
    """The discarder: the tile leaves the hand for the river (seeds/000 4, 5.1)."""
    fields = player.__dict__.copy()
    hand = player.hand
    at = hand.index(tile)
    fields["hand"] = hand[:at] + hand[at + 1:]
    fields["drawn"] = None
    fields["river"] = (*player.river, RIVER[tile == player.drawn][tile])
    fields["called_this_turn"] = False
    fields["kuikae"] = ()
    fields["ippatsu"] = False
    new = _new(PlayerState)
    _set_dict(new, "__dict__", fields)
    return new


def _next_draw(state: State, seats: list[PlayerState], seat: int, waiting: list[int] | tuple[
        int, ...], first_kind: int | None) -> State:
    """The window on ``seat``'s discard closed unclaimed: furiten, then the next seat draws.

    ``seats`` holds the discarder after its discard; ``first_kind``: the discard's kind,
    when it is still to join the first go-around's discards (the fused discard).
    """
    nxt = (seat + 1) % len(seats)
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
    if state.first_go_around:
        if first_kind is not None:
            fields["first_discards"] = (*state.first_discards, first_kind)
        fields["first_go_around"] = nxt != state.dealer
    new_state = _new(State)
    _set_dict(new_state, "__dict__", fields)
    return new_state
