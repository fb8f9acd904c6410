"""4-player riichi and 3-player sanma: the reducer (seeds/000 sections 4, 5 and 8).

Rule source: ``seeds/000`` (primary), with the ``seeds/001`` and ``seeds/004`` options.
Deliberate choices where the source is silent are listed in ``docs/reducer.md``:

1. Walls: 136 (108) tiles shuffled with :mod:`mahjong_rules.rng` from
   ``(seed, hands played)``; the last 14 are the dead wall: 4 replacement tiles, 5 dora
   indicators, 5 ura indicators. A replacement draw takes the next replacement tile and
   the last live tile moves to the back of the replacement queue (the dead wall stays 14).
2. Dealing: 13 tiles to each seat in turn from the dealer, in one block each, then the
   dealer draws.
3. Temporary furiten ends at the seat's own next draw or call.

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, assert_never

from mahjong_rules import kernel, rng
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Chombo,
    Daiminkan,
    DeclareReady,
    Discard,
    Disconnect,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ready,
    Ron,
    SetPreferences,
    Timeout,
    Tsumo,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import IllegalActionError, Reason, Rejection
from mahjong_rules.fast import DEFAULT as FAST_DEFAULT
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.claim_scan import claim_scan
from mahjong_rules.fast.discard import fused
from mahjong_rules.fast.hand_cache import HandCache
from mahjong_rules.fast.intern import PASS, discard_action, preferences, river_entry
from mahjong_rules.game.hand_tiles import not_held, reject, remove, tiles_of
from mahjong_rules.kernel.single import ORPHANS, shanten_single
from mahjong_rules.options import (
    Extension,
    FifthTile,
    GameLength,
    KanDoraTiming,
    MultipleRon,
    NagashiMangan,
    RenchanOn,
    RiichiAnkan,
    RiichiOptions,
    RuleOptions,
    SanmaOptions,
    TiedRanks,
    TripleRon,
)
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.record import unstructure
from mahjong_rules.scoring import (
    Liability,
    Meld,
    MeldKind,
    WinContext,
    WinningHand,
    multiple_ron_order,
    seat_deltas,
)
from mahjong_rules.settlement import final_scores
from mahjong_rules.state import (
    CallKind,
    ClaimSource,
    ClaimWindow,
    HandEnd,
    HandResult,
    HandStart,
    MeldRecord,
    Phase,
    PlayerState,
    Response,
    State,
    WinRecord,
    replace,
)
from mahjong_rules.state_check import Table, WallParts
from mahjong_rules.tiles import Tile, TileKind
from mahjong_rules.walls import WallLayout

__all__ = ["RiichiRuleset", "SanmaRuleset"]

# the protocol values as module constants: a member looked up on its class is slow in 3.11
_RON, _PON, _CHI, _DAIMINKAN, _DECLARE = (CallKind.RON, CallKind.PON, CallKind.CHI,
                                          CallKind.DAIMINKAN, CallKind.DECLARE)
_DISCARD = ClaimSource.DISCARD
_KANS = frozenset({MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN})


if TYPE_CHECKING:  # with a default (PEP 696): a bare ``RiichiRuleset`` is riichi's own
    from typing_extensions import TypeVar as DefaultTypeVar

    RiichiT_co = DefaultTypeVar("RiichiT_co", bound=RiichiOptions, default=RiichiOptions,
                             covariant=True)
else:
    RiichiT_co = TypeVar("RiichiT_co", bound=RiichiOptions, covariant=True)

NORTH = 30
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
PRIORITY = {"ron": 3, "pon": 2, "daiminkan": 2, "chi": 1}
HAND_OVER_SECONDS = 15


class RiichiRuleset(Ruleset[RiichiT_co]):
    """4-player Japanese riichi (seeds/000, with seeds/001's options as a preset).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "riichi"
    aliases: ClassVar[tuple[str, ...]] = ("4p", "yonma", "japanese", "riichi4")
    version: ClassVar[str] = "2"
    """Behaviour version (2: the rule fixes of 0.3, ``CHANGELOG.md``)."""
    num_seats: ClassVar[int] = 4
    options_type: ClassVar[type[RuleOptions]] = RiichiOptions
    action_types: ClassVar[frozenset[type[Action]]] = Ruleset.action_types - {DeclareReady}
    """Every action but the ready-hand declaration (riichi is a discard's flag)."""
    riichi_min_tiles: ClassVar[int] = 4
    """Tiles that must be left in the wall to declare riichi (seeds/000 5.4)."""
    n_sets: ClassVar[int] = 4
    """Sets of a complete hand (passed to the kernel)."""

    def __init__(self, options: RiichiT_co | str | None = None, *,
                 fast: FastPaths = FAST_DEFAULT) -> None:
        """Rules with ``options`` (an options object, a preset name, or the defaults).

        ``fast``: the fast paths taken (:class:`~mahjong_rules.fast.FastPaths`).
        """
        super().__init__(options, fast=fast)
        self.cache = HandCache(self.kinds_mask(), self.n_sets, fast.score_memo)
        """The memos of this instance: hand facts and recent scores
        (:class:`~mahjong_rules.fast.hand_cache.HandCache`, bounded)."""
        red = self.red_ids()
        self._tile_values = tuple(Tile(TileKind(i >> 2), red=i in red) for i in range(136))
        """The scoring value of each tile id (:meth:`_tile`; tiles are immutable values)."""

    # ------------------------------------------------------------------ tiles

    def tile_ids(self) -> tuple[int, ...]:
        """The physical tiles of the set."""
        return tuple(range(136))

    def kinds_mask(self) -> tuple[bool, ...]:
        """The kernel's tile-set mask."""
        return kernel.ALL_KINDS

    def red_ids(self) -> frozenset[int]:
        """Physical ids that are red fives under the options."""
        return frozenset((16, 52, 88)) if self.options.red_fives else frozenset()

    def _tile(self, tile_id: int) -> Tile:
        return self._tile_values[tile_id]

    def _counts(self, tiles: Iterable[int]) -> list[int]:
        counts = [0] * 34
        for tile in tiles:
            counts[(tile >> 2)] += 1
        return counts

    def _live_waits(self, player: PlayerState,
                    hand: tuple[int, ...] | None = None) -> frozenset[int]:
        """Waits of a seat's concealed ``hand`` (its own by default) that count for tenpai.

        A kind it holds all four of is no wait (seeds/000 5.5): in the concealed hand
        always, in its melds too under ``FifthTile.HAND_AND_MELDS``.
        """
        waits = self.waits(player.hand if hand is None else hand)
        if not waits or not player.melds or (
                self.options.fifth_tile is FifthTile.CONCEALED):
            return waits
        counts = self._counts(player.hand if hand is None else hand)
        for meld in player.melds:
            for tile in meld.tiles:
                counts[tile >> 2] += 1
        return frozenset(k for k in waits if counts[k] < 4)

    def _shanten(self, hand: Iterable[int]) -> int:
        return shanten_single(self._counts(hand), self.kinds_mask(), self.n_sets)

    def waits(self, hand: Iterable[int]) -> frozenset[int]:
        """Kinds that complete a 3n+1 hand (a kind held four times excluded)."""
        return self.cache.facts(hand if isinstance(hand, tuple) else tuple(hand))[0]

    # ------------------------------------------------------------------ setup

    def _setup(self, *, seed: int | None, walls: list[list[int]] | None,
               players: list[str] | None, start: HandStart | None = None) -> State:
        names = list(players) if players is not None else [
            f"player{i}" for i in range(self.num_seats)]
        if len(names) != self.num_seats or len(set(names)) != self.num_seats:
            raise IllegalActionError(reject(Reason.BAD_INPUT,
                                             f"{self.num_seats} distinct player names needed"))
        if seed is not None:
            names = rng.shuffle(names, seed=seed, label="seats")
        checked: tuple[tuple[int, ...], ...] = ()
        if walls is not None:
            expected = sorted(self.tile_ids())
            for wall in walls:
                if sorted(wall) != expected:
                    raise IllegalActionError(reject(
                        Reason.BAD_INPUT, "a wall must hold every tile of the set once"))
            checked = tuple(tuple(w) for w in walls)
            if not checked:
                raise IllegalActionError(reject(Reason.BAD_INPUT, "no wall given"))
        points = (self.options.start_points,) * self.num_seats
        table: dict[str, int] = {}
        if start is not None:
            problem = self._check_start(start)
            if problem is not None:
                raise IllegalActionError(problem)
            points = start.points if start.points is not None else points
            table = {"round_wind": start.round_wind, "hand_number": start.hand_number,
                     "dealer": start.hand_number, "honba": start.honba,
                     "deposits": start.deposits}
        seats = tuple(PlayerState(hand=(), points=p) for p in points)
        state = State(
            ruleset=self.name, version=self.version, options=self.options, seed=seed,
            walls=checked, players=tuple(names), phase=Phase.SELF_ACTION, turn=0, live=(),
            rinshan=(), dora_indicators=(), ura_indicators=(), seats=seats,
            liability=(-1,) * self.num_seats, liability_yaku=("",) * self.num_seats,
            ready=(False,) * self.num_seats,
        )
        return self._start_hand(replace(state, **table) if table else state)

    def _check_start(self, start: HandStart) -> Rejection | None:
        n = self.num_seats
        values = (start.round_wind, start.hand_number, start.honba, start.deposits)
        if not all(type(v) is int for v in values) or not isinstance(start, HandStart):
            return reject(Reason.BAD_INPUT, "a start needs integer round, hand, honba, sticks")
        if not (0 <= start.round_wind < 4 and 0 <= start.hand_number < n
                and start.honba >= 0 and start.deposits >= 0):
            return reject(Reason.BAD_INPUT, "start round, hand, honba or sticks out of range")
        if start.points is not None and (
                len(start.points) != n or not all(type(p) is int for p in start.points)):
            return reject(Reason.BAD_INPUT, f"start points must be {n} integers")
        return None

    def _table(self) -> Table:
        """The facts of this table for the state check (:mod:`mahjong_rules.state_check`)."""
        tiles = self.tile_ids()
        riichi = isinstance(self.options, RiichiOptions)
        sanma = isinstance(self.options, SanmaOptions)
        sources = {"discard", "kakan", "ankan", "kita"} if sanma else {
            "discard", "kakan", "ankan"} if riichi else {
            "discard", "kakan", "declaration", "flower", "seventh_flower", "deal_flower"}
        return Table(
            name=self.name, version=self.version, options_type=self.options_type,
            seats=self.num_seats, tiles=frozenset(tiles), waiting=3 * self.n_sets + 1,
            riichi=riichi, kita=sanma, chi=not sanma, declaration=not riichi,
            max_kans=4 if riichi else None, sources=frozenset(sources),
            end_reasons=frozenset({"tobi", "normal", "west_entry_end", "agari_yame"}
                                  if riichi else {"normal"}),
            hand_wall=self._hand_wall, claim_options=self._open_options,
            can_discard=self._can_discard)

    def _hand_wall(self, state: State, index: int) -> WallParts:
        """Hand ``index``'s wall as dealt: live wall, replacement tiles, dora, ura."""
        _hands, live, (rinshan, dora, ura) = self._deal(
            self._wall(replace(state, hands_played=index)), 0)
        return live, rinshan, dora, ura

    def _can_discard(self, state: State, seat: int) -> bool:
        """Some tile of the seat's hand may be discarded (the state check's last test)."""
        return any(self._check_discard(state, seat, tile, riichi=False) is None
                   for tile in state.seats[seat].hand)

    def _open_options(self, state: State) -> tuple[tuple[CallKind, ...], ...]:
        """The open window's claim options computed afresh, every ``no_calls`` off."""
        claim = state.claim
        assert claim is not None
        probe = self._all_seats(state, no_calls=False)
        return self._claim_options(probe, claim.from_seat, claim.tile, claim.source)

    def _wall(self, state: State) -> tuple[int, ...]:
        if state.seed is not None:
            return tuple(rng.shuffle(list(self.tile_ids()), seed=state.seed,
                                     label=f"wall/{state.hands_played}"))
        if state.hands_played >= len(state.walls):
            raise IllegalActionError(reject(Reason.BAD_INPUT, "no injected wall left for "
                                             f"hand {state.hands_played + 1}"))
        return state.walls[state.hands_played]

    def wall_layout(self) -> WallLayout:
        """Where each tile of a hand's wall goes (:class:`~mahjong_rules.walls.WallLayout`).

        .. versionadded:: 0.3
        """
        return WallLayout(seats=self.num_seats)

    def _deal(self, wall: tuple[int, ...], dealer: int) -> tuple[
            list[tuple[int, ...]], tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The dealt hands by seat, the live wall, and the dead wall's parts.

        The dead wall's parts are the replacement tiles, the dora and the ura indicators.
        """
        return self.wall_layout().split(wall, dealer)

    def _start_hand(self, state: State) -> State:
        wall = self._wall(state)
        n = self.num_seats
        hands, live, (rinshan, dora, ura) = self._deal(wall, state.dealer)
        seats = tuple(
            PlayerState(hand=hands[s], points=p.points, auto_win=p.auto_win,
                        no_calls=p.no_calls, timeouts=p.timeouts, auto_pilot=p.auto_pilot,
                        time_bank_ms=self._refill(p.time_bank_ms, state.hands_played),
                        wins=p.wins, deal_ins=p.deal_ins, riichi_count=p.riichi_count,
                        calls=p.calls)
            for s, p in enumerate(state.seats)
        )
        state = replace(
            state, phase=Phase.SELF_ACTION, turn=state.dealer, live=live,
            rinshan=rinshan, dora_indicators=dora, ura_indicators=ura,
            revealed=min(1, len(dora)), pending_kan_dora=0, kan_count=0,
            kan_seats=(), first_go_around=True, first_discards=(), rinshan_draw=False,
            liability=(-1,) * n, liability_yaku=("",) * n, seats=seats, claim=None,
            ready=(False,) * n, phase_started=state.clock,
        )
        return self._open_hand(state)

    def _open_hand(self, state: State) -> State:
        """The dealt hand's first step: the dealer draws."""
        return self._draw(state, state.dealer)

    # ------------------------------------------------------------------ small updates

    def _seat(self, state: State, seat: int, table: dict[str, Any] | None = None,
              **changes: Any) -> State:  # noqa: ANN401
        """Change one seat (and, with ``table``, table fields) in one copy."""
        seats = list(state.seats)
        seats[seat] = replace(seats[seat], **changes)
        return replace(state, seats=tuple(seats), **(table or {}))

    def _all_seats(self, state: State, **changes: Any) -> State:  # noqa: ANN401
        return replace(state, seats=tuple(replace(p, **changes) for p in state.seats))

    def _draw(self, state: State, seat: int, *, replacement: bool = False,
              **more: Any) -> State:  # noqa: ANN401
        table: dict[str, Any] = {"phase": Phase.SELF_ACTION, "turn": seat,
                                 "rinshan_draw": replacement, "claim": None,
                                 "phase_started": state.clock, **more}
        if replacement:
            tile = state.rinshan[0]
            table["rinshan"] = (*state.rinshan[1:], state.live[-1])
            table["live"] = state.live[:-1]
        else:
            tile = state.live[0]
            table["live"] = state.live[1:]
        player = state.seats[seat]
        return self._seat(state, seat, table, hand=tuple(sorted((*player.hand, tile))),
                          drawn=tile, temporary_furiten=False, called_this_turn=False,
                          kuikae=())

    # ------------------------------------------------------------------ scoring adapter

    def _melds(self, player: PlayerState) -> tuple[Meld, ...]:
        return tuple(Meld(kind=m.kind, tiles=tuple(self._tile(t) for t in m.tiles))
                     for m in player.melds)

    def _score_win(self, state: State, seat: int, tile: int, *, tsumo: bool,
                   source: str = "discard", honba: int | None = None,
                   sticks: int | None = None) -> ScoreResult | Rejection:
        player = state.seats[seat]
        # the hand holds the winning tile (drawn, or added by the caller for a ron)
        concealed = list(player.hand)
        concealed.remove(tile)
        hand = WinningHand(concealed=tuple(self._tile(t) for t in concealed),
                           win=self._tile(tile), melds=self._melds(player))
        n = self.num_seats
        # tenhou and chiihou are wins on the dealt hand or the first draw: never on a
        # replacement tile (after a first-turn kita it is a rinshan win, docs/decisions.md)
        first = (state.first_go_around and not player.river and not player.melds
                 and not state.rinshan_draw)
        last = not state.live
        liability = None
        if state.liability[seat] >= 0:
            liability = Liability.YAKUMAN
        elif tsumo and state.rinshan_draw and state.liability_yaku[seat] == "rinshan":
            liability = Liability.OPEN_KAN_RINSHAN
        seat_wind = (seat - state.dealer) % n
        context = WinContext(
            tsumo=tsumo, seat_wind=seat_wind, round_wind=state.round_wind,
            riichi=player.riichi and not player.double_riichi,
            double_riichi=player.double_riichi, ippatsu=player.ippatsu,
            haitei=tsumo and last and not state.rinshan_draw,
            houtei=not tsumo and last and source == "discard",
            rinshan=tsumo and state.rinshan_draw,
            chankan=not tsumo and source in ("kakan", "ankan"),
            tenhou=tsumo and first and seat == state.dealer,
            chiihou=tsumo and first and seat != state.dealer,
            # renhou: a ron on a first go-around discard before the winner's first draw
            renhou=not tsumo and source == "discard" and first and seat != state.dealer,
            dora_indicators=tuple(self._tile(t) for t in
                                  state.dora_indicators[:state.revealed]),
            ura_indicators=tuple(self._tile(t) for t in state.ura_indicators[:state.revealed])
            if player.riichi else (),
            kita=len(player.kita), honba=state.honba if honba is None else honba,
            riichi_sticks=state.deposits if sticks is None else sticks, liability=liability,
        )
        # a win is scored twice (validate, then apply; the claim options, then the ron):
        # the second time from the memo (FastPaths.score_memo; 0: scored afresh)
        return self.cache.score(hand, context, self.options)

    def _liable_seat(self, state: State, seat: int, result: ScoreResult) -> int | None:
        if state.liability[seat] >= 0 and any(y.id in ("daisangen", "daisuushii")
                                              for y in result.yaku):
            return state.liability[seat]
        if state.liability_yaku[seat] == "suukantsu" and "liable" in result.payments:
            return state.liability[seat]
        if "liable" in result.payments and state.liability_yaku[seat] == "rinshan":
            return state.liability[seat] if state.liability[seat] >= 0 else None
        return None

    def _furiten(self, state: State, seat: int) -> bool:
        player = state.seats[seat]
        if player.temporary_furiten or player.riichi_furiten:
            return True
        waits = self.waits(player.hand)
        return any((entry.tile >> 2) in waits for entry in player.river)

    def _can_ron(self, state: State, seat: int, tile: int, source: str) -> bool:
        player = state.seats[seat]
        if (tile >> 2) not in self.waits(player.hand):
            return False
        if source == "ankan" and not self._may_rob_closed_kan(player, tile):
            return False
        if self._furiten(state, seat):
            return False
        probe = self._seat(state, seat, hand=tuple(sorted((*player.hand, tile))))
        result = self._score_win(probe, seat, tile, tsumo=False, source=source)
        return isinstance(result, ScoreResult)

    def _may_rob_closed_kan(self, player: PlayerState, tile: int) -> bool:
        """``tile`` of a closed kan completes thirteen orphans that may rob it.

        Only thirteen orphans may rob a closed kan, and only with
        ``ankan_chankan_kokushi`` (seeds/000 5.3): the shape, furiten and yaku aside.
        """
        if not self.options.ankan_chankan_kokushi or player.melds:
            return False
        counts = self._counts(player.hand)
        counts[(tile >> 2)] += 1
        return int(kernel.shanten_thirteen_orphans(counts)) == -1

    # ------------------------------------------------------------------ to act, legal

    def _to_act(self, state: State) -> frozenset[int]:
        if state.phase is Phase.SELF_ACTION:
            return frozenset({state.turn})
        if state.phase is Phase.CLAIMS and state.claim is not None:
            return frozenset(s for s, opts in enumerate(state.claim.options)
                             if opts and state.claim.responses[s] is None)
        if state.phase is Phase.HAND_OVER:
            return frozenset(s for s, r in enumerate(state.ready) if not r)
        return frozenset()

    def _legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        if state.phase is Phase.GAME_OVER:
            return ()
        out: list[Action] = list(preferences(seat))
        if seat not in self._to_act(state):
            return tuple(out)
        if state.phase is Phase.HAND_OVER:
            return (*out, Ready(seat=seat))
        if state.phase is Phase.CLAIMS:
            return (*out, *self._claim_actions(state, seat))
        return (*out, *self._self_actions(state, seat))

    def _self_actions(self, state: State, seat: int) -> list[Action]:
        player = state.seats[seat]
        if player.riichi or player.called_this_turn:
            actions: list[Action] = [
                discard_action(seat, tile) for tile in player.hand
                if self._check_discard(state, seat, tile, riichi=False) is None]
        else:  # every held tile may go
            actions = [discard_action(seat, tile) for tile in player.hand]
        shanten = self._shanten(player.hand) if player.drawn is not None else 1
        if shanten <= 0 and self._riichi_possible(state, seat):
            actions.extend(
                discard_action(seat, tile, riichi=True) for tile in player.hand
                if self._check_discard(state, seat, tile, riichi=True) is None)
        if shanten == -1 and self._check_tsumo(state, seat) is None:
            actions.append(Tsumo(seat=seat))
        if player.drawn is None:  # right after a call: discards only
            return actions
        counts = self._counts(player.hand)
        if 4 in counts:
            actions.extend(Ankan(seat=seat, kind=kind) for kind in range(34)
                           if counts[kind] == 4 and self._check_ankan(state, seat, kind) is None)
        if player.melds:
            pon_kinds = {(m.tiles[0] >> 2) for m in player.melds if m.kind is MeldKind.PON}
            actions.extend(
                Kakan(seat=seat, tile=tile) for tile in player.hand
                if (tile >> 2) in pon_kinds and self._check_kakan(state, seat, tile) is None)
        if counts[NORTH] and self._check_kita(state, seat) is None:
            actions.append(Kita(seat=seat))
        if state.first_go_around and not player.river and self._check_nine(state, seat) is None:
            actions.append(NineTerminals(seat=seat))
        return actions

    def _claim_actions(self, state: State, seat: int) -> list[Action]:
        claim = state.claim
        assert claim is not None
        options = claim.options[seat]
        actions: list[Action] = [Pass(seat=seat)]
        if "ron" in options:
            actions.append(Ron(seat=seat))
        hand = state.seats[seat].hand
        if "pon" in options:
            actions.extend(
                Pon(seat=seat, tiles=pair) for pair in self._pon_choices(hand, claim.tile)
                if self._call_leaves_discard(state, seat, pair, claim.tile, "pon"))
        if "daiminkan" in options:
            actions.append(Daiminkan(seat=seat))
        if "chi" in options:
            actions.extend(Chi(seat=seat, tiles=pair)
                           for pair in self._chi_choices(state, seat, hand, claim.tile))
        return actions

    # ------------------------------------------------------------------ checks

    def _riichi_possible(self, state: State, seat: int) -> bool:
        player = state.seats[seat]
        return (not player.riichi and not any(m.kind is not MeldKind.ANKAN for m in player.melds)
                and player.points >= self.options.riichi_min_points
                and len(state.live) >= self._riichi_tiles() and not player.called_this_turn)

    def _riichi_tiles(self) -> int:
        """Live tiles riichi needs: one more draw, or (``riichi_without_draw``) one tile."""
        return 1 if self.options.riichi_without_draw else self.riichi_min_tiles

    def _check_discard(self, state: State, seat: int, tile: int, *,
                       riichi: bool) -> Rejection | None:
        player = state.seats[seat]
        if tile not in player.hand:
            return not_held(seat, tile)
        if player.riichi and tile != player.drawn:
            return reject(Reason.RIICHI_DISCARD_ONLY_DRAWN,
                           "after riichi only the drawn tile may be discarded")
        if player.called_this_turn and (tile >> 2) in player.kuikae:
            return reject(Reason.SWAP_CALL_FORBIDDEN,
                           f"kind {(tile >> 2)} may not be discarded right after the call")
        if riichi:
            if player.riichi:
                return reject(Reason.ALREADY_RIICHI, "riichi was declared already")
            if any(m.kind is not MeldKind.ANKAN for m in player.melds):
                return reject(Reason.RIICHI_REQUIRES_CLOSED_HAND, "riichi needs a closed hand")
            if player.points < self.options.riichi_min_points:
                return reject(Reason.RIICHI_NOT_ENOUGH_POINTS,
                               f"riichi needs {self.options.riichi_min_points} points")
            if len(state.live) < self._riichi_tiles():
                return reject(Reason.RIICHI_NOT_ENOUGH_TILES,
                               f"riichi needs {self._riichi_tiles()} tiles left in the wall")
            if player.called_this_turn:
                return reject(Reason.WRONG_PHASE, "no riichi right after a call")
            if not self._live_waits(player, remove(player.hand, [tile])):
                return reject(Reason.RIICHI_REQUIRES_TENPAI,
                               "the hand is not tenpai after this discard")
        return None

    def _check_tsumo(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        if player.drawn is None:
            return reject(Reason.WRONG_PHASE, "a tsumo needs a drawn tile")
        if self._shanten(player.hand) != -1:
            return reject(Reason.NOT_A_WINNING_HAND, "the tiles form no winning shape")
        return self._tsumo_rejection(state, seat, player.drawn)

    def _tsumo_rejection(self, state: State, seat: int, tile: int) -> Rejection | None:
        """Why the scorer refuses a tsumo on ``tile`` (no yaku, ...), or ``None``."""
        result = self._score_win(state, seat, tile, tsumo=True)
        return result if isinstance(result, Rejection) else None

    def _kan_possible(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        if player.drawn is None or player.called_this_turn:
            return reject(Reason.KAN_NOT_ALLOWED, "a kan needs a drawn tile on the own turn")
        if not state.live or state.kan_count >= 4:
            return reject(Reason.KAN_NOT_ALLOWED, "no kan: no tile left or four kans made")
        return None

    def _check_ankan(self, state: State, seat: int, kind: int) -> Rejection | None:
        player = state.seats[seat]
        if not 0 <= kind < 34 or sum(1 for t in player.hand if (t >> 2) == kind) != 4:
            return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold four of {kind}")
        problem = self._kan_possible(state, seat)
        if problem is not None:
            return problem
        if player.riichi:
            return self._riichi_kan_problem(player, kind)
        return None

    def _riichi_kan_problem(self, player: PlayerState, kind: int) -> Rejection | None:
        """Why a seat in riichi may not make a closed kan of ``kind`` (``riichi_ankan``)."""
        rule = self.options.riichi_ankan
        if rule is RiichiAnkan.NEVER:
            return reject(Reason.KAN_NOT_ALLOWED, "no closed kan after riichi")
        assert player.drawn is not None
        if (player.drawn >> 2) != kind:
            return reject(Reason.KAN_CHANGES_WAIT, "after riichi only a kan of the drawn tile")
        before = remove(player.hand, [player.drawn])
        after = tuple(t for t in player.hand if (t >> 2) != kind)
        if self.waits(before) != self.waits(after):
            return reject(Reason.KAN_CHANGES_WAIT, "the kan would change the waits")
        if rule is RiichiAnkan.SAME_WAITS_AND_READINGS and not self._kan_keeps_reading(
                before, kind):
            return reject(Reason.KAN_CHANGES_WAIT,
                           "the kan would change how the hand can be read")
        return None

    def _kan_keeps_reading(self, hand: tuple[int, ...], kind: int) -> bool:
        """Every winning reading of the riichi hand holds ``kind`` as a triplet."""
        from mahjong_rules.scoring.division import Shape, readings  # noqa: PLC0415

        kinds = [(t >> 2) for t in hand]
        for wait in self.waits(hand):
            for reading in readings(kinds, win=wait, melds=(), tsumo=True):
                if not any(b.shape is Shape.TRIPLET and b.kind == kind for b in reading.blocks):
                    return False
        return True

    def _check_kakan(self, state: State, seat: int, tile: int) -> Rejection | None:
        player = state.seats[seat]
        if tile not in player.hand:
            return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold tile {tile}")
        if not any(m.kind is MeldKind.PON and (m.tiles[0] >> 2) == (tile >> 2)
                   for m in player.melds):
            return reject(Reason.KAN_NOT_ALLOWED, "no pon of that kind to add to")
        return self._kan_possible(state, seat)

    def _check_kita(self, state: State, seat: int) -> Rejection | None:
        return reject(Reason.KITA_NOT_ALLOWED, "kita exists only in sanma")

    def _check_nine(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        if not self.options.abortive_draws:
            return reject(Reason.WRONG_PHASE, "abortive draws are off")
        if not (state.first_go_around and not player.river and player.drawn is not None
                and not player.melds):
            return reject(Reason.NOT_FIRST_DRAW, "only on the first draw before any call")
        if len({(t >> 2) for t in player.hand} & ORPHANS) < 9:
            return reject(Reason.TOO_FEW_TERMINALS, "fewer than nine terminal/honour kinds")
        return None

    def _pon_choices(self, hand: tuple[int, ...], tile: int) -> list[tuple[int, ...]]:
        """Every pair of held tiles that can claim ``tile`` by pon (ids ascending)."""
        same = tiles_of(hand, tile >> 2)
        return [(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))]

    def _chi_possible(self, state: State, seat: int, hand: tuple[int, ...], tile: int) -> bool:
        """Some chi on ``tile`` exists that leaves a legal discard (no list built)."""
        kind = tile >> 2
        pos = kind % 9
        for low in (kind - 2, kind - 1, kind):
            if low < kind - pos or low + 2 > kind - pos + 8:
                continue
            need = [k for k in (low, low + 1, low + 2) if k != kind]
            first = tiles_of(hand, need[0])
            if not first:
                continue
            second = tiles_of(hand, need[1])
            if second and self._call_leaves_discard(state, seat, (first[0], second[0]), tile,
                                                    "chi"):
                return True
        return False

    def _chi_choices(self, state: State, seat: int, hand: tuple[int, ...],
                     tile: int) -> list[tuple[int, ...]]:
        kind = (tile >> 2)
        if kind >= 27:
            return []
        pos = kind % 9
        choices: dict[tuple[object, ...], tuple[int, ...]] = {}
        for low in (kind - 2, kind - 1, kind):
            if low < kind - pos or low + 2 > kind - pos + 8:
                continue
            need = [k for k in (low, low + 1, low + 2) if k != kind]
            first = tiles_of(hand, need[0])
            second = tiles_of(hand, need[1])
            if not first or not second:
                continue
            for a in first:
                for b in second:
                    pair = (a, b)
                    if self._call_leaves_discard(state, seat, pair, tile, "chi"):
                        choices[pair] = pair
        return sorted(choices.values())

    def _kuikae(self, called: int, used: tuple[int, ...], kind_of_call: str) -> tuple[int, ...]:
        if self.options.kuikae:  # swap calls allowed: nothing is forbidden
            return ()
        kind = (called >> 2)
        forbidden = [kind]
        if kind_of_call == "chi":
            kinds = sorted([(t >> 2) for t in used] + [kind])
            suit_start = kind - kind % 9
            if kind == kinds[0] and kind + 3 < suit_start + 9:
                forbidden.append(kind + 3)
            if kind == kinds[2] and kind - 3 >= suit_start:
                forbidden.append(kind - 3)
        return tuple(forbidden)

    def _call_leaves_discard(self, state: State, seat: int, used: tuple[int, ...], tile: int,
                             kind_of_call: str) -> bool:
        rest = remove(state.seats[seat].hand, used)
        forbidden = self._kuikae(tile, used, kind_of_call)
        return any((t >> 2) not in forbidden for t in rest)

    # ------------------------------------------------------------------ validate

    def _validate(self, state: State, action: Action) -> Rejection | None:
        seat = action.seat
        if state.phase is Phase.GAME_OVER:
            return reject(Reason.GAME_OVER, "the game is over")
        # the two commonest actions first (the tests below would reach the same checks)
        if type(action) is Discard:
            if state.phase is not Phase.SELF_ACTION or seat != state.turn:
                return self._own_turn_problem(state, action)
            return self._check_discard(state, seat, action.tile, riichi=action.riichi)
        if type(action) is Pass:
            return self._check_claim(state, action)
        if isinstance(action, SetPreferences | Disconnect):
            return None
        if isinstance(action, Timeout):
            return self._check_timeout(state, action)
        if isinstance(action, Chombo):
            return self._check_chombo(state, action)
        if isinstance(action, Ready):
            if state.phase is not Phase.HAND_OVER:
                return reject(Reason.WRONG_PHASE, "nothing to acknowledge")
            if state.ready[seat]:
                return reject(Reason.ALREADY_READY, "already acknowledged")
            return None
        if isinstance(action, Pass | Ron | Pon | Chi | Daiminkan):
            return self._check_claim(state, action)
        if isinstance(action, DeclareReady):
            return self._check_declare(state, action)
        problem = self._own_turn_problem(state, action)
        if problem is not None:
            return problem
        if isinstance(action, Discard):  # field types were checked by the engine
            return self._check_discard(state, seat, action.tile, riichi=action.riichi)
        if isinstance(action, Tsumo):
            return self._check_tsumo(state, seat)
        if isinstance(action, Ankan):
            return self._check_ankan(state, seat, action.kind)
        if isinstance(action, Kakan):
            return self._check_kakan(state, seat, action.tile)
        if isinstance(action, Kita):
            return self._check_kita(state, seat)
        if isinstance(action, NineTerminals):
            return self._check_nine(state, seat)
        assert_never(action)

    def _own_turn_problem(self, state: State, action: Action) -> Rejection | None:
        """An own-turn action (discard, tsumo, kan, ...) outside its seat's turn."""
        if state.phase is not Phase.SELF_ACTION:
            return reject(Reason.WRONG_PHASE, f"{action.type} is not possible now")
        if action.seat != state.turn:
            return reject(Reason.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn",
                           seat=action.seat)
        return None

    def _check_chombo(self, state: State, action: Chombo) -> Rejection | None:
        if state.phase not in (Phase.SELF_ACTION, Phase.CLAIMS):
            return reject(Reason.WRONG_PHASE, "a chombo ends a hand in play")
        return None

    def _check_declare(self, state: State, action: DeclareReady) -> Rejection | None:
        """The check of a ready-hand declaration: the hook of a ruleset that lists it.

        Riichi does not list ``DeclareReady`` (``action_types``; riichi is a discard
        with ``riichi=True``): the engine refuses it before this is reached.
        """
        raise AssertionError("the ready-hand declaration is Taiwanese")

    def _check_claim(self, state: State, action: Action) -> Rejection | None:
        seat = action.seat
        claim = state.claim
        if state.phase is not Phase.CLAIMS or claim is None:
            return reject(Reason.WRONG_PHASE, "no claim window is open")
        options = claim.options[seat]
        if not options:
            return reject(Reason.NOT_YOUR_TURN, "this seat has nothing to claim", seat=seat)
        if claim.responses[seat] is not None:
            return reject(Reason.ALREADY_ANSWERED, "already answered")
        deadline = self._deadline(state)
        if action.at is not None and deadline is not None and action.at > deadline:
            return reject(Reason.DEADLINE_PASSED, "the claim window closed at its deadline; "
                           "send a Timeout for the seat instead", deadline=deadline)
        if isinstance(action, Pass):
            return None
        if isinstance(action, Ron):
            if "ron" in options:
                return None
            if (claim.tile >> 2) in self.waits(state.seats[seat].hand) and self._furiten(
                    state, seat):
                return reject(Reason.FURITEN, "furiten: no ron (own discards, a passed win, "
                               "or after riichi)")
            return reject(Reason.CALL_NOT_AVAILABLE, "no ron on this tile", claim="ron")
        if isinstance(action, Daiminkan):
            return None if "daiminkan" in options else reject(
                Reason.CALL_NOT_AVAILABLE, "no kan on this tile", claim="daiminkan")
        if isinstance(action, Pon | Chi):
            name = "pon" if isinstance(action, Pon) else "chi"
            if name not in options:
                return reject(Reason.CALL_NOT_AVAILABLE, f"no {name} on this tile", claim=name)
            tiles = tuple(action.tiles)
            if len(tiles) != 2 or len(set(tiles)) != 2 or any(
                    t not in state.seats[seat].hand for t in tiles):
                return reject(Reason.TILE_NOT_IN_HAND, f"{name} needs two tiles from the hand")
            kinds = sorted([(t >> 2) for t in tiles] + [(claim.tile >> 2)])
            if name == "pon" and len(set(kinds)) != 1:
                return reject(Reason.CALL_NOT_AVAILABLE, "a pon needs two of the same kind")
            if name == "chi" and (kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1,
                                                               kinds[0] + 2]
                                  or kinds[0] // 9 != kinds[2] // 9):
                return reject(Reason.CALL_NOT_AVAILABLE, "a chi needs a run of one suit")
            if not self._call_leaves_discard(state, seat, tiles, claim.tile, name):
                return reject(Reason.SWAP_CALL_FORBIDDEN, "no legal discard after this call")
            return None
        return reject(Reason.WRONG_PHASE, "not a claim")

    def _refill(self, bank: int | None, hands_played: int) -> int:
        """Each hand adds 5 s to the reserve, up to ``time_bank_seconds`` (seeds/000 2)."""
        top = 1000 * self.options.time_bank_seconds
        if bank is None or hands_played == 0:
            return top
        return min(top, bank + 5000)

    def _deadline(self, state: State) -> int | None:
        """When the current phase times out (time comes in through actions' ``at``).

        A turn: the base turn time plus the seat's reserve (2 s on auto-pilot); a claim
        window: the claim time (no reserve); a result: 15 s (seeds/000 8.5).
        """
        if state.phase_started is None:
            return None
        if state.phase is Phase.CLAIMS:
            return state.phase_started + 1000 * self.options.claim_seconds
        if state.phase is Phase.HAND_OVER:
            return state.phase_started + 1000 * HAND_OVER_SECONDS
        player = state.seats[state.turn]
        if player.auto_pilot:
            return state.phase_started + 2000
        return state.phase_started + 1000 * self.options.turn_seconds + (
            player.time_bank_ms or 0)

    def _spend_bank(self, state: State, action: Action) -> State:
        """A turn action after the base time uses up reserve time."""
        if (state.phase is not Phase.SELF_ACTION or action.seat != state.turn
                or action.at is None or state.phase_started is None):
            return state
        player = state.seats[action.seat]
        over = action.at - state.phase_started - 1000 * self.options.turn_seconds
        if over <= 0 or player.time_bank_ms is None:
            return state
        return self._seat(state, action.seat, time_bank_ms=max(0, player.time_bank_ms - over))

    def _check_timeout(self, state: State, action: Timeout) -> Rejection | None:
        deadline = self._deadline(state)
        if action.seat not in self._to_act(state):
            return reject(Reason.NOT_YOUR_TURN, "this seat is not waited for")
        if deadline is None or action.at is None or action.at < deadline:
            return reject(Reason.NOT_TIMED_OUT, "the deadline has not passed")
        return None

    # ------------------------------------------------------------------ apply

    def _apply(self, state: State, action: Action) -> State:
        if type(action) is Discard and action.at is None:
            # the commonest action, without a time: the general steps below come to this
            # (no clock, no reserve time spent)
            state = self._back_from_pilot(state, action.seat)
            return self._discard(state, action.seat, action.tile, riichi=action.riichi)
        if action.at is not None:
            state = replace(state, clock=action.at if state.clock is None
                                 else max(state.clock, action.at))
            if state.phase_started is None:
                state = replace(state, phase_started=action.at)
        seat = action.seat
        if isinstance(action, SetPreferences):
            return self._seat(state, seat, auto_win=action.auto_win, no_calls=action.no_calls)
        if isinstance(action, Disconnect):
            state = self._seat(state, seat, auto_pilot=True)
            if state.phase is Phase.CLAIMS and seat in self._to_act(state):
                # nobody waits for a disconnected seat (seeds/000 8.5, section 10)
                return self._respond(state, self._automatic(state, seat))
            return state
        if isinstance(action, Chombo):  # a referee's action: no time spent, pilot kept
            return self._chombo(state, seat)
        state = self._spend_bank(state, action)
        if isinstance(action, Timeout):
            return self._timeout(state, seat)
        return self._dispatch(self._back_from_pilot(state, seat), action)

    def _back_from_pilot(self, state: State, seat: int) -> State:
        """Any own action clears the timeouts in a row and auto-pilot."""
        player = state.seats[seat]
        if player.timeouts or player.auto_pilot:
            return self._seat(state, seat, timeouts=0, auto_pilot=False)
        return state

    def _dispatch(self, state: State, action: Action) -> State:
        seat = action.seat
        if isinstance(action, Discard):
            return self._discard(state, seat, action.tile, riichi=action.riichi)
        if isinstance(action, Ready):
            ready = list(state.ready)
            ready[seat] = True
            state = replace(state, ready=tuple(ready))
            return self._next_hand(state) if all(ready) else state
        if isinstance(action, Pass | Ron | Pon | Chi | Daiminkan):
            return self._respond(state, action)
        if isinstance(action, Discard):
            return self._discard(state, seat, action.tile, riichi=action.riichi)
        if isinstance(action, Tsumo):
            player = state.seats[seat]
            assert player.drawn is not None
            return self._settle_wins(state, [seat], player.drawn, from_seat=None)
        if isinstance(action, Ankan):
            return self._ankan(state, seat, action.kind)
        if isinstance(action, Kakan):
            return self._kakan(state, seat, action.tile)
        if isinstance(action, Kita):
            return self._kita(state, seat)
        if isinstance(action, NineTerminals):
            return self._abort(state, "nine_terminals")
        if isinstance(action, DeclareReady):
            return self._declare(state, action)
        raise AssertionError(action)

    def _declare(self, state: State, action: DeclareReady) -> State:
        raise AssertionError("the ready-hand declaration is Taiwanese")

    def _timeout(self, state: State, seat: int) -> State:
        player = state.seats[seat]
        timeouts = player.timeouts + 1
        state = self._seat(state, seat, timeouts=timeouts,
                           auto_pilot=player.auto_pilot or timeouts >= 2)
        return self._dispatch(state, self._automatic(state, seat))

    def _automatic(self, state: State, seat: int) -> Action:
        """The deterministic automatic move of seeds/000 8.5."""
        if state.phase is Phase.HAND_OVER:
            return Ready(seat=seat)
        player = state.seats[seat]
        if state.phase is Phase.CLAIMS:
            claim = state.claim
            if player.auto_win and claim is not None and "ron" in claim.options[seat]:
                return Ron(seat=seat)
            return Pass(seat=seat)
        if player.auto_win and self._check_tsumo(state, seat) is None:
            return Tsumo(seat=seat)
        if player.drawn is not None and self._check_discard(
                state, seat, player.drawn, riichi=False) is None:
            return Discard(seat=seat, tile=player.drawn)
        for tile in reversed(player.hand):
            if self._check_discard(state, seat, tile, riichi=False) is None:
                return Discard(seat=seat, tile=tile)
        raise AssertionError("no legal discard")

    # ------------------------------------------------------------------ self actions

    def _discard(self, state: State, seat: int, tile: int, *, riichi: bool) -> State:
        player = state.seats[seat]
        options = None
        if (self.fast.discards and not riichi and not state.pending_kan_dora
                and state.kan_count < 4 and len(state.live) > 0):
            # the speed layer's one door (fast/discard.py): the discard and the next draw
            # in one copy when nobody may claim; else its claim options serve the full path
            done, (options, _waiting) = fused(self, state, seat, tile)
            if done is not None:
                return done
        double = riichi and state.first_go_around and not player.river and not player.melds
        entry = river_entry(tile, tile == player.drawn, riichi)
        table: dict[str, Any] = {"rinshan_draw": False}
        if state.pending_kan_dora and (
                self.options.kan_dora_timing is KanDoraTiming.BEFORE_DISCARD_CLAIMS):
            table["revealed"] = min(5, state.revealed + state.pending_kan_dora)
            table["pending_kan_dora"] = 0
        if state.first_go_around:
            table["first_discards"] = (*state.first_discards, (tile >> 2))
        state = self._seat(
            state, seat, table, hand=remove(player.hand, [tile]), drawn=None,
            river=(*player.river, entry), called_this_turn=False, kuikae=(),
            riichi=player.riichi or riichi, double_riichi=player.double_riichi or double,
            ippatsu=riichi,
        )
        return self._open_window(state, seat, tile, _DISCARD, riichi_pending=riichi,
                                 options=options)

    def _open_window(self, state: State, seat: int, tile: int, source: ClaimSource, *,
                     riichi_pending: bool = False,
                     options: tuple[tuple[CallKind, ...], ...] | None = None) -> State:
        if options is None:
            options = self._claim_options(state, seat, tile, source)
        window = ClaimWindow(source=source, tile=tile, from_seat=seat, options=options,
                             responses=(None,) * self.num_seats, riichi_pending=riichi_pending)
        if not any(options):
            # nobody may claim: the window closes at once (the common case)
            return self._resolve(state, window)
        state = replace(state, phase=Phase.CLAIMS, turn=seat, claim=window,
                         phase_started=state.clock)
        # auto-pilot seats answer at once (seeds/000 8.5)
        for other, opts in enumerate(options):
            if opts and state.seats[other].auto_pilot:
                state = self._record(state, self._automatic(state, other))
        return self._maybe_resolve(state)

    def _claim_options(self, state: State, seat: int, tile: int,
                       source: str) -> tuple[tuple[CallKind, ...], ...]:
        """What every other seat may claim on ``tile``.

        Reads only the other seats and the table, never the discarder's seat.
        """
        return claim_scan(self, state, seat, tile, source)[0]

    def _chi_allowed(self, state: State, seat: int, discarder: int) -> bool:
        """``seat`` may chi ``discarder``'s tile: only ever the next seat (asked for it)."""
        return seat == (discarder + 1) % self.num_seats

    def _ankan(self, state: State, seat: int, kind: int) -> State:
        player = state.seats[seat]
        tiles = tuple(t for t in player.hand if (t >> 2) == kind)
        meld = MeldRecord(kind=MeldKind.ANKAN, tiles=tiles)
        state = self._seat(state, seat, hand=remove(player.hand, tiles), drawn=None,
                           melds=(*player.melds, meld))
        state = self._after_kan(state, seat)
        # its indicator turns once no thirteen orphans robs it (a robbed kan never
        # happened: Mahjong Soul's record of a robbed closed kan shows no new indicator)
        return self._open_window(state, seat, tiles[0], ClaimSource.ANKAN)

    def _kakan(self, state: State, seat: int, tile: int) -> State:
        player = state.seats[seat]
        melds = list(player.melds)
        index = next(i for i, m in enumerate(melds)
                     if m.kind is MeldKind.PON and (m.tiles[0] >> 2) == (tile >> 2))
        pon = melds[index]
        melds[index] = MeldRecord(kind=MeldKind.KAKAN, tiles=(*pon.tiles, tile),
                                  called=pon.called, from_seat=pon.from_seat, added=tile)
        state = self._seat(state, seat, hand=remove(player.hand, [tile]), drawn=None,
                           melds=tuple(melds))
        # a robbed added kan never happened: ippatsu ends and its indicator becomes
        # pending only once the window passes (Tenhou scores chankan with ippatsu and
        # counts no earlier pending indicator; docs/replay.md)
        state = self._after_kan(state, seat, clear_ippatsu=False)
        return self._open_window(state, seat, tile, ClaimSource.KAKAN)

    def _kita(self, state: State, seat: int) -> State:
        raise AssertionError("kita exists only in sanma")

    def _kan_dora(self, state: State, *, closed: bool) -> State:
        """A kan that stands (not robbed): its dora indicator (seeds/000 5.2).

        A closed kan turns its own at once, an open or added kan leaves its own pending
        until its maker's next discard. Either way a pending indicator of an earlier kan
        turns now: the kan maker made another kan before discarding (Tenhou,
        docs/log-findings.md item 5).
        """
        if not self.options.kan_dora:  # no kan dora: the one indicator stays
            return state
        closed = closed or self.options.kan_dora_timing is KanDoraTiming.IMMEDIATE
        revealed = min(5, state.revealed + state.pending_kan_dora + (1 if closed else 0))
        return replace(state, revealed=revealed, pending_kan_dora=0 if closed else 1)

    def _after_kan(self, state: State, seat: int, *, clear_ippatsu: bool = True) -> State:
        if clear_ippatsu:
            state = self._all_seats(state, ippatsu=False)
        return replace(state, kan_count=state.kan_count + 1,
                            kan_seats=(*state.kan_seats, seat), first_go_around=False)

    # ------------------------------------------------------------------ claims

    def _record(self, state: State, action: Action) -> State:
        claim = state.claim
        assert claim is not None
        if isinstance(action, Pass):
            response = PASS
        elif isinstance(action, Ron):
            response = Response(kind=_RON)
        elif isinstance(action, Daiminkan):
            response = Response(kind=_DAIMINKAN)
        elif isinstance(action, Pon | Chi):
            response = Response(kind=CallKind(action.type), tiles=tuple(action.tiles))
        elif isinstance(action, DeclareReady):
            response = Response(kind=_DECLARE)
        else:
            raise TypeError(action)
        responses = list(claim.responses)
        responses[action.seat] = response
        return replace(state, claim=replace(claim, responses=tuple(responses)))

    def _respond(self, state: State, action: Action) -> State:
        return self._maybe_resolve(self._record(state, action))

    def _maybe_resolve(self, state: State) -> State:
        claim = state.claim
        assert claim is not None
        if self._window_waits(claim, claim.responses):
            return state
        return self._resolve(state, claim)

    def _window_waits(self, claim: ClaimWindow,
                      responses: Sequence[Response | None]) -> bool:
        """The window, with these answers, still waits for one that may change its outcome.

        It waits while nobody declared a claim and some seat has not answered, while a
        seat that may ron has not answered, and while a chi is declared and a seat that
        may pon or kan has not answered.
        """
        waiting = [s for s, o in enumerate(claim.options) if o and responses[s] is None]
        if not waiting:
            return False
        declared = [PRIORITY[r.kind] for r in responses if r is not None and r.kind != "pass"]
        best = max(declared, default=0)
        ron_waiting = any("ron" in claim.options[s] for s in waiting)
        if best == 0 or ron_waiting:
            return True
        return best == 1 and any(set(claim.options[s]) & {"pon", "daiminkan"}
                                 for s in waiting)

    def _apply_passes(self, state: State) -> State:
        claim = state.claim
        assert claim is not None
        responses = list(claim.responses)
        for seat, options in enumerate(claim.options):
            if not options or responses[seat] is not None:
                continue
            # what Pass does through _apply: no time, the seat's own action, its answer
            state = self._back_from_pilot(state, seat)
            responses[seat] = PASS
            if not self._window_waits(claim, responses):
                break
        # every resolution closes the window (its state has no claim): the answered window
        # goes to _resolve alone, not into a state copy first
        return self._resolve(state, replace(claim, responses=tuple(responses)))

    def _resolve(self, state: State, claim: ClaimWindow) -> State:
        n = self.num_seats
        ron_seats = [s for s, r in enumerate(claim.responses) if r is not None and r.kind == "ron"]
        rons = multiple_ron_order(claim.from_seat, ron_seats, n) if ron_seats else []
        # seats the tile completes (yaku or not) that did not ron: temporary furiten,
        # for the rest of the hand after riichi (seeds/000 5.5); a closed kan is a passed
        # win only for a thirteen orphans that may rob it
        for s in range(n):
            if s == claim.from_seat or s in rons:
                continue
            if (claim.tile >> 2) in self.waits(state.seats[s].hand) and (
                    claim.source != "ankan" or self._may_rob_closed_kan(
                        state.seats[s], claim.tile)):
                riichi = state.seats[s].riichi
                state = self._seat(state, s, temporary_furiten=True,
                                   riichi_furiten=state.seats[s].riichi_furiten or riichi)
        if rons:
            if len(rons) == 3 and self.options.triple_ron is TripleRon.ABORT:
                return self._abort(state, "triple_ron")
            if self.options.double_ron is MultipleRon.HEAD_BUMP:
                rons = rons[:1]
            return self._settle_wins(state, rons, claim.tile, from_seat=claim.from_seat,
                                     source=claim.source)
        # no ron: the declaring discard's deposit, kan dora, aborts
        state, aborted = self._window_passed(state, claim)
        if aborted:
            return state
        return self._take_call(state, claim)

    def _take_call(self, state: State, claim: ClaimWindow) -> State:
        """The window closed without a win: the highest call is made, or play goes on."""
        for kind in ("daiminkan", "pon", "chi"):
            for s, r in enumerate(claim.responses):
                if r is not None and r.kind == kind:
                    return self._call(state, claim, s, r)
        return self._continue(state, claim)

    def _window_passed(self, state: State, claim: ClaimWindow) -> tuple[State, bool]:
        """The window closed without a ron: deposit, kan dora, aborts (aborted: True)."""
        seat = claim.from_seat
        if claim.riichi_pending:
            player = state.seats[seat]
            state = self._seat(state, seat, {"deposits": state.deposits + 1},
                               points=player.points - 1000,
                               riichi_count=player.riichi_count + 1)
        if claim.source == "discard":
            if state.pending_kan_dora and (
                    self.options.kan_dora_timing is KanDoraTiming.AFTER_DISCARD_PASSES):
                state = replace(state, pending_kan_dora=0, revealed=min(
                    5, state.revealed + state.pending_kan_dora))
            abort = self._abort_after_discard(state)
            if abort is not None:
                return self._abort(state, abort), True
        return state, False

    def _abort_after_discard(self, state: State) -> str | None:
        if not self.options.abortive_draws:
            return None
        n = self.num_seats
        if (self._four_winds_enabled() and state.first_go_around
                and len(state.first_discards) == n and state.first_discards[0] in WINDS
                and len(set(state.first_discards)) == 1):
            return "four_winds"
        if state.kan_count == 4 and len(set(state.kan_seats)) > 1:
            return "four_kans"
        if self._four_riichi_enabled() and all(p.riichi for p in state.seats):
            return "four_riichi"
        return None

    def _four_winds_enabled(self) -> bool:
        return True

    def _four_riichi_enabled(self) -> bool:
        return True

    def _continue(self, state: State, claim: ClaimWindow) -> State:
        """The window closed with no claim: carry on."""
        seat = claim.from_seat
        if claim.source == "kakan":
            state = self._kan_dora(self._all_seats(state, ippatsu=False), closed=False)
        elif claim.source == "ankan":
            state = self._kan_dora(state, closed=True)
        if claim.source in ("kakan", "ankan", "kita"):
            return self._draw(state, seat, replacement=True)
        first = state.first_go_around and (seat + 1) % self.num_seats != state.dealer
        if not state.live:
            return self._exhaustive_draw(replace(state, first_go_around=first))
        return self._draw(state, (seat + 1) % self.num_seats, first_go_around=first)

    def _call(self, state: State, claim: ClaimWindow, seat: int, response: Response) -> State:
        tile, discarder = claim.tile, claim.from_seat
        player = state.seats[seat]
        if response.kind == "daiminkan":
            used = tuple(t for t in player.hand if (t >> 2) == (tile >> 2))
            kind = MeldKind.DAIMINKAN
        else:
            used = response.tiles
            kind = MeldKind.PON if response.kind == "pon" else MeldKind.CHI
        meld = MeldRecord(kind=kind, tiles=tuple(sorted((*used, tile))), called=tile,
                          from_seat=discarder)
        river = list(state.seats[discarder].river)
        river[-1] = replace(river[-1], called=True)
        state = self._seat(state, discarder, river=tuple(river))
        state = self._seat(state, seat, hand=remove(player.hand, used), drawn=None,
                           melds=(*player.melds, meld), calls=player.calls + 1,
                           temporary_furiten=False)
        state = self._all_seats(state, ippatsu=False)
        state = replace(state, first_go_around=False)
        state = self._note_liability(state, seat, meld, discarder)
        if kind is MeldKind.DAIMINKAN:
            state = self._kan_dora(self._after_kan(state, seat), closed=False)
            state = self._note_kan_liability(state, seat, discarder)
            return self._draw(state, seat, replacement=True)
        state = self._seat(state, seat, called_this_turn=True,
                           kuikae=self._kuikae(tile, used, response.kind))
        return replace(state, phase=Phase.SELF_ACTION, turn=seat, claim=None,
                            rinshan_draw=False, phase_started=state.clock)

    def _note_kan_liability(self, state: State, seat: int, discarder: int) -> State:
        """Pao for a rinshan win on an open kan's replacement tile (seeds/001 option)."""
        if self.options.pao_open_kan_rinshan and state.liability[seat] < 0:
            liability = list(state.liability)
            yaku = list(state.liability_yaku)
            liability[seat], yaku[seat] = discarder, "rinshan"
            state = replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
        return state

    def _note_liability(self, state: State, seat: int, meld: MeldRecord,
                        discarder: int) -> State:
        """Pao: the meld that completes the third dragon or fourth wind set.

        With ``pao_suukantsu``, also the open kan that is the seat's fourth kan.
        """
        if (self.options.pao_suukantsu and meld.kind is MeldKind.DAIMINKAN
                and state.liability_yaku[seat] in ("", "rinshan")
                and sum(1 for m in state.seats[seat].melds if m.kind in _KANS) == 4):
            liability = list(state.liability)
            yaku = list(state.liability_yaku)
            liability[seat], yaku[seat] = discarder, "suukantsu"
            return replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
        if not self.options.pao or meld.kind not in (MeldKind.PON, MeldKind.DAIMINKAN):
            return state
        kind = (meld.tiles[0] >> 2)
        melded = [(m.tiles[0] >> 2) for m in state.seats[seat].melds
                  if m.kind is not MeldKind.CHI]
        group = DRAGONS if kind in DRAGONS else WINDS if kind in WINDS else ()
        if not group:
            return state
        needed = 3 if group is DRAGONS else 4
        if sum(1 for k in set(melded) if k in group) == needed:
            liability = list(state.liability)
            yaku = list(state.liability_yaku)
            liability[seat] = discarder
            yaku[seat] = "daisangen" if group is DRAGONS else "daisuushii"
            return replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
        return state

    # ------------------------------------------------------------------ hand ends

    def _settle_wins(self, state: State, winners: list[int], tile: int, *,
                     from_seat: int | None, source: str = "discard") -> State:
        n = self.num_seats
        deltas = [0] * n
        records: list[WinRecord] = []
        for index, seat in enumerate(winners):
            first = index == 0
            probe = state if from_seat is None else self._seat(
                state, seat, hand=tuple(sorted((*state.seats[seat].hand, tile))))
            result = self._score_win(probe, seat, tile, tsumo=from_seat is None, source=source,
                                     honba=state.honba if first else 0,
                                     sticks=state.deposits if first else 0)
            assert isinstance(result, ScoreResult), result
            liable = self._liable_seat(state, seat, result)
            gained = seat_deltas(result.payments, winner=seat, dealer=state.dealer,
                                 discarder=from_seat, liable=liable, players=n,
                                 deposits=1000 * state.deposits if first else 0)
            deltas = [a + b for a, b in zip(deltas, gained, strict=True)]
            player = probe.seats[seat]
            records.append(WinRecord(
                seat=seat, from_seat=from_seat, han=result.han, fu=result.fu,
                yakuman=result.yakuman,
                yaku=tuple((y.id, y.yakuman or y.han) for y in result.yaku),
                points=gained[seat], hand=player.hand, win_tile=tile,
                ura_indicators=state.ura_indicators[:state.revealed] if player.riichi else (),
            ))
        for seat in winners:
            state = self._seat(state, seat, wins=state.seats[seat].wins + 1)
        if from_seat is not None:
            state = self._seat(state, from_seat, deal_ins=state.seats[from_seat].deal_ins + 1)
        outcome = HandResult(kind=HandEnd.WIN, round_wind=state.round_wind,
                             hand_number=state.hand_number, honba=state.honba,
                             winners=tuple(records), deltas=tuple(deltas))
        state = replace(state, deposits=0)
        stays = state.dealer in winners and self.options.renchan_on is not RenchanOn.NONE
        return self._end_hand(state, outcome, dealer_stays=stays)

    def _exhaustive_draw(self, state: State) -> State:
        n = self.num_seats
        tenpai = tuple(s for s in range(n) if self._live_waits(state.seats[s]))
        nagashi = tuple(s for s in range(n) if self._nagashi(state, s))
        deltas = [0] * n
        mode = self.options.nagashi_mangan
        if nagashi and mode is not NagashiMangan.OFF:
            for s in nagashi:
                dealer = s == state.dealer
                for payer in range(n):
                    if payer == s:
                        continue
                    amount = 4000 if dealer or payer == state.dealer else 2000
                    deltas[payer] -= amount
                    deltas[s] += amount
            if mode is NagashiMangan.AS_WIN:
                nearest = min(nagashi, key=lambda s: (s - state.dealer) % n)
                deltas[nearest] += 1000 * state.deposits
                for payer in range(n):
                    if payer != nearest:
                        share = self.options.honba_points * state.honba // (n - 1)
                        deltas[payer] -= share
                        deltas[nearest] += share
                state = replace(state, deposits=0)
        elif 0 < len(tenpai) < n:
            pool = self.options.noten_pool
            for s in range(n):
                deltas[s] += pool // len(tenpai) if s in tenpai else -pool // (n - len(tenpai))
        result = HandResult(kind=HandEnd.EXHAUSTIVE, round_wind=state.round_wind,
                            hand_number=state.hand_number, honba=state.honba, tenpai=tenpai,
                            nagashi=nagashi if mode is not NagashiMangan.OFF else (),
                            deltas=tuple(deltas))
        renchan = self.options.renchan_on
        stays = renchan is RenchanOn.NOTEN or (
            renchan is RenchanOn.TENPAI and state.dealer in tenpai)
        return self._end_hand(state, result, dealer_stays=stays, draw=True)

    def _nagashi(self, state: State, seat: int) -> bool:
        player = state.seats[seat]
        if not player.river or any((e.tile >> 2) not in ORPHANS or e.called for e in player.river):
            return False
        return not (self.options.nagashi_mangan is NagashiMangan.AS_WIN and player.melds)

    def _chombo(self, state: State, seat: int) -> State:
        """The seat pays a reverse tsumo of ``chombo_payment``; the hand ends as an abort."""
        n = self.num_seats
        deltas = [0] * n
        share = self.options.chombo_payment // 4  # a quarter; the dealer's part is half
        for other in range(n):
            if other != seat:
                amount = 2 * share if state.dealer in (seat, other) else share
                deltas[other] += amount
                deltas[seat] -= amount
        result = HandResult(kind=HandEnd.ABORTIVE, round_wind=state.round_wind,
                            hand_number=state.hand_number, honba=state.honba,
                            abort_reason="chombo", chombo_seat=seat, deltas=tuple(deltas))
        return self._end_hand(replace(state, claim=None), result, dealer_stays=True,
                              draw=True)

    def _abort(self, state: State, reason: str) -> State:
        result = HandResult(kind=HandEnd.ABORTIVE, round_wind=state.round_wind,
                            hand_number=state.hand_number, honba=state.honba,
                            abort_reason=reason, deltas=(0,) * self.num_seats)
        return self._end_hand(state, result, dealer_stays=True, draw=True)

    def _end_hand(self, state: State, result: HandResult, *, dealer_stays: bool,
                  draw: bool = False) -> State:
        seats = tuple(replace(p, points=p.points + d)
                      for p, d in zip(state.seats, result.deltas, strict=True))
        state = replace(state, seats=seats, last_result=result, claim=None,
                             history=(*state.history, result), hands_played=state.hands_played + 1)
        # next hand's parameters
        n = self.num_seats
        honba = state.honba + 1 if (dealer_stays or draw) else 0
        dealer, wind, number = state.dealer, state.round_wind, state.hand_number
        if not dealer_stays:
            dealer = (dealer + 1) % n
            number += 1
            if number == n:
                wind, number = wind + 1, 0
        end = self._game_end(state, dealer_stays=dealer_stays, draw=draw)
        state = replace(state, dealer=dealer, round_wind=wind, hand_number=number,
                             honba=honba, ready=(False,) * n, phase_started=state.clock)
        if end is not None:
            return self._finish(state, end)
        return replace(state, phase=Phase.HAND_OVER)

    def _game_end(self, state: State, *, dealer_stays: bool, draw: bool = False) -> str | None:
        points = [p.points for p in state.seats]
        options = self.options
        if options.tobi and min(points) < 0:
            return "tobi"
        if options.length is GameLength.SINGLE_HAND:
            return "normal"
        last_wind = 0 if options.length is GameLength.TONPUU else 1
        current = state.round_wind
        last_hand = state.hand_number == self.num_seats - 1
        reached = max(points) >= options.return_points
        extension = options.extension
        if current > last_wind:  # the extension wind (at most one)
            if extension is Extension.NONE:  # a game started there (HandStart)
                return "normal"
            if extension is Extension.SUDDEN_DEATH:
                if reached or (last_hand and not dealer_stays):
                    return "west_entry_end"
                return None
            if dealer_stays:  # a repeat goes on but for the dealer's own stop
                if (extension is Extension.RENCHAN_PRIORITY or last_hand) and reached and (
                        self._dealer_stop(state, draw=draw)):
                    return "agari_yame"
                return None
            if last_hand or (extension is Extension.RENCHAN_PRIORITY and reached):
                return "west_entry_end"
            return None
        if current == last_wind and last_hand:
            if dealer_stays:
                # agari-yame ends the game only where it could end: not while nobody has
                # reached the return points and an extension follows (Tenhou logs)
                if (reached or extension is Extension.NONE) and self._dealer_stop(
                        state, draw=draw):
                    return "agari_yame"
                return None
            if extension is not Extension.NONE and not reached:
                return None
            return "normal"
        return None

    def _dealer_stop(self, state: State, *, draw: bool) -> bool:
        """The last dealer's own stop applies (seeds/000 5.10 item 2).

        Agari-yame after its win, tenpai-yame after its tenpai at an exhaustive draw, as
        the sole first. Never after an abortive draw: it is neither a win nor tenpai
        (seeds/000 2, agariYame "화료·텐파이로 1위"), and the game goes on.
        """
        options = self.options
        result = state.last_result
        if not options.agari_yame or result is None:
            return False
        if draw:
            if result.kind != "exhaustive" or not options.tenpai_yame or (
                    state.dealer not in result.tenpai):
                return False
        elif result.kind != "win":
            return False
        points = [p.points for p in state.seats]
        top = max(points)
        return points[state.dealer] == top and points.count(top) == 1

    def _finish(self, state: State, reason: str) -> State:
        return replace(state, phase=Phase.GAME_OVER, end_reason=reason)

    def _next_hand(self, state: State) -> State:
        # time bank is not kept per seat in 0.1; see docs/reducer.md
        return self._start_hand(replace(state, last_result=state.last_result))

    # ------------------------------------------------------------------ view, result

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        last = state.last_result
        public_seats = []
        for s, player in enumerate(state.seats):
            entry: dict[str, Any] = {
                "seat": s, "name": state.players[s], "points": player.points,
                "hand_size": len(player.hand), "river": unstructure(player.river),
                "melds": unstructure(player.melds), "kita": list(player.kita),
                "riichi": player.riichi, "double_riichi": player.double_riichi,
                "auto_pilot": player.auto_pilot,
            }
            public_seats.append(entry)
        revealed_hands: dict[str, list[int]] = {}
        if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and last is not None:
            for win in last.winners:
                revealed_hands[str(win.seat)] = list(win.hand)
            for s in last.tenpai:
                revealed_hands[str(s)] = list(state.seats[s].hand)
        claim = state.claim
        view: dict[str, Any] = {
            "ruleset": state.ruleset, "viewer": seat, "phase": state.phase.value,
            "round_wind": state.round_wind, "hand_number": state.hand_number,
            "dealer": state.dealer, "honba": state.honba, "deposits": state.deposits,
            "turn": state.turn, "tiles_left": len(state.live),
            "dora_indicators": list(state.dora_indicators[:state.revealed]),
            "seats": public_seats,
            "claim": None if claim is None else {
                "source": claim.source, "tile": claim.tile, "from_seat": claim.from_seat},
            "last_result": None if last is None else unstructure(last),
            "revealed_hands": revealed_hands, "deadline": self._deadline(state),
            "end_reason": state.end_reason,
        }
        if seat is not None:
            player = state.seats[seat]
            view["hand"] = list(player.hand)
            view["drawn"] = player.drawn
            view["furiten"] = bool(player.hand) and len(player.hand) % 3 == 1 and self._furiten(
                state, seat)
            view["claim_options"] = list(claim.options[seat]) if claim is not None else []
            view["legal_actions"] = [a.to_dict() for a in self.legal_actions(state, seat)]
            view["preferences"] = {"auto_win": player.auto_win, "no_calls": player.no_calls}
        return view

    def _result(self, state: State) -> dict[str, Any]:
        points = [p.points for p in state.seats]
        chombos = [0] * len(points)
        for hand in state.history:
            if hand.chombo_seat is not None:
                chombos[hand.chombo_seat] += 1
        order, final, scores = final_scores(points, state.deposits, self.options,
                                            chombos=chombos)
        leftover = 1000 * state.deposits
        shared = self.options.tied_ranks is TiedRanks.SHARE  # tied seats share a rank
        ranking = [{"seat": s, "player": state.players[s],
                    "rank": 1 + sum(p > points[s] for p in points) if shared else rank + 1,
                    "points": final[s], "score": scores[rank]}
                   for rank, s in enumerate(order)]
        best = None
        for hand in state.history:
            for win in hand.winners:
                key = (win.points, win.han)
                if best is None or key > best[0]:
                    best = (key, {"player": state.players[win.seat], "seat": win.seat,
                                  "han": win.han, "fu": win.fu, "yakuman": win.yakuman,
                                  "yaku": [y for y, _ in win.yaku], "points": win.points})
        return {
            "ranking": ranking,
            "summary": {
                "hands": len(state.history),
                "best_hand": None if best is None else best[1],
                "per_player": [{"seat": s, "player": state.players[s], "wins": p.wins,
                                "deal_ins": p.deal_ins, "riichi": p.riichi_count,
                                "calls": p.calls} for s, p in enumerate(state.seats)],
                "end_reason": state.end_reason,
                "leftover_deposits": leftover,
            },
        }


class SanmaRuleset(RiichiRuleset[SanmaOptions]):
    """3-player riichi (sanma): no 2m-8m, no chi, kita, sanma payments (seeds/000 5.7).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "sanma"
    aliases: ClassVar[tuple[str, ...]] = ("3p", "sanma", "three_player")
    num_seats: ClassVar[int] = 3
    options_type: ClassVar[type[RuleOptions]] = SanmaOptions
    riichi_min_tiles: ClassVar[int] = 3

    def tile_ids(self) -> tuple[int, ...]:
        """108 tiles: 2m-8m removed."""
        return tuple(t for t in range(136) if not 1 <= (t >> 2) <= 7)

    def kinds_mask(self) -> tuple[bool, ...]:
        """The sanma tile set."""
        return kernel.SANMA_KINDS

    def red_ids(self) -> frozenset[int]:
        """Red 5p and 5s only."""
        return frozenset((52, 88)) if self.options.red_fives else frozenset()

    def _chi_allowed(self, state: State, seat: int, discarder: int) -> bool:
        return False

    def _four_riichi_enabled(self) -> bool:
        return False

    def _four_winds_enabled(self) -> bool:
        return self.options.four_winds_abort

    def _check_kita(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        north = [t for t in player.hand if (t >> 2) == NORTH]
        if not north:
            return reject(Reason.KITA_NOT_ALLOWED, "no North tile in hand")
        if player.drawn is None or player.called_this_turn or not state.live:
            return reject(Reason.KITA_NOT_ALLOWED, "kita needs a drawn tile and a tile left")
        # after riichi only the North just drawn may go: the concealed hand, and so the
        # waits, stay what they were at the declaration (seeds/000 5.4)
        if player.riichi and (player.drawn >> 2) != NORTH:
            return reject(Reason.KITA_NOT_ALLOWED, "after riichi only the drawn North")
        return None

    def _kita(self, state: State, seat: int) -> State:
        player = state.seats[seat]
        north = [t for t in player.hand if (t >> 2) == NORTH]
        tile = player.drawn if player.drawn in north else north[-1]
        assert tile is not None
        state = self._seat(state, seat, hand=remove(player.hand, [tile]), drawn=None,
                           kita=(*player.kita, tile))
        if self.options.kita_cancels_ippatsu:
            state = self._all_seats(state, ippatsu=False)
            state = replace(state, first_go_around=False)
        return self._open_window(state, seat, tile, ClaimSource.KITA)

