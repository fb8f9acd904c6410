"""The built-in rulesets (importing this registers them).

.. versionadded:: 0.1
"""

from mahjong_rules.rulesets.riichi import RiichiRuleset
from mahjong_rules.rulesets.sanma import SanmaRuleset
from mahjong_rules.rulesets.taiwanese import TaiwaneseRuleset

__all__ = ["RiichiRuleset", "SanmaRuleset", "TaiwaneseRuleset"]
