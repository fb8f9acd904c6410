"""Command line: ``python -m mahjong_rules COMMAND ...`` with JSON in and out.

Commands:

``shanten HAND... [--variant riichi|sanma|taiwanese] [--json]``
    The shanten of each hand (concealed tiles in mpsz, melded tiles left out), its waits
    with the copies left, the tiles that improve it and, for a 3n+2 hand, the best
    discards. ``-`` reads hands from standard input, one per line.

``score HAND --win TILE [--variant riichi|sanma|taiwanese] [--tsumo] [--riichi] [--seat E]``
    ``[--meld 'pon 555z'] [--flowers 12f] [--declared-ready] [--discards N] ...``
    (``--json`` for JSON output)
    Score one winning hand (Taiwanese: tai items, payments and point changes).
    ``score --jsonl FILE`` (``-`` for standard input) scores one JSON request per line
    and prints one JSON result per line, in order; see
    :mod:`mahjong_rules.scoring.request` for the keys.

``simulate [--variant riichi|sanma|taiwanese] [--preset NAME] [--length L] [--games N]``
    ``[--seed S] [--bot LEVEL | --bots A,B,C,D] [--json]``
    Self-play whole games with bots (default ``efficiency`` in every seat; ``--length`` is
    ``tonpuu``/``hanchan``/``single_hand`` for riichi and sanma, ``full``/``east``/
    ``single`` for Taiwanese) and print a summary: games and hands, wins and draws, win,
    deal-in, riichi and call rates, average win and deal-in, points by rank, hands per
    second and the run's ``digest``; ``--json`` prints it as one JSON object. A progress
    bar shows on a terminal. ``simulate``, ``arena`` and ``replay`` take ``--workers N``
    (``0``: every core), ``--chunk-size N``, ``--backend local|ray`` (``--address``),
    ``--out FILE.jsonl`` and ``--quiet`` (``docs/scale.md``).

``arena --challenger BOT --opponents BOT [--variant V] [--preset P] [--length L]``
    ``[--games N] [--seed S] [--rank-points P1,P2,P3,P4] [--records FILE] [--json]``
    A challenger against copies of an opponent in duplicate games (every wall set played
    once per seat rotation): rank, rank points, bust, win, deal-in, riichi, call and draw
    rates for both (:func:`mahjong_rules.bots.arena`, ``docs/bots.md``).

``hints STATE --seat N [--pretty]``
    The beginner-mode hints (seed 000 7.1) of one seat of a saved state (or of a seat's
    view), as JSON (:func:`mahjong_rules.bots.hints`).

``convert IN --to mjai|tenhou6 [-o OUT]``
    Convert a game log (mjlog XML, gzip-compressed or not, tenhou.net/6 JSON or mjai
    JSONL, detected by content) to tenhou.net/6 JSON or mjai JSONL, written to ``OUT``
    (standard output when it is left out or ``-``). Exit code 1 when ``IN`` is not a log
    or cannot be read (its reason code is printed).

``replay PATH... [--json] [--workers N] [--out FILE.jsonl]``
    Replay every game log under the paths (files or folders; mjlog XML, tenhou.net/6
    JSON or mjai JSONL, detected by content) through the reducer and compare every hand
    with the log (:mod:`mahjong_rules.replay`). Prints one line per file (files that are
    not logs are listed as skipped), then ``replayed N hands: N matched, M mismatched,
    E errors``; ``--json`` prints one JSON report with those counts and every mismatch.
    Exit code 0 only when nothing mismatched or failed.

``view SOURCE [-o game.html|picture.svg] [--seat N|spectator] [--step N] [--result K]``
    ``[--labels latin|korean] [--colour-blind]`` (or ``view --play VARIANT [--seed S]``
    ``[--bot greedy] [--record FILE]`` for a self-played game)
    The replay viewer of a game log or a game record: one self-contained HTML file
    (:mod:`mahjong_rules.draw.viewer`); with an ``.svg`` output, the table at a step or
    the result of a hand as one picture (:mod:`mahjong_rules.draw`).
``mjai-bot [--seat N] [--protocol mjai.app|mortal] [--variant riichi|sanma]``
    ``[--preset P] [--seed S] LEVEL [SEAT]``
    One of the bots as an mjai bot program over standard input and output
    (:mod:`mahjong_rules.cli.mjai_bot`, ``docs/mjai.md``).

``dataset LOGS... --out DIR [--workers N] [--shard-size N] [--json]``
    Replay the logs and write every decision of every seat (the encoded observation, the
    action mask, the action id taken, the final rank and points) as numpy shards with a
    manifest (:mod:`mahjong_rules.rl.dataset`); a stopped run resumes where it stopped.
    Exit code 1 when a log could not be read.

``presets [--variant riichi|sanma|taiwanese] [--json]``
    Every named preset with the first line of its docstring (what it is, its source)
    and the values it changes from the variant's defaults; ``--json`` prints one list
    with every option value of each (:mod:`mahjong_rules.cli.presets`,
    ``docs/presets.md``).

Every JSON result of ``shanten`` and ``score`` says ``ok``; a hand that cannot be read
reports its reason code and the run goes on. The exit code is 0 when every hand was read, 1
otherwise, 2 for a usage error.

Running one command imports only that command's module (and what it needs): ``--help``
and ``shanten`` do not load the bots, the rulesets or the log readers.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from mahjong_rules._lazy import lazy_exports

if TYPE_CHECKING:
    from mahjong_rules.cli.shanten import analyse, format_text
else:
    __getattr__, __dir__ = lazy_exports(__name__, {
        "analyse": "mahjong_rules.cli.shanten",
        "format_text": "mahjong_rules.cli.shanten",
    })

__all__ = ["COMMANDS", "Command", "analyse", "build_parser", "format_text", "main"]


class Command(NamedTuple):
    """One command: its name, the module that registers it, and its line in ``--help``."""

    name: str
    module: str
    summary: str

    def load(self) -> ModuleType:
        """The command's module (it has ``add_parser``)."""
        return importlib.import_module(self.module)


COMMANDS = (
    Command("shanten", "mahjong_rules.cli.shanten", "shanten, waits and best discards of hands"),
    Command("score", "mahjong_rules.cli.score", "score a winning hand (riichi, sanma, taiwanese)"),
    Command("simulate", "mahjong_rules.cli.simulate", "self-play whole games with bots"),
    Command("arena", "mahjong_rules.cli.arena",
            "measure a bot: duplicate games against copies of an opponent"),
    Command("hints", "mahjong_rules.cli.hints",
            "beginner-mode hints of one seat of a saved state (JSON out)"),
    Command("convert", "mahjong_rules.cli.convert", "convert a game log to tenhou6 JSON or mjai"),
    Command("replay", "mahjong_rules.cli.replay", "replay game logs and compare every hand"),
    Command("view", "mahjong_rules.cli.view", "the replay viewer (HTML) or a picture (SVG)"),
    Command("dataset", "mahjong_rules.cli.dataset",
            "write every decision of game logs as training data (numpy shards)"),
    Command("mjai-bot", "mahjong_rules.cli.mjai_bot", "one of the bots as an mjai bot program"),
    Command("presets", "mahjong_rules.cli.presets", "the named rule presets and their values"),
)
"""The commands, in the order ``--help`` lists them (each module's ``add_parser`` registers
the same help line; ``tests/test_cli_lazy.py`` checks it)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``python -m mahjong_rules``.

    With ``command``, only that command's module is imported and registers its arguments;
    the others are listed by name and help line only (enough for ``--help`` and for
    argparse's "invalid choice" message). Without it, every command is complete.

    Examples:
        >>> parser = build_parser("presets")
        >>> parser.parse_args(["presets", "--variant", "sanma"]).variant
        'sanma'
    """
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_rules", description="Mahjong rules engine: command line."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for entry in COMMANDS:
        if command is None or entry.name == command:
            entry.load().add_parser(commands)
        else:
            commands.add_parser(entry.name, help=entry.summary)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    named = next((word for word in words if not word.startswith("-")), "")
    args = build_parser(named).parse_args(words)
    handler = args.handler
    code: int = handler(args)
    return code
