"""Renhou in play, from injected walls: when the reducer tells the scorer it is renhou.

Renhou is a non-dealer's ron on a discard of the first go-around, before the winner's
own first draw, with no call before it (docs/presets.md, "Renhou"). Seat 1 holds a hand
with no yaku, waiting on 2m (a closed wait): only renhou can make the ron legal.
"""

from __future__ import annotations

import pytest
from helpers.scenario import discard, last, pass_all, start, tsumogiri

import mahjong_rules as mr
from mahjong_rules.actions import Pon, Ron
from mahjong_rules.options import Renhou, RiichiOptions
from mahjong_rules.state import State

WAIT_2M = "13m456p789s345s99s"  # no yaku on 2m: no pinfu (closed wait), a 9s pair


def _can_ron(rules: mr.Ruleset, state: State, seat: int) -> bool:
    return any(isinstance(a, Ron) for a in rules.legal_actions(state, seat))


@pytest.mark.parametrize(("renhou", "points", "yaku"), [
    (Renhou.OFF, None, None),
    (Renhou.MANGAN, 8000, (("renhou", 5),)),
    (Renhou.YAKUMAN, 32000, (("renhou", 1),)),
], ids=["off", "mangan", "yakuman"])
def test_a_ron_on_the_dealers_first_discard(renhou: Renhou, points: int | None,
                                            yaku: tuple[tuple[str, int], ...] | None) -> None:
    """The dealer's first discard: renhou, worth what the option says."""
    rules, state = start("riichi", RiichiOptions(renhou=renhou), hands={1: WAIT_2M},
                         draws=["2m"])
    state = discard(rules, state, 0)  # the dealer's first draw, 2m
    if points is None:
        assert not _can_ron(rules, state, 1)
        return
    state = rules.apply(state, Ron(seat=1))
    state = pass_all(rules, state)
    win = last(state).winners[0]
    assert (win.seat, win.yaku, win.points) == (1, yaku, points)
    assert last(state).deltas[:2] == (-points, points)


def test_a_later_discard_of_the_first_go_around_still_counts() -> None:
    """Seat 3 (not yet drawn) rons seat 2's first discard: still before its first draw."""
    rules, state = start("riichi", RiichiOptions(renhou=Renhou.MANGAN),
                         hands={3: WAIT_2M}, draws=["1z", "2z", "2m"])
    state = tsumogiri(rules, state, 2)  # the dealer and seat 1 discard what they drew
    state = discard(rules, state, 2)  # seat 2's first draw, 2m
    state = rules.apply(state, Ron(seat=3))
    state = pass_all(rules, state)
    assert last(state).winners[0].yaku == (("renhou", 5),)


def test_no_renhou_after_the_winners_own_first_draw() -> None:
    """Seat 1 has drawn and discarded once: a ron on seat 2's 2m is no renhou (no yaku)."""
    rules, state = start("riichi", RiichiOptions(renhou=Renhou.YAKUMAN),
                         hands={1: WAIT_2M}, draws=["1z", "2z", "2m"])
    state = tsumogiri(rules, state, 2)
    assert state.first_go_around
    state = discard(rules, state, 2)
    assert not _can_ron(rules, state, 1)


def test_no_renhou_after_a_call() -> None:
    """Seat 3 pons the dealer's first discard, then discards 2m: the go-around is broken."""
    rules, state = start("riichi", RiichiOptions(renhou=Renhou.YAKUMAN),
                         hands={1: WAIT_2M, 3: "2m5z5z1p1p4p4p7p7p3s3s6s6s"}, draws=["5z"])
    state = discard(rules, state, 0)
    state = rules.apply(state, next(a for a in rules.legal_actions(state, 3)
                                    if isinstance(a, Pon)))
    assert not state.first_go_around
    state = discard(rules, state, 3, "2m")
    assert state.seats[1].river == ()  # seat 1 has still not drawn
    assert not _can_ron(rules, state, 1)
