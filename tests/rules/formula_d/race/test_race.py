"""Whole races, scripted roll by roll, and their results."""

import pytest

from rules.engine import (
    DamageMarker,
    EventRejected,
    damage_markers,
    dashboard,
    replay,
    results,
    state_from_dict,
    state_to_dict,
)
from rules.engine.contract import CarResult
from rules.formula_d import Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup, under_way


def test_a_two_car_race_from_the_grid_to_the_results():
    table = Table().grid(red=15, blue=8)

    # Round 1, grid order: Red starts normally and rolls 2; Blue makes a Great Start.
    table("start_roll", car="red", value=12)("move", car="red", roll=2)
    table("start_roll", car="blue", value=20)("move", car="blue")

    # Round 2: Blue leads (4 spaces to 2).
    assert table.prompt.fields[0].default == ("blue", "red")
    table.confirm().move("blue", 2, 4).move("red", 2, 3)

    # Round 3: Red ends beside Blue and rolls for the collision: 2, nothing.
    table.confirm().move("blue", 3, 7).move("red", 3, 8, adjacent=["blue"])
    table("collision_roll", car="red", value=2)

    # Round 4: Red overshoots a corner by 2 (6 -> 4 tire WP).
    assert table.prompt.fields[0].default == ("blue", "red")  # 15 spaces to 13
    table.confirm().move("blue", 4, 11).move("red", 4, 12, corner=1, overshoot=2)
    assert table.wp("red", Zone.TIRES) == 4

    # Round 5: Blue crosses the line (lap 1); Red pits: fresh tires, a Quick Stop of 2 spaces.
    # Level on the board (Blue 26 spaces from the 2nd slot, Red 25 from pole), in the same gear:
    # the grid proposes Red; the referee sees Blue nearer the inside and puts it first.
    assert table.prompt.fields[0].default == ("red", "blue")
    table("order", order=["blue", "red"]).move("blue", 5, 16, finish=10)
    table.move("red", 5, 17, pit=14)("pit_roll", car="red", value=3)
    table("move", car="red")
    assert (table.car("red").laps, table.wp("red", Zone.TIRES), table.car("red").gear) == (1, 6, 4)

    # Round 6: Blue's 30 in 6th: Blue rolls, Red in 4th does not; Blue loses an engine WP.
    assert table.prompt.fields[0].default == ("blue", "red")  # 42 spaces to 41
    table.confirm().move("blue", 6, 30)("motor_roll", car="blue", value=2)
    assert table.wp("blue", Zone.ENGINE) == 2
    # Blue's marker: where it stood when it lost the WP.
    (marker,) = damage_markers(table.state)
    assert marker == DamageMarker(marker.key, "blue", 6)
    # Red passes over it (road handling 1) and rolls 20 in 5th: both cars roll.
    table.move("red", 5, 20, markers=[marker.key])("handling_roll", car="red", value=3)
    table("motor_roll", car="red", value=9)("motor_roll", car="blue", value=17)
    assert (table.wp("red", Zone.ROAD_HANDLING), table.wp("red", Zone.ENGINE)) == (1, 3)

    # Round 7: both cross the line on their second lap; Red ends farther past it.
    table.confirm().move("blue", 6, 24, finish=20).move("red", 5, 18, finish=12)
    assert table.state.finished and table.asked == ()
    # Where each car got, as the dashboard says: Red's 14 spaces to the pits and 2 out of them
    # in round 5, Blue's Great Start of 4.
    red, blue = dashboard(table.state)
    assert (red.car, red.laps, red.spaces, red.spun) == (
        "red",
        2,
        2 + 3 + 8 + 12 + 14 + 2 + 20 + 18,
        False,
    )
    assert (blue.car, blue.laps, blue.spaces) == ("blue", 2, 4 + 4 + 7 + 11 + 16 + 30 + 24)
    assert results(table.state) == (
        CarResult("red", 1, True, distance=red.spaces, note="finished in round 7"),
        CarResult("blue", 2, True, distance=blue.spaces, note="finished in round 7"),
    )
    assert replay(table.setup, table.events) == table.state
    assert state_from_dict(state_to_dict(table.state)) == table.state


def test_results_rank_finishers_in_crossing_order_then_eliminated_cars_farther_along_first():
    table = under_way("red", "blue", "green", "yellow")
    table.edit_car("red", laps=1).edit_car("green", laps=1).edit_car("yellow", tires=1)
    table.order("red", "blue", "green", "yellow")
    table.move("red", 2, 3, finish=1)  # 2 past the line
    table.move("blue", 2, 4, blocked=2)  # blocked 2: 2 brake WP, on 3 spaces
    table.confirm_fact()  # Red has crossed the line: Paddock has no car ahead of Blue
    table.move("green", 2, 4, finish=1)  # 3 past the line: ahead of Red in the same round
    table.move("yellow", 2, 4, corner=1, overshoot=2)  # out on 5 spaces
    # Blue is the only car left: no order to confirm.
    assert (table.state.round, table.prompt.kind, table.prompt.car) == (3, "gear", "blue")
    table.move("blue", 2, 2, brakes=1)  # 4 spaces
    table.move("blue", 1, 1, corner=2, overshoot=1)  # out on 5 spaces, later
    ranked = results(table.state)
    assert [(r.car, r.place, r.finished, r.out_reason) for r in ranked] == [
        ("green", 1, True, None),
        ("red", 2, True, None),
        ("blue", 3, False, "stops"),
        ("yellow", 4, False, "tires"),
    ]
    assert ranked[2].note == "eliminated: skipped more than one stop in a corner"


def test_of_two_eliminated_cars_the_farther_along_ranks_first_laps_before_spaces():
    table = in_gear(under_way("red", "blue", "green"), red=4).edit_car("blue", laps=1)
    table.edit_car("green", laps=1).confirm()
    table.move("blue", 1, 1, corner=2, overshoot=1)  # out, lap 1 done, 2 spaces
    table.move("green", 1, 1, finish=1)
    table.move("red", 4, 12, blocked=7)  # out on lap 1 with 6 spaces: behind Blue
    table.confirm_fact()  # the others are off the track: Paddock has no car ahead of Red
    assert [r.car for r in results(table.state)] == ["green", "blue", "red"]


def test_no_results_before_the_race_is_over():
    with pytest.raises(EventRejected, match="not finished"):
        results(under_way().state)


def test_the_race_ends_when_every_car_has_finished_or_been_eliminated():
    table = under_way().edit_car("red", laps=1).confirm()
    table.move("red", 2, 3, finish=1)
    assert not table.state.finished
    table.move("blue", 2, 4, blocked=3, corner=2, overshoot=1)
    # Red has crossed the line: the block is put to the referee before the race is over.
    assert not table.state.finished
    table.confirm_fact()
    assert table.state.finished
    assert [r.car for r in results(table.state)] == ["red", "blue"]


def test_a_race_of_the_league_s_defaults():
    assert race_setup("red", "blue", "green").laps == 2
