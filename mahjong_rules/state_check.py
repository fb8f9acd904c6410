"""The state check: whether a game state is one that legal play can reach.

:func:`check_state` is the one check behind ``State.from_dict``,
:meth:`Ruleset.check_state <mahjong_rules.engine.Ruleset.check_state>` and
``Ruleset.setup(start=...)``: a saved state (from a server's store, a file, another
program) is loaded whole or not at all. It checks, in this order, and reports the first
problem as :class:`~mahjong_rules.errors.InvalidStateError` (reason ``bad_state``, the
offending field in ``path``):

1. the fields' types (the state equals its own JSON form loaded back);
2. the table: players and seats by count, seed or injected walls, hands played and the
   history, round, hand number, dealer, honba, deposits, turn, the clock;
3. every physical tile of the set exactly once across hands, melds, rivers, kita,
   flowers, the live wall, the replacement tiles and the indicators;
4. the wall in the order the hand's wall was dealt, less the draws made;
5. each seat: sorted hand, drawn tile, melds, river, kita, flowers, the hand size for the
   phase, the riichi flags with their river entry, counters;
6. the table's kan and dora counts, liabilities, the first go-around;
7. the phase: the claim window, answers and options, the ready flags, the end reason, a
   legal discard for the seat at turn;
8. riichi sticks for every riichi, points plus deposits equal to the table's total.

The ruleset adds what only it knows (the hand's wall as dealt, the claim options of the
open window, whether the seat at turn has a legal discard): :class:`Table`. The check reads states
only; it imports neither the rulesets nor the scorer, and it is never on the path of
``validate`` or ``apply``.

.. versionadded:: 0.2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import attrs

from mahjong_rules.errors import InvalidStateError
from mahjong_rules.record import StructureError, structure, unstructure
from mahjong_rules.state import ClaimWindow, HandResult, MeldRecord, Phase, PlayerState, State
from mahjong_rules.tiles import N_IDS

__all__ = ["Table", "WallParts", "check_state"]

WallParts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A hand's wall as dealt: the live wall after the deal, the replacement tiles, the dora
and the ura indicator slots."""

NORTH = 30
CLAIM_NAMES = frozenset({"ron", "pon", "daiminkan", "chi", "declare", "pass"})
LIABLE_YAKU = frozenset({"", "daisangen", "daisuushii", "rinshan", "suukantsu"})
HAND_KINDS = frozenset({"win", "exhaustive", "abortive"})
ABORTS = frozenset({"nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron",
                    "chombo"})
OPENING_WINDOWS = frozenset({"declaration", "deal_flower"})
"""Windows before the dealer's first discard: the dealer holds one tile more."""
FLOWER_WINDOWS = frozenset({"flower", "seventh_flower", "deal_flower"})
KANS = frozenset({"daiminkan", "kakan", "ankan"})


@attrs.frozen(kw_only=True)
class Table:
    """What the check needs to know of a ruleset; each ruleset builds its own.

    .. versionadded:: 0.2
    """

    name: str
    """The ruleset's name (``riichi``, ``sanma``, ``taiwanese``)."""
    version: str
    options_type: type
    seats: int
    tiles: frozenset[int]
    """The physical tiles of the set."""
    waiting: int
    """Concealed tiles plus three per meld of a seat that waits (13, 16)."""
    riichi: bool
    """Riichi and its sticks, dora and ura indicators, pao (riichi and sanma)."""
    kita: bool
    """North tiles set aside (sanma)."""
    chi: bool
    declaration: bool
    """The ready-hand declaration (Taiwanese)."""
    max_kans: int | None
    """Kans a hand may hold (``None``: no limit)."""
    sources: frozenset[str]
    """The claim windows this ruleset opens."""
    end_reasons: frozenset[str]
    hand_wall: Callable[[State, int], WallParts]
    """Hand ``index``'s wall as dealt, from the state's seed or injected walls."""
    claim_options: Callable[[State], tuple[tuple[str, ...], ...]]
    """The options of the open window, computed afresh (every ``no_calls`` off)."""
    can_discard: Callable[[State, int], bool]
    """The seat at turn has a legal discard (a seat to act always has a move)."""


class _ProblemError(Exception):
    """The first problem found (internal: :func:`check_state` turns it into the error)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _fail(path: str, message: str) -> _ProblemError:
    return _ProblemError(path, message)


def check_state(state: object, table: Table, *, typed: bool = False) -> State:
    """``state`` itself when it is a state of ``table`` that legal play reaches.

    ``typed``: the caller built the state from its JSON form (``State.from_dict``), so
    the field types need no second look.

    Raises:
        InvalidStateError: ``bad_state``, naming the first problem and its ``path``.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi")
        >>> state = rules.setup(seed=1)
        >>> rules.check_state(state) is state
        True
        >>> try:
        ...     rules.check_state(attrs.evolve(state, honba=-3))
        ... except mr.InvalidStateError as exc:
        ...     print(exc.reason.value, exc.path)
        bad_state honba

    .. versionadded:: 0.2
    """
    if type(state) is not State:
        raise InvalidStateError(f"not a State: {type(state).__name__}")
    try:
        if not typed:
            _check_types(state)
        _Checker(state, table).run()
    except _ProblemError as problem:
        raise InvalidStateError(problem.message, path=problem.path) from None
    return state


def _check_types(state: State) -> None:
    """Every field of the type it is declared with (the JSON form loads back equal)."""
    try:
        loaded = structure(State, unstructure(state))
    except StructureError as exc:
        raise _fail(exc.path, exc.message) from None
    if loaded != state:
        wrong = next((f.name for f in attrs.fields(State)
                      if getattr(loaded, f.name) != getattr(state, f.name)), "")
        raise _fail(wrong, "a value of another type than the field's (a list for a tuple, "
                    "a string for an enum)")


def _ints(values: Iterable[int], low: int, high: int) -> bool:
    return all(low <= v < high for v in values)


class _Checker:
    """The checks of :func:`check_state`, in order, on one state."""

    def __init__(self, state: State, table: Table) -> None:
        self.state = state
        self.table = table
        self.n = table.seats
        playing = state.phase in (Phase.SELF_ACTION, Phase.CLAIMS)
        self.playing = playing
        self.hand_index = state.hands_played if playing else state.hands_played - 1

    def run(self) -> None:
        self.identity()
        self.table_fields()
        self.tiles()
        self.wall()
        for seat, player in enumerate(self.state.seats):
            self.seat(seat, player)
        self.kans_and_dora()
        self.first_go_around()
        self.phase()
        self.points()

    # ------------------------------------------------------------------ the table

    def identity(self) -> None:
        state, table = self.state, self.table
        if state.ruleset != table.name:
            raise _fail("ruleset", f"a {state.ruleset!r} state, these rules are {table.name}")
        if state.version != table.version:
            raise _fail("version", f"version {state.version!r}; these rules are version "
                        f"{table.version!r}")
        if type(state.options) is not table.options_type:
            raise _fail("options", f"{type(state.options).__name__} for {table.name}, which "
                        f"takes {table.options_type.__name__}")

    def table_fields(self) -> None:  # noqa: C901, PLR0912 - one test per field
        state, n = self.state, self.n
        if len(state.players) != n or len(set(state.players)) != n:
            raise _fail("players", f"{n} distinct player names needed, got {state.players!r}")
        if len(state.seats) != n:
            raise _fail("seats", f"{n} seats needed, got {len(state.seats)}")
        if state.seed is not None and state.walls:
            raise _fail("walls", "injected walls beside a seed")
        if state.seed is None:
            if not state.walls:
                raise _fail("walls", "no seed and no injected wall")
            tiles = self.table.tiles
            for i, wall in enumerate(state.walls):
                # every tile once: as many tiles as the set, each of the set, all of it
                if len(wall) != len(tiles) or set(wall) != tiles:
                    raise _fail(f"walls[{i}]", "a wall must hold every tile of the set once")
            if self.hand_index >= len(state.walls):
                raise _fail("hands_played", f"hand {self.hand_index + 1} has no injected wall")
        if self.hand_index < 0:
            raise _fail("hands_played", f"{state.hands_played} hands played in the "
                        f"{state.phase.value} phase")
        if len(state.history) != state.hands_played:
            raise _fail("history", f"{len(state.history)} finished hands, but hands_played "
                        f"is {state.hands_played}")
        if state.last_result != (state.history[-1] if state.history else None):
            raise _fail("last_result", "not the last hand of the history")
        for i, result in enumerate(state.history):
            self.hand_result(f"history[{i}]", result)
        top_wind = 4 if state.phase is Phase.GAME_OVER else 3
        if not 0 <= state.round_wind <= top_wind:
            raise _fail("round_wind", f"{state.round_wind} is not 0..{top_wind}")
        if not 0 <= state.hand_number < n:
            raise _fail("hand_number", f"{state.hand_number} is not 0..{n - 1}")
        if state.dealer != state.hand_number:
            raise _fail("dealer", f"dealer {state.dealer} is not the hand number "
                        f"{state.hand_number}'s seat")
        if state.honba < 0:
            raise _fail("honba", f"{state.honba} is negative")
        if state.deposits < 0 or (state.deposits and not self.table.riichi):
            raise _fail("deposits", f"{state.deposits} sticks on a "
                        f"{'riichi' if self.table.riichi else 'table without riichi'}")
        if not 0 <= state.turn < n:
            raise _fail("turn", f"seat {state.turn} is not 0..{n - 1}")
        if state.clock is None and state.phase_started is not None:
            raise _fail("phase_started", "a phase start without a clock")
        if (state.clock is not None and state.phase_started is not None
                and state.phase_started > state.clock):
            raise _fail("phase_started", "the phase starts after the latest time")
        if len(state.ready) != n:
            raise _fail("ready", f"{n} ready flags needed")

    def hand_result(self, path: str, result: HandResult) -> None:
        n = self.n
        if result.kind not in HAND_KINDS:
            raise _fail(f"{path}.kind", f"{result.kind!r} is not {sorted(HAND_KINDS)}")
        if len(result.deltas) != n:
            raise _fail(f"{path}.deltas", f"{n} point changes needed")
        if not (_ints(result.tenpai, 0, n) and _ints(result.nagashi, 0, n)):
            raise _fail(f"{path}.tenpai", "a seat out of range")
        if result.abort_reason is not None and result.abort_reason not in ABORTS:
            raise _fail(f"{path}.abort_reason", f"{result.abort_reason!r} is no abort")
        if result.chombo_seat is not None and (
                result.abort_reason != "chombo" or not _ints((result.chombo_seat,), 0, n)):
            raise _fail(f"{path}.chombo_seat", f"seat {result.chombo_seat!r} charged with "
                        f"a chombo in a {result.abort_reason!r} result")
        if (result.kind == "win") != bool(result.winners):
            raise _fail(f"{path}.winners", f"a {result.kind} with {len(result.winners)} "
                        "winners")
        for k, win in enumerate(result.winners):
            if not 0 <= win.seat < n or (win.from_seat is not None and (
                    not 0 <= win.from_seat < n or win.from_seat == win.seat)):
                raise _fail(f"{path}.winners[{k}]", "a winner or discarder out of range")

    # ------------------------------------------------------------------ tiles

    def places(self) -> Iterable[tuple[str, Sequence[int]]]:
        state = self.state
        for seat, player in enumerate(state.seats):
            yield f"seats[{seat}].hand", player.hand
            for k, meld in enumerate(player.melds):
                yield f"seats[{seat}].melds[{k}].tiles", meld.tiles
            yield f"seats[{seat}].river", [e.tile for e in player.river if not e.called]
            yield f"seats[{seat}].kita", player.kita
            yield f"seats[{seat}].flowers", player.flowers
        yield "live", state.live
        yield "rinshan", state.rinshan
        yield "dora_indicators", state.dora_indicators
        yield "ura_indicators", state.ura_indicators

    def tiles(self) -> None:
        tiles = self.table.tiles
        placed = [tile for _path, values in self.places() for tile in values]
        if len(placed) == len(tiles) and set(placed) == tiles:
            return  # every tile of the set once: the search below would find nothing
        seen: dict[int, str] = {}
        for path, values in self.places():
            for tile in values:
                if tile not in tiles:
                    raise _fail(path, f"tile {tile} is not in the {self.table.name} set")
                if tile in seen:
                    raise _fail(path, f"tile {tile} is also in {seen[tile]}")
                seen[tile] = path
        missing = sorted(tiles - set(seen))
        if missing:
            raise _fail("live", f"{len(missing)} tiles are nowhere (tile {missing[0]} first)")

    def wall(self) -> None:
        """Live wall, replacement tiles and indicators as dealt, less the draws made.

        A draw takes the first live tile; a replacement draw the first replacement tile,
        and the last live tile joins the back of the replacement queue.
        """
        state = self.state
        live, rinshan, dora, ura = self.table.hand_wall(state, self.hand_index)
        if state.dora_indicators != dora:
            raise _fail("dora_indicators", "not the indicators the hand's wall holds")
        if state.ura_indicators != ura:
            raise _fail("ura_indicators", "not the indicators the hand's wall holds")
        queue = (*rinshan, *reversed(live))
        if len(state.rinshan) != len(rinshan) or not state.rinshan:
            raise _fail("rinshan", f"{len(rinshan)} replacement tiles needed, "
                        f"got {len(state.rinshan)}")
        if state.rinshan[0] not in queue:
            raise _fail("rinshan", f"tile {state.rinshan[0]} was never a replacement tile")
        replaced = queue.index(state.rinshan[0])
        if state.rinshan != queue[replaced:replaced + len(rinshan)]:
            raise _fail("rinshan", "not the replacement tiles of the hand's wall in order")
        end = len(live) - replaced
        if end < len(state.live) or state.live != live[end - len(state.live):end]:
            raise _fail("live", "not the rest of the hand's live wall in order")

    # ------------------------------------------------------------------ seats

    def seat(self, seat: int, player: PlayerState) -> None:  # noqa: C901, PLR0912
        state, table, n = self.state, self.table, self.n
        path = f"seats[{seat}]"
        hand = player.hand
        if list(hand) != sorted(hand):
            raise _fail(f"{path}.hand", "not sorted")
        if any(t >= N_IDS for t in hand):
            raise _fail(f"{path}.hand", "a flower in a concealed hand (flowers are set aside)")
        if player.drawn is not None and (player.drawn not in hand or seat != state.turn):
            raise _fail(f"{path}.drawn", "a drawn tile not in the hand of the seat to act")
        for k, meld in enumerate(player.melds):
            self.meld(f"{path}.melds[{k}]", seat, meld)
        self.river(path, seat, player)
        if player.kita and (not table.kita or any(t >> 2 != NORTH for t in player.kita)):
            raise _fail(f"{path}.kita", "kita holds North tiles in sanma only")
        if any(t < N_IDS for t in player.flowers):
            raise _fail(f"{path}.flowers", "a tile that is no flower")
        if player.declared and (not table.declaration or player.melds):
            raise _fail(f"{path}.declared", "a ready-hand declaration with melds, or outside "
                        "Taiwanese")
        self.hand_size(path, seat, player)
        riichi_flags = (player.riichi, player.double_riichi, player.ippatsu,
                        player.riichi_furiten)
        if any(riichi_flags) and not table.riichi:
            raise _fail(f"{path}.riichi", "riichi flags on a table without riichi")
        if (player.double_riichi or player.ippatsu or player.riichi_furiten) and (
                not player.riichi):
            raise _fail(f"{path}.riichi", "double riichi, ippatsu or riichi furiten without "
                        "riichi")
        if player.riichi and any(m.kind.value != "ankan" for m in player.melds):
            raise _fail(f"{path}.riichi", "riichi with an open hand")
        if (player.called_this_turn or player.kuikae) and not (
                state.phase is Phase.SELF_ACTION and seat == state.turn
                and player.called_this_turn and player.drawn is None):
            raise _fail(f"{path}.called_this_turn", "a call this turn by a seat not to "
                        "discard after it")
        if not _ints(player.kuikae, 0, 34):
            raise _fail(f"{path}.kuikae", "a kind out of range")
        counters = {"timeouts": player.timeouts, "wins": player.wins,
                    "deal_ins": player.deal_ins, "riichi_count": player.riichi_count,
                    "calls": player.calls}
        for name, value in counters.items():
            if value < 0:
                raise _fail(f"{path}.{name}", f"{value} is negative")
        bank = player.time_bank_ms
        top = 1000 * state.options.time_bank_seconds
        if bank is not None and not 0 <= bank <= top:
            raise _fail(f"{path}.time_bank_ms", f"{bank} is not 0..{top}")
        del n

    def meld(self, path: str, seat: int, meld: MeldRecord) -> None:  # noqa: C901
        kind = meld.kind.value
        kinds = sorted(t >> 2 for t in meld.tiles)
        size = 3 if kind in ("chi", "pon") else 4
        if len(meld.tiles) != size or any(t >= N_IDS for t in meld.tiles):
            raise _fail(f"{path}.tiles", f"a {kind} of {len(meld.tiles)} tiles")
        if kind == "chi":
            low = kinds[0]
            if kinds != [low, low + 1, low + 2] or low >= 27 or low % 9 > 6:
                raise _fail(f"{path}.tiles", "a chi that is no run of one suit")
            if not self.table.chi or meld.from_seat != (seat - 1) % self.n:
                raise _fail(f"{path}.from_seat", "a chi not from the seat on the left")
        elif len(set(kinds)) != 1:
            raise _fail(f"{path}.tiles", f"a {kind} of different kinds")
        if kind == "ankan":
            if meld.called is not None or meld.from_seat is not None or meld.added is not None:
                raise _fail(path, "a closed kan calls no tile")
            return
        if meld.called not in meld.tiles or meld.from_seat is None or not (
                0 <= meld.from_seat < self.n) or meld.from_seat == seat:
            raise _fail(f"{path}.called", "a called tile not in the meld, or from no other seat")
        discarder = self.state.seats[meld.from_seat]
        if not any(e.tile == meld.called and e.called for e in discarder.river):
            raise _fail(f"{path}.called", f"tile {meld.called} is not a called discard of "
                        f"seat {meld.from_seat}")
        if (kind == "kakan") != (meld.added is not None) or (
                meld.added is not None and (meld.added not in meld.tiles
                                            or meld.added == meld.called)):
            raise _fail(f"{path}.added", "an added tile only in an added kan, and in it")

    def river(self, path: str, seat: int, player: PlayerState) -> None:
        declared = sum(1 for e in player.river if e.riichi)
        if declared != int(player.riichi):
            raise _fail(f"{path}.river", f"{declared} riichi discards for "
                        f"{'a riichi' if player.riichi else 'no riichi'}")
        for k, entry in enumerate(player.river):
            if entry.tile >= N_IDS:
                raise _fail(f"{path}.river[{k}]", "a flower discarded")
            if entry.called and not any(
                    m.called == entry.tile and m.from_seat == seat
                    for s, p in enumerate(self.state.seats) if s != seat for m in p.melds):
                raise _fail(f"{path}.river[{k}].called", "a called discard in nobody's meld")

    def hand_size(self, path: str, seat: int, player: PlayerState) -> None:
        state = self.state
        size = len(player.hand) + 3 * len(player.melds)
        waiting = self.table.waiting
        if not self.playing:
            if size not in (waiting, waiting + 1):
                raise _fail(f"{path}.hand", f"{size} tiles (3 a meld) after a hand")
            return
        claim = state.claim
        acting = (state.phase is Phase.SELF_ACTION and seat == state.turn) or (
            claim is not None and claim.source in OPENING_WINDOWS and seat == state.dealer)
        expected = waiting + 1 if acting else waiting
        if size != expected:
            raise _fail(f"{path}.hand", f"{size} tiles (3 a meld), {expected} expected")

    # ------------------------------------------------------------------ kans, dora

    def kans_and_dora(self) -> None:
        state, table = self.state, self.table
        owners = Counter(s for s, p in enumerate(state.seats) for m in p.melds
                         if m.kind.value in KANS)
        kans = sum(owners.values())
        if state.kan_count != kans or Counter(state.kan_seats) != owners:
            raise _fail("kan_count", f"{state.kan_count} kans by {list(state.kan_seats)}, "
                        f"the melds hold {kans}")
        if table.max_kans is not None and kans > table.max_kans:
            raise _fail("kan_count", f"{kans} kans, at most {table.max_kans}")
        if table.riichi:
            if not 1 <= state.revealed <= 5 or state.pending_kan_dora < 0 or (
                    state.revealed - 1 + state.pending_kan_dora > kans):
                raise _fail("revealed", f"{state.revealed} indicators turned and "
                            f"{state.pending_kan_dora} pending after {kans} kans")
        elif state.revealed or state.pending_kan_dora:
            raise _fail("revealed", "dora indicators on a table without them")
        n = self.n
        if len(state.liability) != n or len(state.liability_yaku) != n:
            raise _fail("liability", f"{n} entries needed")
        for seat, (liable, yaku) in enumerate(zip(state.liability, state.liability_yaku,
                                                  strict=True)):
            if yaku not in LIABLE_YAKU or (liable == -1) != (yaku == "") or not (
                    liable == -1 or (0 <= liable < n and liable != seat)) or (
                    liable != -1 and not table.riichi):
                raise _fail(f"liability[{seat}]", f"seat {liable} liable for {yaku!r}")

    def first_go_around(self) -> None:
        state = self.state
        if len(state.first_discards) > self.n or not _ints(state.first_discards, 0, 34):
            raise _fail("first_discards", "more first discards than seats, or a bad kind")
        if not self.table.riichi:
            if state.first_discards:
                raise _fail("first_discards", "first discards on a table without aborts")
            return
        if not state.first_go_around:
            return
        if any(p.melds for p in state.seats) or any(len(p.river) > 1 for p in state.seats):
            raise _fail("first_go_around", "a call or a second discard in the first go-around")
        order = [(state.dealer + i) % self.n for i in range(self.n)]
        firsts = tuple(state.seats[s].river[0].tile >> 2 for s in order
                       if state.seats[s].river)
        if state.first_discards != firsts:
            raise _fail("first_discards", "not the kinds of the first discards in turn order")

    # ------------------------------------------------------------------ phase

    def phase(self) -> None:  # noqa: C901 - one test per phase
        state = self.state
        phase = state.phase
        if phase is not Phase.GAME_OVER and state.end_reason is not None:
            raise _fail("end_reason", f"an end reason in the {phase.value} phase")
        if phase is not Phase.CLAIMS and state.claim is not None:
            raise _fail("claim", f"a claim window in the {phase.value} phase")
        if phase is not Phase.HAND_OVER and any(state.ready):
            raise _fail("ready", f"ready flags in the {phase.value} phase")
        if phase is Phase.SELF_ACTION:
            player = state.seats[state.turn]
            if player.drawn is None and not player.called_this_turn:
                raise _fail(f"seats[{state.turn}].drawn", "the seat to act has neither drawn "
                            "nor called")
            if not self.table.can_discard(state, state.turn):
                raise _fail(f"seats[{state.turn}]", "the seat to act has no legal discard")
        elif phase is Phase.CLAIMS:
            if state.claim is None:
                raise _fail("claim", "the claims phase without a claim window")
            self.window(state.claim)
        elif phase is Phase.HAND_OVER:
            if state.last_result is None or all(state.ready):
                raise _fail("ready", "a hand over without a result, or with every seat ready")
        elif state.end_reason not in self.table.end_reasons or not state.history:
            raise _fail("end_reason", f"{state.end_reason!r} after {len(state.history)} hands "
                        f"is no end of a {self.table.name} game")

    def window(self, claim: ClaimWindow) -> None:  # noqa: C901, PLR0912
        state, n = self.state, self.n
        if claim.source not in self.table.sources:
            raise _fail("claim.source", f"{claim.source!r} is no window of {self.table.name}")
        if claim.from_seat != state.turn:
            raise _fail("claim.from_seat", "the window's seat is not the seat at turn")
        if len(claim.options) != n or len(claim.responses) != n:
            raise _fail("claim.options", f"{n} entries needed")
        if claim.options[claim.from_seat]:
            raise _fail("claim.options", "the window's own seat may claim")
        owner = state.seats[claim.from_seat]
        source = claim.source
        if source == "discard":
            ok = bool(owner.river) and owner.river[-1].tile == claim.tile and not (
                owner.river[-1].called) and owner.river[-1].riichi == claim.riichi_pending
        elif source == "kakan":
            ok = any(m.added == claim.tile for m in owner.melds)
        elif source == "ankan":
            ok = any(m.kind.value == "ankan" and claim.tile in m.tiles for m in owner.melds)
        elif source == "kita":
            ok = bool(owner.kita) and owner.kita[-1] == claim.tile
        elif source == "declaration":
            ok = claim.tile == -1 and claim.from_seat == state.dealer
        elif source == "flower":
            ok = bool(owner.flowers) and owner.flowers[-1] == claim.tile
        else:
            ok = claim.tile in owner.flowers
        if not ok or (claim.riichi_pending and source != "discard"):
            raise _fail("claim.tile", f"tile {claim.tile} is not what seat {claim.from_seat}'s "
                        f"{source} shows")
        fresh = self.table.claim_options(state)
        for seat, (options, response) in enumerate(zip(claim.options, claim.responses,
                                                       strict=True)):
            if not set(options) <= CLAIM_NAMES or not set(options) <= set(fresh[seat]):
                raise _fail(f"claim.options[{seat}]", f"{list(options)}: the seat's hand "
                            f"allows {list(fresh[seat])}")
            if response is None:
                continue
            if not options or (response.kind != "pass" and response.kind not in options):
                raise _fail(f"claim.responses[{seat}]", f"an answer {response.kind!r} to "
                            f"options {list(options)}")
            hand = state.seats[seat].hand
            if response.kind in ("pon", "chi") and (
                    len(response.tiles) != 2 or not set(response.tiles) <= set(hand)):
                raise _fail(f"claim.responses[{seat}].tiles", "not two tiles of the hand")
        if not any(o and r is None for o, r in zip(claim.options, claim.responses,
                                                   strict=True)):
            raise _fail("claim.responses", "a window with no seat left to answer")

    # ------------------------------------------------------------------ points

    def points(self) -> None:
        state, table = self.state, self.table
        if table.riichi and self.playing:
            riichi = sum(1 for p in state.seats if p.riichi)
            pending = 1 if state.claim is not None and state.claim.riichi_pending else 0
            if state.deposits < riichi - pending:
                raise _fail("deposits", f"{state.deposits} sticks on the table for "
                            f"{riichi - pending} riichi declarations")
        total = sum(p.points for p in state.seats) + 1000 * state.deposits
        expected = self.n * state.options.start_points
        if total != expected:
            raise _fail("seats", f"points and deposits add up to {total}, the table holds "
                        f"{expected} ({self.n} x {state.options.start_points})")
