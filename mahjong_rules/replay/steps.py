"""A log game as steps: every action through the reducer with the state before and after."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from mahjong_rules.actions import Action
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation.logs import read_log
from mahjong_rules.notation.tenhou import TenhouGame
from mahjong_rules.replay.game import after_hand, rules_for
from mahjong_rules.replay.hand import (
    HandReplay,
    RefusedError,
    expected_table,
    hand_label,
    start_of,
    table_of,
)
from mahjong_rules.replay.wall import game_walls
from mahjong_rules.state import State


@attrs.frozen(kw_only=True)
class Step:
    """One action of a log game as the reducer played it: the state before and after.

    Examples:
        >>> from mahjong_rules.notation.tenhou import parse_mjlog
        >>> from mahjong_rules.replay._example import EXAMPLE
        >>> steps = list(game_steps(parse_mjlog(EXAMPLE)))
        >>> [(step.label, step.action.type, step.after.phase.value) for step in steps]
        [('E1-0', 'nine_terminals', 'hand_over')]
        >>> len(steps[0].view(0)["hand"]), steps[0].view(0)["seats"][1]["hand_size"]
        (14, 13)

    .. versionadded:: 0.3
    """

    game: int
    """The game's index in its file (0 for most files)."""
    hand: int
    """The hand's index in the game (0-based, as :attr:`HandReport.index`)."""
    label: str
    """The hand as round, number and honba, e.g. ``"E1-0"``."""
    number: int
    """The step's index in the game, counting from 0 over all its hands."""
    before: State
    """The state the action was taken in."""
    action: Action
    """The action: a player's decision, a pass in a claim window, or ``Ready`` between hands
    (draws are the reducer's own transitions, inside the state after a discard or call)."""
    after: State
    """The state the action led to."""
    rules: Ruleset = attrs.field(repr=False, eq=False)
    """The ruleset the log is replayed with (:func:`rules_for`)."""

    def view(self, seat: int | None, *, after: bool = False) -> dict[str, Any]:
        """What ``seat`` saw before the action (``after=True``: after it); ``None``: a spectator."""
        return self.rules.view(self.after if after else self.before, seat)


def game_steps(game: TenhouGame, *, game_index: int = 0,
               errors: str = "raise") -> Iterator[Step]:
    """Every action of ``game`` through the reducer, in order, hand after hand.

    Each hand is played as :func:`replay_game` plays it (the log's wall, every claim the
    log makes, every other seat passing), but the passes come one by one, lowest seat
    first, so that every seat's decision is a step. A hand the reducer cannot follow
    (it refuses an action of the log, or the log's tiles are not a real wall) is not
    yielded in part: with ``errors="raise"`` it raises, with ``errors="skip"`` the next
    hand starts from the log's own start.

    Raises:
        LogFormatError: a lobby that is not supported (:func:`rules_for`), or, with
            ``errors="raise"``, a hand the reducer cannot follow (reason ``bad_log``; the
            message names the hand and what was refused).

    .. versionadded:: 0.3
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', not {errors!r}")
    rules, _ = rules_for(game)
    seats = rules.num_seats
    walls, _, impossible = game_walls(rules, game)
    state: State | None = None
    number = 0
    for k, hand in enumerate(game.hands):
        label = hand_label(hand)
        buffered: list[tuple[State, Action, State]] = []

        def record(before: State, action: Action, after: State,
                   buffered: list[tuple[State, Action, State]] = buffered) -> None:
            buffered.append((before, action, after))

        if k in impossible:
            if errors == "raise":
                raise LogFormatError(f"not a real game: {impossible[k]}", name=game.name,
                                     hand=k)
            state = None
            continue
        try:
            if state is None or table_of(state) != expected_table(hand, seats):
                state = rules.setup(walls=walls[k:], start=start_of(hand, seats))
            played = HandReplay(rules, state, hand, on_step=record).run()
            state, _ = after_hand(rules, played, game, k, on_step=record)
        except RefusedError as exc:
            if errors == "raise":
                raise LogFormatError(exc.message, name=game.name, hand=k) from None
            state = None
            continue
        for before, action, after in buffered:
            yield Step(game=game_index, hand=k, label=label, number=number, before=before,
                       action=action, after=after, rules=rules)
            number += 1


def log_steps(path: str | Path, *, errors: str = "raise") -> Iterator[Step]:
    """Every action of every game in the log file at ``path`` (any format, gzip too).

    Raises:
        NotALogError: the file is not a log.
        LogFormatError: the log cannot be read, or a hand cannot be followed (see
            :func:`game_steps`).

    .. versionadded:: 0.3
    """
    for index, game in enumerate(read_log(path).games):
        yield from game_steps(game, game_index=index, errors=errors)
