"""tenhou.net/6 JSON read into the mjlog records (:func:`parse_tenhou6`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import attrs

from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation._kinds import LIMIT_NAMES, Misfit, Spec
from mahjong_rules.notation.tenhou import (
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouPlayers,
    TenhouRules,
    TenhouRyuukyoku,
)
from mahjong_rules.notation.tenhou6.codes import (
    DAN_NAMES,
    DRAW_NAMES,
    HAND_LENGTH,
    HANDS_BEFORE,
    ROOMS,
    ActToken,
    BadToken,
    CallToken,
    DrawToken,
    act_token,
    code_spec,
    draw_token,
)
from mahjong_rules.notation.tenhou6.walk import Outcome, Walk

_REF = re.compile(r"\d{10}gm-([0-9a-f]{4})-(\d{4})-[0-9a-f]{8}")
_TENHOU_DISP = re.compile(r"(三)?([般上特鳳])?([東南])?(喰)?(赤)?(速)?")
_POINTS = re.compile(
    r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))?(\d+)(?:-(\d+))?点(∀)?"
)
_UNKNOWN_RULES = 0x04 | 0x08 | 0x20 | 0x40 | 0x80
_T = TypeVar("_T")


@attrs.define
class ReadContext:
    """Where a tenhou.net/6 read is (file, hand), for its errors."""
    name: str
    hand: int | None = None
    element: str = ""

    def fail(self, message: str, element: str | None = None) -> LogFormatError:
        """A LogFormatError that names where the read is."""
        return LogFormatError(message, name=self.name, hand=self.hand,
                              element=self.element if element is None else element)


def _int(ctx: ReadContext, value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(f"{what} {value!r} is not an integer")
    return value


def _ints(ctx: ReadContext, value: object, what: str, count: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise ctx.fail(f"{what} {value!r} is not a list")
    if count is not None and len(value) != count:
        raise ctx.fail(f"{what} has {len(value)} entries, not {count}")
    return [_int(ctx, v, what) for v in value]


def _specs(ctx: ReadContext, value: object, what: str) -> list[Spec]:
    specs = [code_spec(code) for code in _ints(ctx, value, what)]
    if any(s is None for s in specs):
        raise ctx.fail(f"{what} {value!r} holds a code that is not a tile")
    return [s for s in specs if s is not None]


def parse_tenhou6(data: str | dict[str, Any], *, name: str = "") -> TenhouGame:
    """Read one tenhou.net/6 JSON game (text or the decoded object).

    ``name`` (a file name, say) goes into the game and into error messages. Fields the
    JSON does not have are ``None`` (dice, the SHUFFLE seed, the fu of a limit hand) or
    marked unknown (:attr:`TenhouRules.unknown`, :attr:`TenhouRyuukyoku.hai_known`).

    Raises:
        LogFormatError: not JSON, not a tenhou.net/6 object, a hand that is not 17
            elements, a token that is not a tile or call, a turn order that fits no
            reading of the lists, a result that cannot be read (an unknown yaku name).

    Examples:
        >>> game = parse_tenhou6(_EXAMPLE, name="example")
        >>> hand = game.hands[0]
        >>> len(hand.events), hand.results[0].type, hand.results[0].deltas
        (1, 'yao9', (0, 0, 0, 0))
        >>> from mahjong_rules.notation.tenhou6 import write_tenhou6
        >>> write_tenhou6(game)["log"][0][16]
        ['九種九牌']

    .. versionadded:: 0.2
    """
    ctx = ReadContext(name=name, element="log")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise ctx.fail(f"not JSON ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise ctx.fail("not a tenhou.net/6 object (no 'log' list)")
    if not data["log"]:
        raise ctx.fail("the game has no hand")
    for i, raw in enumerate(data["log"]):
        if not isinstance(raw, list) or len(raw) != HAND_LENGTH:
            ctx.hand = i
            raise ctx.fail(f"a hand is a list of {HAND_LENGTH} elements")
    first = data["log"][0]
    sanma = isinstance(first[13], list) and not first[13]
    rules = _rules(ctx, data, sanma=sanma)
    players = _players(ctx, data)
    hands = []
    for i, raw in enumerate(data["log"]):
        ctx.hand, ctx.element = i, "log"
        hands.append(_hand(ctx, i, raw, rules, sanma=sanma))
    ctx.hand = None
    hands = _with_owari(ctx, data, hands, 3 if sanma else 4)
    hands = _with_shuffles(ctx, data, hands)
    ver = data.get("ver", "")
    return TenhouGame(
        name=name, version=str(ver) if isinstance(ver, (str, int, float)) else "",
        shuffle_seed=None, rules=rules, players=players, first_oya=0, hands=tuple(hands),
    )


def _with_shuffles(ctx: ReadContext, data: dict[str, Any], hands: list[TenhouHand]
                   ) -> list[TenhouHand]:
    """The hands with the per-hand shuffles of the ``shuffle`` list, when there is one."""
    shuffles = data.get("shuffle")
    if shuffles is None:
        return hands
    ctx.element = "shuffle"
    if not isinstance(shuffles, list) or len(shuffles) != len(hands) or not all(
            s is None or isinstance(s, str) for s in shuffles):
        raise ctx.fail("shuffle is not a list of one string (or null) per hand")
    return [attrs.evolve(hand, init=attrs.evolve(hand.init, shuffle=shuffle))
            for hand, shuffle in zip(hands, shuffles, strict=True)]


def _rules(ctx: ReadContext, data: dict[str, Any], *, sanma: bool) -> TenhouRules:
    ctx.element = "rule"
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise ctx.fail("rule is not an object")
    disp = rule.get("disp")
    if disp is not None and not isinstance(disp, str):
        raise ctx.fail("rule.disp is not a string")
    ref = data.get("ref")
    lobby_value = data.get("lobby", 0)
    lobby = lobby_value if isinstance(lobby_value, int) and not isinstance(lobby_value, bool) else 0
    reds = [rule[key] for key in ("aka51", "aka52", "aka53", "aka") if key in rule]
    platform: Literal["tenhou", "mahjong_soul"] = "tenhou"
    if disp is not None and ("の間" in disp or "Room" in disp):
        platform = "mahjong_soul"
    match = _REF.fullmatch(ref) if isinstance(ref, str) else None
    if match and platform == "tenhou":
        lobby = int(match.group(2))
    type_, unknown = _stated_type(ctx, disp, match, platform)
    if reds:
        red = any(v for v in reds if isinstance(v, int))
        type_ = (type_ & ~0x02) | (0 if red else 0x02)
    if match is None and disp is None and not type_ & 0x02 and _four_plain_fives(data["log"]):
        # an excerpt that names no rules (no log id, no rule name) and whose tiles refute
        # its aka flag: a hand shows four plain copies of a five (mjai-reviewer's edited
        # confusing_nakis_2.json); the tiles win, the game has no red fives
        type_ |= 0x02
    type_ = (type_ & ~0x10) | (0x10 if sanma else 0)
    return TenhouRules(type=type_, lobby=lobby, disp=disp, platform=platform, unknown=unknown)


def _stated_type(ctx: ReadContext, disp: str | None, ref: re.Match[str] | None,
                 platform: str) -> tuple[int, int]:
    """The GO type bits the log id or the rule name state, and the bits left unknown."""
    if ref and platform == "tenhou":
        return int(ref.group(1), 16), 0
    if disp is not None and platform == "tenhou":
        parts = _TENHOU_DISP.fullmatch(disp)
        if parts is None or parts.group(2) is None or parts.group(3) is None:
            raise ctx.fail(f"unknown rule name {disp!r}", "rule.disp")
        type_ = 0x01 | ROOMS[parts.group(2)] | (0x08 if parts.group(3) == "南" else 0)
        return type_ | (0 if parts.group(4) else 0x04) | (0x40 if parts.group(6) else 0), 0
    if disp is not None and "South" in disp:
        return 0x01 | 0x08, _UNKNOWN_RULES & ~0x08
    return 0x01 | 0x08, _UNKNOWN_RULES  # hanchan when unknown: Tenhou's usual game


def _four_plain_fives(log: list[Any]) -> bool:
    """Whether a hand shows four plain copies of a five (dealt, drawn or indicators)."""
    for hand in log:
        if not isinstance(hand, list) or len(hand) != HAND_LENGTH:
            return False
        seen = [t for k in (2, 3, 4, 5, 7, 8, 10, 11, 13, 14) if isinstance(hand[k], list)
                for t in hand[k] if isinstance(t, int)]
        if any(seen.count(code) >= 4 for code in (15, 25, 35)):
            return True
    return False


def _players(ctx: ReadContext, data: dict[str, Any]) -> TenhouPlayers:
    ctx.element = "name"
    names = data.get("name", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ctx.fail("name is not a list of 4 strings")
    dan_names = data.get("dan", [])
    dan: tuple[int, ...] = ()
    if isinstance(dan_names, list) and dan_names and all(d in DAN_NAMES for d in dan_names):
        dan = tuple(DAN_NAMES.index(d) for d in dan_names)
    rate = data.get("rate", [])
    rates: tuple[float, ...] = ()
    if isinstance(rate, list) and all(
        isinstance(r, (int, float)) and not isinstance(r, bool) for r in rate
    ):
        rates = tuple(float(r) for r in rate)
    sx = data.get("sx", [])
    sex = tuple(sx) if isinstance(sx, list) and all(isinstance(s, str) for s in sx) else ()
    return TenhouPlayers(names=tuple(names), dan=dan, rate=rates, sex=sex)


def _with_owari(ctx: ReadContext, data: dict[str, Any], hands: list[TenhouHand],
                seats: int) -> list[TenhouHand]:
    """Put the top-level ``sc`` on the last result when it is this log's final score."""
    sc = data.get("sc")
    if not isinstance(sc, list) or len(sc) != 8:
        return hands
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sc):
        raise ctx.fail("sc is not 4 pairs of numbers", "sc")
    last = hands[-1].results[-1]
    after = [last.sc[2 * i] + last.sc[2 * i + 1] for i in range(4)]
    if isinstance(last, TenhouRyuukyoku):
        top = max(range(seats), key=lambda s: (after[s], -s))
        after[top] += 10 * last.ba[1]
    scores = [sc[2 * i] for i in range(4)]
    if any(s % 100 for s in scores) or [int(s) // 100 for s in scores] != after:
        return hands  # an excerpt: sc is the score of the whole game
    owari = tuple((int(sc[2 * i]) // 100, float(sc[2 * i + 1])) for i in range(4))
    results = (*hands[-1].results[:-1], attrs.evolve(last, owari=owari))
    return [*hands[:-1], attrs.evolve(hands[-1], results=results)]


def _tokens(ctx: ReadContext, raw: list[Any], element: int,
            parse: Callable[[object], _T]) -> list[_T]:
    ctx.element = f"log[{element}]"
    if not isinstance(raw[element], list):
        raise ctx.fail("not a list")
    out = []
    for k, token in enumerate(raw[element]):
        try:
            out.append(parse(token))
        except BadToken as exc:
            raise ctx.fail(str(exc), f"log[{element}][{k}]") from None
    return out


def _hand(ctx: ReadContext, index: int, raw: list[Any], rules: TenhouRules, *,
          sanma: bool) -> TenhouHand:
    seats = 3 if sanma else 4
    ctx.element = "log[0]"
    head = _ints(ctx, raw[0], "round/honba/sticks", 3)
    if min(head) < 0:
        raise ctx.fail(f"round/honba/sticks {head} has a negative count")
    ctx.element = "log[1]"
    ten = _ints(ctx, raw[1], "start scores")
    if len(ten) == 3:
        ten.append(0)
    if len(ten) != 4 or any(t % 100 for t in ten):
        raise ctx.fail(f"start scores {raw[1]!r} are not 4 multiples of 100")
    ctx.element = "log[2]"
    dora = _specs(ctx, raw[2], "dora indicators")
    if not dora:
        raise ctx.fail("no dora indicator")
    ctx.element = "log[3]"
    ura = _specs(ctx, raw[3], "ura indicators")
    starts: list[list[Spec]] = []
    draws: list[list[DrawToken | CallToken]] = []
    acts: list[list[ActToken]] = []
    for seat in range(4):
        base = HANDS_BEFORE + 3 * seat
        ctx.element = f"log[{base}]"
        start = _specs(ctx, raw[base], f"seat {seat} start hand")
        expected = 13 if seat < seats else 0
        if len(start) != expected:
            raise ctx.fail(f"seat {seat} starts with {len(start)} tiles, not {expected}")
        starts.append(start)
        draws.append(_tokens(ctx, raw, base + 1, draw_token))
        acts.append(_tokens(ctx, raw, base + 2, act_token))
        if seat >= seats and (draws[seat] or acts[seat]):
            raise ctx.fail(f"the empty sanma seat {seat} plays", f"log[{base + 1}]")
    ctx.element = "log[16]"
    outcome = _outcome(ctx, raw[16], seats)
    init = TenhouInit(
        round=head[0], honba=head[1], riichi_sticks=head[2], dice=None,
        dora_indicator=0, ten=tuple(t // 100 for t in ten), oya=head[0] % 4, hai=((),) * 4,
    )
    if init.oya >= seats:
        raise ctx.fail(f"round {head[0]} has no dealer in a {seats}-player game", "log[0]")
    hand = Walk(init=init, seats=seats, red=rules.red_fives, starts=starts, dora=dora,
                 ura=ura, draws=draws, acts=acts, outcome=outcome)
    try:
        return hand.search(index)
    except Misfit as exc:
        raise ctx.fail(exc.message, exc.element or "log") from None


def _deltas(ctx: ReadContext, value: object) -> tuple[int, ...]:
    deltas = _ints(ctx, value, "deltas")
    if len(deltas) == 3:
        deltas.append(0)
    if len(deltas) != 4:
        raise ctx.fail(f"deltas {value!r} do not have 4 entries")
    return tuple(deltas)


def _outcome(ctx: ReadContext, raw: object, seats: int) -> Outcome:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise ctx.fail("the result is not a list starting with its name")
    head = raw[0]
    if head in DRAW_NAMES:
        kind = DRAW_NAMES[head]
        deltas = _deltas(ctx, raw[1]) if len(raw) > 1 else (0, 0, 0, 0)
        return Outcome(kind=kind or "", deltas=deltas)
    if head != "和了" or len(raw) < 3 or len(raw) % 2 == 0:
        raise ctx.fail(f"unknown result {head!r} (or its deltas and details are not paired)")
    wins = []
    for k in range(1, len(raw), 2):
        deltas = _deltas(ctx, raw[k])
        details = raw[k + 1]
        if not isinstance(details, list) or len(details) < 3:
            raise ctx.fail("win details are not [who, from, pao, ...]")
        who, frm, pao = (_int(ctx, v, "seat") for v in details[:3])
        if not all(0 <= s < seats for s in (who, frm, pao)):
            raise ctx.fail(f"win details {details[:3]} name a seat outside 0..{seats - 1}")
        names = details[4:]
        if not all(isinstance(n, str) for n in details[3:]):
            raise ctx.fail("win details hold a non-string after the seats")
        if len(details) == 3:
            fu, points, limit = None, -1, 0
        else:
            fu, points, limit = _points(ctx, details[3], tsumo=who == frm, seats=seats)
        wins.append((who, frm, None if pao == who else pao, fu, points, limit, names, deltas))
    return Outcome(kind=None, wins=tuple(wins))


def _points(ctx: ReadContext, text: str, *, tsumo: bool, seats: int) -> tuple[int | None, int, int]:
    match = _POINTS.fullmatch(text)
    if match is None:
        raise ctx.fail(f"point string {text!r} cannot be read")
    fu_text, _, limit_name, first, second, everyone = match.groups()
    fu = int(fu_text) if fu_text else None
    limit = 0
    if limit_name:
        limit = 5 if limit_name == "数え役満" else LIMIT_NAMES.index(limit_name)
    value = int(first)
    if second is not None:
        if not tsumo:
            raise ctx.fail(f"point string {text!r} is a tsumo's, but the win is a ron")
        value = value * (seats - 2) + int(second)
    elif everyone:
        if not tsumo:
            raise ctx.fail(f"point string {text!r} is a tsumo's, but the win is a ron")
        value *= seats - 1
    elif tsumo:
        raise ctx.fail(f"point string {text!r} is a ron's, but the win is a tsumo")
    return fu, value, limit


_EXAMPLE = json.dumps({
    "title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [[
        [0, 0, 0], [25000, 25000, 25000, 25000], [18], [],
        [11, 15, 23, 23, 27, 29, 37, 39, 43, 44, 45, 46, 47], [41], [],
        [12, 12, 15, 51, 19, 19, 22, 22, 23, 24, 33, 36, 36], [], [],
        [11, 11, 14, 17, 22, 35, 35, 35, 36, 37, 41, 44, 47], [], [],
        [12, 13, 25, 27, 28, 31, 36, 38, 38, 41, 42, 45, 46], [], [],
        ["九種九牌"],
    ]],
})
