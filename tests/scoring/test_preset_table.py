"""docs/presets.md against the presets: every documented cell is the value set.

The page's table is rule point (an option field) by preset; each cell starts with the
value as ``to_dict`` writes it, in backticks, then its source key (or "—": our default).
The count table below it is recounted from the cells.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules.options import RiichiOptions, SanmaOptions

PAGE = Path(__file__).resolve().parents[2] / "docs" / "presets.md"
COLUMNS: dict[str, RiichiOptions] = {
    "tenhou": RiichiOptions.tenhou(), "tenhou 3p": SanmaOptions.tenhou(),
    "mahjong_soul": RiichiOptions.mahjong_soul(),
    "mahjong_soul 3p": SanmaOptions.mahjong_soul(), "m_league": RiichiOptions.m_league(),
    "wrc": RiichiOptions.wrc(), "ema": RiichiOptions.ema(), "jpml_a": RiichiOptions.jpml_a(),
    "rmu": RiichiOptions.rmu(), "saikouisen": RiichiOptions.saikouisen(),
    "majiang": RiichiOptions.majiang(),
}
SOURCE_KEYS = {"TH", "LOG", "MS4", "MS3", "MSW", "KT", "RH", "ML", "MLp", "WRC", "WRC14", "WRC15",
               "EMA", "EMAold", "RCR12", "JPML", "NOTE", "JPML12", "RMU", "SKO09", "MJ"}


def _rows(header: str) -> list[list[str]]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _table() -> tuple[list[str], list[list[str]]]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("| rule point |"))
    columns = [cell.strip() for cell in header.strip("|").split("|")][1:]
    return columns, _rows("| rule point |")


COLUMN_NAMES, ROWS = _table()
CELLS = [(column, row[0].strip("`"), cell) for row in ROWS
         for column, cell in zip(COLUMN_NAMES, row[1:], strict=True) if cell != "n/a"]


def test_the_page_has_every_preset_and_a_full_table() -> None:
    assert list(COLUMNS) == COLUMN_NAMES
    assert len(ROWS) >= 35
    assert all(len(row) == len(COLUMN_NAMES) + 1 for row in ROWS)


@pytest.mark.parametrize(("column", "field", "cell"), CELLS,
                         ids=[f"{c}-{f}" for c, f, _ in CELLS])
def test_a_documented_cell_is_the_value_the_preset_sets(column: str, field: str,
                                                        cell: str) -> None:
    found = re.match(r"`([^`]*)`\s*(.*)$", cell)
    assert found is not None, cell
    value: Any = json.loads(found.group(1))
    assert COLUMNS[column].to_dict()[field] == value
    source = found.group(2)
    keys = set(re.findall(r"[A-Za-z][A-Za-z0-9]+", source.split("(")[0]))
    assert source.startswith(("—", "=4p")) or keys & SOURCE_KEYS, cell


def test_the_counts_are_the_tables() -> None:
    expected = {}
    for column in COLUMN_NAMES:
        cells = [cell for c, _, cell in CELLS if c == column]
        default = sum(" — " in cell or cell.endswith("—") or " — ⚠" in cell
                      for cell in cells)
        inherited = sum("=4p" in cell for cell in cells)
        expected[column] = [str(len(cells) - default - inherited), str(inherited),
                            str(default)]
    counted = {row[0]: row[1:] for row in _rows("| preset |")}
    assert counted == expected
