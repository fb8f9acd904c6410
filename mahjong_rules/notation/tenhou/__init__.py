"""Tenhou logs: meld codes, the SHUFFLE-seed wall generator and mjlog XML records.

Groundwork for replaying real Tenhou games. Three pieces:

* :func:`decode_meld` reads the 16-bit ``m`` code of a call, kan or kita.
* :func:`rebuild_wall` rebuilds every hand's wall from the game's
  ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">`` (logs from about 2010 on).
* :func:`parse_mjlog` reads a whole mjlog XML game into frozen records.

Tile ids are Tenhou's 136-ids (``kind * 4 + copy``), which are also this library's
physical ids 0..135. Scores stay in the log's unit of 100 points. Everything that cannot
be read raises :class:`~mahjong_rules.errors.LogFormatError` (reason ``bad_log``).

The package's modules: ``tenhou.meld`` (meld codes), ``tenhou.seed`` (the wall
generator), ``tenhou.records`` (the records) and ``tenhou.mjlog`` (the XML reader).

.. versionadded:: 0.2
"""

from __future__ import annotations

from mahjong_rules.notation.tenhou.meld import MeldKind, TenhouMeld, decode_meld, encode_meld
from mahjong_rules.notation.tenhou.mjlog import parse_mjlog
from mahjong_rules.notation.tenhou.records import (
    TenhouAgari,
    TenhouBye,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouPlayers,
    TenhouReach,
    TenhouReconnect,
    TenhouRules,
    TenhouRyuukyoku,
)
from mahjong_rules.notation.tenhou.records import TenhouEvent as TenhouEvent
from mahjong_rules.notation.tenhou.records import TenhouResult as TenhouResult
from mahjong_rules.notation.tenhou.seed import MAX_SEED_HANDS as MAX_SEED_HANDS
from mahjong_rules.notation.tenhou.seed import rebuild_dice, rebuild_wall

__all__ = [
    "MeldKind",
    "TenhouAgari",
    "TenhouBye",
    "TenhouCall",
    "TenhouDiscard",
    "TenhouDora",
    "TenhouDraw",
    "TenhouGame",
    "TenhouHand",
    "TenhouInit",
    "TenhouMeld",
    "TenhouPlayers",
    "TenhouReach",
    "TenhouReconnect",
    "TenhouRules",
    "TenhouRyuukyoku",
    "decode_meld",
    "encode_meld",
    "parse_mjlog",
    "rebuild_dice",
    "rebuild_wall",
]
