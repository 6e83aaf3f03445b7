"""RBB's weather, read as the Formula D variant it is (docs/rulings.md, "RBB weather"): the
document says "Each circuit has its own weather table. Weather is determined before the race
starts", and its possibilities, rain effects and tyre choices are lost. With a chart, the
track's Formula D chart is rolled before the grid; changeable weather is rolled again on a 20 in
5th; in rain body and handling cost as Formula D's collision and road handling do in rain."""

import pytest

from rules.engine import Event, EventRejected, describe
from rules.formula_d import Weather, Zone
from rules.rbb import (
    BODY_DAMAGE_MAX,
    HANDLING_DAMAGE_MAX,
    body_damages,
    engine_damages,
    handling_damages,
)
from tests.rules.rbb.race.table import Table, race_setup

CHART = "1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy"


def kinds(table: Table) -> list[tuple[str, str | None]]:
    return [(prompt.kind, prompt.car) for prompt in table.asked]


def said(table: Table, kind: str, **data) -> str:
    """Enter an event; what the log says of it."""
    before = table.state
    table(kind, **data)
    return describe(before, Event(kind, data), table.state)


def weather_table(weather_roll: int, *cars: str, **options) -> Table:
    """The weather rolled, the grid drawn, every car started; round 2's order confirmed."""
    keys = cars or ("red", "blue")
    table = Table(race_setup(*keys, weather_chart=CHART, **options))
    table("weather_roll", value=weather_roll)
    table.grid(**{key: 20 - index for index, key in enumerate(keys)})
    return table.starts(**dict.fromkeys(keys, 10))


# --- Before the race -------------------------------------------------------------------------


def test_a_race_with_a_chart_asks_for_the_weather_before_the_grid():
    table = Table(race_setup(weather_chart=CHART))
    assert kinds(table) == [("weather_roll", None)]
    assert CHART in table.prompt.text
    words = said(table, "weather_roll", value=16)
    assert table.state.weather is Weather.RAIN_CHANGEABLE
    assert table.prompt.kind == "grid_roll"
    assert words == "The weather roll: 16, rain changeable weather (rain)"


def test_the_weather_comes_before_paddocks_reverse_grid_too():
    table = Table(race_setup(weather_chart=CHART, grid=("blue", "red")))
    assert table.prompt.kind == "weather_roll"
    table("weather_roll", value=3)
    assert (table.state.weather, table.prompt.kind) == (Weather.GOOD, "grid")


def test_a_race_without_a_chart_never_asks_for_the_weather():
    table = Table(race_setup())
    assert table.prompt.kind == "grid_roll"
    assert table.state.weather is None


def test_a_chart_that_misses_a_roll_is_refused():
    with pytest.raises(EventRejected, match="weather chart"):
        race_setup(weather_chart="1-8 good, 10-20 rainy")


# --- Rain --------------------------------------------------------------------------------------


def test_rain_raises_body_and_handling_as_formula_d_raises_collision_and_road_handling():
    assert (BODY_DAMAGE_MAX, HANDLING_DAMAGE_MAX) == (1, 4)
    assert not body_damages(2) and body_damages(2, rain=True) and not body_damages(3, rain=True)
    assert not handling_damages(5) and handling_damages(5, rain=True)
    assert not handling_damages(6, rain=True)
    # Engine damage on a 1 has no Formula D counterpart to change: a 1, in rain too.
    assert engine_damages(1, rain=True) and not engine_damages(2, rain=True)


def test_a_body_roll_of_2_costs_a_wp_in_rain_and_not_in_the_dry():
    wet, dry = weather_table(19), weather_table(3)  # rainy, good
    for table in (wet, dry):
        table.edit_car("red", gear=4).confirm()("gear", car="red", gear=4)
        table("move", car="red", roll=9, adjacent=["blue"])
    assert "1-2 in rain: -1 body WP" in wet.prompt.text
    assert "(1: -1 body WP" in dry.prompt.text
    for table in (wet, dry):
        table("body_roll", car="red", value=2)
    assert (wet.wp("red", Zone.BODY), dry.wp("red", Zone.BODY)) == (2, 3)


def test_a_handling_roll_of_5_costs_a_wp_in_rain():
    table = weather_table(20)
    table.edit_car("red", gear=4).confirm()("gear", car="red", gear=4)
    table("move", car="red", roll=9, adjacent=["blue"])
    table("body_roll", car="red", value=5)("body_roll", car="blue", value=1)
    table.move("blue", 1, 1)
    table.confirm()("gear", car="red", gear=4)
    token = table.field("markers").choices[0][0]
    table("move", car="red", roll=8, markers=[token])
    assert "1-5 in rain: -1 handling WP" in table.prompt.text
    before = table.wp("red", Zone.ROAD_HANDLING)
    table("handling_roll", car="red", value=5)
    assert table.wp("red", Zone.ROAD_HANDLING) == before - 1


# --- Changeable weather --------------------------------------------------------------------


def test_a_20_in_5th_rolls_changeable_weather_again_after_the_engine_rolls():
    table = weather_table(10)  # changeable
    table.edit_car("red", gear=5).confirm().move("red", 5, 20)
    assert kinds(table) == [("engine_roll", "red"), ("weather_roll", None)]
    table("engine_roll", car="red", value=5)
    assert "the weather is changeable" in table.prompt.text
    words = said(table, "weather_roll", value=18)  # a rain line: one line down
    assert table.state.weather is Weather.RAIN_CHANGEABLE
    assert words == "The weather roll: 18, now rain changeable weather (rain)"
    assert table.prompt.kind != "weather_roll"


def test_a_changeable_weather_re_roll_on_a_good_line_clears_the_rain():
    table = weather_table(15)  # rain changeable
    table.edit_car("red", gear=5).confirm().move("red", 5, 20)
    table("engine_roll", car="red", value=5)
    table("weather_roll", value=1)  # good: one line up
    assert table.state.weather is Weather.CHANGEABLE


def test_good_or_rainy_weather_is_never_rolled_again():
    for roll in (1, 20):
        table = weather_table(roll)
        table.edit_car("red", gear=5).confirm().move("red", 5, 20)
        assert kinds(table) == [("engine_roll", "red")]


def test_the_re_roll_stands_when_the_roller_went_out_on_its_engine_roll():
    table = weather_table(10)
    table.edit_car("red", gear=5, engine=1)
    table.confirm().move("red", 5, 20)
    table("engine_roll", car="red", value=1)
    assert table.car("red").status == "out"
    assert table.prompt.kind == "weather_roll"
