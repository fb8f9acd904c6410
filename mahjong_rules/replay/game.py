"""Whole log games and files replayed: the rules a log is played with, hand after hand.

Each hand starts from the game so far when it reached the log's start (else from a game
set up at it), is played by ``replay.hand`` and compared by
``replay.compare``; the next hand's start and the game's end are
checked too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

from mahjong_rules.actions import Action, Ready
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import LogFormatError, MahjongRulesError, NotALogError
from mahjong_rules.fast import FastPaths
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouGame, TenhouHand
from mahjong_rules.options import GameLength, RiichiOptions, SanmaOptions
from mahjong_rules.registry import make
from mahjong_rules.replay.compare import check_game_end, compare_hand, score_chain_problem
from mahjong_rules.replay.hand import (
    HandReplay,
    RefusedError,
    expected_table,
    hand_label,
    start_of,
    table_of,
)
from mahjong_rules.replay.reports import FileReport, HandReport, Mismatch, ReplayReport
from mahjong_rules.replay.wall import game_walls
from mahjong_rules.state import Phase, State

_READY = tuple(Ready(seat=seat) for seat in range(4))
"""Each seat's acknowledgement of a hand's result (immutable: shared by every hand)."""


def is_mahjong_soul(game: TenhouGame) -> bool:
    """The game was played on Mahjong Soul (the reader tells from the rule name)."""
    return getattr(game.rules, "platform", "tenhou") == "mahjong_soul"


def _old_layout(game: TenhouGame) -> bool:
    """A log from before the SHUFFLE tag (about 2010): each INIT has its own shuffle."""
    return game.shuffle_seed is None and any(h.init.shuffle for h in game.hands)


def rules_for(game: TenhouGame) -> tuple[Ruleset, str]:
    """The ruleset and preset name a log game is replayed with.

    The ``tenhou`` preset (``mahjong_soul`` for a Mahjong Soul game) with the log's game
    length, red fives and open tanyao.

    Raises:
        LogFormatError: a lobby with non-standard scoring (``log-formats.md`` section 3).
    """
    rules_flags = game.rules
    if not rules_flags.standard:
        raise LogFormatError(f"lobby type {rules_flags.type:#x} scores differently; not "
                             "supported", name=game.name)
    preset = "mahjong_soul" if is_mahjong_soul(game) else "tenhou"
    key = (game.sanma, preset, rules_flags.hanchan, rules_flags.red_fives,
           rules_flags.kuitan, _old_layout(game), _start_points(game, 0))
    rules = _RULESETS.get(key)
    if rules is None:
        if len(_RULESETS) >= _RULESETS_KEPT:
            _RULESETS.clear()
        rules = _RULESETS[key] = _new_rules(game, preset)
    rules.cache.clear()  # type: ignore[attr-defined]  # as cold as a new ruleset
    return rules, preset


_RULESETS: dict[tuple[object, ...], Ruleset] = {}
"""The rulesets :func:`rules_for` made, by what their options are made from: a ruleset
is a pure function of its options but for its memos (``rules.cache``), which
:func:`rules_for` empties each time, so a log game is replayed from cold memos as with a
new ruleset, without building one (its tile values, options and tables) per game."""
_RULESETS_KEPT = 32


def _new_rules(game: TenhouGame, preset: str) -> Ruleset:
    """The ruleset of a log game, made anew (:func:`rules_for`'s readable path)."""
    rules_flags = game.rules
    variant = "sanma" if game.sanma else "riichi"
    base = (SanmaOptions if game.sanma else RiichiOptions).preset(preset)
    options = attrs.evolve(
        base, length=GameLength.HANCHAN if rules_flags.hanchan else GameLength.TONPUU,
        red_fives=base.red_fives if rules_flags.red_fives else 0,
        kuitan=rules_flags.kuitan,
        # Tenhou added tenpai-yame after the old log layout (per-hand shuffle, 2009)
        tenpai_yame=base.tenpai_yame and not _old_layout(game),
        start_points=_start_points(game, base.start_points))
    return make(variant, options)


def _start_points(game: TenhouGame, preset: int) -> int:
    """The start points of the log's table: its first hand's points and sticks shared out.

    A whole game starts at the preset's points; an excerpt that starts mid-game from
    another table (30,000 each) keeps that table's total, as every hand of a log does.
    """
    init = game.hands[0].init
    seats = game.seats
    total = 100 * sum(init.ten[:seats]) + 1000 * init.riichi_sticks
    share = total // seats
    if total % (100 * seats) or not 100 <= share <= 1_000_000:
        return preset  # no table of the options: the start is refused, hand by hand
    return share


def replay_game(game: TenhouGame, *, name: str | None = None,
                format: str = "mjlog",  # noqa: A002
                fast: FastPaths | None = None) -> FileReport:
    """Replay every hand of ``game`` and compare it with the log.

    Examples:
        >>> from mahjong_rules.notation.tenhou import parse_mjlog
        >>> from mahjong_rules.replay._example import EXAMPLE
        >>> report = replay_game(parse_mjlog(EXAMPLE))
        >>> [(hand.label, hand.status) for hand in report.hands]
        [('E1-0', 'mismatched')]

    .. versionadded:: 0.2
    """
    path = game.name if name is None else name
    try:
        rules, preset = rules_for(game)
    except MahjongRulesError as exc:
        return FileReport(path=path, format=format, error=exc.message)
    if fast is not None:  # other fast-path switches (the tests replay with none)
        rules = type(rules)(rules.options, fast=fast)
    seats = rules.num_seats
    walls, wall_problems, impossible = game_walls(rules, game)
    reports: list[HandReport] = []
    state: State | None = None
    for k, hand in enumerate(game.hands):
        if k in impossible:
            reports.append(HandReport(index=k, label=hand_label(hand),
                                      inconsistent=f"not a real game: {impossible[k]}"))
            state = None
            continue
        mismatches = list(wall_problems[k])
        start = _hand_start(rules, state, walls[k:], hand)
        if isinstance(start, HandReport):  # a start no table of the rules holds
            reports.append(start)
            state = None
            continue
        replay = HandReplay(rules, start, hand)
        try:
            state = replay.run()
        except RefusedError as exc:
            reports.append(HandReport(index=k, label=hand_label(hand), mismatches=tuple(mismatches),
                                      error=exc.message, reason=exc.reason,
                                      inconsistent=score_chain_problem(hand, seats)))
            state = None
            continue
        mismatches.extend(compare_hand(rules, state, hand))
        state, more = after_hand(rules, state, game, k)
        mismatches.extend(more)
        reports.append(HandReport(index=k, label=hand_label(hand), mismatches=tuple(mismatches),
                                  inconsistent=score_chain_problem(hand, seats)))
    return FileReport(path=path, format=format, variant=rules.name, preset=preset,
                      hands=tuple(reports))


def _hand_start(rules: Ruleset, state: State | None, walls: list[list[int]],
                hand: TenhouHand) -> State | HandReport:
    """The state the hand starts from, or the report of a start the rules refuse.

    The game so far when it reached the hand's start, else a game set up from it.
    """
    if state is not None and table_of(state) == expected_table(hand, rules.num_seats):
        return state
    try:
        return rules.setup(walls=walls, start=start_of(hand, rules.num_seats))
    except MahjongRulesError as exc:
        return HandReport(index=hand.index, label=hand_label(hand), error=exc.message,
                          reason=exc.reason.value)


def after_hand(rules: Ruleset, state: State, game: TenhouGame, k: int,
                on_step: Callable[[State, Action, State], None] | None = None,
                ) -> tuple[State | None, list[Mismatch]]:
    """Go on to the next hand and check its start, or check the game's end."""
    seats = rules.num_seats
    if k + 1 == len(game.hands):
        return None, check_game_end(rules, state, game)
    if state.phase is Phase.GAME_OVER:
        return None, [Mismatch(field="game_end", expected="the game goes on",
                               got=f"ends ({state.end_reason})")]
    for ready in _READY[:seats]:
        before = state
        state = rules.apply(state, ready)
        if on_step is not None:
            on_step(before, ready, state)
    expected = expected_table(game.hands[k + 1], seats)
    got = table_of(state)
    if got != expected:
        return None, [Mismatch(field="next_hand", expected=expected, got=got)]
    return state, []


def replay_file(path: str | Path) -> FileReport:
    """Read one file (any supported log format, detected by content) and replay it.

    A file that is not a log comes back ``skipped``; one that cannot be read, with an
    ``error``. The hands of every game in the file are reported together.

    .. versionadded:: 0.2
    """
    shown = str(path)
    try:
        log = read_log(path)
    except NotALogError as exc:
        return FileReport(path=shown, skipped=exc.message.removeprefix(f"{shown}: "))
    except LogFormatError as exc:
        return FileReport(path=shown, error=str(exc))
    reports = [replay_game(game, name=shown, format=log.format) for game in log.games]
    if len(reports) == 1:
        return reports[0]
    failed = next((r for r in reports if r.error is not None), None)
    if failed is not None:
        return failed
    return attrs.evolve(reports[0], hands=tuple(h for r in reports for h in r.hands))


def replay_paths(paths: Iterable[str | Path]) -> ReplayReport:
    """Replay every log in ``paths`` (files or folders, searched recursively).

    .. versionadded:: 0.2
    """
    return ReplayReport(files=tuple(replay_file(p) for p in log_paths(paths)))
