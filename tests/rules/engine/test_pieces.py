"""The pieces rule sets share: finding what is kept per car by the car's key."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.engine.pieces import CarsByKey, of_car


@dataclass(frozen=True)
class Kept:
    car: str
    value: int = 0


@dataclass(frozen=True)
class State(CarsByKey):
    cars: tuple[Kept, ...]


def test_what_is_kept_per_car_is_found_by_its_key_and_a_stranger_is_a_key_error():
    state = State((Kept("red", 1), Kept("blue", 2)))
    assert of_car(state.cars, "blue") == Kept("blue", 2) == state.car("blue")
    assert state.car_keys == ("red", "blue")
    with pytest.raises(KeyError, match="green"):
        of_car(state.cars, "green")
    with pytest.raises(KeyError):
        state.car("green")
