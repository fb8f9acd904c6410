"""The arena: a challenger against copies of an opponent, in duplicate form.

Game ``g`` plays wall set ``w = g // n`` in seat rotation ``r = g % n`` (``n`` seats): the
wall of every hand is a function of ``(seed, w, round wind, hand number, honba)`` alone,
and player ``i`` of the line-up (the challenger is player 0) sits at seat ``(i + r) % n``.
So each wall set is dealt once with the challenger in every seat, and the same hand
(East 2, one honba, ...) gets the same wall whoever sits where: luck of the deal cancels.
``games`` counts every game played, rotations included (400 = 100 wall sets x 4 seats).

Each game is a pure function of the line-up's specs, the rules, the master seed and the
game index (:func:`arena_game`), and its record holds integers and strings only, so games
may run anywhere and in any order: summing the records gives the same result.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi", {"length": "single_hand"})
    >>> result = arena(rules, "efficiency", "tsumogiri", games=4, seed=1)
    >>> result["challenger"]["games"], result["opponents"]["games"]
    (4, 12)
    >>> result["opponents"]["win_rate"]
    0.0

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mahjong_rules import rng
from mahjong_rules.bots.base import Bot, BotError, make_bot
from mahjong_rules.bots.play import MAX_ACTIONS, default_rank_points, play_game, seat_stats
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import Reason

__all__ = ["BotSource", "arena", "arena_game", "arena_wall", "bot_seed"]

BotSource = str | Bot | Callable[[int], Bot]
"""A bot spec for :func:`~mahjong_rules.bots.make_bot`, a bot object (used as it is, in
every game), or a factory called with the seed of each game."""


def arena_wall(rules: Ruleset, seed: int, *, wall_set: int, round_wind: int,
               hand_number: int, honba: int) -> list[int]:
    """The wall of one hand of a wall set.

    A shuffle of the tile set by :func:`mahjong_rules.rng.shuffle` with the master seed
    and the label ``arena/W/R/H/B`` (wall set, round wind, hand number, honba).
    """
    tiles = list(rules.tile_ids())  # type: ignore[attr-defined]
    return rng.shuffle(tiles, seed=seed,
                       label=f"arena/{wall_set}/{round_wind}/{hand_number}/{honba}")


def bot_seed(seed: int, game: int, player: int) -> int:
    """The seed of player ``player``'s bot in game ``game`` (a 63-bit integer)."""
    return next(rng.stream(seed, f"arena-bot/{game}/{player}")) >> 1


def _label(source: BotSource) -> str:
    if isinstance(source, str):
        return source
    name = getattr(source, "name", None)
    if isinstance(name, str):
        return name
    return getattr(source, "__name__", type(source).__name__)


def _make(source: BotSource, seed: int) -> Bot:
    if isinstance(source, str):
        return make_bot(source, seed=seed)
    if not isinstance(source, type) and isinstance(source, Bot):
        return source  # an object with act(): used as it is
    made = source(seed)
    if not isinstance(made, Bot):
        raise BotError(Reason.BAD_INPUT, f"{source!r} made {made!r}, which has no act()")
    return made


def arena_game(rules: Ruleset, lineup: Sequence[BotSource], *, seed: int, game: int,
               max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """One arena game: its record, as :func:`~mahjong_rules.bots.play_game` gives it.

    The record also has the ``game`` index, its ``wall_set``, its ``rotation`` and each
    seat's ``player`` (its index in the line-up).
    """
    n = rules.num_seats
    wall_set, rotation = divmod(game, n)
    by_seat = [(player - rotation) % n for player in range(n)]  # seat -> player
    bots = [_make(lineup[by_seat[seat]], bot_seed(seed, game, by_seat[seat]))
            for seat in range(n)]

    def walls(round_wind: int, hand_number: int, honba: int) -> list[int]:
        return arena_wall(rules, seed, wall_set=wall_set, round_wind=round_wind,
                          hand_number=hand_number, honba=honba)

    record = play_game(rules, bots, walls=walls, max_actions=max_actions,
                       labels=[_label(lineup[by_seat[seat]]) for seat in range(n)])
    for seat, entry in enumerate(record["seats"]):
        entry["player"] = by_seat[seat]
    return {"game": game, "wall_set": wall_set, "rotation": rotation, **record}


def arena(rules: Ruleset, challenger: BotSource | None = None,
          opponents: BotSource | None = None, *, lineup: Sequence[BotSource] | None = None,
          games: int, seed: int, rank_points: Sequence[float] | None = None,
          progress: Callable[[int, int], None] | None = None,
          max_actions: int = MAX_ACTIONS, preset: str | None = None) -> dict[str, Any]:
    """Duplicate games of a challenger against copies of an opponent (or of a line-up).

    Args:
        rules: the ruleset and options.
        challenger: player 0.
        opponents: every other player.
        lineup: instead of ``challenger`` and ``opponents``, one bot per player.
        games: games to play, rotations included.
        seed: the master seed (walls and bots' seeds derive from it).
        rank_points: points per place, first to last (default 90/45/0/-135; three
            players 90/0/-90).
        progress: called with ``(done, games)`` after each game.
        max_actions: per game, after which it counts as unfinished.
        preset: the options preset's name, for the report.

    Returns:
        ``{"variant", "preset", "seed", "games", "wall_sets", "rank_points",
        "unfinished", "challenger": {...}, "opponents": {...}, "players": [{...}, ...],
        "records": [...]}``: the challenger's, the pooled opponents' and each player's
        :func:`~mahjong_rules.bots.seat_stats` with its ``bot``; ``records`` are the games'
        records in index order.

    Raises:
        BotError: ``bad_input`` for a missing or wrong line-up, no games, or a wrong
            rank-points vector; an illegal action of a bot.
    """
    n = rules.num_seats
    lineup = checked_lineup(rules, challenger, opponents, lineup)
    if type(games) is not int or games < 1:
        raise BotError(Reason.BAD_INPUT, f"games must be a positive integer, got {games!r}")
    points = tuple(rank_points) if rank_points is not None else default_rank_points(n)
    if len(points) != n or not all(isinstance(p, int | float) for p in points):
        raise BotError(Reason.BAD_INPUT, f"rank points need {n} numbers, got {points!r}")
    records = []
    for game in range(games):
        records.append(arena_game(rules, lineup, seed=seed, game=game, max_actions=max_actions))
        if progress is not None:
            progress(game + 1, games)
    return summarize_arena(rules, lineup, records, seed=seed, rank_points=points,
                           preset=preset)


def checked_lineup(rules: Ruleset, challenger: BotSource | None, opponents: BotSource | None,
            lineup: Sequence[BotSource] | None) -> list[BotSource]:
    """The players of an arena run, checked (an unknown bot name fails before a game).

    Used by :func:`arena` and by the spread runs of :mod:`mahjong_rules.runs`.
    """
    n = rules.num_seats
    if lineup is None:
        if challenger is None or opponents is None:
            raise BotError(Reason.BAD_INPUT, "give a challenger and opponents, or a lineup")
        lineup = [challenger, *([opponents] * (n - 1))]
    elif challenger is not None or opponents is not None:
        raise BotError(Reason.BAD_INPUT, "give a lineup or a challenger and opponents, not both")
    players = list(lineup)
    if len(players) != n:
        raise BotError(Reason.BAD_INPUT, f"{rules.name} needs {n} players, got {len(players)}")
    for source in players:
        if isinstance(source, str):
            make_bot(source, seed=0)
    return players


def summarize_arena(rules: Ruleset, lineup: Sequence[BotSource],
                    records: Sequence[dict[str, Any]], *, seed: int,
                    rank_points: Sequence[float], preset: str | None = None) -> dict[str, Any]:
    """The arena's result from its games' records (any order of finishing)."""
    n = rules.num_seats
    ordered = sorted(records, key=lambda r: r["game"])
    where: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for index, record in enumerate(ordered):
        for seat, entry in enumerate(record["seats"]):
            where[entry["player"]].append((index, seat))

    def stats(pairs: list[tuple[int, int]], label: str) -> dict[str, Any]:
        return {"bot": label, **seat_stats(ordered, pairs, rank_points=rank_points, players=n)}

    labels = [_label(source) for source in lineup]
    opponents = [pair for player in range(1, n) for pair in where[player]]
    others = sorted(set(labels[1:]))
    return {
        "variant": rules.name, "preset": preset,
        "seed": seed, "games": len(ordered), "wall_sets": -(-len(ordered) // n),
        "rank_points": list(rank_points),
        "unfinished": sum(r["unfinished"] for r in ordered),
        "challenger": stats(where[0], labels[0]),
        "opponents": stats(opponents, others[0] if len(others) == 1 else ",".join(labels[1:])),
        "players": [stats(where[p], labels[p]) for p in range(n)],
        "records": ordered,
    }
