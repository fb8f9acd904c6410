"""What every options class shares: presets by name, the plain dict forms, the validators.

:class:`RuleOptions` is the base of every ruleset's options class.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Self, cast

import attrs

from mahjong_rules.errors import OptionsError
from mahjong_rules.options.enums import (
    EarthlyHand,
    Extension,
    FifthTile,
    FinalRounding,
    GameLength,
    KanDoraTiming,
    Kuikae,
    LeftoverSticks,
    MultipleRon,
    NagashiMangan,
    PaoRonHonba,
    RenchanOn,
    Renhou,
    RiichiAnkan,
    SanmaTsumo,
    StraightConcealment,
    TaiTable,
    TaiwaneseGameLength,
    TiedRanks,
    TripleRon,
    WaitRule,
)

Validator = Callable[[object, "attrs.Attribute[Any]", object], None]
"""An attrs field validator: ``(instance, attribute, value)``, raising :class:`OptionsError`."""


def one_of(*allowed: object) -> Validator:
    """An attrs validator: the value is one of ``allowed`` (plain ints)."""
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value not in allowed:
            raise OptionsError(f"{attribute.name} must be one of {allowed}, got {value!r}")
    return check


def in_range(low: int, high: int, step: int = 1) -> Validator:
    """An attrs validator: an int (not a bool) in ``low..high``, a multiple of ``step``."""
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not (
                low <= value <= high) or value % step:
            raise OptionsError(
                f"{attribute.name} must be an integer in {low}..{high} (step {step}),"
                f" got {value!r}")
    return check


def valid_uma(instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: one int per player, first to last, summing to 0."""
    players = getattr(type(instance), "players", 4)
    if not isinstance(value, tuple) or len(value) != players or not all(
            type(v) is int for v in value) or sum(value):
        raise OptionsError(
            f"uma must be {players} integers (first to last) summing to 0, got {value!r}")


def enum_of(kind: type[enum.Enum]) -> Validator:
    """An attrs validator: a member of the enum ``kind``."""
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise OptionsError(f"{attribute.name} must be a {kind.__name__}, got {value!r}")
    return check


def boolean(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise OptionsError(f"{attribute.name} must be true or false, got {value!r}")


def name_set(value: object) -> object:
    """A list, tuple or set of names as a frozenset (anything else is left to the validator)."""
    if isinstance(value, list | tuple | set) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    return value


def subset_of(allowed: frozenset[str]) -> Validator:
    """An attrs validator: a frozenset of names, each in ``allowed``."""
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, frozenset) or not value <= allowed:
            raise OptionsError(f"{attribute.name} must be a set of names from "
                               f"{sorted(allowed)}, got {value!r}")
    return check


class RuleOptions:
    """The base of every ruleset's options class: presets by name and the plain dict forms.

    It is what :class:`~mahjong_rules.engine.Ruleset` is generic in.

    A subclass is an ``@attrs.frozen(kw_only=True)`` class that names its presets in
    :meth:`preset_names`, each a classmethod of that name.
    """

    __slots__ = ()

    # the fields every ruleset's options have (declared here for the type checker only:
    # each subclass defines them as its own attrs fields, with its own defaults)
    start_points: int
    turn_seconds: int
    claim_seconds: int
    time_bank_seconds: int

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """Names accepted by :meth:`preset`."""
        return ("default",)

    @classmethod
    def preset(cls, name: str) -> Self:
        """A preset by name (``default``, ``ippatsu``, ``tenhou``, ...).

        Raises:
            OptionsError: an unknown preset name.
        """
        method = getattr(cls, name, None) if name in cls.preset_names() else None
        if method is None:
            raise OptionsError(f"unknown preset {name!r} for {cls.__name__}; "
                               f"known: {', '.join(cls.preset_names())}")
        result: Self = method()
        return result

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible form (enums by value, tuples and sets as lists)."""
        out: dict[str, Any] = {}
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(self))):
            value = getattr(self, field.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, frozenset):
                value = sorted(value)
            out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, base: Self | None = None) -> Self:
        """Options from a plain dict, over ``base`` (the defaults when ``None``).

        Raises:
            OptionsError: an unknown key or a bad value (or ``data`` is no mapping).
        """
        if not isinstance(data, Mapping):
            raise OptionsError(f"options are a mapping of names to values, got "
                               f"{type(data).__name__}")
        if base is not None and type(base) is not cls:
            raise OptionsError(f"the base of {cls.__name__} options is a {cls.__name__}, got "
                               f"{type(base).__name__}")
        fields = {field.name: field
                  for field in attrs.fields(cast("type[attrs.AttrsInstance]", cls))}
        changes: dict[str, Any] = {}
        for key, raw in data.items():
            field = fields.get(key)
            if field is None:
                raise OptionsError(f"unknown option {key!r} for {cls.__name__}")
            target = _ENUMS.get(str(field.type))
            value = raw
            # a bool for an enum field with a converter is an older switch's value (kuikae)
            legacy = isinstance(raw, bool) and field.converter is not None
            if target is not None and not isinstance(raw, enum.Enum) and not legacy:
                try:
                    value = target(raw)
                except ValueError:
                    raise OptionsError(
                        f"{key} must be one of {[m.value for m in target]}, got {raw!r}"
                    ) from None
            elif isinstance(raw, list):
                value = tuple(raw)
            changes[key] = value
        start = base if base is not None else cls()
        # every subclass is an attrs class, which the attrs mypy plugin cannot see here
        return attrs.evolve(start, **changes)  # type: ignore[misc]


_ENUMS: dict[str, type[enum.Enum]] = {
    kind.__name__: kind
    for kind in (GameLength, MultipleRon, TripleRon, RenchanOn, SanmaTsumo, KanDoraTiming,
                 NagashiMangan, Extension, RiichiAnkan, FifthTile, FinalRounding, TiedRanks,
                 LeftoverSticks, PaoRonHonba, Renhou, Kuikae,
                 TaiwaneseGameLength, TaiTable, WaitRule, StraightConcealment, EarthlyHand)
}

