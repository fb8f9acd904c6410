"""The ``obs_version`` 1 layout: every plane and scalar index, name and meaning (data only).

The encoder writes by these indices and the docs print these tables, so the spec page
and the code cannot drift apart (``tests/rl/test_encoder.py`` compares them).

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Final

OBS_VERSION: Final = 1
"""The version of the encoding; a change to any plane or scalar bumps it."""

UKEIRE_THRESHOLDS: Final = (1, 4, 8, 12, 16, 24, 32, 48)
"""The per-discard ukeire planes: the count of improving tiles left is at least this."""
CLAIM_SOURCES: Final = ("discard", "kakan", "ankan", "kita", "declaration", "flower")
"""What an open claim window is about (the three Taiwanese flower windows are one)."""
RELATIVE: Final = ("self", "right", "across", "left")
"""Seat slots relative to the viewer: the viewer, the next to play, across, the previous."""

class P:
    """Plane indices of the table and the viewer (the per-seat planes follow at 33)."""

    HAND = 0
    DRAWN = 4
    HAND_RED = 5
    DORA_INDICATOR = 6
    DORA = 10
    ROUND_WIND = 14
    SEAT_WIND = 15
    CLAIM_TILE = 16
    WAITS = 17
    IMPROVING = 18
    DISCARD_BEST = 19
    DISCARD_TENPAI = 20
    DISCARD_UKEIRE = 21
    UNSEEN = 29


class SP:
    """Offsets of the planes of one relative seat."""

    RIVER = 0
    TSUMOGIRI = 4
    RIICHI_TILE = 5
    CALLED_AWAY = 6
    RIVER_RED = 7
    LAST = 8
    EARLY = 14
    MELD = 15
    MELD_CALLED = 19
    CLOSED_KAN = 20
    MELD_RED = 21


SEAT_BASE: Final = 33
SEAT_PLANES: Final = 22
N_PLANES: Final = SEAT_BASE + 4 * SEAT_PLANES


class S:
    """Scalar indices of the table and the viewer (the per-seat scalars follow at 36)."""

    RULESET = 0
    ROUND_WIND = 3
    HAND_NUMBER = 7
    HONBA = 11
    DEPOSITS = 12
    TILES_LEFT = 13
    PHASE = 14
    CLAIM_SOURCE = 16
    CLAIM_FROM = 22
    SHANTEN = 26
    FURITEN = 34
    UKEIRE = 35


class SS:
    """Offsets of the scalars of one relative seat."""

    POINTS = 0
    RANK = 1
    DEALER = 5
    RIICHI = 6
    DOUBLE_RIICHI = 7
    DECLARED = 8
    HAND_SIZE = 9
    KITA = 10
    MELDS = 11
    FLOWERS = 12


SEAT_SCALAR_BASE: Final = 36
SEAT_SCALARS: Final = 20
N_SCALARS: Final = SEAT_SCALAR_BASE + 4 * SEAT_SCALARS


def _ge(name: str, what: str) -> list[tuple[str, str]]:
    return [(f"{name}>={k}", f"{what}: at least {k} of the kind") for k in range(1, 5)]


def _table_planes() -> list[tuple[str, str]]:
    rows = [
        *_ge("hand", "concealed hand (the drawn tile included)"),
        ("drawn", "the tile just drawn (none right after a call or off turn)"),
        ("hand_red", "red fives in the concealed hand"),
        *_ge("dora_indicator", "revealed dora indicators"),
        *_ge("dora", "dora (the kinds the revealed indicators point to)"),
        ("round_wind", "the round wind's kind"),
        ("seat_wind", "the viewer's seat wind's kind"),
        ("claim_tile", "the tile the open claim window is about (none for the declaration)"),
        ("waits", "3n+1 hand: the kinds that complete it (kernel.waits)"),
        ("improving", "3n+1 hand: the kinds whose draw lowers the shanten"),
        ("discard_best", "3n+2 hand: discarding this kind keeps the lowest shanten"),
        ("discard_tenpai", "3n+2 hand: after discarding this kind the hand is tenpai"),
    ]
    rows += [(f"discard_ukeire>={t}",
              (f"3n+2 hand: discarding this kind leaves at least {t} unseen tiles that "
               "lower the shanten")) for t in UKEIRE_THRESHOLDS]
    rows += _ge("unseen", "copies the viewer cannot see (4 - hand - every visible tile)")
    return rows


def _seat_planes(rel: str) -> list[tuple[str, str]]:
    who = f"seat {rel}"
    rows = [
        *_ge(f"{rel}.river", f"{who}'s discards (called ones included)"),
        (f"{rel}.tsumogiri", f"{who} discarded this kind as the tile just drawn"),
        (f"{rel}.riichi_tile", f"{who}'s riichi declaration tile"),
        (f"{rel}.called_away", f"{who}'s discards that another seat claimed"),
        (f"{rel}.river_red", f"red fives {who} discarded"),
    ]
    rows += [(f"{rel}.last{k}", f"{who}'s discard {k} back (1: the latest)")
             for k in range(1, 7)]
    rows += [
        (f"{rel}.early", f"{who}'s first six discards"),
        *_ge(f"{rel}.meld", f"tiles of {who}'s melds"),
        (f"{rel}.meld_called", f"the tiles {who} claimed from others"),
        (f"{rel}.closed_kan", f"{who}'s closed kans"),
        (f"{rel}.meld_red", f"red fives in {who}'s melds"),
    ]
    return rows


def _table_scalars() -> list[tuple[str, str]]:
    rows = [(f"ruleset.{r}", f"the ruleset is {r}") for r in ("riichi", "sanma", "taiwanese")]
    rows += [(f"round_wind.{w}", f"the round wind is {w}") for w in ("E", "S", "W", "N")]
    rows += [(f"hand_number.{k}", f"hand {k + 1} of the wind") for k in range(4)]
    rows += [("honba", "honba / 10 (at most 1)"), ("deposits", "riichi deposits / 10 (at most 1)"),
             ("tiles_left", "draws left in the live wall / 100"),
             ("phase.self_action", "the viewer acts on its own turn"),
             ("phase.claims", "a claim window is open")]
    rows += [(f"claim_source.{c}", f"the open claim window is about a {c}")
             for c in CLAIM_SOURCES]
    rows += [(f"claim_from.{r}", f"the claimed tile came from seat {r}") for r in RELATIVE]
    rows += [(f"shanten.{k}", f"the concealed hand's shanten is {k}"
              + (" or more" if k == 6 else "")) for k in range(-1, 7)]
    rows += [("furiten", "the viewer is furiten (the view's flag)"),
             ("ukeire", "3n+1 hand: unseen tiles that lower the shanten / 100 (at most 1)")]
    return rows


def _seat_scalars(rel: str) -> list[tuple[str, str]]:
    who = f"seat {rel}"
    rows = [(f"{rel}.points", f"{who}'s points / (seats x start points), clipped to -1..2")]
    rows += [(f"{rel}.rank{k}", f"{who} ranks {k} on the current points (ties: lower seat)")
             for k in range(1, 5)]
    rows += [(f"{rel}.dealer", f"{who} is the dealer"), (f"{rel}.riichi", f"{who} is in riichi"),
             (f"{rel}.double_riichi", f"{who} declared double riichi"),
             (f"{rel}.declared", f"{who} made the ready-hand declaration (Taiwanese)"),
             (f"{rel}.hand_size", f"{who}'s concealed tiles / 17"),
             (f"{rel}.kita", f"{who}'s kita / 4 (sanma)"),
             (f"{rel}.melds", f"{who}'s melds / 5")]
    rows += [(f"{rel}.flower{k}", f"{who} has set aside flower {k}f (Taiwanese)")
             for k in range(1, 9)]
    return rows


def _indexed(rows: list[tuple[str, str]]) -> tuple[tuple[int, str, str], ...]:
    return tuple((i, name, meaning) for i, (name, meaning) in enumerate(rows))


PLANES: Final = _indexed(_table_planes() + [r for rel in RELATIVE for r in _seat_planes(rel)])
"""Every plane as ``(index, name, meaning)``."""
SCALARS: Final = _indexed(_table_scalars() + [r for rel in RELATIVE for r in _seat_scalars(rel)])
"""Every scalar as ``(index, name, meaning)``."""

ORACLE_PLANES: Final = _indexed(
    [r for rel in RELATIVE for r in _ge(f"oracle.{rel}.hand", f"seat {rel}'s concealed hand")]
    + _ge("oracle.live", "the live wall")
    + [(f"oracle.next{k}", f"the live wall's draw {k} from now") for k in range(1, 5)]
    + [("oracle.rinshan", "the replacement tiles"),
       ("oracle.ura", "the ura indicators under the revealed dora indicators"),
       ("oracle.unrevealed_dora", "the dora indicators not yet revealed")])
"""The hidden planes of :meth:`Encoder.oracle`, as ``(index, name, meaning)``."""

assert len(PLANES) == N_PLANES
assert len(SCALARS) == N_SCALARS
