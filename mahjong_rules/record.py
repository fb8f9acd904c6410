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
    if isinstance(value, frozenset):  # sorted: the same set gives the same JSON
        return sorted(unstructure(v) for v in value)
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

    Each type gets its builder once (a closure per field and item type), so a whole game
    state loads in a few milliseconds.

    Raises:
        StructureError: data that does not fit the type (a ``ValueError``; its ``path``
            names the offending place).

    Examples:
        >>> from mahjong_rules.state import RiverEntry
        >>> structure(tuple[RiverEntry, ...], [{"tile": 5, "riichi": True}])
        (RiverEntry(tile=5, tsumogiri=False, riichi=True, called=False),)
        >>> try:
        ...     structure(tuple[RiverEntry, ...], [{"tile": 5}, {"tile": "5m"}])
        ... except StructureError as exc:
        ...     print(exc.path, "-", exc.message)
        [1].tile - expected an int, got '5m'
    """
    try:
        return _builder(kind)(data)
    except StructureError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise StructureError(str(exc)) from None


Builder = typing.Callable[[Any], Any]


@functools.cache
def _builder(kind: Any) -> Builder:  # noqa: ANN401, PLR0911 - one builder per kind of type
    """The function that builds a ``kind`` from its plain form (made once per type)."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return _identity
    if origin in (typing.Union, types.UnionType):
        return _union_builder(kind)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_builder(args[0])
        return _fixed_tuple_builder(args)
    if origin is frozenset:
        return _frozenset_builder(typing.get_args(kind)[0])
    if origin is dict or (origin is not None and origin.__name__ == "Mapping"):
        return _dict_builder(*typing.get_args(kind))
    if isinstance(kind, type) and attrs.has(kind):
        return _attrs_builder(kind)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_builder(kind)
    plain = _PLAIN_BUILDERS.get(kind)
    if plain is None:
        raise StructureError(f"cannot structure {kind!r}")
    return plain


def _identity(data: Any) -> Any:  # noqa: ANN401
    return data


def _build_int(data: Any) -> int:  # noqa: ANN401
    if type(data) is not int and (isinstance(data, bool) or not isinstance(data, int)):
        raise StructureError(f"expected an int, got {data!r}")
    return int(data)


def _build_bool(data: Any) -> bool:  # noqa: ANN401
    if not isinstance(data, bool):
        raise StructureError(f"expected a bool, got {data!r}")
    return data


def _build_str(data: Any) -> str:  # noqa: ANN401
    if not isinstance(data, str):
        raise StructureError(f"expected a string, got {data!r}")
    return data


def _build_none(data: Any) -> None:  # noqa: ANN401
    if data is not None:
        raise StructureError(f"expected null, got {data!r}")


_PLAIN_BUILDERS: dict[Any, Builder] = {int: _build_int, bool: _build_bool, str: _build_str,
                                       type(None): _build_none}


def _union_builder(kind: Any) -> Builder:  # noqa: ANN401
    options = typing.get_args(kind)
    nullable = type(None) in options
    builders = [_builder(option) for option in options if option is not type(None)]
    names = " | ".join(getattr(k, "__name__", str(k)) for k in options)

    def build(data: Any) -> Any:  # noqa: ANN401
        if data is None and nullable:
            return None
        errors: list[StructureError] = []
        for builder in builders:
            try:
                return builder(data)
            except StructureError as exc:
                errors.append(exc)
        deepest = max(errors, key=lambda e: e.path.count(".") + e.path.count("["))
        if deepest.path:  # one option went deeper: its problem is the one to name
            raise deepest
        raise StructureError(f"{data!r} fits none of {names}")

    return build


def _tuple_builder(item: Any) -> Builder:  # noqa: ANN401
    build_item = _builder(item)
    ints = item is int

    def build(data: Any) -> tuple[Any, ...]:  # noqa: ANN401
        if not isinstance(data, list | tuple):
            raise StructureError(f"expected a list, got {data!r}")
        if ints and all(type(value) is int for value in data):
            return tuple(data)  # the common case: tile ids, points
        return _each((build_item, value) for value in data)

    return build


def _each(items: typing.Iterable[tuple[Builder, Any]]) -> tuple[Any, ...]:
    """Each value built by its builder; an error names the item's index."""
    out = []
    for index, (builder, value) in enumerate(items):
        try:
            out.append(builder(value))
        except StructureError as exc:
            raise exc.within(f"[{index}]") from None
    return tuple(out)


def _frozenset_builder(item: Any) -> Builder:  # noqa: ANN401
    build_items = _tuple_builder(item)

    def build(data: Any) -> frozenset[Any]:  # noqa: ANN401
        return frozenset(build_items(data))

    return build


def _fixed_tuple_builder(args: tuple[Any, ...]) -> Builder:
    builders = [_builder(arg) for arg in args]

    def build(data: Any) -> tuple[Any, ...]:  # noqa: ANN401
        if not isinstance(data, list | tuple):
            raise StructureError(f"expected a list, got {data!r}")
        if len(data) != len(builders):
            raise StructureError(f"expected {len(builders)} items, got {len(data)}")
        return _each(zip(builders, data, strict=True))

    return build


def _dict_builder(key_type: Any, value_type: Any) -> Builder:  # noqa: ANN401
    build_key, build_value = _builder(key_type), _builder(value_type)

    def build(data: Any) -> dict[Any, Any]:  # noqa: ANN401
        if not isinstance(data, dict):
            raise StructureError(f"expected an object, got {data!r}")
        try:
            return {build_key(k if key_type is str else int(k)): build_value(v)
                    for k, v in data.items()}
        except (ValueError, TypeError) as exc:
            raise StructureError(str(exc)) from None

    return build


def _attrs_builder(kind: type) -> Builder:
    hints = _hints(kind)
    fields = attrs.fields(kind)
    builders = {f.name: _builder(hints[f.name]) for f in fields}
    required = frozenset(f.name for f in fields if f.default is attrs.NOTHING)
    name = kind.__name__

    def build(data: Any) -> Any:  # noqa: ANN401
        if not isinstance(data, dict):
            raise StructureError(f"expected an object for {name}, got {data!r}")
        values = {}
        for key, value in data.items():
            builder = builders.get(key)
            if builder is None:
                unknown = sorted(str(k) for k in data if k not in builders)
                raise StructureError(f"unknown fields for {name}: {unknown}")
            try:
                values[key] = builder(value)
            except StructureError as exc:
                raise exc.within(key) from None
        if not required <= values.keys():
            raise StructureError(f"missing fields for {name}: {sorted(required - values.keys())}")
        try:
            return kind(**values)
        except (ValueError, TypeError) as exc:  # a validator of the class refused
            raise StructureError(str(exc)) from None

    return build


def _enum_builder(kind: type[enum.Enum]) -> Builder:
    def build(data: Any) -> enum.Enum:  # noqa: ANN401
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise StructureError(f"{data!r} is not a {kind.__name__}") from None

    return build
