"""The command line loads only the command it runs (``mahjong_rules.cli.COMMANDS``).

``main`` builds the parser with the named command complete and the others as a name and
a help line. These tests check that the short parser says exactly what the complete one
says (the top-level help, each command's own help) and, in fresh interpreters, that
``--help`` and ``shanten`` do not load the bots, the rulesets or the log readers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_rules.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
NAMES = [entry.name for entry in COMMANDS]


def _help(argv: list[str], command: str | None, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        build_parser(command).parse_args(argv)
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_the_short_top_level_help_is_the_complete_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's help line in ``COMMANDS`` is the one its module registers."""
    short = _help(["--help"], "", capsys)
    assert short == _help(["--help"], None, capsys)
    for name in NAMES:
        assert name in short


@pytest.mark.parametrize("name", NAMES)
def test_a_command_parsed_alone_has_its_complete_arguments(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    alone = _help([name, "--help"], name, capsys)
    assert alone == _help([name, "--help"], None, capsys)
    assert "options:" in alone
    assert alone.count("\n") > 3  # more than a stub's usage line


def test_main_runs_a_command_from_its_short_parser(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shanten", "--json", "123m456p789s1122z"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == 0


@pytest.mark.parametrize("argv", [["nosuch"], [], ["--variant", "sanma"]],
                         ids=["unknown-command", "no-command", "option-before-command"])
def test_a_missing_or_unknown_command_is_a_usage_error(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert "usage: python -m mahjong_rules" in capsys.readouterr().err


def _loaded_after(argv: list[str]) -> list[str]:
    """The ``mahjong_rules`` modules (and numpy) a fresh interpreter has after ``main``."""
    code = ("import contextlib, io, json, sys\nfrom mahjong_rules.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            f"    main({argv!r})\n"
            "print(json.dumps(sorted(m for m in sys.modules"
            " if m.startswith(('mahjong_rules', 'numpy')))))")
    done = subprocess.run([sys.executable, "-c", code],  # noqa: S603 - our own interpreter
                          capture_output=True, text=True, check=True, cwd=ROOT)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


HEAVY = ("mahjong_rules.bots", "mahjong_rules.rulesets", "mahjong_rules.engine",
         "mahjong_rules.notation.logs", "mahjong_rules.replay", "mahjong_rules.runs",
         "mahjong_rules.draw", "mahjong_rules.mjai")


@pytest.mark.parametrize(("argv", "expected", "absent"), [
    (["--help"], "mahjong_rules.cli", (*HEAVY, "numpy", "mahjong_rules.cli.shanten")),
    (["shanten", "123m456p789s1122z"], "mahjong_rules.cli.shanten", HEAVY),
    (["presets", "--help"], "mahjong_rules.cli.presets", (*HEAVY, "numpy")),
], ids=["top-level-help", "shanten", "presets-help"])
def test_a_command_loads_only_what_it_needs(argv: list[str], expected: str,
                                            absent: tuple[str, ...]) -> None:
    loaded = _loaded_after(argv)
    assert expected in loaded
    for module in absent:
        assert module not in loaded, module
