"""Every engine-level rejection reason is reachable through ``validate`` (seeds/000 8.2).

A table of (scenario, action, expected :class:`Reason`); each scenario is built on an
injected wall and played through the public API. For every row, ``validate`` gives the
reason, ``apply`` raises :class:`IllegalActionError` with the same reason and leaves the
state unchanged, and the action is not among ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from helpers.scenario import held, held_all, kind_of, pass_all, start

import mahjong_rules as mr
from mahjong_rules.actions import (
    ACTION_TYPES,
    Action,
    Ankan,
    Chi,
    Chombo,
    DeclareReady,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ready,
    Ron,
    Timeout,
    Tsumo,
)
from mahjong_rules.errors import IllegalActionError, InvalidStateError, Reason
from mahjong_rules.record import unstructure
from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.state import Phase, State

Scenario = tuple[mr.Ruleset, State]

# ---------------------------------------------------------------------------- helpers


def drop(rules: mr.Ruleset, state: State, *, riichi: bool = False) -> State:
    tile = state.seats[state.turn].drawn
    assert tile is not None
    return pass_all(rules, rules.apply(state, Discard(seat=state.turn, tile=tile,
                                                      riichi=riichi)))


def set_seat(state: State, seat: int, **changes: object) -> State:
    seats = list(state.seats)
    seats[seat] = attrs.evolve(seats[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, seats=tuple(seats))


# ---------------------------------------------------------------------------- scenarios

RIICHI_HAND = "3334m456p789p234s"  # tenpai on 2m/4m/5m


def first_turn() -> Scenario:
    """Seat 0 (dealer) to act on its first draw; it holds four 1m."""
    return start("riichi", hands={0: "1111m258p369s123z"}, draws=["5p"])


def riichi_ready() -> Scenario:
    """Seat 0 tenpai after discarding its drawn 1z."""
    return start("riichi", hands={0: RIICHI_HAND}, draws=["1z"])


def in_riichi(draw: str = "9p") -> Scenario:
    """Seat 0 declared riichi and has drawn again."""
    rules, state = start("riichi", hands={0: RIICHI_HAND},
                         draws=["1z", "5m", "5m", "5m", draw])
    state = drop(rules, state, riichi=True)
    for _ in range(3):
        state = drop(rules, state)
    assert state.turn == 0
    return rules, state


CLAIM_HANDS = {
    0: "3m147p258s1234z69s",
    1: "24m147p258s369s66z",
    2: "33m147p258s369s12z",
    3: "19m147p258s369s77z",
}


def claim_window() -> Scenario:
    """Seat 0 discarded 3m: seat 1 may chi, seat 2 may pon."""
    rules, state = start("riichi", hands=CLAIM_HANDS, draws=["7z"])
    return rules, rules.apply(state, Discard(seat=0, tile=held(state, 0, "3m")))


def chi_answered() -> Scenario:
    rules, state = claim_window()
    return rules, rules.apply(state, Chi(seat=1, tiles=held_all(state, 1, "24m")))


def after_chi() -> Scenario:
    """Seat 1 called 2m with 34m and must discard (kuikae: not 2m, not 5m)."""
    hands = {0: "2m147p258s1234z69s", 1: "223455m8m369p77s1z"}
    rules, state = start("riichi", hands=hands, draws=["7z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "2m")))
    state = pass_all(rules, rules.apply(state, Chi(seat=1, tiles=held_all(state, 1, "34m"))))
    assert state.turn == 1
    return rules, state


def open_hand_next_turn() -> Scenario:
    """Seat 1 pon'd 1z, discarded, and has drawn again: tenpai on 5s but open."""
    hands = {0: "1z47m258p369s2344z", 1: "11z345m456p789s55s"}
    rules, state = start("riichi", hands=hands, draws=["5p", "9m", "9m", "8p", "6m"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "1z")))
    state = rules.apply(state, Pon(seat=1, tiles=held_all(state, 1, "11z")))
    state = pass_all(rules, rules.apply(state, Discard(seat=1, tile=held(state, 1, "5s"))))
    for _ in range(3):
        state = drop(rules, state)
    assert state.turn == 1
    return rules, state


def furiten_with_pon() -> Scenario:
    """Seat 3 waits on 3p/1s (33p 11s), is furiten, and may pon seat 0's 3p."""
    hands = {0: "3p147m258s1234z69s", 3: "33p777z234m345s11s"}
    rules, state = start("riichi", hands=hands, draws=["6z"])
    state = set_seat(state, 3, temporary_furiten=True)
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3p")))
    assert state.claim is not None
    assert state.claim.options[3] == ("pon",)
    return rules, state


def timed_claim_window() -> Scenario:
    """Seat 3 may pon seat 0's 3p; the window opened at t=1000 (deadline 9000)."""
    hands = {0: "3p147m258s1234z69s", 3: "33p777z234m345s11s"}
    rules, state = start("riichi", hands=hands, draws=["6z"])
    state = rules.apply(state, Discard(seat=0, tile=held(state, 0, "3p"), at=1000))
    assert state.claim is not None
    return rules, state


def last_draw() -> Scenario:
    """Seat 1 drew the last tile; it holds four 1m."""
    rules, state = start("riichi", hands={1: "1111m47p258s1234z"}, draws=["5p", "9s"])
    state = attrs.evolve(state, live=state.live[:1])
    state = drop(rules, state)
    assert state.turn == 1
    assert state.tiles_left == 0
    return rules, state


def second_draw_nine() -> Scenario:
    """Seat 0 holds nine terminal kinds, but on its second draw."""
    rules, state = start("riichi", hands={0: "19m19p19s123z2m3m5p6p"},
                         draws=["5s", "5m", "5m", "5m", "6s"])
    for _ in range(4):
        state = drop(rules, state)
    assert state.turn == 0
    return rules, state


def yakuless_open_tsumo() -> Scenario:
    """Seat 2 pon'd 9m and draws its winning 6s: no yaku."""
    hands = {0: "158m159p159s1357z", 1: "9m258m369p147s246z", 2: "99m123p456s78s11s5z",
             3: "369m147p258s2347z"}
    rules, state = start("riichi", hands=hands, draws=["6z", "8p", "5p", "8s", "2s", "6s"])
    state = drop(rules, state)
    state = rules.apply(state, Discard(seat=1, tile=held(state, 1, "9m")))
    state = rules.apply(state, Pon(seat=2, tiles=held_all(state, 2, "99m")))
    state = pass_all(rules, rules.apply(state, Discard(seat=2, tile=held(state, 2, "5z"))))
    for _ in range(3):
        state = drop(rules, state)
    assert state.turn == 2
    return rules, state


def riichi_ready_999_points() -> Scenario:
    rules, state = riichi_ready()
    return rules, set_seat(state, 0, points=999)


def riichi_ready_3_tiles_left() -> Scenario:
    rules, state = riichi_ready()
    return rules, attrs.evolve(state, live=state.live[:3])


def hand_over() -> Scenario:
    rules, state = start("riichi", hands={0: "19m19p19s123z2m3m5p6p"}, draws=["5s"])
    return rules, rules.apply(state, NineTerminals(seat=0))


def hand_over_one_ready() -> Scenario:
    rules, state = hand_over()
    return rules, rules.apply(state, Ready(seat=1))


def game_over() -> Scenario:
    rules, state = first_turn()
    return rules, attrs.evolve(state, phase=Phase.GAME_OVER, end_reason="normal")


def foreign_rules() -> Scenario:
    _, state = first_turn()
    return mr.make("riichi", {"kuitan": False}), state


def not_a_state() -> Scenario:
    """Junk where the state goes (a server's decoding went wrong)."""
    return mr.make("riichi"), "not a state"  # type: ignore[return-value]


def sanma_first_turn() -> Scenario:
    return start("sanma", hands={0: "159p159s19m12356z"}, draws=["5p"])


# ---------------------------------------------------------------------------- the table

ActionOf = Callable[[State], Action]

ROWS: list[tuple[str, Callable[[], Scenario], ActionOf, Reason]] = [
    ("ruleset-mismatch", foreign_rules, lambda _s: Tsumo(seat=0), Reason.RULESET_MISMATCH),
    ("not-a-state", not_a_state, lambda _s: Tsumo(seat=0), Reason.BAD_STATE),
    ("bad-seat", first_turn, lambda _s: Tsumo(seat=4), Reason.BAD_SEAT),
    ("game-over", game_over, lambda _s: Ready(seat=0), Reason.GAME_OVER),
    ("wrong-phase", first_turn, lambda _s: Ron(seat=1), Reason.WRONG_PHASE),
    ("wrong-phase-tsumo-after-call", after_chi, lambda _s: Tsumo(seat=1), Reason.WRONG_PHASE),
    ("not-your-turn", first_turn, lambda s: Discard(seat=2, tile=s.seats[2].hand[0]),
     Reason.NOT_YOUR_TURN),
    ("not-your-turn-claim", claim_window, lambda _s: Pass(seat=3), Reason.NOT_YOUR_TURN),
    ("tile-not-in-hand", first_turn, lambda s: Discard(seat=0, tile=s.seats[1].hand[0]),
     Reason.TILE_NOT_IN_HAND),
    ("swap-call-forbidden", after_chi, lambda s: Discard(seat=1, tile=held(s, 1, "5m")),
     Reason.SWAP_CALL_FORBIDDEN),
    ("riichi-discard-only-drawn", in_riichi, lambda s: Discard(seat=0, tile=held(s, 0, "7p")),
     Reason.RIICHI_DISCARD_ONLY_DRAWN),
    ("riichi-requires-closed-hand", open_hand_next_turn,
     lambda s: Discard(seat=1, tile=s.seats[1].drawn or -1, riichi=True),
     Reason.RIICHI_REQUIRES_CLOSED_HAND),
    ("riichi-requires-tenpai", riichi_ready,
     lambda s: Discard(seat=0, tile=held(s, 0, "7p"), riichi=True),
     Reason.RIICHI_REQUIRES_TENPAI),
    ("riichi-not-enough-points", riichi_ready_999_points,
     lambda s: Discard(seat=0, tile=held(s, 0, "1z"), riichi=True),
     Reason.RIICHI_NOT_ENOUGH_POINTS),
    ("riichi-not-enough-tiles", riichi_ready_3_tiles_left,
     lambda s: Discard(seat=0, tile=held(s, 0, "1z"), riichi=True),
     Reason.RIICHI_NOT_ENOUGH_TILES),
    ("already-riichi", in_riichi, lambda s: Discard(seat=0, tile=s.seats[0].drawn or -1,
                                                    riichi=True), Reason.ALREADY_RIICHI),
    ("furiten", furiten_with_pon, lambda _s: Ron(seat=3), Reason.FURITEN),
    ("kan-not-allowed-last-draw", last_draw, lambda _s: Ankan(seat=1, kind=kind_of("1m")),
     Reason.KAN_NOT_ALLOWED),
    ("kan-not-allowed-no-pon", first_turn, lambda s: Kakan(seat=0, tile=held(s, 0, "1m")),
     Reason.KAN_NOT_ALLOWED),
    ("kan-changes-wait", lambda: in_riichi("3m"), lambda _s: Ankan(seat=0, kind=kind_of("3m")),
     Reason.KAN_CHANGES_WAIT),
    ("kita-not-allowed-4p", first_turn, lambda _s: Kita(seat=0), Reason.KITA_NOT_ALLOWED),
    ("kita-not-allowed-no-north", sanma_first_turn, lambda _s: Kita(seat=0),
     Reason.KITA_NOT_ALLOWED),
    ("not-first-draw", second_draw_nine, lambda _s: NineTerminals(seat=0),
     Reason.NOT_FIRST_DRAW),
    ("too-few-terminals", first_turn, lambda _s: NineTerminals(seat=0),
     Reason.TOO_FEW_TERMINALS),
    ("call-not-available", claim_window, lambda _s: Ron(seat=2), Reason.CALL_NOT_AVAILABLE),
    ("already-answered", chi_answered, lambda _s: Pass(seat=1), Reason.ALREADY_ANSWERED),
    ("not-timed-out", first_turn, lambda _s: Timeout(seat=0, at=10**9), Reason.NOT_TIMED_OUT),
    ("deadline-passed", timed_claim_window, lambda _s: Pass(seat=3, at=10**6),
     Reason.DEADLINE_PASSED),
    ("already-ready", hand_over_one_ready, lambda _s: Ready(seat=1), Reason.ALREADY_READY),
    ("bad-input", first_turn, lambda _s: Discard(seat=0, tile="x"),  # type: ignore[arg-type]
     Reason.BAD_INPUT),
    ("no-yaku", yakuless_open_tsumo, lambda _s: Tsumo(seat=2), Reason.NO_YAKU),
    ("not-a-winning-hand", first_turn, lambda _s: Tsumo(seat=0), Reason.NOT_A_WINNING_HAND),
]


@pytest.mark.parametrize(("build", "action_of", "expected"), [row[1:] for row in ROWS],
                         ids=[row[0] for row in ROWS])
def test_reason_is_reachable(build: Callable[[], Scenario], action_of: ActionOf,
                             expected: Reason) -> None:
    rules, state = build()
    snapshot = unstructure(state)
    action = action_of(state)
    rejection = rules.validate(state, action)
    assert rejection is not None
    assert rejection.reason is expected
    with pytest.raises(IllegalActionError) as exc:
        rules.apply(state, action)
    assert exc.value.reason is expected
    assert unstructure(state) == snapshot
    if expected in (Reason.RULESET_MISMATCH, Reason.BAD_STATE):  # the queries refuse it
        with pytest.raises(InvalidStateError):
            rules.legal_actions(state, action.seat)
    elif 0 <= action.seat < rules.num_seats:
        assert action not in rules.legal_actions(state, action.seat)


def engine_reasons() -> set[Reason]:
    """The game-action reasons (RULESET_MISMATCH .. ALREADY_READY) plus BAD_INPUT."""
    members = list(Reason)
    first = members.index(Reason.RULESET_MISMATCH)
    last = members.index(Reason.ALREADY_READY)
    return {*members[first:last + 1], Reason.BAD_INPUT}


def test_the_table_covers_every_engine_reason() -> None:
    covered = {row[3] for row in ROWS}
    assert engine_reasons() <= covered, engine_reasons() - covered


def test_the_legal_alternative_is_accepted() -> None:
    # the rejections above are not blanket refusals: the neighbouring legal action passes
    rules, state = after_chi()
    assert rules.validate(state, Discard(seat=1, tile=held(state, 1, "8m"))) is None
    rules, state = in_riichi()
    assert rules.validate(state, Discard(seat=0, tile=state.seats[0].drawn or -1)) is None
    rules, state = furiten_with_pon()
    assert rules.validate(state, Pon(seat=3, tiles=held_all(state, 3, "33p"))) is None


# ------------------------------------------------- action types a ruleset does not list

Unlisted = type[DeclareReady] | type[NineTerminals] | type[Chombo]
UNLISTED: list[tuple[str, Unlisted]] = [("riichi", DeclareReady), ("sanma", DeclareReady),
            ("taiwanese", NineTerminals), ("taiwanese", Chombo)]
"""Every (ruleset, action class) the ruleset does not list in ``action_types``."""


def test_the_unlisted_table_is_every_missing_action_type() -> None:
    missing = {(variant, cls) for variant in ("riichi", "sanma", "taiwanese")
               for cls in ACTION_TYPES.values() if cls not in mr.make(variant).action_types}
    assert missing == set(UNLISTED)


@pytest.mark.parametrize(("variant", "cls"), UNLISTED,
                         ids=[f"{v}-{c.type}" for v, c in UNLISTED])
@pytest.mark.parametrize("seat", [0, 1], ids=["on-turn", "off-turn"])
def test_an_unlisted_action_is_refused_by_the_engine(variant: str, cls: Unlisted,
                                                     seat: int) -> None:
    rules = mr.make(variant)
    state = rules.setup(seed=3)
    snapshot = unstructure(state)
    action = cls(seat=seat)
    rejection = rules.validate(state, action)
    assert rejection is not None
    assert rejection.reason is Reason.NOT_IN_RULESET  # not not_your_turn: asked first
    with pytest.raises(IllegalActionError) as exc:
        rules.apply(state, action)
    assert exc.value.reason is Reason.NOT_IN_RULESET
    assert unstructure(state) == snapshot
    assert all(type(a) is not cls for a in rules.legal_actions(state, seat))


class _NoTsumo(RiichiRuleset):
    """Riichi without Tsumo in its list, whose own checks must never be asked."""

    action_types = RiichiRuleset.action_types - {Tsumo}

    def _validate(self, state: State, action: Action) -> mr.Rejection | None:
        del state
        raise AssertionError(f"the engine asked the ruleset about {action}")


def test_the_engine_refuses_before_the_ruleset_is_asked() -> None:
    rules = _NoTsumo()
    state = rules.setup(seed=3)
    rejection = rules.validate(state, Tsumo(seat=0))
    assert rejection is not None
    assert rejection.reason is Reason.NOT_IN_RULESET
    assert rejection.message == "riichi has no tsumo action"
    # a malformed action is bad input first, as before the list is read
    bad = rules.validate(state, Tsumo(seat=9))
    assert bad is not None
    assert bad.reason is Reason.BAD_SEAT
