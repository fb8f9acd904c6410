"""The scoring switches of the league presets: ippatsu, ura, kan dora, kan ura, the cap.

One riichi hand scored under each switch (the scorer ignores what the options play
without), and a double yakuman under ``yakuman_stacking``.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_rules.errors import OptionsError
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import HandBatch, WinContext, WinningHand, score, score_batch

# riichi, ippatsu, ron on 3p (pinfu shape): 234m 567p 789s 22s 4p5p + 3p
HAND = WinningHand(concealed=parse_tiles("234m567p789s22s45p"), win=parse_tiles("3p")[0])
# indicators: 1m (dora 2m), 6p (dora 7p) from a kan; ura 1s (dora 2s, the pair), 8s (9s)
CONTEXT = WinContext(seat_wind=1, riichi=True, ippatsu=True,
                     dora_indicators=tuple(parse_tiles("1m6p")),
                     ura_indicators=tuple(parse_tiles("1s8s")))


def _yaku(result: ScoreResult | Any) -> dict[str, int]:
    assert isinstance(result, ScoreResult)
    return {y.id: y.han for y in result.yaku}


@pytest.mark.parametrize(("switches", "ippatsu", "dora", "ura"), [
    ({}, True, 2, 3),
    ({"ippatsu_yaku": False}, False, 2, 3),
    ({"ura_dora": False}, True, 2, 0),
    ({"kan_ura": False}, True, 2, 2),  # the first ura indicator only: the 2s pair
    ({"kan_dora": False}, True, 1, 2),  # no kan, no kan ura
    ({"ippatsu_yaku": False, "ura_dora": False, "kan_dora": False}, False, 1, 0),
], ids=["all-on", "no-ippatsu", "no-ura", "no-kan-ura", "no-kan-dora", "jpml-a"])
def test_scoring_switches(switches: dict[str, bool], ippatsu: bool, dora: int,
                          ura: int) -> None:
    result = score(HAND, CONTEXT, RiichiOptions.from_dict(dict(switches)))
    assert isinstance(result, ScoreResult)
    yaku = _yaku(result)
    assert ("ippatsu" in yaku) is ippatsu
    assert (result.dora, result.ura) == (dora, ura)
    assert result.han == 1 + 1 + ippatsu + dora + ura  # riichi, pinfu


@pytest.mark.parametrize(("stacking", "total"), [(True, 64_000), (False, 32_000)],
                         ids=["stacking", "single-cap"])
def test_a_double_yakuman_under_the_cap(stacking: bool, total: int) -> None:
    """``yakuman_stacking=False`` (WRC, EMA 2016): daisangen + tsuuiisou pays one."""
    hand = WinningHand(concealed=parse_tiles("5556667771122z"), win=parse_tiles("1z")[0])
    result = score(hand, WinContext(seat_wind=1), RiichiOptions(yakuman_stacking=stacking))
    assert isinstance(result, ScoreResult)
    assert result.yakuman == 2
    assert result.total == total


def test_the_batch_scorer_refuses_the_switches() -> None:
    batch = HandBatch.from_hands([(HAND, CONTEXT)])
    with pytest.raises(OptionsError):
        score_batch(batch, RiichiOptions(ura_dora=False))
    single = score(HAND, CONTEXT)
    assert isinstance(single, ScoreResult)
    assert int(score_batch(batch, RiichiOptions()).total[0]) == single.total
