"""What each level does that the one below does not, on injected walls."""

from __future__ import annotations

from helpers.scenario import discard, kind_of, pass_all, start

import mahjong_rules as mr
from mahjong_rules.bots import Observation, make_bot
from mahjong_rules.state import Phase


def dead(honours: str) -> dict[int, str]:
    """Hands for seats 0, 2 and 3 that can claim nothing and never win."""
    return {0: f"147m258p369s{honours}z", 2: f"258m369p147s{honours}z",
            3: f"369m147p258s{honours}z"}


def choose(bot: str, rules: mr.Ruleset, state: mr.State, seat: int) -> mr.Action:
    return make_bot(bot, seed=0).act(Observation.of(rules, state, seat))


def drawn(state: mr.State, seat: int) -> int:
    tile = state.seats[seat].drawn
    assert tile is not None
    return tile


def test_efficiency_declares_riichi_at_tenpai() -> None:
    rules, state = start("riichi", hands={**dead("3456"), 0: "123m456p789s1122z",
                                          1: "258m369p147s3456z"}, draws=["7z"])
    for bot in ("efficiency", "defensive"):
        action = choose(bot, rules, state, 0)
        assert action == mr.Discard(seat=0, tile=drawn(state, 0), riichi=True), bot


def test_efficiency_keeps_shape_and_discards_isolated_tiles() -> None:
    rules, state = start("riichi", hands={**dead("3456"), 0: "23m56m34p78p45s77z9s"},
                         draws=["9m"])
    action = choose("efficiency", rules, state, 0)
    assert isinstance(action, mr.Discard)
    assert (action.tile >> 2) in (kind_of("9m"),
                                                                     kind_of("9s"))


def _facing_riichi() -> tuple[mr.Ruleset, mr.State]:
    rules, state = start("riichi", hands={0: "123m456p789s1122z", 1: "23m56m34p78p45s77z9s",
                                          2: "258m369p147s3456z", 3: "369m147p258s3456z"},
                         draws=["7z", "9m"])
    state = pass_all(rules, discard(rules, state, 0, riichi=True))  # riichi on 7z
    assert state.seats[0].riichi
    assert state.turn == 1
    return rules, state


def test_defensive_folds_against_riichi_with_the_safe_tile() -> None:
    rules, state = _facing_riichi()
    efficient = choose("efficiency", rules, state, 1)
    safe = choose("defensive", rules, state, 1)
    assert isinstance(efficient, mr.Discard)
    assert isinstance(safe, mr.Discard)
    assert (efficient.tile >> 2) != kind_of("7z")  # efficiency keeps its pair
    assert (safe.tile >> 2) == kind_of("7z")  # genbutsu: the riichi discard itself
    folded = choose("balanced", rules, state, 1)
    assert isinstance(folded, mr.Discard)
    assert (folded.tile >> 2) == kind_of("7z")


def test_balanced_pons_a_yakuhai_pair() -> None:
    rules, state = start("riichi", hands={**dead("2367"), 1: "55z23m67m34p9p1s9s1z4z"},
                         draws=["5z"], dora="8p")  # 9p is dora: the pon makes two han
    state = discard(rules, state, 0)
    assert state.phase is Phase.CLAIMS
    assert 1 in rules.to_act(state)
    assert isinstance(choose("efficiency", rules, state, 1), mr.Pass)
    assert isinstance(choose("defensive", rules, state, 1), mr.Pass)
    assert isinstance(choose("balanced", rules, state, 1), mr.Pon)


def test_balanced_stays_damaten_with_value() -> None:
    # tanyao and two dora (5p) on a closed wait: 7,700 without riichi for the dealer
    rules, state = start("riichi", hands={**dead("1234"), 0: "234m567p234s55p68s",
                                          1: "258m369p147s1234z"}, draws=["9m"], dora="4p")
    riichi = choose("efficiency", rules, state, 0)
    dama = choose("balanced", rules, state, 0)
    assert riichi == mr.Discard(seat=0, tile=drawn(state, 0), riichi=True)
    assert dama == mr.Discard(seat=0, tile=drawn(state, 0), riichi=False)


def test_tsumogiri_never_wins() -> None:
    rules, state = start("riichi", hands={**dead("3456"), 0: "123m456p789s1122z",
                                          1: "258m369p147s3456z"}, draws=["1z"])
    assert any(isinstance(a, mr.Tsumo) for a in rules.legal_actions(state, 0))
    assert choose("tsumogiri", rules, state, 0) == mr.Discard(seat=0,
                                                              tile=drawn(state, 0))
    assert isinstance(choose("efficiency", rules, state, 0), mr.Tsumo)
