"""Game state: frozen attrs values, data and derived read-only properties only.

A :class:`State` holds the whole game: the table (winds, dealer, honba, deposits, the
walls), each seat's :class:`PlayerState`, the open claim window, and the finished hands.
Tiles are physical ids (0..135, ``kind = id >> 2``; Taiwanese flowers 136..143, which
never enter a concealed hand). States are immutable: the reducer
returns a new one built with ``attrs.evolve``; every field is JSON-serializable through
:mod:`mahjong_rules.record`.

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from mahjong_rules.melds import MeldKind
from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions
from mahjong_rules.record import OMIT_DEFAULT, unstructure

__all__ = [
    "AbortReason",
    "CallKind",
    "ClaimSource",
    "ClaimWindow",
    "HandEnd",
    "HandResult",
    "HandStart",
    "MeldRecord",
    "Phase",
    "PlayerState",
    "Response",
    "RiverEntry",
    "State",
    "WinRecord",
    "replace",
    "with_all_seats",
    "with_seat",
]

_T = TypeVar("_T")


class Phase(enum.Enum):
    """What the game waits for."""

    SELF_ACTION = "self_action"
    """The seat to move acts on its own turn: discard, win, kan, kita, nine terminals."""
    CLAIMS = "claims"
    """A claim window is open: eligible seats answer (ron, pon, kan, chi, pass)."""
    HAND_OVER = "hand_over"
    """The hand has ended; every seat acknowledges with ``Ready``."""
    GAME_OVER = "game_over"
    """The game has ended; :meth:`Ruleset.result` gives the result."""


@attrs.frozen(kw_only=True)
class MeldRecord:
    """A called or declared meld with its physical tiles."""

    kind: MeldKind
    tiles: tuple[int, ...]
    """All its tiles (the claimed one included)."""
    called: int | None = None
    """The claimed tile (``None`` for a closed kan)."""
    from_seat: int | None = None
    """Who discarded the claimed tile."""
    added: int | None = None
    """For an added kan: the tile added to the pon."""


@attrs.frozen(kw_only=True)
class RiverEntry:
    """One discard."""

    tile: int
    tsumogiri: bool = False
    """The tile discarded was the one just drawn."""
    riichi: bool = False
    """This discard declared riichi."""
    called: bool = False
    """Another seat claimed it (it left the river)."""


# State and PlayerState keep their fields in an instance __dict__ (no __slots__): the
# reducer copies them on every action, and copying one dict is ten times cheaper than
# setting thirty slots.
@attrs.frozen(kw_only=True, slots=False)
class PlayerState:
    """One seat."""

    hand: tuple[int, ...]
    """Concealed tiles, sorted (the drawn tile included)."""
    drawn: int | None = None
    """The tile drawn this turn (for tsumogiri and riichi checks)."""
    melds: tuple[MeldRecord, ...] = ()
    river: tuple[RiverEntry, ...] = ()
    kita: tuple[int, ...] = ()
    """North tiles set aside (sanma)."""
    flowers: tuple[int, ...] = attrs.field(default=(), metadata=OMIT_DEFAULT)
    """Flowers and seasons set aside face up, in the order revealed (Taiwanese)."""
    declared: bool = attrs.field(default=False, metadata=OMIT_DEFAULT)
    """The seat made the ready-hand declaration (Taiwanese)."""
    points: int
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    """Riichi was declared and no call or own discard has happened since."""
    temporary_furiten: bool = False
    """Passed a winning tile since the last own discard."""
    riichi_furiten: bool = False
    """Passed a winning tile after riichi: furiten until the hand ends."""
    called_this_turn: bool = False
    """The last action was a chi or pon (kuikae applies to the discard)."""
    kuikae: tuple[int, ...] = ()
    """Kinds that may not be discarded right after a call."""
    auto_win: bool = False
    no_calls: bool = False
    timeouts: int = 0
    """Timeouts in a row."""
    auto_pilot: bool = False
    time_bank_ms: int | None = None
    """Reserve time left (``None`` until time is kept; refilled 5 s per hand)."""
    wins: int = 0
    deal_ins: int = 0
    riichi_count: int = 0
    calls: int = 0


class ClaimSource(enum.StrEnum):
    """What opened a claim window.

    The values are the saved-state format (the plain strings of 0.3: a state saved then
    loads as it was).
    """

    DISCARD = "discard"
    KAKAN = "kakan"
    """An added kan (robbing it is chankan)."""
    ANKAN = "ankan"
    """A closed kan (only thirteen orphans may rob it)."""
    KITA = "kita"
    """Sanma: a North set aside."""
    DECLARATION = "declaration"
    """Taiwanese: the opening ready-hand window (``tile`` is -1)."""
    FLOWER = "flower"
    """Taiwanese: a seat holding seven flowers may rob the eighth, just shown."""
    SEVENTH_FLOWER = "seventh_flower"
    """Taiwanese: a seat just showed its seventh flower and may rob the eighth."""
    DEAL_FLOWER = "deal_flower"
    """Taiwanese: the same after the opening replacements."""


class CallKind(enum.StrEnum):
    """A claim a seat may make, or its answer, in a claim window.

    The values are the saved-state format (the plain strings of 0.3).
    """

    PASS = "pass"  # noqa: S105 - a claim answer, not a password
    RON = "ron"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    CHI = "chi"
    DECLARE = "declare"
    """Taiwanese: a ready-hand declaration in the opening window."""


class HandEnd(enum.StrEnum):
    """How a hand ended (the saved-state values of 0.3)."""

    WIN = "win"
    EXHAUSTIVE = "exhaustive"
    """The wall ran out."""
    ABORTIVE = "abortive"
    """An abortive draw (``HandResult.abort_reason`` says which) or a chombo."""


class AbortReason(enum.StrEnum):
    """Why a hand ended in an abortive draw (``HandResult.abort_reason``).

    The values are the saved-state values of 0.3 (``abort_reason`` stays a string field:
    a saved state loads unchanged, and a member equals its value).

    Examples:
        >>> AbortReason.FOUR_WINDS == "four_winds", str(AbortReason.CHOMBO)
        (True, 'chombo')
    """

    NINE_TERMINALS = "nine_terminals"
    """Nine kinds of terminals and honours on the first draw (seeds/000 5.8)."""
    FOUR_WINDS = "four_winds"
    """The same wind discarded by every seat in the first go-around."""
    FOUR_KANS = "four_kans"
    """A fourth kan by more than one seat, its window passed."""
    FOUR_RIICHI = "four_riichi"
    """Every seat declared riichi."""
    TRIPLE_RON = "triple_ron"
    """Three seats ron one discard (``triple_ron`` abort)."""
    CHOMBO = "chombo"
    """A referee's chombo: the seat pays, the hand ends like an abortive draw."""


@attrs.frozen(kw_only=True)
class Response:
    """A seat's answer in a claim window (hidden from the other seats)."""

    kind: CallKind
    tiles: tuple[int, ...] = ()


@attrs.frozen(kw_only=True, slots=False)  # a field dict: each answer copies the window
class ClaimWindow:
    """An open claim window after a discard, an added kan, a closed kan or a kita."""

    source: ClaimSource
    tile: int
    from_seat: int
    options: tuple[tuple[CallKind, ...], ...]
    """Per seat, the claims it may make (empty when not eligible). Never in a view."""
    responses: tuple[Response | None, ...]
    """Per seat, its answer so far."""
    riichi_pending: bool = False
    """The discard declared riichi: the deposit is paid when the window closes."""


@attrs.frozen(kw_only=True)
class WinRecord:
    """One winner of a finished hand."""

    seat: int
    from_seat: int | None
    """The discarder (``None`` for a tsumo)."""
    han: int
    fu: int
    yakuman: int
    yaku: tuple[tuple[str, int], ...]
    """``(id, han)``, or ``(id, multiple)`` for a yakuman; Taiwanese: ``(id, tai)``."""
    points: int
    """What the winner received (honba and deposits included)."""
    hand: tuple[int, ...]
    win_tile: int
    ura_indicators: tuple[int, ...] = ()
    tai: int = attrs.field(default=0, metadata=OMIT_DEFAULT)
    """Taiwanese: the hand's total tai (``han``, ``fu`` and ``yakuman`` are 0)."""


@attrs.frozen(kw_only=True)
class HandResult:
    """How a hand ended."""

    kind: HandEnd
    round_wind: int
    hand_number: int
    honba: int
    winners: tuple[WinRecord, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abort_reason: str | None = None
    """``nine_terminals``, ``four_winds``, ``four_kans``, ``four_riichi``, ``triple_ron``."""
    chombo_seat: int | None = attrs.field(default=None, metadata=OMIT_DEFAULT)
    """The seat charged with a chombo (``abort_reason`` ``chombo``).

    .. versionadded:: 0.3
    """
    deltas: tuple[int, ...]
    """Point change of every seat."""


@attrs.frozen(kw_only=True)
class HandStart:
    """Where a game starts when it does not start at East 1 (replays of mid-game logs).

    Seat 0 is the first dealer, so the dealer of the first hand is ``hand_number``.

    Examples:
        >>> import mahjong_rules as mr
        >>> start = HandStart(round_wind=1, hand_number=2, honba=1, deposits=2,
        ...                   points=(30000, 20000, 26000, 22000))
        >>> state = mr.make("riichi").setup(walls=[list(range(136))], start=start)
        >>> state.round_wind, state.dealer, state.honba, state.deposits, state.seats[1].points
        (1, 2, 1, 2, 20000)

    .. versionadded:: 0.2
    """

    round_wind: int = 0
    """0 East, 1 South, 2 West, 3 North."""
    hand_number: int = 0
    """Hand within the wind (0-based); also the dealer's seat."""
    honba: int = 0
    deposits: int = 0
    """Riichi sticks already on the table."""
    points: tuple[int, ...] | None = None
    """Every seat's points (``None``: the options' start points)."""


@attrs.frozen(kw_only=True, slots=False)
class State:
    """A whole game."""

    ruleset: str
    """``riichi``, ``sanma`` or ``taiwanese``."""
    version: str
    """The ruleset's behaviour version."""
    options: TaiwaneseOptions | RiichiOptions | SanmaOptions
    """The ruleset's options (loading tries the types in this order: each type refuses
    the others' fields)."""
    seed: int | None
    """Seed of the walls; ``None`` when the walls were injected."""
    walls: tuple[tuple[int, ...], ...] = ()
    """Injected walls, one per hand (used in order), when ``seed`` is ``None``."""
    players: tuple[str, ...]
    """Player names by seat (seat 0 is the first dealer)."""
    hands_played: int = 0
    round_wind: int = 0
    hand_number: int = 0
    """Hand within the wind (0-based)."""
    dealer: int = 0
    honba: int = 0
    deposits: int = 0
    """Riichi sticks on the table (in sticks of 1000)."""
    phase: Phase
    turn: int
    """The seat to act (the discarder while a claim window is open)."""
    live: tuple[int, ...] = attrs.field(repr=False)
    """Live wall: draws come from the front."""
    rinshan: tuple[int, ...] = attrs.field(repr=False)
    """Replacement tiles, in draw order."""
    dora_indicators: tuple[int, ...] = attrs.field(repr=False)
    """All five dora indicator positions (only ``revealed`` of them are turned)."""
    ura_indicators: tuple[int, ...] = attrs.field(repr=False)
    revealed: int = 1
    pending_kan_dora: int = 0
    """Indicators to turn at the kan maker's next discard (open and added kans)."""
    kan_count: int = 0
    kan_seats: tuple[int, ...] = ()
    """Who made each kan (for the four-kans abort)."""
    first_go_around: bool = True
    """No call yet and every seat is still on its first draw."""
    first_discards: tuple[int, ...] = ()
    """Kinds of the first discard of each seat so far (four winds)."""
    rinshan_draw: bool = False
    """The seat to act drew a replacement tile."""
    liability: tuple[int, ...] = ()
    """Per seat, the seat liable (pao) for its daisangen/daisuushii (or suukantsu, or
    an open-kan rinshan win), or -1."""
    liability_yaku: tuple[str, ...] = ()
    seats: tuple[PlayerState, ...]
    claim: ClaimWindow | None = None
    ready: tuple[bool, ...] = ()
    last_result: HandResult | None = None
    history: tuple[HandResult, ...] = ()
    end_reason: str | None = None
    clock: int | None = None
    """The latest time an action carried."""
    phase_started: int | None = None
    """When the current phase (turn, window, result) began, if time is kept."""

    @property
    def tiles_left(self) -> int:
        """Draws left in the live wall."""
        return len(self.live)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (a server that restarts loses nothing).

        Examples:
            >>> import json
            >>> import mahjong_rules as mr
            >>> state = mr.make("sanma").setup(seed=5)
            >>> saved = json.dumps(state.to_dict())
            >>> type(state).from_dict(json.loads(saved)).to_dict() == state.to_dict()
            True
        """
        data: dict[str, Any] = unstructure(self)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Load a state saved with :meth:`to_dict`, checked whole before it is returned.

        The check (:mod:`mahjong_rules.state_check`) refuses any state no legal play
        reaches: a tile twice or missing, a hand of the wrong size, a seat, dealer or turn
        out of range, a wall out of order, points that do not add up, a phase that does
        not fit; nothing is loaded in part.

        Examples:
            >>> import mahjong_rules as mr
            >>> data = mr.make("riichi").setup(seed=5).to_dict()
            >>> data["dealer"] = 9
            >>> try:
            ...     State.from_dict(data)
            ... except mr.InvalidStateError as exc:
            ...     print(exc.reason.value, exc.path)
            bad_state dealer

        Raises:
            InvalidStateError: ``bad_state`` (a ``ValueError``) for data that is not a
                saved state, with the first problem found and its ``path``.
        """
        if _LOADER is None:  # the registry is imported lazily: importing it sets the loader
            importlib.import_module("mahjong_rules.registry")
        assert _LOADER is not None, "mahjong_rules.registry sets the state loader"
        return _LOADER(data)


_LOADER: Callable[[dict[str, Any]], State] | None = None
"""The loader :meth:`State.from_dict` calls: :func:`mahjong_rules.registry.load_state`.

The registry sits at the top of the import graph (it knows every ruleset, and a state is
checked by its own ruleset); it hands its loader down here when it is imported, so this
module needs no import of the registry, and there is no cycle. ``import mahjong_rules``
loads its names lazily, so :meth:`State.from_dict` imports the registry by name the first
time it is needed (which sets this loader).
"""


def set_loader(loader: Callable[[dict[str, Any]], State]) -> None:
    """Make ``loader`` the function :meth:`State.from_dict` calls (the registry's job)."""
    global _LOADER  # noqa: PLW0603 - the one late-bound dependency of this module
    _LOADER = loader


_FIELDS: dict[type, tuple[str, ...]] = {}
_new = object.__new__
_set_dict = object.__setattr__


def replace(instance: _T, **changes: Any) -> _T:  # noqa: ANN401
    """``attrs.evolve`` without its per-call overhead, for the validator-free state types.

    State and PlayerState keep their fields in ``__dict__`` (``slots=False``, for this):
    one dict copy makes the new value. Other (slotted) classes are copied field by field.
    The reducer's copies go through here (``docs/performance.md``).

    Examples:
        >>> entry = RiverEntry(tile=4, tsumogiri=False)
        >>> replace(entry, called=True)
        RiverEntry(tile=4, tsumogiri=False, riichi=False, called=True)
    """
    cls = type(instance)
    new = _new(cls)
    fields = getattr(instance, "__dict__", None)
    if fields is not None:
        # a copy of the field dictionary, changed, becomes the new value's own: no
        # attribute is set through the frozen class's __setattr__ (a dict copy is about
        # twice as fast as filling the new value's empty dictionary)
        data = fields.copy()
        data.update(changes)
        _set_dict(new, "__dict__", data)
        return new
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls))  # type: ignore[arg-type]
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else
                           getattr(instance, name))
    return new


def with_seat(state: State, seat: int, table: dict[str, Any] | None = None,
              **changes: Any) -> State:  # noqa: ANN401
    """``state`` with one seat changed (and, with ``table``, table fields) in one copy.

    Examples:
        >>> import mahjong_rules as mr
        >>> state = mr.make("riichi").setup(seed=1)
        >>> after = with_seat(state, 2, {"honba": 1}, points=0)
        >>> after.seats[2].points, after.honba, state.seats[2].points
        (0, 1, 25000)
    """
    seats = list(state.seats)
    player = seats[seat]
    data = player.__dict__.copy()
    data.update(changes)
    seats[seat] = new = _new(PlayerState)
    _set_dict(new, "__dict__", data)
    data = state.__dict__.copy()
    if table:
        data.update(table)
    data["seats"] = tuple(seats)
    new_state = _new(State)
    _set_dict(new_state, "__dict__", data)
    return new_state


def with_all_seats(state: State, **changes: Any) -> State:  # noqa: ANN401
    """``state`` with the same change made to every seat.

    A seat that holds every changed field's value already (the same type, equal) is
    kept as it is: the new state shares it (equal to a copy).

    Examples:
        >>> import mahjong_rules as mr
        >>> state = mr.make("riichi").setup(seed=1)
        >>> after = with_all_seats(state, ippatsu=False, points=25000)
        >>> after.seats[0] is state.seats[0], after == state
        (True, True)
    """
    items = changes.items()
    seats = tuple(
        p if all(type(value) is type(fields.get(name, _MISSING)) and fields[name] == value
                 for name, value in items) else replace(p, **changes)
        for p in state.seats for fields in (p.__dict__,))
    return replace(state, seats=seats)


_MISSING = object()
