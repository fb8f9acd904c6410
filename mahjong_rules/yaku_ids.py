"""Yaku numbering of the log formats: this library's yaku ids, Tenhou's and Mahjong Soul's.

One row per yaku (and per kind of dora), for reading results: a Tenhou mjlog ``yaku``
attribute or a tenhou.net/6 result gives Tenhou ids (``log-formats.md`` 4.3; the seat and
round winds have one id per wind), Mahjong Soul's records give their own ``fan`` ids
(one id for "seat wind", one for "round wind"). :func:`tenhou_yaku` and
:func:`mahjong_soul_yaku` turn either into a :class:`YakuName` row with this library's
id (:data:`mahjong_rules.scoring.YAKU`), the English and the Japanese name.

Sources: Tenhou's ids are the ones the mjlog reader uses (:data:`TENHOU_YAKU` of
:mod:`mahjong_rules.replay`, ``log-formats.md`` 4.3). Mahjong Soul's ids 1-50 are the
``fan`` table of its game data as two independent public converters list it (the
table of the InjusticeJudge log analyser and an all-yaku study, checked against each
other); 46 is paarenchan and 59 renhou, which the standard ranked rules never score;
this library scores neither paarenchan nor the event-mode yaku (51-64), so they have no
row.

Examples:
    >>> tenhou_yaku(24).key, tenhou_yaku(24).english
    ('ittsu', 'Ittsu (pure straight)')
    >>> mahjong_soul_yaku(16) == tenhou_yaku(24)
    True
    >>> tenhou_yaku(11).key, mahjong_soul_yaku(10).key  # South seat wind; seat wind
    ('seat_wind', 'seat_wind')
    >>> [(row.key, row.tenhou, row.mahjong_soul) for row in YAKU_NAMES if row.dora]
    [('dora', (52,), 31), ('ura', (53,), 33), ('aka', (54,), 32), ('kita', (), 34)]

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Final

import attrs

from mahjong_rules.notation._kinds import YAKU_NAMES as _TENHOU_JAPANESE
from mahjong_rules.scoring import YAKU

__all__ = ["YAKU_NAMES", "YakuName", "mahjong_soul_yaku", "tenhou_yaku", "yaku_name"]


@attrs.frozen(kw_only=True)
class YakuName:
    """One yaku (or kind of dora) in every numbering.

    .. versionadded:: 0.3
    """

    key: str
    """This library's yaku id (:data:`mahjong_rules.scoring.YAKU`), or ``dora``, ``ura``,
    ``aka``, ``kita`` for the dora, and ``renhou`` (scored only under the ``renhou``
    option, so not in the scorer's yaku table)."""
    english: str
    """The English name."""
    japanese: str
    """The name as Tenhou writes it (seat and round winds: without the wind)."""
    tenhou: tuple[int, ...]
    """Tenhou's ids (four for the seat wind, East to North; four for the round wind)."""
    mahjong_soul: int | None
    """Mahjong Soul's ``fan`` id, ``None`` when it has none."""
    dora: bool = False
    """A kind of dora: counted as han, not a yaku."""


# key, Tenhou ids, Mahjong Soul id (the names come from the scorer's and the readers' tables)
_ROWS: Final = (
    ("menzen_tsumo", (0,), 1), ("riichi", (1,), 2), ("ippatsu", (2,), 30),
    ("chankan", (3,), 3), ("rinshan", (4,), 4), ("haitei", (5,), 5), ("houtei", (6,), 6),
    ("pinfu", (7,), 14), ("tanyao", (8,), 12), ("iipeikou", (9,), 13),
    ("seat_wind", (10, 11, 12, 13), 10), ("round_wind", (14, 15, 16, 17), 11),
    ("haku", (18,), 7), ("hatsu", (19,), 8), ("chun", (20,), 9),
    ("double_riichi", (21,), 18), ("chiitoitsu", (22,), 25), ("chanta", (23,), 15),
    ("ittsu", (24,), 16), ("sanshoku", (25,), 17), ("sanshoku_doukou", (26,), 19),
    ("sankantsu", (27,), 20), ("toitoi", (28,), 21), ("sanankou", (29,), 22),
    ("shousangen", (30,), 23), ("honroutou", (31,), 24), ("ryanpeikou", (32,), 28),
    ("junchan", (33,), 26), ("honitsu", (34,), 27), ("chinitsu", (35,), 29),
    ("renhou", (36,), 59), ("tenhou", (37,), 35), ("chiihou", (38,), 36),
    ("daisangen", (39,), 37), ("suuankou", (40,), 38), ("suuankou_tanki", (41,), 48),
    ("tsuuiisou", (42,), 39), ("ryuuiisou", (43,), 40), ("chinroutou", (44,), 41),
    ("chuuren", (45,), 45), ("junsei_chuuren", (46,), 47), ("kokushi", (47,), 42),
    ("kokushi_13", (48,), 49), ("daisuushii", (49,), 50), ("shousuushii", (50,), 43),
    ("suukantsu", (51,), 44),
    ("dora", (52,), 31), ("ura", (53,), 33), ("aka", (54,), 32), ("kita", (), 34),
)
_OTHER_ENGLISH: Final = {"renhou": "Renhou (hand of man)", "dora": "Dora", "ura": "Ura dora",
                         "aka": "Red five (aka dora)", "kita": "Kita (north dora, sanma)"}
_WIND_JAPANESE: Final = {"seat_wind": "自風", "round_wind": "場風"}


def _row(key: str, tenhou: tuple[int, ...], mahjong_soul: int) -> YakuName:
    english = YAKU[key].name if key in YAKU else _OTHER_ENGLISH[key]
    if key in _WIND_JAPANESE:
        japanese = _WIND_JAPANESE[key]
    elif tenhou:
        japanese = _TENHOU_JAPANESE[tenhou[0]]
    else:
        japanese = "抜きドラ"
    return YakuName(key=key, english=english, japanese=japanese, tenhou=tenhou,
                    mahjong_soul=mahjong_soul, dora=key in ("dora", "ura", "aka", "kita"))


YAKU_NAMES: Final[tuple[YakuName, ...]] = tuple(_row(*row) for row in _ROWS)
"""Every row, in Tenhou's order (the dora last)."""

_BY_KEY: Final = {row.key: row for row in YAKU_NAMES}
_BY_TENHOU: Final = {ident: row for row in YAKU_NAMES for ident in row.tenhou}
_BY_MAHJONG_SOUL: Final = {row.mahjong_soul: row for row in YAKU_NAMES
                           if row.mahjong_soul is not None}


def yaku_name(key: str) -> YakuName:
    """The row of one of this library's yaku ids (or ``dora``, ``ura``, ``aka``, ``kita``).

    Raises:
        KeyError: an unknown id.
    """
    return _BY_KEY[key]


def tenhou_yaku(ident: int) -> YakuName:
    """The row of a Tenhou yaku id (0-54).

    Raises:
        KeyError: an id Tenhou does not use.
    """
    return _BY_TENHOU[ident]


def mahjong_soul_yaku(ident: int) -> YakuName:
    """The row of a Mahjong Soul ``fan`` id.

    Raises:
        KeyError: an id without a row (paarenchan, the event-mode yaku, unknown ids).
    """
    return _BY_MAHJONG_SOUL[ident]
