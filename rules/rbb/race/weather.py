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
from rules.engine.pieces import BLACK_DIE
from rules.formula_d.damage import calls_motor_damage
from rules.formula_d.race.common import chart_words, value_words, weather_roll_words
from rules.formula_d.race.options_words import weather_name
from rules.formula_d.race.reasons import ROLLED_IN, Reason, reason_words
from rules.formula_d.weather import (
    chart_weather,
    is_rain,
    re_rolls,
    shifted,
)
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.rbb.race.flow import settle
from rules.rbb.race.state import CarState, Check, RaceState

WEATHER_ROLL = "weather_roll"
# Changeable weather's re-roll: how the chart's line a roll lands on moves the weather.
SHIFTS = N_("good: one line up, changeable: stays, rain: one line down")


def rain(state: RaceState) -> bool:
    """Whether the race is run in rain: the chart's two rain lines."""
    return is_rain(state.weather)


def begins_with_weather(state: RaceState) -> RaceState:
    """The race before its grid: the weather roll first where the race has a chart."""
    return replace(state, phase="weather") if state.setup.weather_chart else state


def weather_prompts(state: RaceState) -> tuple[Prompt, ...]:
    text = weather_roll_words(
        state.setup.weather_chart, placeholder=state.setup.weather_chart_placeholder
    )
    return (Prompt(WEATHER_ROLL, text, None, (BLACK_DIE,)),)


def re_roll_prompt(state: RaceState, check: Check) -> Prompt:
    now = value_words(state.weather.value) if state.weather else ""
    if state.setup.weather_chart_placeholder:
        asked = _(
            "{reason}: the weather is {weather}, roll black against the placeholder chart, not "
            "this board's, again ({chart}; {shifts})"
        )
    else:
        asked = _(
            "{reason}: the weather is {weather}, roll black against the chart again ({chart}; "
            "{shifts})"
        )
    text = asked.format(
        reason=reason_words(check),
        weather=now,
        chart=chart_words(state.setup.weather_chart),
        shifts=_(SHIFTS),
    )
    return Prompt(WEATHER_ROLL, text, None, (BLACK_DIE,))


def re_roll_checks(state: RaceState, car: CarState, roll: int) -> tuple[Check, ...]:
    """Changeable weather: a 20 in 5th or a 30 in 6th calls the chart again (after the engine
    damage rolls, as Formula D's race asks it after Motor Damage)."""
    if not (re_rolls(state.weather) and calls_motor_damage(car.gear, roll)):
        return ()
    why = Reason(ROLLED_IN, car=car.car, number=roll, gear=car.gear)
    return (Check(WEATHER_ROLL, car.car, why=why),)


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
        return _("The weather roll: {value}, {weather}").format(
            value=value, weather=weather_name(after.weather)
        )
    if after.weather == before.weather:
        return _("The weather roll: {value}, the weather stays {weather}").format(
            value=value, weather=weather_name(after.weather)
        )
    return _("The weather roll: {value}, now {weather}").format(
        value=value, weather=weather_name(after.weather)
    )


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
