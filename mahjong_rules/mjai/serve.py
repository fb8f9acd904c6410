"""One of this library's bots as an mjai bot program (``python -m mahjong_rules mjai-bot``).

:class:`MjaiBotServer` follows one seat's events with a
:class:`~mahjong_rules.mjai.knowledge.SeatKnowledge`, asks the bot for an action when
the seat must act (it sees the rebuilt view and legal actions only) and writes the
action as mjai. Two transports:

- ``mjai.app``: each input line is a JSON array of the events since the last answer;
  every line gets one JSON object back (``{"type":"none"}`` when there is nothing to
  do), as mjai.app's submissions do;
- ``mortal``: each input line is one event (an array is read as its events in order);
  a line is written only when the seat must act, as Mortal's command line does. An
  event with ``"can_act": false`` is never answered.

A riichi is answered ``reach``; the host shows the ``reach`` event and the next answer
is the declaring ``dahai`` (the bot chose it with the riichi). An event the rebuilt
game cannot follow (the host plays other rules) is reported on standard error; until
the next hand the server answers the safe move (the drawn tile, or ``none``).

Examples:
    >>> import json
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.bots import GreedyBot
    >>> server = MjaiBotServer(mr.make("riichi"), GreedyBot(1), seat=0)
    >>> server.line('[{"type":"start_game","id":0}]')
    '{"type":"none"}'
    >>> start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
    ...          "oya": 0, "dora_marker": "3p", "scores": [25000] * 4,
    ...          "tehais": [["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P",
    ...                      "F", "F"]] + [["?"] * 13] * 3}
    >>> reply = server.line(json.dumps([start, {"type": "tsumo", "actor": 0, "pai": "C"}]))
    >>> json.loads(reply)["type"]
    'hora'

.. versionadded:: 0.3
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, Literal, Protocol, TextIO

from mahjong_rules.actions import Action, Chi, Daiminkan, Discard, Kakan, Pass, Pon, Ron
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import ProtocolError
from mahjong_rules.mjai.knowledge import SeatKnowledge
from mahjong_rules.mjai.messages import EXTENSION, action_message, discard_message, red_ids

__all__ = ["PROTOCOLS", "MjaiBotServer", "serve"]

Protocol_ = Literal["mjai.app", "mortal"]
PROTOCOLS: tuple[str, ...] = ("mjai.app", "mortal")
"""The transports: one array of events per line, or one event per line."""
_NONE = '{"type":"none"}'
_CLAIM_ANSWERS = (Pass, Ron, Pon, Chi, Daiminkan)


class _Bot(Protocol):
    def act(self, observation: Any) -> Action: ...  # noqa: ANN401


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class MjaiBotServer:
    """A bot answering one seat's mjai events.

    .. versionadded:: 0.3
    """

    def __init__(self, rules: Ruleset, bot: _Bot, seat: int | None = None, *,
                 protocol: Protocol_ = "mjai.app") -> None:
        """Serve ``bot`` for ``seat`` under ``rules`` over ``protocol``."""
        if protocol not in PROTOCOLS:
            raise ValueError(f"unknown mjai protocol {protocol!r}; known: {PROTOCOLS}")
        red_ids(rules)  # mjai has riichi and sanma dialects only
        self.rules = rules
        self.bot = bot
        self.seat = seat
        """The seat (``None`` until ``start_game`` names it with ``id``)."""
        self.protocol = protocol
        self.problems: list[str] = []
        """Every event that could not be followed and every line that was not JSON."""
        self._know = None if seat is None else SeatKnowledge(rules, seat)
        self._riichi: Discard | None = None
        self._lost = False
        self._last: dict[str, Any] = {}

    # ---------------------------------------------------------------- events

    def react(self, events: Iterable[object]) -> dict[str, Any] | None:
        """Follow ``events``; the answer when the seat must act, else ``None``."""
        silent = False
        for event in events:
            if not isinstance(event, dict):
                self.problems.append(f"not an event: {event!r}")
                continue
            self._follow(event)
            silent = event.get("can_act") is False
        if self._know is None or silent:
            return None
        late = self._know.late_draw
        if self._lost or (late is not None and late is self._last):
            return self._safe()
        if not self._know.can_act:
            return None
        try:
            return self._decide()
        except ProtocolError as exc:
            self._report(exc)
            return self._safe()

    def _follow(self, event: dict[str, Any]) -> None:
        self._last = event
        kind = event.get("type")
        if kind == "start_game":
            seat = event.get("id", self.seat)
            if isinstance(seat, int) and not isinstance(seat, bool):
                self.seat = seat
            if self.seat is not None:
                names = event.get("names")
                self._know = SeatKnowledge(self.rules, self.seat,
                                           names=names if isinstance(names, list) else None)
        if kind == "start_kyoku":
            self._lost = False
            self._riichi = None
        if self._know is None or (self._lost and kind != "start_kyoku"):
            return
        try:
            self._know.feed(event)
        except ProtocolError as exc:
            self._report(exc)

    def _report(self, exc: ProtocolError) -> None:
        self._lost = True
        message = f"seat {self.seat}: {exc.reason.value}: {exc} (event {exc.event!r})"
        self.problems.append(message)
        print(f"mjai-bot: {message}", file=sys.stderr, flush=True)

    def _safe(self) -> dict[str, Any] | None:
        """The move a lost bot makes: the drawn tile on its own draw, else nothing."""
        last = self._last
        if last.get("type") == "tsumo" and last.get("actor") == self.seat:
            return {"type": "dahai", "actor": self.seat, "pai": last.get("pai"),
                    "tsumogiri": True}
        return None

    def _decide(self) -> dict[str, Any]:
        know = self._know
        assert know is not None
        assert know.state is not None
        assert self.seat is not None
        observation = know.observation()
        view = observation.view
        if self._riichi is not None and self._last.get("type") == "reach":
            chosen, self._riichi = self._riichi, None
            know.intend(chosen)
            return self._with_ids(discard_message(self.seat, chosen.tile, view["drawn"],
                                                  red_ids(self.rules)), chosen)
        action = self.bot.act(observation)
        if isinstance(action, _CLAIM_ANSWERS):
            know.answer(action)
        else:
            know.intend(action)
        if isinstance(action, Discard) and action.riichi:
            self._riichi = action
        message = action_message(action, view, self.rules)
        return self._with_ids(message, action)

    def _with_ids(self, message: dict[str, Any], action: Action) -> dict[str, Any]:
        """The answer with the physical ids it names, when the host sends them too."""
        if not (self._know is not None and self._know.extended):
            return message
        if isinstance(action, Discard | Kakan):
            message[EXTENSION] = {"pai": action.tile}
        elif isinstance(action, Pon | Chi):
            message[EXTENSION] = {"consumed": list(action.tiles)}
        return message

    # ---------------------------------------------------------------- framing

    def line(self, text: str) -> str | None:
        """Answer one input line (``None``: write nothing)."""
        text = text.strip()
        if not text:
            return None
        try:
            data = json.loads(text)
        except ValueError as exc:
            self.problems.append(f"not JSON: {exc}")
            print(f"mjai-bot: not JSON: {text[:200]!r}", file=sys.stderr, flush=True)
            return _NONE if self.protocol == "mjai.app" else None
        events = data if isinstance(data, list) else [data]
        answer = self.react(events)
        if answer is None:
            return _NONE if self.protocol == "mjai.app" else None
        return _dumps(answer)


def serve(server: MjaiBotServer, stdin: TextIO, stdout: TextIO) -> int:
    """Answer lines from ``stdin`` on ``stdout`` until the input ends or ``end_game``."""
    for text in stdin:
        reply = server.line(text)
        if reply is not None:
            stdout.write(reply + "\n")
            stdout.flush()
        if server._last.get("type") == "end_game":  # noqa: SLF001
            break
    return 0
