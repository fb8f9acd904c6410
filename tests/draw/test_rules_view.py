"""The rules view: an example for every yaku and tai item of the registries, scored as
that item, and a page with a picture of each."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.drawing import parse

from mahjong_rules.draw.rules_view import (
    RIICHI_EXAMPLES,
    SANMA_EXAMPLES,
    TAI_EXAMPLES,
    example_result,
    rules_view,
    write_into,
)
from mahjong_rules.scoring import TAI_TABLE, YAKU


@pytest.mark.parametrize("yaku", list(YAKU))
def test_every_yaku_has_an_example_that_scores_it(yaku: str) -> None:
    result = example_result(yaku, RIICHI_EXAMPLES[yaku])
    value = dict(result["yaku"])[yaku]
    melds = RIICHI_EXAMPLES[yaku].get("melds", [])
    opened = any(not m.startswith("ankan") for m in melds)
    expected = YAKU[yaku].yakuman or (YAKU[yaku].han_open if opened else YAKU[yaku].han_closed)
    assert value == expected


@pytest.mark.parametrize("yaku", list(YAKU))
def test_sanma_examples(yaku: str) -> None:
    example = SANMA_EXAMPLES[yaku]
    if example is None:  # these need man tiles 2-8
        assert yaku in ("sanshoku", "sanshoku_doukou")
        return
    assert example["variant"] == "sanma"
    example_result(yaku, example)


@pytest.mark.parametrize("item", [record.id for record in TAI_TABLE])
def test_every_tai_item_has_an_example_that_scores_it(item: str) -> None:
    result = example_result(item, TAI_EXAMPLES[item])
    record = next(r for r in TAI_TABLE if r.id == item)
    options = TAI_EXAMPLES[item].get("options", {})
    assert dict(result["items"])[item] % (record.tai or next(iter(options.values()))) == 0


def test_an_example_that_does_not_score_its_item_is_refused() -> None:
    with pytest.raises(ValueError, match="without tanyao"):
        example_result("tanyao", RIICHI_EXAMPLES["pinfu"])
    with pytest.raises(ValueError, match="refused"):
        example_result("pinfu", {"hand": "123m", "win": "4m"})


@pytest.mark.parametrize("ruleset", ["riichi", "sanma", "taiwanese"])
def test_pages(ruleset: str, tmp_path: Path) -> None:
    text = rules_view(ruleset, write_into(tmp_path, "pictures/"))
    pictures = sorted(tmp_path.glob("*.svg"))
    for picture in pictures:
        assert f"(pictures/{picture.name})" in text
        parse(picture.read_text(encoding="utf-8"))
    if ruleset == "taiwanese":
        assert len(pictures) == len(TAI_TABLE) - 1  # seven flowers robbing holds no tile
        assert "## Payments" in text
    else:
        assert len(pictures) == len(YAKU) + 2 - (2 if ruleset == "sanma" else 0)
        assert "## Point tables" in text
        assert "**furiten**" in text
    if ruleset == "riichi":  # seeds/000 6.4: 1 han 30 fu, 1000 ron, 300/500 tsumo
        assert "| 30 | 1000 (300/500) |" in text
    with pytest.raises(ValueError, match="no rules view"):
        rules_view("chess", write_into(tmp_path, ""))
