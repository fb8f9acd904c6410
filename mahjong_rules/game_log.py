"""A game played through the reducer as a log: mjai events, read back into the log model.

:class:`MjaiRecorder` follows a game step by step (the ``on_step`` hook of
:func:`~mahjong_rules.bots.play_game`: the state before, the action, the state after)
and writes every event a full-information mjai log has: ``start_kyoku`` with the dealt
hands, every ``tsumo`` with its tile, ``dahai``, ``reach`` and ``reach_accepted``, the
calls, kans and kita, the kan ``dora``, ``hora`` (deltas, fu, yaku by Tenhou's names,
the ura indicators) and ``ryukyoku`` (deltas, tenpai seats). :meth:`MjaiRecorder.game`
reads those events back with the mjai reader (:func:`~mahjong_rules.notation.mjai.parse_mjai`),
which checks them and builds the :class:`~mahjong_rules.notation.tenhou.TenhouGame`
that the writers turn into mjai JSONL or tenhou.net/6 JSON (:func:`game_log_text`).

Riichi and sanma only (the log formats have no Taiwanese). The replayer reads such logs
back with the ``tenhou`` preset and the log's length, red fives and open tanyao: a game
played with those rules (``--preset tenhou``) replays with no mismatch.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi", "tenhou")
    >>> record, text = self_play_log(rules, ["efficiency"] * 4, seed=1, game=0, to="mjai")
    >>> from mahjong_rules.notation.logs import parse_log
    >>> game = parse_log(text).games[0]
    >>> len(game.hands) == record["hands"]
    True

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_rules.actions import Action, Discard
from mahjong_rules.bots.play import MAX_ACTIONS, self_play_game
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import InvalidArgumentError, Reason
from mahjong_rules.notation._kinds import DORA
from mahjong_rules.notation._kinds import YAKU_NAMES as TENHOU_NAMES
from mahjong_rules.notation.logs import format_log
from mahjong_rules.notation.mjai import parse_mjai, spec_pai
from mahjong_rules.notation.tenhou import TenhouGame
from mahjong_rules.options import RiichiOptions
from mahjong_rules.parallel import canonical_json
from mahjong_rules.state import HandResult, MeldRecord, Phase, State, WinRecord
from mahjong_rules.tiles import RED_FIVE_IDS
from mahjong_rules.yaku_ids import yaku_name

__all__ = ["LOG_FORMATS", "MjaiRecorder", "game_log_text", "self_play_log"]

LOG_FORMATS = ("mjai", "tenhou6")
"""The formats :func:`game_log_text` writes."""

_WINDS = "ESWN"


class MjaiRecorder:
    """The mjai events of one game, from its steps.

    .. versionadded:: 0.3
    """

    def __init__(self, rules: Ruleset, names: Sequence[str]) -> None:
        """A recorder for a game of ``rules`` between ``names`` (one per seat)."""
        if rules.name not in ("riichi", "sanma"):
            raise InvalidArgumentError(Reason.BAD_INPUT,
                                       f"{rules.name} games have no log format (riichi, sanma)")
        self.rules = rules
        self.seats = rules.num_seats
        options = rules.options
        self.red = isinstance(options, RiichiOptions) and options.red_fives > 0
        self.events: list[dict[str, Any]] = [
            {"type": "start_game", "names": list(names), "aka_flag": self.red}]

    # ------------------------------------------------------------------ tiles

    def pai(self, tile: int) -> str:
        """The mjai name of a physical tile."""
        return spec_pai((tile // 4, self.red and tile in RED_FIVE_IDS))

    def pais(self, tiles: Sequence[int]) -> list[str]:
        """The mjai names of tiles."""
        return [self.pai(t) for t in tiles]

    # ------------------------------------------------------------------ steps

    def step(self, before: State | None, action: Action | None, after: State) -> None:
        """Record one step (the ``on_step`` hook of the game loop)."""
        if before is None or (before.phase is Phase.HAND_OVER
                              and after.phase is not Phase.HAND_OVER):
            if after.phase in (Phase.SELF_ACTION, Phase.CLAIMS):
                self._start(after)
            if after.phase is Phase.GAME_OVER:
                self.events.append({"type": "end_game"})
            return
        if action is not None:
            self._action(before, action, after)
        if after.deposits > before.deposits:  # a riichi accepted: its deposit is paid
            for seat in range(self.seats):
                if after.seats[seat].points == before.seats[seat].points - 1000:
                    self.events.append({"type": "reach_accepted", "actor": seat})
        if len(after.history) > len(before.history):
            self._result(before, after, after.history[-1])
            return
        self._dora(before, after)
        self._draws(before, after)

    def _start(self, state: State) -> None:
        tehais: list[list[str]] = []
        for player in state.seats:
            hand = list(player.hand)
            if player.drawn is not None:
                hand.remove(player.drawn)
            tehais.append(self.pais(sorted(hand)))
        self.events.append({
            "type": "start_kyoku", "bakaze": _WINDS[state.round_wind],
            "kyoku": state.hand_number + 1, "honba": state.honba, "kyotaku": state.deposits,
            "oya": state.dealer, "dora_marker": self.pai(state.dora_indicators[0]),
            "scores": [p.points for p in state.seats], "tehais": tehais})
        for seat, player in enumerate(state.seats):
            if player.drawn is not None:
                self.events.append({"type": "tsumo", "actor": seat,
                                    "pai": self.pai(player.drawn)})

    def _action(self, before: State, action: Action, after: State) -> None:
        """A discard (with its riichi), and every meld or kita the step resolved."""
        if isinstance(action, Discard):
            seat = action.seat
            if action.riichi:
                self.events.append({"type": "reach", "actor": seat})
            self.events.append({"type": "dahai", "actor": seat, "pai": self.pai(action.tile),
                                "tsumogiri": action.tile == before.seats[seat].drawn})
        for seat in range(self.seats):  # a call resolves when its window closes
            old, new = before.seats[seat], after.seats[seat]
            for meld in new.melds:
                if meld not in old.melds:
                    self.events.append(self._meld(seat, meld))
            for _ in new.kita[len(old.kita):]:
                self.events.append({"type": "nukidora", "actor": seat, "pai": "N"})

    def _meld(self, seat: int, meld: MeldRecord) -> dict[str, Any]:
        kind = meld.kind.value
        if kind == "ankan":
            return {"type": "ankan", "actor": seat, "consumed": self.pais(meld.tiles)}
        if kind == "kakan":
            added = meld.added if meld.added is not None else meld.tiles[-1]
            return {"type": "kakan", "actor": seat, "pai": self.pai(added),
                    "consumed": self.pais([t for t in meld.tiles if t != added])}
        called = meld.called
        assert called is not None
        assert meld.from_seat is not None
        return {"type": kind, "actor": seat, "target": meld.from_seat, "pai": self.pai(called),
                "consumed": self.pais([t for t in meld.tiles if t != called])}

    def _dora(self, before: State, after: State) -> None:
        for index in range(before.revealed, after.revealed):
            self.events.append({"type": "dora",
                                "dora_marker": self.pai(after.dora_indicators[index])})

    def _draws(self, before: State, after: State) -> None:
        for seat in range(self.seats):
            drawn = after.seats[seat].drawn
            if drawn is not None and drawn not in before.seats[seat].hand:
                self.events.append({"type": "tsumo", "actor": seat, "pai": self.pai(drawn)})

    def _result(self, before: State, after: State, result: HandResult) -> None:
        self._dora(before, after)
        if result.kind == "win":
            for number, win in enumerate(result.winners):
                self.events.append(self._hora(before, result, win, first=number == 0))
        else:
            self.events.append({"type": "ryukyoku", "deltas": list(result.deltas),
                                "tenpais": [s in result.tenpai for s in range(self.seats)]})
        self.events.append({"type": "end_kyoku"})
        if after.phase is Phase.GAME_OVER:
            self.events.append({"type": "end_game"})

    def _hora(self, before: State, result: HandResult, win: WinRecord, *,
              first: bool) -> dict[str, Any]:
        """One winner's ``hora``: ``win.points`` holds the honba and sticks it collects."""
        target = win.seat if win.from_seat is None else win.from_seat
        sticks = 1000 * before.deposits if first else 0
        if len(result.winners) == 1:
            deltas = list(result.deltas)
        else:  # one hora per winner (multiple ron): the discarder pays each
            deltas = [0] * self.seats
            deltas[win.seat] = win.points
            deltas[target] = -(win.points - sticks)
        seat_wind = (win.seat - before.dealer) % self.seats
        if win.yakuman:
            yakus = [[self._yaku(key, seat_wind, before.round_wind), 13] for key, _ in win.yaku]
        else:
            yakus = [[self._yaku(key, seat_wind, before.round_wind), han]
                     for key, han in win.yaku]
            dora = win.han - sum(han for _, han in win.yaku)
            if dora:  # dora, red fives, ura and kita together: han, not compared as yaku
                yakus.append([TENHOU_NAMES[DORA], dora])
        event: dict[str, Any] = {
            "type": "hora", "actor": win.seat, "target": target, "pai": self.pai(win.win_tile),
            "deltas": deltas, "fu": win.fu, "yakus": yakus,
            "ura_markers": self.pais(win.ura_indicators)}
        if win.from_seat is not None:
            event["hora_points"] = win.points - sticks
        return event

    @staticmethod
    def _yaku(key: str, seat_wind: int, round_wind: int) -> str:
        row = yaku_name(key)
        if key == "seat_wind":
            return TENHOU_NAMES[10 + seat_wind]
        if key == "round_wind":
            return TENHOU_NAMES[14 + round_wind]
        return TENHOU_NAMES[row.tenhou[0]]

    # ------------------------------------------------------------------ output

    def text(self) -> str:
        """The events as mjai JSONL (this recorder's own lines)."""
        return "".join(canonical_json(event) + "\n" for event in self.events)

    def game(self, name: str = "") -> TenhouGame:
        """The game in the log model (read back by the mjai reader, which checks it).

        Raises:
            LogFormatError: the events do not make a log (a defect of the recorder).
        """
        [game] = parse_mjai(self.text(), name=name)
        return game


def game_log_text(game: TenhouGame, to: str) -> str:
    """``game`` as mjai JSONL (``to="mjai"``) or tenhou.net/6 JSON (``"tenhou6"``).

    Raises:
        ValueError: another format.
    """
    if to not in LOG_FORMATS:
        raise ValueError(f"log format {to!r}: use one of {LOG_FORMATS}")
    return format_log([game], "mjai" if to == "mjai" else "tenhou6")


def self_play_log(rules: Ruleset, specs: Sequence[str], *, seed: int, game: int,
                  to: str = "mjai", max_actions: int = MAX_ACTIONS) -> tuple[dict[str, Any], str]:
    """Self-play game ``game`` (:func:`~mahjong_rules.bots.self_play_game`); record and log.

    The record is the game's; the log text is in the format ``to`` (``mjai`` or
    ``tenhou6``).

    Raises:
        InvalidArgumentError: a Taiwanese game.
        ValueError: an unknown format.
    """
    recorder = MjaiRecorder(rules, list(specs))
    record = self_play_game(rules, specs, seed=seed, game=game, max_actions=max_actions,
                            on_step=recorder.step)
    return record, game_log_text(recorder.game(name=f"game {game}"), to)
