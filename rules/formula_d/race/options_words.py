"""The log's lines of Formula D's optional rules, in words: Tire Selection's tires, the
weather rolls (Weather Conditions, and Road Races' Weather Frog) and the stopwatch qualifying
laps; read from the states before and after an event and from its facts, as words.py does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.pieces import name, names, roll_off_place
from rules.formula_d import (
    SCORECARD_MARKER,
    Tires,
    Weather,
    chart_weather,
    full_minutes,
    is_rain,
    lap_time,
    qualifying_in_rain,
)
from rules.formula_d.race.common import label, tires_words, value_words, weather_words
from rules.formula_d.race.road import FROG_AGAIN
from rules.formula_d.race.state import RaceState
from rules.formula_d.weather import LINES
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

Facts = Mapping[str, Any]


# Tire Selection: the side of the damage marker up on the score card.
MARKER_SIDES = {"sun": N_("sun"), "rain": N_("rain")}


def tire_choice(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    tires = Tires(facts["tires"])
    marker = SCORECARD_MARKER.get(tires)
    fits = _("{car} fits {tires}").format(car=label(after, key), tires=tires_words(tires.value))
    if not marker:
        return fits
    return fits + _(" (a damage marker on its score card, {side} side up)").format(
        side=_(MARKER_SIDES[marker])
    )


def weather_name(weather: Weather) -> str:
    """The weather line in words, with what it does to the race."""
    return weather_words(weather.value) + (_(" (rain)") if is_rain(weather) else "")


def weather_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    value = facts["value"]
    if after.held_weather:
        landed = chart_weather(after.setup.weather_chart, value).value
        return _("The weather roll: {value}, {landed}; the Weather Frog may roll again").format(
            value=value, landed=value_words(landed)
        )
    return weather_result(before, value, after)


def frog_choice(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    if facts["frog"] == FROG_AGAIN:
        return _("{car}, the Weather Frog, rolls the weather die again").format(car=name(key))
    return _("{car}, the Weather Frog, keeps it. ").format(car=name(key)) + weather_result(
        before, before.held_weather, after
    )


def weather_result(before: RaceState, value: int, after: RaceState) -> str:
    if before.phase == "qualifying_weather":
        return before_the_laps(value, after)
    landed = value_words(chart_weather(after.setup.weather_chart, value).value)
    now = weather_name(after.weather) if after.weather else ""
    if before.weather is None:
        return _("The weather roll before the race: {value}, {weather}").format(
            value=value, weather=now
        )
    if after.weather == before.weather:
        return _("The weather roll: {value}, {landed}: the weather stays {weather}").format(
            value=value, landed=landed, weather=now
        )
    if LINES.index(after.weather) < LINES.index(before.weather):
        shifted = _("The weather roll: {value}, {landed}: shifted one line up, now {weather}")
    else:
        shifted = _("The weather roll: {value}, {landed}: shifted one line down, now {weather}")
    return shifted.format(value=value, landed=landed, weather=now)


# --- Stopwatch qualifying (an optional rule) ---------------------------------------------------


def qualifying_weather_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return weather_roll(before, key, facts, after)


def before_the_laps(value: int, after: RaceState) -> str:
    weather = after.qualifying_weather
    assert weather is not None
    if qualifying_in_rain(weather):
        said = _(
            "The weather roll before the qualifying laps: {value}, {weather}: the laps are in rain"
        )
    else:
        said = _("The weather roll before the qualifying laps: {value}, {weather}: no effect")
    return said.format(value=value, weather=value_words(weather.value))


def stopwatch_start(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return _("{car} starts its qualifying lap: the stopwatch runs").format(car=label(after, key))


def stopwatch_stop(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return _("{car} crosses the line: {time} on the stopwatch").format(
        car=name(key), time=lap_time(after.lap(key).tenths)
    )


def qualifying_lap(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    lap = after.lap(key).result
    assert lap is not None
    if lap.no_stop:
        text = _(
            "{car}'s lap is over: no stop at all in a 2- or 3-stop corner, it starts last"
        ).format(car=name(key))
    else:
        parts = [
            ngettext("{count} throw", "{count} throws", lap.die_throws).format(count=lap.die_throws)
        ]
        if minutes := full_minutes(lap.tenths):
            parts.append(
                ngettext(
                    "{count} for {count} full minute", "{count} for {count} full minutes", minutes
                ).format(count=minutes)
            )
        if lap.overshoot:
            parts.append(
                ngettext(
                    "{count} for {count} space overshot",
                    "{count} for {count} spaces overshot",
                    lap.overshoot,
                ).format(count=lap.overshoot)
            )
        counted = " + ".join(parts) + f" = {lap.throws}" if len(parts) > 1 else parts[0]
        text = _("{car}'s qualifying lap: {counted} in {time}").format(
            car=name(key), counted=counted, time=lap_time(lap.tenths)
        )
    return text + grid_so_far(after, key)


def qualifying_tie(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return _("{car} rolls {value} in the roll-off").format(
        car=name(key), value=facts["value"]
    ) + grid_so_far(after, key)


def grid_so_far(state: RaceState, key: str) -> str:
    """Where the laps put `key` once they set the grid, or whom it is still level with."""
    if state.grid:
        return roll_off_place({}, (), key, state.grid)
    for group in state.grid_outcome.tied:
        if key in group:
            return _(": level with {cars}, a roll-off").format(
                cars=names([car for car in group if car != key])
            )
    return ""
