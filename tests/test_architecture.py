"""docs/architecture.md against the package: its module map lists every module, each
module has a docstring, and no module is over 600 lines except the listed ones."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "mahjong_rules"
DOC = (ROOT / "docs" / "architecture.md").read_text()
LIMIT = 600


def _table(heading: str) -> dict[str, str]:
    """The rows of the first table under ``## heading``: first cell (unquoted) -> second."""
    section = DOC.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[1]
    return rows


MODULES = {path.relative_to(PACKAGE).as_posix(): path for path in PACKAGE.rglob("*.py")}
MAP = _table("Module map")
OVER = {name: int(lines) for name, lines in _table("Modules over 600 lines").items()}


def test_the_module_map_lists_every_module() -> None:
    """One line per module, no line for a module that does not exist."""
    assert len(MAP) > 50
    assert sorted(set(MODULES) - set(MAP)) == [], "add these to docs/architecture.md"
    assert sorted(set(MAP) - set(MODULES)) == [], "these are gone: remove their lines"
    assert all(job for job in MAP.values())


def test_every_module_has_a_docstring() -> None:
    missing = [name for name, path in MODULES.items()
               if not ast.get_docstring(ast.parse(path.read_text()))]
    assert missing == []


def test_no_module_is_over_the_limit_unless_listed() -> None:
    """A module over the limit is one of the listed ones (each to be split); the figures
    listed are their sizes when listed, for the record."""
    lengths = {name: len(path.read_text().splitlines()) for name, path in MODULES.items()}
    over = {name: n for name, n in lengths.items() if n > LIMIT}
    assert sorted(set(over) - set(OVER)) == [], f"over {LIMIT} lines: split them"
    assert set(OVER) <= set(MODULES)


def test_the_layers_named_exist() -> None:
    """Every module the text names in backquotes with a ``.py`` exists."""
    named = set(re.findall(r"`([\w/]+\.py)`", DOC))
    assert named
    assert sorted(n for n in named if n not in MODULES and not (ROOT / n).exists()
                  and not (ROOT / "tests" / n).exists()) == []
