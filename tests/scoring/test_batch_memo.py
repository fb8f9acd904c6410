"""The memo of batch scoring answers as the plain path, field by field.

``HandBatch.from_hands`` packs by shape (each distinct hand and context once, then looked
up: ``batch_pack.pack_shapes``) and gives each hand its shape id; ``score_batch`` then
takes each shape's readings from the memo (``batch_memo``) instead of working them out.
The plain path (``batch_eval.score_plainly``: any batch without shape ids, e.g. one packed
by ``from_hands_readable``) is the reference: every field of ``BatchScores`` must agree,
on random hands in random circumstances (shapes repeated under other circumstances, every
flag, winds, indicators, kita, honba, liability), riichi and sanma, every preset; with the
memo empty, filling and full; on spoiled hands; and on every win of the shared logs.
"""

from __future__ import annotations

import importlib.util
import pickle
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pytest
from helpers.winning_hands import random_winning_hand

from mahjong_rules.options import Renhou, RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import (
    HandBatch,
    Liability,
    WinContext,
    WinningHand,
    batch_memo,
    batch_pack,
    score,
    score_batch,
)
from mahjong_rules.scoring.batch import BatchScores
from mahjong_rules.scoring.batch_input import ShapedBatch
from mahjong_rules.scoring.batch_memo import score_from_memo
from mahjong_rules.scoring.batch_pack import clear_shapes
from mahjong_rules.scoring.riichi_plan import clear_memos
from mahjong_rules.tiles import Tile, TileKind

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import _log_wins  # the benchmarks folder, added just above


def _sibling(name: str) -> ModuleType:
    """A test module of this folder (its spoilers, its inputs), loaded by path."""
    spec = importlib.util.spec_from_file_location(f"_{name}", Path(__file__).with_name(
        f"{name}.py"))
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SPOILERS = _sibling("test_batch_pack").SPOILERS

Pair = tuple[WinningHand, WinContext]


def _batched(options: RiichiOptions) -> bool:
    """The options ``score_batch`` plays (ippatsu, ura and kan dora, no renhou)."""
    return (options.ippatsu_yaku and options.ura_dora and options.kan_dora and options.kan_ura
            and options.renhou is Renhou.OFF)


OPTION_SETS: list[tuple[str, RiichiOptions]] = [
    *((f"riichi-{name}", RiichiOptions.preset(name)) for name in RiichiOptions.preset_names()
      if _batched(RiichiOptions.preset(name))),
    *((f"sanma-{name}", SanmaOptions.preset(name)) for name in SanmaOptions.preset_names()
      if _batched(SanmaOptions.preset(name))),
    ("kiriage-no-kazoe-no-kuitan", RiichiOptions(kiriage_mangan=True, kazoe_yakuman=False,
                                                 kuitan=False, renpuu_pair_fu=2)),
    ("no-red-fives", RiichiOptions(red_fives=0)),
    ("no-stacking", RiichiOptions(yakuman_stacking=False, double_yakuman=False)),
    ("pao-suukantsu", RiichiOptions(pao_suukantsu=True)),
    ("sanma-bisection", SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION,
                                     kita_cancels_ippatsu=True, honba_points=1000)),
]
_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
          "chankan", "tenhou", "chiihou")


def _indicator(rng: random.Random, sanma: bool) -> Tile:
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    kind = rng.choice(kinds)
    return Tile(TileKind(kind), red=kind in (4, 13, 22) and rng.random() < 0.3)


def _circumstances(rng: random.Random, context: WinContext, sanma: bool) -> WinContext:
    """Other circumstances for the same hand: flags now and then, winds, indicators."""
    flags = {name: rng.random() < 0.12 for name in _FLAGS}
    shown = [_indicator(rng, sanma) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    ura = [_indicator(rng, sanma) for _ in range(len(shown))] if rng.random() < 0.5 else []
    players = 3 if sanma else 4
    return attrs.evolve(
        context, **flags, seat_wind=rng.randrange(players),
        round_wind=rng.randrange(3 if sanma else 4), dora_indicators=tuple(shown),
        ura_indicators=tuple(ura), kita=rng.choice((0, 0, 1, 2, 4)) if sanma else 0,
        honba=rng.choice((0, 0, 1, 3)), riichi_sticks=rng.choice((0, 0, 1, 2)),
        liability=rng.choice((None,) * 30 + (Liability.YAKUMAN, Liability.OPEN_KAN_RINSHAN)))


def _hands(rng: random.Random, count: int, sanma: bool) -> list[Pair]:
    """Random wins, each shape also under other circumstances (as a game meets them)."""
    hands: list[Pair] = []
    while len(hands) < count:
        hand, context = random_winning_hand(rng, sanma=sanma)
        hands.append((hand, context))
        hands.extend((hand, _circumstances(rng, context, sanma))
                     for _ in range(rng.choice((0, 0, 1, 3))))
    rng.shuffle(hands)
    return hands[:count]


def _plain(batch: HandBatch) -> HandBatch:
    return HandBatch(*batch)


def _assert_same(got: BatchScores, expected: BatchScores) -> None:
    for field in BatchScores._fields:
        mine, theirs = getattr(got, field), getattr(expected, field)
        assert mine.dtype == theirs.dtype, field
        assert mine.shape == theirs.shape, field
        assert np.array_equal(mine, theirs), (field, np.argwhere(mine != theirs)[:5])


def _check(hands: list[Pair], options: RiichiOptions) -> None:
    sanma = isinstance(options, SanmaOptions)
    shaped = HandBatch.from_hands(hands, sanma=sanma)
    expected = score_batch(HandBatch.from_hands_readable(hands, sanma=sanma), options)
    _assert_same(score_batch(_plain(shaped), options), expected)
    if type(shaped) is ShapedBatch:  # not a batch with an unusual hand
        assert score_from_memo(shaped, options) is not None  # shapes worked out (or some)
    _assert_same(score_batch(shaped, options), expected)
    _assert_same(score_batch(shaped, options), expected)  # every shape from the memo
    again = HandBatch.from_hands(hands, sanma=sanma)  # packed from the caches
    _assert_same(score_batch(again, options), expected)


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[n for n, _o in OPTION_SETS])
def test_memo_answers_as_the_plain_path(name: str, options: RiichiOptions,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    sanma = isinstance(options, SanmaOptions)
    rng = random.Random(f"batch-memo-{name}")
    answered = []
    one_by_one = batch_memo._one_by_one  # noqa: SLF001 (counted, to know it ran)

    def counted(*args: Any) -> Any:
        fields = one_by_one(*args)
        answered.append(fields is not None)
        return fields

    monkeypatch.setattr(batch_memo, "_one_by_one", counted)
    clear_memos()
    # small batches (scored one by one by score) and large ones, the memo cold then filling
    for size in (1, 5, 24, 25, 40, 1500, *(rng.randrange(1, 30) for _ in range(20))):
        hands = _hands(rng, size, sanma)
        assert type(HandBatch.from_hands(hands, sanma=sanma)) is ShapedBatch
        _check(hands, options)
    for size in (1, 3, 8, 24):  # small batches of wins (no refusal, no pao)
        wins = [(hand, context) for hand, context in _hands(rng, 4 * size, sanma)
                if context.liability is None
                and isinstance(score(hand, context, options), ScoreResult)][:size]
        _check(wins, options)
    assert any(answered)  # small batches scored one by one


def test_packing_by_shape_fills_the_readable_arrays() -> None:
    rng = random.Random("batch-memo-pack")
    for sanma in (False, True):
        hands = _hands(rng, 800, sanma)
        for _cold in range(2):
            shaped = HandBatch.from_hands(hands, sanma=sanma)
            assert type(shaped) is ShapedBatch
            readable = HandBatch.from_hands_readable(hands, sanma=sanma)
            for field in HandBatch._fields:
                got, expected = getattr(shaped, field), getattr(readable, field)
                assert got.dtype == expected.dtype, field
                assert got.shape == expected.shape, field
                assert np.array_equal(got, expected), field
                assert not got.flags.writeable, field


@pytest.mark.parametrize("name", list(SPOILERS), ids=list(SPOILERS))
def test_spoiled_hands_score_as_the_plain_path(name: str) -> None:
    rng = random.Random(f"batch-memo-spoil-{name}")
    hands = _hands(rng, 30, sanma=False)
    for row in (0, 7, 29):
        hands[row] = SPOILERS[name](*hands[row])
    _check(hands, RiichiOptions())


def test_shape_ids_of_an_earlier_generation_do_not_hold() -> None:
    """A batch packed before the caches started again is scored by the plain path."""
    rng = random.Random("batch-memo-generation")
    hands = _hands(rng, 200, sanma=False)
    options = RiichiOptions()
    expected = score_batch(HandBatch.from_hands_readable(hands), options)
    old = HandBatch.from_hands(hands)
    score_batch(old, options)
    clear_shapes()
    others = _hands(rng, 300, sanma=False)
    HandBatch.from_hands(others)  # the ids of the old batch now name other hands
    score_batch(HandBatch.from_hands(others), options)
    _assert_same(score_batch(old, options), expected)
    _assert_same(score_batch(old._replace(win=old.win), options), expected)
    copied = pickle.loads(pickle.dumps(old))  # noqa: S301 (our own bytes)
    assert type(copied) is HandBatch
    _assert_same(score_batch(copied, options), expected)


def test_huge_counts_pick_the_best_reading_as_the_plain_path() -> None:
    """Totals too large for key and row in one int64: the plain path's way of picking."""
    rng = random.Random("batch-memo-huge")
    hands = [(hand, attrs.evolve(context, honba=10**8 + rng.randrange(9)))
             for hand, context in _hands(rng, 300, sanma=False)]
    _check(hands, RiichiOptions())


def test_a_full_cache_starts_a_new_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_pack, "_HAND_LIMIT", 64)
    clear_memos()
    rng = random.Random("batch-memo-full")
    options = RiichiOptions()
    for size in (50, 50, 70):  # fills, overflows, too many for the cache at all
        hands = _hands(rng, size, sanma=False)
        expected = score_batch(HandBatch.from_hands_readable(hands), options)
        _assert_same(score_batch(HandBatch.from_hands(hands), options), expected)
    clear_memos()


@pytest.mark.skipif(not _log_wins.LOGS.is_dir(), reason="real logs not found")
def test_every_logged_win_from_the_memo_as_plain() -> None:
    inputs = _sibling("test_log_wins")._inputs  # noqa: SLF001 (the logs' own reading)
    wins, _left_out = _log_wins.log_wins()
    groups: dict[RiichiOptions, list[Pair]] = {}
    for win in wins:
        groups.setdefault(win.options, []).append(inputs(win))
    clear_memos()
    for options, hands in groups.items():
        _check(hands, options)
