"""A referee at Mini's table for tests: enter events by keyword, keep the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine import Starter, prompts, setup
from tests.rules.formula_d.race.table import DRIVERS
from tests.rules.formula_d.race.table import Table as FormulaDTable


def race_setup(*cars: str, **options: Any):
    keys = cars or ("red", "blue")
    return setup("mini", [Starter(key, DRIVERS[key]) for key in keys], **options)


class Table(FormulaDTable):
    """Formula D's referee (events by keyword, the prompt asked, moves), at a Mini race of
    `cars` with its `options`."""

    def __init__(self, *cars: str, **options: Any) -> None:
        super().__init__(race_setup(*cars, **options))

    def life(self, key: str) -> int:
        return self.car(key).life

    def grid(self, *order: str) -> Table:  # type: ignore[override]  (Mini's grid is confirmed)
        return self("grid", grid=list(order))

    def edit_car(self, key: str, **changes: Any) -> Table:
        cars = tuple(replace(c, **changes) if c.car == key else c for c in self.state.cars)
        self.state = replace(self.state, cars=cars)
        self.asked = prompts(self.state)
        return self


def racing(**points: int) -> Table:
    """A two-car race (red on pole unless points say otherwise) past the start: both made a
    normal start and moved 1 in 1st; the order of play for round 2 is asked."""
    table = Table("red", "blue", season_points=points or {"red": 0, "blue": 5})
    table.grid(*table.prompt.fields[0].default)
    for car in table.state.grid:
        table("start_roll", car=car, value=10)("move", car=car, roll=1)
    return table
