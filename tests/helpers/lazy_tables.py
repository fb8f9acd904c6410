"""The ``lazy_exports`` table of a package's ``__init__``, read from its source."""

from __future__ import annotations

import ast


def lazy_table(call: ast.Call) -> dict[str, str]:
    """Name -> module of a ``lazy_exports(__name__, {...})`` call."""
    table = call.args[1]
    assert isinstance(table, ast.Dict)
    found: dict[str, str] = {}
    for key, value in zip(table.keys, table.values, strict=True):
        assert isinstance(key, ast.Constant)
        assert isinstance(value, ast.Constant)
        assert isinstance(key.value, str)
        assert isinstance(value.value, str)
        found[key.value] = value.value
    return found


def is_lazy_exports(node: ast.AST) -> bool:
    """Whether ``node`` is a ``lazy_exports(...)`` call."""
    return isinstance(node, ast.Call) and ast.unparse(node.func) == "lazy_exports"
