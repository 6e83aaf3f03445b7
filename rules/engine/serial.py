"""JSON snapshots of the engine's frozen dataclasses, driven by their type hints."""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any


def dump(value: Any) -> Any:
    """`value` as JSON-ready data: dataclasses as dicts, enums as values, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {spec.name: dump(getattr(value, spec.name)) for spec in _fields(type(value))}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {str(key): dump(item) for key, item in value.items()}
    return value


def load(kind: Any, raw: Any) -> Any:
    """The inverse of `dump` for a value of type `kind`."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if raw is None and type(None) in options:
            return None
        concrete = [option for option in options if option is not type(None)]
        if len(concrete) == 1:
            return load(concrete[0], raw)
        for option in concrete:
            if isinstance(option, type) and isinstance(raw, option):
                return raw
        return raw
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], item) for item in raw)
        return tuple(load(arg, item) for arg, item in zip(args, raw, strict=True))
    if origin in (dict, typing.Mapping, type(None)) or kind is Any:
        return raw
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(**{spec.name: load(hints[spec.name], raw[spec.name]) for spec in _fields(kind)})
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(raw)
    return raw


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(spec for spec in dataclasses.fields(kind) if spec.init)


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)
