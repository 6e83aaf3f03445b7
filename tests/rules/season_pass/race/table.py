"""A referee at the table for tests: enter events by keyword, keep the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine import Event, Prompt, apply, prompts, start
from rules.season_pass import Level, parse_weather_table
from rules.season_pass.race import CarSetup, RaceSetup, RaceState

WEATHER_TABLE = parse_weather_table("1-10 sun, 11-16 rain, 17-20 variable")
SUN_ROLL, RAIN_ROLL, VARIABLE_ROLL = 1, 11, 17

FOUR_CARS = (
    CarSetup("red", "Jane Doe", Level.ROOKIE),
    CarSetup("blue", "Alfred Onceler Jr.", Level.VETERAN),
    CarSetup("green", "Mario Unser", Level.CHAMPION),
    CarSetup("yellow", "Ada Fangio", Level.LEGEND),
)


def race_setup(*cars: CarSetup) -> RaceSetup:
    return RaceSetup("season_pass", cars or FOUR_CARS[:2], WEATHER_TABLE)


class Table:
    def __init__(self, setup: RaceSetup | None = None) -> None:
        self.setup = setup or race_setup()
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

    def qualify(self, **rolls: int) -> Table:
        for car, value in rolls.items():
            self("qualifying_roll", car=car, value=value)
        return self

    def sunny(self) -> Table:
        return self("weather_roll", value=SUN_ROLL)

    def rainy(self) -> Table:
        return self("weather_roll", value=RAIN_ROLL)

    def move(self, car: str, gear: int, roll: int, **facts: Any) -> Table:
        self("gear", car=car, gear=gear)
        return self("move", car=car, roll=roll, **facts)

    def edit_car(self, key: str, **changes: Any) -> Table:
        """Put a car in a position the test needs (wear points, gear) without playing there."""
        cars = tuple(replace(c, **changes) if c.car == key else c for c in self.state.cars)
        self.state = replace(self.state, cars=cars)
        self.asked = prompts(self.state)
        return self


def sunny_two_car_race() -> Table:
    """Red (Rookie) and Blue (Veteran), sun all race, Red on pole; Red to select a gear."""
    return Table().qualify(red=2, blue=9).sunny()


def state_at(table: Table) -> RaceState:
    return table.state
