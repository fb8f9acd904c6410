"""Hands written in mpsz notation and scored through ``score()``, for the scoring tests.

Test modules import these as, e.g., ``from scoring_helpers import hand_of, scored``
(``tests/`` is on ``sys.path`` through ``tests/conftest.py``).
"""

from __future__ import annotations

from typing import NamedTuple

from mahjong_rules.errors import Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.tiles import Tile


def tile_of(text: str) -> Tile:
    """The one tile written ``text`` in mpsz notation, e.g. ``tile_of("5p")``."""
    (tile,) = parse_tiles(text)
    return tile


def hand_of(concealed: str, win: str, *melds: str) -> WinningHand:
    """A winning hand from mpsz strings.

    ``concealed`` excludes the winning tile ``win``; ``melds`` are written ``kind:tiles``,
    e.g. ``pon:555z``, ``chi:234m``, ``daiminkan:2222p``.
    """
    parsed = []
    for spec in melds:
        kind, tiles = spec.split(":")
        parsed.append(Meld(kind=MeldKind(kind), tiles=parse_tiles(tiles)))
    return WinningHand(concealed=parse_tiles(concealed), win=tile_of(win), melds=tuple(parsed))


def scored(hand: WinningHand, context: WinContext,
           options: RiichiOptions | None = None) -> ScoreResult:
    """``score(hand, context, options)``, asserting that the hand was not rejected."""
    result = score(hand, context, options)
    assert not isinstance(result, Rejection), result
    return result


class ScoredCase(NamedTuple):
    """A hand that scores, with its circumstances and the expected han, fu and payments."""

    name: str
    hand: WinningHand
    context: WinContext
    han: int
    fu: int
    payments: dict[str, int]


def check_scored_case(case: ScoredCase) -> None:
    """Score ``case`` with the default options and compare han, fu and payments."""
    result = scored(case.hand, case.context)
    assert (result.han, result.fu) == (case.han, case.fu)
    assert dict(result.payments) == case.payments
