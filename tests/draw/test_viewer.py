"""The replay viewer's HTML: self-contained, built from views only, each seat's file
holding only what that seat saw; the frames of logs and of self-played games; the
``view`` command."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from helpers.drawing import LOGS, frames_of, parse, steps_of, unpack, zone_texts

import mahjong_rules as mr
from mahjong_rules.cli import main
from mahjong_rules.cli.view import distinct, self_play
from mahjong_rules.draw import game_html, log_html, replay_html
from mahjong_rules.draw.viewer import state_frames

needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"real logs not found at {LOGS}")
LOG = "dnovikoff-tenhou/example.xml"


def test_self_contained() -> None:
    rules = mr.make("riichi", {"length": "single_hand"})
    final, actions = self_play(rules, seed=3)
    page = game_html(rules, final, actions)
    lowered = page.lower()
    for forbidden in ("http", "<script src", "<link", "@import", "url(", "//cdn"):
        assert forbidden not in lowered, forbidden
    assert lowered.count("<script") == 2  # the data and the inline script
    data = unpack(page)
    assert data["streams"] == ["spectator", "seat 0", "seat 1", "seat 2", "seat 3"]
    assert len({len(f) for f in data["frames"]}) == 1 == len({len(s) for s in data["said"]})
    assert len(data["hands"]) == len(final.history) == 1


@needs_logs
def test_log_viewer_frames_are_the_views() -> None:
    page = log_html(LOGS / LOG)
    data = unpack(page)
    steps = steps_of(LOG)
    # every frame of every stream is the table of a view at some step, in order
    views: dict[int | None, list[dict[str, Any]]] = {}
    for seat in (None, 0, 1, 2, 3):
        views[seat] = [step.view(seat, after=True) for step in steps]
    for index, seat in enumerate((None, 0, 1, 2, 3)):
        expected = [zone_texts(v) for v in views[seat]]
        got = [{json.dumps(z, separators=(",", ":"), ensure_ascii=False)
                for z in frame.values()} for frame in frames_of(data, index)[1:]]
        position = 0
        for frame in got:  # each frame appears among the views, in order
            while position < len(expected) and expected[position] != frame:
                position += 1
            assert position < len(expected), "a frame that is no view"
    final = steps[-1].rules.result(steps[-1].after)
    assert final is not None
    assert len(data["hands"]) == final["summary"]["hands"] == 9
    assert all(h["end"] is not None for h in data["hands"])
    assert page.count('class="hand-point"') == 9
    for entry in final["ranking"]:
        assert f"{entry['score']:+}" in page
    assert len(page.encode()) < 300_000


@needs_logs
def test_a_seats_file_holds_only_what_it_saw() -> None:
    page = log_html(LOGS / LOG, seat=1, every_seat=False)
    data = unpack(page)
    assert data["streams"] == ["seat 1"]
    allowed: set[str] = set()
    for step in steps_of(LOG):
        for after in (False, True):
            view = step.view(1, after=after)
            allowed |= zone_texts(view)
    result_zones = {i for hand in data["hands"] for _, i in hand["result"][2]}
    table_zones = {json.dumps(z, separators=(",", ":"), ensure_ascii=False)
                   for i, z in enumerate(data["pool"]) if i not in result_zones}
    assert table_zones <= allowed
    # and its steps are the moments at which seat 1's table changed
    frames = frames_of(data, 0)
    assert all(a != b for a, b in itertools.pairwise(frames))


def test_self_played_games_replay_to_their_final_state() -> None:
    rules = mr.make("sanma", {"length": "single_hand"})
    final, actions = self_play(rules, seed=8)
    frames = list(state_frames(rules, final, actions, every_seat=False))
    assert len(frames) == len(actions) + 1
    with pytest.raises(ValueError, match="do not lead to the final state"):
        list(state_frames(rules, final, actions[:-1], every_seat=False))
    with pytest.raises(ValueError, match="no frames"):
        replay_html([])


def test_frames_must_hold_the_same_seats() -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=1)
    frames: list[dict[int | None, dict[str, Any]]] = [{None: rules.view(state, None)},
                                                       {0: rules.view(state, 0)}]
    with pytest.raises(ValueError, match="every frame must hold"):
        replay_html(frames)


# ------------------------------------------------------------------ the view command


@needs_logs
def test_view_command_writes_the_viewer_and_pictures(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = str(LOGS / LOG)
    out = tmp_path / "game.html"
    assert main(["view", log, "-o", str(out)]) == 0
    data = unpack(out.read_text(encoding="utf-8"))
    count = len(data["hand"])
    picture = tmp_path / "step.svg"
    assert main(["view", log, "--step", "150", "-o", str(picture)]) == 0
    root = parse(picture.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    # the picture at a step is the viewer's frame at that step (spectator)
    frame = frames_of(data, 0)[150]
    assert {json.dumps(z, separators=(",", ":"), ensure_ascii=False) for z in frame.values()} \
        == zone_texts(_view_at(log, 150))
    result = tmp_path / "result.svg"
    assert main(["view", log, "--result", "8", "-o", str(result)]) == 0
    assert "6200 points" in result.read_text(encoding="utf-8")
    assert main(["view", log, "--step", str(count), "-o", str(picture)]) == 1
    assert main(["view", log, "--seat", "north", "-o", str(out)]) == 1
    assert main(["view", "-o", str(out)]) == 2
    assert "error" in capsys.readouterr().err


def _view_at(log: str, step: int) -> dict[str, Any]:
    from mahjong_rules.draw.viewer import log_frames  # noqa: PLC0415

    frames, _, _ = log_frames(log)
    return dict(distinct(frames)[step][None])


def test_view_command_self_play_and_records(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    picture = tmp_path / "result.svg"
    assert main(["view", "--play", "riichi", "--length", "single_hand", "--seed", "2",
                 "--result", "0", "--record", str(record), "-o", str(picture)]) == 0
    assert "points" in picture.read_text(encoding="utf-8") or "draw" in picture.read_text(
        encoding="utf-8")
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert set(saved) == {"state", "actions"}
    page = tmp_path / "game.html"
    assert main(["view", str(record), "--seat", "2", "-o", str(page)]) == 0
    assert unpack(page.read_text(encoding="utf-8"))["streams"] == ["seat 2"]
