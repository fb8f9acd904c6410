"""Tenhou's 16-bit meld codes: a call, kan or kita decoded and encoded."""

from __future__ import annotations

from typing import Literal

import attrs

from mahjong_rules.errors import LogFormatError, NotationError, Reason

MeldKind = Literal["chi", "pon", "kakan", "daiminkan", "ankan", "kita"]

N_TILES = 136
_NORTH_IDS = range(120, 124)
_MAX_MELD_CODE = 0xFFFF


@attrs.frozen(kw_only=True)
class TenhouMeld:
    """One decoded meld code.

    Examples:
        >>> decode_meld(0x3407)  # chi of 5m-6m-7m taking the 6m (id 20)
        TenhouMeld(kind='chi', tiles=(16, 20, 24), called=20, source=3, added=None)

    .. versionadded:: 0.2
    """

    kind: MeldKind
    """``chi``, ``pon``, ``kakan``, ``daiminkan``, ``ankan`` or ``kita``."""
    tiles: tuple[int, ...]
    """The meld's tile ids: a chi in run order, the rest in id order (four for a kan,
    one for a kita)."""
    called: int | None
    """The id taken from another seat's discard (for a kakan: the tile the original pon
    took); ``None`` for an ankan and a kita."""
    source: int
    """Relative seat the called tile came from: 1 next (shimocha), 2 across, 3 previous
    (kamicha), 0 own hand (ankan, kita)."""
    added: int | None = None
    """For a kakan, the id added from the hand; ``None`` otherwise."""

    def source_seat(self, who: int) -> int:
        """The absolute seat the called tile came from, for a meld made by ``who``.

        ``source`` counts on the four-seat table also in sanma (seat 3 empty): seat 0's
        previous seat there is seat 2 at ``source`` 2, seat 2's next seat is seat 0 at
        ``source`` 2 (checked on the 16 pon of the two sanma mjlogs of the set).
        """
        return (who + self.source) % 4


def _meld_error(m: int, message: str) -> LogFormatError:
    return LogFormatError(f"meld code {m}: {message}", element=f"m={m}")


def decode_meld(m: int) -> TenhouMeld:
    """Decode a Tenhou meld code (the ``m`` attribute of ``<N>``).

    Raises:
        LogFormatError: ``m`` is not a 16-bit code or names no possible meld.

    Examples:
        >>> decode_meld(0x0A09).kind, decode_meld(0x0A09).tiles
        ('pon', (5, 6, 7))
        >>> decode_meld(0x0E00)
        TenhouMeld(kind='ankan', tiles=(12, 13, 14, 15), called=None, source=0, added=None)

    .. versionadded:: 0.2
    """
    if not isinstance(m, int) or isinstance(m, bool) or not 0 <= m <= _MAX_MELD_CODE:  # type: ignore[redundant-expr]
        raise LogFormatError(f"meld code {m!r} is not an integer 0..65535", element=f"m={m!r}")
    r = m & 3
    if m & 0x4:
        return _decode_chi(m, r)
    if m & 0x18:
        return _decode_pon_or_kakan(m, r)
    if m & 0x20:
        tile = m >> 8
        if tile not in _NORTH_IDS or r:
            raise _meld_error(m, "a kita must be a North tile (ids 120-123) from the own hand")
        return TenhouMeld(kind="kita", tiles=(tile,), called=None, source=0)
    tile = m >> 8
    if tile >= N_TILES:
        raise _meld_error(m, f"tile id {tile} is outside 0..135")
    kind = tile // 4
    tiles = tuple(kind * 4 + copy for copy in range(4))
    if r == 0:
        return TenhouMeld(kind="ankan", tiles=tiles, called=None, source=0)
    return TenhouMeld(kind="daiminkan", tiles=tiles, called=tile, source=r)


def _decode_chi(m: int, r: int) -> TenhouMeld:
    t = m >> 10
    called_index = t % 3
    t //= 3
    if t >= 21:
        raise _meld_error(m, f"chi base {t} is outside 0..20")
    if r != 3:
        raise _meld_error(m, f"a chi comes from the previous seat (3), not {r}")
    first = (t // 7) * 9 + t % 7
    tiles = tuple((first + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
    return TenhouMeld(kind="chi", tiles=tiles, called=tiles[called_index], source=r)


def _decode_pon_or_kakan(m: int, r: int) -> TenhouMeld:
    t = m >> 9
    called_index = t % 3
    kind = t // 3
    if kind >= 34:
        raise _meld_error(m, f"tile kind {kind} is outside 0..33")
    if r == 0:
        raise _meld_error(m, "a pon or added kan needs a source seat 1..3")
    unused = (m >> 5) & 3
    three = tuple(kind * 4 + copy for copy in range(4) if copy != unused)
    called = three[called_index]
    if m & 0x8:
        return TenhouMeld(kind="pon", tiles=three, called=called, source=r)
    four = tuple(kind * 4 + copy for copy in range(4))
    return TenhouMeld(kind="kakan", tiles=four, called=called, source=r, added=kind * 4 + unused)


def encode_meld(meld: TenhouMeld) -> int:
    """The Tenhou meld code of a meld: the inverse of :func:`decode_meld`.

    ``decode_meld(encode_meld(meld)) == meld`` for every meld ``decode_meld`` returns.
    The code is the canonical one: bits the decoder ignores are zero and an ankan names
    its lowest id (Tenhou itself writes copy 0 in all but 2 of the 64 ankan of the logs
    here, so ``encode_meld(decode_meld(m)) == m`` for every code of those logs but these
    two).

    Raises:
        LogFormatError: the meld is not one ``decode_meld`` can return (tiles not a run
            or not copies of one kind, a called tile not in the meld, a bad source).

    Examples:
        >>> encode_meld(decode_meld(0x3407)) == 0x3407
        True
        >>> hex(encode_meld(TenhouMeld(kind="pon", tiles=(5, 6, 7), called=7, source=1)))
        '0xa09'

    .. versionadded:: 0.2
    """
    if not isinstance(meld, TenhouMeld):
        raise NotationError(Reason.BAD_INPUT, f"not a TenhouMeld: {meld!r}")
    try:
        code = _encode(meld)
    except (ValueError, TypeError, IndexError):
        code = None
    if code is None or not 0 <= code <= _MAX_MELD_CODE:
        raise LogFormatError(f"{meld!r} is not a meld a code can hold", element="meld")
    try:
        same = decode_meld(code) == meld
    except LogFormatError:
        same = False
    if not same:
        raise LogFormatError(f"{meld!r} is not a meld a code can hold", element="meld")
    return code


def _encode(meld: TenhouMeld) -> int | None:  # noqa: PLR0911 - one return per meld kind
    tiles, r = meld.tiles, meld.source
    if meld.kind == "chi":
        first = tiles[0] // 4
        base = (first // 9) * 7 + first % 9
        copies = sum((tile % 4) << (3 + 2 * i) for i, tile in enumerate(tiles))
        return ((base * 3 + tiles.index(meld.called)) << 10) | copies | 0x4 | r
    if meld.kind in {"pon", "kakan"}:
        kind = tiles[0] // 4
        if meld.kind == "pon":
            unused = next(c for c in range(4) if kind * 4 + c not in tiles)
            flag = 0x8
        else:
            if meld.added is None:
                return None
            unused, flag = meld.added % 4, 0x10
        three = [kind * 4 + c for c in range(4) if c != unused]
        return ((kind * 3 + three.index(meld.called)) << 9) | (unused << 5) | flag | r  # type: ignore[arg-type]
    if meld.kind == "kita":
        return (tiles[0] << 8) | 0x20
    if meld.kind == "ankan":
        return tiles[0] << 8
    if meld.called is None:
        return None
    return (meld.called << 8) | r
