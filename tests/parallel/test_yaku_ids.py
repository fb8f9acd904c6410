"""The yaku numbering table, and the example that tabulates every win of a folder of logs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from mahjong_rules.errors import LogFormatError, NotALogError
from mahjong_rules.notation._kinds import YAKU_NAMES as TENHOU_JAPANESE
from mahjong_rules.notation._kinds import yaku_id
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouAgari
from mahjong_rules.replay import TENHOU_YAKU
from mahjong_rules.scoring import YAKU
from mahjong_rules.yaku_ids import YAKU_NAMES, mahjong_soul_yaku, tenhou_yaku, yaku_name

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT.parent / "shared" / "data" / "logs"


def test_every_scored_yaku_has_a_row() -> None:
    assert set(YAKU) <= {row.key for row in YAKU_NAMES}
    assert all(yaku_name(key).english == YAKU[key].name for key in YAKU)


def test_every_tenhou_id_has_one_row_that_agrees_with_the_replayer() -> None:
    ids = [ident for row in YAKU_NAMES for ident in row.tenhou]
    assert sorted(ids) == list(range(55))
    for ident, key in TENHOU_YAKU.items():
        assert tenhou_yaku(ident).key == key


@pytest.mark.parametrize("ident", range(55), ids=[f"tenhou-{i}" for i in range(55)])
def test_the_japanese_name_reads_back_to_the_id(ident: int) -> None:
    row = tenhou_yaku(ident)
    if row.key in ("seat_wind", "round_wind"):
        assert TENHOU_JAPANESE[ident].startswith(row.japanese)
    else:
        assert row.japanese == TENHOU_JAPANESE[ident]
        assert yaku_id(row.japanese, round_wind=0, seat_wind=0) == ident


def test_mahjong_soul_ids_are_unique_and_known() -> None:
    ids = [row.mahjong_soul for row in YAKU_NAMES if row.mahjong_soul is not None]
    assert len(ids) == len(set(ids))
    assert set(ids) == {*range(1, 46), *range(47, 51), 59}
    assert mahjong_soul_yaku(1).key == "menzen_tsumo"
    assert mahjong_soul_yaku(42).key == "kokushi"
    with pytest.raises(KeyError):
        mahjong_soul_yaku(46)  # paarenchan: not scored here


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("win_table", ROOT / "docs" / "examples" /
                                                  "win_table.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["win_table"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared real logs are not at {LOGS}")
def test_the_win_table_example_has_every_win_of_the_shared_logs(
        capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    rows = example.win_rows([LOGS])
    wins = points = 0
    for path in log_paths([LOGS]):
        try:
            log = read_log(path)
        except (NotALogError, LogFormatError):
            continue
        for game in log.games:
            for hand in game.hands:
                for result in hand.results:
                    if isinstance(result, TenhouAgari):
                        wins += 1
                        points += result.points
    assert len(rows) == wins > 500
    assert sum(row["points"] for row in rows) == points
    assert all(set(row["yaku"]) <= {r.key for r in YAKU_NAMES if not r.dora} for row in rows)
    table = {key: count for key, count, _ in example.by_yaku(rows)}
    assert table["riichi"] == sum("riichi" in row["yaku"] for row in rows) > 100
    assert example.main([str(LOGS), "--by-yaku"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["yaku", "wins", "mean", "points"]
    assert out[-1] == f"{wins} wins"
