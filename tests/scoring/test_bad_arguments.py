"""Arguments of the wrong types: score() and score_batch() raise the typed bad_input error.

A hand the rules refuse is a ``Rejection`` (``bad_hand`` ...); an argument that is not a
hand at all (a string, an int for a tile, a list of hands for a batch) is a programming
error, raised as :class:`~mahjong_rules.errors.InvalidArgumentError` with reason
``bad_input``, never an ``AttributeError`` from inside the scorer.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_rules.errors import InvalidArgumentError, MahjongRulesError, Reason
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions, TaiwaneseOptions
from mahjong_rules.scoring import HandBatch, Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.scoring.batch import score_batch

_TILES = parse_tiles("234m567p789s22s45p")
_WIN = parse_tiles("3p")[0]
_HAND = WinningHand(concealed=_TILES, win=_WIN)
_PON = Meld(kind=MeldKind.PON, tiles=parse_tiles("555z"))


def _any(value: object) -> Any:
    """A value of the wrong type, given where the annotations want another."""
    return value


def _hand(**fields: Any) -> WinningHand:
    return WinningHand(**{"concealed": _TILES, "win": _WIN, **fields})


# (id, hand, context, options, words of the message)
SCORE_CASES: list[tuple[str, Any, Any, Any, str]] = [
    ("hand-is-a-string", "234m567p789s22s45p3p", WinContext(), None, "WinningHand"),
    ("hand-is-none", None, WinContext(), None, "WinningHand"),
    ("hand-is-a-tuple", (_TILES, _WIN), WinContext(), None, "WinningHand"),
    ("context-is-a-dict", _HAND, {"tsumo": True}, None, "WinContext"),
    ("options-are-a-preset-name", _HAND, WinContext(), "tenhou", "RiichiOptions"),
    ("options-are-taiwanese", _HAND, WinContext(), TaiwaneseOptions(), "RiichiOptions"),
    ("concealed-holds-ints", _hand(concealed=(1, 2, 3)), WinContext(), None, "concealed"),
    ("win-is-an-int", _hand(win=11), WinContext(), None, "winning tile"),
    ("meld-is-a-string", _hand(concealed=_TILES[3:], melds=("pon 555z",)), WinContext(), None,
     "melds"),
    ("meld-holds-ints", _hand(concealed=_TILES[3:],
                              melds=(Meld(kind=MeldKind.PON, tiles=_any((31, 31, 31))),)),
     WinContext(), None, "meld"),
    ("dora-indicator-is-an-int", _HAND, WinContext(dora_indicators=_any((5,))), None,
     "dora_indicators"),
    ("seat-wind-is-a-string", _HAND, WinContext(seat_wind=_any("E")), None, "seat_wind"),
    ("honba-is-none", _HAND, WinContext(honba=_any(None)), None, "honba"),
]


@pytest.mark.parametrize(("hand", "context", "options", "words"),
                         [case[1:] for case in SCORE_CASES], ids=[c[0] for c in SCORE_CASES])
def test_score_raises_bad_input(hand: Any, context: Any, options: Any, words: str) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        score(hand, context, options)
    assert caught.value.reason is Reason.BAD_INPUT
    assert isinstance(caught.value, MahjongRulesError | ValueError)
    assert words in caught.value.message


def test_a_valid_call_still_scores() -> None:
    """The checks leave a real hand alone (and an open one with a known meld)."""
    result = score(_HAND, WinContext(seat_wind=1), RiichiOptions())
    assert not isinstance(result, Exception)
    assert result.total == 1000  # type: ignore[union-attr]
    opened = score(_hand(concealed=_TILES[3:], melds=(_PON,)), WinContext(seat_wind=1))
    assert getattr(opened, "han", None) == 1


BATCH_CASES: list[tuple[str, Any, str]] = [
    ("list-of-hands", [_HAND], "pair"),
    ("a-string", "hands", "sequence"),
    ("pair-with-an-int-context", [(_HAND, 3)], "WinContext"),
    ("pair-with-a-string-hand", [("234m", WinContext())], "WinningHand"),
    ("hand-of-ints", [(_hand(concealed=(1, 2, 3)), WinContext())], "concealed"),
    ("triple", [(_HAND, WinContext(), None)], "pair"),
]


@pytest.mark.parametrize("readable", [False, True], ids=["fast", "readable"])
@pytest.mark.parametrize(("hands", "words"), [case[1:] for case in BATCH_CASES],
                         ids=[c[0] for c in BATCH_CASES])
def test_from_hands_raises_bad_input(hands: Any, words: str, readable: bool) -> None:
    pack = HandBatch.from_hands_readable if readable else HandBatch.from_hands
    with pytest.raises(InvalidArgumentError) as caught:
        pack(hands)
    assert caught.value.reason is Reason.BAD_INPUT
    assert words in caught.value.message


@pytest.mark.parametrize(("batch", "options", "words"), [
    ([(_HAND, WinContext())], None, "HandBatch"),
    ("batch", None, "HandBatch"),
    (None, None, "HandBatch"),
    ("packed", "tenhou", "RiichiOptions"),
], ids=["list-of-pairs", "a-string", "none", "options-are-a-name"])
def test_score_batch_raises_bad_input(batch: Any, options: Any, words: str) -> None:
    if batch == "packed":
        batch = HandBatch.from_hands([(_HAND, WinContext())])
    with pytest.raises(InvalidArgumentError) as caught:
        score_batch(batch, options)
    assert caught.value.reason is Reason.BAD_INPUT
    assert words in caught.value.message
