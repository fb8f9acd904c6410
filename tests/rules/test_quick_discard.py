"""The checked quick discard (``fast.discard.quick_discard``) against ``validate`` and the
ruleset's usual path (issue 16).

At every own-turn state of random play (riichi and sanma, default and Tenhou
options, seats on auto-pilot among them), every discard the seat could send,
legal or not (each held tile, a tile not held, riichi set, a time, another seat, a bool
or subclass for an int), is given to the hook: when it answers, ``validate`` finds the
action legal and the answer equals the usual path's state (``_apply`` after
``validate``); it answers for most legal discards (else the test would check nothing);
and ``apply`` raises the same rejection as ``validate`` for every illegal one.
"""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Discard, SetPreferences
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.discard import quick_discard
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.state import Phase, State

GAMES = [("riichi", "default"), ("riichi", "tenhou"), ("sanma", "default"), ("sanma", "tenhou")]


class _Seat(int):
    """An ``int`` subclass: not a plain field (the general path checks it)."""


def _candidates(state: State, seat: int, rng: random.Random) -> list[Discard]:
    player = state.seats[seat]
    held = list(player.hand)
    absent = next(t for t in range(136) if t not in held)
    out = [Discard(seat=seat, tile=tile) for tile in held]
    tile = rng.choice(held)
    out += [Discard(seat=seat, tile=absent), Discard(seat=seat, tile=tile, riichi=True),
            Discard(seat=(seat + 1) % len(state.seats), tile=tile),
            Discard(seat=seat, tile=tile, at=10**6),
            Discard(seat=_Seat(seat), tile=tile)]
    return out


@pytest.mark.parametrize(("name", "preset"), GAMES, ids=[f"{n}-{p}" for n, p in GAMES])
def test_the_quick_discard_is_validate_and_the_usual_path(name: str, preset: str) -> None:
    rules = mr.make(name, preset)
    assert isinstance(rules, RiichiRuleset)
    rng = random.Random(5)
    answered = legal = on_pilot = 0
    for game in range(2):
        state = rules.setup(seed=40 + game)
        for _ in range(1500):
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.SELF_ACTION:
                for probe in _candidates(state, state.turn, rng):
                    quick = quick_discard(rules, state, probe)
                    rejection = rules.validate(state, probe)
                    if rejection is None:
                        legal += 1
                        usual = rules._apply(state, probe)  # noqa: SLF001 - the usual path
                        assert rules.apply(state, probe) == usual, probe
                        assert rules.apply_unchecked(state, probe) == usual, probe
                        if quick is not None:
                            answered += 1
                            assert quick == usual, probe
                    else:
                        assert quick is None, (probe, rejection)
                        with pytest.raises(IllegalActionError) as raised:
                            rules.apply(state, probe)
                        assert raised.value.rejection == rejection, probe
                on_pilot += state.seats[state.turn].auto_pilot
            # random play, the preference and disconnect actions among the choices
            seat = min(rules.to_act(state))
            state = rules.apply(state, rng.choice([
                a for a in rules.legal_actions(state, seat) if not isinstance(a, SetPreferences)]))
    assert legal > 1000
    assert on_pilot > 0  # seats on auto-pilot (a Disconnect of random play) were met
    assert answered > legal // 2, (answered, legal)


def test_other_rules_and_other_states_take_the_usual_way() -> None:
    riichi = mr.make("riichi")
    other = mr.make("riichi", "tenhou")
    assert isinstance(riichi, RiichiRuleset)
    assert isinstance(other, RiichiRuleset)
    state = riichi.setup(seed=1)
    seat = state.turn
    action = Discard(seat=seat, tile=state.seats[seat].hand[0])
    assert quick_discard(riichi, state, action) is not None
    assert quick_discard(other, state, action) is None  # a state of other options
    slow = RiichiRuleset(fast=FastPaths.none())
    assert quick_discard(slow, slow.setup(seed=1), action) is None  # fast paths off
    taiwanese = mr.make("taiwanese")
    assert taiwanese._quick_discard(state, action) is None  # noqa: SLF001 - the default hook
