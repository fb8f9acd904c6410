"""Random play for the reinforcement-learning tests: decision states and hidden shuffles.

Import from test modules as ``from rl_play import decision_states`` (``conftest.py`` puts
this directory on ``sys.path``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.bots import GreedyBot, Observation
from mahjong_rules.state import Phase, State

__all__ = ["SINGLE_HAND", "decision_states", "hidden_shuffle", "play_legal"]

SINGLE_HAND: dict[str, dict[str, Any]] = {
    "riichi": {"length": "single_hand"}, "sanma": {"length": "single_hand"},
    "taiwanese": {"length": "single"}}
"""Options for games of one hand, by variant."""


def play_legal(rules: mr.Ruleset, state: State, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions without preferences (what a player chooses from)."""
    return rules.legal_actions(state, seat, preferences=False)


def decision_states(rules: mr.Ruleset, seed: int, *, greedy: float = 0.85,
                    max_steps: int = 3000) -> Iterator[tuple[State, int]]:
    """``(state, seat)`` for every seat to act at every step of a game of mixed play.

    The lowest seat to act plays the greedy bot's move with probability ``greedy`` (it
    reaches tenpai, declares riichi, wins, passes calls) and a uniformly random legal
    move otherwise (calls, kans, odd discards), so every kind of action comes up.
    """
    rng = random.Random(seed)
    bot = GreedyBot(seed)
    state = rules.setup(seed=seed)
    for _ in range(max_steps):
        if state.phase is Phase.GAME_OVER:
            return
        waiting = sorted(rules.to_act(state))
        for seat in waiting:
            yield state, seat
        seat = waiting[0]
        if rng.random() < greedy:
            action = bot.act(Observation.of(rules, state, seat))
        else:
            action = rng.choice(play_legal(rules, state, seat))
        state = rules.apply_unchecked(state, action)


def hidden_shuffle(state: State, viewer: int, rng: random.Random) -> State:
    """``state`` with everything ``viewer`` cannot see dealt anew.

    The other seats' concealed hands (sizes kept), the live wall, the replacement tiles,
    the unrevealed dora indicators and the ura indicators are shuffled together. The
    result is a state for views only (the claim window is kept as it was).
    """
    seats = state.seats
    pool: list[int] = []
    for seat, player in enumerate(seats):
        if seat != viewer:
            pool.extend(player.hand)
    revealed = state.revealed
    pool.extend(state.live)
    pool.extend(state.rinshan)
    pool.extend(state.dora_indicators[revealed:])
    pool.extend(state.ura_indicators)
    rng.shuffle(pool)
    out = list(pool)

    def take(count: int) -> tuple[int, ...]:
        taken = tuple(out[:count])
        del out[:count]
        return taken

    new_seats = []
    for seat, player in enumerate(seats):
        if seat == viewer:
            new_seats.append(player)
            continue
        hand = tuple(sorted(take(len(player.hand))))
        drawn = rng.choice(hand) if player.drawn is not None and hand else player.drawn
        new_seats.append(attrs.evolve(player, hand=hand, drawn=drawn))
    return attrs.evolve(
        state, seats=tuple(new_seats), live=take(len(state.live)),
        rinshan=take(len(state.rinshan)),
        dora_indicators=(*state.dora_indicators[:revealed],
                         *take(len(state.dora_indicators) - revealed)),
        ura_indicators=take(len(state.ura_indicators)))
