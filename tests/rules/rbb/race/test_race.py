"""An RBB race as a whole: the log in words, snapshots, replay, the status line and the
dashboard."""

import json
from dataclasses import replace

from rules.engine import (
    dashboard,
    dashboard_columns,
    describe,
    replay,
    ruleset_for,
    state_from_dict,
    state_to_dict,
    status,
)
from tests.rules.rbb.race.table import Table, race_setup, red_to_move, under_way


def test_the_dashboard_shows_the_gear_the_six_zones_as_rbb_names_them_and_the_laps():
    table = Table()
    labels = [column.title for column in dashboard_columns(table.state)]
    assert labels == [
        "Gear",
        "Tyres WP",
        "Brakes WP",
        "Gears WP",
        "Body WP",
        "Engine WP",
        "Handling WP",
        "Laps completed",
    ]
    assert dashboard(table.state)[0].value("gear") is None


def test_the_log_says_what_each_event_did():
    table = Table(race_setup(grid=["blue", "red"]))
    said = []
    for kind, data in [
        ("grid", {"order": ["blue", "red"]}),
        ("start_roll", {"car": "blue", "value": 20}),
        ("move", {"car": "blue"}),
        ("start_roll", {"car": "red", "value": 1}),
    ]:
        before = table.state
        table(kind, **data)
        said.append(describe(before, table.events[-1], table.state))
    assert said == [
        "The grid: Blue, Red",
        "Blue's start: 20, a fantastic start: 4 spaces in 1st",
        "Blue moves 4 spaces in 1st",
        "Red's start: 1, a stall: misses its turn",
    ]


def test_a_move_s_words_name_the_slipstream_the_wear_and_who_went_out():
    table = red_to_move(4)
    before = table.state
    table("move", car="red", roll=9, slipstream=True, corner=2, overshoot=2, stops=1)
    assert describe(before, table.events[-1], table.state) == (
        "Red moves 12 spaces in 4th, slipstreaming; Red -2 tyres WP"
    )
    table = red_to_move(5)
    before = table.state
    table("move", car="red", roll=15, blocked=7, blocked_by=["blue"])
    assert describe(before, table.events[-1], table.state) == (
        "Red moves 8 spaces in 5th; Red eliminated: blocked 7 spaces or more, or without the WP "
        "to stop; Blue -1 body WP"
    )


def test_the_race_replays_and_round_trips_through_json():
    table = Table().grid(red=12, blue=3).starts(red=10, blue=10).confirm()
    table.move("red", 2, 3, adjacent=["blue"])("body_roll", car="red", value=1)
    table("body_roll", car="blue", value=9)
    assert replay(table.setup, table.events) == table.state
    assert state_from_dict(json.loads(json.dumps(state_to_dict(table.state)))) == table.state
    assert status(table.state) == "Round 2 · a race of 2 laps"
    assert ruleset_for("rbb").title == "RBB championship"


def test_racers_out_place_by_the_position_reached_counting_the_grid_slot():
    # "in order of the position they reached on the circuit closest to the finish line": Red,
    # from pole, 51 spaces on, reached further than Yellow, from 4th on the grid, 52 spaces on.
    table = under_way("red", "blue", "green", "yellow")
    table.edit_car("blue", status="out", out_reason="body", spaces=45, out_at=3)
    table.edit_car("green", status="out", out_reason="body", spaces=40, out_at=4)
    table.edit_car("yellow", status="out", out_reason="body", spaces=52, out_at=5)
    table.edit_car("red", status="out", out_reason="body", spaces=51, out_at=2)
    placed = [
        result.car for result in ruleset_for("rbb").results(replace(table.state, phase="finished"))
    ]
    assert placed == ["red", "yellow", "blue", "green"]
