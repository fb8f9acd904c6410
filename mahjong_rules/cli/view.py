"""The ``view`` command: the replay viewer of a game, or one picture of it.

``python -m mahjong_rules view SOURCE -o game.html`` writes the replay viewer
(:mod:`mahjong_rules.draw.viewer`) of a game log (any format ``replay`` reads) or of a
game record (a JSON object ``{"state": final state, "actions": [action, ...]}``, as
``--record`` writes it); ``--play VARIANT`` self-plays a game with bots instead. With
``-o picture.svg`` it writes one picture: the table at ``--step N`` (the viewer's step
numbers) or the result of hand ``--result K``. ``--seat N`` (or ``spectator``) shows only
what that seat saw; without it the viewer switches between the spectator and every seat
(a picture then shows the spectator).

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mahjong_rules.actions import Action, action_from_dict
from mahjong_rules.draw.faces import LABELS, TileStyle
from mahjong_rules.draw.result import result_svg
from mahjong_rules.draw.table import table_scene, view_svg
from mahjong_rules.draw.viewer import Frame, log_frames, replay_html, state_frames
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.registry import make
from mahjong_rules.state import Phase, State

__all__ = ["add_parser", "distinct", "self_play"]


def self_play(rules: Ruleset, *, seed: int, bot: str = "greedy",
              max_actions: int = 200_000) -> tuple[State, list[Action]]:
    """A whole game played by bots: the final state and every action in order.

    Each bot sees only its own seat's view.

    Raises:
        BotError: an unknown bot name (a ``ValueError``, reason ``bad_input``).
        RuntimeError: the game did not end within ``max_actions``.
    """
    from mahjong_rules.bots import Observation, make_bot  # noqa: PLC0415 - only with --play

    bots = [make_bot(bot, seed=seed * 10 + s) for s in range(rules.num_seats)]
    state = rules.setup(seed=seed)
    actions: list[Action] = []
    for _ in range(max_actions):
        if state.phase is Phase.GAME_OVER:
            return state, actions
        seat = min(rules.to_act(state))
        action = bots[seat].act(Observation.of(rules, state, seat))
        state = rules.apply(state, action)
        actions.append(action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def distinct(frames: list[Frame]) -> list[Frame]:
    """The frames whose table pictures differ from the frame before (the viewer's steps)."""
    out: list[Frame] = []
    last: list[Any] | None = None
    for frame in frames:
        scenes = [table_scene(view) for view in frame.values()]
        if scenes != last:
            out.append(frame)
            last = scenes
    return out


def _seat(text: str) -> int | None:
    if text == "spectator":
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--seat takes a seat number or 'spectator', not {text!r}") from None


def _load(args: argparse.Namespace, every_seat: bool
          ) -> tuple[list[Frame], dict[str, Any] | None, str]:
    """The frames, the final result and a title, from the command's source."""
    if args.play:
        options: dict[str, Any] | str | None = args.preset
        if args.length:
            options = {**make(args.play, args.preset).options.to_dict(), "length": args.length}
        rules = make(args.play, options)
        final, actions = self_play(rules, seed=args.seed, bot=args.bot)
        if args.record:
            record = {"state": final.to_dict(), "actions": [a.to_dict() for a in actions]}
            Path(args.record).write_text(json.dumps(record), encoding="utf-8")
        frames = list(state_frames(rules, final, actions, seat=args.seat, every_seat=every_seat))
        return frames, rules.result(final), f"{rules.name} self-play (seed {args.seed})"
    path = Path(args.source)
    if path.suffix == ".json" and _is_record(path):
        data = json.loads(path.read_text(encoding="utf-8"))
        final = State.from_dict(data["state"])
        rules = make(final.ruleset, final.options)
        actions = [action_from_dict(a) for a in data["actions"]]
        frames = list(state_frames(rules, final, actions, seat=args.seat, every_seat=every_seat))
        return frames, rules.result(final), f"{path.name} ({rules.name})"
    frames, result, ruleset = log_frames(path, seat=args.seat, every_seat=every_seat)
    return frames, result, f"{path.name} ({ruleset})"


def _is_record(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and {"state", "actions"} <= set(data)


def _view_command(args: argparse.Namespace) -> int:
    if (args.source is None) == (args.play is None):
        print("error: give a SOURCE or --play VARIANT", file=sys.stderr)
        return 2
    style = TileStyle(labels=args.labels, colour_blind=args.colour_blind)
    out = Path(args.output)
    picture = out.suffix == ".svg"
    seat_given = args.seat_text is not None
    try:
        args.seat = None if args.seat_text is None else _seat(args.seat_text)
        frames, result, title = _load(args, every_seat=not seat_given)
        if not picture:
            out.write_text(replay_html(frames, result=result, title=title, style=style),
                           encoding="utf-8")
            print(f"wrote {out} ({out.stat().st_size} bytes)")
            return 0
        text = _picture(frames, args, style)
    except (OSError, ValueError, KeyError, MahjongRulesError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


def _picture(frames: list[Frame], args: argparse.Namespace, style: TileStyle) -> str:
    steps = distinct(frames)
    views = [frame[args.seat] for frame in steps]
    if args.result is not None:
        ends = [v for i, v in enumerate(views) if v["phase"] in ("hand_over", "game_over")
                and v.get("last_result") and (i == 0 or views[i - 1]["phase"] not in (
                    "hand_over", "game_over"))]
        if not 0 <= args.result < len(ends):
            raise ValueError(f"hand {args.result} of {len(ends)} that ended")
        return result_svg(ends[args.result], style=style)
    step = len(views) - 1 if args.step is None else args.step
    if not 0 <= step < len(views):
        raise ValueError(f"step {step} is not in 0..{len(views) - 1}")
    return view_svg(views[step], style=style)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    view = commands.add_parser("view", help="the replay viewer (HTML) or a picture (SVG)")
    view.add_argument("source", nargs="?", metavar="SOURCE",
                      help="a game log, or a game record {state, actions} as JSON")
    view.add_argument("-o", "--output", default="game.html",
                      help="game.html (the viewer) or picture.svg (one picture)")
    view.add_argument("--seat", dest="seat_text", metavar="SEAT", default=None,
                      help="only what this seat saw (a number, or 'spectator')")
    view.add_argument("--step", type=int, help="with .svg: the table at this step")
    view.add_argument("--result", type=int, metavar="HAND",
                      help="with .svg: the result of this hand (0 is the first that ended)")
    view.add_argument("--labels", choices=LABELS, default="none", help="large tile labels")
    view.add_argument("--colour-blind", action="store_true", help="suit border patterns")
    view.add_argument("--play", choices=["riichi", "sanma", "taiwanese"],
                      help="self-play a game with bots instead of reading SOURCE")
    view.add_argument("--seed", type=int, default=1, help="with --play: the game's seed")
    view.add_argument("--bot", default="greedy",
                      help="with --play: a bot level (random, efficiency alias greedy, ...)")
    view.add_argument("--preset", default=None, help="with --play: an options preset")
    view.add_argument("--length", help="with --play: tonpuu, hanchan, single_hand; "
                                       "taiwanese: full, east, single")
    view.add_argument("--record", help="with --play: also save the game record here")
    view.set_defaults(handler=_view_command)
