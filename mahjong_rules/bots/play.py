"""Whole games between bots: one game as a plain record, many games as a summary.

:func:`play_game` plays one game with one bot per seat and returns its record, a plain
dict of ints and strings (final ranks and points, and per seat the integer counters of
wins, deal-ins, riichi, calls and points won or paid), so that records from any number of
processes add up exactly. :func:`seat_stats` turns the records of some seats into rates;
:func:`play_games` is the self-play loop of ``simulate``.

Each game is a pure function of its inputs: the ruleset, the bots' specs and seeds and
the game's seed (or its wall function). The loop applies the ``Ready`` acknowledgements of
a finished hand itself (bots are not asked; every seat must send one).

Bots that hold resources (an external program, :class:`~mahjong_rules.mjai.MjaiProcessBot`)
may have three optional members, which :func:`play_game` uses: ``faults``, a list of the
bot's faults (dicts with their ``seat``), counted in the record; ``game_over(view)``,
called with the seat's final view when the game ends; ``close()``, called when the game
ends or fails. A bot may also answer :class:`~mahjong_rules.actions.Chombo` for its own
seat, never a legal action but always valid in play (a fault policy's penalty).

Examples:
    >>> import mahjong_rules as mr
    >>> summary = play_games(mr.make("riichi", {"length": "single_hand"}), games=2, seed=3)
    >>> summary["games"], summary["bots"], summary["hands"] >= 2
    (2, ['efficiency', 'efficiency', 'efficiency', 'efficiency'], True)

.. versionadded:: 0.1
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any

import attrs

from mahjong_rules.actions import Action, Chombo, Ready
from mahjong_rules.bots.base import Bot, BotError, Observation, make_bot
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import Reason
from mahjong_rules.scoring import MeldKind
from mahjong_rules.state import HandResult, Phase, State

__all__ = ["COUNTERS", "StepHook", "WallFunction", "default_rank_points", "play_game", "play_games",
           "seat_stats", "self_play_game", "summarize"]

WallFunction = Callable[[int, int, int], Sequence[int]]
"""The wall of a hand from its ``(round_wind, hand_number, honba)``."""

COUNTERS = ("wins", "tsumo", "deal_ins", "riichi", "calls", "win_points", "deal_in_points",
            "faults")
"""Integer counters kept per seat and game (``riichi``, ``calls``: hands with one;
``faults``: the bot's timeouts, exits and illegal answers, as its ``faults`` logs them)."""

_BAD_INPUT = Reason.BAD_INPUT

MAX_ACTIONS = 200_000
"""Actions after which a game counts as unfinished."""


def default_rank_points(players: int) -> tuple[int, ...]:
    """Rank points per place: 90/45/0/-135 for four players, 90/0/-90 for three."""
    return (90, 45, 0, -135) if players == 4 else (90, 0, -90)


def _ranks(points: Sequence[int]) -> list[int]:
    """Places 1..n by points, ties to the lower seat (as the rulesets' results)."""
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    ranks = [0] * len(points)
    for place, seat in enumerate(order):
        ranks[seat] = place + 1
    return ranks


def _count_hand(result: HandResult, state: State, seats: list[dict[str, Any]],
                table: dict[str, int]) -> None:
    """Add one finished hand to the counters (the state still shows its melds)."""
    table["hands"] += 1
    if result.kind == "win":
        table["wins"] += 1
        discarders: set[int] = set()
        for win in result.winners:
            counters = seats[win.seat]
            counters["wins"] += 1
            counters["win_points"] += win.points
            if win.from_seat is None:
                counters["tsumo"] += 1
            else:
                discarders.add(win.from_seat)
        for seat in discarders:
            seats[seat]["deal_ins"] += 1
            seats[seat]["deal_in_points"] -= result.deltas[seat]
    elif result.kind == "exhaustive":
        table["exhaustive"] += 1
    else:
        table["abortive"] += 1
    for counters, player in zip(seats, state.seats, strict=True):
        if player.riichi or player.declared:
            counters["riichi"] += 1
        if any(meld.kind is not MeldKind.ANKAN for meld in player.melds):
            counters["calls"] += 1


StepHook = Callable[[State | None, Action | None, State], None]
"""Called with ``(before, action, after)`` for every action of a game (bots' and the
loop's ``Ready``), and once with ``(None, None, state)`` for the state set up."""


def play_game(rules: Ruleset, bots: Sequence[Bot], *, seed: int | None = None,
              walls: WallFunction | None = None, labels: Sequence[str] | None = None,
              max_actions: int = MAX_ACTIONS, on_step: StepHook | None = None) -> dict[str, Any]:
    """Play one game, ``bots[s]`` at seat ``s``; its record.

    Args:
        rules: the ruleset and options.
        bots: one bot per seat.
        seed: the game's seed (``rules.setup(seed=...)``), when ``walls`` is not given.
        walls: the wall of each hand as a function of its round, hand number and honba
            (the duplicate form of the arena); the game's seed is then unused.
        labels: a name per seat for the record (default ``bot0``..).
        max_actions: after so many actions the game stops, recorded as unfinished.
        on_step: called with every step of the game (``StepHook``; a log writer's
            input, version 0.3).

    Returns:
        ``{"hands", "wins", "exhaustive", "abortive", "actions", "unfinished",
        "end_reason", "seats": [{"bot", "rank", "points", "bust", *COUNTERS}, ...],
        "fault_log": [...]}``, ints and strings (``fault_log``: the entries of the bots'
        ``faults`` during the game, JSON data, usually empty).

    Bots with ``close()`` are closed when the game ends, also when it fails.

    Raises:
        BotError: a bot chose an action that is not legal (the rejection's reason, the
            seat and the action in the message).
    """
    n = rules.num_seats
    if len(bots) != n:
        raise BotError(_BAD_INPUT, f"{rules.name} needs {n} bots, got {len(bots)}")
    marks = [len(getattr(bot, "faults", ())) for bot in bots]
    try:
        record = _play(rules, bots, seed=seed, walls=walls, labels=labels,
                       max_actions=max_actions, on_step=on_step)
    finally:
        _close(bots)
    record["fault_log"] = _count_faults(bots, marks, record["seats"])
    return record


def _play(rules: Ruleset, bots: Sequence[Bot], *, seed: int | None, walls: WallFunction | None,
          labels: Sequence[str] | None, max_actions: int,
          on_step: StepHook | None) -> dict[str, Any]:
    n = rules.num_seats
    names = list(labels) if labels is not None else [f"bot{s}" for s in range(n)]
    if walls is None:
        state = rules.setup(seed=0 if seed is None else seed)
    else:
        state = rules.setup(walls=[list(walls(0, 0, 0))])
    if on_step is not None:
        on_step(None, None, state)
    seats: list[dict[str, Any]] = [{"bot": names[s], **dict.fromkeys(COUNTERS, 0)}
                                   for s in range(n)]
    table = {"hands": 0, "wins": 0, "exhaustive": 0, "abortive": 0}
    finished = 0
    actions = 0
    while actions < max_actions:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            break
        if phase is Phase.HAND_OVER:
            state = _next_hand(rules, state, walls, on_step)
            continue
        seat = min(rules.to_act(state))
        observation = Observation.of(rules, state, seat)
        action = bots[seat].act(observation)
        legal = observation.legal  # one of them (the same object: no field compared), or equal
        if (not any(map(is_, legal, repeat(action))) and action not in legal
                and not _own_chombo(rules, state, seat, action)):
            _refuse(rules, state, seat, action)
        before, state = state, rules.apply_unchecked(state, action)
        if on_step is not None:
            on_step(before, action, state)
        actions += 1
        if len(state.history) != finished:
            finished = len(state.history)
            _count_hand(state.history[-1], state, seats, table)
    finished_game = _set_ranks(rules, state, seats)
    if finished_game:
        _tell_game_over(rules, state, bots)
    return {**table, "actions": actions, "unfinished": 0 if finished_game else 1,
            "end_reason": state.end_reason or "", "seats": seats}


def _tell_game_over(rules: Ruleset, state: State, bots: Sequence[Bot]) -> None:
    """Give each bot with a ``game_over`` member its seat's view of the ended game."""
    for seat, bot in enumerate(bots):
        game_over = getattr(bot, "game_over", None)
        if game_over is not None:
            game_over(rules.view(state, seat))


def _set_ranks(rules: Ruleset, state: State, seats: list[dict[str, Any]]) -> bool:
    """Each seat's final rank, points and bust flag; whether the game ended."""
    result = rules.result(state)
    if result is not None:
        for entry in result["ranking"]:
            seats[entry["seat"]]["rank"] = entry["rank"]
            seats[entry["seat"]]["points"] = entry["points"]
    else:  # unfinished: ranked by the points it has
        points = [p.points for p in state.seats]
        for seat, rank in enumerate(_ranks(points)):
            seats[seat]["rank"] = rank
            seats[seat]["points"] = points[seat]
    for counters in seats:
        counters["bust"] = 1 if counters["points"] < 0 else 0
    return result is not None


def _next_hand(rules: Ruleset, state: State, walls: WallFunction | None,
               on_step: StepHook | None = None) -> State:
    """Every seat acknowledges the result; with ``walls``, the next hand gets its wall."""
    if walls is not None:  # the next hand's round, number and honba are set already
        wall = tuple(walls(state.round_wind, state.hand_number, state.honba))
        state = attrs.evolve(state, walls=(*state.walls, wall))
    for seat in sorted(rules.to_act(state)):
        ready = Ready(seat=seat)
        before, state = state, rules.apply_unchecked(state, ready)
        if on_step is not None:
            on_step(before, ready, state)
    return state


def _own_chombo(rules: Ruleset, state: State, seat: int, action: Action) -> bool:
    """A bot's chombo for its own seat, valid now (a fault policy's penalty)."""
    return (isinstance(action, Chombo) and action.seat == seat
            and rules.validate(state, action) is None)


def _close(bots: Sequence[Bot]) -> None:
    """Close every bot that has ``close()`` (each once; the first error raised after)."""
    failure: BaseException | None = None
    seen: set[int] = set()
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is None or id(bot) in seen:
            continue
        seen.add(id(bot))
        try:
            close()
        except Exception as exc:  # noqa: BLE001 - the others are closed first
            failure = failure or exc
    if failure is not None:
        raise failure


def _count_faults(bots: Sequence[Bot], marks: Sequence[int],
                  seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The faults each bot logged during the game, counted at the seat they name; them."""
    log: list[dict[str, Any]] = []
    seen: set[int] = set()
    for seat, (bot, mark) in enumerate(zip(bots, marks, strict=True)):
        faults = getattr(bot, "faults", None)
        if faults is None or id(bot) in seen:
            continue
        seen.add(id(bot))
        for fault in list(faults)[mark:]:
            entry = dict(fault) if isinstance(fault, Mapping) else {"fault": str(fault)}
            where = entry.get("seat", seat)
            if not (isinstance(where, int) and 0 <= where < len(seats)):
                where = seat
            seats[where]["faults"] += 1
            log.append({**entry, "seat": where})
    return log


def _refuse(rules: Ruleset, state: State, seat: int, action: Action) -> None:
    rejection = rules.validate(state, action)
    reason = rejection.reason if rejection is not None else _BAD_INPUT
    message = rejection.message if rejection is not None else "not a legal action"
    raise BotError(reason, f"the bot at seat {seat} chose {action!r}: {message}")


def seat_stats(records: Sequence[Mapping[str, Any]], seats: Sequence[tuple[int, int]], *,
               rank_points: Sequence[float], players: int) -> dict[str, Any]:
    """Statistics of some seats of some game records (rates per hand).

    Args:
        records: game records of :func:`play_game`.
        seats: ``(record index, seat)`` pairs to pool.
        rank_points: points per place (first to last).
        players: seats per game.

    Returns:
        ``games``, ``hands`` and the counters' totals, ``rank_counts``, ``avg_rank`` with its
        standard error ``avg_rank_se``, ``rank_points_per_game``, ``bust_rate``,
        ``win_rate``, ``tsumo_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate``,
        ``draw_rate`` (exhaustive draws per hand), ``avg_win``, ``avg_deal_in`` (points).
    """
    games = len(seats)
    ranks = [0] * players
    totals = dict.fromkeys(COUNTERS, 0)
    hands = draws = busts = 0
    for index, seat in seats:
        record = records[index]
        entry = record["seats"][seat]
        ranks[entry["rank"] - 1] += 1
        busts += entry["bust"]
        hands += record["hands"]
        draws += record["exhaustive"]
        for name in COUNTERS:
            totals[name] += entry[name]
    rank_sum = sum((place + 1) * count for place, count in enumerate(ranks))
    square_sum = sum((place + 1) ** 2 * count for place, count in enumerate(ranks))
    mean = rank_sum / games if games else math.nan
    variance = (square_sum - games * mean * mean) / (games - 1) if games > 1 else math.nan
    points = sum(value * count for value, count in zip(rank_points, ranks, strict=False))

    def rate(count: int, base: int) -> float | None:
        return round(count / base, 4) if base else None

    return {
        "games": games, "hands": hands, **totals, "rank_counts": ranks,
        "avg_rank": round(mean, 4) if games else None,
        "avg_rank_se": round(math.sqrt(max(variance, 0.0) / games), 4) if games > 1 else None,
        "rank_points_per_game": round(points / games, 3) if games else None,
        "bust_rate": rate(busts, games), "win_rate": rate(totals["wins"], hands),
        "tsumo_rate": rate(totals["tsumo"], hands),
        "deal_in_rate": rate(totals["deal_ins"], hands),
        "riichi_rate": rate(totals["riichi"], hands), "call_rate": rate(totals["calls"], hands),
        "draw_rate": rate(draws, hands),
        "avg_win": round(totals["win_points"] / totals["wins"], 1) if totals["wins"] else None,
        "avg_deal_in": round(totals["deal_in_points"] / totals["deal_ins"], 1)
        if totals["deal_ins"] else None,
    }


def play_games(rules: Ruleset, *, games: int, seed: int, bot: str = "efficiency",
               bots: Sequence[str] | None = None,
               progress: Callable[[int, int], None] | None = None,
               max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """Self-play: ``games`` whole games, one bot per seat; a summary as plain data.

    Game ``g`` is set up with ``seed * 100_000 + g``; the bot of seat ``s`` gets the seed
    ``seed * 1000 + g * 10 + s``. ``bots`` (one spec per seat) overrides ``bot``.

    Returns:
        ``variant``, ``bots``, ``games``, ``hands``, ``wins`` (hands won), ``draws``
        (hands not won), ``exhaustive_draws``, ``abortive_draws``, ``unfinished``,
        ``faults`` (of bots that log them),
        ``seconds``, ``hands_per_second``, ``average_points_by_rank``, the rates and
        sizes of :func:`seat_stats` over every seat (``all``) and per seat (``seats``).

    Raises:
        BotError: an unknown bot, a wrong number of specs, or an illegal action.
    """
    n = rules.num_seats
    specs = list(bots) if bots is not None else [bot] * n
    if len(specs) != n:
        raise BotError(_BAD_INPUT, f"{rules.name} needs {n} bots, got {len(specs)}: {specs}")
    for spec in specs:  # unknown names fail before the first game
        make_bot(spec, seed=0)
    started = time.perf_counter()
    records = []
    for game in range(games):
        records.append(self_play_game(rules, specs, seed=seed, game=game,
                                      max_actions=max_actions))
        if progress is not None:
            progress(game + 1, games)
    seconds = time.perf_counter() - started
    return summarize(rules, records, specs, seconds)


def self_play_game(rules: Ruleset, specs: Sequence[str], *, seed: int, game: int,
                   max_actions: int = MAX_ACTIONS,
                   on_step: StepHook | None = None) -> dict[str, Any]:
    """Game ``game`` of :func:`play_games` with master seed ``seed``: its record.

    A pure function of its arguments (the game's seed is ``seed * 100_000 + game``, the
    bot of seat ``s`` gets ``seed * 1000 + game * 10 + s``), so the games of one run may
    be played in any process and order.
    """
    players = [make_bot(spec, seed=seed * 1000 + game * 10 + s) for s, spec in enumerate(specs)]
    record = play_game(rules, players, seed=seed * 100_000 + game, labels=specs,
                       max_actions=max_actions, on_step=on_step)
    return {"game": game, **record}


def summarize(rules: Ruleset, records: Sequence[Mapping[str, Any]], specs: Sequence[str],
              seconds: float) -> dict[str, Any]:
    """The summary of :func:`play_games` from its game records."""
    n = rules.num_seats
    hands = sum(r["hands"] for r in records)
    by_rank: list[list[int]] = [[] for _ in range(n)]
    for record in records:
        if not record["unfinished"]:
            for entry in record["seats"]:
                by_rank[entry["rank"] - 1].append(entry["points"])
    rank_points = default_rank_points(n)
    everyone = [(i, s) for i in range(len(records)) for s in range(n)]
    return {
        "variant": rules.name, "bots": list(specs), "games": len(records), "hands": hands,
        "wins": sum(r["wins"] for r in records),
        "draws": sum(r["exhaustive"] + r["abortive"] for r in records),
        "exhaustive_draws": sum(r["exhaustive"] for r in records),
        "abortive_draws": sum(r["abortive"] for r in records),
        "unfinished": sum(r["unfinished"] for r in records),
        "faults": sum(entry["faults"] for r in records for entry in r["seats"]),
        "seconds": round(seconds, 3),
        "hands_per_second": round(hands / seconds, 2) if seconds else None,
        "average_points_by_rank": [round(sum(p) / len(p)) if p else None for p in by_rank],
        "all": seat_stats(records, everyone, rank_points=rank_points, players=n),
        "seats": [seat_stats(records, [(i, s) for i in range(len(records))],
                             rank_points=rank_points, players=n) for s in range(n)],
    }
