"""The public step-through of a log (``replay.game_steps`` / ``log_steps``): every step is
the reducer's own transition, the steps chain, and they cover exactly the hands the
replayer follows, ending where it ends.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_rules.actions import Pass, Ready
from mahjong_rules.errors import LogFormatError, Reason
from mahjong_rules.notation.logs import read_log
from mahjong_rules.notation.tenhou import parse_mjlog
from mahjong_rules.replay import (
    Step,
    compare_hand,
    game_steps,
    log_steps,
    replay_file,
)
from mahjong_rules.replay._example import EXAMPLE
from mahjong_rules.state import Phase

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.is_file() and p.name != "README.md"
                   ) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not LOG_FILES, reason=f"the shared real logs are not at {LOGS}")


def _rel(path: Path) -> str:
    return path.relative_to(LOGS).as_posix()


def _hand_ends(steps: list[Step]) -> dict[tuple[int, int], Step]:
    """The step that ends each hand (the last before the Ready steps)."""
    ends: dict[tuple[int, int], Step] = {}
    for step in steps:
        if not isinstance(step.action, Ready):
            ends[step.game, step.hand] = step
    return ends


@needs_logs
@pytest.mark.parametrize("path", LOG_FILES, ids=_rel)
def test_steps_cover_the_hands_the_replayer_follows(path: Path) -> None:
    report = replay_file(path)
    if report.skipped is not None or report.error is not None:
        with pytest.raises(LogFormatError):
            list(log_steps(path, errors="skip"))
        return
    steps = list(log_steps(path, errors="skip"))
    followed = {h.index for h in report.hands if h.error is None and not (
        h.inconsistent or "").startswith("not a real game")}
    assert {s.hand for s in steps} == followed
    assert [s.number for s in steps] == list(range(len(steps)))
    games = read_log(path).games
    rules = steps[0].rules if steps else None
    for end in _hand_ends(steps).values():
        assert end.after.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert rules is not None
        if next(h for h in report.hands if h.index == end.hand).status == "matched":
            assert compare_hand(rules, end.after, games[end.game].hands[end.hand]) == []


@needs_logs
@pytest.mark.parametrize("path", LOG_FILES[::7], ids=_rel)
def test_each_step_is_the_reducers_transition(path: Path) -> None:
    try:
        steps = list(log_steps(path, errors="skip"))
    except LogFormatError:
        pytest.skip("not a replayable log")
    previous: Step | None = None
    for step in steps:
        assert step.rules.validate(step.before, step.action) is None, step
        assert step.rules.apply(step.before, step.action) == step.after
        if previous is not None and previous.hand == step.hand:
            assert previous.after == step.before
        previous = step


def test_passes_are_steps_and_views_are_the_seats() -> None:
    game = read_log(LOGS / "mjai-reviewer" / "double_ron.json").games[0] if LOG_FILES else None
    if game is None:
        pytest.skip("the shared real logs are absent")
    steps = list(game_steps(game))
    passes = [s for s in steps if isinstance(s.action, Pass)]
    assert passes, "a claim window's passes are steps of their own"
    for step in steps[:50]:
        seat = step.action.seat
        view = step.view(seat)
        assert view == step.rules.view(step.before, seat)
        assert view["viewer"] == seat
        assert view["hand"] == sorted(step.before.seats[seat].hand)


def test_a_refused_hand_raises_or_is_skipped() -> None:
    game = parse_mjlog(EXAMPLE.replace("<T43/>", "<T43/><D43/>"))  # a discard, then nine terminals
    with pytest.raises(LogFormatError) as caught:
        list(game_steps(game))
    assert caught.value.reason is Reason.BAD_LOG
    assert list(game_steps(game, errors="skip")) == []


def test_errors_must_be_raise_or_skip() -> None:
    with pytest.raises(ValueError, match="errors"):
        list(game_steps(parse_mjlog(EXAMPLE), errors="ignore"))
