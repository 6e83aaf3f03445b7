"""Gears and Gearing Down at the table: the gears offered, what a skip costs, and refusals."""

import pytest

from rules.engine import Event, EventRejected, apply, dashboard
from rules.formula_d import Zone
from tests.rules.formula_d.race.table import Table, in_gear, under_way


def gears_offered(table: Table) -> dict[str, str]:
    assert table.prompt.kind == "gear", table.prompt.text
    return dict(table.field("gear").choices)


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def in_6th(**zones: int) -> Table:
    table = in_gear(under_way(), red=6).edit_car("red", **zones)
    return table.confirm()


def test_up_one_gear_the_same_or_down_one_are_free():
    table = in_gear(under_way(), red=3).confirm()
    assert table.prompt.text == "Round 2: Red (Jane Doe) in 3rd: choose a gear"
    assert gears_offered(table) == {
        "1": "1st (1 gearbox WP)",
        "2": "2nd (free)",
        "3": "3rd (free)",
        "4": "4th (free)",
    }
    assert table.field("gear").default == "3"


def test_from_6th_each_skipped_gear_costs_as_the_table_prints_and_4_cannot_be_skipped():
    assert gears_offered(in_6th()) == {
        "2": "2nd (1 gearbox WP, 1 brake WP and 1 engine WP)",
        "3": "3rd (1 gearbox WP and 1 brake WP)",
        "4": "4th (1 gearbox WP)",
        "5": "5th (free)",
        "6": "6th (free)",
    }
    refused(in_6th(), "gear", "It is not possible to skip 4 gears", car="red", gear=1)


def test_a_skip_is_paid_in_gearbox_brake_and_engine_wp_and_the_engine_wp_leaves_a_marker():
    table = in_6th()("gear", car="red", gear=2)
    assert [table.wp("red", zone) for zone in (Zone.GEARBOX, Zone.BRAKES, Zone.ENGINE)] == [2, 2, 2]
    assert [(m.car, m.round) for m in table.state.markers] == [("red", 2)]
    assert table.prompt.kind == "move"


def test_skipping_one_gear_costs_a_gearbox_wp_and_no_marker():
    table = in_6th()("gear", car="red", gear=4)
    assert (table.wp("red", Zone.GEARBOX), table.wp("red", Zone.BRAKES)) == (2, 3)
    assert table.state.markers == ()


def test_a_skip_is_refused_without_the_gearbox_wp_and_says_why():
    table = in_6th(gearbox=0)
    assert set(gears_offered(table)) == {"5", "6"}
    refused(
        table,
        "gear",
        "Skipping 1 gear costs 1 gearbox WP; Red has 0 gearbox WP left.",
        car="red",
        gear=4,
    )


def test_a_skip_of_2_gears_is_refused_without_the_brake_wp():
    table = in_6th(brakes=0)
    assert set(gears_offered(table)) == {"4", "5", "6"}
    refused(
        table, "gear", "costs 1 gearbox WP and 1 brake WP; Red has 0 brake WP", car="red", gear=3
    )


def test_paying_the_last_engine_wp_for_a_skip_eliminates_the_car_and_its_turn_ends():
    table = in_6th(engine=1)
    assert gears_offered(table)["2"] == (
        "2nd (1 gearbox WP, 1 brake WP and 1 engine WP: its last engine WP, eliminated)"
    )
    # Offered without its die: the car does not move on it.
    assert "2" not in dict(table.prompt.then) and "3" in dict(table.prompt.then)
    table("gear", car="red", gear=2)
    red = table.car("red")
    assert (red.status, red.out_reason) == ("out", "engine")
    assert [m.car for m in table.state.markers] == ["red"]
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    assert dashboard(table.state)[-1].note == "eliminated: lost its last engine WP"


def test_gears_go_up_one_at_a_time():
    refused(
        in_gear(under_way(), red=3).confirm(),
        "gear",
        "Gears go up one at a time",
        car="red",
        gear=5,
    )
    refused(in_gear(under_way(), red=3).confirm(), "gear", "There is no gear 7", car="red", gear=7)
    refused(in_gear(under_way(), red=3).confirm(), "gear", "expected 1 to 6", car="red", gear="top")
