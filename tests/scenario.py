"""Injected walls for scenario tests: write the hands, draws and indicators in mpsz.

Wall layout (docs/reducer.md): the first ``13 * seats`` tiles are dealt, 13 to each seat in
turn from the dealer; the live wall follows (the dealer's first draw, then every draw in
order); the last 14 tiles are the dead wall: 4 replacement tiles, 5 dora indicators, 5
ura indicators. Tiles not named fill the other places in a fixed shuffled order.
"""

from __future__ import annotations

import random

import mahjong_rules as mr
from mahjong_rules.notation import parse_tiles


def _ids(text: str, pool: list[int]) -> list[int]:
    """Take physical ids for mpsz ``text`` out of ``pool`` (``0`` = the red five)."""
    out = []
    for tile in parse_tiles(text):
        if tile.red:
            wanted = 4 * tile.kind
            pool.remove(wanted)
            out.append(wanted)
            continue
        candidates = [t for t in pool if t >> 2 == tile.kind and t not in (16, 52, 88)]
        if not candidates:
            candidates = [t for t in pool if t >> 2 == tile.kind]
        pool.remove(candidates[0])
        out.append(candidates[0])
    return out


def build_wall(rules: mr.Ruleset, *, hands: dict[int, str], draws: list[str] | None = None,
               dora: str = "", rinshan: str = "", ura: str = "", dealer: int = 0,
               fill_seed: int = 0) -> list[int]:
    """A wall where seat ``s`` is dealt ``hands[s]`` and the live wall starts with ``draws``.

    ``draws`` are single tiles (or several tiles in one string) in draw order; the first
    is the dealer's first draw.
    """
    n = rules.num_seats
    pool = sorted(rules.tile_ids())  # type: ignore[attr-defined]
    dealt = {s: _ids(text, pool) for s, text in hands.items()}
    drawn = [t for text in (draws or []) for t in _ids(text, pool)]
    dead_named = (_ids(rinshan, pool), _ids(dora, pool), _ids(ura, pool))
    random.Random(fill_seed).shuffle(pool)
    deal: list[int] = []
    for i in range(n):
        seat = (dealer + i) % n
        tiles = dealt.get(seat, [])
        assert len(tiles) <= 13, (seat, len(tiles))
        while len(tiles) < 13:
            tiles.append(pool.pop())
        deal.extend(tiles)
    dead: list[int] = []
    for named, size in zip(dead_named, (4, 5, 5), strict=True):
        block = list(named)
        while len(block) < size:
            block.append(pool.pop())
        dead.extend(block)
    live = drawn + pool
    return deal + live + dead


def start(name: str, options: object = None, **wall: object) -> tuple[mr.Ruleset, mr.State]:
    """A ruleset and a game on one injected wall (plus filler walls for later hands)."""
    rules = mr.make(name, options)  # type: ignore[arg-type]
    first = build_wall(rules, **wall)  # type: ignore[arg-type]
    later = [build_wall(rules, hands={}, fill_seed=k) for k in range(1, 40)]
    return rules, rules.setup(walls=[first, *later], players=[f"p{i}" for i in range(
        rules.num_seats)])
