"""Tenhou's SHUFFLE-seed wall generator: every hand's wall and dice from the game's seed.

The seed of ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">`` (logs from about 2010
on) drives an MT19937 stream whose words, hashed with SHA-512, shuffle each hand's tiles.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import re
import struct
from collections.abc import Iterator

from mahjong_rules.errors import LogFormatError, NotationError, Reason
from mahjong_rules.notation.tenhou.meld import N_TILES

_SEED_PREFIX = "mt19937ar-sha512-n288-base64"
_SEED_PREFIX_HEX = "mt19937ar-sha512-n288"
_HEX_WORD = re.compile(r"[0-9A-Fa-f]{8}")
_MT_N = 624
_MT_M = 397
_WORDS_PER_HAND = 288
_BLOCK_WORDS = 32
_MASK32 = 0xFFFFFFFF
_SANMA_IDS = tuple(i for i in range(N_TILES) if not 4 <= i < 32)


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
    base = _SANMA_IDS if sanma else tuple(range(N_TILES))
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
