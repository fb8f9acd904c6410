"""The deal: a new game, each hand's wall, and the dealt hands (seeds/000 4, 8.4).

Seats are shuffled from the seed (seeds/000 4.1); each hand's wall is shuffled from
``(seed, hands played)`` with :mod:`mahjong_rules.rng` (8.4), or is the injected wall of
that hand; the ruleset's :class:`~mahjong_rules.walls.WallLayout` splits it into the dealt
hands, the live wall and the dead wall's parts (4.2; Taiwanese: rules/taiwanese.md 1.3).
The hand's first step is the ruleset's ``_open_hand`` hook (riichi: the dealer draws;
Taiwanese: flowers and the declaration window).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules import rng
from mahjong_rules.errors import IllegalActionError, Reason, Rejection
from mahjong_rules.game.hand_tiles import reject
from mahjong_rules.state import HandStart, Phase, PlayerState, State, replace
from mahjong_rules.state_check import WallParts

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["check_start", "deal", "hand_wall", "open_hand", "setup", "start_hand", "wall"]


def setup(rules: TableRuleset[Any], *, seed: int | None, walls: list[list[int]] | None,
          players: list[str] | None, start: HandStart | None = None) -> State:
    """A new game, its first hand dealt.

    The seats are shuffled from the seed (seeds/000 4.1); ``start`` begins
    at another hand (its round, honba, deposits and points).
    """
    names = list(players) if players is not None else [
        f"player{i}" for i in range(rules.num_seats)]
    if len(names) != rules.num_seats or len(set(names)) != rules.num_seats:
        raise IllegalActionError(reject(Reason.BAD_INPUT,
                                         f"{rules.num_seats} distinct player names needed"))
    if seed is not None:
        names = rng.shuffle(names, seed=seed, label="seats")
    checked: tuple[tuple[int, ...], ...] = ()
    if walls is not None:
        expected = sorted(rules.tile_ids())
        for wall in walls:
            if sorted(wall) != expected:
                raise IllegalActionError(reject(
                    Reason.BAD_INPUT, "a wall must hold every tile of the set once"))
        checked = tuple(tuple(w) for w in walls)
        if not checked:
            raise IllegalActionError(reject(Reason.BAD_INPUT, "no wall given"))
    points = (rules.options.start_points,) * rules.num_seats
    table: dict[str, int] = {}
    if start is not None:
        problem = rules._check_start(start)
        if problem is not None:
            raise IllegalActionError(problem)
        points = start.points if start.points is not None else points
        table = {"round_wind": start.round_wind, "hand_number": start.hand_number,
                 "dealer": start.hand_number, "honba": start.honba,
                 "deposits": start.deposits}
    seats = tuple(PlayerState(hand=(), points=p) for p in points)
    state = State(
        ruleset=rules.name, version=rules.version, options=rules.options, seed=seed,
        walls=checked, players=tuple(names), phase=Phase.SELF_ACTION, turn=0, live=(),
        rinshan=(), dora_indicators=(), ura_indicators=(), seats=seats,
        liability=(-1,) * rules.num_seats, liability_yaku=("",) * rules.num_seats,
        ready=(False,) * rules.num_seats,
    )
    return rules._start_hand(replace(state, **table) if table else state)


def check_start(rules: TableRuleset[Any], start: HandStart) -> Rejection | None:
    """Why ``start`` cannot begin a game at this table, or ``None``."""
    n = rules.num_seats
    values = (start.round_wind, start.hand_number, start.honba, start.deposits)
    if not all(type(v) is int for v in values) or not isinstance(start, HandStart):
        return reject(Reason.BAD_INPUT, "a start needs integer round, hand, honba, sticks")
    if not (0 <= start.round_wind < 4 and 0 <= start.hand_number < n
            and start.honba >= 0 and start.deposits >= 0):
        return reject(Reason.BAD_INPUT, "start round, hand, honba or sticks out of range")
    if start.points is not None and (
            len(start.points) != n or not all(type(p) is int for p in start.points)):
        return reject(Reason.BAD_INPUT, f"start points must be {n} integers")
    return None


def wall(rules: TableRuleset[Any], state: State) -> tuple[int, ...]:
    """The wall of the hand ``state`` is at.

    Shuffled from ``(seed, hands played)`` (seeds/000 8.4), or the injected
    wall of that hand.
    """
    if state.seed is not None:
        return tuple(rng.shuffle(list(rules.tile_ids()), seed=state.seed,
                                 label=f"wall/{state.hands_played}"))
    if state.hands_played >= len(state.walls):
        raise IllegalActionError(reject(Reason.BAD_INPUT, "no injected wall left for "
                                         f"hand {state.hands_played + 1}"))
    return state.walls[state.hands_played]


def deal(rules: TableRuleset[Any], wall: tuple[int, ...], dealer: int) -> tuple[
        list[tuple[int, ...]], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The dealt hands by seat, the live wall, and the dead wall's parts.

    The dead wall's parts are the replacement tiles, the dora and the ura indicators.
    """
    return rules.wall_layout().split(wall, dealer)


def hand_wall(rules: TableRuleset[Any], state: State, index: int) -> WallParts:
    """Hand ``index``'s wall as dealt: live wall, replacement tiles, dora, ura."""
    _hands, live, (rinshan, dora, ura) = rules._deal(
        rules._wall(replace(state, hands_played=index)), 0)
    return live, rinshan, dora, ura


def start_hand(rules: TableRuleset[Any], state: State) -> State:
    """A new hand on the next wall, then the ruleset's ``_open_hand``.

    Dealt hands, walls and indicators; the table's per-hand fields
    reset; each seat's reserve time refilled (seeds/000 4.2, 2).
    """
    wall = rules._wall(state)
    n = rules.num_seats
    hands, live, (rinshan, dora, ura) = rules._deal(wall, state.dealer)
    seats = tuple(
        PlayerState(hand=hands[s], points=p.points, auto_win=p.auto_win,
                    no_calls=p.no_calls, timeouts=p.timeouts, auto_pilot=p.auto_pilot,
                    time_bank_ms=rules._refill(p.time_bank_ms, state.hands_played),
                    wins=p.wins, deal_ins=p.deal_ins, riichi_count=p.riichi_count,
                    calls=p.calls)
        for s, p in enumerate(state.seats)
    )
    state = replace(
        state, phase=Phase.SELF_ACTION, turn=state.dealer, live=live,
        rinshan=rinshan, dora_indicators=dora, ura_indicators=ura,
        revealed=min(1, len(dora)), pending_kan_dora=0, kan_count=0,
        kan_seats=(), first_go_around=True, first_discards=(), rinshan_draw=False,
        liability=(-1,) * n, liability_yaku=("",) * n, seats=seats, claim=None,
        ready=(False,) * n, phase_started=state.clock,
    )
    return rules._open_hand(state)


def open_hand(rules: TableRuleset[Any], state: State) -> State:
    """The dealt hand's first step: the dealer draws."""
    return rules._draw(state, state.dealer)
