"""The cold path of ``score`` (a hand never seen) against plain computations.

Issue 16's fifth scoring pass changed what ``score`` does on a hand it has not seen:

* the fu of a reading's sets come from a table of every block (``riichi_fu._BLOCK_FU``):
  checked here block by block, and on readings of every block, against the fu rules
  written out (seeds/000 6.3);
* the dora and ura-dora are counted while the indicators are screened (through the
  plan's indicator table) instead of by ``dora_counts`` afterwards: checked on random
  hands under random indicators (repeated, red, five of a kind with the hand, riichi or
  not, kita, every preset) against ``dora_counts`` of the hand's tally and the full check;
* the memo notes a first-seen hand inline in ``score``: a hand scored cold, then again,
  then from the memo, gives the readable path's answer each time.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from helpers.winning_hands import random_winning_hand

from mahjong_rules.errors import Rejection
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.outcome import FuLine, ScoreResult
from mahjong_rules.scoring import WinContext, WinningHand, score
from mahjong_rules.scoring.division import Block, Form, Reading, Shape, Wait
from mahjong_rules.scoring.riichi import score_readable
from mahjong_rules.scoring.riichi_check import check_hand
from mahjong_rules.scoring.riichi_fu import fu_of
from mahjong_rules.scoring.riichi_plan import clear_memos, dora_counts
from mahjong_rules.tiles import Tile, TileKind

_ALL_BLOCKS = [Block(shape, kind, is_open, melded) for shape in Shape for kind in range(34)
               for is_open in (False, True) for melded in (False, True)
               if not (shape is Shape.RUN and (kind % 9 > 6 or kind >= 27))]


def _set_fu(block: Block, context: WinContext, options: RiichiOptions) -> list[tuple[str, int]]:
    """The fu lines of one block, written out from the rules."""
    shape, kind, is_open, _melded = block
    outside = kind >= 27 or kind % 9 in (0, 8)
    if shape is Shape.RUN:
        return []
    if shape is Shape.PAIR:
        if kind >= 31:
            return [("pair_dragon", 2)]
        seat, prevalent = kind == 27 + context.seat_wind, kind == 27 + context.round_wind
        if seat and prevalent:
            return [("pair_double_wind", options.renpuu_pair_fu)]
        if seat:
            return [("pair_seat_wind", 2)]
        return [("pair_round_wind", 2)] if prevalent else []
    value = (2 if shape is Shape.TRIPLET else 8) * (2 if outside else 1) * (1 if is_open else 2)
    name = "kan" if shape is Shape.KAN else "triplet"
    return [(f"{'open' if is_open else 'closed'}_{name}_{'terminal' if outside else 'simple'}",
             value)]


@pytest.mark.parametrize("block", _ALL_BLOCKS, ids=lambda b: f"{b.shape.value}-{b.kind}"
                         f"-{'open' if b.open else 'closed'}-{'melded' if b.melded else 'hand'}")
@pytest.mark.parametrize(("seat", "prevalent"), [(0, 0), (1, 0), (2, 1), (3, 3)])
def test_fu_of_each_block(block: Block, seat: int, prevalent: int) -> None:
    options = RiichiOptions(renpuu_pair_fu=2) if seat == prevalent == 3 else RiichiOptions()
    context = WinContext(tsumo=True, seat_wind=seat, round_wind=prevalent)
    reading = Reading(Form.REGULAR, (block,), Wait.TANKI, 0)
    lines, fu = fu_of(reading, False, False, context, options)
    expected = [("base", 20), ("tsumo", 2), *_set_fu(block, context, options),
                ("wait_tanki", 2)]
    raw = sum(value for _name, value in expected)
    got = [tuple(line) for line in lines]
    if raw == 20:
        assert got == [*expected, ("open_minimum", 10)]
        assert fu == 30
    else:
        rounded = -(-raw // 10) * 10
        assert got == expected + ([("rounding", rounded - raw)] if rounded != raw else [])
        assert fu == rounded


def test_fu_of_a_reading_of_every_block() -> None:
    """Blocks in one reading in table order: every line in block order, summed."""
    context = WinContext(seat_wind=1, round_wind=0)
    options = RiichiOptions()
    rng = random.Random(16)
    for _ in range(300):
        blocks = tuple(rng.sample(_ALL_BLOCKS, 5))
        reading = Reading(Form.REGULAR, blocks, rng.choice(list(Wait)[:5]), 0)
        closed = rng.random() < 0.5
        lines, fu = fu_of(reading, closed, False, context, options)
        expected = [("base", 20), *([("closed_ron", 10)] if closed else [])]
        for block in blocks:
            expected += _set_fu(block, context, options)
        got = [tuple(line) for line in lines]
        assert got[:len(expected)] == expected
        assert fu % 10 == 0
        assert fu >= sum(value for _name, value in expected)


def _random_indicators(rng: random.Random, hand: WinningHand, sanma: bool) -> list[Tile]:
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    held: list[int] = [tile[0] for tile in (*hand.concealed, hand.win)]
    picks: list[Tile] = []
    for _ in range(rng.choice((1, 1, 2, 3, 4, 5))):
        # often a kind the hand holds (five of a kind with the hand), or one shown already
        source = rng.random()
        kind: int
        if source < 0.3:
            kind = rng.choice(held)
        elif source < 0.45 and picks:
            kind = rng.choice(picks)[0]
        else:
            kind = rng.choice(kinds)
        red = kind in (4, 13, 22) and rng.random() < 0.3
        picks.append(Tile(TileKind(kind), red=red))
    return picks


@pytest.mark.parametrize("options", [RiichiOptions(), RiichiOptions(red_fives=0),
                                     RiichiOptions.preset("mahjong_soul"), SanmaOptions()],
                         ids=["riichi", "no-red", "mahjong-soul", "sanma"])
def test_dora_counted_with_the_screen(options: RiichiOptions) -> None:
    sanma = isinstance(options, SanmaOptions)
    rng = random.Random(1600 + sanma)
    checked = refused = 0
    for _ in range(1500):
        hand, context = random_winning_hand(rng, sanma=sanma)
        shown = _random_indicators(rng, hand, sanma)
        cut = rng.randint(0, len(shown))
        riichi = rng.random() < 0.5
        context = attrs.evolve(context, riichi=riichi and hand.is_closed,
                               dora_indicators=tuple(shown[:cut]) or tuple(shown[:1]),
                               ura_indicators=tuple(shown[cut:]),
                               kita=rng.choice((0, 0, 1, 2)) if sanma else 0)
        clear_memos()
        result = score(hand, context, options)
        problem = check_hand(hand, context, options)
        if problem is not None:  # the screen sent the hand to the full check
            assert result == problem
            refused += 1
            continue
        assert result == score_readable(hand, context, options)
        if not isinstance(result, ScoreResult) or result.yakuman:
            continue
        tally: Counter[int] = Counter(tile[0] for tile in (*hand.concealed, hand.win,
                                             *(t for meld in hand.melds for t in meld.tiles)))
        red = sum(1 for tile in (*hand.concealed, hand.win,
                                 *(t for meld in hand.melds for t in meld.tiles)) if tile[1])
        dora, red_count, ura, kita = dora_counts([tally[k] for k in range(34)], red, context,
                                                 sanma)
        assert (result.dora, result.red, result.ura, result.kita) == (dora, red_count, ura,
                                                                      kita)
        checked += 1
    assert checked > 300
    assert refused > 20  # the five-of-a-kind and red-five screens were met


def test_cold_then_seen_then_memo() -> None:
    rng = random.Random(161)
    options = RiichiOptions()
    for _ in range(400):
        hand, context = random_winning_hand(rng)
        clear_memos()
        expected = score_readable(hand, context, options)
        answers = [score(hand, context, options) for _ in range(3)]
        assert answers == [expected] * 3
        assert isinstance(expected, ScoreResult | Rejection)
        if isinstance(expected, ScoreResult):
            assert all(isinstance(line, FuLine) for line in expected.fu_lines)
