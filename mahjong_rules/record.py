"""Plain-JSON forms of the library's frozen values (states, views, results).

One generic, type-driven serializer for attrs classes: ints, bools, strings, ``None``,
enums (by value), tuples and nested attrs classes. Because every state type is attrs,
new fields need no serializer code. A field declared with :data:`OMIT_DEFAULT` metadata
is left out while it holds its default (a variant's fields, such as the Taiwanese
flowers, then leave the other variants' JSON as it was); loading fills the default in.

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

__all__ = ["OMIT_DEFAULT", "StructureError", "structure", "unstructure"]

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
    if isinstance(value, dict | types.MappingProxyType):
        return {str(k): unstructure(v) for k, v in value.items()}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


class StructureError(ValueError):
    """Data that does not fit the type :func:`structure` builds; ``path`` says where.

    ``path`` is the place in the data, as ``seats[1].hand[3]`` (empty at the top).

    .. versionadded:: 0.2
    """

    def __init__(self, message: str, path: str = "") -> None:
        """The ``message`` about the value at ``path``."""
        super().__init__(f"{path}: {message}" if path else message)
        self.message = message
        self.path = path

    def within(self, step: str) -> StructureError:
        """The same error one level further out (``step`` is a field name or ``[i]``)."""
        if not self.path:
            path = step
        elif self.path.startswith("["):
            path = step + self.path
        else:
            path = f"{step}.{self.path}"
        return StructureError(self.message, path)


def structure(kind: Any, data: Any) -> Any:  # noqa: ANN401
    """Rebuild a value of type ``kind`` from :func:`unstructure` output.

    Raises:
        StructureError: data that does not fit the type (a ``ValueError``; its ``path``
            names the offending place).

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Point:
        ...     x: int
        ...     tags: tuple[str, ...] = ()
        >>> try:
        ...     structure(Point, {"x": 1, "tags": ["a", 2]})
        ... except StructureError as exc:
        ...     print(exc.path, "-", exc.message)
        tags[1] - expected a string, got 2
    """
    try:
        return _structure(kind, data)
    except StructureError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise StructureError(str(exc)) from None


def _structure(kind: Any, data: Any) -> Any:  # noqa: ANN401, C901, PLR0911, PLR0912, PLR0915 - dispatch
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors: list[StructureError] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _structure(option, data)
            except StructureError as exc:
                errors.append(exc)
        deepest = max(errors, key=lambda e: e.path.count(".") + e.path.count("["))
        if deepest.path:  # one option went deeper: its problem is the one to name
            raise deepest
        raise StructureError(f"{data!r} fits none of {_name(kind)}")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list | tuple):
            raise StructureError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_item(args[0], item, i) for i, item in enumerate(data))
        if len(args) != len(data):
            raise StructureError(f"expected {len(args)} items, got {len(data)}")
        return tuple(_item(a, item, i) for i, (a, item) in enumerate(zip(args, data, strict=True)))
    if origin is dict or (origin is not None and origin.__name__ == "Mapping"):
        key_type, value_type = typing.get_args(kind)
        if not isinstance(data, dict):
            raise StructureError(f"expected an object, got {data!r}")
        try:
            return {_structure(key_type, k if key_type is str else int(k)):
                    _structure(value_type, v) for k, v in data.items()}
        except (ValueError, TypeError) as exc:
            raise StructureError(str(exc)) from None
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(data, dict):
            raise StructureError(f"expected an object for {kind.__name__}, got {data!r}")
        hints = _hints(kind)
        fields = {f.name: f for f in attrs.fields(kind)}
        unknown = set(data) - set(fields)
        if unknown:
            raise StructureError(f"unknown fields for {kind.__name__}: {sorted(unknown)}")
        missing = [name for name, f in fields.items()
                   if f.default is attrs.NOTHING and name not in data]
        if missing:
            raise StructureError(f"missing fields for {kind.__name__}: {missing}")
        values = {}
        for name, value in data.items():
            try:
                values[name] = _structure(hints[name], value)
            except StructureError as exc:
                raise exc.within(name) from None
        try:
            return kind(**values)
        except (ValueError, TypeError) as exc:  # a validator of the class refused
            raise StructureError(str(exc)) from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise StructureError(f"{data!r} is not a {kind.__name__}") from None
    if kind is bool:
        if not isinstance(data, bool):
            raise StructureError(f"expected a bool, got {data!r}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise StructureError(f"expected an int, got {data!r}")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise StructureError(f"expected a string, got {data!r}")
        return data
    if kind is type(None):
        if data is not None:
            raise StructureError(f"expected null, got {data!r}")
        return None
    raise StructureError(f"cannot structure {kind!r}")


def _item(kind: Any, data: Any, index: int) -> Any:  # noqa: ANN401
    try:
        return _structure(kind, data)
    except StructureError as exc:
        raise exc.within(f"[{index}]") from None


def _name(kind: Any) -> str:  # noqa: ANN401
    return " | ".join(getattr(k, "__name__", str(k)) for k in typing.get_args(kind))
