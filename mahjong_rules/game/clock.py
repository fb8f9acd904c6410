"""Time: deadlines, reserve time, timeouts, auto-pilot and the automatic move (seeds/000 2, 8.5).

Time comes in as data (actions carry ``at``). A turn has the base turn time plus the
seat's reserve (2 s on auto-pilot), a claim window the claim time, a result 15 s; a
``Timeout`` after the deadline plays the seat's automatic move, and two in a row put it
on auto-pilot until its own next action (seeds/000 8.5).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.actions import Action, Discard, Pass, Ready, Ron, Timeout, Tsumo
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.game.hand_tiles import reject
from mahjong_rules.options import RuleOptions
from mahjong_rules.state import Phase, State

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["HAND_OVER_SECONDS", "automatic", "back_from_pilot", "check_timeout", "deadline",
           "refill", "spend_bank", "timeout"]

HAND_OVER_SECONDS = 15
"""How long a hand's result is shown before ``Ready`` times out (seeds/000 8.5)."""


def refill(rules: TableRuleset[Any], bank: int | None, hands_played: int) -> int:
    """Each hand adds 5 s to the reserve, up to ``time_bank_seconds`` (seeds/000 2)."""
    top: int = 1000 * rules.options.time_bank_seconds
    if bank is None or hands_played == 0:
        return top
    return min(top, bank + 5000)


def deadline(rules: TableRuleset[Any], state: State) -> int | None:
    """When the current phase times out (time comes in through actions' ``at``).

    A turn: the base turn time plus the seat's reserve (2 s on auto-pilot); a claim
    window: the claim time (no reserve); a result: 15 s (seeds/000 8.5).
    """
    started = state.phase_started
    if started is None:
        return None
    options: RuleOptions = rules.options
    if state.phase is Phase.CLAIMS:
        return started + 1000 * options.claim_seconds
    if state.phase is Phase.HAND_OVER:
        return started + 1000 * HAND_OVER_SECONDS
    player = state.seats[state.turn]
    if player.auto_pilot:
        return started + 2000
    return started + 1000 * options.turn_seconds + (player.time_bank_ms or 0)


def spend_bank(rules: TableRuleset[Any], state: State, action: Action) -> State:
    """A turn action after the base time uses up reserve time."""
    if (state.phase is not Phase.SELF_ACTION or action.seat != state.turn
            or action.at is None or state.phase_started is None):
        return state
    player = state.seats[action.seat]
    over = action.at - state.phase_started - 1000 * rules.options.turn_seconds
    if over <= 0 or player.time_bank_ms is None:
        return state
    return rules._seat(state, action.seat, time_bank_ms=max(0, player.time_bank_ms - over))


def check_timeout(rules: TableRuleset[Any], state: State, action: Timeout) -> Rejection | None:
    """Why ``action`` (a Timeout) may not play its seat's automatic move now."""
    deadline = rules._deadline(state)
    if action.seat not in rules._to_act(state):
        return reject(Reason.NOT_YOUR_TURN, "this seat is not waited for")
    if deadline is None or action.at is None or action.at < deadline:
        return reject(Reason.NOT_TIMED_OUT, "the deadline has not passed")
    return None


def back_from_pilot(rules: TableRuleset[Any], state: State, seat: int) -> State:
    """Any own action clears the timeouts in a row and auto-pilot."""
    player = state.seats[seat]
    if player.timeouts or player.auto_pilot:
        return rules._seat(state, seat, timeouts=0, auto_pilot=False)
    return state


def timeout(rules: TableRuleset[Any], state: State, seat: int) -> State:
    """``seat`` timed out: its automatic move; two in a row: auto-pilot (8.5)."""
    player = state.seats[seat]
    timeouts = player.timeouts + 1
    state = rules._seat(state, seat, timeouts=timeouts,
                        auto_pilot=player.auto_pilot or timeouts >= 2)
    return rules._dispatch(state, rules._automatic(state, seat))


def automatic(rules: TableRuleset[Any], state: State, seat: int) -> Action:
    """The deterministic automatic move of seeds/000 8.5."""
    if state.phase is Phase.HAND_OVER:
        return Ready(seat=seat)
    player = state.seats[seat]
    if state.phase is Phase.CLAIMS:
        claim = state.claim
        if player.auto_win and claim is not None and "ron" in claim.options[seat]:
            return Ron(seat=seat)
        return Pass(seat=seat)
    if player.auto_win and rules._check_tsumo(state, seat) is None:
        return Tsumo(seat=seat)
    if player.drawn is not None and rules._check_discard(
            state, seat, player.drawn, riichi=False) is None:
        return Discard(seat=seat, tile=player.drawn)
    for tile in reversed(player.hand):
        if rules._check_discard(state, seat, tile, riichi=False) is None:
            return Discard(seat=seat, tile=tile)
    raise AssertionError("no legal discard")
