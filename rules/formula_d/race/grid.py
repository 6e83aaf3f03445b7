"""Setup: the cars and their scorecards, the grid by the black die (re-rolling ties), and each
car's start roll before engaging 1st gear."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.pieces import BLACK_DIE, name, names, ordinal
from rules.formula_d import (
    GREAT_START_ROLL,
    GREAT_START_SPACES,
    POOR_START_ROLL,
    RACE_LAPS,
    STANDARD_CAR,
    CarSheet,
    InvalidBuild,
    InvalidCar,
    Zone,
    check_build,
    start_roll,
)
from rules.formula_d.race.common import label
from rules.formula_d.race.flow import next_turn, start_round
from rules.formula_d.race.grid_rolls import grid_roll, grid_roll_prompts, start
from rules.formula_d.race.state import CarSetup, CarState, GridRolls, RaceSetup, RaceState

# --- The cars ----------------------------------------------------------------------------------


def _zone(raw: Any) -> Zone:
    """A zone named as the rules name it ("car body") or as the scorecard's field ("body")."""
    if isinstance(raw, Zone):
        return raw
    text = str(raw).strip().lower()
    for zone in Zone:
        if text in (zone.value, zone.name.lower(), zone.name.lower().replace("_", " ")):
            return zone
    raise EventRejected(f"A car has no zone {raw!r}: its zones are " + _zone_names() + ".")


def _zone_names() -> str:
    return ", ".join(zone.value for zone in Zone)


def _sheet(car: str, raw: CarSheet | Mapping[Any, int]) -> CarSheet:
    """A built car (Constructing Your Car) from a CarSheet or {zone: WP}."""
    try:
        if isinstance(raw, CarSheet):
            sheet = raw
        elif isinstance(raw, Mapping):
            sheet = CarSheet.from_zones({_zone(zone): wp for zone, wp in raw.items()})
        else:
            raise EventRejected(f"{name(car)}: a built car is its WP in each zone, not {raw!r}.")
        return check_build(sheet)
    except (InvalidBuild, InvalidCar, TypeError) as refusal:
        raise EventRejected(f"{name(car)}: {refusal}") from None


def make_setup(
    ruleset: str,
    starters: Sequence[Starter],
    *,
    laps: int = RACE_LAPS,
    car_sheets: Mapping[str, CarSheet | Mapping[Any, int]] | None = None,
) -> RaceSetup:
    """Each starter races the standard car unless `car_sheets` gives it a built one."""
    built = dict(car_sheets or {})
    keys = [starter.car for starter in starters]
    unknown = [key for key in built if key not in keys]
    if unknown:
        raise EventRejected(f"No starter drives {names(unknown)}: no car to build.")
    cars = tuple(
        CarSetup(
            car=starter.car,
            driver=starter.driver,
            sheet=_sheet(starter.car, built[starter.car]) if starter.car in built else STANDARD_CAR,
        )
        for starter in starters
    )
    setup = RaceSetup(ruleset=ruleset, cars=cars, laps=laps)
    check_setup(setup)
    return setup


def check_setup(setup: RaceSetup) -> None:
    """Refuse a race the rules cannot run, with the reason."""
    keys = [car.car for car in setup.cars]
    if len(keys) < 2:
        raise EventRejected("A race needs at least two cars.")
    if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
        raise EventRejected("Each car needs its own key (a colour), without commas.")
    if isinstance(setup.laps, bool) or setup.laps != RACE_LAPS:
        raise EventRejected(
            f"Formula D: the race is {RACE_LAPS} laps, not {setup.laps!r} "
            "(the Three-Lap Race is an optional rule not played here yet)."
        )
    for car in setup.cars:
        _sheet(car.car, car.sheet)


def start_state(setup: RaceSetup) -> RaceState:
    check_setup(setup)
    return RaceState(
        setup=setup,
        cars=tuple(CarState(car=car.car, sheet=car.sheet) for car in setup.cars),
        phase="grid",
        grid_rolls=tuple(GridRolls(car.car) for car in setup.cars),
    )


# --- The grid ----------------------------------------------------------------------------------


def grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return grid_roll_prompts(
        state, "Grid", "rolls black for its starting position (highest on pole)"
    )


on_grid_roll = on_tie_roll = grid_roll(start_round)


# --- The start roll ----------------------------------------------------------------------------


def start_prompts(state: RaceState) -> tuple[Prompt, ...]:
    key = state.order[state.turn]
    place = state.grid.index(key) + 1
    text = (
        f"Round 1 (grid: {names(state.grid)}): {label(state, key)}, {ordinal(place)} on the grid, "
        f"starts: roll black ({POOR_START_ROLL}: Poor Start, misses this turn; "
        f"{GREAT_START_ROLL}: Great Start, {GREAT_START_SPACES} spaces at once)"
    )
    return (Prompt("start_roll", text, key, (BLACK_DIE,)),)


def on_start_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """Setup: rolled at the car's first turn, "before engaging 1st gear" (a ruling: each car as
    its turn comes in round 1, in grid order). A Normal Start engages 1st and rolls yellow at once,
    with no gear to choose; a Great Start's 4 spaces are the car's first move, with no die."""
    value = prompt.read(event.data)["value"]
    # A Poor Start: in 1st, without rolling again, next turn (flow.begin_turn).
    return start(state, prompt.car or "", value, start_roll(value), next_turn=next_turn)
