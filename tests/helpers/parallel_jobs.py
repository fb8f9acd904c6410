"""Jobs for the executor tests, importable by spawned workers (``tests/`` is on their path)."""

from __future__ import annotations

import attrs


@attrs.frozen
class Cubes:
    """Item ``i`` is ``i ** 3`` and the process that computed it."""

    def run(self, index: int) -> int:
        return index**3

    def describe(self, index: int) -> str:
        return f"cube {index}"


@attrs.frozen
class FailsAt:
    """Item ``i`` is ``{"index": i}``, except ``bad``, which raises."""

    bad: int
    seed: int = 7

    def run(self, index: int) -> dict[str, int]:
        if index == self.bad:
            raise ValueError(f"no item {index} today")
        return {"index": index}

    def describe(self, index: int) -> str:
        return f"game {index} (seed {self.seed * 100_000 + index})"
