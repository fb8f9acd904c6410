
"""Reusable hypothesis strategies for tiles, hands and count vectors.

Every strategy starts from a draw of distinct physical ids, as if dealt from a shuffled
wall, so the copy limits of the tile set (four of a kind, one of each flower, one red
five per suit) hold by construction.

Import from test modules as ``from helpers.strategies import count_vectors`` (``conftest.py``
puts this directory on ``sys.path``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from hypothesis import strategies as st

from mahjong_rules.tiles import (
    N_KINDS,
    N_KINDS_WITH_FLOWERS,
    RED_FIVE_IDS,
    Tile,
    TileId,
    TileKind,
    is_red,
    kind_of,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "RED_FIVE_KINDS",
    "count_vectors",
    "kind_lists",
    "tile_lists",
    "wall_draws",
]

N_IDS = 136
N_IDS_WITH_FLOWERS = 144
RED_FIVE_KINDS: tuple[TileKind, ...] = tuple(kind_of(i) for i in sorted(RED_FIVE_IDS))
"""The kinds 5m, 5p, 5s (4, 13, 22)."""


def _check_sizes(min_tiles: int, max_tiles: int, n_ids: int) -> None:
    if not 0 <= min_tiles <= max_tiles <= n_ids:
        msg = f"need 0 <= min_tiles <= max_tiles <= {n_ids}, got {min_tiles}, {max_tiles}"
        raise ValueError(msg)


def wall_draws(
    min_tiles: int = 0, max_tiles: int = 18, *, flowers: bool = False
) -> st.SearchStrategy[tuple[TileId, ...]]:
    """Distinct physical ids, in draw order: the first tiles of a shuffled wall.

    Ids are 0..135, or 0..143 with ``flowers``.
    """
    n_ids = N_IDS_WITH_FLOWERS if flowers else N_IDS
    _check_sizes(min_tiles, max_tiles, n_ids)
    return st.lists(
        st.integers(0, n_ids - 1), min_size=min_tiles, max_size=max_tiles, unique=True
    ).map(lambda ids: tuple(TileId(i) for i in ids))


def kind_lists(
    min_tiles: int = 0, max_tiles: int = 18, *, flowers: bool = False
) -> st.SearchStrategy[list[TileKind]]:
    """A multiset of kinds in random order: at most four of a kind, one of each flower."""
    return wall_draws(min_tiles, max_tiles, flowers=flowers).map(
        lambda ids: [kind_of(i) for i in ids]
    )


def _counts(ids: tuple[TileId, ...], size: int) -> NDArray[np.uint8]:
    counts = np.zeros(size, dtype=np.uint8)
    for tile_id in ids:
        counts[kind_of(tile_id)] += 1
    return counts


def count_vectors(
    min_tiles: int = 0, max_tiles: int = 18, *, flowers: bool = False
) -> st.SearchStrategy[NDArray[np.uint8]]:
    """A ``uint8`` count vector of shape (34,), or (42,) with ``flowers``.

    Built by counting the kinds of a wall draw, so every count is 0..4 (0..1 for
    flowers) and the counts sum to min_tiles..max_tiles.
    """
    size = N_KINDS_WITH_FLOWERS if flowers else N_KINDS
    return wall_draws(min_tiles, max_tiles, flowers=flowers).map(lambda ids: _counts(ids, size))


@st.composite
def _tile_lists(
    draw: st.DrawFn, min_tiles: int, max_tiles: int, red_fives: bool, flowers: bool
) -> list[Tile]:
    ids = draw(wall_draws(min_tiles, max_tiles, flowers=flowers))
    tiles = [Tile(kind_of(i), red=red_fives and is_red(i)) for i in ids]
    if not red_fives:
        return tiles
    # The red id is rarely dealt in a short draw: optionally turn a plain five of a suit
    # without a red five into the red one, so red fives show up often.
    for kind in RED_FIVE_KINDS:
        if Tile(kind, red=True) in tiles:
            continue
        plain = [index for index, tile in enumerate(tiles) if tile == Tile(kind)]
        if not plain:
            continue
        replace: bool = draw(st.booleans())
        if replace:
            tiles[draw(st.sampled_from(plain))] = Tile(kind, red=True)
    return tiles


def tile_lists(
    min_tiles: int = 0,
    max_tiles: int = 18,
    *,
    red_fives: bool = True,
    flowers: bool = False,
) -> st.SearchStrategy[list[Tile]]:
    """Tiles in random order, valid for the tile set.

    With ``red_fives`` the set has one red and three plain fives per suit: at most one
    ``Tile(k, red=True)`` and three plain ``Tile(k)`` for k in 4, 13, 22, and a red five
    often replaces a plain five. Without, no tile is red and fives have four plain copies.
    """
    n_ids = N_IDS_WITH_FLOWERS if flowers else N_IDS
    _check_sizes(min_tiles, max_tiles, n_ids)
    return _tile_lists(min_tiles, max_tiles, red_fives, flowers)
