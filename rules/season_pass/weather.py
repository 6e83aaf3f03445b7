"""Weather: the map's weather table, and the weather score when the weather is variable.

The document prints no weather tables ("roll the black die against the table printed on the
selected map"), so each track carries its own as text like "1-14 sun, 15-18 rain, 19-20 variable".

Rulings where the document is silent:
- During variable weather, a "variable" result on the per-turn roll leaves the score unchanged
  (only sunny raises it and rainy lowers it).
- Once the score has hit 0 or 15 there are no more weather rolls; asking for the next score then
  is refused (InvalidWeatherScore), and the weather stays rainy (0) or sunny (15) to the end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Die, check_roll
from rules.language import gettext as _


class Weather(StrEnum):
    """Which column of the Collision Check Table is in use."""

    SUN = "sun"
    RAIN = "rain"


class WeatherOutcome(StrEnum):
    """A result on the map's weather table."""

    SUN = "sun"
    RAIN = "rain"
    VARIABLE = "variable"


class InvalidWeatherTable(ValueError):
    """A weather table that does not give exactly one result for each black-die roll 1-20."""


class InvalidWeatherScore(ValueError):
    """A weather score outside 0-15, or a roll asked for after weather rolls have stopped."""


@dataclass(frozen=True)
class WeatherBand:
    low: int
    high: int
    outcome: WeatherOutcome


BLACK_LOW, BLACK_HIGH = 1, 20
WEATHER_SCORE_MIN, WEATHER_SCORE_MAX = 0, 15
RAIN_AT_OR_BELOW = 6

# Not printed in the document (each map has its own table). A sensible default: mostly sunny,
# one chance in five of rain all race, one in ten of variable weather.
DEFAULT_WEATHER_TABLE = "1-14 sun, 15-18 rain, 19-20 variable"

_BAND = re.compile(r"^(\d+)(?:\s*-\s*(\d+))?\s+([a-z]+)$")


def parse_weather_table(text: str) -> tuple[WeatherBand, ...]:
    """Read "1-14 sun, 15-18 rain, 19-20 variable" into bands, lowest roll first."""
    bands: list[WeatherBand] = []
    for part in re.split(r"[,;\n]", text.strip().lower()):
        part = part.strip()
        if not part:
            continue
        match = _BAND.match(part)
        if not match:
            raise InvalidWeatherTable(
                _('Cannot read "{part}": write bands like "1-14 sun" or "20 variable".').format(
                    part=part
                )
            )
        low, high, word = int(match[1]), int(match[2] or match[1]), match[3]
        try:
            outcome = WeatherOutcome(word)
        except ValueError:
            raise InvalidWeatherTable(
                _('"{word}" is not a weather result: use sun, rain or variable.').format(word=word)
            ) from None
        if low > high:
            raise InvalidWeatherTable(
                _("The band {low}-{high} runs backwards.").format(low=low, high=high)
            )
        bands.append(WeatherBand(low, high, outcome))
    return _check_cover(bands)


def _check_cover(bands: Iterable[WeatherBand]) -> tuple[WeatherBand, ...]:
    ordered = tuple(sorted(bands, key=lambda band: band.low))
    if not ordered:
        raise InvalidWeatherTable(_("The weather table is empty: it must cover rolls 1 to 20."))
    expected = BLACK_LOW
    for band in ordered:
        if band.low < BLACK_LOW or band.high > BLACK_HIGH:
            raise InvalidWeatherTable(
                _("The band {low}-{high} is outside the black die's 1 to 20.").format(
                    low=band.low, high=band.high
                )
            )
        if band.low > expected:
            gap = f"{expected}" if band.low - 1 == expected else f"{expected}-{band.low - 1}"
            raise InvalidWeatherTable(_("No result for a roll of {gap}.").format(gap=gap))
        if band.low < expected:
            raise InvalidWeatherTable(
                _("A roll of {low} has more than one result.").format(low=band.low)
            )
        expected = band.high + 1
    if expected <= BLACK_HIGH:
        gap = f"{expected}" if expected == BLACK_HIGH else f"{expected}-{BLACK_HIGH}"
        raise InvalidWeatherTable(_("No result for a roll of {gap}.").format(gap=gap))
    return ordered


def format_weather_table(bands: Iterable[WeatherBand]) -> str:
    """Write bands back as text that parse_weather_table reads ("1-14 sun, ...")."""
    return ", ".join(
        f"{band.low} {band.outcome.value}"
        if band.low == band.high
        else f"{band.low}-{band.high} {band.outcome.value}"
        for band in _check_cover(bands)
    )


def weather_outcome(bands: Iterable[WeatherBand], black_roll: int) -> WeatherOutcome:
    """The result of rolling `black_roll` on the black die against the map's weather table."""
    check_roll(Die.BLACK, black_roll)
    for band in _check_cover(bands):
        if band.low <= black_roll <= band.high:
            return band.outcome
    raise AssertionError("unreachable: a checked table covers 1-20")  # pragma: no cover


def _check_score(score: int) -> int:
    if not WEATHER_SCORE_MIN <= score <= WEATHER_SCORE_MAX:
        raise InvalidWeatherScore(
            _(
                "A weather score of {score} cannot happen: it stays between {weather_score_min} "
                "and {weather_score_max}."
            ).format(
                score=score,
                weather_score_min=WEATHER_SCORE_MIN,
                weather_score_max=WEATHER_SCORE_MAX,
            )
        )
    return score


def initial_weather_score(red_roll: int) -> int:
    """ "If the variable weather result is rolled, roll the red die to determine the initial
    weather score.\""""
    return check_roll(Die.RED, red_roll)


def weather_rolls_continue(score: int) -> bool:
    """ "If the score hits zero or 15, discontinue weather rolls.\""""
    return WEATHER_SCORE_MIN < _check_score(score) < WEATHER_SCORE_MAX


def next_weather_score(score: int, outcome: WeatherOutcome) -> int:
    """Sunny raises the score by one, rainy lowers it by one, variable leaves it (our ruling)."""
    if not weather_rolls_continue(score):
        raise InvalidWeatherScore(
            _("The weather score has hit {score}: weather rolls are discontinued.").format(
                score=score
            )
        )
    step = {WeatherOutcome.SUN: +1, WeatherOutcome.RAIN: -1, WeatherOutcome.VARIABLE: 0}
    return score + step[WeatherOutcome(outcome)]


def weather_for_score(score: int) -> Weather:
    """ "While the weather score is 6 or below, use the rainy column\" (sunny otherwise)."""
    return Weather.RAIN if _check_score(score) <= RAIN_AT_OR_BELOW else Weather.SUN


def weather_for_outcome(outcome: WeatherOutcome) -> Weather | None:
    """The weather for the whole race after the start roll; None when it is variable."""
    return {
        WeatherOutcome.SUN: Weather.SUN,
        WeatherOutcome.RAIN: Weather.RAIN,
        WeatherOutcome.VARIABLE: None,
    }[WeatherOutcome(outcome)]
