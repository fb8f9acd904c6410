"""3-player sanma game-flow scenarios on injected walls (seeds/000 3, 4, 5.7 and 10).

Draw order without calls: ``draws[0]`` is the dealer's (seat 0) first draw, then seats 1,
2, 0, 1, ... Tests that win by tsumo do so on the winner's second draw, so that the win
is not a tenhou/chiihou.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from helpers.scenario import discard, held, held_all, kind_of, last, pass_all, start, tsumogiri

import mahjong_rules as mr
from mahjong_rules.actions import Chi, Discard, Kita, Pon, Ready, Ron, Tsumo
from mahjong_rules.errors import Reason
from mahjong_rules.options import SanmaOptions, SanmaTsumo
from mahjong_rules.state import Phase, State, WinRecord

# ---------------------------------------------------------------------------- helpers


def reason(rules: mr.Ruleset, state: State, action: Any) -> Reason | None:
    rejection = rules.validate(state, action)
    return None if rejection is None else rejection.reason


def only_win(state: State) -> WinRecord:
    result = last(state)
    assert result.kind == "win"
    assert len(result.winners) == 1
    return result.winners[0]


def dora_han(win: WinRecord) -> int:
    return win.han - sum(han for _, han in win.yaku)


def options_of(state: State, seat: int) -> tuple[str, ...]:
    assert state.claim is not None
    return state.claim.options[seat]


# ---------------------------------------------------------------------------- tile set


def test_sanma_set_has_108_tiles_without_2m_to_8m() -> None:
    rules = mr.make("sanma")
    ids = rules.tile_ids()  # type: ignore[attr-defined]
    assert len(ids) == 108
    assert not [t for t in ids if 1 <= t >> 2 <= 7]
    state = rules.setup(seed=5)
    everywhere = [*state.live, *state.rinshan, *state.dora_indicators, *state.ura_indicators]
    for player in state.seats:
        everywhere.extend(player.hand)
    assert sorted(everywhere) == sorted(ids)
    assert len(state.seats) == 3
    assert len(state.live) + 1 == 55  # 55 after the deal; the dealer has drawn one


@pytest.mark.parametrize(("indicator", "dora"), [("1m", 3), ("9m", 0), ("8p", 1)],
                         ids=["1m-makes-9m", "9m-makes-1m", "8p-makes-9p"])
def test_dora_indicator_wraps_over_the_missing_manzu(indicator: str, dora: int) -> None:
    # 999m 123p 456p 789p 1s: tsumo on 1s is menzen tsumo + ittsu; three 9m
    rules, state = start("sanma", hands={0: "999m123p456p789p1s"},
                         draws=["5s", "7s", "3s", "1s"], dora=indicator)
    state = tsumogiri(rules, state, 3)
    state = rules.apply(state, Tsumo(seat=0))
    win = only_win(state)
    assert {name for name, _ in win.yaku} == {"menzen_tsumo", "ittsu"}
    assert dora_han(win) == dora


# ---------------------------------------------------------------------------- kita


def test_kita_draws_a_replacement_tile() -> None:
    rules, state = start("sanma", hands={0: "555z123p456p789s4z"}, draws=["1s"],
                         rinshan="9p")
    live = state.tiles_left
    north = held(state, 0, "4z")
    assert Kita(seat=0) in rules.legal_actions(state, 0)
    state = pass_all(rules, rules.apply(state, Kita(seat=0)))
    player = state.seats[0]
    assert player.kita == (north,)
    assert player.drawn is not None
    assert player.drawn >> 2 == kind_of("9p")
    assert len(player.hand) == 14
    assert state.turn == 0
    assert state.rinshan_draw
    assert state.tiles_left == live - 1
    assert len(state.rinshan) == 4
    assert reason(rules, state, Kita(seat=0)) is Reason.KITA_NOT_ALLOWED  # no North left


@pytest.mark.parametrize(("indicator", "kita_han"), [("2z", 1), ("3z", 2)],
                         ids=["kita", "kita-that-is-dora"])
def test_kita_counts_as_dora_in_a_win(indicator: str, kita_han: int) -> None:
    rules, state = start("sanma", hands={0: "555z123p456p789s4z"},
                         draws=["1s", "7p", "7p", "1s"], rinshan="9p", dora=indicator)
    state = pass_all(rules, rules.apply(state, Kita(seat=0)))
    state = tsumogiri(rules, state, 3)  # the replacement 9p, then seats 1 and 2
    assert state.turn == 0
    state = rules.apply(state, Tsumo(seat=0))
    win = only_win(state)
    assert {name for name, _ in win.yaku} == {"menzen_tsumo", "haku"}
    assert dora_han(win) == kita_han


def test_a_kita_tile_cannot_be_ponned() -> None:
    rules, state = start("sanma", hands={0: "555z123p456p789s4z", 2: "44z"}, draws=["1s"])
    state = rules.apply(state, Kita(seat=0))
    assert state.phase is Phase.SELF_ACTION  # no claim window stays open: no pon
    assert state.turn == 0


def test_ron_on_a_kita() -> None:
    # seat 1 waits on North (pair wait) with a green dragon triplet
    rules, state = start("sanma", hands={0: "555z123p456p789s4z", 1: "666z123s456s789p4z"},
                         draws=["1s"])
    state = rules.apply(state, Kita(seat=0))
    assert state.claim is not None
    assert state.claim.source == "kita"
    assert options_of(state, 1) == ("ron",)
    state = rules.apply(state, Ron(seat=1))
    win = only_win(state)
    assert win.from_seat == 0
    assert "chankan" not in {name for name, _ in win.yaku}


# ---------------------------------------------------------------------------- payments


@pytest.mark.parametrize(("options", "honba", "deltas"), [
    (SanmaOptions(), 0, (-4000, 6000, -2000)),
    (SanmaOptions(), 1, (-4100, 6200, -2100)),
    (SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION), 0, (-5000, 8000, -3000)),
], ids=["tsumo-loss", "tsumo-loss-honba", "north-bisection"])
def test_non_dealer_mangan_tsumo(options: SanmaOptions, honba: int,
                                 deltas: tuple[int, ...]) -> None:
    # 123p 345p 789p 11p 55z: tsumo on 5z is honitsu + white dragon + menzen tsumo = mangan
    rules, state = start("sanma", options, hands={1: "123p345p789p11p55z"},
                         draws=["8s", "7s", "6s", "8s", "5z"], dora="2z")
    state = attrs.evolve(state, honba=honba)
    state = tsumogiri(rules, state, 4)
    assert state.turn == 1
    state = rules.apply(state, Tsumo(seat=1))
    assert last(state).deltas == deltas


def test_no_chi_is_ever_offered() -> None:
    # seat 1 holds 23p, 56p and 44p; seat 0 discards 4p: only the pon is offered
    rules, state = start("sanma", hands={0: "4p258s9s19m123456z", 1: "23p44p56p111s999s1m"},
                         draws=["9p"])
    state = discard(rules, state, 0, "4p")
    assert options_of(state, 1) == ("pon",)
    assert reason(rules, state, Chi(seat=1, tiles=held_all(state, 1, "23p"))) is (
        Reason.CALL_NOT_AVAILABLE)
    assert not [a for a in rules.legal_actions(state, 1) if isinstance(a, Chi)]
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "44p")))
    assert state.turn == 1


# Tenpai hands (waits: 1s/5s, 2z, 4z) and discards nobody can use
TENPAI = {0: "123p456p789p11s55s", 1: "234s678s999m111z2z", 2: "345p678p111m333z4z"}
JUNK = ["8s", "2p", "6s"]


@pytest.mark.parametrize(("tenpai", "pool", "deltas"), [
    ((), 2000, (0, 0, 0)),
    ((0,), 2000, (2000, -1000, -1000)),
    ((1, 2), 2000, (-2000, 1000, 1000)),
    ((0, 1, 2), 2000, (0, 0, 0)),
    ((2,), 3000, (-1500, -1500, 3000)),
], ids=["none", "one", "two", "all", "one-pool-3000"])
def test_exhaustive_draw_payments(tenpai: tuple[int, ...], pool: int,
                                  deltas: tuple[int, ...]) -> None:
    rules, state = start("sanma", SanmaOptions(noten_pool=pool),
                         hands={s: TENPAI[s] for s in tenpai}, draws=JUNK)
    state = attrs.evolve(state, live=state.live[:2])
    state = tsumogiri(rules, state, 3)
    result = last(state)
    assert result.kind == "exhaustive"
    assert result.tenpai == tenpai
    assert result.deltas == deltas
    assert state.honba == 1
    assert state.dealer == (0 if 0 in tenpai else 1)


@pytest.mark.parametrize(("options", "aborts"), [(SanmaOptions(), True),
                                                 (SanmaOptions.joypip(), False)],
                         ids=["default", "joypip"])
def test_three_same_winds_abort(options: SanmaOptions, aborts: bool) -> None:
    rules, state = start("sanma", options, hands=dict.fromkeys(range(3), "2z"), draws=["9p"])
    for seat in range(3):
        state = pass_all(rules, discard(rules, state, seat, "2z"))
    if aborts:
        assert (last(state).kind, last(state).abort_reason) == ("abortive", "four_winds")
    else:
        assert state.last_result is None
        assert state.turn == 0


def test_three_riichi_go_on() -> None:
    rules, state = start("sanma", hands=TENPAI, draws=JUNK)
    state = tsumogiri(rules, state, 3, riichi=True)
    assert all(p.riichi for p in state.seats)
    assert state.last_result is None
    assert state.phase is Phase.SELF_ACTION
    assert state.deposits == 3


@pytest.mark.parametrize(("left", "expected"), [(2, Reason.RIICHI_NOT_ENOUGH_TILES),
                                                (3, None)], ids=["2-left", "3-left"])
def test_riichi_needs_three_tiles_left(left: int, expected: Reason | None) -> None:
    rules, state = start("sanma", hands={0: TENPAI[0]}, draws=["9p"])
    state = attrs.evolve(state, live=state.live[:left])
    action = Discard(seat=0, tile=held(state, 0, "9p"), riichi=True)
    assert reason(rules, state, action) is expected


# ---------------------------------------------------------------------------- rounds

WIN_HAND = "123p456p789s555z1s"  # 1s pair wait: menzen tsumo + white dragon
WIN_JUNK = ["8s", "2p", "6s", "9p", "3s", "7p"]


def sanma_tsumo(winner: int, *, round_wind: int, hand_number: int, dealer: int,
                points: tuple[int, ...]) -> tuple[mr.Ruleset, State]:
    rules, state = start("sanma", hands={winner: WIN_HAND}, dealer=dealer,
                         draws=[*WIN_JUNK[:3 + (winner - dealer) % 3], "1s"], dora="2z")
    seats = tuple(attrs.evolve(p, points=v) for p, v in zip(state.seats, points, strict=True))
    state = attrs.evolve(state, phase=Phase.HAND_OVER, round_wind=round_wind,
                         hand_number=hand_number, dealer=dealer, hands_played=0,
                         ready=(False,) * 3, seats=seats)
    for seat in range(3):
        state = rules.apply(state, Ready(seat=seat))
    state = tsumogiri(rules, state, 3 + (winner - dealer) % 3)
    assert state.turn == winner
    return rules, rules.apply(state, Tsumo(seat=winner))


def test_east_3_is_the_last_east_hand() -> None:
    _rules, state = sanma_tsumo(0, round_wind=0, hand_number=2, dealer=2,
                               points=(35_000, 35_000, 35_000))
    assert state.phase is Phase.HAND_OVER
    assert (state.round_wind, state.hand_number, state.dealer) == (1, 0, 0)


def test_south_3_non_dealer_win_ends_the_game() -> None:
    rules, state = sanma_tsumo(0, round_wind=1, hand_number=2, dealer=2,
                               points=(45_000, 30_000, 30_000))
    assert state.phase is Phase.GAME_OVER
    assert state.end_reason == "normal"
    result = rules.result(state)
    assert result is not None
    assert [r["seat"] for r in result["ranking"]] == [0, 1, 2]
    assert sum(r["score"] for r in result["ranking"]) == pytest.approx(0)
