"""In the pits: the stop chosen (a quick stop's 1st-3rd gear die, a full stop's 4th or 5th, or
leaving at once), the health roll, and leaving in 3rd or lower."""

from __future__ import annotations

from rules.dice import die_name, gear_die
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import with_car
from rules.language import gettext as _
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
from rules.mini.race.words import START_WORDS

LEAVE = "leave"


def _stops(car: CarState) -> tuple[tuple[str, str], ...]:
    gears = PIT_DICE[PitStop.QUICK] + (() if car.full_stop else PIT_DICE[PitStop.FULL])
    choices = [
        (
            str(gear),
            (
                _("Quick pit-stop: roll {die} ({gear})")
                if stop_for(gear) is PitStop.QUICK
                else _("Full pit-stop: roll {die} ({gear}), the turn ends")
            ).format(die=die_name(gear_die(gear).value), gear=gear_name(gear)),
        )
        for gear in gears
    ]
    choices.append(
        (
            LEAVE,
            _("Leave the pit now, in {gear} or lower").format(
                gear=gear_name(PIT_EXIT_HIGHEST_GEAR)
            ),
        )
    )
    return tuple(choices)


def pit_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(mover(state))
    who = label(state, car.car)
    taken = state.setup.damage_pool - car.life
    if car.pit_die:
        die = gear_die(car.pit_die)
        text = _(
            "{car} in its pit ({stop}): roll {die} for health (it has taken {taken} damage: a "
            "higher roll gives none back)"
        ).format(
            car=who,
            stop=_(START_WORDS[stop_for(car.pit_die).value]),
            die=die_name(die.value),
            taken=taken,
        )
        colour = die_name(die.value)
        # xgettext:no-python-brace-format (French names the die's colour after "Dé")
        question = _("{Die} die").format(Die=colour.capitalize(), die=colour)
        return (Prompt("pit_roll", text, car.car, (Field("value", question, "die", die=die),)),)
    if car.full_stop:
        waited = _(
            "Round {round}: {car} after its full pit-stop, {taken} damage taken: choose the stop"
        )
    else:
        waited = _("Round {round}: {car} in its pit, {taken} damage taken: choose the stop")
    text = waited.format(round=state.round, car=who, taken=taken)
    field = Field("stop", _("Pit stop"), "choice", choices=_stops(car))
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
        raise EventRejected(_("No pit stop was chosen."))
    gained = health_regained(taken, value, car.pit_die)
    state = with_car(state, key, life=car.life + gained, pit_die=0)
    if stop_for(car.pit_die) is PitStop.FULL:
        return settle(with_car(state, key, full_stop=True))
    return settle(with_car(state, key, in_pits=False, leaving_pits=True))
