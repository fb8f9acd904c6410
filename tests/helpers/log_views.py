"""Shared by the log-format tests: the real logs of ../shared and kind-level views of games.

tenhou.net/6 JSON and mjai name tiles by kind, so a game read from them gets its own
physical ids; :func:`view` projects a game onto what every format states (tile kinds with
the red flag, seats, scores, results) so that games read from different formats compare.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules.notation import read_log
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouMeld,
    TenhouReach,
    TenhouRyuukyoku,
)

LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"real logs not found at {LOGS}")
RED_KINDS = (4, 13, 22)


def files(*suffixes: str) -> list[Path]:
    """Every file under LOGS whose name ends with one of ``suffixes`` (sorted)."""
    if not LOGS.is_dir():
        return []
    return sorted(p for p in LOGS.rglob("*") if p.is_file() and p.name.endswith(suffixes))


def log_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@functools.cache
def games(path: Path) -> tuple[TenhouGame, ...]:
    """The games of a real log file (read once per test session)."""
    return read_log(path).games


Spec = tuple[int, bool]


@attrs.frozen
class _Kinds:
    """Ids to (kind, red) in a game with or without red fives."""

    red_fives: bool

    def spec(self, tile: int) -> Spec:
        kind = tile // 4
        return kind, self.red_fives and kind in RED_KINDS and tile % 4 == 0

    def specs(self, tiles: tuple[int, ...]) -> tuple[Spec, ...]:
        return tuple(sorted(self.spec(t) for t in tiles))

    def meld(self, meld: TenhouMeld) -> tuple[Any, ...]:
        spec = self.spec
        return (meld.kind, self.specs(meld.tiles),
                None if meld.called is None else spec(meld.called), meld.source,
                None if meld.added is None else spec(meld.added))


@attrs.frozen(kw_only=True)
class Carry:
    """Which fields a view keeps (a format that cannot carry one drops it)."""

    reach_ten: bool = True
    owari: bool = True
    shown: bool = True
    """The hands shown at a draw."""


def view(game: TenhouGame, carry: Carry = Carry()) -> list[tuple[Any, ...]]:
    """Per hand: the start, the events and the results, tiles as (kind, red)."""
    kinds = _Kinds(game.rules.red_fives)
    spec, specs, _meld = kinds.spec, kinds.specs, kinds.meld
    out = []
    for hand in game.hands:
        init = hand.init
        start = (init.round, init.honba, init.riichi_sticks, spec(init.dora_indicator),
                 init.ten, init.oya, tuple(specs(h) for h in init.hai))
        events: list[tuple[Any, ...]] = []
        for e in hand.events:
            if isinstance(e, (TenhouDraw, TenhouDiscard)):
                events.append((type(e).__name__, e.seat, spec(e.tile)))
            elif isinstance(e, TenhouCall):
                events.append(("call", e.who, _meld(e.meld)))
            elif isinstance(e, TenhouReach):
                events.append(("reach", e.who, e.step, e.ten if carry.reach_ten else None))
            elif isinstance(e, TenhouDora):
                events.append(("dora", spec(e.tile)))
        results: list[tuple[Any, ...]] = []
        for r in hand.results:
            owari = r.owari if carry.owari else None
            if isinstance(r, TenhouAgari):
                results.append((
                    "agari", r.who, r.from_who, r.pao_who, specs(r.hai),
                    tuple(_meld(m) for m in r.melds), spec(r.machi),
                    None if r.limit else r.fu, r.points, r.limit, r.yaku, r.yakuman,
                    specs(r.dora_hai), specs(r.ura_hai), r.ba, r.sc, owari,
                ))
            else:
                assert isinstance(r, TenhouRyuukyoku)
                shown = tuple(None if h is None else specs(h) for h in r.hai)
                results.append(("draw", r.type, r.ba, r.sc,
                                shown if carry.shown and r.hai_known else None, owari))
        out.append((start, tuple(events), tuple(results)))
    return out


def carried(original: TenhouGame, *, mjai: bool) -> Carry:
    """What a copy of ``original`` read back from a format can be compared on."""
    old_layout = all(
        e.ten is None for h in original.hands for e in h.events
        if isinstance(e, TenhouReach) and e.step == 2
    )
    return Carry(reach_ten=not old_layout, owari=not mjai, shown=True)


def blind_draws(original: list[tuple[Any, ...]], copy: TenhouGame) -> list[tuple[Any, ...]]:
    """``original``'s view with the shown hands hidden where ``copy`` does not know them."""
    out = []
    for (start, events, results), hand in zip(original, copy.hands, strict=True):
        fixed = tuple(
            (*r[:4], None, r[5]) if r[0] == "draw" and isinstance(res, TenhouRyuukyoku)
            and not res.hai_known else r
            for r, res in zip(results, hand.results, strict=True)
        )
        out.append((start, events, fixed))
    return out
