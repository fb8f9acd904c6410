"""4-player riichi: riichi's hooks of the shared table game (seeds/000 sections 4, 5 and 8).

:class:`RiichiRuleset` fills the hooks of :class:`~mahjong_rules.rulesets.table.
TableRuleset` (the phases of :mod:`mahjong_rules.game`): the tile set, the scoring
adapter, furiten (5.5), riichi (5.4), the swap-call rule and the kan dora (5.2), the
claim window's closing (5.3: furiten on a passed win, double and triple ron, the riichi
deposit, the abortive draws of 5.8) and the fused discard of the speed layer; its
payments and game end are :mod:`mahjong_rules.rulesets.riichi_end`, sanma
:mod:`mahjong_rules.rulesets.sanma`.

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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from mahjong_rules import kernel
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chombo,
    Kakan,
    Kita,
    NineTerminals,
    Tsumo,
)
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.fast import DEFAULT as FAST_DEFAULT
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.call import quick_call
from mahjong_rules.fast.claim_scan import claim_scan, leaves_discard
from mahjong_rules.fast.discard import all_pass, fused, last_pass, quick_discard
from mahjong_rules.fast.intern import discard_action, river_entry
from mahjong_rules.fast.moves import own_turn
from mahjong_rules.game.actions import SHARED, ActionRule, refused
from mahjong_rules.game.hand_tiles import not_held, reject, remove
from mahjong_rules.kernel.single import ORPHANS, fifth_copy_waits
from mahjong_rules.options import (
    FifthTile,
    KanDoraTiming,
    Kuikae,
    MultipleRon,
    RiichiAnkan,
    RiichiOptions,
    RuleOptions,
    SanmaOptions,
    TripleRon,
)
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.rulesets import riichi_claims, riichi_end
from mahjong_rules.rulesets.riichi_end import WINDS
from mahjong_rules.rulesets.table import TableRuleset
from mahjong_rules.scoring import (
    Liability,
    MeldKind,
    WinContext,
    WinningHand,
    multiple_ron_order,
)
from mahjong_rules.state import (
    AbortReason,
    CallKind,
    ClaimSource,
    ClaimWindow,
    Phase,
    PlayerState,
    State,
    replace,
)
from mahjong_rules.state_check import Table
from mahjong_rules.tiles import Tile, TileKind

__all__ = ["NORTH", "RIICHI_ACTIONS", "RiichiRuleset", "RiichiT_co"]

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


def check_nine(rules: RiichiRuleset, state: State, action: NineTerminals) -> Rejection | None:
    """Nine terminals (``_check_nine``, seeds/000 5.8)."""
    return rules._check_nine(state, action.seat)


def apply_nine(rules: RiichiRuleset, state: State, action: NineTerminals) -> State:
    """The abortive draw of nine terminals."""
    return rules._abort(state, AbortReason.NINE_TERMINALS)


def check_chombo(rules: RiichiRuleset, state: State, action: Chombo) -> Rejection | None:
    """A referee's chombo ends a hand in play (``_check_chombo``)."""
    return rules._check_chombo(state, action)


def apply_chombo(rules: RiichiRuleset, state: State, action: Chombo) -> State:
    """The chombo's payment; the hand ends as an abort (``_chombo``)."""
    return rules._chombo(state, action.seat)


RIICHI_ACTIONS: Mapping[type[Action], ActionRule] = {
    **SHARED,
    Kita: refused(Reason.KITA_NOT_ALLOWED, "kita exists only in sanma", own_turn=True),
    NineTerminals: ActionRule(check_nine, apply_nine, own_turn=True),
    Chombo: ActionRule(check_chombo, apply_chombo, spends_time=False, own_move=False),
}
"""Riichi's action table: the shared actions, nine terminals and the referee's chombo (a
``Kita`` is refused with ``kita_not_allowed``; sanma lists its own)."""


class RiichiRuleset(TableRuleset[RiichiT_co]):
    """4-player Japanese riichi (seeds/000, with seeds/001's options as a preset).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "riichi"
    aliases: ClassVar[tuple[str, ...]] = ("4p", "yonma", "japanese", "riichi4")
    version: ClassVar[str] = "2"
    """Behaviour version (2: the rule fixes of 0.3, ``CHANGELOG.md``)."""
    num_seats: ClassVar[int] = 4
    options_type: ClassVar[type[RuleOptions]] = RiichiOptions
    action_types: ClassVar[frozenset[type[Action]]] = frozenset(RIICHI_ACTIONS)
    """Every action but the ready-hand declaration (riichi is a discard's flag)."""
    actions: ClassVar[Mapping[type[Action], ActionRule]] = RIICHI_ACTIONS
    riichi_min_tiles: ClassVar[int] = 4
    """Tiles that must be left in the wall to declare riichi (seeds/000 5.4)."""
    kita_allowed: ClassVar[bool] = False
    """``False``: ``_check_kita`` refuses every kita (the fast own-turn moves skip it)."""

    def __init__(self, options: RiichiT_co | str | None = None, *,
                 fast: FastPaths = FAST_DEFAULT) -> None:
        """Rules with ``options`` (an options object, a preset name, or the defaults).

        ``fast``: the fast paths taken (:class:`~mahjong_rules.fast.FastPaths`).
        """
        super().__init__(options, fast=fast)
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

    def _live_waits(self, player: PlayerState,
                    hand: tuple[int, ...] | None = None) -> frozenset[int]:
        """Waits of a seat's concealed ``hand`` (its own by default) that count for tenpai.

        A kind it holds all four of is no wait (seeds/000 5.5): in the concealed hand
        always, in its melds too under ``FifthTile.HAND_AND_MELDS``; never under
        ``FifthTile.NONE``, where a wait on a fifth copy counts too.
        """
        waits = self.waits(player.hand if hand is None else hand)
        if self.options.fifth_tile is FifthTile.NONE:
            return waits | fifth_copy_waits(
                self._counts(player.hand if hand is None else hand))
        if not waits or not player.melds or (
                self.options.fifth_tile is FifthTile.CONCEALED):
            return waits
        counts = self._counts(player.hand if hand is None else hand)
        for meld in player.melds:
            for tile in meld.tiles:
                counts[tile >> 2] += 1
        return frozenset(k for k in waits if counts[k] < 4)

    # ------------------------------------------------------------------ the state check

    def _table(self) -> Table:
        """The facts of this table for the state check (:mod:`mahjong_rules.state_check`)."""
        tiles = self.tile_ids()
        sanma = isinstance(self.options, SanmaOptions)
        sources = {"discard", "kakan", "ankan", "kita"} if sanma else {
            "discard", "kakan", "ankan"}
        return Table(
            name=self.name, version=self.version, options_type=self.options_type,
            seats=self.num_seats, tiles=frozenset(tiles), waiting=3 * self.n_sets + 1,
            riichi=True, kita=sanma, chi=not sanma, declaration=False,
            max_kans=4, sources=frozenset(sources),
            end_reasons=frozenset({"tobi", "normal", "west_entry_end", "agari_yame"}),
            hand_wall=self._hand_wall, claim_options=self._open_options,
            can_discard=self._can_discard)

    # ------------------------------------------------------------------ scoring adapter

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

    _liable_seat = riichi_end.liable_seat
    _settle_wins = riichi_end.settle_wins
    _exhaustive_draw = riichi_end.exhaustive_draw
    _nagashi = riichi_end.nagashi
    _chombo = riichi_end.chombo
    _game_end = riichi_end.game_end
    _dealer_stop = riichi_end.dealer_stop
    _result = riichi_end.result

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

    # ------------------------------------------------------------------ own turn

    def _self_actions(self, state: State, seat: int) -> list[Action]:
        if self.fast.moves:  # the speed layer (fast/moves.py): the same list from facts
            return own_turn(self, state, seat)
        player = state.seats[seat]
        if player.riichi or player.called_this_turn:
            actions: list[Action] = [
                discard_action(seat, tile) for tile in player.hand
                if self._check_discard(state, seat, tile, riichi=False) is None]
        else:  # every held tile may go
            actions = [discard_action(seat, tile) for tile in player.hand]
        shanten = self._shanten(player.hand) if player.drawn is not None else 1
        # a wait on a fifth copy counts under FifthTile.NONE: the kernel's shanten says 1
        most = 1 if self.options.fifth_tile is FifthTile.NONE else 0
        if shanten <= most and self._riichi_possible(state, seat):
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

    def _closed_kan_problem(self, state: State, seat: int, kind: int) -> Rejection | None:
        """After riichi a closed kan must keep the hand's waits (``riichi_ankan``, 5.4)."""
        player = state.seats[seat]
        return self._riichi_kan_problem(player, kind) if player.riichi else None

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

    _call_leaves_discard = leaves_discard  # with the shortcut of a hand with room
    def _kuikae(self, called: int, used: tuple[int, ...], kind_of_call: str) -> tuple[int, ...]:
        kuikae = self.options.kuikae
        if kuikae is Kuikae.ALLOWED:  # swap calls allowed: nothing is forbidden
            return ()
        kind = (called >> 2)
        forbidden = [kind]
        if kind_of_call == "chi" and kuikae is Kuikae.FORBIDDEN:  # SUJI: the kind only
            kinds = sorted([(t >> 2) for t in used] + [kind])
            suit_start = kind - kind % 9
            if kind == kinds[0] and kind + 3 < suit_start + 9:
                forbidden.append(kind + 3)
            if kind == kinds[2] and kind - 3 >= suit_start:
                forbidden.append(kind - 3)
        return tuple(forbidden)

    def _check_chombo(self, state: State, action: Chombo) -> Rejection | None:
        if state.phase not in (Phase.SELF_ACTION, Phase.CLAIMS):
            return reject(Reason.WRONG_PHASE, "a chombo ends a hand in play")
        return None

    # ------------------------------------------------------------------ discard, claims

    def _discard(self, state: State, seat: int, tile: int, *, riichi: bool) -> State:
        player = state.seats[seat]
        options = None
        if (self.fast.discards and self.fast.claims and not riichi and not state.pending_kan_dora
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

    _quick_discard = quick_discard  # a plain discard checked and made (fast/discard.py)
    _quick_pass = last_pass  # the window's last pass in one copy (fast/discard.py)
    _quick_call = quick_call  # a pon or chi that closes its window, in one copy (fast/call.py)
    _apply_passes = all_pass  # apply_passes in one copy when it can, else the table's

    def _claim_options(self, state: State, seat: int, tile: int,
                       source: str) -> tuple[tuple[CallKind, ...], ...]:
        """What every other seat may claim on ``tile`` (the scan, or its readable twin).

        Reads only the other seats and the table, never the discarder's seat.
        """
        if self.fast.claims:  # the speed layer's one pass (fast/claim_scan.py)
            return claim_scan(self, state, seat, tile, source)[0]
        return riichi_claims.claim_options(self, state, seat, tile, source)

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

    def _resolve(self, state: State, claim: ClaimWindow) -> State:
        n = self.num_seats
        ron_seats = [s for s, r in enumerate(claim.responses) if r is not None and r.kind == "ron"]
        rons = multiple_ron_order(claim.from_seat, ron_seats, n) if ron_seats else []
        # seats the tile completes (yaku or not) that did not ron: temporary furiten,
        # for the rest of the hand after riichi (seeds/000 5.5); a closed kan is a passed
        # win only for a thirteen orphans that may rob it
        kind = claim.tile >> 2
        hands, facts = self.cache.hands, self.cache.facts
        for s in range(n):
            if s == claim.from_seat or s in rons:
                continue
            hand = state.seats[s].hand
            known = hands.get(hand)  # self.waits(hand), from the cache directly
            if kind in (known if known is not None else facts(hand))[0] and (
                    claim.source != "ankan" or self._may_rob_closed_kan(
                        state.seats[s], claim.tile)):
                riichi = state.seats[s].riichi
                state = self._seat(state, s, temporary_furiten=True,
                                   riichi_furiten=state.seats[s].riichi_furiten or riichi)
        if rons:
            if len(rons) == 3 and self.options.triple_ron is TripleRon.ABORT:
                return self._abort(state, AbortReason.TRIPLE_RON)
            if self.options.double_ron is MultipleRon.HEAD_BUMP:
                rons = rons[:1]
            return self._settle_wins(state, rons, claim.tile, from_seat=claim.from_seat,
                                     source=claim.source)
        # no ron: the declaring discard's deposit, kan dora, aborts
        state, aborted = self._window_passed(state, claim)
        if aborted:
            return state
        return self._take_call(state, claim)

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

    def _abort_after_discard(self, state: State) -> AbortReason | None:
        if not self.options.abortive_draws:
            return None
        n = self.num_seats
        if (self._four_winds_enabled() and state.first_go_around
                and len(state.first_discards) == n and state.first_discards[0] in WINDS
                and len(set(state.first_discards)) == 1):
            return AbortReason.FOUR_WINDS
        if state.kan_count == 4 and len(set(state.kan_seats)) > 1:
            return AbortReason.FOUR_KANS
        if self._four_riichi_enabled() and all(p.riichi for p in state.seats):
            return AbortReason.FOUR_RIICHI
        return None

    def _four_winds_enabled(self) -> bool:
        return True

    def _four_riichi_enabled(self) -> bool:
        return True

    _note_kan_liability = riichi_end.note_kan_liability
    _note_liability = riichi_end.note_liability
