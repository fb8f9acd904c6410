"""A seat's actions to and from mjai messages; bad answers are typed rejections.

Table-driven rejections, and a round trip over every legal action at every decision of
whole games: the message of an action reads back as that action (exactly, with the
physical ids of this library's extension; as an action of the same tiles by kind
without them).
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Action, Discard, Kakan, Pon
from mahjong_rules.bots import GreedyBot, Observation, RandomBot
from mahjong_rules.errors import ProtocolError, Reason, Rejection
from mahjong_rules.mjai.knowledge import SeatKnowledge
from mahjong_rules.mjai.messages import (
    EXTENSION,
    action_message,
    answer_action,
    discard_message,
    pai,
    red_ids,
)
from mahjong_rules.state import Phase

REDS = frozenset({16, 52, 88})


@pytest.mark.parametrize(("tile", "text"), [
    (0, "1m"), (16, "5mr"), (17, "5m"), (52, "5pr"), (88, "5sr"), (91, "5s"), (35, "9m"),
    (108, "E"), (112, "S"), (116, "W"), (120, "N"), (124, "P"), (128, "F"), (132, "C"),
], ids=str)
def test_tile_names(tile: int, text: str) -> None:
    assert pai(tile, REDS) == text


def test_no_red_fives_without_them() -> None:
    assert pai(16, red_ids(mr.make("riichi", {"red_fives": 0}))) == "5m"
    assert red_ids(mr.make("sanma")) == frozenset({52, 88})


def _opening() -> tuple[mr.Ruleset, mr.State, list[Action], dict[str, Any]]:
    rules = mr.make("riichi")
    state = rules.setup(seed=3)
    return rules, state, list(rules.legal_actions(state, 0, preferences=False)), rules.view(
        state, 0)


@pytest.mark.parametrize(("message", "reason"), [
    ("dahai", Reason.BAD_INPUT),
    ({"pai": "1m"}, Reason.BAD_INPUT),
    ({"type": "hello", "actor": 0}, Reason.BAD_INPUT),
    ({"type": "dahai", "actor": 1, "pai": "4m", "tsumogiri": False}, Reason.BAD_INPUT),
    ({"type": "dahai", "actor": 0, "pai": "?", "tsumogiri": False}, Reason.BAD_INPUT),
    ({"type": "dahai", "actor": 0, "pai": "0m", "tsumogiri": False}, Reason.BAD_INPUT),
    ({"type": "pon", "actor": 0, "target": 3, "pai": "4m"}, Reason.BAD_INPUT),
    ({"type": "chi", "actor": 0, "target": 3, "pai": "4m", "consumed": ["x", "y"]},
     Reason.BAD_INPUT),
    ({"type": "dahai", "actor": 0, "pai": "9s", "tsumogiri": False}, Reason.ANSWER_NOT_LEGAL),
    ({"type": "none"}, Reason.ANSWER_NOT_LEGAL),
    ({"type": "hora", "actor": 0, "target": 0, "pai": "1p"}, Reason.ANSWER_NOT_LEGAL),
    ({"type": "reach", "actor": 0}, Reason.ANSWER_NOT_LEGAL),
    ({"type": "ankan", "actor": 0, "consumed": ["4m", "4m", "4m", "4m"]},
     Reason.ANSWER_NOT_LEGAL),
    ({"type": "pon", "actor": 0, "target": 3, "pai": "4m", "consumed": ["4m", "4m"]},
     Reason.ANSWER_NOT_LEGAL),
    ({"type": "nukidora", "actor": 0, "pai": "N"}, Reason.ANSWER_NOT_LEGAL),
    ({"type": "ryukyoku", "actor": 0}, Reason.ANSWER_NOT_LEGAL),
], ids=lambda v: str(v)[:40])
def test_bad_answers_are_typed_rejections(message: object, reason: Reason) -> None:
    rules, state, legal, view = _opening()
    found = answer_action(message, legal, view, rules)
    assert isinstance(found, Rejection)
    assert found.reason is reason
    assert rules.legal_actions(state, 0, preferences=False) == tuple(legal)  # untouched


def test_wrong_tsumogiri_flag_still_names_the_discard() -> None:
    rules, _, legal, view = _opening()
    hand = view["hand"]
    lone = next(t for t in hand if t != view["drawn"]
                and sum(u >> 2 == t >> 2 for u in hand) == 1)
    message = discard_message(0, lone, lone, REDS)  # says tsumogiri for a tile held long
    assert message["tsumogiri"] is True
    assert answer_action(message, legal, view, rules) == Discard(seat=0, tile=lone)
    twin = next(t for t in hand if t != view["drawn"] and t >> 2 == view["drawn"] >> 2)
    tedashi = discard_message(0, twin, view["drawn"], REDS)
    assert answer_action(tedashi, legal, view, rules) == Discard(seat=0, tile=twin)


def _same_kinds(a: Action, b: Action) -> bool:
    def kinds(action: Action) -> object:
        data = action.to_dict()
        for key in ("tile",):
            if isinstance(data.get(key), int):
                data[key] = (data[key] >> 2, data[key] in REDS)
        if "tiles" in data:
            data["tiles"] = sorted((t >> 2, t in REDS) for t in data["tiles"])
        return data
    return kinds(a) == kinds(b)


@pytest.mark.parametrize("variant", ["riichi", "sanma"])
def test_every_legal_action_reads_back(variant: str) -> None:
    rules = mr.make(variant, {"length": "tonpuu"})
    bots = [(RandomBot if s % 2 == 0 else GreedyBot)(s) for s in range(rules.num_seats)]
    state = rules.setup(seed=11)
    checked: set[str] = set()
    while state.phase is not Phase.GAME_OVER:
        seat = min(rules.to_act(state))
        legal = list(rules.legal_actions(state, seat, preferences=False))
        view = rules.view(state, seat)
        for action in legal:
            if isinstance(action, mr.Ready):
                continue
            riichi = isinstance(action, Discard) and action.riichi
            if isinstance(action, Discard) and riichi:
                message = discard_message(seat, action.tile, view["drawn"], red_ids(rules))
            else:
                message = action_message(action, view, rules)
            back = answer_action(message, legal, view, rules, riichi=riichi)
            assert isinstance(back, Action), (action, message, back)
            assert _same_kinds(back, action), (action, message, back)
            if isinstance(action, Discard | Kakan):
                message[EXTENSION] = {"pai": action.tile}
            elif isinstance(action, Pon | mr.Chi):
                message[EXTENSION] = {"consumed": list(action.tiles)}
            exact = answer_action(message, legal, view, rules, riichi=riichi)
            assert exact == action or (not isinstance(action, Discard | Kakan | Pon | mr.Chi)
                                       and _same_kinds(exact, action))  # type: ignore[arg-type]
            checked.add(action.type)
        action = bots[seat].act(Observation.of(rules, state, seat))
        state = rules.apply(state, action)
    assert {"discard", "pass", "pon", "ron", "tsumo"} <= checked


def test_a_host_of_other_rules_is_an_unfollowable_event() -> None:
    """A sanma ``start_kyoku`` (three scores of 35,000) to a riichi seat: typed, not a crash."""
    know = SeatKnowledge(mr.make("riichi"), 0)
    know.feed({"type": "start_game", "names": ["a", "b", "c", "d"]})
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
             "oya": 0, "dora_marker": "1p", "scores": [35000, 35000, 35000, 0],
             "tehais": [["1m"] * 4 + ["9m"] * 4 + ["1p"] * 3 + ["2p", "3p"],
                        ["?"] * 13, ["?"] * 13, ["?"] * 13]}
    with pytest.raises(ProtocolError, match="cannot start the hand") as caught:
        know.feed(start)
    assert caught.value.reason is Reason.UNFOLLOWABLE_EVENT
    assert know.state is None
