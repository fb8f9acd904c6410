"""The view a seat rebuilds from its mjai events is the reducer's own, at every decision.

Whole games with this library's bots: every seat's host-side stream is fed with its
views at its decisions only (as a hosted bot's is), every seat's bot-side knowledge
with that stream; at each decision the knowledge's view must equal the real view: exactly
with this library's extension (physical ids), with tiles read as (kind, red) and no
``last_result`` without it (mjai names kinds, and results are not sent). More games run
with ``MAHJONG_RULES_SOAK=1``.
"""

from __future__ import annotations

import os

import pytest
from helpers.mjai_harness import play_checked

import mahjong_rules as mr
from mahjong_rules.bots import GreedyBot, Observation, RandomBot
from mahjong_rules.mjai import SeatKnowledge, SeatStream

SOAK = os.environ.get("MAHJONG_RULES_SOAK") == "1"
SEEDS = range(40) if SOAK else range(1)

CASES = [
    ("riichi", "default", "hanchan"),
    ("riichi", "ippatsu", "tonpuu"),
    ("riichi", "tenhou", "tonpuu"),
    ("riichi", "mahjong_soul", "tonpuu"),
    ("sanma", "default", "hanchan"),
    ("sanma", "joypip", "tonpuu"),
    ("sanma", "tenhou", "tonpuu"),
]


def _rules(variant: str, preset: str, length: str) -> mr.Ruleset:
    options = mr.make(variant, preset).options.to_dict()
    options["length"] = length
    return mr.make(variant, options)


@pytest.mark.parametrize("extensions", [True, False], ids=["ids", "kinds"])
@pytest.mark.parametrize(("variant", "preset", "length"), CASES,
                         ids=[f"{v}-{p}-{n}" for v, p, n in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_rebuilt_view_is_the_real_view(variant: str, preset: str, length: str,
                                       extensions: bool, seed: int) -> None:
    rules = _rules(variant, preset, length)
    # random players call, kan and declare what greedy ones never would
    bots = [(RandomBot if s % 2 == 0 else GreedyBot)(seed * 10 + s)
            for s in range(rules.num_seats)]
    found = play_checked(rules, [b.act for b in bots], seed=seed + 17, extensions=extensions)
    assert found.state.phase is mr.Phase.GAME_OVER
    assert found.compared > 100
    assert found.mismatches == []


def test_random_players_exercise_kans_and_calls() -> None:
    """The games above do reach what the rules must follow (a regression guard)."""
    rules = _rules("riichi", "default", "hanchan")
    types: set[str] = set()
    for seed in (17, 18):
        bots = [(RandomBot if s % 2 == 0 else GreedyBot)(seed + s) for s in range(4)]
        found = play_checked(rules, [b.act for b in bots], seed=seed, extensions=True)
        types |= {e["type"] for events in found.events for e in events}
        assert found.mismatches == []
    assert {"chi", "pon", "reach", "reach_accepted", "hora", "ryukyoku"} <= types
    assert types & {"ankan", "kakan", "daiminkan"}


def test_taiwanese_has_no_mjai_dialect() -> None:
    rules = mr.make("taiwanese")
    with pytest.raises(ValueError, match="no dialect"):
        SeatStream(rules, 0)
    with pytest.raises(ValueError, match="no dialect"):
        SeatKnowledge(rules, 0)


def test_one_stream_follows_game_after_game() -> None:
    """A bot kept from one game to the next: ``end_game``, then the new game's stream."""
    rules = _rules("riichi", "default", "single_hand")
    stream = SeatStream(rules, 2, extensions=True)
    bots = [GreedyBot(s) for s in range(4)]
    starts = 0
    for seed in (1, 2):
        state = rules.setup(seed=seed)
        know = SeatKnowledge(rules, 2)
        while state.phase is not mr.Phase.GAME_OVER:
            seat = min(rules.to_act(state))
            observation = Observation.of(rules, state, seat)
            if seat == 2 and state.phase is not mr.Phase.HAND_OVER:
                events = stream.advance(rules.view(state, 2))
                starts += sum(e["type"] == "start_game" for e in events)
                for event in events[events.index({"type": "end_game"}) + 1:] if (
                        {"type": "end_game"} in events) else events:
                    know.feed(event)
                assert know.state is not None
                assert rules.view(know.state, 2) == rules.view(state, 2)
            action = bots[seat].act(observation)
            if seat == 2:
                stream.act(action)
                (know.answer if state.phase is mr.Phase.CLAIMS else know.intend)(action)
            state = rules.apply(state, action)
    assert starts == 2
    assert stream.desyncs == []
