"""The public reducer API: the :class:`Ruleset` base every variant implements.

.. code-block:: python

    import mahjong_rules as mr
    rules = mr.make("riichi")                 # or "sanma", "taiwanese"; options=... or a preset
    state = rules.setup(seed=7)               # or setup(walls=[...]) for tests and replays
    rules.to_act(state)                       # seats that must act now
    rules.legal_actions(state, seat)          # every legal action of that seat, sorted
    rules.validate(state, action)             # None, or a Rejection with a stable reason
    rules.apply(state, action)                # a new state; raises IllegalActionError
    rules.apply_passes(state)                 # every seat still to answer a claim passes
    rules.view(state, seat)                   # what that seat may see; None: a spectator
    rules.result(state)                       # None until the game ends
    rules.check_state(state)                  # a state legal play reaches, or an error

Public methods are ``@final`` templates that enforce the shared rules once (the state
is a state of this ruleset and options, the game is not over, the seat exists) and then
call the variant's hooks. A bad seat raises :class:`InvalidArgumentError` (``bad_seat``),
a state that is not one of these rules :class:`InvalidStateError` (``bad_state``,
``ruleset_mismatch``); ``validate`` returns those as a :class:`Rejection` instead.

The registry of rulesets, :func:`~mahjong_rules.registry.make` and the loader of saved
states are in :mod:`mahjong_rules.registry`, above this module: the engine imports no
ruleset. ``Ruleset`` is generic in its options type (``Ruleset[RiichiOptions]``), so a
ruleset's ``options`` has its own type; a bare ``Ruleset`` is ``Ruleset[RuleOptions]``.

.. versionadded:: 0.1
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, cast, final

import attrs

from mahjong_rules.actions import ACTION_TYPES, Action, Discard
from mahjong_rules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidStateError,
    OptionsError,
    Reason,
    Rejection,
)
from mahjong_rules.fast import DEFAULT as FAST_DEFAULT
from mahjong_rules.fast import FastPaths
from mahjong_rules.options import RuleOptions
from mahjong_rules.state import HandStart, Phase, State
from mahjong_rules.state_check import Table, WallParts, check_state

__all__ = ["OptionsT_co", "Ruleset"]

if TYPE_CHECKING:  # with a default (PEP 696, typing 3.13): a bare ``Ruleset`` stays valid
    from typing_extensions import TypeVar

    OptionsT_co = TypeVar("OptionsT_co", bound=RuleOptions, default=RuleOptions, covariant=True)
else:
    from typing import TypeVar

    OptionsT_co = TypeVar("OptionsT_co", bound=RuleOptions, covariant=True)
"""The options type of a ruleset (``RiichiOptions``, ``SanmaOptions``, ...)."""


class Ruleset(abc.ABC, Generic[OptionsT_co]):
    """A variant of mahjong: metadata, options, and the reducer.

    .. versionadded:: 0.1
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1"
    """Bumped whenever the ruleset's outputs change (not for refactors)."""
    num_seats: ClassVar[int]
    options_type: ClassVar[type[RuleOptions]]
    """The options class: ``OptionsT_co`` itself (a class variable cannot name a type
    variable; :meth:`__init__` checks that ``options`` is of this exact class)."""
    options: OptionsT_co
    action_types: ClassVar[frozenset[type[Action]]] = frozenset(
        ACTION_TYPES.values())  # type: ignore[arg-type]
    """The action classes the ruleset has (a hook: a ruleset lists its own). The engine
    refuses an action of any other class with ``not_in_ruleset`` before the ruleset is
    asked (:meth:`validate`), so no ruleset carries a stub to refuse it. The default is
    every class of :mod:`mahjong_rules.actions`.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi")
        >>> mr.DeclareReady in rules.action_types, mr.NineTerminals in rules.action_types
        (False, True)
        >>> rules.validate(rules.setup(seed=1), mr.DeclareReady(seat=0)).reason.value
        'not_in_ruleset'

    .. versionadded:: 0.4
    """

    def __init__(self, options: OptionsT_co | str | None = None, *,
                 fast: FastPaths = FAST_DEFAULT) -> None:
        """Rules with ``options`` (an options object, a preset name, or the defaults).

        ``fast`` switches the fast paths (:class:`~mahjong_rules.fast.FastPaths`; the
        default takes them all); every choice gives the same states.
        """
        self.fast = fast
        given: RuleOptions | str | None = options
        if isinstance(given, str):
            given = self.options_type.preset(given)
        if given is None:
            given = self.options_type()
        if type(given) is not self.options_type:
            raise OptionsError(f"{self.name} takes {self.options_type.__name__}, "
                               f"got {type(given).__name__}")
        self.options = cast("OptionsT_co", given)  # of the exact class options_type names

    # ---- templates -------------------------------------------------------------------

    @final
    def setup(self, *, seed: int | None = None, walls: list[list[int]] | None = None,
              players: list[str] | None = None, start: HandStart | None = None,
              now: int | None = None) -> State:
        """A new game: a seeded game, or one played on injected walls (one per hand).

        ``start`` begins the game at another hand than East 1 (round, honba, deposits and
        scores of a log's hand, for replays); the state it gives passes
        :meth:`check_state`. ``now`` starts the clock: the first turn's
        :meth:`deadline` counts from it (without it, time is kept from the first action
        that carries an ``at``).

        Examples:
            >>> import mahjong_rules as mr
            >>> rules = mr.make("riichi")
            >>> rules.deadline(rules.setup(seed=1, now=1_000))  # 1 s + 15 s turn + 60 s bank
            76000

        Raises:
            IllegalActionError: ``bad_input`` for a seed, wall, player list, start or
                ``now`` of the wrong type or shape.
            InvalidStateError: ``bad_state`` for a start that gives no valid state (its
                points and deposits do not add up to the table's total).
        """
        problem = _setup_problem(self.num_seats, seed=seed, walls=walls, players=players,
                                 start=start, now=now)
        if problem is not None:
            raise IllegalActionError(Rejection(reason=Reason.BAD_INPUT, message=problem))
        state = self._setup(seed=seed, walls=walls, players=players, start=start)
        if now is not None:
            state = attrs.evolve(state, clock=now, phase_started=now)
        if start is not None:  # built here from checked arguments: its types are right
            self._check(state, typed=True)
        return state

    @final
    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must act now (several while a claim window is open).

        Raises:
            InvalidStateError: not a state of these rules.
        """
        self._require(state)
        return self._to_act(state)

    @final
    def legal_actions(self, state: State, seat: int, *,
                      preferences: bool = True) -> tuple[Action, ...]:
        """Every legal action of ``seat``, in a fixed order and free of duplicates.

        ``preferences=False`` leaves out the ``SetPreferences`` and ``Disconnect`` actions
        (always legal), which players choosing a move do not need.

        Examples:
            >>> import mahjong_rules as mr
            >>> rules = mr.make("riichi")
            >>> state = rules.setup(seed=1)
            >>> sorted({a.type for a in rules.legal_actions(state, 1)})  # not its turn
            ['disconnect', 'set_preferences']
            >>> rules.legal_actions(state, 1, preferences=False)
            ()

        Raises:
            InvalidArgumentError: ``bad_seat`` for a seat that is not an ``int`` of
                ``0..num_seats-1``.
            InvalidStateError: not a state of these rules.
        """
        if not (type(state) is State and state.options is self.options
                and state.ruleset == self.name and state.version == self.version):
            self._require(state)  # _state_problem's usual case, inline: only others here
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            raise _bad_seat(seat, self.num_seats)
        if preferences:
            return self._legal_actions(state, seat)
        return self._moves(state, seat)

    @final
    def validate(self, state: State, action: Action) -> Rejection | None:
        """``None`` when ``action`` is legal, else a :class:`Rejection`. Never raises.

        A non-state gives ``bad_state``, a state of other rules ``ruleset_mismatch``, a
        well-formed action of a class the ruleset does not list (``action_types``)
        ``not_in_ruleset``.
        """
        if not (type(state) is State and state.options is self.options
                and state.ruleset == self.name and state.version == self.version):
            problem = self._state_problem(state)  # its usual case inline: only others here
            if problem is not None:
                return problem
        candidate: object = action
        if type(candidate) is Discard and self._plain_discard(candidate):
            # the commonest action with plain fields: _action_problem finds nothing
            return self._checked(state, action)
        checks = _FIELD_CHECKS.get(type(candidate))
        if checks is None:
            if not isinstance(candidate, _ACTION_CLASSES):
                return Rejection(reason=Reason.BAD_INPUT, message=f"not an action: {action!r}")
            checks = _FIELD_CHECKS[type(candidate)] = _field_checks(type(candidate))
        problem = self._action_problem(action, checks)
        if problem is not None:
            return problem
        return self._checked(state, action)

    def _checked(self, state: State, action: Action) -> Rejection | None:
        """The ruleset's verdict on a well-formed action (a malformed one: ``bad_input``)."""
        try:
            return self._validate(state, action)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
            return Rejection(reason=Reason.BAD_INPUT, message=f"malformed action: {exc}")

    def _plain_discard(self, action: Discard) -> bool:
        """A discard whose fields are plain values of their types, by a class listed.

        What :meth:`_action_problem` finds nothing wrong with, tested directly.
        """
        seat: object = action.seat
        tile: object = action.tile
        riichi: object = action.riichi
        return (type(seat) is int and 0 <= seat < self.num_seats and type(tile) is int
                and type(riichi) is bool and action.at is None
                and Discard in self.action_types)

    def _action_problem(self, action: Action,
                        checks: tuple[tuple[str, int], ...]) -> Rejection | None:
        """A bad seat, a malformed field, or a class the ruleset does not list."""
        seat = action.seat
        if (type(seat) is not int and not _is_int(seat)) or not 0 <= seat < self.num_seats:
            return Rejection(reason=Reason.BAD_SEAT, message=f"no seat {action.seat!r}")
        if not _plainly_well_formed(action, checks):
            malformed = _malformed(action)
            if malformed is not None:
                return Rejection(reason=Reason.BAD_INPUT, message=malformed)
        listed = self.action_types
        if type(action) not in listed and not isinstance(action, tuple(listed)):
            return Rejection(reason=Reason.NOT_IN_RULESET,
                             message=f"{self.name} has no {action.type} action")
        return None

    @final
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is not legal (the state is untouched).
        """
        if type(action) is Discard and (done := self._quick_discard(state, action)) is not None:
            return done  # the commonest action, checked and made in one step by the ruleset
        rejection = self.validate(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection)
        return self._apply(state, action)

    @final
    def apply_unchecked(self, state: State, action: Action) -> State:
        """:meth:`apply` without validation.

        .. warning:: only for actions taken from :meth:`legal_actions` (self-play,
           search). An illegal action here may produce a corrupt state.
        """
        return self._apply(state, action)

    @final
    def apply_passes(self, state: State) -> State:
        """The state after every seat the open claim window waits for passes.

        The same state as applying ``Pass(seat=s)`` for the lowest seat ``s`` in
        :meth:`to_act`, again and again, until the window closes (a pass is always legal
        for a seat the window waits for), built in one step: a replayer or a player that
        knows nobody else claims needs no state per pass.

        Examples:
            >>> import mahjong_rules as mr
            >>> rules = mr.make("riichi")
            >>> state = rules.setup(seed=1)
            >>> while state.phase is not mr.Phase.CLAIMS:  # drawn tiles out till a claim
            ...     drawn = state.seats[state.turn].drawn
            ...     state = rules.apply(state, mr.Discard(seat=state.turn, tile=drawn))
            >>> waiting = sorted(rules.to_act(state))
            >>> after = rules.apply_passes(state)
            >>> for seat in waiting:
            ...     state = rules.apply(state, mr.Pass(seat=seat))
            >>> after == state, after.phase.value
            (True, 'self_action')

        Raises:
            IllegalActionError: ``wrong_phase`` when no claim window is open (and the
                state checks of :meth:`validate`); the state is untouched.

        .. versionadded:: 0.2
        """
        problem = self._state_problem(state)
        if problem is None and (state.phase is not Phase.CLAIMS or state.claim is None):
            problem = Rejection(reason=Reason.WRONG_PHASE, message="no claim window is open")
        if problem is not None:
            raise IllegalActionError(problem)
        return self._apply_passes(state)

    @final
    def deadline(self, state: State) -> int | None:
        """When the current phase times out, in ms (``None`` when no time is kept).

        Time comes in as data: actions carry ``at``; after this moment a ``Timeout`` for a
        seat still to act plays its automatic move. The clock starts at
        ``setup(now=...)``, else at the first action that carries ``at``: until then
        there is no deadline.

        Raises:
            InvalidStateError: not a state of these rules.
        """
        self._require(state)
        return self._deadline(state)

    @final
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as plain JSON data.

        Raises:
            InvalidArgumentError: ``bad_seat`` for a seat that is neither ``None`` nor an
                ``int`` of ``0..num_seats-1`` (a negative seat included).
            InvalidStateError: not a state of these rules.
        """
        self._require(state)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_seats):
            raise _bad_seat(seat, self.num_seats)
        return self._view(state, seat)

    @final
    def result(self, state: State) -> dict[str, Any] | None:
        """The final result once the game is over, else ``None``.

        Raises:
            InvalidStateError: not a state of these rules.
        """
        self._require(state)
        if state.phase is not Phase.GAME_OVER:
            return None
        return self._result(state)

    @final
    def check_state(self, state: object) -> State:
        """``state`` itself when it is a state of these rules that legal play reaches.

        The check of :mod:`mahjong_rules.state_check` (tiles, walls, hand sizes, seats,
        phase, points, a legal discard for the seat at turn). ``State.from_dict`` and
        ``setup(start=...)`` run it; ``validate`` and ``apply`` do not (they trust the
        states the reducer made).

        Examples:
            >>> import attrs
            >>> import mahjong_rules as mr
            >>> rules = mr.make("sanma")
            >>> state = rules.setup(seed=2)
            >>> rules.check_state(state) is state
            True
            >>> try:
            ...     rules.check_state(attrs.evolve(state, turn=7))
            ... except mr.InvalidStateError as exc:
            ...     print(exc.reason.value, exc.path)
            bad_state turn

        Raises:
            InvalidStateError: ``bad_state`` naming the first problem (``path`` says
                where), or ``ruleset_mismatch`` for a state of other rules.

        .. versionadded:: 0.2
        """
        return self._check(state)

    # ---- shared checks ---------------------------------------------------------------

    def _state_problem(self, state: State) -> Rejection | None:
        if type(state) is State and state.options is self.options and (
                state.ruleset == self.name and state.version == self.version):
            return None  # the usual case: a state with the ruleset's own options
        if type(state) is not State:
            return Rejection(reason=Reason.BAD_STATE,
                             message=f"not a State: {type(state).__name__}")
        if state.ruleset != self.name or state.version != self.version or (
                state.options != self.options):
            return Rejection(reason=Reason.RULESET_MISMATCH,
                             message=f"the state belongs to {state.ruleset} {state.version} "
                                     "with other options")
        return None

    def _require(self, state: State) -> None:
        """Raise :class:`InvalidStateError` unless ``state`` is a state of these rules."""
        problem = self._state_problem(state)
        if problem is not None:
            raise InvalidStateError(problem.message, reason=problem.reason)

    def _check(self, state: object, *, typed: bool = False) -> State:
        """:meth:`check_state` (``typed``: the state was just built from JSON)."""
        self._require(state)  # type: ignore[arg-type]
        assert isinstance(state, State)
        table = self.__dict__.get("_state_table")
        if table is None:
            table = self._table()
            table = self.__dict__["_state_table"] = attrs.evolve(
                table, hand_wall=_seeded_walls_kept(table.hand_wall))
        return check_state(state, table, typed=typed)

    # ---- hooks -----------------------------------------------------------------------

    @abc.abstractmethod
    def _table(self) -> Table:
        """The facts of this ruleset's table the state check needs."""

    @abc.abstractmethod
    def _setup(self, *, seed: int | None, walls: list[list[int]] | None,
               players: list[str] | None, start: HandStart | None = None) -> State: ...

    @abc.abstractmethod
    def _to_act(self, state: State) -> frozenset[int]: ...

    @abc.abstractmethod
    def _legal_actions(self, state: State, seat: int) -> tuple[Action, ...]: ...

    def _moves(self, state: State, seat: int) -> tuple[Action, ...]:
        """Hook: :meth:`_legal_actions` without ``SetPreferences`` and ``Disconnect``.

        In the same order. Default: those filtered out; the table game builds them alone.

        .. versionadded:: 0.4
        """
        return tuple(a for a in self._legal_actions(state, seat)
                     if a.type not in ("set_preferences", "disconnect"))

    @abc.abstractmethod
    def _validate(self, state: State, action: Action) -> Rejection | None: ...

    def _quick_discard(self, state: State, action: Discard) -> State | None:  # noqa: ARG002
        return None  # hook: apply's state for a plainly legal Discard, or None (the default)

    @abc.abstractmethod
    def _apply(self, state: State, action: Action) -> State: ...

    @abc.abstractmethod
    def _apply_passes(self, state: State) -> State: ...

    @abc.abstractmethod
    def _view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    @abc.abstractmethod
    def _deadline(self, state: State) -> int | None: ...

    @abc.abstractmethod
    def _result(self, state: State) -> dict[str, Any]: ...


def _seeded_walls_kept(hand_wall: Callable[[State, int], WallParts]
                       ) -> Callable[[State, int], WallParts]:
    """``hand_wall`` with the walls of seeded games kept (no wall shuffled twice)."""
    kept: dict[tuple[int, int], WallParts] = {}

    def cached(state: State, index: int) -> WallParts:
        if state.seed is None:
            return hand_wall(state, index)
        key = (state.seed, index)
        parts = kept.get(key)
        if parts is None:
            if len(kept) >= 256:
                kept.clear()
            parts = kept[key] = hand_wall(state, index)
        return parts

    return cached


def _bad_seat(seat: object, seats: int) -> InvalidArgumentError:
    return InvalidArgumentError(Reason.BAD_SEAT,
                                f"no seat {seat!r}: seats are the ints 0..{seats - 1}")


def _setup_problem(seats: int, *, seed: object, walls: object, players: object,  # noqa: PLR0911
                   start: object, now: object) -> str | None:
    """What is wrong with the arguments of :meth:`Ruleset.setup`, or ``None``."""
    if (seed is None) == (walls is None):
        return "give exactly one of seed and walls"
    if seed is not None and not _is_int(seed):
        return f"the seed must be an int, got {seed!r}"
    if walls is not None and (not isinstance(walls, list | tuple) or not all(
            isinstance(w, list | tuple) and _all_ints(w) for w in walls)):
        return "walls must be a list of lists of tile ids"
    if players is not None and (not isinstance(players, list | tuple) or not all(
            type(p) is str for p in players)):
        return f"players must be a list of {seats} names (strings)"
    if start is not None and not isinstance(start, HandStart):
        return f"start must be a HandStart, got {type(start).__name__}"
    points: object = None if start is None else start.points
    if points is not None and (not isinstance(points, tuple | list) or len(points) != seats
                               or not all(_is_int(p) for p in points)):
        return f"start points must be {seats} integers, got {points!r}"
    if now is not None and not _is_int(now):
        return f"now must be an int time in ms, got {now!r}"
    return None


_ACTION_CLASSES: tuple[type, ...] = tuple(ACTION_TYPES.values())
"""The action classes, for the type test of :meth:`Ruleset.validate` (built once)."""


def _is_int(value: object) -> bool:
    """Actions may be built from untrusted data: check the type at run time."""
    return isinstance(value, int) and not isinstance(value, bool)


def _all_ints(values: list[object] | tuple[object, ...]) -> bool:
    """Whether every value is an int and none a bool (a wall of plain ints in one pass)."""
    return {*map(type, values)} <= {int} or all(_is_int(v) for v in values)


@functools.cache
def _field_kinds(cls: type) -> tuple[tuple[str, str], ...]:
    """The fields of an action class but ``seat`` (checked by the caller), with their types."""
    return tuple(
        (f.name, f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
        for f in attrs.fields(cls) if f.name != "seat")


_INT, _INT_OR_NONE, _BOOL, _INTS = range(4)


def _field_checks(cls: type) -> tuple[tuple[str, int], ...]:
    """The fields of an action class that :func:`_malformed` checks, with the check."""
    checks: list[tuple[str, int]] = []
    for name, kind in _field_kinds(cls):
        if name == "at" or kind == "int | None":
            checks.append((name, _INT_OR_NONE))
        elif kind == "int":
            checks.append((name, _INT))
        elif kind == "bool":
            checks.append((name, _BOOL))
        elif kind.startswith("tuple"):
            checks.append((name, _INTS))
    return tuple(checks)


_FIELD_CHECKS: dict[type, tuple[tuple[str, int], ...]] = {}
"""The field checks of each action class met so far (the classes are few)."""


def _plainly_well_formed(action: Action, checks: tuple[tuple[str, int], ...]) -> bool:
    """Every field has exactly its plain type (``int``, ``None``, ``bool``, a tuple of ints).

    The common case, tested without :func:`_malformed`'s messages; ``False`` sends the
    action to :func:`_malformed`, which also accepts subclasses of ``int`` and gives the
    message of the first bad field.
    """
    for name, check in checks:
        value = getattr(action, name)
        if check == _INT:
            plain = type(value) is int
        elif check == _INT_OR_NONE:
            plain = value is None or type(value) is int
        elif check == _BOOL:
            plain = type(value) is bool
        else:
            plain = type(value) is tuple and all(type(v) is int for v in value)
        if not plain:
            return False
    return True


def _malformed(action: Action) -> str | None:
    """A field of the wrong type (actions can be built from untrusted data)."""
    cls: type = type(action)
    for name, kind in _field_kinds(cls):
        value = getattr(action, name)
        if name == "at":
            if value is not None and not _is_int(value):
                return f"'at' must be an integer time in ms, got {value!r}"
        elif kind == "int" and not _is_int(value):
            return f"{name} must be an integer, got {value!r}"
        elif kind == "int | None" and value is not None and not _is_int(value):
            return f"{name} must be an integer or null, got {value!r}"
        elif kind == "bool" and not isinstance(value, bool):
            return f"{name} must be true or false, got {value!r}"
        elif kind.startswith("tuple") and not all(_is_int(v) for v in value):
            return f"{name} must be integers, got {value!r}"
    return None
