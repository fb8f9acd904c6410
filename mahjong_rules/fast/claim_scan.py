"""The claim scan: every seat's claim options on a shown tile and its waiting seats, in one pass.

What :meth:`RiichiRuleset._claim_options
<mahjong_rules.rulesets.riichi.RiichiRuleset>` answers (seeds/000 5.3: ron, pon, open
kan, chi by the next seat only), with the other seats whose waits hold the tile's kind
(the ones the tile makes furiten when nobody wins on it, seeds/000 5.5) found on the way:
each seat's waits are looked up once for both, from the ruleset's
:class:`~mahjong_rules.fast.hand_cache.HandCache`, and a seat that can claim nothing (most
of them) costs one dictionary look-up and three tests.

Its one caller is the riichi reducer (the claim options behind ``FastPaths.claims``, and
the fused discard of :mod:`mahjong_rules.fast.discard`). Its readable twin is
:func:`~mahjong_rules.rulesets.riichi_claims.claim_options`:
``tests/rules/test_claim_scan.py`` compares the two at every claim window and the states
they lead to; the conformance tests and the golden playthroughs check them too.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules.game.calls import call_leaves_discard
from mahjong_rules.state import CallKind, ClaimSource

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset
    from mahjong_rules.state import State

__all__ = ["ClaimScan", "call_keeps_discard", "claim_scan", "leaves_discard", "run_partners"]

# the protocol values as module constants: a member looked up on its class is slow in 3.11
_RON, _PON, _CHI, _DAIMINKAN = CallKind.RON, CallKind.PON, CallKind.CHI, CallKind.DAIMINKAN
_DISCARD = ClaimSource.DISCARD

ClaimScan = tuple[tuple[tuple[CallKind, ...], ...], tuple[int, ...]]
"""The claim options of every seat, and the other seats that wait on the tile's kind."""

OTHER_SEATS = {n: tuple(tuple(s for s in range(n) if s != seat) for seat in range(n))
               for n in (3, 4)}
"""The other seats of each seat, in seat order, for 3 and 4 players."""


def run_partners(kinds: bytes, kind: int) -> bool:
    """A hand of these kinds holds two that make a run with suited ``kind`` (a chi).

    Examples:
        >>> run_partners(bytes([1, 2]), 0), run_partners(bytes([1, 3]), 0)
        (True, False)
    """
    position = kind % 9
    return bool(
        (position >= 2 and kind - 2 in kinds and kind - 1 in kinds)
        or (1 <= position <= 7 and kind - 1 in kinds and kind + 1 in kinds)
        or (position <= 6 and kind + 1 in kinds and kind + 2 in kinds))


def call_keeps_discard(size: int, kind_of_call: str) -> bool:
    """A pon or chi by a seat of ``size`` concealed tiles surely leaves it a legal discard.

    Under riichi's swap-call rule (``RiichiRuleset._kuikae``, any ``Kuikae``) a pon
    forbids its own kind, of which at most one tile is left beside the two used (a tile
    of it is the claimed one); a chi forbids its kind (at most three held) and at most one
    kind at the run's other end (at most four): seven tiles. So a pon by a hand of four
    tiles or more, a chi by a hand of ten or more, keeps a tile that may go;
    ``tests/rules/test_claim_scan.py`` checks it against ``call_leaves_discard``.

    Examples:
        >>> call_keeps_discard(13, "chi"), call_keeps_discard(7, "chi")
        (True, False)
        >>> call_keeps_discard(4, "pon")
        True
    """
    return size >= (4 if kind_of_call == "pon" else 10)


def leaves_discard(rules: RiichiRuleset, state: State, seat: int, used: tuple[int, ...],  # noqa: PLR0917 - the hook's signature
                   tile: int, kind_of_call: str) -> bool:
    """``RiichiRuleset._call_leaves_discard``: the table's check, with a shortcut.

    Behind ``FastPaths.claims``, a hand with room for the swap-call rule keeps a discard
    surely (:func:`call_keeps_discard`); else ``game.calls.call_leaves_discard`` decides.
    """
    if rules.fast.claims and call_keeps_discard(len(state.seats[seat].hand), kind_of_call):
        return True
    return call_leaves_discard(rules, state, seat, used, tile, kind_of_call)


def claim_scan(rules: RiichiRuleset, state: State, seat: int, tile: int,
               source: str) -> ClaimScan:
    """The claim options of every seat on ``tile`` shown by ``seat``, and its waiting seats.

    Reads only the other seats and the table, never ``seat``'s own. Calls need a discard
    and a tile left in the wall; a seat in riichi or with ``no_calls`` may only ron. A
    call is offered when it leaves a legal discard: surely so for a hand with room
    (:func:`call_keeps_discard`), else the ruleset's check decides.
    """
    n = rules.num_seats
    options: list[tuple[CallKind, ...]] = [()] * n
    waiting: list[int] = []
    calls = source == _DISCARD and bool(state.live)
    kind = tile >> 2
    cache = rules.cache
    hands = cache.hands
    seats = state.seats
    # only the next seat may chi (the hook is asked for it alone)
    chi_seat = (seat + 1) % n if calls and kind < 27 and rules._chi_allowed(
        state, (seat + 1) % n, seat) else -1
    for other in OTHER_SEATS[n][seat]:
        player = seats[other]
        hand = player.hand
        facts = hands.get(hand)
        waits, kinds = facts if facts is not None else cache.facts(hand)
        # _can_ron's first test, inline: most seats do not wait on the tile
        ron = kind in waits
        if ron:
            waiting.append(other)
            ron = rules._can_ron(state, other, tile, source)
        if not calls or player.riichi or player.no_calls:
            if ron:
                options[other] = (_RON,)
            continue
        same = kinds.count(kind)
        chi = other == chi_seat and run_partners(kinds, kind)
        if not (ron or same >= 2 or chi):  # most seats: nothing to claim
            continue
        found = [_RON] if ron else []
        size = len(hand)
        if same >= 2 and (size >= 4 or any(  # call_keeps_discard(size, "pon"), inline
                rules._call_leaves_discard(state, other, pair, tile, "pon")
                for pair in rules._pon_choices(hand, tile))):
            found.append(_PON)
        if same >= 3 and state.kan_count < 4:
            found.append(_DAIMINKAN)
        # a run's partners are held (run_partners): with room, some chi leaves a discard
        if chi and (size >= 10 or rules._chi_possible(state, other, hand, tile)):
            found.append(_CHI)
        options[other] = tuple(found)
    return tuple(options), tuple(waiting)
