"""The ``mjai-bot`` command: one of this library's bots as an mjai bot program.

``python -m mahjong_rules mjai-bot LEVEL [SEAT] [--seat N] [--protocol mjai.app|mortal]
[--variant riichi|sanma] [--preset P] [--seed S]`` reads mjai events on standard input
and writes the bot's answers on standard output (:mod:`mahjong_rules.mjai.serve`); the
seat comes from ``--seat``, from ``SEAT`` (the last argument, as mjai.app and Mortal
give it) or from ``start_game``'s ``id``. As an mjai.app submission's
``bot.py`` (it gets the seat as its first argument)::

    import sys, mahjong_rules.cli
    sys.exit(mahjong_rules.cli.main(["mjai-bot", "efficiency", "--seat", sys.argv[1]]))

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import sys

from mahjong_rules.bots import make_bot
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.mjai.serve import PROTOCOLS, MjaiBotServer, serve
from mahjong_rules.registry import make


def _mjai_bot_command(args: argparse.Namespace) -> int:
    try:
        rules = make(args.variant, args.preset)
        bot = make_bot(args.level, seed=args.seed)
        seat = args.seat if args.seat is not None else args.seat_argument
        server = MjaiBotServer(rules, bot, seat, protocol=args.protocol)
    except (ValueError, MahjongRulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return serve(server, sys.stdin, sys.stdout)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    command = commands.add_parser("mjai-bot", help="one of the bots as an mjai bot program")
    command.add_argument("level", help="the bot: a spec of make_bot (tsumogiri, random, "
                                       "efficiency, defensive, balanced, NAME:ARG)")
    command.add_argument("seat_argument", nargs="?", type=int, default=None, metavar="SEAT",
                         help="the seat, as mjai.app and Mortal pass it (or --seat)")
    command.add_argument("--seat", type=int, default=None,
                         help="the seat (else SEAT, else start_game's id)")
    command.add_argument("--protocol", choices=PROTOCOLS, default="mjai.app",
                         help="mjai.app: a JSON array a line, an answer each; mortal: an "
                              "event a line, an answer when the seat acts")
    command.add_argument("--variant", choices=["riichi", "sanma"], default="riichi")
    command.add_argument("--preset", default=None, help="options preset (the host's)")
    command.add_argument("--seed", type=int, default=0, help="the bot's seed")
    command.set_defaults(handler=_mjai_bot_command)
