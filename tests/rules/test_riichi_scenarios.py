"""4-player riichi game-flow scenarios on injected walls (seeds/000 5.1-5.6, 10).

Each test deals known hands with ``scenario.start`` and plays the hand through the public
API (``apply``/``validate``/``legal_actions``/``to_act``). Rejections are asserted on
their :class:`Reason`, never on message text.

Wall layout (tests/helpers/scenario.py): ``draws[0]`` is the dealer's first draw, then one draw
per seat in turn order as long as nobody calls.
"""

from __future__ import annotations

import attrs
import pytest
from helpers.scenario import discard, held, held_all, kind_of, pass_all, start, tsumogiri

import mahjong_rules as mr
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from mahjong_rules.errors import IllegalActionError, Reason
from mahjong_rules.options import KanDoraTiming, MultipleRon, RiichiOptions
from mahjong_rules.scoring.hand import MeldKind
from mahjong_rules.state import MeldRecord, Phase, State, WinRecord

# ---------------------------------------------------------------------------- helpers


def options_of(state: State, seat: int) -> tuple[str, ...]:
    assert state.claim is not None
    return state.claim.options[seat]


def reason(rules: mr.Ruleset, state: State, action: Action) -> Reason | None:
    rejection = rules.validate(state, action)
    return None if rejection is None else rejection.reason


def only_win(state: State) -> WinRecord:
    result = state.last_result
    assert result is not None
    assert result.kind == "win"
    assert len(result.winners) == 1
    return result.winners[0]


def yaku_ids(win: WinRecord) -> set[str]:
    return {name for name, _ in win.yaku}


def dora_han(win: WinRecord) -> int:
    """Han from dora, red fives, ura and kita (the han not from yaku)."""
    return win.han - sum(han for _, han in win.yaku)


def legal(rules: mr.Ruleset, state: State, seat: int) -> tuple[Action, ...]:
    return rules.legal_actions(state, seat)


# Hands that claim nothing of the tiles the tests move around (no pairs, no close runs);
# together they hold every suited kind once.
DEAD = {
    1: "147m258p369s1234z",
    2: "258m369p147s1567z",
    3: "369m147p258s2347z",
}



# ---------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("name", "after_deal", "tiles"), [("riichi", 70, 136),
                                                          ("sanma", 55, 108)],
                         ids=["4p", "sanma"])
def test_setup_wall_sizes(name: str, after_deal: int, tiles: int) -> None:
    # spec 4.2: 70 (55) tiles are left after the deal; setup also makes the dealer's first
    # draw, so the live wall holds one tile fewer once setup returns
    rules = mr.make(name)
    state = rules.setup(seed=3)
    assert state.dealer == 0
    assert state.turn == 0
    assert len(state.seats[0].hand) == 14
    assert state.seats[0].drawn is not None
    assert all(len(p.hand) == 13 for p in state.seats[1:])
    assert len(state.live) + 1 == after_deal
    assert state.tiles_left == after_deal - 1
    assert (len(state.rinshan), len(state.dora_indicators), len(state.ura_indicators)) == (
        4, 5, 5)
    assert state.revealed == 1
    every = [*state.live, *state.rinshan, *state.dora_indicators, *state.ura_indicators]
    for player in state.seats:
        every.extend(player.hand)
    assert len(every) == tiles
    assert sorted(every) == sorted(rules.tile_ids())  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["riichi", "sanma"])
def test_same_seed_same_seats_walls_and_deal(name: str) -> None:
    rules = mr.make(name)
    names = [f"n{i}" for i in range(rules.num_seats)]
    first = rules.setup(seed=42, players=names)
    again = rules.setup(seed=42, players=names)
    assert first == again
    assert sorted(first.players) == names
    orders = {rules.setup(seed=s, players=names).players for s in range(12)}
    assert len(orders) > 1  # the seats are shuffled by the seed
    other = rules.setup(seed=43, players=names)
    assert (other.live, other.seats[0].hand) != (first.live, first.seats[0].hand)


def test_dead_wall_stays_fourteen_after_a_kan() -> None:
    rules, state = start("riichi", hands={0: "1111m258p369s123z"}, draws=["5p"])
    live = len(state.live)
    state = rules.apply(state, Ankan(seat=0, kind=kind_of("1m")))
    assert len(state.rinshan) + len(state.dora_indicators) + len(state.ura_indicators) == 14
    assert len(state.live) == live - 1
    assert state.revealed == 2  # a closed kan turns its indicator at once


# ---------------------------------------------------------------------------- claims

# seat 0 discards 3m; seat 1 (next in turn) can chi with 24m, seat 2 can pon with 33m,
# seat 3 waits on 3m (12m with a white dragon triplet).
CLAIM_HANDS = {
    0: "3m147p258s1234z69s",
    1: "24m147p258s369s66z",
    2: "33m147p258s369s12z",
    3: "12m456p678s555z11s",
}


def claim_start(with_ron: bool) -> tuple[mr.Ruleset, State]:
    hands = dict(CLAIM_HANDS)
    if not with_ron:
        hands[3] = "19m147p258s369s77z"
    rules, state = start("riichi", hands=hands, draws=["7z"])
    state = discard(rules, state, 0, "3m")
    assert state.phase is Phase.CLAIMS
    return rules, state


def test_chi_and_pon_on_one_discard_pon_wins() -> None:
    rules, state = claim_start(with_ron=False)
    assert options_of(state, 1) == ("chi",)
    assert options_of(state, 2) == ("pon",)
    chi = next(a for a in legal(rules, state, 1) if isinstance(a, Chi))
    state = rules.apply(state, chi)
    assert state.phase is Phase.CLAIMS  # a pon may still come
    assert rules.to_act(state) == frozenset({2})
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert [m.kind for m in state.seats[2].melds] == [MeldKind.PON]
    assert state.seats[1].melds == ()
    assert len(state.seats[1].hand) == 13


def test_pon_waits_for_an_unanswered_ron() -> None:
    rules, state = claim_start(with_ron=True)
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    assert state.phase is Phase.CLAIMS
    assert 3 in rules.to_act(state)
    state = rules.apply(state, Pass(seat=1))
    assert state.phase is Phase.CLAIMS
    assert rules.to_act(state) == frozenset({3})
    passed = rules.apply(state, Pass(seat=3))
    assert passed.phase is Phase.SELF_ACTION
    assert passed.turn == 2
    ronned = rules.apply(state, Ron(seat=3))
    assert ronned.phase is Phase.HAND_OVER
    assert only_win(ronned).seat == 3
    assert ronned.seats[2].melds == ()


def test_pon_resolves_at_once_when_only_a_chi_is_unanswered() -> None:
    rules, state = claim_start(with_ron=False)
    assert rules.to_act(state) == frozenset({1, 2})
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert state.claim is None


# ---------------------------------------------------------------------------- multiple ron

# seat 1 discards 3p (its first draw). Seats 0, 2 and 3 all wait on 3p with a yakuhai
# triplet; the triple-ron test uses all three, the double-ron tests seats 0 and 3.
RON_HANDS = {
    0: "12p456m678s555z99s",
    1: "147m258p369s1234z",
    2: "45p234m345s777z11s",
    3: "12p456m678s666z99m",
}


def ron_start(rules_options: RiichiOptions | str | None, *, triple: bool,
              honba: int = 1, deposits: int = 2) -> tuple[mr.Ruleset, State]:
    hands = dict(RON_HANDS)
    if not triple:
        hands[2] = "19m147p258s369s77z"
    rules, state = start("riichi", rules_options, hands=hands, draws=["1z", "3p"], dora="3z")
    state = attrs.evolve(state, honba=honba, deposits=deposits)
    state = tsumogiri(rules, state, 1)
    state = discard(rules, state, 1)  # 3p
    assert state.claim is not None
    assert state.claim.tile >> 2 == kind_of("3p")
    return rules, state


def test_double_ron_both_paid_deposits_and_honba_to_the_nearest() -> None:
    rules, state = ron_start(None, triple=False)
    assert options_of(state, 0) == ("ron",)
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Ron(seat=0))
    assert state.phase is Phase.CLAIMS  # waits for the other ron
    state = rules.apply(state, Ron(seat=3))
    result = state.last_result
    assert result is not None
    assert result.kind == "win"
    # order from the discarder (seat 1): seat 3 before seat 0
    assert [w.seat for w in result.winners] == [3, 0]
    near, far = result.winners
    # seat 3 (non-dealer): white dragon 1 han 40 fu = 1300, + 300 honba + 2000 deposits
    assert near.points == 1300 + 300 + 2000
    # seat 0 (dealer): 1 han 40 fu = 2000, no honba, no deposits
    assert far.points == 2000
    assert result.deltas == (2000, -(1300 + 300) - 2000, 0, 1300 + 300 + 2000)
    assert state.deposits == 0
    assert state.seats[1].deal_ins == 1


@pytest.mark.parametrize("options", [RiichiOptions(double_ron=MultipleRon.HEAD_BUMP),
                                     "ippatsu"], ids=["option", "ippatsu-preset"])
def test_head_bump_only_the_nearest_wins(options: RiichiOptions | str) -> None:
    rules, state = ron_start(options, triple=False)
    state = rules.apply(state, Ron(seat=0))
    state = rules.apply(state, Ron(seat=3))
    win = only_win(state)
    assert win.seat == 3
    assert state.last_result is not None
    assert state.last_result.deltas == (0, -(1300 + 300), 0, 1300 + 300 + 2000)


def test_triple_ron_is_an_abortive_draw() -> None:
    rules, state = ron_start(None, triple=True)
    for seat in (0, 2, 3):
        assert "ron" in options_of(state, seat)
    before = [p.points for p in state.seats]
    for seat in (2, 0):
        state = rules.apply(state, Ron(seat=seat))
        assert state.phase is Phase.CLAIMS
    state = rules.apply(state, Ron(seat=3))
    result = state.last_result
    assert result is not None
    assert result.kind == "abortive"
    assert result.abort_reason == "triple_ron"
    assert result.deltas == (0, 0, 0, 0)
    assert [p.points for p in state.seats] == before
    assert state.deposits == 2  # kept on the table
    assert state.dealer == 0  # the dealer stays
    assert state.honba == 2


# ---------------------------------------------------------------------------- furiten

# seat 3 waits on 3p/6p (45p) with a red dragon triplet
WAIT_HAND = "45p234m345s777z11s"
FURITEN_HANDS = {0: "147m258p369s1234z", 1: "147m258p369s1234z", 2: "19m147p258s369s66z",
                 3: WAIT_HAND}


def test_wait_in_own_discards_no_ron_but_tsumo() -> None:
    # seat 3 draws 6p and discards it: furiten on 3p and 6p
    rules, state = start("riichi", hands=FURITEN_HANDS,
                         draws=["5m", "5m", "5s", "6p", "3p", "8s", "8s", "6p"])
    state = tsumogiri(rules, state, 4)
    assert state.seats[3].river[-1].tile >> 2 == kind_of("6p")
    state = discard(rules, state, 0)  # 3p: a winning tile for seat 3
    assert state.phase is not Phase.CLAIMS or "ron" not in options_of(state, 3)
    assert 3 not in rules.to_act(state)
    assert reason(rules, state, Ron(seat=3)) is not None
    state = tsumogiri(rules, pass_all(rules, state), 2)
    assert state.turn == 3
    assert rules.view(state, 3)["furiten"] is False  # a 14-tile hand: no furiten flag
    assert Tsumo(seat=3) in legal(rules, state, 3)  # furiten never stops a tsumo
    state = rules.apply(state, Tsumo(seat=3))
    assert only_win(state).seat == 3


def test_passing_a_ron_is_temporary_furiten_until_the_own_draw() -> None:
    rules, state = start("riichi", hands=FURITEN_HANDS,
                         draws=["5m", "5m", "5s", "8s", "3p", "6p", "8m", "8m", "3p"])
    state = tsumogiri(rules, state, 4)
    state = discard(rules, state, 0)  # 3p
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Pass(seat=3))
    assert state.seats[3].temporary_furiten
    state = discard(rules, state, 1)  # 6p, the other wait, same go-around
    assert state.phase is not Phase.CLAIMS or "ron" not in options_of(state, 3)
    assert rules.view(pass_all(rules, state), 3)["furiten"] is True
    state = tsumogiri(rules, pass_all(rules, state), 1)  # seat 2
    assert state.turn == 3
    assert not state.seats[3].temporary_furiten  # cleared by the own draw
    state = tsumogiri(rules, state, 1)  # seat 3 discards
    state = discard(rules, state, 0)  # 3p again
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Ron(seat=3))
    assert only_win(state).seat == 3


def test_passing_after_riichi_is_furiten_for_the_rest_of_the_hand() -> None:
    hands = dict(FURITEN_HANDS)
    rules, state = start("riichi", hands=hands,
                         draws=["5m", "5m", "5s", "8s", "3p", "8m", "8m", "9s", "8p", "7m",
                                "7m", "6p"])
    state = tsumogiri(rules, state, 3)
    state = pass_all(rules, discard(rules, state, 3, riichi=True))
    assert state.seats[3].riichi
    state = discard(rules, state, 0)  # 3p
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Pass(seat=3))
    assert state.seats[3].riichi_furiten
    state = tsumogiri(rules, state, 2)  # seats 1, 2
    state = tsumogiri(rules, state, 1)  # seat 3's own draw and discard
    assert state.seats[3].riichi_furiten
    state = tsumogiri(rules, state, 2)  # seats 0, 1
    state = discard(rules, state, 2)  # 6p: still no ron
    assert state.phase is not Phase.CLAIMS or "ron" not in options_of(state, 3)
    state = pass_all(rules, state)
    assert state.seats[3].riichi_furiten


# ---------------------------------------------------------------------------- no yaku


def test_open_yakuless_hand_cannot_tsumo() -> None:
    # seat 2 pons 9m and waits on 6s/9s with 123p 456s 78s 11s: no yaku on an open hand
    hands = {0: "158m159p159s1357z", 1: "9m258m369p147s246z", 2: "99m123p456s78s11s5z",
             3: DEAD[3]}
    rules, state = start("riichi", hands=hands,
                         draws=["6z", "8p", "5p", "8s", "2s", "6s"])
    state = tsumogiri(rules, state, 1)
    state = discard(rules, state, 1, "9m")
    assert options_of(state, 2) == ("pon",)
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "99m")))
    state = pass_all(rules, discard(rules, state, 2, "5z"))
    state = tsumogiri(rules, state, 3)  # seats 3, 0, 1
    assert state.turn == 2
    assert state.seats[2].drawn is not None
    assert state.seats[2].drawn >> 2 == kind_of("6s")
    assert reason(rules, state, Tsumo(seat=2)) is Reason.NO_YAKU
    assert Tsumo(seat=2) not in legal(rules, state, 2)
    with pytest.raises(IllegalActionError) as exc:
        rules.apply(state, Tsumo(seat=2))
    assert exc.value.reason is Reason.NO_YAKU


@pytest.mark.parametrize(("tile", "offered"), [
    ("1m", False), pytest.param("4m", True)],
                         ids=["yakuless-1m", "tanyao-4m"])
def test_katagari_ron_only_on_the_tile_with_yaku(tile: str, offered: bool) -> None:
    # 23m 456p 345s 666s 55p closed: 4m gives tanyao, 1m gives nothing
    hands = {0: "147m258p369s1234z", 3: "23m456p345s666s55p"}
    rules, state = start("riichi", hands=hands, draws=[tile])
    state = discard(rules, state, 0)
    if offered:
        assert "ron" in options_of(state, 3)
        state = rules.apply(state, Ron(seat=3))
        assert "tanyao" in yaku_ids(only_win(state))
    else:
        assert state.phase is not Phase.CLAIMS or "ron" not in options_of(state, 3)
        state = pass_all(rules, state)
        # passing a winning tile, even one without yaku, is temporary furiten (5.5)
        assert state.seats[3].temporary_furiten


# ---------------------------------------------------------------------------- riichi

# seat 0 is tenpai on 2m/4m/5m with 3334m 456p 789p 234s after discarding its draw
RIICHI_HAND = "3334m456p789p234s"


def riichi_state(draw: str = "1z") -> tuple[mr.Ruleset, State]:
    return start("riichi", hands={0: RIICHI_HAND}, draws=[draw])


@pytest.mark.parametrize(("points", "expected"), [(999, Reason.RIICHI_NOT_ENOUGH_POINTS),
                                                  (1000, None)], ids=["999", "1000"])
def test_riichi_needs_1000_points(points: int, expected: Reason | None) -> None:
    rules, state = riichi_state()
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], points=points)
    state = attrs.evolve(state, seats=tuple(seats))
    action = Discard(seat=0, tile=held(state, 0, "1z"), riichi=True)
    assert reason(rules, state, action) is expected
    assert (action in legal(rules, state, 0)) is (expected is None)


@pytest.mark.parametrize(("left", "expected"), [(3, Reason.RIICHI_NOT_ENOUGH_TILES),
                                                (4, None)], ids=["3-left", "4-left"])
def test_riichi_needs_four_tiles_left(left: int, expected: Reason | None) -> None:
    rules, state = riichi_state()
    state = attrs.evolve(state, live=state.live[:left])
    action = Discard(seat=0, tile=held(state, 0, "1z"), riichi=True)
    assert reason(rules, state, action) is expected


def test_riichi_needs_tenpai() -> None:
    rules, state = riichi_state()
    assert reason(rules, state, Discard(seat=0, tile=held(state, 0, "7p"), riichi=True)) is (
        Reason.RIICHI_REQUIRES_TENPAI)
    assert reason(rules, state, Discard(seat=0, tile=held(state, 0, "1z"), riichi=True)) is None


def test_riichi_needs_a_closed_hand() -> None:
    # seat 1 pons 1z, then on its next draw is tenpai but open
    hands = {0: "1z47m258p369s2344z", 1: "11z345m456p789s55s", 2: DEAD[2], 3: DEAD[3]}
    rules, state = start("riichi", hands=hands, draws=["5p", "9m", "9m", "8p", "6m"])
    state = discard(rules, state, 0, "1z")
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "11z")))
    state = pass_all(rules, discard(rules, state, 1, "5s"))
    state = tsumogiri(rules, state, 3)  # seats 2, 3, 0
    assert state.turn == 1
    action = Discard(seat=1, tile=state.seats[1].drawn or -1, riichi=True)
    assert reason(rules, state, action) is Reason.RIICHI_REQUIRES_CLOSED_HAND


def test_riichi_deposit_is_paid_when_the_window_closes() -> None:
    rules, state = riichi_state()
    state = discard(rules, state, 0, riichi=True)
    assert state.seats[0].riichi
    assert state.deposits == 0 or state.phase is not Phase.CLAIMS
    state = pass_all(rules, state)
    assert state.deposits == 1
    assert state.seats[0].points == 24_000
    assert state.seats[0].riichi_count == 1


def test_ronned_riichi_discard_pays_no_deposit() -> None:
    # seat 0 declares riichi with 3m (tenpai on 1z); seat 1 waits on 3m
    rules, state = start("riichi", hands={0: "3345m456p789p234s", 1: "12m456p678s555z99s"},
                         draws=["1z"])
    tile = held(state, 0, "3m")
    assert reason(rules, state, Discard(seat=0, tile=tile, riichi=True)) is None
    state = rules.apply(state, Discard(seat=0, tile=tile, riichi=True))
    assert state.claim is not None
    assert state.claim.riichi_pending
    assert state.seats[0].points == 25_000
    assert state.deposits == 0
    state = rules.apply(state, Ron(seat=1))
    result = state.last_result
    assert result is not None
    assert state.deposits == 0
    assert state.seats[0].points == 25_000 + result.deltas[0]
    assert result.deltas[0] == -result.deltas[1]
    assert state.seats[0].riichi_count == 0


def test_after_riichi_only_the_drawn_tile() -> None:
    rules, state = start("riichi", hands={0: RIICHI_HAND},
                         draws=["1z", "5m", "5m", "5m", "9p"])
    state = pass_all(rules, discard(rules, state, 0, riichi=True))
    state = tsumogiri(rules, state, 3)
    assert state.turn == 0
    drawn = state.seats[0].drawn
    assert drawn is not None
    other = held(state, 0, "7p")
    assert reason(rules, state, Discard(seat=0, tile=other)) is Reason.RIICHI_DISCARD_ONLY_DRAWN
    assert reason(rules, state, Discard(seat=0, tile=drawn)) is None
    assert reason(rules, state, Discard(seat=0, tile=drawn, riichi=True)) is (
        Reason.ALREADY_RIICHI)
    discards = [a for a in legal(rules, state, 0) if isinstance(a, Discard)]
    assert discards == [Discard(seat=0, tile=drawn)]


@pytest.mark.parametrize(("hand", "draw", "kan", "expected"), [
    # 3334m waits 2m/4m/5m; a kan of 3m leaves only 4m
    (RIICHI_HAND, "3m", "3m", Reason.KAN_CHANGES_WAIT),
    # 111m 234s 456p 789p 5s waits on 5s; the kan of 1m keeps it
    ("111m234s456p789p5s", "1m", "1m", None),
    # four 1m held since before the riichi (111m 123m 456p 789p 5s): only a kan of the
    # drawn tile is allowed
    ("1111m23m456p789p5s", "9p", "1m", Reason.KAN_CHANGES_WAIT),
    # 11123m 456p 789p 55s waits on 1m/4m/5s; a kan of 1m leaves 1m/4m only
    ("11123m456p789p55s", "1m", "1m", Reason.KAN_CHANGES_WAIT),
], ids=["3334m", "111m-kept", "not-drawn", "11123m-reading"])
def test_closed_kan_after_riichi(hand: str, draw: str, kan: str,
                                 expected: Reason | None) -> None:
    rules, state = start("riichi", hands={0: hand},
                         draws=["1z", "5m", "5m", "5m", draw])
    state = pass_all(rules, discard(rules, state, 0, riichi=True))
    state = tsumogiri(rules, state, 3)
    assert state.turn == 0
    action = Ankan(seat=0, kind=kind_of(kan))
    assert reason(rules, state, action) is expected
    assert (action in legal(rules, state, 0)) is (expected is None)


# ---------------------------------------------------------------------------- kuikae


@pytest.mark.parametrize(("called", "pair", "forbidden", "allowed"), [
    ("2m", "34m", ["2m", "5m"], ["8m"]),
    ("5m", "34m", ["5m", "2m"], ["8m"]),
    ("3m", "24m", ["3m"], ["5m", "2m", "8m"]),
], ids=["2m-with-34m", "5m-with-34m", "3m-with-24m"])
def test_kuikae_after_chi(called: str, pair: str, forbidden: list[str],
                          allowed: list[str]) -> None:
    # seat 1 holds 2m 3m 4m 5m 8m and more; seat 0 discards the called tile
    hands = {0: f"{called}147p258s1234z69s", 1: "223455m8m369p77s1z", 2: DEAD[2], 3: DEAD[3]}
    rules, state = start("riichi", hands=hands, draws=["7z"])
    state = discard(rules, state, 0, called)
    assert "chi" in options_of(state, 1)
    state = pass_all(rules, rules.apply(state, Chi(seat=1, tiles=held_all(state, 1, pair))))
    assert state.turn == 1
    assert state.phase is Phase.SELF_ACTION
    for text in forbidden:
        assert reason(rules, state, Discard(seat=1, tile=held(state, 1, text))) is (
            Reason.SWAP_CALL_FORBIDDEN), text
    for text in allowed:
        assert reason(rules, state, Discard(seat=1, tile=held(state, 1, text))) is None, text
    kinds = {a.tile >> 2 for a in legal(rules, state, 1) if isinstance(a, Discard)}
    assert not kinds & {kind_of(t) for t in forbidden}


def test_kuikae_after_pon() -> None:
    # seat 2 holds three 3m and pons seat 0's 3m with two of them: the third is forbidden
    hands = {0: "3m147p258s1234z69s", 2: "333m147p258s369s1z"}
    rules, state = start("riichi", hands=hands, draws=["7z"])
    state = discard(rules, state, 0, "3m")
    assert "pon" in options_of(state, 2)
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "33m")))
    state = pass_all(rules, state)
    assert state.turn == 2
    assert reason(rules, state, Discard(seat=2, tile=held(state, 2, "3m"))) is (
        Reason.SWAP_CALL_FORBIDDEN)
    assert reason(rules, state, Discard(seat=2, tile=held(state, 2, "1z"))) is None
    # no tsumo, kan or riichi right after a call
    assert reason(rules, state, Tsumo(seat=2)) is Reason.WRONG_PHASE
    assert reason(rules, state, Ankan(seat=2, kind=kind_of("3m"))) is not None


@pytest.mark.parametrize(("hand", "chi_offered"), [("3455m", False), ("3457m", True)],
                         ids=["only-forbidden-left", "a-discard-left"])
def test_call_leaving_no_legal_discard_is_not_offered(hand: str, chi_offered: bool) -> None:
    # seat 1 has three pons and four concealed tiles; a chi of 2m with 34m would leave 5m 5m
    hands = {0: "2m147p258s1234z69s", 1: f"{hand}111p999p111s"}
    rules, state = start("riichi", hands=hands, draws=["7z"])
    seats = list(state.seats)
    player = seats[1]
    melds = []
    for text in ("111p", "999p", "111s"):
        tiles = held_all(state, 1, text)
        melds.append(MeldRecord(kind=MeldKind.PON, tiles=tiles, called=tiles[0], from_seat=3))
    rest = tuple(t for t in player.hand if all(t not in m.tiles for m in melds))
    seats[1] = attrs.evolve(player, hand=rest, melds=tuple(melds))
    state = attrs.evolve(state, seats=tuple(seats), first_go_around=False)
    state = discard(rules, state, 0, "2m")
    opts = options_of(state, 1) if state.phase is Phase.CLAIMS else ()
    assert ("chi" in opts) is chi_offered
    chis = [a for a in legal(rules, state, 1) if isinstance(a, Chi)]
    assert bool(chis) is chi_offered
    if not chi_offered:
        chi = Chi(seat=1, tiles=held_all(state, 1, "34m"))
        assert reason(rules, state, chi) is not None


# ---------------------------------------------------------------------------- kans

# seat 1 holds 333p; seat 0 discards 3p; seat 1 calls the open kan.
KAN_HANDS = {
    0: "3p147m258s1234z69s",
    1: "333p456m789m23s99s",  # after the kan: 456m 789m 23s 99s, waits 1s/4s
    3: "56m678p345s22s777z",  # waits 4m/7m with a red dragon triplet
}


def test_open_kan_rinshan_win_does_not_turn_the_new_indicator() -> None:
    # the replacement tile 4s wins (rinshan kaihou); the second indicator stays hidden
    rules, state = start("riichi", hands=KAN_HANDS, draws=["6z"], rinshan="4s",
                         dora="1z2z")
    state = discard(rules, state, 0, "3p")
    assert "daiminkan" in options_of(state, 1)
    state = rules.apply(state, Daiminkan(seat=1))
    assert state.turn == 1
    assert state.seats[1].drawn is not None
    assert state.revealed == 1
    assert state.pending_kan_dora == 1
    assert Tsumo(seat=1) in legal(rules, state, 1)
    state = rules.apply(state, Tsumo(seat=1))
    win = only_win(state)
    assert "rinshan" in yaku_ids(win)
    assert state.revealed == 1
    assert len(rules.view(state, None)["dora_indicators"]) == 1


@pytest.mark.parametrize(("timing", "revealed"), [
    (KanDoraTiming.BEFORE_DISCARD_CLAIMS, 2),
    (KanDoraTiming.AFTER_DISCARD_PASSES, 1),
], ids=["default", "after-discard-passes"])
def test_open_kan_dora_turns_at_the_discard(timing: KanDoraTiming, revealed: int) -> None:
    # seat 1 discards the replacement tile 9p; seat 2 may pon it, so the window stays open
    hands = {**KAN_HANDS, 2: "99p258m147s1567z3s"}
    rules, state = start("riichi", RiichiOptions(kan_dora_timing=timing), hands=hands,
                         draws=["1z"], rinshan="9p")
    state = discard(rules, state, 0, "3p")
    state = rules.apply(state, Daiminkan(seat=1))
    assert state.revealed == 1
    state = discard(rules, state, 1)
    assert state.phase is Phase.CLAIMS
    assert options_of(state, 2) == ("pon",)
    assert state.revealed == revealed
    for viewer in (None, 0, 1, 2, 3):
        assert len(rules.view(state, viewer)["dora_indicators"]) == revealed
    state = pass_all(rules, state)
    assert state.revealed == 2


@pytest.mark.parametrize(("timing", "dora"), [
    (KanDoraTiming.BEFORE_DISCARD_CLAIMS, 3),
    (KanDoraTiming.AFTER_DISCARD_PASSES, 0),
], ids=["default", "after-discard-passes"])
def test_ron_on_the_kan_discard_counts_the_new_dora(timing: KanDoraTiming, dora: int) -> None:
    # the second indicator (6z) makes 7z (red dragon) dora: seat 3's triplet counts 3
    rules, state = start("riichi", RiichiOptions(kan_dora_timing=timing), hands=KAN_HANDS,
                         draws=["1z"], rinshan="4m", dora="1z6z")
    state = discard(rules, state, 0, "3p")
    state = rules.apply(state, Daiminkan(seat=1))
    state = discard(rules, state, 1)  # the replacement 4m: seat 3 wins on it
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Ron(seat=3))
    assert dora_han(only_win(state)) == dora


@pytest.mark.parametrize("timing", list(KanDoraTiming), ids=lambda t: t.value)
def test_open_kan_dora_turned_once_the_discard_passes(timing: KanDoraTiming) -> None:
    rules, state = start("riichi", RiichiOptions(kan_dora_timing=timing), hands=KAN_HANDS,
                         draws=["1z"], rinshan="5p")
    state = discard(rules, state, 0, "3p")
    state = rules.apply(state, Daiminkan(seat=1))
    state = pass_all(rules, discard(rules, state, 1))
    assert state.revealed == 2
    assert state.pending_kan_dora == 0


def test_added_kan_draws_a_replacement_and_defers_its_dora() -> None:
    hands = {0: "3p147m258s1234z69s", 1: "33p456m789m23s99s1z"}
    rules, state = start("riichi", hands=hands, draws=["7z", "5s", "5s", "6z", "3p"])
    state = discard(rules, state, 0, "3p")
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "33p")))
    state = pass_all(rules, discard(rules, state, 1, "1z"))
    state = tsumogiri(rules, state, 3)
    drawn = state.seats[1].drawn
    assert drawn is not None
    live = state.tiles_left
    state = pass_all(rules, rules.apply(state, Kakan(seat=1, tile=drawn)))
    assert state.turn == 1
    assert state.rinshan_draw
    assert [m.kind for m in state.seats[1].melds] == [MeldKind.KAKAN]
    assert state.tiles_left == live - 1
    assert (state.revealed, state.pending_kan_dora) == (1, 1)
    state = pass_all(rules, discard(rules, state, 1))
    assert (state.revealed, state.pending_kan_dora) == (2, 0)


def test_added_kan_can_be_robbed_and_scores_chankan() -> None:
    # seat 1 pons 3p, later draws the fourth 3p and adds it; seat 3 waits on 3p
    hands = {0: "3p147m258s1234z69s", 1: "33p456m789m23s99s1z", 3: "45p678m345s22s777z"}
    rules, state = start("riichi", hands=hands, draws=["7z", "5s", "5s", "6z", "3p"])
    state = discard(rules, state, 0, "3p")
    assert options_of(state, 1) == ("pon",)
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "33p")))
    state = pass_all(rules, state)  # seat 3 passes this 3p (furiten until its next draw)
    state = pass_all(rules, discard(rules, state, 1, "1z"))
    state = tsumogiri(rules, state, 3)  # seats 2, 3, 0
    assert state.turn == 1
    drawn = state.seats[1].drawn
    assert drawn is not None
    assert drawn >> 2 == kind_of("3p")
    assert Kakan(seat=1, tile=drawn) in legal(rules, state, 1)
    state = rules.apply(state, Kakan(seat=1, tile=drawn))
    assert state.phase is Phase.CLAIMS
    assert state.claim is not None
    assert state.claim.source == "kakan"
    assert options_of(state, 3) == ("ron",)
    state = rules.apply(state, Ron(seat=3))
    win = only_win(state)
    assert ("chankan", 1) in win.yaku
    assert win.from_seat == 1


def test_four_kans_by_two_players_abort_after_the_next_discard() -> None:
    # seat 0: three closed kans; seat 1: the fourth
    hands = {0: "1111m2222m3333m9s", 1: "4444p258s369s567z"}
    rules, state = start("riichi", hands=hands, draws=["7z", "8s"], rinshan="5z6z7z8p")
    for text in ("1m", "2m", "3m"):
        state = rules.apply(state, Ankan(seat=0, kind=kind_of(text)))
        assert state.phase is Phase.SELF_ACTION
    state = pass_all(rules, discard(rules, state, 0, "9s"))
    assert state.turn == 1
    state = rules.apply(state, Ankan(seat=1, kind=kind_of("4p")))
    assert state.kan_count == 4
    assert state.phase is Phase.SELF_ACTION  # no abort before the discard
    assert state.last_result is None
    state = pass_all(rules, discard(rules, state, 1))
    result = state.last_result
    assert result is not None
    assert result.kind == "abortive"
    assert result.abort_reason == "four_kans"
    assert state.phase is Phase.HAND_OVER


def test_four_kans_by_one_player_go_on_and_no_fifth_kan() -> None:
    hands = {0: "1111m2222m3333m4m", 1: "9999p258s147s567z", 2: "999s147p258p1237z"}
    rules, state = start("riichi", hands=hands, draws=["9s", "5z"], rinshan="4m4m4m6z")
    for text in ("1m", "2m", "3m", "4m"):
        state = rules.apply(state, Ankan(seat=0, kind=kind_of(text)))
    assert state.kan_count == 4
    assert Ankan(seat=0, kind=kind_of("9s")) not in legal(rules, state, 0)
    state = discard(rules, state, 0, "9s")
    # seat 2 holds 999s: no open kan offered after four kans
    assert state.phase is not Phase.CLAIMS or "daiminkan" not in options_of(state, 2)
    state = pass_all(rules, state)
    assert state.phase is Phase.SELF_ACTION  # no abort: one player made all four
    assert state.turn == 1
    assert reason(rules, state, Ankan(seat=1, kind=kind_of("9p"))) is Reason.KAN_NOT_ALLOWED


# ---------------------------------------------------------------------------- last tiles


# seat 1 discards 3m: seat 2 could chi (24m) or pon (33m)
HOUTEI_HANDS = {0: "147m258p369s1234z", 1: "3m147p258s1234z69s", 2: "233m4m17p258s369s6z"}


@pytest.mark.parametrize("last", [False, True], ids=["not-last", "houtei"])
def test_last_discard_offers_no_pon_or_chi(last: bool) -> None:
    rules, state = start("riichi", hands=HOUTEI_HANDS, draws=["5p", "3m"])
    state = tsumogiri(rules, state, 1)
    if last:
        state = attrs.evolve(state, live=())
    state = rules.apply(state, Discard(seat=1, tile=held(state, 1, "3m")))
    if last:
        assert state.phase is not Phase.CLAIMS  # nobody may claim: the hand is drawn
        assert state.last_result is not None
        assert state.last_result.kind == "exhaustive"
    else:
        assert set(options_of(state, 2)) == {"pon", "chi"}


def test_last_discard_can_be_ronned_for_houtei() -> None:
    hands = {**HOUTEI_HANDS, 3: "12m456p678s555z11s"}
    rules, state = start("riichi", hands=hands, draws=["5p", "3m"])
    state = attrs.evolve(tsumogiri(rules, state, 1), live=())
    state = rules.apply(state, Discard(seat=1, tile=held(state, 1, "3m")))
    assert options_of(state, 2) == ()
    assert options_of(state, 3) == ("ron",)
    assert reason(rules, state, Pon(seat=2, tiles=held_all(state, 2, "33m"))) is not None
    state = rules.apply(state, Ron(seat=3))
    assert "houtei" in yaku_ids(only_win(state))


def test_no_kan_on_the_last_draw() -> None:
    hands = {1: "1111m47p258s1234z"}
    rules, state = start("riichi", hands=hands, draws=["5p", "9s"])
    state = attrs.evolve(state, live=state.live[:1])
    state = tsumogiri(rules, state, 1)
    assert state.turn == 1
    assert state.tiles_left == 0
    assert reason(rules, state, Ankan(seat=1, kind=kind_of("1m"))) is Reason.KAN_NOT_ALLOWED
    assert not [a for a in legal(rules, state, 1) if isinstance(a, Ankan)]
