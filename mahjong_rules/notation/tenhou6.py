"""tenhou.net/6 JSON logs: read into and write from the mjlog records.

The JSON that tenhou.net/6 shows (and that mjai-reviewer and Mahjong Soul converters
write) stores each hand as per-seat lists of tiles: start hand, draws (with calls as
strings) and discards (with riichi, kans and kita as strings), then the result. Reading
rebuilds the turn order and gives every tile a physical id (see
``docs/reference/logs.md``), so :func:`parse_tenhou6` returns the same
:class:`~mahjong_rules.notation.tenhou.TenhouGame` records as
:func:`~mahjong_rules.notation.tenhou.parse_mjlog`; :func:`write_tenhou6` writes one back.

Everything that cannot be read raises :class:`~mahjong_rules.errors.LogFormatError`
(reason ``bad_log``) naming the file, the hand and the element.

.. versionadded:: 0.2
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, TypeVar

import attrs

from mahjong_rules.errors import LogFormatError, NotationError, Reason
from mahjong_rules.notation._kinds import (
    LIMIT_NAMES,
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
    settle,
    shown_hands,
    yaku_id,
)
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouPlayers,
    TenhouReach,
    TenhouResult,
    TenhouRules,
    TenhouRyuukyoku,
)

__all__ = ["DAN_NAMES", "parse_tenhou6", "write_tenhou6"]

DAN_NAMES = (
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段",
    "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
)
"""Tenhou's dan names, indexed by the mjlog ``<UN dan>`` number."""

DRAW_NAMES: dict[str, str | None] = {
    "流局": None, "流し満貫": "nm", "九種九牌": "yao9", "四家立直": "reach4",
    "三家和了": "ron3", "四槓散了": "kan4", "四風連打": "kaze4",
}
"""tenhou.net/6 names of the drawn hands -> the mjlog ``<RYUUKYOKU type>``."""

_REF = re.compile(r"\d{10}gm-([0-9a-f]{4})-(\d{4})-[0-9a-f]{8}")
_TENHOU_DISP = re.compile(r"(三)?([般上特鳳])?([東南])?(喰)?(赤)?(速)?")
_POINTS = re.compile(
    r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))?(\d+)(?:-(\d+))?点(∀)?"
)
_YAKU = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)")
_ROOMS = {"般": 0, "上": 0x80, "特": 0x20, "鳳": 0xA0}
_TSUMOGIRI = 60
_NO_DISCARD = 0
_HANDS_BEFORE = 4
_HAND_LENGTH = 17
_SEARCH_LIMIT = 1000
"""Readings of a hand's call order tried at most (the real logs need 4 at most)."""
_UNKNOWN_RULES = 0x04 | 0x08 | 0x20 | 0x40 | 0x80
_P_LETTER = {0: 3, 2: 2, 4: 1}
_T = TypeVar("_T")
_M_LETTER = {0: 3, 2: 2, 6: 1}


# ------------------------------------------------------------------- tile codes


def code_spec(code: int) -> Spec | None:
    """A tenhou.net/6 tile code (11..47, 51..53 red fives) as (kind, red), or ``None``.

    >>> code_spec(11), code_spec(47), code_spec(52), code_spec(48)
    ((0, False), (33, False), (13, True), None)
    """
    if isinstance(code, bool) or not isinstance(code, int):
        return None
    return _CODE_SPECS.get(code)


def _code_specs() -> dict[int, Spec]:
    table: dict[int, Spec] = {}
    for suit in range(3):
        for rank in range(1, 10):
            table[(suit + 1) * 10 + rank] = (suit * 9 + rank - 1, False)
    for rank in range(1, 8):
        table[40 + rank] = (26 + rank, False)
    for i, kind in enumerate(RED_KINDS):
        table[51 + i] = (kind, True)
    return table


_CODE_SPECS = _code_specs()


def spec_code(spec: Spec) -> int:
    """The tenhou.net/6 code of (kind, red).

    >>> spec_code((4, True)), spec_code((33, False))
    (51, 47)
    """
    kind, red = spec
    if red:
        return 51 + RED_KINDS.index(kind)
    return (kind // 9 + 1) * 10 + kind % 9 + 1


# ---------------------------------------------------------------------- tokens

_DrawToken = tuple[Literal["draw"], Spec]
_CallToken = tuple[Literal["chi", "pon", "daiminkan"], int, Spec, tuple[Spec, ...]]
"""kind, relative source (1 next, 2 across, 3 previous), called tile, own tiles."""
_ActToken = (
    tuple[Literal["discard"], Spec | None, bool]
    | tuple[Literal["ankan"], tuple[Spec, ...]]
    | tuple[Literal["kakan"], Spec]
    | tuple[Literal["kita"], Spec]
    | tuple[Literal["none"]]
)


class _Bad(Exception):  # noqa: N818 - internal: a token that no reading can use
    pass


def _codes(digits: str) -> list[Spec]:
    if len(digits) % 2 or not (digits.isdigit() or not digits) or not digits.isascii():
        raise _Bad(f"{digits!r} is not a list of two-digit tile codes")
    specs = [code_spec(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]
    if any(s is None for s in specs):
        raise _Bad(f"{digits!r} holds a code that is not a tile")
    return [s for s in specs if s is not None]


def _split(token: str, letters: str) -> tuple[str, int, list[Spec], list[Spec]]:
    found = [(i, ch) for i, ch in enumerate(token) if ch.isalpha()]
    if len(found) != 1 or found[0][1] not in letters:
        raise _Bad(f"{token!r} is not a call string")
    at, letter = found[0]
    return letter, at, _codes(token[:at]), _codes(token[at + 1 :])


def _draw_token(token: object) -> _DrawToken | _CallToken:
    if isinstance(token, int) and not isinstance(token, bool):
        spec = code_spec(token)
        if spec is None:
            raise _Bad(f"{token} is not a tile code")
        return ("draw", spec)
    if not isinstance(token, str):
        raise _Bad(f"{token!r} is neither a tile code nor a call string")
    letter, at, before, after = _split(token, "cpm")
    tiles = before + after
    if letter == "c" and at == 0 and len(tiles) == 3:
        return ("chi", 3, after[0], tuple(after[1:]))
    if letter == "p" and at in _P_LETTER and len(tiles) == 3:
        return ("pon", _P_LETTER[at], after[0], tuple(before + after[1:]))
    if letter == "m" and at in _M_LETTER and len(tiles) == 4:
        return ("daiminkan", _M_LETTER[at], after[0], tuple(before + after[1:]))
    raise _Bad(f"{token!r} is not a chi, pon or open kan")


def _act_token(token: object) -> _ActToken:
    if isinstance(token, int) and not isinstance(token, bool):
        if token == _TSUMOGIRI:
            return ("discard", None, False)
        if token == _NO_DISCARD:
            return ("none",)
        spec = code_spec(token)
        if spec is None:
            raise _Bad(f"{token} is not a tile code")
        return ("discard", spec, False)
    if not isinstance(token, str):
        raise _Bad(f"{token!r} is neither a tile code nor an action string")
    return _act_string(token)


def _act_string(token: str) -> _ActToken:
    if token.startswith("r") and token[1:].isdigit() and token[1:].isascii():
        code = int(token[1:])
        if code == _TSUMOGIRI:
            return ("discard", None, True)
        spec = code_spec(code)
        if spec is None or len(token) != 3:
            raise _Bad(f"{token!r} is not a riichi discard")
        return ("discard", spec, True)
    letter, at, before, after = _split(token, "akf")
    tiles = before + after
    if letter == "a" and len(tiles) == 4:
        return ("ankan", tuple(tiles))
    if letter == "k" and at in _P_LETTER and len(tiles) == 4:
        return ("kakan", after[0])
    if letter == "f" and at == 0 and len(tiles) == 1:
        return ("kita", tiles[0])
    raise _Bad(f"{token!r} is not a closed kan, added kan or kita")


# ------------------------------------------------------------------- reading


@attrs.define
class _Ctx:
    name: str
    hand: int | None = None
    element: str = ""

    def fail(self, message: str, element: str | None = None) -> LogFormatError:
        return LogFormatError(message, name=self.name, hand=self.hand,
                              element=self.element if element is None else element)


def _int(ctx: _Ctx, value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(f"{what} {value!r} is not an integer")
    return value


def _ints(ctx: _Ctx, value: object, what: str, count: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise ctx.fail(f"{what} {value!r} is not a list")
    if count is not None and len(value) != count:
        raise ctx.fail(f"{what} has {len(value)} entries, not {count}")
    return [_int(ctx, v, what) for v in value]


def _specs(ctx: _Ctx, value: object, what: str) -> list[Spec]:
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
        >>> write_tenhou6(game)["log"][0][16]
        ['九種九牌']

    .. versionadded:: 0.2
    """
    ctx = _Ctx(name=name, element="log")
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
        if not isinstance(raw, list) or len(raw) != _HAND_LENGTH:
            ctx.hand = i
            raise ctx.fail(f"a hand is a list of {_HAND_LENGTH} elements")
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


def _with_shuffles(ctx: _Ctx, data: dict[str, Any], hands: list[TenhouHand]
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


def _rules(ctx: _Ctx, data: dict[str, Any], *, sanma: bool) -> TenhouRules:
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


def _stated_type(ctx: _Ctx, disp: str | None, ref: re.Match[str] | None,
                 platform: str) -> tuple[int, int]:
    """The GO type bits the log id or the rule name state, and the bits left unknown."""
    if ref and platform == "tenhou":
        return int(ref.group(1), 16), 0
    if disp is not None and platform == "tenhou":
        parts = _TENHOU_DISP.fullmatch(disp)
        if parts is None or parts.group(2) is None or parts.group(3) is None:
            raise ctx.fail(f"unknown rule name {disp!r}", "rule.disp")
        type_ = 0x01 | _ROOMS[parts.group(2)] | (0x08 if parts.group(3) == "南" else 0)
        return type_ | (0 if parts.group(4) else 0x04) | (0x40 if parts.group(6) else 0), 0
    if disp is not None and "South" in disp:
        return 0x01 | 0x08, _UNKNOWN_RULES & ~0x08
    return 0x01 | 0x08, _UNKNOWN_RULES  # hanchan when unknown: Tenhou's usual game


def _four_plain_fives(log: list[Any]) -> bool:
    """Whether a hand shows four plain copies of a five (dealt, drawn or indicators)."""
    for hand in log:
        if not isinstance(hand, list) or len(hand) != _HAND_LENGTH:
            return False
        seen = [t for k in (2, 3, 4, 5, 7, 8, 10, 11, 13, 14) if isinstance(hand[k], list)
                for t in hand[k] if isinstance(t, int)]
        if any(seen.count(code) >= 4 for code in (15, 25, 35)):
            return True
    return False


def _players(ctx: _Ctx, data: dict[str, Any]) -> TenhouPlayers:
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


def _with_owari(ctx: _Ctx, data: dict[str, Any], hands: list[TenhouHand],
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


def _tokens(ctx: _Ctx, raw: list[Any], element: int, parse: Callable[[object], _T]) -> list[_T]:
    ctx.element = f"log[{element}]"
    if not isinstance(raw[element], list):
        raise ctx.fail("not a list")
    out = []
    for k, token in enumerate(raw[element]):
        try:
            out.append(parse(token))
        except _Bad as exc:
            raise ctx.fail(str(exc), f"log[{element}][{k}]") from None
    return out


def _hand(ctx: _Ctx, index: int, raw: list[Any], rules: TenhouRules, *,
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
    draws: list[list[_DrawToken | _CallToken]] = []
    acts: list[list[_ActToken]] = []
    for seat in range(4):
        base = _HANDS_BEFORE + 3 * seat
        ctx.element = f"log[{base}]"
        start = _specs(ctx, raw[base], f"seat {seat} start hand")
        expected = 13 if seat < seats else 0
        if len(start) != expected:
            raise ctx.fail(f"seat {seat} starts with {len(start)} tiles, not {expected}")
        starts.append(start)
        draws.append(_tokens(ctx, raw, base + 1, _draw_token))
        acts.append(_tokens(ctx, raw, base + 2, _act_token))
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
    hand = _Walk(init=init, seats=seats, red=rules.red_fives, starts=starts, dora=dora,
                 ura=ura, draws=draws, acts=acts, outcome=outcome)
    try:
        return hand.search(index)
    except Misfit as exc:
        raise ctx.fail(exc.message, exc.element or "log") from None


# ------------------------------------------------------------------- results

_WinSpec = tuple[int, int, int | None, int | None, int, int, list[str], tuple[int, ...]]
"""who, from, pao, fu, points, limit, yaku strings, deltas."""


@attrs.frozen
class _Outcome:
    kind: str | None
    """``None`` for wins, else the mjlog draw type (``""`` for exhaustive)."""
    wins: tuple[_WinSpec, ...] = ()
    deltas: tuple[int, ...] = (0, 0, 0, 0)


def _deltas(ctx: _Ctx, value: object) -> tuple[int, ...]:
    deltas = _ints(ctx, value, "deltas")
    if len(deltas) == 3:
        deltas.append(0)
    if len(deltas) != 4:
        raise ctx.fail(f"deltas {value!r} do not have 4 entries")
    return tuple(deltas)


def _outcome(ctx: _Ctx, raw: object, seats: int) -> _Outcome:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise ctx.fail("the result is not a list starting with its name")
    head = raw[0]
    if head in DRAW_NAMES:
        kind = DRAW_NAMES[head]
        deltas = _deltas(ctx, raw[1]) if len(raw) > 1 else (0, 0, 0, 0)
        return _Outcome(kind=kind or "", deltas=deltas)
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
    return _Outcome(kind=None, wins=tuple(wins))


def _points(ctx: _Ctx, text: str, *, tsumo: bool, seats: int) -> tuple[int | None, int, int]:
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


# ------------------------------------------------------------------ the walk


@attrs.define
class _Walk:
    """Rebuilds one hand's turn order from the per-seat lists."""

    init: TenhouInit
    seats: int
    red: bool
    starts: list[list[Spec]]
    dora: list[Spec]
    ura: list[Spec]
    draws: list[list[_DrawToken | _CallToken]]
    acts: list[list[_ActToken]]
    outcome: _Outcome

    def search(self, index: int) -> TenhouHand:
        """Try the readings of the call order, calls first, until one fits."""
        choices: list[int] = []
        best: tuple[int, Misfit] | None = None
        for _ in range(_SEARCH_LIMIT):
            made: list[tuple[int, int]] = []
            tracker = HandTracker(seats=self.seats, red_fives=self.red)
            try:
                return self.walk(index, tracker, choices, made)
            except Misfit as exc:
                if best is None or len(tracker.events) > best[0]:
                    best = (len(tracker.events), exc)  # report the reading that got furthest
            while made and made[-1][0] + 1 >= made[-1][1]:
                made.pop()
            if not made:
                break
            made[-1] = (made[-1][0] + 1, made[-1][1])
            choices = [pick for pick, _ in made]
        assert best is not None
        raise best[1]

    def walk(self, index: int, t: HandTracker, choices: list[int],  # noqa: C901, PLR0912, PLR0915
             made: list[tuple[int, int]]) -> TenhouHand:
        try:
            hai = tuple(t.deal(s, self.starts[s]) if s < self.seats else () for s in range(4))
            indicators = [t.new(s) for s in self.dora]
            ura = [t.new(s) for s in self.ura]
        except Misfit as exc:
            raise Misfit(exc.message, "log[2..15]") from None
        init = attrs.evolve(self.init, hai=hai, dora_indicator=indicators[0])
        t.init = init
        t.scores = list(init.ten)
        di = [0] * 4
        ai = [0] * 4
        revealed = 1
        pending = 0
        seat, phase = init.oya, "draw"

        def reveal(count: int) -> int:
            nonlocal revealed
            for _ in range(count):
                if revealed < len(indicators):
                    t.dora(indicators[revealed])
                    revealed += 1
            return 0

        def where(seat: int, offset: int, k: int) -> str:
            return f"log[{_HANDS_BEFORE + 3 * seat + offset}][{k}]"

        while True:
            if phase == "draw":
                if di[seat] == len(self.draws[seat]):
                    break
                token = self.draws[seat][di[seat]]
                if token[0] != "draw":
                    raise Misfit(f"seat {seat} must draw, but its next draw is a {token[0]}",
                                 where(seat, 1, di[seat]))
                try:
                    t.draw(seat, token[1])
                except Misfit as exc:
                    raise Misfit(exc.message, where(seat, 1, di[seat])) from None
                di[seat] += 1
                phase = "act"
                continue
            if ai[seat] == len(self.acts[seat]):
                break
            act = self.acts[seat][ai[seat]]
            at = where(seat, 2, ai[seat])
            ai[seat] += 1
            if act[0] == "none":
                raise Misfit(f"seat {seat} skips a discard without an open kan", at)
            try:
                if act[0] == "ankan":
                    t.ankan(seat, act[1])
                    pending = reveal(pending + 1)
                    phase = "draw"
                    continue
                if act[0] == "kakan":
                    t.kakan(seat, act[1])
                    pending = reveal(pending) + 1
                    phase = "draw"
                    continue
                if act[0] == "kita":
                    t.kita(seat, act[1])
                    phase = "draw"
                    continue
                pending = reveal(pending)
                _, spec, riichi = act
                if riichi:
                    t.declare_riichi(seat)
                t.discard(seat, spec)
                if riichi:
                    t.accept_riichi(seat)
            except Misfit as exc:
                raise Misfit(exc.message, at) from None
            assert t.last is not None
            discarded = t.spec(t.last[2])
            options: list[tuple[int, _CallToken] | None] = []
            chi: list[tuple[int, _CallToken] | None] = []
            for step in range(1, self.seats):
                other = (seat + step) % self.seats
                if di[other] == len(self.draws[other]):
                    continue
                token = self.draws[other][di[other]]
                if token[0] == "draw" or token[2] != discarded:
                    continue
                call: _CallToken = token
                if (other + call[1]) % 4 != seat:
                    continue
                (chi if call[0] == "chi" else options).append((other, call))
            options += [*chi, None]
            pick = 0
            if len(options) > 1:
                pick = choices[len(made)] if len(made) < len(choices) else 0
                made.append((pick, len(options)))
            chosen = options[pick]
            if chosen is None:
                seat, phase = (seat + 1) % self.seats, "draw"
                continue
            other, call = chosen
            at = where(other, 1, di[other])
            di[other] += 1
            try:
                t.call(other, call[0], seat, call[2], call[3])
            except Misfit as exc:
                raise Misfit(exc.message, at) from None
            seat, phase = other, "act"
            if call[0] == "daiminkan":
                if ai[other] == len(self.acts[other]) or self.acts[other][ai[other]][0] != "none":
                    raise Misfit(f"seat {other}'s open kan is not followed by a 0 discard", at)
                ai[other] += 1
                pending += 1
                phase = "draw"
        for s in range(4):
            if di[s] != len(self.draws[s]) or ai[s] != len(self.acts[s]):
                raise Misfit(f"seat {s} has tiles left after the hand ended",
                             where(s, 1 if di[s] != len(self.draws[s]) else 2,
                                   min(di[s], ai[s])))
        # a win counts every indicator of the list, also one the walk did not turn (the
        # mjlog's doraHai, not its DORA tags, says what counted)
        return self.finish(index, t, init, indicators, ura)

    def finish(self, index: int, t: HandTracker, init: TenhouInit, dora: list[int],
               ura: list[int]) -> TenhouHand:
        outcome = self.outcome
        if outcome.kind is None:
            last = t.events[-1] if t.events else None
            if (isinstance(last, TenhouReach) and last.step == 2 and t.last is not None
                    and t.last[0] == "discard" and any(w[1] != w[0] for w in outcome.wins)):
                t.events.pop()  # a ron on the riichi discard: the deposit is never paid
                t.riichi[last.who] = False
                t.scores[last.who] += 10
            round_wind = init.round // 4
            facts: list[WinFacts | DrawFacts] = []
            for who, frm, pao, fu, stated, limit, names, deltas in outcome.wins:
                yaku: list[tuple[int, int]] = []
                yakuman: list[int] = []
                for text in names:
                    match = _YAKU.fullmatch(text)
                    ident = None if match is None else yaku_id(
                        match.group(1), round_wind=round_wind,
                        seat_wind=(who - init.oya) % self.seats)
                    if match is None or ident is None:
                        raise Misfit(f"unknown yaku {text!r}", "log[16]")
                    if match.group(3):
                        yakuman.append(ident)
                    else:
                        add_yaku(yaku, ident, int(match.group(2)))
                points = stated
                if points < 0:  # stripped details: the winner's delta without extras
                    points = deltas[who] - sum(extras(t, first=not facts))
                add_zero_ura(yaku)
                facts.append(WinFacts(
                    who=who, from_who=frm, pao_who=pao, fu=fu, points=points, limit=limit,
                    yaku=tuple(yaku), yakuman=tuple(yakuman), deltas=deltas,
                    dora_hai=tuple(dora), ura_hai=tuple(ura) if t.riichi[who] else (),
                ))
        else:
            kind = outcome.kind or None
            declarer = t.last[1] if t.last is not None and t.last[0] == "draw" else None
            hai, known = shown_hands(t, kind, outcome.deltas, declarer)
            facts = [DrawFacts(type=kind, deltas=outcome.deltas, hai=hai, hai_known=known)]
        results = settle(t, facts)
        return TenhouHand(index=index, init=init, events=tuple(t.events), results=results)


# ------------------------------------------------------------------- writing


def _code(tile: int, red_fives: bool) -> int:
    kind = tile // 4
    return spec_code((kind, red_fives and kind in RED_KINDS and tile % 4 == 0))


def _codes_text(tiles: Sequence[int], red_fives: bool) -> str:
    return "".join(str(_code(t, red_fives)) for t in tiles)


def _order(tiles: Iterable[int]) -> list[int]:
    return sorted(tiles, key=lambda t: (t // 4, t))


def write_tenhou6(game: TenhouGame) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of a game (``json.dumps`` it to save).

    What the format cannot hold is left out: dice, the SHUFFLE seed, disconnects, the fu
    of limit hands and which of two equal tiles was which (ids other than the red fives).
    The per-hand ``shuffle`` of a 2009-layout mjlog is kept in a top-level ``shuffle``
    list, one entry per hand (an extension of this library): the replay follows that
    era's rules.

    .. versionadded:: 0.2
    """
    if not isinstance(game, TenhouGame):
        raise NotationError(Reason.BAD_INPUT, f"not a TenhouGame: {type(game).__name__}")
    red = game.rules.red_fives
    out: dict[str, Any] = {"title": ["", ""], "name": list(game.players.names)}
    disp = game.rules.disp or (None if game.rules.unknown else _disp(game.rules))
    out["rule"] = {"aka": int(red)} if disp is None else {"disp": disp, "aka": int(red)}
    if game.version:
        out["ver"] = game.version
    if game.rules.lobby:
        out["lobby"] = game.rules.lobby
    if game.players.dan and all(0 <= d < len(DAN_NAMES) for d in game.players.dan):
        out["dan"] = [DAN_NAMES[d] for d in game.players.dan]
    if game.players.rate:
        out["rate"] = list(game.players.rate)
    if game.players.sex:
        out["sx"] = list(game.players.sex)
    final = game.hands[-1].results[-1].owari
    if final is not None:
        out["sc"] = [v for score, placement in final for v in (score * 100, placement)]
    out["log"] = [_write_hand(hand, red, game.seats) for hand in game.hands]
    if any(hand.init.shuffle is not None for hand in game.hands):
        # the 2009 layout: each hand's own shuffle (an extension of this library)
        out["shuffle"] = [hand.init.shuffle for hand in game.hands]
    return out


def _write_hand(hand: TenhouHand, red: bool, seats: int) -> list[Any]:  # noqa: C901 - one branch per event kind
    init = hand.init
    draws: list[list[int | str]] = [[] for _ in range(4)]
    acts: list[list[int | str]] = [[] for _ in range(4)]
    last_draw: list[int | None] = [None] * 4
    riichi = [False] * 4
    dora = [init.dora_indicator]
    for event in hand.events:
        if isinstance(event, TenhouDraw):
            draws[event.seat].append(_code(event.tile, red))
            last_draw[event.seat] = event.tile
        elif isinstance(event, TenhouDiscard):
            code = _TSUMOGIRI if event.tile == last_draw[event.seat] else _code(event.tile, red)
            acts[event.seat].append(f"r{code}" if riichi[event.seat] else code)
            riichi[event.seat] = False
            last_draw[event.seat] = None
        elif isinstance(event, TenhouReach):
            riichi[event.who] = event.step == 1
        elif isinstance(event, TenhouCall):
            _write_call(event, draws, acts, red)
            if event.meld.kind in {"chi", "pon", "daiminkan"}:
                last_draw[event.who] = None
        elif isinstance(event, TenhouDora):
            dora.append(event.tile)
    ura: tuple[int, ...] = ()
    for res in hand.results:
        if isinstance(res, TenhouAgari) and len(res.dora_hai) > len(dora):
            dora = list(res.dora_hai)  # an indicator no DORA tag turned
        if isinstance(res, TenhouAgari) and res.ura_hai and not ura:
            ura = res.ura_hai
    row: list[Any] = [
        [init.round, init.honba, init.riichi_sticks], [t * 100 for t in init.ten],
        [_code(t, red) for t in dora], [_code(t, red) for t in ura],
    ]
    for seat in range(4):
        row += [[_code(t, red) for t in init.hai[seat]], draws[seat], acts[seat]]
    row.append(_write_result(hand.results, init, seats))
    return row


def _disp(rules: TenhouRules) -> str:
    room = {v: k for k, v in _ROOMS.items()}[rules.type & 0xA0]
    return "".join((
        "三" if rules.sanma else "", room, "南" if rules.hanchan else "東",
        "喰" if rules.kuitan else "", "赤" if rules.red_fives else "", "速" if rules.fast else "",
    ))


def _write_call(event: TenhouCall, draws: list[list[int | str]], acts: list[list[int | str]],
                red: bool) -> None:
    meld, who = event.meld, event.who
    if meld.kind == "kita":
        acts[who].append(f"f{_codes_text(meld.tiles, red)}")
        return
    if meld.kind == "ankan":
        text = _codes_text(_order(meld.tiles), red)
        acts[who].append(f"{text[:6]}a{text[6:]}")
        return
    called = meld.called
    assert called is not None
    if meld.kind == "kakan":
        assert meld.added is not None
        rest = _order(t for t in meld.tiles if t not in (called, meld.added))
        at = {3: 0, 2: 1, 1: 2}[meld.source]
        before, after = rest[:at], rest[at:]
        acts[who].append(
            f"{_codes_text(before, red)}k{_codes_text([meld.added, called], red)}"
            f"{_codes_text(after, red)}"
        )
        return
    rest = _order(t for t in meld.tiles if t != called)
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[meld.kind]
    at = {3: 0, 2: 1, 1: len(rest)}[meld.source] if meld.kind != "chi" else 0
    before, after = rest[:at], rest[at:]
    draws[who].append(
        f"{_codes_text(before, red)}{letter}{_codes_text([called], red)}{_codes_text(after, red)}"
    )
    if meld.kind == "daiminkan":
        acts[who].append(_NO_DISCARD)


def _write_result(results: Sequence[TenhouResult], init: TenhouInit, seats: int) -> list[Any]:
    first = results[0]
    if isinstance(first, TenhouRyuukyoku):
        name = next(k for k, v in DRAW_NAMES.items() if v == first.type)
        deltas = [d * 100 for d in first.deltas]
        if first.type in {None, "nm"}:
            return [name, deltas]
        return [name, deltas] if any(deltas) else [name]
    out: list[Any] = ["和了"]
    for res in results:
        if not isinstance(res, TenhouAgari):
            raise LogFormatError("a hand with both wins and a draw", element="result")
        out.append([d * 100 for d in res.deltas])
        seats_part = [res.who, res.from_who, res.who if res.pao_who is None else res.pao_who]
        if not res.yaku and not res.yakuman:  # a stripped excerpt: the seats alone
            out.append(seats_part)
            continue
        out.append([*seats_part, _point_text(res, init, seats), *_yaku_texts(res)])
    return out


def _point_text(res: TenhouAgari, init: TenhouInit, seats: int) -> str:
    if res.limit:
        head = LIMIT_NAMES[res.limit]
    else:
        han = sum(h for _, h in res.yaku)
        head = f"{res.fu}符{han}飜"
    if not res.is_tsumo:
        return f"{head}{res.points}点"
    if res.who == init.oya:
        return f"{head}{res.points // (seats - 1)}点∀"
    # non-dealer tsumo: points = ko * (seats - 2) + oya, with oya = 2 ko or 2 ko - 100
    share = seats  # 4p: 4 ko or 4 ko - 100; sanma: 3 ko or 3 ko - 100
    ko = math.ceil(res.points / share / 100) * 100
    return f"{head}{ko}-{res.points - ko * (seats - 2)}点"


def _yaku_texts(res: TenhouAgari) -> list[str]:
    texts = [f"{YAKU_NAMES[i]}({h}飜)" for i, h in res.yaku
             if 0 <= i < len(YAKU_NAMES) and (i, h) != (URA, 0)]
    texts += [f"{YAKU_NAMES[i]}(役満)" for i in res.yakuman if 0 <= i < len(YAKU_NAMES)]
    return texts


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
