"""One game played decision by decision: who decides now, what it sees, what it may do.

The environments (:mod:`mahjong_rules.rl.aec`, :mod:`mahjong_rules.rl.single_agent`) share this
driver; it imports neither PettingZoo nor Gymnasium. A *decision* is a seat that must act
and has more than one legal id (see ``docs/rl.md``): the driver plays everything else
itself (every ``Ready`` between hands, and, with ``skip_forced``, a seat's only legal
move). A claim window is serialized: the seats it waits for answer one at a time, in
turn order from the discarder, each with its own mask; the reducer resolves the
priorities when the last one has answered. A seat never learns another seat's answer
(answers are hidden in the view) nor whether another seat could answer at all (its own
observation is the same either way).

Examples:
    >>> import mahjong_rules as mr
    >>> table = Table(mr.make("riichi", {"length": "single_hand"}))
    >>> table.reset(seed=3)
    >>> seat = table.decider
    >>> seat, sorted(table.legal(seat))[:3]
    (0, [3, 5, 6])
    >>> try:  # pass: not legal on the seat's own turn
    ...     table.step(seat, table.codec.size - 1)
    ... except mr.IllegalActionError as error:
    ...     print(error.reason.value, "-", error)
    action_id_not_legal - action id 122 (pass) is not legal for seat 0 now

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.actions import Action, Ready
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import IllegalActionError, Reason, Rejection
from mahjong_rules.rl.action_ids import ActionCodec, SeatFacts
from mahjong_rules.rl.encoder import Encoder
from mahjong_rules.scoring.hand import MeldKind
from mahjong_rules.state import HandResult, Phase, State

__all__ = ["DEFAULT_RANK_POINTS", "Table", "rank_points_for"]

DEFAULT_RANK_POINTS: dict[int, tuple[float, ...]] = {4: (90, 45, 0, -135), 3: (90, 0, -90)}
"""Rank points by number of seats (first to last): 90/45/0/-135 for four seats, 90/0/-90
for three, the vectors of the bots' arena (``docs/rl.md``)."""

_MAX_SETTLE = 10_000
"""Automatic moves in a row before the driver gives up (a game never needs that many)."""


def rank_points_for(seats: int, points: tuple[float, ...] | None) -> tuple[float, ...]:
    """The rank-point vector for ``seats`` (the default one when ``points`` is ``None``).

    Raises:
        ValueError: a vector of the wrong length.
    """
    vector = DEFAULT_RANK_POINTS[seats] if points is None else tuple(points)
    if len(vector) != seats:
        raise ValueError(f"rank_points needs {seats} values (first to last), got {vector!r}")
    return vector


class Table:
    """A game of one ruleset, with the codec and encoder of that ruleset.

    .. versionadded:: 0.3
    """

    def __init__(self, rules: Ruleset, *, skip_forced: bool = True) -> None:
        """A driver of ``rules``; ``skip_forced`` plays a seat's only legal move for it."""
        self.rules = rules
        self.codec = ActionCodec(rules)
        self.encoder = Encoder(rules)
        self.skip_forced = skip_forced
        self.state: State = rules.setup(seed=0)
        self.decider: int | None = None
        """The seat that decides now (``None`` once the game is over)."""
        self._legal: dict[int, Action] = {}
        self._observed: dict[int, tuple[NDArray[np.uint8], NDArray[np.float32]]] = {}
        self.finished: list[HandResult] = []
        """Hands that ended since the last :meth:`reset` or :meth:`step` (deltas by seat)."""

    # ------------------------------------------------------------------ driving

    def reset(self, seed: int) -> None:
        """A new game from ``seed``; plays on to the first decision."""
        self.state = self.rules.setup(seed=seed)
        self.finished = []
        self._settle()

    def legal(self, seat: int) -> dict[int, Action]:
        """The legal ids of ``seat`` now, each with one legal action of its class."""
        if seat != self.decider:
            return {}
        return self._legal

    def mask(self, seat: int) -> NDArray[np.int8]:
        """The legal ids of ``seat`` as a ``0/1`` vector (all 0 unless it decides now)."""
        out = np.zeros(self.codec.size, dtype=np.int8)
        if seat == self.decider:
            out[list(self._legal)] = 1
        return out

    def action_for(self, seat: int, action_id: int) -> Action:
        """The canonical action of ``action_id`` for ``seat`` (as :meth:`ActionCodec.id_to_action`).

        Raises:
            IllegalActionError: ``action_id_not_legal`` when the id is not legal for the seat now.
        """
        if seat != self.decider or action_id not in self._legal:
            name = self.codec.name(action_id) if 0 <= action_id < self.codec.size else "no id"
            raise IllegalActionError(Rejection(
                reason=Reason.ACTION_ID_NOT_LEGAL,
                message=f"action id {action_id} ({name}) is not legal for seat {seat} now"))
        state = self.state
        player = state.seats[seat]
        claim = state.claim
        action = self.codec.build(int(action_id), SeatFacts(
            seat=seat, hand=player.hand, drawn=player.drawn,
            claim_tile=None if claim is None else claim.tile,
            pon_kinds=frozenset(m.tiles[0] >> 2 for m in player.melds if m.kind is MeldKind.PON)))
        assert action is not None, (action_id, seat)
        return action

    def step(self, seat: int, action_id: int) -> list[HandResult]:
        """Play ``action_id`` for ``seat`` and on to the next decision; the hands that ended.

        Raises:
            IllegalActionError: ``action_id_not_legal`` when the id is not legal for the seat now
                (nothing changes).
        """
        return self.play(seat, self.action_for(seat, action_id))

    def play(self, seat: int, action: Action) -> list[HandResult]:
        """Play a legal ``action`` of the deciding ``seat`` (a bot's) and on; the hands that ended.

        Raises:
            IllegalActionError: the action is not legal (nothing changes).
        """
        if seat != self.decider:
            raise IllegalActionError(Rejection(
                reason=Reason.NOT_YOUR_TURN, message=f"seat {seat} does not decide now"))
        self.finished = []
        self._apply(action)
        self._settle()
        return self.finished

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.state.phase is Phase.GAME_OVER

    def result(self) -> dict[str, Any] | None:
        """The game's result (:meth:`Ruleset.result`), ``None`` until it ends."""
        return self.rules.result(self.state)

    def ranks(self) -> list[int]:
        """Each seat's final rank (1 = first), by the ruleset's result."""
        result = self.result()
        assert result is not None
        ranks = [0] * self.rules.num_seats
        for entry in result["ranking"]:
            ranks[entry["seat"]] = entry["rank"]
        return ranks

    # ------------------------------------------------------------------ seeing

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees now (the reducer's view)."""
        return self.rules.view(self.state, seat)

    def observe(self, seat: int) -> tuple[NDArray[np.uint8], NDArray[np.float32]]:
        """The encoded view of ``seat`` (planes, scalars), cached until the state changes."""
        cached = self._observed.get(seat)
        if cached is None:
            cached = self._observed[seat] = self.encoder.encode(self.view(seat))
        return cached

    # ------------------------------------------------------------------ internals

    def _apply(self, action: Action) -> None:
        before = self.state
        legal = self.rules.legal_actions(before, action.seat, preferences=False)
        if action in legal:
            self.state = self.rules.apply_unchecked(before, action)
        else:
            self.state = self.rules.apply(before, action)  # raises with the reason
        self._observed = {}
        if len(self.state.history) > len(before.history):
            self.finished.extend(self.state.history[len(before.history):])

    def _settle(self) -> None:
        """Play every automatic move until a seat has a real choice or the game ends."""
        rules = self.rules
        self._observed = {}
        for _ in range(_MAX_SETTLE):
            state = self.state
            if state.phase is Phase.GAME_OVER:
                self.decider = None
                self._legal = {}
                return
            waiting = rules.to_act(state)
            if state.phase is Phase.HAND_OVER:
                self._apply(Ready(seat=min(waiting)))
                continue
            seat = self._next_seat(state, waiting)
            claim = state.claim
            legal = self.codec.legal_ids(
                rules.legal_actions(state, seat, preferences=False),
                state.seats[seat].drawn, None if claim is None else claim.tile)
            if len(legal) == 1 and self.skip_forced:
                self._apply(next(iter(legal.values())))
                continue
            self.decider = seat
            self._legal = legal
            return
        raise RuntimeError("the game does not progress")  # pragma: no cover - a reducer bug

    def _next_seat(self, state: State, waiting: frozenset[int]) -> int:
        """The seat that answers next: the turn, or the first in turn order after the discarder."""
        if state.phase is Phase.CLAIMS and state.claim is not None:
            n = self.rules.num_seats
            origin = state.claim.from_seat
            return min(waiting, key=lambda s: (s - origin - 1) % n)
        return min(waiting)
