"""What a replay reports: one mismatch, one hand, one file, many files.

The values :func:`~mahjong_rules.replay.replay_game` and
:func:`~mahjong_rules.replay.replay_paths` return, each with its plain JSON form.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen(kw_only=True)
class Mismatch:
    """One difference between the log and the replay.

    .. versionadded:: 0.2
    """

    field: str
    """What differs: ``result``, ``winners``, ``han``, ``fu``, ``points``, ``yakuman``,
    ``yaku``, ``deltas``, ``tenpai``, ``dora``, ``ura``, ``draw``, ``next_hand``,
    ``game_end``, ``final_scores``, ``wall``."""
    expected: Any
    """The log's value."""
    got: Any
    """The replay's value."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {"field": self.field, "expected": self.expected, "got": self.got}


@attrs.frozen(kw_only=True)
class HandReport:
    """The outcome of one replayed hand.

    .. versionadded:: 0.2
    """

    index: int
    """Position of the hand in the log (0-based)."""
    label: str
    """Round, hand and honba, e.g. ``E1-0``, ``S3-2``."""
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None
    """Why the hand could not be replayed (an action the reducer refused, a log the
    replayer cannot follow); ``None`` when it was replayed to its end."""
    reason: str | None = None
    """The reason code of the refusal, when the reducer refused an action."""
    inconsistent: str | None = None
    """Why the log's own result breaks its score chain (then it is no oracle: the hand
    is replayed but not counted)."""

    @property
    def status(self) -> str:
        """``matched``, ``mismatched``, ``error`` or ``inconsistent``."""
        if self.inconsistent is not None:
            return "inconsistent"
        if self.error is not None:
            return "error"
        return "mismatched" if self.mismatches else "matched"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        out: dict[str, Any] = {"hand": self.index, "label": self.label, "status": self.status}
        if self.mismatches:
            out["mismatches"] = [m.to_dict() for m in self.mismatches]
        if self.error is not None:
            out["error"] = self.error
            out["reason"] = self.reason
        if self.inconsistent is not None:
            out["inconsistent"] = self.inconsistent
        return out


@attrs.frozen(kw_only=True)
class FileReport:
    """The replay of one file.

    .. versionadded:: 0.2
    """

    path: str
    format: str | None = None
    """``mjlog``, ``tenhou6`` or ``mjai``; ``None`` for a skipped file."""
    variant: str | None = None
    """``riichi`` or ``sanma``."""
    preset: str | None = None
    """``tenhou`` or ``mahjong_soul``."""
    hands: tuple[HandReport, ...] = ()
    skipped: str | None = None
    """Why the file is not a log (it is then not counted)."""
    error: str | None = None
    """Why a log could not be read or replayed (it then has no hands; the report lists it
    as unreadable)."""

    def count(self, status: str) -> int:
        """Hands with ``status`` (a file that could not be read has none)."""
        return sum(1 for hand in self.hands if hand.status == status)

    @property
    def ok(self) -> bool:
        """Nothing mismatched or failed."""
        return self.error is None and all(
            h.status in ("matched", "inconsistent") for h in self.hands)

    def line(self) -> str:
        """One line of text for the ``replay`` command."""
        if self.skipped is not None:
            return f"{self.path}: skipped ({self.skipped})"
        if self.error is not None:
            return f"{self.path}: error: {self.error}"
        counted = len(self.hands) - self.count("inconsistent")
        parts = [f"{counted} hands", f"{self.count('matched')} matched"]
        parts.extend(f"{self.count(status)} {status}" for status in ("mismatched", "error")
                     if self.count(status))
        if self.count("inconsistent"):
            parts.append(f"{self.count('inconsistent')} not counted (the log's own result "
                         "breaks its score chain)")
        return f"{self.path}: " + ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (only the hands that did not match are listed)."""
        return {
            "path": self.path, "format": self.format, "variant": self.variant,
            "preset": self.preset, "skipped": self.skipped, "error": self.error,
            "hands": len(self.hands) - self.count("inconsistent"),
            "matched": self.count("matched"),
            "mismatched": self.count("mismatched"), "errors": self.count("error"),
            "inconsistent": self.count("inconsistent"),
            "problems": [h.to_dict() for h in self.hands if h.status != "matched"],
        }


@attrs.frozen(kw_only=True)
class ReplayReport:
    """The replay of many files.

    .. versionadded:: 0.2
    """

    files: tuple[FileReport, ...]

    @property
    def hands(self) -> int:
        """Hands replayed (a file that could not be read has none)."""
        return sum(self.count(s) for s in ("matched", "mismatched", "error"))

    @property
    def unreadable(self) -> tuple[str, ...]:
        """The files that could not be read or replayed (each with its ``error``).

        .. versionadded:: 0.2
        """
        return tuple(f.path for f in self.files if f.error is not None)

    def count(self, status: str) -> int:
        """Hands with ``status`` over every file."""
        return sum(f.count(status) for f in self.files)

    @property
    def ok(self) -> bool:
        """Nothing mismatched or failed."""
        return all(f.ok for f in self.files)

    def summary(self) -> str:
        """``replayed N hands: N matched, M mismatched, E errors`` (and unreadable files)."""
        unreadable = len(self.unreadable)
        files = f"; {unreadable} file{'s' * (unreadable != 1)} unreadable" if unreadable else ""
        return (f"replayed {self.hands} hands: {self.count('matched')} matched, "
                f"{self.count('mismatched')} mismatched, "
                f"{self.count('error')} errors{files}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: the counts, every file, every hand that did not match."""
        return {
            "hands": self.hands, "matched": self.count("matched"),
            "mismatched": self.count("mismatched"),
            "errors": self.count("error"),
            "inconsistent": self.count("inconsistent"),
            "skipped": [f.path for f in self.files if f.skipped is not None],
            "unreadable": list(self.unreadable),
            "files": [f.to_dict() for f in self.files if f.skipped is None],
        }
