"""The speed layer: code that gives the same answers as the readable reducer, faster.

Table of contents:

* :class:`FastPaths` (here): the switches, one frozen value given to each ruleset
  (``RiichiRuleset(options, fast=FastPaths.none())`` takes every full path; tests compare
  the two).
* :mod:`~mahjong_rules.fast.intern`: shared immutable action, river and answer values
  (legal-action lists and rivers reuse one object per value instead of building it).
* :mod:`~mahjong_rules.fast.hand_cache`: :class:`~mahjong_rules.fast.hand_cache.HandCache`,
  the bounded memos of one ruleset instance (hand facts, recent scores; ``rules.cache``).
* :mod:`~mahjong_rules.fast.claim_scan`: every seat's claim options on a shown tile and
  the seats waiting on it, in one pass (the riichi reducer's claim options, ``claims``;
  its readable twin: :mod:`~mahjong_rules.rulesets.riichi_claims`).
* :mod:`~mahjong_rules.fast.discard`: the fused discard (``discards``): a discard nobody
  may claim and the next draw in one copy; its one door is ``RiichiRuleset._discard``.
* :mod:`~mahjong_rules.fast.call`: the fused call (behind ``discards`` and ``claims``): a
  pon or chi that closes its window, in one copy; its one door is
  ``RiichiRuleset._quick_call``.
* :mod:`~mahjong_rules.fast.moves`: the riichi own-turn moves (``moves``) from the hand
  facts the claim scan keeps (no shanten of the whole hand unless riichi is possible).

The readable path never depends on this layer for its meaning: a value from here equals
the one the readable path would build (``tests/rules/test_fast_paths.py`` and the golden
playthroughs check the fast paths against the full ones). ``game/`` never imports
``fast/``; ``tests/test_layering.py`` checks it.

Examples:
    >>> import mahjong_rules as mr
    >>> mr.make("riichi").fast
    FastPaths(discards=True, claims=True, moves=True, score_memo=64)
    >>> slow = mr.RiichiRuleset(fast=FastPaths.none())
    >>> slow.fast.discards, slow.fast.claims, slow.fast.moves, slow.fast.score_memo
    (False, False, False, 0)

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import Self

import attrs

__all__ = ["DEFAULT", "FastPaths"]


@attrs.frozen(kw_only=True)
class FastPaths:
    """Which fast paths a ruleset takes (each gives the same states as the full path).

    A ruleset reads the switches it has; the others mean nothing to it (Taiwanese has no
    fused discard).
    """

    discards: bool = True
    """The fused discard: a plain discard nobody can claim, and the next draw, in one
    copy of the state (:mod:`mahjong_rules.fast.discard`; ``tests/test_conformance.py``,
    ``tests/rules/test_fast_paths.py``). It rides on the claim scan: with ``claims`` off
    it is not taken either."""
    claims: bool = True
    """The claim scan: every seat's claim options in one pass
    (:mod:`mahjong_rules.fast.claim_scan`); off: the readable
    :func:`~mahjong_rules.rulesets.riichi_claims.claim_options`
    (``tests/rules/test_claim_scan.py``)."""
    moves: bool = True
    """The riichi own-turn moves from hand facts (:mod:`mahjong_rules.fast.moves`): the
    discards from a table, a win on the drawn tile from the waits of the hand before the
    draw, the whole hand's shanten only when riichi is possible; off: the readable
    ``RiichiRuleset._self_actions`` (``tests/rules/test_fast_moves.py``)."""
    score_memo: int = 64
    """How many recent scores the ruleset keeps (a win is scored when its claim options
    are made and again when it is applied); 0: none."""

    @classmethod
    def none(cls) -> Self:
        """Every full path: no fused discard, no claim scan, no fast moves, no score memo."""
        return cls(discards=False, claims=False, moves=False, score_memo=0)


DEFAULT = FastPaths()
"""The switches a ruleset takes unless told otherwise: every fast path on."""
