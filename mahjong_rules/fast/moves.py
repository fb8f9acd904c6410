"""The riichi own-turn moves from hand facts: what ``RiichiRuleset._self_actions`` lists.

The readable hook computes the shanten of the whole hand on every turn (for riichi and
the win on the drawn tile) and the count of every kind (for the kans, kita and nine
terminals). Here:

- the discards come from a table of the shared discard actions (one per seat and tile);
- a win on the drawn tile needs the whole hand complete (shanten -1), that is the drawn
  kind among the waits of the hand before the draw (the kernel's waits are defined so:
  the kinds whose addition makes shanten -1), which the claim scan has already looked up
  in the ruleset's :class:`~mahjong_rules.fast.hand_cache.HandCache`;
- riichi is possible (a closed hand with the points and the tiles left) and the hand
  is ready (shanten 0 or -1) when the hand before the draw has a wait (discarding the
  drawn tile keeps it); else the shanten of the whole hand is computed, only when the
  tile counts of the suits allow a shanten of 0 (:func:`~mahjong_rules.fast.hand_cache.
  may_be_ready`);
- four of a kind, a North and the terminals come from the kinds of the hand (one
  ``bytes.translate``); an added kan is looked for only when a pon's kind is held, a kita
  only in a ruleset that has one (``kita_allowed``).

Every list equals the readable one, value and order: ``tests/rules/test_fast_moves.py``
plays whole games with ``FastPaths(moves=False)`` beside the default and compares the
legal actions at every step; the golden playthroughs digest them too.

.. versionadded:: 0.4
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mahjong_rules.actions import Action, Ankan, Kakan, Kita, NineTerminals, Tsumo
from mahjong_rules.fast.hand_cache import may_be_ready
from mahjong_rules.fast.intern import DISCARDS, RIICHI_DISCARDS
from mahjong_rules.kernel.single import KIND_OF_ID
from mahjong_rules.options import FifthTile
from mahjong_rules.scoring import MeldKind

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset
    from mahjong_rules.state import State

__all__ = ["own_turn"]

_QUAD = re.compile(rb"(.)\1\1\1", re.DOTALL)
"""Four equal bytes in a row: a kind held four times in sorted kinds."""
_NORTH = 30
_PON, _ANKAN = MeldKind.PON, MeldKind.ANKAN
_NO_FIFTH = FifthTile.NONE


def own_turn(rules: RiichiRuleset, state: State, seat: int) -> list[Action]:  # noqa: C901 - the hook's list, one kind of move a branch
    """The own-turn actions of ``seat``: ``RiichiRuleset._self_actions``' list, built fast.

    The caller checked that ``seat`` is at turn in the own-turn phase.
    """
    player = state.seats[seat]
    hand = player.hand
    drawn = player.drawn
    if player.riichi or player.called_this_turn:  # the discard check decides (rare)
        check = rules._check_discard
        actions: list[Action] = [DISCARDS[seat][tile] for tile in hand
                                 if check(state, seat, tile, riichi=False) is None]
    else:  # every held tile may go
        actions = list(map(DISCARDS[seat].__getitem__, hand))
    options = rules.options
    # a wait on a fifth copy counts under FifthTile.NONE: the kernel's shanten says 1
    most = 1 if options.fifth_tile is _NO_FIFTH else 0
    # RiichiRuleset._riichi_possible, inline (the cheap tests first)
    riichi = (not player.riichi and not player.called_this_turn
              and player.points >= options.riichi_min_points
              and len(state.live) >= rules._riichi_tiles()
              and (not player.melds or all(m.kind is _ANKAN for m in player.melds)))
    if drawn is None:  # right after a call: discards only (no win, no kan)
        if most == 1 and riichi:  # the readable path's shanten 1 without a draw
            _riichi_discards(rules, state, seat, actions)
        return actions
    kinds = bytes(hand).translate(KIND_OF_ID)
    # the hand before the draw: its facts are in the cache (the claim scans asked them)
    at = hand.index(drawn)
    before = hand[:at] + hand[at + 1:]
    facts = rules.cache.hands.get(before)
    waits = (facts if facts is not None else rules.cache.facts(before))[0]
    # complete (shanten -1): the drawn kind is a wait of the hand before the draw
    complete = (drawn >> 2) in waits
    if riichi and (waits  # a wait before the draw: shanten 0 or -1 (discard the drawn)
                   or ((most == 1 or may_be_ready(hand, kinds))
                       and rules._shanten(hand) <= most)):
        _riichi_discards(rules, state, seat, actions)
    if complete and rules._check_tsumo(state, seat) is None:
        actions.append(Tsumo(seat=seat))
    if _QUAD.search(kinds) is not None:
        check_ankan = rules._check_ankan
        actions.extend(Ankan(seat=seat, kind=kind) for kind in sorted(set(kinds))
                       if kinds.count(kind) == 4 and check_ankan(state, seat, kind) is None)
    if player.melds:  # a pon whose fourth tile is held (rare)
        pon_kinds = {kind for m in player.melds
                     if m.kind is _PON and (kind := m.tiles[0] >> 2) in kinds}
        if pon_kinds:
            check_kakan = rules._check_kakan
            actions.extend(
                Kakan(seat=seat, tile=tile) for tile in hand
                if (tile >> 2) in pon_kinds and check_kakan(state, seat, tile) is None)
    if rules.kita_allowed and _NORTH in kinds and rules._check_kita(state, seat) is None:
        actions.append(Kita(seat=seat))
    if state.first_go_around and not player.river and rules._check_nine(state, seat) is None:
        actions.append(NineTerminals(seat=seat))
    return actions


def _riichi_discards(rules: RiichiRuleset, state: State, seat: int,
                     actions: list[Action]) -> None:
    """The riichi discards of ``seat`` (the discard check decides each), added."""
    check = rules._check_discard
    actions.extend(RIICHI_DISCARDS[seat][tile] for tile in state.seats[seat].hand
                   if check(state, seat, tile, riichi=True) is None)
