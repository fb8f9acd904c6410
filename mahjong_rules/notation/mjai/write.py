"""The mjlog records written as mjai JSONL lines (:func:`write_mjai`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from mahjong_rules.errors import LogFormatError, NotationError, Reason
from mahjong_rules.notation._kinds import RED_KINDS, URA, YAKU_NAMES
from mahjong_rules.notation.mjai.hand import WINDS, pao_from_deltas
from mahjong_rules.notation.mjai.pai import spec_pai
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouBye,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouInit,
    TenhouReach,
    TenhouReconnect,
)


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
    if res.pao_who is not None or pao_from_deltas(res.deltas, res.who, res.from_who, seats):
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
        "type": "start_kyoku", "bakaze": WINDS[init.round // 4],
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
