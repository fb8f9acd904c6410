"""mjai JSONL logs: read into and write from the mjlog records.

An mjai log is one JSON event per line (``start_game``, ``start_kyoku``, ``tsumo``,
``dahai``, calls, ``reach``/``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``; ``log-formats.md`` section 6). :func:`parse_mjai` reads
every game of a log into :class:`~mahjong_rules.notation.tenhou.TenhouGame` records with
physical tile ids (as the tenhou.net/6 reader does) and :func:`write_mjai` writes a game
back as lines.

Everything that cannot be read raises :class:`~mahjong_rules.errors.LogFormatError`
(reason ``bad_log``) naming the file, the hand and the line.

The package's modules: ``mjai.pai`` (tile strings), ``mjai.read`` (the reader, game by
game), ``mjai.hand`` (one hand's events) and ``mjai.write`` (the writer).

.. versionadded:: 0.2
"""

from __future__ import annotations

from mahjong_rules.notation.mjai.pai import pai_spec as pai_spec
from mahjong_rules.notation.mjai.pai import spec_pai as spec_pai
from mahjong_rules.notation.mjai.read import parse_mjai
from mahjong_rules.notation.mjai.write import write_mjai

__all__ = ["parse_mjai", "write_mjai"]
