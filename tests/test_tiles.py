
"""Table-driven tests of tile identity: kinds, ids, suits, red fives, flowers."""

from __future__ import annotations

import pytest

from mahjong_rules.tiles import (
    FLOWER_KINDS,
    HONOR_KINDS,
    N_KINDS_WITH_FLOWERS,
    RED_FIVE_IDS,
    TERMINAL_AND_HONOR_KINDS,
    Tile,
    TileKind,
    is_honor,
    is_red,
    is_terminal_or_honor,
    kind_name,
    kind_of,
    suit_of,
)

FLOWER_IDS = range(136, 144)

# Cases: tile id and kind.
KIND_OF_CASES: list[tuple[int, int]] = [
    (0, 0),
    (3, 0),
    (4, 1),
    (15, 3),
    (16, 4),
    (19, 4),
    (35, 8),
    (36, 9),
    (52, 13),
    (71, 17),
    (72, 18),
    (88, 22),
    (107, 26),
    (108, 27),
    (124, 31),
    (132, 33),
    (135, 33),
    *((tile_id, 34 + tile_id - 136) for tile_id in FLOWER_IDS),
]


@pytest.mark.parametrize(
    ("tile_id", "kind"), KIND_OF_CASES, ids=[f"id{t}" for t, _ in KIND_OF_CASES]
)
def test_kind_of(tile_id: int, kind: int) -> None:
    assert kind_of(tile_id) == kind


# Cases: tile id and red.
IS_RED_CASES: list[tuple[int, bool]] = [
    (16, True),
    (52, True),
    (88, True),
    (0, False),
    (15, False),
    (17, False),
    (19, False),
    (51, False),
    (53, False),
    (87, False),
    (89, False),
    (124, False),
    (135, False),
    (136, False),
    (140, False),
    (143, False),
]


@pytest.mark.parametrize(
    ("tile_id", "red"), IS_RED_CASES, ids=[f"id{t}" for t, _ in IS_RED_CASES]
)
def test_is_red(tile_id: int, red: bool) -> None:
    assert is_red(tile_id) is red


def test_red_five_ids_are_the_first_copy_of_each_suited_five() -> None:
    assert sorted(RED_FIVE_IDS) == [16, 52, 88]
    assert sorted(kind_of(i) for i in RED_FIVE_IDS) == [4, 13, 22]
    assert all(tile_id % 4 == 0 for tile_id in RED_FIVE_IDS)
    assert [i for i in range(144) if is_red(i)] == [16, 52, 88]


# Cases: kind and suit letter.
SUIT_OF_CASES: list[tuple[int, str]] = [
    (0, "m"),
    (4, "m"),
    (8, "m"),
    (9, "p"),
    (13, "p"),
    (17, "p"),
    (18, "s"),
    (22, "s"),
    (26, "s"),
    (27, "z"),
    (30, "z"),
    (31, "z"),
    (33, "z"),
    *((kind, "f") for kind in range(34, 42)),
]


@pytest.mark.parametrize(
    ("kind", "suit"), SUIT_OF_CASES, ids=[f"kind{k}" for k, _ in SUIT_OF_CASES]
)
def test_suit_of(kind: int, suit: str) -> None:
    assert suit_of(kind) == suit


# Cases: kind, honor and terminal or honor.
CLASS_CASES: list[tuple[int, bool, bool]] = [
    (0, False, True),
    (1, False, False),
    (4, False, False),
    (7, False, False),
    (8, False, True),
    (9, False, True),
    (13, False, False),
    (17, False, True),
    (18, False, True),
    (22, False, False),
    (25, False, False),
    (26, False, True),
    (27, True, True),
    (30, True, True),
    (31, True, True),
    (33, True, True),
    *((kind, False, False) for kind in range(34, 42)),
]


@pytest.mark.parametrize(
    ("kind", "honor", "terminal_or_honor"),
    CLASS_CASES,
    ids=[f"kind{k}" for k, _, _ in CLASS_CASES],
)
def test_is_honor(kind: int, honor: bool, terminal_or_honor: bool) -> None:
    del terminal_or_honor
    assert is_honor(kind) is honor


@pytest.mark.parametrize(
    ("kind", "honor", "terminal_or_honor"),
    CLASS_CASES,
    ids=[f"kind{k}" for k, _, _ in CLASS_CASES],
)
def test_is_terminal_or_honor(kind: int, honor: bool, terminal_or_honor: bool) -> None:
    del honor
    assert is_terminal_or_honor(kind) is terminal_or_honor


def test_predicates_agree_with_kind_constants() -> None:
    kinds = range(N_KINDS_WITH_FLOWERS)
    assert tuple(k for k in kinds if is_honor(k)) == HONOR_KINDS
    assert tuple(k for k in kinds if is_terminal_or_honor(k)) == TERMINAL_AND_HONOR_KINDS
    assert tuple(k for k in kinds if suit_of(k) == "f") == FLOWER_KINDS


# Cases: kind and name.
KIND_NAME_CASES: list[tuple[int, str]] = [
    (0, "1m"),
    (4, "5m"),
    (8, "9m"),
    (9, "1p"),
    (13, "5p"),
    (17, "9p"),
    (18, "1s"),
    (22, "5s"),
    (26, "9s"),
    (27, "1z"),
    (30, "4z"),
    (31, "5z"),
    (33, "7z"),
    *((kind, f"{kind - 33}f") for kind in range(34, 42)),
]


@pytest.mark.parametrize(
    ("kind", "name"), KIND_NAME_CASES, ids=[name for _, name in KIND_NAME_CASES]
)
def test_kind_name(kind: int, name: str) -> None:
    assert kind_name(kind) == name


# Cases: tile and str.
TILE_STR_CASES: list[tuple[Tile, str]] = [
    (Tile(TileKind(0)), "1m"),
    (Tile(TileKind(4)), "5m"),
    (Tile(TileKind(4), red=True), "0m"),
    (Tile(TileKind(13)), "5p"),
    (Tile(TileKind(13), red=True), "0p"),
    (Tile(TileKind(22)), "5s"),
    (Tile(TileKind(22), red=True), "0s"),
    (Tile(TileKind(26)), "9s"),
    (Tile(TileKind(27)), "1z"),
    (Tile(TileKind(31)), "5z"),
    (Tile(TileKind(33)), "7z"),
    (Tile(TileKind(34)), "1f"),
    (Tile(TileKind(41)), "8f"),
]


@pytest.mark.parametrize(
    ("tile", "text"),
    TILE_STR_CASES,
    ids=[f"{text}-red" if tile.red else text for tile, text in TILE_STR_CASES],
)
def test_tile_str(tile: Tile, text: str) -> None:
    assert str(tile) == text


def test_tile_defaults_to_not_red() -> None:
    assert Tile(TileKind(4)) == Tile(TileKind(4), red=False)
    assert Tile(TileKind(4)) != Tile(TileKind(4), red=True)


# Cases: tile id and str of the tile it is when red fives are in play.
ID_TILE_CASES: list[tuple[int, str]] = [
    (0, "1m"),
    (16, "0m"),
    (17, "5m"),
    (52, "0p"),
    (53, "5p"),
    (88, "0s"),
    (89, "5s"),
    (108, "1z"),
    (135, "7z"),
    (136, "1f"),
    (143, "8f"),
]


@pytest.mark.parametrize(
    ("tile_id", "text"), ID_TILE_CASES, ids=[f"id{t}" for t, _ in ID_TILE_CASES]
)
def test_tile_of_id(tile_id: int, text: str) -> None:
    assert str(Tile(kind_of(tile_id), red=is_red(tile_id))) == text
