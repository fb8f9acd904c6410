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

from bisect import bisect_left
from typing import TYPE_CHECKING

from mahjong_rules.kernel.single import KIND_OF_ID, ORPHANS, waits_single
from mahjong_rules.scoring import score

if TYPE_CHECKING:
    from mahjong_rules.errors import Rejection
    from mahjong_rules.options import RiichiOptions
    from mahjong_rules.outcome import ScoreResult
    from mahjong_rules.scoring import WinContext, WinningHand

__all__ = ["HAND_LIMIT", "SHAPE_LIMIT", "HandCache", "HandFacts", "group_shape", "may_be_ready",
           "may_wait"]

HAND_LIMIT = 50_000
"""Concealed hands a cache keeps; it is emptied when it holds more."""

HandFacts = tuple[frozenset[int], bytes]
"""A concealed hand's waits (kinds) and the kinds of its tiles (bytes, in hand order)."""


_NO_WAITS: frozenset[int] = frozenset()

_RESIDUES_OF_A_WAIT = bytes(
    int(sorted((a, b, c, d)) in ([0, 0, 0, 1], [0, 0, 2, 2]))
    for d in range(3) for c in range(3) for b in range(3) for a in range(3))
"""By ``a + 3b + 9c + 27d`` (the tile counts of the three suits and the honours, mod 3):
1 when a hand with those residues can be one tile from sets and a pair.

Sets and a pair have residues 0 in every group but the pair's (2); a tile fewer leaves
the pair's group at 1 (the others 0), or another group at 2 beside the pair's 2."""
_RESIDUES_OF_READY = bytes(
    int(sorted((a, b, c, d)) in ([0, 0, 0, 2], [0, 0, 1, 1], [0, 1, 2, 2]))
    for d in range(3) for c in range(3) for b in range(3) for a in range(3))
"""The same for a hand of 3n+2 tiles that is complete or one discard from a wait: one
tile more than a wait's residues (:data:`_RESIDUES_OF_A_WAIT`)."""
_ORPHAN_KINDS = bytes(sorted(ORPHANS))


SHAPE_LIMIT = 100_000
"""Group shapes :func:`group_shape` keeps; its memo is emptied when it holds more."""

_SHAPES: dict[bytes, int] = {}


def _sets(counts: list[int], honours: bool) -> bool:
    """The counts (of one suit, or the honours) are sets only (runs not in the honours)."""
    at = next((i for i, count in enumerate(counts) if count), -1)
    if at < 0:
        return True
    if counts[at] >= 3:
        counts[at] -= 3
        found = _sets(counts, honours)
        counts[at] += 3
        if found:
            return True
    if not honours and at <= 6 and counts[at + 1] and counts[at + 2]:
        for step in range(3):
            counts[at + step] -= 1
        found = _sets(counts, honours)
        for step in range(3):
            counts[at + step] += 1
        return found
    return False


def group_shape(kinds: bytes) -> int:
    """What the sorted kinds of one group (a suit, or the honours) are as they stand.

    1 when they are sets only, 2 when sets and one pair, 0 otherwise (an empty group: 1).
    Memoized (the shapes of a group are finite; :data:`SHAPE_LIMIT`).

    Examples:
        >>> group_shape(bytes([0, 1, 2])), group_shape(bytes([0, 0, 1, 2, 3]))
        (1, 2)
        >>> group_shape(bytes([0, 1, 3])), group_shape(bytes([27, 27, 27])), group_shape(b"")
        (0, 1, 1)
    """
    shape = _SHAPES.get(kinds)
    if shape is None:
        if len(_SHAPES) > SHAPE_LIMIT:
            _SHAPES.clear()
        honours = bool(kinds) and kinds[0] >= 27
        base = kinds[0] - kinds[0] % 9 if kinds and not honours else 27 if honours else 0
        counts = [0] * 9
        for kind in kinds:
            counts[kind - base] += 1
        shape = 0
        if len(kinds) % 3 == 0:
            shape = int(_sets(counts, honours))
        elif len(kinds) % 3 == 2:
            for at in range(9):
                if counts[at] >= 2:
                    counts[at] -= 2
                    found = _sets(counts, honours)
                    counts[at] += 2
                    if found:
                        shape = 2
                        break
        _SHAPES[kinds] = shape
    return shape


def _near_sets(hand: tuple[int, ...], kinds: bytes, residues: bytes, most: int) -> bool:
    """The residues allow sets and a pair; at most ``most`` groups are neither sets nor a pair.

    The residues of ``hand``'s groups (suits, honours) must be ones of ``residues``, and
    at most ``most`` of its four groups may be other than sets, or sets and a pair, as
    they stand. A group that a tile added or discarded does not touch is the same in the changed
    hand: a hand that one tile completes (sets and a pair) has one group that is neither
    (the tile's), a hand that a discard and a draw complete two at most.
    """
    pin = bisect_left(hand, 36)
    sou = bisect_left(hand, 72, pin)
    honours = bisect_left(hand, 108, sou)
    if not residues[pin % 3 + 3 * ((sou - pin) % 3) + 9 * ((honours - sou) % 3)
                    + 27 * ((len(hand) - honours) % 3)]:
        return False
    get = _SHAPES.get
    closed = 4 - most  # groups that must be sets, or sets and a pair, as they stand
    for group in (kinds[:pin], kinds[pin:sou], kinds[sou:honours], kinds[honours:]):
        if not group:
            closed -= 1
        elif len(group) % 3 != 1:
            shape = get(group)
            if shape is None:
                shape = group_shape(group)
            if shape:
                closed -= 1
    return closed <= 0


def may_wait(hand: tuple[int, ...], kinds: bytes) -> bool:
    """``False`` when a riichi hand of 3n+1 tiles surely has no wait (no shape is one tile off).

    A cheap test before the waits are computed: sets and a pair need the residues of
    :data:`_RESIDUES_OF_A_WAIT` and every group but one sets, or sets and a pair, as it
    stands (:func:`group_shape`); seven pairs need seven kinds at most, thirteen orphans
    terminals and honours only. ``True`` for any other size (nothing is known).

    Examples:
        >>> may_wait((0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16), bytes([0] * 3 + [1] * 3
        ...          + [2] * 3 + [3] * 3 + [4]))
        True
        >>> hand = (0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132)
        >>> may_wait(hand, bytes(hand).translate(KIND_OF_ID))  # thirteen orphans, waiting
        True
        >>> hand = (0, 4, 12, 16, 40, 44, 52, 56, 76, 80, 84, 108, 112)
        >>> may_wait(hand, bytes(hand).translate(KIND_OF_ID))  # 4 / 4 / 3 / 2 tiles
        False
    """
    size = len(hand)
    if size % 3 != 1 or _near_sets(hand, kinds, _RESIDUES_OF_A_WAIT, 1):
        return True
    # seven pairs: six pairs and a single (seven kinds); thirteen orphans: no other kind
    return (size == 13 and len(set(kinds)) <= 7) or not kinds.translate(None, _ORPHAN_KINDS)


def may_be_ready(hand: tuple[int, ...], kinds: bytes) -> bool:
    """``False`` when a riichi hand of 3n+2 tiles surely has shanten 1 or more.

    Its shanten is 0 or -1 only if some discard leaves a hand with a wait (or it is
    complete): the residues of :data:`_RESIDUES_OF_READY` and every group but two sets, or
    sets and a pair, as it stands (:func:`group_shape`), or seven pairs (six pairs at
    least: eight kinds at most), or thirteen orphans (one other tile at most). ``True``
    for any other size.

    Examples:
        >>> hand = (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17)
        >>> may_be_ready(hand, bytes(hand).translate(KIND_OF_ID))  # complete
        True
        >>> hand = (0, 4, 12, 16, 40, 44, 52, 56, 76, 80, 84, 88, 108, 112)
        >>> may_be_ready(hand, bytes(hand).translate(KIND_OF_ID))  # 4 / 4 / 4 / 2 tiles
        False
    """
    size = len(hand)
    if size % 3 != 2 or _near_sets(hand, kinds, _RESIDUES_OF_READY, 2):
        return True
    return (size == 14 and len(set(kinds)) <= 8) or len(
        kinds.translate(None, _ORPHAN_KINDS)) <= 1


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
        """A sorted concealed hand's waits and the kinds of its tiles (computed once a hand).

        The hand must be sorted (as every seat's hand is): the prefilters find its
        groups by bisection. ``TableRuleset.waits`` sorts any other.
        """
        facts = self.hands.get(hand)
        if facts is None:
            if len(self.hands) > HAND_LIMIT:
                self.hands.clear()
            kinds = bytes(hand).translate(KIND_OF_ID)
            if self.n_sets == 4 and not may_wait(hand, kinds):
                facts = self.hands[hand] = (_NO_WAITS, kinds)
                return facts
            counts = bytearray(34)
            for kind in kinds:
                counts[kind] += 1
            # waits_single itself: this memo is the only one a hand needs (kinds_waits'
            # own memo would cost more on a miss than it saves on the rare repeat)
            facts = self.hands[hand] = (waits_single(bytes(counts), self.mask, self.n_sets),
                                        kinds)
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
