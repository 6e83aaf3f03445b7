"""Setup: the cars on the grid, their scorecards, the laps; what the race refuses to start."""

import pytest

from rules import language as rules_language
from rules.championship import championship_for
from rules.engine import (
    EventRejected,
    Starter,
    dashboard_columns,
    ruleset_for,
    setup,
    setup_from_dict,
    setup_to_dict,
    start,
)
from rules.formula_d import OUT_REASONS, STANDARD_CAR, CarSheet
from rules.formula_d.race import CarSetup, FormulaD, RaceSetup
from tests.rules.formula_d.race.table import race_setup

BUILT = {"tire": 10, "brake": 2, "gearbox": 2, "car body": 2, "engine": 2, "road handling": 2}


def test_formula_d_is_found_under_its_name():
    assert type(ruleset_for("formula_d")) is FormulaD
    assert FormulaD.title == "Formula D"


def test_every_car_races_the_standard_car_over_2_laps_unless_built():
    race = race_setup()
    assert race.laps == 2
    assert [car.sheet for car in race.cars] == [STANDARD_CAR, STANDARD_CAR]
    assert [car.driver for car in race.cars] == ["Jane Doe", "Ada Fangio"]


def test_a_built_car_is_given_by_zone_and_checked_against_constructing_your_car():
    race = race_setup(car_sheets={"blue": BUILT})
    assert race.cars[1].sheet == CarSheet(10, 2, 2, 2, 2, 2)
    assert race_setup(car_sheets={"red": CarSheet(10, 2, 2, 2, 2, 2)}).cars[0].sheet.tires == 10
    field_names = {
        "tires": 9,
        "brakes": 3,
        "gearbox": 2,
        "body": 2,
        "engine": 2,
        "road_handling": 2,
    }
    assert race_setup(car_sheets={"red": field_names}).cars[0].sheet.tires == 9


@pytest.mark.parametrize(
    ("sheets", "reason"),
    [
        ({"blue": {**BUILT, "tire": 11}}, "Blue: A car is built from 20 WP in all, not 21"),
        ({"blue": {**BUILT, "tire": 2, "brake": 10}}, "Blue: A car is built with 1-7 brake WP"),
        ({"blue": {"tire": 20}}, "Blue: A car has WP in all six zones"),
        ({"blue": {**BUILT, "nitro": 1}}, "A car has no zone 'nitro'"),
        ({"green": BUILT}, "No starter drives Green"),
        ({"blue": 20}, "a built car is its WP in each zone"),
    ],
)
def test_a_car_built_outside_the_rules_is_refused(sheets, reason):
    with pytest.raises(EventRejected, match=reason):
        race_setup(car_sheets=sheets)


def test_a_zone_no_car_has_is_refused_in_the_reader_s_language():
    with rules_language.speaking("fr"), pytest.raises(EventRejected) as refused:
        race_setup(car_sheets={"blue": {**BUILT, "nitro": 1}})
    assert str(refused.value) == (
        "Une voiture n'a pas de zone 'nitro' : ses zones sont 'tire', 'brake', 'gearbox', "
        "'car body', 'engine', 'road handling'."
    )


def test_a_formula_d_race_takes_nothing_from_the_track_s_weather_table():
    """The weather is an optional rule, not played yet: the league passes no weather table, only
    the race's laps (2 unless the league or the round races the Three-Lap Race)."""
    assert championship_for("formula_d").race_options(weather_table=("1-20 sun",)) == {"laps": 2}


def test_setups_the_rules_do_not_allow():
    with pytest.raises(EventRejected, match="at least two cars"):
        setup("formula_d", [Starter("red", "Jane")])
    with pytest.raises(EventRejected, match="own key"):
        setup("formula_d", [Starter("red", "Jane"), Starter("red", "Ada")])
    with pytest.raises(EventRejected, match="own key"):
        setup("formula_d", [Starter("red,blue", "Jane"), Starter("green", "Ada")])
    with pytest.raises(EventRejected, match="own key"):
        setup("formula_d", [Starter("", "Jane"), Starter("green", "Ada")])
    one = (CarSetup("red", "Jane", STANDARD_CAR),)
    with pytest.raises(EventRejected, match="at least two cars"):
        start(RaceSetup("formula_d", one))  # a setup built by hand is checked too


def test_the_setup_round_trips_and_the_dashboard_reads_like_the_scorecard():
    race = race_setup(car_sheets={"blue": BUILT})
    assert setup_from_dict(setup_to_dict(race)) == race
    state, _asked = start(race)
    columns = dashboard_columns(state)
    assert [column.label for column in columns] == [
        "Gear",
        "Tire",
        "Brk",
        "Box",
        "Body",
        "Eng",
        "Hdl",
        "Lap",
    ]


def test_out_reasons_are_short_keys_with_words():
    assert set(OUT_REASONS) == {"tires", "stops", "blocked", "body", "engine", "handling"}
    assert all(
        len(key) <= 10 and label.startswith("eliminated") for key, label in OUT_REASONS.items()
    )
