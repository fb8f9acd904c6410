"""The home table in play: the reducer gives the scorer the dealer's repeat count.

Injected walls (helpers/taiwanese_scenario.py): the dealer (seat 0) is dealt a complete
hand three times running and wins each by self-draw (the heavenly hand), so it keeps the
deal; the third win is on its 2nd repeat.
"""

from __future__ import annotations

from helpers.taiwanese_scenario import DEAD, build_wall, open_play

import mahjong_rules as mr
from mahjong_rules.actions import Ready, Tsumo
from mahjong_rules.options import TaiwaneseOptions
from mahjong_rules.rulesets.taiwanese import TaiwaneseRuleset
from mahjong_rules.state import Phase, State, WinRecord

DEALT_WIN = "234m567m888m567s34p99s"
"""16 tiles ready on 2p/5p; the dealer's seventeenth tile (2p) completes it."""


def dealer_wins(rules: TaiwaneseRuleset, state: State) -> tuple[State, WinRecord]:
    state = open_play(rules, state)
    state = rules.apply(state, Tsumo(seat=0))
    assert state.last_result is not None
    (win,) = state.last_result.winners
    assert win.seat == 0
    return state, win


def test_a_dealer_on_its_second_repeat_gets_dealer_1_and_2x2() -> None:
    rules = mr.make("taiwanese", TaiwaneseOptions.home())
    assert isinstance(rules, TaiwaneseRuleset)
    wall = build_wall(hands={0: DEALT_WIN, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                      draws=["2p"])
    later = [build_wall(hands={}, fill_seed=k) for k in range(1, 10)]
    state = rules.setup(walls=[wall, wall, wall, *later], players=["a", "b", "c", "d"])
    seen = []
    for repeat in range(3):
        assert (state.dealer, state.honba) == (0, repeat)
        state, win = dealer_wins(rules, state)
        items = dict(win.yaku)
        seen.append((items.get("dealer"), items.get("dealer_repeats")))
        assert state.last_result is not None
        assert state.last_result.deltas == (3 * win.tai, -win.tai, -win.tai, -win.tai)
        assert state.phase is Phase.HAND_OVER
        for seat in range(4):
            state = rules.apply(state, Ready(seat=seat))
    assert seen == [(1, None), (1, 2), (1, 4)]
