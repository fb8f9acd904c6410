"""The shared table game: :class:`TableRuleset`, the base every variant plugs its hooks into.

The base is variant-neutral: it binds the phase functions of :mod:`mahjong_rules.game`
(``(rules, state, ...) -> State``, each citing the rule it implements) as its methods,
and a variant (riichi, sanma, Taiwanese) supplies the documented hooks below: what each
runs for, what it may read, what it must keep consistent, its default. The hook table is
in ``docs/architecture.md`` ("Hooks"). A phase function bound here costs what a method
costs (no extra call layer); a variant that changes a step overrides its hook and may
call the bound base step through ``super()``.

Examples:
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.rulesets.table import TableRuleset
    >>> [isinstance(mr.make(n), TableRuleset) for n in ("riichi", "sanma", "taiwanese")]
    [True, True, True]
    >>> isinstance(mr.make("taiwanese"), mr.RiichiRuleset)  # a sibling of riichi
    False

.. versionadded:: 0.4
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Mapping
from typing import ClassVar

from mahjong_rules.actions import Action, Chi, Pon
from mahjong_rules.engine import OptionsT_co, Ruleset
from mahjong_rules.errors import Rejection
from mahjong_rules.fast import DEFAULT as FAST_DEFAULT
from mahjong_rules.fast import FastPaths
from mahjong_rules.fast.hand_cache import HandCache
from mahjong_rules.fast.intern import preferences
from mahjong_rules.game import actions as action_table
from mahjong_rules.game import (
    calls,
    claims,
    clock,
    deal,
    hand_end,
    kans,
    turn,
    views,
)
from mahjong_rules.game.actions import SHARED, ActionRule
from mahjong_rules.kernel.single import shanten_single
from mahjong_rules.scoring import Meld
from mahjong_rules.state import (
    CallKind,
    ClaimWindow,
    MeldRecord,
    PlayerState,
    State,
    with_all_seats,
    with_seat,
)
from mahjong_rules.state_check import Table
from mahjong_rules.tiles import Tile
from mahjong_rules.walls import WallLayout

__all__ = ["TableRuleset"]


class TableRuleset(Ruleset[OptionsT_co]):
    """The shared table game of riichi, sanma and Taiwanese; variants fill its hooks.

    .. versionadded:: 0.4
    """

    n_sets: ClassVar[int] = 4
    """Sets of a complete hand (4: riichi; 5: Taiwanese), passed to the kernel."""
    actions: ClassVar[Mapping[type[Action], ActionRule]] = SHARED
    """Hook: each action class's rule (:class:`~mahjong_rules.game.actions.ActionRule`).

    Read by validate, apply and the claim window's record. A ruleset adds its own rows to
    :data:`~mahjong_rules.game.actions.SHARED` and keeps ``action_types`` (the classes
    the engine lets through) to the classes it lists. Default: the shared actions.
    """

    def __init__(self, options: OptionsT_co | str | None = None, *,
                 fast: FastPaths = FAST_DEFAULT) -> None:
        """Rules with ``options`` (an options object, a preset name, or the defaults).

        ``fast``: the fast paths taken (:class:`~mahjong_rules.fast.FastPaths`).
        """
        super().__init__(options, fast=fast)
        self.cache = HandCache(self.kinds_mask(), self.n_sets, fast.score_memo)
        """The memos of this instance: hand facts and recent scores
        (:class:`~mahjong_rules.fast.hand_cache.HandCache`, bounded)."""

    # ---- the tile set (hooks, no default) ----------------------------------------------

    @abc.abstractmethod
    def tile_ids(self) -> tuple[int, ...]:
        """The physical tiles of the set (every wall holds each once)."""

    @abc.abstractmethod
    def kinds_mask(self) -> tuple[bool, ...]:
        """The kernel's mask of the kinds in the set."""

    @abc.abstractmethod
    def red_ids(self) -> frozenset[int]:
        """The physical ids that are red fives under the options."""

    @abc.abstractmethod
    def _tile(self, tile_id: int) -> Tile:
        """The scoring value of a tile id."""

    def wall_layout(self) -> WallLayout:
        """Hook: where each tile of a hand's wall goes (:class:`~mahjong_rules.walls.WallLayout`).

        Read by the deal, the state check, ``replay.py`` and the test helpers; it must
        match :meth:`tile_ids`. Default: riichi's, 13 tiles a seat, a dead wall of 14.

        .. versionadded:: 0.3
        """
        return WallLayout(seats=self.num_seats)

    # ---- hand facts ----------------------------------------------------------------------

    def waits(self, hand: Iterable[int]) -> frozenset[int]:
        """Kinds that complete a 3n+1 hand (a kind held four times excluded).

        The tiles in any order (the cache's prefilters read a sorted hand).
        """
        return self.cache.facts(tuple(sorted(hand)))[0]

    def _counts(self, tiles: Iterable[int]) -> list[int]:
        """The count of each of the 34 kinds among ``tiles``."""
        counts = [0] * 34
        for tile in tiles:
            counts[(tile >> 2)] += 1
        return counts

    def _shanten(self, hand: Iterable[int]) -> int:
        """The shanten of a concealed hand (-1: complete)."""
        return shanten_single(self._counts(hand), self.kinds_mask(), self.n_sets)

    def _melds(self, player: PlayerState) -> tuple[Meld, ...]:
        """The seat's melds as the scorer takes them."""
        return tuple(Meld(kind=m.kind, tiles=tuple(self._tile(t) for t in m.tiles))
                     for m in player.melds)

    _seat = staticmethod(with_seat)
    _all_seats = staticmethod(with_all_seats)
    _preferences = staticmethod(preferences)

    # ---- the phases (bound phase functions of game/) -------------------------------------

    _setup = deal.setup
    _check_start = deal.check_start
    _wall = deal.wall
    _deal = deal.deal
    _hand_wall = deal.hand_wall
    _start_hand = deal.start_hand
    _draw = turn.draw
    _to_act = turn.to_act
    _legal_actions = turn.legal_actions
    _moves = turn.moves
    _own_turn_problem = turn.own_turn_problem
    _check_tsumo = turn.check_tsumo
    _can_discard = turn.can_discard
    _pon_choices = calls.pon_choices
    _chi_possible = calls.chi_possible
    _chi_choices = calls.chi_choices
    _call_leaves_discard = calls.call_leaves_discard
    _claim_actions = calls.claim_actions
    _call = calls.call
    _check_ankan = kans.check_ankan
    _check_kakan = kans.check_kakan
    _ankan = kans.ankan
    _kakan = kans.kakan
    _after_kan = kans.after_kan
    _open_window = claims.open_window
    _open_options = claims.open_options
    _check_claim = claims.check_claim
    _record = claims.record
    _respond = claims.respond
    _maybe_resolve = claims.maybe_resolve
    _window_waits = claims.window_waits
    _apply_passes = claims.apply_passes
    _take_call = claims.take_call
    _continue = claims.continue_play
    _end_hand = hand_end.end_hand
    _finish = hand_end.finish
    _abort = hand_end.abort
    _next_hand = hand_end.next_hand
    _refill = clock.refill
    _deadline = clock.deadline
    _spend_bank = clock.spend_bank
    _check_timeout = clock.check_timeout
    _back_from_pilot = clock.back_from_pilot
    _timeout = clock.timeout
    _automatic = clock.automatic
    _view = views.view
    _validate = action_table.validate
    _apply = action_table.apply
    _dispatch = action_table.dispatch
    _rule_of = action_table.rule_of

    # ---- hooks with a default: the plain table game --------------------------------------

    _open_hand = deal.open_hand
    """Hook ``_open_hand(state)``: a dealt hand's first step. Default: the dealer draws."""
    _chi_allowed = calls.chi_allowed
    """Hook ``_chi_allowed(state, seat, discarder)``: ``seat`` may chi ``discarder``'s tile.
    Default: the next seat only (sanma: never)."""
    _kan_dora = kans.kan_dora
    """Hook ``_kan_dora(state, closed=...)``: a kan that stands turns its dora indicator.
    Default: none (riichi: seeds/000 5.2)."""

    def _kuikae(self, called: int, used: tuple[int, ...],
                kind_of_call: str) -> tuple[int, ...]:
        """Hook: the kinds a seat may not discard right after calling ``called`` with ``used``.

        Runs for every call choice (legal actions, claim options, the call); reads only
        its arguments; the claim options must offer a call only when a legal discard is
        left. Default: none (no swap-call rule; riichi: seeds/000 5.2).
        """
        return ()

    def _quick_pass(self, state: State, seat: int) -> State | None:
        """Hook: the state after ``seat``'s plain ``Pass`` (no time), or ``None``.

        A fast path (``apply``'s): when it gives a state, it is the one the action's rule
        (:func:`~mahjong_rules.game.claims.respond`) gives; ``None`` sends the pass there.
        Default: ``None`` (riichi: the window's last pass closes it in one step).
        """
        return None

    def _quick_call(self, state: State, action: Pon | Chi) -> State | None:
        """Hook: the state after the plain ``Pon`` or ``Chi`` ``action`` (no time), or ``None``.

        A fast path (``apply``'s), like :meth:`_quick_pass`: a state it gives is the one
        the action's rule gives. Default: ``None`` (riichi: a call that closes its window
        plainly, in one copy: :mod:`mahjong_rules.fast.call`).

        .. versionadded:: 0.4
        """
        return None

    def _furiten(self, state: State, seat: int) -> bool:
        """Hook: ``seat`` may not ron now (its own discards, a passed win, after riichi).

        Read by the claim check (the ``furiten`` refusal) and the view; the claim options
        must agree (no ron offered to a furiten seat). Default: never (Taiwanese, 1.4).
        """
        return False

    def _note_liability(self, state: State, seat: int, meld: MeldRecord,
                        discarder: int) -> State:
        """Hook: a call by ``seat`` on ``discarder``'s tile that makes the discarder liable.

        Runs after each call's meld is made; may change only ``liability`` and
        ``liability_yaku``. Default: no liability (riichi: pao, seeds/000 6.5).
        """
        return state

    def _note_kan_liability(self, state: State, seat: int, discarder: int) -> State:
        """Hook: an open kan that makes ``discarder`` liable for its replacement win.

        Runs after an open kan; may change only the liability fields. Default: none.
        """
        return state

    def _closed_kan_problem(self, state: State, seat: int, kind: int) -> Rejection | None:
        """Hook: the ruleset's own refusal of a closed kan the table allows, or ``None``.

        Runs last in the closed-kan check (the seat holds four, ``_kan_possible`` agrees).
        Default: none (riichi: the kan after riichi, seeds/000 5.4).
        """
        return None

    # ---- hooks without a default ---------------------------------------------------------

    @abc.abstractmethod
    def _self_actions(self, state: State, seat: int) -> list[Action]:
        """Hook: the own-turn actions of ``seat`` (discards, wins, kans, the variant's own).

        Every action listed must pass :meth:`validate`; ``legal_actions`` adds the
        preference actions.
        """

    @abc.abstractmethod
    def _claim_options(self, state: State, seat: int, tile: int,
                       source: str) -> tuple[tuple[CallKind, ...], ...]:
        """Hook: what every seat may claim on ``tile`` shown by ``seat`` (seeds/000 5.3).

        Runs once when a window opens; reads only the other seats and the table, never
        ``seat``'s own hand. A seat offered a ron must get a score for it
        (``_settle_wins``), and every call offered must leave a legal discard.
        """

    @abc.abstractmethod
    def _can_ron(self, state: State, seat: int, tile: int, source: str) -> bool:
        """Hook: ``seat`` may win on ``tile`` shown from ``source`` (shape, furiten, yaku)."""

    @abc.abstractmethod
    def _check_discard(self, state: State, seat: int, tile: int, *,
                       riichi: bool) -> Rejection | None:
        """Hook: why ``seat`` may not discard ``tile`` now (``riichi``: declaring riichi)."""

    @abc.abstractmethod
    def _discard(self, state: State, seat: int, tile: int, *, riichi: bool) -> State:
        """Hook: ``seat`` discards ``tile``; the discard's claim window opens."""

    @abc.abstractmethod
    def _tsumo_rejection(self, state: State, seat: int, tile: int) -> Rejection | None:
        """Hook: why the scorer refuses a win on the drawn ``tile`` (no yaku, ...)."""

    @abc.abstractmethod
    def _kan_possible(self, state: State, seat: int) -> Rejection | None:
        """Hook: why ``seat`` may make no kan on its turn now (a tile left, a kan cap)."""

    @abc.abstractmethod
    def _resolve(self, state: State, claim: ClaimWindow) -> State:
        """Hook: close an answered window: wins, else the highest call, else play goes on.

        Runs when no answer still to come can change the window's outcome; ends with
        :meth:`_settle_wins`, :meth:`_take_call` or :meth:`_continue`.
        """

    @abc.abstractmethod
    def _settle_wins(self, state: State, winners: list[int], tile: int, *,
                     from_seat: int | None, source: str = "discard") -> State:
        """Hook: the hand ends with these winners on ``tile`` (``from_seat`` ``None``: tsumo)."""

    @abc.abstractmethod
    def _exhaustive_draw(self, state: State) -> State:
        """Hook: the live wall is empty and nobody won: the draw's payments, the next deal."""

    @abc.abstractmethod
    def _game_end(self, state: State, *, dealer_stays: bool, draw: bool = False) -> str | None:
        """Hook: the reason the game ends after this hand (``None``: it goes on)."""

    @abc.abstractmethod
    def _table(self) -> Table:
        """The facts of this ruleset's table the state check needs."""
