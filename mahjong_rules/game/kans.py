"""Kans on the own turn: the closed and the added kan, checks and effects (seeds/000 5.2).

A kan is made, counted (``kan_count``, ``kan_seats``; the first go-around ends), and
shown in a claim window: thirteen orphans may rob a closed kan where the ruleset allows
it, any winning hand an added kan (chankan). The window's closing turns the kan's dora
(the ruleset's ``_kan_dora``) and draws the replacement tile (:mod:`.claims`). The open
kan on a discard is a call (:mod:`.calls`). Taiwanese: rules/taiwanese.md 1.4.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.game.hand_tiles import reject, remove
from mahjong_rules.melds import MeldKind
from mahjong_rules.state import ClaimSource, MeldRecord, State, replace

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["after_kan", "ankan", "check_ankan", "check_kakan", "kakan", "kan_dora"]


def check_ankan(rules: TableRuleset[Any], state: State, seat: int, kind: int) -> Rejection | None:
    """Why ``seat`` may not make a closed kan of ``kind`` now, or ``None`` (seeds/000 5.2).

    It holds four of the kind, the ruleset allows a kan now (``_kan_possible``) and its
    own rule for closed kans agrees (``_closed_kan_problem``: riichi's kan after riichi).
    """
    player = state.seats[seat]
    if not 0 <= kind < 34 or sum(1 for t in player.hand if (t >> 2) == kind) != 4:
        return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold four of {kind}")
    problem = rules._kan_possible(state, seat)
    if problem is not None:
        return problem
    return rules._closed_kan_problem(state, seat, kind)


def check_kakan(rules: TableRuleset[Any], state: State, seat: int, tile: int) -> Rejection | None:
    """Why ``seat`` may not add ``tile`` to its pon now, or ``None``."""
    player = state.seats[seat]
    if tile not in player.hand:
        return reject(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold tile {tile}")
    if not any(m.kind is MeldKind.PON and (m.tiles[0] >> 2) == (tile >> 2)
               for m in player.melds):
        return reject(Reason.KAN_NOT_ALLOWED, "no pon of that kind to add to")
    return rules._kan_possible(state, seat)


def ankan(rules: TableRuleset[Any], state: State, seat: int, kind: int) -> State:
    """``seat`` makes a closed kan of ``kind`` and shows it in a claim window."""
    player = state.seats[seat]
    tiles = tuple(t for t in player.hand if (t >> 2) == kind)
    meld = MeldRecord(kind=MeldKind.ANKAN, tiles=tiles)
    state = rules._seat(state, seat, hand=remove(player.hand, tiles), drawn=None,
                        melds=(*player.melds, meld))
    state = rules._after_kan(state, seat)
    # its indicator turns once no thirteen orphans robs it (a robbed kan never
    # happened: Mahjong Soul's record of a robbed closed kan shows no new indicator)
    return rules._open_window(state, seat, tiles[0], ClaimSource.ANKAN)


def kakan(rules: TableRuleset[Any], state: State, seat: int, tile: int) -> State:
    """``seat`` adds ``tile`` to its pon and shows it in a claim window."""
    player = state.seats[seat]
    melds = list(player.melds)
    index = next(i for i, m in enumerate(melds)
                 if m.kind is MeldKind.PON and (m.tiles[0] >> 2) == (tile >> 2))
    pon = melds[index]
    melds[index] = MeldRecord(kind=MeldKind.KAKAN, tiles=(*pon.tiles, tile),
                              called=pon.called, from_seat=pon.from_seat, added=tile)
    state = rules._seat(state, seat, hand=remove(player.hand, [tile]), drawn=None,
                        melds=tuple(melds))
    # a robbed added kan never happened: ippatsu ends and its indicator becomes
    # pending only once the window passes (Tenhou scores chankan with ippatsu and
    # counts no earlier pending indicator; docs/replay.md)
    state = rules._after_kan(state, seat, clear_ippatsu=False)
    return rules._open_window(state, seat, tile, ClaimSource.KAKAN)


def after_kan(rules: TableRuleset[Any], state: State, seat: int, *,
              clear_ippatsu: bool = True) -> State:
    """A kan is counted: ippatsu ends (unless robbable), the first go-around too."""
    if clear_ippatsu:
        state = rules._all_seats(state, ippatsu=False)
    return replace(state, kan_count=state.kan_count + 1,
                        kan_seats=(*state.kan_seats, seat), first_go_around=False)


def kan_dora(rules: TableRuleset[Any], state: State, *, closed: bool) -> State:
    """A kan that stands: its dora indicator. The default of the ``_kan_dora`` hook: none."""
    return state
