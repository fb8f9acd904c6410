"""Differential test: random winning hands scored by us and by the ``mahjong`` package.

The ``mahjong`` package's ``HandCalculator`` is configured to the same rules as our
options (:func:`_peer_rules`). Under our defaults that is: red fives, open tanyao,
double yakuman, 13 han and more counted as one yakuman, no kiriage mangan, an open
pinfu-shaped hand 30 fu, a pinfu tsumo 20 fu, and no cap on stacked yakuman. A pair of
the wind that is both seat and round wind is 4 fu in both (the package has no option for
it; it always counts 4, which is our default ``renpuu_pair_fu``).

Every hand is compared on: whether it is refused for want of a yaku, the yaku with
their han (or yakuman multiple), the dora/red/ura counts, han, fu (not for a yakuman),
the yakuman multiple, what each payer pays honba included (a ron: the discarder; a
dealer's tsumo: each non-dealer; a non-dealer's tsumo: the dealer and each non-dealer),
and the winner's total with the riichi deposits. Both count 300 a honba (100 from each
tsumo payer), so honba are compared, not removed.

The hands are random winning hands (see :func:`_case`): four sets and a pair from the
136 tiles with some sets called (chi, pon, daiminkan, kakan) or declared (ankan), seven
pairs, thirteen orphans and nine gates; a random winning tile among the concealed tiles;
and consistent random circumstances. Under our defaults the two scorers agree on every
hand; a rule variant the package cannot express is an explained divergence class
(:data:`DIVERGENCES`), documented in ``docs/scoring-divergences.md``, and the test
asserts that no other difference remains.

``MAHJONG_RULES_VS_MAHJONG_HANDS`` sets the number of hands under the defaults (default
20,000, split into ``CHUNKS`` chunks with a seed each); each rule variant gets a tenth
of that.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

import attrs
import pytest

from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.notation import format_tiles, parse_ids, parse_tiles
from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.tiles import RED_FIVE_IDS, Tile, TileKind

_hand = pytest.importorskip("mahjong.hand_calculating.hand")
_config = pytest.importorskip("mahjong.hand_calculating.hand_config")
_meld = pytest.importorskip("mahjong.meld")

HANDS = int(os.environ.get("MAHJONG_RULES_VS_MAHJONG_HANDS", "20000"))
CHUNKS = 10
SEED = 20_240_601

VARIANTS = {
    "tenhou-preset": RiichiOptions.tenhou(),
    "kiriage": RiichiOptions(kiriage_mangan=True),
    "no-kuitan": RiichiOptions(kuitan=False),
    "no-kazoe": RiichiOptions(kazoe_yakuman=False),
    "no-red-fives": RiichiOptions(red_fives=0),
    "double-wind-pair-2": RiichiOptions(renpuu_pair_fu=2),
}
"""Rule variants swept besides the defaults (all but the last map onto the package)."""

# mahjong's yaku class names -> our ids (dora, aka dora and ura dora are counted apart).
PEER_YAKU = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan": "rinshan", "Haitei": "haitei",
    "Houtei": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Haku": "haku", "Hatsu": "hatsu", "Chun": "chun",
    "SeatWindEast": "seat_wind", "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind", "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind", "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind", "RoundWindNorth": "round_wind",
    "Sanshoku": "sanshoku", "Ittsu": "ittsu", "Chantai": "chanta", "Honroto": "honroutou",
    "Toitoi": "toitoi", "Sanankou": "sanankou", "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou", "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi_13",
    "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "junsei_chuuren",
    "Suuankou": "suuankou", "SuuankouTanki": "suuankou_tanki", "Daisangen": "daisangen",
    "Shousuushii": "shousuushii", "DaiSuushii": "daisuushii", "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu", "Tsuuiisou": "tsuuiisou", "Chinroutou": "chinroutou",
    "Tenhou": "tenhou", "Chiihou": "chiihou",
}
PEER_DORA = {"Dora": 0, "AkaDora": 1, "UraDora": 2}
PEER_MELD = {
    MeldKind.CHI: (_meld.Meld.CHI, True),
    MeldKind.PON: (_meld.Meld.PON, True),
    MeldKind.DAIMINKAN: (_meld.Meld.KAN, True),
    MeldKind.KAKAN: (_meld.Meld.SHOUMINKAN, True),
    MeldKind.ANKAN: (_meld.Meld.KAN, False),
}

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *range(27, 34))
HONORS = tuple(range(27, 34))
GREEN = (19, 20, 21, 23, 25, 32)


def _peer_rules(options: RiichiOptions) -> Any:
    """The package's ``OptionalRules`` for our options. ``renpuu_pair_fu`` has no
    counterpart (the package always counts 4): see :data:`DIVERGENCES`."""
    constants = _config.HandConstants
    return _config.OptionalRules(
        has_open_tanyao=options.kuitan,
        has_aka_dora=options.red_fives > 0,
        has_double_yakuman=options.double_yakuman,
        kazoe_limit=constants.KAZOE_LIMITED if options.kazoe_yakuman
        else constants.KAZOE_SANBAIMAN,
        kiriage=options.kiriage_mangan,
        fu_for_open_pinfu=True,  # an open hand with nothing added is 30 fu (seeds/000 6.3)
        fu_for_pinfu_tsumo=False,  # a pinfu tsumo is 20 fu (seeds/000 6.3)
        renhou_as_yakuman=False,
        limit_to_sextuple_yakuman=False,  # stacked yakuman add up, uncapped (seeds/000 6.1)
    )


# ---------------------------------------------------------------------------------------
# Generation


class Case(NamedTuple):
    """One generated hand as physical tile ids, and its win circumstances."""

    name: str
    concealed: tuple[int, ...]
    """Concealed tile ids without the winning tile."""
    win: int
    melds: tuple[tuple[MeldKind, tuple[int, ...]], ...]
    dora: tuple[int, ...]
    """Dora indicator ids."""
    ura: tuple[int, ...]
    """Ura-dora indicator ids (riichi only)."""
    context: WinContext
    """The circumstances, without the indicators (they depend on the red-five rule)."""

    def describe(self) -> str:
        melds = " ".join(f"{kind.value} {_text(ids)}" for kind, ids in self.melds)
        ctx = self.context
        flags = [name for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei",
                                   "houtei", "rinshan", "chankan", "tenhou", "chiihou")
                 if getattr(ctx, name)]
        return (f"{self.name}: {_text(self.concealed)} + {_text((self.win,))}"
                f"{' [' + melds + ']' if melds else ''}, seat {ctx.seat_wind} round "
                f"{ctx.round_wind}, {' '.join(flags) or 'ron'}, dora {_text(self.dora)}"
                f"{', ura ' + _text(self.ura) if self.ura else ''}, honba {ctx.honba}, "
                f"sticks {ctx.riichi_sticks}")


def _tile(tile_id: int, *, red_fives: bool = True) -> Tile:
    return Tile(TileKind(tile_id >> 2), red=red_fives and tile_id in RED_FIVE_IDS)


def _text(ids: tuple[int, ...]) -> str:
    return format_tiles(_tile(i) for i in ids)


class _Wall:
    """The 136 physical tiles not used yet, drawn by kind."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [rng.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)]

    def count(self, kind: int) -> int:
        return len(self.left[kind])

    def take(self, *kinds: int) -> list[int]:
        return [self.left[kind].pop() for kind in kinds]

    def take_any(self) -> int:
        return self.take(self.rng.choice([k for k in range(34) if self.left[k]]))[0]


def _profile(rng: random.Random) -> tuple[int, ...]:
    """The kinds a hand may use: mostly all, often a theme that reaches rarer yaku (all
    simples, one suit with or without honours, outside hands, honour-heavy, terminals
    and honours, terminals, all green).
    A kind listed several times is drawn more often."""
    suit = 9 * rng.randrange(3)
    one_suit = tuple(range(suit, suit + 9))
    themes = (
        (0.45, tuple(range(34))),
        (0.12, tuple(k for k in range(27) if k % 9 not in (0, 8))),
        (0.13, (*one_suit, *HONORS)),
        (0.10, one_suit),
        (0.08, tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 1, 2, 6, 7, 8))),
        (0.09, (*one_suit, *HONORS, *HONORS, *HONORS)),
        (0.01, TERMINALS_AND_HONORS),
        (0.01, TERMINALS_AND_HONORS[:6]),
        (0.01, GREEN),
    )
    return rng.choices([kinds for _, kinds in themes], [weight for weight, _ in themes])[0]


def _sets(
    rng: random.Random, wall: _Wall, allowed: tuple[int, ...]
) -> tuple[list[tuple[bool, list[int]]], list[int]]:
    """Four sets (is-a-run, tile ids) and a pair of ``allowed`` kinds.

    A set sometimes echoes the one before: the same set (iipeikou), the same number in
    another suit (sanshoku), the next run of the suit (ittsu).

    Raises:
        LookupError: the kinds ran out (the caller starts again).
    """
    kinds = set(allowed)
    run_bias = rng.choice((0.2, 0.5, 0.7, 0.9))
    sets: list[tuple[bool, list[int]]] = []
    previous: tuple[bool, int] | None = None
    for _ in range(4):
        starts = [k for k in kinds if k < 27 and k % 9 <= 6
                  and all(j in kinds and wall.count(j) for j in (k, k + 1, k + 2))]
        triplets = [k for k in allowed if wall.count(k) >= 3]
        echo = rng.random()
        choice: tuple[bool, int] | None = None
        if previous is not None and echo < 0.3:
            run, first = previous
            if echo < 0.1:
                wanted = first
            elif echo < 0.22 and first < 27:
                wanted = (first + 9 * rng.randrange(1, 3)) % 27
            else:
                wanted = first + 3
            if wanted in (starts if run else triplets):
                choice = (run, wanted)
        if choice is None and starts and (rng.random() < run_bias or not triplets):
            choice = (True, rng.choice(starts))
        elif choice is None and triplets:
            choice = (False, rng.choice(triplets))
        if choice is None:
            raise LookupError("no set left")
        run, first = previous = choice
        sets.append((run, wall.take(first, first + 1, first + 2) if run
                     else wall.take(first, first, first)))
    pairs = [k for k in allowed if wall.count(k) >= 2]
    if not pairs:
        raise LookupError("no pair left")
    pair = rng.choice(pairs)
    return sets, wall.take(pair, pair)


def _regular(
    rng: random.Random, wall: _Wall, allowed: tuple[int, ...]
) -> tuple[list[int], list[tuple[MeldKind, tuple[int, ...]]]]:
    """Concealed tiles (winning tile included) and melds of a four-sets-and-a-pair hand:
    a run may be a chi, a triplet a pon or any kan."""
    sets, concealed = _sets(rng, wall, allowed)
    call_rate = rng.choice((0.0, 0.0, 0.3, 0.6, 0.9))
    melds: list[tuple[MeldKind, tuple[int, ...]]] = []
    for run, ids in sets:
        roll = rng.random()
        if run:
            if roll < call_rate:
                melds.append((MeldKind.CHI, tuple(ids)))
            else:
                concealed.extend(ids)
            continue
        if roll < call_rate or roll > 0.93:
            called = MeldKind.ANKAN if roll > 0.93 else rng.choice(
                (MeldKind.PON, MeldKind.PON, MeldKind.DAIMINKAN, MeldKind.KAKAN,
                 MeldKind.ANKAN))
            kind = ids[0] >> 2
            if called is not MeldKind.PON and wall.count(kind):
                melds.append((called, (*ids, *wall.take(kind))))
            else:
                melds.append((MeldKind.PON, tuple(ids)))
        else:
            concealed.extend(ids)
    return concealed, melds


def _seven_pairs(rng: random.Random, wall: _Wall) -> list[int]:
    allowed = sorted(set(_profile(rng)))
    if len(allowed) < 7:
        raise LookupError("too few kinds")
    return [tile for kind in rng.sample(allowed, 7) for tile in wall.take(kind, kind)]


def _nine_gates(rng: random.Random, wall: _Wall) -> list[int]:
    """1112345678999 of a suit and one more tile of it."""
    suit = 9 * rng.randrange(3)
    return wall.take(*(suit + n for n in (0, 0, 0, *range(1, 8), 8, 8, 8, rng.randrange(9))))


def _thirteen_orphans(rng: random.Random, wall: _Wall) -> list[int]:
    return [*wall.take(*TERMINALS_AND_HONORS), *wall.take(rng.choice(TERMINALS_AND_HONORS))]


def _case(rng: random.Random, name: str) -> Case:
    """A random winning hand with random, consistent win circumstances.

    Consistency follows seeds/000: riichi (and so ippatsu, double riichi, ura-dora) needs
    a closed hand; rinshan is a tsumo and needs a kan, and a kan ends ippatsu (5.4);
    haitei is a tsumo, houtei a ron; chankan is a ron on a kind the winner holds no
    other copy of, the robbed kan holding the other three; tenhou and chiihou are a
    first draw without calls or riichi. Indicators come from the tiles left.
    """
    while True:
        wall = _Wall(rng)
        form = rng.random()
        try:
            if form < 0.88:
                concealed, melds = _regular(rng, wall, _profile(rng))
            elif form < 0.89:
                concealed, melds = _regular(rng, wall, HONORS)
            elif form < 0.9:
                concealed, melds = _nine_gates(rng, wall), []
            elif form < 0.97:
                concealed, melds = _seven_pairs(rng, wall), []
            else:
                concealed, melds = _thirteen_orphans(rng, wall), []
        except LookupError:
            continue
        break
    win = rng.choice(concealed)
    concealed.remove(win)
    closed = all(kind is MeldKind.ANKAN for kind, _ in melds)
    kans = sum(1 for kind, _ in melds if kind not in (MeldKind.CHI, MeldKind.PON))
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.25
    rinshan = tsumo and kans > 0 and not ippatsu and rng.random() < 0.35
    haitei = tsumo and not rinshan and rng.random() < 0.06
    houtei = not tsumo and rng.random() < 0.06
    held = Counter(t >> 2 for t in (*concealed, win, *(i for _, ids in melds for i in ids)))
    win_kind = win >> 2
    chankan = (not tsumo and not houtei and held[win_kind] == 1
               and wall.count(win_kind) == 3 and rng.random() < 0.2)
    if chankan:
        wall.take(win_kind, win_kind, win_kind)
    first_draw = tsumo and not melds and not riichi and not haitei and rng.random() < 0.02
    seat = rng.randrange(4)
    dora = tuple(wall.take_any() for _ in range(min(5, rng.randint(1, 3) + kans)))
    ura = tuple(wall.take_any() for _ in dora) if riichi else ()
    context = WinContext(
        tsumo=tsumo, seat_wind=seat, round_wind=rng.choice((0, 0, 1, 1, 2, 3)),
        riichi=riichi and not double_riichi, double_riichi=double_riichi, ippatsu=ippatsu,
        haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=first_draw and seat == 0, chiihou=first_draw and seat != 0,
        honba=rng.choice((0, 0, 0, 1, 2, 4)), riichi_sticks=rng.choice((0, 0, 1, 2)) + riichi,
    )
    return Case(name, tuple(concealed), win, tuple(melds), dora, ura, context)


def _cases(seed: int, start: int, stop: int) -> list[Case]:
    rng = random.Random(seed)
    return [_case(rng, f"hand {i}") for i in range(start, stop)]


# ---------------------------------------------------------------------------------------
# Scoring by both


class Summary(NamedTuple):
    """What is compared, from either scorer."""

    status: str
    """``ok``, or the reason the hand was refused."""
    yaku: tuple[tuple[str, int], ...] = ()
    """Sorted (id, han or yakuman multiple)."""
    dora: tuple[int, int, int] = (0, 0, 0)
    """Dora, red fives, ura-dora (0 for a yakuman)."""
    han: int = 0
    fu: int = 0
    """0 for a yakuman."""
    yakuman: int = 0
    payments: tuple[int, ...] = ()
    """Honba included. Ron: the discarder; a dealer's tsumo: each payer; a non-dealer's
    tsumo: the dealer, each non-dealer."""
    total: int = 0
    """All the winner receives, riichi deposits included."""


def _our_score(case: Case, options: RiichiOptions) -> ScoreResult | Rejection:
    red = options.red_fives > 0
    hand = WinningHand(
        concealed=tuple(_tile(i, red_fives=red) for i in case.concealed),
        win=_tile(case.win, red_fives=red),
        melds=tuple(Meld(kind=kind, tiles=tuple(_tile(i, red_fives=red) for i in ids))
                    for kind, ids in case.melds),
    )
    context = attrs.evolve(
        case.context, dora_indicators=tuple(_tile(i, red_fives=red) for i in case.dora),
        ura_indicators=tuple(_tile(i, red_fives=red) for i in case.ura),
    )
    return score(hand, context, options)


def _ours(case: Case, options: RiichiOptions) -> Summary:
    result = _our_score(case, options)
    if isinstance(result, Rejection):
        return Summary(result.reason.value)
    return _summary(result)


def _summary(result: ScoreResult) -> Summary:
    if not result.tsumo:
        roles: tuple[str, ...] = ("discarder",)
    else:
        roles = ("non_dealer",) if result.dealer else ("dealer", "non_dealer")
    return Summary(
        "ok", tuple(sorted((y.id, y.yakuman or y.han) for y in result.yaku)),
        (result.dora, result.red, result.ura), result.han, 0 if result.yakuman else result.fu,
        result.yakuman, tuple(result.payments[role] for role in roles), result.total,
    )


def _peer_response(case: Case, options: RiichiOptions) -> Any:
    ctx = case.context
    melds = []
    for kind, ids in case.melds:
        meld_type, opened = PEER_MELD[kind]
        melds.append(_meld.Meld(meld_type=meld_type, tiles=sorted(ids), opened=opened))
    config = _config.HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=ctx.riichi, is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu, is_rinshan=ctx.rinshan, is_chankan=ctx.chankan,
        is_haitei=ctx.haitei, is_houtei=ctx.houtei, is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou, player_wind=27 + ctx.seat_wind, round_wind=27 + ctx.round_wind,
        tsumi_number=ctx.honba, kyoutaku_number=ctx.riichi_sticks,
        options=_peer_rules(options),
    )
    tiles = [*case.concealed, case.win, *(i for _, ids in case.melds for i in ids)]
    return _hand.HandCalculator.estimate_hand_value(
        tiles, case.win, melds=melds, dora_indicators=list(case.dora),
        ura_dora_indicators=list(case.ura), config=config,
    )


def _peer(case: Case, options: RiichiOptions) -> Summary:
    response = _peer_response(case, options)
    if response.error:
        no_yaku = response.error == _hand.HandCalculator.ERR_NO_YAKU
        return Summary(Reason.NO_YAKU.value if no_yaku else f"peer {response.error}")
    yaku: list[tuple[str, int]] = []
    dora = [0, 0, 0]
    yakuman = 0
    for item in response.yaku:
        name = type(item).__name__
        # the package's own rule: the open value when the hand is open and it has one
        han: int = item.han_open if response.is_open_hand and item.han_open else item.han_closed
        if name in PEER_DORA:
            dora[PEER_DORA[name]] = han
        elif item.is_yakuman:
            yakuman += han // 13
            yaku.append((PEER_YAKU[name], han // 13))
        else:
            yaku.append((PEER_YAKU[name], han))
    cost = response.cost
    main = cost["main"] + cost["main_bonus"]
    additional = cost["additional"] + cost["additional_bonus"]
    payments = (main, additional) if case.context.tsumo and not case.context.is_dealer else (
        main,)
    return Summary(
        "ok", tuple(sorted(yaku)), (dora[0], dora[1], dora[2]),
        0 if yakuman else response.han, 0 if yakuman else response.fu, yakuman, payments,
        cost["total"],
    )


def _differences(ours: Summary, peer: Summary) -> tuple[str, ...]:
    return tuple(field for field in Summary._fields
                 if getattr(ours, field) != getattr(peer, field))


# ---------------------------------------------------------------------------------------
# Explained divergences (docs/scoring-divergences.md)


def _double_wind_pair_fu(case: Case, options: RiichiOptions, peer: Summary) -> bool:
    """``renpuu_pair_fu=2`` (a pair of the seat-and-round wind is 2 fu) has no
    counterpart in the package, which always counts 4. Explained when our score with
    the 4-fu rule is exactly the package's and the wind is in the hand."""
    double_wind = 27 + case.context.seat_wind
    return (options.renpuu_pair_fu == 2 and case.context.round_wind == case.context.seat_wind
            and any(t >> 2 == double_wind for t in (*case.concealed, case.win))
            and _ours(case, attrs.evolve(options, renpuu_pair_fu=4)) == peer)


DIVERGENCES: dict[str, Callable[[Case, RiichiOptions, Summary], bool]] = {
    "double-wind-pair-fu": _double_wind_pair_fu,
}
"""Divergence class -> whether it explains a difference on a hand (given the package's
summary). Each has a section in docs/scoring-divergences.md."""


def _compare(cases: list[Case], options: RiichiOptions) -> tuple[Counter[str], list[str]]:
    """Explained divergences by class, and the unexplained differences."""
    explained: Counter[str] = Counter()
    unexplained: list[str] = []
    for case in cases:
        ours, peer = _ours(case, options), _peer(case, options)
        fields = _differences(ours, peer)
        if not fields:
            continue
        reason = next((name for name, applies in DIVERGENCES.items()
                       if applies(case, options, peer)), None)
        if reason is not None:
            explained[reason] += 1
        else:
            unexplained.append(f"{case.describe()}\n  differ: {', '.join(fields)}\n"
                               f"  ours: {ours}\n  peer: {peer}")
    return explained, unexplained


# ---------------------------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=[f"chunk-{i}" for i in range(CHUNKS)])
def test_random_hands_agree_with_mahjong_under_the_defaults(chunk: int) -> None:
    cases = _cases(SEED + chunk, chunk * HANDS // CHUNKS, (chunk + 1) * HANDS // CHUNKS)
    explained, unexplained = _compare(cases, RiichiOptions())
    assert not unexplained, "\n".join(unexplained[:10]) + f"\n({len(unexplained)} in all)"
    assert not explained, "no divergence class applies under the defaults"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_hands_agree_with_mahjong_under_a_rule_variant(variant: str) -> None:
    cases = _cases(SEED + 1000 + list(VARIANTS).index(variant), 0, HANDS // 10)
    _, unexplained = _compare(cases, VARIANTS[variant])
    assert not unexplained, "\n".join(unexplained[:10]) + f"\n({len(unexplained)} in all)"


def test_generated_hands_cover_the_rules() -> None:
    """The generator reaches every meld kind, circumstance and form it claims to, and
    most yaku, within the first 2,000 hands of the defaults' sweep."""
    cases = _cases(SEED, 0, 2000)
    melds = Counter(kind for case in cases for kind, _ in case.melds)
    assert set(melds) == set(MeldKind)
    flags = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
             "chankan", "tenhou", "chiihou")
    for flag in flags:
        assert any(getattr(case.context, flag) for case in cases), flag
    assert any(not case.context.tsumo for case in cases)
    assert any(case.ura for case in cases)
    assert any(case.context.honba and case.context.riichi_sticks for case in cases)
    assert any(set(RED_FIVE_IDS) & {*case.concealed, case.win} for case in cases)
    yaku = Counter(name for case in cases for name, _ in _ours(case, RiichiOptions()).yaku)
    common = {"riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "haku",
              "hatsu", "chun", "round_wind", "seat_wind", "haitei", "houtei", "rinshan",
              "chankan", "chiitoitsu", "sanshoku", "ittsu", "chanta", "toitoi", "sanankou",
              "sankantsu", "honitsu", "junchan", "ryanpeikou", "chinitsu", "kokushi",
              "suuankou", "tsuuiisou", "ryuuiisou", "chuuren", "double_riichi", "honroutou",
              "chinroutou", "daisangen", "kokushi_13", "suuankou_tanki", "junsei_chuuren",
              "suukantsu"}
    assert common <= set(yaku), common - set(yaku)


def _case_of(concealed: str, win: str, melds: tuple[tuple[MeldKind, str], ...] = (),
             dora: str = "9p", **context: Any) -> Case:
    """A hand written in mpsz (concealed tiles, winning tile, melds, dora indicators)."""
    parts = (concealed, win, *(tiles for _, tiles in melds), dora)
    ids = iter(parse_ids(" ".join(parts)))  # one parse: every tile a distinct copy
    taken = [tuple(next(ids) for _ in parse_tiles(part)) for part in parts]
    return Case("example", taken[0], taken[1][0],
                tuple((kind, tiles) for (kind, _), tiles in zip(melds, taken[2:-1], strict=True)),
                taken[-1], (), WinContext(**context))


def test_double_wind_pair_example() -> None:
    """docs/scoring-divergences.md, "Pair of the double wind": South seat, South round,
    riichi, ron on 9s with a 22z pair: 30 + 8 (111m) + the pair; with 2 fu 40 fu
    (1300), with 4 fu (ours by default, and the package always) 42 -> 50 fu (1600)."""
    case = _case_of("111m234p567s78s22z", "9s", seat_wind=1, round_wind=1, riichi=True)
    two = _ours(case, VARIANTS["double-wind-pair-2"])
    four = _ours(case, RiichiOptions())
    peer = _peer(case, VARIANTS["double-wind-pair-2"])
    assert (two.han, two.fu, two.payments) == (1, 40, (1300,))
    assert (four.han, four.fu, four.payments) == (1, 50, (1600,))
    assert peer == four
    assert _double_wind_pair_fu(case, VARIANTS["double-wind-pair-2"], peer)


IMPOSSIBLE = {
    "rinshan-without-kan": (_case_of("123m456p789s1122z", "1z", tsumo=True, rinshan=True),
                            "rinshan+no_kan"),
    "ippatsu-on-rinshan": (_case_of("123m456p789s2z", "2z", ((MeldKind.ANKAN, "1111z"),),
                                    tsumo=True, riichi=True, ippatsu=True, rinshan=True),
                           "ippatsu+rinshan"),
    "tenhou-with-riichi": (_case_of("123m456p789s1122z", "1z", tsumo=True, riichi=True,
                                    tenhou=True), "tenhou+other"),
    "chiihou-on-haitei": (_case_of("123m456p789s1122z", "1z", seat_wind=2, tsumo=True,
                                   haitei=True, chiihou=True), "tenhou+other"),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_impossible_circumstances_we_refuse_and_mahjong_scores(name: str) -> None:
    """docs/scoring-divergences.md, "Impossible circumstances": never generated above;
    pinned here so that the refusal stays deliberate."""
    case, conflict = IMPOSSIBLE[name]
    result = _our_score(case, RiichiOptions())
    assert isinstance(result, Rejection)
    assert result.reason is Reason.CONFLICTING_CONTEXT
    assert result.details["conflict"] == conflict
    assert _peer(case, RiichiOptions()).status == "ok"
