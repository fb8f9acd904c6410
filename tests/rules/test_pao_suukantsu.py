"""Pao for four kans (``pao_suukantsu``) and who pays a pao ron's honba, on injected walls.

M-League (riichi.wiki "M.League", citing m-league.jp/about) makes the seat whose discard
was called for the fourth kan liable for suukantsu, paid as daisangen's pao (seeds/000
6.5: a tsumo by the liable seat alone, a ron half and half). The fourth kan must be an
open kan (riichi.wiki "Sekinin barai"); an added kan makes no one liable.
"""

from __future__ import annotations

import pytest
from helpers.scenario import discard, kind_of, last, pass_all, start_hand, tsumogiri

import mahjong_rules as mr
from mahjong_rules.actions import Ankan, Daiminkan, Ron, Tsumo
from mahjong_rules.options import PaoRonHonba, RiichiOptions
from mahjong_rules.state import State

# seat 2 holds three triplets to kan closed on its first draw and 444s to kan open on
# seat 1's 4s; it waits on 5z alone
KAN_HAND = "111m222p333s444s5z"


def four_kans(options: RiichiOptions, *, ron: bool, honba: int = 0) -> tuple[mr.Ruleset, State]:
    """Seat 2 makes three closed kans, then an open kan on seat 1's 4s (its fourth)."""
    # the 4 replacement tiles: 2p and 3s for the next closed kans, 9m to discard, then
    # the fourth kan's replacement: 5z (a rinshan tsumo) or 8p (discarded; seat 3's 5z)
    rinshan = "2p3s9m" + ("8p" if ron else "5z")
    draws = ["9p", "9s", "1m", "7p", "6p", "4s", "5z"]
    rules, state = start_hand(options, hands={2: KAN_HAND}, draws=draws, rinshan=rinshan,
                              dora="3z", honba=honba)
    state = tsumogiri(rules, state, 2)  # seats 0 and 1
    for kind in ("1m", "2p", "3s"):
        state = rules.apply(state, Ankan(seat=2, kind=kind_of(kind)))
        state = pass_all(rules, state)
    state = tsumogiri(rules, state, 3)  # seat 2 the 9m, seats 3 and 0
    assert state.turn == 1
    state = discard(rules, state, 1)  # 4s
    state = pass_all(rules, rules.apply(state, Daiminkan(seat=2)))
    assert state.turn == 2
    assert len(state.seats[2].melds) == 4
    return rules, state


@pytest.mark.parametrize(("options", "deltas"), [
    (RiichiOptions(pao_suukantsu=True, tobi=False), (0, -32_000, 32_000, 0)),
    (RiichiOptions(tobi=False), (-16_000, -8_000, 32_000, -8_000)),
], ids=["pao", "no-pao"])
def test_suukantsu_tsumo_the_liable_seat_pays_everything(
        options: RiichiOptions, deltas: tuple[int, ...]) -> None:
    rules, state = four_kans(options, ron=False)
    assert state.liability[2] == (1 if options.pao_suukantsu else -1)
    state = rules.apply(state, Tsumo(seat=2))
    result = last(state)
    assert "suukantsu" in {name for name, _ in result.winners[0].yaku}
    assert result.deltas == deltas


@pytest.mark.parametrize(("honba_rule", "deltas"), [
    (PaoRonHonba.DISCARDER, (0, -16_000, 32_300, -16_300)),
    (PaoRonHonba.LIABLE, (0, -16_300, 32_300, -16_000)),
    (PaoRonHonba.SPLIT, (0, -16_100, 32_300, -16_200)),
], ids=["discarder", "liable", "split"])
def test_suukantsu_ron_half_each_and_the_honba_as_chosen(
        honba_rule: PaoRonHonba, deltas: tuple[int, ...]) -> None:
    options = RiichiOptions(pao_suukantsu=True, pao_ron_honba=honba_rule, tobi=False)
    rules, state = four_kans(options, ron=True, honba=1)
    state = tsumogiri(rules, state, 1)  # seat 2 the 8p
    assert state.turn == 3
    state = discard(rules, state, 3)  # 5z
    state = rules.apply(state, Ron(seat=2))
    assert last(state).deltas == deltas
