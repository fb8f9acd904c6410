"""Start-up cost: ``import mahjong_rules`` and the first game, in fresh interpreters.

Run from the repository root::

    python benchmarks/bench_import.py            # 20 fresh interpreters a program
    python benchmarks/bench_import.py --quick    # 5 a program (under a minute)

Each program runs in a new Python process (the interpreter of this run, the same
environment, so ``PYTHONPATH`` picks the checkout), pinned to one CPU with one-thread
numpy pools; the child times its own statement with ``time.perf_counter`` (the
interpreter's start is left out, it is the same for every program) and prints it. The
programs run in turn, one of each per round, so that a slow spell of the machine hits them
all; each keeps its best and median.

Bytecode: as in an installed package, the modules' compiled bytecode is cached: the
children write and read it under a temporary ``PYTHONPYCACHEPREFIX`` (so the checkout is
left clean), ``PYTHONDONTWRITEBYTECODE`` unset, after one untimed run of each program.
``first_game_uncached`` is ``first_game`` with no cache at all (every module compiled
from source, as on the very first import of a checkout, or wherever
``PYTHONDONTWRITEBYTECODE`` is set).

The programs:

* ``python``: an empty statement (the floor: what timing a statement costs);
* ``numpy``: ``import numpy`` (numpy is a runtime dependency: the reducer's kernel needs it);
* ``mahjong_rules``: ``import mahjong_rules`` (its names load on first use, PEP 562);
* ``first_game``: ``import mahjong_rules``, ``make("riichi")`` and ``setup(seed=1)``: what
  a program pays before its first action;
* ``first_score``: ``from mahjong_rules.scoring import score`` and one scored hand;
* ``cli_help``: ``python -m mahjong_rules --help``, timed from outside (the whole process,
  interpreter start included; compare it with ``python_process``, an empty process);
* ``cli_shanten``: ``python -m mahjong_rules shanten 123m456p789s1122z``, the same way (a
  small command: the kernel and the notation, not the engine);
* peers, when installed: ``riichienv`` (``import riichienv``) and ``mahjong``
  (``from mahjong.hand_calculating.hand import HandCalculator``).

The last line printed is one JSON object: seconds (best and median) per program.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _common

CHILD = """\
import os, sys, time
if {cpu!r} is not None:
    os.sched_setaffinity(0, {{{cpu!r}}})
start = time.perf_counter()
{code}
print(repr(time.perf_counter() - start))
"""

PROGRAMS: dict[str, str] = {
    "python": "pass",
    "numpy": "import numpy",
    "mahjong_rules": "import mahjong_rules",
    "first_game": "import mahjong_rules as mr\nmr.make('riichi').setup(seed=1)",
    "first_score": ("from mahjong_rules.notation import parse_tiles\n"
                    "from mahjong_rules.scoring import WinContext, WinningHand, score\n"
                    "score(WinningHand(concealed=parse_tiles('123m456p789s11z234m'), "
                    "win=parse_tiles('4m')[0]), WinContext(seat_wind=1, riichi=True))"),
}
PEERS: dict[str, str] = {
    "riichienv": "import riichienv",
    "mahjong": "from mahjong.hand_calculating.hand import HandCalculator",
}
WHOLE: dict[str, list[str]] = {
    "python_process": ["-c", "pass"],
    "cli_help": ["-m", "mahjong_rules", "--help"],
    "cli_shanten": ["-m", "mahjong_rules", "shanten", "123m456p789s1122z"],
}


def _installed(code: str) -> bool:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    return done.returncode == 0


def _environments(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The children's environments: bytecode cached (under ``folder``), and no cache."""
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(folder / "cached")
    uncached = {**cached, "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONPYCACHEPREFIX": str(folder / "empty")}
    return cached, uncached


def _child_seconds(code: str, cpu: int | None, env: dict[str, str]) -> float:
    program = CHILD.format(cpu=cpu, code=code)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True, env=env)
    return float(done.stdout.splitlines()[-1])


def _process_seconds(arguments: list[str], cpu: int | None, env: dict[str, str]) -> float:
    command = [sys.executable, *arguments]
    if cpu is not None:
        command = ["taskset", "-c", str(cpu), *command]
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env=env)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(__doc__, quick_help="5 interpreters a program",
                                 seed_help="unused (no randomness)", repeats_default=None,
                                 repeats_help="interpreters a program (default 20, quick 5)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    repeats = args.repeats or (5 if args.quick else 20)
    cpu = None if args.no_pin or not hasattr(os, "sched_getaffinity") else min(
        os.sched_getaffinity(0))
    whole_cpu = cpu if cpu is not None and shutil.which("taskset") else None
    programs = dict(PROGRAMS)
    missing = {}
    for name, code in PEERS.items():
        if _installed(code):
            programs[name] = code
        else:
            missing[name] = "not installed"
    times: dict[str, list[float]] = {name: [] for name in
                                     [*programs, "first_game_uncached", *WHOLE]}
    with tempfile.TemporaryDirectory() as folder:
        cached, uncached = _environments(Path(folder))
        for code in programs.values():  # untimed: writes the bytecode, warms the file cache
            _child_seconds(code, cpu, cached)
        for arguments in WHOLE.values():
            _process_seconds(arguments, whole_cpu, cached)
        for _ in range(repeats):
            for name, code in programs.items():
                times[name].append(_child_seconds(code, cpu, cached))
            times["first_game_uncached"].append(
                _child_seconds(PROGRAMS["first_game"], cpu, uncached))
            for name, arguments in WHOLE.items():
                times[name].append(_process_seconds(arguments, whole_cpu, cached))
    _common.print_machine({"python": sys.version.split()[0]}, cpu, _common.thread_env())
    summary: dict[str, Any] = {"benchmark": "import", "quick": args.quick, "repeats": repeats,
                               "cpu": cpu, "missing": missing, "seconds": {}}
    for name, values in times.items():
        best, median = min(values), statistics.median(values)
        print(f"{name:>19}: best {best * 1000:7.1f} ms, median {median * 1000:7.1f} ms")
        summary["seconds"][name] = {"best": round(best, 4), "median": round(median, 4)}
    seconds = summary["seconds"]
    summary["ratios"] = {
        "mahjong_rules_vs_numpy": _common.ratio(seconds["mahjong_rules"]["median"],
                                                seconds["numpy"]["median"]),
        "first_game_vs_numpy": _common.ratio(seconds["first_game"]["median"],
                                             seconds["numpy"]["median"]),
    }
    return _common.finish(summary, start)


if __name__ == "__main__":
    raise SystemExit(main())
