"""The caches behind ``score`` give the answers of the plain, uncached computation.

``score`` reads a hand through caches (each suit's divisions by its tile counts, each
meld's block by its kind and lowest kind, points by han, fu and situation) and works on
the *facts* of a reading (run and triplet masks and counts) added up from the cached
parts. The rules themselves live once, in ``riichi_yaku``, ``riichi_fu`` and
``riichi_points``. These tests rebuild every step the slow, obvious way and compare:

* :func:`reference_readings`: a depth-first search of the whole hand (never shipped),
  against :func:`~mahjong_rules.scoring.division.readings`;
* the facts of each reading from the per-suit caches, against
  :func:`~mahjong_rules.scoring.division.block_facts` of its blocks;
* :func:`reference_score`: the readings, ``find_yaku`` on the reading's own blocks,
  ``count_fu``, ``base_points`` and ``payments``, the best reading by points, then han,
  then fu, against ``score``, on random hands (closed and open, riichi and sanma, every
  option preset and a few rule flips).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from helpers.winning_hands import random_winning_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules.errors import Rejection
from mahjong_rules.options import RiichiOptions, SanmaOptions, SanmaTsumo
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import (
    Liability,
    Meld,
    MeldKind,
    WinContext,
    WinningHand,
    riichi_check,
    score,
)
from mahjong_rules.scoring import riichi as riichi_scoring
from mahjong_rules.scoring.division import (
    Block,
    Form,
    Reading,
    Shape,
    Wait,
    block_facts,
    meld_block,
    meld_parts,
    readings,
    regular_readings,
)
from mahjong_rules.scoring.riichi_fu import count_fu
from mahjong_rules.scoring.riichi_points import base_points, payments
from mahjong_rules.scoring.riichi_yaku import find_yaku
from mahjong_rules.tiles import TERMINAL_AND_HONOR_KINDS, Tile, TileKind

OPTION_SETS: list[tuple[str, RiichiOptions]] = [
    *((f"riichi-{name}", RiichiOptions.preset(name)) for name in RiichiOptions.preset_names()),
    *((f"sanma-{name}", SanmaOptions.preset(name)) for name in SanmaOptions.preset_names()),
    ("kiriage-no-kazoe-no-kuitan", RiichiOptions(kiriage_mangan=True, kazoe_yakuman=False,
                                                 kuitan=False, renpuu_pair_fu=2)),
    ("single-yakuman-no-pao", RiichiOptions(double_yakuman=False, pao=False,
                                            pao_open_kan_rinshan=True)),
    ("sanma-bisection", SanmaOptions(sanma_tsumo=SanmaTsumo.NORTH_BISECTION,
                                     honba_points=1000)),
]


# --------------------------------------------------------------------------- references


def _search(counts: list[int], sets: int) -> list[list[tuple[Shape, int]]]:
    """Every split of ``counts`` into ``sets`` sets and one pair: lowest kind first,
    trying a pair, then a triplet, then a run there."""
    found: list[list[tuple[Shape, int]]] = []
    current: list[tuple[Shape, int]] = []

    def search(sets_left: int, pair_left: int) -> None:
        kind = next((k for k in range(34) if counts[k]), 34)
        if kind == 34:
            if sets_left == 0 and pair_left == 0:
                found.append(list(current))
            return
        options: list[tuple[Shape, tuple[int, ...], int, int]] = []
        if pair_left and counts[kind] >= 2:
            options.append((Shape.PAIR, (kind, kind), sets_left, 0))
        if sets_left > 0 and counts[kind] >= 3:
            options.append((Shape.TRIPLET, (kind, kind, kind), sets_left - 1, pair_left))
        if (sets_left > 0 and kind < 27 and kind % 9 <= 6 and counts[kind + 1]
                and counts[kind + 2]):
            options.append((Shape.RUN, (kind, kind + 1, kind + 2), sets_left - 1, pair_left))
        for shape, used, sets_next, pair_next in options:
            for k in used:
                counts[k] -= 1
            current.append((shape, kind))
            search(sets_next, pair_next)
            current.pop()
            for k in used:
                counts[k] += 1

    search(sets, 1)
    return found


def _run_wait(start: int, win: int) -> Wait:
    if win == start + 1:
        return Wait.KANCHAN
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return Wait.PENCHAN
    return Wait.RYANMEN


def reference_readings(concealed: Sequence[int], *, win: int, melds: tuple[Meld, ...],
                       tsumo: bool) -> list[Reading]:
    """Every reading, the obvious way: each division, each block holding the winning
    tile, duplicates (the same blocks, the winning tile in the same block) once."""
    counts = [0] * 34
    for kind in [*concealed, win]:
        counts[kind] += 1
    meld_blocks = tuple(meld_block(meld) for meld in melds)
    found: list[Reading] = []
    seen: set[object] = set()
    for division in _search(list(counts), 4 - len(melds)):
        for index, (shape, kind) in enumerate(division):
            if shape is Shape.RUN:
                if not kind <= win <= kind + 2:
                    continue
                wait = _run_wait(kind, win)
            elif kind != win:
                continue
            else:
                wait = Wait.TANKI if shape is Shape.PAIR else Wait.SHANPON
            blocks = [Block(s, k, open=False, melded=False) for s, k in division]
            if shape is Shape.TRIPLET and not tsumo:
                blocks[index] = Block(shape, kind, open=True, melded=False)
            key = (sorted((b.shape.value, b.kind, b.open) for b in blocks), shape, kind)
            if repr(key) in seen:
                continue
            seen.add(repr(key))
            found.append(Reading(Form.REGULAR, (*meld_blocks, *blocks), wait,
                                 len(meld_blocks) + index))
    if not melds:
        if sum(1 for c in counts if c == 2) == 7:
            pairs = tuple(Block(Shape.PAIR, k, open=False, melded=False)
                          for k in range(34) if counts[k] == 2)
            at = next(i for i, block in enumerate(pairs) if block.kind == win)
            found.append(Reading(Form.SEVEN_PAIRS, pairs, Wait.TANKI, at))
        orphans = [counts[k] for k in TERMINAL_AND_HONOR_KINDS]
        if all(orphans) and sum(orphans) == 14:
            found.append(Reading(Form.THIRTEEN_ORPHANS, (), Wait.THIRTEEN_SIDED
                                 if counts[win] == 2 else Wait.ORPHAN_SINGLE, -1))
    return found


def reference_score(hand: WinningHand, context: WinContext,
                    options: RiichiOptions) -> tuple[Any, ...] | str:
    """The answer of ``score`` for a valid hand, without its caches or facts."""
    sanma = isinstance(options, SanmaOptions)
    # the switches: without kan dora the first indicator and its ura only, without kan
    # ura the first ura only, without ura dora none, without the ippatsu yaku no ippatsu
    dora_indicators, ura_indicators = context.dora_indicators, context.ura_indicators
    if not options.kan_dora or not options.kan_ura:
        ura_indicators = ura_indicators[:1]
    if not options.kan_dora:
        dora_indicators = dora_indicators[:1]
    context = attrs.evolve(context, dora_indicators=dora_indicators,
                           ura_indicators=ura_indicators if options.ura_dora else (),
                           ippatsu=context.ippatsu and options.ippatsu_yaku)
    tiles = [*hand.concealed, *(t for meld in hand.melds for t in meld.tiles), hand.win]
    kinds: list[int] = [t.kind for t in tiles]
    closed = hand.is_closed
    found = reference_readings([t.kind for t in hand.concealed], win=hand.win.kind,
                               melds=hand.melds, tsumo=context.tsumo)
    if not found:
        return "not_a_winning_hand"
    riichi = context.riichi or context.double_riichi
    # the league switches: no ippatsu; no kan dora (the first indicator only, and its
    # ura); no kan ura (the first ura only); no ura at all
    if not options.ippatsu_yaku:
        context = attrs.evolve(context, ippatsu=False)
    shown = context.dora_indicators[:None if options.kan_dora else 1]
    shown_ura = context.ura_indicators[:None if options.kan_dora and options.kan_ura else 1]
    if not options.ura_dora:
        shown_ura = ()
    dora = sum(kinds.count(riichi_scoring.dora_of(t.kind, sanma=sanma)) for t in shown)
    ura = sum(kinds.count(riichi_scoring.dora_of(t.kind, sanma=sanma))
              for t in shown_ura) if riichi else 0
    north = [riichi_scoring.dora_of(t.kind, sanma=sanma) == 30 for t in shown]
    north_ura = [riichi_scoring.dora_of(t.kind, sanma=sanma) == 30 for t in shown_ura]
    kita = context.kita * (1 + sum(north) + (sum(north_ura) if riichi else 0))
    red = sum(1 for t in tiles if t.red)
    best: tuple[Any, ...] | None = None
    best_key = None
    for reading in found:
        yaku = find_yaku(reading, kinds, closed=closed, context=context, options=options)
        if not yaku:
            continue
        yakuman = sum(hit.yakuman for hit in yaku)
        lines: tuple[Any, ...] = ()
        if yakuman:
            han = fu = 0
            counted = (0, 0, 0, 0)
        else:
            lines, fu = count_fu(reading, closed=closed,
                                 pinfu=any(hit.id == "pinfu" for hit in yaku),
                                 context=context, options=options)
            han = sum(hit.han for hit in yaku) + dora + red + ura + kita
            counted = (dora, red, ura, kita)
        base, limit = base_points(han, fu, yakuman, options)
        liability = context.liability
        liable_base = 0
        if liability is Liability.YAKUMAN and options.pao:
            liable_base = 8000 * sum(hit.yakuman for hit in yaku
                                     if hit.id in ("daisangen", "daisuushii"))
        if liability is Liability.OPEN_KAN_RINSHAN and not options.pao_open_kan_rinshan:
            liability = None
        if liability is Liability.YAKUMAN and not liable_base:
            liability = None
        owed = payments(base, dealer=context.is_dealer, tsumo=context.tsumo,
                        honba=context.honba, options=options, liability=liability,
                        liable_base=liable_base)
        non_dealers = options.players - (1 if context.is_dealer else 2)
        total = sum(amount * (non_dealers if role == "non_dealer" else 1)
                    for role, amount in owed.items()) + 1000 * context.riichi_sticks
        key = (total, 1000 * yakuman if yakuman else han, fu)
        if best_key is None or key > best_key:
            best_key = key
            best = (tuple(yaku), *counted, lines, han, fu, yakuman, limit, base, owed, total,
                    reading.wait.value)
    return "no_yaku" if best is None else best


def _answer(result: ScoreResult | Rejection) -> tuple[Any, ...] | str:
    if isinstance(result, Rejection):
        return result.reason.value
    return (result.yaku, result.dora, result.red, result.ura, result.kita, result.fu_lines,
            result.han, result.fu, result.yakuman, result.limit, result.base_points,
            dict(result.payments), result.total, result.wait)


# --------------------------------------------------------------------------- tests


def _plain(reading: Reading) -> tuple[object, ...]:
    return (reading.form, reading.blocks, reading.wait, reading.win_block)


@pytest.mark.parametrize("sanma", [False, True], ids=["riichi", "sanma"])
def test_readings_equal_the_reference_search(sanma: bool) -> None:
    rng = random.Random(f"readings-{sanma}")
    for _ in range(3000):
        hand, _context = random_winning_hand(rng, sanma=sanma)
        concealed = [t.kind for t in hand.concealed]
        for tsumo in (False, True):
            ours = readings(concealed, win=hand.win.kind, melds=hand.melds, tsumo=tsumo)
            expected = reference_readings(concealed, win=hand.win.kind, melds=hand.melds,
                                          tsumo=tsumo)
            assert [_plain(r) for r in ours] == [_plain(r) for r in expected], hand


@given(st.lists(st.integers(0, 8), min_size=14, max_size=14), st.integers(0, 2),
       st.booleans())
def test_one_suit_hands_read_as_the_reference(positions: list[int], suit: int,
                                              tsumo: bool) -> None:
    """Dense one-suit hands (many readings, repeated runs) and broken ones."""
    kinds = [9 * suit + p for p in positions]
    if max(kinds.count(k) for k in kinds) > 4:
        return
    concealed, win = kinds[:-1], kinds[-1]
    ours = readings(concealed, win=win, melds=(), tsumo=tsumo)
    expected = reference_readings(concealed, win=win, melds=(), tsumo=tsumo)
    assert [_plain(r) for r in ours] == [_plain(r) for r in expected]


def test_cached_facts_equal_the_facts_of_the_blocks() -> None:
    rng = random.Random("facts")
    checked = 0
    for _ in range(3000):
        hand, context = random_winning_hand(rng)
        counts = [0] * 34
        for tile in (*hand.concealed, hand.win):
            counts[tile.kind] += 1
        meld_blocks, meld_facts = meld_parts(hand.melds)
        assert meld_blocks == tuple(meld_block(meld) for meld in hand.melds)
        assert meld_facts == block_facts(meld_blocks)
        for reading, facts in regular_readings(counts, win=hand.win.kind,
                                               meld_blocks=meld_blocks,
                                               meld_facts=meld_facts, tsumo=context.tsumo):
            assert facts == block_facts(reading.blocks), reading
            checked += 1
    assert checked > 3000


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[o[0] for o in OPTION_SETS])
def test_score_equals_the_reference_path(name: str, options: RiichiOptions) -> None:
    sanma = isinstance(options, SanmaOptions)
    rng = random.Random(f"fast-{name}")
    scored = 0
    for _ in range(1500):
        hand, context = random_winning_hand(rng, sanma=sanma)
        result = score(hand, context, options)
        if isinstance(result, Rejection) and result.reason.value in (
                "bad_hand", "conflicting_context"):
            continue
        assert _answer(result) == reference_score(hand, context, options), (hand, context)
        scored += isinstance(result, ScoreResult)
    assert scored > 500


def test_points_cache_is_per_options_object() -> None:
    """Equal options give equal answers whichever object carries them, and the cache
    keeps an options object alive rather than trusting a reused id."""
    hand = WinningHand(concealed=tuple(Tile(TileKind(k)) for k in
                                       (0, 1, 2, 9, 10, 11, 18, 19, 20, 22, 23, 24, 31)),
                       win=Tile(TileKind(31)))
    context = WinContext(seat_wind=1, riichi=True, honba=2, riichi_sticks=1)
    first = score(hand, context, RiichiOptions(kiriage_mangan=True))
    assert isinstance(first, ScoreResult)
    for _ in range(3):
        again = score(hand, context, RiichiOptions(kiriage_mangan=True))
        assert again == first
    other = score(hand, context, RiichiOptions(honba_points=0))
    assert isinstance(other, ScoreResult)
    assert other.total == first.total - 600


def _raw(kind: int, *, red: bool = False) -> Tile:
    """A tile built past ``Tile``'s own check (a kind out of range, a red non-five): the
    scorer refuses such tuples too, as a ``bad_hand``."""
    return Tile._make((TileKind(kind), red))


@pytest.mark.parametrize("where", ["concealed", "win", "meld", "dora"])
def test_a_negative_kind_is_a_bad_hand(where: str) -> None:
    tiles = [Tile(TileKind(k)) for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 22, 23, 24, 31)]
    melds: tuple[Meld, ...] = ()
    dora: tuple[Tile, ...] = ()
    win = Tile(TileKind(31))
    if where == "concealed":
        tiles[0] = _raw(-2)
    elif where == "win":
        win = _raw(-2)
    elif where == "meld":
        tiles = tiles[3:]
        melds = (Meld(kind=MeldKind.PON, tiles=(_raw(-2),) * 3),)
    else:
        dora = (_raw(-2),)
    result = score(WinningHand(concealed=tuple(tiles), win=win, melds=melds),
                   WinContext(seat_wind=1, dora_indicators=dora))
    assert isinstance(result, Rejection)
    assert result.reason.value == "bad_hand"


# --------------------------------------------------------------------------- the screen
#
# ``score`` screens a hand while it counts its tiles and sends any doubt to
# ``_check_hand`` (the full check, kept as the one statement of what a valid hand is).
# Whatever the input, its answer must be the full check's rejection when there is one,
# and otherwise the reference answer.


def _retile(tile: Tile, kind: int, red: bool) -> Tile:
    return _raw(kind, red=red) if kind != tile.kind or red != tile.red else tile


@st.composite
def _spoiled(draw: st.DrawFn) -> tuple[WinningHand, WinContext, RiichiOptions]:
    sanma = draw(st.booleans())
    hand, context = random_winning_hand(random.Random(draw(st.integers(0, 10**6))),
                                        sanma=sanma)
    options: RiichiOptions = SanmaOptions() if sanma else draw(st.sampled_from(
        [RiichiOptions(), RiichiOptions(red_fives=0)]))
    kinds = st.one_of(st.integers(0, 33), st.integers(-80, 80))
    concealed = list(hand.concealed)
    melds = list(hand.melds)
    win = hand.win
    extra: dict[str, Any] = {}
    for change in draw(st.lists(st.integers(0, 10), min_size=1, max_size=3)):
        if change == 0 and concealed:  # a concealed tile of any kind, red or not
            at = draw(st.integers(0, len(concealed) - 1))
            concealed[at] = _retile(concealed[at], draw(kinds), draw(st.booleans()))
        elif change == 1:
            win = _retile(win, draw(kinds), draw(st.booleans()))
        elif change == 2:  # a tile more or less
            if draw(st.booleans()) and concealed:
                concealed.pop()
            else:
                concealed.append(Tile(TileKind(draw(st.integers(0, 33)))))
        elif change == 3 and melds:  # a meld tile of any kind
            at = draw(st.integers(0, len(melds) - 1))
            tiles = list(melds[at].tiles)
            tiles[0] = _retile(tiles[0], draw(kinds), draw(st.booleans()))
            melds[at] = Meld(kind=melds[at].kind, tiles=tuple(tiles))
        elif change == 4:  # indicators: any kind, repeated (five of a kind)
            extra["dora_indicators"] = tuple(
                _raw(k) for k in draw(st.lists(kinds, max_size=5)))
        elif change == 5:
            extra["kita"] = draw(st.integers(-1, 5))
        elif change == 6:
            extra["seat_wind"] = draw(st.integers(-1, 4))
            extra["round_wind"] = draw(st.integers(-1, 4))
        elif change == 7:
            extra["honba"] = draw(st.integers(-1, 2))
            extra["riichi_sticks"] = draw(st.integers(-1, 2))
        elif change == 8:  # a chi, whatever the ruleset
            kind = draw(st.integers(0, 24))
            melds.append(Meld(kind=MeldKind.CHI, tiles=tuple(
                Tile(TileKind(kind + i)) for i in range(3))))
        elif change == 9 and concealed:  # the same kind five times
            concealed[:5] = [concealed[0]] * min(5, len(concealed))
        elif change == 10:  # a negative alias of a kind (kind - 34 indexes the same slot)
            where = draw(st.sampled_from(["concealed", "win", "meld", "indicator"]))
            if where == "concealed" and concealed:
                at = draw(st.integers(0, len(concealed) - 1))
                concealed[at] = _raw(concealed[at].kind - 34)
            elif where == "win":
                win = _raw(win.kind - 34)
            elif where == "meld" and melds:
                at = draw(st.integers(0, len(melds) - 1))
                melds[at] = Meld(kind=melds[at].kind, tiles=tuple(
                    _raw(t.kind - 34) for t in melds[at].tiles))
            else:
                extra["dora_indicators"] = tuple(
                    _raw(t.kind - 34) for t in context.dora_indicators)
    fields = {name: getattr(context, name) for name in (
        "tsumo", "seat_wind", "round_wind", "riichi", "dora_indicators", "ura_indicators",
        "kita", "honba", "riichi_sticks")}
    fields.update(extra)
    return (WinningHand(concealed=tuple(concealed), win=win, melds=tuple(melds)),
            WinContext(**fields), options)


@settings(max_examples=1500, deadline=None)
@given(_spoiled())
def test_the_screen_answers_as_the_full_check(case: tuple[WinningHand, WinContext,
                                                          RiichiOptions]) -> None:
    hand, context, options = case
    result = score(hand, context, options)
    expected = riichi_check.check_hand(hand, context, options)
    if expected is not None:
        assert result == expected
        return
    expected = riichi_check.check_context(hand, context, options)
    if expected is not None:
        assert result == expected
        return
    assert _answer(result) == reference_score(hand, context, options)
