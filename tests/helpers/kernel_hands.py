"""Hands for the kernel's tests: the option sets and dense hands (many pairs and sets)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from mahjong_rules import kernel

__all__ = ["OPTIONS", "dense_hand"]

OPTIONS: dict[str, dict[str, object]] = {
    "riichi": {},
    "sanma": {"kinds": kernel.SANMA_KINDS},
    "taiwanese": {"n_sets": 5, "quad_as_two_pairs": True, "thirteen_orphans": False},
    "five_sets_plain_pairs": {"n_sets": 5},
    "quads_as_pairs": {"quad_as_two_pairs": True},
    "no_seven_pairs": {"seven_pairs": False},
    "no_orphans": {"thirteen_orphans": False},
    "no_specials": {"seven_pairs": False, "thirteen_orphans": False},
    "sanma_five_sets": {"kinds": kernel.SANMA_KINDS, "n_sets": 5, "quad_as_two_pairs": True},
}


def dense_hand(rng: np.random.Generator, options: dict[str, object],
               full: bool) -> NDArray[np.uint8]:
    """A 3n+2 hand drawn from a wall of few kinds (pairs, triplets and quads are common)."""
    mask = np.array(options.get("kinds", kernel.ALL_KINDS), dtype=np.bool_)
    kinds = np.flatnonzero(mask)
    n_sets = int(options.get("n_sets", 4))  # type: ignore[call-overload]
    size = 3 * (n_sets if full else int(rng.integers(0, n_sets + 1))) + 2
    few = max(int(rng.integers(4, 14)), size // 4 + 1)
    wall = np.repeat(rng.choice(kinds, size=min(len(kinds), few), replace=False), 4)
    tiles = rng.choice(wall, size=size, replace=False)
    return np.bincount(tiles, minlength=34).astype(np.uint8)
