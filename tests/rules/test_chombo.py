"""The ``Chombo`` referee action: a reverse mangan tsumo, the hand ends like an abort.

What a host applies when a bot breaks the protocol (mjai.app's rule; docs/mjai.md).
"""

from __future__ import annotations

import pytest
from helpers.scenario import discard, start

import mahjong_rules as mr
from mahjong_rules.actions import Chombo
from mahjong_rules.errors import Reason
from mahjong_rules.state import Phase, State


@pytest.mark.parametrize(("variant", "seat", "deltas"), [
    ("riichi", 2, (4000, 2000, -8000, 2000)),
    ("riichi", 0, (-12000, 4000, 4000, 4000)),
    ("sanma", 1, (4000, -6000, 2000)),
    ("sanma", 0, (-8000, 4000, 4000)),
], ids=["riichi-child", "riichi-dealer", "sanma-child", "sanma-dealer"])
def test_chombo_pays_a_reverse_mangan_tsumo(variant: str, seat: int,
                                             deltas: tuple[int, ...]) -> None:
    rules = mr.make(variant)
    state = rules.setup(seed=1)
    after = rules.apply(state, Chombo(seat=seat))
    result = after.last_result
    assert result is not None
    assert (result.kind, result.abort_reason, result.deltas) == ("abortive", "chombo", deltas)
    assert after.phase is Phase.HAND_OVER
    assert (after.dealer, after.honba) == (state.dealer, state.honba + 1)
    assert [p.points for p in after.seats] == [
        p.points + d for p, d in zip(state.seats, deltas, strict=True)]
    assert State.from_dict(after.to_dict()) == after  # a chombo's state saves and loads


def test_chombo_in_a_claim_window_keeps_the_sticks() -> None:
    rules, state = start("riichi", hands={0: "123m456p789s1155z", 1: "234m567p678s66z99s"},
                         draws=["6z"])
    state = discard(rules, state, 0, "6z", riichi=True)
    assert state.phase is Phase.CLAIMS
    after = rules.apply(state, Chombo(seat=3))
    assert after.deposits == state.deposits  # the riichi was never accepted
    assert after.last_result is not None
    assert after.last_result.abort_reason == "chombo"


def test_chombo_is_never_a_legal_action_and_needs_a_hand_in_play() -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=1)
    assert not any(isinstance(a, Chombo) for s in range(4)
                   for a in rules.legal_actions(state, s))
    over = rules.apply(state, Chombo(seat=1))
    rejection = rules.validate(over, Chombo(seat=1))
    assert rejection is not None
    assert rejection.reason is Reason.WRONG_PHASE
    bad = rules.validate(state, Chombo(seat=7))
    assert bad is not None
    assert bad.reason is Reason.BAD_SEAT


def test_taiwanese_has_no_mangan_chombo() -> None:
    rules = mr.make("taiwanese")
    state = rules.setup(seed=1)
    rejection = rules.validate(state, Chombo(seat=0))
    assert rejection is not None
    assert rejection.reason is Reason.NOT_IN_RULESET


def test_chombo_round_trips_as_json() -> None:
    action = Chombo(seat=2)
    assert mr.action_from_dict(action.to_dict()) == action


@pytest.mark.parametrize(("payment", "seat", "deltas"), [
    (0, 2, (0, 0, 0, 0)),
    (12_000, 2, (6000, 3000, -12_000, 3000)),  # a reverse haneman
    (12_000, 0, (-18_000, 6000, 6000, 6000)),
], ids=["none", "haneman-child", "haneman-dealer"])
def test_chombo_payment_is_the_options(payment: int, seat: int,
                                       deltas: tuple[int, ...]) -> None:
    """``chombo_payment``: the reverse tsumo's size (0 where the league docks the score)."""
    rules = mr.make("riichi", mr.RiichiOptions(chombo_payment=payment))
    after = rules.apply(rules.setup(seed=1), Chombo(seat=seat))
    assert after.last_result is not None
    assert after.last_result.deltas == deltas
