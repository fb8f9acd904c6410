"""The ruleset registry: rulesets by name, :func:`make`, and the loader of saved states.

This module sits at the top of the reducer's import graph: it imports the built-in
rulesets (``rulesets/``), which import the engine (``engine.py``, the :class:`Ruleset`
base), which imports no ruleset. So the engine never knows its variants, and there is
no import cycle (``tests/test_layering.py`` checks both). A ruleset written elsewhere
joins with :func:`register`.

Examples:
    >>> import mahjong_rules as mr
    >>> sorted(mr.RULESETS)
    ['riichi', 'sanma', 'taiwanese']
    >>> mr.find_ruleset("yonma").name
    'riichi'

.. versionadded:: 0.4
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from mahjong_rules import state as _state_module
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import InvalidStateError, OptionsError
from mahjong_rules.options import RuleOptions
from mahjong_rules.record import StructureError, structure
from mahjong_rules.rulesets import RiichiRuleset, SanmaRuleset, TaiwaneseRuleset
from mahjong_rules.state import State

__all__ = ["RULESETS", "find_ruleset", "load_state", "make", "register"]

RULESETS: dict[str, type[Ruleset[Any]]] = {}
"""Registered rulesets by name (the built-ins first, in this order)."""


def register(cls: type[Ruleset[Any]]) -> type[Ruleset[Any]]:
    """Add a ruleset to :data:`RULESETS` (usable as a class decorator).

    Examples:
        >>> import mahjong_rules as mr
        >>> register(mr.SanmaRuleset) is mr.SanmaRuleset  # registering again is harmless
        True
    """
    RULESETS[cls.name] = cls
    return cls


for _builtin in (RiichiRuleset, SanmaRuleset, TaiwaneseRuleset):
    register(_builtin)


def find_ruleset(name: str) -> type[Ruleset[Any]]:
    """The ruleset class for a name or alias (case-insensitive).

    Raises:
        OptionsError: ``bad_option`` (a ``ValueError``) for an unknown name or one that is
            not a ``str``.
    """
    given: object = name  # untrusted: any value
    wanted = given.lower() if isinstance(given, str) else ""
    for cls in RULESETS.values():
        if wanted and (wanted == cls.name or wanted in (a.lower() for a in cls.aliases)):
            return cls
    raise OptionsError(f"unsupported ruleset: {name!r}; known: {', '.join(sorted(RULESETS))}")


@functools.lru_cache(maxsize=32)
def _rules_for(cls: type[Ruleset[Any]], options: RuleOptions) -> Ruleset[Any]:
    """One ruleset per class and options, for loading states."""
    return cls(options)


def load_state(data: object) -> State:
    """A state from its JSON form (:meth:`State.to_dict`), checked whole.

    ``State.from_dict`` calls it. The state is built (every field of its type), its
    ruleset found by name, and :meth:`Ruleset.check_state` run on it.

    Raises:
        InvalidStateError: ``bad_state``, naming the first problem found and its path.

    .. versionadded:: 0.2
    """
    try:
        state: State = structure(State, data)
    except StructureError as exc:
        raise InvalidStateError(exc.message, path=exc.path) from None
    try:
        cls = find_ruleset(state.ruleset)
    except OptionsError:
        raise InvalidStateError(f"unknown ruleset {state.ruleset!r}", path="ruleset") from None
    if state.ruleset != cls.name:  # an alias: saved states name the ruleset itself
        raise InvalidStateError(f"{state.ruleset!r} is an alias; a state names its ruleset "
                                f"{cls.name!r}", path="ruleset")
    if state.version != cls.version:
        raise InvalidStateError(f"version {state.version!r}; {cls.name} is version "
                                f"{cls.version!r}", path="version")
    try:
        rules = _rules_for(cls, state.options)
    except OptionsError as exc:
        raise InvalidStateError(exc.message, path="options") from None
    return rules._check(state, typed=True)  # noqa: SLF001 - the loader of the engine's states


_state_module.set_loader(load_state)


def make(name: str, options: RuleOptions | str | Mapping[str, Any] | None = None
         ) -> Ruleset[Any]:
    """A ruleset by name, with options (an object, a preset name or a dict of overrides).

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi", "tenhou")
        >>> rules.name, rules.options.double_yakuman
        ('riichi', False)
    """
    cls = find_ruleset(name)
    if isinstance(options, Mapping):
        options = cls.options_type.from_dict(dict(options))
    return cls(options)
