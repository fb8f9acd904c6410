"""Actions as a table: each action class's check and effect, and the dispatch (seeds/000 8.2).

A ruleset lists its actions in ``actions``, a mapping from action class to an
:class:`ActionRule`; :func:`validate`, :func:`apply` and :func:`dispatch` look the rule up
(one dictionary look-up) in place of a ladder of ``isinstance`` tests, and the claim
window records an answer by the rule's ``answer`` (:func:`~.claims.record`). A ruleset
adds its own rows to :data:`SHARED` (riichi: kita, nine terminals, chombo; Taiwanese: the
ready-hand declaration); the engine refuses a class the ruleset does not list
(``Ruleset.action_types``, ``not_in_ruleset``) before any of this runs.

The two commonest actions, a plain ``Discard`` and ``Pass``, take a shortcut in
:func:`validate` and :func:`apply` that comes to the same checks and steps
(``tests/rules/test_fast_paths.py`` compares them with the table's path).

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> rule = rules.actions[mr.Tsumo]
    >>> rule.own_turn, rule.apply.__name__
    (True, 'apply_tsumo')
    >>> sorted(cls.__name__ for cls in set(rules.actions) ^ set(mr.make("taiwanese").actions))
    ['Chombo', 'DeclareReady', 'NineTerminals']

.. versionadded:: 0.4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Disconnect,
    Kakan,
    Pass,
    Pon,
    Ready,
    Ron,
    SetPreferences,
    Timeout,
    Tsumo,
)
from mahjong_rules.errors import IllegalActionError, Reason, Rejection
from mahjong_rules.game import claims, clock
from mahjong_rules.game.hand_tiles import reject
from mahjong_rules.state import CallKind, Phase, Response, State, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["SHARED", "ActionRule", "apply", "dispatch", "refused", "rule_of", "validate"]


class ActionRule(NamedTuple):
    """How one action class is checked and applied.

    ``check(rules, state, action)`` gives the rejection or ``None``; ``apply(rules, state,
    action)`` the next state (after the clock and reserve time, which :func:`apply`
    handles).
    """

    check: Callable[[Any, State, Any], Rejection | None]
    """Why the action is not legal now (after the own-turn test), or ``None``."""
    apply: Callable[[Any, State, Any], State]
    """The state after the action."""
    own_turn: bool = False
    """An own-turn action: refused outside the seat's own turn before ``check``."""
    spends_time: bool = True
    """It uses up reserve time after the base turn time (seeds/000 8.5)."""
    own_move: bool = True
    """The seat's own move: it clears its timeouts in a row and auto-pilot."""
    answer: Callable[[Any], Response] | None = None
    """Its answer in a claim window (the claim answers only)."""


# ---- checks and effects of the shared actions ----------------------------------------
def no_check(rules: TableRuleset[Any], state: State, action: Action) -> None:
    """Always legal (preferences, a disconnect signal)."""


def check_discard(rules: TableRuleset[Any], state: State, action: Discard) -> Rejection | None:
    """The ruleset's discard check (``_check_discard``)."""
    return rules._check_discard(state, action.seat, action.tile, riichi=action.riichi)


def apply_discard(rules: TableRuleset[Any], state: State, action: Discard) -> State:
    """The ruleset's discard (``_discard``)."""
    return rules._discard(state, action.seat, action.tile, riichi=action.riichi)


def check_tsumo(rules: TableRuleset[Any], state: State, action: Tsumo) -> Rejection | None:
    """A win on the drawn tile (``_check_tsumo``)."""
    return rules._check_tsumo(state, action.seat)


def apply_tsumo(rules: TableRuleset[Any], state: State, action: Tsumo) -> State:
    """The seat wins on its drawn tile: the ruleset settles it (``_settle_wins``)."""
    drawn = state.seats[action.seat].drawn
    assert drawn is not None
    return rules._settle_wins(state, [action.seat], drawn, from_seat=None)


def check_ankan(rules: TableRuleset[Any], state: State, action: Ankan) -> Rejection | None:
    """A closed kan (``_check_ankan``)."""
    return rules._check_ankan(state, action.seat, action.kind)


def apply_ankan(rules: TableRuleset[Any], state: State, action: Ankan) -> State:
    """The closed kan (``_ankan``)."""
    return rules._ankan(state, action.seat, action.kind)


def check_kakan(rules: TableRuleset[Any], state: State, action: Kakan) -> Rejection | None:
    """An added kan (``_check_kakan``)."""
    return rules._check_kakan(state, action.seat, action.tile)


def apply_kakan(rules: TableRuleset[Any], state: State, action: Kakan) -> State:
    """The added kan (``_kakan``)."""
    return rules._kakan(state, action.seat, action.tile)


def check_ready(rules: TableRuleset[Any], state: State, action: Ready) -> Rejection | None:
    """A seat acknowledges a hand's result once."""
    if state.phase is not Phase.HAND_OVER:
        return reject(Reason.WRONG_PHASE, "nothing to acknowledge")
    if state.ready[action.seat]:
        return reject(Reason.ALREADY_READY, "already acknowledged")
    return None


def apply_ready(rules: TableRuleset[Any], state: State, action: Ready) -> State:
    """The seat is ready; when every seat is, the next hand is dealt."""
    ready = list(state.ready)
    ready[action.seat] = True
    state = replace(state, ready=tuple(ready))
    return rules._next_hand(state) if all(ready) else state


def apply_preferences(rules: TableRuleset[Any], state: State, action: SetPreferences) -> State:
    """The seat's automatic-win and no-calls preferences."""
    return rules._seat(state, action.seat, auto_win=action.auto_win, no_calls=action.no_calls)


def apply_disconnect(rules: TableRuleset[Any], state: State, action: Disconnect) -> State:
    """The seat goes on auto-pilot; a window waiting for it gets its automatic answer.

    Nobody waits for a disconnected seat (seeds/000 8.5, section 10).
    """
    seat = action.seat
    state = rules._seat(state, seat, auto_pilot=True)
    if state.phase is Phase.CLAIMS and seat in rules._to_act(state):
        return rules._respond(state, rules._automatic(state, seat))
    return state


def apply_timeout(rules: TableRuleset[Any], state: State, action: Timeout) -> State:
    """The seat's automatic move (``_timeout``)."""
    return rules._timeout(state, action.seat)


_PASS, _RON, _DAIMINKAN = (claims.PASS, Response(kind=CallKind.RON),
                           Response(kind=CallKind.DAIMINKAN))


def _call_answer(action: Pon | Chi) -> Response:
    return Response(kind=CallKind(action.type), tiles=tuple(action.tiles))


SHARED: Mapping[type[Action], ActionRule] = {
    Discard: ActionRule(check_discard, apply_discard, own_turn=True),
    Tsumo: ActionRule(check_tsumo, apply_tsumo, own_turn=True),
    Ankan: ActionRule(check_ankan, apply_ankan, own_turn=True),
    Kakan: ActionRule(check_kakan, apply_kakan, own_turn=True),
    Pass: ActionRule(claims.check_claim, claims.respond, answer=lambda _action: _PASS),
    Ron: ActionRule(claims.check_claim, claims.respond, answer=lambda _action: _RON),
    Daiminkan: ActionRule(claims.check_claim, claims.respond, answer=lambda _action: _DAIMINKAN),
    Pon: ActionRule(claims.check_claim, claims.respond, answer=_call_answer),
    Chi: ActionRule(claims.check_claim, claims.respond, answer=_call_answer),
    Ready: ActionRule(check_ready, apply_ready),
    Timeout: ActionRule(clock.check_timeout, apply_timeout, own_move=False),
    SetPreferences: ActionRule(no_check, apply_preferences, spends_time=False, own_move=False),
    Disconnect: ActionRule(no_check, apply_disconnect, spends_time=False, own_move=False),
}
"""The actions every table ruleset has (a ruleset adds its own rows)."""


# ---- the dispatch ----------------------------------------------------------------------
def rule_of(rules: TableRuleset[Any], action: Action) -> ActionRule:
    """The rule of ``action``'s class, or of the listed class it is a subclass of."""
    for cls in type(action).__mro__:
        rule = rules.actions.get(cls)
        if rule is not None:
            return rule
    raise AssertionError(f"{rules.name} lists no rule for {type(action).__name__}")


def validate(rules: TableRuleset[Any], state: State, action: Action) -> Rejection | None:
    """Why ``action`` is not legal in ``state``, or ``None`` (the engine checked its fields).

    A plain ``Discard`` and ``Pass`` first (the same checks as their rules').
    """
    if state.phase is Phase.GAME_OVER:
        return reject(Reason.GAME_OVER, "the game is over")
    if type(action) is Discard:
        if state.phase is not Phase.SELF_ACTION or action.seat != state.turn:
            return rules._own_turn_problem(state, action)
        return rules._check_discard(state, action.seat, action.tile, riichi=action.riichi)
    if type(action) is Pass:
        return rules._check_claim(state, action)
    rule = rules.actions.get(type(action)) or rule_of(rules, action)
    if rule.own_turn:
        problem = rules._own_turn_problem(state, action)
        if problem is not None:
            return problem
    return rule.check(rules, state, action)


def apply(rules: TableRuleset[Any], state: State, action: Action) -> State:
    """The state after the legal ``action``: the clock, reserve time, then its rule.

    A plain ``Discard`` without a time first (no clock, no reserve time spent), then a
    plain ``Pass`` the ruleset closes the window with in one step (``_quick_pass``), or
    a plain ``Pon`` or ``Chi`` it makes in one step (``_quick_call``).
    """
    if type(action) is Discard and action.at is None:
        state = rules._back_from_pilot(state, action.seat)
        return rules._discard(state, action.seat, action.tile, riichi=action.riichi)
    if type(action) is Pass and action.at is None:
        done = rules._quick_pass(state, action.seat)
        if done is not None:
            return done
    elif (type(action) is Pon or type(action) is Chi) and action.at is None:
        done = rules._quick_call(state, action)
        if done is not None:
            return done
    if action.at is not None:
        state = replace(state, clock=action.at if state.clock is None
                        else max(state.clock, action.at))
        if state.phase_started is None:
            state = replace(state, phase_started=action.at)
    rule = rules.actions.get(type(action)) or rule_of(rules, action)
    if rule.spends_time:
        state = rules._spend_bank(state, action)
    if rule.own_move:
        state = rules._back_from_pilot(state, action.seat)
    return rule.apply(rules, state, action)


def dispatch(rules: TableRuleset[Any], state: State, action: Action) -> State:
    """``action``'s effect alone (no clock, no reserve time): an automatic move's."""
    rule = rules.actions.get(type(action)) or rule_of(rules, action)
    return rule.apply(rules, state, action)


def refused(reason: Reason, message: str, *, own_turn: bool = False) -> ActionRule:
    """The row of an action class a ruleset lists only to refuse, with its own reason.

    (A ``Kita`` outside sanma is ``kita_not_allowed``, not ``not_in_ruleset``.) Applied
    unchecked, it raises the refusal.
    """
    refusal = reject(reason, message)

    def check(rules: TableRuleset[Any], state: State, action: Action) -> Rejection:
        return refusal

    def effect(rules: TableRuleset[Any], state: State, action: Action) -> State:
        raise IllegalActionError(refusal)

    return ActionRule(check, effect, own_turn=own_turn)
