"""The bot levels by name, for the mjai commands (private).

.. versionadded:: 0.3
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.actions import Action, Discard, Pass, Ready


class _Tsumogiri:
    """Passes every call and discards the drawn tile (until the bots package has it)."""

    def act(self, observation: Any) -> Action:  # noqa: ANN401
        legal = observation.legal
        for action in legal:
            if isinstance(action, Pass | Ready):
                return action
        view = observation.view
        drawn = (view() if callable(view) else view)["drawn"]
        plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        return next((a for a in plain if a.tile == drawn), plain[-1] if plain else legal[0])


def make_level(spec: str, seed: int) -> Any:  # noqa: ANN401 - a bot
    """A bot of this library by name (``greedy`` is ``efficiency``).

    Raises:
        KeyError: an unknown name.
    """
    from mahjong_rules import bots  # noqa: PLC0415 - bots import the engine, not this

    make_bot = getattr(bots, "make_bot", None)
    if make_bot is not None:
        return make_bot(spec, seed=seed)
    name = spec.partition(":")[0]
    if name == "tsumogiri":
        return _Tsumogiri()
    factory: Any = bots.BOTS[{"efficiency": "greedy"}.get(name, name)]
    return factory(seed)


def level_names() -> list[str]:
    """The names :func:`make_level` takes."""
    from mahjong_rules import bots  # noqa: PLC0415

    names = getattr(bots, "bot_names", None)
    if names is not None:
        return list(names())
    return sorted({*bots.BOTS, "efficiency", "tsumogiri"})
