"""Qualifying Lap with Stopwatch (an optional rule) at the table: with the weather rules, a roll
against the chart before the laps; then each car's lap in the order the cars were entered: the
stopwatch started "before the player rolls for 1st gear" and stopped "as soon as the car crosses
the finish line" (instants the event carries, stamped by whoever runs the race), then the throws
the referee counted; cars level roll the black die off. The grid comes out of it, and the race
goes on to its own weather roll, the tires and the start (rules.formula_d.race.grid)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine.events import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE, board_fact, names
from rules.formula_d import (
    LAP_ENDING_CORNERS,
    chart_weather,
    full_minutes,
    lap_tenths,
    lap_time,
    qualifying_in_rain,
)
from rules.formula_d.race import road
from rules.formula_d.race.common import label, weather_roll_words
from rules.formula_d.race.grid import after_weather
from rules.formula_d.race.grid_rolls import roll_off_prompts, with_grid_roll
from rules.formula_d.race.state import FormulaDT, QualifyingLap, RaceState
from rules.language import gettext as _
from rules.language import ngettext

# The die throws a lap is offered as keys for (more are typed).
THROW_KEYS = 24
STOPS = "- or ".join(str(stops) for stops in LAP_ENDING_CORNERS)  # "2- or 3"


def prompts(state: RaceState) -> tuple[Prompt, ...]:
    """The next car's lap, as far as it has gone; once every lap is in, the roll-offs."""
    lap = next((lap for lap in state.qualifying if lap.die_throws is None), None)
    if lap is not None:
        return (_lap_prompt(state, lap),)
    return roll_off_prompts(
        state,
        "qualifying_tie",
        lambda car, others: _(
            "Qualifying: {car} is level with {cars} ({level}): roll black, highest takes the "
            "forward place"
        ).format(car=label(state, car), cars=names(others), level=_level_on(state, car)),
    )


def _rain(state: RaceState) -> str:
    weather = state.qualifying_weather
    return _(" in rain") if weather is not None and qualifying_in_rain(weather) else ""


def _lap_prompt(state: RaceState, lap: QualifyingLap) -> Prompt:
    who = label(state, lap.car)
    if lap.started_at is None:
        return Prompt(
            "stopwatch_start",
            _(
                "Qualifying lap{rain}: {car} in the middle lane in front of the starting line. "
                "Start the stopwatch, then roll for 1st gear (WP are not counted)"
            ).format(rain=_rain(state), car=who),
            lap.car,
            (Field("at", _("Start the stopwatch"), "instant"),),
        )
    if lap.stopped_at is None:
        return Prompt(
            "stopwatch_stop",
            _(
                "Qualifying lap{rain}: {car} is on its lap. Stop the stopwatch as soon as it "
                "crosses the finish line"
            ).format(rain=_rain(state), car=who),
            lap.car,
            (Field("at", _("Stop the stopwatch"), "instant", default=lap.started_at),),
        )
    tenths = lap_tenths(lap.started_at, lap.stopped_at)
    minutes = full_minutes(tenths)
    extra = ""
    if minutes:
        extra = ngettext(
            ", a throw more for its full minute",
            ", a throw more for each of its {count} full minutes",
            minutes,
        ).format(count=minutes)
    return Prompt(
        "qualifying_lap",
        _(
            "Qualifying lap: {car} took {time}{extra}. The throws of the die it needed, the "
            "spaces it overshot corners by, and whether it did not stop at all in a {stops}-stop "
            "corner (the lap is over: it starts last)"
        ).format(car=who, time=lap_time(tenths), extra=extra, stops=STOPS),
        lap.car,
        (
            Field(
                "die_throws",
                _("Throws of the die it needed to finish the lap"),
                "number",
                minimum=1,
                required=False,
                chips=THROW_KEYS,
                short=_("Throws"),
                unit=_("throws"),
            ),
            board_fact(
                "overshoot",
                _("Spaces it overshot corners by, all corners"),
                _("spaces"),
                short=_("Overshot"),
            ),
            Field(
                "no_stop",
                _("No stop at all in a {stops}-stop corner: the lap is over").format(stops=STOPS),
                "bool",
                required=False,
                short=_("No stop in a {stops}-stop corner").format(stops=STOPS),
            ),
        ),
    )


def _level_on(state: RaceState, car: str) -> str:
    result = state.lap(car).result
    assert result is not None
    if result.no_stop:
        return _("both laps over, both last")
    return _("{throws} throws, {time}").format(throws=result.throws, time=lap_time(result.tenths))


def _with_lap(state: FormulaDT, car: str, **changes: Any) -> FormulaDT:
    laps = tuple(replace(lap, **changes) if lap.car == car else lap for lap in state.qualifying)
    return replace(state, qualifying=laps)


# --- Handlers ----------------------------------------------------------------------------------


def weather_prompts(state: RaceState) -> tuple[Prompt, ...]:
    """The roll before the laps, or (Road Races) the Weather Frog's choice to roll it again."""
    if state.held_weather:
        return (road.frog_prompt(state),)
    text = weather_roll_words(
        state.setup.weather_chart,
        placeholder=state.setup.weather_chart_placeholder,
        qualifying=True,
    )
    text = road.weather_prompt_text(state, text)
    return (Prompt("qualifying_weather_roll", text, None, (BLACK_DIE,)),)


def on_weather_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Before the qualifying laps, held while a Weather Frog says whether he rolls again."""
    value = prompt.read(event.data)["value"]
    if road.holds_weather(state):
        return replace(state, held_weather=value)
    return weather_before_laps(replace(state, frog_second=False), value)


def weather_before_laps(state: FormulaDT, value: int) -> FormulaDT:
    """Good or changeable weather has no effect, rain puts every lap in rain
    (rules.formula_d.qualifying_in_rain)."""
    weather = chart_weather(state.setup.weather_chart, value)
    return replace(state, qualifying_weather=weather, phase="qualifying")


def on_stopwatch_start(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    return _with_lap(state, prompt.car or "", started_at=prompt.read(event.data)["at"])


def on_stopwatch_stop(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    car = prompt.car or ""
    stopped_at = prompt.read(event.data)["at"]
    lap_tenths(state.lap(car).started_at or stopped_at, stopped_at)  # not before the start
    return _with_lap(state, car, stopped_at=stopped_at)


def on_lap(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """The lap as the referee counted it; the last one sets the grid, or the roll-offs."""
    facts = prompt.read(event.data)
    car = prompt.car or ""
    state = _with_lap(
        state,
        car,
        die_throws=facts["die_throws"],
        overshoot=facts["overshoot"],
        no_stop=facts["no_stop"],
    )
    state.lap(car).result  # noqa: B018 - a lap the die cannot have given is refused here
    return _after_lap(state)


def on_tie_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    value = prompt.read(event.data)["value"]
    return _after_lap(with_grid_roll(state, prompt.car or "", value))


def _after_lap(state: FormulaDT) -> FormulaDT:
    """Once every lap is in and no tie is left: the race's weather roll, else its tires or its
    start."""
    if any(lap.die_throws is None for lap in state.qualifying) or state.grid_outcome.tied:
        return state
    if state.setup.weather_chart:
        return replace(state, phase="weather")
    return after_weather(state)
