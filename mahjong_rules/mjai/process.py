"""An external mjai bot program as a bot of this library (:class:`MjaiProcessBot`).

The program (Mortal, an mjai.app submission's ``bot.py``, this library's own
``mjai-bot``) runs as a child process. At each decision the bot turns the views it has
been given into the mjai events the seat was shown since (:class:`SeatStream`), writes
them in the program's transport, reads its answer and maps it onto one of the seat's
legal actions (:func:`~mahjong_rules.mjai.messages.answer_action`).

Transports: ``mjai.app`` (one JSON array of events per line, one answer per line, also
after ``start_game``, each ``end_kyoku`` and ``end_game``) and ``mortal`` (one event per
line, an answer only after the event the seat can act on; the other events carry
``"can_act": false``).

When the program does not answer in ``timeout`` seconds, exits, or answers something
that is not legal, the fault is logged in :attr:`MjaiProcessBot.faults` and the seat
gets ``on_fault``:

- ``"chombo"`` (mjai.app's rule): the hand ends as a chombo, the seat paying a mangan
  (:class:`~mahjong_rules.actions.Chombo`); a program that timed out or exited is
  restarted for the next hand, as mjai.app restarts it;
- ``"automatic"``: the seat's automatic move (seeds/000 8.5: a pass, the drawn tile, a
  ``Ready``) and play goes on (a program that timed out or exited makes the seat's
  automatic moves for the rest of the hand and is restarted in the next, its stream
  rebuilt from that view).

.. versionadded:: 0.3
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import weakref
from collections.abc import Sequence
from typing import IO, Any, Literal, Self

from mahjong_rules.actions import Action, Chombo, Discard, Pass, Ready, Ron
from mahjong_rules.bots.base import BotError, Observation
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.mjai.messages import answer_action, red_ids
from mahjong_rules.mjai.stream import SeatStream
from mahjong_rules.registry import make

__all__ = ["FAULT_POLICIES", "MjaiProcessBot", "automatic_action", "from_spec"]

FaultPolicy = Literal["chombo", "automatic"]
FAULT_POLICIES: tuple[str, ...] = ("chombo", "automatic")
_RESTARTS = 3
"""Failures in a row after which a program is no longer restarted."""
STARTUP_SECONDS = 10.0
"""The time for an answer after ``start_game`` or ``start_kyoku`` (mjai.app's: programs
load their models then), when ``timeout`` is shorter."""


def _hand_key(view: dict[str, Any]) -> tuple[int, int, int]:
    return view["round_wind"], view["hand_number"], view["honba"]


def automatic_action(observation: Observation) -> Action:
    """The seat's automatic move (seeds/000 8.5) from its observation.

    ``Ready`` after a hand, a pass in a claim window (a ron with automatic wins on), the
    drawn tile on its own turn (else the last discard the rules allow).
    """
    legal = list(observation.legal)
    view = observation.view
    ready: Action | None = next((a for a in legal if isinstance(a, Ready)), None)
    if ready is not None:
        return ready
    if any(isinstance(a, Pass) for a in legal):
        wins = view.get("preferences", {}).get("auto_win")
        ron = next((a for a in legal if isinstance(a, Ron)), None)
        passing: Action = next(a for a in legal if isinstance(a, Pass))
        return ron if wins and ron is not None else passing
    plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
    drawn = next((a for a in plain if a.tile == view.get("drawn")), None)
    if drawn is not None:
        return drawn
    if plain:
        return max(plain, key=lambda a: a.tile)
    first: Action = legal[0]
    return first


class _Program:
    """A running bot program: lines in, lines out (read by a thread, with a timeout)."""

    def __init__(self, command: Sequence[str], *, cwd: str | None, stderr: IO[Any] | int | None
                 ) -> None:
        self.process = subprocess.Popen(  # noqa: S603 - the user names the program to run
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
            text=True, bufsize=1, cwd=cwd)
        self.lines: queue.Queue[str | None] = queue.Queue()
        # the thread holds the pipe and the queue, not this object: when the bot is
        # dropped without close(), the finalizer still runs and the program ends
        assert self.process.stdout is not None
        threading.Thread(target=_read, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        self._finalizer = weakref.finalize(self, _stop, self.process)

    def send(self, line: str) -> bool:
        stdin = self.process.stdin
        try:
            assert stdin is not None
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def receive(self, timeout: float) -> str | Reason:
        """The next line, or why there is none in ``timeout`` seconds."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return Reason.BOT_TIMEOUT
        return Reason.BOT_EXITED if line is None else line.strip()

    def stop(self) -> None:
        self._finalizer()


def _read(stdout: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stdout:
        lines.put(line)
    lines.put(None)


def _stop(process: subprocess.Popen[str]) -> None:
    for stream in (process.stdin,):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stdout is not None:
        process.stdout.close()


class MjaiProcessBot:
    """A bot that asks an external mjai program.

    Attributes:
        command: the program and its arguments.
        faults: every timeout, exit or illegal answer: ``seat``, ``hand`` (round wind,
            hand, honba), ``reason`` (a reason code), ``message``, ``answer`` (the line
            read, if any), ``policy`` and ``action`` (what the seat did instead).

    Examples:
        >>> import sys
        >>> import mahjong_rules as mr
        >>> from mahjong_rules.bots import Observation
        >>> rules = mr.make("riichi")
        >>> state = rules.setup(seed=3)
        >>> command = [sys.executable, "-m", "mahjong_rules", "mjai-bot", "tsumogiri"]  # + seat
        >>> with MjaiProcessBot(command, rules=rules, timeout=30) as bot:
        ...     action = bot.act(Observation.of(rules, state, 0))
        >>> action == mr.Discard(seat=0, tile=state.seats[0].drawn), bot.faults
        (True, [])

    .. versionadded:: 0.3
    """

    def __init__(self, command: str | Sequence[str], *, rules: Ruleset | None = None,
                 protocol: Literal["mjai.app", "mortal"] = "mjai.app", timeout: float = 3.0,
                 on_fault: FaultPolicy = "chombo", extensions: bool = False, arrays: int = 4,
                 cwd: str | None = None, stderr: IO[Any] | int | None = None,
                 startup_timeout: float = STARTUP_SECONDS, seat_argument: bool = True,
                 seed: int = 0) -> None:
        """A bot running ``command`` (a string is split as a shell would).

        The program gets its seat as its last argument (``seat_argument``), or where
        ``{seat}`` stands in the command; ``{seed}`` stands for ``seed``. ``rules`` must
        be the host's (the rebuilt stream follows them; when ``None``, the observation's
        rules, else the first view's ruleset with its default options); ``extensions``
        sends this library's ``mahjong_rules`` fields (physical tile ids, results);
        ``startup_timeout``: the time for the answers after ``start_game`` and
        ``start_kyoku`` (mjai.app's: 10 s), when ``timeout`` is shorter.
        """
        if protocol not in ("mjai.app", "mortal"):
            raise BotError(Reason.BAD_INPUT, f"mjai: unknown protocol {protocol!r}")
        if on_fault not in FAULT_POLICIES:
            raise BotError(Reason.BAD_INPUT,
                           f"mjai: unknown fault policy {on_fault!r}; known: {FAULT_POLICIES}")
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        self.rules = rules
        self.protocol = protocol
        self.timeout = timeout
        self.on_fault = on_fault
        self.extensions = extensions
        self.arrays = arrays
        self.cwd = cwd
        self.stderr = stderr
        self.startup_timeout = startup_timeout
        self.seat_argument = seat_argument
        self.seed = seed
        self.faults: list[dict[str, Any]] = []
        self.seat: int | None = None
        self._program: _Program | None = None
        self._stream: SeatStream | None = None
        self._failures = 0
        self._dead = False
        self._skip: tuple[int, int, int] | None = None
        """A hand the program left (it timed out or exited): the seat's automatic moves."""

    # ---------------------------------------------------------------- lifecycle

    def command_for(self, seat: int) -> list[str]:
        """The command run for ``seat``: ``{seat}`` replaced, or the seat appended.

        mjai.app runs ``python bot.py SEAT`` and Mortal ``python mortal.py SEAT``: the
        seat is the last argument unless a part of the command names ``{seat}`` (or
        ``seat_argument`` is off). ``{seed}`` is replaced by the bot's seed.
        """
        command = [part.replace("{seed}", str(self.seed)) for part in self.command]
        if any("{seat}" in part for part in command):
            return [part.replace("{seat}", str(seat)) for part in command]
        return [*command, str(seat)] if self.seat_argument else command

    def bind(self, rules: Ruleset) -> None:
        """Play under ``rules`` (the host's; before the first decision)."""
        self.rules = rules

    def __enter__(self) -> Self:  # noqa: D105
        return self

    def __exit__(self, *exc: object) -> None:  # noqa: D105
        self.close()

    def game_over(self, view: dict[str, Any]) -> None:
        """The game ended: tell the program as ``view`` (the seat's last) shows it, stop it.

        The program gets the events up to that view (the last hand's result and
        ``end_kyoku``), then ``end_game``. :func:`~mahjong_rules.bots.play_game` calls
        this; a later decision starts the program again.
        """
        program, stream = self._program, self._stream
        if program is not None and stream is not None and not self._dead:
            self._send([*stream.advance(view), *stream.finish()], expect=False)
        self._stop()
        self._skip = None

    def close(self) -> None:
        """Tell the program the game ended (``end_game``) and stop it."""
        program, stream = self._program, self._stream
        if program is not None and stream is not None and not self._dead:
            self._send(stream.finish(), expect=False)
        self._stop()
        self._skip = None

    def _stop(self) -> None:
        if self._program is not None:
            self._program.stop()
        self._program = None
        self._stream = None

    def _start(self, observation: Observation, view: dict[str, Any]) -> None:
        if self.rules is None or self.rules.name != view["ruleset"]:
            self.rules = observation.rules if observation.ruleset == view["ruleset"] else make(
                view["ruleset"])
        red_ids(self.rules)  # mjai has riichi and sanma only
        self._program = _Program(self.command_for(view["viewer"]), cwd=self.cwd,
                                 stderr=self.stderr)
        self._stream = SeatStream(self.rules, view["viewer"], extensions=self.extensions,
                                  arrays=self.arrays)
        self._dead = False

    # ---------------------------------------------------------------- transport

    def _batches(self, events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        """mjai.app lines: ``start_game``, each hand's end and ``end_game`` apart."""
        out: list[list[dict[str, Any]]] = []
        current: list[dict[str, Any]] = []
        for event in events:
            if event["type"] in ("start_game", "end_game"):
                if current:
                    out.append(current)
                out.append([{**event, "id": self.seat} if event["type"] == "start_game"
                             else event])
                current = []
                continue
            current.append(event)
            if event["type"] == "end_kyoku":
                out.append(current)
                current = []
        if current:
            out.append(current)
        return out

    def _send(self, events: list[dict[str, Any]], *, expect: bool) -> str | Reason | None:
        """Write events; the answer to the last when ``expect`` (else ``None``)."""
        program = self._program
        assert program is not None
        timeout = self.timeout
        if any(e["type"] in ("start_game", "start_kyoku") for e in events):
            timeout = max(timeout, self.startup_timeout)
        if self.protocol == "mortal":
            events = [{**e, "id": self.seat} if e["type"] == "start_game" else e
                      for e in events]
            for index, event in enumerate(events):
                last = index == len(events) - 1
                line = event if (expect and last) else {**event, "can_act": False}
                if not program.send(json.dumps(line, separators=(",", ":"))):
                    return Reason.BOT_EXITED
            return program.receive(timeout) if expect else None
        batches = self._batches(events)
        for index, batch in enumerate(batches):
            if not program.send(json.dumps(batch, separators=(",", ":"))):
                return Reason.BOT_EXITED
            reply = program.receive(timeout)
            if isinstance(reply, Reason) or (expect and index == len(batches) - 1):
                return reply
        return None

    # ---------------------------------------------------------------- acting

    def act(self, observation: Observation) -> Action:
        """The program's answer as one of ``observation.legal`` (or the fault policy's)."""
        view = dict(observation.view)
        self.seat = observation.seat
        if self._program is None and self._skip == _hand_key(view):
            return automatic_action(observation)  # the rest of the hand its program left
        self._skip = None
        if self._program is None and self._failures < _RESTARTS:
            self._start(observation, view)
        stream = self._stream
        if stream is None or self._program is None:
            return self._fault(observation, view, Reason.BOT_EXITED, "the program is not running",
                               None)
        events = stream.advance(view)
        legal = [a for a in observation.legal if a.type not in ("set_preferences",
                                                                "disconnect")]
        expect = view["phase"] in ("self_action", "claims")
        reply = self._send(events, expect=expect)
        if not expect:
            if isinstance(reply, Reason):
                return self._fault(observation, view, reply, "no answer", None)
            action: Action = next(a for a in legal if isinstance(a, Ready))
            stream.act(action)
            return action
        chosen = self._answer(reply, legal, view)
        if isinstance(chosen, tuple):
            return self._fault(observation, view, *chosen)
        self._failures = 0
        stream.act(chosen)
        return chosen

    def _answer(self, reply: str | Reason | None, legal: list[Action], view: dict[str, Any]
                ) -> Action | tuple[Reason, str, str | None]:
        assert self.rules is not None
        assert self.seat is not None
        for riichi in (False, True):
            if isinstance(reply, Reason):
                return reply, "no answer", None
            if reply is None:  # pragma: no cover - a decision always has its event
                return Reason.UNFOLLOWABLE_EVENT, "no event to answer", None
            try:
                message = json.loads(reply)
            except ValueError:
                return Reason.BAD_JSON, "the answer is not JSON", reply
            found = answer_action(message, legal, view, self.rules, riichi=riichi)
            if isinstance(found, Rejection):
                return found.reason, found.message, reply
            if not (isinstance(message, dict) and message.get("type") == "reach") or riichi:
                return found
            reply = self._send([{"type": "reach", "actor": self.seat}], expect=True)
        raise AssertionError  # pragma: no cover - the loop returns

    def _fault(self, observation: Observation, view: dict[str, Any], reason: Reason,
               message: str, answer: str | None) -> Action:
        legal = list(observation.legal)
        if self.on_fault == "chombo" and view["phase"] in ("self_action", "claims"):
            action: Action = Chombo(seat=observation.seat)
        else:
            action = automatic_action(observation)
        self.faults.append({
            "seat": observation.seat,
            "hand": [view["round_wind"], view["hand_number"], view["honba"]],
            "reason": reason.value, "message": message,
            "answer": None if answer is None else answer[:500],
            "policy": self.on_fault, "action": action.to_dict()})
        if reason in (Reason.BOT_TIMEOUT, Reason.BOT_EXITED):
            self._failures += 1
            self._dead = True
            self._stop()  # restarted, with a new stream, in the next hand
            self._skip = _hand_key(view)
        elif self._stream is not None:
            self._stream.act(action if action in legal or isinstance(action, Chombo)
                             else automatic_action(observation))
        return action


_SPEC_OPTIONS = {"--protocol": "protocol", "--timeout": "timeout", "--on-fault": "on_fault",
                 "--startup-timeout": "startup_timeout", "--arrays": "arrays"}


def from_spec(argument: str | None, *, seed: int = 0) -> MjaiProcessBot:
    """The bot of a spec ``mjai:[OPTIONS] COMMAND`` (what ``make_bot`` passes).

    ``{seed}`` in the command becomes ``seed`` (the seat's seed in a game loop).

    Options before the command: ``--protocol=mjai.app|mortal``, ``--timeout=S``,
    ``--on-fault=chombo|automatic``, ``--startup-timeout=S``, ``--arrays=3|4``,
    ``--extensions``, ``--no-seat-argument``. For example ``mjai:--protocol=mortal
    python mortal.py`` (the seat is appended).

    Raises:
        BotError: ``bad_input`` for no command or a bad option (a ``ValueError``).
    """
    try:
        parts = shlex.split(argument or "")
    except ValueError as exc:  # an unclosed quote
        raise BotError(Reason.BAD_INPUT, f"mjai: {exc} in {argument!r}") from None
    options: dict[str, Any] = {}
    while parts and parts[0].startswith("--"):
        key, _, value = parts.pop(0).partition("=")
        if key == "--extensions":
            options["extensions"] = True
        elif key == "--no-seat-argument":
            options["seat_argument"] = False
        elif key in _SPEC_OPTIONS and value:
            name = _SPEC_OPTIONS[key]
            try:
                options[name] = (float(value) if "timeout" in name else int(value)
                                 if name == "arrays" else value)
            except ValueError:
                raise BotError(Reason.BAD_INPUT,
                               f"mjai: {key} needs a number, got {value!r}") from None
        else:
            raise BotError(Reason.BAD_INPUT, f"mjai: unknown option {key!r} (or it needs =VALUE)")
    if not parts:
        raise BotError(Reason.BAD_INPUT, "mjai needs a command to run: mjai:COMMAND")
    return MjaiProcessBot(parts, seed=seed, **options)

