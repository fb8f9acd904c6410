"""The mjlog records written as tenhou.net/6 JSON (:func:`write_tenhou6`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from mahjong_rules.errors import LogFormatError, NotationError, Reason
from mahjong_rules.notation._kinds import LIMIT_NAMES, RED_KINDS, URA, YAKU_NAMES
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouReach,
    TenhouResult,
    TenhouRules,
    TenhouRyuukyoku,
)
from mahjong_rules.notation.tenhou6.codes import (
    DAN_NAMES,
    DRAW_NAMES,
    NO_DISCARD,
    ROOMS,
    TSUMOGIRI,
    spec_code,
)


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
            code = TSUMOGIRI if event.tile == last_draw[event.seat] else _code(event.tile, red)
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
    room = {v: k for k, v in ROOMS.items()}[rules.type & 0xA0]
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
        acts[who].append(NO_DISCARD)


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
