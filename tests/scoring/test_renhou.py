"""Renhou under each ``RiichiOptions.renhou``: the scorer's side (docs/presets.md, "Renhou").

The reducer sets ``WinContext.renhou`` (``tests/rules/test_renhou_play.py`` plays it from an
injected wall); here the flag is given and the value checked: MANGAN is a mangan unless
the other yaku and dora pay more, YAKUMAN one yakuman more (capped by
``yakuman_stacking``), OFF the hand as if the flag were not there.
"""

from __future__ import annotations

import pytest

from mahjong_rules.errors import OptionsError, Reason, Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import Renhou, RiichiOptions, SanmaOptions
from mahjong_rules.outcome import Limit, ScoreResult
from mahjong_rules.scoring import (
    HandBatch,
    Meld,
    MeldKind,
    WinContext,
    WinningHand,
    score,
    score_batch,
)
from mahjong_rules.scoring.request import score_request


def _hand(concealed: str, win: str, melds: tuple[Meld, ...] = ()) -> WinningHand:
    return WinningHand(concealed=parse_tiles(concealed), win=parse_tiles(win)[0], melds=melds)


# no yaku at all: a closed wait on 2m, no pinfu, no tanyao
NO_YAKU = _hand("13m456p789s345s99s", "2m")
# pinfu only (1 han 30 fu, 1000)
PINFU = _hand("234m567p789s22s45p", "3p")
# pinfu, tanyao, ryanpeikou, chinitsu: 11 han (sanbaiman, 24000) by itself
FLUSH = _hand("2233445566778p", "8p")
# thirteen orphans on the thirteen-sided wait: a double yakuman
ORPHANS = _hand("19m19p19s1234567z", "1m")
RENHOU = WinContext(seat_wind=1, renhou=True)
TWO_DORA = WinContext(seat_wind=1, renhou=True, dora_indicators=tuple(parse_tiles("1m")))


def _scored(result: ScoreResult | Rejection) -> ScoreResult:
    assert isinstance(result, ScoreResult), result
    return result


@pytest.mark.parametrize(("hand", "context", "renhou", "yaku", "limit", "total"), [
    (NO_YAKU, RENHOU, Renhou.MANGAN, {"renhou": 5}, Limit.MANGAN, 8000),
    (PINFU, RENHOU, Renhou.MANGAN, {"renhou": 5}, Limit.MANGAN, 8000),
    # pinfu and dora 2m x1: 2 han 30 fu (2000) is less than the mangan
    (PINFU, TWO_DORA, Renhou.MANGAN, {"renhou": 5}, Limit.MANGAN, 8000),
    # the flush pays more than the mangan: its own yaku are paid, renhou drops out
    (FLUSH, RENHOU, Renhou.MANGAN,
     {"pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6}, Limit.SANBAIMAN, 24000),
    (ORPHANS, RENHOU, Renhou.MANGAN, {"kokushi_13": 0}, Limit.YAKUMAN, 64000),
    (NO_YAKU, RENHOU, Renhou.YAKUMAN, {"renhou": 0}, Limit.YAKUMAN, 32000),
    (FLUSH, RENHOU, Renhou.YAKUMAN, {"renhou": 0}, Limit.YAKUMAN, 32000),
    # a yakuman and renhou add up: double thirteen orphans and renhou, 3 x 32000
    (ORPHANS, RENHOU, Renhou.YAKUMAN, {"kokushi_13": 0, "renhou": 0}, Limit.YAKUMAN, 96000),
    (PINFU, RENHOU, Renhou.OFF, {"pinfu": 1}, None, 1000),
], ids=["mangan-no-yaku", "mangan-over-pinfu", "mangan-dora-not-added", "mangan-flush-pays",
        "mangan-yakuman-pays", "yakuman", "yakuman-over-flush", "yakuman-stacks", "off"])
def test_renhou_values(hand: WinningHand, context: WinContext, renhou: Renhou,
                       yaku: dict[str, int], limit: Limit | None, total: int) -> None:
    """What each value pays a non-dealer's ron (no honba, no sticks)."""
    result = _scored(score(hand, context, RiichiOptions(renhou=renhou)))
    assert {y.id: y.han for y in result.yaku} == yaku
    assert result.limit is limit
    assert result.total == total
    assert result.payments == {"discarder": total}
    if "renhou" in yaku and renhou is Renhou.MANGAN:
        assert (result.han, result.dora, result.yakuman) == (5, 0, 0)


def test_no_yaku_without_renhou() -> None:
    """OFF (the default): the same ron has no yaku."""
    result = score(NO_YAKU, RENHOU, RiichiOptions())
    assert isinstance(result, Rejection)
    assert result.reason is Reason.NO_YAKU


@pytest.mark.parametrize(("stacking", "total"), [(True, 96000), (False, 32000)],
                         ids=["stacking", "single-yakuman-cap"])
def test_renhou_yakuman_and_the_single_yakuman_cap(stacking: bool, total: int) -> None:
    """``yakuman_stacking=False`` (WRC, EMA 2016): at most one yakuman, renhou or not."""
    options = RiichiOptions(renhou=Renhou.YAKUMAN, yakuman_stacking=stacking)
    result = _scored(score(ORPHANS, RENHOU, options))
    assert [y.id for y in result.yaku] == ["kokushi_13", "renhou"]
    assert result.yakuman == 3
    assert result.total == total


def test_honba_and_sticks_are_paid_on_a_renhou() -> None:
    """The mangan is a win like any other: two honba and a stick go to the winner."""
    context = WinContext(seat_wind=2, renhou=True, honba=2, riichi_sticks=1)
    result = _scored(score(NO_YAKU, context, RiichiOptions(renhou=Renhou.MANGAN)))
    assert result.payments == {"discarder": 8600}
    assert result.total == 9600


def test_sanma_renhou() -> None:
    """Sanma plays renhou the same way (a mangan from the South seat)."""
    hand = _hand("11m456p789s345s99s", "9s")  # a wait on 1m or 9s: no yaku
    result = _scored(score(hand, RENHOU, SanmaOptions(renhou=Renhou.MANGAN)))
    assert {y.id for y in result.yaku} == {"renhou"}
    assert result.total == 8000


@pytest.mark.parametrize(("context", "hand"), [
    (WinContext(seat_wind=0, renhou=True), NO_YAKU),
    (WinContext(seat_wind=1, renhou=True, tsumo=True), NO_YAKU),
    (WinContext(seat_wind=1, renhou=True, riichi=True), NO_YAKU),
    (WinContext(seat_wind=1, renhou=True, houtei=True), NO_YAKU),
    (WinContext(seat_wind=1, renhou=True, chankan=True), NO_YAKU),
    (WinContext(seat_wind=1, renhou=True),
     _hand("456p789s345s9s", "9s", (Meld(kind=MeldKind.CHI, tiles=parse_tiles("123m")),))),
], ids=["dealer", "tsumo", "riichi", "houtei", "chankan", "open-hand"])
def test_renhou_conflicts(context: WinContext, hand: WinningHand) -> None:
    """A dealer's win, a tsumo, riichi, houtei, chankan or a call are no renhou."""
    for renhou in (Renhou.MANGAN, Renhou.YAKUMAN):
        result = score(hand, context, RiichiOptions(renhou=renhou))
        assert isinstance(result, Rejection)
        assert result.reason is Reason.CONFLICTING_CONTEXT
        assert result.details["conflict"] == "renhou+other"


def test_a_bad_hand_is_refused_first() -> None:
    """The hand's own faults come before the renhou checks."""
    result = score(_hand("123m", "4m"), WinContext(seat_wind=0, renhou=True),
                   RiichiOptions(renhou=Renhou.MANGAN))
    assert isinstance(result, Rejection)
    assert result.reason is Reason.BAD_HAND


def test_score_request_takes_renhou() -> None:
    """``python -m mahjong_rules score`` reads the flag as the other circumstances."""
    result = score_request({"hand": "13m456p789s345s99s", "win": "2m", "seat_wind": "S",
                            "renhou": True, "options": {"renhou": "mangan"}})
    assert result["ok"]
    assert result["yaku"] == [["renhou", 5]]
    assert result["total"] == 8000


def test_the_batch_scorer_refuses_renhou() -> None:
    """``score_batch`` plays without renhou: options with it are refused, not misscored."""
    batch = HandBatch.from_hands([(NO_YAKU, RENHOU)])
    with pytest.raises(OptionsError, match="renhou"):
        score_batch(batch, RiichiOptions(renhou=Renhou.MANGAN))
    # without renhou in the options the flag is ignored, as by score()
    assert score_batch(batch, RiichiOptions()).reason_codes() == ["no_yaku"]


@pytest.mark.parametrize(("value", "member"), [
    ("off", Renhou.OFF), ("mangan", Renhou.MANGAN), ("yakuman", Renhou.YAKUMAN),
], ids=["off", "mangan", "yakuman"])
def test_the_option_reads_and_writes_its_values(value: str, member: Renhou) -> None:
    """``renhou`` as every other enum option: by value in ``to_dict`` / ``from_dict``."""
    options = RiichiOptions.from_dict({"renhou": value})
    assert options.renhou is member
    assert options.to_dict()["renhou"] == value
    assert RiichiOptions.from_dict(options.to_dict()) == options


def test_a_bad_renhou_value_is_refused() -> None:
    """An unknown value (or a bool) is a typed options error."""
    with pytest.raises(OptionsError, match="renhou"):
        RiichiOptions.from_dict({"renhou": "haneman"})
    with pytest.raises(OptionsError, match="renhou"):
        RiichiOptions(renhou=True)  # type: ignore[arg-type]


def test_the_presets_that_play_renhou() -> None:
    """EMA 2016 and the JPML's 2012 page: a mangan; the default and the others: none."""
    assert RiichiOptions().renhou is Renhou.OFF
    assert RiichiOptions.ema().renhou is Renhou.MANGAN
    assert RiichiOptions.jpml_a().renhou is Renhou.MANGAN
    others = [name for name in RiichiOptions.preset_names()
              if RiichiOptions.preset(name).renhou is not Renhou.OFF]
    assert others == ["ema", "jpml_a"]
