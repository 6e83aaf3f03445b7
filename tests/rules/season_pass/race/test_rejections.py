"""Every event the rules do not allow now is refused with the reason, and changes nothing."""

import pytest

from rules.engine import Event, EventRejected, apply, results, start
from rules.season_pass import Level
from rules.season_pass.race import CarSetup, RaceSetup
from tests.rules.season_pass.race.table import WEATHER_TABLE, Table, sunny_two_car_race


def refused(table: Table, kind: str, match: str, **data):
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def test_wrong_kind_for_the_current_prompt():
    refused(sunny_two_car_race(), "move", "expected gear, got move", car="red", roll=1)


def test_wrong_car():
    refused(sunny_two_car_race(), "gear", "Not Blue", car="blue", gear=1)


def test_unknown_car():
    refused(sunny_two_car_race(), "gear", "no car 'pink'", car="pink", gear=1)


def test_a_value_the_die_cannot_show():
    refused(Table(), "qualifying_roll", "black die cannot show 21", car="red", value=21)
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    refused(table, "move", "yellow die cannot show 3", car="red", roll=3)


def test_a_forbidden_gear_change():
    table = sunny_two_car_race().edit_car("red", gear=3)
    refused(table, "gear", "never upshift more than one gear", car="red", gear=5)


def test_brakes_not_available():
    table = sunny_two_car_race().edit_car("red", gear=3, brakes=0)
    table("gear", car="red", gear=3)
    refused(table, "move", "at most 0", car="red", roll=6, brakes=1)


def test_braking_below_zero_spaces():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    refused(table, "move", "cannot brake by 2", car="red", roll=1, brakes=2)


def test_unknown_fields_and_bad_numbers():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    refused(table, "move", "no field nitro", car="red", roll=1, nitro=1)
    refused(table, "move", "whole number", car="red", roll="two")


def test_an_order_must_name_every_racing_car_once():
    table = sunny_two_car_race().move("red", 1, 1).move("blue", 1, 2)
    refused(table, "order", "every racing car exactly once", order="red")
    refused(table, "order", "named twice", order="red,red,blue")


def test_nothing_after_the_race_and_no_results_before():
    table = sunny_two_car_race()
    with pytest.raises(EventRejected, match="not finished"):
        results(table.state)
    table.edit_car("red", gear=2).edit_car("blue", gear=2)
    table.move("red", 2, 2, finish=1).move("blue", 2, 3, finish=1)
    refused(table, "gear", "race is over", car="red", gear=1)


def test_setups_the_rules_do_not_allow():
    cars = (CarSetup("red", "A", Level.ROOKIE), CarSetup("red", "B", Level.ICON))
    with pytest.raises(EventRejected, match="own key"):
        start(RaceSetup("season_pass", cars, WEATHER_TABLE))
    ok = (cars[0], CarSetup("blue", "B", Level.ICON))
    with pytest.raises(EventRejected, match="single lap"):
        start(RaceSetup("season_pass", ok, WEATHER_TABLE, laps=2))
    with pytest.raises(EventRejected, match="No rule set 'nonesuch'"):
        start(RaceSetup("nonesuch", ok, WEATHER_TABLE))
