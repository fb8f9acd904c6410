"""The memo of hand shapes behind ``score`` gives the answers of the readable path.

``score`` answers the usual win from a memo of hand shapes (``riichi_memo``): each
shape's readings with the yaku that follow from the shape alone, worked out once; per
call only the circumstances. ``score_readable`` is the readable path alone. These tests
compare the two, answer by answer (the whole ``ScoreResult`` or ``Rejection``):

* on random winning hands in random circumstances (every flag, winds, red and repeated
  indicators, kita, honba, deposits, renhou; riichi and sanma; every preset and a few
  rule flips), each scored with a fresh memo (the readable path answers a hand seen
  once), again (the shape worked out), again (from the memo), then in other
  circumstances from the same shape;
* on the 10,000 hands of the peer's suite (every win of the shared logs: in
  ``test_log_wins``);
* on what the memo leaves to the readable path (and that it does leave it).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers.majiang import parse_context, parse_hand
from helpers.winning_hands import random_winning_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules.options import Renhou, RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.scoring import Liability, WinContext, WinningHand, score
from mahjong_rules.scoring.riichi import score_readable
from mahjong_rules.scoring.riichi_memo import memo_score
from mahjong_rules.scoring.riichi_plan import clear_memos, plan_of
from mahjong_rules.tiles import Tile, TileKind

OPTION_SETS: list[tuple[str, RiichiOptions]] = [
    *((f"riichi-{name}", RiichiOptions.preset(name)) for name in RiichiOptions.preset_names()),
    *((f"sanma-{name}", SanmaOptions.preset(name)) for name in SanmaOptions.preset_names()),
    ("kiriage-no-kazoe-no-kuitan", RiichiOptions(kiriage_mangan=True, kazoe_yakuman=False,
                                                 kuitan=False, renpuu_pair_fu=2)),
    ("no-red-fives", RiichiOptions(red_fives=0)),
    ("renhou-mangan", RiichiOptions(renhou=Renhou.MANGAN)),
    ("renhou-yakuman", RiichiOptions(renhou=Renhou.YAKUMAN)),
    ("no-ura-no-kan-dora", RiichiOptions(ura_dora=False, kan_dora=False)),
    ("sanma-bisection", SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION,
                                     kita_cancels_ippatsu=True)),
]
_FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
          "tenhou", "chiihou", "renhou")


def _indicator(rng: random.Random, sanma: bool) -> Tile:
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    kind = rng.choice(kinds)
    return Tile(TileKind(kind), red=kind in (4, 13, 22) and rng.random() < 0.3)


def _circumstances(rng: random.Random, context: WinContext, sanma: bool) -> WinContext:
    """Other circumstances for the same hand: flags now and then, winds, indicators."""
    flags = {name: rng.random() < 0.12 for name in _FLAGS}
    shown = [_indicator(rng, sanma) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    if rng.random() < 0.2 and shown:
        shown.append(shown[0])  # a kind shown twice
    ura = [_indicator(rng, sanma) for _ in range(len(shown))] if rng.random() < 0.5 else []
    players = 3 if sanma else 4
    return attrs.evolve(
        context, **flags, seat_wind=rng.randrange(players),
        round_wind=rng.randrange(3 if sanma else 4), dora_indicators=tuple(shown),
        ura_indicators=tuple(ura), kita=rng.choice((0, 0, 1, 2, 4)) if sanma else 0,
        honba=rng.choice((0, 0, 1, 3)), riichi_sticks=rng.choice((0, 0, 1, 2)),
        liability=Liability.YAKUMAN if rng.random() < 0.03 else None)


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[n for n, _o in OPTION_SETS])
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_memo_answers_as_the_readable_path(name: str, options: RiichiOptions,
                                               seed: int) -> None:
    rng = random.Random(seed)
    sanma = isinstance(options, SanmaOptions)
    for _hand in range(5):
        hand, context = random_winning_hand(rng, sanma=sanma)
        clear_memos()
        contexts = [context] + [_circumstances(rng, context, sanma) for _ in range(4)]
        for circumstances in contexts:
            expected = score_readable(hand, circumstances, options)
            # first seen (readable), seen again (the shape worked out), then from the memo
            for _sight in range(3):
                assert score(hand, circumstances, options) == expected, (name, hand,
                                                                         circumstances)


def test_the_memo_answers_most_usual_wins() -> None:
    """The memo is not a path never taken: a plain ron or tsumo is its own answer."""
    rng = random.Random(7)
    plan = plan_of(RiichiOptions())
    answered = 0
    for _hand in range(200):
        hand, context = random_winning_hand(rng)
        calm = attrs.evolve(context, liability=None, tenhou=False, chiihou=False)
        assert memo_score(hand, calm, plan) is None  # first seen: left to the readable path
        answer = memo_score(hand, calm, plan)  # seen again: the memo's
        if answer is not None:
            answered += 1
            assert answer == score_readable(hand, calm, RiichiOptions())
    assert answered > 150


# (id, hand fields, context) the memo leaves to the readable path
_RAW = Tile.__mro__[1]  # the plain named tuple under Tile: kinds a Tile() refuses


def _hand(text: str, win: str, **fields: Any) -> WinningHand:
    from mahjong_rules.notation import parse_tiles  # noqa: PLC0415

    return WinningHand(concealed=parse_tiles(text), win=parse_tiles(win)[0], **fields)


LEFT_TO_THE_READABLE_PATH: list[tuple[str, WinningHand, WinContext, RiichiOptions]] = [
    ("tenhou", _hand("123456789m1122p", "1p"), WinContext(tsumo=True, tenhou=True),
     RiichiOptions()),
    ("liability", _hand("123456789m1122p", "1p"),
     WinContext(liability=Liability.YAKUMAN), RiichiOptions()),
    ("no-shape", _hand("123456789m1357p", "9p"), WinContext(), RiichiOptions()),
    ("five-of-a-kind", _hand("1111m234p567p789s", "1m"), WinContext(), RiichiOptions()),
    ("switched-off-ura", _hand("123456789m1122p", "1p"), WinContext(riichi=True),
     RiichiOptions(ura_dora=False)),
    ("sanma-2m", _hand("234m456p789s11122z", "2z"), WinContext(), SanmaOptions()),
    ("red-indicator-twice", _hand("123406789m1122p", "1p"),
     WinContext(dora_indicators=_hand("0m", "0m").concealed), RiichiOptions()),
    ("kita-outside-sanma", _hand("123456789m1122p", "1p"), WinContext(kita=1),
     RiichiOptions()),
    ("wind-out-of-range", _hand("123456789m1122p", "1p"), WinContext(seat_wind=3),
     SanmaOptions()),
    ("negative-kind", WinningHand(concealed=(_RAW(-3, False), *_hand("23456789m1122p", "1p")
                                             .concealed),
                                  win=_hand("1p", "1p").win), WinContext(), RiichiOptions()),
]


@pytest.mark.parametrize(("hand", "context", "options"),
                         [case[1:] for case in LEFT_TO_THE_READABLE_PATH],
                         ids=[case[0] for case in LEFT_TO_THE_READABLE_PATH])
def test_what_the_memo_leaves_to_the_readable_path(hand: WinningHand, context: WinContext,
                                                  options: RiichiOptions) -> None:
    plan = plan_of(options)
    for _sight in range(3):  # first seen, then as a shape the memo keeps
        assert memo_score(hand, context, plan) is None
    assert score(hand, context, options) == score_readable(hand, context, options)


HULE = Path(__file__).resolve().parents[3] / "shared" / "data" / "fixtures" / "majiang-core" / (
    "hule.json")


def test_the_peer_hands_from_the_memo_as_readable() -> None:
    if not HULE.exists():
        pytest.skip(f"{HULE} is absent (../shared not beside the checkout)")
    options = RiichiOptions()
    records = json.loads(HULE.read_text())
    clear_memos()  # noting every hand (not sampling, as after a run of new hands)
    differ = []
    for index, record in enumerate(records):
        hand, _offset = parse_hand(record["in"]["shoupai"], record["in"].get("rongpai"))
        context = parse_context(record["in"])
        expected = score_readable(hand, context, options)
        if any(score(hand, context, options) != expected for _sight in range(3)):
            differ.append(index)
    assert not differ, differ[:10]


# What the memo's split assumes: the yaku and fu rules read of the circumstances only
# the flags it adds itself (riichi and the others, tenhou and chiihou it leaves to the
# readable path), the tsumo flag (part of a shape's key) and the two winds.
_READ_BY_THE_RULES = frozenset({"tsumo", "seat_wind", "round_wind", "riichi", "double_riichi",
                                "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                                "chiihou"})


class _Recording:
    """A context that notes every field read of it."""

    def __init__(self, context: WinContext, read: set[str]) -> None:
        self._context = context
        self._read = read

    def __getattr__(self, name: str) -> Any:
        self._read.add(name)
        return getattr(self._context, name)


def test_the_rules_read_only_what_the_memo_keys_on() -> None:
    from mahjong_rules.scoring.division import readings  # noqa: PLC0415
    from mahjong_rules.scoring.riichi_fu import fu_of  # noqa: PLC0415
    from mahjong_rules.scoring.riichi_yaku import yaku_mask  # noqa: PLC0415

    rng = random.Random(11)
    read: set[str] = set()
    options = RiichiOptions()
    for _hand in range(300):
        hand, context = random_winning_hand(rng)
        context = _circumstances(rng, context, sanma=False)
        kinds = [tile.kind for tile in hand.concealed]
        every = [*kinds, *(tile.kind for meld in hand.melds for tile in meld.tiles),
                 hand.win.kind]
        recording: Any = _Recording(context, read)
        for reading in readings(kinds, win=hand.win.kind, melds=hand.melds, tsumo=context.tsumo):
            yaku_mask(reading, every, closed=hand.is_closed, context=recording, options=options)
            for pinfu in (False, True):
                fu_of(reading, hand.is_closed, pinfu, recording, options)
    assert read <= _READ_BY_THE_RULES, read - _READ_BY_THE_RULES
    assert {"riichi", "seat_wind", "round_wind", "tsumo"} <= read
