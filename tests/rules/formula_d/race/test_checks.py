"""Rolls after a move, one prompt each: road handling, the collision roll, Motor Damage, and the
pit stop roll; damage markers where WP were lost."""

import pytest

from rules.engine import Event, EventRejected, apply, dashboard
from rules.formula_d import Zone
from tests.rules.formula_d.race.table import Table, in_gear, under_way


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def owed(table: Table) -> list[tuple[str, str]]:
    return [(prompt.kind, prompt.car) for prompt in table.asked]


def red_to_move(gear: int = 4, **changes) -> Table:
    table = in_gear(under_way(), red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


# --- Collision -------------------------------------------------------------------------------


def test_a_car_ending_next_to_or_behind_cars_rolls_once_and_loses_a_body_wp_on_1():
    table = in_gear(under_way("red", "blue", "green"), red=4).confirm()
    table("gear", car="red", gear=4)("move", car="red", roll=9, adjacent=["blue", "green"])
    assert owed(table) == [("collision_roll", "red")]
    assert table.prompt.text == (
        "Red (Jane Doe) ended next to or behind Blue and Green: collision roll, roll black "
        "(1: -1 car body WP)"
    )
    table("collision_roll", car="red", value=1)
    assert table.wp("red", Zone.BODY) == 2
    red = table.car("red")
    assert [(m.car, m.at, m.round) for m in table.state.markers] == [("red", red.moved_at, 2)]
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")


def test_a_collision_roll_of_2_does_nothing():
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    table("collision_roll", car="red", value=2)
    assert (table.wp("red", Zone.BODY), table.state.markers) == (3, ())


def test_losing_the_last_car_body_wp_eliminates_the_car():
    table = red_to_move(body=1)("move", car="red", roll=9, adjacent=["blue"])
    table("collision_roll", car="red", value=1)
    assert (table.car("red").out_reason, len(table.state.markers)) == ("body", 1)


# --- Motor Damage ----------------------------------------------------------------------------


def three_fast_cars() -> Table:
    """Red in 5th to move, Green in 6th, Blue in 4th."""
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=4, green=6)
    return table.order("red", "green", "blue")("gear", car="red", gear=5)


def test_a_20_in_5th_calls_every_car_in_5th_or_6th_to_roll_the_roller_first():
    table = three_fast_cars()("move", car="red", roll=20)
    assert owed(table) == [("motor_roll", "red"), ("motor_roll", "green")]
    assert table.prompt.text == (
        "Red rolled 20 in 5th: Motor Damage, Red (Jane Doe) in 5th rolls black (1-4: -1 engine WP)"
    )
    table("motor_roll", car="red", value=4)("motor_roll", car="green", value=5)
    assert (table.wp("red", Zone.ENGINE), table.wp("green", Zone.ENGINE)) == (2, 3)
    assert [m.car for m in table.state.markers] == ["red"]
    assert (table.prompt.kind, table.prompt.car) == ("gear", "green")


def test_a_19_in_5th_calls_for_no_roll():
    table = three_fast_cars()("move", car="red", roll=19)
    assert (table.prompt.kind, table.prompt.car) == ("gear", "green")


def test_a_30_in_6th_does_and_the_roller_is_the_first_to_roll():
    table = three_fast_cars()("move", car="red", roll=19)("gear", car="green", gear=6)
    table("move", car="green", roll=30)
    assert owed(table) == [("motor_roll", "green"), ("motor_roll", "red")]


def test_the_last_engine_wp_lost_eliminates_and_the_others_still_roll():
    table = three_fast_cars().edit_car("red", engine=1)("move", car="red", roll=20)
    table("motor_roll", car="red", value=1)
    assert (table.car("red").out_reason, owed(table)) == ("engine", [("motor_roll", "green")])


def test_rolls_after_a_move_road_handling_then_collision_then_motor_damage():
    table = three_fast_cars()("move", car="red", roll=19, adjacent=["green"])
    table("collision_roll", car="red", value=1)  # a marker where Red stands
    table("gear", car="green", gear=6)
    marker = table.state.markers[0].key
    assert dict(table.field("markers").choices) == {marker: "R2: Red (Round 2, where Red stood)"}
    table("move", car="green", roll=30, markers=[marker], adjacent=["red"])
    assert owed(table) == [
        ("handling_roll", "green"),
        ("collision_roll", "green"),
        ("motor_roll", "green"),
        ("motor_roll", "red"),
    ]


# --- Damage and Road Handling ----------------------------------------------------------------


def marker_down() -> Table:
    """Red lost a car body WP in a collision after its move: Blue's move is next."""
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    return table("collision_roll", car="red", value=1)("gear", car="blue", gear=2)


def test_a_car_passing_over_or_landing_on_a_dangerous_space_rolls_losing_a_wp_on_1_to_4():
    table = marker_down()
    key = table.state.markers[0].key
    table("move", car="blue", roll=4, markers=[key])
    assert table.prompt.text == (
        "Blue (Ada Fangio) passed over the damage marker (Round 2, where Red stood): road "
        "handling roll, roll black (1-4: -1 road handling WP)"
    )
    table("handling_roll", car="blue", value=4)
    assert table.wp("blue", Zone.ROAD_HANDLING) == 1
    assert len(table.state.markers) == 1  # road handling WP leave no marker
    table = marker_down()("move", car="blue", roll=4, markers=[key])
    table("handling_roll", car="blue", value=5)
    assert table.wp("blue", Zone.ROAD_HANDLING) == 2


def test_losing_the_last_road_handling_wp_eliminates_and_leaves_a_marker_where_it_stopped():
    table = marker_down().edit_car("blue", road_handling=1)
    table("move", car="blue", roll=4, markers=[table.state.markers[0].key])
    table("handling_roll", car="blue", value=1)
    assert table.car("blue").out_reason == "handling"
    assert [m.car for m in table.state.markers] == ["red", "blue"]


def test_a_car_does_not_roll_for_the_space_it_leaves():
    table = marker_down()("move", car="blue", roll=2).confirm()("gear", car="red", gear=4)
    assert "markers" not in [field.name for field in table.prompt.fields]


# --- Pit Stop --------------------------------------------------------------------------------


def test_a_car_entering_the_pits_on_lap_1_gets_its_tires_back_then_rolls():
    table = red_to_move(tires=2)("move", car="red", roll=9, pit=7)
    red = table.car("red")
    assert (red.laps, red.pits, red.sheet.tires) == (1, 1, 6)
    assert owed(table) == [("pit_roll", "red")]
    assert table.prompt.text.startswith(
        "Red (Jane Doe) is in the pits with its tire WP back (6): pit stop roll, roll black "
        "(1-10: Quick Stop"
    )


def test_a_quick_stop_1_to_10_leaves_at_once_in_4th_for_half_the_roll_rounded_up():
    table = red_to_move(3)("move", car="red", roll=8, pit=5)("pit_roll", car="red", value=9)
    assert (table.prompt.kind, table.prompt.car) == ("move", "red")
    assert table.prompt.text == (
        "Round 2: Red (Jane Doe) leaves the pits in 4th (Quick Stop): it may move 5 spaces; "
        "report the board"
    )
    assert "roll" not in [field.name for field in table.prompt.fields]
    table("move", car="red")
    assert (table.car("red").gear, table.car("red").spaces) == (4, 11)
    table.move("blue", 1, 1).confirm()
    assert set(dict(table.field("gear").choices)) == {"1", "2", "3", "4", "5"}  # from 4th
    table = red_to_move(3)("move", car="red", roll=8, pit=5)("pit_roll", car="red", value=10)
    assert table.state.fixed_move == 5


def test_a_slow_stop_11_to_20_waits_a_round_then_moves_off_in_4th_or_lower():
    table = red_to_move(5)("move", car="red", roll=15, pit=12)("pit_roll", car="red", value=11)
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    assert table.car("red").in_pits
    assert "adjacent" not in [field.name for field in table.prompt.fields]  # Red is in its pit
    table("gear", car="blue", gear=2)("move", car="blue", roll=3)
    assert dashboard(table.state)[0].note == (
        "in the pits: moves off in 4th or lower next round; 1 lap of 2 done"
    )
    table.confirm()
    assert table.prompt.text == (
        "Round 3: Red (Jane Doe) in 5th (in the pits: moves off in 4th or lower): choose a gear"
    )
    assert dict(table.field("gear").choices) == {
        "1": "1st (free)",
        "2": "2nd (free)",
        "3": "3rd (free)",
        "4": "4th (free)",
    }
    table("gear", car="red", gear=4)
    assert (table.car("red").in_pits, table.wp("red", Zone.GEARBOX)) == (False, 3)


def test_a_car_in_its_pit_does_not_roll_for_motor_damage():
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=5, green=5).order(
        "red", "green", "blue"
    )
    table("gear", car="red", gear=5)("move", car="red", roll=15, pit=12)
    table("pit_roll", car="red", value=15)
    table("gear", car="green", gear=5)("move", car="green", roll=20)
    assert owed(table) == [("motor_roll", "green"), ("motor_roll", "blue")]


def test_the_pits_need_the_minimum_roll_and_end_the_move():
    refused(red_to_move(), "move", "rolled 9: it needed 10 or more", car="red", roll=9, pit=10)
    refused(red_to_move(), "move", "stopped in its pit", car="red", roll=9, pit=7, finish=2)
    refused(red_to_move(), "move", "stopped in its pit", car="red", roll=9, pit=7, brakes=1)


def test_one_pit_stop_at_the_end_of_the_first_lap():
    table = red_to_move(laps=1)
    assert "pit" not in [field.name for field in table.prompt.fields]
    refused(table, "move", "only at the end of the first lap, once", car="red", roll=9, pit=7)


def test_a_roller_out_or_past_the_line_does_not_roll_but_the_others_still_do():
    table = three_fast_cars()("move", car="red", roll=20, blocked=7)
    # Red moves first: its block is put to the referee first (Paddock has no car ahead of it).
    assert (table.car("red").out_reason, owed(table)) == (
        "blocked",
        [("confirm_fact", "red"), ("motor_roll", "green")],
    )
    table = three_fast_cars().edit_car("red", laps=1)("move", car="red", roll=20, finish=3)
    assert (table.car("red").status, owed(table)) == ("finished", [("motor_roll", "green")])
