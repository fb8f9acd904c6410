"""The docs site builds offline with every warning an error, its pictures drawn during
the build, and its pages load nothing from the network. Skipped without the ``docs``
extra (``.ci/run`` installs it)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_rules.scoring import TAI_TABLE, YAKU

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(
        any(importlib.util.find_spec(name) is None for name in ("sphinx", "furo", "myst_parser")),
        reason="the docs tools are not installed (pip install -e '.[docs]'; .ci/run does)"),
    pytest.mark.xdist_group("docs-site"),  # one build: its pictures are files in docs/
]
REMOTE = re.compile(r"""(<script[^>]+src=["']?(https?:)?//|<link[^>]+href=["']?(https?:)?//|"""
                    r"""@import|url\(\s*["']?(https?:)?//)""", re.IGNORECASE)


@pytest.fixture(scope="session")  # one build per worker: the group's tests may interleave
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(  # noqa: S603 - our own fixed command line
        [sys.executable, "-m", "sphinx", "-b", "html", "-n", "-W", "-q", "-d",
         str(out / "doctrees"), "docs", str(out / "html")],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr[-4000:]
    return out / "html"


def test_pages_load_nothing_remote(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in [*pages, *site.rglob("*.css"), *site.rglob("*.js")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        found = [m.group(0) for m in REMOTE.finditer(text)]
        assert not found, f"{path.relative_to(site)}: {found}"


def test_rules_view_pages_picture_every_item(site: Path) -> None:
    riichi = (site / "rules" / "riichi.html").read_text(encoding="utf-8")
    assert riichi.count("<img") >= len(YAKU) + 2  # every yaku, and the furiten pictures
    for yaku in YAKU.values():
        assert f'<code class="docutils literal notranslate"><span class="pre">{yaku.id}' \
            in riichi
    taiwanese = (site / "rules" / "taiwanese.html").read_text(encoding="utf-8")
    for record in TAI_TABLE:
        assert record.id in taiwanese
    assert taiwanese.count("<img") >= len(TAI_TABLE) - 1  # seven flowers robbing: no tiles
    pictures = list((site / "_images").glob("*.svg"))
    assert len(pictures) > 100


def test_api_pages(site: Path) -> None:
    draw = (site / "api" / "draw.html").read_text(encoding="utf-8")
    for name in ("hand_svg", "view_svg", "result_svg", "replay_html", "TileStyle"):
        assert 'id="mahjong_rules.draw.' in draw
        assert name in draw
