"""The end of a hand: points paid, the next dealer and honba, the game's end (seeds/000 5.8-5.10).

The ruleset settles a hand (wins, draws, aborts) into a
:class:`~mahjong_rules.state.HandResult`; :func:`end_hand` pays its deltas, records it,
moves the deal (the dealer stays on a repeat; a honba more after a repeat or a draw,
5.9) and asks the ruleset's ``_game_end`` whether the game is over (5.10). Taiwanese:
rules/taiwanese.md 1.2.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.state import HandEnd, HandResult, Phase, State, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["abort", "end_hand", "finish", "next_hand"]


def end_hand(rules: TableRuleset[Any], state: State, result: HandResult, *, dealer_stays: bool,
             draw: bool = False) -> State:
    """The hand ends with ``result``: points, record, next hand's deal (seeds/000 5.9)."""
    seats = tuple(replace(p, points=p.points + d)
                  for p, d in zip(state.seats, result.deltas, strict=True))
    state = replace(state, seats=seats, last_result=result, claim=None,
                         history=(*state.history, result), hands_played=state.hands_played + 1)
    # next hand's parameters
    n = rules.num_seats
    honba = state.honba + 1 if (dealer_stays or draw) else 0
    dealer, wind, number = state.dealer, state.round_wind, state.hand_number
    if not dealer_stays:
        dealer = (dealer + 1) % n
        number += 1
        if number == n:
            wind, number = wind + 1, 0
    end = rules._game_end(state, dealer_stays=dealer_stays, draw=draw)
    state = replace(state, dealer=dealer, round_wind=wind, hand_number=number,
                         honba=honba, ready=(False,) * n, phase_started=state.clock)
    if end is not None:
        return rules._finish(state, end)
    return replace(state, phase=Phase.HAND_OVER)


def finish(rules: TableRuleset[Any], state: State, reason: str) -> State:
    """The game is over, for ``reason`` (seeds/000 5.10, 8.6)."""
    return replace(state, phase=Phase.GAME_OVER, end_reason=reason)


def abort(rules: TableRuleset[Any], state: State, reason: str) -> State:
    """An abortive draw for ``reason``: no points, the dealer stays (seeds/000 5.8)."""
    result = HandResult(kind=HandEnd.ABORTIVE, round_wind=state.round_wind,
                        hand_number=state.hand_number, honba=state.honba,
                        abort_reason=reason, deltas=(0,) * rules.num_seats)
    return rules._end_hand(state, result, dealer_stays=True, draw=True)


def next_hand(rules: TableRuleset[Any], state: State) -> State:
    # time bank is not kept per seat in 0.1; see docs/reducer.md
    """Every seat acknowledged the result: the next hand is dealt."""
    return rules._start_hand(replace(state, last_result=state.last_result))
