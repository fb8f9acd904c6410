"""``chombo_penalty``: a chombo taken off the final score (M-League), not off the table.

The game server decides when a chombo happens (the ``Chombo`` referee action); the
penalty is data: ``chombo_penalty`` points of the final score per chombo, taken at the
end of the game (a parlour's "M-League" rules, mj-king.net: -20 P).
"""

from __future__ import annotations

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Chombo, Ready
from mahjong_rules.options import FinalRounding, RiichiOptions
from mahjong_rules.settlement import final_scores
from mahjong_rules.state import Phase, State


def _ended(rules: mr.Ruleset, chombo_seats: list[int]) -> State:
    """A game where ``chombo_seats`` are charged in turn, then taken to its end."""
    state = rules.setup(seed=1)
    for seat in chombo_seats:
        state = rules.apply(state, Chombo(seat=seat))
        for ready in range(rules.num_seats):
            state = rules.apply(state, Ready(seat=ready))
    assert all(h.chombo_seat == s for h, s in zip(state.history, chombo_seats, strict=True))
    return attrs.evolve(state, phase=Phase.GAME_OVER, end_reason="normal")


@pytest.mark.parametrize(("variant", "chombo_seats", "scores"), [
    # 25,000 each: seat order; (25,000 - 30,000) / 1000 + uma, oka 20 to the first
    ("riichi", [], [35.0, 5.0, -15.0, -25.0]),
    ("riichi", [2], [35.0, 5.0, -35.0, -25.0]),
    ("riichi", [2, 0, 2], [15.0, 5.0, -55.0, -25.0]),
    # sanma: 35,000 / 40,000, uma 15-0-15, oka 15
    ("sanma", [1], [25.0, -25.0, -20.0]),
], ids=["none", "one", "three", "sanma"])
def test_each_chombo_costs_the_penalty_at_the_end(variant: str, chombo_seats: list[int],
                                                  scores: list[float]) -> None:
    options_class = mr.SanmaOptions if variant == "sanma" else mr.RiichiOptions
    rules = mr.make(variant, options_class(chombo_payment=0, chombo_penalty=20))
    result = rules.result(_ended(rules, chombo_seats))
    assert result is not None
    assert [row["seat"] for row in result["ranking"]] == list(range(rules.num_seats))
    assert [row["score"] for row in result["ranking"]] == scores


def test_no_penalty_by_default() -> None:
    rules = mr.make("riichi", RiichiOptions(chombo_payment=0))
    result = rules.result(_ended(rules, [1]))
    assert result is not None
    assert [row["score"] for row in result["ranking"]] == [35.0, 5.0, -15.0, -25.0]


def test_the_penalty_is_taken_after_the_integer_rounding() -> None:
    options = RiichiOptions(final_rounding=FinalRounding.INTEGER, chombo_penalty=20)
    assert final_scores([25_400, 25_000, 25_000, 24_600], 0, options,
                        chombos=[1, 0, 0, 1])[2] == [15, 5, -15, -45]


def test_a_chombo_seat_is_checked_when_a_state_loads() -> None:
    rules = mr.make("riichi")
    state = rules.apply(rules.setup(seed=1), Chombo(seat=2))
    assert state.last_result is not None
    assert state.last_result.chombo_seat == 2
    data = state.to_dict()
    assert State.from_dict(data) == state
    data["last_result"]["chombo_seat"] = data["history"][-1]["chombo_seat"] = 7
    with pytest.raises(mr.InvalidStateError, match="chombo"):
        State.from_dict(data)
