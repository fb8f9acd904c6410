"""Bots of known strength, the arena that measures them, and the beginner-mode hints.

A bot sees only an :class:`Observation` (its seat, its legal actions, its seat's view)
and answers with one of the legal actions; every built-in bot is deterministic given its
seed. The levels, weakest first (``docs/bots.md`` has their rules and measured strength):

``tsumogiri``
    passes every call, discards the drawn tile, never wins (the mjai smoke bot);
``random``
    a uniformly random legal action;
``efficiency`` (alias ``greedy``)
    always wins when it can, riichi at tenpai, no calls; discards by shanten, ukeire,
    dora, honours and terminals first;
``defensive``
    efficiency, and folds (betaori) against a riichi or a ready-hand declaration when it
    is not tenpai;
``balanced``
    defensive, with calls that make value, damaten with value, push or fold by value,
    danger and turn, and a riichi decision by wait quality.

``mjai:[OPTIONS] COMMAND`` runs an external mjai bot program in the seat
(:class:`~mahjong_rules.mjai.MjaiProcessBot`, ``docs/mjai.md``).

:func:`make_bot` builds one from a spec (``NAME`` or ``NAME:ARG``), :func:`register_bot`
adds a kind. :func:`play_games` is the self-play loop of ``simulate``, :func:`arena` the
duplicate evaluation of ``arena``, :func:`hints` the analysis of seed 000 section 7.1.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi", {"length": "single_hand"})
    >>> record = play_game(rules, [make_bot("efficiency", seed=s) for s in range(4)], seed=5)
    >>> record["hands"], sorted(seat["rank"] for seat in record["seats"])
    (1, [1, 2, 3, 4])

.. versionadded:: 0.1
.. versionchanged:: 0.3
   A package: levels, the registry, the arena and the hints.
"""

from mahjong_rules.bots.arena import BotSource, arena, arena_game, arena_wall, bot_seed
from mahjong_rules.bots.balanced import BalancedBot
from mahjong_rules.bots.base import (
    BOTS,
    Bot,
    BotError,
    BotFactory,
    Observation,
    make_bot,
    no_argument,
    register_bot,
)
from mahjong_rules.bots.defence import DefensiveBot
from mahjong_rules.bots.efficiency import EfficiencyBot
from mahjong_rules.bots.facts import DiscardTable, ViewFacts, discard_table
from mahjong_rules.bots.hints import hints
from mahjong_rules.bots.play import (
    default_rank_points,
    play_game,
    play_games,
    seat_stats,
    self_play_game,
)
from mahjong_rules.bots.simple import RandomBot, TsumogiriBot

GreedyBot = EfficiencyBot
"""The former name of :class:`EfficiencyBot` (``greedy`` is an alias of ``efficiency``)."""

for _name, _cls in (("tsumogiri", TsumogiriBot), ("random", RandomBot),
                    ("efficiency", EfficiencyBot), ("greedy", EfficiencyBot),
                    ("defensive", DefensiveBot), ("balanced", BalancedBot)):
    register_bot(_name, no_argument(_cls))


def _mjai_program(seed: int, arg: str | None) -> Bot:
    """``mjai:[OPTIONS] COMMAND``: an external mjai program (:mod:`mahjong_rules.mjai`)."""
    from mahjong_rules.mjai.process import from_spec  # noqa: PLC0415 - it imports the engine

    return from_spec(arg, seed=seed)


register_bot("mjai", _mjai_program)

__all__ = [
    "BOTS",
    "BalancedBot",
    "Bot",
    "BotError",
    "BotFactory",
    "BotSource",
    "DefensiveBot",
    "DiscardTable",
    "EfficiencyBot",
    "GreedyBot",
    "Observation",
    "RandomBot",
    "TsumogiriBot",
    "ViewFacts",
    "arena",
    "arena_game",
    "arena_wall",
    "bot_seed",
    "default_rank_points",
    "discard_table",
    "hints",
    "make_bot",
    "play_game",
    "play_games",
    "register_bot",
    "seat_stats",
    "self_play_game",
]
