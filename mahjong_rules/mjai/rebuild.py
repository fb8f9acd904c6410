"""A seat's game rebuilt action by action: the base of ``SeatKnowledge``.

The action-level calls (a hand starts, a seat draws, discards, calls, kans, a dora is
turned, the hand ends) each play the reducer on a state that agrees with what the seat
knows, the tiles it cannot see filled from the unseen ones (``_patch``); the seat's
observation and whether it must answer. :mod:`~mahjong_rules.mjai.knowledge` reads the
mjai events into these calls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from mahjong_rules.actions import Action, Ankan, Chi, Daiminkan, Discard, Kakan, Kita, Pon
from mahjong_rules.bots.base import Observation
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import IllegalActionError, InvalidStateError, ProtocolError, Reason
from mahjong_rules.mjai._patch import (
    Want,
    fits,
    hidden,
    pick,
    place_in_hand,
    relabel,
    set_hand,
    tenpai_tiles,
)
from mahjong_rules.mjai.messages import red_ids
from mahjong_rules.options import KanDoraTiming
from mahjong_rules.state import HandResult, HandStart, Phase, State

_ACTS_AFTER_OWN = frozenset({"tsumo", "chi", "pon", "reach"})
_ACTS_AFTER_OTHER = frozenset({"dahai", "kakan", "ankan", "nukidora", "kita"})


def fail(message: str, event: object = None) -> ProtocolError:
    """The typed error for an event a seat's rebuilt game cannot follow (``unfollowable_event``)."""
    return ProtocolError(Reason.UNFOLLOWABLE_EVENT, message, event=event)


class SeatGame:
    """One seat's rebuilt game, played by action-level calls (see ``SeatKnowledge``)."""

    def __init__(self, rules: Ruleset, seat: int, *, names: Sequence[str] | None = None
                 ) -> None:
        """Knowledge of ``seat`` under ``rules``; ``names`` as the host names the seats."""
        self.rules = rules
        self.seat = seat
        self.reds = red_ids(rules)
        self.names = self._names(names)
        self.state: State | None = None
        self.in_hand = False
        self.last_result: HandResult | None = None
        self._base: State | None = None
        """The state before the last discard (a call on it is played again from here)."""
        self._opening: Discard | None = None
        self._answer: Action | None = None
        """The seat's answer in the open window (played again with a redone discard)."""
        self._intended: Action | None = None
        """The seat's own action, chosen by ids, that the host's next event shows."""
        self._declared: set[int] = set()
        self.shown_dora = 0
        """Dora indicators turned this hand after the first (each ``dora`` event)."""
        self.pinned: set[int] = set()
        """Hidden tiles placed for what the next events show (not to be taken again)."""
        self._last: dict[str, Any] = {}
        self.extended = False
        """The host sends this library's extension (physical ids): answers may too."""
        self.late_draw: dict[str, Any] | None = None
        """A ``tsumo`` dealt after the hand ended by four riichi (libriichi deals it
        before it checks the abort; a discard must answer it)."""

    def _names(self, names: Sequence[str] | None) -> tuple[str, ...]:
        n = self.rules.num_seats
        given = tuple(names or ())[:n]
        if len(given) == n and len(set(given)) == n and all(given):
            return given
        return tuple(f"player{i}" for i in range(n))

    # ---------------------------------------------------------------- helpers

    def _apply(self, state: State, action: Action) -> State:
        try:
            return self.rules.apply(state, action)
        except IllegalActionError as exc:
            raise fail(f"seat {self.seat}'s rebuilt game refuses {action!r}: "
                        f"{exc.rejection.reason.value}: {exc}") from None

    def _require(self, seat: int) -> State:
        state = self.state
        if state is None or not self.in_hand:
            raise fail("an action outside a hand")
        if state.phase is Phase.CLAIMS:
            state = self.state = self.rules.apply_passes(state)
        if state.phase is not Phase.SELF_ACTION or state.turn != seat:
            raise fail(f"seat {seat} acts, but the rebuilt game waits for seat {state.turn} "
                        f"({state.phase.value})")
        return state

    def _hidden(self, state: State, exclude: Sequence[int] = ()) -> list[int]:
        return hidden(state, self.seat, shown_dora=self.shown_dora + 1,
                      exclude={*self.pinned, *exclude})

    def _place(self, state: State, seat: int, wants: Sequence[Want], *,
               keep: Sequence[int] = (), exclude: Sequence[int] = ()) -> tuple[State, list[int]]:
        try:
            return place_in_hand(state, seat, wants, self.reds, viewer=self.seat, keep=keep,
                                 shown_dora=self.shown_dora + 1,
                                 exclude={*self.pinned, *exclude})
        except LookupError as exc:
            raise fail(str(exc)) from None

    def _own(self, state: State, want: Want, *, drawn_first: bool) -> int:
        player = state.seats[self.seat]
        found = [t for t in player.hand if fits(t, want, self.reds)]
        if not found:
            raise fail(f"seat {self.seat} does not hold {want}")
        intended = getattr(self._intended, "tile", None)
        if intended in found:
            return int(intended)
        found.sort(key=lambda t: (t == player.drawn) != drawn_first)
        return found[0]

    # ---------------------------------------------------------------- action level

    def start_hand(self, *, round_wind: int, dealer: int, honba: int, deposits: int,
                   points: Sequence[int], tehai: Sequence[Want], dora: Want,
                   last_result: HandResult | None = None) -> None:
        """A new hand: the seat's 13 dealt tiles, the first indicator, the table."""
        rules = self.rules
        pool = sorted(rules.tile_ids())  # type: ignore[attr-defined]
        own: list[int] = []
        for want in [*tehai, dora]:
            tile = pick(pool, want, self.reds)
            if tile is None:
                raise fail(f"no tile {want} left for the deal")
            pool.remove(tile)
            own.append(tile)
        marker = own.pop()
        random.Random(f"mjai/{round_wind}/{dealer}/{honba}").shuffle(pool)  # noqa: S311
        layout = rules.wall_layout()  # type: ignore[attr-defined]
        wall = layout.assemble(hands={self.seat: own}, live=(), dead=((), (marker,), ()),
                               fill=pool, dealer=dealer)
        start = HandStart(round_wind=round_wind, hand_number=dealer, honba=honba,
                          deposits=deposits, points=tuple(points))
        try:
            state = rules.setup(walls=[wall], players=list(self.names), start=start)
        except (IllegalActionError, InvalidStateError) as exc:  # not the seat's rules
            raise fail(f"cannot start the hand: {exc}") from None
        if last_result is not None:
            self.last_result = last_result
        self.state = attrs.evolve(state, last_result=self.last_result)
        self.in_hand = True
        self.late_draw = None
        self._base = self._opening = self._answer = self._intended = None
        self._declared.clear()
        self.shown_dora = 0
        self.pinned.clear()

    def drew(self, seat: int, tile: Want | None) -> None:
        """``seat`` drew (a live or replacement tile); the seat's own draw names it."""
        state = self._require(seat)
        drawn = state.seats[seat].drawn
        if drawn is None:
            raise fail(f"seat {seat} draws, but the rebuilt game has it discard")
        if seat == self.seat and tile is not None and not fits(drawn, tile, self.reds):
            found = pick(self._hidden(state), tile, self.reds)
            if found is None:
                raise fail(f"seat {seat} draws {tile}, which it knows to be elsewhere")
            self.state = relabel(state, drawn, found)

    def discard(self, seat: int, tile: Want, *, tsumogiri: bool, riichi: bool = False) -> None:
        """``seat`` discards (``riichi``: the declaring discard, or after ``reach``)."""
        state = self._require(seat)
        riichi = riichi or seat in self._declared
        self._declared.discard(seat)
        if seat == self.seat:
            chosen = self._own(state, tile, drawn_first=tsumogiri)
        else:
            state, chosen = self._other_discard(state, seat, tile, tsumogiri=tsumogiri)
            if riichi:
                state = self._ready_hand(state, seat, chosen)
        action = Discard(seat=seat, tile=chosen, riichi=riichi)
        self._base, self._opening, self._answer, self._intended = state, action, None, None
        self.state = self._apply(state, action)

    def _other_discard(self, state: State, seat: int, want: Want, *,
                       tsumogiri: bool) -> tuple[State, int]:
        player = state.seats[seat]
        drawn = player.drawn
        if tsumogiri and drawn is not None:
            if not fits(drawn, want, self.reds):
                found = pick(self._hidden(state), want, self.reds)
                if found is None:
                    raise fail(f"seat {seat} discards {want}, which its seat knows elsewhere")
                state = relabel(state, drawn, found)
                drawn = found
            return state, drawn
        found = pick((t for t in player.hand if t != drawn), want, self.reds)
        if found is not None:
            return state, found
        if drawn is not None and fits(drawn, want, self.reds):
            other = next((t for t in player.hand if t != drawn), None)
            if other is None:
                return state, drawn
            return relabel(state, drawn, other), drawn  # the other tile was the one drawn
        state, [chosen] = self._place(state, seat, [want],
                                      keep=() if drawn is None else (drawn,))
        return state, chosen

    def _ready_hand(self, state: State, seat: int, discard: int, *,
                    first_set: Sequence[int] = (), avoid: Sequence[int] = ()) -> State:
        """Another seat's hidden tiles remade so that the hand without ``discard`` waits."""
        rest = [t for t in state.seats[seat].hand if t != discard]
        if not first_set and self.rules.waits(rest):  # type: ignore[attr-defined]
            return state
        pool = sorted((set(self._hidden(state, exclude=self._other_hands(state, seat)))
                       | set(rest)) - {discard} - set(first_set))
        tiles = tenpai_tiles(self.rules, pool, len(rest), first_set=first_set, avoid=avoid)
        if tiles is None:  # the walls are short: other hands may give too
            pool = sorted((set(self._hidden(state)) | set(rest)) - {discard} - set(first_set))
            tiles = tenpai_tiles(self.rules, pool, len(rest), first_set=first_set, avoid=avoid)
        if tiles is None:
            raise fail(f"no ready hand can be made for seat {seat}")
        return set_hand(state, seat, [*tiles, discard])

    def _other_hands(self, state: State, seat: int) -> list[int]:
        return [t for s, p in enumerate(state.seats) if s not in (seat, self.seat)
                for t in p.hand]

    def answer(self, action: Action) -> None:
        """The seat's own answer in the open claim window (a pass, a call or a ron)."""
        state = self.state
        if state is None or state.phase is not Phase.CLAIMS:
            return
        if self.seat in self.rules.to_act(state):
            self._answer = action
            self.state = self._apply(state, action)

    def intend(self, action: Action) -> None:
        """The seat's own-turn action: its tiles name the host's next event's tiles."""
        self._intended = action

    def close_window(self) -> None:
        """The open claim window closed without a call (every seat passed)."""
        if self.state is not None and self.state.phase is Phase.CLAIMS:
            self.state = self.rules.apply_passes(self.state)

    def call(self, seat: int, kind: str, tile: Want, consumed: Sequence[Want]) -> None:
        """``seat`` called the last discard (``chi``, ``pon`` or ``daiminkan``)."""
        state, base, opening = self.state, self._base, self._opening
        if state is None or base is None or opening is None:
            raise fail(f"a {kind} with no discard to call")
        if seat == self.seat and state.phase is not Phase.CLAIMS and len(
                state.seats[seat].melds) > len(base.seats[seat].melds):
            return  # the seat's own call, made when it answered
        if not fits(opening.tile, tile, self.reds):
            raise fail(f"a {kind} of {tile}, but the last discard is another tile")
        if seat == self.seat:
            used = self._own_call_tiles(base, kind, consumed)
        else:
            base, used = self._place(base, seat, consumed, exclude=[opening.tile])
            if opening.riichi:  # the caller's tiles may have come from the declarer
                self.pinned.update(used)
                base = self._ready_hand(base, opening.seat, opening.tile)
        action: Action
        if kind == "daiminkan":
            action = Daiminkan(seat=seat)
        elif kind == "pon":
            action = Pon(seat=seat, tiles=used)
        else:
            action = Chi(seat=seat, tiles=used)
        state = self._apply(base, opening)
        if state.phase is not Phase.CLAIMS or self.rules.validate(state, action) is not None:
            state = self._apply(self._free_call(base, seat, used), opening)
        if self.seat in self.rules.to_act(state) and seat != self.seat:
            answer = self._answer
            if answer is not None and self.rules.validate(state, answer) is None:
                state = self._apply(state, answer)
        state = self._apply(state, action)
        if state.phase is Phase.CLAIMS:
            state = self.rules.apply_passes(state)
        self.state, self._base, self._opening = state, None, None
        self.pinned.clear()

    def _own_call_tiles(self, base: State, kind: str, consumed: Sequence[Want]) -> list[int]:
        hand = list(base.seats[self.seat].hand)
        answered = list(getattr(self._answer, "tiles", ()))
        used: list[int] = []
        for want in consumed:
            found = pick(answered, want, self.reds) or pick(hand, want, self.reds)
            if found is None:
                raise fail(f"seat {self.seat} does not hold {want} for its {kind}")
            used.append(found)
            hand.remove(found)
            if found in answered:
                answered.remove(found)
        return used

    def _free_call(self, base: State, seat: int, used: Sequence[int]) -> State:
        """Another caller's other hidden tiles exchanged so that a discard may follow."""
        pool = [t for t in self._hidden(base) if t not in base.seats[seat].hand
                and t >> 2 >= 27]
        spare = [t for t in base.seats[seat].hand if t not in used]
        for old, new in zip(spare, pool, strict=False):
            base = relabel(base, old, new)
        return base

    def ankan(self, seat: int, tiles: Sequence[Want]) -> None:
        """``seat`` declared a closed kan of these four tiles."""
        state = self._require(seat)
        kind = tiles[0] >> 2 if isinstance(tiles[0], int) else tiles[0][0]
        if seat != self.seat:
            state, used = self._place(state, seat, tiles)
            player = state.seats[seat]
            if player.riichi:
                drawn = player.drawn
                if drawn is None or drawn >> 2 != kind:
                    state = relabel(state, drawn if drawn is not None else used[0], used[-1])
                drawn = state.seats[seat].drawn
                three = [t for t in used if t != drawn]
                for avoid in ((), tuple(range(27)), tuple(range(9, 34))):
                    state = self._ready_hand(state, seat, drawn or used[-1],
                                             first_set=three, avoid=avoid)
                    if self.rules.validate(state, Ankan(seat=seat, kind=kind)) is None:
                        break
        self._intended = None
        self.state = self._apply(state, Ankan(seat=seat, kind=kind))

    def kakan(self, seat: int, tile: Want) -> None:
        """``seat`` added ``tile`` to its pon."""
        state = self._require(seat)
        if seat == self.seat:
            chosen = self._own(state, tile, drawn_first=True)
        else:
            state, [chosen] = self._place(state, seat, [tile])
        self._intended = None
        self.state = self._apply(state, Kakan(seat=seat, tile=chosen))

    def kita(self, seat: int, tile: Want) -> None:
        """``seat`` set a North aside (sanma)."""
        state = self._require(seat)
        if seat != self.seat:
            player = state.seats[seat]
            if player.riichi and player.drawn is not None and not fits(
                    player.drawn, tile, self.reds):
                found = pick(self._hidden(state), tile, self.reds)
                if found is None:
                    raise fail(f"no North left for seat {seat}")
                state = relabel(state, player.drawn, found)
            elif pick(player.hand, tile, self.reds) is None:
                state, _ = self._place(state, seat, [tile])
        self._intended = None
        state = self._apply(state, Kita(seat=seat))
        taken = state.seats[seat].kita[-1]
        if isinstance(tile, int) and taken != tile:
            state = relabel(state, taken, tile)
        self.state = state

    def dora(self, marker: Want) -> None:
        """A new dora indicator was turned."""
        state = self.state
        if state is None or not self.in_hand:
            raise fail("a dora outside a hand")
        options = self.rules.options
        if state.phase is Phase.CLAIMS and getattr(
                options, "kan_dora_timing", None) is KanDoraTiming.AFTER_DISCARD_PASSES:
            state = self.rules.apply_passes(state)
        self.shown_dora += 1
        index = self.shown_dora
        if index >= len(state.dora_indicators):
            raise fail("more dora indicators than the dead wall holds")
        current = state.dora_indicators[index]
        if not fits(current, marker, self.reds):
            found = pick(hidden(state, self.seat, shown_dora=index, exclude=self.pinned),
                         marker, self.reds)
            if found is None:
                raise fail(f"dora indicator {marker}, which the seat knows elsewhere")
            state = relabel(state, current, found)
        self.state = state

    def declare(self, seat: int) -> None:
        """``seat`` announced riichi: its next discard declares it."""
        self._declared.add(seat)

    def end_hand(self, result: HandResult | None = None) -> None:
        """The hand is over (``result``: what the host says it was)."""
        self.in_hand = False
        if result is not None:
            self.last_result = result

    # ---------------------------------------------------------------- observation

    @property
    def can_act(self) -> bool:
        """The seat must answer the last event (the reducer waits for it)."""
        state = self.state
        if state is None or not self.in_hand or self.seat not in self.rules.to_act(state):
            return False
        kind, actor = self._last.get("type"), self._last.get("actor")
        if actor == self.seat:
            return kind in _ACTS_AFTER_OWN
        return kind in _ACTS_AFTER_OTHER

    def observation(self) -> Observation:
        """The seat's observation (legal actions and view) of the rebuilt state.

        Raises:
            ProtocolError: ``unfollowable_event`` before the first hand.
        """
        if self.state is None:
            raise fail("no hand has started")
        return Observation.of(self.rules, self.state, self.seat)
