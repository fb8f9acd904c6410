"""Riichi yaku: frozen records and the predicates over one reading (seeds/000 6.1, 6.2).

Each yaku is a record (stable snake_case id, English name, closed and open han, yakuman
multiple). :func:`find_yaku` returns the yaku of one reading; yakuman replace every
other yaku; the exclusions of 6.2 are applied here (ryanpeikou over iipeikou, junchan
over chanta, chinitsu over honitsu, double riichi over riichi).

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from mahjong_rules.options import RiichiOptions
from mahjong_rules.outcome import YakuHit
from mahjong_rules.scoring.division import Form, Reading, Shape, Wait
from mahjong_rules.scoring.hand import WinContext

__all__ = ["YAKU", "Yaku", "YakuHit", "find_yaku"]

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


def _hits(found: list[str], *, closed: bool, options: RiichiOptions) -> list[YakuHit]:
    """Hits in table order (the order of :data:`YAKU`)."""
    return [_hit(y, closed=closed, options=options) for y in sorted(found, key=_ORDER.__getitem__)]


def _hit(yaku_id: str, *, closed: bool, options: RiichiOptions) -> YakuHit:
    yaku = YAKU[yaku_id]
    if yaku.yakuman:
        multiple = yaku.yakuman if options.double_yakuman else 1
        return YakuHit(yaku.id, yaku.name, 0, multiple)
    return YakuHit(yaku.id, yaku.name, yaku.han_closed if closed else yaku.han_open, 0)


def _is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def _block_kinds(shape: Shape, kind: int) -> tuple[int, ...]:
    return (kind, kind + 1, kind + 2) if shape is Shape.RUN else (kind,)


def _yakuman(reading: Reading, kinds: Sequence[int], *, closed: bool, concealed_triplets: int,
             context: WinContext) -> list[str]:
    found: list[str] = []
    if context.tenhou:
        found.append("tenhou")
    if context.chiihou:
        found.append("chiihou")
    if reading.form is Form.THIRTEEN_ORPHANS:
        found.append("kokushi_13" if reading.wait is Wait.THIRTEEN_SIDED else "kokushi")
        return found
    distinct = set(kinds)
    if distinct <= set(range(27, 34)):
        found.append("tsuuiisou")
    if distinct <= GREEN:
        found.append("ryuuiisou")
    if reading.form is Form.SEVEN_PAIRS:
        return found
    if all(k < 27 and k % 9 in (0, 8) for k in distinct):
        found.append("chinroutou")
    sets = [b for b in reading.blocks if b.shape is not Shape.PAIR]
    pair = next(b for b in reading.blocks if b.shape is Shape.PAIR)
    triplet_kinds = {b.kind for b in sets if b.shape is not Shape.RUN}
    if concealed_triplets == 4:
        found.append("suuankou_tanki" if reading.wait is Wait.TANKI else "suuankou")
    if set(DRAGONS) <= triplet_kinds:
        found.append("daisangen")
    winds = len(triplet_kinds & set(WINDS))
    if winds == 4:
        found.append("daisuushii")
    elif winds == 3 and pair.kind in WINDS:
        found.append("shousuushii")
    if sum(1 for b in sets if b.shape is Shape.KAN) == 4:
        found.append("suukantsu")
    if closed and all(not b.melded for b in reading.blocks):
        suit = kinds[0] // 9
        if kinds[0] < 27 and all(k < 27 and k // 9 == suit for k in kinds):
            counts = [0] * 9
            for kind in kinds:
                counts[kind % 9] += 1
            base = [3, 1, 1, 1, 1, 1, 1, 1, 3]
            if all(c >= b for c, b in zip(counts, base, strict=True)):
                win = kinds[-1] % 9
                counts[win] -= 1
                found.append("junsei_chuuren" if counts == base else "chuuren")
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
    blocks = reading.blocks
    concealed_triplets = sum(
        1 for b in blocks if b.shape in (Shape.TRIPLET, Shape.KAN) and not b.open
    )
    yakuman = _yakuman(reading, kinds, closed=closed, concealed_triplets=concealed_triplets,
                       context=context)
    if yakuman:
        return _hits(yakuman, closed=closed, options=options)
    found: list[str] = []
    # circumstances
    if context.double_riichi:
        found.append("double_riichi")
    elif context.riichi:
        found.append("riichi")
    if context.ippatsu:
        found.append("ippatsu")
    if context.tsumo and closed:
        found.append("menzen_tsumo")
    found.extend(flag for flag in ("haitei", "houtei", "rinshan", "chankan")
                 if getattr(context, flag))
    distinct = set(kinds)
    if all(not _is_terminal_or_honor(k) for k in distinct) and (closed or options.kuitan):
        found.append("tanyao")
    suits = {k // 9 for k in distinct if k < 27}
    has_honor = any(k >= 27 for k in distinct)
    if len(suits) == 1:
        found.append("honitsu" if has_honor else "chinitsu")
    if reading.form is Form.SEVEN_PAIRS:
        found.append("chiitoitsu")
        if all(_is_terminal_or_honor(k) for k in distinct):
            found.append("honroutou")
        return _hits(found, closed=closed, options=options)

    sets = [b for b in blocks if b.shape is not Shape.PAIR]
    pair = next(b for b in blocks if b.shape is Shape.PAIR)
    runs = [b.kind for b in sets if b.shape is Shape.RUN]
    triplets = [b.kind for b in sets if b.shape is not Shape.RUN]
    # yakuhai
    for dragon, name in zip(DRAGONS, ("haku", "hatsu", "chun"), strict=True):
        if dragon in triplets:
            found.append(name)
    if 27 + context.round_wind in triplets:
        found.append("round_wind")
    if 27 + context.seat_wind in triplets:
        found.append("seat_wind")
    # pinfu: closed, four runs, a pair worth no fu, a two-sided wait
    value_pair = pair.kind in DRAGONS or pair.kind in (27 + context.round_wind,
                                                       27 + context.seat_wind)
    if closed and len(runs) == 4 and not value_pair and reading.wait is Wait.RYANMEN:
        found.append("pinfu")
    # identical runs
    if closed:
        doubles = sum(runs.count(k) // 2 for k in set(runs))
        if doubles == 2:
            found.append("ryanpeikou")
        elif doubles == 1:
            found.append("iipeikou")
    run_set = set(runs)
    if any({n, n + 9, n + 18} <= run_set for n in range(7)):
        found.append("sanshoku")
    if any({9 * s, 9 * s + 3, 9 * s + 6} <= run_set for s in range(3)):
        found.append("ittsu")
    triplet_set = set(triplets)
    if any({n, n + 9, n + 18} <= triplet_set for n in range(9)):
        found.append("sanshoku_doukou")
    if not runs:
        found.append("toitoi")
    if concealed_triplets == 3:
        found.append("sanankou")
    if sum(1 for b in sets if b.shape is Shape.KAN) == 3:
        found.append("sankantsu")
    if len(triplet_set & set(DRAGONS)) == 2 and pair.kind in DRAGONS:
        found.append("shousangen")
    if all(_is_terminal_or_honor(k) for k in distinct):
        found.append("honroutou")
    elif runs and all(any(_is_terminal_or_honor(k) for k in _block_kinds(b.shape, b.kind))
                      for b in blocks):
        found.append("chanta" if has_honor else "junchan")
    return _hits(found, closed=closed, options=options)
