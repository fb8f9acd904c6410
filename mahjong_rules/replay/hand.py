"""One log hand driven through the reducer, action by action.

Discards, riichi, calls with the log's tiles, kans, kita, tsumo, ron, nine terminals go
through ``validate`` and ``apply``; every seat that could have claimed a discard and did
not in the log passes; every draw is checked against the log's. A refused action stops
the hand with its reason code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
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
from mahjong_rules.errors import Rejection
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouEvent,
    TenhouHand,
    TenhouReach,
    TenhouRyuukyoku,
)
from mahjong_rules.replay.compare import kind_of
from mahjong_rules.replay.reports import Mismatch
from mahjong_rules.rulesets.table import TableRuleset
from mahjong_rules.state import HandStart, Phase, State

_WINDS = "ESWN"
_OPEN_CALLS = ("chi", "pon", "daiminkan")
# the phases as module constants: a member looked up on its class is slow in 3.11
_SELF_ACTION, _CLAIMS = Phase.SELF_ACTION, Phase.CLAIMS
_ENDED = (Phase.HAND_OVER, Phase.GAME_OVER)
_BEFORE_A_CALL = (TenhouReach, TenhouDora)
"""The events that may come between a discard and the call on it (deposit, kan dora)."""
_PLAYED = frozenset({TenhouDraw, TenhouDiscard, TenhouCall, TenhouReach, TenhouDora})
"""The events a hand is played from (the log's records of these exact classes)."""


def hand_label(hand: TenhouHand) -> str:
    """A hand's short name in reports: round wind, hand number and honba (``E1-0``)."""
    init = hand.init
    wind = _WINDS[init.round // 4] if init.round // 4 < 4 else "?"
    return f"{wind}{init.round % 4 + 1}-{init.honba}"


class RefusedError(Exception):
    """The reducer refused a log action (a finding), or the log cannot be followed."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        """The finding's text and, when the reducer refused, its reason code."""
        super().__init__(message)
        self.message = message
        self.reason = reason


def start_of(hand: TenhouHand, seats: int) -> HandStart:
    """The table a log's hand starts from (round, honba, deposits, points)."""
    init = hand.init
    return HandStart(round_wind=init.round // 4, hand_number=init.round % 4,
                     honba=init.honba, deposits=init.riichi_sticks,
                     points=tuple(100 * p for p in init.ten[:seats]))


def table_of(state: State) -> dict[str, Any]:
    """The state's table (round, dealer, honba, deposits, points), as reports show it."""
    return {"round": 4 * state.round_wind + state.hand_number, "dealer": state.dealer,
            "honba": state.honba, "deposits": state.deposits,
            "points": [p.points for p in state.seats]}


def expected_table(hand: TenhouHand, seats: int) -> dict[str, Any]:
    """The table a log's hand header shows, in :func:`table_of`'s shape."""
    init = hand.init
    return {"round": init.round, "dealer": init.oya, "honba": init.honba,
            "deposits": init.riichi_sticks, "points": [100 * p for p in init.ten[:seats]]}


class HandReplay:
    """Drives one hand of a log through the reducer."""

    def __init__(self, rules: Ruleset, state: State, hand: TenhouHand,
                 on_step: Callable[[State, Action, State], None] | None = None) -> None:
        """The hand ``hand`` of a log, from ``state`` (its dealt state) under ``rules``."""
        self.rules = rules
        self.state = state
        self.hand = hand
        self.on_step = on_step
        """Told of every action (state before, action, state after): a step-through."""
        events = hand.events
        # most hands hold no other event (a disconnect): their events as they are
        self.events: Sequence[TenhouEvent] = events if set(map(type, events)) <= _PLAYED else [
            e for e in events if type(e) in _PLAYED]
        self.mismatches: list[Mismatch] = []
        self.consumed: set[int] = set()
        """Indexes of the call events already answered in a claim window."""
        self.check_discard = rules._check_discard if isinstance(  # noqa: SLF001
            rules, TableRuleset) else None
        """The ruleset's own discard check, where :meth:`check` may go to it directly."""

    def check(self, action: Action) -> Rejection | None:
        """Why the reducer refuses ``action`` now, or ``None``: ``validate``'s verdict.

        A discard of the log on its seat's own turn goes straight to the ruleset's
        discard check, the one check ``validate`` comes to for it: the state is the
        reducer's own (no state to check), the action a plain value (``int`` seat and
        tile; :func:`_discard` makes the riichi flag a ``bool``), the phase and turn are
        tested here.
        ``tests/test_replay_fast.py`` compares the two verdicts on the logs' actions and
        on probe discards, legal and refused.
        """
        state = self.state
        check_discard = self.check_discard
        if (type(action) is Discard and check_discard is not None and action.at is None
                and state.phase is _SELF_ACTION and state.turn == action.seat
                and type(action.seat) is int and type(action.tile) is int):
            return check_discard(state, action.seat, action.tile, riichi=action.riichi)
        return self.rules.validate(state, action)

    def act(self, action: Action) -> None:
        """Validate and apply ``action``; a refusal raises :class:`RefusedError`."""
        rejection = self.check(action)
        if rejection is not None:
            raise RefusedError(f"the reducer refused {action.type} by seat {action.seat} "
                           f"({rejection.reason.value}: {rejection.message})",
                           rejection.reason.value)
        before = self.state
        self.state = self.rules.apply_unchecked(before, action)  # validated above
        if self.on_step is not None:
            self.on_step(before, action, self.state)

    def run(self) -> State:
        """Play the hand's events through the reducer; the state at the hand's end."""
        riichi: set[int] = set()  # the seats whose next discard declares riichi
        index = 0
        events = self.events
        consumed = self.consumed  # the call events answered in a window (claims adds)
        act = self.act
        discards = _DISCARDS
        end = len(events)
        while index < end:
            event = events[index]
            index += 1
            if type(event) is TenhouDiscard:  # the commonest two first
                seat = event.seat
                declared = bool(riichi) and seat in riichi
                if declared:
                    riichi.discard(seat)
                tile = event.tile
                action = discards.get((seat, tile, declared))
                act(_discard(seat, tile, declared) if action is None else action)
                if self.state.phase is _CLAIMS:
                    index = self.window(index, seat)
            elif type(event) is TenhouDraw:
                state = self.state  # check_draw's test, inline
                seat = event.seat
                if state.phase is not _SELF_ACTION or state.turn != seat or (
                        state.seats[seat].drawn != event.tile):
                    self.check_draw(event)
            elif type(event) is TenhouReach:
                if event.step == 1:
                    riichi.add(event.who)
            elif type(event) is TenhouCall and index - 1 not in consumed:
                self.own_call(event)
                index = self.window(index, event.who)
        self.finish()
        return self.state

    def own_call(self, event: TenhouCall) -> None:
        """A closed kan, added kan or kita (calls on a discard answer its window)."""
        meld = event.meld
        if meld.kind in _OPEN_CALLS:
            raise RefusedError(f"seat {event.who}'s {meld.kind} was not offered by the "
                                "reducer", "call_not_available")
        if meld.kind == "ankan":
            self.act(Ankan(seat=event.who, kind=meld.tiles[0] >> 2))
        elif meld.kind == "kakan":
            assert meld.added is not None
            self.act(Kakan(seat=event.who, tile=meld.added))
        else:
            self.act(Kita(seat=event.who))

    def check_draw(self, event: TenhouDraw) -> None:
        """Raise :class:`RefusedError` when the reducer did not deal the log's draw."""
        state = self.state
        got = state.seats[event.seat].drawn if state.phase is Phase.SELF_ACTION and (
            state.turn == event.seat) else None
        if got != event.tile:
            raise RefusedError(f"seat {event.seat} draws {event.tile} in the log, the reducer "
                           f"gave {got} (phase {state.phase.value}, turn {state.turn})")

    def window(self, index: int, source_seat: int) -> int:
        """Answer an open claim window the way the log did; the next event index.

        The seat that called or won in the log answers first; every other seat that may
        still answer passes.
        """
        if self.state.phase is not _CLAIMS:
            return index
        for action in self.claims(index, source_seat):
            self.act(action)
        rules = self.rules
        if self.on_step is not None:  # a step-through sees each pass (lowest seat first)
            while self.state.phase is _CLAIMS:
                self.act(Pass(seat=min(rules.to_act(self.state))))
            return index
        while self.state.phase is _CLAIMS:  # each seat still waited for passes (always legal)
            self.state = rules.apply_passes(self.state)
        return index

    def window_open(self) -> bool:
        """A claim window waits for answers."""
        return self.state.phase is _CLAIMS

    def claims(self, index: int, source_seat: int) -> list[Action]:
        """What the log claims on the tile of ``source_seat``: a call, rons, or nothing."""
        ahead = index  # the deposit (REACH step 2) and DORA tags come before a call
        events = self.events
        end = len(events)
        while ahead < end and isinstance(events[ahead], _BEFORE_A_CALL):
            ahead += 1
        following = events[ahead] if ahead < end else None
        # relative seats count four places, also in sanma (the fourth is empty)
        if isinstance(following, TenhouCall) and following.meld.kind in _OPEN_CALLS and (
                following.meld.source_seat(following.who) == source_seat):
            self.consumed.add(ahead)
            return [_call_action(following)]
        if following is not None:
            return []
        answers: list[Action] = []
        claim = self.state.claim
        assert claim is not None
        for result in self.hand.results:
            if isinstance(result, TenhouAgari) and not result.is_tsumo and (
                    result.from_who == source_seat):
                answers.append(Ron(seat=result.who))
            elif isinstance(result, TenhouRyuukyoku) and result.type == "ron3":
                answers.extend(Ron(seat=s) for s, o in enumerate(claim.options) if "ron" in o)
        return answers

    def finish(self) -> None:
        """The hand's own ending (tsumo, nine terminals); check the hand is over."""
        first = self.hand.results[0]
        state = self.state
        if isinstance(first, TenhouAgari) and first.is_tsumo:
            self.act(Tsumo(seat=first.who))
        elif isinstance(first, TenhouRyuukyoku) and first.type == "yao9":
            self.act(NineTerminals(seat=state.turn))
        if self.state.phase not in _ENDED:
            raise RefusedError(f"the log's hand ended ({kind_of(first)}), the reducer waits in "
                           f"{self.state.phase.value} for seat(s) "
                           f"{sorted(self.rules.to_act(self.state))}")


_DISCARDS: dict[tuple[int, int, bool], Discard] = {}
"""The discard actions made so far, by seat, tile and riichi flag (:func:`_discard`)."""


def _discard(seat: int, tile: int, riichi: bool) -> Discard:
    """A discard action (immutable: one shared value per seat, tile and riichi flag).

    A plain one (an ``int`` seat of 0..3, an ``int`` tile of 0..135) is kept for the next
    time; another (a record built by hand) is made each time and left to the checks.
    """
    action = Discard(seat=seat, tile=tile, riichi=riichi)
    if type(seat) is int and type(tile) is int and 0 <= seat < 4 and 0 <= tile < 136:
        _DISCARDS[seat, tile, riichi] = action
    return action


def _call_action(event: TenhouCall) -> Action:
    """The claim of a chi, pon or open kan, with the tiles the log shows."""
    meld = event.meld
    if meld.kind == "daiminkan":
        return Daiminkan(seat=event.who)
    rest = list(meld.tiles)
    assert meld.called is not None
    rest.remove(meld.called)
    if meld.kind == "chi":
        return Chi(seat=event.who, tiles=tuple(rest))
    return Pon(seat=event.who, tiles=tuple(rest))
