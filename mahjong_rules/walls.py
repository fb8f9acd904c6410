"""Wall layouts: where the reducer takes every tile of a hand's wall from, and a builder.

A wall is one permutation of a ruleset's tile ids (``Ruleset.tile_ids()``: 0..135 in
riichi; in sanma the 108 ids without 2m-8m, that is without ids 4..31; in Taiwanese
0..143, flowers 136..143). :class:`WallLayout` says which place of it becomes which
seat's hand, the live wall and the dead wall; the reducer splits every wall with its
ruleset's layout (``Ruleset.wall_layout()``), so a wall built here is dealt exactly as
written. :func:`build_wall` writes the hands, draws and indicators of a scenario in mpsz
(``setup(walls=[...])`` plays it).

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("sanma")
    >>> wall = build_wall(rules, hands={0: "123p456p789s555z4z"}, draws=["1s"],
    ...                   replacement="1s")
    >>> state = rules.setup(walls=[wall])
    >>> mr.format_ids(state.seats[0].hand), state.seats[0].drawn >> 2  # the dealer drew 1s
    ('123456p1789s4555z', 18)
    >>> layout = rules.wall_layout()
    >>> layout.dealt, layout.dead_wall, len(rules.tile_ids()) - layout.dealt - layout.dead_wall
    (39, 14, 55)

.. versionadded:: 0.3
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from mahjong_rules.errors import NotationError, Reason
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import RED_FIVE_IDS, kind_of

if TYPE_CHECKING:
    from mahjong_rules.engine import Ruleset

__all__ = ["WallLayout", "WallRules", "build_wall"]


Parts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""The dead wall's parts: replacement tiles, dora indicators, ura-dora indicators."""


@attrs.frozen(kw_only=True)
class WallLayout:
    """Where each tile of a hand's wall goes.

    The first ``seats * hand_size`` tiles are dealt, ``deal_block`` at a time to each
    seat in turn from the dealer (riichi: 13 in one block each; Taiwanese: four rounds of
    four); the live wall follows, the dealer's first draw first; the last tiles are the
    dead wall: ``replacement_tiles``, then ``dora_indicators``, then ``ura_indicators``.
    A replacement draw takes the next replacement tile and the last live tile moves to
    the back of the replacement queue (the reducer's business: the dead wall keeps its
    size).

    .. versionadded:: 0.3
    """

    seats: int
    hand_size: int = 13
    deal_block: int = 13
    replacement_tiles: int = 4
    dora_indicators: int = 5
    ura_indicators: int = 5

    @property
    def dealt(self) -> int:
        """Tiles dealt in all."""
        return self.seats * self.hand_size

    @property
    def dead_wall(self) -> int:
        """Tiles of the dead wall."""
        return self.replacement_tiles + self.dora_indicators + self.ura_indicators

    def deal_places(self, offset: int) -> tuple[int, ...]:
        """The wall places dealt to the seat ``offset`` seats after the dealer, in order.

        Examples:
            >>> WallLayout(seats=4, hand_size=16, deal_block=4).deal_places(1)[:6]
            (4, 5, 6, 7, 20, 21)
        """
        return _places(self.seats, self.hand_size, self.deal_block, offset)

    def dead_places(self, size: int) -> tuple[range, range, range]:
        """The places of the dead wall's parts in a wall of ``size`` tiles.

        The replacement tiles, the dora indicators and the ura indicators, in order.

        Examples:
            >>> WallLayout(seats=4).dead_places(136)
            (range(122, 126), range(126, 131), range(131, 136))

        .. versionadded:: 0.4
        """
        first = size - self.dead_wall
        second = first + self.replacement_tiles
        third = second + self.dora_indicators
        return range(first, second), range(second, third), range(third, size)

    def split(self, wall: Sequence[int],
              dealer: int) -> tuple[list[tuple[int, ...]], tuple[int, ...], Parts]:
        """The dealt hands by seat (sorted), the live wall and the dead wall's parts."""
        n = self.seats
        hands: list[tuple[int, ...]] = [()] * n
        for offset in range(n):
            hands[(dealer + offset) % n] = tuple(sorted(
                wall[p] for p in self.deal_places(offset)))
        replacement, dora, ura = self.dead_places(len(wall))
        return (hands, tuple(wall[self.dealt:replacement.start]),
                (tuple(wall[replacement.start:replacement.stop]),
                 tuple(wall[dora.start:dora.stop]), tuple(wall[ura.start:ura.stop])))

    def assemble(self, *, hands: Mapping[int, Sequence[int]], live: Sequence[int],
                 dead: Parts, fill: Sequence[int], dealer: int = 0) -> list[int]:
        """A wall with these hands, live-wall front and dead-wall fronts; ``fill`` the rest.

        ``fill`` gives the places not named, taken from its end (``fill.pop()``) for the
        hands and the dead wall, and in order for the back of the live wall.
        """
        rest = list(fill)
        deal = [0] * self.dealt
        for offset in range(self.seats):
            tiles = list(hands.get((dealer + offset) % self.seats, ()))
            while len(tiles) < self.hand_size:
                tiles.append(rest.pop())
            for place, tile in zip(self.deal_places(offset), tiles, strict=True):
                deal[place] = tile
        back: list[int] = []
        for named, count in zip(dead, (self.replacement_tiles, self.dora_indicators,
                                       self.ura_indicators), strict=True):
            part = list(named)
            while len(part) < count:
                part.append(rest.pop())
            back.extend(part)
        return [*deal, *live, *rest, *back]


@functools.cache
def _places(seats: int, hand_size: int, block: int, offset: int) -> tuple[int, ...]:
    return tuple(block * (seats * (k // block) + offset) + k % block for k in range(hand_size))


@runtime_checkable
class WallRules(Protocol):
    """What :func:`build_wall` needs of a ruleset (riichi, sanma, Taiwanese have it)."""

    def tile_ids(self) -> tuple[int, ...]: ...  # noqa: D102
    def red_ids(self) -> frozenset[int]: ...  # noqa: D102
    def wall_layout(self) -> WallLayout: ...  # noqa: D102


def _take(text: str, pool: list[int], red: frozenset[int]) -> list[int]:
    """Physical ids for mpsz ``text`` out of ``pool`` (``0`` is the red five).

    A plain five takes a plain copy while one is left.

    Raises:
        NotationError: bad mpsz, or a tile the set does not hold (any more).
    """
    out = []
    for tile in parse_tiles(text):
        copies = [t for t in pool if kind_of(t) == tile.kind]
        if tile.red:
            copies = [t for t in copies if t in red]
        else:
            # a plain copy first, red fives on or off: the same wall either way
            copies.sort(key=RED_FIVE_IDS.__contains__)
        if not copies:
            raise NotationError(Reason.TOO_MANY_COPIES,
                                f"no {tile} is left in the set for {text!r}", text=text)
        pool.remove(copies[0])
        out.append(copies[0])
    return out


def build_wall(rules: Ruleset | WallRules, *, hands: Mapping[int, str],
               draws: Sequence[str] = (), replacement: str = "", dora: str = "",
               ura: str = "", dealer: int = 0, fill_seed: int = 0) -> list[int]:
    """A wall where seat ``s`` is dealt ``hands[s]`` and the live wall starts with ``draws``.

    Every text is mpsz (``0`` for the red five). ``draws`` are the live wall from its
    front: the first is the dealer's first draw, then every draw in turn order (calls
    change the order). ``replacement``, ``dora`` and ``ura`` are the fronts of the dead
    wall's three parts. A hand may be shorter than its size; every place not named is
    filled from the tiles left, in an order fixed by ``fill_seed``.

    Raises:
        NotationError: bad mpsz, a tile the set does not hold or holds no more of
            (``too_many_copies``), a hand longer than the deal or for a seat the game
            does not have, or a dead-wall part longer than its size (``bad_hand_size``).
        TypeError: a ruleset without a wall layout.

    Examples:
        >>> import mahjong_rules as mr
        >>> rules = mr.make("riichi")
        >>> wall = build_wall(rules, hands={1: "19m19p19s1234567z"}, draws=["1m"])
        >>> rules.setup(walls=[wall]).seats[1].hand == tuple(sorted(wall[13:26]))
        True
        >>> try:
        ...     build_wall(mr.make("sanma"), hands={0: "2m"})
        ... except mr.NotationError as exc:
        ...     print(exc.reason.value)
        too_many_copies

    .. versionadded:: 0.3
    """
    if not isinstance(rules, WallRules):
        raise TypeError(f"{type(rules).__name__} has no wall layout")
    layout = rules.wall_layout()
    red = rules.red_ids()
    pool = sorted(rules.tile_ids())
    dealt: dict[int, list[int]] = {}
    for seat, text in hands.items():
        dealt[seat] = _take(text, pool, red)
        if len(dealt[seat]) > layout.hand_size or not 0 <= seat < layout.seats:
            raise NotationError(Reason.BAD_HAND_SIZE, f"seat {seat} is dealt "
                                f"{layout.hand_size} tiles, not {len(dealt[seat])}", text=text)
    live = [t for text in draws for t in _take(text, pool, red)]
    dead: list[tuple[int, ...]] = []
    for text, size in ((replacement, layout.replacement_tiles),
                       (dora, layout.dora_indicators), (ura, layout.ura_indicators)):
        part = tuple(_take(text, pool, red))
        if len(part) > size:
            raise NotationError(Reason.BAD_HAND_SIZE,
                                f"{text!r} is longer than its {size} places", text=text)
        dead.append(part)
    random.Random(fill_seed).shuffle(pool)  # noqa: S311 - a filler order, not a secret
    return layout.assemble(hands=dealt, live=live, dead=(dead[0], dead[1], dead[2]),
                           fill=pool, dealer=dealer)
