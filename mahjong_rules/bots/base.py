"""What a bot is: the :class:`Observation` it gets, the :class:`Bot` protocol, the registry.

A bot sees one :class:`Observation` per decision: its seat, its legal actions and its
seat's view (:meth:`~mahjong_rules.engine.Ruleset.view`: its own hand, the public table,
nothing hidden). It never receives the game state. An observation can be built without a
state, from those three parts (an mjai client rebuilds views from events, an RL
environment from its own encoding), or from the game loop with :meth:`Observation.of`.

Bots are made by name through a registry: :func:`make_bot` takes a spec ``NAME`` or
``NAME:ARG`` and a seed; :func:`register_bot` adds a kind (its factory gets the seed and
the argument). Every built-in bot is deterministic given its seed.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=1)
    >>> observation = Observation.of(rules, state, seat=0)
    >>> bot = make_bot("efficiency", seed=3)
    >>> action = bot.act(observation)
    >>> action in observation.legal
    True
    >>> sorted(BOTS)
    ['balanced', 'defensive', 'efficiency', 'greedy', 'mjai', 'random', 'tsumogiri']

.. versionadded:: 0.3
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from mahjong_rules.actions import Action
from mahjong_rules.errors import MahjongRulesError, Reason

if TYPE_CHECKING:
    from mahjong_rules.engine import Ruleset
    from mahjong_rules.state import State

__all__ = ["BOTS", "Bot", "BotError", "BotFactory", "Observation", "make_bot", "register_bot"]

View = Mapping[str, Any]
"""A seat's view: the plain JSON data of :meth:`~mahjong_rules.engine.Ruleset.view`."""


class BotError(MahjongRulesError, ValueError):
    """A bot that cannot be made, or that answered with an action that is not legal.

    The reason is ``bad_input`` for an unknown name or a bad argument, and the
    rejection's reason for an illegal answer.

    .. versionadded:: 0.3
    """


class Observation:
    """What one seat knows when it must act: its seat, its legal actions and its view.

    Args:
        seat: the seat that acts.
        legal: its legal actions (without the always-legal ``SetPreferences`` and
            ``Disconnect``), as :meth:`~mahjong_rules.engine.Ruleset.legal_actions`
            gives them with ``preferences=False``.
        view: the seat's view, or a zero-argument callable that returns it (called at most
            once, when a bot first reads :attr:`view`: bots that pass need no view).
        rules: the ruleset, for its public options (red fives, kuitan, ...); ``None``
            means the default options of ``view["ruleset"]``.

    Examples:
        >>> from mahjong_rules.actions import Pass
        >>> observation = Observation(seat=2, legal=(Pass(seat=2),),
        ...                           view=lambda: {"ruleset": "riichi"})
        >>> observation.seat, observation.view["ruleset"], observation.ruleset
        (2, 'riichi', 'riichi')

    .. versionadded:: 0.3
    """

    __slots__ = ("_rules", "_view", "_view_source", "legal", "seat")

    def __init__(self, *, seat: int, legal: Sequence[Action],
                 view: View | Callable[[], View], rules: Ruleset | None = None) -> None:
        """An observation from its parts (no state needed)."""
        self.seat = seat
        """The seat that acts."""
        self.legal: tuple[Action, ...] = tuple(legal)
        """Its legal actions, in the ruleset's fixed order."""
        self._rules = rules
        self._view: View | None = None
        self._view_source: Callable[[], View] | None = None
        if callable(view):
            self._view_source = view
        else:
            self._view = view

    @classmethod
    def of(cls, rules: Ruleset, state: State, seat: int) -> Observation:
        """The observation of ``seat`` in the game loop (its view is built on first use).

        The state itself is not kept: only the seat's legal actions and a deferred call
        of ``rules.view(state, seat)``.
        """
        return cls(seat=seat, legal=rules.legal_actions(state, seat, preferences=False),
                   view=functools.partial(rules.view, state, seat), rules=rules)

    @property
    def view(self) -> View:
        """The seat's view (computed on first use when it was given as a callable)."""
        view = self._view
        if view is None:
            assert self._view_source is not None
            view = self._view = self._view_source()
            self._view_source = None
        return view

    @property
    def rules(self) -> Ruleset:
        """The ruleset (its options are public): given, or the defaults of the view's."""
        if self._rules is None:
            self._rules = default_rules(str(self.view["ruleset"]))
        return self._rules

    @property
    def ruleset(self) -> str:
        """The ruleset's name: ``riichi``, ``sanma`` or ``taiwanese``."""
        if self._rules is not None:
            return self._rules.name
        return str(self.view["ruleset"])


@functools.cache
def default_rules(name: str) -> Ruleset:
    """The ruleset ``name`` with its default options (what a view names without options)."""
    from mahjong_rules.registry import make  # noqa: PLC0415 - the registry imports the bots' users

    return make(name)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from an observation.

    .. versionadded:: 0.1
    """

    def act(self, observation: Observation) -> Action:
        """Pick one of ``observation.legal``."""
        ...


BotFactory = Callable[[int, str | None], Bot]
"""Makes a bot from its seed and the spec's argument (the text after ``NAME:``, or None)."""

_REGISTRY: dict[str, BotFactory] = {}
BOTS: Mapping[str, BotFactory] = _REGISTRY
"""The registered bot kinds by name (read-only; add with :func:`register_bot`)."""


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Add a bot kind, made by ``make_bot("NAME")`` or ``make_bot("NAME:ARG")``.

    Those call ``factory(seed, arg)``; ``arg`` is ``None`` without a colon.

    Examples:
        >>> from mahjong_rules.bots import RandomBot
        >>> register_bot("coin", lambda seed, arg: RandomBot(seed + int(arg or 0)))
        >>> type(make_bot("coin:7", seed=1)).__name__
        'RandomBot'

    Raises:
        BotError: ``bad_input`` for an empty name, a name with a colon, or a name taken
            (unless ``replace``).
    """
    if not name or ":" in name or name != name.strip():
        raise BotError(Reason.BAD_INPUT, f"a bot name must be a word without ':', got {name!r}")
    if name in _REGISTRY and not replace:
        raise BotError(Reason.BAD_INPUT, f"a bot named {name!r} is registered already")
    _REGISTRY[name] = factory


def make_bot(spec: str, *, seed: int) -> Bot:
    """A bot from a spec, deterministic given ``seed``.

    The spec is ``NAME`` or ``NAME:ARG``, for example ``efficiency`` or
    ``mjai:python my_bot.py`` (everything after the first colon is the argument).

    Raises:
        BotError: ``bad_input`` for an unknown name or an argument the kind refuses.
    """
    if not isinstance(spec, str):
        raise BotError(Reason.BAD_INPUT, f"a bot spec must be a string, got {spec!r}")
    name, colon, arg = spec.partition(":")
    factory = _REGISTRY.get(name.strip())
    if factory is None:
        raise BotError(Reason.BAD_INPUT, f"unknown bot {name!r}; known: "
                                         f"{', '.join(sorted(_REGISTRY))}")
    return factory(seed, arg if colon else None)


def no_argument(cls: Callable[[int], Bot]) -> BotFactory:
    """A factory for a bot class that takes only a seed (an argument is refused).

    The factory's argument defaults to ``None``, so ``BOTS["random"](seed)`` works as in
    0.1.
    """

    def factory(seed: int, arg: str | None = None) -> Bot:
        if arg is not None:
            raise BotError(Reason.BAD_INPUT,
                           f"bot {getattr(cls, 'name', cls)!r} takes no argument, got {arg!r}")
        return cls(seed)

    return factory
