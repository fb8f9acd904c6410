"""Edits of a rebuilt state's hidden tiles (private to :mod:`mahjong_rules.mjai`).

A seat's rebuilt state (:class:`~mahjong_rules.mjai.knowledge.SeatKnowledge`) fills
every tile the seat cannot see with some unseen tile. When an event shows one of them
(another seat discards a tile, calls, declares riichi), the rebuilt state is edited so
that the shown tile is where the event says, by exchanging two tile ids
(:func:`relabel`): the seat's view does not change, because both places were hidden
from it.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from mahjong_rules.engine import Ruleset
from mahjong_rules.state import PlayerState, State

Spec = tuple[int, bool]
"""A tile as mjai names it: (kind, red)."""
Want = int | Spec
"""A tile an event names: its physical id when the host gave it, else its (kind, red)."""


def relabel(state: State, a: int, b: int) -> State:
    """``state`` with tiles ``a`` and ``b`` exchanged in hands, walls, indicators and kita.

    Rivers and melds are never touched: their tiles are the ones the events showed.
    """
    if a == b:
        return state
    swap = {a: b, b: a}

    def move(tiles: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(swap.get(t, t) for t in tiles) if (a in tiles or b in tiles) else tiles

    seats = []
    for player in state.seats:
        moved = player
        if a in player.hand or b in player.hand or a in player.kita or b in player.kita:
            drawn = player.drawn
            moved = attrs.evolve(player, hand=tuple(sorted(move(player.hand))),
                                 kita=move(player.kita),
                                 drawn=None if drawn is None else swap.get(drawn, drawn))
        seats.append(moved)
    return attrs.evolve(state, seats=tuple(seats), live=move(state.live),
                        rinshan=move(state.rinshan),
                        dora_indicators=move(state.dora_indicators),
                        ura_indicators=move(state.ura_indicators))


def hidden(state: State, seat: int, *, shown_dora: int = 0,
           exclude: Iterable[int] = ()) -> list[int]:
    """The tiles ``seat`` cannot see: the walls and unturned indicators, then other hands.

    ``shown_dora``: indicators the events have named already (a kan's indicator is
    announced before the reducer turns it at the discard); ``exclude``: tiles not to
    take (the walls come first so that other seats' hands are disturbed least).
    """
    out = [*state.live, *state.rinshan, *state.dora_indicators[max(state.revealed, shown_dora):],
           *state.ura_indicators]
    for other, player in enumerate(state.seats):
        if other != seat:
            out.extend(player.hand)
    skip = set(exclude)
    return [t for t in out if t not in skip]


def spec_of(tile: int, reds: frozenset[int]) -> Spec:
    """The (kind, red) of a physical id."""
    return tile >> 2, tile in reds


def fits(tile: int, want: Want, reds: frozenset[int]) -> bool:
    """The id is the wanted tile (the same id, or of the wanted kind and redness)."""
    if isinstance(want, int):
        return tile == want
    return spec_of(tile, reds) == want


def pick(candidates: Iterable[int], want: Want, reds: frozenset[int]) -> int | None:
    """The first candidate that is the wanted tile (ids in the given order)."""
    return next((t for t in candidates if fits(t, want, reds)), None)


def place_in_hand(state: State, seat: int, wants: Sequence[Want], reds: frozenset[int], *,
                  viewer: int, keep: Iterable[int] = (), shown_dora: int = 0,
                  exclude: Iterable[int] = ()) -> tuple[State, list[int]]:
    """Make another seat's hand hold the wanted tiles; the state and their ids.

    A wanted tile already in the hand is used as it is; one that is not comes from the
    tiles the viewer cannot see, in exchange for a hand tile that is neither wanted nor
    in ``keep`` (the drawn tile last).

    Raises:
        LookupError: a wanted tile is neither in the hand nor hidden from the viewer.
    """
    chosen: list[int] = []
    kept = set(keep)
    skip = set(exclude)
    for want in wants:
        hand = state.seats[seat].hand
        found = pick((t for t in hand if t not in chosen and t not in kept), want, reds)
        if found is None:
            pool = [t for t in hidden(state, viewer, shown_dora=shown_dora, exclude=skip)
                    if t not in hand]
            found = pick(pool, want, reds)
            if found is None:
                raise LookupError(f"no {want} left for seat {seat}")
            drawn = state.seats[seat].drawn
            spare = [t for t in hand if t not in chosen and t not in kept and t != drawn]
            spare += [t for t in hand if t == drawn and t not in chosen and t not in kept]
            if not spare:
                raise LookupError(f"seat {seat} has no tile to exchange for {want}")
            state = relabel(state, spare[0], found)
        chosen.append(found)
    return state, chosen


def tenpai_tiles(rules: Ruleset, pool: Sequence[int], size: int, *,
                 first_set: Sequence[int] = (), avoid: Iterable[int] = ()) -> list[int] | None:
    """``size`` tiles (3n+1) from ``pool`` that wait on something: sets and a single.

    ``first_set`` (three tiles of one kind) is one of the sets; the single is of a kind
    far from it, not in ``avoid``. ``None`` when the pool has no such tiles.
    """
    sets_needed = (size - 1) // 3 - (1 if first_set else 0)
    chosen = list(first_set)
    by_kind: dict[int, list[int]] = {}
    for tile in sorted(pool):
        if tile not in chosen:
            by_kind.setdefault(tile >> 2, []).append(tile)
    counts = Counter({k: len(v) for k, v in by_kind.items()})
    for kind in sorted(counts, key=lambda k: (-counts[k], k)):
        while sets_needed and counts[kind] >= 3:
            chosen.extend(by_kind[kind][:3])
            del by_kind[kind][:3]
            counts[kind] -= 3
            sets_needed -= 1
    for low in range(27):
        run = (low, low + 1, low + 2)
        while sets_needed and low % 9 <= 6 and all(counts[k] for k in run):
            for k in run:
                chosen.append(by_kind[k].pop(0))
                counts[k] -= 1
            sets_needed -= 1
    if sets_needed:
        return None
    banned = set(avoid) | {t >> 2 for t in first_set}
    near = {k + d for k in banned if k < 27 for d in (-2, -1, 1, 2) if (k + d) // 9 == k // 9}
    singles = sorted((k for k in counts if counts[k] and k not in banned),
                     key=lambda k: (k in near, k < 27, k))
    for kind in singles:
        hand = (*chosen, by_kind[kind][0])
        if rules.waits(hand):  # type: ignore[attr-defined]
            return list(hand)
    return None


def set_hand(state: State, seat: int, tiles: Sequence[int]) -> State:
    """Give another seat exactly these concealed tiles (all hidden from its viewer).

    Tiles of its hand that are not wanted go where the wanted ones were.
    """
    wanted = set(tiles)
    for tile in tiles:
        hand = state.seats[seat].hand
        if tile in hand:
            continue
        spare = next(t for t in hand if t not in wanted)
        state = relabel(state, spare, tile)
    return state


def evolve_seat(state: State, seat: int, **changes: object) -> State:
    """``state`` with one seat's fields changed."""
    seats = list(state.seats)
    player: PlayerState = seats[seat]
    seats[seat] = attrs.evolve(player, **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, seats=tuple(seats))
