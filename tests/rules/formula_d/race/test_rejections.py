"""Every event the rules do not allow now is refused with the reason, and changes nothing."""

import pytest

from rules.engine import Event, EventRejected, apply
from tests.rules.formula_d.race.table import Table, two_cars, under_way


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def test_wrong_kind_for_the_current_prompt():
    refused(two_cars(), "move", "expected start_roll, got move", car="red", roll=1)


def test_wrong_car_and_unknown_car():
    refused(two_cars(), "start_roll", "Not Blue", car="blue", value=10)
    refused(two_cars(), "start_roll", "no car 'pink'", car="pink", value=10)


def test_a_value_the_die_cannot_show():
    refused(Table(), "grid_roll", "black die cannot show 21", car="red", value=21)
    table = two_cars()("start_roll", car="red", value=10)
    refused(table, "move", "yellow die cannot show 3", car="red", roll=3)


def test_unknown_fields_and_bad_numbers():
    table = two_cars()("start_roll", car="red", value=10)
    refused(table, "move", "no field nitro", car="red", roll=1, nitro=1)
    refused(table, "move", "whole number", car="red", roll="two")
    refused(table, "move", "at least 0", car="red", roll=1, blocked=-1)
    refused(table, "move", "Brake WP are whole WP: 0.5 is not one", car="red", roll=1, brakes=0.5)


def test_an_order_must_name_every_racing_car_once():
    table = under_way()
    refused(table, "order", "every racing car exactly once", order="red")
    refused(table, "order", "named twice", order="red,red,blue")


def test_a_gear_that_is_not_offered():
    table = under_way().confirm()
    refused(table, "gear", "Gears go up one at a time: 1 to 3 skips 1", car="red", gear=3)


def test_a_collision_with_a_car_not_on_the_track():
    table = under_way().confirm()("gear", car="red", gear=2)
    refused(table, "move", "'pink' is not one of blue", car="red", roll=3, adjacent=["pink"])
    refused(table, "move", "'red' is not one of blue", car="red", roll=3, adjacent=["red"])


def test_nothing_after_the_race():
    table = under_way().edit_car("red", laps=1).edit_car("blue", laps=1).confirm()
    table.move("red", 2, 3, finish=1).move("blue", 2, 3, finish=1)
    refused(table, "gear", "race is over", car="red", gear=1)
