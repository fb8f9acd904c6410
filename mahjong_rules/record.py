"""Plain-JSON forms of the library's frozen values (states, views, results).

One generic, type-driven serializer for attrs classes: ints, bools, strings, ``None``,
enums (by value), tuples, frozensets (as sorted lists) and nested attrs classes. Because
every state type is attrs, new fields need no serializer code. A field declared with
:data:`OMIT_DEFAULT` metadata is left out while it holds its default (a variant's fields,
such as the Taiwanese flowers, then leave the other variants' JSON as it was); loading
fills the default in.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     tags: tuple[str, ...] = ()
    >>> structure(Point, unstructure(Point(3, ("a",))))
    Point(x=3, tags=('a',))

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any, TypeVar

import attrs

__all__ = ["OMIT_DEFAULT", "structure", "unstructure"]

T = TypeVar("T")

OMIT_DEFAULT: dict[str, bool] = {"omit_default": True}
"""``attrs.field`` metadata: leave the field out of the JSON form while at its default."""


_PLAIN = (int, str, bool, float, type(None))


@functools.cache
def _plan(cls: type) -> tuple[tuple[str, ...], dict[str, object]] | None:
    """An attrs class's field names and its omitted-while-default fields (else ``None``)."""
    if not attrs.has(cls):
        return None
    fields = attrs.fields(cls)
    return (tuple(f.name for f in fields),
            {f.name: f.default for f in fields if f.metadata.get("omit_default")})


def unstructure(value: Any) -> Any:  # noqa: ANN401, PLR0911 - any JSON value, by kind
    """A value as plain JSON data (plain values and tuples of them take the fast path)."""
    cls: type = type(value)
    if cls in _PLAIN:
        return value
    if cls is tuple or cls is list:
        return [v if type(v) in _PLAIN else unstructure(v) for v in value]
    plan = _plan(cls)
    if plan is not None:
        names, omitted = plan
        out = {}
        for name in names:
            item = getattr(value, name)
            if name in omitted and item == omitted[name]:
                continue
            out[name] = item if type(item) in _PLAIN else unstructure(item)
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [unstructure(v) for v in value]
    if isinstance(value, frozenset):  # sorted: the same set gives the same JSON
        return sorted(unstructure(v) for v in value)
    if isinstance(value, dict | types.MappingProxyType):
        return {str(k): unstructure(v) for k, v in value.items()}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def structure(kind: Any, data: Any) -> Any:  # noqa: ANN401, C901, PLR0911, PLR0912 - dispatch
    """Rebuild a value of type ``kind`` from :func:`unstructure` output.

    Raises:
        ValueError: data that does not fit the type.
    """
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return structure(option, data)
            except (ValueError, TypeError, KeyError) as exc:
                errors.append(exc)
        raise ValueError(f"{data!r} fits none of {kind}: {errors}")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list | tuple):
            raise ValueError(f"expected a list for {kind}, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(structure(args[0], item) for item in data)
        return tuple(structure(a, item) for a, item in zip(args, data, strict=True))
    if origin is frozenset:
        if not isinstance(data, list | tuple):
            raise ValueError(f"expected a list for {kind}, got {data!r}")
        (item_type,) = typing.get_args(kind)
        return frozenset(structure(item_type, item) for item in data)
    if origin is dict or (origin is not None and origin.__name__ == "Mapping"):
        key_type, value_type = typing.get_args(kind)
        return {structure(key_type, k if key_type is str else int(k)): structure(value_type, v)
                for k, v in data.items()}
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {kind.__name__}, got {data!r}")
        hints = _hints(kind)
        fields = {f.name: f for f in attrs.fields(kind)}
        unknown = set(data) - set(fields)
        if unknown:
            raise ValueError(f"unknown fields for {kind.__name__}: {sorted(unknown)}")
        values = {name: structure(hints[name], value) for name, value in data.items()}
        return kind(**values)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    if kind is bool:
        if not isinstance(data, bool):
            raise ValueError(f"expected a bool, got {data!r}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ValueError(f"expected an int, got {data!r}")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise ValueError(f"expected a string, got {data!r}")
        return data
    if kind is type(None):
        if data is not None:
            raise ValueError(f"expected null, got {data!r}")
        return None
    raise ValueError(f"cannot structure {kind!r}")
