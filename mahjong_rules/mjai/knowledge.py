"""A seat's game rebuilt from what it is told: its view and legal actions from mjai events.

:class:`SeatKnowledge` keeps a reducer :class:`~mahjong_rules.state.State` that agrees
with everything one seat knows: its own tiles, every discard, call, kan, kita and
indicator, the scores. The tiles it cannot see (other hands, the walls) are filled from
the unseen ones. Each event is played through the reducer (a discard is a
:class:`~mahjong_rules.actions.Discard`, a call a :class:`~mahjong_rules.actions.Pon`,
...); when an event shows a tile that the rebuilt state holds elsewhere, two hidden
tiles are exchanged first (``_patch``), so the seat's view stays what it was. The
reducer itself then answers for the seat: :meth:`SeatKnowledge.observation` gives the
seat's legal actions and view, the same as the host's reducer gives (``tests/mjai``
check it at every decision of whole games).

The rebuilt state is one seat's; only its own view is meaningful. A call on a discard
is shown after the discard: the discard is then played again from the state before it,
with the caller holding the called tiles (states are immutable, so this costs a copy).
A riichi needs a ready hand: another seat's hidden tiles are remade into one (sets and
a single) when it declares.

The hand's result reaches the seat only through the ``mahjong_rules`` extension of a
``hora``/``ryukyoku`` event (this library's host sends it): without it the view's
``last_result`` is ``None``.

Examples:
    >>> import mahjong_rules as mr
    >>> known = SeatKnowledge(mr.make("riichi"), 1)
    >>> known.feed({"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0,
    ...             "kyotaku": 0, "oya": 0, "dora_marker": "3p",
    ...             "scores": [25000, 25000, 25000, 25000],
    ...             "tehais": [["?"] * 13, ["1m", "2m", "4p", "5p", "7p", "8s", "9s", "E",
    ...                                      "S", "W", "N", "P", "P"], ["?"] * 13, ["?"] * 13]})
    >>> known.feed({"type": "tsumo", "actor": 0, "pai": "?"})
    >>> known.feed({"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": False})
    >>> known.can_act
    True
    >>> [a.type for a in known.observation().legal]
    ['pass', 'pon']

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.errors import ProtocolError
from mahjong_rules.mjai._patch import Spec, Want
from mahjong_rules.mjai.messages import EXTENSION, ROUND_WINDS
from mahjong_rules.mjai.rebuild import SeatGame, fail
from mahjong_rules.notation.mjai import pai_spec
from mahjong_rules.record import structure
from mahjong_rules.state import HandResult, Phase


class SeatKnowledge(SeatGame):
    """One seat's rebuilt game, fed with mjai events (or their actions, by id or kind).

    Attributes:
        rules: the rules the seat plays (they must be the host's).
        seat: the seat, absolute (0 is the first dealer).
        state: the rebuilt state (``None`` before the first hand).
        in_hand: a hand is being played (``start_kyoku`` seen, no result yet).
        last_result: the result of the last hand, when the host sent it.

    The action-level methods and the observation are those of the base (``mjai.rebuild``).

    .. versionadded:: 0.3
    """

    def _want(self, event: dict[str, Any], key: str) -> Want:
        ext = event.get(EXTENSION)
        if isinstance(ext, dict) and isinstance(ext.get(key), int):
            return int(ext[key])
        spec = pai_spec(event.get(key))
        if spec is None:
            raise fail(f"{event.get('type')}.{key} is not a tile: {event.get(key)!r}", event)
        return spec

    def _wants(self, event: dict[str, Any], key: str) -> list[Want]:
        ext = event.get(EXTENSION)
        if isinstance(ext, dict) and isinstance(ext.get(key), list):
            return [int(t) for t in ext[key]]
        raw = event.get(key)
        if not isinstance(raw, list):
            raise fail(f"{event.get('type')}.{key} is not a list of tiles", event)
        specs: list[Spec | None] = [pai_spec(t) for t in raw]
        if any(s is None for s in specs):
            raise fail(f"{event.get('type')}.{key} holds a hidden or bad tile", event)
        return [s for s in specs if s is not None]

    def _actor(self, event: dict[str, Any], key: str = "actor") -> int:
        actor = event.get(key)
        if isinstance(actor, bool) or not isinstance(actor, int) or not (
                0 <= actor < self.rules.num_seats):
            raise fail(f"{event.get('type')}.{key} is not a seat: {actor!r}", event)
        return actor

    def feed(self, event: dict[str, Any]) -> None:
        """Follow one mjai event.

        Raises:
            ProtocolError: ``unfollowable_event`` for an event out of place, with a bad
                field, or that the rules refuse (the state is left as it was).
        """
        if not isinstance(event, dict):
            raise fail(f"an event is a JSON object, got {event!r}", event)
        kind = event.get("type")
        saved = self.state
        if EXTENSION in event:
            self.extended = True
        try:
            if kind == "start_game":
                names = event.get("names")
                self.names = self._names(names if isinstance(names, list) else None)
            elif kind == "start_kyoku":
                self._start(event)
            elif kind in {"end_kyoku", "end_game", "none"}:
                if kind != "none":
                    self.end_hand()
            elif kind in {"hora", "ryukyoku"}:
                self._result(event)
            elif not self.in_hand:
                raise fail(f"{kind} outside a hand", event)
            elif kind == "tsumo" and self._four_riichi_over():
                self.late_draw = event  # libriichi deals on before it ends the hand
            elif kind == "tsumo":
                actor = self._actor(event)
                self.close_window()
                self.drew(actor, self._want(event, "pai") if actor == self.seat else None)
            elif kind == "dahai":
                self.close_window()
                self.discard(self._actor(event), self._want(event, "pai"),
                             tsumogiri=event.get("tsumogiri") is True)
            elif kind == "reach":
                self.declare(self._actor(event))
            elif kind == "reach_accepted":
                pass  # the reducer takes the deposit when the window closes
            elif kind in {"chi", "pon", "daiminkan"}:
                self.call(self._actor(event), kind, self._want(event, "pai"),
                          self._wants(event, "consumed"))
            elif kind == "ankan":
                self.close_window()
                self.ankan(self._actor(event), self._wants(event, "consumed"))
            elif kind == "kakan":
                self.close_window()
                self.kakan(self._actor(event), self._want(event, "pai"))
            elif kind in {"nukidora", "kita"}:
                self.close_window()
                ext_or_north: Want = (self._want(event, "pai") if "pai" in event
                                      else (30, False))
                self.kita(self._actor(event), ext_or_north)
            elif kind == "dora":
                self.dora(self._want(event, "dora_marker"))
            else:
                raise fail(f"unknown event type {kind!r}", event)
        except ProtocolError as exc:
            self.state = saved
            if exc.event is None:
                exc.event = event
            raise
        self._last = event

    def _four_riichi_over(self) -> bool:
        state = self.state
        return (state is not None and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
                and state.last_result is not None
                and state.last_result.abort_reason == "four_riichi")

    def _start(self, event: dict[str, Any]) -> None:
        n = self.rules.num_seats
        bakaze, kyoku, oya = event.get("bakaze"), event.get("kyoku"), event.get("oya")
        scores, tehais = event.get("scores"), event.get("tehais")
        if bakaze not in tuple(ROUND_WINDS) or not isinstance(kyoku, int) or oya != kyoku - 1:
            raise fail("start_kyoku needs bakaze, kyoku and its oya", event)
        if not isinstance(scores, list) or len(scores) < n or not isinstance(tehais, list) or (
                len(tehais) <= self.seat):
            raise fail("start_kyoku needs scores and tehais for every seat", event)
        ext = event.get(EXTENSION)
        tehai: list[Want]
        if isinstance(ext, dict) and isinstance(ext.get("tehai"), list):
            tehai = [int(t) for t in ext["tehai"]]
        else:
            tehai = self._wants({"type": "start_kyoku", "tehai": tehais[self.seat]}, "tehai")
        if len(tehai) != 13:
            raise fail("start_kyoku.tehais: the seat's hand is not 13 tiles", event)
        self.start_hand(round_wind=ROUND_WINDS.index(bakaze), dealer=oya,
                        honba=int(event.get("honba", 0)), deposits=int(event.get("kyotaku", 0)),
                        points=[int(s) for s in scores[:n]], tehai=tehai,
                        dora=self._want(event, "dora_marker"),
                        last_result=self._told_result(event))

    def _told_result(self, event: dict[str, Any]) -> HandResult | None:
        """The hand result the extension of ``event`` carries, if any."""
        ext = event.get(EXTENSION)
        if not (isinstance(ext, dict) and isinstance(ext.get("result"), dict)):
            return None
        try:
            result: HandResult = structure(HandResult, ext["result"])
        except (ValueError, TypeError, KeyError) as exc:
            raise fail(f"a bad {EXTENSION}.result: {exc}", event) from None
        return result

    def _result(self, event: dict[str, Any]) -> None:
        self.end_hand(self._told_result(event))
