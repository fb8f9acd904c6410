"""Regression tests for the reducer and scorer fixes that replaying real logs found.

Each test builds the situation from an injected wall (or scores a hand directly) and
checks the rule as the Tenhou logs show it (docs/replay.md, "Findings").
"""

from __future__ import annotations

import pytest
from helpers.scenario import discard, held_all, kind_of, last, pass_all, start, tsumogiri
from helpers.scoring_helpers import hand_of, scored

import mahjong_rules as mr
from mahjong_rules.actions import Ankan, Kakan, Pon, Ron
from mahjong_rules.options import RiichiOptions
from mahjong_rules.scoring import Liability, WinContext
from mahjong_rules.state import Phase, State


def _winner_yaku(state: State) -> dict[str, int]:
    result = last(state)
    assert result.kind == "win"
    return dict(result.winners[0].yaku)


def _kakan_after_riichi() -> tuple[mr.Ruleset, State]:
    """Seat 1 pons 3p, seat 3 declares riichi waiting on 3p-6p, seat 1 adds the 3p."""
    hands = {0: "3p147m258s1234z69s", 1: "33p456m789m23s99s1z", 3: "45p678m345s22s777z"}
    rules, state = start("riichi", "tenhou", hands=hands,
                         draws=["7z", "5s", "5s", "6z", "3p"])
    state = discard(rules, state, 0, "3p")
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "33p")))
    state = pass_all(rules, state)
    state = pass_all(rules, discard(rules, state, 1, "1z"))
    state = tsumogiri(rules, state, 1)  # seat 2
    state = pass_all(rules, discard(rules, state, 3, riichi=True))
    assert state.seats[3].ippatsu
    state = tsumogiri(rules, state, 1)  # seat 0
    drawn = state.seats[1].drawn
    assert drawn is not None
    state = rules.apply(state, Kakan(seat=1, tile=drawn))
    assert state.phase is Phase.CLAIMS
    return rules, state


def test_chankan_on_the_riichi_go_around_keeps_ippatsu() -> None:
    # mjx-tests/2018010702gm-00a9-0000-5dd4f9b4 E2: riichi, chankan, ippatsu, pinfu
    rules, state = _kakan_after_riichi()
    state = rules.apply(state, Ron(seat=3))
    yaku = _winner_yaku(state)
    assert yaku["chankan"] == 1
    assert yaku["ippatsu"] == 1


def test_an_added_kan_that_passes_ends_ippatsu() -> None:
    rules, state = _kakan_after_riichi()
    state = pass_all(rules, state)
    assert not state.seats[3].ippatsu


# Daisangen + tsuuiisou fed by the liable player (double yakuman, 64,000 for a non-dealer).
_PAO_DOUBLE = hand_of("777z111z4z", "4z", "pon:555z", "pon:666z")


@pytest.mark.parametrize(("tsumo", "whole", "expected"), [
    # mjlog2json-pairs/2019103023gm-00a9-0000-f90e0fe9 E4-3: the liable seat pays 64,900
    (True, True, {"liable": 64000}),
    (False, True, {"discarder": 32000, "liable": 32000}),
    (True, False, {"liable": 32000, "dealer": 16000, "non_dealer": 8000}),
    (False, False, {"discarder": 48000, "liable": 16000}),
], ids=["tsumo-whole", "ron-whole", "tsumo-pao-part", "ron-pao-part"])
def test_pao_whole_hand(tsumo: bool, whole: bool, expected: dict[str, int]) -> None:
    context = WinContext(seat_wind=1, tsumo=tsumo, liability=Liability.YAKUMAN)
    result = scored(_PAO_DOUBLE, context, RiichiOptions(pao_whole_hand=whole))
    assert dict(result.payments) == expected
    assert result.total == 64000


@pytest.mark.parametrize(("robbed", "revealed"), [(True, 1), (False, 2)],
                         ids=["robbed-no-indicator", "passed-indicator"])
def test_closed_kan_turns_its_indicator_once_nobody_robs_it(robbed: bool,
                                                          revealed: int) -> None:
    # mjai-reviewer3p/kokushi_ankan.json (Mahjong Soul): thirteen orphans robs a closed
    # kan and the record shows only the first indicator
    rules, state = start("riichi", hands={0: "1111m258p369s123z", 1: "99m19p19s1234567z"},
                         draws=["5p"])
    state = rules.apply(state, Ankan(seat=0, kind=kind_of("1m")))
    assert state.phase is Phase.CLAIMS
    assert state.revealed == 1
    if robbed:
        state = rules.apply(state, Ron(seat=1))
        assert last(state).winners[0].yakuman == 1
    else:
        state = pass_all(rules, state)
        assert state.rinshan_draw
    assert state.revealed == revealed
