"""Taiwanese play on injected walls: claims, priorities, wins, the declaration (1.4, 1.5).

Seats 0 and 3 (and 2 where unused) hold hands that can claim nothing; honours are
drawn and discarded where a tile must be safe (every honour's other three copies sit in
those hands). ``draws[0]`` is the dealer's seventeenth tile, then one draw per seat in
turn order as long as nobody calls.
"""

from __future__ import annotations

from helpers.scenario import discard, held, kind_of, pass_all
from helpers.taiwanese_scenario import DEAD, PON_5P, WAIT_25P, WAIT_58P, open_play, start

import mahjong_rules as mr
from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    DeclareReady,
    Discard,
    Kakan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from mahjong_rules.errors import Reason
from mahjong_rules.scoring.hand import MeldKind
from mahjong_rules.state import Phase, State, WinRecord

SAFE = ["1z", "2z", "3z", "5z", "6z", "7z"]  # no seat can claim one of these


def reason(rules: mr.Ruleset, state: State, action: Action) -> Reason | None:
    rejection = rules.validate(state, action)
    return None if rejection is None else rejection.reason




def items(win: WinRecord) -> dict[str, int]:
    return dict(win.yaku)


def options(state: State, seat: int) -> tuple[str, ...]:
    assert state.claim is not None
    return state.claim.options[seat]


# ---------------------------------------------------------------------------- wins


def test_every_legal_winner_of_one_discard_wins_and_the_discarder_pays_each() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: WAIT_58P, 3: DEAD[3]},
                         draws=["1z", "2z", "3z", "5p"])
    state = open_play(rules, state)
    for _ in range(3):
        state = pass_all(rules, discard(rules, state, state.turn))
    state = discard(rules, state, 3, "5p")
    assert options(state, 1) == ("ron",)
    assert options(state, 2) == ("ron",)
    state = rules.apply(state, Ron(seat=2))
    assert state.phase is Phase.CLAIMS  # the other winner still answers
    state = rules.apply(state, Ron(seat=1))
    result = state.last_result
    assert result is not None
    assert result.kind == "win"
    first, second = result.winners
    assert (first.seat, second.seat) == (1, 2)  # turn order from the discarder
    assert first.from_seat == second.from_seat == 3
    assert result.deltas == (0, first.tai, second.tai, -first.tai - second.tai)
    assert first.tai == sum(items(first).values())
    assert first.points == first.tai
    assert state.dealer == 1  # no dealer among the winners: the deal passes


def test_a_ron_outranks_a_pon_and_passing_a_win_leaves_no_furiten() -> None:
    """The dealer's 5p: seat 1 could ron (earthly hand) but passes; seat 2 pons. Seat 1
    later robs seat 2's added kong of 5p: no furiten after a passed win (1.4)."""
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: PON_5P, 3: DEAD[3]},
                         draws=["5p", "2z", "3z", "5z", "5p"])
    state = open_play(rules, state)
    state = discard(rules, state, 0, "5p")
    assert set(options(state, 1)) == {"ron", "chi"}
    assert options(state, 2) == ("pon",)
    state = rules.apply(state, Pon(seat=2, tiles=[t for t in state.seats[2].hand
                                                  if t >> 2 == kind_of("5p")]))
    assert state.phase is Phase.CLAIMS  # the pon waits for the possible ron
    state = rules.apply(state, Pass(seat=1))
    assert state.turn == 2
    assert state.seats[2].melds[0].kind is MeldKind.PON
    state = pass_all(rules, discard(rules, state, 2, "1z"))
    for _ in range(3):
        state = pass_all(rules, discard(rules, state, state.turn))
    assert state.turn == 2
    assert state.seats[2].drawn is not None
    state = rules.apply(state, Kakan(seat=2, tile=state.seats[2].drawn))
    assert state.claim is not None
    assert state.claim.source == "kakan"
    assert options(state, 1) == ("ron",)
    state = rules.apply(state, Ron(seat=1))
    result = state.last_result
    assert result is not None
    (win,) = result.winners
    assert (win.seat, win.from_seat) == (1, 2)
    assert items(win)["robbing_a_kong"] == 1
    assert result.deltas == (0, win.tai, -win.tai, 0)


def test_a_concealed_kong_cannot_be_robbed() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: "147m147s1234567z555p", 3: DEAD[3]},
                         draws=["1z", "2z", "5p"], dead="6z")
    state = open_play(rules, state)
    state = pass_all(rules, discard(rules, state, 0))
    state = pass_all(rules, discard(rules, state, 1))
    assert kind_of("5p") in rules.waits(state.seats[1].hand)  # 5p completes its shape
    state = rules.apply(state, Ankan(seat=2, kind=kind_of("5p")))
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert state.claim is None
    assert state.rinshan_draw
    assert state.seats[2].drawn is not None


def test_a_pon_outranks_a_chi_on_the_last_discard_and_no_kong_is_offered() -> None:
    """The last discard may be claimed (1.4); the claimer discards again; then a draw."""
    rules, state = start(hands={0: "147m147s1234567z78p2m", 1: DEAD[1],
                                2: "147m147s1234567z999p", 3: DEAD[3]}, back="9p")
    state = open_play(rules, state)
    while state.live:
        state = pass_all(rules, discard(rules, state, state.turn))
    assert state.turn == 3
    assert state.seats[3].drawn is not None
    state = discard(rules, state, 3, "9p")
    assert options(state, 2) == ("pon",)  # no kong without a replacement tile
    assert options(state, 0) == ("chi",)
    chi = next(a for a in rules.legal_actions(state, 0) if isinstance(a, Chi))
    state = rules.apply(state, chi)
    pon = next(a for a in rules.legal_actions(state, 2) if isinstance(a, Pon))
    state = rules.apply(state, pon)
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 2
    assert state.seats[0].melds == ()
    state = pass_all(rules, discard(rules, state, 2, "1z"))
    result = state.last_result
    assert result is not None
    assert result.kind == "exhaustive"


def test_chi_only_from_the_left() -> None:
    rules, state = start(hands={0: DEAD[1], 1: DEAD[2], 2: "23p147m147s1234567z8m",
                                3: DEAD[3]}, draws=["1p", "4p"])
    state = open_play(rules, state)
    state = discard(rules, state, 0, "1p")
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 1
    state = discard(rules, state, 1, "4p")
    assert options(state, 2) == ("chi",)
    chi = Chi(seat=2, tiles=(held(state, 2, "2p"), held(state, 2, "3p")))
    assert chi in rules.legal_actions(state, 2)
    state = rules.apply(state, chi)
    assert state.seats[2].melds[0].kind is MeldKind.CHI
    assert state.turn == 2


def test_a_win_on_the_dealers_first_discard_is_the_earthly_hand() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]},
                         draws=["2p"])
    state = open_play(rules, state)
    state = rules.apply(discard(rules, state, 0, "2p"), Ron(seat=1))
    (win,) = state.last_result.winners  # type: ignore[union-attr]
    assert items(win)["earthly_hand"] == 40
    assert "very_early_win" not in items(win)


def test_the_dealers_dealt_win_is_the_heavenly_hand() -> None:
    rules, state = start(hands={0: "234m567m888m567s34p99s", 1: DEAD[1], 2: DEAD[2],
                                3: DEAD[3]}, draws=["2p"])
    state = open_play(rules, state)
    assert Tsumo(seat=0) in rules.legal_actions(state, 0)
    state = rules.apply(state, Tsumo(seat=0))
    result = state.last_result
    assert result is not None
    (win,) = result.winners
    assert items(win)["heavenly_hand"] == 40
    assert "concealed_self_draw" in items(win)
    assert result.deltas == (3 * win.tai, -win.tai, -win.tai, -win.tai)
    assert state.dealer == 0
    assert state.phase is Phase.HAND_OVER


# ---------------------------------------------------------------------------- declaration


def test_a_non_dealer_declares_a_dealt_ready_hand_and_is_locked() -> None:
    rules, state = start(hands={0: DEAD[1], 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]},
                         draws=["9s", "6p", "2z", "3z", "5z", "2p"])
    assert options(state, 1) == ("declare",)
    assert options(state, 2) == ("pass",)
    assert DeclareReady(seat=1) in rules.legal_actions(state, 1)
    assert reason(rules, state, DeclareReady(seat=2)) is Reason.DECLARATION_REQUIRES_TENPAI
    state = rules.apply(state, DeclareReady(seat=1))
    assert not state.seats[1].declared  # made public when the window closes
    state = open_play(rules, state)
    assert state.seats[1].declared
    assert rules.view(state, 2)["seats"][1]["declared"]
    state = discard(rules, state, 0, "9s")  # seat 1 could pon 9s, but is declared
    assert state.phase is Phase.SELF_ACTION
    assert state.turn == 1
    drawn = state.seats[1].drawn
    assert drawn is not None
    assert drawn >> 2 == kind_of("6p")
    discards = [a for a in rules.legal_actions(state, 1) if isinstance(a, Discard)]
    assert discards == [Discard(seat=1, tile=drawn)]
    assert reason(rules, state, Discard(seat=1, tile=held(state, 1, "9s"))) is (
        Reason.DECLARED_HAND_LOCKED)
    state = rules.apply(state, Discard(seat=1, tile=drawn))
    state = pass_all(rules, state)
    for _ in range(3):
        state = pass_all(rules, discard(rules, state, state.turn))
    assert state.turn == 1
    assert Tsumo(seat=1) in rules.legal_actions(state, 1)
    state = rules.apply(state, Tsumo(seat=1))
    (win,) = state.last_result.winners  # type: ignore[union-attr]
    assert items(win)["ready_declaration"] == 15


def test_the_dealer_declares_with_its_first_discard() -> None:
    rules, state = start(hands={0: WAIT_25P, 1: DEAD[1], 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z"])
    state = open_play(rules, state)
    declarations = [a for a in rules.legal_actions(state, 0) if isinstance(a, DeclareReady)]
    assert [a.tile >> 2 for a in declarations if a.tile is not None] == [kind_of("1z")]
    assert reason(rules, state, DeclareReady(seat=0, tile=held(state, 0, "9s"))) is (
        Reason.DECLARATION_REQUIRES_TENPAI)
    state = pass_all(rules, rules.apply(state, declarations[0]))
    assert state.seats[0].declared
    assert state.seats[0].river[0].tile >> 2 == kind_of("1z")
    assert reason(rules, state, DeclareReady(seat=1)) is Reason.DECLARATION_NOT_ALLOWED
