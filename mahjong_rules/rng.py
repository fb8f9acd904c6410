"""Our own platform-independent random stream: SHA-256 in counter mode, Fisher-Yates.

``stream(seed, label)`` yields 64-bit integers: block ``i`` is
``sha256(f"mahjong_rules/{label}/{seed}/{i}")``, read as four little-endian 64-bit words.
``shuffle`` is Fisher-Yates from the last position down, each index drawn by rejection
sampling (no modulo bias). The same seed gives the same walls on any machine and any
numpy (numpy's Generator streams are only promised stable per build).

Examples:
    >>> shuffle(list(range(5)), seed=7, label="test")
    [0, 1, 3, 2, 4]

.. versionadded:: 0.1
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from typing import TypeVar

__all__ = ["below", "shuffle", "shuffle_by_stream", "stream"]

T = TypeVar("T")


def stream(seed: int, label: str) -> Iterator[int]:
    """An endless stream of 64-bit integers for ``(seed, label)``."""
    block = 0
    while True:
        digest = hashlib.sha256(f"mahjong_rules/{label}/{seed}/{block}".encode()).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset:offset + 8], "little")
        block += 1


def below(numbers: Iterator[int], bound: int) -> int:
    """A uniform integer in ``0..bound-1`` from the stream (rejection sampling)."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        value = next(numbers)
        if value < limit:
            return value % bound


_WORDS = struct.Struct("<4Q")
"""A block's four little-endian 64-bit words."""
_TOP = 1 << 64


def shuffle(items: list[T], *, seed: int, label: str) -> list[T]:
    """A shuffled copy of ``items`` (Fisher-Yates).

    The words of :func:`stream` drawn as :func:`below` draws them, written out in one
    loop (a wall is shuffled every hand): the same copy.
    """
    out = list(items)
    prefix = f"mahjong_rules/{label}/{seed}/"
    digest = hashlib.sha256
    unpack = _WORDS.unpack
    words: tuple[int, ...] = ()
    block = position = 0
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = _TOP - _TOP % bound
        while True:
            if position == len(words):
                words = unpack(digest(f"{prefix}{block}".encode()).digest())
                block += 1
                position = 0
            value = words[position]
            position += 1
            if value < limit:
                break
        j = value % bound
        out[i], out[j] = out[j], out[i]
    return out


def shuffle_by_stream(items: list[T], *, seed: int, label: str) -> list[T]:
    """:func:`shuffle` by :func:`stream` and :func:`below` (its readable form, for tests)."""
    out = list(items)
    numbers = stream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = below(numbers, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
