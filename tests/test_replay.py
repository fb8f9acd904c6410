"""Replaying real logs through the reducer: every shared log file, the wall mapping, the
translation of log events into actions, the comparison report and the ``replay`` command.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import attrs
import pytest

from mahjong_rules.cli import main
from mahjong_rules.errors import IllegalActionError, Reason
from mahjong_rules.notation.logs import read_log
from mahjong_rules.notation.mjai import parse_mjai, write_mjai
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouRyuukyoku,
    decode_meld,
    parse_mjlog,
    rebuild_wall,
)
from mahjong_rules.notation.tenhou.seed import _MT19937, _word_bytes
from mahjong_rules.registry import make
from mahjong_rules.replay import (
    FileReport,
    HandReport,
    Mismatch,
    ReplayReport,
    build_wall,
    replay_file,
    replay_game,
    replay_paths,
    rules_for,
    score_chain_problem,
)
from mahjong_rules.replay._example import EXAMPLE
from mahjong_rules.replay.wall import _seed_layout
from mahjong_rules.state import HandStart

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.is_file()) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not LOG_FILES, reason=f"the shared real logs are not at {LOGS}")

# Hands whose log contradicts its own score chain (replayed, not counted), and files no
# engine can replay: hand-edited excerpts of mjai-reviewer's converter tests.
INCONSISTENT = {
    # the winner's +1,600 leaves the riichi stick declared in the hand nowhere
    ("mjai-reviewer/confusing_nakis_1.json", 0),
    # Mahjong Soul ron on a kita: the deltas leave the stick out; the final scores give
    # it to the first place
    ("mjai-reviewer3p/kokushi_peinuki.json", 3),
}
NOT_A_GAME = {"mjai-reviewer/confusing_nakis_2.json"}
"""Five copies of 5s, a 'winner' whose score does not change: refused or not counted."""
NOT_LOGS = {"README.md"}


def _rel(path: Path) -> str:
    return path.relative_to(LOGS).as_posix()


@needs_logs
@pytest.mark.parametrize("path", LOG_FILES, ids=_rel)
def test_every_hand_of_the_shared_logs_matches(path: Path) -> None:
    report = replay_file(path)
    name = _rel(path)
    if name in NOT_LOGS:
        assert report.skipped is not None
        return
    if name in NOT_A_GAME:  # refused, never called matched
        assert report.error is not None or all(
            h.status == "inconsistent" for h in report.hands), report.to_dict()
        return
    assert report.error is None, report.error
    assert report.hands
    problems = [h.to_dict() for h in report.hands if h.status in ("mismatched", "error")]
    assert problems == []
    not_counted = {(name, h.index) for h in report.hands if h.status == "inconsistent"}
    assert not_counted == {entry for entry in INCONSISTENT if entry[0] == name}
    assert report.ok


@needs_logs
def test_mahjong_soul_games_use_the_mahjong_soul_preset() -> None:
    soul = {"mjai-reviewer/confusing_nakis_7.json", "mjai-reviewer3p/chankan.json",
            "mjai-reviewer3p/kokushi_ankan.json", "mjai-reviewer3p/kokushi_peinuki.json"}
    for name in soul:
        game = read_log(LOGS / name).games[0]
        rules, preset = rules_for(game)
        assert preset == "mahjong_soul", name
        assert rules.name == ("sanma" if "3p" in name else "riichi")
    _, preset = rules_for(read_log(LOGS / "mjai-reviewer3p/double_nukidora.json").games[0])
    assert preset == "tenhou"


# ------------------------------------------------------------------------ the wall


def _hand(events: tuple[object, ...], results: tuple[object, ...] = ()) -> TenhouHand:
    deal = tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4))
    init = TenhouInit(round=1, honba=0, riichi_sticks=0, dice=(1, 1), dora_indicator=130,
                      ten=(250, 250, 250, 250), oya=1, hai=deal)
    return TenhouHand(index=0, init=init, events=events,  # type: ignore[arg-type]
                      results=results or (TenhouRyuukyoku(  # type: ignore[arg-type]
                          type=None, ba=(0, 0), sc=(0,) * 8, hai=(None,) * 4),))


def test_wall_places_the_deal_draws_replacements_and_indicators() -> None:
    ankan = (100 << 8)  # a closed kan of ids 100..103
    hand = _hand((
        TenhouDraw(seat=1, tile=52), TenhouDraw(seat=2, tile=53),
        TenhouCall(who=2, code=ankan, meld=decode_meld(ankan)), TenhouDora(tile=131),
        TenhouDraw(seat=2, tile=54), TenhouDraw(seat=3, tile=55),
    ))
    layout = make("riichi").wall_layout()  # type: ignore[attr-defined]
    wall, problems = build_wall(hand, range(136), layout)
    assert problems == []
    assert sorted(wall) == list(range(136))
    # the dealer (seat 1) first, then seats 2, 3, 0: 13 tiles each
    assert [[wall[p] for p in layout.deal_places(i)] for i in range(4)] == [
        list(range(13 * s, 13 * s + 13)) for s in (1, 2, 3, 0)]
    front = layout.dealt
    assert wall[front:front + 3] == [52, 53, 55]  # live draws in order; 54 was the replacement
    replacement, dora, _ura = layout.dead_places(136)
    assert wall[replacement[0]] == 54  # the first replacement tile
    assert [wall[p] for p in dora[:2]] == [130, 131]  # the dora indicators


@needs_logs
def test_seed_layout_puts_the_seed_wall_where_the_reducer_deals_and_draws() -> None:
    path = LOGS / "mjx-tests" / "double-ron.mjlog"
    game = read_log(path).games[0]
    assert game.shuffle_seed is not None
    seed_walls = rebuild_wall(game.shuffle_seed, hands=len(game.hands))
    wall_layout = make("riichi").wall_layout()  # type: ignore[attr-defined]
    layout = _seed_layout(136, wall_layout)
    assert sorted(layout) == list(range(136))
    for k, hand in enumerate(game.hands):
        wall, problems = build_wall(hand, range(136), wall_layout, seed_walls[k])
        assert problems == []
        mapped = [seed_walls[k][i] for i in layout]
        dealer = hand.init.oya
        for i in range(4):
            assert sorted(mapped[p] for p in wall_layout.deal_places(i)) == sorted(
                hand.init.hai[(dealer + i) % 4])
        draws = [e.tile for e in hand.events if isinstance(e, TenhouDraw)]
        assert mapped[wall_layout.dealt] == draws[0]
        assert wall[wall_layout.dealt] == draws[0]


def test_a_log_with_a_tile_twice_is_not_a_real_game() -> None:
    hand = _hand((TenhouDraw(seat=1, tile=5),))  # id 5 is also in seat 0's deal
    report = replay_game(attrs_game(hand))
    assert [h.status for h in report.hands] == ["inconsistent"]
    assert report.ok


def attrs_game(hand: TenhouHand) -> TenhouGame:
    """A one-hand game around ``hand`` (from the example log's header)."""
    return attrs.evolve(parse_mjlog(EXAMPLE), hands=(hand,))


# ------------------------------------------------------------ translation, comparison


def _mutated(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


@needs_logs
def test_a_changed_result_is_reported_with_file_hand_expected_and_got() -> None:
    path = LOGS / "mjx-tests" / "double-ron.mjlog"
    game = read_log(path).games[0]
    hand = next(h for h in game.hands if isinstance(h.results[0], TenhouAgari))
    first = hand.results[0]
    assert isinstance(first, TenhouAgari)
    old = f'ten="{first.fu},{first.points},{first.limit}"'
    text = _mutated(path, old, f'ten="{first.fu},{first.points + 100},{first.limit}"')
    report = replay_game(parse_mjlog(text, name="changed"), name="changed")
    bad = [h for h in report.hands if h.status != "matched"]
    assert [h.index for h in bad] == [hand.index]
    assert [m.field for m in bad[0].mismatches] == ["points"]
    mismatch = bad[0].mismatches[0]
    assert mismatch.expected == f"seat {first.who} {first.points + 100}"
    assert mismatch.got == f"seat {first.who} {first.points}"
    assert "mismatched" in report.line()
    assert not report.ok


@needs_logs
def test_a_discard_the_reducer_refuses_is_an_error_with_its_reason_code() -> None:
    path = LOGS / "mjx-tests" / "double-ron.mjlog"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"<T(\d+)/><D(\d+)/>", text)
    assert match is not None
    drawn = int(match.group(1))
    # the dealer discards a tile another seat holds
    init = parse_mjlog(text).hands[0].init
    other = init.hai[(init.oya + 1) % 4][0]
    changed = text.replace(match.group(0), f"<T{drawn}/><D{other}/>", 1)
    report = replay_game(parse_mjlog(changed))
    assert report.hands[0].status == "error"
    assert report.hands[0].reason == "tile_not_in_hand"


@needs_logs
def test_a_call_the_reducer_does_not_offer_is_an_error() -> None:
    path = LOGS / "mjx-tests" / "double-ron.mjlog"
    game = read_log(path).games[0]
    for k, hand in enumerate(game.hands):
        call = next((e for e in hand.events if isinstance(e, TenhouCall)
                     and e.meld.kind == "pon"), None)
        if call is None:
            continue
        # the same pon claimed by the next seat instead, who does not hold the pair
        changed = hand.events.index(call)
        events = list(hand.events)
        events[changed] = TenhouCall(who=(call.who + 1) % 4, code=call.code, meld=call.meld)
        bad = attrs.evolve(game, hands=(attrs.evolve(hand, events=tuple(events)),))
        report = replay_game(bad)
        assert report.hands[0].status == "error", k
        assert report.hands[0].reason == "call_not_available"
        return
    pytest.fail("no pon in the log")


def _win(sc: tuple[int, ...], who: int = 0) -> TenhouAgari:
    return TenhouAgari(who=who, from_who=1, pao_who=None, hai=(), melds=(), meld_codes=(),
                       machi=0, fu=30, points=1000, limit=0, yaku=(), yakuman=(),
                       dora_hai=(), ura_hai=(), ba=(0, 1), sc=sc)


@pytest.mark.parametrize(("sc", "who", "problem"), [
    ((250, 20, 250, -10, 250, 0, 250, 0), 0, None),  # 1,000 from the loser + the stick
    ((250, 10, 250, -10, 250, 0, 250, 0), 0, "the changes add up to 0"),
    ((250, 20, 250, -10, 250, 0, 250, 0), 1, "seat 1 wins, but its score does not go up"),
], ids=["consistent", "stick-lost", "winner-loses"])
def test_score_chain_check(sc: tuple[int, ...], who: int, problem: str | None) -> None:
    hand = attrs.evolve(_hand((), (_win(sc, who),)), init=attrs.evolve(
        _hand(()).init, riichi_sticks=1))
    found = score_chain_problem(hand, 4)
    if problem is None:
        assert found is None
    else:
        assert found is not None
        assert found.startswith(problem)


# -------------------------------------------------------------------------- reports


def test_report_counts_and_summary_line() -> None:
    good = HandReport(index=0, label="E1-0")
    bad = HandReport(index=1, label="E2-0", mismatches=(
        Mismatch(field="deltas", expected=[1000, -1000], got=[0, 0]),))
    failed = HandReport(index=2, label="E3-0", error="refused", reason="furiten")
    skipped = HandReport(index=3, label="E4-0", inconsistent="breaks its chain")
    file = FileReport(path="a.mjlog", format="mjlog", hands=(good, bad, failed, skipped))
    report = ReplayReport(files=(file, FileReport(path="README.md", skipped="not a log"),
                                 FileReport(path="broken.mjlog", error="malformed")))
    # the unreadable file is no hand: it is listed apart (issue 12)
    assert report.summary() == ("replayed 3 hands: 1 matched, 1 mismatched, 1 errors; "
                                "1 file unreadable")
    assert not report.ok
    data = report.to_dict()
    assert (data["hands"], data["matched"], data["mismatched"], data["errors"],
            data["inconsistent"]) == (3, 1, 1, 1, 1)
    assert data["skipped"] == ["README.md"]
    assert data["unreadable"] == ["broken.mjlog"]
    problems = data["files"][0]["problems"]
    assert [p["status"] for p in problems] == ["mismatched", "error", "inconsistent"]
    assert problems[0]["mismatches"] == [
        {"field": "deltas", "expected": [1000, -1000], "got": [0, 0]}]
    assert problems[1]["reason"] == "furiten"
    assert file.line() == ("a.mjlog: 3 hands, 1 matched, 1 mismatched, 1 error, "
                           "1 not counted (the log's own result breaks its score chain)")
    assert ReplayReport(files=(FileReport(path="x", hands=(good, skipped)),)).ok


# ---------------------------------------------------------------------- the command


@needs_logs
def test_replay_command_on_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    folder = LOGS / "mjai-reviewer3p"
    code = main(["replay", str(folder)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[-1] == "replayed 19 hands: 19 matched, 0 mismatched, 0 errors"
    assert len([ln for ln in lines if ln.startswith(str(folder))]) == 4


@needs_logs
def test_replay_command_json_and_exit_code_on_a_mismatch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = LOGS / "mjx-tests" / "double-ron.mjlog"
    text = source.read_text(encoding="utf-8")
    changed = re.sub(r'ten="(\d+),(\d+),(\d+)"',
                     lambda m: f'ten="{m.group(1)},{int(m.group(2)) + 100},{m.group(3)}"',
                     text, count=1)
    (tmp_path / "changed.mjlog").write_text(changed, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    code = main(["replay", "--json", str(tmp_path)])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["mismatched"] == 1
    assert data["hands"] == len(parse_mjlog(text).hands)
    assert data["skipped"] == [str(tmp_path / "notes.txt")]
    problem = data["files"][0]["problems"][0]
    assert problem["status"] == "mismatched"
    assert problem["mismatches"][0]["field"] == "points"


def test_replay_command_on_a_broken_file(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.mjlog"
    broken.write_text(EXAMPLE[: len(EXAMPLE) // 2], encoding="utf-8")
    code = main(["replay", str(broken)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith(f"{broken}: error:")
    assert out[-1] == ("replayed 0 hands: 0 matched, 0 mismatched, 0 errors; "
                       "1 file unreadable")
    assert replay_paths([broken]).unreadable == (str(broken),)


# ------------------------------------------------------------------- mid-game start


def test_setup_starts_at_a_hand_of_the_log() -> None:
    rules = make("sanma", "tenhou")
    wall = list(rules.tile_ids())  # type: ignore[attr-defined]
    start = HandStart(round_wind=1, hand_number=2, honba=3, deposits=1,
                      points=(40000, 30000, 34000))
    state = rules.setup(walls=[wall], start=start)
    assert (state.round_wind, state.hand_number, state.dealer, state.honba,
            state.deposits) == (1, 2, 2, 3, 1)
    assert [p.points for p in state.seats] == [40000, 30000, 34000]
    assert state.turn == 2
    assert state.seats[2].drawn is not None


@pytest.mark.parametrize("start", [
    HandStart(round_wind=4),
    HandStart(hand_number=4),
    HandStart(honba=-1),
    HandStart(points=(25000, 25000, 25000)),
], ids=["wind", "hand", "honba", "points"])
def test_setup_refuses_a_bad_start(start: HandStart) -> None:
    rules = make("riichi")
    with pytest.raises(IllegalActionError) as caught:
        rules.setup(walls=[list(range(136))], start=start)
    assert caught.value.rejection.reason is Reason.BAD_INPUT


@pytest.mark.parametrize("top", [0x9E3779B9, 0], ids=["fast-path", "zero-top-word"])
def test_wall_words_equal_the_reference_generator(top: int) -> None:
    # the replay rebuilds every wall; the fast generator must be the reference MT19937
    key = [(i * 2654435761) & 0xFFFFFFFF for i in range(623)] + [top]
    fast = _word_bytes(key)
    reference = _MT19937(key)
    for _ in range(3):
        expected = struct.pack("<288I", *(reference.next_word() for _ in range(288)))
        assert next(fast) == expected


MJAI_EXCERPTS = sorted((LOGS / "riichienv-mjai-excerpts").glob("*.jsonl")) if LOGS.is_dir() else []


@needs_logs
@pytest.mark.parametrize("path", MJAI_EXCERPTS, ids=lambda p: p.stem)
def test_an_mjai_win_without_a_yaku_list_compares_what_the_log_states(path: Path) -> None:
    """libriichi's and Mortal's mjai logs write ``hora`` with deltas but no yaku list.

    A missing field is unknown, not empty (as the fu already was): the win's points,
    deltas, dora and ura are still compared; before the fix every such win was a "no
    yaku, 0 han" mismatch.
    """
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for event in events:
        if event["type"] == "hora":
            for key in ("yakus", "fan", "fu"):
                event.pop(key, None)
    lines = [json.dumps(event) for event in events]
    [game] = parse_mjai("\n".join(lines), name=path.name)
    wins = [r for h in game.hands for r in h.results if isinstance(r, TenhouAgari)]
    assert wins
    assert all(not w.yaku_known and not w.yaku and w.fu is None for w in wins)
    report = replay_game(game, name=path.name, format="mjai")
    assert [h.status for h in report.hands] == ["matched"] * len(report.hands), report.to_dict()
    # the points are still checked: 1000 more from the payer is still a mismatch
    for event in events:
        if event["type"] == "hora":
            payer = event["target"] if event["target"] != event["actor"] else (
                event["actor"] + 1) % 4
            event["deltas"][event["actor"]] += 1000
            event["deltas"][payer] -= 1000
            event.pop("hora_points", None)
    [bad] = parse_mjai("\n".join(json.dumps(event) for event in events), name=path.name)
    assert any(h.status == "mismatched"
               for h in replay_game(bad, name=path.name, format="mjai").hands)
    # written back to mjai, the list stays missing
    assert '"yakus"' not in write_mjai(game)[-3]
