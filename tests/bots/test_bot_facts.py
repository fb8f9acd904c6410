"""The bots' view facts and two-stage discard table against the kernel's own answers."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.bot_games import positions

import mahjong_rules as mr
from mahjong_rules import kernel
from mahjong_rules.bots import Observation, ViewFacts, discard_table, make_bot


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_discard_table_equals_the_kernel(name: str) -> None:
    """After every discard the same shanten as ``kernel.discard_ukeire``; for the best
    discards the same ukeire (copies the seat cannot see), and the waits at tenpai."""
    rules = mr.make(name)
    taiwanese = name == "taiwanese"
    checked = 0
    for seed in range(3):
        for state in positions(rules, seed, 250, "balanced"):
            seat = min(rules.to_act(state))
            view = rules.view(state, seat)
            if len(view["hand"]) % 3 == 2:
                facts = ViewFacts(view, rules)
                table = discard_table(facts)
                counts = np.array(facts.counts, dtype=np.uint8)
                expected = kernel.discard_ukeire(
                    counts, np.array(facts.seen), kinds=facts.kinds,
                    n_sets=5 if taiwanese else 4, quad_as_two_pairs=taiwanese)
                assert table.shanten == int(expected.shanten)
                for kind, after in table.after.items():
                    assert after == int(expected.after[kind]), kind
                for kind, total in table.ukeire.items():
                    assert table.after[kind] == table.best
                    assert total == int(expected.total[kind]), kind
                    if table.best == 0:
                        hand = list(facts.counts)
                        hand[kind] -= 1
                        waits = set(np.nonzero(kernel.waits(
                            np.array(hand, dtype=np.uint8), kinds=facts.kinds,
                            n_sets=5 if taiwanese else 4, quad_as_two_pairs=taiwanese))[0])
                        assert set(table.draws[kind]) == waits
                checked += 1
    assert checked > 50


def test_facts_count_what_the_seat_sees() -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=8)
    for _ in range(30):
        seat = min(rules.to_act(state))
        state = rules.apply(state, make_bot("random", seed=1).act(
            Observation.of(rules, state, seat)))
    seat = min(rules.to_act(state))
    view = rules.view(state, seat)
    facts = ViewFacts(view, rules)
    assert sum(facts.counts) == len(view["hand"])
    public = len(view["dora_indicators"]) + sum(
        sum(1 for e in s["river"] if not e["called"]) + sum(len(m["tiles"]) for m in s["melds"])
        for s in view["seats"])
    assert sum(facts.seen) == public
    assert all(facts.unseen[k] == 4 - facts.counts[k] - facts.seen[k] for k in range(34))
    assert sum(facts.dora) == len(view["dora_indicators"])
