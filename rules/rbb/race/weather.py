"""The weather at an RBB table, with the league's weather setting: the document says "Each circuit
has its own weather table. Weather is determined before the race starts", and its possibilities,
rain effects and tyre choices are lost. Read as the Formula D variant it is (docs/rulings.md,
"RBB weather"): the track's Formula D weather chart, rolled with the black die before the grid;
changeable weather rolled again on a 20 in 5th or a 30 in 6th, shifted as Formula D shifts it;
in rain the rolls RBB shares with Formula D cost as Formula D's Effect of Rain says
(rules.rbb.damage). The chart, the rolls against it and the shifts are rules.formula_d.weather's.
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.events import Event, Prompt
from rules.engine.pieces import BLACK_DIE, name
from rules.formula_d.damage import calls_motor_damage
from rules.formula_d.race.words import weather_name
from rules.formula_d.weather import (
    chart_named,
    chart_weather,
    format_weather_chart,
    is_rain,
    re_rolls,
    shifted,
)
from rules.rbb.race.common import gear_name
from rules.rbb.race.flow import settle
from rules.rbb.race.state import CarState, Check, RaceState

WEATHER_ROLL = "weather_roll"
# Changeable weather's re-roll: how the chart's line a roll lands on moves the weather.
SHIFTS = "good: one line up, changeable: stays, rain: one line down"


def rain(state: RaceState) -> bool:
    """Whether the race is run in rain: the chart's two rain lines."""
    return is_rain(state.weather)


def begins_with_weather(state: RaceState) -> RaceState:
    """The race before its grid: the weather roll first where the race has a chart."""
    return replace(state, phase="weather") if state.setup.weather_chart else state


def weather_prompts(state: RaceState) -> tuple[Prompt, ...]:
    chart = format_weather_chart(state.setup.weather_chart)
    named = chart_named(state.setup.weather_chart_placeholder)
    text = f"Weather: roll black against {named} before the race ({chart})"
    return (Prompt(WEATHER_ROLL, text, None, (BLACK_DIE,)),)


def re_roll_prompt(state: RaceState, check: Check) -> Prompt:
    now = state.weather.value if state.weather else ""
    placeholder = state.setup.weather_chart_placeholder
    named = chart_named(placeholder) if placeholder else "the chart"
    text = (
        f"{check.reason}: the weather is {now}, roll black against {named} again "
        f"({format_weather_chart(state.setup.weather_chart)}; {SHIFTS})"
    )
    return Prompt(WEATHER_ROLL, text, None, (BLACK_DIE,))


def re_roll_checks(state: RaceState, car: CarState, roll: int) -> tuple[Check, ...]:
    """Changeable weather: a 20 in 5th or a 30 in 6th calls the chart again (after the engine
    damage rolls, as Formula D's race asks it after Motor Damage)."""
    if not (re_rolls(state.weather) and calls_motor_damage(car.gear, roll)):
        return ()
    reason = f"{name(car.car)} rolled {roll} in {gear_name(car.gear)}"
    return (Check(WEATHER_ROLL, car.car, reason),)


def on_weather_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """Before the race: the chart's line, then the grid (drawn, or Paddock's to confirm). During
    it: the line the roll lands on shifts the weather."""
    value: int = prompt.read(event.data)["value"]
    landed = chart_weather(state.setup.weather_chart, value)
    if state.phase == "weather":
        phase = "grid_order" if state.setup.grid else "grid"
        return replace(state, weather=landed, phase=phase)
    assert state.weather is not None  # a re-roll is owed only in changeable weather
    state = replace(state, pending=state.pending[1:], weather=shifted(state.weather, landed))
    return settle(state)


def weather_words(before: RaceState, event: Event, after: RaceState) -> str:
    value = event.data["value"]
    assert after.weather is not None
    if before.weather is None:
        return f"The weather roll: {value}, {weather_name(after.weather)}"
    if after.weather == before.weather:
        return f"The weather roll: {value}, the weather stays {weather_name(after.weather)}"
    return f"The weather roll: {value}, now {weather_name(after.weather)}"


__all__ = [
    "WEATHER_ROLL",
    "begins_with_weather",
    "on_weather_roll",
    "rain",
    "re_roll_checks",
    "re_roll_prompt",
    "weather_prompts",
    "weather_words",
]
