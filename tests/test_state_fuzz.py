"""Corrupted saved states: loading refuses them with ``bad_state`` or they play on soundly.

A valid saved state (random play with a clock in every ruleset and preset,
:mod:`saved_states`) is corrupted in its JSON form: a field dropped, duplicated, swapped
with another or given a value of another type, a tile moved from one place to another,
a count changed. ``State.from_dict`` must then raise :class:`InvalidStateError` with
reason ``bad_state``, or give a state that passes every invariant of the conformance
harness and plays on (random legal play, every invariant checked after each action).
No other exception, ever.

The default run tries a bounded number of corruptions; ``MAHJONG_RULES_SOAK=N`` tries
``N * 2000`` and plays longer (the counts are in ``--hypothesis-show-statistics``).
"""

from __future__ import annotations

import copy
import os
from typing import Any

from helpers.conformance import check_state, play_from
from helpers.saved_states import loaded, saved_states
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.errors import InvalidStateError, Reason
from mahjong_rules.state import State

SOAK = int(os.environ.get("MAHJONG_RULES_SOAK", "0"))
EXAMPLES = 2000 * SOAK if SOAK else 120
PLAY_ON = 200 if SOAK else 40

Path = tuple[str | int, ...]

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6),
                 st.lists(st.integers(-3, 150), max_size=4),
                 st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


def _paths(node: Any, prefix: Path = ()) -> list[Path]:
    """Every place in a JSON value (not the root itself)."""
    found: list[Path] = []
    items: list[tuple[str | int, Any]] = (
        list(node.items()) if isinstance(node, dict) else
        list(enumerate(node)) if isinstance(node, list) else [])
    for key, child in items:
        path = (*prefix, key)
        found.append(path)
        found.extend(_paths(child, path))
    return found


def _get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _tile_lists(data: dict[str, Any]) -> list[Path]:
    """The places that hold lists of tile ids (those a corruption has not broken)."""
    out: list[Path] = [("live",), ("rinshan",), ("dora_indicators",), ("ura_indicators",)]
    for seat, player in enumerate(data["seats"]):
        out.extend((("seats", seat, "hand"), ("seats", seat, "kita"), ("seats", seat, "flowers")))
        out.extend(("seats", seat, "melds", k, "tiles") for k in range(len(player["melds"])))
    return [path for path in out if isinstance(_lookup(data, path), list)]


def _lookup(data: Any, path: Path) -> Any:
    """The value at ``path``, or ``None`` where the path leads nowhere."""
    for key in path:
        inside = (isinstance(data, dict) and key in data) or (
            isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data))
        if inside:
            data = data[key]
        else:
            return None
    return data


@st.composite
def corrupted(draw: st.DrawFn) -> tuple[str, dict[str, Any], list[str]]:
    label, text = draw(st.sampled_from(saved_states()))
    data = loaded(text)
    done: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        how = draw(st.sampled_from(["drop", "duplicate", "swap", "retype", "move_tile",
                                    "count"]))
        path = draw(st.sampled_from(paths))
        parent, key = _get(data, path[:-1]), path[-1]
        if how == "drop":
            del parent[key]
        elif how == "duplicate":
            if isinstance(parent, list):
                parent.insert(int(key), copy.deepcopy(parent[int(key)]))
            else:
                other = draw(st.sampled_from(paths))
                parent[key] = copy.deepcopy(_get(data, other))
        elif how == "swap":
            other = draw(st.sampled_from(paths))
            if other[:len(path)] == path or path[:len(other)] == other:
                continue  # one inside the other
            first, second = copy.deepcopy(parent[key]), copy.deepcopy(_get(data, other))
            parent[key] = second
            _get(data, other[:-1])[other[-1]] = first
        elif how == "retype":
            parent[key] = draw(JUNK)
        elif how == "move_tile":
            if "seats" not in data or not isinstance(data["seats"], list) or not all(
                    isinstance(p, dict) and isinstance(p.get("melds"), list)
                    for p in data["seats"]):
                continue
            places = [p for p in _tile_lists(data) if _get(data, p)]
            if not places:
                continue
            source = draw(st.sampled_from(places))
            target = draw(st.sampled_from(_tile_lists(data)))
            tiles = _get(data, source)
            tile = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
            into = _get(data, target)
            if isinstance(into, list):
                into.insert(draw(st.integers(0, len(into))), tile)
                if draw(st.booleans()):
                    into.sort(key=str)
        else:
            value = parent[key]
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            parent[key] = value + draw(st.sampled_from([-1, 1, -2, 3, 1000, -1000, 99]))
        done.append(f"{how} {'.'.join(map(str, path))}")
    return label, data, done


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=corrupted(), policy=st.integers(0, 2**16))
def test_a_corrupted_state_is_refused_or_plays_soundly(
        case: tuple[str, dict[str, Any], list[str]], policy: int) -> None:
    _label, data, _changes = case
    refused: InvalidStateError | None = None
    try:
        state = State.from_dict(data)
    except InvalidStateError as exc:
        refused = exc
    if refused is not None:
        assert refused.reason is Reason.BAD_STATE, refused
        event("refused: bad_state")
        return
    event("loaded: played on with every invariant")
    rules = mr.make(state.ruleset, state.options)
    check_state(rules, state)
    if rules.result(state) is None:
        play_from(rules, state, max_actions=PLAY_ON, policy_seed=policy)


def test_every_saved_state_loads_and_plays_on() -> None:
    """The uncorrupted seeds themselves load (the fuzz starts from valid states)."""
    labels = set()
    for label, text in saved_states():
        state = State.from_dict(loaded(text))
        labels.add(label.split("-")[0])
        assert state.to_dict() == loaded(text), label
    assert labels == {"riichi", "sanma", "taiwanese"}
    phases = {State.from_dict(loaded(text)).phase for _label, text in saved_states()}
    assert phases == set(mr.Phase)
    timed = [State.from_dict(loaded(text)) for _label, text in saved_states()]
    assert any(p.auto_pilot for s in timed for p in s.seats)
    assert any(p.timeouts for s in timed for p in s.seats)
