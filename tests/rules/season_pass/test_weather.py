"""Weather: the map's weather table and the variable weather score."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import InvalidRoll
from rules.season_pass import (
    DEFAULT_WEATHER_TABLE,
    InvalidWeatherScore,
    InvalidWeatherTable,
    Weather,
    WeatherBand,
    WeatherOutcome,
    format_weather_table,
    initial_weather_score,
    next_weather_score,
    parse_weather_table,
    weather_for_outcome,
    weather_for_score,
    weather_outcome,
    weather_rolls_continue,
)


def test_a_weather_table_reads_as_bands_of_the_black_die():
    assert parse_weather_table("1-14 sun, 15-18 rain, 19-20 variable") == (
        WeatherBand(1, 14, WeatherOutcome.SUN),
        WeatherBand(15, 18, WeatherOutcome.RAIN),
        WeatherBand(19, 20, WeatherOutcome.VARIABLE),
    )


def test_a_single_roll_band_and_any_order_and_case_are_read():
    assert format_weather_table(parse_weather_table("20 Variable; 1-17 SUN\n18-19 rain")) == (
        "1-17 sun, 18-19 rain, 20 variable"
    )


def test_the_default_table_covers_the_black_die():
    bands = parse_weather_table(DEFAULT_WEATHER_TABLE)
    assert format_weather_table(bands) == DEFAULT_WEATHER_TABLE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1-14 sun, 16-20 rain", "No result for a roll of 15"),
        ("1-14 sun, 15-18 rain", "No result for a roll of 19-20"),
        ("3-20 sun", "No result for a roll of 1-2"),
        ("1-14 sun, 14-20 rain", "A roll of 14 has more than one result"),
        ("0-20 sun", "outside the black die's 1 to 20"),
        ("1-21 sun", "outside the black die's 1 to 20"),
        ("1-20 snow", '"snow" is not a weather result'),
        ("1-20", 'Cannot read "1-20"'),
        ("20-1 sun", "runs backwards"),
        ("", "The weather table is empty"),
    ],
)
def test_a_weather_table_that_does_not_cover_1_to_20_once_says_what_is_wrong(text, message):
    with pytest.raises(InvalidWeatherTable, match=message):
        parse_weather_table(text)


@pytest.mark.parametrize(
    ("roll", "outcome"),
    [(1, "sun"), (14, "sun"), (15, "rain"), (18, "rain"), (19, "variable"), (20, "variable")],
)
def test_the_start_roll_is_read_against_the_maps_table(roll, outcome):
    bands = parse_weather_table("1-14 sun, 15-18 rain, 19-20 variable")
    assert weather_outcome(bands, roll) is WeatherOutcome(outcome)


def test_a_weather_roll_must_be_a_black_die_face():
    with pytest.raises(InvalidRoll):
        weather_outcome(parse_weather_table(DEFAULT_WEATHER_TABLE), 21)


def test_sun_or_rain_at_the_start_holds_for_the_entire_race():
    assert weather_for_outcome(WeatherOutcome.SUN) is Weather.SUN
    assert weather_for_outcome(WeatherOutcome.RAIN) is Weather.RAIN
    assert weather_for_outcome(WeatherOutcome.VARIABLE) is None


@pytest.mark.parametrize("red", [4, 5, 6, 7, 8])
def test_variable_weather_starts_at_the_red_die(red):
    assert initial_weather_score(red) == red


def test_the_red_die_cannot_start_the_weather_at_3():
    with pytest.raises(InvalidRoll, match="red die cannot show 3"):
        initial_weather_score(3)


def test_sunny_raises_the_score_by_one_rainy_lowers_it_variable_leaves_it():
    assert next_weather_score(6, WeatherOutcome.SUN) == 7
    assert next_weather_score(6, WeatherOutcome.RAIN) == 5
    assert next_weather_score(6, WeatherOutcome.VARIABLE) == 6


@pytest.mark.parametrize("score", range(0, 16))
def test_while_the_weather_score_is_6_or_below_use_the_rainy_column(score):
    assert weather_for_score(score) is (Weather.RAIN if score <= 6 else Weather.SUN)


@pytest.mark.parametrize("score", [0, 15])
def test_if_the_score_hits_zero_or_15_weather_rolls_are_discontinued(score):
    assert not weather_rolls_continue(score)
    with pytest.raises(InvalidWeatherScore, match="discontinued"):
        next_weather_score(score, WeatherOutcome.SUN)


@pytest.mark.parametrize("score", [-1, 16])
def test_a_weather_score_outside_0_to_15_cannot_happen(score):
    with pytest.raises(InvalidWeatherScore):
        weather_for_score(score)


@st.composite
def weather_tables(draw):
    cuts = sorted(draw(st.sets(st.integers(2, 20), max_size=6)))
    lows = [1, *cuts]
    highs = [cut - 1 for cut in cuts] + [20]
    outcomes = st.sampled_from(list(WeatherOutcome))
    return tuple(
        WeatherBand(low, high, draw(outcomes)) for low, high in zip(lows, highs, strict=True)
    )


@given(weather_tables())
def test_formatting_a_weather_table_reads_back_the_same(bands):
    assert parse_weather_table(format_weather_table(bands)) == bands


@given(weather_tables(), st.integers(1, 20))
def test_every_black_roll_has_exactly_one_weather_result(bands, roll):
    assert sum(band.low <= roll <= band.high for band in bands) == 1
    assert weather_outcome(bands, roll) in set(WeatherOutcome)


@given(st.integers(4, 8), st.lists(st.sampled_from(list(WeatherOutcome)), max_size=60))
def test_the_weather_score_stays_within_0_to_15_and_stops_there(red, outcomes):
    score = initial_weather_score(red)
    for outcome in outcomes:
        if not weather_rolls_continue(score):
            assert score in (0, 15)
            break
        score = next_weather_score(score, outcome)
        assert 0 <= score <= 15
