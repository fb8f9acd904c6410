"""Injected Taiwanese walls for scenario tests: hands, draws and replacements in mpsz.

Wall layout (docs/taiwanese-game.md, :data:`LAYOUT`): tiles 0-63 are dealt in four rounds
of four, from the dealer; the live wall follows (its first tile is the dealer's
seventeenth, then every draw in order); the last 16 tiles are the dead wall, whose front
gives the replacement tiles. Each replacement moves the last live tile to the back of the
dead wall, so ``back`` names the back of the live wall, its last tile first. Flowers that
are not named go to the back of the dead wall (no replacement reaches them in a short
scenario); the other tiles that are not named fill the remaining places in a fixed
shuffled order.
"""

from __future__ import annotations

import random

import mahjong_rules as mr
from mahjong_rules.actions import Action, DeclareReady, Pass
from mahjong_rules.notation import parse_tiles
from mahjong_rules.rulesets.taiwanese import TaiwaneseRuleset
from mahjong_rules.state import State
from mahjong_rules.tiles import kind_of

DEAD = {
    1: "147m147p147s1234567z",
    2: "147m147p147s1234567z",
    3: "147m147p147s1234567z",
}
"""16-tile hands that can claim nothing (no pair, no two tiles of one run) and never win:
the seats that only discard their drawn tile."""
WAIT_25P = "234m567m888m567s34p99s"
"""Ready on 2p/5p (a run completed from anyone); with 2p or 5p a complete 17-tile hand."""
WAIT_58P = "666m999m234s888s55m67p"
"""Ready on 5p/8p."""
PON_5P = "147m147s1234567z55p8m"
"""Can pon 5p and claim nothing else (with two DEAD hands beside it)."""


LAYOUT = TaiwaneseRuleset().wall_layout()
"""The Taiwanese wall layout (:class:`mahjong_rules.walls.WallLayout`) the walls are built in."""


def ids(text: str, pool: list[int]) -> list[int]:
    """Take physical ids for mpsz ``text`` out of ``pool`` (lowest id of each kind first)."""
    out = []
    for tile in parse_tiles(text):
        found = next(t for t in pool if kind_of(t) == tile.kind)
        pool.remove(found)
        out.append(found)
    return out


def build_wall(*, hands: dict[int, str], draws: list[str] | None = None, dead: str = "",
               back: str = "", dealer: int = 0, fill_seed: int = 0) -> list[int]:
    """A 144-tile wall where seat ``s`` is dealt ``hands[s]`` (at most 16 tiles).

    ``draws`` are the live wall from its front: the first is the dealer's seventeenth tile.
    ``dead`` is the dead wall from its front (the replacement tiles in order).
    """
    pool = list(range(144))
    dealt = {s: ids(text, pool) for s, text in hands.items()}
    front = [t for text in (draws or []) for t in ids(text, pool)]
    dead_named = ids(dead, pool)
    back_named = ids(back, pool)
    flowers = [t for t in pool if t >= 136]
    pool = [t for t in pool if t < 136]
    random.Random(fill_seed).shuffle(pool)
    deal = [0] * LAYOUT.dealt
    for seat in range(LAYOUT.seats):
        tiles = dealt.get(seat, [])
        assert len(tiles) <= LAYOUT.hand_size, (seat, len(tiles))
        while len(tiles) < LAYOUT.hand_size:
            tiles.append(pool.pop())
        offset = (seat - dealer) % LAYOUT.seats
        for place, tile in zip(LAYOUT.deal_places(offset), tiles, strict=True):
            deal[place] = tile
    dead_wall = list(dead_named)
    while len(dead_wall) < LAYOUT.dead_wall - len(flowers):
        dead_wall.append(pool.pop())
    dead_wall.extend(flowers)
    live = front + pool + back_named[::-1]
    wall = deal + live + dead_wall
    assert sorted(wall) == list(range(144))
    assert len(live) == 144 - LAYOUT.dealt - LAYOUT.dead_wall
    return wall


def start(options: object = None, **wall: object) -> tuple[TaiwaneseRuleset, State]:
    """Taiwanese rules and a game on one injected wall (plus filler walls for later hands)."""
    rules = mr.make("taiwanese", options)  # type: ignore[arg-type]
    assert isinstance(rules, TaiwaneseRuleset)
    first = build_wall(**wall)  # type: ignore[arg-type]
    later = [build_wall(hands={}, fill_seed=k) for k in range(1, 40)]
    return rules, rules.setup(walls=[first, *later], players=["p0", "p1", "p2", "p3"])


def tile_id(text: str) -> int:
    """The lowest physical id of one mpsz tile (a flower's only id)."""
    return ids(text, list(range(144)))[0]


def open_play(rules: mr.Ruleset, state: State, *declaring: int, at: int | None = None) -> State:
    """Answer the opening declaration window: ``declaring`` seats declare, the others pass."""
    while state.claim is not None and state.claim.source == "declaration":
        seat = min(rules.to_act(state))
        action: Action = (DeclareReady(seat=seat, at=at) if seat in declaring
                          else Pass(seat=seat, at=at))
        state = rules.apply(state, action)
    return state
