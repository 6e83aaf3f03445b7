"""Mini's race at the table, rule by rule: what the referee enters and what Paddock computes."""

from __future__ import annotations

import random

import pytest

from rules.engine import EventRejected, describe, results
from tests.rules.mini.race.table import Table, racing
from tests.rules.test_contract import autopilot_event

# --- Before the race ---------------------------------------------------------------------------


def test_the_grid_is_proposed_from_reverse_standings_with_pit_choice_order():
    table = Table("red", "blue", "green", season_points={"red": 10, "blue": 3, "green": 7})
    assert table.prompt.kind == "grid"
    assert table.prompt.fields[0].default == ("blue", "green", "red")
    assert "reverse starting order: Red, Green and Blue" in table.prompt.text


def test_the_grid_of_a_format_without_pit_stops_says_nothing_of_pits():
    table = Table("red", "blue", season_points={"red": 0, "blue": 1}, race_format="no_pits")
    assert table.prompt.kind == "grid"
    assert "pit" not in table.prompt.text.lower()
    assert "pit" not in " ".join(spec.label for spec in table.prompt.fields).lower()


def test_cars_level_on_points_roll_off_then_the_referee_confirms_or_corrects():
    table = Table("red", "blue", "green", season_points={"red": 2, "blue": 2, "green": 0})
    assert [(p.kind, p.car) for p in table.asked] == [("tie_roll", "red"), ("tie_roll", "blue")]
    table("tie_roll", car="red", value=6)("tie_roll", car="blue", value=6)
    table("tie_roll", car="red", value=3)("tie_roll", car="blue", value=15)
    assert table.prompt.fields[0].default == ("green", "blue", "red")
    table.grid("green", "red", "blue")  # corrected from the board
    assert table.state.grid == ("green", "red", "blue")
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "green")


# --- The start ---------------------------------------------------------------------------------


def test_a_poor_start_is_first_gear_but_no_movement():
    table = Table("red", "blue", season_points={"red": 0, "blue": 1})
    table.grid("red", "blue")("start_roll", car="red", value=1)
    assert table.car("red").gear == 1 and table.car("red").spaces == 0
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "blue")


def test_a_quick_start_adds_the_grid_row_to_the_first_gear_roll():
    table = Table("red", "blue", "green", season_points={"red": 0, "blue": 1, "green": 2})
    table.grid("red", "blue", "green")
    table("start_roll", car="red", value=12)("move", car="red", roll=2)
    table("start_roll", car="blue", value=7)("move", car="blue", roll=1)
    table("start_roll", car="green", value=19)
    assert "quick start: +2 spaces" in table.prompt.text  # 3rd on the grid: row 2
    table("move", car="green", roll=1)
    assert table.car("green").spaces == 3 and table.car("green").speed == 3


# --- Damage ------------------------------------------------------------------------------------


def test_slipping_the_clutch_braking_and_being_blocked():
    table = racing()
    table("order", order=["red", "blue"])
    table.move("red", 2, 4, clutch=True, brakes=2)
    assert table.life("red") == 20 - 3 - 2 and table.car("red").spaces == 1 + 3
    table.move("blue", 2, 4, blocked=3)
    assert table.life("blue") == 17


def test_blocked_seven_spaces_at_once_eliminates():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", gear=4)
    table.move("red", 4, 9, blocked=7)
    assert table.car("red").status == "out" and table.car("red").out_reason == "mini_block"


def test_overshooting_the_longest_corner_in_a_doubled_format_costs_per_stop_owed():
    doubled = Table("red", "blue", season_points={"red": 0, "blue": 1}, race_format="double_stops")
    doubled.grid("red", "blue")
    for car in ("red", "blue"):
        doubled("start_roll", car=car, value=10)("move", car=car, roll=1)
    doubled("order", order=["red", "blue"])
    doubled.move("red", 2, 4, corner=2, stops=1, overshoot=2)  # 4 stops, 3 owed
    assert doubled.life("red") == 20 - 6


def test_an_overshoot_ending_at_minus_one_spins_out_and_begins_next_turn_in_first():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", life=1)
    table.move("red", 2, 4, corner=1, overshoot=2)
    red = table.car("red")
    assert red.racing and red.life == 0 and red.spun
    table.move("blue", 2, 2)
    table("order", order=["red", "blue"])
    assert [key for key, _label in table.prompt.fields[0].choices] == ["1"]


def test_a_downshift_after_the_first_costs_one_each():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", gear=6)
    table("gear", car="red", gear=3)
    assert table.life("red") == 18


def test_two_gears_up_costs_one_and_a_1_to_4_ends_the_turn_with_two_more():
    table = racing()
    table("order", order=["red", "blue"])
    table("gear", car="red", gear=3)
    assert table.prompt.kind == "upshift_roll" and table.life("red") == 19
    table("upshift_roll", car="red", value=3)
    assert table.life("red") == 17 and (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    assert table.car("red").gear == 3


def test_two_gears_up_is_not_offered_with_its_die_the_upshift_roll_comes_first():
    """A gear whose move follows at once is offered with its die's faces (one tap for both);
    two up is not, since the upshift roll comes between."""
    table = racing()
    table("order", order=["red", "blue"])
    promised = {gear: die.label for gear, die in table.prompt.then}
    assert set(dict(table.field("gear").choices)) == {"1", "2", "3"}
    assert promised == {"1": "Yellow die (1st gear)", "2": "Orange die (2nd gear)"}


def test_two_gears_up_with_a_17_costs_nothing_more_and_the_car_moves():
    table = racing()
    table("order", order=["red", "blue"])
    table("gear", car="red", gear=3)("upshift_roll", car="red", value=17)
    assert table.life("red") == 19 and table.prompt.kind == "move"


def test_sixth_gear_redlines_two_at_once_and_a_30_calls_a_roll():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", gear=6)("gear", car="red", gear=6)
    assert table.prompt.fields[0].label == "Purple die + 10 (6th gear)"
    table("move", car="red", roll=30)
    assert table.life("red") == 18
    assert (table.prompt.kind, table.prompt.car) == ("redline_roll", "red")
    table("redline_roll", car="red", value=4)
    assert table.life("red") == 16


def test_slipstream_in_third_behind_a_car_in_a_gear_no_higher():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", gear=3)
    table.edit_car("blue", gear=3)
    table.move("red", 3, 5, slipstream=["blue"], slipstream_brakes=1)
    assert table.life("red") == 20 - 1 - 1 and table.car("red").spaces == 1 + 5 + 3 - 1


def test_no_slipstream_below_third_or_behind_a_higher_gear():
    table = racing()
    table("order", order=["red", "blue"])
    table("gear", car="red", gear=2)
    with pytest.raises(EventRejected, match="3rd gear or higher"):
        table("move", car="red", roll=3, slipstream=["blue"])
    table.edit_car("blue", gear=5)
    table.edit_car("red", gear=4)
    names = [field.name for field in table.prompt.fields]
    assert "slipstream" not in names


def test_collision_rolls_the_mover_for_each_car_and_each_car():
    table = Table("red", "blue", "green", season_points={"red": 0, "blue": 1, "green": 2})
    table.grid("red", "blue", "green")
    for car in ("red", "blue", "green"):
        table("start_roll", car=car, value=10)("move", car=car, roll=1)
    table("order", order=["red", "blue", "green"])
    table.move("red", 2, 3, adjacent=["blue", "green"])
    assert [(p.kind, p.car) for p in table.asked] == [
        ("collision_roll", "red"),
        ("collision_roll", "blue"),
        ("collision_roll", "red"),
        ("collision_roll", "green"),
    ]
    table("collision_roll", car="red", value=4)("collision_roll", car="blue", value=5)
    assert (table.life("red"), table.life("blue")) == (19, 20)


def test_eliminating_a_car_by_collision_costs_the_mover_one():
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("blue", life=0)
    table.move("red", 2, 3, adjacent=["blue"])
    table("collision_roll", car="red", value=20)("collision_roll", car="blue", value=1)
    assert table.car("blue").status == "out" and table.life("red") == 19


# --- The pits ----------------------------------------------------------------------------------


def pitting() -> Table:
    table = racing()
    table("order", order=["red", "blue"])
    table.edit_car("red", gear=3, life=12)
    return table


def test_pulling_into_the_pit_brakes_the_rest_and_completes_the_lap():
    table = pitting()
    table.move("red", 3, 7, pit=5)
    assert table.life("red") == 10 and table.car("red").laps == 1 and table.car("red").in_pits
    assert table.prompt.kind == "pit_stop"


def test_a_quick_stop_regains_the_roll_and_leaves_at_once_in_third_or_lower():
    table = pitting()
    table.move("red", 3, 5, pit=5)("pit_stop", car="red", stop="3")
    table("pit_roll", car="red", value=7)
    assert table.life("red") == 19
    assert [key for key, _ in table.prompt.fields[0].choices] == ["1", "2", "3"]
    table("gear", car="red", gear=3)("move", car="red", roll=4, blocked=2)  # pit lane: free
    assert table.life("red") == 19 and not table.car("red").leaving_pits


def test_a_roll_more_than_the_damage_gives_none():
    table = pitting()
    table.edit_car("red", life=18)
    table.move("red", 3, 5, pit=5)("pit_stop", car="red", stop="3")("pit_roll", car="red", value=8)
    assert table.life("red") == 18


def test_a_full_stop_ends_the_turn_then_a_quick_stop_or_leaving():
    table = pitting()
    table.edit_car("red", life=5)
    table.move("red", 3, 5, pit=5)("pit_stop", car="red", stop="5")
    table("pit_roll", car="red", value=11)
    assert table.life("red") == 16  # 15 taken: the purple die's 11 back
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    table.move("blue", 2, 3)
    table("order", order=["red", "blue"])
    assert table.prompt.kind == "pit_stop"
    assert [key for key, _ in table.prompt.fields[0].choices] == ["1", "2", "3", "leave"]
    table("pit_stop", car="red", stop="leave")
    assert table.prompt.kind == "gear" and table.car("red").leaving_pits


def test_no_pit_stop_in_the_format_without_them():
    table = Table("red", "blue", season_points={"red": 0, "blue": 1}, race_format="no_pits")
    table.grid("red", "blue")
    for car in ("red", "blue"):
        table("start_roll", car=car, value=10)("move", car=car, roll=1)
    table("order", order=["red", "blue"])
    with pytest.raises(EventRejected, match="format with pit stops"):
        table.move("red", 2, 3, pit=3)


# --- The finish and the lap leader -------------------------------------------------------------


def test_photo_finish_by_share_of_the_move_and_a_point_per_lap_led():
    table = Table("red", "blue", season_points={"red": 0, "blue": 1}, race_format="no_pits")
    table.grid("red", "blue")
    for car in ("red", "blue"):
        table("start_roll", car=car, value=10)("move", car=car, roll=1)
    table("order", order=["red", "blue"])
    table.move("red", 2, 4, finish=1)  # leads lap 1
    table.move("blue", 2, 4, finish=2)
    table("order", order=["red", "blue"])
    table.move("red", 3, 8, finish=4)  # 50% of its move
    table.move("blue", 3, 8, finish=2)  # 25%: ahead
    placed = results(table.state)
    assert [(r.car, r.place, r.bonus_points) for r in placed] == [("blue", 1, 0), ("red", 2, 1)]
    assert "led lap 1" in placed[1].note


def test_the_log_says_what_a_move_did():
    table = racing()
    table("order", order=["red", "blue"])
    before = table.state
    table.move("red", 2, 4, clutch=True)
    assert describe(before, table.events[-1], table.state) == (
        "Red moves 5 spaces in 2nd; Red takes 3 damage (17 left)"
    )
    before = table.state
    table.move("blue", 2, 4, corner=1, overshoot=1)
    assert describe(before, table.events[-1], table.state).endswith(
        "; Blue takes 1 damage (19 left)"
    )


def test_every_event_of_a_race_is_said_in_words_as_formula_d_s_are():
    """No raw line ("move Yellow 2: roll 3") in Mini's log: each event its own words, from the
    grid to the flag (a three-car race of legal rolls, every lap with its pit stops offered)."""
    table = Table("red", "blue", "green", season_points={"red": 0, "blue": 1, "green": 2})
    rng = random.Random(5)
    said: dict[str, str] = {}
    for entry in range(600):
        if not table.asked:
            break
        event = autopilot_event(table.prompt, rng, finish=entry > 80, tame=True)
        before = table.state
        table(event.kind, **event.data)
        said.setdefault(event.kind, describe(before, event, table.state))
    assert not table.asked
    assert {"grid", "start_roll", "order", "gear", "move"} <= set(said)
    for kind, words in said.items():
        assert words, kind
    assert said["start_roll"].startswith(("Red's start", "Blue's start", "Green's start"))
    assert " moves " in said["move"] and " in " in said["move"]
