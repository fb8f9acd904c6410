"""Claim windows: opening, answers, priority, closing and play going on (seeds/000 5.3, 5.5).

A shown tile (a discard, an added or closed kan, a sanma kita, a Taiwanese flower or the
opening declaration) opens a window with each seat's claim options (the ruleset's
``_claim_options``); nobody may claim: it closes at once. Seats answer (auto-pilot seats
at once, seeds/000 8.5); the window closes as soon as no answer still to come can change
its outcome (5.3 item 4); the ruleset's ``_resolve`` settles wins, else the highest call
is made (:func:`take_call`), else play goes on (:func:`continue_play`). Taiwanese:
rules/taiwanese.md 1.4.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.actions import Action, Chi, Daiminkan, Pass, Pon, Ron
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.game.hand_tiles import reject
from mahjong_rules.state import CallKind, ClaimSource, ClaimWindow, Phase, Response, State, replace

if TYPE_CHECKING:
    from collections.abc import Sequence

    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["PASS", "PRIORITY", "apply_passes", "check_claim", "continue_play", "maybe_resolve",
           "open_options", "open_window", "record", "respond", "take_call", "window_waits"]

PASS = Response(kind=CallKind.PASS)
"""A pass in a claim window (one shared immutable value)."""
PRIORITY = {"ron": 3, "pon": 2, "daiminkan": 2, "chi": 1}
"""The priority of each claim (seeds/000 5.3 item 5): ron, then pon or kan, then chi."""


def open_window(rules: TableRuleset[Any], state: State, seat: int, tile: int, source: ClaimSource,
                *,
                riichi_pending: bool = False,
                options: tuple[tuple[CallKind, ...], ...] | None = None) -> State:
    """A claim window on ``tile`` shown by ``seat`` (seeds/000 5.3).

    With nobody to claim it closes at once; auto-pilot seats answer at once (8.5).
    ``options``: the claim options already computed (the fused discard's scan).
    """
    if options is None:
        options = rules._claim_options(state, seat, tile, source)
    window = ClaimWindow(source=source, tile=tile, from_seat=seat, options=options,
                         responses=(None,) * rules.num_seats, riichi_pending=riichi_pending)
    if not any(options):
        # nobody may claim: the window closes at once (the common case)
        return rules._resolve(state, window)
    state = replace(state, phase=Phase.CLAIMS, turn=seat, claim=window,
                     phase_started=state.clock)
    # auto-pilot seats answer at once (seeds/000 8.5)
    answered = False
    for other, opts in enumerate(options):
        if opts and state.seats[other].auto_pilot:
            state = rules._record(state, rules._automatic(state, other))
            answered = True
    if not answered and _default_closing(rules):
        return state  # nobody answered and a seat may claim: the window waits
    return rules._maybe_resolve(state)


def _default_closing(rules: TableRuleset[Any]) -> bool:
    """The ruleset closes windows by :func:`maybe_resolve` and :func:`window_waits`."""
    cls = type(rules)
    return cls._maybe_resolve is maybe_resolve and cls._window_waits is window_waits


def open_options(rules: TableRuleset[Any], state: State) -> tuple[tuple[CallKind, ...], ...]:
    """The open window's claim options computed afresh, every ``no_calls`` off."""
    claim = state.claim
    assert claim is not None
    probe = rules._all_seats(state, no_calls=False)
    return rules._claim_options(probe, claim.from_seat, claim.tile, claim.source)


def check_claim(rules: TableRuleset[Any], state: State, action: Action) -> Rejection | None:
    """Why ``action`` may not answer the open claim window, or ``None``.

    The seat is waited for and has not answered, the window's deadline has not passed
    (seeds/000 5.3 item 3); a claim is one of its options with tiles from its hand that
    leave a legal discard; a ron refused on a tile it waits on is furiten (5.5). A
    declared hand (Taiwanese, rules/taiwanese.md 1.5) makes no call.
    """
    seat = action.seat
    claim = state.claim
    if state.phase is not Phase.CLAIMS or claim is None:
        return reject(Reason.WRONG_PHASE, "no claim window is open")
    options = claim.options[seat]
    if not options:
        return reject(Reason.NOT_YOUR_TURN, "this seat has nothing to claim", seat=seat)
    if claim.responses[seat] is not None:
        return reject(Reason.ALREADY_ANSWERED, "already answered")
    deadline = None if action.at is None else rules._deadline(state)
    if action.at is not None and deadline is not None and action.at > deadline:
        return reject(Reason.DEADLINE_PASSED, "the claim window closed at its deadline; "
                       "send a Timeout for the seat instead", deadline=deadline)
    if isinstance(action, Pass):
        return None
    if isinstance(action, Ron):
        if "ron" in options:
            return None
        if (claim.tile >> 2) in rules.waits(state.seats[seat].hand) and rules._furiten(
                state, seat):
            return reject(Reason.FURITEN, "furiten: no ron (own discards, a passed win, "
                           "or after riichi)")
        return reject(Reason.CALL_NOT_AVAILABLE, "no ron on this tile", claim="ron")
    if isinstance(action, Daiminkan):
        return None if "daiminkan" in options else _unavailable(
            state, seat, "no kan on this tile", "daiminkan")
    if isinstance(action, Pon | Chi):
        name = "pon" if isinstance(action, Pon) else "chi"
        if name not in options:
            return _unavailable(state, seat, f"no {name} on this tile", name)
        tiles = tuple(action.tiles)
        if len(tiles) != 2 or len(set(tiles)) != 2 or any(
                t not in state.seats[seat].hand for t in tiles):
            return reject(Reason.TILE_NOT_IN_HAND, f"{name} needs two tiles from the hand")
        kinds = sorted([(t >> 2) for t in tiles] + [(claim.tile >> 2)])
        if name == "pon" and len(set(kinds)) != 1:
            return _unavailable(state, seat, "a pon needs two of the same kind", "")
        if name == "chi" and (kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1,
                                                           kinds[0] + 2]
                              or kinds[0] // 9 != kinds[2] // 9):
            return _unavailable(state, seat, "a chi needs a run of one suit", "")
        if not rules._call_leaves_discard(state, seat, tiles, claim.tile, name):
            return reject(Reason.SWAP_CALL_FORBIDDEN, "no legal discard after this call")
        return None
    return reject(Reason.WRONG_PHASE, "not a claim")


def _unavailable(state: State, seat: int, message: str, name: str) -> Rejection:
    """The refusal of a call the seat's options do not hold (a declared hand is locked)."""
    if state.seats[seat].declared:
        return reject(Reason.DECLARED_HAND_LOCKED, "a declared hand makes no call")
    if not name:
        return reject(Reason.CALL_NOT_AVAILABLE, message)
    return reject(Reason.CALL_NOT_AVAILABLE, message, claim=name)


def record(rules: TableRuleset[Any], state: State, action: Action) -> State:
    """The window with ``action``'s answer recorded (its answer: the action table's)."""
    claim = state.claim
    assert claim is not None
    if type(action) is Pass:
        response = PASS
    else:
        rule = rules.actions.get(type(action)) or rules._rule_of(action)
        assert rule.answer is not None, action
        response = rule.answer(action)
    responses = list(claim.responses)
    responses[action.seat] = response
    return replace(state, claim=replace(claim, responses=tuple(responses)))


def respond(rules: TableRuleset[Any], state: State, action: Action) -> State:
    """``action`` answers the window, which closes if nothing can change now."""
    return rules._maybe_resolve(rules._record(state, action))


def maybe_resolve(rules: TableRuleset[Any], state: State) -> State:
    """The window closes when no answer still to come can change it."""
    claim = state.claim
    assert claim is not None
    if rules._window_waits(claim, claim.responses):
        return state
    return rules._resolve(state, claim)


def window_waits(rules: TableRuleset[Any], claim: ClaimWindow,
                 responses: Sequence[Response | None]) -> bool:
    """The window, with these answers, still waits for one that may change its outcome.

    It waits while nobody declared a claim and some seat has not answered, while a
    seat that may ron has not answered, and while a chi is declared and a seat that
    may pon or kan has not answered. (One pass over the seats; ``tests/rules/
    test_claim_windows.py`` holds the readable twin.)
    """
    waiting = ron_waiting = pon_waiting = False
    best = 0
    for options, response in zip(claim.options, responses, strict=True):
        if response is None:
            if options:
                waiting = True
                if "ron" in options:
                    ron_waiting = True
                elif "pon" in options or "daiminkan" in options:
                    pon_waiting = True
        elif response.kind != "pass":
            best = max(best, PRIORITY[response.kind])
    if not waiting:
        return False
    if best == 0 or ron_waiting:
        return True
    return best == 1 and pon_waiting


def apply_passes(rules: TableRuleset[Any], state: State) -> State:
    """Every seat the window waits for passes, in one step (Ruleset.apply_passes).

    With no claim declared and the default :func:`window_waits`, the window waits for
    every seat till the last has passed: they all pass, with no test after each.
    """
    claim = state.claim
    assert claim is not None
    responses = list(claim.responses)
    each = type(rules)._window_waits is not window_waits or any(
        r is not None and r.kind != "pass" for r in responses)
    for seat, options in enumerate(claim.options):
        if not options or responses[seat] is not None:
            continue
        # what Pass does through apply (game/actions.py): no time, an own move, its answer
        state = rules._back_from_pilot(state, seat)
        responses[seat] = PASS
        if each and not rules._window_waits(claim, responses):
            break
    # every resolution closes the window (its state has no claim): the answered window
    # goes to _resolve alone, not into a state copy first
    return rules._resolve(state, replace(claim, responses=tuple(responses)))


def take_call(rules: TableRuleset[Any], state: State, claim: ClaimWindow) -> State:
    """The window closed without a win: the highest call is made, or play goes on."""
    calls = [(s, r) for s, r in enumerate(claim.responses) if r is not None and r.kind != "pass"]
    if calls:  # the first seat with the highest call (a kan or pon before a chi)
        for kind in ("daiminkan", "pon", "chi"):
            for s, r in calls:
                if r.kind == kind:
                    return rules._call(state, claim, s, r)
    return rules._continue(state, claim)


def continue_play(rules: TableRuleset[Any], state: State, claim: ClaimWindow) -> State:
    """The window closed with no claim: play goes on (seeds/000 5.1 item 4).

    After a kan its dora (``_kan_dora``) and the replacement draw; after a kita
    the replacement draw; after a discard the next seat draws, or the wall is
    empty: the ruleset's ``_exhaustive_draw`` (5.8).
    """
    seat = claim.from_seat
    if claim.source == "kakan":
        state = rules._kan_dora(rules._all_seats(state, ippatsu=False), closed=False)
    elif claim.source == "ankan":
        state = rules._kan_dora(state, closed=True)
    if claim.source in ("kakan", "ankan", "kita"):
        return rules._draw(state, seat, replacement=True)
    first = state.first_go_around and (seat + 1) % rules.num_seats != state.dealer
    if not state.live:
        return rules._exhaustive_draw(replace(state, first_go_around=first))
    return rules._draw(state, (seat + 1) % rules.num_seats, first_go_around=first)
