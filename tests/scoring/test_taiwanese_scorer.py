"""The Taiwanese scorer: flower wins, seven pairs and a triplet, payments, rejections."""

from __future__ import annotations

import pytest
from helpers.taiwanese_hands import flowers_of, taiwanese_hand

from mahjong_rules.errors import Reason, Rejection, ScoringError
from mahjong_rules.notation import parse_tiles
from mahjong_rules.scoring import (
    Meld,
    MeldKind,
    TaiwaneseHand,
    TaiwaneseScore,
    check_taiwanese,
    score_taiwanese,
)
from mahjong_rules.scoring.division import Form
from mahjong_rules.tiles import Tile, TileKind

CLEAN_RUNS = "234m567m345p678p456s88s"
OPEN = ("345s678s567p99m", "5s", "chi:234m", "pon:777p")


def _tile(text: str) -> Tile:
    (tile,) = parse_tiles(text)
    return tile


# -- flower wins -------------------------------------------------------------------------

def test_eight_flowers_is_paid_by_each_other_seat_and_replaces_everything() -> None:
    hand = TaiwaneseHand(concealed=parse_tiles("111z222z333z555z"), win=_tile("5f"),
                         flowers=parse_tiles("1234678f"), tsumo=True, declared_ready=True,
                         seat_wind=0)
    result = score_taiwanese(hand)
    assert [(item.id, item.tai) for item in result.items] == [("eight_flowers", 30)]
    assert (dict(result.payments), result.total) == ({"each_other": 30}, 90)
    assert result.deltas == (90, -30, -30, -30)
    assert (result.flower_win, result.reading) == (True, None)


def test_seven_flowers_robbing_without_a_known_holder() -> None:
    hand = TaiwaneseHand(concealed=(), win=_tile("1f"), flowers=parse_tiles("2345678f"),
                         seat_wind=1)
    result = score_taiwanese(hand)
    assert (dict(result.payments), result.total, result.deltas) == (
        {"flower_holder": 20}, 20, None)


@pytest.mark.parametrize(("flowers", "win", "reason"), [
    ("234567f", "1f", Reason.NOT_A_WINNING_HAND),
    ("1234567f", "1f", Reason.BAD_HAND),
    ("123456m", "8f", Reason.BAD_HAND),
], ids=["six_others", "winning_flower_held_twice", "suit_tiles_as_flowers"])
def test_flower_win_refused(flowers: str, win: str, reason: Reason) -> None:
    hand = TaiwaneseHand(concealed=(), win=_tile(win), flowers=parse_tiles(flowers),
                         tsumo=True)
    result = check_taiwanese(hand)
    assert isinstance(result, Rejection)
    assert result.reason is reason


def test_eight_flowers_held_with_a_tile_win_is_refused() -> None:
    hand = taiwanese_hand(*OPEN, flowers=8)
    result = check_taiwanese(hand)
    assert isinstance(result, Rejection)
    assert (result.reason, result.details["conflict"]) == (
        Reason.CONFLICTING_CONTEXT, "eight_flowers+tile_win")


# -- seven pairs and a triplet -----------------------------------------------------------

BOTH_SHAPES = "11m22m33m44p55p66p77s999s"  # also 123m 123m 456p 456p 999s 77s


def test_seven_pairs_beats_the_regular_reading_of_the_same_tiles() -> None:
    result = score_taiwanese(taiwanese_hand(BOTH_SHAPES, "9s"))
    assert result.reading is not None
    assert result.reading.form is Form.SEVEN_PAIRS_AND_TRIPLET
    assert {item.id: item.tai for item in result.items} == {
        "winning": 2, "no_honours_no_flowers": 3, "seven_pairs_and_triplet": 30,
        "concealed_hand": 1}


@pytest.mark.parametrize(("win", "wait_item"), [("2p", "single_wait"), ("4z", None)],
                         ids=["win_completes_a_pair", "win_completes_the_triplet"])
def test_seven_pairs_wait(win: str, wait_item: str | None) -> None:
    result = score_taiwanese(taiwanese_hand("1111m22p55p77s99s11z444z", win, tsumo=True))
    ids = {item.id for item in result.items}
    assert "seven_pairs_and_triplet" in ids
    assert ("single_wait" in ids) is (wait_item is not None)


def test_seven_pairs_cannot_use_a_called_triplet() -> None:
    hand = taiwanese_hand("1111m22p55p77s99s11z", "1z", "pon:444z")
    result = check_taiwanese(hand)
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NOT_A_WINNING_HAND


# -- payments ----------------------------------------------------------------------------

@pytest.mark.parametrize(("seat", "discarder"), [(0, 1), (1, 0), (2, 3), (3, 2)])
def test_ron_is_paid_by_the_discarder_alone_no_dealer_multiple(seat: int,
                                                               discarder: int) -> None:
    result = score_taiwanese(taiwanese_hand(*OPEN, seat_wind=seat, discarder_wind=discarder))
    assert result.deltas is not None
    expected = [0, 0, 0, 0]
    expected[seat], expected[discarder] = 5, -5  # winning 2 + no honours, no flowers 3
    assert list(result.deltas) == expected
    assert (dict(result.payments), result.total, result.dealer) == (
        {"discarder": 5}, 5, seat == 0)


@pytest.mark.parametrize("seat", range(4))
def test_tsumo_is_paid_in_full_by_each_other_seat(seat: int) -> None:
    result = score_taiwanese(taiwanese_hand(*OPEN, seat_wind=seat, tsumo=True))
    assert result.deltas is not None
    assert result.deltas[seat] == 3 * result.tai
    assert sum(result.deltas) == 0
    assert all(d == -result.tai for s, d in enumerate(result.deltas) if s != seat)


def test_ron_without_a_discarder_has_no_deltas() -> None:
    assert score_taiwanese(taiwanese_hand(*OPEN)).deltas is None


def test_to_dict() -> None:
    data = score_taiwanese(taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, seat_wind=2)).to_dict()
    assert data == {
        "tai": 15, "items": [["winning", 2], ["all_runs_no_honours_no_flowers", 10],
                             ["concealed_self_draw", 3]],
        "payments": {"each_other": 15}, "total": 45, "deltas": [-15, -15, 45, -15],
        "wait": "ryanmen", "form": "regular", "flower_win": False,
    }


def test_result_is_frozen() -> None:
    result: TaiwaneseScore = score_taiwanese(taiwanese_hand(*OPEN))
    with pytest.raises(AttributeError):
        result.tai = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.payments["discarder"] = 1  # type: ignore[index]


# -- rejections --------------------------------------------------------------------------

def _hand(concealed: str, win: str, melds: tuple[Meld, ...] = (),
          **circumstances: object) -> TaiwaneseHand:
    return TaiwaneseHand(concealed=parse_tiles(concealed), win=_tile(win), melds=melds,
                         **circumstances)  # type: ignore[arg-type]


FLOWER = Tile(TileKind(34))


def _two_melds(kind: MeldKind, tiles: str | tuple[Tile, ...]) -> TaiwaneseHand:
    """Ex 1's shape with its first meld replaced by a bad one."""
    bad = Meld(kind=kind, tiles=parse_tiles(tiles) if isinstance(tiles, str) else tiles)
    return _hand("345s678s567p9m", "9m", (bad, Meld(kind=MeldKind.CHI,
                                                    tiles=parse_tiles("234m"))))


BAD_HANDS = {
    "fifteen_concealed": _hand("234m567m345p678p456s", "8s"),
    "seventeen_concealed": _hand("234m567m345p678p456s888s", "8s"),
    "flower_in_hand": TaiwaneseHand(concealed=(*parse_tiles("234m567m345p678p456s"),
                                               FLOWER), win=_tile("8s")),
    "red_five": _hand("234m067m345p678p88s56s", "4s"),
    "fifth_copy": _hand("1111m567m345p678p456s", "1m"),
    "chi_not_a_run": _two_melds(MeldKind.CHI, "135m"),
    "chi_of_honours": _two_melds(MeldKind.CHI, "123z"),
    "pon_of_two_kinds": _two_melds(MeldKind.PON, "778p"),
    "kong_of_three": _two_melds(MeldKind.ANKAN, "777p"),
    "flower_meld": _two_melds(MeldKind.PON, (FLOWER, FLOWER, FLOWER)),
    "six_melds": _hand("", "1z", tuple(Meld(kind=MeldKind.CHI, tiles=parse_tiles("123m"))
                                       for _ in range(6))),
    "flower_twice": _hand("234m567m345p678p456s8s", "8s", flowers=(FLOWER, FLOWER)),
    "suit_tile_as_flower": _hand("234m567m345p678p456s8s", "8s", flowers=parse_tiles("1m")),
    "seat_wind_out_of_range": _hand("234m567m345p678p456s8s", "8s", seat_wind=4),
    "round_wind_out_of_range": _hand("234m567m345p678p456s8s", "8s", round_wind=-1),
    "discarder_is_the_winner": _hand("234m567m345p678p456s8s", "8s", seat_wind=1,
                                     discarder_wind=1),
    "negative_discards": _hand("234m567m345p678p456s8s", "8s", discards_before_win=-1),
    # a tile built past Tile's own check (Tile(-1) raises): the scorer refuses it too
    "negative_kind": TaiwaneseHand(concealed=(*parse_tiles("234m567m345p678p456s"),
                                              Tile._make((TileKind(-1), False))),
                                   win=_tile("8s")),
}


@pytest.mark.parametrize("hand", BAD_HANDS.values(), ids=BAD_HANDS.keys())
def test_bad_hand(hand: TaiwaneseHand) -> None:
    with pytest.raises(ScoringError) as exc:
        score_taiwanese(hand)
    assert exc.value.reason is Reason.BAD_HAND
    assert exc.value.rejection.reason is Reason.BAD_HAND


def test_the_bad_meld_cases_are_sound_but_for_the_meld() -> None:
    good = _two_melds(MeldKind.PON, "777p")
    assert score_taiwanese(good).tai > 0
    for name in ("chi_not_a_run", "chi_of_honours", "pon_of_two_kinds", "kong_of_three",
                 "flower_meld"):
        rejection = check_taiwanese(BAD_HANDS[name])
        assert isinstance(rejection, Rejection)
        assert "meld" in rejection.details


def test_not_a_winning_hand() -> None:
    with pytest.raises(ScoringError) as exc:
        score_taiwanese(_hand("234m567m345p678p456s9s", "8s"))
    assert exc.value.reason is Reason.NOT_A_WINNING_HAND


ANKAN = (Meld(kind=MeldKind.ANKAN, tiles=parse_tiles("8888m")),)
CONFLICTS = {
    "haitei+ron": taiwanese_hand(*OPEN, haitei=True),
    "houtei+tsumo": taiwanese_hand(*OPEN, houtei=True, tsumo=True),
    "chankan+tsumo": taiwanese_hand(*OPEN, chankan=True, tsumo=True),
    "chankan+houtei": taiwanese_hand(*OPEN, chankan=True, houtei=True),
    "rinshan+ron": taiwanese_hand(*OPEN, rinshan=True, flowers=1),
    "rinshan+haitei": taiwanese_hand(*OPEN, rinshan=True, haitei=True, tsumo=True, flowers=1),
    "rinshan+no_kong_or_flower": taiwanese_hand(*OPEN, rinshan=True, tsumo=True),
    "tsumo+discarder": taiwanese_hand(*OPEN, tsumo=True, seat_wind=1, discarder_wind=2),
    "tenhou+chiihou": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                     chiihou=True),
    "tenhou+not_dealer_tsumo": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                              seat_wind=1),
    "chiihou+dealer_or_wrong_win": taiwanese_hand(CLEAN_RUNS, "4s", chiihou=True),
    "first_win+meld": taiwanese_hand(*OPEN, chiihou=True, seat_wind=2),
    "first_win+last_tile": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                          haitei=True),
    "tenhou+discards": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                      discards_before_win=1),
    "chiihou+discards": taiwanese_hand(CLEAN_RUNS, "4s", chiihou=True, seat_wind=3,
                                       discards_before_win=2),
    "ron+no_discards": taiwanese_hand(CLEAN_RUNS, "4s", discards_before_win=0),
    "no_discards+not_dealer": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, seat_wind=1,
                                             discards_before_win=0),
    "no_discards+open_meld": taiwanese_hand(*OPEN, tsumo=True, discards_before_win=0),
    "ready+meld": taiwanese_hand(*OPEN, declared_ready=True),
    "ready+tenhou": taiwanese_hand(CLEAN_RUNS, "4s", tsumo=True, tenhou=True,
                                   declared_ready=True),
    "flower_win+chankan": TaiwaneseHand(concealed=(), win=_tile("8f"), flowers=flowers_of(7),
                                        chankan=True),
}


@pytest.mark.parametrize(("conflict", "hand"), CONFLICTS.items(), ids=CONFLICTS.keys())
def test_conflicting_context(conflict: str, hand: TaiwaneseHand) -> None:
    result = check_taiwanese(hand)
    assert isinstance(result, Rejection)
    assert result.reason is Reason.CONFLICTING_CONTEXT
    assert result.details["conflict"] == conflict


def test_rinshan_after_a_kong_or_a_flower_is_accepted() -> None:
    kong = TaiwaneseHand(concealed=parse_tiles("123p456p789s345m2s"), win=_tile("2s"),
                         melds=ANKAN, tsumo=True, rinshan=True)
    flower = taiwanese_hand(*OPEN, tsumo=True, rinshan=True, flowers=1)
    assert score_taiwanese(kong).tai > 0
    assert score_taiwanese(flower).tai > 0
