"""Whole games with every seat's mjai stream checked (in process, no bot programs).

Each seat gets a host-side :class:`SeatStream` (fed with its views at its decisions, as a
bot would be) and a bot-side :class:`SeatKnowledge` fed with that stream; at every
decision the view the knowledge rebuilt must equal the real one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

import mahjong_rules as mr
from mahjong_rules.actions import Action, Chi, Daiminkan, Pass, Pon, Ready, Ron
from mahjong_rules.bots import Observation
from mahjong_rules.mjai import SeatKnowledge, SeatStream
from mahjong_rules.mjai.messages import action_message, answer_action, discard_message, red_ids
from mahjong_rules.state import Phase, State

Picker = Callable[[Any], Action]  # a bot's act: an observation to an action
_CLAIM_ANSWERS = (Pass, Ron, Pon, Chi, Daiminkan)


def canonical(view: dict[str, Any], reds: frozenset[int]) -> dict[str, Any]:
    """A view with every tile id written as (kind, red) and no ``last_result``.

    What a seat can rebuild from mjai events without this library's extension: the
    copies of a kind are not told apart.
    """
    tile_keys = {"tile", "drawn", "called", "added"}
    tiles_keys = {"hand", "tiles", "kita", "dora_indicators"}

    def spec(t: int | None) -> object:
        return None if t is None else (t >> 2, t in reds)

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items() if k != "last_result"}
        if isinstance(value, list):
            if key in tiles_keys:
                return [spec(t) for t in value]
            return [walk(v) for v in value]
        if key in tile_keys and (value is None or isinstance(value, int)):
            return spec(value)
        return value

    return walk(view)  # type: ignore[no-any-return]


@attrs.define
class Checked:
    """What a checked game found."""

    state: State
    decisions: int = 0
    compared: int = 0
    mismatches: list[str] = attrs.field(factory=list)
    events: list[list[dict[str, Any]]] = attrs.field(factory=list)


def _translate(rules: mr.Ruleset, know: SeatKnowledge, view: dict[str, Any],
               action: Action) -> Action:
    """The rebuilt state's action for a real one (the ids differ, the kinds do not)."""
    assert know.state is not None
    seat = know.seat
    legal = rules.legal_actions(know.state, seat, preferences=False)
    mine = rules.view(know.state, seat)
    riichi = isinstance(action, mr.Discard) and action.riichi
    if riichi:
        assert isinstance(action, mr.Discard)
        message = discard_message(seat, action.tile, view["drawn"], red_ids(rules))
    else:
        message = action_message(action, view, rules)
    found = answer_action(message, legal, mine, rules, riichi=riichi)
    assert not isinstance(found, mr.Rejection), (found, message)
    return found


def play_checked(rules: mr.Ruleset, pickers: Sequence[Picker], *, seed: int | None = None,
                 walls: list[list[int]] | None = None, extensions: bool = True,
                 max_actions: int = 100_000) -> Checked:
    """Play a game; at every decision compare the rebuilt view with the real one."""
    n = rules.num_seats
    state = rules.setup(seed=seed) if walls is None else rules.setup(walls=walls)
    streams = [SeatStream(rules, s, extensions=extensions) for s in range(n)]
    knows = [SeatKnowledge(rules, s) for s in range(n)]
    found = Checked(state=state, events=[[] for _ in range(n)])
    reds = red_ids(rules)
    for _ in range(max_actions):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        events = streams[seat].advance(view)
        found.events[seat].extend(events)
        for event in events:
            knows[seat].feed(event)
        found.decisions += 1
        if state.phase in (Phase.SELF_ACTION, Phase.CLAIMS):
            found.compared += 1
            if not knows[seat].can_act:
                found.mismatches.append(f"seat {seat} cannot act after {events[-1:]}")
            else:
                mine = rules.view(knows[seat].state, seat)  # type: ignore[arg-type]
                if extensions and mine != view:
                    keys = [k for k in view if mine.get(k) != view[k]]
                    found.mismatches.append(f"seat {seat} decision {found.decisions}: {keys}")
                elif not extensions and canonical(mine, reds) != canonical(view, reds):
                    found.mismatches.append(f"seat {seat} decision {found.decisions}")
        observation = Observation.of(rules, state, seat)
        action = pickers[seat](observation)
        streams[seat].act(action)
        if not isinstance(action, Ready):
            mine_action = action if extensions else _translate(rules, knows[seat], view, action)
            if isinstance(action, _CLAIM_ANSWERS):
                knows[seat].answer(mine_action)
            else:
                knows[seat].intend(mine_action)
        state = rules.apply(state, action)
    for seat in range(n):
        events = streams[seat].finish()
        found.events[seat].extend(events)
        found.mismatches.extend(f"seat {seat} stream: {d}" for d in streams[seat].desyncs)
    found.state = state
    return found
