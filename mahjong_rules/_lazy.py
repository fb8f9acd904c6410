"""Lazy package attributes (PEP 562): a name is imported from its module on first use.

A package's ``__init__`` lists its public names with the module each comes from; the
package's ``__getattr__`` imports that module the first time a name is asked for, and
keeps the value as a plain attribute, so later lookups cost nothing. ``import
mahjong_rules`` then loads only what it is asked for: the log readers, the batch scorer
and the rulesets are not imported by a program that never uses them.

The package also imports the same names under ``typing.TYPE_CHECKING``, so type checkers
and editors see every name with its real type (``tests/test_lazy_exports.py`` checks that
the two lists agree and that every name resolves).

.. versionadded:: 0.1
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, str]) -> tuple[
        Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``.

    ``exports`` maps each lazy name to the module that defines it; a name mapped to
    ``package.name`` is that submodule itself.

    Examples:
        >>> getattr_, dir_ = lazy_exports("mahjong_rules", {"Tile": "mahjong_rules.tiles"})
        >>> getattr_("Tile").__name__
        'Tile'
        >>> "Tile" in dir_()
        True
        >>> getattr_("Nothing")
        Traceback (most recent call last):
        ...
        AttributeError: module 'mahjong_rules' has no attribute 'Nothing'
    """

    def module_getattr(name: str) -> object:
        source = exports.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(source)
        value = module if source == f"{package}.{name}" else getattr(module, name)
        setattr(sys.modules[package], name, value)
        return value

    def module_dir() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exports})

    return module_getattr, module_dir
