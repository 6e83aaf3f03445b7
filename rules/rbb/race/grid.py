"""Setup: the cars on the season's wear-point setup (a home track's tyres added), the grid
(drawn by the damage die for the season's first race, else Paddock's reverse grid for the
referee to confirm) and each car's start roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, with_car
from rules.formula_d import CarSheet
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
from rules.rbb.start import START_GEAR, Start, start_roll
from rules.roll_off import rolls_owed

# --- The cars ----------------------------------------------------------------------------------


def make_setup(
    ruleset: str,
    starters: Sequence[Starter],
    *,
    laps: int = RACE_LAPS,
    wear_points: CarSheet | Mapping[Any, int] | None = None,
    home: Sequence[str] = (),
    grid: Sequence[str] = (),
) -> RaceSetup:
    """Every car on the season's `wear_points` (the preset if None), with 2 more tyre WP for the
    cars in `home`; `grid`: Paddock's proposed grid, pole first (empty: rolled for)."""
    try:
        sheet = wear_point_setup(wear_points)
    except InvalidSetup as refusal:
        raise EventRejected(f"The wear-point setup: {refusal}") from None
    keys = [starter.car for starter in starters]
    strangers = [key for key in (*home, *grid) if key not in keys]
    if strangers:
        raise EventRejected(f"No starter drives {names(strangers)}.")
    cars = tuple(
        CarSetup(
            car=starter.car,
            driver=starter.driver,
            sheet=race_sheet(sheet, home=starter.car in home),
            home=starter.car in home,
        )
        for starter in starters
    )
    setup = RaceSetup(ruleset=ruleset, cars=cars, laps=laps, grid=tuple(grid))
    check_setup(setup)
    return setup


def check_setup(setup: RaceSetup) -> None:
    keys = [car.car for car in setup.cars]
    if len(keys) < 2:
        raise EventRejected("A race needs at least two cars.")
    if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
        raise EventRejected("Each car needs its own key (a colour), without commas.")
    if isinstance(setup.laps, bool) or setup.laps != RACE_LAPS:
        raise EventRejected(f"RBB: a race is {RACE_LAPS} laps, not {setup.laps!r}.")
    if setup.grid and sorted(setup.grid) != sorted(keys):
        raise EventRejected("A proposed grid names every car exactly once.")


def start_state(setup: RaceSetup) -> RaceState:
    check_setup(setup)
    cars = tuple(CarState(car=car.car, sheet=car.sheet) for car in setup.cars)
    if setup.grid:
        return RaceState(setup=setup, cars=cars, phase="grid_order")
    return RaceState(
        setup=setup,
        cars=cars,
        phase="grid",
        grid_rolls=tuple(GridRolls(car.car) for car in setup.cars),
    )


# --- The grid ----------------------------------------------------------------------------------


def grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    """The season's first race: a random grid, drawn with the damage die (highest on pole)."""
    unrolled = [entry.car for entry in state.grid_rolls if not entry.rolls]
    if unrolled:
        return tuple(
            Prompt(
                "grid_roll",
                f"Random grid: {label(state, car)} rolls black (highest on pole)",
                car,
                (BLACK_DIE,),
            )
            for car in unrolled
        )
    rolls = {entry.car: entry.rolls for entry in state.grid_rolls}
    return tuple(
        Prompt(
            "tie_roll",
            f"Random grid: {label(state, car)} tied with "
            + names([other for other in group if other != car])
            + ": roll black again, highest takes the forward place",
            car,
            (BLACK_DIE,),
        )
        for car, group in rolls_owed(rolls, state.grid_outcome.tied)
    )


def on_grid_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """As Formula D's grid roll: the race starts once every car has rolled and no tie is left."""
    value = prompt.read(event.data)["value"]
    grid_rolls = tuple(
        GridRolls(entry.car, (*entry.rolls, value)) if entry.car == prompt.car else entry
        for entry in state.grid_rolls
    )
    state = replace(state, grid_rolls=grid_rolls)
    if any(not entry.rolls for entry in grid_rolls) or state.grid_outcome.tied:
        return state
    return start_round(state)


on_tie_roll = on_grid_roll


def grid_order_prompts(state: RaceState) -> tuple[Prompt, ...]:
    proposal = state.setup.grid
    field = Field(
        "order",
        "Grid, pole position first",
        "order",
        choices=tuple((car, label(state, car)) for car in proposal),
        default=proposal,
    )
    text = (
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
    text = (
        f"Round 1 (grid: {names(state.grid)}): {label(state, key)}, {ordinal(place)} on the grid, "
        f"starts: roll black ({STALL_ROLL}: a stall, misses this turn; "
        f"{FANTASTIC_START_ROLL}: a fantastic start, {FANTASTIC_START_SPACES} spaces)"
    )
    return (Prompt("start_roll", text, key, (BLACK_DIE,)),)


def on_start_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """Starts: a stall misses the turn (1st and the yellow die on the next, no new roll); a normal
    start rolls yellow at once; a fantastic start moves 4 spaces instead."""
    value = prompt.read(event.data)["value"]
    outcome = start_roll(value)
    key = prompt.car or ""
    state = with_car(state, key, start_roll=value)
    if outcome.misses_first_turn:
        return next_turn(state)
    state = with_car(state, key, gear=START_GEAR)
    if outcome.start is Start.GREAT:
        return replace(state, phase="move", fixed_move=outcome.spaces_at_once)
    return replace(state, phase="move")
