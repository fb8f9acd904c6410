"""Replay real game logs through the public reducer and compare every hand with the log.

A log game (:class:`~mahjong_rules.notation.tenhou.TenhouGame`, read from mjlog XML,
tenhou.net/6 JSON or mjai) is turned into this library's actions hand by hand:

1. **The wall.** Each hand's wall is built in the reducer's injected-wall layout
   (``docs/reducer.md``): the deal, every draw, replacement draw, dora and ura indicator
   the log shows goes where the reducer will take it from; the other tiles fill the
   rest. With a SHUFFLE seed the whole wall is rebuilt from the seed first
   (``log-formats.md`` section 7), so the undrawn tiles are the real ones too, and the
   seed's deal and live draws are checked against the log.
2. **The actions.** Discards (riichi with the declaring discard), calls with the log's
   tiles, kans, kita, tsumo, ron, nine terminals; every seat that could have claimed a
   discard and did not in the log passes (``Ruleset.apply_passes``: the state of one
   ``Pass`` after another, in one step). Draws are the reducer's own; each one is
   checked against the log's draw. Every other action goes through ``validate`` and
   ``apply``: an action the reducer refuses is reported (with its reason code), never
   forced.
3. **The comparison.** At the end of every hand: how it ended, who won from whom, han,
   fu, points, yakuman, yaku, dora and ura indicators, every seat's score change, the
   tenpai seats; at the start of the next hand its round, honba, deposits and scores; at
   the end of the game the final scores.

The rules are the ``tenhou`` preset (4-player or sanma) with the log's game length, red
fives and open tanyao, or the ``mahjong_soul`` preset for Mahjong Soul games.

Examples:
    >>> from mahjong_rules.notation.tenhou import parse_mjlog
    >>> report = replay_game(parse_mjlog(_EXAMPLE), name="example")
    >>> report.line()  # the one-hand log says the game ended after an abortive draw
    'example: 1 hands, 0 matched, 1 mismatched'
    >>> report.hands[0].mismatches[0].to_dict()
    {'field': 'game_end', 'expected': 'the game ends', 'got': 'goes on (hand_over)'}

.. versionadded:: 0.2
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

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
    Ready,
    Ron,
    Tsumo,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import LogFormatError, MahjongRulesError, NotALogError
from mahjong_rules.fast import FastPaths
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouReach,
    TenhouRyuukyoku,
    rebuild_wall,
)
from mahjong_rules.options import GameLength, RiichiOptions, SanmaOptions
from mahjong_rules.registry import make
from mahjong_rules.state import HandResult, HandStart, Phase, State
from mahjong_rules.walls import WallLayout

__all__ = [
    "TENHOU_YAKU",
    "FileReport",
    "HandReport",
    "Mismatch",
    "ReplayReport",
    "Step",
    "game_steps",
    "game_walls",
    "log_steps",
    "replay_game",
    "replay_paths",
    "rules_for",
]

TENHOU_YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind",
    12: "seat_wind", 13: "seat_wind", 14: "round_wind", 15: "round_wind", 16: "round_wind",
    17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou",
    37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren",
    47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
}
"""Tenhou's yaku ids (``log-formats.md`` 4.3) to this library's yaku ids; 52-54 (dora,
ura, red) are counted as han, not compared as yaku."""

_DORA_IDS = (52, 53, 54)
_ABORTS = {"yao9": "nine_terminals", "reach4": "four_riichi", "kaze4": "four_winds",
           "kan4": "four_kans", "ron3": "triple_ron"}
_WINDS = "ESWN"
_OPEN_CALLS = ("chi", "pon", "daiminkan")


# ------------------------------------------------------------------------- reports


@attrs.frozen(kw_only=True)
class Mismatch:
    """One difference between the log and the replay.

    .. versionadded:: 0.2
    """

    field: str
    """What differs: ``result``, ``winners``, ``han``, ``fu``, ``points``, ``yakuman``,
    ``yaku``, ``deltas``, ``tenpai``, ``dora``, ``ura``, ``draw``, ``next_hand``,
    ``game_end``, ``final_scores``, ``wall``."""
    expected: Any
    """The log's value."""
    got: Any
    """The replay's value."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {"field": self.field, "expected": self.expected, "got": self.got}


@attrs.frozen(kw_only=True)
class HandReport:
    """The outcome of one replayed hand.

    .. versionadded:: 0.2
    """

    index: int
    """Position of the hand in the log (0-based)."""
    label: str
    """Round, hand and honba, e.g. ``E1-0``, ``S3-2``."""
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None
    """Why the hand could not be replayed (an action the reducer refused, a log the
    replayer cannot follow); ``None`` when it was replayed to its end."""
    reason: str | None = None
    """The reason code of the refusal, when the reducer refused an action."""
    inconsistent: str | None = None
    """Why the log's own result breaks its score chain (then it is no oracle: the hand
    is replayed but not counted)."""

    @property
    def status(self) -> str:
        """``matched``, ``mismatched``, ``error`` or ``inconsistent``."""
        if self.inconsistent is not None:
            return "inconsistent"
        if self.error is not None:
            return "error"
        return "mismatched" if self.mismatches else "matched"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        out: dict[str, Any] = {"hand": self.index, "label": self.label, "status": self.status}
        if self.mismatches:
            out["mismatches"] = [m.to_dict() for m in self.mismatches]
        if self.error is not None:
            out["error"] = self.error
            out["reason"] = self.reason
        if self.inconsistent is not None:
            out["inconsistent"] = self.inconsistent
        return out


@attrs.frozen(kw_only=True)
class FileReport:
    """The replay of one file.

    .. versionadded:: 0.2
    """

    path: str
    format: str | None = None
    """``mjlog``, ``tenhou6`` or ``mjai``; ``None`` for a skipped file."""
    variant: str | None = None
    """``riichi`` or ``sanma``."""
    preset: str | None = None
    """``tenhou`` or ``mahjong_soul``."""
    hands: tuple[HandReport, ...] = ()
    skipped: str | None = None
    """Why the file is not a log (it is then not counted)."""
    error: str | None = None
    """Why a log could not be read or replayed (it then has no hands; the report lists it
    as unreadable)."""

    def count(self, status: str) -> int:
        """Hands with ``status`` (a file that could not be read has none)."""
        return sum(1 for hand in self.hands if hand.status == status)

    @property
    def ok(self) -> bool:
        """Nothing mismatched or failed."""
        return self.error is None and all(
            h.status in ("matched", "inconsistent") for h in self.hands)

    def line(self) -> str:
        """One line of text for the ``replay`` command."""
        if self.skipped is not None:
            return f"{self.path}: skipped ({self.skipped})"
        if self.error is not None:
            return f"{self.path}: error: {self.error}"
        counted = len(self.hands) - self.count("inconsistent")
        parts = [f"{counted} hands", f"{self.count('matched')} matched"]
        parts.extend(f"{self.count(status)} {status}" for status in ("mismatched", "error")
                     if self.count(status))
        if self.count("inconsistent"):
            parts.append(f"{self.count('inconsistent')} not counted (the log's own result "
                         "breaks its score chain)")
        return f"{self.path}: " + ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (only the hands that did not match are listed)."""
        return {
            "path": self.path, "format": self.format, "variant": self.variant,
            "preset": self.preset, "skipped": self.skipped, "error": self.error,
            "hands": len(self.hands) - self.count("inconsistent"),
            "matched": self.count("matched"),
            "mismatched": self.count("mismatched"), "errors": self.count("error"),
            "inconsistent": self.count("inconsistent"),
            "problems": [h.to_dict() for h in self.hands if h.status != "matched"],
        }


@attrs.frozen(kw_only=True)
class ReplayReport:
    """The replay of many files.

    .. versionadded:: 0.2
    """

    files: tuple[FileReport, ...]

    @property
    def hands(self) -> int:
        """Hands replayed (a file that could not be read has none)."""
        return sum(self.count(s) for s in ("matched", "mismatched", "error"))

    @property
    def unreadable(self) -> tuple[str, ...]:
        """The files that could not be read or replayed (each with its ``error``).

        .. versionadded:: 0.2
        """
        return tuple(f.path for f in self.files if f.error is not None)

    def count(self, status: str) -> int:
        """Hands with ``status`` over every file."""
        return sum(f.count(status) for f in self.files)

    @property
    def ok(self) -> bool:
        """Nothing mismatched or failed."""
        return all(f.ok for f in self.files)

    def summary(self) -> str:
        """``replayed N hands: N matched, M mismatched, E errors`` (and unreadable files)."""
        unreadable = len(self.unreadable)
        files = f"; {unreadable} file{'s' * (unreadable != 1)} unreadable" if unreadable else ""
        return (f"replayed {self.hands} hands: {self.count('matched')} matched, "
                f"{self.count('mismatched')} mismatched, "
                f"{self.count('error')} errors{files}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: the counts, every file, every hand that did not match."""
        return {
            "hands": self.hands, "matched": self.count("matched"),
            "mismatched": self.count("mismatched"),
            "errors": self.count("error"),
            "inconsistent": self.count("inconsistent"),
            "skipped": [f.path for f in self.files if f.skipped is not None],
            "unreadable": list(self.unreadable),
            "files": [f.to_dict() for f in self.files if f.skipped is None],
        }


# --------------------------------------------------------------------------- rules


def is_mahjong_soul(game: TenhouGame) -> bool:
    """The game was played on Mahjong Soul (the reader tells from the rule name)."""
    return getattr(game.rules, "platform", "tenhou") == "mahjong_soul"


def _old_layout(game: TenhouGame) -> bool:
    """A log from before the SHUFFLE tag (about 2010): each INIT has its own shuffle."""
    return game.shuffle_seed is None and any(h.init.shuffle for h in game.hands)


def rules_for(game: TenhouGame) -> tuple[Ruleset, str]:
    """The ruleset and preset name a log game is replayed with.

    The ``tenhou`` preset (``mahjong_soul`` for a Mahjong Soul game) with the log's game
    length, red fives and open tanyao.

    Raises:
        LogFormatError: a lobby with non-standard scoring (``log-formats.md`` section 3).
    """
    rules_flags = game.rules
    if not rules_flags.standard:
        raise LogFormatError(f"lobby type {rules_flags.type:#x} scores differently; not "
                             "supported", name=game.name)
    variant = "sanma" if game.sanma else "riichi"
    preset = "mahjong_soul" if is_mahjong_soul(game) else "tenhou"
    base = (SanmaOptions if game.sanma else RiichiOptions).preset(preset)
    options = attrs.evolve(
        base, length=GameLength.HANCHAN if rules_flags.hanchan else GameLength.TONPUU,
        red_fives=base.red_fives if rules_flags.red_fives else 0,
        kuitan=rules_flags.kuitan,
        # Tenhou added tenpai-yame after the old log layout (per-hand shuffle, 2009)
        tenpai_yame=base.tenpai_yame and not _old_layout(game),
        start_points=_start_points(game, base.start_points))
    return make(variant, options), preset


def _start_points(game: TenhouGame, preset: int) -> int:
    """The start points of the log's table: its first hand's points and sticks shared out.

    A whole game starts at the preset's points; an excerpt that starts mid-game from
    another table (30,000 each) keeps that table's total, as every hand of a log does.
    """
    init = game.hands[0].init
    seats = game.seats
    total = 100 * sum(init.ten[:seats]) + 1000 * init.riichi_sticks
    share = total // seats
    if total % (100 * seats) or not 100 <= share <= 1_000_000:
        return preset  # no table of the options: the start is refused, hand by hand
    return share


# ---------------------------------------------------------------------------- walls


def _label(hand: TenhouHand) -> str:
    init = hand.init
    wind = _WINDS[init.round // 4] if init.round // 4 < 4 else "?"
    return f"{wind}{init.round % 4 + 1}-{init.honba}"


def _draw_sequence(hand: TenhouHand) -> list[tuple[int, bool]]:
    """Every draw of the hand: (tile, is a replacement draw)."""
    pending: set[int] = set()
    draws: list[tuple[int, bool]] = []
    for event in hand.events:
        if isinstance(event, TenhouCall) and event.meld.kind in (
                "daiminkan", "ankan", "kakan", "kita"):
            pending.add(event.who)
        elif isinstance(event, TenhouDraw):
            draws.append((event.tile, event.seat in pending))
            pending.discard(event.seat)
    return draws


def _indicators(hand: TenhouHand) -> tuple[list[int], list[int]]:
    """The dora and ura indicators the log shows, in order."""
    dora = [hand.init.dora_indicator]
    dora.extend(e.tile for e in hand.events if isinstance(e, TenhouDora))
    ura: list[int] = []
    for result in hand.results:
        if isinstance(result, TenhouAgari):
            if len(result.dora_hai) > len(dora):
                dora = list(result.dora_hai)
            if len(result.ura_hai) > len(ura):
                ura = list(result.ura_hai)
    return dora, ura


_TENHOU_DEAD_WALL = {
    4: (1, 0, 3, 2, 5, 7, 9, 11, 13, 4, 6, 8, 10, 12),
    3: (1, 0, 3, 2, 9, 11, 13, 5, 7, 8, 10, 12, 4, 6),
}
"""Tenhou's wall indices of the dead wall's places, in the order of our dead wall
(replacement tiles, dora indicators, ura indicators), by seat count."""


def _seed_layout(size: int, layout: WallLayout) -> list[int]:
    """For each place of the reducer's wall layout, the index of Tenhou's wall it comes from."""
    return list(_layout(size, layout))


@functools.cache
def _layout(size: int, layout: WallLayout) -> tuple[int, ...]:
    """:func:`_seed_layout`, built once per wall size and layout.

    Tenhou deals from the top of its wall, four tiles at a time to each seat from the
    dealer for three rounds and then one each; the live wall follows downwards and the
    bottom 14 tiles are the dead wall. The places they go to are the layout's.
    """
    seats = layout.seats
    tail = _TENHOU_DEAD_WALL[seats]
    if layout.dead_wall != len(tail) or layout.hand_size != 13:  # pragma: no cover
        raise ValueError(f"no Tenhou wall for {layout}")
    places: list[int] = [-1] * size
    top = size - 1
    for seat in range(seats):
        tenhou = [top - (r * seats + seat) * 4 - k for r in range(3) for k in range(4)]
        tenhou.append(top - 12 * seats - seat)
        for place, index in zip(layout.deal_places(seat), tenhou, strict=True):
            places[place] = index
    live_end = size - layout.dead_wall
    for i, place in enumerate(range(layout.dealt, live_end)):
        places[place] = top - layout.dealt - i
    places[live_end:] = tail
    return tuple(places)


def _place_draws(hand: TenhouHand, wall: list[int | None], layout: WallLayout) -> list[int]:
    """Put every draw where the reducer takes it from; the live-wall places drawn.

    A draw takes the next live tile; a replacement draw the first tile of the
    replacement queue, and the last live tile joins the back of the queue (docs/reducer.md).
    """
    front, back = layout.dealt, len(wall) - layout.dead_wall - 1
    queue = list(layout.dead_places(len(wall))[0])
    live_slots: list[int] = []
    for tile, replacement in _draw_sequence(hand):
        if front > back:
            raise LogFormatError("more draws than the wall holds", hand=hand.index,
                                 element="wall")
        if replacement:
            slot = queue.pop(0)
            queue.append(back)
            back -= 1
        else:
            slot = front
            live_slots.append(slot)
            front += 1
        wall[slot] = tile
    return live_slots


def build_wall(hand: TenhouHand, tile_ids: Sequence[int], layout: WallLayout,
               seed_wall: Sequence[int] | None = None) -> tuple[list[int], list[Mismatch]]:
    """The hand's wall in the reducer's layout, and any disagreement with the seed's wall.

    ``layout`` is the ruleset's (``Ruleset.wall_layout()``).

    Raises:
        LogFormatError: the log shows a tile twice or a tile outside the set.
    """
    size = len(tile_ids)
    seats = layout.seats
    wall: list[int | None] = [None] * size
    dealer = hand.init.oya
    deals = [layout.deal_places(i) for i in range(seats)]
    for i, places in enumerate(deals):
        for place, tile in zip(places, sorted(hand.init.hai[(dealer + i) % seats]),
                               strict=True):
            wall[place] = tile
    live_slots = _place_draws(hand, wall, layout)
    _replacement, dora_places, ura_places = layout.dead_places(size)
    for indicators, part in zip(_indicators(hand), (dora_places, ura_places), strict=True):
        for place, tile in zip(part, indicators, strict=False):
            wall[place] = tile
    shown = [t for t in wall if t is not None]
    allowed = set(tile_ids)
    if len(set(shown)) != len(shown) or not set(shown) <= allowed:
        raise LogFormatError("the log shows a tile twice (more copies than the set holds) "
                             "or a tile outside the set", hand=hand.index, element="wall")
    problems: list[Mismatch] = []
    used = set(shown)
    if seed_wall is not None:
        source = _layout(size, layout)
        wrong = [s for s in live_slots if seed_wall[source[s]] != wall[s]]
        wrong.extend(i for i, places in enumerate(deals) if sorted(
            seed_wall[source[s]] for s in places) != [wall[s] for s in places])
        if wrong:
            problems.append(Mismatch(field="wall", expected=f"the seed's tile in {len(wrong)} "
                                     "dealt or drawn slots", got="other tiles in the log"))
        for slot, known in enumerate(wall):
            if known is None and seed_wall[source[slot]] not in used:
                wall[slot] = seed_wall[source[slot]]
                used.add(seed_wall[source[slot]])
    rest = iter(t for t in tile_ids if t not in used)
    full = [t if t is not None else next(rest) for t in wall]
    return full, problems


# --------------------------------------------------------------------------- replay


class _RefusedError(Exception):
    """The reducer refused a log action (a finding), or the log cannot be followed."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


def _start_of(hand: TenhouHand, seats: int) -> HandStart:
    init = hand.init
    return HandStart(round_wind=init.round // 4, hand_number=init.round % 4,
                     honba=init.honba, deposits=init.riichi_sticks,
                     points=tuple(100 * p for p in init.ten[:seats]))


def _table(state: State) -> dict[str, Any]:
    return {"round": 4 * state.round_wind + state.hand_number, "dealer": state.dealer,
            "honba": state.honba, "deposits": state.deposits,
            "points": [p.points for p in state.seats]}


def _expected_table(hand: TenhouHand, seats: int) -> dict[str, Any]:
    init = hand.init
    return {"round": init.round, "dealer": init.oya, "honba": init.honba,
            "deposits": init.riichi_sticks, "points": [100 * p for p in init.ten[:seats]]}


class _HandReplay:
    """Drives one hand of a log through the reducer."""

    def __init__(self, rules: Ruleset, state: State, hand: TenhouHand,
                 on_step: Callable[[State, Action, State], None] | None = None) -> None:
        self.rules = rules
        self.state = state
        self.hand = hand
        self.on_step = on_step
        """Told of every action (state before, action, state after): a step-through."""
        self.events = [e for e in hand.events if isinstance(
            e, TenhouDraw | TenhouDiscard | TenhouCall | TenhouReach | TenhouDora)]
        self.mismatches: list[Mismatch] = []
        self.consumed: set[int] = set()
        """Indexes of the call events already answered in a claim window."""

    def act(self, action: Action) -> None:
        rejection = self.rules.validate(self.state, action)
        if rejection is not None:
            raise _RefusedError(f"the reducer refused {action.type} by seat {action.seat} "
                           f"({rejection.reason.value}: {rejection.message})",
                           rejection.reason.value)
        before = self.state
        self.state = self.rules.apply_unchecked(before, action)  # validated above
        if self.on_step is not None:
            self.on_step(before, action, self.state)

    def run(self) -> State:
        riichi: set[int] = set()
        index = 0
        events = self.events
        consumed = self.consumed  # the call events answered in a window (claims adds)
        end = len(events)
        while index < end:
            event = events[index]
            index += 1
            if index - 1 in consumed:
                continue
            if isinstance(event, TenhouDiscard):  # the commonest two first
                self.act(_discard(event.seat, event.tile, event.seat in riichi))
                riichi.discard(event.seat)
                if self.state.phase is Phase.CLAIMS:
                    index = self.window(index, event.seat)
            elif isinstance(event, TenhouDraw):
                self.check_draw(event)
            elif isinstance(event, TenhouReach):
                if event.step == 1:
                    riichi.add(event.who)
            elif isinstance(event, TenhouCall):
                self.own_call(event)
                index = self.window(index, event.who)
        self.finish()
        return self.state

    def own_call(self, event: TenhouCall) -> None:
        """A closed kan, added kan or kita (calls on a discard answer its window)."""
        meld = event.meld
        if meld.kind in _OPEN_CALLS:
            raise _RefusedError(f"seat {event.who}'s {meld.kind} was not offered by the "
                                "reducer", "call_not_available")
        if meld.kind == "ankan":
            self.act(Ankan(seat=event.who, kind=meld.tiles[0] >> 2))
        elif meld.kind == "kakan":
            assert meld.added is not None
            self.act(Kakan(seat=event.who, tile=meld.added))
        else:
            self.act(Kita(seat=event.who))

    def check_draw(self, event: TenhouDraw) -> None:
        state = self.state
        got = state.seats[event.seat].drawn if state.phase is Phase.SELF_ACTION and (
            state.turn == event.seat) else None
        if got != event.tile:
            raise _RefusedError(f"seat {event.seat} draws {event.tile} in the log, the reducer "
                           f"gave {got} (phase {state.phase.value}, turn {state.turn})")

    def window(self, index: int, source_seat: int) -> int:
        """Answer an open claim window the way the log did; the next event index.

        The seat that called or won in the log answers first; every other seat that may
        still answer passes.
        """
        if not self.window_open():
            return index
        for action in self.claims(index, source_seat):
            self.act(action)
        if self.on_step is not None:  # a step-through sees each pass (lowest seat first)
            while self.window_open():
                self.act(Pass(seat=min(self.rules.to_act(self.state))))
            return index
        while self.window_open():  # each seat still waited for passes (always legal)
            self.state = self.rules.apply_passes(self.state)
        return index

    def window_open(self) -> bool:
        """A claim window waits for answers."""
        return self.state.phase is Phase.CLAIMS

    def claims(self, index: int, source_seat: int) -> list[Action]:
        """What the log claims on the tile of ``source_seat``: a call, rons, or nothing."""
        ahead = index  # the deposit (REACH step 2) and DORA tags come before a call
        while ahead < len(self.events) and isinstance(self.events[ahead],
                                                      TenhouReach | TenhouDora):
            ahead += 1
        following = self.events[ahead] if ahead < len(self.events) else None
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
        first = self.hand.results[0]
        state = self.state
        if isinstance(first, TenhouAgari) and first.is_tsumo:
            self.act(Tsumo(seat=first.who))
        elif isinstance(first, TenhouRyuukyoku) and first.type == "yao9":
            self.act(NineTerminals(seat=state.turn))
        if self.state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            raise _RefusedError(f"the log's hand ended ({_kind_of(first)}), the reducer waits in "
                           f"{self.state.phase.value} for seat(s) "
                           f"{sorted(self.rules.to_act(self.state))}")


@functools.cache
def _discard(seat: int, tile: int, riichi: bool) -> Discard:
    """A discard action (immutable: one shared value per seat, tile and riichi flag)."""
    return Discard(seat=seat, tile=tile, riichi=riichi)


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


def _kind_of(result: TenhouAgari | TenhouRyuukyoku) -> str:
    if isinstance(result, TenhouAgari):
        return "win"
    if result.type is None or result.type == "nm":
        return "exhaustive"
    return f"abortive/{_ABORTS.get(result.type, result.type)}"


def _our_kind(result: HandResult) -> str:
    if result.kind == "abortive":
        return f"abortive/{result.abort_reason}"
    return result.kind


def score_chain_problem(hand: TenhouHand, seats: int) -> str | None:
    """Why the log's own result of ``hand`` breaks its score chain, or ``None``.

    A result moves points between seats and hands out the riichi sticks
    (``log-formats.md`` 4.7): a winner's score goes up, the changes of a win add up to
    the sticks it takes (the ones on the table and those declared in the hand), a
    draw's to zero.
    """
    for result in hand.results:
        if isinstance(result, TenhouAgari) and result.deltas[result.who] <= 0:
            return f"seat {result.who} wins, but its score does not go up"
    declared = sum(1 for e in hand.events if isinstance(e, TenhouReach) and e.step == 2)
    total = sum(sum(r.deltas[:seats]) for r in hand.results)
    first = hand.results[0]
    if isinstance(first, TenhouAgari):
        sticks = hand.init.riichi_sticks + declared
        if total != 10 * sticks:
            return (f"the changes add up to {100 * total}, but the winner takes "
                    f"{1000 * sticks} in riichi sticks")
    elif total:
        return f"the changes of a draw add up to {100 * total}, not 0"
    return None


def compare_hand(rules: Ruleset, state: State, hand: TenhouHand) -> list[Mismatch]:
    """Differences between the log's result of ``hand`` and the reducer's ``state``.

    ``state`` is the state right after the hand ended (phase ``hand_over`` or
    ``game_over``).
    """
    result = state.last_result
    assert result is not None
    n = rules.num_seats
    out: list[Mismatch] = []

    def differ(name: str, expected: Any, got: Any) -> None:  # noqa: ANN401
        if expected != got:
            out.append(Mismatch(field=name, expected=expected, got=got))

    logged = hand.results
    differ("result", _kind_of(logged[0]), _our_kind(result))
    deltas = [0] * n
    for entry in logged:
        for seat in range(n):
            deltas[seat] += 100 * entry.deltas[seat]
    differ("deltas", deltas, list(result.deltas))
    agari = [r for r in logged if isinstance(r, TenhouAgari)]
    if agari:
        differ("winners", [[a.who, a.from_who] for a in agari],
               [[w.seat, w.seat if w.from_seat is None else w.from_seat]
                for w in result.winners])
        for k, (log_win, win) in enumerate(zip(agari, result.winners, strict=False)):
            out.extend(_compare_win(rules, state, log_win, win, first=k == 0))
    elif isinstance(logged[0], TenhouRyuukyoku) and _kind_of(logged[0]) == "exhaustive" and (
            getattr(logged[0], "hai_known", True)):
        shown = [s for s in range(n) if logged[0].hai[s] is not None]
        differ("tenpai", shown, list(result.tenpai))
    return out


def _compare_win(rules: Ruleset, state: State, log_win: TenhouAgari,
                 win: Any, *, first: bool) -> list[Mismatch]:  # noqa: ANN401
    out: list[Mismatch] = []
    prefix = f"seat {log_win.who} "

    def differ(name: str, expected: Any, got: Any) -> None:  # noqa: ANN401
        if expected != got:
            out.append(Mismatch(field=name, expected=prefix + str(expected),
                                got=prefix + str(got)))

    yaku = sorted((TENHOU_YAKU.get(y, str(y)), h) for y, h in log_win.yaku
                  if y not in _DORA_IDS)
    # what the log states: no yaku list (libriichi's mjai) is unknown, as is a missing fu
    if log_win.yakuman and log_win.yaku_known:
        differ("yakuman", sorted(TENHOU_YAKU.get(y, str(y)) for y in log_win.yakuman),
               sorted(y for y, _ in win.yaku))
    elif log_win.yaku_known:
        differ("yaku", yaku, sorted(win.yaku))
        differ("han", sum(h for _, h in log_win.yaku), win.han)
    if log_win.fu is not None and not log_win.yakuman:  # no fu for a limit hand in JSON
        differ("fu", log_win.fu, win.fu)
    honba, sticks = log_win.ba
    if not first:  # ba repeats the hand's honba for the second winner, who gets none
        honba = 0
    options = rules.options
    assert isinstance(options, RiichiOptions)  # logs are riichi or sanma games
    value = win.points - honba * options.honba_points - 1000 * sticks
    differ("points", log_win.points, value)
    revealed = list(state.dora_indicators[:state.revealed])
    differ("dora", list(log_win.dora_hai), revealed)
    differ("ura", list(log_win.ura_hai), list(win.ura_indicators))
    return out


def replay_game(game: TenhouGame, *, name: str | None = None,
                format: str = "mjlog",  # noqa: A002
                fast: FastPaths | None = None) -> FileReport:
    """Replay every hand of ``game`` and compare it with the log.

    Examples:
        >>> from mahjong_rules.notation.tenhou import parse_mjlog
        >>> report = replay_game(parse_mjlog(_EXAMPLE))
        >>> [(hand.label, hand.status) for hand in report.hands]
        [('E1-0', 'mismatched')]

    .. versionadded:: 0.2
    """
    path = game.name if name is None else name
    try:
        rules, preset = rules_for(game)
    except MahjongRulesError as exc:
        return FileReport(path=path, format=format, error=exc.message)
    if fast is not None:  # other fast-path switches (the tests replay with none)
        rules = type(rules)(rules.options, fast=fast)
    seats = rules.num_seats
    walls, wall_problems, impossible = game_walls(rules, game)
    reports: list[HandReport] = []
    state: State | None = None
    for k, hand in enumerate(game.hands):
        if k in impossible:
            reports.append(HandReport(index=k, label=_label(hand),
                                      inconsistent=f"not a real game: {impossible[k]}"))
            state = None
            continue
        mismatches = list(wall_problems[k])
        start = _hand_start(rules, state, walls[k:], hand)
        if isinstance(start, HandReport):  # a start no table of the rules holds
            reports.append(start)
            state = None
            continue
        replay = _HandReplay(rules, start, hand)
        try:
            state = replay.run()
        except _RefusedError as exc:
            reports.append(HandReport(index=k, label=_label(hand), mismatches=tuple(mismatches),
                                      error=exc.message, reason=exc.reason,
                                      inconsistent=score_chain_problem(hand, seats)))
            state = None
            continue
        mismatches.extend(compare_hand(rules, state, hand))
        state, more = _after_hand(rules, state, game, k)
        mismatches.extend(more)
        reports.append(HandReport(index=k, label=_label(hand), mismatches=tuple(mismatches),
                                  inconsistent=score_chain_problem(hand, seats)))
    return FileReport(path=path, format=format, variant=rules.name, preset=preset,
                      hands=tuple(reports))


def _hand_start(rules: Ruleset, state: State | None, walls: list[list[int]],
                hand: TenhouHand) -> State | HandReport:
    """The state the hand starts from, or the report of a start the rules refuse.

    The game so far when it reached the hand's start, else a game set up from it.
    """
    if state is not None and _table(state) == _expected_table(hand, rules.num_seats):
        return state
    try:
        return rules.setup(walls=walls, start=_start_of(hand, rules.num_seats))
    except MahjongRulesError as exc:
        return HandReport(index=hand.index, label=_label(hand), error=exc.message,
                          reason=exc.reason.value)


def game_walls(rules: Ruleset, game: TenhouGame) -> tuple[
        list[list[int]], list[list[Mismatch]], dict[int, str]]:
    """Every hand's wall in the reducer's layout (:func:`build_wall`).

    Returns the walls, each wall's disagreements with the SHUFFLE seed's wall, and the
    hands whose tiles cannot be a real wall (an edited excerpt: the message why), which
    get the unshuffled tile set as a stand-in.
    """
    layout = rules.wall_layout()  # type: ignore[attr-defined]
    tile_ids = rules.tile_ids()  # type: ignore[attr-defined]
    seed_walls: list[list[int]] | None = None
    if game.shuffle_seed is not None:
        seed_walls = rebuild_wall(game.shuffle_seed, hands=len(game.hands), sanma=game.sanma)
    walls: list[list[int]] = []
    wall_problems: list[list[Mismatch]] = []
    impossible: dict[int, str] = {}
    for k, hand in enumerate(game.hands):
        try:
            wall, problems = build_wall(hand, tile_ids, layout,
                                        None if seed_walls is None else seed_walls[k])
        except LogFormatError as exc:  # no real game: no oracle (an edited excerpt)
            impossible[k] = exc.message
            wall, problems = list(tile_ids), []
        walls.append(wall)
        wall_problems.append(problems)
    return walls, wall_problems, impossible


def _after_hand(rules: Ruleset, state: State, game: TenhouGame, k: int,
                on_step: Callable[[State, Action, State], None] | None = None,
                ) -> tuple[State | None, list[Mismatch]]:
    """Go on to the next hand and check its start, or check the game's end."""
    seats = rules.num_seats
    if k + 1 == len(game.hands):
        return None, _check_game_end(rules, state, game)
    if state.phase is Phase.GAME_OVER:
        return None, [Mismatch(field="game_end", expected="the game goes on",
                               got=f"ends ({state.end_reason})")]
    for seat in range(seats):
        before = state
        state = rules.apply(state, Ready(seat=seat))
        if on_step is not None:
            on_step(before, Ready(seat=seat), state)
    expected = _expected_table(game.hands[k + 1], seats)
    got = _table(state)
    if got != expected:
        return None, [Mismatch(field="next_hand", expected=expected, got=got)]
    return state, []


def _check_game_end(rules: Ruleset, state: State, game: TenhouGame) -> list[Mismatch]:
    """After the log's last hand: the game ends (when the log says so), final scores."""
    seats = rules.num_seats
    last = game.hands[-1].results[-1]
    if last.owari is None:
        return []
    if state.phase is not Phase.GAME_OVER:
        if not getattr(game.rules, "unknown", 0) & 0x08:
            return [Mismatch(field="game_end", expected="the game ends",
                             got=f"goes on ({state.phase.value})")]
        # the log does not say how long the game is: the final scores are still
        # compared, as if the game ended here (leftover sticks to the first)
        state = attrs.evolve(state, phase=Phase.GAME_OVER)
    result = rules.result(state)
    assert result is not None
    final = [0] * seats
    for entry in result["ranking"]:
        final[entry["seat"]] = entry["points"]
    scores = [100 * score for score, _ in last.owari[:seats]]
    if final != scores:
        return [Mismatch(field="final_scores", expected=scores, got=final)]
    return []


# --------------------------------------------------------------------------- files


def replay_file(path: str | Path) -> FileReport:
    """Read one file (any supported log format, detected by content) and replay it.

    A file that is not a log comes back ``skipped``; one that cannot be read, with an
    ``error``. The hands of every game in the file are reported together.

    .. versionadded:: 0.2
    """
    shown = str(path)
    try:
        log = read_log(path)
    except NotALogError as exc:
        return FileReport(path=shown, skipped=exc.message.removeprefix(f"{shown}: "))
    except LogFormatError as exc:
        return FileReport(path=shown, error=str(exc))
    reports = [replay_game(game, name=shown, format=log.format) for game in log.games]
    if len(reports) == 1:
        return reports[0]
    failed = next((r for r in reports if r.error is not None), None)
    if failed is not None:
        return failed
    return attrs.evolve(reports[0], hands=tuple(h for r in reports for h in r.hands))


def replay_paths(paths: Iterable[str | Path]) -> ReplayReport:
    """Replay every log in ``paths`` (files or folders, searched recursively).

    .. versionadded:: 0.2
    """
    return ReplayReport(files=tuple(replay_file(p) for p in log_paths(paths)))


# ---------------------------------------------------------------------- step-through


@attrs.frozen(kw_only=True)
class Step:
    """One action of a log game as the reducer played it: the state before and after.

    Examples:
        >>> from mahjong_rules.notation.tenhou import parse_mjlog
        >>> steps = list(game_steps(parse_mjlog(_EXAMPLE)))
        >>> [(step.label, step.action.type, step.after.phase.value) for step in steps]
        [('E1-0', 'nine_terminals', 'hand_over')]
        >>> len(steps[0].view(0)["hand"]), steps[0].view(0)["seats"][1]["hand_size"]
        (14, 13)

    .. versionadded:: 0.3
    """

    game: int
    """The game's index in its file (0 for most files)."""
    hand: int
    """The hand's index in the game (0-based, as :attr:`HandReport.index`)."""
    label: str
    """The hand as round, number and honba, e.g. ``"E1-0"``."""
    number: int
    """The step's index in the game, counting from 0 over all its hands."""
    before: State
    """The state the action was taken in."""
    action: Action
    """The action: a player's decision, a pass in a claim window, or ``Ready`` between hands
    (draws are the reducer's own transitions, inside the state after a discard or call)."""
    after: State
    """The state the action led to."""
    rules: Ruleset = attrs.field(repr=False, eq=False)
    """The ruleset the log is replayed with (:func:`rules_for`)."""

    def view(self, seat: int | None, *, after: bool = False) -> dict[str, Any]:
        """What ``seat`` saw before the action (``after=True``: after it); ``None``: a spectator."""
        return self.rules.view(self.after if after else self.before, seat)


def game_steps(game: TenhouGame, *, game_index: int = 0,
               errors: str = "raise") -> Iterator[Step]:
    """Every action of ``game`` through the reducer, in order, hand after hand.

    Each hand is played as :func:`replay_game` plays it (the log's wall, every claim the
    log makes, every other seat passing), but the passes come one by one, lowest seat
    first, so that every seat's decision is a step. A hand the reducer cannot follow
    (it refuses an action of the log, or the log's tiles are not a real wall) is not
    yielded in part: with ``errors="raise"`` it raises, with ``errors="skip"`` the next
    hand starts from the log's own start.

    Raises:
        LogFormatError: a lobby that is not supported (:func:`rules_for`), or, with
            ``errors="raise"``, a hand the reducer cannot follow (reason ``bad_log``; the
            message names the hand and what was refused).

    .. versionadded:: 0.3
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', not {errors!r}")
    rules, _ = rules_for(game)
    seats = rules.num_seats
    walls, _, impossible = game_walls(rules, game)
    state: State | None = None
    number = 0
    for k, hand in enumerate(game.hands):
        label = _label(hand)
        buffered: list[tuple[State, Action, State]] = []

        def record(before: State, action: Action, after: State,
                   buffered: list[tuple[State, Action, State]] = buffered) -> None:
            buffered.append((before, action, after))

        if k in impossible:
            if errors == "raise":
                raise LogFormatError(f"not a real game: {impossible[k]}", name=game.name,
                                     hand=k)
            state = None
            continue
        try:
            if state is None or _table(state) != _expected_table(hand, seats):
                state = rules.setup(walls=walls[k:], start=_start_of(hand, seats))
            played = _HandReplay(rules, state, hand, on_step=record).run()
            state, _ = _after_hand(rules, played, game, k, on_step=record)
        except _RefusedError as exc:
            if errors == "raise":
                raise LogFormatError(exc.message, name=game.name, hand=k) from None
            state = None
            continue
        for before, action, after in buffered:
            yield Step(game=game_index, hand=k, label=label, number=number, before=before,
                       action=action, after=after, rules=rules)
            number += 1


def log_steps(path: str | Path, *, errors: str = "raise") -> Iterator[Step]:
    """Every action of every game in the log file at ``path`` (any format, gzip too).

    Raises:
        NotALogError: the file is not a log.
        LogFormatError: the log cannot be read, or a hand cannot be followed (see
            :func:`game_steps`).

    .. versionadded:: 0.3
    """
    for index, game in enumerate(read_log(path).games):
        yield from game_steps(game, game_index=index, errors=errors)


_EXAMPLE = (  # one hand: the dealer declares nine terminals on the first draw
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,44" ten="250,250,250,250" oya="0" '
    'hai0="0,32,36,68,72,104,108,112,116,120,124,128,5" '
    'hai1="1,2,3,4,6,7,8,9,10,11,12,13,14" hai2="15,16,17,18,19,20,21,22,23,24,25,26,27" '
    'hai3="28,29,30,31,33,34,35,37,38,39,40,41,42"/><T43/>'
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)
