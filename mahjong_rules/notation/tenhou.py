"""Tenhou logs: meld codes, the SHUFFLE-seed wall generator and mjlog XML records.

Groundwork for replaying real Tenhou games. Three pieces:

* :func:`decode_meld` reads the 16-bit ``m`` code of a call, kan or kita.
* :func:`rebuild_wall` rebuilds every hand's wall from the game's
  ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">`` (logs from about 2010 on).
* :func:`parse_mjlog` reads a whole mjlog XML game into frozen records.

Tile ids are Tenhou's 136-ids (``kind * 4 + copy``), which are also this library's
physical ids 0..135. Scores stay in the log's unit of 100 points. Everything that cannot
be read raises :class:`~mahjong_rules.errors.LogFormatError` (reason ``bad_log``).

.. versionadded:: 0.2
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import re
import struct
from collections.abc import Iterator
from typing import Literal
from urllib.parse import unquote
from xml.etree import ElementTree as ET

import attrs

from mahjong_rules.errors import LogFormatError, NotationError, Reason

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

MeldKind = Literal["chi", "pon", "kakan", "daiminkan", "ankan", "kita"]

_N_TILES = 136
_NORTH_IDS = range(120, 124)
_MAX_MELD_CODE = 0xFFFF


# --------------------------------------------------------------------------- melds


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
    if tile >= _N_TILES:
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


# ---------------------------------------------------------------------------- wall

_SEED_PREFIX = "mt19937ar-sha512-n288-base64"
_SEED_PREFIX_HEX = "mt19937ar-sha512-n288"
_HEX_WORD = re.compile(r"[0-9A-Fa-f]{8}")
_MT_N = 624
_MT_M = 397
_WORDS_PER_HAND = 288
_BLOCK_WORDS = 32
_MASK32 = 0xFFFFFFFF
_SANMA_IDS = tuple(i for i in range(_N_TILES) if not 4 <= i < 32)


class _MT19937:
    """The reference MT19937 (``init_by_array``, ``genrand_int32``), 32-bit words."""

    def __init__(self, key: list[int]) -> None:
        mt = [0] * _MT_N
        mt[0] = 19650218
        for i in range(1, _MT_N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK32
        i, j = 1, 0
        for _ in range(max(_MT_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _MT_N:
                mt[0] = mt[_MT_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_MT_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _MT_N:
                mt[0] = mt[_MT_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._mt = mt
        self._index = _MT_N

    def _twist(self) -> None:
        mt = self._mt
        for k in range(_MT_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _MT_N] & 0x7FFFFFFF)
            mt[k] = mt[(k + _MT_M) % _MT_N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._index = 0

    def next_word(self) -> int:
        if self._index >= _MT_N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def _seed_key(seed_text: str) -> list[int]:
    prefix, comma, body = seed_text.strip().partition(",")
    if not comma:
        prefix, body = _SEED_PREFIX, prefix
    if prefix == _SEED_PREFIX_HEX:
        words = body.split(",")
        if not all(_HEX_WORD.fullmatch(word) for word in words):
            raise LogFormatError("seed words are not 8-digit hex numbers", element="SHUFFLE")
        return [int(word, 16) for word in words]
    if prefix != _SEED_PREFIX:
        raise LogFormatError(f"unknown shuffle scheme {prefix!r}", element="SHUFFLE")
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LogFormatError(f"seed is not base64 ({exc})", element="SHUFFLE") from None
    if len(raw) != _MT_N * 4:
        raise LogFormatError(f"seed holds {len(raw)} bytes, not {_MT_N * 4}", element="SHUFFLE")
    return list(struct.unpack(f"<{_MT_N}I", raw))


def _word_bytes(key: list[int]) -> Iterator[bytes]:
    """Per hand: the next 288 ``genrand_int32`` words, as little-endian bytes."""
    if key and key[-1]:
        # the same generator, faster: CPython's Random.seed(int) is init_by_array over
        # the int's 32-bit words (unless the top word is 0, which it drops), and
        # getrandbits(n) fills its result with genrand_int32 words from the low end
        fast = random.Random(  # noqa: S311 - Tenhou's own generator, reproduced
            int.from_bytes(struct.pack(f"<{len(key)}I", *key), "little"))
        while True:
            yield fast.getrandbits(32 * _WORDS_PER_HAND).to_bytes(4 * _WORDS_PER_HAND, "little")
    mt = _MT19937(key)
    while True:
        yield struct.pack(f"<{_WORDS_PER_HAND}I", *(mt.next_word() for _ in range(_WORDS_PER_HAND)))


def _hand_randoms(seed_text: str) -> Iterator[tuple[int, ...]]:
    """Per hand: the 144 little-endian words of the nine SHA-512 digests."""
    block = 4 * _BLOCK_WORDS
    for raw in _word_bytes(_seed_key(seed_text)):
        digest = b"".join(hashlib.sha512(raw[start:start + block]).digest()
                          for start in range(0, len(raw), block))
        yield struct.unpack(f"<{len(digest) // 4}I", digest)


MAX_SEED_HANDS = 1000
"""The most hands :func:`rebuild_wall` and :func:`rebuild_dice` rebuild in one call."""


def _check_seed_arguments(seed_text: object, hands: object) -> None:
    if not isinstance(seed_text, str):
        raise NotationError(Reason.BAD_INPUT, f"a SHUFFLE seed is a str, got "
                            f"{type(seed_text).__name__}")
    if isinstance(hands, bool) or not isinstance(hands, int):
        raise NotationError(Reason.BAD_INPUT, f"hands is an int, got {hands!r}")
    if not 0 <= hands <= MAX_SEED_HANDS:
        raise LogFormatError(f"hands must be 0..{MAX_SEED_HANDS}, not {hands}",
                             element="SHUFFLE")


def rebuild_wall(seed_text: str, *, hands: int = 32, sanma: bool = False) -> list[list[int]]:
    """Rebuild the walls of the first ``hands`` hands from a Tenhou SHUFFLE seed.

    ``seed_text`` is the ``seed`` attribute of ``<SHUFFLE>``:
    ``mt19937ar-sha512-n288-base64,<base64>`` (624 key words), its base64 part alone, or
    the 2010 form ``mt19937ar-sha512-n288,<hex>,<hex>,...`` whose comma-separated 8-digit
    hex words are the ``init_by_array`` key (the rest of the scheme is the same). Each wall is in
    Tenhou's own order: 136 ids (108 in sanma, without 2m-8m); the deal takes tiles from
    the end (``wall[135]`` first), draws continue downward and the dead wall is
    ``wall[0:14]`` (see ``log-formats.md`` section 7). A seed defines walls for any
    number of hands; the default of 32 is more than any game lasts (at most
    :data:`MAX_SEED_HANDS` in one call).

    Raises:
        LogFormatError: the seed is not in this scheme, not base64 or not 2496 bytes, or
            ``hands`` is outside 0..1000.
        NotationError: ``bad_input`` for a seed that is not a ``str``.

    .. versionadded:: 0.2
    """
    _check_seed_arguments(seed_text, hands)
    base = _SANMA_IDS if sanma else tuple(range(_N_TILES))
    size = len(base)
    walls: list[list[int]] = []
    randoms = _hand_randoms(seed_text)
    for _ in range(hands):
        rnd = next(randoms)
        wall = list(base)
        for i in range(size - 1):
            j = i + rnd[i] % (size - i)
            wall[i], wall[j] = wall[j], wall[i]
        walls.append(wall)
    return walls


def rebuild_dice(seed_text: str, *, hands: int = 32) -> list[tuple[int, int]]:
    """The two dice (1..6 each) of the first ``hands`` hands from a SHUFFLE seed.

    The same in 4p and sanma; the mjlog ``INIT seed`` stores each die minus 1.

    .. versionadded:: 0.2
    """
    _check_seed_arguments(seed_text, hands)
    randoms = _hand_randoms(seed_text)
    dice: list[tuple[int, int]] = []
    for _ in range(hands):
        rnd = next(randoms)
        dice.append((rnd[135] % 6 + 1, rnd[136] % 6 + 1))
    return dice


# ------------------------------------------------------------------------- records


@attrs.frozen(kw_only=True)
class TenhouRules:
    """The ``<GO type lobby>`` rule flags.

    .. versionadded:: 0.2
    """

    type: int
    """The raw bitfield."""
    lobby: int
    """The lobby number (0 for the public ranked lobbies)."""
    disp: str | None = None
    """The rule name as the log writes it (tenhou.net/6 JSON ``rule.disp``), when the log
    has one; ``None`` for mjlog XML."""
    platform: Literal["tenhou", "mahjong_soul"] = "tenhou"
    """Where the game was played: a tenhou.net/6 JSON whose rule name is a Mahjong Soul
    room (``...の間``, ``... Room ...``) is ``mahjong_soul``."""
    unknown: int = 0
    """The bits of ``type`` the log does not state (mjai, an excerpt without a rule
    name); those bits hold Tenhou's usual value (hanchan, open tanyao, red fives)."""

    @property
    def sanma(self) -> bool:
        """Three players (bit 0x10)."""
        return bool(self.type & 0x10)

    @property
    def red_fives(self) -> bool:
        """Red fives on (bit 0x02 clear)."""
        return not self.type & 0x02

    @property
    def kuitan(self) -> bool:
        """Open tanyao allowed (bit 0x04 clear)."""
        return not self.type & 0x04

    @property
    def hanchan(self) -> bool:
        """East and South rounds (bit 0x08); otherwise East only."""
        return bool(self.type & 0x08)

    @property
    def fast(self) -> bool:
        """The fast variant (bit 0x40)."""
        return bool(self.type & 0x40)

    @property
    def room(self) -> str:
        """``ippan``, ``joukyuu``, ``tokujou`` or ``houou`` (bits 0x80 and 0x20)."""
        return {0: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}[self.type & 0xA0]

    @property
    def standard(self) -> bool:
        """No bit above 0xFF (those lobbies score differently)."""
        return self.type <= 0xFF


@attrs.frozen(kw_only=True)
class TenhouPlayers:
    """The first ``<UN>``: names (URL-decoded), dan, rate and sex per seat.

    .. versionadded:: 0.2
    """

    names: tuple[str, ...]
    dan: tuple[int, ...]
    rate: tuple[float, ...]
    sex: tuple[str, ...]


@attrs.frozen(kw_only=True)
class TenhouInit:
    """``<INIT>``: the start of a hand. Scores are in units of 100 points.

    .. versionadded:: 0.2
    """

    round: int
    """Round index: 0-3 East 1-4, 4-7 South 1-4, 8-11 West 1-4."""
    honba: int
    riichi_sticks: int
    """Riichi sticks already on the table."""
    dice: tuple[int, int] | None
    """The two dice, 1..6 (the log stores each minus 1); ``None`` when the log does not
    say (tenhou.net/6 JSON, mjai)."""
    dora_indicator: int
    ten: tuple[int, ...]
    """Scores at hand start, x100 (4 entries; the empty sanma seat has 0)."""
    oya: int
    hai: tuple[tuple[int, ...], ...]
    """The 13 starting tiles of each of the 4 seats (empty for the sanma seat 3)."""
    shuffle: str | None = None
    """The old-layout per-hand ``shuffle`` attribute (logs before about 2010)."""


@attrs.frozen(kw_only=True)
class TenhouDraw:
    """``<T|U|V|W id>``: ``seat`` draws ``tile``.

    .. versionadded:: 0.2
    """

    seat: int
    tile: int


@attrs.frozen(kw_only=True)
class TenhouDiscard:
    """``<D|E|F|G id>``: ``seat`` discards ``tile``.

    .. versionadded:: 0.2
    """

    seat: int
    tile: int


@attrs.frozen(kw_only=True)
class TenhouCall:
    """``<N who m>``: a call, kan or kita.

    .. versionadded:: 0.2
    """

    who: int
    code: int
    meld: TenhouMeld


@attrs.frozen(kw_only=True)
class TenhouReach:
    """``<REACH who step [ten]>``: step 1 declares, step 2 pays the deposit.

    ``ten`` (step 2 only) holds the scores after the deposit, x100.

    .. versionadded:: 0.2
    """

    who: int
    step: int
    ten: tuple[int, ...] | None = None


@attrs.frozen(kw_only=True)
class TenhouDora:
    """``<DORA hai>``: a new kan-dora indicator.

    .. versionadded:: 0.2
    """

    tile: int


@attrs.frozen(kw_only=True)
class TenhouBye:
    """``<BYE who>``: a disconnect (no effect on the rules).

    .. versionadded:: 0.2
    """

    who: int


@attrs.frozen(kw_only=True)
class TenhouReconnect:
    """A later ``<UN nK>`` with one name: a reconnect.

    .. versionadded:: 0.2
    """

    who: int
    name: str


TenhouEvent = (
    TenhouDraw | TenhouDiscard | TenhouCall | TenhouReach | TenhouDora | TenhouBye
    | TenhouReconnect
)


@attrs.frozen(kw_only=True)
class TenhouAgari:
    """``<AGARI>``: one winner's result. Scores are x100.

    .. versionadded:: 0.2
    """

    who: int
    from_who: int
    """The discarder; equal to ``who`` for a tsumo."""
    pao_who: int | None
    hai: tuple[int, ...]
    """The concealed tiles including the winning tile."""
    melds: tuple[TenhouMeld, ...]
    meld_codes: tuple[int, ...]
    machi: int
    """The winning tile."""
    fu: int | None
    """The fu; ``None`` when the log does not say (a limit hand in tenhou.net/6 JSON)."""
    points: int
    """The hand's value without honba and sticks (in points, not x100)."""
    limit: int
    """0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman."""
    yaku: tuple[tuple[int, int], ...]
    """(yaku id, han) pairs."""
    yakuman: tuple[int, ...]
    dora_hai: tuple[int, ...]
    ura_hai: tuple[int, ...]
    ba: tuple[int, int]
    """(honba, riichi sticks) awarded to this winner."""
    sc: tuple[int, ...]
    """Per seat: score before and change, x100 (8 values, also in sanma)."""
    owari: tuple[tuple[int, float], ...] | None = None
    """On the game's last result: (final score x100, placement points) per seat."""
    yaku_known: bool = True
    """``False`` when the log states no yaku at all (an mjai ``hora`` without ``yakus``,
    as libriichi and Mortal write them): ``yaku`` and ``yakuman`` are then empty and mean
    unknown, not none.

    .. versionadded:: 0.3
    """

    @property
    def is_tsumo(self) -> bool:
        """A self-drawn win."""
        return self.who == self.from_who

    @property
    def deltas(self) -> tuple[int, ...]:
        """The score changes per seat, x100."""
        return self.sc[1::2]


@attrs.frozen(kw_only=True)
class TenhouRyuukyoku:
    """``<RYUUKYOKU>``: a drawn hand. Scores are x100.

    .. versionadded:: 0.2
    """

    type: str | None
    """``None`` for an exhaustive draw, else ``yao9``, ``reach4``, ``ron3``, ``kan4``,
    ``kaze4`` or ``nm``."""
    ba: tuple[int, int]
    sc: tuple[int, ...]
    hai: tuple[tuple[int, ...] | None, ...]
    """Per seat, the concealed tiles shown as tenpai (``None`` when not shown)."""
    owari: tuple[tuple[int, float], ...] | None = None
    hai_known: bool = True
    """``False`` when the log does not say which hands were shown (tenhou.net/6 JSON and
    mjai carry only the deltas: an exhaustive draw where every delta is zero, a nagashi
    mangan); ``hai`` is then all ``None``."""

    @property
    def deltas(self) -> tuple[int, ...]:
        """The score changes per seat, x100."""
        return self.sc[1::2]


TenhouResult = TenhouAgari | TenhouRyuukyoku


@attrs.frozen(kw_only=True)
class TenhouHand:
    """One hand: its ``<INIT>``, the events in order and the result tags.

    .. versionadded:: 0.2
    """

    index: int
    init: TenhouInit
    events: tuple[TenhouEvent, ...]
    results: tuple[TenhouResult, ...]
    """One ``<AGARI>`` per winner (two for a double ron) or one ``<RYUUKYOKU>``."""


@attrs.frozen(kw_only=True)
class TenhouGame:
    """A whole mjlog game.

    .. versionadded:: 0.2
    """

    name: str
    version: str
    """The ``ver`` of ``<mjloggm>``."""
    shuffle_seed: str | None
    """The ``<SHUFFLE seed>`` text, ``None`` for old logs."""
    rules: TenhouRules
    players: TenhouPlayers
    first_oya: int
    hands: tuple[TenhouHand, ...]
    pregame_events: tuple[TenhouBye | TenhouReconnect, ...] = ()
    """Disconnects and reconnects before the first ``<INIT>``."""

    @property
    def sanma(self) -> bool:
        """A three-player game."""
        return self.rules.sanma

    @property
    def seats(self) -> int:
        """3 in sanma, else 4."""
        return 3 if self.rules.sanma else 4


# ------------------------------------------------------------------------- parsing

_DRAW_TAG = re.compile(r"([TUVW])(\d+)")
_DISCARD_TAG = re.compile(r"([DEFG])(\d+)")
_FORBIDDEN = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
_INT = re.compile(r"-?\d+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


@attrs.define
class _Reader:
    """Parsing context: where errors happen."""

    name: str
    hand: int | None = None
    element: str = ""

    def fail(self, message: str) -> LogFormatError:
        return LogFormatError(message, name=self.name, hand=self.hand, element=self.element)

    def attr(self, elem: ET.Element, key: str) -> str:
        value = elem.get(key)
        if value is None:
            raise self.fail(f"missing attribute {key!r}")
        return value

    def int_(self, text: str, what: str) -> int:
        if not _INT.fullmatch(text.strip()):
            raise self.fail(f"{what} {text!r} is not an integer")
        return int(text)

    def int_attr(self, elem: ET.Element, key: str) -> int:
        return self.int_(self.attr(elem, key), key)

    def ints(self, text: str, what: str) -> tuple[int, ...]:
        if not text.strip():
            return ()
        return tuple(self.int_(part, what) for part in text.split(","))

    def ints_attr(
        self, elem: ET.Element, key: str, *, count: int | None = None, default: str | None = None
    ) -> tuple[int, ...]:
        text = elem.get(key, default)
        if text is None:
            raise self.fail(f"missing attribute {key!r}")
        values = self.ints(text, key)
        if count is not None and len(values) != count:
            raise self.fail(f"{key} has {len(values)} values, not {count}")
        return values

    def tile(self, value: int) -> int:
        if not 0 <= value < _N_TILES:
            raise self.fail(f"tile id {value} is outside 0..135")
        return value

    def tiles_attr(self, elem: ET.Element, key: str, *, default: str | None = None) -> tuple[
        int, ...
    ]:
        return tuple(self.tile(v) for v in self.ints_attr(elem, key, default=default))

    def seat(self, value: int, seats: int) -> int:
        if not 0 <= value < seats:
            raise self.fail(f"seat {value} is outside 0..{seats - 1}")
        return value

    def seat_attr(self, elem: ET.Element, key: str, seats: int) -> int:
        return self.seat(self.int_attr(elem, key), seats)

    def meld(self, code: int) -> TenhouMeld:
        try:
            return decode_meld(code)
        except LogFormatError as exc:
            raise self.fail(exc.message) from None

    def owari(self, elem: ET.Element) -> tuple[tuple[int, float], ...] | None:
        text = elem.get("owari")
        if text is None:
            return None
        parts = text.split(",")
        if len(parts) != 8 or not all(_NUMBER.fullmatch(p.strip()) for p in parts):
            raise self.fail(f"owari {text!r} is not 4 pairs of numbers")
        return tuple(
            (self.int_(parts[2 * i], "owari"), float(parts[2 * i + 1])) for i in range(4)
        )


@attrs.define
class _HandBuilder:
    index: int
    init: TenhouInit
    events: list[TenhouEvent] = attrs.Factory(list)
    results: list[TenhouResult] = attrs.Factory(list)

    def build(self) -> TenhouHand:
        return TenhouHand(
            index=self.index, init=self.init, events=tuple(self.events),
            results=tuple(self.results),
        )


def parse_mjlog(text: str, *, name: str = "") -> TenhouGame:
    """Parse one Tenhou mjlog XML game (``<mjloggm ...>``) into frozen records.

    ``name`` (a file name, say) only goes into error messages. The text must be the XML
    itself: decompress gzip-compressed downloads first. Document type declarations are
    refused (no entity expansion).

    Raises:
        LogFormatError: the XML is malformed or truncated (a hand without a result, a game
            without ``owari``), a tag is unknown or out of place, an attribute is missing
            or not a number, a tile id, seat or meld code is out of range.

    Examples:
        >>> game = parse_mjlog(_EXAMPLE)
        >>> len(game.hands), game.hands[0].results[0].deltas
        (1, (0, 0, 0, 0))

    .. versionadded:: 0.2
    """
    reader = _Reader(name=name, element="mjloggm")
    if not isinstance(text, str):
        raise reader.fail(f"expected XML text, got {type(text).__name__}")
    if _FORBIDDEN.search(text):
        raise reader.fail("document type declarations are not allowed")
    try:
        root = ET.fromstring(text)  # noqa: S314 - DOCTYPE/ENTITY refused above
    except ET.ParseError as exc:
        raise reader.fail(f"malformed XML ({exc})") from None
    if root.tag != "mjloggm":
        raise reader.fail(f"root element is <{root.tag}>, not <mjloggm>")
    return _Parser(reader).run(root)


class _Parser:
    def __init__(self, reader: _Reader) -> None:
        self.r = reader
        self.shuffle: str | None = None
        self.rules: TenhouRules | None = None
        self.players: TenhouPlayers | None = None
        self.first_oya: int | None = None
        self.hands: list[TenhouHand] = []
        self.current: _HandBuilder | None = None
        self.pregame: list[TenhouBye | TenhouReconnect] = []

    @property
    def seats(self) -> int:
        return 3 if self.rules is not None and self.rules.sanma else 4

    def run(self, root: ET.Element) -> TenhouGame:
        r = self.r
        for elem in root:
            r.element = elem.tag
            self.element(elem)
        r.element = "mjloggm"
        self.close_hand()
        r.hand = None
        if self.rules is None or self.players is None or self.first_oya is None:
            raise r.fail("truncated: <GO>, <UN> or <TAIKYOKU> is missing")
        if not self.hands:
            raise r.fail("truncated: the game has no hand")
        if self.hands[-1].results[-1].owari is None:
            raise r.fail("truncated: the last result carries no owari")
        for hand in self.hands[:-1]:
            if any(result.owari is not None for result in hand.results):
                r.hand = hand.index
                raise r.fail("owari before the game's last hand")
        return TenhouGame(
            name=r.name, version=root.get("ver", ""), shuffle_seed=self.shuffle,
            rules=self.rules, players=self.players, first_oya=self.first_oya,
            hands=tuple(self.hands), pregame_events=tuple(self.pregame),
        )

    def close_hand(self) -> None:
        if self.current is None:
            return
        if not self.current.results:
            raise self.r.fail("truncated: the hand has no AGARI or RYUUKYOKU")
        self.hands.append(self.current.build())
        self.current = None

    def side_event(self, event: TenhouBye | TenhouReconnect) -> None:
        if self.current is None:
            self.pregame.append(event)
        else:
            self.current.events.append(event)

    def in_hand(self, *, open_only: bool = True) -> _HandBuilder:
        if self.current is None:
            raise self.r.fail("event outside a hand (before the first INIT)")
        if open_only and self.current.results:
            raise self.r.fail("event after the hand's result")
        return self.current

    def element(self, elem: ET.Element) -> None:  # noqa: C901, PLR0912
        r = self.r
        tag = elem.tag
        if draw := _DRAW_TAG.fullmatch(tag):
            seat = r.seat("TUVW".index(draw.group(1)), self.seats)
            self.in_hand().events.append(TenhouDraw(seat=seat, tile=r.tile(int(draw.group(2)))))
            return
        if discard := _DISCARD_TAG.fullmatch(tag):
            seat = r.seat("DEFG".index(discard.group(1)), self.seats)
            tile = r.tile(int(discard.group(2)))
            self.in_hand().events.append(TenhouDiscard(seat=seat, tile=tile))
            return
        if tag == "SHUFFLE":
            self.shuffle = r.attr(elem, "seed")
        elif tag == "GO":
            self.rules = TenhouRules(
                type=r.int_attr(elem, "type"), lobby=r.int_(elem.get("lobby", "0"), "lobby")
            )
        elif tag == "UN":
            self.un(elem)
        elif tag == "TAIKYOKU":
            self.first_oya = r.seat_attr(elem, "oya", self.seats)
        elif tag == "INIT":
            self.init(elem)
        elif tag == "N":
            who = r.seat_attr(elem, "who", self.seats)
            code = r.int_attr(elem, "m")
            self.in_hand().events.append(TenhouCall(who=who, code=code, meld=r.meld(code)))
        elif tag == "REACH":
            self.reach(elem)
        elif tag == "DORA":
            self.in_hand().events.append(TenhouDora(tile=r.tile(r.int_attr(elem, "hai"))))
        elif tag == "BYE":
            self.side_event(TenhouBye(who=r.seat_attr(elem, "who", self.seats)))
        elif tag == "AGARI":
            self.in_hand(open_only=False).results.append(self.agari(elem))
        elif tag == "RYUUKYOKU":
            hand = self.in_hand()
            hand.results.append(self.ryuukyoku(elem))
        else:
            raise r.fail(f"unknown tag <{tag}>")

    def un(self, elem: ET.Element) -> None:
        r = self.r
        if self.players is None:
            names = tuple(unquote(elem.get(f"n{k}", "")) for k in range(4))
            dan = r.ints_attr(elem, "dan", default="")
            rate_text = elem.get("rate", "")
            rates = rate_text.split(",") if rate_text else []
            if not all(_NUMBER.fullmatch(x.strip()) for x in rates):
                raise r.fail(f"rate {rate_text!r} is not a list of numbers")
            sex = tuple(elem.get("sx", "").split(",")) if elem.get("sx") else ()
            self.players = TenhouPlayers(
                names=names, dan=dan, rate=tuple(float(x) for x in rates), sex=sex
            )
            return
        given = [k for k in range(4) if f"n{k}" in elem.attrib]
        if len(given) != 1:
            raise r.fail("a reconnect <UN> must name exactly one seat")
        who = given[0]
        name = unquote(elem.get(f"n{who}", ""))
        self.side_event(TenhouReconnect(who=who, name=name))

    def init(self, elem: ET.Element) -> None:
        r = self.r
        self.close_hand()
        if self.rules is None:
            raise r.fail("INIT before GO")
        index = len(self.hands)
        r.hand = index
        seed = r.ints_attr(elem, "seed", count=6)
        if min(seed[:5]) < 0 or seed[3] > 5 or seed[4] > 5:
            raise r.fail(f"seed {seed} has a negative count or a die outside 0..5")
        hai = tuple(r.tiles_attr(elem, f"hai{k}", default="") for k in range(4))
        for seat in range(4):
            expected = 13 if seat < self.seats else 0
            if len(hai[seat]) != expected:
                raise r.fail(f"hai{seat} holds {len(hai[seat])} tiles, not {expected}")
        dealt = [t for h in hai for t in h]
        if len(set(dealt)) != len(dealt):
            raise r.fail("a tile id is dealt twice")
        self.current = _HandBuilder(
            index=index,
            init=TenhouInit(
                round=seed[0], honba=seed[1], riichi_sticks=seed[2],
                dice=(seed[3] + 1, seed[4] + 1), dora_indicator=r.tile(seed[5]),
                ten=r.ints_attr(elem, "ten", count=4), oya=r.seat_attr(elem, "oya", self.seats),
                hai=hai, shuffle=elem.get("shuffle"),
            ),
        )

    def reach(self, elem: ET.Element) -> None:
        r = self.r
        who = r.seat_attr(elem, "who", self.seats)
        step = r.int_attr(elem, "step")
        if step not in {1, 2}:
            raise r.fail(f"riichi step {step} is not 1 or 2")
        ten = r.ints_attr(elem, "ten", count=4) if "ten" in elem.attrib else None
        self.in_hand().events.append(TenhouReach(who=who, step=step, ten=ten))

    def ba_sc(self, elem: ET.Element) -> tuple[tuple[int, int], tuple[int, ...]]:
        r = self.r
        ba = r.ints_attr(elem, "ba", count=2)
        return (ba[0], ba[1]), r.ints_attr(elem, "sc", count=8)

    def agari(self, elem: ET.Element) -> TenhouAgari:
        r = self.r
        hand = self.in_hand(open_only=False)
        if any(isinstance(res, TenhouRyuukyoku) for res in hand.results):
            raise r.fail("AGARI after RYUUKYOKU")
        ba, sc = self.ba_sc(elem)
        ten = r.ints_attr(elem, "ten", count=3)
        yaku_flat = r.ints_attr(elem, "yaku", default="")
        if len(yaku_flat) % 2:
            raise r.fail("yaku is not a list of (id, han) pairs")
        codes = r.ints_attr(elem, "m", default="")
        pao = elem.get("paoWho")
        return TenhouAgari(
            who=r.seat_attr(elem, "who", self.seats),
            from_who=r.seat_attr(elem, "fromWho", self.seats),
            pao_who=None if pao is None else r.seat(r.int_(pao, "paoWho"), self.seats),
            hai=r.tiles_attr(elem, "hai"),
            melds=tuple(r.meld(code) for code in codes),
            meld_codes=codes,
            machi=r.tile(r.int_attr(elem, "machi")),
            fu=ten[0], points=ten[1], limit=ten[2],
            yaku=tuple(zip(yaku_flat[::2], yaku_flat[1::2], strict=True)),
            yakuman=r.ints_attr(elem, "yakuman", default=""),
            dora_hai=r.tiles_attr(elem, "doraHai", default=""),
            ura_hai=r.tiles_attr(elem, "doraHaiUra", default=""),
            ba=ba, sc=sc, owari=r.owari(elem),
        )

    def ryuukyoku(self, elem: ET.Element) -> TenhouRyuukyoku:
        r = self.r
        ba, sc = self.ba_sc(elem)
        shown = tuple(
            r.tiles_attr(elem, f"hai{k}") if f"hai{k}" in elem.attrib else None
            for k in range(4)
        )
        return TenhouRyuukyoku(
            type=elem.get("type"), ba=ba, sc=sc, hai=shown, owari=r.owari(elem)
        )


_EXAMPLE = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,5" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T60/><D60/>'
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)
