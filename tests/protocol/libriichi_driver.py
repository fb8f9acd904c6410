"""Hanchan on libriichi's arena (the ``mjai`` package) with a bot program in every seat.

Run by the ``mjai`` package's own Python (``tests/mjai/test_libriichi.py`` makes that
virtual environment; the package is AGPL and never a dependency of this library). It
imports nothing of this library: each seat is an engine of libriichi's ``mjai-log``
kind that masks what the seat may not see (other seats' dealt tiles and draws) and
forwards every batch of events to its own bot program over the mjai.app transport (a
JSON array of events a line, one answer a line), as mjai.app's server does.

Usage: ``python libriichi_driver.py --games N --seed A --key B --log-dir DIR --timeout S
-- COMMAND...`` (the command gets the seat as its last argument). The last line of
standard output is a JSON summary: per game its seed, rankings, final scores, log file,
answers that timed out and the errors libriichi reported.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any


class ForwardingEngine:
    """One seat of libriichi's arena answered by a bot program."""

    engine_type = "mjai-log"

    def __init__(self, seat: int, command: list[str], timeout: float) -> None:
        self.seat = seat
        self.name = f"bot{seat}"
        self.timeout = timeout
        self.player_ids: list[int] = []
        self.sent = 0
        self.timeouts = 0
        self.process = subprocess.Popen(  # noqa: S603 - the test's own bot program
            [*command, str(seat)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def set_player_ids(self, player_ids: list[int]) -> None:
        self.player_ids = list(player_ids)

    def ask(self, events: list[dict[str, Any]]) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        self.process.stdin.flush()
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            self.timeouts += 1
            return '{"type":"none"}'
        return '{"type":"none"}' if line is None else line.strip()

    def mask(self, event: dict[str, Any]) -> dict[str, Any]:
        if event["type"] == "tsumo" and event["actor"] != self.seat:
            return {**event, "pai": "?"}
        if event["type"] == "start_kyoku":
            tehais = [t if i == self.seat else ["?"] * 13 for i, t in enumerate(event["tehais"])]
            return {**event, "tehais": tehais}
        return event

    def react_batch(self, game_states: list[Any]) -> list[str]:
        out = []
        for game_state in game_states:
            events = json.loads(game_state.events_json)
            if self.sent > len(events):
                self.sent = 0
            new = [self.mask(e) for e in events[self.sent:]]
            self.sent = len(events)
            out.append(self.ask(new))
        return out

    def start_game(self, game_index: int) -> None:
        del game_index
        self.ask([{"type": "start_game", "names": ["bot0", "bot1", "bot2", "bot3"],
                   "id": self.seat}])

    def end_kyoku(self, game_index: int) -> None:
        del game_index
        self.ask([{"type": "end_kyoku"}])
        self.sent = 0

    def end_game(self, game_index: int, scores: list[int]) -> None:
        del game_index, scores
        self.ask([{"type": "end_game"}])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main() -> int:
    from mjai.mlibriichi.arena import Match  # noqa: PLC0415 - only in the mjai environment

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--key", type=int, default=2000)
    parser.add_argument("--log-dir", required=True)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    games = []
    for game in range(args.games):
        log_dir = Path(args.log_dir) / f"game{game}"
        engines = [ForwardingEngine(seat, command, args.timeout) for seat in range(4)]
        printed = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(printed):
                rankings = Match(log_dir=str(log_dir)).py_match(
                    *engines, seed_start=(args.seed + game, args.key))
        except Exception as exc:  # noqa: BLE001 - reported in the summary
            rankings, error = None, f"{type(exc).__name__}: {exc}"
        for engine in engines:
            engine.close()
        logs = sorted(str(p) for p in log_dir.glob("*.json.gz"))
        games.append({"seed": [args.seed + game, args.key], "rankings": rankings,
                      "logs": logs, "timeouts": sum(e.timeouts for e in engines),
                      "printed": printed.getvalue(), "error": error})
    print(json.dumps({"games": games}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
