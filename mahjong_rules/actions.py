"""Actions: frozen records of what a seat does. Shape only; legality lives in the rulesets.

Every action names the seat that takes it. Draws are not actions: the reducer draws for
the next seat itself. ``at`` is the time of the action in milliseconds (time comes in as
data; the library has no clock); ``None`` means "no time given".

Examples:
    >>> Discard(seat=1, tile=52, riichi=True).to_dict()
    {'type': 'discard', 'seat': 1, 'at': None, 'tile': 52, 'riichi': True}
    >>> action_from_dict({'type': 'pass', 'seat': 2})
    Pass(seat=2, at=None)

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from mahjong_rules.errors import MahjongRulesError, Reason

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Ankan",
    "Chi",
    "Chombo",
    "Daiminkan",
    "DeclareReady",
    "Discard",
    "Disconnect",
    "Kakan",
    "Kita",
    "NineTerminals",
    "Pass",
    "Pon",
    "Ready",
    "Ron",
    "SetPreferences",
    "Timeout",
    "Tsumo",
    "action_from_dict",
]


def _tiles(value: Iterable[int]) -> tuple[int, ...]:
    """Tiles of a call in ascending order (so that equal calls compare equal)."""
    try:
        return tuple(sorted(value))
    except TypeError:  # mixed junk: kept as given, refused by validate
        return tuple(value)


@attrs.frozen(kw_only=True)
class _Base:
    type: ClassVar[str] = ""
    seat: int
    """The seat taking the action (0..3)."""
    at: int | None = None
    """Time of the action in ms, if the caller keeps time."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form, with a ``type`` key."""
        out: dict[str, Any] = {"type": self.type}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out


@attrs.frozen(kw_only=True)
class Discard(_Base):
    """Discard a tile; with ``riichi`` the discard declares riichi."""

    type: ClassVar[str] = "discard"
    tile: int
    """The physical tile id."""
    riichi: bool = False


@attrs.frozen(kw_only=True)
class Tsumo(_Base):
    """Win on the tile just drawn."""

    type: ClassVar[str] = "tsumo"


@attrs.frozen(kw_only=True)
class Ankan(_Base):
    """Declare a closed kan of the four tiles of ``kind`` in hand."""

    type: ClassVar[str] = "ankan"
    kind: int


@attrs.frozen(kw_only=True)
class Kakan(_Base):
    """Add ``tile`` to a pon of its kind."""

    type: ClassVar[str] = "kakan"
    tile: int


@attrs.frozen(kw_only=True)
class Kita(_Base):
    """Set a North tile aside (sanma) and draw a replacement."""

    type: ClassVar[str] = "kita"


@attrs.frozen(kw_only=True)
class NineTerminals(_Base):
    """Declare nine different terminals and honours on the first draw (an abortive draw)."""

    type: ClassVar[str] = "nine_terminals"


@attrs.frozen(kw_only=True)
class Ron(_Base):
    """Claim the discard (or the added or closed kan tile, or the kita) to win."""

    type: ClassVar[str] = "ron"


@attrs.frozen(kw_only=True)
class Pon(_Base):
    """Claim the discard with two ``tiles`` from the hand."""

    type: ClassVar[str] = "pon"
    tiles: tuple[int, ...] = attrs.field(converter=_tiles)


@attrs.frozen(kw_only=True)
class Chi(_Base):
    """Claim the left player's discard with two ``tiles`` from the hand (a run)."""

    type: ClassVar[str] = "chi"
    tiles: tuple[int, ...] = attrs.field(converter=_tiles)


@attrs.frozen(kw_only=True)
class Daiminkan(_Base):
    """Claim the discard with the three tiles of its kind (an open kan)."""

    type: ClassVar[str] = "daiminkan"


@attrs.frozen(kw_only=True)
class DeclareReady(_Base):
    """Declare a ready hand as dealt (Taiwanese, rules/taiwanese.md 1.5).

    A non-dealer declares in the opening declaration window and names no tile; the dealer
    declares with its first discard and names that ``tile``.

    .. versionadded:: 0.2
    """

    type: ClassVar[str] = "declare_ready"
    tile: int | None = None
    """The dealer's first discard (``None`` for a non-dealer)."""


@attrs.frozen(kw_only=True)
class Pass(_Base):
    """Decline every claim in the open window."""

    type: ClassVar[str] = "pass"


@attrs.frozen(kw_only=True)
class Ready(_Base):
    """Acknowledge the result of a hand."""

    type: ClassVar[str] = "ready"


@attrs.frozen(kw_only=True)
class SetPreferences(_Base):
    """Automatic win and automatic pass on calls (used by timeouts and auto-pilot)."""

    type: ClassVar[str] = "set_preferences"
    auto_win: bool = False
    no_calls: bool = False


@attrs.frozen(kw_only=True)
class Disconnect(_Base):
    """The seat's connection dropped: auto-pilot plays for it until its next own action."""

    type: ClassVar[str] = "disconnect"


@attrs.frozen(kw_only=True)
class Chombo(_Base):
    """A referee's penalty: the seat's hand ends as a chombo (never in ``legal_actions``).

    The seat pays each other seat what that seat would pay for a mangan tsumo (4,000 to
    the dealer and 2,000 to each other seat; a dealer pays 4,000 to each), and the hand
    ends like an abortive draw (``abort_reason`` ``chombo``: the dealer stays, one more
    honba, the riichi sticks stay on the table). A host applies it for a seat that broke
    the protocol (an mjai bot that timed out or answered an illegal action, mjai.app's
    policy; ``docs/mjai.md``). Riichi and sanma only.

    .. versionadded:: 0.3
    """

    type: ClassVar[str] = "chombo"


@attrs.frozen(kw_only=True)
class Timeout(_Base):
    """The seat's time ran out at ``at``: the reducer plays its automatic move."""

    type: ClassVar[str] = "timeout"


Action = (Discard | Tsumo | Ankan | Kakan | Kita | NineTerminals | Ron | Pon | Chi | Daiminkan
          | DeclareReady | Pass | Ready | SetPreferences | Disconnect | Timeout | Chombo)
"""Every action of riichi, sanma and Taiwanese."""

ACTION_TYPES: dict[str, type[_Base]] = {cls.type: cls for cls in (
    Discard, Tsumo, Ankan, Kakan, Kita, NineTerminals, Ron, Pon, Chi, Daiminkan, DeclareReady,
    Pass, Ready, SetPreferences, Disconnect, Timeout, Chombo)}


def action_from_dict(data: object) -> Action:
    """An action from its plain form.

    Raises:
        MahjongRulesError: reason ``bad_input`` for an unknown type or bad fields.
    """
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise MahjongRulesError(Reason.BAD_INPUT, f"not an action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    fields = {f.name for f in attrs.fields(cls)}
    payload = {k: v for k, v in data.items() if k != "type"}
    if set(payload) - fields or not isinstance(payload.get("seat"), int):
        raise MahjongRulesError(Reason.BAD_INPUT, f"bad fields for {data['type']}: {data!r}")
    try:
        action: Action = cls(**payload)  # type: ignore[assignment]
    except TypeError as exc:
        raise MahjongRulesError(Reason.BAD_INPUT, str(exc)) from None
    return action
