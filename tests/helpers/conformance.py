"""Conformance harness: random legal play with invariants checked after every apply.

Checked after each action (STYLE 6.11):
- every tile of the set is in exactly one place (hands, melds, rivers, kita, flowers,
  walls): 136, 108 or 144 tiles;
- points plus deposits are conserved (within a game);
- concealed hand sizes fit the phase;
- the input state is unchanged (frozen values, equal hash before and after);
- ``validate`` agrees with ``legal_actions`` on the chosen action and on sampled others;
- ``apply_unchecked`` agrees with ``apply``;
- the state and every view survive a JSON round trip, and the loaded state passes the
  state check (``State.from_dict``);
- no view shows another seat's concealed tiles, the walls or unrevealed indicators;
- ``legal_actions`` is sorted by nothing in particular but free of duplicates.
Determinism (same seed + same actions = same game) is checked by replaying.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import mahjong_rules as mr
from mahjong_rules.actions import (
    Action,
    Chi,
    DeclareReady,
    Discard,
    Pass,
    Pon,
    Ron,
    SetPreferences,
    Tsumo,
)
from mahjong_rules.bots import Observation, make_bot
from mahjong_rules.record import unstructure
from mahjong_rules.state import Phase, State


def all_tiles(state: State) -> Counter[int]:
    found: Counter[int] = Counter()
    for player in state.seats:
        found.update(player.hand)
        found.update(player.kita)
        found.update(player.flowers)
        for meld in player.melds:
            found.update(meld.tiles)
        found.update(e.tile for e in player.river if not e.called)
    found.update(state.live)
    found.update(state.rinshan)
    found.update(state.dora_indicators)
    found.update(state.ura_indicators)
    return found


def check_tiles(rules: mr.Ruleset, state: State) -> None:
    if state.phase is Phase.GAME_OVER and not state.live and not state.seats[0].hand:
        return
    tiles = all_tiles(state)
    expected: Counter[int] = Counter(rules.tile_ids())  # type: ignore[attr-defined]
    assert tiles == expected, (tiles - expected, expected - tiles)


OPENING_WINDOWS = ("declaration", "deal_flower")
"""Taiwanese windows before the dealer's first discard (the dealer holds 17 tiles)."""


def check_hand_sizes(rules: mr.Ruleset, state: State) -> None:
    if state.phase is Phase.GAME_OVER:
        return
    waiting = 3 * rules.n_sets + 1  # type: ignore[attr-defined]
    for seat, player in enumerate(state.seats):
        kans = sum(1 for m in player.melds if len(m.tiles) == 4)
        size = len(player.hand) + 3 * len(player.melds)
        acting = (state.phase is Phase.SELF_ACTION and seat == state.turn) or (
            state.claim is not None and state.claim.source in OPENING_WINDOWS
            and seat == state.dealer)
        expected = waiting + 1 if acting else waiting
        if state.phase is Phase.HAND_OVER:
            assert size in (waiting, waiting + 1), (seat, size)
        else:
            assert size == expected, (seat, size, expected, kans, state.phase)


def public_tiles(view: dict[str, Any]) -> set[int]:
    seen: set[int] = set(view["dora_indicators"])
    for entry in view["seats"]:
        seen.update(e["tile"] for e in entry["river"])
        for meld in entry["melds"]:
            seen.update(meld["tiles"])
        seen.update(entry["kita"])
        seen.update(entry.get("flowers", ()))
    for hand in view["revealed_hands"].values():
        seen.update(hand)
    if view["claim"] is not None:
        seen.add(view["claim"]["tile"])
    result = view["last_result"]
    if result is not None:
        for win in result["winners"]:
            seen.update(win["hand"])
            seen.add(win["win_tile"])
            seen.update(win["ura_indicators"])
    return seen


def check_views(rules: mr.Ruleset, state: State) -> None:
    for viewer in [None, *range(rules.num_seats)]:
        view = rules.view(state, viewer)
        json.dumps(view)
        assert not {"live", "rinshan", "ura_indicators", "walls", "seed", "responses",
                    "options"} & set(view)
        assert len(view["dora_indicators"]) == state.revealed
        visible = public_tiles(view)
        if viewer is not None:
            visible |= set(view["hand"])
            options = view["claim_options"]
            claim = state.claim
            assert options == (list(claim.options[viewer]) if claim else [])
        # every tile id the view can show is public or the viewer's own
        hidden: set[int] = set()
        for seat, player in enumerate(state.seats):
            if seat != viewer:
                hidden.update(player.hand)
        hidden.update(state.live)
        hidden.update(state.rinshan)
        hidden.update(state.dora_indicators[state.revealed:])
        hidden.update(state.ura_indicators)
        leaked = (hidden - visible) & _tile_values(view)
        assert not leaked, (viewer, leaked)
        if viewer is None:
            assert "hand" not in view
            assert "legal_actions" not in view


def _tile_values(view: dict[str, Any]) -> set[int]:
    """Every int in a tile-bearing field of a view."""
    values: set[int] = set(view["dora_indicators"])
    values |= public_tiles(view)
    if "hand" in view:
        values |= set(view["hand"])
        if view["drawn"] is not None:
            values.add(view["drawn"])
        for action in view["legal_actions"]:
            if "tile" in action:
                values.add(action["tile"])
            values.update(action.get("tiles", []))
    return values


def check_round_trip(state: State) -> None:
    """The state survives its JSON form and passes the state check on loading."""
    data = json.loads(json.dumps(unstructure(state)))
    assert State.from_dict(data) == state


def candidate_actions(rules: mr.Ruleset, rng: random.Random) -> list[Action]:
    """Some actions that may or may not be legal (for validate/legal agreement)."""
    seat = rng.randrange(rules.num_seats)
    tile = rng.randrange(len(rules.tile_ids()))  # type: ignore[attr-defined]
    return [Discard(seat=seat, tile=tile), Discard(seat=seat, tile=tile, riichi=True),
            Tsumo(seat=seat), Ron(seat=seat), Pass(seat=seat),
            Pon(seat=seat, tiles=(tile, tile ^ 1)), Chi(seat=seat, tiles=(tile, (tile + 4) % 136)),
            DeclareReady(seat=seat), DeclareReady(seat=seat, tile=tile)]


def play(rules: mr.Ruleset, seed: int, *, max_actions: int = 3000, checks: bool = True,
         policy_seed: int = 0, greedy: bool = False,
         bot: str | None = None) -> tuple[State, list[Action]]:
    """Random legal play (or play by the bot ``bot``; ``greedy``: the efficiency bot) from
    ``setup(seed=seed)``, invariants checked."""
    return play_from(rules, rules.setup(seed=seed), max_actions=max_actions, checks=checks,
                     policy_seed=policy_seed, greedy=greedy, bot=bot)


def check_state(rules: mr.Ruleset, state: State) -> None:
    """Every invariant of one state (the checks :func:`play_from` makes after an action)."""
    check_tiles(rules, state)
    check_hand_sizes(rules, state)
    check_views(rules, state)
    check_round_trip(state)


def play_from(rules: mr.Ruleset, state: State, *, max_actions: int = 3000,
              checks: bool = True, policy_seed: int = 0, greedy: bool = False,
              bot: str | None = None) -> tuple[State, list[Action]]:
    """Random legal play (or play by the bot ``bot``; ``greedy``: the efficiency bot) from
    ``state``, invariants checked."""
    rng = random.Random(policy_seed)
    spec = bot if bot is not None else "efficiency" if greedy else None
    bots = [make_bot(spec, seed=policy_seed + s) for s in range(rules.num_seats)] if spec else []
    total = sum(p.points for p in state.seats) + 1000 * state.deposits
    taken: list[Action] = []
    for _ in range(max_actions):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        assert len(set(legal)) == len(legal)
        choices = [a for a in legal if not isinstance(a, SetPreferences)]
        action = (bots[seat].act(Observation.of(rules, state, seat)) if bots
                  else rng.choice(choices))
        if checks:
            before = unstructure(state)
            for probe in candidate_actions(rules, rng):
                verdict = rules.validate(state, probe)
                in_legal = probe in rules.legal_actions(state, probe.seat)
                assert (verdict is None) == in_legal, (probe, verdict)
            assert rules.validate(state, action) is None, action
        new = rules.apply(state, action)
        if checks:
            assert unstructure(state) == before
            assert rules.apply_unchecked(state, action) == new
            check_state(rules, new)
            points = sum(p.points for p in new.seats) + 1000 * new.deposits
            assert points == total, (points, total)
        state = new
        taken.append(action)
    return state, taken


def replay(rules: mr.Ruleset, seed: int, actions: list[Action]) -> State:
    state = rules.setup(seed=seed)
    for action in actions:
        state = rules.apply(state, action)
    return state
