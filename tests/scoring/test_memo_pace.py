"""The pace of the memo of hand shapes: sampled notes while hands do not come back.

``score`` notes every first-seen hand in the memo (``riichi_plan.MEMO``) so that a hand
coming back is answered from its worked-out shape. Noting costs a key and its hash; a
stream of hands that never come back (a simulation, a replay) gains nothing from it. So
after ``NEW_IN_A_ROW`` first sights in a row ``score`` looks up (and notes) only one
call in ``SAMPLED``; the first looked-up hand that was seen before starts the noting of
every hand again. The answers never change: they are checked against the readable path
in both modes.
"""

from __future__ import annotations

import random

from helpers.winning_hands import random_winning_hand

from mahjong_rules.options import RiichiOptions
from mahjong_rules.scoring import WinContext, WinningHand, score
from mahjong_rules.scoring.riichi import score_readable
from mahjong_rules.scoring.riichi_memo import SEEN
from mahjong_rules.scoring.riichi_plan import (
    MEMO,
    NEW_IN_A_ROW,
    PACE,
    SAMPLED,
    clear_memos,
    plan_of,
)


def _distinct_hands(seed: int, count: int) -> list[tuple[WinningHand, WinContext]]:
    """``count`` random winning hands, no two of the same shape (the memo's key)."""
    rng = random.Random(seed)
    found: dict[object, tuple[WinningHand, WinContext]] = {}
    while len(found) < count:
        hand, context = random_winning_hand(rng)
        found.setdefault((hand.concealed, hand.win, hand.melds, context.tsumo),
                         (hand, context))
    return list(found.values())


def _key(hand: WinningHand, context: WinContext, options: RiichiOptions) -> object:
    return hand.concealed, hand.win, hand.melds, context.tsumo, plan_of(options).token


def test_a_stream_of_new_hands_is_noted_one_in_sampled() -> None:
    options = RiichiOptions()
    hands = _distinct_hands(1601, NEW_IN_A_ROW + 40 * SAMPLED)
    clear_memos()
    assert PACE == [0, 0]
    for index, (hand, context) in enumerate(hands):
        assert score(hand, context, options) == score_readable(hand, context, options)
        if index < NEW_IN_A_ROW:  # every first sight noted until then
            assert len(MEMO) == index + 1
    noted = [_key(hand, context, options) in MEMO for hand, context in hands]
    assert all(noted[:NEW_IN_A_ROW])
    # then one call in SAMPLED: the first after the run, then every SAMPLED-th
    assert noted[NEW_IN_A_ROW:] == [(index % SAMPLED) == SAMPLED - 1
                                    for index in range(len(hands) - NEW_IN_A_ROW)]
    assert PACE[0] == NEW_IN_A_ROW + 40  # first sights looked up in a row


def test_a_hand_coming_back_starts_noting_every_hand_again() -> None:
    options = RiichiOptions()
    hands = _distinct_hands(1602, NEW_IN_A_ROW + 4 * SAMPLED + 60)
    clear_memos()
    first, rest = hands[:NEW_IN_A_ROW + 4 * SAMPLED], hands[NEW_IN_A_ROW + 4 * SAMPLED:]
    for hand, context in first:
        score(hand, context, options)
    assert PACE[0] >= NEW_IN_A_ROW
    # a noted hand comes back, looked up when the countdown lets it
    back_hand, back_context = first[-1]  # the last call of the run was a sampled one
    assert _key(back_hand, back_context, options) in MEMO
    while PACE[1]:
        score(*rest.pop(), options)
    assert score(back_hand, back_context, options) == score_readable(back_hand, back_context,
                                                                     options)
    assert PACE == [0, 0]
    assert MEMO[_key(back_hand, back_context, options)] is not SEEN  # worked out
    # every hand noted again, and answered from the memo when it comes back
    for hand, context in rest[:20]:
        for _sight in range(3):
            assert score(hand, context, options) == score_readable(hand, context, options)
        assert MEMO[_key(hand, context, options)] is not SEEN
    assert PACE == [0, 0]


def test_clear_memos_starts_the_pace_again() -> None:
    options = RiichiOptions()
    clear_memos()
    for hand, context in _distinct_hands(1603, NEW_IN_A_ROW + 3):
        score(hand, context, options)
    assert PACE[0] >= NEW_IN_A_ROW
    clear_memos()
    assert PACE == [0, 0]
    assert not MEMO


def test_hands_scored_again_at_once_are_answered_from_the_memo() -> None:
    """After a stream of new hands (sampling), hands scored three times in a row are
    answered from their worked-out shapes again, as the readable path."""
    options = RiichiOptions()
    hands = _distinct_hands(1604, NEW_IN_A_ROW + 200)
    clear_memos()
    for hand, context in hands[:NEW_IN_A_ROW + 100]:
        score(hand, context, options)
    assert PACE[1] or PACE[0] >= NEW_IN_A_ROW  # sampling
    clear_memos()
    for hand, context in hands[NEW_IN_A_ROW + 100:]:
        expected = score_readable(hand, context, options)
        assert [score(hand, context, options) for _sight in range(3)] == [expected] * 3
    worked_out = [MEMO.get(_key(hand, context, options)) not in (None, SEEN)
                  for hand, context in hands[NEW_IN_A_ROW + 100:]]
    assert sum(worked_out) >= 0.9 * len(worked_out)
