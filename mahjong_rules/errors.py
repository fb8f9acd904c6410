"""Errors: one exception root, stable reason codes.

Every exception of the library derives from :class:`MahjongRulesError` and also from
the built-in a caller would naturally catch (``ValueError``). Each carries a
:class:`Reason`, whose value is a stable snake_case wire code (public API: renaming one
is a breaking change).

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping

import attrs

__all__ = [
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidStateError",
    "LogFormatError",
    "MahjongRulesError",
    "NotALogError",
    "NotationError",
    "OptionsError",
    "ProtocolError",
    "Reason",
    "Rejection",
    "ScoringError",
]


class Reason(enum.Enum):
    """Stable, machine-readable reason codes.

    .. versionadded:: 0.1
    """

    # notation
    EMPTY_GROUP = "empty_group"
    """Digits with no suit letter after them, or a suit letter with no digits."""
    UNKNOWN_CHARACTER = "unknown_character"
    """A character that is neither a digit 0-9 nor a suit letter m/p/s/z/f."""
    BAD_TILE = "bad_tile"
    """A digit that is not a tile in its suit (8z, 0z, 9f, 0f)."""
    TOO_MANY_COPIES = "too_many_copies"
    """More copies of a tile than the set holds (a fifth 1m, a second red 5m)."""
    EMPTY_INPUT = "empty_input"
    """No tiles where some are required."""
    BAD_COUNTS = "bad_counts"
    """A count vector of the wrong length or with a count outside 0..4."""
    BAD_TILE_ID = "bad_tile_id"
    """A physical tile id outside the tile set."""
    BAD_LOG = "bad_log"
    """A game log (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSONL, a meld code, a wall
    seed) that is malformed or truncated."""
    NOT_A_LOG = "not_a_log"
    """A file that is none of the log formats (a README, an image): skipped, not an
    error of a log."""

    # kernel (carried as strings by KernelInputError, which imports nothing)
    BAD_SHAPE = "bad_shape"
    """An array of the wrong shape, or a kernel parameter out of range."""
    BAD_HAND_SIZE = "bad_hand_size"
    """A hand that is not 3n+1 or 3n+2 tiles, or too large for the variant."""
    OUTSIDE_TILE_SET = "outside_tile_set"
    """A kind the variant's tile set does not have (2m-8m in sanma)."""

    # scoring
    BAD_HAND = "bad_hand"
    """A hand that cannot exist: wrong size for its melds, a fifth copy, a tile outside
    the tile set, a malformed meld."""
    NOT_A_WINNING_HAND = "not_a_winning_hand"
    """The tiles do not form a winning shape."""
    NO_YAKU = "no_yaku"
    """A winning shape without any yaku (dora are not yaku)."""
    CONFLICTING_CONTEXT = "conflicting_context"
    """Win circumstances that cannot happen together (haitei with a ron, ippatsu without
    riichi, ...); ``details["conflict"]`` names the pair."""

    # requests at the edge (command line, JSON)
    BAD_INPUT = "bad_input"
    """A request object with an unknown key or a value of the wrong type."""
    BAD_JSON = "bad_json"
    """A line that is not valid JSON."""

    # game actions
    RULESET_MISMATCH = "ruleset_mismatch"
    """The state belongs to another ruleset, version or options."""
    BAD_SEAT = "bad_seat"
    """No such seat (a seat number out of range, or not an ``int``)."""
    BAD_STATE = "bad_state"
    """Not a game state, or a saved state no legal play reaches (a tile twice or missing,
    a hand of the wrong size, points that do not add up, a phase that does not fit)."""
    GAME_OVER = "game_over"
    """The game has ended."""
    WRONG_PHASE = "wrong_phase"
    """This kind of action does not fit the current phase."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act."""
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    """The action names a tile the seat does not hold."""
    SWAP_CALL_FORBIDDEN = "swap_call_forbidden"
    """Kuikae: discarding the called kind (or the other end of a chi) right after the call."""
    RIICHI_DISCARD_ONLY_DRAWN = "riichi_discard_only_drawn"
    """After riichi only the tile just drawn may be discarded."""
    RIICHI_REQUIRES_CLOSED_HAND = "riichi_requires_closed_hand"
    """Riichi needs a closed hand."""
    RIICHI_REQUIRES_TENPAI = "riichi_requires_tenpai"
    """The discard would not leave the hand tenpai."""
    RIICHI_NOT_ENOUGH_POINTS = "riichi_not_enough_points"
    """Riichi needs 1000 points for the deposit."""
    RIICHI_NOT_ENOUGH_TILES = "riichi_not_enough_tiles"
    """Too few tiles left in the wall to declare riichi."""
    ALREADY_RIICHI = "already_riichi"
    """The seat has declared riichi already."""
    FURITEN = "furiten"
    """A ron while furiten (own discards, a passed win, or after riichi)."""
    KAN_NOT_ALLOWED = "kan_not_allowed"
    """No kan now: four kans made, no tile left to replace, or no such meld."""
    KAN_CHANGES_WAIT = "kan_changes_wait"
    """A closed kan after riichi that would change the waits or the hand's reading."""
    KITA_NOT_ALLOWED = "kita_not_allowed"
    """No kita now (not sanma, no North held, no tile left, or it changes the waits)."""
    NOT_FIRST_DRAW = "not_first_draw"
    """Nine terminals only on the seat's first draw before any call."""
    TOO_FEW_TERMINALS = "too_few_terminals"
    """Nine terminals needs nine different terminals and honours."""
    CALL_NOT_AVAILABLE = "call_not_available"
    """That claim is not open to the seat (wrong tiles, wrong seat, last discard...)."""
    ALREADY_ANSWERED = "already_answered"
    """The seat has answered this claim window already."""
    DEADLINE_PASSED = "deadline_passed"
    """An answer to a claim window that arrives after its deadline (dropped, 8.5)."""
    NOT_TIMED_OUT = "not_timed_out"
    """A timeout before the deadline (or with no time kept)."""
    ALREADY_READY = "already_ready"
    """The seat has acknowledged this result already."""
    NOT_IN_RULESET = "not_in_ruleset"
    """An action the ruleset does not have (riichi or nine terminals in Taiwanese, a
    ready-hand declaration in riichi)."""
    DECLARATION_NOT_ALLOWED = "declaration_not_allowed"
    """A ready-hand declaration outside its moment: a non-dealer after the opening
    window, the dealer on a later discard or after a kong, a seat that declared already."""
    DECLARATION_REQUIRES_TENPAI = "declaration_requires_tenpai"
    """The dealt hand (for the dealer: after the named discard) is not ready."""
    DECLARED_HAND_LOCKED = "declared_hand_locked"
    """After the ready-hand declaration only the drawn tile may be discarded (or the hand
    won); no calls and no kongs."""

    # bot protocols (mjai)
    ANSWER_NOT_LEGAL = "answer_not_legal"
    """A bot's answer (an mjai message) that is well formed but is none of the seat's
    legal actions now."""
    UNFOLLOWABLE_EVENT = "unfollowable_event"
    """An mjai event that a seat's rebuilt game cannot follow: out of order, a tile the
    seat knows to be elsewhere, or an action these rules refuse."""
    BOT_TIMEOUT = "bot_timeout"
    """A bot process gave no answer within its time."""
    BOT_EXITED = "bot_exited"
    """A bot process closed its output or exited."""
    # reinforcement learning (mahjong_rules.rl)
    ACTION_ID_NOT_LEGAL = "action_id_not_legal"
    """An environment step with an action id that is not set in the seat's mask (or a
    seat that does not decide now)."""

    # options
    BAD_OPTION = "bad_option"
    """An option value outside its allowed set, or an unknown option or preset name."""


class MahjongRulesError(Exception):
    """Root of every error the library raises.

    .. versionadded:: 0.1
    """

    reason: Reason

    def __init__(self, reason: Reason, message: str) -> None:
        """Carry a stable ``reason`` and a human ``message``."""
        super().__init__(message)
        self.reason = reason
        self.message = message


class NotationError(MahjongRulesError, ValueError):
    """Tile notation that cannot be read; ``position`` is the offending character.

    Examples:
        >>> from mahjong_rules.notation import parse_kinds
        >>> try:
        ...     parse_kinds("123x")
        ... except NotationError as exc:
        ...     print(exc.reason.value, exc.position)
        unknown_character 3

    .. versionadded:: 0.1
    """

    def __init__(
        self, reason: Reason, message: str, *, text: str = "", position: int | None = None
    ) -> None:
        """Name the ``text`` and the 0-based ``position`` of the offending character."""
        super().__init__(reason, message)
        self.text = text
        self.position = position


class LogFormatError(MahjongRulesError, ValueError):
    """A game log that cannot be read: malformed, truncated or inconsistent.

    Always carries :attr:`Reason.BAD_LOG`. ``name`` is the log's name as given by the
    caller (often its file name), ``hand`` the 0-based index of the hand (``None`` outside
    any hand) and ``element`` the offending tag or value.

    .. versionadded:: 0.2
    """

    def __init__(
        self, message: str, *, name: str = "", hand: int | None = None, element: str = ""
    ) -> None:
        """Name the log, the hand index and the offending element in the message."""
        where = [f"log {name!r}" if name else "log"]
        if hand is not None:
            where.append(f"hand {hand}")
        if element:
            where.append(f"element {element!r}")
        super().__init__(Reason.BAD_LOG, f"{', '.join(where)}: {message}")
        self.name = name
        self.hand = hand
        self.element = element


class NotALogError(MahjongRulesError, ValueError):
    """Data that is not a game log in any format the library reads.

    Always carries :attr:`Reason.NOT_A_LOG`; ``name`` is the file's name as given.

    .. versionadded:: 0.2
    """

    def __init__(self, message: str, *, name: str = "") -> None:
        """Name the file in the message."""
        super().__init__(Reason.NOT_A_LOG, f"{name or 'data'}: {message}")
        self.name = name


class OptionsError(MahjongRulesError, ValueError):
    """Rule options that are not valid (unknown name, value out of range).

    .. versionadded:: 0.1
    """

    def __init__(self, message: str) -> None:
        """Always carries :attr:`Reason.BAD_OPTION`."""
        super().__init__(Reason.BAD_OPTION, message)


class ProtocolError(MahjongRulesError, ValueError):
    """An mjai message that cannot be read or followed.

    Its reason is ``bad_json``, ``bad_input``, ``unfollowable_event`` or
    ``answer_not_legal``; ``event`` is the message as read.

    .. versionadded:: 0.3
    """

    def __init__(self, reason: Reason, message: str, *, event: object = None) -> None:
        """Carry the offending message."""
        super().__init__(reason, message)
        self.event = event


def _frozen_details(data: Mapping[str, int | str]) -> Mapping[str, int | str]:
    return types.MappingProxyType(dict(data))


@attrs.frozen(kw_only=True)
class Rejection:
    """A machine-readable refusal: a stable reason, a human message and details.

    Examples:
        >>> Rejection(reason=Reason.NO_YAKU, message="no yaku").reason.value
        'no_yaku'

    .. versionadded:: 0.1
    """

    reason: Reason
    """The stable reason code."""
    message: str
    """For humans; never asserted on in tests."""
    details: Mapping[str, int | str] = attrs.field(factory=dict, converter=_frozen_details)
    """Machine-readable context (e.g. which two circumstances conflict)."""

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-compatible form."""
        return {"reason": self.reason.value, "message": self.message,
                "details": dict(self.details)}


class ScoringError(MahjongRulesError, ValueError):
    """Raised by :func:`~mahjong_rules.scoring.score_or_raise` for a rejected hand.

    .. versionadded:: 0.1
    """

    def __init__(self, rejection: Rejection) -> None:
        """Wrap a :class:`Rejection`."""
        super().__init__(rejection.reason, rejection.message)
        self.rejection = rejection


class InvalidArgumentError(MahjongRulesError, ValueError):
    """An argument of the game API that is not valid: a seat out of range or not an int.

    Raised by :meth:`Ruleset.view <mahjong_rules.engine.Ruleset.view>`, ``legal_actions``
    and :func:`mahjong_rules.events.events` (``bad_seat``); its subclass
    :class:`InvalidStateError` for a state argument that is not a valid state.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi")
        >>> try:
        ...     rules.view(rules.setup(seed=1), -1)
        ... except InvalidArgumentError as exc:
        ...     print(exc.reason.value)
        bad_seat

    .. versionadded:: 0.2
    """


class InvalidStateError(InvalidArgumentError):
    """A state that is not a valid state of the rules at hand.

    ``bad_state``: not a :class:`~mahjong_rules.state.State`, or one that no legal play
    reaches (:func:`mahjong_rules.state_check.check_state`: the first problem found, its
    place in ``path``, e.g. ``seats[1].hand``); ``ruleset_mismatch``: a state of another
    ruleset, version or options. Raised by ``State.from_dict``, ``Ruleset.check_state``,
    ``Ruleset.setup(start=...)`` and the queries (``view``, ``legal_actions``, ``to_act``,
    ``deadline``, ``result``, ``apply_passes``).

    .. versionadded:: 0.2
    """

    def __init__(self, message: str, *, path: str = "",
                 reason: Reason = Reason.BAD_STATE) -> None:
        """Name the offending field by its ``path`` in the state's JSON form."""
        super().__init__(reason, f"{path}: {message}" if path else message)
        self.path = path


class IllegalActionError(MahjongRulesError, ValueError):
    """Raised by ``apply`` for an illegal action; ``rejection`` says why.

    .. versionadded:: 0.1
    """

    def __init__(self, rejection: Rejection) -> None:
        """Wrap a :class:`Rejection`."""
        super().__init__(rejection.reason, rejection.message)
        self.rejection = rejection
