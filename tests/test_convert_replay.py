"""``convert`` keeps every fact the replayer needs: each shared log, converted to mjai and to
tenhou.net/6, replays hand by hand exactly as its source (statuses, mismatches, errors).

The 2009-layout mjlogs (``dnovikoff-tenhou``: an ``INIT`` shuffle per hand, which the
replayer reads as "no tenpai-yame yet") are the case that once differed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_rules.errors import NotALogError
from mahjong_rules.notation.logs import format_log, read_log
from mahjong_rules.replay import replay_file

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.is_file()) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not LOG_FILES, reason=f"the shared real logs are not at {LOGS}")


def _rel(path: Path) -> str:
    return path.relative_to(LOGS).as_posix()


@needs_logs
@pytest.mark.parametrize("to", ["mjai", "tenhou6"])
@pytest.mark.parametrize("path", LOG_FILES, ids=_rel)
def test_a_converted_log_replays_as_its_source(path: Path, to: str, tmp_path: Path) -> None:
    try:
        log = read_log(path)
    except NotALogError:
        return  # the README
    source = replay_file(path)
    if to == "tenhou6" and len(log.games) > 1:
        pytest.skip("tenhou.net/6 JSON holds one game")  # mjai logs of several games
    out = tmp_path / ("converted.jsonl" if to == "mjai" else "converted.json")
    out.write_text(format_log(log.games, to), encoding="utf-8")  # type: ignore[arg-type]
    converted = replay_file(out)
    assert converted.error == source.error
    assert [h.to_dict() for h in converted.hands] == [h.to_dict() for h in source.hands]


@needs_logs
def test_the_2009_logs_keep_their_layout_through_both_formats(tmp_path: Path) -> None:
    old = [p for p in LOG_FILES if p.suffix == ".xml" and 'shuffle="' in p.read_text(
        encoding="utf-8", errors="replace")]
    assert old, "no 2009-layout log among the shared logs"
    for path in old:
        for to, suffix in (("mjai", ".jsonl"), ("tenhou6", ".json")):
            out = tmp_path / f"{path.stem}{suffix}"
            out.write_text(format_log(read_log(path).games, to), encoding="utf-8")  # type: ignore[arg-type]
            shuffles = [h.init.shuffle for h in read_log(out).games[0].hands]
            assert shuffles == [h.init.shuffle for h in read_log(path).games[0].hands]
