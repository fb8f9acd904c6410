
"""mpsz notation: parse and format tiles, kinds, counts and physical ids."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pytest
from helpers.strategies import RED_FIVE_KINDS, count_vectors, kind_lists, tile_lists
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.errors import MahjongRulesError, NotationError, Reason
from mahjong_rules.notation import (
    format_counts,
    format_ids,
    format_kinds,
    parse_counts,
    parse_ids,
    parse_kinds,
    parse_tiles,
)
from mahjong_rules.notation.mpsz import format_tiles
from mahjong_rules.tiles import Tile, TileKind, is_red, kind_of

if TYPE_CHECKING:
    from numpy.typing import NDArray


def _tile(name: str) -> Tile:
    """One tile from its mpsz name, e.g. ``5m`` or ``0p``, without the parser."""
    digit, suit = int(name[0]), name[1]
    base = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}[suit]
    if digit == 0:
        return Tile(TileKind(base + 4), red=True)
    return Tile(TileKind(base + digit - 1))


def _counts(size: int, entries: dict[int, int]) -> NDArray[np.uint8]:
    counts = np.zeros(size, dtype=np.uint8)
    for kind, count in entries.items():
        counts[kind] = count
    return counts


def _sort_key(tile: Tile) -> tuple[int, bool]:
    return (tile.kind, not tile.red)


# --------------------------------------------------------------------------- round trips

# Cases: text as written and canonical text written back.
ROUND_TRIP_CASES: list[tuple[str, str]] = [
    ("", ""),
    ("123m456p789s1234567z", "123m456p789s1234567z"),
    ("0m", "0m"),
    ("0p", "0p"),
    ("0s", "0s"),
    ("055p", "055p"),
    ("550p", "055p"),
    ("0m0p0s", "0m0p0s"),
    ("1f8f", "18f"),
    ("12345678f", "12345678f"),
    ("8f1f", "18f"),
    ("123m 456p", "123m456p"),
    ("  1m  2m  ", "12m"),
    ("\t1m\n2p ", "1m2p"),
    ("1 2 3m", "123m"),
    ("7z0m123p5m", "05m123p7z"),
    ("406m 77z", "406m77z"),
    ("19m19p19s1234567z1m", "119m19p19s1234567z"),
    ("1111m9999s", "1111m9999s"),
    ("5550s", "0555s"),
    ("1m1f1z", "1m1z1f"),
]
ROUND_TRIP_IDS = [f"{text!r}" for text, _ in ROUND_TRIP_CASES]


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIP_CASES, ids=ROUND_TRIP_IDS)
def test_parse_then_format_tiles(text: str, canonical: str) -> None:
    assert format_tiles(parse_tiles(text)) == canonical


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIP_CASES, ids=ROUND_TRIP_IDS)
def test_canonical_text_is_a_fixed_point(text: str, canonical: str) -> None:
    tiles = parse_tiles(canonical)
    assert format_tiles(tiles) == canonical
    assert list(tiles) == sorted(parse_tiles(text), key=_sort_key)


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIP_CASES, ids=ROUND_TRIP_IDS)
def test_round_trip_through_ids(text: str, canonical: str) -> None:
    assert format_ids(parse_ids(text)) == canonical


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIP_CASES, ids=ROUND_TRIP_IDS)
def test_round_trip_through_counts_loses_only_red(text: str, canonical: str) -> None:
    assert format_counts(parse_counts(text, flowers=True)) == format_kinds(parse_kinds(text))
    assert format_kinds(parse_kinds(text)) == canonical.replace("0", "5")


# Cases: text and tiles in written order.
PARSE_TILES_CASES: list[tuple[str, list[str]]] = [
    ("", []),
    ("406m 77z", ["4m", "0m", "6m", "7z", "7z"]),
    ("7z0m123p5m", ["7z", "0m", "1p", "2p", "3p", "5m"]),
    ("0s5s", ["0s", "5s"]),
    ("3f1z", ["3f", "1z"]),
]


@pytest.mark.parametrize(
    ("text", "names"), PARSE_TILES_CASES, ids=[repr(t) for t, _ in PARSE_TILES_CASES]
)
def test_parse_tiles_keeps_written_order(text: str, names: list[str]) -> None:
    tiles = parse_tiles(text)
    assert tiles == tuple(_tile(name) for name in names)
    assert [str(tile) for tile in tiles] == names


# --------------------------------------------------------------------------- parse_kinds

PARSE_KINDS_CASES: list[tuple[str, tuple[int, ...]]] = [
    ("", ()),
    ("0m5p1z", (4, 13, 27)),
    ("123m", (0, 1, 2)),
    ("9m1p9p1s9s", (8, 9, 17, 18, 26)),
    ("0m0p0s", (4, 13, 22)),
    ("1234z", (27, 28, 29, 30)),
    ("567z", (31, 32, 33)),
    ("7z1m", (33, 0)),
    ("1f8f", (34, 41)),
    ("1m 1f", (0, 34)),
]


@pytest.mark.parametrize(
    ("text", "kinds"), PARSE_KINDS_CASES, ids=[repr(t) for t, _ in PARSE_KINDS_CASES]
)
def test_parse_kinds(text: str, kinds: tuple[int, ...]) -> None:
    assert parse_kinds(text) == kinds


# --------------------------------------------------------------------------- parse_counts

# Cases: text, flowers and nonzero counts by kind.
PARSE_COUNTS_CASES: list[tuple[str, bool, dict[int, int]]] = [
    ("", False, {}),
    ("", True, {}),
    ("112m7z", False, {0: 2, 1: 1, 33: 1}),
    ("0m5m", False, {4: 2}),
    ("0m0p0s", False, {4: 1, 13: 1, 22: 1}),
    ("1111m9999s", False, {0: 4, 26: 4}),
    ("123m456p789s1234567z", False, dict.fromkeys((0, 1, 2, 12, 13, 14, 24, 25, 26), 1)
     | dict.fromkeys(range(27, 34), 1)),
    ("1z", True, {27: 1}),
    ("1f8f1m", True, {34: 1, 41: 1, 0: 1}),
    ("12345678f", True, dict.fromkeys(range(34, 42), 1)),
    ("0555p1f", True, {13: 4, 34: 1}),
]


@pytest.mark.parametrize(
    ("text", "flowers", "entries"),
    PARSE_COUNTS_CASES,
    ids=[f"{t!r}-{'42' if f else '34'}" for t, f, _ in PARSE_COUNTS_CASES],
)
def test_parse_counts(text: str, flowers: bool, entries: dict[int, int]) -> None:
    counts = parse_counts(text, flowers=flowers)
    size = 42 if flowers else 34
    assert counts.shape == (size,)
    assert counts.dtype == np.uint8
    np.testing.assert_array_equal(counts, _counts(size, entries))


def test_parse_counts_defaults_to_34_kinds() -> None:
    assert parse_counts("1m").shape == (34,)


# --------------------------------------------------------------------------- parse_ids

# Cases: text, red_fives and ids.
PARSE_IDS_CASES: list[tuple[str, bool, tuple[int, ...]]] = [
    ("", True, ()),
    ("1m", True, (0,)),
    ("1111m", True, (0, 1, 2, 3)),
    ("7z", True, (132,)),
    ("77z", True, (132, 133)),
    ("1m1z", True, (0, 108)),
    ("0m", True, (16,)),
    ("0p", True, (52,)),
    ("0s", True, (88,)),
    ("0m0p0s", True, (16, 52, 88)),
    ("5m", True, (17,)),
    ("5p", True, (53,)),
    ("5s", True, (89,)),
    ("550m", True, (17, 18, 16)),
    ("0555m", True, (16, 17, 18, 19)),
    ("555s0s", True, (89, 90, 91, 88)),
    ("5m", False, (16,)),
    ("5p", False, (52,)),
    ("5s", False, (88,)),
    ("5555m", False, (16, 17, 18, 19)),
    ("1f", True, (136,)),
    ("8f", True, (143,)),
    ("1f8f", True, (136, 143)),
    ("8f1f", False, (143, 136)),
    ("12345678f", True, tuple(range(136, 144))),
]


@pytest.mark.parametrize(
    ("text", "red_fives", "ids"),
    PARSE_IDS_CASES,
    ids=[f"{t!r}-{'red' if r else 'nored'}" for t, r, _ in PARSE_IDS_CASES],
)
def test_parse_ids(text: str, red_fives: bool, ids: tuple[int, ...]) -> None:
    assert parse_ids(text, red_fives=red_fives) == ids


def test_parse_ids_defaults_to_red_fives() -> None:
    assert parse_ids("0m5m") == (16, 17)


# --------------------------------------------------------------------------- formatting

# Cases: ids, red_fives, sort and text.
FORMAT_IDS_CASES: list[tuple[list[int], bool, bool, str]] = [
    ([], True, True, ""),
    ([16, 17, 136], True, True, "05m1f"),
    ([17, 16], True, True, "05m"),
    ([17, 16], True, False, "50m"),
    ([16], False, True, "5m"),
    ([16, 52, 88], False, True, "5m5p5s"),
    ([52, 88], True, True, "0p0s"),
    ([0, 135], True, True, "1m7z"),
    ([135, 0], True, False, "7z1m"),
    ([143, 136], True, True, "18f"),
    ([136, 143], True, False, "18f"),
    ([143, 136], True, False, "81f"),
    ([108, 0, 1], True, False, "1z11m"),
    (list(range(136, 144)), True, True, "12345678f"),
]


@pytest.mark.parametrize(
    ("ids", "red_fives", "sort", "text"),
    FORMAT_IDS_CASES,
    ids=[
        f"{ids}-{'red' if red else 'nored'}-{'sorted' if srt else 'unsorted'}"
        for ids, red, srt, _ in FORMAT_IDS_CASES
    ],
)
def test_format_ids(ids: list[int], red_fives: bool, sort: bool, text: str) -> None:
    assert format_ids(ids, red_fives=red_fives, sort=sort) == text


# Cases: size, nonzero counts and text.
FORMAT_COUNTS_CASES: list[tuple[int, dict[int, int], str]] = [
    (34, {}, ""),
    (42, {}, ""),
    (34, {0: 2, 1: 1, 33: 1}, "112m7z"),
    (34, {4: 4, 13: 4, 22: 4}, "5555m5555p5555s"),
    (34, {8: 1, 9: 1, 26: 1, 27: 1}, "9m1p9s1z"),
    (34, dict.fromkeys(range(27, 34), 1), "1234567z"),
    (42, {0: 1, 34: 1, 41: 1}, "1m18f"),
    (42, dict.fromkeys(range(34, 42), 1), "12345678f"),
]


@pytest.mark.parametrize(
    ("size", "entries", "text"),
    FORMAT_COUNTS_CASES,
    ids=[f"{size}-{text!r}" for size, _, text in FORMAT_COUNTS_CASES],
)
def test_format_counts(size: int, entries: dict[int, int], text: str) -> None:
    counts = _counts(size, entries)
    assert format_counts(counts) == text
    assert format_counts(counts.tolist()) == text
    assert format_counts(counts.astype(np.int64)) == text


# Cases: kinds, sort and text.
FORMAT_KINDS_CASES: list[tuple[list[int], bool, str]] = [
    ([], True, ""),
    ([27, 0, 1, 2], True, "123m1z"),
    ([27, 0, 1, 2], False, "1z123m"),
    ([4, 13, 4], True, "55m5p"),
    ([4, 13, 4], False, "5m5p5m"),
    ([33, 33, 33], True, "777z"),
    ([8, 9, 17, 18, 26], True, "9m19p19s"),
    ([41, 34], True, "18f"),
    ([41, 34], False, "81f"),
]


@pytest.mark.parametrize(
    ("kinds", "sort", "text"),
    FORMAT_KINDS_CASES,
    ids=[f"{k}-{'sorted' if s else 'unsorted'}" for k, s, _ in FORMAT_KINDS_CASES],
)
def test_format_kinds(kinds: list[int], sort: bool, text: str) -> None:
    assert format_kinds(kinds, sort=sort) == text


def test_format_kinds_accepts_any_iterable() -> None:
    assert format_kinds(iter([2, 1, 0])) == "123m"
    assert format_kinds(np.array([2, 1, 0]).tolist()) == "123m"


# Cases: tile names, sort and text.
FORMAT_TILES_CASES: list[tuple[list[str], bool, str]] = [
    ([], True, ""),
    (["5m", "0m"], True, "05m"),
    (["5m", "0m"], False, "50m"),
    (["0s"], True, "0s"),
    (["5p", "0p", "5p"], True, "055p"),
    (["7z", "0m", "1p", "2p", "3p", "5m"], True, "05m123p7z"),
    (["7z", "0m", "1p", "2p", "3p", "5m"], False, "7z0m123p5m"),
    (["1m", "2m", "1p", "3m"], False, "12m1p3m"),
    (["8f", "1z", "1f"], True, "1z18f"),
]


@pytest.mark.parametrize(
    ("names", "sort", "text"),
    FORMAT_TILES_CASES,
    ids=[f"{'-'.join(n) or 'empty'}-{'sorted' if s else 'unsorted'}"
         for n, s, _ in FORMAT_TILES_CASES],
)
def test_format_tiles(names: list[str], sort: bool, text: str) -> None:
    assert format_tiles([_tile(name) for name in names], sort=sort) == text


# --------------------------------------------------------------------------- errors


def test_notation_error_hierarchy() -> None:
    assert issubclass(NotationError, ValueError)
    assert issubclass(NotationError, MahjongRulesError)
    with pytest.raises(NotationError) as exc:
        parse_kinds("123x")
    error: Exception = exc.value
    assert isinstance(error, ValueError)
    assert isinstance(error, MahjongRulesError)
    assert error.reason is Reason.UNKNOWN_CHARACTER


def test_notation_error_carries_the_text() -> None:
    with pytest.raises(NotationError) as exc:
        parse_tiles("11111m")
    assert exc.value.text == "11111m"


# Cases: text, reason and position.
PARSE_ERROR_CASES: list[tuple[str, Reason, int]] = [
    # unknown characters
    ("123x", Reason.UNKNOWN_CHARACTER, 3),
    ("x", Reason.UNKNOWN_CHARACTER, 0),
    ("1m2M", Reason.UNKNOWN_CHARACTER, 3),
    ("12-3m", Reason.UNKNOWN_CHARACTER, 2),
    ("1m,2p", Reason.UNKNOWN_CHARACTER, 2),
    ("\uff11m", Reason.UNKNOWN_CHARACTER, 0),  # fullwidth digit one
    ("1\u0662m", Reason.UNKNOWN_CHARACTER, 1),  # arabic-indic digit two
    ("\u00b2m", Reason.UNKNOWN_CHARACTER, 0),  # superscript two
    ("12\u0e53m", Reason.UNKNOWN_CHARACTER, 2),  # thai digit three
    # too many copies
    ("11111m", Reason.TOO_MANY_COPIES, 4),
    ("1111m1m", Reason.TOO_MANY_COPIES, 5),
    ("7777z 7z", Reason.TOO_MANY_COPIES, 6),
    ("5550m5m", Reason.TOO_MANY_COPIES, 5),
    ("00m", Reason.TOO_MANY_COPIES, 1),
    ("0m0m", Reason.TOO_MANY_COPIES, 2),
    ("0p 50p", Reason.TOO_MANY_COPIES, 4),
    ("11f", Reason.TOO_MANY_COPIES, 1),
    ("8f 8f", Reason.TOO_MANY_COPIES, 3),
    # not a tile of its suit
    ("8z", Reason.BAD_TILE, 0),
    ("0z", Reason.BAD_TILE, 0),
    ("9z", Reason.BAD_TILE, 0),
    ("9f", Reason.BAD_TILE, 0),
    ("0f", Reason.BAD_TILE, 0),
    ("123z8z", Reason.BAD_TILE, 4),
    ("1m 1280f", Reason.BAD_TILE, 6),
    # empty groups
    ("m123", Reason.EMPTY_GROUP, 0),
    ("123", Reason.EMPTY_GROUP, 0),
    ("1m23", Reason.EMPTY_GROUP, 2),
    ("1m 4", Reason.EMPTY_GROUP, 3),
    ("12mm", Reason.EMPTY_GROUP, 3),
    ("1m p", Reason.EMPTY_GROUP, 3),
    ("z", Reason.EMPTY_GROUP, 0),
]

Parser = Callable[[str], object]
PARSERS: list[Parser] = [
    parse_tiles,
    parse_kinds,
    lambda text: parse_counts(text, flowers=True),
    parse_ids,
    lambda text: parse_ids(text, red_fives=False),
]
PARSER_IDS = ["tiles", "kinds", "counts42", "ids", "ids-nored"]


@pytest.mark.parametrize("parse", PARSERS, ids=PARSER_IDS)
@pytest.mark.parametrize(
    ("text", "reason", "position"),
    PARSE_ERROR_CASES,
    ids=[f"{t!r}-{r.value}" for t, r, _ in PARSE_ERROR_CASES],
)
def test_parse_errors(parse: Parser, text: str, reason: Reason, position: int) -> None:
    with pytest.raises(NotationError) as exc:
        parse(text)
    assert exc.value.reason is reason
    assert exc.value.position == position
    assert exc.value.text == text


# Cases: text and the position of the first flower's digit.
FLOWER_IN_34_CASES: list[tuple[str, int]] = [
    ("1f", 0),
    ("8f", 0),
    ("1m2f", 2),
    ("1m 12f", 3),
]


@pytest.mark.parametrize(
    ("text", "position"), FLOWER_IN_34_CASES, ids=[repr(t) for t, _ in FLOWER_IN_34_CASES]
)
def test_parse_counts_refuses_flowers_in_34_kinds(text: str, position: int) -> None:
    with pytest.raises(NotationError) as exc:
        parse_counts(text)
    assert exc.value.reason is Reason.BAD_TILE
    # Points at the flower's digit, like every other BAD_TILE error.
    assert exc.value.position == position
    # The same text is fine with flowers.
    parse_counts(text, flowers=True)


# Cases: text, red_fives, reason and position.
PARSE_IDS_ERROR_CASES: list[tuple[str, bool, Reason, int]] = [
    ("0m", False, Reason.BAD_TILE, 0),
    ("0p", False, Reason.BAD_TILE, 0),
    ("0s", False, Reason.BAD_TILE, 0),
    ("5m 0p", False, Reason.BAD_TILE, 3),
    ("123m 0s", False, Reason.BAD_TILE, 5),
    # with red fives only three plain fives exist: a plain five never takes the red id
    ("5555m", True, Reason.TOO_MANY_COPIES, 3),
    ("5555p", True, Reason.TOO_MANY_COPIES, 3),
    ("1m 5 5 5 5s", True, Reason.TOO_MANY_COPIES, 9),
]


@pytest.mark.parametrize(
    ("text", "red_fives", "reason", "position"),
    PARSE_IDS_ERROR_CASES,
    ids=[f"{t!r}-{'red' if rf else 'nored'}" for t, rf, _, _ in PARSE_IDS_ERROR_CASES],
)
def test_parse_ids_errors(text: str, red_fives: bool, reason: Reason, position: int) -> None:
    with pytest.raises(NotationError) as exc:
        parse_ids(text, red_fives=red_fives)
    assert exc.value.reason is reason
    assert exc.value.position == position


# Cases: description and counts.
FORMAT_COUNTS_ERROR_CASES: list[tuple[str, NDArray[np.int64]]] = [
    ("empty", np.zeros(0, dtype=np.int64)),
    ("len33", np.zeros(33, dtype=np.int64)),
    ("len35", np.zeros(35, dtype=np.int64)),
    ("len41", np.zeros(41, dtype=np.int64)),
    ("len43", np.zeros(43, dtype=np.int64)),
    ("len136", np.zeros(136, dtype=np.int64)),
    ("2d", np.zeros((2, 34), dtype=np.int64)),
    ("scalar", np.zeros((), dtype=np.int64)),
    ("count5", np.eye(1, 34, 0, dtype=np.int64)[0] * 5),
    ("count5-last", np.eye(1, 34, 33, dtype=np.int64)[0] * 5),
    ("count5-flower", np.eye(1, 42, 41, dtype=np.int64)[0] * 5),
    ("count-1", np.eye(1, 34, 3, dtype=np.int64)[0] * -1),
    ("count255", np.eye(1, 34, 3, dtype=np.int64)[0] * 255),
]


@pytest.mark.parametrize(
    ("description", "counts"),
    FORMAT_COUNTS_ERROR_CASES,
    ids=[d for d, _ in FORMAT_COUNTS_ERROR_CASES],
)
def test_format_counts_errors(description: str, counts: NDArray[np.int64]) -> None:
    del description
    with pytest.raises(NotationError) as exc:
        format_counts(counts)
    assert exc.value.reason is Reason.BAD_COUNTS
    assert exc.value.position is None


def test_format_counts_refuses_uint8_count_above_four() -> None:
    counts = np.zeros(34, dtype=np.uint8)
    counts[0] = 5
    with pytest.raises(NotationError) as exc:
        format_counts(counts)
    assert exc.value.reason is Reason.BAD_COUNTS


# Id lists with an id outside 0..143.
FORMAT_IDS_ERROR_CASES: list[list[int]] = [[144], [-1], [0, 144], [16, 1000]]


@pytest.mark.parametrize(
    "ids", FORMAT_IDS_ERROR_CASES, ids=[str(i) for i in FORMAT_IDS_ERROR_CASES]
)
def test_format_ids_errors(ids: list[int]) -> None:
    with pytest.raises(NotationError) as exc:
        format_ids(ids)
    assert exc.value.reason is Reason.BAD_TILE_ID
    assert exc.value.position is None


# --------------------------------------------------------------------------- properties


@given(kind_lists(0, 18, flowers=True))
def test_kinds_round_trip(kinds: list[TileKind]) -> None:
    text = format_kinds(kinds)
    assert parse_kinds(text) == tuple(sorted(kinds))
    assert format_kinds(parse_kinds(text)) == text
    assert parse_kinds(format_kinds(kinds, sort=False)) == tuple(kinds)


@given(count_vectors(0, 18))
def test_counts_round_trip_34(counts: NDArray[np.uint8]) -> None:
    text = format_counts(counts)
    parsed = parse_counts(text)
    assert parsed.dtype == np.uint8
    np.testing.assert_array_equal(parsed, counts)
    assert format_counts(parsed) == text


@given(count_vectors(0, 18, flowers=True))
def test_counts_round_trip_42(counts: NDArray[np.uint8]) -> None:
    text = format_counts(counts)
    parsed = parse_counts(text, flowers=True)
    assert parsed.shape == (42,)
    np.testing.assert_array_equal(parsed, counts)
    assert format_counts(parsed) == text


@given(count_vectors(0, 18, flowers=True))
def test_counts_agree_with_kinds(counts: NDArray[np.uint8]) -> None:
    text = format_counts(counts)
    assert Counter(parse_kinds(text)) == {k: int(c) for k, c in enumerate(counts) if c}


def _check_ids(tiles: Sequence[Tile], ids: Sequence[int], red_fives: bool) -> None:
    assert len(ids) == len(tiles)
    assert len(set(ids)) == len(ids)
    for tile, tile_id in zip(tiles, ids, strict=True):
        assert 0 <= tile_id < 144
        assert kind_of(tile_id) == tile.kind
        assert (tile_id >> 2 if tile_id < 136 else 34 + tile_id - 136) == tile.kind
        if red_fives:
            assert is_red(tile_id) == tile.red


@given(tile_lists(0, 18, red_fives=True, flowers=True), st.booleans())
def test_ids_round_trip_with_red_fives(tiles: list[Tile], sort: bool) -> None:
    text = format_tiles(tiles, sort=sort)
    ids = parse_ids(text)
    _check_ids(parse_tiles(text), ids, red_fives=True)
    assert format_ids(ids, sort=sort) == text
    assert format_ids(ids) == format_tiles(tiles)


@given(tile_lists(0, 18, red_fives=False, flowers=True), st.booleans())
def test_ids_round_trip_without_red_fives(tiles: list[Tile], sort: bool) -> None:
    text = format_tiles(tiles, sort=sort)
    ids = parse_ids(text, red_fives=False)
    _check_ids(parse_tiles(text), ids, red_fives=False)
    assert format_ids(ids, red_fives=False, sort=sort) == text


@given(tile_lists(0, 18, red_fives=True, flowers=True))
def test_tiles_round_trip(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert list(parse_tiles(text)) == sorted(tiles, key=_sort_key)
    assert parse_tiles(format_tiles(tiles, sort=False)) == tuple(tiles)


@given(tile_lists(0, 18, red_fives=True))
def test_strategy_respects_the_red_five_set(tiles: list[Tile]) -> None:
    for kind in RED_FIVE_KINDS:
        assert tiles.count(Tile(kind, red=True)) <= 1
        assert tiles.count(Tile(kind)) <= 3
    assert all(count <= 4 for count in Counter(tile.kind for tile in tiles).values())




def test_format_counts_refuses_two_copies_of_a_flower() -> None:
    counts = [0] * 42
    counts[34] = 2
    with pytest.raises(NotationError) as exc:
        format_counts(counts)
    assert exc.value.reason is Reason.BAD_COUNTS


def test_format_counts_refuses_fractional_counts() -> None:
    with pytest.raises(NotationError) as exc:
        format_counts([1.7] + [0.0] * 33)
    assert exc.value.reason is Reason.BAD_COUNTS


def test_format_ids_refuses_a_repeated_id() -> None:
    with pytest.raises(NotationError) as exc:
        format_ids([0, 0])
    assert exc.value.reason is Reason.BAD_TILE_ID
