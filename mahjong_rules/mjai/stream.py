"""A seat's mjai event stream, built from its views alone, however far apart they are.

A bot in this library sees its view only when it must act. :class:`SeatStream` turns
those views (and the seat's own actions) into the mjai events the seat was shown in
between: it plays the public part of the game forward on a
:class:`~mahjong_rules.mjai.knowledge.SeatKnowledge` (the seat's rebuilt state), one
reducer step per action it reads off the next view (a new discard, call, kan, kita, the
hand's end), and writes each step with :func:`~mahjong_rules.mjai.events.step_events`.
The reducer keeps the order (deposits, indicators, replacement draws) and the rebuilt
view is checked against the real one at every decision (a difference is recorded in
:attr:`SeatStream.desyncs`).

Two things a view does not order are chosen, as documented in ``docs/mjai.md``: when
another seat made several closed or added kans or kita between two of the seat's
decisions, they come in the order added kans, closed kans (in meld order), kita, all
in that seat's first turn that can hold them. And the end of a hand the seat had no
decision in after some point (the last hand of a game, or a host that does not ask for
``Ready``) is told as far as the next view shows: its result, then ``end_kyoku``.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=3)
    >>> stream = SeatStream(rules, 1)
    >>> state = rules.apply(state, mr.Discard(seat=0, tile=36))  # seat 1 draws: it acts
    >>> [e["type"] for e in stream.advance(rules.view(state, 1))]
    ['start_game', 'start_kyoku', 'tsumo', 'dahai', 'tsumo']
    >>> stream.act(mr.Discard(seat=1, tile=state.seats[1].drawn))
    >>> state = rules.apply(state, mr.Discard(seat=1, tile=state.seats[1].drawn))
    >>> while state.phase is not mr.Phase.SELF_ACTION or state.turn != 1:  # a go-around
    ...     if state.phase is mr.Phase.CLAIMS:
    ...         state = rules.apply_passes(state)
    ...     else:
    ...         state = rules.apply(state, mr.Discard(seat=state.turn,
    ...                                               tile=state.seats[state.turn].drawn))
    >>> [(e["type"], e["actor"]) for e in stream.advance(rules.view(state, 1))][:3]
    [('dahai', 1), ('tsumo', 2), ('dahai', 2)]

.. versionadded:: 0.3
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Chombo,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import ProtocolError, Reason
from mahjong_rules.mjai._patch import evolve_seat, place_in_hand, relabel, set_hand
from mahjong_rules.mjai.events import EventWriter, step_events
from mahjong_rules.mjai.knowledge import SeatKnowledge
from mahjong_rules.record import structure
from mahjong_rules.state import HandResult, Phase

__all__ = ["SeatStream"]

View = dict[str, Any]
Event = dict[str, Any]
_OVER = ("hand_over", "game_over")
_PLAYING = ("self_action", "claims")


def _key(view: View) -> tuple[int, int, int] | None:
    """The (round wind, hand, honba) of the hand a view is in (its result's, when over)."""
    if view["phase"] in _PLAYING:
        return view["round_wind"], view["hand_number"], view["honba"]
    result = view["last_result"]
    if result is None:
        return None
    return result["round_wind"], result["hand_number"], result["honba"]


class SeatStream:
    """The mjai events of one seat, from the views it is given.

    Attributes:
        seat: the seat (absolute).
        desyncs: every decision where the rebuilt view differed from the real one, or a
            view could not be followed (empty when all is well).

    .. versionadded:: 0.3
    """

    def __init__(self, rules: Ruleset, seat: int, *, extensions: bool = False,
                 arrays: int = 4) -> None:
        """A stream for ``seat``; ``extensions`` adds the ``mahjong_rules`` ids."""
        self.rules = rules
        self.seat = seat
        self.extensions = extensions
        self.arrays = arrays
        self.desyncs: list[str] = []
        self._writer = EventWriter(rules, seat, extensions=extensions, arrays=arrays)
        self._know = SeatKnowledge(rules, seat)
        self._started = False
        self._hand: tuple[int, int, int] | None = None
        self._played: tuple[int, int, int] | None = None
        """The last hand the stream told (a view of its end starts no hand again)."""
        self._own: Action | None = None
        self._target: View = {}
        self._out: list[Event] = []

    # ---------------------------------------------------------------- public

    def act(self, action: Action) -> None:
        """The seat took ``action`` at the view last given to :meth:`advance`."""
        self._own = action

    def advance(self, view: View) -> list[Event]:
        """The events since the last view (and the seat's action there) up to ``view``."""
        out: list[Event] = []
        self._out = out
        names = [s["name"] for s in view["seats"]]
        if self._started and self._new_game(view):
            self._close_hand(None)
            out.append({"type": "end_game"})
            self._started = False
        if not self._started:
            out.append({"type": "start_game", "names": self._writer.per_seat(names, "")})
            self._know = SeatKnowledge(self.rules, self.seat, names=names)
            self._hand = self._played = None
            self._started = True
        self._target = view
        own, self._own = self._own, None
        try:
            if own is not None and self._know.in_hand:
                self._own_step(own)
            self._walk()
        except (ProtocolError, ValueError, LookupError) as exc:
            self.desyncs.append(f"{_key(view)}: {type(exc).__name__}: {exc}")
            self._close_hand(None)
        return out

    def finish(self) -> list[Event]:
        """The last events of the game (``end_kyoku`` of an unfinished hand, ``end_game``)."""
        self._out = out = []
        self._close_hand(None)
        out.append({"type": "end_game"})
        return out

    # ---------------------------------------------------------------- steps

    def _view(self) -> View:
        assert self._know.state is not None
        return self.rules.view(self._know.state, self.seat)

    def _in_hand(self, view: View) -> bool:
        return self._hand is not None and _key(view) == self._hand

    def _result(self) -> dict[str, Any] | None:
        """The target's result when it is the rebuilt hand's."""
        result = self._target.get("last_result")
        if result is None or self._hand is None:
            return None
        if (result["round_wind"], result["hand_number"], result["honba"]) != self._hand:
            return None
        return dict(result)

    def _step(self, operation: Callable[[], None], *, cut: bool = False) -> None:
        """One reducer step on the rebuilt state, written as the events it shows."""
        before = self._view()
        operation()
        self._own_draw()
        know = self._know
        after = self._view()
        result = self._result()
        events = step_events(self.rules, self.seat, before, after, extensions=self.extensions,
                             arrays=self.arrays, result=result)
        if after["phase"] in _OVER:
            if result is None:  # the rebuilt hand's own ending is not known to be real
                events = [e for e in events if e["type"] not in ("hora", "ryukyoku")]
            know.end_hand(None if result is None else structure(HandResult, result))
            self._hand = None
        if cut:  # the discard's fate is unknown: nothing after its dahai
            index = next(i for i, e in enumerate(events) if e["type"] == "dahai")
            events = events[:index + 1]
        self._out.extend(events)

    def _own_draw(self) -> None:
        """The seat's own draw and the turned indicators are the target's."""
        state, target = self._know.state, self._target
        assert state is not None
        shown = target["dora_indicators"] if self._in_hand(target) else []
        for index, tile in enumerate(shown[:state.revealed]):
            if state.dora_indicators[index] != tile:
                state = self._know.state = relabel(state, state.dora_indicators[index], tile)
        if (state.phase is Phase.SELF_ACTION and state.turn == self.seat and self._in_hand(target)
                and target["phase"] == "self_action" and target["turn"] == self.seat
                and state.seats[self.seat].drawn is not None and target["drawn"] is not None):
            self._know.drew(self.seat, target["drawn"])

    def _close_hand(self, result: dict[str, Any] | None) -> None:
        """The rebuilt hand ends here: its result (when known), then ``end_kyoku``."""
        if not self._know.in_hand:
            self._hand = None
            return
        deposits = self._view()["deposits"]
        if result is not None:
            self._out.extend(self._writer.result(result, deposits))
        else:
            self._out.append({"type": "end_kyoku"})
        self._know.end_hand(None if result is None else structure(HandResult, result))
        self._hand = None

    # ---------------------------------------------------------------- the walk

    def _new_game(self, view: View) -> bool:
        """The view is the first hand of another game (a bot kept for the next game)."""
        if not (view["last_result"] is None and view["phase"] in _PLAYING
                and _key(view) == (0, 0, 0) and view["deposits"] == 0
                and self._played is not None):
            return False
        if self._played != (0, 0, 0) or not self._know.in_hand:
            return True
        # the same hand's key: another game when the view cannot follow from this one
        mine = self._view()
        if mine["dora_indicators"][0] != view["dora_indicators"][0]:
            return True
        for a, b in zip(mine["seats"], view["seats"], strict=True):
            old, new = [e["tile"] for e in a["river"]], [e["tile"] for e in b["river"]]
            if new[:len(old)] != old or len(a["melds"]) > len(b["melds"]):
                return True
        return False

    def _walk(self) -> None:
        target = self._target
        for _ in range(10_000):
            know = self._know
            if not know.in_hand:
                key = _key(target)
                if key is None or key == self._played:
                    return
                if target["phase"] in _PLAYING:
                    self._start(target)
                else:  # a hand the seat had no decision in before its end
                    self._start_over(target)
                continue
            if not self._in_hand(target):
                self._close_hand(self._result())
                continue
            state = know.state
            assert state is not None
            if self._at_target():
                if self.seat in self.rules.to_act(state):
                    self._check()
                return
            if state.phase is Phase.CLAIMS:
                self._window()
            elif state.turn != self.seat:
                self._turn(state.turn)
            else:
                self.desyncs.append(f"{self._hand}: the seat's turn is past, the view is not")
                self._close_hand(self._result())
        raise ProtocolError(Reason.UNFOLLOWABLE_EVENT, "the views cannot be followed")

    def _check(self) -> None:
        target = self._target
        if target["phase"] not in _PLAYING:
            return
        mine = self._view()
        if mine != target:
            keys = sorted(k for k in target if mine.get(k) != target[k])
            self.desyncs.append(f"{_key(target)}: the rebuilt view differs in {keys}")

    def _start(self, view: View) -> None:
        """Rebuild the hand of ``view`` (the seat's first decision in it) from its start."""
        seats = view["seats"]
        claim = view["claim"]
        pending = None
        if view["phase"] == "claims" and claim is not None and claim["source"] == "discard":
            river = seats[claim["from_seat"]]["river"]
            if river and river[-1]["riichi"]:
                pending = claim["from_seat"]
        paid = [s["riichi"] and i != pending for i, s in enumerate(seats)]
        hand = list(view["hand"])
        if view["phase"] == "self_action" and view["turn"] == self.seat and (
                view["drawn"] is not None):
            hand.remove(view["drawn"])
        last = view["last_result"]
        self._know.start_hand(
            round_wind=view["round_wind"], dealer=view["dealer"], honba=view["honba"],
            deposits=view["deposits"] - sum(paid),
            points=[s["points"] + 1000 * p for s, p in zip(seats, paid, strict=True)],
            tehai=hand, dora=view["dora_indicators"][0],
            last_result=None if last is None else structure(HandResult, last))
        self._hand = self._played = _key(view)
        self._own_draw()
        self._out.extend(step_events(self.rules, self.seat, None, self._view(),
                                     extensions=self.extensions, arrays=self.arrays))

    def _start_over(self, view: View) -> None:
        """Rebuild a hand from the view of its end (the seat had no decision in it).

        The seat never drew, so its hand is the dealt one; the scores before the result
        are the scores less its changes, the sticks on the table before a win are what
        the win took (the changes add up to them).
        """
        result = view["last_result"]
        seats = view["seats"]
        mine = seats[self.seat]
        if mine["river"] or mine["melds"] or mine["kita"] or len(view["hand"]) != 13:
            self._played = _key(view)  # the seat acted in it (a restarted stream): skip it
            return
        unpaid = None
        if result["kind"] == "win":
            for winner in result["winners"]:
                frm = winner["from_seat"]
                river = seats[frm]["river"] if frm is not None else []
                if river and river[-1]["riichi"] and river[-1]["tile"] == winner["win_tile"]:
                    unpaid = frm
        paid = [s["riichi"] and i != unpaid for i, s in enumerate(seats)]
        on_table = (sum(result["deltas"]) // 1000 if result["kind"] == "win"
                    else view["deposits"])
        self._know.start_hand(
            round_wind=result["round_wind"], dealer=result["hand_number"],
            honba=result["honba"], deposits=on_table - sum(paid),
            points=[s["points"] - d + 1000 * p
                    for s, d, p in zip(seats, result["deltas"], paid, strict=True)],
            tehai=list(view["hand"]), dora=view["dora_indicators"][0])
        self._hand = self._played = _key(view)
        self._out.extend(step_events(self.rules, self.seat, None, self._view(),
                                     extensions=self.extensions, arrays=self.arrays))

    def _fate(self, discarder: int, tile: int) -> tuple[str, Any]:
        """What became of a tile just discarded, declared or set aside, by the target."""
        target, result = self._target, self._result()
        if result is not None and result["kind"] == "win" and any(
                w["from_seat"] == discarder and w["win_tile"] == tile
                for w in result["winners"]):
            return "ron", result
        if not self._in_hand(target):
            return "unknown", None
        for seat, public in enumerate(target["seats"]):
            for meld in public["melds"]:
                if meld["called"] == tile and meld["from_seat"] == discarder and (
                        meld["kind"] in ("chi", "pon", "daiminkan")):
                    return "call", (seat, meld)
        return "pass", None

    def _prepare(self, fate: tuple[str, Any]) -> None:
        """Give the callers or winners of the next tile what they need to claim it."""
        kind, detail = fate
        know, state = self._know, self._know.state
        assert state is not None
        if kind == "ron":
            for winner in detail["winners"]:
                seat = winner["seat"]
                if seat == self.seat:
                    continue
                tiles = list(winner["hand"])
                tiles.remove(winner["win_tile"])
                state = set_hand(state, seat, tiles)
                state = evolve_seat(state, seat, temporary_furiten=False,
                                    riichi_furiten=False)
                know.pinned.update(tiles)
        elif kind == "call" and detail[0] != self.seat:
            seat, meld = detail
            tiles = [t for t in meld["tiles"] if t != meld["called"]]
            state, _ = place_in_hand(state, seat, tiles, know.reds, viewer=self.seat,
                                     shown_dora=know.shown_dora + 1, exclude=know.pinned)
            know.pinned.update(tiles)
        know.state = state

    def _discard(self, seat: int, tile: int, *, tsumogiri: bool, riichi: bool) -> None:
        fate = self._fate(seat, tile)
        self._prepare(fate)
        self._step(lambda: self._know.discard(seat, tile, tsumogiri=tsumogiri, riichi=riichi),
                   cut=fate[0] == "unknown")
        if fate[0] != "call":
            self._know.pinned.clear()
        if fate[0] == "unknown":
            self._close_hand(self._result())

    def _declare(self, seat: int, tile: int, operation: Callable[[], None]) -> None:
        """A kan or kita that another seat may rob: its window's fate first."""
        fate = self._fate(seat, tile)
        self._prepare(fate)
        self._step(operation)
        self._know.pinned.clear()
        state = self._know.state
        if fate[0] == "ron" and state is not None and state.phase is not Phase.CLAIMS:
            self.desyncs.append(f"{self._hand}: the robbing window did not open")

    def _own_step(self, action: Action) -> None:
        know = self._know
        state = know.state
        assert state is not None
        seat = self.seat
        if isinstance(action, Discard):
            know.intend(action)
            self._discard(seat, action.tile, tsumogiri=action.tile == state.seats[seat].drawn,
                          riichi=action.riichi)
        elif isinstance(action, Pass | Ron | Pon | Chi | Daiminkan):
            if state.phase is not Phase.CLAIMS:
                return
            claim = state.claim
            assert claim is not None
            fate = self._fate(claim.from_seat, claim.tile)
            if fate[0] == "call" and fate[1][0] != seat:
                know._answer = action  # noqa: SLF001 - played again with the call
                caller, meld = fate[1]
                self._step(lambda: know.call(caller, meld["kind"], meld["called"], [
                    t for t in meld["tiles"] if t != meld["called"]]))
            elif fate[0] == "ron":
                self._close_hand(fate[1])
            else:
                self._step(lambda: know.answer(action))
        elif isinstance(action, Ankan):
            tiles = [t for t in state.seats[seat].hand if t >> 2 == action.kind]
            self._declare(seat, tiles[0], lambda: know.ankan(seat, tiles))
        elif isinstance(action, Kakan):
            self._declare(seat, action.tile, lambda: know.kakan(seat, action.tile))
        elif isinstance(action, Kita):
            tile = state.seats[seat].drawn
            norths = [t for t in state.seats[seat].hand if t >> 2 == 30]
            chosen = tile if tile in norths else norths[-1]
            self._declare(seat, chosen, lambda: know.kita(seat, chosen))
        elif isinstance(action, Tsumo | NineTerminals):
            self._close_hand(self._result())
        elif isinstance(action, Chombo):
            self._step(lambda: setattr(know, "state", self.rules.apply(state, action)))

    def _window(self) -> None:
        """The rebuilt state waits in a claim window that the seat has no part in."""
        state = self._know.state
        assert state is not None
        claim = state.claim
        assert claim is not None
        fate = self._fate(claim.from_seat, claim.tile)
        if fate[0] == "call":
            caller, meld = fate[1]
            self._step(lambda: self._know.call(caller, meld["kind"], meld["called"], [
                t for t in meld["tiles"] if t != meld["called"]]))
        elif fate[0] == "ron":
            self._close_hand(fate[1])
        elif fate[0] == "unknown":
            self._close_hand(self._result())
        else:
            result = self._result()
            if result is not None and result["abort_reason"] in ("triple_ron", "chombo") and (
                    self._nothing_pending()):
                self._close_hand(result)
                return
            self._step(self._know.close_window)

    def _at_target(self) -> bool:
        """The rebuilt state is where the target view is (its public progress)."""
        mine, target = self._view(), self._target
        return (mine["phase"] == target["phase"] and mine["turn"] == target["turn"]
                and mine["claim"] == target["claim"] and self._nothing_pending())

    def _nothing_pending(self) -> bool:
        mine, target = self._view()["seats"], self._target["seats"]
        return all(len(a["river"]) == len(b["river"]) and len(a["melds"]) == len(b["melds"])
                   and len(a["kita"]) == len(b["kita"]) for a, b in zip(mine, target,
                                                                        strict=True))

    def _turn(self, seat: int) -> None:
        """Another seat's own turn: its next kan, kita or discard, or the hand's end."""
        target = self._target
        mine, theirs = self._view()["seats"][seat], target["seats"][seat]
        know = self._know
        for index, meld in enumerate(mine["melds"]):
            new = theirs["melds"][index]
            if meld["kind"] == "pon" and new["kind"] == "kakan":
                added: int = new["added"]
                self._declare(seat, added, functools.partial(know.kakan, seat, added))
                return
        if len(theirs["melds"]) > len(mine["melds"]):
            meld = theirs["melds"][len(mine["melds"])]
            if meld["kind"] == "ankan":
                tiles = list(meld["tiles"])
                self._declare(seat, tiles[0], lambda: know.ankan(seat, tiles))
                return
        if len(theirs["kita"]) > len(mine["kita"]):
            tile = theirs["kita"][len(mine["kita"])]
            self._declare(seat, tile, lambda: know.kita(seat, tile))
            return
        if len(theirs["river"]) > len(mine["river"]):
            entry = theirs["river"][len(mine["river"])]
            self._discard(seat, entry["tile"], tsumogiri=entry["tsumogiri"],
                          riichi=entry["riichi"])
            return
        result = self._result()
        if target["phase"] in _OVER and result is not None:
            self._close_hand(result)
            return
        self.desyncs.append(f"{self._hand}: seat {seat} is to act but the view shows nothing")
        self._close_hand(result)
