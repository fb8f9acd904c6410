"""Random hands drawn from shuffled walls, for kernel tests (a share forced to hold a quad)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def random_hands(rng: np.random.Generator, count: int, size: int, *, sanma: bool = False,
                 quad_share: float = 0.25) -> NDArray[np.uint8]:
    """Hands drawn from shuffled walls; a share of them forced to hold a quad."""
    kinds = np.arange(34) if not sanma else np.array([k for k in range(34) if not 1 <= k <= 7])
    wall = np.repeat(kinds, 4)
    order = np.argsort(rng.random((count, len(wall))), axis=1)[:, :size]
    hands = np.zeros((count, 34), dtype=np.uint8)
    np.add.at(hands, (np.repeat(np.arange(count), size), wall[order].ravel()), 1)
    if size >= 4:
        forced = np.nonzero(rng.random(count) < quad_share)[0]
        for row in forced:
            kind = int(rng.choice(kinds))
            rest = wall[wall != kind]
            hand = np.zeros(34, dtype=np.uint8)
            hand[kind] = 4
            np.add.at(hand, rng.choice(rest, size - 4, replace=False), 1)
            hands[row] = hand
    return hands
