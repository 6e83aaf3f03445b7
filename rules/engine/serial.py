"""JSON snapshots of the engine's frozen dataclasses, driven by their type hints.

The type hints are read once per dataclass: `_dumper` and `_loader` compile, for each type, one
converter per field (a closure chosen by the field's type, or nothing when the value is already
JSON-ready), so dumping or loading a snapshot does no typing introspection per call.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from operator import attrgetter, itemgetter
from typing import Any, TypeVar

Convert = Callable[[Any], Any]
Loaded = TypeVar("Loaded")

# Values that are already JSON-ready and come back from JSON as they went in.
_PLAIN = (str, int, float, bool, type(None))


def _identity(value: Any) -> Any:
    return value


class Unserialisable(TypeError):
    """A type a rule set's state may not use: snapshots handle str, int, float, bool, None,
    enums, tuples, frozen dataclasses of those, and a single type or None."""


def dump(value: object) -> dict[str, Any]:
    """`value` (a dataclass) as JSON-ready data: dataclasses as dicts, enums as their values,
    tuples as lists."""
    kind = type(value)
    if not dataclasses.is_dataclass(kind):
        raise Unserialisable(f"A snapshot is of a dataclass, not a {kind.__name__}.")
    dumped: dict[str, Any] = _dataclass_dumper(kind)(value)
    return dumped


def load(kind: type[Loaded], raw: Any) -> Loaded:
    """The inverse of `dump` for a value of type `kind`."""
    hint: type = kind  # mypy takes a type[Loaded] for no Hashable, which the cache wants
    loaded: Loaded = _loader(hint)(raw)
    return loaded


# --- dump: by a field's type ---------------------------------------------------------------


def _enum_value(value: Enum) -> Any:
    return value._value_


@cache
def _dumper(kind: Any) -> Convert:
    """The converter for a value whose type hint is `kind`; `_identity` when nothing to do."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _optional(_dumper(_only(kind)))
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _dumper(args[0])
            if item is _identity:
                return list
            return lambda value: [item(part) for part in value]
        parts = tuple(_dumper(arg) for arg in args)
        if all(part is _identity for part in parts):
            return list
        return lambda value: [part(item) for part, item in zip(parts, value, strict=True)]
    if kind in _PLAIN:
        return _identity
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_dumper(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_value
    raise Unserialisable(f"Snapshots do not handle {kind!r}.")


@cache
def _dataclass_dumper(kind: type) -> Convert:
    names = _names(kind)
    hints = _hints(kind)
    special = tuple(
        (name, convert) for name in names if (convert := _dumper(hints[name])) is not _identity
    )
    values = _getter(attrgetter, names)
    defaults = dict(field_defaults(kind))
    converts = dict(special)
    # Each field: its name, its default (_NO_DEFAULT if none) and its converter (None if none).
    plan = tuple((name, defaults.get(name, _NO_DEFAULT), converts.get(name)) for name in names)

    def dump_dataclass(value: Any) -> dict[str, Any]:
        out = {}
        for (name, default, convert), kept in zip(plan, values(value), strict=True):
            if kept is default or (type(kept) is type(default) and kept == default):
                continue
            out[name] = kept if convert is None else convert(kept)
        return out

    return dump_dataclass


# A field without a default: no value is it.
_NO_DEFAULT = object()


def field_defaults(kind: type) -> tuple[tuple[str, Any], ...]:
    """Each field of `kind` that has a default, with it: a snapshot leaves out a field at its
    default (of the same type), which loading gives back. A race's snapshot is written on every
    roll entered, and most of a car's fields are at their defaults most of the race (no damage,
    not out, not finished): left out, the snapshot is about half the size. So a default is part
    of every race stored: changing one needs the stored snapshots migrated first
    (tests/rules/engine/test_snapshot_defaults.py pins them)."""
    found = []
    for spec in dataclasses.fields(kind):
        if not spec.init:
            continue
        if spec.default is not dataclasses.MISSING:
            found.append((spec.name, spec.default))
        elif spec.default_factory is not dataclasses.MISSING:
            made = spec.default_factory()
            if made.__hash__ is None:  # a mutable default: never left out
                continue
            found.append((spec.name, made))
    return tuple(found)


# --- load: by the field's type ----------------------------------------------------------------


@cache
def _loader(kind: Any) -> Convert:
    """The converter from JSON data to a value of type `kind`; `_identity` when nothing to do."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _optional(_loader(_only(kind)))
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _loader(args[0])
            if item is _identity:
                return tuple
            return lambda raw: tuple([item(part) for part in raw])
        parts = tuple(_loader(arg) for arg in args)
        return lambda raw: tuple([part(item) for part, item in zip(parts, raw, strict=True)])
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_loader(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_loader(kind)
    if kind in _PLAIN:
        return _identity
    raise Unserialisable(f"Snapshots do not handle {kind!r}.")


def _enum_loader(kind: type[Enum]) -> Convert:
    members = kind._value2member_map_

    def load_enum(raw: Any) -> Enum:
        try:
            return members[raw]
        except (KeyError, TypeError):
            return kind(raw)  # aliases, or the Enum's own refusal of a bad value

    return load_enum


@cache
def _dataclass_loader(kind: type) -> Convert:
    specs = tuple(spec for spec in dataclasses.fields(kind) if spec.init)
    names = tuple(spec.name for spec in specs)
    hints = _hints(kind)
    special = tuple(
        (index, convert)
        for index, name in enumerate(names)
        if (convert := _loader(hints[name])) is not _identity
    )
    values = _getter(itemgetter, names)
    positional = not any(spec.kw_only for spec in specs)
    optional = {
        spec.name
        for spec in specs
        if spec.default is not dataclasses.MISSING
        or spec.default_factory is not dataclasses.MISSING
    }
    converts = tuple((names[index], convert) for index, convert in special)

    def load_dataclass(raw: Any) -> Any:
        if len(raw) != len(names):
            return load_sparse(raw)
        try:
            args = list(values(raw))
        except KeyError:
            return load_sparse(raw)
        for index, convert in special:
            args[index] = convert(args[index])
        if positional:
            return kind(*args)
        return kind(**dict(zip(names, args, strict=True)))

    def load_sparse(raw: Any) -> Any:
        # A field left out (at its default, or from before the field was added) takes its
        # default; a field no longer in the dataclass is dropped.
        fields = {name: raw[name] for name in names if name in raw or name not in optional}
        for name, convert in converts:
            if name in fields:
                fields[name] = convert(fields[name])
        return kind(**fields)

    return load_dataclass


# --- shared -------------------------------------------------------------------------------


def _only(union: Any) -> Any:
    """The one type of `X | None`; a union of several types is refused."""
    concrete = [option for option in typing.get_args(union) if option is not type(None)]
    if len(concrete) != 1:
        raise Unserialisable(f"Snapshots handle one type or None, not {union!r}.")
    return concrete[0]


def _optional(convert: Convert) -> Convert:
    if convert is _identity:
        return _identity
    return lambda value: None if value is None else convert(value)


def _getter(make: Callable[..., Convert], names: tuple[str, ...]) -> Convert:
    """attrgetter/itemgetter of every name, always giving a tuple (one name gives a value)."""
    if not names:
        return lambda _value: ()
    if len(names) == 1:
        one = make(names[0])
        return lambda value: (one(value),)
    return make(*names)


@cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(spec.name for spec in dataclasses.fields(kind) if spec.init)


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)
