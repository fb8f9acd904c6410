"""The Taiwanese tai table (rules/taiwanese.md section 2) and its combination rules.

One frozen record per item, in table order, with its stable id, English name, tai under
the recommended (Mahjong Time) table and its code in rules/taiwanese.md. The San Diego
sheet changes a few values (:data:`SAN_DIEGO_TAI`); two items are worth only what
their option says (``replacement_win_tai``, ``all_honours_tai``, 0 by default).

:func:`reading_items` scores one reading of a winning hand: it applies the seed's
combination rules (1.6) while it collects items, so what it returns is already the
final list, and the total is the plain sum of the items' tai.

Examples:
    >>> [record.tai for record in TAI_TABLE if record.code in ("B1", "X2", "RD")]
    [2, 10, 15]
    >>> tai_value("single_wait", TaiwaneseOptions.san_diego())
    2

.. versionadded:: 0.2
"""

from __future__ import annotations

from typing import Final, NamedTuple

from mahjong_rules.options import StraightConcealment, TaiTable, TaiwaneseOptions, WaitRule
from mahjong_rules.scoring.division import Block, Form, Reading, Shape, Wait

__all__ = ["HOME_ITEMS", "HOME_TAI", "SAN_DIEGO_TAI", "TAI_TABLE", "HandFacts", "TaiItem",
           "TaiRecord", "flower_win_item", "reading_items", "tai_value"]


class TaiRecord(NamedTuple):
    """One item of the tai table."""

    id: str
    """Stable snake_case id."""
    name: str
    """English name."""
    tai: int
    """Tai under the recommended table (per set, kong or flower for counted items; 0 for
    the items whose value is an option)."""
    code: str
    """Its code in rules/taiwanese.md section 2 (``Q2``/``Q3`` for the option items)."""


class TaiItem(NamedTuple):
    """One line of a Taiwanese score: an item of the tai table and the tai it gave."""

    id: str
    """Stable snake_case id (``winning``, ``flowers``, ``half_flush``, ...)."""
    name: str
    """English name."""
    tai: int
    """Tai counted (for a per-set or per-flower item, the count times its value)."""


TAI_TABLE: Final = tuple(TaiRecord(*row) for row in (
    ("eight_flowers", "Eight flowers", 30, "FW8"),
    ("seven_flowers_robbing", "Seven flowers robbing the eighth", 20, "FW7"),
    ("winning", "Winning", 2, "B1"),
    ("flowers", "Flowers and seasons", 1, "F1"),
    ("no_flowers", "No flowers", 1, "F2"),
    ("no_honours", "No honours", 1, "N1"),
    ("no_honours_no_flowers", "No honours and no flowers", 3, "N3"),
    ("half_flush", "Half flush", 10, "N4"),
    ("full_flush", "Full flush", 40, "N5"),
    ("all_honours", "All honours", 0, "Q3"),
    ("honour_sets", "Honour pungs and kongs", 1, "H1"),
    ("melded_kongs", "Melded kongs", 1, "K1"),
    ("concealed_kongs", "Concealed kongs", 2, "K2"),
    ("pure_straight", "Pure straight", 5, "ST"),
    ("concealed_pure_straight", "Concealed pure straight", 10, "ST"),
    ("two_concealed_triplets", "Two concealed triplets", 2, "T2"),
    ("three_concealed_triplets", "Three concealed triplets", 5, "T3"),
    ("four_concealed_triplets", "Four concealed triplets", 15, "T4"),
    ("five_concealed_triplets", "Five concealed triplets", 40, "T5"),
    ("little_three_winds", "Little three winds", 5, "W1"),
    ("big_three_winds", "Big three winds", 15, "W2"),
    ("little_four_winds", "Little four winds", 30, "W3"),
    ("big_four_winds", "Big four winds", 40, "W4"),
    ("little_three_dragons", "Little three dragons", 15, "D1"),
    ("big_three_dragons", "Big three dragons", 30, "D2"),
    ("all_runs", "All runs", 3, "X1"),
    ("all_runs_no_honours_no_flowers", "All runs, no honours, no flowers", 10, "X2"),
    ("all_triplets", "All triplets", 10, "X3"),
    ("seven_pairs_and_triplet", "Seven pairs and a triplet", 30, "X4"),
    ("concealed_hand", "Concealed hand", 1, "C1"),
    ("self_drawn", "Self-drawn", 1, "C2"),
    ("concealed_self_draw", "Concealed self-draw", 3, "C3"),
    ("edge_or_closed_wait", "Edge or closed wait", 1, "A1"),
    ("single_wait", "Single wait", 1, "A2"),
    ("all_exposed", "All-exposed hand", 10, "E1"),
    ("last_tile", "Last tile of the wall", 1, "L1"),
    ("last_discard", "Last discard", 1, "L2"),
    ("robbing_a_kong", "Robbing a kong", 1, "L3"),
    ("replacement_win", "Win on a replacement tile", 0, "Q2"),
    ("early_win", "Early win (6-9 discards)", 5, "EW1"),
    ("very_early_win", "Early win (0-5 discards)", 10, "EW2"),
    ("ready_declaration", "Ready-hand declaration", 15, "RD"),
    ("heavenly_hand", "Heavenly hand", 40, "HH"),
    ("earthly_hand", "Earthly hand", 40, "EH"),
))
"""Every item, in table order (the order of a score's items)."""

SAN_DIEGO_TAI: Final = {
    "winning": 0, "edge_or_closed_wait": 2, "single_wait": 2, "little_three_dragons": 10,
    "big_three_winds": 10, "four_concealed_triplets": 10, "ready_declaration": 10,
    "last_discard": 0,
}
"""Where the San Diego sheet (WD) differs (rules/taiwanese.md Q1 and the side-by-side
table); 0 means the item does not exist there."""

HOME_ITEMS: Final = tuple(TaiRecord(*row) for row in (
    ("dealer", "Dealer (won or dealt in)", 0, "HOME"),
    ("dealer_repeats", "Dealer's repeats (n repeats, n pulls)", 0, "HOME"),
    ("seat_wind_set", "Seat-wind pung or kong", 0, "HOME"),
    ("round_wind_set", "Round-wind pung or kong", 0, "HOME"),
    ("dragon_sets", "Dragon pungs and kongs", 0, "HOME"),
    ("own_flowers", "Own-seat flowers", 0, "HOME"),
    ("flower_sets", "Flower sets", 0, "HOME"),
))
"""The items only the home table has (``TaiTable.HOME``; 0 tai under the others), scored
after the items of :data:`TAI_TABLE`."""

HOME_TAI: Final = {
    "winning": 2, "half_flush": 4, "full_flush": 8,
    "three_concealed_triplets": 2, "four_concealed_triplets": 5,
    "five_concealed_triplets": 8,
    "little_four_winds": 8, "big_four_winds": 16,
    "little_three_dragons": 4, "big_three_dragons": 8,
    "all_runs_no_honours_no_flowers": 2, "all_triplets": 4,
    "concealed_hand": 1, "self_drawn": 1, "concealed_self_draw": 3,
    "edge_or_closed_wait": 1, "single_wait": 1, "all_exposed": 2,
    "last_tile": 1, "last_discard": 1, "robbing_a_kong": 1,
    "heavenly_hand": 24, "earthly_hand": 16,
    "dealer": 1, "dealer_repeats": 2, "seat_wind_set": 1, "round_wind_set": 1,
    "dragon_sets": 1, "own_flowers": 1, "flower_sets": 2,
}
"""The home table's values (docs/taiwanese.md, the home-table section); an item not
named here is worth 0 under it (it is not on the home table). ``winning`` keeps its 2 as
the stand-in for the home game's base stake (底), which every win is paid."""

_RECORDS: Final = {record.id: record for record in (*TAI_TABLE, *HOME_ITEMS)}
_ORDER: Final = {record.id: index for index, record in enumerate((*TAI_TABLE, *HOME_ITEMS))}
_WIND_COMBINATIONS: Final = {(4, False): "big_four_winds", (3, True): "little_four_winds",
                             (3, False): "big_three_winds", (2, True): "little_three_winds"}
_DRAGON_COMBINATIONS: Final = {(3, False): "big_three_dragons",
                               (2, True): "little_three_dragons"}
_EARLY_WIN_LIMITS: Final = ((5, "very_early_win"), (9, "early_win"))
_CONCEALED_TRIPLETS: Final = {2: "two_concealed_triplets", 3: "three_concealed_triplets",
                              4: "four_concealed_triplets", 5: "five_concealed_triplets"}


class HandFacts(NamedTuple):
    """What the items need to know about the hand besides the reading."""

    kinds: tuple[int, ...]
    """Every tile kind of the hand, melds and the winning tile included."""
    flowers: int
    """Flowers and seasons held."""
    closed: bool
    """No open meld (concealed kongs allowed)."""
    tsumo: bool
    """Won by self-draw."""
    only_tile_wait: bool
    """The hand waited on exactly one kind (used by ``WaitRule.ONLY_TILE``)."""
    haitei: bool
    houtei: bool
    chankan: bool
    rinshan: bool
    tenhou: bool
    chiihou: bool
    declared_ready: bool
    discards_before_win: int | None
    seat_wind: int = 0
    """The winner's seat wind (0 East)."""
    round_wind: int = 0
    """The prevalent wind."""
    own_flowers: int = 0
    """Flowers of the winner's own seat (正花)."""
    flower_sets: int = 0
    """Complete flower sets held (``1f``-``4f``, ``5f``-``8f``; 花槓)."""
    dealer: bool = False
    """The dealer wins or pays alone (its ron or its discard won on); a tsumo by another
    seat is settled by :func:`~mahjong_rules.scoring.taiwanese.score_taiwanese`."""
    dealer_repeats: int = 0
    """The dealer's repeat count (連莊)."""


def tai_value(item_id: str, options: TaiwaneseOptions) -> int:
    """The tai of one item (per set, kong or flower) under ``options``.

    Examples:
        >>> tai_value("winning", TaiwaneseOptions()), tai_value("all_honours",
        ...                                                     TaiwaneseOptions())
        (2, 0)
    """
    if item_id == "replacement_win":
        return options.replacement_win_tai
    if item_id == "all_honours":
        return options.all_honours_tai
    if options.table is TaiTable.HOME:
        return HOME_TAI.get(item_id, 0)
    if options.table is TaiTable.SAN_DIEGO and item_id in SAN_DIEGO_TAI:
        return SAN_DIEGO_TAI[item_id]
    return _RECORDS[item_id].tai


def flower_win_item(*, tsumo: bool) -> TaiItem:
    """The one item of a flower win: eight flowers (drawn) or seven robbing the eighth.

    Examples:
        >>> flower_win_item(tsumo=False)
        TaiItem(id='seven_flowers_robbing', name='Seven flowers robbing the eighth', tai=20)
    """
    record = _RECORDS["eight_flowers" if tsumo else "seven_flowers_robbing"]
    return TaiItem(record.id, record.name, record.tai)


def _is_triplet(block: Block) -> bool:
    return block.shape in (Shape.TRIPLET, Shape.KAN)


def _straight(sets: list[Block], reading: Reading, facts: HandFacts,
              options: TaiwaneseOptions) -> str | None:
    """``pure_straight``, ``concealed_pure_straight`` or ``None``."""
    ron_block = None if facts.tsumo else reading.blocks[reading.win_block]
    for suit in range(3):
        starts = (9 * suit, 9 * suit + 3, 9 * suit + 6)
        runs = [[b for b in sets if b.shape is Shape.RUN and b.kind == start]
                for start in starts]
        if not all(runs):
            continue
        if options.straight_concealment is StraightConcealment.HAND:
            concealed = facts.closed
        else:
            # concealed: neither claimed nor completed by the ron tile (Q9); with two
            # copies of a run, the untouched one may be the straight's
            concealed = all(any(not b.melded and b is not ron_block for b in found)
                            for found in runs)
        return "concealed_pure_straight" if concealed else "pure_straight"
    return None


def _set_items(reading: Reading, facts: HandFacts, options: TaiwaneseOptions,
               add: _Adder) -> None:
    """Honour sets, the wind and dragon ladders, kongs, concealed triplets, shapes."""
    sets = [b for b in reading.blocks if b.shape is not Shape.PAIR]
    pair = next(b for b in reading.blocks if b.shape is Shape.PAIR)
    wind_sets = [b for b in sets if _is_triplet(b) and 27 <= b.kind <= 30]
    dragon_sets = [b for b in sets if _is_triplet(b) and b.kind >= 31]
    winds = _WIND_COMBINATIONS.get((len(wind_sets), 27 <= pair.kind <= 30))
    dragons = _DRAGON_COMBINATIONS.get((len(dragon_sets), pair.kind >= 31))
    combined = [*(wind_sets if winds else ()), *(dragon_sets if dragons else ())]
    for name in (winds, dragons):
        if name:
            add(name)
    # seed rule 2: a combination includes the honour-set bonus of its own sets (Q15:
    # every other honour set still scores)
    add("honour_sets", len(wind_sets) + len(dragon_sets) - len(combined))
    # the home table's honour items, under the same rule (a combination includes them)
    free = [b for b in (*wind_sets, *dragon_sets) if all(b is not c for c in combined)]
    add("seat_wind_set", sum(1 for b in free if b.kind == 27 + facts.seat_wind))
    add("round_wind_set", sum(1 for b in free if b.kind == 27 + facts.round_wind))
    add("dragon_sets", sum(1 for b in free if b.kind >= 31))
    kongs = [b for b in sets if b.shape is Shape.KAN and (
        options.kong_bonus_in_combination or all(b is not c for c in combined))]
    add("melded_kongs", sum(1 for b in kongs if b.open))
    add("concealed_kongs", sum(1 for b in kongs if not b.open))
    concealed = sum(1 for b in sets if _is_triplet(b) and not b.open)
    if concealed in _CONCEALED_TRIPLETS:
        add(_CONCEALED_TRIPLETS[concealed])
    straight = _straight(sets, reading, facts, options)
    if straight:
        add(straight)
    if all(_is_triplet(b) for b in sets):
        add("all_triplets")


class _Adder:
    """Collects items with their tai under the options, dropping zero-tai ones."""

    def __init__(self, options: TaiwaneseOptions) -> None:
        self.options = options
        self.items: list[TaiItem] = []

    def __call__(self, item_id: str, count: int = 1) -> None:
        tai = tai_value(item_id, self.options) * count
        if tai:
            self.items.append(TaiItem(item_id, _RECORDS[item_id].name, tai))


def reading_items(reading: Reading, facts: HandFacts,
                  options: TaiwaneseOptions) -> tuple[TaiItem, ...]:
    """The items of one reading, combination rules applied, in table order.

    Contract: ``reading`` is a regular or seven-pairs-and-triplet reading of a 5-set hand
    (from :func:`~mahjong_rules.scoring.division.readings` with ``n_sets=5``).

    Examples:
        >>> from mahjong_rules.notation import parse_kinds
        >>> from mahjong_rules.scoring.division import readings
        >>> hand = list(parse_kinds("234m567m345p678p88s56s"))
        >>> reading = readings(hand, win=21, melds=(), tsumo=False, n_sets=5)[0]
        >>> facts = HandFacts(kinds=(*hand, 21), flowers=1, closed=True, tsumo=False,
        ...                   only_tile_wait=False, haitei=False, houtei=False,
        ...                   chankan=False, rinshan=False, tenhou=False, chiihou=False,
        ...                   declared_ready=False, discards_before_win=None)
        >>> [(item.id, item.tai) for item in reading_items(reading, facts, TaiwaneseOptions())]
        [('winning', 2), ('flowers', 1), ('no_honours', 1), ('all_runs', 3), ('concealed_hand', 1)]
    """
    add = _Adder(options)
    pairs_form = reading.form is Form.SEVEN_PAIRS_AND_TRIPLET
    sets = [b for b in reading.blocks if b.shape is not Shape.PAIR]
    honours = any(kind >= 27 for kind in facts.kinds)
    suits = {kind // 9 for kind in facts.kinds if kind < 27}
    all_runs = not pairs_form and all(b.shape is Shape.RUN for b in sets)
    add("winning")
    add("flowers", facts.flowers)
    full_flush = len(suits) == 1 and not honours
    if len(suits) == 1:
        add("full_flush" if full_flush else "half_flush")
    elif not suits:
        add("all_honours")
    if all_runs and not honours and not facts.flowers:
        # seed rule 4: the 10-tai all runs includes all runs and no honours and no flowers
        add("all_runs_no_honours_no_flowers")
    else:
        if all_runs:
            add("all_runs")
        # seed rule 3 (N3 replaces N1 + F2); Q5: a full flush keeps them unless the option
        # says the full flush includes them
        if not honours and (options.full_flush_no_honours or not full_flush):
            add("no_honours" if facts.flowers else "no_honours_no_flowers")
        elif honours and not facts.flowers:
            add("no_flowers")
    if pairs_form:
        add("seven_pairs_and_triplet")
    else:
        _set_items(reading, facts, options, add)
    # seed rule 5: concealed self-draw includes concealed and self-drawn (Q12: seven
    # pairs and a triplet keeps the concealment bonus unless the option drops it)
    concealment = facts.closed and not (pairs_form and not options.seven_pairs_concealed_bonus)
    if facts.tsumo:
        add("concealed_self_draw" if concealment else "self_drawn")
    elif concealment:
        add("concealed_hand")
    # seed rule 5: the all-exposed hand includes the single wait (Q8: on a ron only)
    exposed = len(sets) == 5 and all(b.melded and b.open for b in sets) and (
        not facts.tsumo or options.all_exposed_on_tsumo)
    if exposed:
        add("all_exposed")
    elif options.wait_rule is WaitRule.PLACEMENT or facts.only_tile_wait:
        # Q7: judged by the winning tile's place in this reading
        if reading.wait in (Wait.KANCHAN, Wait.PENCHAN):
            add("edge_or_closed_wait")
        elif reading.wait is Wait.TANKI:
            add("single_wait")
    _timing_items(facts, add)
    add("own_flowers", facts.own_flowers)
    add("flower_sets", facts.flower_sets)
    if facts.dealer:
        add("dealer")
        add("dealer_repeats", facts.dealer_repeats)
    add.items.sort(key=lambda item: _ORDER[item.id])
    return tuple(add.items)


def _timing_items(facts: HandFacts, add: _Adder) -> None:
    """Last tile, last discard, robbing a kong, replacement, early win, declaration."""
    for flag, name in ((facts.haitei, "last_tile"), (facts.houtei, "last_discard"),
                       (facts.chankan, "robbing_a_kong"), (facts.rinshan, "replacement_win"),
                       (facts.declared_ready, "ready_declaration"),
                       (facts.tenhou, "heavenly_hand"), (facts.chiihou, "earthly_hand")):
        if flag:
            add(name)
    # seed rule 6: heavenly and earthly hands replace the early win
    if facts.discards_before_win is not None and not (facts.tenhou or facts.chiihou):
        for limit, name in _EARLY_WIN_LIMITS:
            if facts.discards_before_win <= limit:
                add(name)
                break
