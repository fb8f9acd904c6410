"""The mjlog reader's fast paths against its general path (issue 16, replay pass 2).

* plain draw and discard tags (``T12``, ``D34``) are looked up in a table of shared
  records instead of being matched by pattern; every mjlog of the shared logs, and logs
  with odd spellings, out-of-range tiles, sanma seats and events outside a hand, read
  the same (records or error) with the table emptied;
* ``_Reader.int_`` takes plain ASCII digits without the pattern; table-driven against
  the pattern's verdict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation.logs import _text
from mahjong_rules.notation.mjai.pai import pai_spec, pai_spec_readable
from mahjong_rules.notation.tenhou import mjlog
from mahjong_rules.notation.tenhou.mjlog import parse_mjlog

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
MJLOGS = sorted(p for p in LOGS.rglob("*") if p.suffix in (".mjlog", ".xml"))


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    def read() -> object:
        try:
            return parse_mjlog(text, name="x")
        except LogFormatError as exc:
            return ("error", str(exc), exc.reason if hasattr(exc, "reason") else None)

    fast = read()
    with monkeypatch.context() as m:
        m.setattr(mjlog, "_PLAIN_TAGS", {})
        general = read()
    return fast, general


def test_the_shared_mjlogs_are_there() -> None:
    assert len(MJLOGS) >= 100


@pytest.mark.parametrize("path", MJLOGS, ids=lambda p: p.name)
def test_every_shared_mjlog_reads_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, general = _both(_text(path.read_bytes(), path.name), monkeypatch)
    assert not isinstance(fast, tuple)
    assert fast == general


_GAME = (
    '<mjloggm ver="2.3"><GO type="{type}" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="1,1,1,1" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/>{before}<INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>{events}'
    '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" owari="250,0,250,0,250,0,250,0"/>'
    '{after}</mjloggm>'
)


@pytest.mark.parametrize(
    ("type_", "before", "events", "after"),
    [
        ("9", "", "<T52/><D52/><U53/><E53/>", ""),
        ("9", "", "<T052/><D0/>", ""),  # a leading zero: the general path
        ("9", "", "<T136/>", ""),  # out of range
        ("9", "", "<X5/>", ""),  # unknown tag
        ("9", "<T52/>", "", ""),  # before the first INIT
        ("9", "", "", "<D5/>"),  # after the hand's result
        ("25", "", "<T52/><W53/>", ""),  # sanma: no fourth seat
        ("25", "", "<V52/><G53/>", ""),  # sanma: the third seat
        ("9", "", "<W135/><G135/><T0/><D0/>", ""),  # the table's ends
    ],
    ids=["plain", "leading-zero", "tile-136", "unknown", "before-init", "after-result",
         "sanma-fourth-seat", "sanma-third-seat", "ends"],
)
def test_odd_tags_read_the_same(type_: str, before: str, events: str, after: str,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    text = _GAME.format(type=type_, before=before, events=events, after=after)
    fast, general = _both(text, monkeypatch)
    assert fast == general


@pytest.mark.parametrize(
    "text",
    ["0", "7", "12", "135", "-3", " 4", "4 ", "", "a", "1 2", "1.5", "+1", "\u0663", "\u00b2",
     "12a", "0x1"],
    ids=["0", "7", "12", "135", "minus", "lead-space", "trail-space", "empty", "letter",
         "inner-space", "decimal", "plus", "arabic-indic", "superscript", "suffix", "hex"],
)
def test_int_matches_the_pattern(text: str) -> None:
    reader = mjlog._Reader(name="x")  # noqa: SLF001 - the fast path under test

    def general() -> object:
        if not mjlog._INT.fullmatch(text.strip()):  # noqa: SLF001
            return "error"
        return int(text)

    try:
        got: object = reader.int_(text, "value")
    except LogFormatError:
        got = "error"
    assert got == general()


_PAI_ALPHABET = "0123456789mpsrzESWNPFC? \u0665"


def _short_strings() -> list[str]:
    out = [""]
    for length in (1, 2, 3):
        level = [""]
        for _ in range(length):
            level = [s + c for s in level for c in _PAI_ALPHABET]
        out.extend(level)
    return out


def test_pai_spec_table_matches_the_readable_reading() -> None:
    strings = _short_strings()
    valid = [s for s in strings if pai_spec_readable(s) is not None]
    assert len(valid) == 7 + 27 + 3  # honours, the suits' tiles, the red fives
    for text in [*strings, "1mm", "5mr ", "EE", None, 5, b"1m"]:
        assert pai_spec(text) == pai_spec_readable(text), text
