"""What the engine core and the pages may rely on in any rule set's race: the shape of its setup,
its state, a car's dashboard and a car's result. Each rule set defines its own frozen dataclasses
(its car sheet, its phases, its pending checks); these protocols name only what they share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Starter:
    """A car on the grid as the league knows it: the car's name on the board, its driver, and
    the level the driver races at where the rule set has levels ("" where it has none)."""

    car: str
    driver: str
    level: str = ""


class RaceSetup(Protocol):
    ruleset: str

    def to_dict(self) -> dict[str, Any]: ...


class CarSheet(Protocol):
    car: str
    driver: str
    status: str


class RaceState(Protocol):
    setup: Any
    cars: Sequence[Any]

    @property
    def finished(self) -> bool: ...

    @property
    def car_keys(self) -> tuple[str, ...]: ...

    def car(self, key: str) -> Any: ...


class CarView(Protocol):
    """One row of the dashboard: which car, its status and note, and the rule set's values."""

    car: str
    driver: str
    status: str
    note: str


class CarResult(Protocol):
    """One car's place once the race is over, and how its race ended."""

    car: str
    place: int
    finished: bool
    out_reason: str | None
