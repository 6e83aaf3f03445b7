"""A referee at the table for tests: enter events by keyword, keep the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine import Event, Prompt, Starter, apply, prompts, setup, start
from rules.formula_d import STANDARD_CAR, Zone
from rules.formula_d.race import RaceSetup, RaceState

DRIVERS = {"red": "Jane Doe", "blue": "Ada Fangio", "green": "Mario Unser", "yellow": "Al Prost"}


def race_setup(*cars: str, **options: Any) -> RaceSetup:
    keys = cars or ("red", "blue")
    return setup("formula_d", [Starter(key, DRIVERS[key]) for key in keys], **options)


class Table:
    def __init__(self, race: RaceSetup | None = None) -> None:
        self.setup = race or race_setup()
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

    def field(self, name: str):
        return next(field for field in self.prompt.fields if field.name == name)

    def car(self, key: str):
        return self.state.car(key)

    def wp(self, key: str, zone: Zone) -> int:
        return self.car(key).sheet[zone]

    def grid(self, **rolls: int) -> Table:
        for car, value in rolls.items():
            self("grid_roll", car=car, value=value)
        return self

    def starts(self, **rolls: int) -> Table:
        """Start rolls, each followed by the car's first move in 1st (the yellow die's 1)."""
        for car, value in rolls.items():
            self("start_roll", car=car, value=value)
            if self.asked and self.prompt.kind == "move" and self.prompt.car == car:
                self("move", car=car, **({} if value == 20 else {"roll": 1}))
        return self

    def confirm(self) -> Table:
        """Confirm the proposed order of play."""
        assert self.prompt.kind == "order", self.prompt.text
        return self("order", order=list(self.prompt.fields[0].default))

    def confirm_fact(self) -> Table:
        """Confirm from the board a fact Paddock's picture ruled out (a block with no car
        ahead, a slipstream behind a car it has behind)."""
        assert self.prompt.kind == "confirm_fact", self.prompt.text
        return self("confirm_fact", car=self.prompt.car, confirm="board")

    def order(self, *cars: str) -> Table:
        return self("order", order=list(cars))

    def move(self, car: str, gear: int, roll: int | None = None, **facts: Any) -> Table:
        self("gear", car=car, gear=gear)
        return self("move", car=car, **({"roll": roll} if roll is not None else {}), **facts)

    def edit_car(self, key: str, **changes: Any) -> Table:
        """Put a car in a position the test needs (WP, gear, laps) without playing there; WP are
        given by zone field name (tires=1)."""
        zones = {name: changes.pop(name) for name in list(changes) if name in _ZONE_FIELDS}
        cars = tuple(
            replace(c, sheet=replace(c.sheet, **zones), **changes) if c.car == key else c
            for c in self.state.cars
        )
        self.state = replace(self.state, cars=cars)
        self.asked = prompts(self.state)
        return self


_ZONE_FIELDS = {zone.name.lower() for zone in Zone}


def two_cars() -> Table:
    """Red (Jane Doe) on pole ahead of Blue (Ada Fangio); Red to make its start roll."""
    return Table().grid(red=15, blue=8)


def under_way(*cars: str) -> Table:
    """Both cars started normally and moved 1 space in 1st; round 2's order to confirm (Red, then
    Blue)."""
    table = Table(race_setup(*cars)) if cars else Table()
    keys = cars or ("red", "blue")
    table.grid(**{key: 20 - index for index, key in enumerate(keys)})
    return table.starts(**dict.fromkeys(keys, 10))


def in_gear(table: Table, **gears: int) -> Table:
    """Each car already in `gears[car]`, having moved at a speed of its die's lowest face."""
    from rules.dice import gear_die, values

    for car, gear in gears.items():
        table.edit_car(car, gear=gear, speed=values(gear_die(gear))[0])
    return table


__all__ = ["STANDARD_CAR", "RaceState", "Table", "in_gear", "race_setup", "two_cars", "under_way"]
