"""Optional Rules, Weather Conditions: the chart, the rolls against it, the changeable weather's
shifts, and the Effect of Rain on the collision, engine and road handling rolls."""

import pytest

from rules.dice import InvalidRoll
from rules.formula_d import (
    COLLISION_MAX,
    DEFAULT_WEATHER_CHART,
    MOTOR_DAMAGE_MAX,
    ROAD_HANDLING_MAX,
    ChartLine,
    InvalidWeatherChart,
    Weather,
    chart_weather,
    collision_damages,
    format_weather_chart,
    is_rain,
    motor_damages,
    parse_weather_chart,
    qualifying_in_rain,
    re_rolls,
    road_handling_damages,
    shifted,
)

GOOD, CHANGEABLE, RAIN_CHANGEABLE, RAINY = Weather
preset = parse_weather_chart(DEFAULT_WEATHER_CHART)

# --- The chart ---------------------------------------------------------------------------------


def test_the_chart_has_the_four_lines_from_the_top():
    assert [weather.value for weather in Weather] == [
        "good",
        "changeable",
        "rain changeable",
        "rainy",
    ]


def test_the_preset_chart_covers_1_to_20_on_its_four_lines():
    assert preset == (
        ChartLine(1, 8, GOOD),
        ChartLine(9, 14, CHANGEABLE),
        ChartLine(15, 17, RAIN_CHANGEABLE),
        ChartLine(18, 20, RAINY),
    )
    assert format_weather_chart(preset) == DEFAULT_WEATHER_CHART


def test_an_organiser_s_chart_is_read_as_written_in_the_summary_s_words():
    chart = parse_weather_chart("1-12 Good; 13-15 changeable\n16-19 rain, changeable, 20 rain")
    assert chart == (
        ChartLine(1, 12, GOOD),
        ChartLine(13, 15, CHANGEABLE),
        ChartLine(16, 19, RAIN_CHANGEABLE),
        ChartLine(20, 20, RAINY),
    )
    assert format_weather_chart(chart) == (
        "1-12 good, 13-15 changeable, 16-19 rain changeable, 20 rainy"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("1-8 good, 10-20 rainy", "Roll 9 is missing"),
        ("1-8 good, 8-20 rainy", "Roll 8 is given twice"),
        ("1-8 good, 9-19 rainy", "stops at 19"),
        ("1-8 sunny, 9-20 rainy", '"sunny" is not a line of the chart'),
        ("good 1-8", "Cannot read"),
        ("8-1 good, 9-20 rainy", "runs backwards"),
    ],
)
def test_a_chart_that_is_not_one_line_for_each_roll_is_refused(text, reason):
    with pytest.raises(InvalidWeatherChart, match=reason):
        parse_weather_chart(text)


def test_the_black_die_lands_on_one_line():
    assert [chart_weather(preset, roll) for roll in (1, 8, 9, 14, 15, 17, 18, 20)] == [
        GOOD, GOOD, CHANGEABLE, CHANGEABLE, RAIN_CHANGEABLE, RAIN_CHANGEABLE, RAINY, RAINY
    ]  # fmt: skip
    with pytest.raises(InvalidRoll):
        chart_weather(preset, 21)


# --- Before the qualifying laps and the race -----------------------------------------------------


def test_qualifying_good_or_changeable_has_no_effect_rain_puts_all_laps_in_rain():
    assert not qualifying_in_rain(GOOD)
    assert not qualifying_in_rain(CHANGEABLE)
    assert qualifying_in_rain(RAIN_CHANGEABLE)
    assert qualifying_in_rain(RAINY)


def test_effect_on_race_good_none_invariable_changeable_none_rain_changeable_rain_rainy_rain():
    # Weather            Effect on Race          re-rolled on a 20 in 5th or 30 in 6th
    assert (is_rain(GOOD), re_rolls(GOOD)) == (False, False)  # none (invariable)
    assert (is_rain(CHANGEABLE), re_rolls(CHANGEABLE)) == (False, True)  # none
    assert (is_rain(RAIN_CHANGEABLE), re_rolls(RAIN_CHANGEABLE)) == (True, True)  # rain
    assert (is_rain(RAINY), re_rolls(RAINY)) == (True, False)  # rain (invariable)
    assert not re_rolls(None) and not is_rain(None)  # a race without the weather rules


@pytest.mark.parametrize(
    ("now", "re_roll", "after"),
    [
        # Good Weather: conditions shifted one line upwards.
        (CHANGEABLE, GOOD, GOOD),
        (RAIN_CHANGEABLE, GOOD, CHANGEABLE),
        # Changeable: weather stays the same.
        (CHANGEABLE, CHANGEABLE, CHANGEABLE),
        (RAIN_CHANGEABLE, CHANGEABLE, RAIN_CHANGEABLE),
        # Rain: conditions shifted one line downwards (either rain line is rain).
        (CHANGEABLE, RAIN_CHANGEABLE, RAIN_CHANGEABLE),
        (CHANGEABLE, RAINY, RAIN_CHANGEABLE),
        (RAIN_CHANGEABLE, RAIN_CHANGEABLE, RAINY),
        (RAIN_CHANGEABLE, RAINY, RAINY),
    ],
)
def test_a_re_roll_shifts_the_weather_as_printed(now, re_roll, after):
    assert shifted(now, re_roll) is after


@pytest.mark.parametrize("invariable", [GOOD, RAINY])
def test_invariable_weather_is_never_re_rolled(invariable):
    with pytest.raises(InvalidWeatherChart, match="invariable"):
        shifted(invariable, CHANGEABLE)


# --- Effect of Rain ----------------------------------------------------------------------------


def test_in_rain_a_collision_occurs_on_1_or_2_instead_of_1():
    assert COLLISION_MAX == 1
    assert [collision_damages(roll) for roll in (1, 2)] == [True, False]
    assert [collision_damages(roll, rain=True) for roll in (1, 2, 3)] == [True, True, False]


def test_in_rain_engine_damage_occurs_on_1_to_3_instead_of_1_to_4():
    assert MOTOR_DAMAGE_MAX == 4
    assert [motor_damages(roll) for roll in (3, 4, 5)] == [True, True, False]
    assert [motor_damages(roll, rain=True) for roll in (3, 4)] == [True, False]


def test_in_rain_road_handling_is_lost_on_1_to_5_instead_of_1_to_4():
    assert ROAD_HANDLING_MAX == 4
    assert [road_handling_damages(roll) for roll in (4, 5)] == [True, False]
    assert [road_handling_damages(roll, rain=True) for roll in (5, 6)] == [True, False]
