"""One hand of an mjai log read into the mjlog records: its events, its result.

Also the reading context of an error (file, hand, line) and the field checks the game
reader shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation._kinds import (
    DrawFacts,
    HandTracker,
    Misfit,
    Spec,
    WinFacts,
    add_yaku,
    add_zero_ura,
    extras,
    limit_of,
    settle,
    shown_hands,
    yaku_id,
)
from mahjong_rules.notation.mjai.pai import pai_spec
from mahjong_rules.notation.tenhou import TenhouCall, TenhouDiscard, TenhouHand, TenhouInit

if TYPE_CHECKING:
    from mahjong_rules.notation.mjai.read import GameReader


WINDS = "ESWN"
_YAKUMAN_IDS = range(37, 52)
_LIVE_DRAWS = {4: 70, 3: 55}
"""Tiles drawn (live and replacement) when a hand reaches the end of the wall."""
_NOTEN_MAX = 3000
_MANGAN_BASE = 2000


@attrs.define
class ReadContext:
    """Where an mjai read is (file, hand, line), for its errors."""
    name: str
    hand: int | None = None
    line: int = 0

    def fail(self, message: str) -> LogFormatError:
        """A LogFormatError that names where the read is."""
        return LogFormatError(message, name=self.name, hand=self.hand,
                              element=f"line {self.line}" if self.line else "")


def _int(ctx: ReadContext, event: dict[str, Any], key: str, *, low: int = 0,
         high: int | None = None) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(f"{event['type']}.{key} {value!r} is not an integer")
    if value < low or (high is not None and value > high):
        raise ctx.fail(f"{event['type']}.{key} {value} is outside {low}..{high}")
    return value


def _pai(ctx: ReadContext, value: object) -> Spec:
    spec = pai_spec(value)
    if spec is None:
        raise ctx.fail(f"{value!r} is not a tile (hidden tiles '?' cannot be replayed)")
    return spec


def _pais(ctx: ReadContext, value: object, count: int | None = None) -> list[Spec]:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        raise ctx.fail(f"{value!r} is not a list of {count or 'some'} tiles")
    return [_pai(ctx, v) for v in value]


class HandReader:
    """Reads one mjai hand, ``start_kyoku`` to ``end_kyoku``, into a TenhouHand."""
    def __init__(self, game: GameReader, event: dict[str, Any], index: int) -> None:
        """The hand that ``event`` (its ``start_kyoku``, event ``index``) starts in ``game``."""
        ctx = self.ctx = game.ctx
        ctx.hand = index
        self.index = index
        bakaze = event.get("bakaze")
        if bakaze not in tuple(WINDS):
            raise ctx.fail(f"start_kyoku.bakaze {bakaze!r} is not E, S, W or N")
        kyoku = _int(ctx, event, "kyoku", low=1, high=4)
        tehais = event.get("tehais")
        scores = event.get("scores")
        if not isinstance(tehais, list) or not isinstance(scores, list):
            raise ctx.fail("start_kyoku needs tehais and scores lists")
        seats = 3 if len(tehais) == 3 or (len(tehais) == 4 and tehais[3] in ([], ["?"] * 13)) else 4
        if game.seats is not None and game.seats != seats:
            raise ctx.fail(f"a {seats}-player hand in a {game.seats}-player game")
        game.seats = seats
        if len(scores) == 3:
            scores = [*scores, 0]
        if len(scores) != 4 or not all(isinstance(s, int) and not isinstance(s, bool)
                                        and s % 100 == 0 for s in scores):
            raise ctx.fail("start_kyoku.scores are not 3 or 4 multiples of 100")
        oya = _int(ctx, event, "oya", high=seats - 1)
        if oya != kyoku - 1:
            raise ctx.fail(f"start_kyoku.oya {oya} is not the dealer of kyoku {kyoku}")
        self.seats = seats
        self.tracker = t = HandTracker(seats=seats, red_fives=game.red)
        try:
            hai = tuple(
                t.deal(s, _pais(ctx, tehais[s], 13)) if s < seats else () for s in range(4)
            )
            dora = t.new(_pai(ctx, event.get("dora_marker")))
        except Misfit as exc:
            raise ctx.fail(exc.message) from None
        self.dora = [dora]
        self.ura: dict[tuple[Spec, ...], tuple[int, ...]] = {}
        shuffle = event.get("shuffle")
        if shuffle is not None and not isinstance(shuffle, str):
            raise ctx.fail("start_kyoku.shuffle is not a string")
        self.init = TenhouInit(
            round=WINDS.index(bakaze) * 4 + kyoku - 1, honba=_int(ctx, event, "honba"),
            riichi_sticks=_int(ctx, event, "kyotaku"), dice=None, dora_indicator=dora,
            ten=tuple(s // 100 for s in scores), oya=oya, hai=hai, shuffle=shuffle,
        )
        t.init = self.init
        t.scores = list(self.init.ten)
        self.facts: list[WinFacts | DrawFacts] = []

    def seat(self, event: dict[str, Any], key: str = "actor") -> int:
        """The seat at ``event[key]``, checked against the table's seats."""
        return _int(self.ctx, event, key, high=self.seats - 1)

    def event(self, kind: str, event: dict[str, Any]) -> None:
        """Read one event of the hand (``kind`` is its ``type``)."""
        ctx, t = self.ctx, self.tracker
        if self.facts and kind != "hora":
            raise ctx.fail(f"{kind} after the hand's result")
        try:
            self.apply(kind, event, t)
        except Misfit as exc:
            raise ctx.fail(exc.message) from None

    def apply(self, kind: str, event: dict[str, Any], t: HandTracker) -> None:  # noqa: C901, PLR0912
        """Apply a play event (draw, discard, call, riichi, dora) to the tracker ``t``."""
        ctx = self.ctx
        if kind == "tsumo":
            t.draw(self.seat(event), _pai(ctx, event.get("pai")))
        elif kind == "dahai":
            seat = self.seat(event)
            spec = _pai(ctx, event.get("pai"))
            drawn = t.last_draw[seat]
            if event.get("tsumogiri") is True:
                if drawn is None or t.spec(drawn) != spec:
                    raise ctx.fail(f"seat {seat}'s tsumogiri of {event.get('pai')} is not its draw")
                t.discard(seat, None)
            else:
                t.discard(seat, spec)
        elif kind in {"chi", "pon", "daiminkan"}:
            seat = self.seat(event)
            count = 3 if kind == "daiminkan" else 2
            t.call(seat, kind, self.seat(event, "target"),  # type: ignore[arg-type]
                   _pai(ctx, event.get("pai")), _pais(ctx, event.get("consumed"), count))
        elif kind == "ankan":
            t.ankan(self.seat(event), _pais(ctx, event.get("consumed"), 4))
        elif kind == "kakan":
            t.kakan(self.seat(event), _pai(ctx, event.get("pai")))
        elif kind in {"nukidora", "kita"}:
            t.kita(self.seat(event), _pai(ctx, event.get("pai", "N")))
        elif kind == "dora":
            tile = t.new(_pai(ctx, event.get("dora_marker")))
            self.dora.append(tile)
            t.dora(tile)
        elif kind == "reach":
            t.declare_riichi(self.seat(event))
        elif kind == "reach_accepted":
            t.accept_riichi(self.seat(event))
        elif kind == "hora":
            self.hora(event)
        elif kind == "ryukyoku":
            self.ryukyoku(event)
        else:
            raise ctx.fail(f"unknown event type {kind!r}")

    def deltas(self, event: dict[str, Any]) -> tuple[int, ...]:
        """The event's point deltas, checked (one per seat)."""
        deltas = event.get("deltas", [0] * self.seats)
        if isinstance(deltas, list) and len(deltas) == 3:
            deltas = [*deltas, 0]
        if not isinstance(deltas, list) or len(deltas) != 4 or not all(
                isinstance(d, int) and not isinstance(d, bool) for d in deltas):
            raise self.ctx.fail(f"{event['type']}.deltas is not a list of 3 or 4 integers")
        return tuple(deltas)

    def yakus(self, event: dict[str, Any], who: int) -> tuple[list[tuple[int, int]], list[int]]:
        """The (id, han) yaku and the yakuman ids of a ``hora``'s ``yakus``."""
        ctx, init = self.ctx, self.init
        yaku: list[tuple[int, int]] = []
        yakuman: list[int] = []
        raw = event.get("yakus", [])
        if not isinstance(raw, list):
            raise ctx.fail("hora.yakus is not a list")
        for entry in raw:
            if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
                    or isinstance(entry[1], bool) or not isinstance(entry[1], int)):
                raise ctx.fail(f"hora.yakus entry {entry!r} is not [name, han]")
            ident = yaku_id(entry[0], round_wind=init.round // 4,
                            seat_wind=(who - init.oya) % self.seats)
            if ident is None:
                raise ctx.fail(f"unknown yaku {entry[0]!r}")
            if ident in _YAKUMAN_IDS:
                yakuman.append(ident)
            else:
                add_yaku(yaku, ident, entry[1])
        if raw:
            add_zero_ura(yaku)
        return yaku, yakuman

    def points(self, event: dict[str, Any], who: int, frm: int, deltas: Sequence[int]) -> int:
        """The hand's value without honba and sticks (mjlog ``<AGARI ten>``)."""
        honba, sticks = extras(self.tracker, first=not self.facts)
        stated = event.get("hora_points")
        if who != frm and isinstance(stated, int) and not isinstance(stated, bool):
            return stated - honba  # a ron's hora_points: the payment with honba
        return deltas[who] - honba - sticks

    def pao(self, event: dict[str, Any], deltas: Sequence[int], who: int, frm: int) -> int | None:
        """``pao`` when the log names it (this library writes it), else from the deltas."""
        if "pao" not in event:
            return pao_from_deltas(deltas, who, frm, self.seats)
        if event["pao"] is None:
            return None
        return self.seat(event, "pao")

    def hora(self, event: dict[str, Any]) -> None:
        """Read a ``hora`` (a win) into the hand's results."""
        ctx, t, init = self.ctx, self.tracker, self.init
        if any(isinstance(f, DrawFacts) for f in self.facts):
            raise ctx.fail("hora after ryukyoku")
        who, frm = self.seat(event), self.seat(event, "target")
        deltas = self.deltas(event)
        yaku, yakuman = self.yakus(event, who)
        fu_value = event.get("fu")
        fu = fu_value if isinstance(fu_value, int) and not isinstance(fu_value, bool) else None
        points = self.points(event, who, frm, deltas)
        han = sum(h for _, h in yaku)
        limit = limit_of(han, fu or 0, yakuman=bool(yakuman)) if yaku or yakuman else 0
        if fu is None and not limit:  # a limit hand without its fu: the points tell
            limit = int(points >= _MANGAN_BASE * _base_factor(who, frm, init.oya, self.seats))
        markers = tuple(_pais(ctx, event.get("ura_markers", [])))
        if markers not in self.ura:
            self.ura[markers] = tuple(t.new(s) for s in markers)
        self.facts.append(WinFacts(
            who=who, from_who=frm, pao_who=self.pao(event, deltas, who, frm), fu=fu,
            points=points, limit=limit, yaku=tuple(yaku), yakuman=tuple(yakuman), deltas=deltas,
            dora_hai=tuple(self.dora), ura_hai=self.ura[markers] if t.riichi[who] else (),
            yaku_known="yakus" in event,  # libriichi and Mortal write no yakus
        ))

    def ryukyoku(self, event: dict[str, Any]) -> None:
        """Read a ``ryukyoku`` (an exhaustive draw or an abort) into the hand's results."""
        t = self.tracker
        deltas = self.deltas(event)
        last = t.last
        declarer = last[1] if last is not None and last[0] == "draw" else None
        kans = [sum(m.kind in {"ankan", "daiminkan", "kakan"} for m in melds) for melds in t.melds]
        discards = [e for e in t.events if isinstance(e, TenhouDiscard)]
        calls = any(isinstance(e, TenhouCall) for e in t.events)
        winds = {d.tile // 4 for d in discards[:4]}
        kind: str | None
        if t.draws >= _LIVE_DRAWS[self.seats]:
            kind = "nm" if any(abs(d) > _NOTEN_MAX for d in deltas) else None
        elif declarer is not None:
            kind = "yao9"
        elif sum(t.riichi) == self.seats:
            kind = "reach4"
        elif sum(kans) >= 4 and max(kans) < 4:
            kind = "kan4"
        elif len(discards) == 4 and not calls and len(winds) == 1 and min(winds) in range(27, 31):
            kind = "kaze4"
        else:
            kind = "ron3"
        tenpais = event.get("tenpais")
        if kind is None and isinstance(tenpais, list) and len(tenpais) >= self.seats:
            hai = tuple(
                t.concealed(s) if s < self.seats and tenpais[s] is True else None
                for s in range(4)
            )
            known = True
        else:
            hai, known = shown_hands(t, kind, deltas, declarer)
        self.facts.append(DrawFacts(type=kind, deltas=deltas, hai=hai, hai_known=known))

    def build(self) -> TenhouHand:
        """The hand read, as a TenhouHand."""
        try:
            results = settle(self.tracker, self.facts)
        except Misfit as exc:
            raise self.ctx.fail(exc.message) from None
        return TenhouHand(index=self.index, init=self.init, events=tuple(self.tracker.events),
                          results=results)


def _base_factor(who: int, frm: int, oya: int, seats: int) -> int:
    """Points = base points x this (before rounding) for a win of this shape."""
    if who != frm:
        return 6 if who == oya else 4
    if who == oya:
        return 2 * (seats - 1)
    return seats  # two (sanma: one) non-dealers pay 1x, the dealer 2x


def pao_from_deltas(deltas: Sequence[int], who: int, frm: int, seats: int) -> int | None:
    """The responsible seat, read from the deltas (mjai has no pao field).

    A tsumo that one seat alone pays, or a ron that a second seat shares, has pao.
    """
    payers = [s for s in range(seats) if s != who and deltas[s] < 0]
    if who == frm and seats > 2 and len(payers) == 1:
        return payers[0]
    others = [s for s in payers if s != frm]
    return others[0] if who != frm and len(others) == 1 else None
