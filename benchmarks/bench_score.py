"""Scoring throughput of ``mahjong_rules.scoring.score`` against its peers, on the same hands.

Run from the repository root::

    python benchmarks/bench_score.py            # full run: 20,000 hands
    python benchmarks/bench_score.py --quick    # 3,000 hands, well under a minute

What is measured, in hands per second, every contender on the same hands, one hand per
call in a Python loop (``map``):

* ours: ``mahjong_rules.scoring.score(hand, context, options)`` with the default
  ``RiichiOptions`` (red fives, open tanyao, no kiriage mangan, counted and double
  yakuman);
* ours, batched, when the installed version has ``mahjong_rules.scoring.score_batch``
  (``null`` otherwise): ``score_batch(batch, options)`` on a ``HandBatch`` packed before
  timing by ``HandBatch.from_hands`` from the same ``(hand, context)`` pairs, over all the
  hands in one call and in calls of 1,000 hands; and, for information, one call with the
  packing timed too (``ours_batch_with_packing``, no ratio);
* ``mahjong``: ``HandCalculator.estimate_hand_value(tiles, win_tile, melds, dora_indicators,
  config, ScoresCalculator, ura_dora_indicators)`` with ``OptionalRules`` set from the
  hand's options (for the random hands our defaults: open tanyao, red fives, double
  yakuman, counted yakuman capped at one, no kiriage; sanma with ``is_three_player`` and
  the kita as ``num_nuki_dora``);
* ``riichienv``: its public ``riichienv.HandEvaluator(tiles, melds).calc(win_tile,
  dora_indicators, conditions, ura_indicators)``, built per hand as its API asks, with the
  concealed tiles without the winning tile (``calc`` adds it; given 14 tiles, its tile
  count test ``% 3 == 1`` misreads a hand with two kans);
* ``riichienv_core``: the compiled class under it,
  ``riichienv._riichienv.HandEvaluator(tiles, melds).calc(win_tile, dora_indicators,
  ura_indicators, Conditions)`` with the concealed tiles and the winning tile.

Hands are random winning hands drawn from one 136-tile set by a seeded ``random.Random``:
four sets (runs or triplets) and a pair, or (one hand in twenty) seven pairs; about half
are closed (a set may be a closed kan), the others call one to four of their sets (chi,
pon, open kan, added kan). The winning tile is one of the concealed tiles. Ron or tsumo,
seat and round winds, riichi on about half the closed hands (ura indicators then),
ippatsu, rinshan, haitei and houtei now and then; one dora indicator plus one per kan,
drawn from the tiles left. The physical ids 16, 52 and 88 are the red fives for all
contenders. No honba and no riichi deposits, so totals compare directly. A random winning
shape often has no yaku (an open hand without yakuhai or tanyao, a closed ron without
riichi): those hands stay in the sample, and every contender must reject them.

``score`` keeps a memo of the hand shapes it has seen (``scoring/riichi_memo.py``), and so
does batch scoring (``HandBatch.from_hands`` packs each distinct hand and context once,
``score_batch`` keeps each shape's readings: ``scoring/batch_pack.py``,
``scoring/batch_memo.py``); the timed passes go over the same hands again, so those
figures are *warm*. Ours is also timed *cold*, every memo emptied (untimed,
``clear_memos``) before each pass (``ours_single_cold``; on the real set ``ours_cold``
and ``ours_batch_with_packing_cold``), as on hands never seen; the smaller caches under
them (each suit's divisions, each meld's facts, points by han and fu, the batch's
tables of suit divisions and meld facts) stay warm, as in any long run.

Each contender's input is built before any timing starts. Every contender is warmed up
(one call), its answers are collected in an untimed pass (a hand on which it raises is
counted and left out of its timed sample), and it is then timed with
``time.perf_counter`` as the best of ``--repeats`` runs with the garbage collector off.

On a shared machine the load moves between those one-after-the-other measurements, so
ours and ``mahjong`` are then also timed in alternation: seven rounds, each timing both on
every hand neither raised on (the order swapped every other round), and
``ratio_single_vs_mahjong`` in the summary is the median of the seven rounds' ratios
(``ratio_single_vs_mahjong_rounds`` lists them; the ratio of the separate best-of rates is
``ratio_single_vs_mahjong_sequential``).

One core: ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` default to
1 before numpy is imported, and on Linux the process is pinned to one CPU
(``os.sched_setaffinity``; ``--no-pin`` skips that).

Agreement with each peer, on the hands it was timed on: a hand agrees when both reject
it, or both score it with the same total and, unless ours is a yakuman (where han and fu
conventions differ), the same han and fu. The first differing hand is shown. A peer that
is not installed or fails is reported as ``null`` and the run goes on.

Then the real set (``real_*`` in the summary): every winning hand of the shared logs
(``../shared/data/logs``, read by ``_log_wins.py`` through the project's log readers;
about 1,050 wins, 3% sanma), each with the rules the replayer plays its game with and
the circumstances the log states (riichi, double riichi, ippatsu, haitei, houtei,
rinshan, chankan, tenhou, chiihou from its yaku; dora and ura indicators, winds, honba,
deposits, kita, pao). A hand whose logged result breaks the log's own score chain (a
test log's made-up result) is left out and named. Before any timing, ours is compared
with the log's own han, fu and value hand by hand, and our batch and every peer with
ours; every differing hand is printed (up to 50 per contender). The value compared is
the hand's worth without honba and deposits (ours: the total less them; the peers are
given none). Then ours per hand, ``score_batch`` on batches packed before the timing,
``score_batch`` with ``HandBatch.from_hands`` timed too (``batch_with_packing``: the
hands are batched by the options the scorer reads, four batches; warm, and cold), and
every peer are
timed in alternation, ``REAL_ROUNDS`` rounds, the order turned each round, each timing
the best of ``--repeats`` passes over every hand; ``real_rates`` are the medians and each
``real_ratio_*`` the median of the rounds' ratios.

The output is human-readable lines, then, as the last line, one JSON object with every
rate (hands per second), the ratios ours / peer and the agreement rates.
"""

from __future__ import annotations

import importlib
import platform
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

# _common sets the thread-pool variables at import: it must come before numpy (which
# mahjong_rules imports).
import _common
import _log_wins

from mahjong_rules import scoring
from mahjong_rules.errors import Rejection
from mahjong_rules.notation import format_ids
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring import Liability, Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.scoring.riichi_plan import clear_memos
from mahjong_rules.tiles import RED_FIVE_IDS, Tile, TileKind

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

N_KINDS = 34
WIND_NAMES = "ESWN"
FULL_HANDS = 20_000
QUICK_HANDS = 3_000
BATCH_SMALL = 1_000
ALTERNATED_PEER = "mahjong"
"""The peer also timed in alternation with ours (see :func:`alternate`)."""
ALTERNATED_ROUNDS = 7
DEFAULT_OPTIONS = RiichiOptions()
MAX_EXAMPLES = 50
"""Differing hands kept per peer (the real set prints every one up to this)."""
REAL_ROUNDS = 9
"""Rounds of the real set's alternated timing."""


# --------------------------------------------------------------------------- hands


@dataclass(frozen=True)
class Deal:
    """A winning hand and its circumstances, as physical tile ids (0..135)."""

    concealed: tuple[int, ...]
    """Concealed tiles without the winning tile."""
    win: int
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    """(kind, ids), kind one of chi, pon, daiminkan, kakan, ankan."""
    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: bool
    ippatsu: bool
    rinshan: bool
    haitei: bool
    houtei: bool
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    double_riichi: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    sticks: int = 0
    """Riichi deposits on the table."""
    kita: int = 0
    pao: bool = False
    """A liable player (pao) pays part of the yakuman."""
    options: RiichiOptions = DEFAULT_OPTIONS
    """The rules the hand is scored under (sanma for :class:`SanmaOptions`)."""
    source: str = ""
    """Where a real hand comes from (``file#game:hand/winner``)."""

    @property
    def sanma(self) -> bool:
        return isinstance(self.options, SanmaOptions)

    @property
    def extras(self) -> int:
        """Honba and deposits in our total (the compared value leaves them out)."""
        return self.options.honba_points * self.honba + 1000 * self.sticks

    @classmethod
    def from_log(cls, win: _log_wins.LogWin) -> Deal:
        flags = win.flags
        return cls(concealed=win.concealed, win=win.win, melds=win.melds,
                   tsumo="tsumo" in flags, seat_wind=win.seat_wind,
                   round_wind=win.round_wind, riichi="riichi" in flags,
                   ippatsu="ippatsu" in flags, rinshan="rinshan" in flags,
                   haitei="haitei" in flags, houtei="houtei" in flags, dora=win.dora,
                   ura=win.ura, double_riichi="double_riichi" in flags,
                   chankan="chankan" in flags, tenhou="tenhou" in flags,
                   chiihou="chiihou" in flags, honba=win.honba, sticks=win.sticks,
                   kita=win.kita, pao=win.pao, options=win.options, source=win.source)

    @property
    def closed(self) -> bool:
        return all(kind == "ankan" for kind, _ids in self.melds)

    @property
    def kans(self) -> int:
        return sum(1 for kind, _ids in self.melds if kind not in ("chi", "pon"))

    def describe(self) -> str:
        """The hand in mpsz notation with its circumstances."""
        melds = " ".join(f"{kind}:{format_ids(ids)}" for kind, ids in self.melds)
        flags = [name for name, on in (
            ("riichi", self.riichi), ("double_riichi", self.double_riichi),
            ("ippatsu", self.ippatsu), ("rinshan", self.rinshan), ("haitei", self.haitei),
            ("houtei", self.houtei), ("chankan", self.chankan), ("tenhou", self.tenhou),
            ("chiihou", self.chiihou), ("pao", self.pao), ("sanma", self.sanma)) if on]
        flags += [f"{name} {value}" for name, value in (
            ("kita", self.kita), ("honba", self.honba), ("sticks", self.sticks)) if value]
        text = (f"{format_ids(self.concealed)} + {format_ids([self.win])}"
                f" {'tsumo' if self.tsumo else 'ron'}")
        if melds:
            text += f" [{melds}]"
        text += (f" seat {WIND_NAMES[self.seat_wind]} round {WIND_NAMES[self.round_wind]}"
                 f" dora ind {' '.join(format_ids([t]) for t in self.dora)}")
        if self.ura:
            text += f" ura ind {' '.join(format_ids([t]) for t in self.ura)}"
        if flags:
            text += " " + " ".join(flags)
        if self.source:
            text += f" ({self.source})"
        return text


class Wall:
    """The tiles not yet used, by kind, each kind's copies in random order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left: list[list[int]] = []
        for kind in range(N_KINDS):
            copies = list(range(4 * kind, 4 * kind + 4))
            rng.shuffle(copies)
            self.left.append(copies)

    def has(self, kinds: Sequence[int]) -> bool:
        need = Counter(kinds)
        return all(len(self.left[kind]) >= count for kind, count in need.items())

    def take(self, kinds: Sequence[int]) -> tuple[int, ...]:
        return tuple(self.left[kind].pop() for kind in kinds)

    def take_any(self) -> int:
        kinds = [kind for kind in range(N_KINDS) if self.left[kind]]
        return self.left[self.rng.choice(kinds)].pop()


def _pick_set(wall: Wall, rng: random.Random, *, as_kan: bool) -> tuple[int, ...] | None:
    """Kinds of a random run, triplet or (``as_kan``) quad the wall still holds."""
    for _attempt in range(50):
        if as_kan:
            kinds = [rng.randrange(N_KINDS)] * 4
        elif rng.random() < 0.6:
            suit, start = rng.randrange(3), rng.randrange(7)
            kinds = [9 * suit + start + offset for offset in range(3)]
        else:
            kinds = [rng.randrange(N_KINDS)] * 3
        if wall.has(kinds):
            return wall.take(kinds)
    return None


def _open_meld_kind(ids: tuple[int, ...], rng: random.Random) -> str:
    if len(ids) == 4:
        return rng.choice(("daiminkan", "kakan"))
    return "chi" if ids[0] // 4 != ids[1] // 4 else "pon"


def deal_hand(rng: random.Random) -> Deal | None:
    """One random winning hand (``None`` when the draw got stuck: the caller retries)."""
    wall = Wall(rng)
    melds: list[tuple[str, tuple[int, ...]]] = []
    concealed: list[int] = []
    if rng.random() < 0.05:
        for kind in rng.sample(range(N_KINDS), 7):
            concealed.extend(wall.take([kind, kind]))
    else:
        n_open = 0 if rng.random() < 0.5 else rng.choices((1, 2, 3, 4), (35, 30, 20, 15))[0]
        for index in range(4):
            called = index < n_open
            as_kan = rng.random() < (0.15 if called else 0.04)
            ids = _pick_set(wall, rng, as_kan=as_kan)
            if ids is None:
                return None
            if called:
                melds.append((_open_meld_kind(ids, rng), ids))
            elif len(ids) == 4:
                melds.append(("ankan", ids))
            else:
                concealed.extend(ids)
        pairs = [kind for kind in range(N_KINDS) if len(wall.left[kind]) >= 2]
        pair = rng.choice(pairs)
        concealed.extend(wall.take([pair, pair]))
    win = concealed.pop(rng.randrange(len(concealed)))
    rng.shuffle(concealed)
    closed = all(kind == "ankan" for kind, _ids in melds)
    has_kan = any(len(ids) == 4 for _kind, ids in melds)
    tsumo = rng.random() < 0.4
    riichi = closed and rng.random() < 0.5
    rinshan = tsumo and has_kan and rng.random() < 0.3
    ippatsu = riichi and not rinshan and rng.random() < 0.15
    haitei = tsumo and not rinshan and rng.random() < 0.03
    houtei = not tsumo and rng.random() < 0.03
    n_indicators = 1 + sum(1 for _kind, ids in melds if len(ids) == 4)
    dora = tuple(wall.take_any() for _ in range(n_indicators))
    ura = tuple(wall.take_any() for _ in range(n_indicators)) if riichi else ()
    return Deal(concealed=tuple(concealed), win=win, melds=tuple(melds), tsumo=tsumo,
                seat_wind=rng.randrange(4), round_wind=rng.randrange(2), riichi=riichi,
                ippatsu=ippatsu, rinshan=rinshan, haitei=haitei, houtei=houtei, dora=dora,
                ura=ura)


def deal_hands(seed: int, n_hands: int) -> list[Deal]:
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < n_hands:
        deal = deal_hand(rng)
        if deal is not None:
            deals.append(deal)
    return deals


def hand_mix(deals: Sequence[Deal]) -> dict[str, float]:
    """Fractions of the hands with each feature."""
    n = len(deals) or 1
    return {
        "closed": sum(d.closed for d in deals) / n,
        "all_pairs": sum(set(Counter(t // 4 for t in _all_ids(d)).values()) == {2}
                         for d in deals) / n,
        "tsumo": sum(d.tsumo for d in deals) / n,
        "riichi": sum(d.riichi for d in deals) / n,
        "with_kan": sum(d.kans > 0 for d in deals) / n,
        "with_red_five": sum(any(t in RED_FIVE_IDS for t in _all_ids(d)) for d in deals) / n,
        "mean_dora_indicators": sum(len(d.dora) for d in deals) / n,
    }


def _all_ids(deal: Deal) -> list[int]:
    return [*deal.concealed, deal.win, *(t for _kind, ids in deal.melds for t in ids)]


# --------------------------------------------------------------------------- outcomes


class Outcome(NamedTuple):
    """What a scorer said about a hand, reduced to what is compared."""

    scored: bool
    total: int
    han: int
    fu: int
    yakuman: bool
    detail: str


def _rejected(detail: str) -> Outcome:
    return Outcome(scored=False, total=0, han=0, fu=0, yakuman=False, detail=detail)


def _ours_outcome(answer: object, deal: Deal | None) -> Outcome:
    result: Any = answer
    if isinstance(result, Rejection):
        return _rejected(result.reason.value)
    yaku = ",".join(f"{y.id}:{y.yakuman or y.han}" for y in result.yaku)
    total = result.total - (deal.extras if deal is not None else 0)
    return Outcome(scored=True, total=total, han=result.han, fu=result.fu,
                   yakuman=result.yakuman > 0,
                   detail=f"{yaku} dora {result.dora} red {result.red} ura {result.ura}")


def _mahjong_outcome(answer: object, _deal: Deal) -> Outcome:
    response: Any = answer
    if response.error is not None:
        return _rejected(str(response.error))
    yaku = ",".join(str(y.name) for y in response.yaku)
    return Outcome(scored=True, total=int(response.cost["total"]), han=int(response.han),
                   fu=int(response.fu), yakuman=any(y.is_yakuman for y in response.yaku),
                   detail=yaku)


def _riichienv_outcome(answer: object, deal: Deal) -> Outcome:
    result: Any = answer
    if not result.is_win:
        return _rejected(f"is_win False (has_win_shape {result.has_win_shape})")
    payers = 2 if deal.sanma else 3
    if not deal.tsumo:
        total = int(result.ron_agari)
    elif deal.seat_wind == 0:
        total = payers * int(result.tsumo_agari_ko)
    else:
        total = int(result.tsumo_agari_oya) + (payers - 1) * int(result.tsumo_agari_ko)
    yaku = ",".join(str(y.name_en) for y in result.yaku_list())
    return Outcome(scored=True, total=total, han=int(result.han), fu=int(result.fu),
                   yakuman=bool(result.yakuman), detail=yaku)


# --------------------------------------------------------------------------- contenders


@dataclass(frozen=True)
class Contender:
    """A per-hand scoring call and how its arguments are built from our deals."""

    name: str
    api: str
    version: str
    call: Callable[..., Any]
    prepare: Callable[[Sequence[Deal]], list[list[Any]]]
    """Argument columns: ``call(*column_values)`` scores one hand."""
    outcome: Callable[[object, Deal], Outcome]


def _tile(tile_id: int) -> Tile:
    return Tile(TileKind(tile_id // 4), red=tile_id in RED_FIVE_IDS)


_OUR_MELD_KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.DAIMINKAN,
                   "kakan": MeldKind.KAKAN, "ankan": MeldKind.ANKAN}


def ours_inputs(deals: Sequence[Deal]) -> tuple[list[WinningHand], list[WinContext]]:
    hands = [WinningHand(concealed=tuple(_tile(t) for t in d.concealed), win=_tile(d.win),
                         melds=tuple(Meld(kind=_OUR_MELD_KINDS[kind],
                                          tiles=tuple(_tile(t) for t in ids))
                                     for kind, ids in d.melds))
             for d in deals]
    contexts = [WinContext(tsumo=d.tsumo, seat_wind=d.seat_wind, round_wind=d.round_wind,
                           riichi=d.riichi, ippatsu=d.ippatsu, rinshan=d.rinshan,
                           haitei=d.haitei, houtei=d.houtei, double_riichi=d.double_riichi,
                           chankan=d.chankan, tenhou=d.tenhou, chiihou=d.chiihou,
                           dora_indicators=tuple(_tile(t) for t in d.dora),
                           ura_indicators=tuple(_tile(t) for t in d.ura), kita=d.kita,
                           honba=d.honba, riichi_sticks=d.sticks,
                           liability=Liability.YAKUMAN if d.pao else None)
                for d in deals]
    return hands, contexts


def _ours() -> Contender:
    def prepare(deals: Sequence[Deal]) -> list[list[Any]]:
        hands, contexts = ours_inputs(deals)
        return [list(hands), list(contexts), [d.options for d in deals]]

    return Contender(name="ours", api="mahjong_rules.scoring.score(hand, context, options)",
                     version=_common.version("mahjong_rules"), call=score, prepare=prepare,
                     outcome=_ours_outcome)


def _load_mahjong() -> Contender:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.hand_calculating.scores import ScoresCalculator
    from mahjong.meld import Meld as MahjongMeld

    rules_of: dict[RiichiOptions, OptionalRules] = {}

    def rules_for(options: RiichiOptions) -> OptionalRules:
        rules = rules_of.get(options)
        if rules is None:
            rules = rules_of[options] = OptionalRules(
                has_open_tanyao=options.kuitan, has_aka_dora=options.red_fives > 0,
                has_double_yakuman=options.double_yakuman,
                kazoe_limit=(HandConstants.KAZOE_LIMITED if options.kazoe_yakuman
                             else HandConstants.KAZOE_SANBAIMAN),
                kiriage=options.kiriage_mangan,
                is_three_player=isinstance(options, SanmaOptions))
        return rules
    meld_of = {"chi": (MahjongMeld.CHI, True), "pon": (MahjongMeld.PON, True),
               "daiminkan": (MahjongMeld.KAN, True), "kakan": (MahjongMeld.SHOUMINKAN, True),
               "ankan": (MahjongMeld.KAN, False)}

    def prepare(deals: Sequence[Deal]) -> list[list[Any]]:
        columns: list[list[Any]] = [[], [], [], [], [], [], []]
        for d in deals:
            melds = [MahjongMeld(meld_type=meld_of[kind][0], tiles=list(ids),
                                 opened=meld_of[kind][1]) for kind, ids in d.melds]
            config = HandConfig(is_tsumo=d.tsumo, is_riichi=d.riichi or d.double_riichi,
                                is_daburu_riichi=d.double_riichi, is_ippatsu=d.ippatsu,
                                is_rinshan=d.rinshan, is_haitei=d.haitei, is_houtei=d.houtei,
                                is_chankan=d.chankan, is_tenhou=d.tenhou,
                                is_chiihou=d.chiihou, player_wind=EAST + d.seat_wind,
                                round_wind=EAST + d.round_wind, num_nuki_dora=d.kita,
                                options=rules_for(d.options))
            for column, value in zip(columns, (sorted(_all_ids(d)), d.win, melds, list(d.dora),
                                               config, ScoresCalculator, list(d.ura)),
                                     strict=True):
                column.append(value)
        return columns

    return Contender(
        name="mahjong",
        api="mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value(tiles_136,"
            " win_tile, melds=[mahjong.meld.Meld], dora_indicators, HandConfig(...,"
            " options=OptionalRules(from the hand's options; random hands: open tanyao,"
            " aka dora, double yakuman, kazoe limited, no kiriage)), ScoresCalculator,"
            " ura_dora_indicators)",
        version=_common.version("mahjong"), call=HandCalculator.estimate_hand_value,
        prepare=prepare, outcome=_mahjong_outcome)


def _riichienv_columns(deals: Sequence[Deal], module: object, *, with_win: bool,
                       conditions: Callable[[Deal], object]) -> list[list[Any]]:
    """Two columns: the evaluator's arguments (tiles, melds), and ``calc``'s."""
    core: Any = module
    types = {"chi": core.MeldType.Chi, "pon": core.MeldType.Pon,
             "daiminkan": core.MeldType.Daiminkan, "kakan": core.MeldType.Kakan,
             "ankan": core.MeldType.Ankan}
    hands: list[Any] = []
    calls: list[Any] = []
    for d in deals:
        tiles = sorted([*d.concealed, d.win] if with_win else d.concealed)
        melds = [core.Meld(types[kind], list(ids), kind != "ankan") for kind, ids in d.melds]
        hands.append((tiles, melds))
        calls.append((d.win, list(d.dora), list(d.ura), conditions(d)))
    return [hands, calls]


def _riichienv_flags(d: Deal) -> dict[str, Any]:
    """riichienv's ``Conditions`` but the winds (no honba, no deposits: see ``extras``)."""
    return {"tsumo": d.tsumo, "riichi": d.riichi and not d.double_riichi,
            "double_riichi": d.double_riichi, "ippatsu": d.ippatsu, "rinshan": d.rinshan,
            "haitei": d.haitei, "houtei": d.houtei, "chankan": d.chankan,
            "tsumo_first_turn": d.tenhou or d.chiihou, "kita_count": d.kita,
            "is_sanma": d.sanma, "num_players": 3 if d.sanma else 4}


def _load_riichienv() -> Contender:
    import riichienv

    evaluator_class = riichienv.HandEvaluator

    def run(hand: tuple[list[int], list[object]],
            calc: tuple[int, list[int], list[int], object]) -> object:
        win, dora, ura, conditions = calc
        return evaluator_class(*hand).calc(win, dora, conditions, ura)

    def conditions(d: Deal) -> object:
        return riichienv.Conditions(**_riichienv_flags(d), player_wind=d.seat_wind,
                                    round_wind=d.round_wind)

    def prepare(deals: Sequence[Deal]) -> list[list[Any]]:
        return _riichienv_columns(deals, riichienv, with_win=False, conditions=conditions)

    return Contender(
        name="riichienv",
        api="riichienv.HandEvaluator(concealed tiles_136 without the win tile,"
            " [riichienv.Meld]).calc(win_tile, dora_indicators, riichienv.Conditions(...),"
            " ura_indicators)",
        version=_common.version("riichienv"), call=run, prepare=prepare, outcome=_riichienv_outcome)


def _load_riichienv_core() -> Contender:
    from riichienv import _riichienv as core

    evaluator_class = core.HandEvaluator
    winds = (core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North)

    def run(hand: tuple[list[int], list[object]],
            calc: tuple[int, list[int], list[int], object]) -> object:
        return evaluator_class(*hand).calc(*calc)

    def conditions(d: Deal) -> object:
        return core.Conditions(**_riichienv_flags(d), player_wind=winds[d.seat_wind],
                               round_wind=winds[d.round_wind])

    def prepare(deals: Sequence[Deal]) -> list[list[Any]]:
        return _riichienv_columns(deals, core, with_win=True, conditions=conditions)

    return Contender(
        name="riichienv_core",
        api="riichienv._riichienv.HandEvaluator(concealed tiles_136 with the win tile,"
            " [riichienv.Meld]).calc(win_tile, dora_indicators, ura_indicators,"
            " riichienv._riichienv.Conditions(...))",
        version=_common.version("riichienv"), call=run, prepare=prepare, outcome=_riichienv_outcome)


PEER_LOADERS: tuple[tuple[str, Callable[[], Contender]], ...] = (
    ("mahjong", _load_mahjong),
    ("riichienv", _load_riichienv),
    ("riichienv_core", _load_riichienv_core),
)


# --------------------------------------------------------------------------- timing


@dataclass
class Measured:
    """A contender's rate on the hands it did not raise on, and its answers."""

    rate: float | None
    outcomes: list[Outcome | None]
    """One per hand; ``None`` where the call raised."""
    raised: int
    first_error: str | None


def measure(contender: Contender, deals: Sequence[Deal], repeats: int) -> Measured:
    """Warm up, collect answers (untimed), then time the hands that did not raise."""
    columns = contender.prepare(deals)
    call = contender.call
    outcomes: list[Outcome | None] = []
    keep: list[int] = []
    first_error = None
    for index, args in enumerate(zip(*columns, strict=True)):
        try:
            answer = call(*args)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # pyo3 panics derive from BaseException
            outcomes.append(None)
            first_error = first_error or _common.error_text(exc)
            continue
        outcomes.append(contender.outcome(answer, deals[index]))
        keep.append(index)
    if not keep:
        return Measured(rate=None, outcomes=outcomes, raised=len(deals), first_error=first_error)
    timed = [[column[i] for i in keep] for column in columns]
    call(*(column[0] for column in timed))  # warm-up

    def run() -> None:
        list(map(call, *timed))

    rate = len(keep) / _common.best_time(run, repeats)
    return Measured(rate=rate, outcomes=outcomes, raised=len(deals) - len(keep),
                    first_error=first_error)


@dataclass
class BatchMeasured:
    """``score_batch``: rates (one call on every hand, calls of ``BATCH_SMALL`` hands, and
    one call with the packing of the inputs timed too) and agreement with ``score``."""

    api: str
    rate: float | None = None
    rate_small: float | None = None
    rate_with_packing: float | None = None
    matches_single: float | None = None
    error: str | None = None


def _batch_outcomes(result: object) -> list[Outcome]:
    """Per-hand outcomes of a batch result: columnar arrays, or a sequence of results."""
    res: Any = result
    if hasattr(res, "total") and hasattr(res, "reason"):
        reasons: list[str | None] = (
            list(res.reason_codes()) if hasattr(res, "reason_codes")
            else [None if code == 0 else str(code) for code in res.reason.tolist()])
        return [Outcome(scored=reason is None, total=int(total) if reason is None else 0,
                        han=int(han), fu=int(fu), yakuman=int(yakuman) > 0,
                        detail=reason or "")
                for reason, total, han, fu, yakuman in zip(
                    reasons, res.total.tolist(), res.han.tolist(), res.fu.tolist(),
                    res.yakuman.tolist(), strict=True)]
    return [_ours_outcome(item, None) for item in res]


def _same(batch: Outcome, single: Outcome | None) -> bool:
    """Same verdict: the reason of a rejection, or total, han, fu and yakuman."""
    if single is None:
        return False
    if not single.scored:
        return not batch.scored and batch.detail == single.detail
    return batch[:5] == single[:5]


def measure_batch(deals: Sequence[Deal], single: Sequence[Outcome | None],
                  repeats: int) -> BatchMeasured:
    """``score_batch(HandBatch.from_hands(pairs), options)``, packed before timing."""
    batch: Any = getattr(scoring, "score_batch", None)
    if batch is None:
        return BatchMeasured(api="absent")
    api = "score_batch(HandBatch.from_hands(list of (hand, context)), options)"
    try:
        packer: Any = (getattr(scoring, "HandBatch", None)
                       or importlib.import_module(batch.__module__).HandBatch)
        options = RiichiOptions()
        pairs = list(zip(*ours_inputs(deals), strict=True))
        packed = packer.from_hands(pairs)
        small = [packer.from_hands(pairs[start:start + BATCH_SMALL])
                 for start in range(0, len(pairs), BATCH_SMALL)]
        outcomes = _batch_outcomes(batch(packed, options))  # warm-up, and the answers
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        return BatchMeasured(api=api, error=_common.error_text(exc))
    if len(outcomes) != len(single):
        return BatchMeasured(api=api, error=f"{len(outcomes)} results for {len(single)} hands")

    def run() -> None:
        batch(packed, options)

    def run_small() -> None:
        for part in small:
            batch(part, options)

    def run_with_packing() -> None:
        batch(packer.from_hands(pairs), options)

    n = len(single)
    return BatchMeasured(
        api=api, rate=n / _common.best_time(run, repeats),
        rate_small=n / _common.best_time(run_small, repeats),
        rate_with_packing=n / _common.best_time(run_with_packing, repeats),
        matches_single=sum(map(_same, outcomes, single)) / n)


# --------------------------------------------------------------------------- agreement


def compare(ours: Sequence[Outcome | None], theirs: Sequence[Outcome | None],
            deals: Sequence[Deal]) -> dict[str, Any]:
    """Agreement of a peer with ours, hand by hand (hands either side raised on are skipped).

    Han and fu are compared only when ours is not a yakuman (the conventions differ there).
    """
    tally: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    for ours_out, peer_out, deal in zip(ours, theirs, deals, strict=False):
        if ours_out is None or peer_out is None:
            tally["skipped"] += 1
            continue
        tally["hands"] += 1
        if ours_out.scored and peer_out.scored:
            tally["both_scored"] += 1
            same_total = ours_out.total == peer_out.total
            same_han = ours_out.yakuman or ours_out.han == peer_out.han
            # a peer's fu below 0: not stated (the log of a limit hand in tenhou.net/6 JSON)
            same_fu = ours_out.yakuman or peer_out.fu < 0 or ours_out.fu == peer_out.fu
            tally["total_differs"] += not same_total
            tally["han_differs"] += not same_han
            tally["fu_differs"] += not same_fu
            tally["han_or_fu_differs"] += not (same_han and same_fu)
            if same_total and same_han and same_fu:
                continue
        elif ours_out.scored == peer_out.scored:
            tally["both_rejected"] += 1
            continue
        else:
            tally["ours_rejected_only" if peer_out.scored else "peer_rejected_only"] += 1
        tally["differ"] += 1
        if len(examples) < MAX_EXAMPLES:
            examples.append({"hand": deal.describe(), "ours": ours_out._asdict(),
                             "peer": peer_out._asdict()})
    hands = tally["hands"]
    one_sided = tally["ours_rejected_only"] + tally["peer_rejected_only"]

    def rate(differ: int) -> float | None:
        return 1.0 - differ / hands if hands else None

    return {
        "rate": rate(tally["differ"]),
        "total_rate": rate(one_sided + tally["total_differs"]),
        "han_fu_rate": rate(one_sided + tally["han_or_fu_differs"]),
        **{key: tally[key] for key in (
            "hands", "both_scored", "both_rejected", "ours_rejected_only",
            "peer_rejected_only", "total_differs", "han_differs", "fu_differs", "differ",
            "skipped")},
        "example": examples[0] if examples else None,
        "examples": examples,
    }


# --------------------------------------------------------------------------- report


def _fmt_rate(rate: float | None) -> str:
    return _common.fmt_rate(rate, 10)


def _fmt_share(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2%}"


def bench_peer(peer: Contender, deals: Sequence[Deal], ours: Sequence[Outcome | None], *,
               repeats: int) -> tuple[dict[str, Any], dict[str, Any] | None, str | None,
                                      list[Outcome | None] | None]:
    """One peer's rate, agreement with ours and answers; a failure is recorded, not raised."""
    sample = len(deals)
    try:
        measured = measure(peer, deals, repeats)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # pyo3 panics derive from BaseException
        error = _common.error_text(exc)
        print(f"{peer.name:<26}: failed ({error})")
        return {peer.name: None}, None, error, None
    raised = None
    if measured.raised:
        raised = f"raised on {measured.raised} of {sample} hands, first: {measured.first_error}"
    if measured.rate is None:
        print(f"{peer.name:<26}: failed ({raised})")
        return {peer.name: None}, None, raised, None
    agreement = compare(ours, measured.outcomes, deals)
    print(f"{peer.name + ' per hand':<26}: {_fmt_rate(measured.rate)}"
          f"  ({sample - measured.raised:,} hands)")
    print(f"    agrees with ours on {_fmt_share(agreement['rate'])} (total"
          f" {_fmt_share(agreement['total_rate'])}, han/fu {_fmt_share(agreement['han_fu_rate'])});"
          f" {agreement['differ']} differ: {agreement['ours_rejected_only']} rejected by ours"
          f" only, {agreement['peer_rejected_only']} by the peer only,"
          f" {agreement['total_differs']} totals, {agreement['han_differs']} han,"
          f" {agreement['fu_differs']} fu")
    if raised:
        print(f"    {raised}")
    if agreement["example"] is not None:
        print(f"    e.g. {agreement['example']['hand']}")
        print(f"         ours: {agreement['example']['ours']}")
        print(f"         peer: {agreement['example']['peer']}")
    return ({peer.name: measured.rate, f"{peer.name}_hands": sample - measured.raised,
             f"agreement_{peer.name}": agreement["rate"]}, agreement, raised, measured.outcomes)


def bench_ours(ours: Contender, deals: Sequence[Deal],
               repeats: int) -> tuple[dict[str, Any], list[Outcome | None], str | None]:
    """Our single-hand and batched rates; the summary part, our answers, a batch error."""
    measured = measure(ours, deals, repeats)
    kinds = Counter("raised" if o is None else "scored" if o.scored else o.detail
                    for o in measured.outcomes)
    print(f"\nours score() per hand     : {_fmt_rate(measured.rate)}  ({len(deals):,} hands;"
          f" {', '.join(f'{k} {v}' for k, v in kinds.most_common())})")
    if measured.raised:
        print(f"    raised on {measured.raised} hands, first: {measured.first_error}")
    cold = len(deals) / _common.best_time(_timed_run(ours, deals), repeats,
                                          before_each=clear_memos)
    print(f"ours score() per hand, cold: {_fmt_rate(cold)}  (the memo of hand shapes emptied"
          " before each pass)")
    batch = measure_batch(deals, measured.outcomes, repeats)
    if batch.rate is not None:
        print(f"ours score_batch, 1 call  : {_fmt_rate(batch.rate)}  ({len(deals):,} hands;"
              f" matches score() on {_fmt_share(batch.matches_single)})")
        print(f"    API: {batch.api}, inputs packed before timing")
        if batch.rate_small is not None:
            print(f"ours score_batch, {BATCH_SMALL:,}s   : {_fmt_rate(batch.rate_small)}"
                  f"  (calls of {BATCH_SMALL:,} hands)")
        if batch.rate_with_packing is not None:
            print(f"ours pack + score_batch   : {_fmt_rate(batch.rate_with_packing)}"
                  "  (HandBatch.from_hands timed too)")
    else:
        print(f"ours score_batch          : n/a ({batch.error or 'not in this version'})")
    summary = {
        "ours_single": measured.rate,
        "ours_single_cold": cold,
        "ours_single_hands": len(deals),
        "ours_batch": batch.rate,
        f"ours_batch_{BATCH_SMALL}": batch.rate_small,
        "ours_batch_with_packing": batch.rate_with_packing,
        "ours_batch_api": batch.api,
        "ours_batch_matches_single": batch.matches_single,
        "ours_outcomes": dict(kinds),
    }
    return summary, measured.outcomes, batch.error


def alternate(ours: Contender, peer: Contender, deals: Sequence[Deal],
              ours_outcomes: Sequence[Outcome | None], peer_outcomes: Sequence[Outcome | None],
              *, rounds: int) -> dict[str, Any]:
    """Ours and ``peer`` timed in alternation on the same hands: the median of the rounds' ratios.

    Each round times ours once and the peer once on every hand neither raised on (the order
    swapped every other round), so both see the same load; the median round is robust to a
    burst of load in one of them.
    """
    keep = [i for i, (a, b) in enumerate(zip(ours_outcomes, peer_outcomes, strict=True))
            if a is not None and b is not None]
    if not keep:
        return {"ratio": None, "ratios": [], "hands": 0}
    calls = []
    for contender in (ours, peer):
        columns = contender.prepare(deals)
        timed = [[column[i] for i in keep] for column in columns]
        call = contender.call
        call(*(column[0] for column in timed))  # warm-up

        def run(call: Callable[..., object] = call, timed: list[list[Any]] = timed) -> None:
            list(map(call, *timed))

        calls.append(run)
    ratios = []
    for index in range(rounds):
        order = (0, 1) if index % 2 == 0 else (1, 0)
        times = [0.0, 0.0]
        for which in order:
            times[which] = _common.best_time(calls[which], 1)
        ratios.append(times[1] / times[0])
    return {"ratio": statistics.median(ratios), "ratios": ratios, "hands": len(keep)}


# --------------------------------------------------------------------------- real hands


def real_hands() -> tuple[list[Deal], list[Outcome], dict[str, str]]:
    """Every win of the shared logs as a deal, the log's verdict on it, the files left out."""
    wins, left_out = _log_wins.log_wins()
    deals = [Deal.from_log(win) for win in wins]
    verdicts = [Outcome(scored=True, total=win.log_value, han=win.log_han,
                        fu=-1 if win.log_fu is None else win.log_fu, yakuman=win.log_yakuman,
                        detail="the log") for win in wins]
    return deals, verdicts, left_out


SCORING_FIELDS = ("red_fives", "kuitan", "kiriage_mangan", "kazoe_yakuman", "double_yakuman",
                  "double_yakuman_hands", "pao", "pao_whole_hand", "pao_open_kan_rinshan",
                  "renpuu_pair_fu", "honba_points", "players")
"""The options the riichi scorer reads (``score`` and ``score_batch``), besides the sanma
ones: hands whose options agree on these are scored under the same rules."""
SANMA_SCORING_FIELDS = ("sanma_tsumo", "kita_cancels_ippatsu")


def _scoring_rules(options: RiichiOptions) -> tuple[object, ...]:
    fields = SCORING_FIELDS + (SANMA_SCORING_FIELDS if isinstance(options, SanmaOptions)
                               else ())
    return (type(options), *(getattr(options, name) for name in fields))


def _batch_groups(deals: Sequence[Deal]) -> list[tuple[list[int], RiichiOptions]]:
    """The hands by the scoring rules they are scored under, one batch each.

    The logs' games differ in rules the scorer never reads (game length, tenpai-yame,
    start points): hands whose options agree on :data:`SCORING_FIELDS` share a batch,
    scored under the first hand's options (the agreement of the batch with ``score``
    under each hand's own options is checked, hand by hand).
    """
    groups: dict[tuple[object, ...], tuple[list[int], RiichiOptions]] = {}
    for index, deal in enumerate(deals):
        groups.setdefault(_scoring_rules(deal.options), ([], deal.options))[0].append(index)
    return list(groups.values())


def _real_batch(deals: Sequence[Deal]) -> tuple[Callable[[], object], Callable[[], object],
                                                list[Outcome], Callable[[], None]]:
    """``score_batch`` on the real hands, one batch per rules: packed before, packed inside.

    Returns the run on batches packed beforehand, the run that packs them
    (``HandBatch.from_hands``) as it goes, the answers (one per hand, in order), and a
    call that packs the batches again (after the memos were emptied, the shape ids of
    a batch packed before no longer hold: it would be scored by the plain path).
    """
    from mahjong_rules.scoring import HandBatch, score_batch

    pairs = list(zip(*ours_inputs(deals), strict=True))
    groups = [([pairs[i] for i in indices], options, isinstance(options, SanmaOptions),
               indices) for indices, options in _batch_groups(deals)]
    packed = [(HandBatch.from_hands(group, sanma=sanma), options)
              for group, options, sanma, _indices in groups]
    answers: list[Outcome | None] = [None] * len(deals)
    for (batch, options), (_group, _options, _sanma, indices) in zip(packed, groups,
                                                                     strict=True):
        for index, outcome in zip(indices, _batch_outcomes(score_batch(batch, options)),
                                  strict=True):
            deal = deals[index]
            answers[index] = (outcome._replace(total=outcome.total - deal.extras)
                              if outcome.scored else outcome)

    def run_packed() -> None:
        for batch, options in packed:
            score_batch(batch, options)

    def run_with_packing() -> None:
        for group, options, sanma, _indices in groups:
            score_batch(HandBatch.from_hands(group, sanma=sanma), options)

    def pack_again() -> None:
        packed[:] = [(HandBatch.from_hands(group, sanma=sanma), options)
                     for group, options, sanma, _indices in groups]

    return run_packed, run_with_packing, [a for a in answers if a is not None], pack_again


def _timed_run(contender: Contender, deals: Sequence[Deal]) -> Callable[[], object]:
    columns = contender.prepare(deals)
    call = contender.call
    call(*(column[0] for column in columns))  # warm-up

    def run() -> None:
        list(map(call, *columns))

    return run


def _alternate_all(runs: dict[str, Callable[[], object]], *, rounds: int, repeats: int,
                   after_clear: Sequence[Callable[[], object]] = ()) -> dict[str, list[float]]:
    """Every run timed once per round (best of ``repeats``), the order turned each round.

    A run named ``*_cold`` starts each pass with our memos of hand shapes emptied
    (untimed): ours on hands it has not seen. After it the memos are filled again
    (untimed: the hands scored twice, then ``after_clear``), so that the warm runs are
    warm whatever their turn.
    """
    names = list(runs)
    times: dict[str, list[float]] = {name: [] for name in names}
    for index in range(rounds):
        turn = names[index % len(names):] + names[:index % len(names)]
        for name in turn if index % 2 == 0 else reversed(turn):
            cold = name.endswith("_cold")
            times[name].append(_common.best_time(runs[name], repeats,
                                                 before_each=clear_memos if cold else None))
            if cold:
                clear_memos()
                for refill in (runs[name], runs[name], *after_clear):
                    refill()
    return times


def _print_agreement(name: str, agreement: dict[str, Any]) -> None:
    print(f"    {name}: agrees with ours on {_fmt_share(agreement['rate'])} of"
          f" {agreement['hands']:,} hands ({agreement['differ']} differ:"
          f" {agreement['ours_rejected_only']} rejected by ours only,"
          f" {agreement['peer_rejected_only']} by the other only,"
          f" {agreement['total_differs']} totals, {agreement['han_differs']} han,"
          f" {agreement['fu_differs']} fu)")
    for example in agreement["examples"]:
        print(f"      {example['hand']}")
        print(f"        ours : {example['ours']}")
        print(f"        other: {example['peer']}")


def bench_real(ours: Contender, peers: Sequence[Contender], *, rounds: int,
               repeats: int) -> dict[str, Any]:
    """The real set: agreement of ours with the logs and the peers, then rates in alternation.

    Every contender (ours per hand, ours batched with the batch packed before and packed
    in the timing, every peer) is timed once per round on every hand (best of
    ``repeats``), the order turned every round; the rates and ratios reported are the
    medians over the rounds (a ratio: the median of the rounds' ratios).
    """
    start = time.perf_counter()
    deals, verdicts, left_out = real_hands()
    mix = hand_mix(deals)
    mix["sanma"] = sum(d.sanma for d in deals) / (len(deals) or 1)
    mix["with_honba"] = sum(d.honba > 0 for d in deals) / (len(deals) or 1)
    print(f"\nreal hands: {len(deals):,} wins of the shared logs, read in"
          f" {time.perf_counter() - start:.1f} s; left out: {left_out or 'none'}")
    print("hand mix: " + ", ".join(f"{k} {v:.2f}" if k.startswith("mean") else f"{k} {v:.0%}"
                                   for k, v in mix.items()))
    agreements, errors, runs, after_clear = _real_agreement(ours, peers, deals, verdicts)
    times = _alternate_all(runs, rounds=rounds, repeats=repeats, after_clear=after_clear)
    n = len(deals)
    summary: dict[str, Any] = {
        "real_hands": n, "real_left_out": left_out, "real_hand_mix": mix,
        "real_rounds": rounds,
        "real_rates": {name: n / statistics.median(t) for name, t in times.items()},
        "real_agreement": {name: a["rate"] for name, a in agreements.items()},
        "real_agreement_details": agreements, "real_errors": errors,
    }
    print(f"timed in alternation, {rounds} rounds (median rates):")
    for name, rate in summary["real_rates"].items():
        print(f"    {name:<24}: {_fmt_rate(rate)}")
    for mine, label in (("ours", "single"), ("ours_cold", "single_cold"), ("ours_batch", "batch"),
                        ("ours_batch_with_packing", "batch_with_packing"),
                        ("ours_batch_with_packing_cold", "batch_with_packing_cold")):
        for peer in peers:
            if mine not in times or peer.name not in times:
                continue
            ratios = [theirs / own for own, theirs in zip(times[mine], times[peer.name],
                                                          strict=True)]
            summary[f"real_ratio_{label}_vs_{peer.name}"] = statistics.median(ratios)
            summary[f"real_ratio_{label}_vs_{peer.name}_rounds"] = ratios
            print(f"ratio {mine} / {peer.name:<15}: {statistics.median(ratios):8.3f}x"
                  f" (median of {rounds} rounds, {min(ratios):.3f}-{max(ratios):.3f})")
    return summary


def _real_agreement(ours: Contender, peers: Sequence[Contender], deals: Sequence[Deal],
                    verdicts: Sequence[Outcome]) -> tuple[
                        dict[str, Any], dict[str, str], dict[str, Callable[[], object]],
                        list[Callable[[], None]]]:
    """Ours against the logs, our batch and every peer; the errors; the runs to time; what
    packs our batches again after the memos were emptied."""
    ours_measured = measure(ours, deals, 1)
    agreements: dict[str, Any] = {"log": compare(ours_measured.outcomes, verdicts, deals)}
    errors: dict[str, str] = {}
    runs: dict[str, Callable[[], object]] = {"ours": _timed_run(ours, deals),
                                             "ours_cold": _timed_run(ours, deals)}
    after_clear: list[Callable[[], None]] = []
    try:
        run_packed, run_with_packing, batch_outcomes, pack_again = _real_batch(deals)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        errors["ours_batch"] = _common.error_text(exc)
    else:
        agreements["ours_batch"] = compare(ours_measured.outcomes, batch_outcomes, deals)
        runs["ours_batch"] = run_packed
        runs["ours_batch_with_packing"] = run_with_packing
        runs["ours_batch_with_packing_cold"] = run_with_packing
        after_clear.append(pack_again)
    for peer in peers:
        try:
            measured = measure(peer, deals, 1)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # pyo3 panics derive from BaseException
            errors[peer.name] = _common.error_text(exc)
            continue
        agreements[peer.name] = compare(ours_measured.outcomes, measured.outcomes, deals)
        if measured.raised:
            errors[peer.name] = (f"raised on {measured.raised} hands, first:"
                                 f" {measured.first_error}; not timed on the real set")
            continue
        runs[peer.name] = _timed_run(peer, deals)
    print("agreement with ours, hand by hand (han and fu unless a yakuman; the value"
          " without honba and deposits):")
    for name, agreement in agreements.items():
        _print_agreement(name, agreement)
    for name, error in errors.items():
        print(f"    {name}: {error}")
    return agreements, errors, runs, after_clear


def add_ratios(summary: dict[str, Any]) -> None:
    """Ours / peer for every peer (``null`` when either side is missing), printed too."""
    single, batch = summary["ours_single"], summary["ours_batch"]
    print()
    for name, _loader in PEER_LOADERS:
        peer_rate = summary[name]
        summary[f"ratio_single_vs_{name}"] = _common.ratio(single, peer_rate)
        summary[f"ratio_single_cold_vs_{name}"] = _common.ratio(summary["ours_single_cold"],
                                                                peer_rate)
        summary[f"ratio_batch_vs_{name}"] = _common.ratio(batch, peer_rate)
        summary[f"ratio_batch_{BATCH_SMALL}_vs_{name}"] = _common.ratio(
            summary[f"ours_batch_{BATCH_SMALL}"], peer_rate)
        if peer_rate is None:
            continue
        batch_text = "" if batch is None else (
            f", batch {summary[f'ratio_batch_vs_{name}']:8.3f}x")
        small = summary[f"ratio_batch_{BATCH_SMALL}_vs_{name}"]
        if small is not None:
            batch_text += f", batch of {BATCH_SMALL:,} {small:8.3f}x"
        print(f"ratio ours / {name:<15}: single {summary[f'ratio_single_vs_{name}']:8.3f}x"
              f" (cold {summary[f'ratio_single_cold_vs_{name}']:8.3f}x){batch_text}")


def print_header(cpu: int | None, threads: dict[str, str], numpy_version: str,
                 contenders: Sequence[Contender], missing: dict[str, str]) -> None:
    _common.print_machine({"python": platform.python_version(), "numpy": numpy_version,
                           "mahjong_rules": _common.version("mahjong_rules")}, cpu, threads)
    for contender in contenders:
        role = "ours" if contender.name == "ours" else f"peer {contender.name}"
        print(f"{role} {contender.version}: {contender.api}")
    for name, reason in missing.items():
        print(f"peer {name}: not available ({reason})")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(__doc__, quick_help="a few thousand hands, under a minute",
                                 seed_help="hand generation seed")
    args = parser.parse_args(argv)
    n_hands = QUICK_HANDS if args.quick else FULL_HANDS

    import numpy as np  # already imported by mahjong_rules, after the thread settings

    cpu = _common.pin_to_one_cpu(not args.no_pin)
    threads = _common.thread_env()
    ours = _ours()
    peers, missing = _common.load_peers(PEER_LOADERS)
    print_header(cpu, threads, np.__version__, [ours, *peers], missing)

    start = time.perf_counter()
    deals = deal_hands(args.seed, n_hands)
    mix = hand_mix(deals)
    print(f"dealt {n_hands:,} winning hands (seed {args.seed}) in"
          f" {time.perf_counter() - start:.1f} s; best of {args.repeats} runs per measurement")
    print("hand mix: " + ", ".join(f"{k} {v:.2f}" if k.startswith("mean") else f"{k} {v:.0%}"
                                   for k, v in mix.items()))

    summary: dict[str, Any] = {"quick": bool(args.quick)}
    ours_summary, ours_outcomes, batch_error = bench_ours(ours, deals, args.repeats)
    summary.update(ours_summary)
    for name, _loader in PEER_LOADERS:
        summary[name] = None
        summary[f"agreement_{name}"] = None
    agreements: dict[str, Any] = {}
    alternated: dict[str, Any] | None = None
    errors: dict[str, str] = {"ours_batch": batch_error} if batch_error else {}
    for peer in peers:
        result, agreement, error, outcomes = bench_peer(peer, deals, ours_outcomes,
                                                        repeats=args.repeats)
        summary.update(result)
        if peer.name == ALTERNATED_PEER and outcomes is not None:
            alternated = alternate(ours, peer, deals, ours_outcomes, outcomes,
                                   rounds=ALTERNATED_ROUNDS)
        if agreement is not None:
            agreements[peer.name] = agreement
        if error is not None:
            errors[peer.name] = error
    add_ratios(summary)
    summary[f"ratio_single_vs_{ALTERNATED_PEER}_sequential"] = summary.get(
        f"ratio_single_vs_{ALTERNATED_PEER}")
    if alternated is not None:
        summary[f"ratio_single_vs_{ALTERNATED_PEER}"] = alternated["ratio"]
        summary[f"ratio_single_vs_{ALTERNATED_PEER}_rounds"] = alternated["ratios"]
        print(f"ratio ours / {ALTERNATED_PEER}, single, timed in alternation: median"
              f" {alternated['ratio']:.3f}x of {len(alternated['ratios'])} rounds"
              f" ({alternated['hands']:,} hands; the ratio_single_vs_{ALTERNATED_PEER} of"
              " the summary)")

    summary.update(bench_real(ours, peers, rounds=REAL_ROUNDS, repeats=args.repeats))
    summary.update({
        "agreement_details": agreements,
        "peer_errors": errors,
        "hand_mix": mix,
        "seed": args.seed,
        "repeats": args.repeats,
        "pinned_cpu": cpu,
        "thread_env": threads,
        "versions": {"python": platform.python_version(), "numpy": np.__version__,
                     "mahjong_rules": ours.version, **{p.name: p.version for p in peers}},
        "apis": {"ours": ours.api, **{p.name: p.api for p in peers}},
        "peers_missing": missing,
    })
    return _common.finish(summary, start)


if __name__ == "__main__":
    raise SystemExit(main())
