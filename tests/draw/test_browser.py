"""The replay viewer in a real browser: Debian's headless Chromium, driven over its
DevTools protocol by ``tests/helpers/browser.py``. Skipped with a message when Chromium is not
installed (``.ci/run`` installs it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import chromium, open_browser, png_colours
from helpers.drawing import LOGS, frames_of, steps_of, unpack

from mahjong_rules.draw import log_html

EXECUTABLE = chromium()
pytestmark = [
    pytest.mark.skipif(EXECUTABLE is None, reason="Chromium is not installed (Debian: "
                       "apt-get install chromium; .ci/run installs it)"),
    pytest.mark.skipif(not LOGS.is_dir(), reason=f"real logs not found at {LOGS}"),
    pytest.mark.xdist_group("browser"),
]
LOG = "dnovikoff-tenhou/example.xml"
RIVERS = "document.querySelectorAll('#zones [data-zone^=\"river-\"] use').length"


def _zone_counts(zones: dict[str, Any]) -> dict[str, int]:
    return {name: sum(item[0] == "t" for item in zone[1]) for name, zone in zones.items()}


def test_viewer_in_chromium(tmp_path: Path) -> None:
    assert EXECUTABLE is not None
    page = tmp_path / "game.html"
    page.write_text(log_html(LOGS / LOG), encoding="utf-8")
    data = unpack(page.read_text(encoding="utf-8"))
    steps = steps_of(LOG)
    result = steps[-1].rules.result(steps[-1].after)
    assert result is not None
    url = page.as_uri()
    with open_browser(EXECUTABLE) as browser:
        browser.navigate(f"{url}#step=0&seat=0")
        browser.wait_for("document.body.dataset.ready === 'true'")
        assert browser.evaluate("mahjongViewer.step") == 0
        count = browser.evaluate("mahjongViewer.count")
        assert count == len(data["hand"])
        # the arrow keys step through the game and the rivers grow
        rivers = [browser.evaluate(RIVERS)]
        for expected in range(1, 25):
            browser.press("ArrowRight", 39)
            assert browser.evaluate("mahjongViewer.step") == expected
            assert browser.evaluate("Number(document.getElementById('slider').value)") == expected
            rivers.append(browser.evaluate(RIVERS))
        assert rivers == sorted(rivers)
        assert rivers[-1] > rivers[0]
        browser.press("ArrowLeft", 37)
        assert browser.evaluate("mahjongViewer.step") == 23
        assert browser.evaluate("location.hash") == "#step=23&seat=0"
        # what the page draws is the data: tiles per zone as sent, at a few steps
        frames = frames_of(data, 1)  # seat 0 is the second stream
        for step in (23, 200, 400):
            browser.evaluate(f"mahjongViewer.go({step})")
            drawn = browser.evaluate(
                "Object.fromEntries(Array.from(document.querySelectorAll('#zones g'))"
                ".map(g => [g.dataset.zone, g.querySelectorAll('use').length]))")
            assert drawn == _zone_counts(frames[step])
        # a turn and a hand at a time
        browser.evaluate("mahjongViewer.go(0)")
        browser.press("ArrowDown", 40)
        assert browser.evaluate("mahjongViewer.step") == data["hands"][1]["start"]
        browser.press("ArrowRight", 39, shift=True)
        turn = data["turn"][browser.evaluate("mahjongViewer.step")]
        assert turn != data["turn"][data["hands"][1]["start"]]
        # the seat switch, by key and by link
        browser.press("2", 50)
        assert browser.evaluate("document.getElementById('seat').value") == "3"
        assert "seat=2" in browser.evaluate("location.hash")
        browser.navigate("about:blank")  # a fresh load: the hash alone would not reload
        browser.navigate(f"{url}#step=100&seat=spectator")
        browser.wait_for("document.body.dataset.ready === 'true'")
        assert browser.evaluate("[mahjongViewer.step, mahjongViewer.stream]") == [100, 0]
        # the last step shows the final scores, the chart one point per hand
        browser.press("End", 35)
        assert browser.evaluate("mahjongViewer.step") == count - 1
        assert browser.evaluate("document.getElementById('final').hidden") is False
        final = browser.evaluate("document.getElementById('final').innerText")
        for entry in result["ranking"]:
            assert f"{entry['score']:+}" in final
            assert str(entry["points"]) in final
        assert browser.evaluate("document.querySelectorAll('#chart .hand-point').length") == 9
        assert browser.evaluate("document.querySelectorAll('#result use').length") > 0
        browser.evaluate("document.querySelectorAll('#chart .hand-point')[0]"
                         ".dispatchEvent(new MouseEvent('click'))")
        assert browser.evaluate("mahjongViewer.step") == data["hands"][0]["end"]
        browser.evaluate(f"mahjongViewer.go({count - 1})")
        shot = browser.screenshot(tmp_path / "viewer.png")
        assert not browser.problems(), browser.problems()
        requests = browser.requests()
    assert {r.split("#")[0] for r in requests} <= {url}, json.dumps(requests)
    colours = png_colours(shot)
    commonest = max(colours.values())
    assert len(colours) > 50
    assert commonest < 0.9 * sum(colours.values())
