"""The log in words: what each Formula D event did, as the table would say it (issue 8: its events
showed their raw facts, "move red: roll 9, brakes 2")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import Event, apply, describe, start
from tests.rules.formula_d.race.table import Table, in_gear, race_setup, under_way
from tests.rules.test_contract import SEEDS, play


def said(table: Table, kind: str, **data: Any) -> str:
    before = table.state
    table(kind, **data)
    return describe(before, Event(kind, data), table.state)


def red_to_move(gear: int = 4, **changes: Any) -> Table:
    """Round 2, Red's move in `gear` is next (Blue in 1st behind it)."""
    table = in_gear(under_way(), red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


# --- The grid and the start --------------------------------------------------------------------


def test_each_grid_roll_says_the_place_so_far_and_the_last_one_the_grid():
    table = Table(race_setup("red", "blue", "green"))
    assert said(table, "grid_roll", car="red", value=9) == (
        "Red (Jane Doe) qualifies 9: 1st on the grid so far"
    )
    assert said(table, "grid_roll", car="blue", value=14) == (
        "Blue (Ada Fangio) qualifies 14: 1st on the grid so far"
    )
    assert said(table, "grid_roll", car="green", value=2) == (
        "Green (Mario Unser) qualifies 2: 3rd on the grid; the grid: Blue, Red, Green"
    )


def test_a_tie_on_the_grid_rolls_off_until_the_higher_roll_takes_the_forward_place():
    table = Table(race_setup("red", "blue", "green"))
    said(table, "grid_roll", car="red", value=9)
    assert said(table, "grid_roll", car="blue", value=9) == (
        "Blue (Ada Fangio) qualifies 9: level with Red for 1st so far"
    )
    assert said(table, "grid_roll", car="green", value=12) == (
        "Green (Mario Unser) qualifies 12: 1st on the grid"
    )
    table = Table().grid(red=9)
    assert said(table, "grid_roll", car="blue", value=9) == (
        "Blue (Ada Fangio) qualifies 9: level with Red for 1st, a roll-off"
    )
    assert said(table, "tie_roll", car="red", value=5) == "Red rolls 5 in the roll-off"
    assert said(table, "tie_roll", car="blue", value=5) == (
        "Blue rolls 5 in the roll-off: still level with Red"
    )
    said(table, "tie_roll", car="red", value=3)
    assert said(table, "tie_roll", car="blue", value=18) == (
        "Blue rolls 18 in the roll-off: 1st on the grid; the grid: Blue, Red"
    )


def test_the_start_roll_says_poor_normal_or_great_start():
    table = Table().grid(red=15, blue=8)
    assert said(table, "start_roll", car="red", value=1) == (
        "Red stalls on the start roll (1): Poor Start, misses its first turn"
    )
    assert said(table, "start_roll", car="blue", value=12) == (
        "Blue gets away on the start roll (12): Normal Start, into 1st"
    )
    assert said(table, "move", car="blue", roll=2) == "Blue moves 2 spaces in 1st"
    table.order("red", "blue")
    assert said(table, "move", car="red", roll=1) == "Red moves 1 space in 1st"  # in 1st at once
    table = Table().grid(red=15, blue=8)
    assert said(table, "start_roll", car="red", value=20) == (
        "Red gets a Great Start on the start roll (20): 4 spaces at once"
    )
    assert said(table, "move", car="red") == "Red makes its Great Start: 4 spaces in 1st"


# --- Order of Play and gears -------------------------------------------------------------------


def test_the_order_of_play_says_when_the_board_corrected_the_proposal():
    assert said(under_way(), "order", order=["red", "blue"]) == "Round 2 order: Red, Blue"
    assert said(under_way(), "order", order=["blue", "red"]) == (
        "Round 2 order: Blue, Red (corrected from the board)"
    )


def test_a_gear_change_says_the_gear_and_what_skipping_gears_costs():
    def geared(gear: int, **changes: Any) -> str:
        table = in_gear(under_way(), red=6).edit_car("red", **changes).confirm()
        return said(table, "gear", car="red", gear=gear)

    assert geared(6) == "Red stays in 6th"
    assert geared(5) == "Red into 5th"
    assert geared(4) == "Red into 4th, skipping a gear: 1 gearbox WP"
    assert geared(3) == "Red into 3rd, skipping 2 gears: 1 gearbox WP and 1 brake WP"
    assert geared(2) == (
        "Red into 2nd, skipping 3 gears: 1 gearbox WP, 1 brake WP and 1 engine WP; "
        "a damage marker on its space"
    )
    assert geared(2, engine=1) == (
        "Red into 2nd, skipping 3 gears: 1 gearbox WP, 1 brake WP and 1 engine WP; "
        "eliminated: lost its last engine WP; a damage marker on its space"
    )
    table = in_gear(under_way(), red=4).confirm()
    assert said(table, "gear", car="red", gear=5) == "Red into 5th"


def test_after_a_spin_or_a_slow_stop_the_gear_says_how_the_car_moves_off():
    table = red_to_move(4, tires=1)("move", car="red", roll=9, corner=1, overshoot=1)
    table.move("blue", 1, 1).confirm()
    assert said(table, "gear", car="red", gear=1) == (
        "Red turns round after its spin and drives off in 1st"
    )
    table = red_to_move(5)("move", car="red", roll=15, pit=12)("pit_roll", car="red", value=11)
    table.move("blue", 2, 3).confirm()
    assert said(table, "gear", car="red", gear=3) == "Red moves off from the pits in 3rd"


# --- The move ----------------------------------------------------------------------------------


def test_a_move_says_the_spaces_the_gear_and_the_brake_wp_used():
    assert said(red_to_move(), "move", car="red", roll=9) == "Red moves 9 spaces in 4th"
    assert said(red_to_move(), "move", car="red", roll=11, brakes=2) == (
        "Red moves 9 spaces in 4th, braking 2 (2 brake WP)"
    )


def test_a_blocked_move_says_the_spaces_remaining_and_the_table_s_cost_or_the_elimination():
    assert said(red_to_move(5), "move", car="red", roll=15, blocked=4) == (
        "Red moves 11 spaces in 5th, blocked with 4 spaces remaining (3 brake WP and 1 tire WP)"
    )
    assert said(red_to_move(4), "move", car="red", roll=9, blocked=2) == (
        "Red moves 7 spaces in 4th, blocked with 2 spaces remaining (2 brake WP)"
    )
    assert said(red_to_move(5), "move", car="red", roll=15, blocked=7) == (
        "Red moves 8 spaces in 5th, blocked with 7 spaces remaining: eliminated; "
        "a damage marker on its space"
    )
    assert said(red_to_move(4, brakes=2), "move", car="red", roll=9, blocked=3) == (
        "Red moves 6 spaces in 4th, blocked with 3 spaces remaining, without the WP to stop: "
        "eliminated; a damage marker on its space"
    )


def test_an_overshoot_says_the_corner_the_stops_and_the_tire_wp_a_spin_or_the_elimination():
    assert said(red_to_move(), "move", car="red", roll=9, corner=1, overshoot=2) == (
        "Red moves 9 spaces in 4th, overshoots a 1-stop corner by 2 spaces after no stop "
        "(2 tire WP)"
    )
    assert said(red_to_move(), "move", car="red", roll=9, corner=3, stops=2, overshoot=1) == (
        "Red moves 9 spaces in 4th, overshoots a 3-stop corner by 1 space after 2 stops (1 tire WP)"
    )
    spun = said(red_to_move(tires=1), "move", car="red", roll=9, corner=1, overshoot=1)
    assert spun == (
        "Red moves 9 spaces in 4th, overshoots a 1-stop corner by 1 space after no stop: loses "
        "its last tire WP and spins, drives off in 1st next turn"
    )
    assert said(red_to_move(tires=1), "move", car="red", roll=9, corner=1, overshoot=2) == (
        "Red moves 9 spaces in 4th, overshoots a 1-stop corner by 2 spaces after no stop, more "
        "than its 1 tire WP: eliminated; a damage marker on its space"
    )
    assert said(red_to_move(), "move", car="red", roll=9, corner=3, stops=1, overshoot=1) == (
        "Red moves 9 spaces in 4th, overshoots a 3-stop corner after 1 stop: skipped more than "
        "one stop, eliminated; a damage marker on its space"
    )


def slipstreaming(**changes: Any) -> Table:
    table = in_gear(under_way(), red=4).edit_car("red", **changes)
    table.edit_car("blue", gear=4, speed=9)
    return table.order("red", "blue")("gear", car="red", gear=4)


def test_a_slipstream_says_behind_whom_and_its_brake_wp():
    assert said(slipstreaming(), "move", car="red", roll=9, slipstream=["blue"]) == (
        "Red moves 12 spaces in 4th, slipstreaming behind Blue (+3)"
    )
    shortened = said(
        slipstreaming(),
        "move",
        car="red",
        roll=9,
        slipstream=["blue"],
        slipstream_brakes=2,
        slipstream_corner=True,
    )
    assert shortened == (
        "Red moves 10 spaces in 4th, slipstreaming behind Blue (+3), braking 2 of it "
        "(2 brake WP), carried into a corner by the slipstream (1 brake WP)"
    )


def test_a_move_says_the_damage_markers_passed_and_the_cars_beside_it():
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    table("collision_roll", car="red", value=1)("gear", car="blue", gear=2)
    marker = table.state.markers[0].key
    assert said(table, "move", car="blue", roll=4, markers=[marker], adjacent=["red"]) == (
        "Blue moves 4 spaces in 2nd, over the damage marker where Red stood in round 2, "
        "next to or behind Red"
    )


def test_a_20_in_5th_says_who_rolls_for_motor_damage():
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=4, green=6)
    table.order("red", "green", "blue")("gear", car="red", gear=5)
    assert said(table, "move", car="red", roll=20) == (
        "Red moves 20 spaces in 5th; a 20 in 5th: Motor Damage, Red and Green roll black"
    )


def test_a_car_eliminated_on_a_20_in_5th_leaves_its_marker_and_the_others_still_roll():
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=4, green=6)
    table.order("red", "green", "blue")("gear", car="red", gear=5)
    assert said(table, "move", car="red", roll=20, blocked=7, adjacent=["blue"]) == (
        "Red moves 13 spaces in 5th, blocked with 7 spaces remaining: eliminated; a damage marker "
        "on its space; a 20 in 5th: Motor Damage, Green rolls black"
    )


def test_the_pits_and_the_quick_stop_s_move_out_of_them():
    table = red_to_move(3, tires=2)
    assert said(table, "move", car="red", roll=8, pit=5) == (
        "Red rolls 8 in 3rd and enters the pits (5 needed), lap 1 done, its tire WP back to 6"
    )
    assert said(table, "pit_roll", car="red", value=9) == (
        "Red's pit stop roll: 9, Quick Stop: leaves the pits now in 4th, 5 spaces"
    )
    assert said(table, "move", car="red", brakes=1) == (
        "Red leaves the pits (Quick Stop): 4 spaces in 4th, braking 1 (1 brake WP)"
    )
    table = red_to_move(5)("move", car="red", roll=15, pit=12)
    assert said(table, "pit_roll", car="red", value=11) == (
        "Red's pit stop roll: 11, Slow Stop: waits in the pits until next round, then moves off "
        "in 4th or lower"
    )


def test_the_line_says_the_lap_done_or_the_place_finished():
    table = red_to_move()
    assert said(table, "move", car="red", roll=9, finish=3.5) == (
        "Red moves 9 spaces in 4th, crosses the line: lap 1 of 2 done"
    )
    table = in_gear(under_way(), red=4, blue=4).edit_car("red", laps=1).edit_car("blue", laps=1)
    table.order("red", "blue")("gear", car="red", gear=4)
    assert said(table, "move", car="red", roll=9, finish=8) == (
        "Red moves 9 spaces in 4th, crosses the line and finishes 1st so far"  # Blue may pass
    )
    table("gear", car="blue", gear=4)
    assert said(table, "move", car="blue", roll=10, finish=7) == (
        "Blue moves 10 spaces in 4th, crosses the line and finishes 1st; the race is over"
    )
    table = in_gear(under_way(), red=4).edit_car("red", laps=1).confirm()
    table("gear", car="red", gear=4)
    assert said(table, "move", car="red", roll=9, finish=8) == (
        "Red moves 9 spaces in 4th, crosses the line and finishes 1st"  # Blue on lap 1
    )


# --- The rolls a move calls for ----------------------------------------------------------------


def test_the_collision_roll_says_the_car_body_wp_lost_and_the_marker():
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    assert said(table, "collision_roll", car="red", value=1) == (
        "Red's collision roll: 1, loses 1 car body WP; a damage marker on its space"
    )
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    assert said(table, "collision_roll", car="red", value=2) == "Red's collision roll: 2, no damage"
    table = red_to_move(body=1)("move", car="red", roll=9, adjacent=["blue"])
    assert said(table, "collision_roll", car="red", value=1) == (
        "Red's collision roll: 1, loses its last car body WP: eliminated; "
        "a damage marker on its space"
    )


def test_the_motor_damage_roll_says_the_engine_wp_lost():
    table = in_gear(under_way("red", "blue", "green"), red=5, blue=6)
    table.order("red", "blue", "green")("gear", car="red", gear=5)("move", car="red", roll=19)
    table("gear", car="blue", gear=5)("move", car="blue", roll=20)
    assert said(table, "motor_roll", car="blue", value=2) == (
        "Blue's motor damage roll: 2, loses 1 engine WP; a damage marker on its space"
    )
    assert said(table, "motor_roll", car="red", value=5) == "Red's motor damage roll: 5, no damage"


def test_the_road_handling_roll_names_the_marker_and_says_the_wp_lost():
    table = red_to_move()("move", car="red", roll=9, adjacent=["blue"])
    table("collision_roll", car="red", value=1)("gear", car="blue", gear=2).edit_car(
        "blue", road_handling=1
    )
    table("move", car="blue", roll=4, markers=[table.state.markers[0].key])
    assert said(table, "handling_roll", car="blue", value=3) == (
        "Blue's road handling roll for the damage marker where Red stood in round 2: 3, loses "
        "its last road handling WP: eliminated; a damage marker on its space"
    )


# --- A whole race ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_every_event_of_a_random_race_is_said_in_words(seed):
    race_setup_, events, _state = play("formula_d", seed)
    state, _asked = start(race_setup_)
    for event in events:
        after, _asked = apply(state, event)
        text = describe(state, event, after)
        assert text and len(text) <= 300, (event, text)
        state = after
    assert text.endswith("; the race is over")
