"""Argument types and help texts shared by the commands (argparse checks the ranges).

.. versionadded:: 0.2
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions

__all__ = ["PRESETS", "DefaultsFormatter", "bounded_int", "preset_help"]

PRESETS: dict[str, tuple[str, ...]] = {
    "riichi": RiichiOptions.preset_names(), "sanma": SanmaOptions.preset_names(),
    "taiwanese": TaiwaneseOptions.preset_names()}
"""The presets each variant accepts."""


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that shows each argument's default, unless it has none (``None``, off, empty)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "%(default)" in text or default is None or default is False or (
                default in ("", [], argparse.SUPPRESS) and type(default) is not int):
            return text
        return f"{text} (default: %(default)s)" if text else "(default: %(default)s)"


def bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: an integer of ``low..high`` (no upper bound for ``None``).

    Examples:
        >>> games = bounded_int(1)
        >>> games("20")
        20
        >>> games("-3")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: -3 is not an integer >= 1
    """
    wanted = f"an integer >= {low}" if high is None else f"an integer of {low}..{high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not {wanted}")
        return value

    parse.__name__ = "integer"  # argparse names the type in its messages
    return parse


def preset_help(lead: str = "options preset") -> str:
    """The help of a ``--preset`` argument: the presets of every variant.

    Examples:
        >>> import textwrap
        >>> for part in preset_help().split("; "):
        ...     print(textwrap.fill(part, 70, subsequent_indent="    "))
        options preset
        riichi: default, ippatsu, tenhou, mahjong_soul, majiang, m_league,
            wrc, ema, jpml_a, rmu, saikouisen
        sanma: default, joypip, tenhou, mahjong_soul
        taiwanese: default, san_diego, four_winds, home
    """
    return "; ".join([lead, *(f"{variant}: {', '.join(names)}"
                              for variant, names in PRESETS.items())])
