"""``python -m mahjong_rules presets``: every preset, its description and its values."""

from __future__ import annotations

import json

import pytest

from mahjong_rules.cli import main
from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions

CLASSES: dict[str, type[RiichiOptions | TaiwaneseOptions]] = {
    "riichi": RiichiOptions, "sanma": SanmaOptions, "taiwanese": TaiwaneseOptions}


def test_json_lists_every_preset_with_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["presets", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [(e["variant"], e["name"]) for e in entries] == [
        (variant, name) for variant, cls in CLASSES.items() for name in cls.preset_names()]
    for entry in entries:
        cls = CLASSES[entry["variant"]]
        assert entry["options"] == cls.preset(entry["name"]).to_dict()
        defaults = cls().to_dict()
        assert entry["changes"] == {k: v for k, v in entry["options"].items()
                                    if defaults[k] != v}
        assert entry["description"]  # every preset's docstring names its source


@pytest.mark.parametrize(("variant", "name", "line"), [
    ("riichi", "m_league", '  kan_dora_timing = "immediate"'),
    ("riichi", "jpml_a", "  ura_dora = false"),
    ("riichi", "default", "  (the defaults)"),
    ("sanma", "tenhou", "  uma = [20, 0, -20]"),
    ("taiwanese", "san_diego", '  table = "san_diego"'),
], ids=["m-league", "jpml-a", "default", "sanma-tenhou", "san-diego"])
def test_text_names_the_preset_then_its_changes(capsys: pytest.CaptureFixture[str],
                                                variant: str, name: str, line: str) -> None:
    assert main(["presets", "--variant", variant]) == 0
    lines = capsys.readouterr().out.splitlines()
    heads = [i for i, text in enumerate(lines) if not text.startswith("  ")]
    assert all(lines[i].startswith(f"{variant} ") for i in heads)
    start = next(i for i in heads if lines[i].startswith(f"{variant} {name}: "))
    end = next((i for i in heads if i > start), len(lines))
    assert line in lines[start + 1:end]


def test_an_unknown_variant_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["presets", "--variant", "hk"])
    assert exited.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
