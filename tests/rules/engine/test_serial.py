"""Snapshots handle exactly the types rule sets' states use, and refuse any other by name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pytest

from rules.engine.serial import Unserialisable, dump, load


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Part:
    colour: Colour
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True)
class Sheet:
    name: str
    parts: tuple[Part, ...]
    best: Part | None = None
    lap: float = 0.5


def test_a_state_of_supported_types_round_trips():
    sheet = Sheet("red", (Part(Colour.RED, (1, 2)),), Part(Colour.RED), 1.5)
    raw = dump(sheet)
    assert raw == {
        "name": "red",
        "parts": [{"colour": "red", "rolls": [1, 2]}],
        "best": {"colour": "red", "rolls": []},
        "lap": 1.5,
    }
    assert load(Sheet, raw) == sheet


@dataclass(frozen=True)
class WithMapping:
    scores: dict[str, int]


@dataclass(frozen=True)
class WithMixedUnion:
    value: int | str


@pytest.mark.parametrize(
    ("kind", "value", "reason"),
    [
        (WithMapping, WithMapping({"a": 1}), "do not handle"),
        (WithMixedUnion, WithMixedUnion(1), "one type or None"),
    ],
)
def test_other_types_are_refused_by_name(kind, value, reason):
    with pytest.raises(Unserialisable, match=reason):
        dump(value)
    with pytest.raises(Unserialisable, match=reason):
        load(kind, {"scores": {}, "value": 1})


def test_only_a_dataclass_is_a_snapshot():
    with pytest.raises(Unserialisable, match="not a dict"):
        dump({"a": 1})
