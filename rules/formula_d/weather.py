"""Optional Rules, Weather Conditions: the track's weather chart, the rolls against it, the
changeable weather's re-rolls and shifts, and what rain changes.

The summary prints the chart's four lines (good, changeable, rain changeable, rainy) but not the
black-die numbers of each: the organiser enters each track's chart, as text like
"1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy" (DEFAULT_WEATHER_CHART, a preset).

Rulings where the document is silent or loose (docs/rulings.md, "Weather Conditions"):
- The preset chart: 1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy.
- A re-roll is read by the kind of line it lands on: a good line shifts the weather one line up,
  a changeable one leaves it, a rain line (rain changeable or rainy) shifts it one line down.
- Good and Rainy are "invariable": once the weather is on either, no more re-rolls are asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Die, check_roll
from rules.language import gettext as _


class InvalidWeatherChart(ValueError):
    """A chart that does not give exactly one line of the four for each black-die roll 1-20."""


class Weather(StrEnum):
    """The chart's lines, from the top."""

    GOOD = "good"
    CHANGEABLE = "changeable"
    RAIN_CHANGEABLE = "rain changeable"
    RAINY = "rainy"


LINES = tuple(Weather)  # top to bottom: a shift up is towards GOOD
RAIN = frozenset({Weather.RAIN_CHANGEABLE, Weather.RAINY})  # Effect on Race: rain
INVARIABLE = frozenset({Weather.GOOD, Weather.RAINY})  # no more re-rolls

# Not printed in the summary (each track has its own chart): a preset, mostly dry.
DEFAULT_WEATHER_CHART = "1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy"

# Effect of Rain: the black die at or below these costs the WP (dry: the base game's numbers).
RAIN_COLLISION_MAX = 2  # instead of 1
RAIN_MOTOR_DAMAGE_MAX = 3  # instead of 4
RAIN_ROAD_HANDLING_MAX = 5  # instead of 4


@dataclass(frozen=True)
class ChartLine:
    low: int
    high: int
    weather: Weather


_LINE = re.compile(r"^(\d+)(?:\s*-\s*(\d+))?\s+([a-z ,]+?)$")
_WORDS = {
    "good": Weather.GOOD,
    "changeable": Weather.CHANGEABLE,
    "rain changeable": Weather.RAIN_CHANGEABLE,
    "rain, changeable": Weather.RAIN_CHANGEABLE,
    "rainy": Weather.RAINY,
    "rain": Weather.RAINY,
}


def parse_weather_chart(text: str) -> tuple[ChartLine, ...]:
    """Read "1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy" into lines, lowest
    roll first; each roll 1-20 on exactly one line."""
    lines: list[ChartLine] = []
    for part in re.split(r"[;\n]|,(?!\s*changeable)", text.strip().lower()):
        part = " ".join(part.split())
        if not part:
            continue
        match = _LINE.match(part)
        if not match:
            raise InvalidWeatherChart(
                _('Cannot read "{part}": write lines like "1-8 good" or "20 rainy".').format(
                    part=part
                )
            )
        low, high, word = int(match[1]), int(match[2] or match[1]), match[3].strip()
        if word not in _WORDS:
            raise InvalidWeatherChart(
                _(
                    '"{word}" is not a line of the chart: use good, changeable, rain changeable or '
                    "rainy."
                ).format(word=word)
            )
        if low > high:
            raise InvalidWeatherChart(
                _("The line {low}-{high} runs backwards.").format(low=low, high=high)
            )
        lines.append(ChartLine(low, high, _WORDS[word]))
    return _check_cover(lines)


def _check_cover(lines: list[ChartLine]) -> tuple[ChartLine, ...]:
    ordered = tuple(sorted(lines, key=lambda line: line.low))
    if not ordered:
        raise InvalidWeatherChart(_("The weather chart is empty: it must cover rolls 1 to 20."))
    expected = 1
    for line in ordered:
        if line.low > expected:
            raise InvalidWeatherChart(
                _("Roll {expected} is missing on the weather chart.").format(expected=expected)
            )
        if line.low < expected:
            raise InvalidWeatherChart(
                _("Roll {low} is given twice on the weather chart.").format(low=line.low)
            )
        expected = line.high + 1
    if expected != 21:
        raise InvalidWeatherChart(
            _("The weather chart stops at {number}: it must reach 20.").format(number=expected - 1)
        )
    return ordered


def format_weather_chart(lines: tuple[ChartLine, ...]) -> str:
    """The chart as the organiser writes it."""
    return ", ".join(
        f"{line.low}{'' if line.low == line.high else f'-{line.high}'} {line.weather.value}"
        for line in lines
    )


def chart_weather(chart: tuple[ChartLine, ...], black_roll: int) -> Weather:
    """The line of `chart` a black-die roll lands on (the roll before qualifying or the race)."""
    check_roll(Die.BLACK, black_roll)
    return next(line.weather for line in chart if line.low <= black_roll <= line.high)


def is_rain(weather: Weather | None) -> bool:
    """Whether the race (or qualifying) is run in rain: the two rain lines."""
    return weather in RAIN


def qualifying_in_rain(weather: Weather) -> bool:
    """Before the qualifying laps: good or changeable, no effect; rain, the laps are in rain."""
    return is_rain(weather)


def re_rolls(weather: Weather | None) -> bool:
    """Whether a 20 in 5th or a 30 in 6th calls for a weather re-roll: only on a changeable line
    (changeable, rain changeable)."""
    return weather is not None and weather not in INVARIABLE


def shifted(weather: Weather, re_roll: Weather) -> Weather:
    """The weather after a re-roll lands on `re_roll`: good, one line up; changeable, the same;
    rain, one line down."""
    if weather in INVARIABLE:
        raise InvalidWeatherChart(
            _("{weather} weather is invariable.").format(weather=weather.value.capitalize())
        )
    index = LINES.index(weather)
    if re_roll is Weather.GOOD:
        return LINES[index - 1]
    if re_roll is Weather.CHANGEABLE:
        return weather
    return LINES[index + 1]
