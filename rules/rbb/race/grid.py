"""Setup: the cars on the season's wear-point setup (a home track's tyres added), the grid
(drawn by the damage die for the season's first race, else Paddock's reverse grid for the
referee to confirm) and each car's start roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE
from rules.formula_d import CarSheet
from rules.formula_d.race.grid import chart_lines
from rules.formula_d.race.grid_rolls import grid_roll, grid_roll_prompts, start
from rules.formula_d.weather import ChartLine
from rules.language import gettext as _
from rules.rbb import (
    FANTASTIC_START_ROLL,
    FANTASTIC_START_SPACES,
    RACE_LAPS,
    STALL_ROLL,
    InvalidSetup,
    race_sheet,
    wear_point_setup,
)
from rules.rbb.race.common import label, names, ordinal
from rules.rbb.race.flow import next_turn, start_round
from rules.rbb.race.state import CarSetup, CarState, GridRolls, RaceSetup, RaceState
from rules.rbb.race.weather import begins_with_weather
from rules.rbb.start import start_roll

# --- The cars ----------------------------------------------------------------------------------


def make_setup(
    ruleset: str,
    starters: Sequence[Starter],
    *,
    laps: int = RACE_LAPS,
    wear_points: CarSheet | Mapping[Any, int] | None = None,
    home: Sequence[str] = (),
    grid: Sequence[str] = (),
    weather_chart: str | Sequence[ChartLine] = (),
    weather_chart_placeholder: bool = False,
) -> RaceSetup:
    """Every car on the season's `wear_points` (the preset if None), with 2 more tyre WP for the
    cars in `home`; `grid`: Paddock's proposed grid, pole first (empty: rolled for); with
    `weather_chart` (the track's Formula D chart, as text or lines;
    `weather_chart_placeholder`: the placeholder every track starts with) the weather is rolled
    before the grid."""
    try:
        sheet = wear_point_setup(wear_points)
    except InvalidSetup as refusal:
        raise EventRejected(_("The wear-point setup: {refusal}").format(refusal=refusal)) from None
    keys = [starter.car for starter in starters]
    strangers = [key for key in (*home, *grid) if key not in keys]
    if strangers:
        raise EventRejected(_("No starter drives {cars}.").format(cars=names(strangers)))
    cars = tuple(
        CarSetup(
            car=starter.car,
            driver=starter.driver,
            sheet=race_sheet(sheet, home=starter.car in home),
            home=starter.car in home,
        )
        for starter in starters
    )
    setup = RaceSetup(
        ruleset=ruleset,
        cars=cars,
        laps=laps,
        grid=tuple(grid),
        weather_chart=chart_lines(weather_chart),
        weather_chart_placeholder=bool(weather_chart_placeholder),
    )
    check_setup(setup)
    return setup


def check_setup(setup: RaceSetup) -> None:
    keys = [car.car for car in setup.cars]
    if len(keys) < 2:
        raise EventRejected(_("A race needs at least two cars."))
    if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
        raise EventRejected(_("Each car needs its own key (a colour), without commas."))
    if isinstance(setup.laps, bool) or setup.laps != RACE_LAPS:
        raise EventRejected(
            _("RBB: a race is {race_laps} laps, not {laps!r}.").format(
                race_laps=RACE_LAPS, laps=setup.laps
            )
        )
    if setup.grid and sorted(setup.grid) != sorted(keys):
        raise EventRejected(_("A proposed grid names every car exactly once."))


def start_state(setup: RaceSetup) -> RaceState:
    check_setup(setup)
    cars = tuple(CarState(car=car.car, sheet=car.sheet) for car in setup.cars)
    if setup.grid:
        return begins_with_weather(RaceState(setup=setup, cars=cars, phase="grid_order"))
    return begins_with_weather(
        RaceState(
            setup=setup,
            cars=cars,
            phase="grid",
            grid_rolls=tuple(GridRolls(car.car) for car in setup.cars),
        )
    )


# --- The grid ----------------------------------------------------------------------------------


def grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    """The season's first race: a random grid, drawn with the damage die (highest on pole)."""
    return grid_roll_prompts(state, _("Random grid"), _("rolls black (highest on pole)"))


# As Formula D's grid roll: the race starts once every car has rolled and no tie is left.
on_grid_roll = on_tie_roll = grid_roll(start_round)


def grid_order_prompts(state: RaceState) -> tuple[Prompt, ...]:
    proposal = state.setup.grid
    field = Field(
        "order",
        _("Grid, pole position first"),
        "order",
        choices=tuple((car, label(state, car)) for car in proposal),
        default=proposal,
    )
    text = _(
        "The grid: the reverse of the previous race's finish (the last on pole); confirm it or "
        "correct it"
    )
    return (Prompt("grid", text, None, (field,)),)


def on_grid_order(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    order = prompt.read(event.data, state.car_keys)["order"]
    return start_round(replace(state, confirmed_grid=order))


# --- The start roll ----------------------------------------------------------------------------


def start_prompts(state: RaceState) -> tuple[Prompt, ...]:
    key = state.order[state.turn]
    place = state.grid.index(key) + 1
    text = _(
        "Round 1 (grid: {grid}): {car}, {place} on the grid, starts: roll black ({stall}: a "
        "stall, misses this turn; {fantastic}: a fantastic start, {spaces} spaces)"
    ).format(
        grid=names(state.grid),
        car=label(state, key),
        place=ordinal(place),
        stall=STALL_ROLL,
        fantastic=FANTASTIC_START_ROLL,
        spaces=FANTASTIC_START_SPACES,
    )
    return (Prompt("start_roll", text, key, (BLACK_DIE,)),)


def on_start_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """Starts: a stall misses the turn (1st and the yellow die on the next, no new roll); a normal
    start rolls yellow at once; a fantastic start moves 4 spaces instead."""
    value = prompt.read(event.data)["value"]
    return start(state, prompt.car or "", value, start_roll(value), next_turn=next_turn)
