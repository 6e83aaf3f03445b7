"""Qualifying Lap with Stopwatch at the table: a lap a car in the order they were entered (the
stopwatch started before the roll for 1st gear, stopped at the line, then the throws counted),
the grid out of it, roll-offs for laps level, the weather rolled before the laps and again before
the race, the tires between, and the start. Off unless the race is set up with it."""

from datetime import UTC, datetime, timedelta

import pytest

from rules.engine import Event, EventRejected, apply, replay, ruleset_for, stamp
from rules.formula_d import DEFAULT_WEATHER_CHART, STANDARD_CAR, Weather
from tests.rules.formula_d.race.table import Table, race_setup

FORMULA_D = ruleset_for("formula_d")
FIRST_START = datetime(2025, 6, 1, 14, tzinfo=UTC)


def at(seconds: float) -> str:
    """`seconds` after the first lap's start, as the server stamps instants."""
    return (FIRST_START + timedelta(seconds=seconds)).isoformat()


def lap(table: Table, car: str, start: float, stop: float, throws: int, **facts) -> Table:
    table("stopwatch_start", car=car, at=at(start))
    table("stopwatch_stop", car=car, at=at(stop))
    return table("qualifying_lap", car=car, die_throws=throws, **facts)


def qualifying(*cars: str, **options) -> Table:
    return Table(race_setup(*(cars or ("red", "blue")), stopwatch_qualifying=True, **options))


def kinds(table: Table) -> list[tuple[str, str | None]]:
    return [(prompt.kind, prompt.car) for prompt in table.asked]


def test_without_the_option_the_grid_is_rolled_for():
    assert Table().prompt.kind == "grid_roll"


def test_each_car_drives_its_lap_in_turn_start_stop_then_its_throws():
    table = qualifying()
    assert kinds(table) == [("stopwatch_start", "red")]
    assert table.prompt.text == (
        "Qualifying lap: Red (Jane Doe) in the middle lane in front of the starting line. Start "
        "the stopwatch, then roll for 1st gear (WP are not counted)"
    )
    assert table.prompt.fields[0].kind == "instant"
    table("stopwatch_start", car="red", at=at(0))
    assert kinds(table) == [("stopwatch_stop", "red")]
    assert table.prompt.fields[0].default == at(0)  # a stopwatch running since then
    table("stopwatch_stop", car="red", at=at(72.459))
    assert table.prompt.kind == "qualifying_lap"
    assert table.prompt.text.startswith(
        "Qualifying lap: Red (Jane Doe) took 1:12.4, a throw more for its full minute. "
    )
    assert [field.name for field in table.prompt.fields] == ["die_throws", "overshoot", "no_stop"]
    table("qualifying_lap", car="red", die_throws=14, overshoot=2)
    assert kinds(table) == [("stopwatch_start", "blue")]


def test_the_grid_is_the_fewest_throws_then_the_fastest_and_the_race_starts_from_it():
    table = qualifying("red", "blue", "green")
    lap(table, "red", 0, 72.4, 14, overshoot=2)  # 14 + 1 + 2 = 17 in 1:12.4
    lap(table, "blue", 100, 150, 17)  # 17 in 0:50.0
    lap(table, "green", 200, 255, 13)  # 13
    assert table.state.grid == ("green", "blue", "red")
    assert kinds(table) == [("start_roll", "green")]
    assert table.prompt.text.startswith("Round 1 (grid: Green, Blue and Red): Green (Mario")
    assert all(car.sheet == STANDARD_CAR for car in table.state.cars)  # WP not counted


def test_laps_level_on_throws_and_time_roll_off_then_the_race_starts():
    table = qualifying()
    lap(table, "red", 0, 50, 15)
    lap(table, "blue", 60, 110, 15)
    assert kinds(table) == [("qualifying_tie", "red"), ("qualifying_tie", "blue")]
    assert table.prompt.text == (
        "Qualifying: Red (Jane Doe) is level with Blue (15 throws, 0:50.0): roll black, "
        "highest takes the forward place"
    )
    table("qualifying_tie", car="red", value=8)("qualifying_tie", car="blue", value=8)
    assert kinds(table) == [("qualifying_tie", "red"), ("qualifying_tie", "blue")]
    table("qualifying_tie", car="red", value=3)("qualifying_tie", car="blue", value=12)
    assert table.state.grid == ("blue", "red")
    assert table.prompt.kind == "start_roll"


def test_a_lap_over_starts_last_whatever_its_throws():
    table = qualifying()
    lap(table, "red", 0, 20, 4, no_stop=True)
    lap(table, "blue", 30, 200, 30)
    assert table.state.grid == ("blue", "red")


def test_with_the_weather_a_roll_before_the_laps_then_another_before_the_race():
    table = qualifying(weather_chart=DEFAULT_WEATHER_CHART)
    assert table.prompt.kind == "qualifying_weather_roll"
    assert table.prompt.text.startswith(
        "Weather: roll black against the track's chart before the qualifying laps (1-8 good"
    )
    table("qualifying_weather_roll", value=19)
    assert table.state.qualifying_weather is Weather.RAINY and table.state.weather is None
    assert table.prompt.text.startswith("Qualifying lap in rain: Red (Jane Doe)")
    lap(table, "red", 0, 40, 12)
    lap(table, "blue", 50, 80, 13)
    assert table.prompt.kind == "weather_roll"  # before the actual race
    table("weather_roll", value=2)
    assert table.state.weather is Weather.GOOD
    assert table.prompt.kind == "start_roll" and table.state.grid == ("red", "blue")


def test_good_or_changeable_weather_before_the_laps_has_no_effect_on_them():
    table = qualifying(weather_chart=DEFAULT_WEATHER_CHART)
    table("qualifying_weather_roll", value=10)
    assert table.state.qualifying_weather is Weather.CHANGEABLE
    assert table.prompt.text.startswith("Qualifying lap: Red (Jane Doe) in the middle lane")


def test_the_tires_are_fitted_after_the_race_s_weather_between_the_laps_and_the_race():
    table = qualifying(tires=True)
    lap(table, "red", 0, 40, 12)
    lap(table, "blue", 50, 80, 13)
    assert kinds(table) == [("tire_choice", "red"), ("tire_choice", "blue")]
    table("tire_choice", car="red", tires="soft")("tire_choice", car="blue", tires="hard")
    assert kinds(table) == [("start_roll", "red")]


def test_a_stopwatch_stopped_before_it_started_or_a_lap_without_a_throw_is_refused():
    table = qualifying()
    table("stopwatch_start", car="red", at=at(30))
    before = table.state
    with pytest.raises(EventRejected, match="cannot stop before it was started"):
        apply(before, Event("stopwatch_stop", {"car": "red", "at": at(10)}))
    with pytest.raises(EventRejected, match="a moment needs its UTC offset"):
        apply(before, Event("stopwatch_stop", {"car": "red", "at": "2025-06-01T14:00:40"}))
    table("stopwatch_stop", car="red", at=at(40))
    with pytest.raises(EventRejected, match="A lap takes at least one throw of the die"):
        apply(table.state, Event("qualifying_lap", {"car": "red"}))
    assert table.state.lap("red").die_throws is None


def test_the_server_s_moment_is_stamped_over_whatever_the_page_posted():
    table = qualifying()
    posted = Event("stopwatch_start", {"car": "red", "at": "1999-01-01T00:00:00+00:00"})
    stamped = stamp(table.state, posted, at(5))
    assert stamped.data == {"car": "red", "at": at(5)}
    not_a_stopwatch = Event("grid_roll", {"car": "red", "value": 3})
    assert stamp(Table().state, not_a_stopwatch, at(5)) == not_a_stopwatch


def test_the_log_and_the_dashboard_say_what_each_lap_did():
    table = qualifying()
    table("stopwatch_start", car="red", at=at(0))
    assert "on its qualifying lap: the stopwatch runs" in FORMULA_D.dashboard(table.state)[0].note
    before = table.state
    table("stopwatch_stop", car="red", at=at(72.4))
    assert FORMULA_D.describe(before, table.events[-1], table.state) == (
        "Red crosses the line: 1:12.4 on the stopwatch"
    )
    before = table.state
    table("qualifying_lap", car="red", die_throws=14, overshoot=2)
    assert FORMULA_D.describe(before, table.events[-1], table.state) == (
        "Red's qualifying lap: 14 throws + 1 for 1 full minute + 2 for 2 spaces overshot = 17 "
        "in 1:12.4"
    )
    red = next(view for view in FORMULA_D.dashboard(table.state) if view.car == "red")
    assert red.note == "qualified: 17 throws in 1:12.4"
    lap(table, "blue", 100, 130, 9, no_stop=True)
    assert FORMULA_D.describe(
        Table(table.setup).state, table.events[0], replay(table.setup, table.events[:1])
    ) == ("Red (Jane Doe) starts its qualifying lap: the stopwatch runs")
    blue_lap = table.events[-1]
    before = replay(table.setup, table.events[:-1])
    assert FORMULA_D.describe(before, blue_lap, table.state) == (
        "Blue's lap is over: no stop at all in a 2- or 3-stop corner, it starts last: 2nd on the "
        "grid; the grid: Red, Blue"
    )


def test_undoing_the_stop_keeps_the_stopwatch_running_from_its_start():
    table = qualifying()
    table("stopwatch_start", car="red", at=at(0))
    running = table.state
    table("stopwatch_stop", car="red", at=at(3))
    assert replay(table.setup, table.events[:-1]) == running
    assert running.lap("red").started_at == at(0) and running.lap("red").stopped_at is None
