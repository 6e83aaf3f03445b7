"""Before the race: the cars and their pool, the grid by reverse season standings (black-die
roll-offs for ties) confirmed by the referee with the order pits are chosen in, and each car's
start roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, plural, with_car
from rules.formula_d.race.grid_rolls import with_grid_roll
from rules.language import gettext as _
from rules.mini.car import DAMAGE_POOL
from rules.mini.formats import InvalidFormat, RaceFormat, race_format
from rules.mini.race.common import label, names, ordinal
from rules.mini.race.flow import next_turn, start_round
from rules.mini.race.state import CarSetup, CarState, GridRolls, RaceSetup, RaceState
from rules.mini.start import START_GEAR, Start, pit_choice_order, start_roll
from rules.roll_off import rolls_owed

# --- The cars ----------------------------------------------------------------------------------


def make_setup(
    ruleset: str,
    starters: Sequence[Starter],
    *,
    damage_pool: int = DAMAGE_POOL,
    race_format: str = RaceFormat.THREE_LAPS.value,
    season_points: Mapping[str, int] | None = None,
) -> RaceSetup:
    points = dict(season_points or {})
    keys = [starter.car for starter in starters]
    unknown = [key for key in points if key not in keys]
    if unknown:
        raise EventRejected(
            _("No starter drives {cars}: no season points to give it.").format(cars=names(unknown))
        )
    setup = RaceSetup(
        ruleset=ruleset,
        cars=tuple(
            CarSetup(starter.car, starter.driver, int(points.get(starter.car, 0)))
            for starter in starters
        ),
        damage_pool=damage_pool,
        race_format=str(race_format),
    )
    check_setup(setup)
    return setup


def check_setup(setup: RaceSetup) -> None:
    keys = [car.car for car in setup.cars]
    if len(keys) < 2:
        raise EventRejected(_("A race needs at least two cars."))
    if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
        raise EventRejected(_("Each car needs its own key (a colour), without commas."))
    if isinstance(setup.damage_pool, bool) or not isinstance(setup.damage_pool, int):
        raise EventRejected(
            _("The damage pool is a number of points, not {damage_pool!r}.").format(
                damage_pool=setup.damage_pool
            )
        )
    if setup.damage_pool < 1:
        raise EventRejected(
            _("A car starts with at least 1 damage point, not {damage_pool}.").format(
                damage_pool=setup.damage_pool
            )
        )
    try:
        race_format(setup.race_format)
    except InvalidFormat as refusal:
        raise EventRejected(str(refusal)) from None
    if any(car.points < 0 for car in setup.cars):
        raise EventRejected(_("Season points are never negative."))


def start_state(setup: RaceSetup) -> RaceState:
    check_setup(setup)
    state = RaceState(
        setup=setup,
        cars=tuple(CarState(car=car.car, life=setup.damage_pool) for car in setup.cars),
        phase="grid",
        grid_rolls=tuple(GridRolls(car.car) for car in setup.cars),
    )
    return _grid_step(state)


def _grid_step(state: RaceState) -> RaceState:
    return replace(state, phase="grid" if state.grid_outcome.tied else "confirm_grid")


# --- The grid ----------------------------------------------------------------------------------


def grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    rolls = {entry.car: entry.rolls for entry in state.grid_rolls}
    return tuple(
        Prompt(
            "tie_roll",
            _(
                "Grid: {car} is level on season points with {cars}: roll black, highest takes "
                "the forward place"
            ).format(car=label(state, car), cars=names([other for other in group if other != car])),
            car,
            (BLACK_DIE,),
        )
        for car, group in rolls_owed(rolls, state.grid_outcome.tied)
    )


def on_tie_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    value = prompt.read(event.data)["value"]
    return _grid_step(with_grid_roll(state, prompt.car or "", value))


def confirm_grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    proposal = state.grid_outcome.order
    text = _(
        "Grid: the reverse of the season standings (fewest points on pole); confirm it or "
        "correct it."
    )
    # A format with no pit stops has no pits to choose: its grid says nothing of them.
    if state.setup.format.pits:
        text += _(" Then pits are chosen in reverse starting order: {cars}").format(
            cars=names(list(pit_choice_order(proposal)))
        )
    field = Field(
        "grid",
        _("Grid, pole first"),
        "order",
        choices=tuple((car, label(state, car)) for car in proposal),
        default=proposal,
    )
    return (Prompt("grid", text, None, (field,)),)


def on_grid(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    grid = prompt.read(event.data, state.car_keys)["grid"]
    return start_round(replace(state, grid=grid))


# --- The start roll ----------------------------------------------------------------------------


def start_prompts(state: RaceState) -> tuple[Prompt, ...]:
    key = state.order[state.turn]
    place = state.grid.index(key) + 1
    bonus = start_roll(19, place).extra_spaces
    text = _(
        "Round 1: {car}, {place} on the grid, starts: roll black (1: poor start, 1st gear but "
        "no move; 19-20: quick start, the 1st-gear roll +{spaces})"
    ).format(car=label(state, key), place=ordinal(place), spaces=plural(bonus, "space"))
    return (Prompt("start_roll", text, key, (BLACK_DIE,)),)


def on_start_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    value = prompt.read(event.data)["value"]
    key = prompt.car or ""
    outcome = start_roll(value, state.grid.index(key) + 1)
    state = with_car(state, key, start_roll=value, gear=START_GEAR)
    if not outcome.moves:
        return next_turn(state)
    return replace(state, phase="move")


def start_bonus(state: RaceState, key: str) -> int:
    """A quick start's additional spaces, on the car's first move only."""
    car = state.car(key)
    if car.moved_at or car.start_roll is None or not state.grid:
        return 0
    outcome = start_roll(car.start_roll, state.grid.index(key) + 1)
    return outcome.extra_spaces if outcome.start is Start.QUICK else 0
