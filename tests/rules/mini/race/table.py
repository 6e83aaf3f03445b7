"""A referee at Mini's table for tests: enter events by keyword, keep the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine import Event, Prompt, Starter, apply, prompts, setup, start

DRIVERS = {"red": "Jane Doe", "blue": "Ada Fangio", "green": "Mario Unser", "yellow": "Al Prost"}


def race_setup(*cars: str, **options: Any):
    keys = cars or ("red", "blue")
    return setup("mini", [Starter(key, DRIVERS[key]) for key in keys], **options)


class Table:
    def __init__(self, *cars: str, **options: Any) -> None:
        self.setup = race_setup(*cars, **options)
        self.state, self.asked = start(self.setup)
        self.events: list[Event] = []

    def __call__(self, kind: str, **data: Any) -> Table:
        event = Event(kind, data)
        self.state, self.asked = apply(self.state, event)
        self.events.append(event)
        return self

    @property
    def prompt(self) -> Prompt:
        return self.asked[0]

    def car(self, key: str):
        return self.state.car(key)

    def life(self, key: str) -> int:
        return self.car(key).life

    def grid(self, *order: str) -> Table:
        return self("grid", grid=list(order))

    def move(self, car: str, gear: int, roll: int, **facts: Any) -> Table:
        self("gear", car=car, gear=gear)
        return self("move", car=car, roll=roll, **facts)

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
