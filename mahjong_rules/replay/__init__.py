"""Replay real game logs through the public reducer and compare every hand with the log.

A log game (:class:`~mahjong_rules.notation.tenhou.TenhouGame`, read from mjlog XML,
tenhou.net/6 JSON or mjai) is turned into this library's actions hand by hand:

1. **The wall.** Each hand's wall is built in the reducer's injected-wall layout
   (``docs/reducer.md``): the deal, every draw, replacement draw, dora and ura indicator
   the log shows goes where the reducer will take it from; the other tiles fill the
   rest. With a SHUFFLE seed the whole wall is rebuilt from the seed first
   (``log-formats.md`` section 7), so the undrawn tiles are the real ones too, and the
   seed's deal and live draws are checked against the log.
2. **The actions.** Discards (riichi with the declaring discard), calls with the log's
   tiles, kans, kita, tsumo, ron, nine terminals; every seat that could have claimed a
   discard and did not in the log passes (``Ruleset.apply_passes``: the state of one
   ``Pass`` after another, in one step). Draws are the reducer's own; each one is
   checked against the log's draw. Every other action goes through ``validate`` and
   ``apply``: an action the reducer refuses is reported (with its reason code), never
   forced.
3. **The comparison.** At the end of every hand: how it ended, who won from whom, han,
   fu, points, yakuman, yaku, dora and ura indicators, every seat's score change, the
   tenpai seats; at the start of the next hand its round, honba, deposits and scores; at
   the end of the game the final scores.

The rules are the ``tenhou`` preset (4-player or sanma) with the log's game length, red
fives and open tanyao, or the ``mahjong_soul`` preset for Mahjong Soul games.

Examples:
    >>> from mahjong_rules.notation.tenhou import parse_mjlog
    >>> from mahjong_rules.replay._example import EXAMPLE
    >>> report = replay_game(parse_mjlog(EXAMPLE), name="example")
    >>> report.line()  # the one-hand log says the game ended after an abortive draw
    'example: 1 hands, 0 matched, 1 mismatched'
    >>> report.hands[0].mismatches[0].to_dict()
    {'field': 'game_end', 'expected': 'the game ends', 'got': 'goes on (hand_over)'}

The package's modules, one step each: ``replay.wall`` (1),
``replay.hand`` (2), ``replay.compare`` (3),
``replay.game`` (whole games and files, hand after hand),
``replay.steps`` (a game as steps) and
``replay.reports`` (what they report).

.. versionadded:: 0.2
"""

from __future__ import annotations

# the public names of the modules (those outside ``__all__`` with ``as``, as before)
from mahjong_rules.replay.compare import TENHOU_YAKU
from mahjong_rules.replay.compare import compare_hand as compare_hand
from mahjong_rules.replay.compare import score_chain_problem as score_chain_problem
from mahjong_rules.replay.game import is_mahjong_soul as is_mahjong_soul
from mahjong_rules.replay.game import replay_file as replay_file
from mahjong_rules.replay.game import replay_game, replay_paths, rules_for
from mahjong_rules.replay.reports import FileReport, HandReport, Mismatch, ReplayReport
from mahjong_rules.replay.steps import Step, game_steps, log_steps
from mahjong_rules.replay.wall import build_wall as build_wall
from mahjong_rules.replay.wall import game_walls

__all__ = [
    "TENHOU_YAKU",
    "FileReport",
    "HandReport",
    "Mismatch",
    "ReplayReport",
    "Step",
    "game_steps",
    "game_walls",
    "log_steps",
    "replay_game",
    "replay_paths",
    "rules_for",
]
