"""Weather Conditions at the table: the roll before the race against the track's chart, the
changeable weather re-rolled on a 20 in 5th or a 30 in 6th, and rain's collision, engine and road
handling rolls. Off unless the race is given the track's chart."""

import pytest

from rules.championship import championship_for
from rules.engine import Event, EventRejected, apply, ruleset_for
from rules.formula_d import DEFAULT_WEATHER_CHART, Weather, Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = ruleset_for("formula_d")


def weather_race(roll: int, *cars: str) -> Table:
    """The preset chart (1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy); the
    weather roll `roll`, then every car started, round 2's order to confirm."""
    keys = cars or ("red", "blue")
    table = Table(race_setup(*keys, weather_chart=DEFAULT_WEATHER_CHART))
    table("weather_roll", value=roll)
    table.grid(**{key: 20 - index for index, key in enumerate(keys)})
    return table.starts(**dict.fromkeys(keys, 10))


def owed(table: Table) -> list[tuple[str, str | None]]:
    return [(prompt.kind, prompt.car) for prompt in table.asked]


def test_a_chart_the_league_says_is_the_placeholder_is_called_so_not_the_track_s():
    """Issue 32: every track starts with one placeholder chart, which the prompt called the
    track's; the league tells the race which of a track's facts are only the placeholder."""
    championship = championship_for("formula_d")
    options = championship.race_options(
        weather_table="",
        weather_chart=DEFAULT_WEATHER_CHART,
        settings={"weather": True},
        placeholders=("weather_chart",),
    )
    assert options["weather_chart_placeholder"] is True
    table = Table(race_setup(weather_chart=DEFAULT_WEATHER_CHART, weather_chart_placeholder=True))
    assert table.prompt.text.startswith(
        "Weather: roll black against the placeholder chart, not this board's, before the race "
        "(1-8 good"
    )
    board = {"weather_table": "", "weather_chart": "1-10 good, 11-20 rainy"}
    assert "weather_chart_placeholder" not in championship.race_options(
        **board, settings={"weather": True}
    )


def test_without_a_chart_the_race_has_no_weather_roll():
    table = Table()
    assert table.prompt.kind == "grid_roll"
    assert table.state.weather is None


def test_the_race_opens_with_the_weather_roll_against_the_track_s_chart():
    table = Table(race_setup(weather_chart=DEFAULT_WEATHER_CHART))
    assert owed(table) == [("weather_roll", None)]
    assert table.prompt.text == (
        "Weather: roll black against the track's chart before the race (1-8 good, "
        "9-14 changeable, 15-17 rain changeable, 18-20 rainy)"
    )
    table("weather_roll", value=15)
    assert table.state.weather is Weather.RAIN_CHANGEABLE
    assert table.prompt.kind == "grid_roll"
    assert FORMULA_D.status(table.state) == (
        "Before the start · a race of 2 laps · rain changeable weather (rain)"
    )
    assert FORMULA_D.describe(Table(table.setup).state, table.events[0], table.state) == (
        "The weather roll before the race: 15, rain changeable weather (rain)"
    )


def test_a_chart_that_is_not_a_chart_is_refused():
    with pytest.raises(EventRejected, match="The track's weather chart: Roll 9 is missing"):
        race_setup(weather_chart="1-8 good, 10-20 rainy")


# --- Effect of Rain ----------------------------------------------------------------------------


def red_to_move(table: Table, gear: int = 4, **changes) -> Table:
    table = in_gear(table, red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


def test_in_rain_a_collision_roll_of_2_costs_a_car_body_wp():
    table = red_to_move(weather_race(18))("move", car="red", roll=9, adjacent=["blue"])
    assert table.prompt.text == (
        "Red (Jane Doe) ended next to or behind Blue: collision roll, roll black "
        "(1-2 (rain): -1 car body WP)"
    )
    table("collision_roll", car="red", value=2)
    assert table.wp("red", Zone.BODY) == 2
    dry = red_to_move(weather_race(1))("move", car="red", roll=9, adjacent=["blue"])
    assert "(1: -1 car body WP)" in dry.prompt.text
    assert dry("collision_roll", car="red", value=2).wp("red", Zone.BODY) == 3


def test_in_rain_engine_damage_is_1_to_3_and_road_handling_1_to_5():
    table = red_to_move(weather_race(18), gear=5)("move", car="red", roll=20)
    assert table.prompt.text.endswith("rolls black (1-3 (rain): -1 engine WP)")
    table("motor_roll", car="red", value=4)
    assert table.wp("red", Zone.ENGINE) == 3
    table = red_to_move(weather_race(18))("move", car="red", roll=9, adjacent=["blue"])
    table("collision_roll", car="red", value=1)("gear", car="blue", gear=2)
    marker = table.state.markers[0].key
    table("move", car="blue", roll=4, markers=[marker])
    assert "roll black (1-5 (rain): -1 road handling WP)" in table.prompt.text
    table("handling_roll", car="blue", value=5)
    assert table.wp("blue", Zone.ROAD_HANDLING) == 1


# --- Changeable weather ------------------------------------------------------------------------


def test_changeable_a_20_in_5th_calls_for_a_weather_roll_after_the_motor_damage_rolls():
    table = red_to_move(weather_race(10), gear=5)("move", car="red", roll=20)
    assert owed(table) == [("motor_roll", "red"), ("weather_roll", None)]
    table("motor_roll", car="red", value=10)
    assert table.prompt.text == (
        "Red rolled 20 in 5th: the weather is changeable, roll black against the chart again "
        "(1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy; good: one line up, "
        "changeable: stays, rain: one line down)"
    )
    before = table.state
    table("weather_roll", value=19)
    assert table.state.weather is Weather.RAIN_CHANGEABLE  # one line down
    assert FORMULA_D.describe(before, table.events[-1], table.state) == (
        "The weather roll: 19, rainy: shifted one line down, now rain changeable weather (rain)"
    )
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")


def test_changeable_a_30_in_6th_re_rolls_a_good_result_shifts_up_a_changeable_one_stays():
    table = red_to_move(weather_race(16), gear=6)("move", car="red", roll=30)
    table("motor_roll", car="red", value=10)("weather_roll", value=3)
    assert table.state.weather is Weather.CHANGEABLE
    table = red_to_move(weather_race(16), gear=6)("move", car="red", roll=30)
    table("motor_roll", car="red", value=10)("weather_roll", value=12)
    assert table.state.weather is Weather.RAIN_CHANGEABLE


@pytest.mark.parametrize("invariable", [1, 18])
def test_good_or_rainy_weather_is_invariable_no_weather_roll(invariable):
    table = red_to_move(weather_race(invariable), gear=5)("move", car="red", roll=20)
    assert owed(table) == [("motor_roll", "red")]


def test_the_weather_roll_is_made_even_when_the_roller_has_finished():
    table = red_to_move(weather_race(10), gear=5, laps=1)("move", car="red", roll=20, finish=3)
    assert table.car("red").status == "finished"
    assert owed(table) == [("weather_roll", None)]


def test_a_19_in_5th_calls_for_no_weather_roll():
    table = red_to_move(weather_race(10), gear=5)("move", car="red", roll=19)
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")


def test_no_weather_roll_is_taken_before_one_is_asked():
    table = red_to_move(weather_race(10))
    with pytest.raises(EventRejected):
        apply(table.state, Event("weather_roll", {"value": 3}))


# --- The league setting ------------------------------------------------------------------------


def test_the_league_plays_the_weather_only_when_its_organiser_switches_it_on():
    from rules.championship import championship_for

    league = championship_for("formula_d")
    assert league.validated_settings({})["weather"] is False
    chart = "1-10 good, 11-20 rainy"
    off = league.race_options(weather_table=(), weather_chart=chart, settings={})
    assert "weather_chart" not in off
    on = league.race_options(weather_table=(), weather_chart=chart, settings={"weather": True})
    assert on["weather_chart"] == chart
    settings = {"weather": True, "last_tire_wp": "out"}
    assert league.settings_summary(league.validated_settings(settings)) == (
        "Weather Conditions, on each track's weather chart",
    )
