"""Hand scoring: riichi and sanma (yaku, fu, points), Taiwanese (tai); payments.

Examples:
    >>> from mahjong_rules.notation import parse_tiles
    >>> from mahjong_rules.scoring import WinContext, WinningHand, score
    >>> hand = WinningHand(concealed=parse_tiles("1122m3344p5566s7z"), win=parse_tiles("7z")[0])
    >>> result = score(hand, WinContext(seat_wind=1, riichi=True))
    >>> [y.id for y in result.yaku], result.han, result.fu, result.total
    (['riichi', 'chiitoitsu'], 3, 25, 3200)

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules._lazy import lazy_exports

if TYPE_CHECKING:
    from mahjong_rules.scoring.batch import BatchScores, HandBatch, score_batch
    from mahjong_rules.scoring.hand import Liability, Meld, MeldKind, WinContext, WinningHand
    from mahjong_rules.scoring.riichi import dora_of, score, score_or_raise
    from mahjong_rules.scoring.riichi_points import multiple_ron_order, seat_deltas
    from mahjong_rules.scoring.riichi_yaku import YAKU, Yaku
    from mahjong_rules.scoring.taiwanese import (
        TaiwaneseHand,
        TaiwaneseScore,
        check_taiwanese,
        every_reading,
        score_taiwanese,
    )
    from mahjong_rules.scoring.taiwanese_tai import TAI_TABLE, TaiItem, TaiRecord
else:
    __getattr__, __dir__ = lazy_exports(__name__, {
        "BatchScores": "mahjong_rules.scoring.batch",
        "HandBatch": "mahjong_rules.scoring.batch",
        "score_batch": "mahjong_rules.scoring.batch",
        "Liability": "mahjong_rules.scoring.hand",
        "Meld": "mahjong_rules.scoring.hand",
        "MeldKind": "mahjong_rules.scoring.hand",
        "WinContext": "mahjong_rules.scoring.hand",
        "WinningHand": "mahjong_rules.scoring.hand",
        "dora_of": "mahjong_rules.scoring.riichi",
        "score": "mahjong_rules.scoring.riichi",
        "score_or_raise": "mahjong_rules.scoring.riichi",
        "multiple_ron_order": "mahjong_rules.scoring.riichi_points",
        "seat_deltas": "mahjong_rules.scoring.riichi_points",
        "YAKU": "mahjong_rules.scoring.riichi_yaku",
        "Yaku": "mahjong_rules.scoring.riichi_yaku",
        "TaiwaneseHand": "mahjong_rules.scoring.taiwanese",
        "TaiwaneseScore": "mahjong_rules.scoring.taiwanese",
        "check_taiwanese": "mahjong_rules.scoring.taiwanese",
        "every_reading": "mahjong_rules.scoring.taiwanese",
        "score_taiwanese": "mahjong_rules.scoring.taiwanese",
        "TAI_TABLE": "mahjong_rules.scoring.taiwanese_tai",
        "TaiItem": "mahjong_rules.scoring.taiwanese_tai",
        "TaiRecord": "mahjong_rules.scoring.taiwanese_tai",
    })

__all__ = [
    "TAI_TABLE",
    "YAKU",
    "BatchScores",
    "HandBatch",
    "Liability",
    "Meld",
    "MeldKind",
    "TaiItem",
    "TaiRecord",
    "TaiwaneseHand",
    "TaiwaneseScore",
    "WinContext",
    "WinningHand",
    "Yaku",
    "check_taiwanese",
    "dora_of",
    "every_reading",
    "multiple_ron_order",
    "score",
    "score_batch",
    "score_or_raise",
    "score_taiwanese",
    "seat_deltas",
]
