"""The wall shuffle's one-loop form (``rng.shuffle``) against its readable form.

``shuffle_by_stream`` draws each index with ``below`` from ``stream``: the module's
definition. ``shuffle`` writes the same draws out in one loop; every wall of every
ruleset comes from it, so the two must give the same list for any seed and label.
"""

from __future__ import annotations

import pytest

from mahjong_rules.rng import shuffle, shuffle_by_stream


@pytest.mark.parametrize("size", [0, 1, 2, 5, 108, 136, 144])
def test_shuffle_equals_the_stream_form(size: int) -> None:
    for seed in range(200):
        for label in ("wall/0", f"wall/{seed}", "test"):
            items = list(range(size))
            assert shuffle(items, seed=seed, label=label) == shuffle_by_stream(
                items, seed=seed, label=label)
            assert items == list(range(size))
