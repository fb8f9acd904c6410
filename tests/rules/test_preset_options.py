"""The options added for the league and platform presets (issue 20), each in play.

Injected walls (``tests/scenario.py``): riichi with no draw left, sticks left at the end
(to the first or lost), tied ranks sharing uma, an open kan's dora turned at once and
counted by the rinshan tsumo, kuikae, no kan dora, and a wait on a fifth copy held in
the concealed hand (``FifthTile.NONE``). The scoring switches (ippatsu,
ura, kan dora, kan ura, the yakuman cap) are scored in ``tests/scoring/test_switches.py``.
"""

from __future__ import annotations

import attrs
import pytest
from helpers.scenario import discard, kind_of, last, pass_all, start, start_hand, tsumogiri

import mahjong_rules as mr
from mahjong_rules.actions import Chi, Daiminkan, Pon, Tsumo
from mahjong_rules.errors import IllegalActionError, OptionsError, Reason
from mahjong_rules.options import (
    FifthTile,
    GameLength,
    KanDoraTiming,
    Kuikae,
    LeftoverSticks,
    RiichiOptions,
    TiedRanks,
)
from mahjong_rules.state import Phase, State

# a non-dealer's tenpai hand on 9s that claims nothing of the junk draws
TENPAI = "234p567p234s567s9s"


def riichi_at_the_last_draw(options: RiichiOptions) -> tuple[mr.Ruleset, State]:
    """A single hand: seat 1 draws with two tiles left in the live wall, then declares."""
    rules, state = start_hand(options, hands={1: TENPAI}, draws=["2m", "8m", "2s", "3m"])
    state = attrs.evolve(state, live=state.live[:3])
    state = tsumogiri(rules, state, 1)
    assert state.turn == 1
    assert len(state.live) == 2  # seat 1 will not draw again
    return rules, state


def test_riichi_with_no_draw_left_is_refused_by_default() -> None:
    """seeds/000 5.3: riichi needs four tiles left in the wall."""
    rules, state = riichi_at_the_last_draw(RiichiOptions(length=GameLength.SINGLE_HAND))
    with pytest.raises(IllegalActionError) as caught:
        discard(rules, state, 1, riichi=True)
    assert caught.value.reason is Reason.RIICHI_NOT_ENOUGH_TILES


@pytest.mark.parametrize(("sticks", "tied", "ranking"), [
    # seat 1: 25,000 - 1,000 riichi + 3,000 tenpai; the others 24,000 each
    (LeftoverSticks.TO_FIRST, TiedRanks.SEAT_ORDER,
     [(1, 1, 28_000, 38.0), (0, 2, 24_000, 4.0), (2, 3, 24_000, -16.0),
      (3, 4, 24_000, -26.0)]),
    (LeftoverSticks.LOST, TiedRanks.SEAT_ORDER,
     [(1, 1, 27_000, 37.0), (0, 2, 24_000, 4.0), (2, 3, 24_000, -16.0),
      (3, 4, 24_000, -26.0)]),
    # the three at 24,000 share the uma of ranks 2 to 4: (10 - 10 - 20) / 3
    (LeftoverSticks.TO_FIRST, TiedRanks.SHARE,
     [(1, 1, 28_000, 38.0), (0, 2, 24_000, -12.7), (2, 2, 24_000, -12.7),
      (3, 2, 24_000, -12.7)]),
], ids=["sticks-to-first", "sticks-lost", "ties-share"])
def test_riichi_on_the_last_draw_then_the_game_ends(
        sticks: LeftoverSticks, tied: TiedRanks,
        ranking: list[tuple[int, int, int, float]]) -> None:
    """``riichi_without_draw`` (JPML A): the declaration stands; the stick is left over."""
    options = RiichiOptions(length=GameLength.SINGLE_HAND, riichi_without_draw=True,
                            leftover_sticks=sticks, tied_ranks=tied)
    rules, state = riichi_at_the_last_draw(options)
    state = pass_all(rules, discard(rules, state, 1, riichi=True))
    assert state.seats[1].riichi
    assert state.deposits == 1
    state = tsumogiri(rules, state, 2)
    assert last(state).kind == "exhaustive"
    assert last(state).tenpai == (1,)
    assert state.phase is Phase.GAME_OVER
    result = rules.result(state)
    assert result is not None
    assert [(r["seat"], r["rank"], r["points"], r["score"])
            for r in result["ranking"]] == ranking
    assert result["summary"]["leftover_deposits"] == 1000


def test_riichi_on_the_very_last_discard_is_refused() -> None:
    """Not on the last discard of the hand (JPML: no riichi on the houtei tile)."""
    options = RiichiOptions(length=GameLength.SINGLE_HAND, riichi_without_draw=True)
    rules, state = riichi_at_the_last_draw(options)
    state = tsumogiri(rules, state, 2)
    assert state.turn == 3
    assert not state.live
    with pytest.raises(IllegalActionError) as caught:
        discard(rules, state, 3, riichi=True)
    assert caught.value.reason is Reason.RIICHI_NOT_ENOUGH_TILES


def test_riichi_below_1000_points() -> None:
    """``riichi_min_points=0``: a seat with 500 points may declare (and goes below zero)."""
    points = (25_000, 500, 25_000, 49_500)
    for floor, allowed in ((1000, False), (0, True)):
        rules, state = start_hand(RiichiOptions(riichi_min_points=floor), points=points,
                                  hands={1: TENPAI}, draws=["2m", "8m"])
        state = tsumogiri(rules, state, 1)
        if not allowed:
            with pytest.raises(IllegalActionError) as caught:
                discard(rules, state, 1, riichi=True)
            assert caught.value.reason is Reason.RIICHI_NOT_ENOUGH_POINTS
            continue
        state = pass_all(rules, discard(rules, state, 1, riichi=True))
        assert state.seats[1].riichi
        assert state.seats[1].points == -500


# --------------------------------------------------------------- open-kan dora timing

# seat 1 opens a kan on the dealer's 1m and wins on the replacement 2s; the kan's
# indicator 1s makes the 2s pair two dora
KAN_HAND = "111m234p567p345s2s"


@pytest.mark.parametrize(("timing", "dora"), [
    (KanDoraTiming.BEFORE_DISCARD_CLAIMS, 0), (KanDoraTiming.AFTER_DISCARD_PASSES, 0),
    (KanDoraTiming.IMMEDIATE, 2),
], ids=["before-claims", "after-passes", "immediate"])
def test_an_open_kan_dora_and_the_rinshan_tsumo(timing: KanDoraTiming, dora: int) -> None:
    """``IMMEDIATE`` (M-League, EMA): the rinshan tsumo counts the open kan's dora."""
    rules, state = start("riichi", RiichiOptions(kan_dora_timing=timing),
                         hands={1: KAN_HAND}, draws=["1m"], dora="3z1s", rinshan="2s")
    state = rules.apply(state, mr.Discard(seat=0, tile=state.seats[0].drawn or 0))
    state = rules.apply(state, Daiminkan(seat=1))
    assert state.revealed == (2 if dora else 1)
    state = rules.apply(state, Tsumo(seat=1))
    win = last(state).winners[0]
    assert dict(win.yaku) == {"rinshan": 1}
    assert win.han == 1 + dora  # the dora count in the han


def test_no_kan_dora_turns_no_indicator() -> None:
    """``kan_dora=False`` (JPML A): the kan turns nothing, whatever the timing."""
    options = RiichiOptions(kan_dora=False, kan_dora_timing=KanDoraTiming.IMMEDIATE)
    rules, state = start("riichi", options, hands={1: KAN_HAND}, draws=["1m"],
                         dora="3z1s", rinshan="2s")
    state = rules.apply(state, mr.Discard(seat=0, tile=state.seats[0].drawn or 0))
    state = rules.apply(state, Daiminkan(seat=1))
    assert state.revealed == 1
    state = rules.apply(state, Tsumo(seat=1))
    assert last(state).winners[0].han == 1


# --------------------------------------------------------------- kuikae


# seat 1 chis the dealer's 2m with 34m and keeps a second 2m and the 5m at the other end
SWAP_HAND = "2m34m5m789p123s5z5z5z"


@pytest.mark.parametrize(("kuikae", "called_kind", "other_end"), [
    (Kuikae.FORBIDDEN, False, False),
    (Kuikae.SUJI, False, True),
    (Kuikae.ALLOWED, True, True),
], ids=["forbidden", "suji", "allowed"])
@pytest.mark.parametrize("tile", ["2m", "5m"], ids=["called-kind", "other-end"])
def test_a_swap_call(kuikae: Kuikae, called_kind: bool, other_end: bool, tile: str) -> None:
    """``kuikae``: after a chi of 2m on 34m, may the other 2m or the 5m go at once?

    ``FORBIDDEN`` (seeds/000 4): neither; ``SUJI`` (JPML: 現物以外の喰い替えを認める): the
    5m at the run's other end only; ``ALLOWED`` (EMA before 2016): both.
    """
    rules, state = start("riichi", RiichiOptions(kuikae=kuikae),
                         hands={1: SWAP_HAND}, draws=["2m"])
    state = rules.apply(state, mr.Discard(seat=0, tile=state.seats[0].drawn or 0))
    chi = next(a for a in rules.legal_actions(state, 1) if isinstance(a, Chi))
    state = rules.apply(state, chi)
    if called_kind if tile == "2m" else other_end:
        state = discard(rules, state, 1, tile)
        assert state.seats[1].river[-1].tile >> 2 == kind_of(tile)
        return
    with pytest.raises(IllegalActionError) as caught:
        discard(rules, state, 1, tile)
    assert caught.value.reason is Reason.SWAP_CALL_FORBIDDEN


def test_a_swap_pon_is_forbidden_unless_allowed() -> None:
    """After a pon of 5z the fourth 5z may go only under ``ALLOWED`` (``SUJI`` forbids it)."""
    for kuikae, allowed in ((Kuikae.SUJI, False), (Kuikae.ALLOWED, True)):
        rules, state = start("riichi", RiichiOptions(kuikae=kuikae),
                             hands={1: "5z5z5z123m456p789s1s"}, draws=["5z"])
        state = rules.apply(state, mr.Discard(seat=0, tile=state.seats[0].drawn or 0))
        state = rules.apply(state, next(a for a in rules.legal_actions(state, 1)
                                        if isinstance(a, Pon)))
        if allowed:
            discard(rules, state, 1, "5z")
            continue
        with pytest.raises(IllegalActionError) as caught:
            discard(rules, state, 1, "5z")
        assert caught.value.reason is Reason.SWAP_CALL_FORBIDDEN


@pytest.mark.parametrize(("saved", "kuikae"), [
    (False, Kuikae.FORBIDDEN), (True, Kuikae.ALLOWED), ("suji", Kuikae.SUJI),
    ("forbidden", Kuikae.FORBIDDEN), ("allowed", Kuikae.ALLOWED),
], ids=["old-false", "old-true", "suji", "forbidden", "allowed"])
def test_kuikae_loads_old_and_new_values(saved: object, kuikae: Kuikae) -> None:
    """Options saved while ``kuikae`` was a switch still load (``True``: any discard)."""
    options = RiichiOptions.from_dict({"kuikae": saved})
    assert options.kuikae is kuikae
    if isinstance(saved, bool):  # the constructor reads the old switch too
        assert RiichiOptions(kuikae=saved).kuikae is kuikae
    assert options.to_dict()["kuikae"] == kuikae.value
    assert RiichiOptions.from_dict(options.to_dict()) == options


def test_a_bad_kuikae_value_is_refused() -> None:
    """Anything else is a typed options error."""
    for bad in ("sometimes", 1, None):
        with pytest.raises(OptionsError, match="kuikae"):
            RiichiOptions.from_dict({"kuikae": bad})


# --------------------------------------------------------------- the fifth tile

# seat 1 holds all four 1m: its one wait is a fifth 1m (111m and a 1m pair)
FOUR_IN_HAND = "1111m234p567p789s"


@pytest.mark.parametrize(("fifth", "tenpai"), [
    (FifthTile.HAND_AND_MELDS, False), (FifthTile.CONCEALED, False), (FifthTile.NONE, True),
], ids=["hand-and-melds", "concealed", "none"])
def test_a_wait_on_a_fifth_copy_held_in_the_hand(fifth: FifthTile, tenpai: bool) -> None:
    """``FifthTile.NONE`` (Mahjong Soul: "Tenpai that requires a fifth copy of a tile is
    allowed"): the four 1m in the hand still make a tenpai at the draw, and riichi."""
    options = RiichiOptions(length=GameLength.SINGLE_HAND, fifth_tile=fifth)
    rules, state = start_hand(options, hands={1: FOUR_IN_HAND}, draws=["2z", "9m"])
    state = tsumogiri(rules, state, 1)  # the dealer
    riichi = mr.Discard(seat=1, tile=state.seats[1].drawn or 0, riichi=True)
    assert (riichi in rules.legal_actions(state, 1)) is tenpai
    state = attrs.evolve(state, live=())  # seat 1's draw was the last
    state = tsumogiri(rules, state, 1)
    assert last(state).kind == "exhaustive"
    assert (1 in last(state).tenpai) is tenpai


def test_the_fifth_copy_rule_of_the_presets() -> None:
    """Tenhou and majiang-core count only the concealed copies; Mahjong Soul none."""
    assert RiichiOptions().fifth_tile is FifthTile.HAND_AND_MELDS
    assert RiichiOptions.tenhou().fifth_tile is FifthTile.CONCEALED
    assert RiichiOptions.majiang().fifth_tile is FifthTile.CONCEALED
    assert RiichiOptions.mahjong_soul().fifth_tile is FifthTile.NONE
