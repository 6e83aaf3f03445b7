"""A move at an RBB table: braking and the blocked-braking table with the house rule, tyres and
corners, slipstreaming, gears skipped, crossing the line."""

import pytest

from rules.engine import Event, EventRejected, apply
from rules.formula_d import Zone
from rules.rbb.race import standings
from tests.rules.rbb.race.table import Table, red_to_move, under_way


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


def fields(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def test_the_move_prompt_asks_for_the_gear_die_and_the_board_facts():
    table = red_to_move(4)
    assert table.prompt.text == "Round 2: Red (Jane Doe) in 4th: roll green"
    assert fields(table) == [
        "roll",
        "brakes",
        "blocked",
        "blocked_by",
        "corner",
        "stops",
        "overshoot",
        "slipstream",
        "adjacent",
        "pit",
        "finish",
    ]
    folded = [field.name for field in table.prompt.fields if field.folded]
    assert folded == ["blocked", "blocked_by", "stops", "pit"]
    # The spaces still to reach the line: a key for each up to the gear's most (4th: 12).
    assert table.prompt.fields[-1].chips == 12 + 1
    assert all(field.short for field in table.prompt.fields[1:])


# --- Brakes ------------------------------------------------------------------------------------


def test_braking_costs_a_brake_wp_a_space():
    table = red_to_move(3)("move", car="red", roll=8, brakes=2)
    assert (table.car("red").spaces, table.wp("red", Zone.BRAKES)) == (7, 1)


def test_a_racer_with_0_brake_points_may_not_brake():
    refused(red_to_move(3, brakes=0), "move", "at most 0, not 1", car="red", roll=8, brakes=1)


def test_blocked_5_spaces_costs_3_brake_and_2_tyre_wp():
    table = red_to_move(5)("move", car="red", roll=15, blocked=5)
    assert (table.wp("red", Zone.BRAKES), table.wp("red", Zone.TIRES)) == (0, 4)
    assert table.car("red").racing and not table.car("red").spun


def test_paying_the_last_tyre_wp_to_stop_spins_the_racer():
    table = red_to_move(5, tires=3)("move", car="red", roll=15, blocked=6)
    assert (table.wp("red", Zone.TIRES), table.car("red").spun) == (0, True)
    table.confirm_fact()  # Red moves first: Paddock has no racer ahead of it to block it
    table.move("blue", 1, 1).confirm()
    assert [key for key, _label in table.field("gear").choices] == ["1"]


def test_blocked_7_spaces_eliminates_the_racer_with_a_token_where_it_stops():
    table = red_to_move(5)("move", car="red", roll=15, blocked=7)
    red = table.car("red")
    assert (red.status, red.out_reason, red.spaces) == ("out", "blocked", 9)
    assert [(m.car, m.at) for m in table.state.markers] == [("red", red.moved_at)]


def test_eliminated_behind_the_racer_in_front_costs_it_a_body_wp_and_a_token_house_rule():
    table = red_to_move(5)("move", car="red", roll=15, blocked=8, blocked_by=["blue"])
    assert table.car("red").out_reason == "blocked"
    assert table.wp("blue", Zone.BODY) == 2
    assert sorted(m.car for m in table.state.markers) == ["blue", "red"]


def test_the_house_rule_s_body_wp_can_eliminate_the_racer_in_front():
    table = under_way().edit_car("blue", body=1).edit_car("red", gear=5).confirm()
    table.move("red", 5, 15, blocked=2, blocked_by=["blue"])  # stopped: no harm done
    assert table.car("blue").racing
    table = under_way().edit_car("blue", body=1).edit_car("red", gear=5, brakes=1).confirm()
    table.move("red", 5, 15, blocked=2, blocked_by=["blue"])  # 2 brake WP short: out
    assert (table.car("red").status, table.car("blue").out_reason) == ("out", "body")


def test_blocked_by_needs_a_blockage():
    refused(red_to_move(4), "move", "how many spaces", car="red", roll=9, blocked_by=["blue"])


# --- Tyres -------------------------------------------------------------------------------------


def test_2_spaces_beyond_the_corner_limit_cost_2_tyre_points():
    table = red_to_move(4)("move", car="red", roll=9, corner=1, overshoot=2)
    assert table.wp("red", Zone.TIRES) == 4


@pytest.mark.parametrize(("corner", "stops", "out"), [(2, 0, True), (3, 1, True), (3, 2, False)])
def test_too_few_stops_crash_the_racer_out(corner, stops, out):
    table = red_to_move(4)("move", car="red", roll=9, corner=corner, stops=stops, overshoot=1)
    assert (table.car("red").out_reason == "stops") is out


def test_losing_the_last_tyre_point_spins_and_the_next_one_crashes_out():
    table = red_to_move(4, tires=2)("move", car="red", roll=9, corner=1, overshoot=2)
    assert (table.wp("red", Zone.TIRES), table.car("red").spun) == (0, True)
    table("gear", car="blue", gear=2)("move", car="blue", roll=3).confirm()
    table.move("red", 1, 1, corner=1, overshoot=1)
    assert table.car("red").out_reason == "tires"


# --- Slipstreaming and gears ------------------------------------------------------------------


def test_a_racer_in_4th_slipstreams_3_spaces_whatever_the_car_in_front():
    table = red_to_move(4)("move", car="red", roll=9, slipstream=True)
    assert table.car("red").spaces == 1 + 12


def test_no_slipstream_below_4th_nor_when_blocked():
    table = red_to_move(3)
    assert "slipstream" not in fields(table)
    refused(table, "move", "4th gear or higher", car="red", roll=6, slipstream=True)
    refused(red_to_move(4), "move", "blocked", car="red", roll=9, blocked=2, slipstream=True)


def test_skipping_down_costs_the_table_s_wear_points_and_needs_them():
    table = under_way().edit_car("red", gear=6).confirm()
    choices = dict(table.field("gear").choices)
    assert choices["2"] == "2nd (1 gearbox WP, 1 brake WP and 1 engine WP)"
    assert "1" not in choices  # a fourth gear skipped
    table("gear", car="red", gear=2)
    assert [table.wp("red", z) for z in (Zone.GEARBOX, Zone.BRAKES, Zone.ENGINE)] == [2, 2, 2]
    table = under_way().edit_car("red", gear=6, brakes=0).confirm()
    assert list(dict(table.field("gear").choices)) == ["4", "5", "6"]  # 3rd: no brake WP


# --- The line ----------------------------------------------------------------------------------


def test_the_first_over_the_line_after_lap_2_wins_and_the_rest_place_by_position_reached():
    table = under_way("red", "blue", "green").edit_car("red", laps=1).confirm()
    table.move("red", 2, 3, finish=1)
    assert table.car("red").status == "finished"
    table.edit_car("blue", status="out", out_reason="body", laps=1, spaces=40, out_at=20)
    table.edit_car("green", status="out", out_reason="engine", laps=1, spaces=44, out_at=10)
    assert [r.car for r in standings.results(table.state)] == ["red", "green", "blue"]


def test_a_block_by_a_racer_paddock_has_behind_or_a_slipstream_with_none_ahead_is_confirmed():
    # Paddock's picture: Blue, after Red in the round's order, has not moved yet: it is behind.
    table = red_to_move(5)("move", car="red", roll=15, blocked=2, blocked_by=["blue"])
    assert (table.prompt.kind, table.prompt.car) == ("confirm_fact", "red")
    assert table.prompt.text.startswith(
        "Red (Jane Doe): Red was blocked by Blue, but Paddock's picture has Blue behind Red"
    )
    table.confirm_fact()
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    table = red_to_move(5)("move", car="red", roll=15, slipstream=True)
    assert table.prompt.text.startswith(
        "Red (Jane Doe): Red slipstreamed, but Paddock's picture has no car on the track ahead of "
        "Red"
    )
