"""The lazy package names (``mahjong_rules._lazy``): what type checkers see is what runs.

A lazy package lists each public name twice: imported under ``TYPE_CHECKING`` (for type
checkers) and in its ``lazy_exports`` table (what runs). These tests read both from the
source and check that they agree, that every name resolves to the object its module
defines, and, in fresh interpreters, that ``import mahjong_rules`` loads nothing more than
it needs.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.lazy_tables import is_lazy_exports, lazy_table

import mahjong_rules as mr

PACKAGE = Path(__file__).resolve().parents[1] / "mahjong_rules"


def _lazy_packages() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("__init__.py")):
        if "lazy_exports(" in path.read_text():
            parts = path.parent.relative_to(PACKAGE.parent).parts
            found[".".join(parts)] = path
    return found


LAZY = _lazy_packages()


def _tables(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The names imported under ``TYPE_CHECKING`` and the ``lazy_exports`` table, each as
    name -> module."""
    tree = ast.parse(path.read_text())
    typed: dict[str, str] = {}
    lazy: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                assert stmt.module
                for alias in stmt.names:
                    typed[alias.asname or alias.name] = f"{stmt.module}.{alias.name}"
        if isinstance(node, ast.Call) and is_lazy_exports(node):
            lazy.update(lazy_table(node))
    return typed, lazy


def test_the_lazy_packages_are_found() -> None:
    assert {"mahjong_rules", "mahjong_rules.notation", "mahjong_rules.scoring"} <= set(LAZY)


@pytest.mark.parametrize("package", sorted(LAZY))
def test_typed_and_lazy_names_agree(package: str) -> None:
    """Each name is imported for type checkers from the module the lazy table names."""
    typed, lazy = _tables(LAZY[package])
    assert sorted(typed) == sorted(lazy)
    for name, module in lazy.items():
        submodule = f"{package}.{name}"
        expected = submodule if module == submodule else f"{module}.{name}"
        if typed[name] != expected:  # `from package import submodule` names the submodule
            assert typed[name] == f"{package}.{name}" == module, name


@pytest.mark.parametrize("package", sorted(LAZY))
def test_every_name_resolves_to_its_module_object(package: str) -> None:
    module = importlib.import_module(package)
    _typed, lazy = _tables(LAZY[package])
    for name, source in lazy.items():
        value = getattr(module, name)
        defined = importlib.import_module(source)
        assert value is (defined if source == f"{package}.{name}" else getattr(defined, name))
        assert name in dir(module)
    assert set(module.__all__) <= set(lazy) | set(vars(module))
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        _ = module.not_a_name


def _fresh(code: str) -> object:
    """What ``code`` (which sets ``out``) gives in a new interpreter, through JSON."""
    done = subprocess.run(  # noqa: S603 - our own interpreter and fixed programs
        [sys.executable, "-c", code + "\nimport json; print(json.dumps(out))"],
                          capture_output=True, text=True, check=True,
                          cwd=PACKAGE.parent)
    return json.loads(done.stdout.splitlines()[-1])


LOADED = "sorted(m for m in sys.modules if m.startswith('mahjong_rules'))"


def test_importing_the_package_loads_no_submodule() -> None:
    out = _fresh(f"import sys, mahjong_rules\nout = {LOADED}")
    assert out == ["mahjong_rules", "mahjong_rules._lazy"]


def test_a_ruleset_loads_no_log_reader_and_no_batch_scorer() -> None:
    loaded = _fresh(f"import sys, mahjong_rules as mr\nmr.make('riichi').setup(seed=1)\n"
                    f"out = {LOADED}")
    assert isinstance(loaded, list)
    assert "mahjong_rules.rulesets.riichi" in loaded
    for module in ("mahjong_rules.notation.logs", "mahjong_rules.notation.mjai",
                   "mahjong_rules.notation.tenhou6", "mahjong_rules.scoring.batch",
                   "mahjong_rules.replay", "mahjong_rules.bots"):
        assert module not in loaded, module


def test_a_saved_state_loads_with_only_the_state_module_imported() -> None:
    """``State.from_dict`` finds the registry itself (no ``import mahjong_rules`` first)."""
    state = mr.make("riichi").setup(seed=3)
    code = ("import json, sys\nfrom mahjong_rules.state import State\n"
            f"state = State.from_dict(json.loads({json.dumps(json.dumps(state.to_dict()))}))\n"
            "out = state.to_dict()")
    assert _fresh(code) == json.loads(json.dumps(state.to_dict()))
