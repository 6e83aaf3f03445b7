"""A move at the table: braking, blocked by a car, corners and overshooting, slipstreaming,
crossing the line."""

import pytest

from rules.engine import Event, EventRejected, apply, dashboard
from rules.formula_d import Zone
from tests.rules.formula_d.race.table import Table, in_gear, under_way


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def red_to_move(gear: int = 4, **changes) -> Table:
    """Round 2, Red's move in `gear` is next (Blue in 1st behind it)."""
    table = in_gear(under_way(), red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


def fields(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def test_the_move_prompt_asks_for_the_gear_die_and_the_board_facts():
    table = red_to_move(3)
    assert table.prompt.text == "Round 2: Red (Jane Doe) in 3rd: roll red"
    assert fields(table) == [
        "roll",
        "brakes",
        "blocked",
        "corner",
        "stops",
        "overshoot",
        "adjacent",
        "pit",
        "finish",
    ]
    assert all(not f.required for f in table.prompt.fields[1:])
    table("move", car="red", roll=7)
    assert (table.car("red").spaces, table.car("red").speed) == (8, 7)


# --- Braking ---------------------------------------------------------------------------------


def test_braking_costs_a_brake_wp_a_space_not_advanced():
    table = red_to_move(3)("move", car="red", roll=8, brakes=2)
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (7, 1)


def test_braking_with_brake_wp_the_car_does_not_have_is_refused():
    refused(red_to_move(3, brakes=1), "move", "at most 1, not 2", car="red", roll=8, brakes=2)
    refused(red_to_move(3), "move", "cannot stop 9 spaces short", car="red", roll=8, blocked=9)


def test_blocked_6_spaces_costs_3_brake_and_3_tire_wp():
    table = red_to_move(5)("move", car="red", roll=15, blocked=6)
    red = table.car("red")
    assert (red.sheet.brakes, red.sheet.tires, red.spaces, red.racing) == (0, 3, 10, True)


def test_blocked_7_spaces_eliminates_the_car_and_leaves_a_marker():
    table = red_to_move(5)("move", car="red", roll=15, blocked=7)
    red = table.car("red")
    assert (red.status, red.out_reason, red.spaces) == ("out", "blocked", 9)
    assert [(m.car, m.at) for m in table.state.markers] == [("red", red.moved_at)]
    # Red moves first, so Paddock has no car ahead of it: the block is confirmed from the board.
    assert (table.prompt.kind, table.prompt.car) == ("confirm_fact", "red")
    table("confirm_fact", car="red", confirm="board")
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")


def test_blocked_without_the_brake_wp_of_the_row_eliminates_the_car():
    table = red_to_move(4, brakes=2)("move", car="red", roll=9, blocked=3)
    assert table.car("red").out_reason == "blocked"
    table = red_to_move(4, brakes=3)("move", car="red", roll=9, blocked=3)
    assert (table.car("red").racing, table.wp("red", Zone.BRAKES)) == (True, 0)


def test_a_blocked_car_moves_as_far_as_it_can_it_does_not_also_brake():
    refused(
        red_to_move(4),
        "move",
        "moves forward as far as possible",
        car="red",
        roll=9,
        brakes=1,
        blocked=2,
    )


# --- Corners and overshooting ----------------------------------------------------------------


def test_overshooting_costs_a_tire_wp_a_space():
    table = red_to_move(4)("move", car="red", roll=9, corner=1, overshoot=2)
    assert (table.wp("red", Zone.TIRES), table.car("red").spun) == (4, False)


def test_losing_the_last_tire_wp_overshooting_spins_the_car_which_drives_off_in_1st():
    table = red_to_move(4, tires=1)("move", car="red", roll=9, corner=1, overshoot=1)
    red = table.car("red")
    assert (red.sheet.tires, red.spun, red.racing) == (0, True, True)
    (view,) = (view for view in dashboard(table.state) if view.car == "red")
    assert (view.note, view.spun) == ("spun: drives off in 1st next turn", True)
    table.move("blue", 1, 1).confirm()
    assert (
        table.prompt.text
        == "Round 3: Red (Jane Doe) in 4th (spun: drives off in 1st): choose a gear"
    )
    assert dict(table.field("gear").choices) == {"1": "1st (free)"}
    table("gear", car="red", gear=1)
    assert (table.wp("red", Zone.GEARBOX), table.car("red").spun) == (3, False)
    assert not any(view.spun for view in dashboard(table.state))


def test_overshooting_the_last_tire_wp_by_2_spaces_eliminates_the_car():
    table = red_to_move(4, tires=1)("move", car="red", roll=9, corner=1, overshoot=2)
    assert (table.car("red").status, table.car("red").out_reason) == ("out", "tires")


def test_skipping_two_stops_eliminates_the_car_whatever_its_tires():
    table = red_to_move(4)("move", car="red", roll=9, corner=2, stops=0, overshoot=1)
    assert table.car("red").out_reason == "stops"
    table = red_to_move(4)("move", car="red", roll=9, corner=3, stops=1, overshoot=1)
    assert table.car("red").out_reason == "stops"
    table = red_to_move(4)("move", car="red", roll=9, corner=3, stops=2, overshoot=1)
    assert (table.car("red").racing, table.wp("red", Zone.TIRES)) == (True, 5)


def test_corner_figures_that_cannot_happen_are_refused():
    refused(red_to_move(4), "move", "say which corner", car="red", roll=9, overshoot=2)
    refused(red_to_move(4), "move", "no overshoot", car="red", roll=9, corner=1)
    refused(
        red_to_move(4),
        "move",
        "did not overshoot",
        car="red",
        roll=9,
        corner=2,
        stops=2,
        overshoot=1,
    )
    refused(
        red_to_move(4),
        "move",
        "cannot have overshot by 10",
        car="red",
        roll=9,
        corner=1,
        overshoot=10,
    )
    refused(red_to_move(4), "move", "at most 3", car="red", roll=9, corner=4, overshoot=1)


def test_blocked_tires_are_paid_before_the_overshoot_is_counted():
    # Blocked 4 short (3 brake WP, 1 tire WP), then 5 spaces beyond a corner with 5 tire WP left:
    # the last tire WP lost overshooting, a spin.
    table = red_to_move(5)("move", car="red", roll=15, blocked=4, corner=1, overshoot=5)
    assert (table.wp("red", Zone.TIRES), table.car("red").spun) == (0, True)


# --- Slipstreaming ---------------------------------------------------------------------------


def slipstreaming(red: int = 4, blue: int = 4, blue_speed: int = 9, **changes) -> Table:
    """Blue moved at `blue_speed` in `blue` gear; Red (with `changes`) in `red` gear to move."""
    table = in_gear(under_way(), red=red).edit_car("red", **changes)
    table.edit_car("blue", gear=blue, speed=blue_speed)
    return table.order("red", "blue")("gear", car="red", gear=red)


def test_a_car_in_4th_or_higher_as_fast_as_the_car_in_front_adds_3_spaces():
    table = slipstreaming()
    assert fields(table)[6:9] == ["slipstream", "slipstream_brakes", "slipstream_corner"]
    assert dict(table.field("slipstream").choices) == {"blue": "Blue (Ada Fangio)"}
    table("move", car="red", roll=9, slipstream=["blue"], adjacent=["blue"])
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (13, 3)


def test_slipstreaming_a_faster_car_is_refused():
    refused(
        slipstreaming(),
        "move",
        "as fast or faster than the car in front: 8 against 9",
        car="red",
        roll=8,
        slipstream="blue",
    )


def test_slipstreaming_needs_both_cars_in_4th_or_higher():
    table = slipstreaming(red=3)
    assert "slipstream" not in fields(table)
    refused(
        table,
        "move",
        "Red is in 3rd gear: slipstreaming needs both cars in 4th",
        car="red",
        roll=8,
        slipstream="blue",
    )
    table = slipstreaming(blue=3, blue_speed=8)
    assert "slipstream" not in fields(table)  # no car in front in 4th or higher
    table = in_gear(under_way("red", "blue", "green"), red=4, green=5)
    table.edit_car("blue", gear=3, speed=8).order("red", "green", "blue")("gear", car="red", gear=4)
    assert dict(table.field("slipstream").choices) == {"green": "Green (Mario Unser)"}
    refused(table, "move", "'blue' is not one of green", car="red", roll=9, slipstream="blue")


def test_braking_to_take_advantage_of_slipstreaming_is_prohibited():
    refused(
        slipstreaming(),
        "move",
        "Braking to take advantage",
        car="red",
        roll=10,
        brakes=1,
        slipstream="blue",
    )
    refused(
        slipstreaming(), "move", "without braking", car="red", roll=10, blocked=1, slipstream="blue"
    )


def test_the_slipstream_may_be_shortened_with_brake_wp_and_into_a_corner_costs_one():
    table = slipstreaming()("move", car="red", roll=9, slipstream="blue", slipstream_brakes=2)
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (11, 1)
    table = slipstreaming()("move", car="red", roll=9, slipstream="blue", slipstream_corner=True)
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (13, 2)
    refused(
        slipstreaming(brakes=0),
        "move",
        "costs 1",
        car="red",
        roll=9,
        slipstream="blue",
        slipstream_corner=True,
    )
    refused(slipstreaming(), "move", "name the car", car="red", roll=9, slipstream_brakes=1)


def test_slipstreaming_behind_a_car_that_left_the_pits_without_rolling():
    # A Quick Stop's car moved its halved roll, not a gear-die number: any car in 4th is as fast.
    table = slipstreaming(blue_speed=0)("move", car="red", roll=7, slipstream="blue")
    assert table.car("red").spaces == 11


# --- Laps and the finish ----------------------------------------------------------------------


def test_each_crossing_of_the_line_completes_a_lap_and_the_second_finishes_the_race():
    table = red_to_move(4)("move", car="red", roll=9, finish=3.5)
    assert (table.car("red").laps, table.car("red").racing) == (1, True)
    assert dashboard(table.state)[0].value("laps") == 1
    table.move("blue", 1, 1).confirm().move("red", 4, 10, finish=9.5)
    red = table.car("red")
    assert (red.status, red.laps, red.finish_round, red.past_line) == ("finished", 2, 3, 0.5)
    assert dashboard(table.state)[-1].note == "finished in round 3"


def test_the_line_is_reached_within_the_move():
    refused(
        red_to_move(4),
        "move",
        "cannot have needed 10 to reach the line",
        car="red",
        roll=9,
        finish=10,
    )
    refused(red_to_move(4), "move", "whole or half spaces: 1.25", car="red", roll=9, finish=1.25)


def test_a_car_that_finishes_leaves_the_track_and_makes_no_more_rolls():
    table = red_to_move(4, laps=1)
    refused(table, "move", "makes no more rolls", car="red", roll=9, finish=3, adjacent=["blue"])


def test_an_eliminated_car_cannot_also_cross_the_line():
    table = red_to_move(4, tires=1)
    refused(
        table, "move", "eliminated on this move", car="red", roll=9, corner=1, overshoot=2, finish=1
    )


def test_finished_and_eliminated_cars_leave_the_track():
    table = under_way("red", "blue", "green").edit_car("red", laps=1)
    table.order("red", "blue", "green").move("red", 2, 3, finish=1)
    table.move("blue", 2, 4, corner=2, overshoot=1)  # out: two stops skipped
    table("gear", car="green", gear=2)
    assert "adjacent" not in fields(table)  # nobody left beside Green
    assert [m.car for m in table.state.markers] == ["blue"]  # where Blue went out


def test_the_proposed_order_is_laps_then_spaces_then_gear_then_the_grid():
    table = under_way("red", "blue", "green", "yellow")
    grid = table.state.grid
    slot = {key: index for index, key in enumerate(grid)}
    # Spaces count from each car's grid slot, a space behind the one before it.
    table.edit_car("yellow", laps=1, spaces=3).edit_car("red", spaces=9 + slot["red"])
    table.edit_car("blue", spaces=5 + slot["blue"], gear=2)
    table.edit_car("green", spaces=5 + slot["green"], gear=3)
    assert table.prompt.fields[0].default == ("yellow", "red", "green", "blue")
    table.edit_car("blue", gear=3)  # level on spaces and gear: the grid decides
    level = tuple(key for key in grid if key in ("blue", "green"))
    assert table.prompt.fields[0].default == ("yellow", "red", *level)


def test_a_car_may_carry_on_slipstreaming_behind_another_car():
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=4, green=5)
    table.order("red", "blue", "green")("gear", car="red", gear=5)
    table("move", car="red", roll=14, slipstream=["blue", "green"], slipstream_brakes=1)
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (1 + 14 + 6 - 1, 2)


def test_a_move_without_a_gear_die_has_no_slipstream():
    table = in_gear(under_way(), red=3).edit_car("blue", gear=4, speed=9).order("red", "blue")
    table("gear", car="red", gear=4)("move", car="red", roll=9, pit=5)
    table("pit_roll", car="red", value=6)
    assert "slipstream" not in fields(table)
    refused(table, "move", "did not roll a gear die this move", car="red", slipstream="blue")


def test_a_spin_on_the_way_into_the_pits_is_over_in_the_pit():
    table = red_to_move(4, tires=1)("move", car="red", roll=9, corner=1, overshoot=1, pit=5)
    assert (table.car("red").spun, table.wp("red", Zone.TIRES)) == (False, 6)


def _read_as_written(table: Table) -> Table:
    from dataclasses import replace

    setup = replace(table.state.setup, overshoot_by_more_out=True)
    table.state = replace(table.state, setup=setup)
    return table


def test_overshooting_by_2_with_2_tire_wp_left_spins_or_eliminates_as_the_league_reads_it():
    table = red_to_move(4, tires=2)("move", car="red", roll=9, corner=1, overshoot=2)
    red = table.car("red")
    assert (red.sheet.tires, red.spun, red.racing) == (0, True, True)
    table = _read_as_written(red_to_move(4, tires=2))
    table("move", car="red", roll=9, corner=1, overshoot=2)
    assert (table.car("red").status, table.car("red").out_reason) == ("out", "tires")
    # By 1 space, its last tire WP, it spins either way.
    table = _read_as_written(red_to_move(4, tires=1))(
        "move", car="red", roll=9, corner=1, overshoot=1
    )
    assert (table.car("red").spun, table.car("red").racing) == (True, True)
