"""Taiwanese 16-tile mahjong: the reducer (seeds/003; rules/taiwanese.md sections 1 and 4).

A sibling of riichi on the shared table game (:class:`~mahjong_rules.rulesets.table.
TableRuleset`: claim windows, priorities, timeouts, deadlines, JSON states), it fills the
table's hooks: the 144-tile wall and its deal, flowers, the ready-hand declaration, the
claims and wins of the seed, tai scoring through
:func:`~mahjong_rules.scoring.taiwanese.check_taiwanese`, and the game length. It keeps
the table's defaults for what Taiwanese does not have: no furiten, no swap-call rule,
no kan dora, no liability.

Rule source: ``seeds/003`` and ``rules/taiwanese.md`` (its recommended choice wherever
section 4 leaves a question open). Every decision the sources leave to us is listed in
``docs/taiwanese-game.md``; the main ones:

1. Wall layout: tiles 0-63 are dealt four at a time (dealer first, four rounds), the live
   wall follows (its first tile is the dealer's seventeenth), the last 16 tiles are the
   dead wall. A replacement tile comes from the front of the dead wall; the last live
   tile then moves to its back, so the dead wall keeps 16.
2. Flowers are set aside and replaced automatically (no action): at the deal in
   East-South-West-North cycles, during play as soon as one is drawn. Eight flowers win
   at once. A seat holding seven may rob the eighth through a claim window (answered
   with ``Ron`` or ``Pass``).
3. The opening declaration window: every non-dealer answers (``DeclareReady`` or
   ``Pass``), ready or not, so the window itself tells nobody who is ready.
4. No kuikae, no four-kong limit, no abortive draws; kongs need a tile left in the live
   wall; the last discard may be claimed by pon or chi (not by a kong).
5. A timeout (or auto-pilot) declares any legal win, passes every optional call and the
   declaration, and discards the drawn tile when that is legal.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("taiwanese")
    >>> state = rules.setup(seed=1)
    >>> state.claim.source, sorted(rules.to_act(state))
    (<ClaimSource.DECLARATION: 'declaration'>, [1, 2, 3])
    >>> len(state.seats[0].hand) + len(state.seats[0].flowers) >= 17, len(state.rinshan)
    (True, 16)

.. versionadded:: 0.2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mahjong_rules import kernel
from mahjong_rules.actions import (
    Action,
    Ankan,
    DeclareReady,
    Kakan,
    Kita,
    Pass,
    Ron,
    Tsumo,
)
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.fast.intern import discard_action
from mahjong_rules.game.actions import SHARED, ActionRule, refused
from mahjong_rules.game.hand_tiles import held, not_held, reject, remove
from mahjong_rules.melds import MeldKind
from mahjong_rules.options import TaiwaneseOptions
from mahjong_rules.rulesets import taiwanese_end
from mahjong_rules.rulesets.table import TableRuleset
from mahjong_rules.state import (
    CallKind,
    ClaimSource,
    ClaimWindow,
    Phase,
    Response,
    RiverEntry,
    State,
    replace,
)
from mahjong_rules.state_check import Table
from mahjong_rules.tiles import N_IDS, Tile, kind_of
from mahjong_rules.walls import WallLayout

__all__ = ["TaiwaneseRuleset"]

# the protocol values as module constants: a member looked up on its class is slow in 3.11
_RON, _PON, _CHI, _DAIMINKAN, _DECLARE = (CallKind.RON, CallKind.PON, CallKind.CHI,
                                          CallKind.DAIMINKAN, CallKind.DECLARE)
_DISCARD = ClaimSource.DISCARD

FLOWER_SOURCES = frozenset({"flower", "seventh_flower", "deal_flower"})
"""Claim windows in which a seat holding seven flowers may rob the eighth."""
DEALT = 16
"""Tiles dealt to each seat (the dealer's seventeenth is its first draw)."""
DEAD_WALL = 16
ALL_FLOWERS = 8
NO_TILE = -1
"""The ``tile`` of the declaration window, which is about no tile."""


_TILES = tuple(Tile(kind_of(tile_id)) for tile_id in range(N_IDS + ALL_FLOWERS))
"""The scoring value of each tile id (no red fives), built once."""


def is_flower(tile: int) -> bool:
    """A physical id of a flower or season (136-143)."""
    return tile >= N_IDS


def check_declare(rules: TaiwaneseRuleset, state: State,
                  action: DeclareReady) -> Rejection | None:
    """The ready-hand declaration (``_check_declare``, rules/taiwanese.md 1.5)."""
    return rules._check_declare(state, action)


def apply_declare(rules: TaiwaneseRuleset, state: State, action: DeclareReady) -> State:
    """The declaration: an answer in the opening window, or the dealer's discard."""
    return rules._declare(state, action)


_DECLARED = Response(kind=_DECLARE)

TAIWANESE_ACTIONS: Mapping[type[Action], ActionRule] = {
    **SHARED,
    Kita: refused(Reason.KITA_NOT_ALLOWED, "kita exists only in sanma", own_turn=True),
    DeclareReady: ActionRule(check_declare, apply_declare, answer=lambda _action: _DECLARED),
}
"""The shared actions and the ready-hand declaration; no abortive draws (nine terminals)
and no mangan chombo (the engine refuses them with ``not_in_ruleset``)."""


class TaiwaneseRuleset(TableRuleset[TaiwaneseOptions]):
    """Taiwanese 16-tile mahjong (seeds/003, rules/taiwanese.md), 4 players.

    Deviations from the sources: none known; the choices where they are silent are in
    ``docs/taiwanese-game.md``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "taiwanese"
    aliases: ClassVar[tuple[str, ...]] = ("taiwan", "tw", "16-tile", "taiwanese16")
    version: ClassVar[str] = "1"
    num_seats: ClassVar[int] = 4
    options_type = TaiwaneseOptions
    n_sets: ClassVar[int] = 5
    action_types: ClassVar[frozenset[type[Action]]] = frozenset(TAIWANESE_ACTIONS)
    """The shared actions, kita (refused) and the ready-hand declaration."""
    actions: ClassVar[Mapping[type[Action], ActionRule]] = TAIWANESE_ACTIONS

    # ------------------------------------------------------------------ tiles

    def tile_ids(self) -> tuple[int, ...]:
        """144 tiles: the 136 suit and honour tiles and the eight flowers and seasons."""
        return tuple(range(N_IDS + ALL_FLOWERS))

    def kinds_mask(self) -> tuple[bool, ...]:
        """Every suit and honour kind (flowers never enter a hand)."""
        return kernel.ALL_KINDS

    def red_ids(self) -> frozenset[int]:
        """No red fives."""
        return frozenset()

    def _tile(self, tile_id: int) -> Tile:
        return _TILES[tile_id]

    def _ready(self, hand: tuple[int, ...]) -> bool:
        """A 16-tile (3n+1) hand is one tile from a win on a kind still to be had."""
        return bool(self.waits(hand))

    def _table(self) -> Table:
        """The facts of this table for the state check (:mod:`mahjong_rules.state_check`)."""
        return Table(
            name=self.name, version=self.version, options_type=self.options_type,
            seats=self.num_seats, tiles=frozenset(self.tile_ids()),
            waiting=3 * self.n_sets + 1, riichi=False, kita=False, chi=True,
            declaration=True, max_kans=None,
            sources=frozenset({"discard", "kakan", "declaration", "flower", "seventh_flower",
                               "deal_flower"}),
            end_reasons=frozenset({"normal"}), hand_wall=self._hand_wall,
            claim_options=self._open_options, can_discard=self._can_discard)

    # ------------------------------------------------------------------ the deal

    def wall_layout(self) -> WallLayout:
        """Four rounds of four tiles from the dealer on; 16 tiles of dead wall at the end.

        .. versionadded:: 0.3
        """
        return WallLayout(seats=self.num_seats, hand_size=DEALT, deal_block=4,
                          replacement_tiles=DEAD_WALL, dora_indicators=0, ura_indicators=0)

    def _open_hand(self, state: State) -> State:
        """The opening: the dealer's 17th tile, flower replacement, flower wins, declarations.

        Flowers are replaced in cycles in seat order from the dealer; a flower drawn as a
        replacement waits for the next cycle (1.3).
        """
        dealer = state.dealer
        state = super()._draw(state, dealer)
        n = self.num_seats
        while True:  # cycles in seat order from the dealer; new flowers wait a cycle
            found = False
            for i in range(n):
                seat = (dealer + i) % n
                for flower in [t for t in state.seats[seat].hand if is_flower(t)]:
                    found = True
                    state = self._set_aside(state, seat, flower)
                    if not state.live:  # no replacement possible (seed 1.3)
                        return self._flowers_or_draw(state, seat)
                    state = super()._draw(state, seat, replacement=True)
                    keep = state.seats[seat].drawn if seat == dealer else None
                    state = self._seat(state, seat, {"turn": dealer, "rinshan_draw": False},
                                       drawn=keep)
            if not found:
                break
        winner = self._eight_flowers_seat(state)
        if winner is not None:
            return self._flower_win(state, winner, holder=None)
        robbed = self._rob_target(state)
        if robbed is not None:
            return self._open_window(state, robbed[0], robbed[1], ClaimSource.DEAL_FLOWER)
        return self._open_window(state, dealer, NO_TILE, ClaimSource.DECLARATION)

    def _set_aside(self, state: State, seat: int, flower: int) -> State:
        player = state.seats[seat]
        return self._seat(state, seat, hand=remove(player.hand, [flower]), drawn=None,
                          flowers=(*player.flowers, flower))

    def _eight_flowers_seat(self, state: State) -> int | None:
        return next((s for s, p in enumerate(state.seats) if len(p.flowers) == ALL_FLOWERS),
                    None)

    def _rob_target(self, state: State) -> tuple[int, int] | None:
        """``(holder, flower)`` when one seat holds seven flowers and another the eighth."""
        if not any(len(p.flowers) == ALL_FLOWERS - 1 for p in state.seats):
            return None
        for seat, player in enumerate(state.seats):
            if len(player.flowers) == 1:
                return seat, player.flowers[0]
        return None

    def _flowers_or_draw(self, state: State, seat: int) -> State:
        """A flower with no replacement left: a flower win first (Q17), else a draw."""
        if len(state.seats[seat].flowers) == ALL_FLOWERS:
            return self._flower_win(state, seat, holder=None)
        return self._exhaustive_draw(state)

    # ------------------------------------------------------------------ draws

    def _draw(self, state: State, seat: int, *, replacement: bool = False,
              **more: Any) -> State:  # noqa: ANN401
        """A draw; a flower is set aside at once and replaced (seed 1.3).

        A replacement needs a live tile to refill the dead wall: with the live wall empty
        the hand is a draw.
        """
        if not state.live:
            return self._exhaustive_draw(replace(state, **more) if more else state)
        state = super()._draw(state, seat, replacement=replacement, **more)
        tile = state.seats[seat].drawn
        if tile is None or not is_flower(tile):
            return state
        state = self._set_aside(state, seat, tile)
        flowers = state.seats[seat].flowers
        if len(flowers) == ALL_FLOWERS:
            return self._flower_win(state, seat, holder=None)
        if any(len(p.flowers) == ALL_FLOWERS - 1 for s, p in enumerate(state.seats)
               if s != seat):
            return self._open_window(state, seat, tile, ClaimSource.FLOWER)
        if len(flowers) == ALL_FLOWERS - 1:
            target = self._rob_target(state)
            if target is not None:
                return self._open_window(state, target[0], target[1],
                                         ClaimSource.SEVENTH_FLOWER)
        if not state.live:
            return self._flowers_or_draw(state, seat)
        return self._draw(state, seat, replacement=True)

    # ------------------------------------------------------------------ legal actions

    def _self_actions(self, state: State, seat: int) -> list[Action]:
        player = state.seats[seat]
        if player.declared and player.drawn is not None:
            actions: list[Action] = [discard_action(seat, player.drawn)]
        else:
            actions = [discard_action(seat, tile) for tile in player.hand]
        if self._dealer_may_declare(state, seat):
            ready = {kind for kind in {t >> 2 for t in player.hand}
                     if self._ready(remove(player.hand, [next(
                         t for t in player.hand if t >> 2 == kind)]))}
            actions.extend(DeclareReady(seat=seat, tile=t) for t in player.hand
                           if t >> 2 in ready)
        if player.drawn is None:  # right after a chi or pon: discards only
            return actions
        if self._shanten(player.hand) == -1 and self._check_tsumo(state, seat) is None:
            actions.append(Tsumo(seat=seat))
        if player.declared or not state.live:
            return actions
        counts = self._counts(player.hand)
        actions.extend(Ankan(seat=seat, kind=kind) for kind in range(34) if counts[kind] == 4)
        pon_kinds = {m.tiles[0] >> 2 for m in player.melds if m.kind is MeldKind.PON}
        actions.extend(Kakan(seat=seat, tile=tile) for tile in player.hand
                       if tile >> 2 in pon_kinds)
        return actions

    def _claim_actions(self, state: State, seat: int) -> list[Action]:
        claim = state.claim
        assert claim is not None
        if claim.source == "declaration":
            declare: list[Action] = ([DeclareReady(seat=seat)]
                                     if "declare" in claim.options[seat] else [])
            return [Pass(seat=seat), *declare]
        return super()._claim_actions(state, seat)

    def _claim_options(self, state: State, seat: int, tile: int,
                       source: str) -> tuple[tuple[CallKind, ...], ...]:
        """What every other seat may claim; reads only the other seats and the table."""
        n = self.num_seats
        if source == "declaration":
            return tuple(() if other == seat else (_DECLARE,)
                         if self._ready(state.seats[other].hand) else (CallKind.PASS,)
                         for other in range(n))
        if source in FLOWER_SOURCES:
            return tuple((_RON,) if other != seat
                         and len(state.seats[other].flowers) == ALL_FLOWERS - 1 else ()
                         for other in range(n))
        options: list[tuple[CallKind, ...]] = []
        kind = tile >> 2
        for other in range(n):
            player = state.seats[other]
            found: list[CallKind] = []
            if other != seat and self._can_ron(state, other, tile, source):
                found.append(_RON)
            if (other != seat and source == "discard" and not player.declared
                    and not player.no_calls):
                same = held(player.hand, kind)
                if same >= 2:
                    found.append(_PON)
                if same >= 3 and state.live:
                    found.append(_DAIMINKAN)
                if (kind < 27 and self._chi_allowed(state, other, seat)
                        and self._chi_possible(state, other, player.hand, tile)):
                    found.append(_CHI)
            options.append(tuple(found))
        return tuple(options)

    def _can_ron(self, state: State, seat: int, tile: int, source: str) -> bool:
        """A winning shape on any discard or on an added kong's tile; no furiten (1.4)."""
        return source in ("discard", "kakan") and (tile >> 2) in self.waits(
            state.seats[seat].hand)

    # ------------------------------------------------------------------ checks

    def _dealer_may_declare(self, state: State, seat: int) -> bool:
        player = state.seats[seat]
        return (state.phase is Phase.SELF_ACTION and seat == state.dealer == state.turn
                and not player.declared and not player.melds and player.drawn is not None
                and not any(p.river for p in state.seats))

    def _check_declare(self, state: State, action: DeclareReady) -> Rejection | None:
        seat = action.seat
        player = state.seats[seat]
        claim = state.claim
        if player.declared:
            return reject(Reason.DECLARATION_NOT_ALLOWED, "the seat has declared already")
        if state.phase is Phase.CLAIMS and claim is not None and claim.source == "declaration":
            if seat == state.dealer:
                return reject(Reason.DECLARATION_NOT_ALLOWED,
                               "the dealer declares with its first discard")
            problem = self._check_claim(state, Pass(seat=seat, at=action.at))
            if problem is not None:
                return problem
            if action.tile is not None:
                return reject(Reason.BAD_INPUT, "a non-dealer's declaration names no tile")
            if "declare" not in claim.options[seat]:
                return reject(Reason.DECLARATION_REQUIRES_TENPAI, "the dealt hand is not ready")
            return None
        if not self._dealer_may_declare(state, seat):
            return reject(Reason.DECLARATION_NOT_ALLOWED, "non-dealers declare in the opening "
                           "window, the dealer with its first discard")
        if action.tile is None:
            return reject(Reason.BAD_INPUT, "the dealer's declaration names its first discard")
        if action.tile not in player.hand:
            return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold tile "
                           f"{action.tile}", tile=action.tile)
        if not self._ready(remove(player.hand, [action.tile])):
            return reject(Reason.DECLARATION_REQUIRES_TENPAI,
                           "the hand is not ready after this discard")
        return None

    def _check_discard(self, state: State, seat: int, tile: int, *,
                       riichi: bool) -> Rejection | None:
        player = state.seats[seat]
        if riichi:
            return reject(Reason.NOT_IN_RULESET, "no riichi in Taiwanese (the ready-hand "
                           "declaration is DeclareReady)")
        if tile not in player.hand:
            return not_held(seat, tile)
        if player.declared and tile != player.drawn:
            return reject(Reason.DECLARED_HAND_LOCKED,
                           "a declared hand discards only the drawn tile")
        return None

    def _tsumo_rejection(self, state: State, seat: int, tile: int) -> Rejection | None:
        result = self._score(state, seat, tile, from_seat=None, source="draw")
        return result if isinstance(result, Rejection) else None

    def _kan_possible(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        if player.declared:
            return reject(Reason.DECLARED_HAND_LOCKED, "a declared hand makes no kong")
        if player.drawn is None or player.called_this_turn:
            return reject(Reason.KAN_NOT_ALLOWED, "a kong needs a drawn tile on the own turn")
        if not state.live:
            return reject(Reason.KAN_NOT_ALLOWED, "no kong: the live wall is empty")
        return None

    # ------------------------------------------------------------------ apply

    def _declare(self, state: State, action: DeclareReady) -> State:
        if state.phase is Phase.CLAIMS:
            return self._respond(state, action)
        assert action.tile is not None
        state = self._seat(state, action.seat, declared=True)
        return self._discard(state, action.seat, action.tile, riichi=False)

    def _automatic(self, state: State, seat: int) -> Action:
        """Seed 1.8: declare any legal win, pass optional calls, discard the drawn tile."""
        claim = state.claim
        if state.phase is Phase.CLAIMS and claim is not None and "ron" in claim.options[seat]:
            return Ron(seat=seat)
        if state.phase is Phase.SELF_ACTION and self._check_tsumo(state, seat) is None:
            return Tsumo(seat=seat)
        return super()._automatic(state, seat)

    def _discard(self, state: State, seat: int, tile: int, *, riichi: bool) -> State:
        player = state.seats[seat]
        entry = RiverEntry(tile=tile, tsumogiri=tile == player.drawn)
        state = self._seat(state, seat, {"rinshan_draw": False},
                           hand=remove(player.hand, [tile]), drawn=None,
                           river=(*player.river, entry), called_this_turn=False)
        return self._open_window(state, seat, tile, _DISCARD)

    def _window_waits(self, claim: ClaimWindow,
                      responses: Sequence[Response | None]) -> bool:
        if claim.source == "declaration":  # every seat answers the declaration window
            return any(o and r is None for o, r in zip(claim.options, responses, strict=True))
        return super()._window_waits(claim, responses)

    def _resolve(self, state: State, claim: ClaimWindow) -> State:
        n = self.num_seats
        if claim.source == "declaration":
            for seat, response in enumerate(claim.responses):
                if response is not None and response.kind == "declare":
                    state = self._seat(state, seat, declared=True)
            return replace(state, phase=Phase.SELF_ACTION, turn=state.dealer, claim=None,
                            phase_started=state.clock)
        rons = [s for s, r in enumerate(claim.responses) if r is not None and r.kind == "ron"]
        if rons and claim.source in FLOWER_SOURCES:
            return self._flower_win(state, rons[0], holder=claim.from_seat)
        if rons:  # every legal winner wins (1.4), in turn order from the discarder
            order = sorted(rons, key=lambda s: (s - claim.from_seat) % n)
            return self._settle_wins(state, order, claim.tile, from_seat=claim.from_seat,
                                     source=claim.source)
        return self._take_call(state, claim)

    def _continue(self, state: State, claim: ClaimWindow) -> State:
        if claim.source == "flower":
            return self._after_flower(state, claim.from_seat)
        if claim.source == "seventh_flower":
            robber = next(s for s, p in enumerate(state.seats)
                          if len(p.flowers) == ALL_FLOWERS - 1)
            return self._after_flower(state, robber)
        if claim.source == "deal_flower":
            state = replace(state, phase=Phase.SELF_ACTION, turn=state.dealer, claim=None)
            return self._open_window(state, state.dealer, NO_TILE, ClaimSource.DECLARATION)
        return super()._continue(state, claim)

    def _after_flower(self, state: State, seat: int) -> State:
        """The flower's owner draws its replacement (or the hand is drawn)."""
        if not state.live:
            return self._flowers_or_draw(state, seat)
        return self._draw(state, seat, replacement=True)

    # ------------------------------------------------------------------ scoring

    _score = taiwanese_end.score
    _record_win = taiwanese_end.record_win
    _settle_wins = taiwanese_end.settle_wins
    _flower_win = taiwanese_end.flower_win
    _end_win = taiwanese_end.end_win
    _exhaustive_draw = taiwanese_end.exhaustive_draw
    _game_end = taiwanese_end.game_end
    _result = taiwanese_end.result

    # ------------------------------------------------------------------ view, result

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = super()._view(state, seat)
        for entry, player in zip(view["seats"], state.seats, strict=True):
            entry["flowers"] = list(player.flowers)
            entry["declared"] = player.declared
        return view

