"""Injected walls for scenario tests: write the hands, draws and indicators in mpsz.

Wall layout (docs/reducer.md, :class:`mahjong_rules.walls.WallLayout`): the first
``13 * seats`` tiles are dealt, 13 to each seat in turn from the dealer; the live wall
follows (the dealer's first draw, then every draw in order); the last 14 tiles are the
dead wall: 4 replacement tiles, 5 dora indicators, 5 ura indicators. Tiles not named fill
the other places in a fixed shuffled order.
"""

from __future__ import annotations

from typing import Any

import attrs

import mahjong_rules as mr
from mahjong_rules import walls
from mahjong_rules.actions import Ready
from mahjong_rules.notation import parse_tiles
from mahjong_rules.state import HandResult, Phase


def build_wall(rules: mr.Ruleset, *, hands: dict[int, str], draws: list[str] | None = None,
               dora: str = "", rinshan: str = "", ura: str = "", dealer: int = 0,
               fill_seed: int = 0) -> list[int]:
    """A wall where seat ``s`` is dealt ``hands[s]`` and the live wall starts with ``draws``.

    ``draws`` are single tiles (or several tiles in one string) in draw order; the first
    is the dealer's first draw. The public builder, :func:`mahjong_rules.walls.build_wall`.
    """
    return walls.build_wall(rules, hands=hands, draws=draws or (),
                            replacement=rinshan, dora=dora, ura=ura, dealer=dealer,
                            fill_seed=fill_seed)


def start(name: str, options: object = None, **wall: object) -> tuple[mr.Ruleset, mr.State]:
    """A ruleset and a game on one injected wall (plus filler walls for later hands)."""
    rules = mr.make(name, options)  # type: ignore[arg-type]
    first = build_wall(rules, **wall)  # type: ignore[arg-type]
    later = [build_wall(rules, hands={}, fill_seed=k) for k in range(1, 40)]
    return rules, rules.setup(walls=[first, *later], players=[f"p{i}" for i in range(
        rules.num_seats)])


def with_points(state: mr.State, points: tuple[int, ...]) -> mr.State:
    """The state with the seats' points replaced."""
    seats = tuple(attrs.evolve(p, points=v) for p, v in zip(state.seats, points, strict=True))
    return attrs.evolve(state, seats=seats)


def start_hand(options: object = None, *, variant: str = "riichi", round_wind: int = 0,
               hand_number: int = 0, dealer: int = 0, honba: int = 0, deposits: int = 0,
               points: tuple[int, ...] | None = None,
               **wall: Any) -> tuple[mr.Ruleset, mr.State]:
    """A hand at any point of the game: the engine deals the injected wall from ``dealer``.

    The first wall is built with ``dealer``; the state is taken to a hand result with the
    wanted round, dealer and points, and every seat's ``Ready`` starts the hand.
    """
    rules, state = start(variant, options, dealer=dealer, **wall)
    n = rules.num_seats
    state = attrs.evolve(state, phase=Phase.HAND_OVER, round_wind=round_wind,
                         hand_number=hand_number, dealer=dealer, honba=honba,
                         deposits=deposits, hands_played=0, ready=(False,) * n)
    if points is not None:
        state = with_points(state, points)
    for seat in range(n):
        state = rules.apply(state, Ready(seat=seat))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == dealer
    assert len(state.seats[dealer].hand) == 14
    return rules, state


def kind_of(text: str) -> int:
    """The kind of one mpsz tile."""
    return parse_tiles(text)[0].kind


def held(state: mr.State, seat: int, text: str) -> int:
    """A physical id of the tile ``text`` (mpsz) in the seat's concealed hand."""
    kind = kind_of(text)
    return next(t for t in state.seats[seat].hand if t >> 2 == kind)


def held_all(state: mr.State, seat: int, text: str) -> tuple[int, ...]:
    """Physical ids of every tile of ``text`` in the seat's concealed hand."""
    hand = list(state.seats[seat].hand)
    out = []
    for tile in parse_tiles(text):
        found = next(t for t in hand if t >> 2 == tile.kind)
        hand.remove(found)
        out.append(found)
    return tuple(out)


def discard(rules: mr.Ruleset, state: mr.State, seat: int, text: str | None = None, *,
            riichi: bool = False) -> mr.State:
    """Discard ``text`` (or the drawn tile) from ``seat``."""
    tile = state.seats[seat].drawn if text is None else held(state, seat, text)
    assert tile is not None
    return rules.apply(state, mr.Discard(seat=seat, tile=tile, riichi=riichi))


def pass_all(rules: mr.Ruleset, state: mr.State) -> mr.State:
    """Every seat still to answer the open claim window passes."""
    while state.phase is mr.Phase.CLAIMS:
        state = rules.apply(state, mr.Pass(seat=min(rules.to_act(state))))
    return state


def tsumogiri(rules: mr.Ruleset, state: mr.State, count: int, *,
              riichi: bool = False) -> mr.State:
    """``count`` turns of discarding the drawn tile, every window passed."""
    for _ in range(count):
        assert state.phase is mr.Phase.SELF_ACTION
        state = pass_all(rules, discard(rules, state, state.turn, riichi=riichi))
    return state


def last(state: mr.State) -> HandResult:
    """The result of the hand that just ended."""
    assert state.last_result is not None
    return state.last_result
