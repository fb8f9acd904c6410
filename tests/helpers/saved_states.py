"""Saved states of every ruleset and preset, from random play with a clock (fuzz seeds).

Games are played with random legal actions on a clock: actions carry times, some seats
time out (so timeouts in a row and auto-pilot happen), others disconnect; states are kept
along the way, at hand ends and at the game's end. Each is kept in its JSON form.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import attrs

import mahjong_rules as mr
from mahjong_rules.actions import Action, Disconnect, SetPreferences, Timeout
from mahjong_rules.state import Phase, State

PRESETS = [("riichi", "default"), ("riichi", "ippatsu"), ("riichi", "tenhou"),
           ("sanma", "default"), ("sanma", "joypip"), ("sanma", "tenhou"),
           ("taiwanese", "default"), ("taiwanese", "san_diego"), ("taiwanese", "four_winds")]


def _step(rules: mr.Ruleset, state: State, rng: random.Random, clock: int) -> State:
    seat = rng.choice(sorted(rules.to_act(state)))
    deadline = rules.deadline(state)
    if deadline is not None and rng.random() < 0.08:
        return rules.apply(state, Timeout(seat=seat, at=max(deadline, clock)))
    legal = [a for a in rules.legal_actions(state, seat)
             if not isinstance(a, SetPreferences | Disconnect)]
    action: Action = rng.choice(legal)
    if rng.random() < 0.01:
        action = Disconnect(seat=seat)
    if deadline is None or clock <= deadline:
        action = attrs.evolve(action, at=clock)
    return rules.apply(state, action)


def game_states(name: str, preset: str, seed: int, *, length: str | None = None,
                steps: int = 400, keep_every: int = 7) -> list[State]:
    """States along one random game on a clock (and its hand ends and end)."""
    options = mr.make(name, preset).options.to_dict()
    if length is not None:
        options["length"] = length
    rules = mr.make(name, options)
    rng = random.Random(f"{name}/{preset}/{seed}")
    clock = 1_000
    state = rules.setup(seed=seed, now=clock if seed % 2 else None)
    kept = [state]
    for step in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        clock += rng.randrange(0, 4_000)
        state = _step(rules, state, rng, clock)
        if step % keep_every == 0 or state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            kept.append(state)
    return kept


@functools.cache
def saved_states() -> tuple[tuple[str, str], ...]:
    """``(label, JSON text)`` of states of every ruleset and preset, in a fixed order."""
    out: list[tuple[str, str]] = []
    for name, preset in PRESETS:
        lengths = ("single", "east") if name == "taiwanese" else ("single_hand", "tonpuu")
        for seed, length in ((1, None), (2, lengths[0]), (3, lengths[1])):
            for k, state in enumerate(game_states(name, preset, seed, length=length)):
                out.append((f"{name}-{preset}-{seed}-{k}", json.dumps(state.to_dict())))
    return tuple(out)


def loaded(text: str) -> dict[str, Any]:
    """A fresh copy of a saved state's JSON form."""
    data: dict[str, Any] = json.loads(text)
    return data
