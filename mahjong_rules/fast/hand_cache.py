"""The per-ruleset memos: facts of concealed hands and recent scores, both bounded.

A seat's concealed hand is asked about on every other seat's discard (its waits, the
kinds of its tiles), and a win is scored twice (when the claim options are made and again
when it is applied). One :class:`HandCache` per ruleset instance keeps both answers; it
is a pure memo (every answer equals a fresh computation: ``tests/rules/test_fast_paths.py``
compares the score memo with fresh scores, every test the waits), with one documented
bound each and a :meth:`~HandCache.clear`.

The suit-shape memos of :mod:`mahjong_rules.kernel.single` (and its bounded
``kinds_waits``) stay in the kernel: they memoize pure functions of the kernel shared by
every ruleset, and the suit shapes a hand can have are finite.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> cache = rules.cache
    >>> waits, kinds = cache.facts((0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16))
    >>> sorted(waits), list(kinds[:4])  # 111m 222m 333m 444m 5m: 1m to 5m
    ([1, 2, 3, 4, 5], [0, 0, 0, 1])
    >>> len(cache), cache.clear(), len(cache)
    (1, None, 0)

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules.kernel.single import KIND_OF_ID, kinds_waits
from mahjong_rules.scoring import score

if TYPE_CHECKING:
    from mahjong_rules.errors import Rejection
    from mahjong_rules.options import RiichiOptions
    from mahjong_rules.outcome import ScoreResult
    from mahjong_rules.scoring import WinContext, WinningHand

__all__ = ["HAND_LIMIT", "HandCache", "HandFacts"]

HAND_LIMIT = 50_000
"""Concealed hands a cache keeps; it is emptied when it holds more."""

HandFacts = tuple[frozenset[int], bytes]
"""A concealed hand's waits (kinds) and the kinds of its tiles (bytes, in hand order)."""


class HandCache:
    """Bounded memos of one ruleset instance: hand facts and recent scores.

    ``hands`` maps a sorted tuple of tile ids to its :data:`HandFacts` (at most
    :data:`HAND_LIMIT`, then emptied); ``scores`` maps a ``(hand, context)`` to its score
    (at most ``score_limit``, then emptied; 0 keeps none). The claim scan
    (:mod:`mahjong_rules.fast.claim_scan`) reads ``hands`` directly, the one place that
    does (a dictionary look-up, the commonest question of a game).
    """

    __slots__ = ("hands", "mask", "n_sets", "score_limit", "scores")

    def __init__(self, mask: tuple[bool, ...], n_sets: int, score_limit: int) -> None:
        """A cache for hands of the tile set ``mask`` with ``n_sets`` sets."""
        self.mask = mask
        self.n_sets = n_sets
        self.score_limit = score_limit
        self.hands: dict[tuple[int, ...], HandFacts] = {}
        self.scores: dict[tuple[WinningHand, WinContext], ScoreResult | Rejection] = {}

    def __len__(self) -> int:
        """How many hands and scores the cache holds."""
        return len(self.hands) + len(self.scores)

    def facts(self, hand: tuple[int, ...]) -> HandFacts:
        """A concealed hand's waits and the kinds of its tiles (computed once a hand)."""
        facts = self.hands.get(hand)
        if facts is None:
            if len(self.hands) > HAND_LIMIT:
                self.hands.clear()
            kinds = bytes(hand).translate(KIND_OF_ID)
            facts = self.hands[hand] = (kinds_waits(kinds, self.mask, self.n_sets), kinds)
        return facts

    def score(self, hand: WinningHand, context: WinContext,
              options: RiichiOptions) -> ScoreResult | Rejection:
        """:func:`~mahjong_rules.scoring.score` of ``hand`` in ``context``.

        From the memo when it was asked lately (``score`` is a pure function of its
        inputs).
        """
        if not self.score_limit:
            return score(hand, context, options)
        key = (hand, context)
        result = self.scores.get(key)
        if result is None:
            if len(self.scores) >= self.score_limit:
                self.scores.clear()
            result = self.scores[key] = score(hand, context, options)
        return result

    def clear(self) -> None:
        """Forget every hand and score."""
        self.hands.clear()
        self.scores.clear()
