"""The rule fixes found on more real Houou games and another engine's scripted games.

One test (or table) per numbered item of the issue "Rule fixes found on more real Houou
games ...", each from an injected wall and each failing before its fix; the docstring
names the source of the rule. The decisions are written in ``docs/decisions.md``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from helpers.scenario import (
    discard,
    held_all,
    kind_of,
    last,
    pass_all,
    start,
    start_hand,
    tsumogiri,
)

import mahjong_rules as mr
from mahjong_rules.actions import Ankan, Kakan, Kita, NineTerminals, Pon, Ron, Tsumo
from mahjong_rules.errors import Reason
from mahjong_rules.options import (
    FifthTile,
    RiichiAnkan,
    RiichiOptions,
    SanmaOptions,
)
from mahjong_rules.state import Phase, State

SOUTH_4: dict[str, Any] = {"round_wind": 1, "hand_number": 3, "dealer": 3}
"""The all-last hand of a half game: South 4, seat 3 deals."""


def reason(rules: mr.Ruleset, state: State, action: mr.Action) -> Reason | None:
    rejection = rules.validate(state, action)
    return None if rejection is None else rejection.reason


def win_yaku(state: State) -> dict[str, int]:
    result = last(state)
    assert result.kind == "win", result
    return dict(result.winners[0].yaku)


# ------------------------------------------------------------- 1. abortive draw in all-last


@pytest.mark.parametrize("abort", ["nine_terminals", "four_winds"])
def test_an_abortive_draw_in_all_last_is_no_agari_yame(abort: str) -> None:
    """South 4, the dealer sole first with 40,000: a non-dealer's abortive draw.

    seeds/000 section 2, agariYame: the all-last dealer stops "by a win or tenpai"
    (화료·텐파이로 1위면 자동 종료); an abortive draw is neither, so the dealer repeats
    with one more honba and the game goes on (section 5.8: "친 연장, 본장 +1").
    majiang-core ``Game.last`` agrees (no stop after ``_no_game``).
    """
    points = (20_000, 20_000, 20_000, 40_000)
    if abort == "nine_terminals":
        rules, state = start_hand(hands={0: "19m19p19s123z2m3m5p6p"}, draws=["8p", "5s"],
                                  points=points, **SOUTH_4)
        state = tsumogiri(rules, state, 1)  # the dealer (seat 3)
        state = rules.apply(state, NineTerminals(seat=0))
    else:
        rules, state = start_hand(hands=dict.fromkeys(range(4), "4z"), points=points,
                                  **SOUTH_4)
        for seat in (3, 0, 1, 2):
            state = pass_all(rules, discard(rules, state, seat, "4z"))
    result = last(state)
    assert (result.kind, result.abort_reason) == ("abortive", abort)
    assert state.phase is Phase.HAND_OVER
    assert state.end_reason is None
    assert (state.round_wind, state.hand_number, state.dealer, state.honba) == (1, 3, 3, 1)
    assert [p.points for p in state.seats] == list(points)


# --------------------------------------------------------- 2. the extension under tenhou

# The dealer (seat 0) is tenpai on 5p; the others draw and discard tiles it cannot use.
DEALER_TENPAI = "123m456m789m123p5p"
DRAW_JUNK = ["2m", "8m", "2s", "3m"]


def west_1_draw(options: RiichiOptions | str | None,
                points: tuple[int, ...]) -> tuple[mr.Ruleset, State]:
    """West 1, seat 0 deals: an exhaustive draw with only the dealer tenpai (+3000)."""
    rules, state = start_hand(options, round_wind=2, points=points,
                              hands={0: DEALER_TENPAI}, draws=DRAW_JUNK)
    state = attrs.evolve(state, live=state.live[:3])
    state = tsumogiri(rules, state, 4)
    assert last(state).tenpai == (0,)
    return rules, state


@pytest.mark.parametrize(("preset", "points", "end"), [
    # another seat ends with 30,900, the dealer repeats: Tenhou plays W1-1
    ("tenhou", (20_000, 31_900, 24_000, 24_100), None),
    ("default", (20_000, 31_900, 24_000, 24_100), "west_entry_end"),
    # the dealer repeats as sole first with 35,000: its own stop (tenpai-yame) applies
    ("tenhou", (32_000, 24_000, 22_000, 22_000), "agari_yame"),
    ("default", (32_000, 24_000, 22_000, 22_000), "west_entry_end"),
], ids=["tenhou-repeat-goes-on", "default-sudden-death", "tenhou-dealer-stop",
        "default-dealer-first"])
def test_a_dealer_repeat_in_the_extension(preset: str, points: tuple[int, ...],
                                          end: str | None) -> None:
    """West round under ``tenhou``: a dealer repeat goes on (``Extension.RENCHAN_PRIORITY``).

    A real Houou hanchan: W1, exhaustive draw, the dealer tenpai, another player at
    30,900: Tenhou played W1-1. kobalab's notes on Tenhou's rules ("電脳麻将のルール",
    gist 0d551769): "現在の天鳳では親の連荘中は子に30000点越えの者が出てもサドンデスとは
    ならず連荘を優先している". seeds/000 5.10 item 4 (the default) ends the game at once.
    """
    rules, state = west_1_draw(preset, points)
    if end is None:
        assert state.phase is Phase.HAND_OVER
        assert (state.round_wind, state.hand_number, state.dealer, state.honba) == (2, 0, 0, 1)
        assert max(p.points for p in state.seats) >= 30_000
    else:
        assert state.phase is Phase.GAME_OVER
        assert state.end_reason == end
        assert rules.result(state) is not None


# ---------------------------------------------------------- 3. sanma: no four winds (tenhou)


@pytest.mark.parametrize(("preset", "aborts"), [("tenhou", False), ("default", True),
                                                ("joypip", False)])
def test_sanma_three_same_winds_first(preset: str, aborts: bool) -> None:
    """All three seats discard East first, the dealer after a kita: Tenhou plays on.

    Real Houou sanma games (tenhou.net/6 JSON) go on in this situation: Tenhou's 3-player
    rooms have no four-winds abort (``SanmaOptions.tenhou``: ``four_winds_abort=False``).
    seeds/000 5.7 (the default) aborts; seeds/004 (joypip) has no such abort.
    """
    rules, state = start("sanma", preset, hands={0: "1z4z", 1: "1z", 2: "1z"},
                         draws=["5p", "7p", "7s", "3p"], rinshan="9p", ura="1z")
    state = pass_all(rules, rules.apply(state, Kita(seat=0)))
    for seat in range(3):
        state = pass_all(rules, discard(rules, state, seat, "1z"))
    if aborts:
        result = last(state)
        assert (result.kind, result.abort_reason) == ("abortive", "four_winds")
    else:
        assert state.last_result is None
        assert (state.phase, state.turn) == (Phase.SELF_ACTION, 0)


# --------------------------------------------- 4. sanma: a win on the replacement of a kita


@pytest.mark.parametrize("preset", ["default", "tenhou", "joypip"])
@pytest.mark.parametrize("seat", [0, 1], ids=["dealer", "non-dealer"])
def test_a_first_turn_kita_replacement_tsumo_is_rinshan(preset: str, seat: int) -> None:
    """A seat's first-turn kita, and the replacement tile completes the hand.

    seeds/000 5.7: a tsumo on the replacement tile of a kita is rinshan kaihou
    ("북 뽑기 뒤 영상패로 쯔모 화료하면 영상개화를 인정한다"). Tenhou and chiihou are
    wins on the dealt 14 tiles and on the first draw (6.1: "친이 배패 14장으로 화료",
    "자가 첫 쯔모로 화료"): a replacement tile is neither, and on Tenhou a kita is no call
    (the first go-around goes on) while rinshan and tenhou/chiihou never combine. Before
    the fix the tsumo was not offered (``conflicting_context``: "tenhou+other").
    """
    draws = ["1s"] if seat == 0 else ["8p", "1s"]
    rules, state = start("sanma", preset, hands={seat: "123p456p789s555z4z"}, draws=draws,
                         rinshan="1s")
    if seat:
        state = tsumogiri(rules, state, 1)  # the dealer
    state = pass_all(rules, rules.apply(state, Kita(seat=seat)))
    assert state.rinshan_draw
    assert Tsumo(seat=seat) in rules.legal_actions(state, seat)
    state = rules.apply(state, Tsumo(seat=seat))
    assert set(win_yaku(state)) == {"menzen_tsumo", "haku", "rinshan"}


def test_the_first_go_around_goes_on_after_a_kita() -> None:
    """A kita is no call (seeds/000 5.4, Tenhou): the next seat may still have chiihou."""
    rules, state = start("sanma", hands={0: "4z", 1: "123p456p789s555z1s"},
                         draws=["8p", "1s"], rinshan="9p")
    state = pass_all(rules, rules.apply(state, Kita(seat=0)))
    state = tsumogiri(rules, state, 1)
    state = rules.apply(state, Tsumo(seat=1))
    assert last(state).winners[0].yakuman == 1
    assert set(win_yaku(state)) == {"chiihou"}


# ---------------------------------------- 5. a pending kan indicator turns at the next kan

# Seat 0 (the dealer, East) pons East and South from seat 1, adds both in a row and wins
# on the second replacement tile: 123m 678s 55s and the two kans.
DOUBLE_KAKAN = {
    "hands": {0: "11z22z123m78s55s9p9m"},
    # seat 0 junk, seat 1 East, seat 1 South, seats 1-3 junk, seat 0 the fourth East
    "draws": ["3p", "1z", "2z", "4p", "7m", "8m", "1z"],
    "rinshan": "2z6s",
    "dora": "9p5s",  # the second indicator makes 6s a dora
}


def _two_pons_and_first_kakan(rules: mr.Ruleset, state: State, second: str) -> State:
    """Seat 0 pons East and ``second`` from seat 1, then adds the East it draws."""
    state = tsumogiri(rules, state, 1)  # seat 0
    for kind, out in (("11z", "9p"), (2 * second, "9m")):
        state = discard(rules, state, 1)  # seat 1 discards the tile it drew
        state = rules.apply(state, Pon(seat=0, tiles=held_all(state, 0, kind)))
        state = pass_all(rules, state)  # a seat that may ron the tile passes
        state = pass_all(rules, discard(rules, state, 0, out))
    state = tsumogiri(rules, state, 3)  # seats 1-3
    tile = state.seats[0].drawn
    assert tile is not None
    assert tile >> 2 == kind_of("1z")
    state = pass_all(rules, rules.apply(state, Kakan(seat=0, tile=tile)))
    tile = state.seats[0].drawn
    assert tile is not None
    assert tile >> 2 == kind_of(second)
    return rules.apply(state, Kakan(seat=0, tile=tile))


def test_a_pending_kan_indicator_turns_at_the_next_kan() -> None:
    """Two added kans in a row, then a rinshan tsumo: the first kan's indicator counts.

    An open or added kan's indicator waits for its maker's discard (seeds/000 5.2); when
    the maker adds a second kan first, the pending indicator turns at that kan: the
    mjlog shows ``N kakan, draw, N kakan, DORA, draw`` (docs/log-findings.md item 5, two
    Tenhou games), majiang-core ``Game.gang`` calls ``kaigang`` for the pending kan.
    Before the fix both stayed pending and the winner counted one dora too few.
    """
    rules, state = start("riichi", **DOUBLE_KAKAN)
    state = pass_all(rules, _two_pons_and_first_kakan(rules, state, "2z"))
    assert state.revealed == 2  # the first kan's; the second's waits for a discard
    assert state.pending_kan_dora == 1
    state = rules.apply(state, Tsumo(seat=0))
    win = last(state).winners[0]
    assert dict(win.yaku) == {"rinshan": 1, "round_wind": 1, "seat_wind": 1}
    assert win.han == 4  # and one dora: 6s by the second indicator


def test_a_robbed_second_kan_turns_no_pending_indicator() -> None:
    """Chankan on the second of two added kans in a row: only the first indicator shows.

    The Tenhou game ``mjai-reviewer/double_kakan_then_chankan.json`` (鳳南喰赤): seat 0
    adds 6p, then 2m, seat 3 robs the 2m; its dora list holds the first indicator only.
    A robbed kan never happened, so the pending indicator turns only once the second
    kan's window passes (as a closed kan's own indicator does).
    """
    # seat 2 waits on 3p alone (12p); it passes the 3p seat 0 pons, and draws again
    hands = {0: "11z33p123m78s55s9p9m", 2: "12p456m789m456s22s"}
    rules, state = start("riichi", hands=hands,
                         draws=["4p", "1z", "3p", "4p", "7m", "8m", "1z"], rinshan="3p6s")
    state = _two_pons_and_first_kakan(rules, state, "3p")
    assert state.claim is not None
    assert "ron" in state.claim.options[2]
    state = rules.apply(state, Ron(seat=2))
    assert "chankan" in win_yaku(state)
    assert state.revealed == 1


# ------------------------------------------------ 6. no furiten from another's closed kan


def test_another_seats_closed_kan_makes_no_furiten() -> None:
    """Seat 1 in riichi on 2s/5s; seat 2 makes a closed kan of 5s; a 2s is then a ron.

    A closed kan may be robbed only for thirteen orphans (seeds/000 5.3, 5.2), so it is
    no passed win for any other hand and no furiten follows (Tenhou; libriichi and
    majiang-core ``Game.reply_gang`` agree). Before the fix seat 1 became furiten.
    """
    hands = {1: "34s123m456m789p11z", 2: "555s"}
    rules, state = start("riichi", hands=hands,
                         draws=["8p", "9p", "5s", "1p", "2s"], rinshan="7z")
    state = tsumogiri(rules, state, 1)  # seat 0
    state = pass_all(rules, discard(rules, state, 1, riichi=True))
    state = rules.apply(state, Ankan(seat=2, kind=kind_of("5s")))
    state = pass_all(rules, state)
    assert not state.seats[1].riichi_furiten
    assert not state.seats[1].temporary_furiten
    state = tsumogiri(rules, state, 2)  # seat 2's replacement tile, seat 3
    state = discard(rules, state, 0)  # the 2s
    assert state.claim is not None
    assert "ron" in state.claim.options[1]
    state = rules.apply(state, Ron(seat=1))
    assert "double_riichi" in win_yaku(state)  # declared on its first discard
    assert [(w.seat, w.from_seat) for w in last(state).winners] == [(1, 0)]


def test_thirteen_orphans_passing_a_robbable_closed_kan_is_furiten() -> None:
    """The one hand a closed kan is a passed win for: thirteen orphans (seeds/000 5.5)."""
    rules, state = start("riichi", hands={0: "1111m258p369s123z", 1: "99m19p19s1234567z"},
                         draws=["5p"])
    state = rules.apply(state, Ankan(seat=0, kind=kind_of("1m")))
    assert state.claim is not None
    assert "ron" in state.claim.options[1]
    state = pass_all(rules, state)
    assert state.seats[1].temporary_furiten


# --------------------------------------------- 7. four of the wait in one's own closed kan

# riichi.wiki "Karaten": on Tenhou 12s 44466688p with a kan of 3s was scored tenpai.
KARATEN = "3333s12s444p666p8p"


def karaten_draw(options: RiichiOptions | str | None) -> tuple[mr.Ruleset, State]:
    """Seat 2 makes a closed kan of 3s, then waits on 3s alone; the wall runs out."""
    rules, state = start("riichi", options, hands={2: KARATEN},
                         draws=["2m", "8m", "8p"], rinshan="7z")
    state = tsumogiri(rules, state, 2)  # seats 0, 1
    state = pass_all(rules, rules.apply(state, Ankan(seat=2, kind=kind_of("3s"))))
    assert state.seats[2].drawn is not None  # the replacement tile
    return rules, state


@pytest.mark.parametrize(("options", "tenpai"), [
    ("default", False),
    (RiichiOptions(fifth_tile=FifthTile.CONCEALED), True),
    (RiichiOptions(fifth_tile=FifthTile.NONE), True),
    ("tenhou", True),
    ("mahjong_soul", True),
    ("majiang", True),
], ids=["default", "concealed", "none", "tenhou", "mahjong-soul", "majiang"])
def test_tenpai_with_the_four_waits_in_ones_own_kan(options: RiichiOptions | str,
                                                    tenpai: bool) -> None:
    """``12s 444p 666p 88p`` with a closed kan of 3s at an exhaustive draw.

    riichi.wiki "Karaten": Tenhou scored such a hand tenpai, Mahjong Soul the same;
    libriichi agrees; majiang-core counts only the concealed copies (``Util.tingpai``).
    seeds/000 5.5 and 10 (the default): a hand waiting on a kind it holds all four of
    is noten (``FifthTile.HAND_AND_MELDS``).
    """
    rules, state = karaten_draw(options)
    state = discard(rules, state, 2)  # the replacement tile
    state = attrs.evolve(state, live=())
    state = pass_all(rules, discard(rules, state, 3))
    result = last(state)
    assert result.kind == "exhaustive"
    assert (2 in result.tenpai) is tenpai


@pytest.mark.parametrize(("options", "allowed"), [("default", False), ("tenhou", True)])
def test_riichi_on_a_wait_held_in_ones_own_kan(options: str, allowed: bool) -> None:
    """Riichi needs tenpai (seeds/000 5.4), by the same ``fifth_tile`` rule as the draw."""
    rules, state = karaten_draw(options)
    tile = state.seats[2].drawn
    assert tile is not None
    action = mr.Discard(seat=2, tile=tile, riichi=True)
    assert reason(rules, state, action) is (None if allowed else
                                            Reason.RIICHI_REQUIRES_TENPAI)
    assert (action in rules.legal_actions(state, 2)) is allowed


# -------------------------------------------------------- 8. closed kan after riichi


@pytest.mark.parametrize(("options", "refused"), [
    ("tenhou", None),
    ("default", Reason.KAN_CHANGES_WAIT),
    (RiichiOptions(riichi_ankan=RiichiAnkan.SAME_WAITS), None),
    (RiichiOptions(riichi_ankan=RiichiAnkan.NEVER), Reason.KAN_NOT_ALLOWED),
], ids=["tenhou", "default", "same-waits", "never"])
def test_closed_kan_after_riichi_that_keeps_the_waits(options: RiichiOptions | str,
                                                      refused: Reason | None) -> None:
    """Riichi on ``1112444m 333p 234s`` (waits 2m, 3m), then a kan of the drawn 1m.

    The waits stay 2m and 3m, but the 3m reading ``11m 123m 444m`` loses its 1m
    triplet. Tenhou allows it: only the waits must not change ("牌姿や役の増減は不問";
    majiang-core リーチ後暗槓許可レベル 2). seeds/000 5.4 (the default) also asks that
    the hand's reading does not change ("손패 해석(면자 구성)이 바뀌지 않을 때만").
    """
    rules, state = start("riichi", options, hands={0: "1112444m333p234s"},
                         draws=["9p", "7z", "7z", "7z", "1m"])
    state = pass_all(rules, discard(rules, state, 0, riichi=True))
    state = tsumogiri(rules, state, 3)
    action = Ankan(seat=0, kind=kind_of("1m"))
    assert reason(rules, state, action) is refused
    assert (action in rules.legal_actions(state, 0)) is (refused is None)
    if refused is None:
        state = pass_all(rules, rules.apply(state, action))
        assert state.seats[0].riichi
        assert len(state.seats[0].melds) == 1


@pytest.mark.parametrize(("options", "refused"), [
    ("default", None), ("tenhou", None),
    (RiichiOptions(riichi_ankan=RiichiAnkan.NEVER), Reason.KAN_NOT_ALLOWED),
], ids=["default", "tenhou", "never"])
def test_closed_kan_after_riichi_that_keeps_every_reading(options: RiichiOptions | str,
                                                          refused: Reason | None) -> None:
    """Riichi on ``111m 234p 567p 789s 5s`` (5s pair wait): a kan of 1m changes nothing."""
    rules, state = start("riichi", options, hands={0: "111m234p567p789s5s"},
                         draws=["9p", "7z", "7z", "7z", "1m"])
    state = pass_all(rules, discard(rules, state, 0, riichi=True))
    state = tsumogiri(rules, state, 3)
    assert reason(rules, state, Ankan(seat=0, kind=kind_of("1m"))) is refused


def test_sanma_tenhou_preset_keeps_the_sanma_defaults() -> None:
    """``SanmaOptions.tenhou`` is the 4-player ``tenhou`` change on the sanma defaults."""
    options = SanmaOptions.tenhou()
    assert options.start_points == 35_000
    assert options.riichi_ankan is RiichiAnkan.SAME_WAITS
    assert options.four_winds_abort is False
