"""A turn: the draw, who is to act, the legal actions and the own-turn checks (seeds/000 5.1).

A seat draws from the front of the live wall, or a replacement tile after a kan (the
last live tile joins the back of the replacement queue: the dead wall keeps its size;
seeds/000 5.1 and 5.2, rules/taiwanese.md 1.3), then acts: discard, win, kan, or a
variant's own actions (the ruleset's ``_self_actions``).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.actions import Action, Ready
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.game.hand_tiles import reject
from mahjong_rules.state import Phase, State

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["can_discard", "check_tsumo", "draw", "legal_actions", "moves", "own_turn_problem",
           "to_act"]


def draw(rules: TableRuleset[Any], state: State, seat: int, *, replacement: bool = False,
         **more: Any) -> State:  # noqa: ANN401
    """``seat`` draws a tile and its turn begins.

    The live wall's front tile, or (``replacement``) the next replacement
    tile, the last live tile joining the back of the queue (seeds/000 5.1,
    5.2). A draw ends temporary furiten (5.5) and any call's swap limit;
    ``more`` are table fields changed in the same copy.
    """
    table: dict[str, Any] = {"phase": Phase.SELF_ACTION, "turn": seat,
                             "rinshan_draw": replacement, "claim": None,
                             "phase_started": state.clock, **more}
    if replacement:
        tile = state.rinshan[0]
        table["rinshan"] = (*state.rinshan[1:], state.live[-1])
        table["live"] = state.live[:-1]
    else:
        tile = state.live[0]
        table["live"] = state.live[1:]
    player = state.seats[seat]
    return rules._seat(state, seat, table, hand=tuple(sorted((*player.hand, tile))),
                       drawn=tile, temporary_furiten=False, called_this_turn=False,
                       kuikae=())


_ONE_SEAT = tuple(frozenset({seat}) for seat in range(4))
"""The answer of :func:`to_act` on each seat's own turn (shared immutable values)."""


def to_act(rules: TableRuleset[Any], state: State) -> frozenset[int]:
    """Seats that must act now (seeds/000 8.1).

    The seat at turn, the seats a claim window waits for, or the seats
    still to acknowledge a hand's result.
    """
    if state.phase is Phase.SELF_ACTION:
        return _ONE_SEAT[state.turn] if state.turn < len(_ONE_SEAT) else frozenset({state.turn})
    if state.phase is Phase.CLAIMS and state.claim is not None:
        return frozenset(s for s, opts in enumerate(state.claim.options)
                         if opts and state.claim.responses[s] is None)
    if state.phase is Phase.HAND_OVER:
        return frozenset(s for s, r in enumerate(state.ready) if not r)
    return frozenset()


def legal_actions(rules: TableRuleset[Any], state: State, seat: int) -> tuple[Action, ...]:
    """Every legal action of ``seat`` (seeds/000 8.2): preferences always, then its moves.

    The moves are :func:`moves`'.
    """
    if state.phase is Phase.GAME_OVER:
        return ()
    return (*rules._preferences(seat), *rules._moves(state, seat))


_READY = tuple((Ready(seat=seat),) for seat in range(4))
"""The moves of each seat after a hand (shared immutable values)."""


def moves(rules: TableRuleset[Any], state: State, seat: int) -> tuple[Action, ...]:
    """The legal actions of ``seat`` but the preference actions (seeds/000 8.2).

    The ruleset's ``_self_actions`` on its own turn and ``_claim_actions`` in a claim
    window it is waited for; ``Ready`` after a hand; nothing for a seat not to act.
    """
    phase = state.phase
    if phase is Phase.SELF_ACTION:  # to_act's own-turn answer: the seat at turn
        return tuple(rules._self_actions(state, seat)) if seat == state.turn else ()
    if phase is Phase.CLAIMS and type(rules)._to_act is to_act:
        claim = state.claim  # to_act's claim-window answer, without building the set
        if claim is None or not claim.options[seat] or claim.responses[seat] is not None:
            return ()
        return tuple(rules._claim_actions(state, seat))
    if phase is Phase.GAME_OVER or seat not in rules._to_act(state):
        return ()
    if phase is Phase.HAND_OVER:
        return _READY[seat] if seat < len(_READY) else (Ready(seat=seat),)
    return tuple(rules._claim_actions(state, seat))  # the claim window


def own_turn_problem(rules: TableRuleset[Any], state: State, action: Action) -> Rejection | None:
    """An own-turn action (discard, tsumo, kan, ...) outside its seat's turn."""
    if state.phase is not Phase.SELF_ACTION:
        return reject(Reason.WRONG_PHASE, f"{action.type} is not possible now")
    if action.seat != state.turn:
        return reject(Reason.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn",
                       seat=action.seat)
    return None


def check_tsumo(rules: TableRuleset[Any], state: State, seat: int) -> Rejection | None:
    """Why ``seat`` may not win on its drawn tile now, or ``None``.

    A drawn tile, a winning shape, and the ruleset's scorer
    (``_tsumo_rejection``) agrees (seeds/000 5.6).
    """
    player = state.seats[seat]
    if player.drawn is None:
        return reject(Reason.WRONG_PHASE, "a tsumo needs a drawn tile")
    if rules._shanten(player.hand) != -1:
        return reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
    return rules._tsumo_rejection(state, seat, player.drawn)


def can_discard(rules: TableRuleset[Any], state: State, seat: int) -> bool:
    """Some tile of the seat's hand may be discarded (the state check's last test)."""
    return any(rules._check_discard(state, seat, tile, riichi=False) is None
               for tile in state.seats[seat].hand)
