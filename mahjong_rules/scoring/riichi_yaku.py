"""Riichi yaku: frozen records and the predicates over one reading (seeds/000 6.1, 6.2).

Each yaku is a record (stable snake_case id, English name, closed and open han, yakuman
multiple). :func:`find_yaku` returns the yaku of one reading; yakuman replace every
other yaku; the exclusions of 6.2 are applied here (ryanpeikou over iipeikou, junchan
over chanta, chinitsu over honitsu, double riichi over riichi).

.. versionadded:: 0.1
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

import attrs

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import YakuHit
from mahjong_rules.scoring.division import (
    CONCEALED_SETS,
    DOUBLES,
    FIELD,
    KANS,
    MELDED,
    PAIR,
    PLAIN,
    RUN_BITS,
    RUNS,
    TRIPLET_BITS,
    TRIPLETS,
    Form,
    Reading,
    Wait,
    reading_facts,
)
from mahjong_rules.scoring.hand import WinContext

__all__ = ["BIT", "YAKU", "YAKUMAN_MASK", "Yaku", "YakuHit", "YakuSummary", "find_yaku",
           "kind_mask", "reading_yaku", "summarize", "yaku_mask"]

DRAGONS: Final = (31, 32, 33)
WINDS: Final = (27, 28, 29, 30)
GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s, green dragon


@attrs.frozen(kw_only=True)
class Yaku:
    """A yaku record (never changes; options are applied by pure functions)."""

    id: str
    """Stable snake_case id."""
    name: str
    """English name (romanized where English has no word)."""
    han_closed: int
    """Han with a closed hand (0 for a yakuman)."""
    han_open: int
    """Han with an open hand; 0 when the yaku needs a closed hand."""
    yakuman: int = 0
    """Yakuman multiple (1, or 2 for a double yakuman when the option allows)."""


def _y(id_: str, name: str, closed: int, opened: int, yakuman: int = 0) -> Yaku:
    return Yaku(id=id_, name=name, han_closed=closed, han_open=opened, yakuman=yakuman)


YAKU: Final[dict[str, Yaku]] = {y.id: y for y in (
    _y("riichi", "Riichi", 1, 0),
    _y("double_riichi", "Double riichi", 2, 0),
    _y("ippatsu", "Ippatsu", 1, 0),
    _y("menzen_tsumo", "Fully concealed hand (menzen tsumo)", 1, 0),
    _y("pinfu", "Pinfu (all runs)", 1, 0),
    _y("tanyao", "Tanyao (all simples)", 1, 1),
    _y("iipeikou", "Iipeikou (pure double run)", 1, 0),
    _y("haku", "Yakuhai: white dragon", 1, 1),
    _y("hatsu", "Yakuhai: green dragon", 1, 1),
    _y("chun", "Yakuhai: red dragon", 1, 1),
    _y("round_wind", "Yakuhai: round wind", 1, 1),
    _y("seat_wind", "Yakuhai: seat wind", 1, 1),
    _y("haitei", "Haitei (last tile tsumo)", 1, 1),
    _y("houtei", "Houtei (last discard ron)", 1, 1),
    _y("rinshan", "Rinshan kaihou (win on a replacement tile)", 1, 1),
    _y("chankan", "Chankan (robbing a kan)", 1, 1),
    _y("chiitoitsu", "Chiitoitsu (seven pairs)", 2, 0),
    _y("sanshoku", "Sanshoku doujun (mixed triple run)", 2, 1),
    _y("ittsu", "Ittsu (pure straight)", 2, 1),
    _y("chanta", "Chanta (outside hand)", 2, 1),
    _y("toitoi", "Toitoi (all triplets)", 2, 2),
    _y("sanankou", "Sanankou (three concealed triplets)", 2, 2),
    _y("sanshoku_doukou", "Sanshoku doukou (triple triplets)", 2, 2),
    _y("sankantsu", "Sankantsu (three kans)", 2, 2),
    _y("shousangen", "Shousangen (little three dragons)", 2, 2),
    _y("honroutou", "Honroutou (all terminals and honours)", 2, 2),
    _y("honitsu", "Honitsu (half flush)", 3, 2),
    _y("junchan", "Junchan (terminals in every set)", 3, 2),
    _y("ryanpeikou", "Ryanpeikou (twice pure double run)", 3, 0),
    _y("chinitsu", "Chinitsu (full flush)", 6, 5),
    _y("kokushi", "Kokushi musou (thirteen orphans)", 0, 0, 1),
    _y("kokushi_13", "Kokushi musou, thirteen-sided wait", 0, 0, 2),
    _y("suuankou", "Suuankou (four concealed triplets)", 0, 0, 1),
    _y("suuankou_tanki", "Suuankou, pair wait", 0, 0, 2),
    _y("daisangen", "Daisangen (big three dragons)", 0, 0, 1),
    _y("shousuushii", "Shousuushii (little four winds)", 0, 0, 1),
    _y("daisuushii", "Daisuushii (big four winds)", 0, 0, 2),
    _y("tsuuiisou", "Tsuuiisou (all honours)", 0, 0, 1),
    _y("chinroutou", "Chinroutou (all terminals)", 0, 0, 1),
    _y("ryuuiisou", "Ryuuiisou (all green)", 0, 0, 1),
    _y("chuuren", "Chuuren poutou (nine gates)", 0, 0, 1),
    _y("junsei_chuuren", "Junsei chuuren poutou (pure nine gates)", 0, 0, 2),
    _y("suukantsu", "Suukantsu (four kans)", 0, 0, 1),
    _y("tenhou", "Tenhou (heavenly hand)", 0, 0, 1),
    _y("chiihou", "Chiihou (earthly hand)", 0, 0, 1),
)}


_ORDER: Final = {name: index for index, name in enumerate(YAKU)}
BIT: Final = {name: 1 << index for name, index in _ORDER.items()}
"""Each yaku's bit in a yaku mask: bit ``i`` is the ``i``-th entry of :data:`YAKU`."""
YAKUMAN_MASK: Final = sum(BIT[name] for name, yaku in YAKU.items() if yaku.yakuman)
"""The bits of the yakuman."""


def _mask(kinds: Sequence[int] | frozenset[int]) -> int:
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


# kind masks (bit k is kind k)
_HONORS: Final = _mask(range(27, 34))
_TERMINALS: Final = _mask((0, 8, 9, 17, 18, 26))
_OUTSIDE: Final = _HONORS | _TERMINALS  # terminals and honours
_GREEN: Final = _mask(GREEN)
_DRAGONS: Final = _mask(DRAGONS)
_WINDS: Final = _mask(WINDS)
_SUIT: Final = 0x1FF  # the nine kinds of a suit
_ITTSU: Final = 0b1001001  # runs 123, 456, 789 of a suit
# enum members as module constants: a member looked up on its class is slow in 3.11
_SEVEN_PAIRS: Final = Form.SEVEN_PAIRS
_THIRTEEN_ORPHANS: Final = Form.THIRTEEN_ORPHANS
_RYANMEN: Final = Wait.RYANMEN


class YakuSummary(NamedTuple):
    """The yaku of a yaku mask as hits, with their han and yakuman multiples summed."""

    hits: tuple[YakuHit, ...]
    """The hits in table order."""
    han: int
    """Han of the ordinary yaku (0 for a yakuman)."""
    yakuman: int
    """Yakuman multiples (0 unless a yakuman)."""


_SINGLE: Final[frozenset[str]] = frozenset()


def doubles_of(options: RiichiOptions) -> frozenset[str]:
    """The yakuman that count double under ``options``, by yaku id.

    ``double_yakuman_hands`` when ``double_yakuman`` is on, else none.

    Examples:
        >>> sorted(doubles_of(RiichiOptions(double_yakuman_hands={"daisuushii"})))
        ['daisuushii']
        >>> doubles_of(RiichiOptions(double_yakuman=False))
        frozenset()
    """
    return options.double_yakuman_hands if options.double_yakuman else _SINGLE


@functools.lru_cache(maxsize=4096)
def summarize(mask: int, closed: bool, doubles: frozenset[str]) -> YakuSummary:
    """The hits of a yaku mask (from :func:`yaku_mask`), in table order.

    ``doubles``: the yakuman that count double (:func:`doubles_of`). Cached: hands share
    their yaku far more often than their tiles.

    Examples:
        >>> summarize(BIT["riichi"] | BIT["pinfu"], closed=True, doubles=frozenset()).han
        2
    """
    hits = []
    for name, yaku in YAKU.items():
        if not mask & BIT[name]:
            continue
        if yaku.yakuman:
            multiple = yaku.yakuman if name in doubles else 1
            hits.append(YakuHit(yaku.id, yaku.name, 0, multiple))
        else:
            hits.append(YakuHit(yaku.id, yaku.name, yaku.han_closed if closed else yaku.han_open,
                                0))
    return YakuSummary(tuple(hits), sum(hit.han for hit in hits),
                       sum(hit.yakuman for hit in hits))


_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren(counts: Sequence[int], win: int) -> int:
    """Nine gates of a closed one-suit hand without melds: 0 none, 1 chuuren, 2 pure.

    ``counts`` are the hand's tiles by kind, the winning tile ``win`` included.
    """
    start = win - win % 9
    suit = list(counts[start:start + 9])
    if not all(c >= b for c, b in zip(suit, _GATES, strict=True)):
        return 0
    suit[win - start] -= 1
    return 2 if tuple(suit) == _GATES else 1


def kind_mask(kinds: Sequence[int]) -> int:
    """Bit ``k`` set for each kind ``k`` among ``kinds``."""
    return _mask(kinds)


def yaku_mask(
    reading: Reading,
    kinds: Sequence[int],
    *,
    closed: bool,
    context: WinContext,
    options: RiichiOptions,
) -> int:
    """The yaku of one reading as a mask of :data:`BIT` (see :func:`find_yaku`)."""
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return reading_yaku(reading.form, reading.wait, reading_facts(reading), counts, kinds[-1],
                        _mask(kinds), closed, context, options)


# the bits reading_yaku sets, as module constants (a global, not a dict lookup)
_B_CHANKAN: Final = BIT["chankan"]
_B_CHANTA: Final = BIT["chanta"]
_B_CHIIHOU: Final = BIT["chiihou"]
_B_CHIITOITSU: Final = BIT["chiitoitsu"]
_B_CHINITSU: Final = BIT["chinitsu"]
_B_CHINROUTOU: Final = BIT["chinroutou"]
_B_CHUN: Final = BIT["chun"]
_B_DAISANGEN: Final = BIT["daisangen"]
_B_DAISUUSHII: Final = BIT["daisuushii"]
_B_DOUBLE_RIICHI: Final = BIT["double_riichi"]
_B_HAITEI: Final = BIT["haitei"]
_B_HAKU: Final = BIT["haku"]
_B_HATSU: Final = BIT["hatsu"]
_B_HONITSU: Final = BIT["honitsu"]
_B_HONROUTOU: Final = BIT["honroutou"]
_B_HOUTEI: Final = BIT["houtei"]
_B_IIPEIKOU: Final = BIT["iipeikou"]
_B_IPPATSU: Final = BIT["ippatsu"]
_B_ITTSU: Final = BIT["ittsu"]
_B_JUNCHAN: Final = BIT["junchan"]
_B_MENZEN_TSUMO: Final = BIT["menzen_tsumo"]
_B_PINFU: Final = BIT["pinfu"]
_B_RIICHI: Final = BIT["riichi"]
_B_RINSHAN: Final = BIT["rinshan"]
_B_ROUND_WIND: Final = BIT["round_wind"]
_B_RYANPEIKOU: Final = BIT["ryanpeikou"]
_B_RYUUIISOU: Final = BIT["ryuuiisou"]
_B_SANANKOU: Final = BIT["sanankou"]
_B_SANKANTSU: Final = BIT["sankantsu"]
_B_SANSHOKU: Final = BIT["sanshoku"]
_B_SANSHOKU_DOUKOU: Final = BIT["sanshoku_doukou"]
_B_SEAT_WIND: Final = BIT["seat_wind"]
_B_SHOUSANGEN: Final = BIT["shousangen"]
_B_SHOUSUUSHII: Final = BIT["shousuushii"]
_B_SUUKANTSU: Final = BIT["suukantsu"]
_B_TANYAO: Final = BIT["tanyao"]
_B_TENHOU: Final = BIT["tenhou"]
_B_TOITOI: Final = BIT["toitoi"]
_B_TSUUIISOU: Final = BIT["tsuuiisou"]


def reading_yaku(  # noqa: PLR0917 (positional: called once per reading)
    form: Form,
    wait: Wait,
    facts: int,
    counts: Sequence[int],
    win: int,
    held: int,
    closed: bool,
    context: WinContext,
    options: RiichiOptions,
) -> int:
    """The yaku of a reading given as its form, wait and facts, as a mask.

    ``facts`` are :func:`~mahjong_rules.scoring.division.block_facts` of the blocks;
    ``counts`` the concealed tiles by kind, the winning tile ``win`` included; ``held``
    the :func:`kind_mask` of every tile of the hand, melds included. Positional
    arguments: the scorer calls it once per reading.
    """
    run_mask = facts & RUN_BITS
    trip_mask = facts >> TRIPLETS & TRIPLET_BITS
    runs = facts >> RUNS & FIELD
    kans = facts >> KANS & FIELD
    concealed_triplets = facts >> CONCEALED_SETS & FIELD
    pair = (facts >> PAIR & FIELD) - 1
    suits = (held & _SUIT != 0) + (held >> 9 & _SUIT != 0) + (held >> 18 & _SUIT != 0)
    has_honor = held & _HONORS != 0
    seven_pairs = form is _SEVEN_PAIRS

    # yakuman: they replace every other yaku. Each needs one of the few shapes of the
    # gate below; an ordinary hand skips the lot.
    found = 0
    if context.tenhou:
        found |= _B_TENHOU
    if context.chiihou:
        found |= _B_CHIIHOU
    if form is _THIRTEEN_ORPHANS:
        return found | BIT["kokushi_13" if wait is Wait.THIRTEEN_SIDED else "kokushi"]
    if (suits <= 1 or concealed_triplets == 4 or kans == 4 or not held & ~_TERMINALS
            or (trip_mask & _HONORS).bit_count() >= 3):
        if not held & ~_HONORS:
            found |= _B_TSUUIISOU
        if not held & ~_GREEN:
            found |= _B_RYUUIISOU
        if not seven_pairs:
            if not held & ~_TERMINALS:
                found |= _B_CHINROUTOU
            if concealed_triplets == 4:
                found |= BIT["suuankou_tanki" if wait is Wait.TANKI else "suuankou"]
            if trip_mask & _DRAGONS == _DRAGONS:
                found |= _B_DAISANGEN
            winds = (trip_mask & _WINDS).bit_count()
            if winds == 4:
                found |= _B_DAISUUSHII
            elif winds == 3 and _WINDS >> pair & 1:
                found |= _B_SHOUSUUSHII
            if kans == 4:
                found |= _B_SUUKANTSU
            if closed and not facts >> MELDED & FIELD and suits == 1 and not has_honor:
                gates = _chuuren(counts, win)
                if gates:
                    found |= BIT["junsei_chuuren" if gates == 2 else "chuuren"]
    if found:
        return found

    # circumstances
    if context.double_riichi:
        found = _B_DOUBLE_RIICHI
    elif context.riichi:
        found = _B_RIICHI
    if context.ippatsu:
        found |= _B_IPPATSU
    if context.tsumo and closed:
        found |= _B_MENZEN_TSUMO
    if context.haitei:
        found |= _B_HAITEI
    if context.houtei:
        found |= _B_HOUTEI
    if context.rinshan:
        found |= _B_RINSHAN
    if context.chankan:
        found |= _B_CHANKAN
    if not held & _OUTSIDE and (closed or options.kuitan):
        found |= _B_TANYAO
    if suits == 1:
        found |= _B_HONITSU if has_honor else _B_CHINITSU
    all_outside = not held & ~_OUTSIDE
    if seven_pairs:
        found |= _B_CHIITOITSU
        if all_outside:
            found |= _B_HONROUTOU
        return found

    # yakuhai, and the pair's value for pinfu
    prevalent = 27 + context.round_wind
    seat = 27 + context.seat_wind
    if trip_mask & _HONORS:
        if trip_mask & 1 << 31:
            found |= _B_HAKU
        if trip_mask & 1 << 32:
            found |= _B_HATSU
        if trip_mask & 1 << 33:
            found |= _B_CHUN
        if trip_mask >> prevalent & 1:
            found |= _B_ROUND_WIND
        if trip_mask >> seat & 1:
            found |= _B_SEAT_WIND
        if (trip_mask & _DRAGONS).bit_count() == 2 and pair >= 31:
            found |= _B_SHOUSANGEN
    if runs >= 3:
        # pinfu: closed, four runs, a pair worth no fu, a two-sided wait
        if (closed and runs == 4 and wait is _RYANMEN and pair < 31
                and pair not in (prevalent, seat)):
            found |= _B_PINFU
        if run_mask & run_mask >> 9 & run_mask >> 18 & _SUIT:
            found |= _B_SANSHOKU
        if (run_mask & _ITTSU == _ITTSU or run_mask >> 9 & _ITTSU == _ITTSU
                or run_mask >> 18 & _ITTSU == _ITTSU):
            found |= _B_ITTSU
    if closed and runs >= 2:
        # identical runs (a closed hand's runs are all concealed)
        doubles = facts >> DOUBLES & FIELD
        if doubles == 2:
            found |= _B_RYANPEIKOU
        elif doubles == 1:
            found |= _B_IIPEIKOU
    if runs <= 1:
        if trip_mask & trip_mask >> 9 & trip_mask >> 18 & _SUIT:
            found |= _B_SANSHOKU_DOUKOU
        if not runs:
            found |= _B_TOITOI
        if concealed_triplets == 3:
            found |= _B_SANANKOU
        if kans == 3:
            found |= _B_SANKANTSU
    if all_outside:
        found |= _B_HONROUTOU
    elif runs and not facts >> PLAIN & FIELD:  # every block holds a terminal or an honour
        found |= _B_CHANTA if has_honor else _B_JUNCHAN
    return found


def find_yaku(
    reading: Reading,
    kinds: Sequence[int],
    *,
    closed: bool,
    context: WinContext,
    options: RiichiOptions,
) -> list[YakuHit]:
    """The yaku of one reading.

    Contract: ``kinds`` lists every tile of the hand (melds included, a kan as four
    tiles) with the winning tile last; ``closed`` is true when no meld but closed kans.

    Examples:
        >>> from mahjong_rules.notation import parse_kinds
        >>> from mahjong_rules.scoring.division import readings
        >>> hand = list(parse_kinds("234m567p789s22s45p"))
        >>> reading = readings(hand, win=11, melds=(), tsumo=False)[0]
        >>> [y.id for y in find_yaku(reading, [*hand, 11], closed=True,
        ...                           context=WinContext(), options=RiichiOptions())]
        ['pinfu']
    """
    mask = yaku_mask(reading, kinds, closed=closed, context=context, options=options)
    return list(summarize(mask, closed, doubles_of(options)).hits)
