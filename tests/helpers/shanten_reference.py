"""Slow, obvious shanten reference (never shipped): a full search over decompositions.

The regular form follows the definition written in ``mahjong_rules/kernel/_tables.py``:
every tile is placed in a set, a partial set, a pair or left isolated, and

    value = h + 2*M + T - max(0, M + T - n)         shanten = 2*n - value

with the three corrections of the ``mahjong`` package (one pair per kind, the no-pair
all-quad-isolated penalty, greedy honour-like kinds with the quad floor). Nothing here is
shared with the kernel: it searches tile by tile, with no tables.
"""

from __future__ import annotations

from collections.abc import Sequence

HONORS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, *HONORS)


def honor_like_kinds(kinds: Sequence[bool]) -> list[int]:
    """Honours and suited kinds with no neighbour within two in the tile set."""
    result = [k for k in HONORS if kinds[k]]
    for kind in range(27):
        if not kinds[kind]:
            continue
        pos, base = kind % 9, kind - kind % 9
        partners = [base + p for p in (pos - 2, pos - 1, pos + 1, pos + 2) if 0 <= p < 9]
        if not any(kinds[p] for p in partners):
            result.append(kind)
    return result


def regular(counts: Sequence[int], kinds: Sequence[bool] = (True,) * 34) -> int:
    """Regular-form shanten by exhaustive search."""
    tiles = list(counts)
    original = tuple(tiles)
    size = sum(tiles)
    n = size // 3
    honor_like = honor_like_kinds(kinds)
    melds = pairs = honor_quads = 0
    quad_isolated = other_isolated = False
    for kind in honor_like:
        count = tiles[kind]
        if count == 4:
            melds += 1
            honor_quads += 1
            quad_isolated = True
        elif count == 3:
            melds += 1
        elif count == 2:
            pairs += 1
        elif count == 1:
            other_isolated = True
        tiles[kind] = 0
    floor = honor_quads - 1 if honor_quads and size % 3 == 2 else honor_quads
    best = 99
    paired = [False] * 34

    def search(kind: int, sets: int, partials: int, pair_count: int, quad_iso: bool,
               other_iso: bool) -> None:
        nonlocal best
        while kind < 34 and tiles[kind] == 0:
            kind += 1
        if kind == 34:
            extra = partials + max(pair_count - 1, 0)
            value = (1 if pair_count else 0) + 2 * sets + extra - max(0, sets + extra - n)
            shanten = 2 * n - value
            if pair_count == 0 and quad_iso and not other_iso:
                shanten += 1
            if shanten != -1:
                shanten = max(shanten, floor)
            best = min(best, shanten)
            return
        pos = kind % 9
        if tiles[kind] >= 3:
            tiles[kind] -= 3
            search(kind, sets + 1, partials, pair_count, quad_iso, other_iso)
            tiles[kind] += 3
        if pos <= 6 and kind < 27 and tiles[kind + 1] and tiles[kind + 2]:
            for k in (kind, kind + 1, kind + 2):
                tiles[k] -= 1
            search(kind, sets + 1, partials, pair_count, quad_iso, other_iso)
            for k in (kind, kind + 1, kind + 2):
                tiles[k] += 1
        if tiles[kind] >= 2 and not paired[kind]:
            tiles[kind] -= 2
            paired[kind] = True
            search(kind, sets, partials, pair_count + 1, quad_iso, other_iso)
            paired[kind] = False
            tiles[kind] += 2
        for step in (1, 2):
            if pos + step <= 8 and kind < 27 and tiles[kind + step]:
                tiles[kind] -= 1
                tiles[kind + step] -= 1
                search(kind, sets, partials + 1, pair_count, quad_iso, other_iso)
                tiles[kind] += 1
                tiles[kind + step] += 1
        tiles[kind] -= 1
        is_quad = original[kind] == 4
        search(kind, sets, partials, pair_count, quad_iso or is_quad, other_iso or not is_quad)
        tiles[kind] += 1

    search(0, melds, 0, pairs, quad_isolated, other_isolated)
    return best


def pairs_shape(counts: Sequence[int], *, pairs_needed: int = 7, triplets_needed: int = 0,
                quad_as_two_pairs: bool = False) -> int:
    """Seven pairs (and a triplet): tiles lacking for the shape, minus one.

    A knapsack over kinds: each kind takes a role (nothing, a pair, two pairs, the
    triplet) and contributes the tiles it already holds for that role.
    """
    # state: (pairs used, triplets used) -> most usable tiles
    states: dict[tuple[int, int], int] = {(0, 0): 0}
    for count in counts:
        roles = [(0, 0, 0), (1, 0, min(count, 2)), (0, 1, min(count, 3))]
        if quad_as_two_pairs:
            roles.append((2, 0, min(count, 4)))
        new_states: dict[tuple[int, int], int] = {}
        for (used_pairs, used_triplets), usable in states.items():
            for add_pairs, add_triplets, gain in roles:
                key = (used_pairs + add_pairs, used_triplets + add_triplets)
                if key[0] > pairs_needed or key[1] > triplets_needed:
                    continue
                new_states[key] = max(new_states.get(key, -1), usable + gain)
        states = new_states
    target = 2 * pairs_needed + 3 * triplets_needed
    return target - 1 - states[(pairs_needed, triplets_needed)]


def thirteen_orphans(counts: Sequence[int]) -> int:
    """13 - distinct terminal/honour kinds - (1 if one of them is paired)."""
    held = [counts[k] for k in ORPHANS]
    return 13 - sum(1 for c in held if c) - (1 if any(c >= 2 for c in held) else 0)


def shanten(counts: Sequence[int], *, kinds: Sequence[bool] = (True,) * 34, n_sets: int = 4,
            quad_as_two_pairs: bool = False) -> int:
    """Minimum over the forms, the specials only for full closed hands."""
    result = regular(counts, kinds)
    if sum(counts) // 3 == n_sets:
        if n_sets == 4:
            result = min(result, pairs_shape(counts, quad_as_two_pairs=quad_as_two_pairs),
                         thirteen_orphans(counts))
        else:
            result = min(result, pairs_shape(counts, triplets_needed=1,
                                             quad_as_two_pairs=quad_as_two_pairs))
    return result
