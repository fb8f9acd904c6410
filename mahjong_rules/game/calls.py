"""Calls on a discard: chi, pon and the open kan, their choices and their effect (seeds/000 5.2).

Which held tiles can claim a tile (every pair for a pon, every run for a chi, each
leaving a legal discard under the ruleset's swap-call rule, ``_kuikae``), the claim
window's actions of a seat, and the call itself: the meld, the discarder's river entry
marked called, ippatsu and the first go-around over, the ruleset's liability
(``_note_liability``) and, for an open kan, its dora and replacement draw.
Taiwanese: rules/taiwanese.md 1.4.

.. versionadded:: 0.4
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from mahjong_rules.actions import Action, Chi, Daiminkan, Pass, Pon, Ron
from mahjong_rules.game.hand_tiles import remove, tiles_of
from mahjong_rules.melds import MeldKind
from mahjong_rules.state import ClaimWindow, MeldRecord, Phase, Response, State, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["PASSES", "call", "call_action", "call_leaves_discard", "chi_allowed", "chi_choices",
           "chi_possible", "chi_runs", "claim_actions", "pon_choices"]


PASSES = tuple(Pass(seat=seat) for seat in range(4))


@functools.cache
def call_action(cls: type[Pon | Chi], seat: int, tiles: tuple[int, int]) -> Pon | Chi:
    """Shared immutable ``Pon`` and ``Chi`` actions (claim windows list them every time).

    Equal to a new one (``cls(seat=seat, tiles=tiles)``); the values are frozen, and the
    pairs a seat can hold are finite.

    Examples:
        >>> call_action(Chi, 1, (4, 8)) is call_action(Chi, 1, (4, 8))
        True
        >>> call_action(Chi, 1, (4, 8)) == Chi(seat=1, tiles=(4, 8))
        True
    """
    return cls(seat=seat, tiles=tiles)
"""``Pass(seat=s)`` of each seat: one shared immutable value (claim windows list it)."""


def pon_choices(rules: TableRuleset[Any], hand: tuple[int, ...], tile: int) -> list[tuple[int,
                ...]]:
    """Every pair of held tiles that can claim ``tile`` by pon (ids ascending)."""
    same = tiles_of(hand, tile >> 2)
    return [(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))]


def chi_possible(rules: TableRuleset[Any], state: State, seat: int, hand: tuple[int, ...],
                 tile: int) -> bool:
    """Some chi on ``tile`` exists that leaves a legal discard (no list built).

    The lowest held tile of each of a run's two other kinds is tried (:func:`chi_runs`
    lists the kinds).
    """
    size = len(hand)
    for first_kind, second_kind in chi_runs(tile >> 2):
        low = bisect_left(hand, 4 * first_kind)
        if low == size or hand[low] >= 4 * first_kind + 4:
            continue
        high = bisect_left(hand, 4 * second_kind, low)
        if high < size and hand[high] < 4 * second_kind + 4 and rules._call_leaves_discard(
                state, seat, (hand[low], hand[high]), tile, "chi"):
            return True
    return False


@functools.cache
def chi_runs(kind: int) -> tuple[tuple[int, int], ...]:
    """The two other kinds of each run of three ``kind`` may make, lowest run first.

    The runs of ``kind``'s row of nine (the callers ask for suited kinds only).

    Examples:
        >>> chi_runs(0), chi_runs(4), chi_runs(17)
        (((1, 2),), ((2, 3), (3, 5), (5, 6)), ((15, 16),))
    """
    pos = kind % 9
    runs: list[tuple[int, int]] = []
    for low in (kind - 2, kind - 1, kind):
        if low < kind - pos or low + 2 > kind - pos + 8:
            continue
        first, second = (k for k in (low, low + 1, low + 2) if k != kind)
        runs.append((first, second))
    return tuple(runs)


def chi_choices(rules: TableRuleset[Any], state: State, seat: int, hand: tuple[int, ...],
                tile: int) -> list[tuple[int, ...]]:
    """Every pair of held tiles that can claim ``tile`` by chi (ids ascending).

    Each leaves a legal discard.
    """
    kind = (tile >> 2)
    if kind >= 27:
        return []
    pos = kind % 9
    choices: dict[tuple[object, ...], tuple[int, ...]] = {}
    for low in (kind - 2, kind - 1, kind):
        if low < kind - pos or low + 2 > kind - pos + 8:
            continue
        need = [k for k in (low, low + 1, low + 2) if k != kind]
        first = tiles_of(hand, need[0])
        second = tiles_of(hand, need[1])
        if not first or not second:
            continue
        for a in first:
            for b in second:
                pair = (a, b)
                if rules._call_leaves_discard(state, seat, pair, tile, "chi"):
                    choices[pair] = pair
    return sorted(choices.values())


def call_leaves_discard(rules: TableRuleset[Any], state: State, seat: int, used: tuple[int, ...],
                        tile: int,
                        kind_of_call: str) -> bool:
    """A call with ``used`` on ``tile`` leaves a tile the seat may discard.

    ``used`` are tiles of the seat's hand; the swap-call rule (``_kuikae``) forbids
    some. The first held tile outside ``used`` of a kind not forbidden answers (no hand
    without ``used`` is built).
    """
    forbidden = rules._kuikae(tile, used, kind_of_call)
    for held_tile in state.seats[seat].hand:
        if (held_tile >> 2) not in forbidden and held_tile not in used:
            return True
    return False


def claim_actions(rules: TableRuleset[Any], state: State, seat: int) -> list[Action]:
    """The actions of ``seat`` in the open claim window.

    Pass always, then what its claim options allow: ron, every pon and
    chi that leaves a legal discard, the open kan.
    """
    claim = state.claim
    assert claim is not None
    options = claim.options[seat]
    actions: list[Action] = [PASSES[seat] if seat < len(PASSES) else Pass(seat=seat)]
    if "ron" in options:
        actions.append(Ron(seat=seat))
    hand = state.seats[seat].hand
    if "pon" in options:
        actions.extend(
            call_action(Pon, seat, pair) for pair in rules._pon_choices(hand, claim.tile)
            if rules._call_leaves_discard(state, seat, pair, claim.tile, "pon"))
    if "daiminkan" in options:
        actions.append(Daiminkan(seat=seat))
    if "chi" in options:
        actions.extend(call_action(Chi, seat, pair)
                       for pair in rules._chi_choices(state, seat, hand, claim.tile))
    return actions


def chi_allowed(rules: TableRuleset[Any], state: State, seat: int, discarder: int) -> bool:
    """``seat`` may chi ``discarder``'s tile: only ever the next seat (seeds/000 5.2).

    The default of the ``_chi_allowed`` hook (sanma: never).
    """
    return seat == (discarder + 1) % rules.num_seats


def call(rules: TableRuleset[Any], state: State, claim: ClaimWindow, seat: int,
         response: Response) -> State:
    """``seat`` makes the call ``response`` on the window's tile (seeds/000 5.2).

    The meld is made and the discard marked called; ippatsu and the first
    go-around end; the ruleset notes liability. After an open kan: its dora
    (``_kan_dora``), its liability, the replacement draw; else the seat must
    discard, with the swap-call limit of ``_kuikae``.
    """
    tile, discarder = claim.tile, claim.from_seat
    player = state.seats[seat]
    if response.kind == "daiminkan":
        used = tuple(t for t in player.hand if (t >> 2) == (tile >> 2))
        kind = MeldKind.DAIMINKAN
    else:
        used = response.tiles
        kind = MeldKind.PON if response.kind == "pon" else MeldKind.CHI
    meld = MeldRecord(kind=kind, tiles=tuple(sorted((*used, tile))), called=tile,
                      from_seat=discarder)
    river = list(state.seats[discarder].river)
    river[-1] = replace(river[-1], called=True)
    state = rules._seat(state, discarder, river=tuple(river))
    state = rules._seat(state, seat, hand=remove(player.hand, used), drawn=None,
                        melds=(*player.melds, meld), calls=player.calls + 1,
                        temporary_furiten=False)
    state = rules._all_seats(state, ippatsu=False)
    state = replace(state, first_go_around=False)
    state = rules._note_liability(state, seat, meld, discarder)
    if kind is MeldKind.DAIMINKAN:
        state = rules._kan_dora(rules._after_kan(state, seat), closed=False)
        state = rules._note_kan_liability(state, seat, discarder)
        return rules._draw(state, seat, replacement=True)
    state = rules._seat(state, seat, called_this_turn=True,
                        kuikae=rules._kuikae(tile, used, response.kind))
    return replace(state, phase=Phase.SELF_ACTION, turn=seat, claim=None,
                        rinshan_draw=False, phase_started=state.clock)
