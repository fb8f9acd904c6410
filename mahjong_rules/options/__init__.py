"""Rule options: one frozen, validated class per ruleset, with named presets.

Defaults are the primary spec's (``seeds/000``, section 2) and are declared once, on the
fields. Each place where the source documents disagree (``seeds/README.md``) is an
option, and a preset reproduces the other document:

==================  ===========================================================
preset              source
==================  ===========================================================
``default()``       seeds/000, the primary spec (4-player and sanma)
``ippatsu()``       seeds/001, the "Ippatsu" rules page (4-player)
``joypip()``        seeds/004, the JoyPip play guide (sanma)
``tenhou()``        online riichi as played on Tenhou (details settled by real logs)
``mahjong_soul()``  online riichi as played on Mahjong Soul (its records)
``majiang()``       the defaults of the majiang-core engine (``lib/rule.js``)
``m_league()``      M-League (riichi.wiki, citing m-league.jp; a parlour's notes)
``wrc()``           the World Riichi Championship rules (2015 book, riichi.wiki)
``ema()``           the EMA Riichi Competition Rules, 2016 on (riichi.wiki)
``jpml_a()``        the JPML (Renmei) official A rules (secondary summaries)
``rmu()``           the RMU A rules (rmu.jp/rule)
``saikouisen()``    the Saikouisen rules (its 2009 summary)
==================  ===========================================================

``docs/presets.md`` gives every preset's value of every rule point with its source.

Examples:
    >>> from mahjong_rules.options import RiichiOptions, MultipleRon
    >>> RiichiOptions().double_ron is MultipleRon.ALLOW
    True
    >>> RiichiOptions.ippatsu().double_ron is MultipleRon.HEAD_BUMP
    True
    >>> RiichiOptions.from_dict({"kiriage_mangan": True}).kiriage_mangan
    True

The package's modules: ``options.enums`` (the enums of the rule points),
``options.base`` (what every options class shares), ``options.riichi``,
``options.sanma`` and ``options.taiwanese`` (each ruleset's options and presets).

.. versionadded:: 0.1
"""

from __future__ import annotations

from mahjong_rules.options.base import RuleOptions as RuleOptions
from mahjong_rules.options.enums import (
    DOUBLE_YAKUMAN_HANDS,
    EarthlyHand,
    Extension,
    FifthTile,
    FinalRounding,
    GameLength,
    KanDoraTiming,
    Kuikae,
    LeftoverSticks,
    MultipleRon,
    NagashiMangan,
    PaoRonHonba,
    RenchanOn,
    Renhou,
    RiichiAnkan,
    SanmaTsumo,
    StraightConcealment,
    TaiTable,
    TaiwaneseGameLength,
    TiedRanks,
    TripleRon,
    WaitRule,
)
from mahjong_rules.options.riichi import RiichiOptions
from mahjong_rules.options.sanma import SanmaOptions
from mahjong_rules.options.taiwanese import TaiwaneseOptions

__all__ = [
    "DOUBLE_YAKUMAN_HANDS",
    "EarthlyHand",
    "Extension",
    "FifthTile",
    "FinalRounding",
    "GameLength",
    "KanDoraTiming",
    "Kuikae",
    "LeftoverSticks",
    "MultipleRon",
    "NagashiMangan",
    "PaoRonHonba",
    "RenchanOn",
    "Renhou",
    "RiichiAnkan",
    "RiichiOptions",
    "SanmaOptions",
    "SanmaTsumo",
    "StraightConcealment",
    "TaiTable",
    "TaiwaneseGameLength",
    "TaiwaneseOptions",
    "TiedRanks",
    "TripleRon",
    "WaitRule",
]
