"""Careless and hostile input (issue 12): each item of the audit, by its reason code.

Every row is one finding of the audit of 2026-12-01; each failed on the code before the
fix. A row names the input, the typed error (or the rejection) and its stable reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.scenario import start

import mahjong_rules as mr
from mahjong_rules.cli import main
from mahjong_rules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidStateError,
    MahjongRulesError,
    NotationError,
    Reason,
)
from mahjong_rules.kernel import KernelInputError
from mahjong_rules.replay import replay_paths
from mahjong_rules.scoring.request import score_request
from mahjong_rules.state import HandStart, State

LOGS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "logs"
BUG1 = LOGS / "dnovikoff-tenhou" / "bug1.xml"

RULES = mr.make("riichi")
STATE = RULES.setup(seed=1)


def _played(name: str = "riichi", steps: int = 40, seed: int = 3) -> tuple[mr.Ruleset, State]:
    """A game some discards in: rivers, a smaller wall, maybe a call."""
    rules = mr.make(name)
    state = rules.setup(seed=seed)
    for _ in range(steps):
        seat = min(rules.to_act(state))
        state = rules.apply(state, rules.legal_actions(state, seat, preferences=False)[0])
    assert state.phase is not mr.Phase.GAME_OVER
    return rules, state


# ------------------------------------------------------------------------ seats


SEAT_CASES: list[tuple[str, str, object]] = [
    ("view-negative-seat-leaks-seat-3", "view", -1),
    ("view-seat-5", "view", 5),
    ("view-seat-str", "view", "0"),
    ("view-seat-true", "view", True),
    ("view-seat-float", "view", 1.0),
    ("legal-negative-seat", "legal_actions", -1),
    ("legal-seat-5", "legal_actions", 5),
    ("legal-seat-str", "legal_actions", "0"),
    ("legal-seat-none", "legal_actions", None),
    ("legal-seat-true", "legal_actions", True),
    ("legal-seat-float", "legal_actions", 1.0),
]


@pytest.mark.parametrize(("entry", "seat"), [row[1:] for row in SEAT_CASES],
                         ids=[row[0] for row in SEAT_CASES])
def test_a_bad_seat_is_refused(entry: str, seat: object) -> None:
    with pytest.raises(InvalidArgumentError) as exc:
        getattr(RULES, entry)(STATE, seat)
    assert exc.value.reason is Reason.BAD_SEAT


def test_a_boolean_seat_does_not_poison_the_shared_actions() -> None:
    """``legal_actions(state, True)`` once built seat-``True`` actions, reused for seat 1."""
    with pytest.raises(InvalidArgumentError):
        RULES.legal_actions(STATE, True)
    assert all(type(a.seat) is int for a in RULES.legal_actions(STATE, 1))


NOT_STATES: list[tuple[str, Callable[[object], object]]] = [
    ("view", lambda s: RULES.view(s, 0)),  # type: ignore[arg-type]
    ("view-spectator", lambda s: RULES.view(s, None)),  # type: ignore[arg-type]
    ("legal-actions", lambda s: RULES.legal_actions(s, 0)),  # type: ignore[arg-type]
    ("to-act", RULES.to_act),  # type: ignore[list-item]
    ("deadline", RULES.deadline),  # type: ignore[list-item]
    ("result", RULES.result),  # type: ignore[list-item]
    ("apply-passes", RULES.apply_passes),  # type: ignore[list-item]
    ("apply", lambda s: RULES.apply(s, mr.Pass(seat=0))),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", [row[1] for row in NOT_STATES],
                         ids=[row[0] for row in NOT_STATES])
@pytest.mark.parametrize("junk", [None, "state", {"phase": "claims"}], ids=["none", "str", "dict"])
def test_a_non_state_is_refused_by_every_entry_point(call: Callable[[object], object],
                                                      junk: object) -> None:
    with pytest.raises(MahjongRulesError) as exc:
        call(junk)
    assert exc.value.reason is Reason.BAD_STATE


@pytest.mark.parametrize("junk", [None, "state", 3], ids=["none", "str", "int"])
def test_validate_returns_a_rejection_for_a_non_state(junk: object) -> None:
    rejection = RULES.validate(junk, mr.Pass(seat=0))  # type: ignore[arg-type]
    assert rejection is not None
    assert rejection.reason is Reason.BAD_STATE


def test_a_foreign_state_is_refused_by_the_queries() -> None:
    sanma_state = mr.make("sanma").setup(seed=1)
    for call in (lambda: RULES.view(sanma_state, 3), lambda: RULES.to_act(sanma_state),
                 lambda: RULES.legal_actions(sanma_state, 0)):
        with pytest.raises(InvalidStateError) as exc:
            call()
        assert exc.value.reason is Reason.RULESET_MISMATCH


# ------------------------------------------------------------------- saved states

Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return mutate


def _five_copies(data: dict[str, Any]) -> None:
    hand = data["seats"][1]["hand"]
    hand[:5] = [0, 0, 1, 2, 3]


def _six_extra(data: dict[str, Any]) -> None:
    data["seats"][1]["hand"] = sorted(data["seats"][1]["hand"] + data["live"][-6:])
    data["live"] = data["live"][:-6]


def _points(data: dict[str, Any]) -> None:
    data["seats"][0]["points"] += 1000


def _drop(key: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        del data[key]
    return mutate


def _edit(key: str, change: Callable[[Any], Any]) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data[key] = change(data[key])
    return mutate


CORRUPTIONS: list[tuple[str, Mutation]] = [
    ("five-copies-of-a-tile", _five_copies),
    ("tile-id-999", _set("seats.1.hand.12", 999)),
    ("tile-id-negative", _set("seats.1.hand.0", -5)),
    ("hand-with-six-extra-tiles", _six_extra),
    ("three-seats", _edit("seats", lambda seats: seats[:3])),
    ("dealer-9", _set("dealer", 9)),
    ("two-player-names", _edit("players", lambda names: names[:2])),
    ("duplicate-player-names", _set("players", ["a", "a", "b", "c"])),
    ("emptied-wall", _set("live", [])),
    ("reversed-wall", _edit("live", lambda live: live[::-1])),
    ("padded-wall", _edit("live", lambda live: live + live[:4])),
    ("no-dora-indicator", _set("dora_indicators", [])),
    ("honba-negative", _set("honba", -3)),
    ("points-not-summing", _points),
    ("turn-7", _set("turn", 7)),
    ("phase-claims-without-a-window", _set("phase", "claims")),
    ("phase-hand-over-in-play", _set("phase", "hand_over")),
    ("phase-game-over-without-a-reason", _set("phase", "game_over")),
    ("missing-key", _drop("turn")),
    ("unknown-key", _set("dora", [1])),
    ("turn-of-the-wrong-type", _set("turn", "0")),
    ("seed-of-the-wrong-type", _set("seed", "1")),
    ("unknown-ruleset", _set("ruleset", "mahjong")),
    ("ruleset-alias", _set("ruleset", "4p")),  # found by the fuzz test
    ("version-of-another-release", _set("version", "99")),
    ("unsorted-hand", _edit("seats", lambda seats: [
        {**s, "hand": s["hand"][::-1]} if i == 1 else s for i, s in enumerate(seats)])),
    ("kita-in-four-player-riichi", _set("seats.1.kita", [120])),
]


@pytest.mark.parametrize("mutate", [row[1] for row in CORRUPTIONS],
                         ids=[row[0] for row in CORRUPTIONS])
def test_a_corrupt_saved_state_does_not_load(mutate: Mutation) -> None:
    _rules, state = _played()
    data = json.loads(json.dumps(state.to_dict()))
    mutate(data)
    with pytest.raises(InvalidStateError) as exc:
        State.from_dict(data)
    assert exc.value.reason is Reason.BAD_STATE
    assert isinstance(exc.value, ValueError)


def test_a_riichi_without_its_stick_does_not_load() -> None:
    rules, state = start("riichi", hands={0: "3334m456p789p234s"}, draws=["1z"])
    state = rules.apply(state, mr.Discard(seat=0, tile=state.seats[0].drawn or 0, riichi=True))
    state = rules.apply_passes(state) if state.phase is mr.Phase.CLAIMS else state
    assert state.seats[0].riichi
    assert state.deposits == 1
    data = json.loads(json.dumps(state.to_dict()))
    State.from_dict(data)  # the real state loads
    data["deposits"] = 0
    data["seats"][0]["points"] += 1000  # the points still sum: only the stick is missing
    with pytest.raises(InvalidStateError) as exc:
        State.from_dict(data)
    assert exc.value.reason is Reason.BAD_STATE


def test_a_flower_in_a_concealed_hand_does_not_load() -> None:
    _rules, state = _played("taiwanese", steps=10)
    data = json.loads(json.dumps(state.to_dict()))
    owner = next((s for s, p in enumerate(data["seats"]) if p.get("flowers")), None)
    if owner is None:  # no flower shown yet: take one from the wall
        flower = next(t for t in data["live"] if t >= 136)
        data["live"].remove(flower)
        data["live"].append(data["seats"][2]["hand"].pop())
    else:
        flower = data["seats"][owner]["flowers"].pop()
        data["live"].append(data["seats"][2]["hand"].pop())
    data["seats"][2]["hand"] = sorted([*data["seats"][2]["hand"], flower])
    with pytest.raises(InvalidStateError) as exc:
        State.from_dict(data)
    assert exc.value.reason is Reason.BAD_STATE


# ----------------------------------------------------------------------- setup

SETUPS: list[tuple[str, Callable[[], object]]] = [
    ("seed-str", lambda: RULES.setup(seed="1")),  # type: ignore[arg-type]
    ("seed-bool", lambda: RULES.setup(seed=True)),
    ("seed-float", lambda: RULES.setup(seed=1.5)),  # type: ignore[arg-type]
    ("player-names-ints", lambda: RULES.setup(seed=1, players=[1, 2, 3, 4])),  # type: ignore[list-item]
    ("player-names-a-string", lambda: RULES.setup(seed=1, players="abcd")),  # type: ignore[arg-type]
    ("wall-of-strings", lambda: RULES.setup(walls=[["1m"] * 136])),  # type: ignore[list-item]
    ("walls-not-a-list", lambda: RULES.setup(walls=5)),  # type: ignore[arg-type]
    ("wall-with-a-bool", lambda: RULES.setup(walls=[[True, *range(1, 136)]])),
    ("wall-with-a-float", lambda: RULES.setup(walls=[[*range(135), 135.0]])),  # type: ignore[list-item]
    ("start-not-a-hand-start", lambda: RULES.setup(seed=1, start={"honba": 1})),  # type: ignore[arg-type]
    ("now-str", lambda: RULES.setup(seed=1, now="noon")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", [row[1] for row in SETUPS], ids=[row[0] for row in SETUPS])
def test_setup_refuses_what_it_could_not_save(call: Callable[[], object]) -> None:
    with pytest.raises(IllegalActionError) as exc:
        call()
    assert exc.value.reason is Reason.BAD_INPUT


def test_a_start_whose_points_do_not_sum_is_refused() -> None:
    start_ = HandStart(points=(25000, 25000, 25000, 24000))
    with pytest.raises(InvalidStateError) as exc:
        RULES.setup(walls=[list(range(136))], start=start_)
    assert exc.value.reason is Reason.BAD_STATE


def test_every_game_setup_starts_saves_and_loads_back() -> None:
    for name in ("riichi", "sanma", "taiwanese"):
        rules = mr.make(name)
        state = rules.setup(seed=12, players=[f"p{i}" for i in range(rules.num_seats)], now=5)
        assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state


# -------------------------------------------------------------------- notation

NOTATION: list[tuple[str, Callable[[], object], Reason]] = [
    ("format-kinds-minus-1", lambda: mr.format_kinds([-1]), Reason.BAD_TILE),
    ("format-kinds-50", lambda: mr.format_kinds([50]), Reason.BAD_TILE),
    ("format-kinds-minus-42", lambda: mr.format_kinds([-42]), Reason.BAD_TILE),
    ("tile-200", lambda: str(mr.Tile(200)), Reason.BAD_TILE),
    ("tile-red-1m", lambda: mr.Tile(0, red=True), Reason.BAD_TILE),
    ("parse-tiles-none", lambda: mr.parse_tiles(None), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("parse-tiles-bytes", lambda: mr.parse_tiles(b"123m"), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("parse-counts-int", lambda: mr.parse_counts(5), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("format-ids-str", lambda: mr.format_ids(["a"]), Reason.BAD_INPUT),  # type: ignore[list-item]
    ("format-ids-none", lambda: mr.format_ids(None), Reason.BAD_INPUT),  # type: ignore[arg-type]
    ("format-kinds-str", lambda: mr.format_kinds(["1m"]), Reason.BAD_INPUT),  # type: ignore[list-item]
    # found by the entry-point fuzz test: numpy's ValueError from a ragged list
    ("format-counts-ragged", lambda: mr.format_counts([[1] * 34, [1] * 33]), Reason.BAD_COUNTS),
]


@pytest.mark.parametrize(("call", "reason"), [row[1:] for row in NOTATION],
                         ids=[row[0] for row in NOTATION])
def test_notation_refuses_out_of_range_kinds_and_wrong_types(call: Callable[[], object],
                                                            reason: Reason) -> None:
    with pytest.raises(NotationError) as exc:
        call()
    assert exc.value.reason is reason


def test_kernel_errors_are_library_errors() -> None:
    with pytest.raises(MahjongRulesError) as exc:
        mr.kernel.shanten(mr.parse_counts("123m"))
    assert isinstance(exc.value, KernelInputError)
    assert isinstance(exc.value, ValueError)
    assert exc.value.reason is Reason.BAD_HAND_SIZE


# ------------------------------------------------------------------------- CLI

USAGE_ERRORS: list[tuple[str, list[str]]] = [
    ("simulate-games-negative", ["simulate", "--games", "-3"]),
    ("simulate-games-zero", ["simulate", "--games", "0"]),
    ("score-honba-huge", ["score", "234m567p789s22s45p", "--win", "3p",
                          "--honba", "99999999999999999999"]),
    ("score-honba-negative", ["score", "234m567p789s22s45p", "--win", "3p", "--honba", "-1"]),
    ("score-sticks-huge", ["score", "234m567p789s22s45p", "--win", "3p", "--sticks", "1000"]),
    ("score-kita-five", ["score", "234m567p789s22s45p", "--win", "3p", "--kita", "5"]),
]


@pytest.mark.parametrize("argv", [row[1] for row in USAGE_ERRORS],
                         ids=[row[0] for row in USAGE_ERRORS])
def test_cli_argument_ranges_are_usage_errors(argv: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "error: argument --" in capsys.readouterr().err


PINFU = {"hand": "234m567p789s22s45p", "win": "3p", "seat_wind": "S"}

REQUESTS: list[tuple[str, dict[str, Any], str]] = [
    ("ten-dora-indicators", {**PINFU, "dora_indicators": "1m1m2m2m3m3m4m4m5m6m"}, "bad_input"),
    ("six-dora-indicators", {**PINFU, "dora_indicators": "123456z"}, "bad_input"),
    ("six-ura-indicators", {**PINFU, "riichi": True, "ura_indicators": "123456z"},
     "bad_input"),
    ("ura-without-riichi", {**PINFU, "dora_indicators": "1m", "ura_indicators": "2m"},
     "conflicting_context"),
    ("honba-huge", {**PINFU, "honba": 99999999999999999999}, "bad_input"),
    ("sticks-huge", {**PINFU, "riichi_sticks": 5000}, "bad_input"),
]


@pytest.mark.parametrize(("request_", "reason"), [row[1:] for row in REQUESTS],
                         ids=[row[0] for row in REQUESTS])
def test_score_requests_beyond_a_table_are_refused(request_: dict[str, Any],
                                                   reason: str) -> None:
    result = score_request(request_)
    assert not result["ok"]
    assert result["reason"] == reason


def test_ura_with_riichi_still_scores() -> None:
    result = score_request({**PINFU, "riichi": True, "dora_indicators": "1m",
                            "ura_indicators": "2m"})
    assert result["ok"], result


def test_score_help_lists_the_presets_of_each_variant_and_the_defaults(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for variant, options in (("riichi", mr.RiichiOptions), ("sanma", mr.SanmaOptions),
                             ("taiwanese", mr.TaiwaneseOptions)):
        names = ", ".join(options.preset_names())
        assert re.search(rf"{variant}: {re.escape(names)}(?!,)", text), variant
    assert "sanma: default, joypip, tenhou, mahjong_soul" in text  # joypip is sanma's only
    assert "(default: riichi)" in text


def test_simulate_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 20)" in text
    assert "sanma: default, joypip, tenhou, mahjong_soul" in text


def test_a_meld_count_problem_names_what_is_held_and_what_is_needed() -> None:
    result = score_request({**PINFU, "melds": ["pon 555z"]})
    assert result["reason"] == "bad_hand"
    assert result["details"] == {"concealed": 13, "needed": 10}


def test_two_red_fives_are_reported_as_two_copies() -> None:
    result = score_request({"hand": "234m567p789s22s40p", "win": "0p"})
    assert result["reason"] == "bad_hand"
    assert result["details"] == {"kind": 13, "red_copies": 2}
    without = score_request({**PINFU, "hand": "234m567p789s22s40p", "win": "3p",
                             "options": {"red_fives": 0}})
    assert without["details"] == {"kind": 13, "red_fives": 0}


# ----------------------------------------------------------------------- clock


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_the_first_deadline_comes_from_setup_now(name: str) -> None:
    rules = mr.make(name)
    state = rules.setup(seed=4, now=1_000)
    deadline = rules.deadline(state)
    assert deadline is not None
    assert deadline > 1_000
    seat = min(rules.to_act(state))
    assert rules.validate(state, mr.Timeout(seat=seat, at=deadline - 1)) is not None
    assert rules.validate(state, mr.Timeout(seat=seat, at=deadline)) is None
    after = rules.apply(state, mr.Timeout(seat=seat, at=deadline))
    assert after.seats[seat].timeouts == 1


def test_a_timeout_on_a_game_without_time_is_refused_as_not_timed_out() -> None:
    assert RULES.deadline(STATE) is None
    rejection = RULES.validate(STATE, mr.Timeout(seat=0, at=10**9))
    assert rejection is not None
    assert rejection.reason is Reason.NOT_TIMED_OUT


# ---------------------------------------------------------------- convert, replay


@pytest.mark.skipif(not BUG1.is_file(), reason=f"the shared logs are not at {LOGS}")
@pytest.mark.parametrize(("to", "suffix"), [("mjai", ".jsonl"), ("tenhou6", ".json")])
def test_a_2009_log_converted_replays_as_its_source(to: str, suffix: str,
                                                    tmp_path: Path) -> None:
    out = tmp_path / f"bug1{suffix}"
    assert main(["convert", str(BUG1), "--to", to, "-o", str(out)]) == 0
    source, converted = replay_paths([BUG1]), replay_paths([out])
    assert [h.to_dict() for h in converted.files[0].hands] == [
        h.to_dict() for h in source.files[0].hands]
    assert converted.ok


def test_an_unreadable_file_is_not_counted_as_a_hand(tmp_path: Path) -> None:
    (tmp_path / "broken.xml").write_text('<mjloggm ver="2.3"><GO type="169"/>')
    report = replay_paths([tmp_path])
    assert report.hands == 0
    assert report.count("error") == 0
    assert report.unreadable == (str(tmp_path / "broken.xml"),)
    assert not report.ok
    assert report.to_dict()["unreadable"] == [str(tmp_path / "broken.xml")]
