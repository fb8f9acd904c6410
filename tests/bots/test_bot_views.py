"""Bots and hints see views only: a view that fails on any hidden field, and the same
view from two states that differ in hidden information gives the same action and hints."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs
import pytest
from helpers.bot_games import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.bots import Observation, hints, make_bot
from mahjong_rules.state import State

LEVELS = ["tsumogiri", "random", "efficiency", "defensive", "balanced"]
VIEW_KEYS = {"ruleset", "viewer", "phase", "round_wind", "hand_number", "dealer", "honba",
             "deposits", "turn", "tiles_left", "dora_indicators", "seats", "claim",
             "last_result", "revealed_hands", "deadline", "end_reason", "hand", "drawn",
             "furiten", "claim_options", "legal_actions", "preferences"}
"""The documented keys of a seat's view (docs/reducer.md)."""
SEAT_KEYS = {"seat", "name", "points", "hand_size", "river", "melds", "kita", "riichi",
             "double_riichi", "auto_pilot", "flowers", "declared"}


class StrictView(dict[str, Any]):
    """A view that raises on any key outside the documented public ones."""

    def __init__(self, data: Mapping[str, Any], allowed: set[str]) -> None:
        super().__init__(data)
        self.allowed = allowed

    def _check(self, key: str) -> None:
        if key not in self.allowed:
            raise AssertionError(f"a bot read the hidden field {key!r}")

    def __getitem__(self, key: str) -> Any:
        self._check(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._check(key)
        return super().get(key, default)


def strict(view: Mapping[str, Any]) -> StrictView:
    """The view with strict seat entries; hidden fields planted to catch a reader."""
    data = dict(view)
    data["seats"] = [StrictView({**entry, "hand": ["hidden"]}, SEAT_KEYS)
                     for entry in view["seats"]]
    data.update({"live": ["hidden"], "walls": ["hidden"], "seed": "hidden"})
    return StrictView(data, VIEW_KEYS)


@pytest.mark.parametrize("bot", LEVELS)
@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_bots_read_no_hidden_field(name: str, bot: str) -> None:
    rules = mr.make(name)
    for state in positions(rules, 21, 200, "balanced"):
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat, preferences=False)
        view = strict(rules.view(state, seat))
        observation = Observation(seat=seat, legal=legal, view=view, rules=rules)
        assert observation.legal == legal
        assert make_bot(bot, seed=3).act(observation) in legal
        hints(view, rules=rules)
    assert not hasattr(observation, "state")


def twin(rules: mr.Ruleset, state: State, seat: int, seed: int) -> State:
    """The state with every tile ``seat`` cannot see dealt again at random: other seats'
    concealed tiles, the live wall, the replacement tiles, unrevealed indicators (flowers
    keep their places; a hand holding its drawn tile is left as it is)."""
    others = [s for s in range(rules.num_seats)
              if s != seat and state.seats[s].drawn is None]
    parts = [list(state.seats[s].hand) for s in others]
    parts += [list(state.live), list(state.rinshan),
              list(state.dora_indicators[state.revealed:]), list(state.ura_indicators)]
    pool = [t for part in parts for t in part if t < 136]
    random.Random(seed).shuffle(pool)
    dealt = [[t if t >= 136 else pool.pop() for t in part] for part in parts]
    seats = list(state.seats)
    for s, hand in zip(others, dealt, strict=False):
        seats[s] = attrs.evolve(seats[s], hand=tuple(sorted(hand)))
    live, rinshan, dora, ura = dealt[len(others):]
    return attrs.evolve(state, seats=tuple(seats), live=tuple(live), rinshan=tuple(rinshan),
                        dora_indicators=(*state.dora_indicators[:state.revealed], *dora),
                        ura_indicators=tuple(ura))


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 10_000))
def test_hidden_information_changes_nothing(name: str, seed: int, shuffle: int) -> None:
    """Same view, other walls and other hands: the same actions (same seeds) and hints."""
    rules = mr.make(name)
    compared = 0
    for step, state in enumerate(positions(rules, seed, 150, "balanced")):
        seat = min(rules.to_act(state))
        if step % 3:
            continue
        other = twin(rules, state, seat, shuffle)
        view = rules.view(state, seat)
        if rules.view(other, seat) != view or other == state:
            continue
        compared += 1
        assert hints(rules.view(other, seat), rules=rules) == hints(view, rules=rules)
        for bot in LEVELS:
            mine = make_bot(bot, seed=seed).act(Observation.of(rules, state, seat))
            theirs = make_bot(bot, seed=seed).act(Observation.of(rules, other, seat))
            assert mine == theirs, (bot, mine, theirs)
    assert compared > 0
