"""The options added in 0.3, each in a game where it changes play (injected walls).

``riichi_ankan``, ``fifth_tile`` and the ``RENCHAN_PRIORITY`` extension are played in
``test_rule_fixes.py`` beside the rule fixes that asked for them; the options' values
and presets are checked in ``tests/scoring/test_options.py``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from helpers.conformance import play
from helpers.scenario import kind_of, last, pass_all, start, start_hand, tsumogiri, with_points

import mahjong_rules as mr
from mahjong_rules.actions import Ankan, Ron, Tsumo
from mahjong_rules.options import (
    Extension,
    FifthTile,
    FinalRounding,
    GameLength,
    RenchanOn,
    RiichiAnkan,
    RiichiOptions,
    SanmaOptions,
)
from mahjong_rules.state import Phase, State

# 123m 456p 789s 555z + 1s: a tsumo on the 1s pair wait is menzen tsumo + haku, 2 han 40
# fu: 700/1300 for a non-dealer, 1300 all for the dealer.
WIN_HAND = "123m456p789s555z1s"
JUNK = ["2m", "8p", "3s", "6m", "7p", "4s", "2p", "8m"]


def tsumo_on_second_draw(winner: int, options: RiichiOptions | str | None = None, *,
                         dealer: int = 0, **kwargs: Any) -> tuple[mr.Ruleset, State]:
    """``winner`` wins by tsumo on its second draw; the others discard what they draw."""
    before = 4 + (winner - dealer) % 4
    rules, state = start_hand(options, dealer=dealer, hands={winner: WIN_HAND},
                              draws=[*JUNK[:before], "1s"], dora="3z", **kwargs)
    state = tsumogiri(rules, state, before)
    return rules, rules.apply(state, Tsumo(seat=winner))


# ------------------------------------------------------------------- renchan_on


@pytest.mark.parametrize(("renchan", "dealer_after", "honba_after"), [
    (RenchanOn.TENPAI, 0, 1), (RenchanOn.AGARI, 0, 1), (RenchanOn.NOTEN, 0, 1),
    (RenchanOn.NONE, 1, 0),
], ids=["tenpai", "agari", "noten", "none"])
def test_renchan_after_a_dealer_win(renchan: RenchanOn, dealer_after: int,
                                    honba_after: int) -> None:
    """``NONE``: the deal passes even after the dealer's win (majiang-core 連荘方式 0)."""
    _rules, state = tsumo_on_second_draw(0, RiichiOptions(renchan_on=renchan))
    assert last(state).deltas == (3900, -1300, -1300, -1300)
    assert (state.dealer, state.honba) == (dealer_after, honba_after)


# a non-dealer's tenpai hand on 9s that claims nothing of the junk draws
NON_DEALER_TENPAI = "234p567p234s567s9s"


def exhaustive_draw(options: RiichiOptions, **kwargs: Any) -> tuple[mr.Ruleset, State]:
    """One discard each, then the wall is empty: only seat 1 is tenpai."""
    dealer = kwargs.get("dealer", 0)
    hands = {(dealer + 1) % 4: NON_DEALER_TENPAI}
    rules, state = start_hand(options, hands=hands, draws=["2m", "8m", "2s", "3m"], **kwargs)
    state = attrs.evolve(state, live=state.live[:3])
    state = tsumogiri(rules, state, 4)
    assert last(state).tenpai == ((dealer + 1) % 4,)
    return rules, state


@pytest.mark.parametrize(("renchan", "dealer_after"), [
    (RenchanOn.TENPAI, 1), (RenchanOn.NOTEN, 0), (RenchanOn.NONE, 1),
], ids=["tenpai", "noten", "none"])
def test_renchan_after_an_exhaustive_draw_with_the_dealer_noten(renchan: RenchanOn,
                                                                dealer_after: int) -> None:
    """``NOTEN``: the dealer keeps the deal at every exhaustive draw (ノーテン連荘)."""
    _rules, state = exhaustive_draw(RiichiOptions(renchan_on=renchan))
    assert (state.dealer, state.honba) == (dealer_after, 1)


def test_a_noten_repeat_in_all_last_is_no_tenpai_yame() -> None:
    """South 4 under ``NOTEN``: the noten dealer, sole first, repeats; the game goes on.

    Agari-yame and tenpai-yame stop the game after the dealer's win or tenpai
    (seeds/000 2); a noten repeat is neither (docs/decisions.md).
    """
    _rules, state = exhaustive_draw(RiichiOptions(renchan_on=RenchanOn.NOTEN), round_wind=1,
                                    hand_number=3, dealer=3,
                                    points=(20_000, 20_000, 20_000, 40_000))
    assert state.phase is Phase.HAND_OVER
    assert (state.round_wind, state.hand_number, state.dealer, state.honba) == (1, 3, 3, 1)


# ------------------------------------------------------------------- extension

WEST_1: dict[str, Any] = {"round_wind": 2, "hand_number": 0, "dealer": 0}
WEST_4: dict[str, Any] = {"round_wind": 2, "hand_number": 3, "dealer": 3}


@pytest.mark.parametrize(("extension", "end"), [
    (Extension.SUDDEN_DEATH, "west_entry_end"), (Extension.RENCHAN_PRIORITY, "west_entry_end"),
    (Extension.FULL_ROUND, None),
], ids=["sudden-death", "renchan-priority", "full-round"])
def test_the_deal_passes_in_west_1_with_someone_at_30000(extension: Extension,
                                                         end: str | None) -> None:
    """Seat 1 wins W1 to 30,700: sudden death ends the game, the full round goes on."""
    _rules, state = tsumo_on_second_draw(1, RiichiOptions(extension=extension), **WEST_1,
                                         points=(25_000, 28_000, 24_000, 23_000))
    assert state.seats[1].points == 30_700
    if end is None:
        assert state.phase is Phase.HAND_OVER
        assert (state.round_wind, state.hand_number) == (2, 1)
    else:
        assert (state.phase, state.end_reason) == (Phase.GAME_OVER, end)


@pytest.mark.parametrize(("winner", "points", "end"), [
    (0, (25_000, 25_000, 25_000, 25_000), "west_entry_end"),  # the deal passes: the end
    (3, (25_000, 25_000, 20_000, 30_000), "agari_yame"),  # the dealer's stop, 33,900
    (3, (28_000, 27_000, 25_000, 20_000), None),  # a repeat below the top goes on
], ids=["deal-passes", "dealer-stop", "dealer-repeat"])
def test_full_round_ends_after_west_4(winner: int, points: tuple[int, ...],
                                      end: str | None) -> None:
    """``FULL_ROUND``: West 4 is the extension's last hand, as South 4 is the game's."""
    _rules, state = tsumo_on_second_draw(
        winner, RiichiOptions(extension=Extension.FULL_ROUND), **WEST_4, points=points)
    if end is None:
        assert state.phase is Phase.HAND_OVER
        assert (state.round_wind, state.hand_number, state.dealer) == (2, 3, 3)
    else:
        assert (state.phase, state.end_reason) == (Phase.GAME_OVER, end)


# ------------------------------------------------------------------- final_rounding


@pytest.mark.parametrize(("rounding", "scores"), [
    (FinalRounding.ONE_DECIMAL, [52.4, 11.5, -22.4, -41.5]),
    # 11.5 -> 12, -22.4 -> -22, -41.5 -> -41 (half up); the first: -(12 - 22 - 41) = 51
    (FinalRounding.INTEGER, [51, 12, -22, -41]),
], ids=["one-decimal", "integer"])
def test_final_rounding(rounding: FinalRounding, scores: list[float]) -> None:
    """``INTEGER``: majiang-core's ``jieju`` with whole-number uma (25,000 / 30,000)."""
    rules, state = start("riichi", RiichiOptions(final_rounding=rounding), hands={})
    state = attrs.evolve(with_points(state, (31_500, 8_500, 42_400, 17_600)),
                         phase=Phase.GAME_OVER, end_reason="normal")
    result = rules.result(state)
    assert result is not None
    assert [(r["seat"], r["score"]) for r in result["ranking"]] == list(
        zip([2, 0, 3, 1], scores, strict=True))
    assert all(type(r["score"]) is type(scores[0]) for r in result["ranking"])
    assert sum(r["score"] for r in result["ranking"]) == pytest.approx(0)


# ------------------------------------------------------------------- double yakuman

@pytest.mark.parametrize(("chosen", "points"), [
    (None, 64_000), (frozenset({"daisuushii"}), 32_000),
], ids=["all-four-double", "kokushi-13-single"])
def test_thirteen_sided_kokushi_ron(chosen: frozenset[str] | None, points: int) -> None:
    """``double_yakuman_hands`` decides what a thirteen-sided kokushi ron pays."""
    options = RiichiOptions() if chosen is None else RiichiOptions(double_yakuman_hands=chosen)
    rules, state = start("riichi", options, hands={1: "19m19p19s1234567z"}, draws=["1m"])
    tile = state.seats[0].drawn
    assert tile is not None
    state = rules.apply(state, mr.Discard(seat=0, tile=tile))
    state = rules.apply(state, Ron(seat=1))
    assert last(state).winners[0].yaku == (("kokushi_13", 2 if points == 64_000 else 1),)
    assert last(state).deltas[1] == points


# ------------------------------------------------------------------- majiang


@pytest.mark.parametrize(("preset", "robbed"), [("default", True), ("majiang", False)])
def test_majiang_lets_no_kokushi_rob_a_closed_kan(preset: str, robbed: bool) -> None:
    """majiang-core ``Game.reply_gang``: a closed kan goes straight to the replacement."""
    rules, state = start("riichi", preset, hands={0: "1111m258p369s123z",
                                                 1: "99m19p19s1234567z"}, draws=["5p"])
    state = rules.apply(state, Ankan(seat=0, kind=kind_of("1m")))
    if robbed:
        assert state.claim is not None
        assert "ron" in state.claim.options[1]
    else:
        assert state.phase is Phase.SELF_ACTION
        assert state.rinshan_draw
        state = pass_all(rules, state)
        assert not state.seats[1].temporary_furiten


# ------------------------------------------------------------------- all of them at play

NEW_VALUES: dict[str, Any] = {
    "final_rounding": FinalRounding.INTEGER, "renchan_on": RenchanOn.NOTEN,
    "extension": Extension.FULL_ROUND, "riichi_ankan": RiichiAnkan.NEVER,
    "fifth_tile": FifthTile.CONCEALED, "double_yakuman_hands": frozenset({"daisuushii"}),
    "length": GameLength.TONPUU,
}


@pytest.mark.parametrize("variant", ["riichi", "sanma"])
def test_whole_games_with_the_new_values_keep_every_invariant(variant: str) -> None:
    """Greedy play to the game's end, the conformance checks after every action."""
    options = (SanmaOptions if variant == "sanma" else RiichiOptions)(**NEW_VALUES)
    rules = mr.make(variant, options)
    final, _ = play(rules, 3, max_actions=20_000, greedy=True, policy_seed=1)
    assert final.phase is Phase.GAME_OVER
    result = rules.result(final)
    assert result is not None
    scores = [r["score"] for r in result["ranking"]]
    assert all(type(s) is int for s in scores)
    assert sum(scores) == 0
