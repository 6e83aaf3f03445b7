"""Driving: Movement Order, Gear Selection, Braking and movement, Holding the Corners, Engine
Wear, Red Flag and the finish."""

import pytest

from rules.engine import EventRejected, dashboard, results
from rules.season_pass import Column, injury_check_roll, injury_check_start
from tests.rules.season_pass.race.table import FOUR_CARS, Table, race_setup, sunny_two_car_race


def gears_offered(table: Table) -> list[str]:
    assert table.prompt.kind == "gear"
    return [key for key, _label in table.prompt.fields[0].choices]


# --- Movement Order --------------------------------------------------------------------------


def test_proposed_order_is_farthest_then_higher_gear_then_first_arrived():
    # Movement Order: farthest forward first; level -> higher gear; same gear -> first arrived.
    # How far forward counts from each car's grid slot, a space behind the one before it: the
    # proposal once ranked spaces moved as if all cars had started level, and was wrong here.
    table = Table(race_setup(*FOUR_CARS)).qualify(red=1, blue=5, green=9, yellow=15).sunny()
    assert table.state.grid == ("red", "blue", "green", "yellow")
    table.move("red", 1, 1).move("blue", 1, 2).move("green", 1, 2).move("yellow", 1, 2)
    # Blue started a space behind Red and moved one more: level, and Red got there first.
    assert table.prompt.fields[0].default == ("red", "blue", "green", "yellow")
    table("order", order="blue,green,yellow,red")
    table.move("blue", 2, 2).move("green", 1, 2).move("yellow", 2, 2).move("red", 2, 3)
    # all 4 spaces from their slots: Red ahead of Blue, Green, then Yellow, a space apart
    assert table.prompt.fields[0].default == ("red", "blue", "green", "yellow")


def test_level_cars_are_ordered_by_the_higher_gear_then_who_arrived_first():
    table = Table(race_setup(*FOUR_CARS[:2])).qualify(red=1, blue=5).sunny()
    table.move("red", 1, 1).move("blue", 1, 2)
    table("order", order="red,blue").move("red", 1, 2).move("blue", 2, 2)
    # Both 3 spaces from their slots (Blue's a space behind Red's): Blue, in 2nd, goes first.
    assert table.prompt.fields[0].default == ("blue", "red")


def test_the_referee_may_correct_the_order_from_the_board():
    table = sunny_two_car_race().move("red", 1, 1).move("blue", 1, 2)
    table("order", order=["red", "blue"])
    assert table.prompt.car == "red"


# --- Gear Selection --------------------------------------------------------------------------


def test_first_move_from_the_grid_is_in_first_gear():
    table = sunny_two_car_race()
    assert gears_offered(table) == ["1"]
    with pytest.raises(EventRejected, match="first move is in 1st gear"):
        table("gear", car="red", gear=2)


@pytest.mark.parametrize("written", [" 1 ", "01", "+1", "0_1", "\u0661"])
def test_a_gear_written_other_than_as_its_digit_is_refused(written):
    """As every rule set reads a gear (rules.dice.gear_written): int() reads each as 1st, but
    the log would keep what was posted."""
    table = sunny_two_car_race()
    with pytest.raises(EventRejected, match="Gear: expected 1 to 6"):
        table("gear", car="red", gear=written)
    table("gear", car="red", gear="1")
    assert table.car("red").gear == 1


def test_same_one_up_or_one_down_is_free_and_downshifts_cost_per_the_table():
    # Downshift Table: 2 = gas; 3 = gas + brake; 4 = gas + brake + tire. Never down 5 or up 2.
    table = sunny_two_car_race().edit_car("red", gear=6)
    assert gears_offered(table) == ["2", "3", "4", "5", "6"]
    labels = dict(table.prompt.fields[0].choices)
    assert labels["4"] == "4th (1 gas point)"
    assert labels["2"] == "2nd (1 gas point and 1 brake point and 1 tire point)"
    table("gear", car="red", gear=3)
    red = table.car("red")
    assert (red.gear, red.gas, red.brakes, red.tires) == (3, 1, 2, 4)


def test_every_gear_offered_comes_with_its_die_since_the_move_follows_at_once():
    table = sunny_two_car_race().edit_car("red", gear=6)
    promised = dict(table.prompt.then)
    dice = {gear: die.die.value for gear, die in promised.items()}
    assert dice == {"2": "orange", "3": "red", "4": "green", "5": "purple", "6": "blue"}
    table("gear", car="red", gear=4)
    assert (table.prompt.kind, table.prompt.fields[0]) == ("move", promised["4"])


def test_never_upshift_two_nor_downshift_five():
    table = sunny_two_car_race().edit_car("red", gear=2)
    with pytest.raises(EventRejected, match="never upshift more than one gear"):
        table("gear", car="red", gear=4)
    table.edit_car("red", gear=6)
    with pytest.raises(EventRejected, match="never downshift 5"):
        table("gear", car="red", gear=1)


def test_a_downshift_the_car_cannot_pay_for_is_refused():
    table = sunny_two_car_race().edit_car("red", gear=5, gas=0)
    with pytest.raises(EventRejected, match="costs 1 gas point; Red has 0 gas points left"):
        table("gear", car="red", gear=3)
    assert table.car("red").gear == 5


def test_a_blown_engine_shifts_down_every_move_and_never_up():
    # Engine Wear: "must downshift every move until it reaches first gear. It may not upshift".
    table = sunny_two_car_race().edit_car("red", gear=4, engine_damage=2)
    assert gears_offered(table) == ["1", "2", "3"]
    with pytest.raises(EventRejected, match="must downshift every move"):
        table("gear", car="red", gear=4)
    table.edit_car("red", gear=1)
    assert gears_offered(table) == ["1"]


def test_a_blown_engine_still_pays_the_downshift_table_to_drop_more_than_one_gear():
    # Downshift Table: "Downshift 3: Gas Point and Brake Point"; a blown engine is no exemption.
    table = sunny_two_car_race().edit_car("red", gear=4, engine_damage=2)
    table("gear", car="red", gear=1)
    red = table.car("red")
    assert (red.gas, red.brakes, red.tires) == (1, 2, 4)


def test_after_a_spin_out_first_gear_without_downshift_cost():
    # Holding the Corners: "must use first gear the next move"; Questions: no downshift cost.
    table = sunny_two_car_race().edit_car("red", gear=6, spun_out=True)
    assert gears_offered(table) == ["1"]
    table("gear", car="red", gear=1)
    red = table.car("red")
    assert (red.gas, red.brakes, red.tires, red.spun_out) == (2, 3, 4, False)


# --- Braking and movement --------------------------------------------------------------------


def test_brake_points_lower_the_roll_one_each():
    table = sunny_two_car_race().edit_car("red", gear=3)
    table.move("red", 3, 8, brakes=2)
    red = table.car("red")
    assert (red.distance, red.brakes) == (6, 1)


def test_the_roll_must_be_a_face_of_the_gear_die():
    table = sunny_two_car_race().edit_car("red", gear=3)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected, match="red die cannot show 9"):
        table("move", car="red", roll=9)
    assert [f.die.value for f in table.prompt.fields if f.kind == "die"] == ["red"]


def test_cannot_spend_brake_points_the_car_does_not_have():
    table = sunny_two_car_race().edit_car("red", gear=3, brakes=1)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected, match="at most 1"):
        table("move", car="red", roll=6, brakes=2)


def test_air_braking_uses_tire_points_once_brake_points_are_gone():
    # Braking and movement: "air brake" with tire points, only with no brake points remaining.
    table = sunny_two_car_race().edit_car("red", gear=3, brakes=1)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected, match="no brake points remaining"):
        table("move", car="red", roll=8, air_brake=2)
    table("move", car="red", roll=8, brakes=1, air_brake=2)
    red = table.car("red")
    assert (red.brakes, red.tires, red.distance) == (0, 2, 5)


def test_failing_to_stop_behind_a_car_is_out_with_an_overshoot_injury_check():
    # Braking and movement + Injuries: roll minus maximum safe roll on the Overshoot Table.
    table = sunny_two_car_race().edit_car("red", gear=4, brakes=1, tires=1)
    table.move("red", 4, 12, air_brake_overshoot=4)
    red = table.car("red")
    assert (red.status, red.out_reason, red.overshoot) == ("out", "air_brake", 4)
    assert table.prompt.kind == "injury_roll"
    assert "Green column" in table.prompt.text


def test_an_overshoot_beyond_the_table_is_kept_whole_and_read_as_six():
    # Overshoot Table: 6+ is the Orange column; the season still records the distance itself.
    table = sunny_two_car_race().edit_car("red", gear=5, brakes=0, tires=1)
    table.move("red", 5, 19, air_brake_overshoot=9)
    assert table.car("red").overshoot == 9
    assert "Orange column" in table.prompt.text


def test_an_air_brake_cannot_fail_by_more_than_the_points_left_could_not_cover():
    # The maximum safe roll is at least every brake and tire point the car had.
    table = sunny_two_car_race().edit_car("red", gear=4, brakes=1, tires=1)
    table("gear", car="red", gear=4)
    with pytest.raises(EventRejected, match="overshot by at most 10 spaces, not 11"):
        table("move", car="red", roll=12, air_brake_overshoot=11)
    table.edit_car("red", brakes=3, tires=4)
    with pytest.raises(EventRejected, match="could have stopped behind that car"):
        table("move", car="red", roll=7, air_brake_overshoot=1)
    assert table.car("red").status == "racing"


# --- Holding the Corners ---------------------------------------------------------------------


def test_a_skid_costs_a_tire_point_per_space_beyond_the_corner():
    table = sunny_two_car_race().edit_car("red", gear=3)
    table.move("red", 3, 7, corner=1, corner_stops=0, skid=2)
    assert (table.car("red").tires, table.car("red").skid_moves) == (2, 0)


def test_missing_more_than_one_move_keeps_the_car_skidding_on_later_moves():
    # "future moves are considered to take place while skidding ... until the correct number".
    table = sunny_two_car_race().edit_car("red", gear=3, tires=8)
    table.move("red", 3, 6, corner=3, corner_stops=0, skid=1)
    assert (table.car("red").tires, table.car("red").skid_moves) == (7, 2)
    assert "skidding: 2 more moves" in dashboard(table.state)[0].note
    table.move("blue", 1, 1)("order", order="red,blue")
    assert "skidding: 2 more moves" in table.prompt.text
    table("gear", car="red", gear=3)
    assert "still skidding: every space costs a tire point, no lane changes" in table.prompt.text
    table("move", car="red", roll=4)  # every space of the move is a skid
    assert (table.car("red").tires, table.car("red").skid_moves) == (3, 1)


def test_a_safe_exit_is_not_a_skid():
    table = sunny_two_car_race().edit_car("red", gear=3)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected, match="is safe"):
        table("move", car="red", roll=5, corner=2, corner_stops=2, skid=1)


def test_a_skid_longer_than_the_move_is_refused_in_the_words_of_its_fact():
    # Named by the fact's label, the refusal stands beside its control on the turn page.
    table = sunny_two_car_race().edit_car("red", gear=3)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected) as refused:
        table("move", car="red", roll=4, corner=2, corner_stops=0, skid=5)
    assert refused.value.args[0] == (
        "Spaces moved beyond that corner: 1 to 4, as Red moved 4 spaces."
    )
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    with pytest.raises(EventRejected) as refused:
        table("move", car="red", roll=1, corner=2, corner_stops=0, skid=3)
    assert refused.value.args[0] == "Spaces moved beyond that corner: 1, as Red moved 1 space."


def test_a_skid_using_exactly_the_last_tire_points_is_a_spin_out():
    # "Restore one tire point to the car. A car that spins out must use first gear".
    table = sunny_two_car_race().edit_car("red", gear=3, tires=2)
    table.move("red", 3, 6, corner=2, corner_stops=1, skid=2)
    red = table.car("red")
    assert (red.tires, red.spun_out, red.status) == (1, True, "racing")
    assert "must use 1st gear" in dashboard(table.state)[0].note


def test_overshoot_from_the_documents_example_rolls_on_the_blue_column():
    # Injuries example: 2 tire points, 1 brake, 5th, rolls 19, corner ends after 13 spaces:
    # braked to 18, 5 spaces beyond, 2 covered by tire points: overshoot 3 -> Blue column.
    table = sunny_two_car_race().edit_car("red", gear=5, tires=2, brakes=1)
    table.move("red", 5, 19, brakes=1, corner=1, skid=5)
    red = table.car("red")
    assert (red.status, red.out_reason, red.distance) == ("out", "overshoot", 15)
    assert red.overshoot == 3
    for value, column in ((1, "Blue"), (2, "Orange"), (10, "Red"), (12, "Black")):
        assert f"{column} column" in table.prompt.text
        notes = {view.car: view.note for view in dashboard(table.state)}
        assert notes["red"] == "out: overshot a corner; injury check under way"
        table("injury_roll", car="red", value=value)
    assert table.car("red").injury.severity == 4
    # The outcome shows on the dashboard as soon as it is settled, the race still under way.
    notes = {view.car: view.note for view in dashboard(table.state)}
    assert notes["red"] == "out: overshot a corner; injury: severity 4, misses 4 races"
    assert not table.state.finished


# --- Engine Wear -----------------------------------------------------------------------------


def test_a_20_makes_every_car_in_that_gear_or_higher_check_the_roller_first():
    table = Table(race_setup(*FOUR_CARS)).qualify(red=1, blue=5, green=9, yellow=15).sunny()
    table.edit_car("red", gear=5).edit_car("blue", gear=6).edit_car("green", gear=4)
    table.edit_car("yellow", gear=5)
    table.move("red", 5, 20, brakes=2)  # brakes used: still checks (Engine Wear)
    assert [(p.kind, p.car) for p in table.asked] == [
        ("engine_check", "red"),
        ("engine_check", "blue"),
        ("engine_check", "yellow"),
    ]
    assert [p.text.split(": ", 1)[1] for p in table.asked] == [
        "Red (Jane Doe, Rookie) in 5th checks its engine, roll black",
        "Blue (Alfred Onceler Jr., Veteran) in 6th checks its engine, roll black",
        "Yellow (Ada Fangio, Legend) in 5th checks its engine, roll black",
    ]


def test_engine_damage_brings_another_check_and_two_points_blow_the_engine():
    table = sunny_two_car_race().edit_car("red", gear=5)
    table.move("red", 5, 20)
    table("engine_check", car="red", value=4)
    assert table.prompt.kind == "engine_check" and table.prompt.car == "red"
    table("engine_check", car="red", value=1)
    assert table.car("red").engine_damage == 2
    assert table.prompt.kind == "gear"  # blown: nothing more to check
    assert "engine blown" in dashboard(table.state)[0].note


def test_a_car_whose_engine_is_blown_makes_no_more_engine_checks():
    # Engine Wear: two points blow the engine; there is nothing left to check (docs/rulings.md).
    table = sunny_two_car_race().edit_car("red", gear=5).edit_car("blue", gear=5, engine_damage=2)
    table.move("red", 5, 20)
    assert [(p.kind, p.car) for p in table.asked if p.kind == "engine_check"] == [
        ("engine_check", "red")
    ]


def test_a_car_past_the_line_makes_no_engine_check():
    table = sunny_two_car_race().edit_car("red", gear=5)
    table.edit_car("blue", gear=6, status="finished", finish_round=1)
    table.move("red", 5, 20)
    assert [p.car for p in table.asked if p.kind == "engine_check"] == ["red"]


def test_no_engine_check_below_20():
    table = sunny_two_car_race().edit_car("red", gear=5)
    table.move("red", 5, 19)
    assert table.prompt.kind == "gear"


# --- Red Flag --------------------------------------------------------------------------------


def test_leaving_the_track_around_a_wreck_costs_the_off_road_checks_for_the_gear():
    # Red Flag chart: 2nd gear = 3 rolls; Questions: the disabled car also rolls.
    table = Table(race_setup(*FOUR_CARS[:3])).qualify(red=1, blue=5, green=9).sunny()
    settled = injury_check_roll(injury_check_start(Column.RED), 13)
    table.edit_car("green", status="out", out_reason="collision", collision_damage=2)
    table.edit_car("green", injury=settled)
    table.move("red", 1, 1).move("blue", 1, 2)
    table("order", order="blue,red")
    table.edit_car("red", gear=2)
    table("gear", car="blue", gear=1)
    assert [f.name for f in table.prompt.fields].count("off_road") == 1
    table("move", car="blue", roll=2)
    table("gear", car="red", gear=2)
    table("move", car="red", roll=3, off_road="green")
    pair = [("collision_roll", "red"), ("collision_roll", "green")]
    assert [(p.kind, p.car) for p in table.asked] == pair * 3
    assert "drove off-road around Green" in table.prompt.text


def test_leaving_the_track_needs_a_disabled_car():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    assert "off_road" not in [f.name for f in table.prompt.fields]
    with pytest.raises(EventRejected, match="no field off_road"):
        table("move", car="red", roll=1, off_road="blue")


# --- The finish ------------------------------------------------------------------------------


def test_photo_finish_orders_cars_crossing_in_the_same_round():
    # Photo Finish example: Green 3/8 = 37.5% beats Blue 5/12 = 41.67%.
    table = sunny_two_car_race().edit_car("red", gear=5).edit_car("blue", gear=4)
    table.move("red", 5, 12, finish=5)
    table.move("blue", 4, 8, finish=3)
    assert table.state.finished
    assert [r.car for r in results(table.state)] == ["blue", "red"]


def test_photo_finish_half_spaces_as_in_the_example():
    # Photo Finish example: Red 3.5/8 = 43.75% behind Blue 5/12 = 41.67%.
    table = sunny_two_car_race().edit_car("red", gear=4).edit_car("blue", gear=5)
    table.move("red", 4, 8, finish="3.5")
    table.move("blue", 5, 12, finish=5)
    assert table.car("red").finish_to_line == 3.5
    assert [r.car for r in results(table.state)] == ["blue", "red"]


def test_the_first_round_to_cross_wins_whatever_the_fraction():
    table = sunny_two_car_race().edit_car("red", gear=5).edit_car("blue", gear=1)
    table.move("red", 5, 19, finish=18)  # 95% of its move, but a round earlier
    table.move("blue", 1, 1)
    table("order", order="blue")
    table.edit_car("blue", gear=5)
    table.move("blue", 5, 12, finish=1)
    assert [r.car for r in results(table.state)] == ["red", "blue"]


def test_cannot_need_more_spaces_to_reach_the_line_than_the_car_moved():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    with pytest.raises(EventRejected, match="cannot have needed 3"):
        table("move", car="red", roll=2, finish=3)
