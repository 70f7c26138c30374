"""A game's frozen state as JSON and back, read from its dataclasses' type hints.

The journal keeps a snapshot of the state every so many actions, so resuming a long game
replays only the actions after the last one (``Table``). A game whose state is frozen
dataclasses of ``int``, ``str``, ``bool``, ``float``, ``None``, tuples (``tuple[X, ...]`` or
fixed), ``frozenset``, unions, TypedDicts and JSON objects needs nothing more: :func:`dump`
writes the fields, :func:`load` rebuilds them by type, and refuses what does not fit (a snapshot is
only a shortcut: the journal's actions stay the truth, and a snapshot that does not load
is ignored).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")


class SnapshotError(ValueError):
    """The data does not fit the type (a damaged or older snapshot)."""


def dump(value: object) -> object:
    """JSON-ready data for a frozen dataclass state (or any value inside one)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted((dump(item) for item in value), key=repr)
    if isinstance(value, Mapping):
        return {str(key): dump(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise SnapshotError(f"cannot keep a {type(value).__name__} in a snapshot")


def load(kind: type[T], data: object) -> T:
    """The value of type ``kind`` that :func:`dump` wrote as ``data``."""
    return typing.cast(T, _load(kind, data, "state"))


@cache
def shape(kind: type) -> str:
    """The state's fields and their types, all the way down: a snapshot written for
    another shape (an older companion's) is not read."""
    parts = []
    for item in _fields(kind):
        hint = _hints(kind)[item.name]
        nested = [
            shape(arg) if dataclasses.is_dataclass(arg) else _keys_shape(arg)
            for arg in (hint, *typing.get_args(hint))
            if isinstance(arg, type) and (dataclasses.is_dataclass(arg) or typing.is_typeddict(arg))
        ]
        parts.append(f"{item.name}:{hint}{''.join(nested)}")
    return f"{kind.__qualname__}({','.join(parts)})"


@cache
def _keys_shape(kind: type) -> str:
    """A TypedDict's keys and their types, for :func:`shape`."""
    hints, optional = _keys(kind)
    parts = [f"{key}{'?' if key in optional else ''}:{hint}" for key, hint in hints.items()]
    return f"{kind.__qualname__}{{{','.join(parts)}}}"


@cache
def _keys(kind: type) -> tuple[dict[str, object], frozenset[str]]:
    """A TypedDict's keys with their types, and the keys that may be absent.

    Read from the hints with their ``NotRequired``/``Required`` marks rather than from
    ``__optional_keys__``: under ``from __future__ import annotations`` Python 3.11 cannot
    see the marks in the strings and counts every key of a total TypedDict as required.
    """
    module = sys.modules[kind.__module__]
    marked = typing.get_type_hints(kind, None, vars(module), include_extras=True)
    hints: dict[str, object] = {}
    optional = set(getattr(kind, "__optional_keys__", ()))
    for key, hint in marked.items():
        bare = hint
        while typing.get_origin(bare) in (typing.NotRequired, typing.Required, typing.Annotated):
            if typing.get_origin(bare) is typing.NotRequired:
                optional.add(key)
            elif typing.get_origin(bare) is typing.Required:
                optional.discard(key)
            bare = typing.get_args(bare)[0]
        hints[key] = bare
    return hints, frozenset(optional)


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[object], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)


@cache
def _hints(kind: type) -> dict[str, object]:
    # Each field's hint is read in the module of the class that declares it (a variant's
    # state inherits fields from another game's module), then in the state's own module.
    module = sys.modules[kind.__module__]
    return typing.get_type_hints(kind, None, vars(module))


def _load(hint: object, data: object, where: str) -> object:
    if hint is Any or hint is object:
        return data
    origin = typing.get_origin(hint)
    arguments = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        for option in arguments:
            try:
                return _load(option, data, where)
            except SnapshotError:
                continue
        raise SnapshotError(f"{where}: {data!r} fits none of {hint}")
    if hint is type(None):
        if data is not None:
            raise SnapshotError(f"{where}: expected null")
        return None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint, data, where)
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return _typeddict(hint, data, where)
    if origin is tuple or hint is tuple:
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list")
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return tuple(_load(arguments[0], item, f"{where}[]") for item in data)
        if arguments and len(arguments) != len(data):
            raise SnapshotError(f"{where}: expected {len(arguments)} items")
        if not arguments:
            return tuple(data)
        return tuple(_load(a, item, f"{where}[]") for a, item in zip(arguments, data, strict=True))
    if origin in (frozenset, set) or hint in (frozenset, set):
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list")
        element = arguments[0] if arguments else object
        return frozenset(_load(element, item, f"{where}[]") for item in data)
    if origin in (dict, Mapping) or hint in (dict, Mapping) or origin is typing.Mapping:
        if not isinstance(data, dict):
            raise SnapshotError(f"{where}: expected an object")
        value_hint = arguments[1] if len(arguments) == 2 else object
        return {key: _load(value_hint, item, f"{where}.{key}") for key, item in data.items()}
    if origin is typing.Literal:
        if data not in arguments:
            raise SnapshotError(f"{where}: {data!r} is not one of {arguments}")
        return data
    return _scalar(hint, data, where)


def _dataclass(hint: type, data: object, where: str) -> object:
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object for {hint.__name__}")
    hints = _hints(hint)
    values = {}
    for item in _fields(hint):
        if item.name in data:
            values[item.name] = _load(hints[item.name], data[item.name], f"{where}.{item.name}")
        elif item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
            raise SnapshotError(f"{where}: missing {item.name}")
    return hint(**values)


def _typeddict(hint: type, data: object, where: str) -> dict[str, object]:
    # A TypedDict is a plain dict at run time: its keys load by their hints; a key it does
    # not name (the dict of a wider TypedDict) comes back as it was kept, so the state is
    # the same dict it was.
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object for {hint.__name__}")
    hints, optional = _keys(hint)
    for key in hints:
        if key not in data and key not in optional:
            raise SnapshotError(f"{where}: missing {key}")
    return {
        key: _load(hints[key], item, f"{where}.{key}") if key in hints else item
        for key, item in data.items()
    }


def _scalar(hint: object, data: object, where: str) -> object:
    if hint is bool:
        if not isinstance(data, bool):
            raise SnapshotError(f"{where}: expected true or false")
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise SnapshotError(f"{where}: expected an integer")
        return data
    if hint is float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            raise SnapshotError(f"{where}: expected a number")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise SnapshotError(f"{where}: expected a string")
        return data
    raise SnapshotError(f"{where}: cannot read a {hint} from a snapshot")
