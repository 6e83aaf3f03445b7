"""In the pits: the stop chosen (a quick stop's 1st-3rd gear die, a full stop's 4th or 5th, or
leaving at once), the health roll, and leaving in 3rd or lower."""

from __future__ import annotations

from rules.dice import gear_die
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import with_car
from rules.mini.pit_stop import (
    PIT_DICE,
    PIT_EXIT_HIGHEST_GEAR,
    PitStop,
    health_regained,
    stop_for,
)
from rules.mini.race.common import gear_name, label, mover
from rules.mini.race.flow import settle
from rules.mini.race.state import CarState, RaceState

LEAVE = "leave"


def _stops(car: CarState) -> tuple[tuple[str, str], ...]:
    gears = PIT_DICE[PitStop.QUICK] + (() if car.full_stop else PIT_DICE[PitStop.FULL])
    choices = [
        (
            str(gear),
            f"{stop_for(gear).capitalize()}: roll {gear_die(gear).value} ({gear_name(gear)})"
            + ("" if stop_for(gear) is PitStop.QUICK else ", the turn ends"),
        )
        for gear in gears
    ]
    choices.append((LEAVE, f"Leave the pit now, in {gear_name(PIT_EXIT_HIGHEST_GEAR)} or lower"))
    return tuple(choices)


def pit_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(mover(state))
    who = label(state, car.car)
    taken = state.setup.damage_pool - car.life
    if car.pit_die:
        die = gear_die(car.pit_die)
        text = (
            f"{who} in its pit ({stop_for(car.pit_die)}): roll {die.value} for health (it has "
            f"taken {taken} damage: a higher roll gives none back)"
        )
        return (
            Prompt(
                "pit_roll", text, car.car, (Field("value", f"{die.value} die", "die", die=die),)
            ),
        )
    waited = "after its full pit-stop" if car.full_stop else "in its pit"
    text = f"Round {state.round}: {who} {waited}, {taken} damage taken: choose the stop"
    field = Field("stop", "Pit stop", "choice", choices=_stops(car))
    return (Prompt("pit_stop", text, car.car, (field,)),)


def on_pit_stop(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    stop = prompt.read(event.data)["stop"]
    key = prompt.car or ""
    if stop == LEAVE:
        state = with_car(state, key, in_pits=False, full_stop=False, leaving_pits=True)
    else:
        state = with_car(state, key, pit_die=int(stop), full_stop=False)
    return settle(state)


def on_pit_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    key = prompt.car or ""
    car = state.car(key)
    value = prompt.read(event.data)["value"]
    taken = state.setup.damage_pool - car.life
    if car.pit_die < 1:
        raise EventRejected("No pit stop was chosen.")
    gained = health_regained(taken, value, car.pit_die)
    state = with_car(state, key, life=car.life + gained, pit_die=0)
    if stop_for(car.pit_die) is PitStop.FULL:
        return settle(with_car(state, key, full_stop=True))
    return settle(with_car(state, key, in_pits=False, leaving_pits=True))
