"""Before the Race, Qualifying and Weather."""

import pytest

from rules.engine import EventRejected
from rules.season_pass import Weather
from tests.rules.season_pass.race.table import (
    FOUR_CARS,
    RAIN_ROLL,
    SUN_ROLL,
    VARIABLE_ROLL,
    Table,
    race_setup,
)


def test_every_car_starts_with_four_tire_three_brake_two_gas_points():
    # Before the Race: "four tire points, three brake points, and two gas points".
    table = Table(race_setup(*FOUR_CARS))
    assert {(c.tires, c.brakes, c.gas) for c in table.state.cars} == {(4, 3, 2)}


def test_qualifying_lowest_adjusted_roll_takes_pole():
    # Experience Table, Pole column: Rookie +1, Veteran 0, Champion -1, Legend -2.
    table = Table(race_setup(*FOUR_CARS)).qualify(red=3, blue=5, green=5, yellow=8)
    # Red 4, Blue 5, Green 4 tie with Red -> roll-off; Yellow 6.
    assert [p.car for p in table.asked] == ["red", "green"]
    assert all(p.kind == "tie_roll" for p in table.asked)


def test_tie_roll_offs_are_unmodified_and_repeat_until_broken():
    # Qualifying: "the tied drivers roll the black die unmodified"; Questions: no skill adjustment.
    table = Table().qualify(red=5, blue=6)  # 6 and 6
    table("tie_roll", car="red", value=7)("tie_roll", car="blue", value=7)
    assert table.prompt.kind == "tie_roll"
    table("tie_roll", car="red", value=4)("tie_roll", car="blue", value=5)
    assert table.state.grid == ("red", "blue")
    assert table.prompt.kind == "weather_roll"


def test_grid_is_the_first_movement_order():
    table = Table().qualify(red=9, blue=2).sunny()
    assert table.prompt.kind == "gear"
    assert table.prompt.car == "blue"


@pytest.mark.parametrize(("roll", "weather"), [(SUN_ROLL, Weather.SUN), (RAIN_ROLL, Weather.RAIN)])
def test_sun_or_rain_holds_for_the_whole_race(roll, weather):
    # Weather: a sunny or rainy result is used "for the entire race": no more weather rolls.
    table = Table().qualify(red=2, blue=9)("weather_roll", value=roll)
    assert table.state.weather is weather
    assert table.state.weather_score is None
    table.move("red", 1, 1).move("blue", 1, 2)
    assert table.prompt.kind == "order"


def test_variable_weather_red_die_sets_the_score_and_black_rolls_move_it():
    # Weather: red die for the initial score; sunny +1, rainy -1; rain while 6 or below.
    table = Table().qualify(red=2, blue=9)("weather_roll", value=VARIABLE_ROLL)
    assert table.prompt.kind == "weather_score_roll"
    assert table.prompt.fields[0].die.value == "red"
    table("weather_score_roll", value=7)
    assert table.state.weather is Weather.SUN
    table("weather_roll", value=RAIN_ROLL)
    assert (table.state.weather_score, table.state.weather) == (6, Weather.RAIN)
    table.move("red", 1, 1).move("blue", 1, 2)
    assert table.prompt.kind == "weather_roll"  # before the leader moves, every round
    table("weather_roll", value=SUN_ROLL)
    assert (table.state.weather_score, table.state.weather) == (7, Weather.SUN)
    assert table.prompt.kind == "order"


def test_weather_rolls_stop_once_the_score_hits_zero_or_fifteen():
    table = Table().qualify(red=2, blue=9)("weather_roll", value=VARIABLE_ROLL)
    table("weather_score_roll", value=4)
    table("weather_roll", value=RAIN_ROLL)  # 3
    table.move("red", 1, 1).move("blue", 1, 1)
    for _ in range(3):
        table("weather_roll", value=RAIN_ROLL)
        table("order", order="red,blue")
        table.move("red", 1, 1).move("blue", 1, 1)
    assert table.state.weather_score == 0
    assert table.prompt.kind == "order"  # no weather roll any more
    assert table.state.weather is Weather.RAIN


def test_a_weather_roll_is_refused_before_qualifying_is_over():
    table = Table().qualify(red=2)
    with pytest.raises(EventRejected, match="qualifies"):
        table("weather_roll", value=3)
