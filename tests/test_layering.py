"""Import direction: the kernel imports only numpy and the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mahjong_rules"

# module folder -> the first-party modules it may import
ALLOWED = {
    "kernel": {"mahjong_rules.kernel", "mahjong_rules.errors"},
    "tiles.py": {"mahjong_rules.errors"},
    "errors.py": set(),
    "notation": {"mahjong_rules.notation", "mahjong_rules.tiles", "mahjong_rules.errors"},
    # pictures are drawn from views alone: no state, reducer or scorer
    **{f"draw/{name}": {"mahjong_rules.draw", "mahjong_rules.tiles", "mahjong_rules.notation"}
       for name in ("_svg.py", "_glyphs.py", "faces.py", "hand.py", "table.py", "chart.py")},
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _files(part: str) -> list[Path]:
    target = PACKAGE / part
    return sorted(target.rglob("*.py")) if target.is_dir() else [target]


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_import_direction(part: str) -> None:
    third_party_allowed = ({"numpy"} if part == "kernel" else set() if part.startswith("draw/")
                           else {"numpy", "attrs"})
    for path in _files(part):
        for name in imports_of(path):
            top = name.split(".")[0]
            if top == "mahjong_rules":
                assert any(name == a or name.startswith(a + ".") for a in ALLOWED[part]), (
                    f"{path.name} imports {name}"
                )
            elif top not in sys.stdlib_module_names and top != "__future__":
                assert top in third_party_allowed, f"{path.name} imports {name}"
