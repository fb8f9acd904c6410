"""Game logs of any supported format, detected by content.

:func:`read_log` reads a file that holds a Tenhou mjlog XML game (gzip-compressed or
not), a tenhou.net/6 JSON game or an mjai JSONL log, and returns its games as
:class:`~mahjong_rules.notation.tenhou.TenhouGame` records, whatever the format.
:func:`detect_format` only says which format bytes are in; :func:`log_paths` expands
folders into the files under them.

A file that is none of the formats raises :class:`~mahjong_rules.errors.NotALogError`
(reason ``not_a_log``: skip it); a log that cannot be read raises
:class:`~mahjong_rules.errors.LogFormatError` (reason ``bad_log``).

.. versionadded:: 0.2
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Literal

import attrs

from mahjong_rules.errors import LogFormatError, NotALogError, NotationError, Reason
from mahjong_rules.notation.mjai import parse_mjai, write_mjai
from mahjong_rules.notation.tenhou import TenhouGame, parse_mjlog
from mahjong_rules.notation.tenhou6 import parse_tenhou6, write_tenhou6

__all__ = [
    "LogFile", "LogFormat", "detect_format", "format_log", "log_paths", "parse_log", "read_log",
]

LogFormat = Literal["mjlog", "tenhou6", "mjai"]
_GZIP = b"\x1f\x8b"
_HEAD = 1024
_MAX_SIZE = 64 * 2**20
"""A log is far smaller; larger files (and gzip bombs) are refused."""


@attrs.frozen(kw_only=True)
class LogFile:
    """The games of one log file.

    .. versionadded:: 0.2
    """

    name: str
    """The name the log was read under (its path, for :func:`read_log`)."""
    format: LogFormat
    games: tuple[TenhouGame, ...]
    """One game for mjlog and tenhou.net/6; an mjai log may hold several."""


def _text(data: bytes | str, name: str) -> str:
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    if not isinstance(data, bytes):
        raise NotationError(Reason.BAD_INPUT, f"a log is bytes or text, got "
                            f"{type(data).__name__}")
    if data[:2] == _GZIP:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                data = stream.read(_MAX_SIZE + 1)
        except (OSError, EOFError, zlib.error) as exc:
            raise LogFormatError(f"broken gzip data ({exc})", name=name) from None
        if len(data) > _MAX_SIZE:
            raise LogFormatError("more than 64 MiB once decompressed", name=name)
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
        raise NotALogError(message, name=name) from None


def _detect(text: str) -> LogFormat | None:
    head = text.lstrip()[:_HEAD]
    if head.startswith("<"):
        return "mjlog" if "<mjloggm" in head else None
    if not head.startswith("{"):
        return None
    try:
        first = json.loads(text.lstrip().split("\n", 1)[0])
    except ValueError:
        first = None
    found: LogFormat | None = None
    if isinstance(first, dict):
        # one JSON object per line with a "type" is mjai; one object with "log" is tenhou6
        found = "mjai" if isinstance(first.get("type"), str) and "log" not in first else (
            "tenhou6" if "log" in first else None)
    elif '"log"' in text:  # a tenhou.net/6 object spread over lines, or cut short
        found = "tenhou6"
    elif '"type"' in head:
        found = "mjai"
    return found


def detect_format(data: bytes | str) -> LogFormat | None:
    """The log format of some bytes or text, ``None`` when it is none of them.

    Detection is by content, not by file name: ``<mjloggm`` near the start (after an
    optional gzip layer) is mjlog XML; a JSON object with a ``log`` member is
    tenhou.net/6; lines of JSON objects with a ``type`` member are mjai.

    >>> detect_format(b'<mjloggm ver="2.3">'), detect_format('{"log": []}')
    ('mjlog', 'tenhou6')
    >>> detect_format('{"type":"start_game"}'), detect_format("# README")
    ('mjai', None)

    .. versionadded:: 0.2
    """
    if not isinstance(data, bytes | str):
        raise NotationError(Reason.BAD_INPUT, f"a log is bytes or text, got "
                            f"{type(data).__name__}")
    try:
        return _detect(_text(data, ""))
    except (LogFormatError, NotALogError):
        return "mjlog" if isinstance(data, bytes) and data[:2] == _GZIP else None


def parse_log(data: bytes | str, *, name: str = "") -> LogFile:
    """Read the games of a log given as bytes or text, whatever its format.

    Raises:
        NotALogError: the data is none of the formats.
        LogFormatError: the data is a log that cannot be read.

    Examples:
        >>> import gzip
        >>> from mahjong_rules.notation.tenhou.mjlog import _EXAMPLE
        >>> log = parse_log(gzip.compress(_EXAMPLE.encode()), name="game.mjlog")
        >>> log.format, len(log.games[0].hands)
        ('mjlog', 1)

    .. versionadded:: 0.2
    """
    if isinstance(data, bytes) and len(data) > _MAX_SIZE:
        raise LogFormatError("larger than 64 MiB", name=name)
    text = _text(data, name)
    fmt = _detect(text)
    if fmt is None:
        raise NotALogError("not an mjlog XML, tenhou.net/6 JSON or mjai JSONL log", name=name)
    if fmt == "mjlog":
        games: tuple[TenhouGame, ...] = (parse_mjlog(text, name=name),)
    elif fmt == "tenhou6":
        games = (parse_tenhou6(text, name=name),)
    else:
        games = tuple(parse_mjai(text, name=name))
    return LogFile(name=name, format=fmt, games=games)


def read_log(path: str | Path) -> LogFile:
    """Read the games of a log file, whatever its format (detected by content).

    Raises:
        NotALogError: the file is none of the formats (skip it).
        LogFormatError: the file is a log that cannot be read, or cannot be opened.

    .. versionadded:: 0.2
    """
    if not isinstance(path, str | Path):
        raise NotationError(Reason.BAD_INPUT, f"a path is a str or a Path, got "
                            f"{type(path).__name__}")
    name = str(path)
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(_MAX_SIZE + 1)
    except OSError as exc:
        raise LogFormatError(f"cannot read the file ({exc.strerror or exc})", name=name) from None
    return parse_log(data, name=name)


def log_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, with every file under a named folder (sorted, recursively).

    Raises:
        NotationError: ``bad_input`` for something that is not paths.

    .. versionadded:: 0.2
    """
    if isinstance(paths, str | Path | bytes) or not isinstance(paths, Iterable):
        raise NotationError(Reason.BAD_INPUT, f"paths are a list of str or Path, got "
                            f"{type(paths).__name__}")
    for raw in paths:
        if not isinstance(raw, str | Path):
            raise NotationError(Reason.BAD_INPUT, f"a path is a str or a Path, got {raw!r}")
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file())
        else:
            yield path


def format_log(games: Sequence[TenhouGame], to: Literal["tenhou6", "mjai"]) -> str:
    """The text of ``games`` in a writable format: tenhou.net/6 JSON or mjai JSONL.

    tenhou.net/6 JSON holds one game; mjai JSONL holds any number, one after the other.

    Raises:
        LogFormatError: several games for tenhou.net/6, or a game the format cannot hold.

    Examples:
        >>> from mahjong_rules.notation.tenhou.mjlog import _EXAMPLE
        >>> game = parse_mjlog(_EXAMPLE, name="example")
        >>> format_log([game], "mjai").splitlines()[-1]
        '{"type":"end_game"}'
        >>> json.loads(format_log([game], "tenhou6"))["log"][0][16]
        ['九種九牌']

    .. versionadded:: 0.2
    """
    given: object = games  # untrusted: any value
    if isinstance(given, str | bytes) or not isinstance(given, Sequence) or not all(
            isinstance(game, TenhouGame) for game in given):
        raise NotationError(Reason.BAD_INPUT, "games must be a list of TenhouGame")
    if to not in ("mjai", "tenhou6"):
        raise NotationError(Reason.BAD_INPUT, f"the formats written are mjai and tenhou6, "
                            f"not {to!r}")
    if to == "mjai":
        return "".join(line + "\n" for game in games for line in write_mjai(game))
    if len(games) != 1:
        raise LogFormatError(f"tenhou.net/6 JSON holds one game, not {len(games)}",
                             name=games[0].name if games else "")
    return json.dumps(write_tenhou6(games[0]), ensure_ascii=False, separators=(",", ":")) + "\n"
