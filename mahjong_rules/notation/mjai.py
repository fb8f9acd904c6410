"""mjai JSONL logs: read into and write from the mjlog records.

An mjai log is one JSON event per line (``start_game``, ``start_kyoku``, ``tsumo``,
``dahai``, calls, ``reach``/``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``; ``log-formats.md`` section 6). :func:`parse_mjai` reads
every game of a log into :class:`~mahjong_rules.notation.tenhou.TenhouGame` records with
physical tile ids (as the tenhou.net/6 reader does) and :func:`write_mjai` writes a game
back as lines.

Everything that cannot be read raises :class:`~mahjong_rules.errors.LogFormatError`
(reason ``bad_log``) naming the file, the hand and the line.

.. versionadded:: 0.2
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from mahjong_rules.errors import LogFormatError, NotationError, Reason
from mahjong_rules.notation._kinds import (
    RED_KINDS,
    URA,
    YAKU_NAMES,
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
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouBye,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouPlayers,
    TenhouReach,
    TenhouReconnect,
    TenhouRules,
)

__all__ = ["parse_mjai", "write_mjai"]

_HONORS = "ESWNPFC"
_WINDS = "ESWN"
_YAKUMAN_IDS = range(37, 52)
_LIVE_DRAWS = {4: 70, 3: 55}
"""Tiles drawn (live and replacement) when a hand reaches the end of the wall."""
_NOTEN_MAX = 3000
_MANGAN_BASE = 2000
_UNKNOWN_RULES = 0x04 | 0x08 | 0x20 | 0x40 | 0x80


def pai_spec(pai: object) -> Spec | None:
    """An mjai tile string as (kind, red), ``None`` when it is not one.

    >>> pai_spec("1m"), pai_spec("5pr"), pai_spec("C"), pai_spec("?")
    ((0, False), (13, True), (33, False), None)
    """
    if not isinstance(pai, str):
        return None
    if len(pai) == 1 and pai in _HONORS:
        return 27 + _HONORS.index(pai), False
    if len(pai) in {2, 3} and pai[0] in "123456789" and pai[1] in "mps":
        kind = "mps".index(pai[1]) * 9 + int(pai[0]) - 1
        if len(pai) == 3:
            return (kind, True) if pai[2] == "r" and kind in RED_KINDS else None
        return kind, False
    return None


def spec_pai(spec: Spec) -> str:
    """The mjai string of (kind, red).

    >>> spec_pai((4, True)), spec_pai((31, False))
    ('5mr', 'P')
    """
    kind, red = spec
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


# ------------------------------------------------------------------- reading


@attrs.define
class _Ctx:
    name: str
    hand: int | None = None
    line: int = 0

    def fail(self, message: str) -> LogFormatError:
        return LogFormatError(message, name=self.name, hand=self.hand,
                              element=f"line {self.line}" if self.line else "")


def _events(ctx: _Ctx, text: str) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        ctx.line = number
        try:
            event = json.loads(raw)
        except ValueError as exc:
            raise ctx.fail(f"not JSON ({exc})") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise ctx.fail("not an mjai event (a JSON object with a 'type')")
        yield number, event


def parse_mjai(text: str, *, name: str = "") -> list[TenhouGame]:
    """Read every game of an mjai JSONL log.

    A log may hold several games (each from ``start_game`` to ``end_game``); a log that
    starts at ``start_kyoku`` is one game. A ``start_kyoku`` at the very end with no
    event after it (the next hand's header of an excerpt) is dropped. Points come from
    ``hora.deltas`` (the winner's delta less honba and riichi sticks); the fu from
    ``fu``; the yaku from ``yakus`` (names as tenhou.net/6 writes them, or the English
    names of ``log-formats.md``).

    Raises:
        LogFormatError: a line that is not a JSON event, an event out of place or with a
            missing or bad field, a tile that is not in the hand, a hand without a result.

    Examples:
        >>> [game] = parse_mjai(_EXAMPLE, name="example")
        >>> hand = game.hands[0]
        >>> len(hand.events), hand.results[0].type, game.rules.red_fives
        (1, 'yao9', True)
        >>> write_mjai(game)[-2:]
        ['{"type":"end_kyoku"}', '{"type":"end_game"}']

    .. versionadded:: 0.2
    """
    ctx = _Ctx(name=name)
    if not isinstance(text, str):
        raise ctx.fail(f"expected text, got {type(text).__name__}")
    events = _drop_dealt_after_four_riichi(list(_events(ctx, text)))
    ctx.line = 0
    if not events:
        raise ctx.fail("no events")
    games: list[TenhouGame] = []
    current: _GameReader | None = None
    for number, event in events:
        ctx.line = number
        kind = event["type"]
        if kind == "start_game":
            if current is not None:
                games.append(current.finish())
            current = _GameReader(ctx, event)
            continue
        if current is None:
            current = _GameReader(ctx, {})
        if kind == "end_game":
            games.append(current.finish())
            current = None
            continue
        current.event(kind, event)
    if current is not None:
        games.append(current.finish())
    return games


def _drop_dealt_after_four_riichi(events: list[tuple[int, dict[str, Any]]]
                                  ) -> list[tuple[int, dict[str, Any]]]:
    """The events without a ``tsumo`` that only libriichi deals.

    After the fourth ``reach_accepted`` libriichi draws for the next seat before it ends
    the hand (four riichi), and logs that draw.
    """
    out: list[tuple[int, dict[str, Any]]] = []
    accepted = 0
    for index, (number, event) in enumerate(events):
        kind = event["type"]
        if kind == "start_kyoku":
            accepted = 0
        accepted += kind == "reach_accepted"
        following = events[index + 1][1]["type"] if index + 1 < len(events) else None
        if kind == "tsumo" and accepted == 4 and following == "ryukyoku":
            continue
        out.append((number, event))
    return out


def _int(ctx: _Ctx, event: dict[str, Any], key: str, *, low: int = 0,
         high: int | None = None) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(f"{event['type']}.{key} {value!r} is not an integer")
    if value < low or (high is not None and value > high):
        raise ctx.fail(f"{event['type']}.{key} {value} is outside {low}..{high}")
    return value


def _pai(ctx: _Ctx, value: object) -> Spec:
    spec = pai_spec(value)
    if spec is None:
        raise ctx.fail(f"{value!r} is not a tile (hidden tiles '?' cannot be replayed)")
    return spec


def _pais(ctx: _Ctx, value: object, count: int | None = None) -> list[Spec]:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        raise ctx.fail(f"{value!r} is not a list of {count or 'some'} tiles")
    return [_pai(ctx, v) for v in value]


class _GameReader:
    def __init__(self, ctx: _Ctx, start: dict[str, Any]) -> None:
        self.ctx = ctx
        names = start.get("names", ["", "", "", ""])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(
                names) not in {3, 4}:
            raise ctx.fail("start_game.names is not a list of 3 or 4 names")
        self.names = (*names, "") if len(names) == 3 else tuple(names)
        aka = start.get("aka_flag", True)
        self.red = bool(aka)
        self.seats: int | None = None
        self.hands: list[TenhouHand] = []
        self.hand: _HandReader | None = None

    def event(self, kind: str, event: dict[str, Any]) -> None:
        if kind == "start_kyoku":
            self.close()
            self.hand = _HandReader(self, event, len(self.hands))
            return
        if self.hand is None:
            raise self.ctx.fail(f"{kind} outside a hand")
        if kind == "end_kyoku":
            self.close()
            return
        self.hand.event(kind, event)

    def close(self) -> None:
        hand = self.hand
        self.hand = None
        if hand is None:
            return
        if not hand.facts:
            if not hand.tracker.events and hand is not None:
                return  # an excerpt's trailing header
            self.ctx.hand = hand.index
            raise self.ctx.fail("truncated: the hand has no hora or ryukyoku")
        self.hands.append(hand.build())

    def finish(self) -> TenhouGame:
        self.close()
        ctx = self.ctx
        ctx.hand = None
        if not self.hands:
            raise ctx.fail("the game has no complete hand")
        seats = self.seats or 4
        type_ = 0x01 | 0x08 | (0 if self.red else 0x02) | (0x10 if seats == 3 else 0)
        rules = TenhouRules(type=type_, lobby=0, unknown=_UNKNOWN_RULES)
        return TenhouGame(
            name=ctx.name, version="", shuffle_seed=None, rules=rules,
            players=TenhouPlayers(names=tuple(self.names), dan=(), rate=(), sex=()),
            first_oya=0, hands=tuple(self.hands),
        )


class _HandReader:
    def __init__(self, game: _GameReader, event: dict[str, Any], index: int) -> None:
        ctx = self.ctx = game.ctx
        ctx.hand = index
        self.index = index
        bakaze = event.get("bakaze")
        if bakaze not in tuple(_WINDS):
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
            round=_WINDS.index(bakaze) * 4 + kyoku - 1, honba=_int(ctx, event, "honba"),
            riichi_sticks=_int(ctx, event, "kyotaku"), dice=None, dora_indicator=dora,
            ten=tuple(s // 100 for s in scores), oya=oya, hai=hai, shuffle=shuffle,
        )
        t.init = self.init
        t.scores = list(self.init.ten)
        self.facts: list[WinFacts | DrawFacts] = []

    def seat(self, event: dict[str, Any], key: str = "actor") -> int:
        return _int(self.ctx, event, key, high=self.seats - 1)

    def event(self, kind: str, event: dict[str, Any]) -> None:
        ctx, t = self.ctx, self.tracker
        if self.facts and kind != "hora":
            raise ctx.fail(f"{kind} after the hand's result")
        try:
            self.apply(kind, event, t)
        except Misfit as exc:
            raise ctx.fail(exc.message) from None

    def apply(self, kind: str, event: dict[str, Any], t: HandTracker) -> None:  # noqa: C901, PLR0912
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
            return _pao(deltas, who, frm, self.seats)
        if event["pao"] is None:
            return None
        return self.seat(event, "pao")

    def hora(self, event: dict[str, Any]) -> None:
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


def _pao(deltas: Sequence[int], who: int, frm: int, seats: int) -> int | None:
    """The responsible seat, read from the deltas (mjai has no pao field).

    A tsumo that one seat alone pays, or a ron that a second seat shares, has pao.
    """
    payers = [s for s in range(seats) if s != who and deltas[s] < 0]
    if who == frm and seats > 2 and len(payers) == 1:
        return payers[0]
    others = [s for s in payers if s != frm]
    return others[0] if who != frm and len(others) == 1 else None


# ------------------------------------------------------------------- writing


def _dumps(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def _hora(res: TenhouAgari, deltas: list[int], pai: Callable[[int], str], seats: int,
          honba: int) -> dict[str, Any]:
    """The ``hora`` event of one win (``honba``: the points it collects for them)."""
    hora: dict[str, Any] = {
        "type": "hora", "actor": res.who, "target": res.from_who, "pai": pai(res.machi),
        "deltas": deltas, "ura_markers": [pai(t) for t in res.ura_hai],
    }
    if res.yaku_known:  # an unknown list stays unknown
        yakus = [[YAKU_NAMES[i], h] for i, h in res.yaku if (i, h) != (URA, 0)]
        yakus += [[YAKU_NAMES[i], 13] for i in res.yakuman]
        hora["yakus"] = yakus
        hora["fan"] = sum(h for _, h in res.yaku) + 13 * len(res.yakuman)
    if res.fu is not None:
        hora["fu"] = res.fu
    if res.pao_who is not None or _pao(res.deltas, res.who, res.from_who, seats):
        hora["pao"] = res.pao_who  # an extension: mjai has no pao field
    if not res.is_tsumo:
        hora["hora_points"] = res.points + honba
    return hora


def write_mjai(game: TenhouGame) -> list[str]:  # noqa: C901, PLR0912
    """The mjai JSONL lines of a game (join them with newlines to save).

    Arrays have one entry per seat (3 in sanma); kita is a ``nukidora`` event; each
    ``hora`` carries ``deltas``, ``ura_markers``, ``yakus`` (tenhou.net/6 names),
    ``fu``, ``fan``, a ron's ``hora_points`` and, where pao applies or the deltas look
    like it, ``pao`` (an extension of this library: mjai has no pao field); an exhaustive
    ``ryukyoku`` carries ``tenpais`` when the log says. A hand of a 2009-layout mjlog
    (an ``INIT`` with its own ``shuffle``) keeps it as ``start_kyoku.shuffle`` (another
    extension): the replay follows that era's rules.
    The format has no dice, SHUFFLE seed, player ranks or disconnects, and names tiles
    by kind (ids other than the red fives are not kept).

    .. versionadded:: 0.2
    """
    if not isinstance(game, TenhouGame):
        raise NotationError(Reason.BAD_INPUT, f"not a TenhouGame: {type(game).__name__}")
    seats = game.seats
    red = game.rules.red_fives

    def pai(tile: int) -> str:
        kind = tile // 4
        return spec_pai((kind, red and kind in RED_KINDS and tile % 4 == 0))

    def pais(tiles: Sequence[int]) -> list[str]:
        return [pai(t) for t in sorted(tiles, key=lambda t: (t // 4, t))]

    lines = [_dumps({"type": "start_game", "names": list(game.players.names[:seats]),
                     "kyoku_first": 0, "aka_flag": red})]
    for hand in game.hands:
        init = hand.init
        lines.append(_dumps(_start_kyoku(init, pai, seats)))
        last_draw: list[int | None] = [None] * 4
        for event in hand.events:
            out: dict[str, Any] | None = None
            if isinstance(event, TenhouDraw):
                out = {"type": "tsumo", "actor": event.seat, "pai": pai(event.tile)}
                last_draw[event.seat] = event.tile
            elif isinstance(event, TenhouDiscard):
                out = {"type": "dahai", "actor": event.seat, "pai": pai(event.tile),
                       "tsumogiri": event.tile == last_draw[event.seat]}
                last_draw[event.seat] = None
            elif isinstance(event, TenhouReach):
                out = {"type": "reach" if event.step == 1 else "reach_accepted",
                       "actor": event.who}
            elif isinstance(event, TenhouDora):
                out = {"type": "dora", "dora_marker": pai(event.tile)}
            elif isinstance(event, TenhouCall):
                out = _call(event, pai, pais)
                if event.meld.kind in {"chi", "pon", "daiminkan"}:
                    last_draw[event.who] = None
            elif not isinstance(event, (TenhouBye, TenhouReconnect)):
                raise LogFormatError(f"an event mjai cannot hold: {event!r}", name=game.name,
                                     hand=hand.index)
            if out is not None:
                lines.append(_dumps(out))
        for res in hand.results:
            deltas = [d * 100 for d in res.deltas[:seats]]
            if isinstance(res, TenhouAgari):
                honba = res.ba[0] * (seats - 1) * 100 if res is hand.results[0] else 0
                lines.append(_dumps(_hora(res, deltas, pai, seats, honba)))
            else:
                draw: dict[str, Any] = {"type": "ryukyoku", "deltas": deltas}
                if res.type is None and res.hai_known:
                    draw["tenpais"] = [res.hai[s] is not None for s in range(seats)]
                lines.append(_dumps(draw))
        lines.append(_dumps({"type": "end_kyoku"}))
    lines.append(_dumps({"type": "end_game"}))
    return lines


def _start_kyoku(init: TenhouInit, pai: Callable[[int], str], seats: int) -> dict[str, Any]:
    """The ``start_kyoku`` event of a hand.

    A 2009-layout hand keeps its ``shuffle`` (an extension of this library, as ``pao``).
    """
    start: dict[str, Any] = {
        "type": "start_kyoku", "bakaze": _WINDS[init.round // 4],
        "dora_marker": pai(init.dora_indicator), "kyoku": init.round % 4 + 1,
        "honba": init.honba, "kyotaku": init.riichi_sticks, "oya": init.oya,
        "scores": [s * 100 for s in init.ten[:seats]],
        "tehais": [[pai(t) for t in init.hai[s]] for s in range(seats)],
    }
    if init.shuffle is not None:
        start["shuffle"] = init.shuffle
    return start


def _call(event: TenhouCall, pai: Any, pais: Any) -> dict[str, Any]:  # noqa: ANN401
    meld, who = event.meld, event.who
    if meld.kind == "kita":
        return {"type": "nukidora", "actor": who, "pai": pai(meld.tiles[0])}
    if meld.kind == "ankan":
        return {"type": "ankan", "actor": who, "consumed": pais(meld.tiles)}
    called = meld.called
    assert called is not None
    if meld.kind == "kakan":
        assert meld.added is not None
        rest = [t for t in meld.tiles if t != meld.added]
        return {"type": "kakan", "actor": who, "pai": pai(meld.added), "consumed": pais(rest)}
    rest = [t for t in meld.tiles if t != called]
    return {"type": meld.kind, "actor": who, "target": meld.source_seat(who),
            "pai": pai(called), "consumed": pais(rest)}


_EXAMPLE_LINES = (
    '{"type":"start_game","names":["a","b","c","d"],"aka_flag":true}',
    (
        '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
        '"dora_marker":"9m","scores":[25000,25000,25000,25000],"tehais":['
        '["1m","5m","3p","3p","7p","9p","7s","9s","W","N","P","F","C"],'
        '["2m","2m","5m","5mr","9m","9m","4p","4p","5p","6p","6s","9s","9s"],'
        '["1m","1m","4m","7m","4p","8s","8s","8s","2s","7s","E","N","C"],'
        '["2m","3m","7p","8p","9p","1s","1s","3s","4s","E","S","W","F"]]}'
    ),
    '{"type":"tsumo","actor":0,"pai":"E"}',
    '{"type":"ryukyoku","deltas":[0,0,0,0]}',
    '{"type":"end_kyoku"}',
    '{"type":"end_game"}',
)
_EXAMPLE = "\n".join(_EXAMPLE_LINES)
