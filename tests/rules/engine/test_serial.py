"""Snapshots handle exactly the types rule sets' states use, and refuse any other by name."""

from __future__ import annotations

from dataclasses import dataclass, field
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
    # The best part's rolls are at their default, (): left out.
    assert raw == {
        "name": "red",
        "parts": [{"colour": "red", "rolls": [1, 2]}],
        "best": {"colour": "red"},
        "lap": 1.5,
    }
    assert load(Sheet, raw) == sheet


def test_a_field_at_its_default_is_left_out_and_comes_back():
    """Snapshots are written on every roll: most of a car's fields sit at their defaults."""
    sheet = Sheet("red", ())
    assert dump(sheet) == {"name": "red", "parts": []}
    assert load(Sheet, dump(sheet)) == sheet
    assert load(Sheet, {"name": "red", "parts": [], "best": None, "lap": 0.5}) == sheet


def test_a_value_equal_to_its_default_but_of_another_type_is_kept():
    """0 == 0.0 == False: only the default itself, of its own type, may be left out, or the
    value would come back as another type."""
    assert dump(Sheet("red", (), lap=0.5))["name"] == "red"
    kept = dump(Sheet("red", (), lap=True))  # type: ignore[arg-type]
    assert kept["lap"] is True and load(Sheet, kept).lap is True
    assert dump(Flags(count=False))["count"] is False  # type: ignore[arg-type]
    assert "count" not in dump(Flags(count=0))


@dataclass(frozen=True)
class Flags:
    count: int = 0
    seen: tuple[str, ...] = field(default_factory=tuple)


def test_a_snapshot_written_whole_or_before_a_field_was_added_still_loads():
    assert load(Flags, {"count": 2, "seen": ["a"]}) == Flags(2, ("a",))
    assert load(Flags, {"count": 2}) == Flags(2)
    assert load(Flags, {"count": 2, "gone": "a field since removed"}) == Flags(2)
    assert dump(Flags(seen=())) == {}


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
