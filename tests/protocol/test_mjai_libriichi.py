"""This library's bots on a real mjai host: libriichi's arena in the ``mjai`` package.

The ``mjai`` package (the mjai.app simulator, AGPL, pinning ``mahjong~=1.2``) embeds
Mortal's libriichi arena. It is a test tool only: it goes into a virtual environment
of its own, made here (under ``MAHJONG_RULES_CACHE``, default ``~/.cache/mahjong_rules``)
and never into this library's. ``libriichi_driver.py`` runs there: libriichi deals and
judges whole hanchan, each seat an engine that masks what the seat may not see and
forwards it to a bot program, the two-line ``bot.py`` of an mjai.app submission
(docs/mjai.md) running ``mjai-bot`` over the mjai.app transport.

Checked: every hanchan ends normally, libriichi reports no illegal action (no
``ryukyoku`` of reason ``error``, nothing printed, no timeout), and the log libriichi
writes replays through this library's replayer with no mismatch. One hanchan per bot
level (efficiency, random, balanced: no calls, random calls, value calls) by default,
four per level with ``MAHJONG_RULES_SOAK=1``. The test is skipped when the package
cannot be installed, except with ``MAHJONG_RULES_REQUIRE_MJAI=1`` (CI sets it).
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules.replay import replay_paths

MJAI_VERSION = "0.2.1"
DRIVER = Path(__file__).resolve().parent / "libriichi_driver.py"
SOAK = os.environ.get("MAHJONG_RULES_SOAK") == "1"
BOT_PY = """import sys, mahjong_rules.cli
sys.exit(mahjong_rules.cli.main(["mjai-bot", LEVEL, "--preset", "tenhou", "--seat", sys.argv[1]]))
"""

pytestmark = pytest.mark.xdist_group("libriichi")


def _unavailable(message: str) -> None:
    if os.environ.get("MAHJONG_RULES_REQUIRE_MJAI") == "1":
        pytest.fail(f"the mjai package is required here: {message}")
    pytest.skip(f"the mjai package (libriichi's arena) cannot be installed: {message}")


@pytest.fixture(scope="module")
def mjai_python() -> Path:
    """The Python of a virtual environment that has ``mjai`` (made once, then reused)."""
    cache = Path(os.environ.get("MAHJONG_RULES_CACHE",
                                Path.home() / ".cache" / "mahjong_rules"))
    version = f"{sys.version_info.major}{sys.version_info.minor}"
    home = cache / f"mjai-{MJAI_VERSION}-py{version}"
    python = home / "bin" / "python"
    probe = [str(python), "-c", "from mjai.mlibriichi.arena import Match"]
    if python.exists() and subprocess.run(probe, check=False, capture_output=True).returncode == 0:
        return python
    try:
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(home)], check=True,
                       capture_output=True, timeout=600)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                        f"mjai=={MJAI_VERSION}"], check=True, capture_output=True,
                       timeout=1200)
        subprocess.run(probe, check=True, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        _unavailable(f"{exc} {detail.decode(errors='replace')[-500:]}")
    return python


def _events(path: str) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


@pytest.mark.parametrize("level", ["efficiency", "random", "balanced"])
def test_our_bots_play_whole_hanchan_on_libriichi(mjai_python: Path, tmp_path: Path,
                                                  level: str) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(BOT_PY.replace("LEVEL", repr(level)), encoding="utf-8")
    games = 4 if SOAK else 1
    seed = {"efficiency": 10000, "random": 20000, "balanced": 30000}[level]
    run = subprocess.run(
        [str(mjai_python), str(DRIVER), "--games", str(games), "--seed", str(seed),
         "--log-dir", str(tmp_path / "logs"), "--timeout", "120", "--",
         sys.executable, str(bot)],
        check=True, capture_output=True, text=True, timeout=3600)
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert "mjai-bot:" not in run.stderr, run.stderr[-2000:]
    logs = []
    hands = 0
    for game in summary["games"]:
        assert game["error"] is None, game
        assert game["rankings"] is not None, game
        assert (game["timeouts"], game["printed"]) == (0, ""), game
        [log] = game["logs"]
        events = _events(log)
        errors = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert errors == [], game
        assert events[-1]["type"] == "end_game"
        hands += sum(e["type"] == "start_kyoku" for e in events)
        logs.append(log)
    report = replay_paths(logs)
    assert report.hands == hands
    assert report.ok, [m for f in report.files for h in f.hands for m in h.mismatches]
    print(f"libriichi ({level}): {games} hanchan, {hands} hands, 0 illegal actions, "
          f"{report.summary()}")
