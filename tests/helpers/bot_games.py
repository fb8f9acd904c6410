"""Games played by bots, one state per decision (for the bots' tests)."""

from __future__ import annotations

from collections.abc import Iterator

import mahjong_rules as mr
from mahjong_rules.bots import Observation, make_bot
from mahjong_rules.state import Phase, State


def positions(rules: mr.Ruleset, seed: int, steps: int, bot: str) -> Iterator[State]:
    """The state before each of the first ``steps`` decisions of a game played by ``bot``
    in every seat (the seats' ``Ready`` after a hand is applied between them)."""
    bots = [make_bot(bot, seed=seed + s) for s in range(rules.num_seats)]
    state = rules.setup(seed=seed)
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            return
        if state.phase is Phase.HAND_OVER:
            for seat in sorted(rules.to_act(state)):
                state = rules.apply(state, mr.Ready(seat=seat))
            continue
        yield state
        seat = min(rules.to_act(state))
        state = rules.apply(state, bots[seat].act(Observation.of(rules, state, seat)))
