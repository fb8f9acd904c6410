"""Bot programs hosted by this engine (``MjaiProcessBot``) for whole games.

- this library's own ``mjai-bot`` programs give the same games as the same bots in
  process with the same seeds (identical histories when the host sends physical ids;
  the same scores, winners and kinds of tiles without them), over both transports;
- a foreign program (a plain mjai.app-style tsumogiri script) plays whole games;
- programs that time out, exit, or answer nonsense or an illegal action are logged as
  faults with their reason codes and get the chosen policy: a chombo (the hand ends,
  the seat pays a mangan) or the seat's automatic move.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.bots import Observation, arena, make_bot, play_game, play_games
from mahjong_rules.mjai.process import MjaiProcessBot, from_spec
from mahjong_rules.state import Phase, State

PYTHON = sys.executable


def _rules(variant: str, length: str, preset: str = "tenhou") -> mr.Ruleset:
    options = mr.make(variant, preset).options.to_dict()
    options["length"] = length
    return mr.make(variant, options)


def play(rules: mr.Ruleset, bots: Sequence[Any], seed: int) -> State:
    """A whole game; ``Ready`` is automatic (mjai has no such decision)."""
    state = rules.setup(seed=seed)
    for _ in range(100_000):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        if state.phase is Phase.HAND_OVER and not isinstance(bots[seat], MjaiProcessBot):
            action: Action = mr.Ready(seat=seat)
        else:
            action = bots[seat].act(Observation.of(rules, state, seat))
        state = rules.apply(state, action)
    for bot in bots:
        if isinstance(bot, MjaiProcessBot):
            bot.close()
    return state


def _level(seat: int) -> str:
    return "random" if seat % 2 else "efficiency"


def _in_process(rules: mr.Ruleset, seed: int) -> list[Any]:
    return [make_bot(_level(s), seed=seed * 10 + s) for s in range(rules.num_seats)]


def _programs(rules: mr.Ruleset, variant: str, seed: int, protocol: str, *,
              extensions: bool) -> list[MjaiProcessBot]:
    return [MjaiProcessBot(
        [PYTHON, "-m", "mahjong_rules", "mjai-bot", "--seed", str(seed * 10 + s),
         "--variant", variant, "--preset", "tenhou", "--protocol", protocol,
         _level(s)],  # LEVEL, then the seat is appended
        rules=rules, protocol=protocol, extensions=extensions,  # type: ignore[arg-type]
        timeout=60, startup_timeout=120) for s in range(rules.num_seats)]


def _summary(state: State) -> list[object]:
    return [(h.kind, h.abort_reason, h.deltas, [(w.seat, w.from_seat, w.han, w.fu, w.yaku,
                                                  sorted(t >> 2 for t in w.hand))
                                                 for w in h.winners]) for h in state.history]


@pytest.mark.parametrize(("variant", "length", "protocol", "extensions"), [
    ("riichi", "hanchan", "mjai.app", True),
    ("sanma", "tonpuu", "mortal", True),
    ("riichi", "tonpuu", "mortal", False),
    ("sanma", "tonpuu", "mjai.app", False),
], ids=["riichi-mjai.app-ids", "sanma-mortal-ids", "riichi-mortal-kinds",
        "sanma-mjai.app-kinds"])
def test_hosted_programs_play_the_in_process_game(variant: str, length: str, protocol: str,
                                                  extensions: bool) -> None:
    """Asked at every decision, ``Ready`` included: the very same histories."""
    rules = _rules(variant, length)
    seed = 3
    reference = play(rules, _in_process(rules, seed), seed)
    programs = _programs(rules, variant, seed, protocol, extensions=extensions)
    hosted = play(rules, programs, seed)
    assert [p.faults for p in programs] == [[] for _ in programs]
    assert hosted.phase is Phase.GAME_OVER
    assert len(hosted.history) == len(reference.history) >= 1
    assert [p.points for p in hosted.seats] == [p.points for p in reference.seats]
    assert _summary(hosted) == _summary(reference)
    if extensions:  # the very same physical tiles, the same tsumogiri flags
        assert hosted.history == reference.history
        assert [p.river for p in hosted.seats] == [p.river for p in reference.seats]


def _spec(level: str, protocol: str = "mjai.app", *, variant: str = "riichi",
          extensions: bool = False) -> str:
    """``mjai:...`` running this library's ``mjai-bot LEVEL`` with the seat's own seed."""
    return (f"mjai:--timeout=60 --startup-timeout=120 --protocol={protocol}"
            f"{' --extensions' if extensions else ''} {shlex.quote(PYTHON)} -m mahjong_rules "
            f"mjai-bot --seed {{seed}} --variant {variant} --preset tenhou --protocol {protocol} "
            f"{level}")


def _timeless(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "hands_per_second", "bots")}


@pytest.mark.parametrize(("variant", "protocol", "extensions"), [
    ("riichi", "mjai.app", True), ("riichi", "mortal", False), ("sanma", "mortal", True),
], ids=["riichi-mjai.app-ids", "riichi-mortal-kinds", "sanma-mortal-ids"])
def test_play_games_with_mjai_specs_gives_the_in_process_summary(
        variant: str, protocol: str, extensions: bool) -> None:
    """``play_games`` (``simulate``) with ``mjai:`` specs: the in-process games' summary.

    Seats 0 and 2 run ``mjai-bot`` programs, seats 1 and 3 (sanma: 1) play in process;
    ``{seed}`` gives each program the seed the in-process bot of its seat gets. The
    loop never asks for ``Ready``: the programs learn each hand's end from the next view.
    """
    rules = _rules(variant, "tonpuu")
    names = [_level(s) for s in range(rules.num_seats)]
    hosted_specs = [_spec(name, protocol, variant=variant, extensions=extensions)
                    if s % 2 == 0 else name
                    for s, name in enumerate(names)]
    reference = play_games(rules, games=1, seed=4, bots=names)
    hosted = play_games(rules, games=1, seed=4, bots=hosted_specs)
    assert hosted["faults"] == 0
    assert hosted["hands"] >= rules.num_seats  # a whole East round
    assert _timeless(hosted) == _timeless(reference)


def test_arena_with_an_mjai_challenger_gives_the_in_process_result() -> None:
    """The arena's duplicate games with the challenger as a program: the same rates."""
    rules = _rules("riichi", "tonpuu")
    reference = arena(rules, "efficiency", "random", games=4, seed=2)
    hosted = arena(rules, _spec("efficiency", extensions=True), "random", games=4, seed=2)
    for side in ("challenger", "opponents"):
        assert {**hosted[side], "bot": ""} == {**reference[side], "bot": ""}, side
    assert hosted["challenger"]["faults"] == 0
    assert hosted["challenger"]["bot"].startswith("mjai:")
    assert [r["hands"] for r in hosted["records"]] == [r["hands"] for r in reference["records"]]


FOREIGN = """
import json, sys
seat = int(sys.argv[1])
for line in sys.stdin:
    events = json.loads(line)
    last = events[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        print(json.dumps({"type": "dahai", "actor": seat, "pai": last["pai"],
                          "tsumogiri": True}), flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
    if last["type"] == "end_game":
        break
"""


def _script(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    return [PYTHON, str(path)]


def test_a_foreign_program_plays_whole_games(tmp_path: Path) -> None:
    rules = _rules("riichi", "tonpuu")
    command = _script(tmp_path, "tsumogiri", FOREIGN)
    bots: list[Any] = [MjaiProcessBot(command, rules=rules, timeout=60,
                                      startup_timeout=120), *_in_process(rules, 4)[1:]]
    state = play(rules, bots, 4)
    assert state.phase is Phase.GAME_OVER
    assert bots[0].faults == []
    assert all(e.tsumogiri for e in state.seats[0].river)  # it only ever threw its draw


def _faulty(kind: str) -> str:
    answers = {
        "garbage": 'print("this is not json", flush=True)',
        "illegal": 'print(json.dumps({"type": "pon", "actor": seat, "target": 1, "pai": "E",'
                   ' "consumed": ["E", "E"]}), flush=True)',
        "sleepy": "time.sleep(60)",
        "exits": "sys.exit(3)",
    }
    return f"""
import json, sys, time
seat = int(sys.argv[1])
for line in sys.stdin:
    events = json.loads(line)
    last = events[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        {answers[kind]}
    else:
        print(json.dumps({{"type": "none"}}), flush=True)
"""


@pytest.mark.parametrize(("kind", "reason"), [
    ("garbage", "bad_json"), ("illegal", "answer_not_legal"), ("sleepy", "bot_timeout"),
    ("exits", "bot_exited"),
])
@pytest.mark.parametrize("policy", ["chombo", "automatic"])
def test_faults_are_logged_and_get_the_policy(tmp_path: Path, kind: str, reason: str,
                                              policy: str) -> None:
    rules = _rules("riichi", "single_hand")
    command = _script(tmp_path, kind, _faulty(kind))  # the seat comes last
    # the sleepy program answers start_game at once and then never: 3 s will do for it
    startup = 3.0 if kind == "sleepy" else 60.0
    program = MjaiProcessBot(command, rules=rules, timeout=1.0, startup_timeout=startup,
                             on_fault=policy)  # type: ignore[arg-type]
    state = play(rules, [program, *_in_process(rules, 5)[1:]], 5)
    assert state.phase is Phase.GAME_OVER
    assert program.faults, kind
    first = program.faults[0]
    assert (first["seat"], first["reason"], first["policy"]) == (0, reason, policy)
    result = state.history[0]
    if policy == "chombo":
        assert first["action"] == {"type": "chombo", "seat": 0, "at": None}
        assert (result.abort_reason, result.deltas) == ("chombo", (-12000, 4000, 4000, 4000))
    else:
        assert first["action"]["type"] == "discard"
        assert result.abort_reason != "chombo"
        assert state.seats[0].river[0].tsumogiri  # the automatic move: the drawn tile


@pytest.mark.parametrize("kind", ["illegal", "exits"])
@pytest.mark.parametrize("policy", ["chombo", "automatic"])
def test_play_game_takes_the_policy_and_counts_the_faults(tmp_path: Path, kind: str,
                                                          policy: str) -> None:
    """The arena's loop: a chombo answer is taken, each fault counted at its seat."""
    rules = _rules("riichi", "tonpuu")
    command = shlex.join(_script(tmp_path, kind, _faulty(kind)))
    spec = f"mjai:--timeout=1 --startup-timeout=60 --on-fault={policy} {command}"
    result = arena(rules, spec, "efficiency", games=4, seed=3)
    records = result["records"]
    faults = [entry["faults"] for record in records for entry in record["seats"]]
    challenger = [entry["faults"] for record in records for entry in record["seats"]
                  if entry["player"] == 0]
    assert sum(faults) == sum(challenger) == result["challenger"]["faults"] >= 4
    logged = [fault for record in records for fault in record["fault_log"]]
    assert len(logged) == sum(faults)
    reason = "answer_not_legal" if kind == "illegal" else "bot_exited"
    assert {(f["reason"], f["policy"]) for f in logged} == {(reason, policy)}
    assert result["opponents"]["faults"] == 0
    assert result["unfinished"] == 0
    chombo = sum(r["abortive"] for r in records)  # the efficiency bots abort nothing here
    if policy == "chombo":
        assert chombo >= 4  # one a game at least (a dead program: each hand, 3 restarts)
    else:
        assert chombo == 0


PID_BOT = FOREIGN.replace("seat = int(sys.argv[1])", """seat = int(sys.argv[-1])
import os, pathlib
pathlib.Path(sys.argv[-2]).joinpath(f"{os.getpid()}.pid").write_text("")""")


class _Breaks:
    """A bot that raises at its tenth decision."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: Observation) -> mr.Action:
        self.calls += 1
        if self.calls == 10:
            raise RuntimeError("a bot that breaks")
        return make_bot("efficiency", seed=1).act(observation)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("breaks", [False, True], ids=["game-ends", "game-fails"])
def test_programs_stop_when_the_game_ends_or_fails(tmp_path: Path, breaks: bool) -> None:
    rules = _rules("riichi", "tonpuu")
    script = _script(tmp_path, "pid_bot", PID_BOT)
    spec = f"mjai:--timeout=60 --startup-timeout=120 {shlex.join(script)} {tmp_path} {{seat}}"
    bots = [make_bot(spec, seed=0), _Breaks() if breaks else make_bot("efficiency", seed=1),
            make_bot(spec, seed=0), make_bot("random", seed=3)]
    if breaks:
        with pytest.raises(RuntimeError, match="breaks"):
            play_game(rules, bots, seed=8)
    else:
        record = play_game(rules, bots, seed=8)
        assert record["unfinished"] == 0
        assert [e["faults"] for e in record["seats"]] == [0, 0, 0, 0]
    pids = [int(p.stem) for p in tmp_path.glob("*.pid")]
    assert len(pids) == 2  # both programs ran, once each
    assert not any(_alive(pid) for pid in pids)


@pytest.mark.parametrize(("spec", "expected"), [
    ("--protocol=mortal python mortal.py", {"command": ["python", "mortal.py"],
                                            "protocol": "mortal"}),
    ("--timeout=2.5 --on-fault=automatic --extensions ./bot {seat} --x",
     {"command": ["./bot", "{seat}", "--x"], "timeout": 2.5, "on_fault": "automatic",
      "extensions": True}),
    ("'python' bot.py", {"command": ["python", "bot.py"], "protocol": "mjai.app"}),
])
def test_specs(spec: str, expected: dict[str, Any]) -> None:
    bot = from_spec(spec)
    for key, value in expected.items():
        assert getattr(bot, key) == value


@pytest.mark.parametrize("spec", [None, "", "--protocol=mortal", "--timeout=soon bot",
                                  "--colour=red bot"])
def test_bad_specs(spec: str | None) -> None:
    with pytest.raises(ValueError, match="mjai"):
        from_spec(spec)


def test_the_seat_is_the_last_argument_or_its_placeholder() -> None:
    assert MjaiProcessBot("python bot.py").command_for(2) == ["python", "bot.py", "2"]
    assert MjaiProcessBot("run --seat={seat} now").command_for(1) == [
        "run", "--seat=1", "now"]
    assert MjaiProcessBot("bot", seat_argument=False).command_for(3) == ["bot"]
    assert MjaiProcessBot("bot --seed {seed}", seed=7).command_for(0) == [
        "bot", "--seed", "7", "0"]



def test_simulate_hosts_mjai_programs(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_rules.cli import main  # noqa: PLC0415

    spec = (f"mjai:--timeout=60 --startup-timeout=120 {shlex.quote(PYTHON)} -m mahjong_rules "
            "mjai-bot --variant sanma tsumogiri")
    code = main(["simulate", "--variant", "sanma", "--length", "single_hand", "--games", "1",
                 "--seed", "2", "--bot", spec, "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["games"], summary["faults"], summary["unfinished"]) == (1, 0, 0)
    assert summary["hands"] == 1


def test_the_arena_command_hosts_an_mjai_challenger(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    from mahjong_rules.cli import main  # noqa: PLC0415

    spec = _spec("efficiency")
    records = tmp_path / "records.jsonl"
    code = main(["arena", "--challenger", spec, "--opponents", "random", "--preset", "tenhou",
                 "--length", "single_hand", "--games", "4", "--seed", "5", "--json",
                 "--records", str(records)])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["challenger"]["bot"] == spec
    assert (result["challenger"]["games"], result["challenger"]["faults"]) == (4, 0)
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert [sum(e["faults"] for e in r["seats"]) for r in lines] == [0, 0, 0, 0]
    reference = arena(_rules("riichi", "single_hand"), "efficiency", "random", games=4, seed=5)
    assert {**result["challenger"], "bot": ""} == {**reference["challenger"], "bot": ""}
