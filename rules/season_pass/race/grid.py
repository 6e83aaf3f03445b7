"""Before the first move: Qualifying (with roll-offs) and the Weather roll(s)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Die
from rules.engine.events import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE, name
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.roll_off import rolls_owed
from rules.season_pass import (
    QualifyingOutcome,
    WeatherOutcome,
    initial_weather_score,
    next_weather_score,
    pole_modifier,
    qualifying_order,
    weather_for_outcome,
    weather_outcome,
)
from rules.season_pass.race.common import label, words_of
from rules.season_pass.race.flow import order_round, start_round
from rules.season_pass.race.state import QualifyingRolls, RaceState

RED = Field("value", N_("Red die"), "die", die=Die.RED)


def _outcome(state: RaceState) -> QualifyingOutcome:
    rolls = {entry.car: entry.rolls for entry in state.qualifying}
    pole = {car.car: pole_modifier(car.level) for car in state.cars}
    return qualifying_order(rolls, pole)


def _roll_offs(state: RaceState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(car, the cars it is tied with) for each car that still owes a roll-off."""
    rolls = {entry.car: entry.rolls for entry in state.qualifying}
    return rolls_owed(rolls, _outcome(state).tied)


def qualifying_prompts(state: RaceState) -> tuple[Prompt, ...]:
    unrolled = [entry.car for entry in state.qualifying if not entry.rolls]
    if unrolled:
        return tuple(
            Prompt(
                "qualifying_roll",
                _("{car} qualifies: roll black (Pole {modifier})").format(
                    car=label(state, car), modifier=f"{pole_modifier(state.car(car).level):+d}"
                ),
                car,
                (BLACK_DIE,),
            )
            for car in unrolled
        )
    return tuple(
        Prompt(
            "tie_roll",
            _(
                "{car} tied with {cars}: roll black again, unmodified, lower takes the forward "
                "place"
            ).format(car=label(state, car), cars=_and_all([name(o) for o in group if o != car])),
            car,
            (BLACK_DIE,),
        )
        for car, group in _roll_offs(state)
    )


def on_qualifying_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    value = prompt.read(event.data)["value"]
    car = prompt.car
    qualifying = tuple(
        QualifyingRolls(entry.car, (*entry.rolls, value)) if entry.car == car else entry
        for entry in state.qualifying
    )
    return _after_qualifying(replace(state, qualifying=qualifying))


on_tie_roll = on_qualifying_roll


def _after_qualifying(state: RaceState) -> RaceState:
    if any(not entry.rolls for entry in state.qualifying):
        return state
    outcome = _outcome(state)
    if outcome.tied:
        return replace(state, phase="qualifying")
    return replace(state, grid=outcome.order, phase="weather")


def weather_prompts(state: RaceState) -> tuple[Prompt, ...]:
    if state.phase == "weather":
        text = _("Weather: roll black against the track's weather table")
        return (Prompt("weather_roll", text, None, (BLACK_DIE,)),)
    if state.phase == "weather_score":
        text = _("Variable weather: roll red for the starting weather score")
        return (Prompt("weather_score_roll", text, None, (replace(RED, label=_(RED.label)),)),)
    text = _(
        "Round {round}, weather score {score} ({weather}): before the leader moves, roll black "
        "against the weather table"
    ).format(round=state.round, score=state.weather_score, weather=words_of(str(state.weather)))
    return (Prompt("weather_roll", text, None, (BLACK_DIE,)),)


def on_weather_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    outcome = weather_outcome(state.setup.weather_table, prompt.read(event.data)["value"])
    if state.phase == "round_weather":
        assert state.weather_score is not None
        score = next_weather_score(state.weather_score, outcome)
        return order_round(replace(state, weather_score=score))
    if outcome is WeatherOutcome.VARIABLE:
        return replace(state, phase="weather_score")
    return start_round(replace(state, fixed_weather=weather_for_outcome(outcome)))


def on_weather_score_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    score = initial_weather_score(prompt.read(event.data)["value"])
    return start_round(replace(state, weather_score=score))


def _and_all(items: list[str]) -> str:
    """ "a and b and c", each joined with "and"."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = _("{some} and {last}").format(some=said, last=item)
    return said
