"""A log hand's wall in the reducer's layout.

The deal, every draw, replacement draw, dora and ura indicator the log shows go where
the reducer takes them from (``Ruleset.wall_layout()``); with a SHUFFLE seed the other
places get the seed's tiles (``log-formats.md`` section 7), else the rest of the set.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    rebuild_wall,
)
from mahjong_rules.replay.reports import Mismatch
from mahjong_rules.walls import WallLayout

_REPLACED_AFTER = frozenset({"daiminkan", "ankan", "kakan", "kita"})
"""The calls after which the caller's next draw is a replacement draw."""


def _draw_sequence(hand: TenhouHand) -> list[tuple[int, bool]]:
    """Every draw of the hand: (tile, is a replacement draw)."""
    pending: set[int] = set()
    draws: list[tuple[int, bool]] = []
    for event in hand.events:
        if isinstance(event, TenhouDraw):
            seat = event.seat
            if seat in pending:
                draws.append((event.tile, True))
                pending.discard(seat)
            else:
                draws.append((event.tile, False))
        elif isinstance(event, TenhouCall) and event.meld.kind in _REPLACED_AFTER:
            pending.add(event.who)
    return draws


def _indicators(hand: TenhouHand) -> tuple[list[int], list[int]]:
    """The dora and ura indicators the log shows, in order."""
    dora = [hand.init.dora_indicator]
    dora.extend(e.tile for e in hand.events if isinstance(e, TenhouDora))
    return _shown_at_wins(hand, dora)


def _shown_at_wins(hand: TenhouHand, dora: list[int]) -> tuple[list[int], list[int]]:
    """The dora and ura indicators, a win's lists taken where they show more.

    ``dora``: the indicators of the hand's start and events.
    """
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
    if seed_wall is not None:
        agreed = seeded_wall(hand, tile_ids, layout, seed_wall)
        if agreed is not None:
            return agreed, []
    size = len(tile_ids)
    seats = layout.seats
    wall: list[int | None] = [None] * size
    dealer = hand.init.oya
    hai = hand.init.hai
    deals = [layout.deal_places(i) for i in range(seats)]
    for i, places in enumerate(deals):
        for place, tile in zip(places, sorted(hai[(dealer + i) % seats]), strict=True):
            wall[place] = tile
    live_slots = _place_draws(hand, wall, layout)
    _replacement, dora_places, ura_places = layout.dead_places(size)
    for indicators, part in zip(_indicators(hand), (dora_places, ura_places), strict=True):
        for place, tile in zip(part, indicators, strict=False):
            wall[place] = tile
    shown = [t for t in wall if t is not None]
    used = set(shown)
    if len(used) != len(shown) or not used <= _tile_set(tuple(tile_ids)):
        raise LogFormatError("the log shows a tile twice (more copies than the set holds) "
                             "or a tile outside the set", hand=hand.index, element="wall")
    problems: list[Mismatch] = []
    if seed_wall is not None:
        # the seed's tile of each place of the reducer's wall
        seeded = [seed_wall[index] for index in _layout(size, layout)]
        problems = _seed_problems(wall, seeded, live_slots, deals)
        _fill(wall, seeded, used)
    if len(used) == size:  # every place known (a seed's wall): nothing left to fill
        return cast("list[int]", wall), problems
    rest = iter(t for t in tile_ids if t not in used)
    full = [t if t is not None else next(rest) for t in wall]
    return full, problems


def seeded_wall(hand: TenhouHand, tile_ids: Sequence[int], layout: WallLayout,
                seed_wall: Sequence[int]) -> list[int] | None:
    """:func:`build_wall`'s wall when the log agrees with the seed's wall, else ``None``.

    The seed's wall in the reducer's layout, with each seat's dealt tiles in sorted order
    (the log's, the same tiles), when every tile the log shows (the deal, every draw and
    replacement draw, every dora and ura indicator) is the seed's at its place and the
    seed's wall is a permutation of the set: then every place is known and
    :func:`build_wall` has nothing to fill and no disagreement to report. ``None`` when
    anything differs (or the log draws more than the wall holds): :func:`build_wall`'s
    general path finds what. ``tests/test_replay_fast.py`` compares the two on every
    hand of every shared log, with its seed's wall and with another hand's.
    """
    size = len(tile_ids)
    if len(seed_wall) != size or frozenset(seed_wall) != _tile_set(tuple(tile_ids)):
        return None
    wall = [seed_wall[index] for index in _layout(size, layout)]
    seats = layout.seats
    dealer = hand.init.oya
    hai = hand.init.hai
    for offset in range(seats):
        places = layout.deal_places(offset)
        tiles = sorted(hai[(dealer + offset) % seats])
        if sorted([wall[place] for place in places]) != tiles:
            return None
        for place, tile in zip(places, tiles, strict=True):
            wall[place] = tile
    dora = _draws_agree(hand, wall, layout)
    if dora is None or not _indicators_agree(hand, wall, layout, dora):
        return None
    return wall


def _indicators_agree(hand: TenhouHand, wall: list[int], layout: WallLayout,
                      dora: list[int]) -> bool:
    """The dora and ura indicators the log shows are ``wall``'s (as :func:`_indicators`).

    ``dora``: the indicators of the hand's start and events; a win may show more.
    """
    dora, ura = _shown_at_wins(hand, dora)
    _replacement, dora_places, ura_places = layout.dead_places(len(wall))
    return all(wall[place] == tile
               for part, indicators in ((dora_places, dora), (ura_places, ura))
               for place, tile in zip(part, indicators, strict=False))


def _draws_agree(hand: TenhouHand, wall: list[int], layout: WallLayout) -> list[int] | None:
    """The dora indicators of the hand's events when every draw is ``wall``'s, else ``None``.

    The draws go where :func:`_place_draws` puts them (``None`` too when the log draws
    more than the wall holds).
    """
    front, back = layout.dealt, len(wall) - layout.dead_wall - 1
    queue = list(layout.dead_places(len(wall))[0])
    pending: set[int] = set()  # the seats whose next draw is a replacement draw
    dora = [hand.init.dora_indicator]
    for event in hand.events:
        if type(event) is TenhouDiscard:  # half the events: nothing to place
            continue
        if isinstance(event, TenhouDraw):
            if front > back:
                return None
            seat = event.seat
            if seat in pending:
                slot = queue.pop(0)
                queue.append(back)
                back -= 1
                pending.discard(seat)
            else:
                slot = front
                front += 1
            if wall[slot] != event.tile:
                return None
        elif isinstance(event, TenhouCall) and event.meld.kind in _REPLACED_AFTER:
            pending.add(event.who)
        elif isinstance(event, TenhouDora):
            dora.append(event.tile)
    return dora


def _seed_problems(wall: list[int | None], seeded: list[int], live_slots: list[int],
                   deals: list[tuple[int, ...]]) -> list[Mismatch]:
    """The disagreement of the log's dealt and drawn tiles with the seed's wall, if any."""
    wrong = [s for s in live_slots if seeded[s] != wall[s]]
    wrong.extend(i for i, places in enumerate(deals) if sorted(
        seeded[s] for s in places) != [wall[s] for s in places])
    if not wrong:
        return []
    return [Mismatch(field="wall", expected=f"the seed's tile in {len(wrong)} dealt or "
                     "drawn slots", got="other tiles in the log")]


def _fill(wall: list[int | None], seeded: list[int], used: set[int]) -> None:
    """Each place the log leaves open gets the seed's tile, unless the log shows it."""
    for slot, known in enumerate(wall):
        if known is None:
            tile = seeded[slot]
            if tile not in used:
                wall[slot] = tile
                used.add(tile)


@functools.cache
def _tile_set(tile_ids: tuple[int, ...]) -> frozenset[int]:
    """The tiles of a set, for the test that the log shows only those."""
    return frozenset(tile_ids)


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
