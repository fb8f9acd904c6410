"""The one-call discard table against the readable one (every hand built), on real views.

The readable way is the table as 0.3 computed it: the shanten of the hand minus each held
kind, then of each best hand plus each kind, every hand given whole to ``kernel.shanten``.
The fast way (:func:`~mahjong_rules.bots.discard_table`, one
:func:`~mahjong_rules.kernel.discard_draw_shanten` call) must give the same table, and so
every bot the same discard and the same riichi choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from helpers.bot_games import positions

import mahjong_rules as mr
from mahjong_rules import kernel
from mahjong_rules.actions import Discard
from mahjong_rules.bots import DiscardTable, Observation, ViewFacts, discard_table, make_bot
from mahjong_rules.bots.efficiency import EfficiencyBot

_MASKS = {False: np.array(kernel.ALL_KINDS, dtype=np.bool_),
          True: np.array(kernel.SANMA_KINDS, dtype=np.bool_)}


def readable_table(facts: ViewFacts, extra: Sequence[int] = ()) -> DiscardTable:
    """Every discard's hand, then every best discard's hand with each kind drawn."""
    counts = facts.counts
    held = [k for k in range(34) if counts[k]]
    options: dict[str, Any] = {"kinds": facts.kinds, "n_sets": facts.n_sets,
                               "quad_as_two_pairs": facts.taiwanese}
    hand = np.array(counts, dtype=np.uint8)
    minus = np.repeat(hand[None, :], len(held), axis=0)
    minus[np.arange(len(held)), held] -= 1
    after_all = kernel.shanten(minus, **options).tolist()
    after = dict(zip(held, after_all, strict=True))
    best = min(after_all)
    rows = [i for i, value in enumerate(after_all) if value == best or held[i] in extra]
    chosen = minus[rows]
    room = (chosen < 4) & _MASKS[facts.sanma][None, :]
    plus = chosen[:, None, :] + np.eye(34, dtype=np.uint8)[None, :, :]
    drawn = np.full(room.shape, 127, dtype=np.int8)
    drawn[room] = kernel.shanten(plus[room], **options)
    levels = np.array([after_all[i] for i in rows], dtype=np.int8)
    return DiscardTable(int(kernel.shanten(counts, **options)), after,
                        [held[i] for i in rows], drawn < levels[:, None], facts.unseen)


def same_table(fast: DiscardTable, readable: DiscardTable) -> None:
    assert fast.shanten == readable.shanten
    assert fast.after == readable.after
    assert fast.best == readable.best
    assert fast.ukeire == readable.ukeire
    assert fast.draws == readable.draws


CASES = [(name, bot, seed) for name in ("riichi", "sanma", "taiwanese")
         for bot, seed in (("efficiency", 11), ("balanced", 12), ("defensive", 13))]


@pytest.mark.parametrize(("name", "bot", "seed"), CASES,
                         ids=[f"{n}-{b}" for n, b, _ in CASES])
def test_fast_table_and_choice_equal_the_readable(name: str, bot: str, seed: int) -> None:
    rules = mr.make(name)
    levels = ("efficiency", "defensive", "balanced")
    checked = 0
    for state in positions(rules, seed, 300, bot):
        seat = min(rules.to_act(state))
        observation = Observation.of(rules, state, seat)
        discards = [a for a in observation.legal if isinstance(a, Discard) and not a.riichi]
        if len(discards) < 2:
            continue
        facts = ViewFacts(observation.view, rules)
        fast, readable = discard_table(facts), readable_table(facts)
        same_table(fast, readable)
        extra = [k for k in range(34) if facts.counts[k]][:2]
        same_table(discard_table(facts, extra=extra), readable_table(facts, extra))
        for level in levels:
            first, second = make_bot(level, seed=seed), make_bot(level, seed=seed)
            assert isinstance(first, EfficiencyBot)
            assert isinstance(second, EfficiencyBot)
            one = first.discard(observation, facts, fast, discards)
            other = second.discard(observation, facts, readable, discards)
            assert one == other, level
            assert (first.declare(observation, facts, fast, one)
                    == second.declare(observation, facts, readable, other)), level
        checked += 1
    assert checked > 40
