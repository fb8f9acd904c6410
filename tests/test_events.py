"""Events per seat: private details only for their owner."""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.events import events


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_events_hide_private_details(name: str) -> None:
    rules = mr.make(name)
    state = rules.setup(seed=21)
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(800):
        if state.phase is mr.Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        action = rng.choice([a for a in rules.legal_actions(state, seat)
                             if not isinstance(a, mr.SetPreferences)])
        after = rules.apply(state, action)
        for viewer in [None, *range(rules.num_seats)]:
            for event in events(state, after, viewer):
                seen.add(event["type"])
                if event["type"] == "draw":
                    assert ("tile" in event) == (viewer == event["seat"])
                if event["type"] == "claim_window":
                    assert viewer is not None
                    claim = after.claim
                    assert claim is not None
                    assert event["options"] == list(claim.options[viewer])
                if event["type"] == "hand_started":
                    assert ("hand" in event) == (viewer is not None)
        state = after
    assert {"discard", "draw", "claim_window", "hand_ended", "hand_started"} <= seen
