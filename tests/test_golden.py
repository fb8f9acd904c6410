"""Golden playthroughs: recorded games whose every state must hash as it did when recorded.

For every preset of every ruleset, ``tests/golden/playthroughs/`` holds three short games:
one of random legal moves, one of "eager" moves (any win, riichi, call or kan offered is
taken, else a random move) and one played by the efficiency bot. Each file is one JSON line of
header (ruleset, preset, seed, policy) and then one line per action:

* ``a``: the action (``Action.to_dict()``);
* ``s``: a 12-hex digest of ``state.to_dict()`` after the action (sorted-key JSON)
  without its ``options`` (constant through a game; the header's ``setup`` digests the
  whole first state, options included), so the state, its serialisation included, must
  be equal, and a new option with its default moves the headers only;
* ``v``: a digest of the acting seat's ``view`` after the action;
* ``l``: a digest of the next seat's legal actions (sorted, so their order is free);
* ``r``: on the last line of a finished game, a digest of ``result``.

The test replays the recorded actions (it does not run the bots again, so a change to a
bot does not move these files) and compares every digest. Any difference is a change of
behaviour: a refactor of the reducer must leave these files as they are. A rule change
that means to move them regenerates them explicitly::

    MAHJONG_RULES_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py

and the diff of the files is part of the review.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Action, Discard, Disconnect, Pass, SetPreferences
from mahjong_rules.bots import Observation, make_bot
from mahjong_rules.state import Phase, State

GOLDEN = Path(__file__).resolve().parent / "golden" / "playthroughs"
REGEN = os.environ.get("MAHJONG_RULES_REGEN_GOLDEN") == "1"

GAMES: tuple[tuple[str, int, int], ...] = (("random", 1, 150), ("eager", 2, 200),
                                           ("greedy", 3, 300))
"""(policy, seed, actions) of the games recorded for each preset."""


def digest(value: object) -> str:
    """A 12-hex digest of ``value``'s sorted-key compact JSON."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def state_digest(state: State) -> str:
    """The digest of ``state.to_dict()`` without the options (the header has them)."""
    return digest({key: value for key, value in state.to_dict().items() if key != "options"})


def legal_digest(rules: mr.Ruleset, state: State) -> str:
    """The digest of the legal actions of the next seat to act (empty when none acts)."""
    to_act = rules.to_act(state)
    if not to_act:
        return digest([])
    seat = min(to_act)
    return digest(sorted(json.dumps(a.to_dict(), sort_keys=True)
                         for a in rules.legal_actions(state, seat)))


def step_line(rules: mr.Ruleset, state: State, action: Action) -> dict[str, Any]:
    """The recorded line of ``action`` applied, ``state`` being the state after it."""
    line: dict[str, Any] = {"a": action.to_dict(), "s": state_digest(state),
                            "v": digest(rules.view(state, action.seat)),
                            "l": legal_digest(rules, state)}
    if state.phase is Phase.GAME_OVER:
        line["r"] = digest(rules.result(state))
    return line


def _choose(rng: random.Random, legal: Sequence[Action], *, eager: bool) -> Action:
    """A random legal move; a disconnection only now and then (it hands the seat to the
    auto-pilot); with ``eager`` any win, riichi, call or kan offered."""
    choices: list[Action] = [a for a in legal
                             if not isinstance(a, SetPreferences | Disconnect)]
    if rng.random() < 0.01 or not choices:
        choices = [a for a in legal if not isinstance(a, SetPreferences)]
    if eager:
        bold: list[Action] = [a for a in choices
                              if not isinstance(a, Pass)
                              and (not isinstance(a, Discard) or a.riichi)]
        if bold:
            choices = bold
    return rng.choice(choices)


def record(name: str, preset: str, policy: str, seed: int, actions: int) -> list[str]:
    """The lines of a newly played game (header first)."""
    rules = mr.make(name, preset)
    rng = random.Random(seed)
    bots = ([make_bot("efficiency", seed=seed + s) for s in range(rules.num_seats)]
            if policy == "greedy" else [])
    state = rules.setup(seed=seed)
    lines = [json.dumps({"ruleset": name, "preset": preset, "policy": policy, "seed": seed,
                         "setup": digest(state.to_dict())}, sort_keys=True)]
    for _ in range(actions):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        if bots:
            action = bots[seat].act(Observation.of(rules, state, seat))
        else:
            action = _choose(rng, rules.legal_actions(state, seat), eager=policy == "eager")
        state = rules.apply(state, action)
        lines.append(json.dumps(step_line(rules, state, action), sort_keys=True))
    return lines


def _cases() -> list[tuple[str, str, str, int, int]]:
    cases: list[tuple[str, str, str, int, int]] = []
    for name in sorted(mr.RULESETS):
        for preset in mr.RULESETS[name]().options.preset_names():
            cases.extend((name, preset, policy, seed, actions)
                         for policy, seed, actions in GAMES)
    return cases


def _path(name: str, preset: str, policy: str, seed: int) -> Path:
    return GOLDEN / f"{name}-{preset}-{policy}-{seed}.jsonl"


RECORDED = sorted(GOLDEN.glob("*.jsonl"))


@pytest.mark.skipif(not REGEN, reason="set MAHJONG_RULES_REGEN_GOLDEN=1 to record")
@pytest.mark.parametrize(("name", "preset", "policy", "seed", "actions"), _cases(),
                         ids=str)
def test_record_golden(name: str, preset: str, policy: str, seed: int, actions: int) -> None:
    """Writes one golden file (only with the explicit flag)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    lines = record(name, preset, policy, seed, actions)
    _path(name, preset, policy, seed).write_text("\n".join(lines) + "\n")


@pytest.mark.skipif(REGEN, reason="recording")
@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_playthrough_is_unchanged(path: Path) -> None:
    """Replays a recorded game; every digest must be what it was when recorded."""
    header_text, *steps = path.read_text().splitlines()
    header = json.loads(header_text)
    rules = mr.make(header["ruleset"], header["preset"])
    state = rules.setup(seed=header["seed"])
    assert digest(state.to_dict()) == header["setup"], f"{path.name}: setup"
    for index, text in enumerate(steps):
        expected = json.loads(text)
        action = mr.action_from_dict(expected["a"])
        state = rules.apply(state, action)
        got = step_line(rules, state, action)
        assert got == expected, f"{path.name}: step {index} {expected['a']}"


@pytest.mark.skipif(REGEN, reason="recording")
def test_every_preset_of_the_recording_time_has_its_games() -> None:
    """The recorded set is whole: three games for every preset it names, and at least one
    file for every ruleset (a preset added later gets its games when it is recorded)."""
    assert RECORDED, "no golden playthroughs recorded"
    by_preset: dict[tuple[str, str], int] = {}
    for path in RECORDED:
        header = json.loads(path.read_text().splitlines()[0])
        key = (header["ruleset"], header["preset"])
        by_preset[key] = by_preset.get(key, 0) + 1
    assert set(by_preset.values()) == {len(GAMES)}
    assert {name for name, _ in by_preset} == set(mr.RULESETS)
