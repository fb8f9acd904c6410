"""Import direction: the kernel imports only numpy and the standard library."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from helpers.lazy_tables import is_lazy_exports, lazy_table

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
            if name == "mahjong_rules._lazy":  # lazy package names: imports only the stdlib
                continue
            if top == "mahjong_rules":
                assert any(name == a or name.startswith(a + ".") for a in ALLOWED[part]), (
                    f"{path.name} imports {name}"
                )
            elif top not in sys.stdlib_module_names and top != "__future__":
                assert top in third_party_allowed, f"{path.name} imports {name}"


# ---- the package's import graph ------------------------------------------------------

MODULES = {
    ".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
             if p.name == "__init__.py" else p.relative_to(PACKAGE.parent).with_suffix("").parts): p
    for p in PACKAGE.rglob("*.py")
}
"""Every module of the package by dotted name (a package by its ``__init__``)."""


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return found


def _module_of(name: str) -> str:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _lazy_names(call: ast.Call) -> set[tuple[str, str]]:
    """``(module, name)`` of every name a package's ``lazy_exports`` call maps."""
    return {(source, "") if source in MODULES and source.endswith(f".{name}")
            else (_module_of(source), name) for name, source in lazy_table(call).items()}


def runtime_imports(module: str) -> set[tuple[str, str]]:
    """``(module imported, name imported or "")`` for every first-party import of
    ``module`` that runs (at the top or inside a function), type-only ones excepted."""
    path = MODULES[module]
    tree = ast.parse(path.read_text())
    skip = _type_checking_nodes(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Call) and is_lazy_exports(node):
            found.update(_lazy_names(node))  # a package's lazy names import their modules
        elif isinstance(node, ast.Import):
            found.update((_module_of(a.name), "") for a in node.names
                         if a.name.split(".")[0] == "mahjong_rules")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            if base.split(".")[0] != "mahjong_rules":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add((full, "") if full in MODULES else (_module_of(base), alias.name))
    return {(m, n) for m, n in found if m != module}


GRAPH = {module: {m for m, _ in runtime_imports(module)} for module in MODULES}


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(GRAPH[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def test_the_graph_is_read_whole() -> None:
    """The graph sees the imports that matter (so the tests below cannot pass empty)."""
    assert "mahjong_rules.rulesets.table" in GRAPH["mahjong_rules.rulesets.riichi"]
    assert "mahjong_rules.engine" in GRAPH["mahjong_rules.rulesets.table"]
    assert "mahjong_rules.rulesets" in GRAPH["mahjong_rules.registry"]
    assert "mahjong_rules.registry" in GRAPH["mahjong_rules"]


def test_no_import_cycle() -> None:
    """No module imports, directly or not, a module that imports it (lazy imports in
    functions count; ``if TYPE_CHECKING:`` imports do not)."""
    assert _cycles() == []


def test_the_engine_knows_no_ruleset() -> None:
    """The engine (the ``Ruleset`` base), the state and the shared game flow import
    neither the registry nor a ruleset; the state imports nothing from the scorer."""
    for module in ("mahjong_rules.engine", "mahjong_rules.state", "mahjong_rules.state_check",
                   *(m for m in MODULES if m.startswith("mahjong_rules.game"))):
        for imported in GRAPH[module]:
            assert not imported.startswith(("mahjong_rules.rulesets", "mahjong_rules.registry")), (
                module, imported)
    assert not any(m.startswith("mahjong_rules.scoring") for m in GRAPH["mahjong_rules.state"])


def test_game_does_not_import_the_speed_layer() -> None:
    """``game/`` (the readable flow) never imports ``fast/`` (the speed layer)."""
    for module in (m for m in MODULES if m.startswith("mahjong_rules.game")):
        assert not any(m.startswith("mahjong_rules.fast") for m in GRAPH[module]), module


def test_no_ruleset_imports_a_private_name() -> None:
    """A ruleset uses other modules' public names only (a private helper another ruleset
    needs becomes a public function of a shared module)."""
    for module in (m for m in MODULES if m.startswith("mahjong_rules.rulesets")):
        for imported, name in runtime_imports(module):
            private = name.startswith("_") or any(
                part.startswith("_") for part in imported.split(".")[1:])
            assert not private, f"{module} imports {name or imported} from {imported}"


def test_taiwanese_is_a_sibling_of_riichi() -> None:
    """Taiwanese plugs into the shared table game (``rulesets/table.py``), not into riichi."""
    assert "mahjong_rules.rulesets.table" in GRAPH["mahjong_rules.rulesets.taiwanese"]
    assert "mahjong_rules.rulesets.riichi" not in GRAPH["mahjong_rules.rulesets.taiwanese"]


def _imported_names(path: Path) -> list[tuple[str, str]]:
    """Every ``from module import name`` of a file, ``if TYPE_CHECKING:`` ones included."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.extend((node.module, alias.name) for alias in node.names)
    return found


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names_used(path: Path, modules: Iterable[str] = MODULES) -> list[str]:
    """Other modules' private names a file uses: ``from x import _y``, and ``m._y`` where
    ``m`` is a module it imported by ``from package import m`` (``modules``: the dotted
    names that are modules). A private *module* of a package may itself be imported."""
    known = set(modules)
    found: list[str] = []
    aliases: dict[str, str] = {}
    tree = ast.parse(path.read_text())
    for module, name in _imported_names(path):
        if not module.startswith("mahjong_rules"):
            continue
        if f"{module}.{name}" in known:
            aliases[name] = f"{module}.{name}"
        elif _is_private(name):
            found.append(f"imports {name} from {module}")
    found.extend(f"uses {aliases[node.value.id]}.{node.attr} (line {node.lineno})"
                 for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                 and node.value.id in aliases and _is_private(node.attr))
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_private_name(module: str) -> None:
    """A module uses other modules' public names only: a helper two modules share is a
    public name of one of them (a private *module* of its own package may be imported)."""
    assert private_names_used(MODULES[module]) == [], module


def test_the_private_name_check_sees_a_private_import(tmp_path: Path) -> None:
    """The check above reads ``from x import _y`` and ``m._y`` (so it cannot pass empty)."""
    source = tmp_path / "synthetic.py"
    source.write_text(
        "from mahjong_rules.kernel._counts import N_KINDS, _hidden\n"
        "from mahjong_rules.kernel import _lookup\n"
        "from mahjong_rules.kernel import shanten\n"
        "x = _lookup.runtime(), _lookup._secret, _lookup.__name__, shanten._not_a_module\n"
    )
    assert private_names_used(source) == [
        "imports _hidden from mahjong_rules.kernel._counts",
        "uses mahjong_rules.kernel._lookup._secret (line 4)",
    ]
    source.write_text("from mahjong_rules.kernel import _lookup, shanten\nx = _lookup.runtime()\n")
    assert private_names_used(source) == []
