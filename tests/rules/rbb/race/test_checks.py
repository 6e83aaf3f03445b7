"""The damage die after a move (body for everyone beside, engine after a 20 or a 30, handling on
a token), and the pit stops: the speed limit, the Quick Pit Stop's roll, the Technical Pit Stop."""

import pytest

from rules.engine import Event, EventRejected, apply, describe
from rules.formula_d import Zone
from tests.rules.rbb.race.table import Table, race_setup, red_to_move, under_way


def kinds(table: Table) -> list[tuple[str, str | None]]:
    return [(prompt.kind, prompt.car) for prompt in table.asked]


# --- Body ----------------------------------------------------------------------------------------


def test_a_racer_ending_beside_others_rolls_and_so_does_each_of_them():
    table = red_to_move(4, "red", "blue", "green")("move", car="red", roll=9, adjacent=["blue"])
    assert kinds(table) == [("body_roll", "red"), ("body_roll", "blue")]
    assert table.prompt.text.startswith("Red ended its turn beside Blue: Red (Jane Doe) rolls")
    table("body_roll", car="red", value=2)("body_roll", car="blue", value=1)
    assert (table.wp("red", Zone.BODY), table.wp("blue", Zone.BODY)) == (3, 2)
    assert [m.car for m in table.state.markers] == ["blue"]  # a token under the damaged one


def test_a_racer_on_0_body_wp_is_eliminated():
    table = red_to_move(4, body=1)("move", car="red", roll=9, adjacent=["blue"])
    table("body_roll", car="red", value=1)
    assert table.car("red").out_reason == "body"
    assert (table.prompt.kind, table.prompt.car) == ("body_roll", "blue")


# --- Engine -----------------------------------------------------------------------------------


def test_a_20_in_5th_calls_every_racer_in_5th_or_6th_and_a_1_costs_an_engine_wp():
    table = under_way("red", "blue", "green").edit_car("blue", gear=6).edit_car("green", gear=4)
    table.edit_car("red", gear=5).confirm().move("red", 5, 20)
    assert kinds(table) == [("engine_roll", "red"), ("engine_roll", "blue")]
    table("engine_roll", car="red", value=2)("engine_roll", car="blue", value=1)
    assert (table.wp("red", Zone.ENGINE), table.wp("blue", Zone.ENGINE)) == (3, 2)
    assert table.state.markers == ()  # engine damage puts no token down


# --- Handling -----------------------------------------------------------------------------------


def test_passing_onto_a_damage_token_rolls_1_to_4_for_a_handling_wp():
    table = red_to_move(4, "red", "blue")("move", car="red", roll=9, adjacent=["blue"])
    table("body_roll", car="red", value=5)("body_roll", car="blue", value=1)
    table.move("blue", 1, 1)
    table.confirm()("gear", car="red", gear=4)
    token = table.field("markers").choices[0][0]
    table("move", car="red", roll=8, markers=[token])
    table("handling_roll", car="red", value=4)
    assert table.wp("red", Zone.ROAD_HANDLING) == 1


# --- Pit stops ----------------------------------------------------------------------------------


def in_the_pits(gear: int = 6, **changes) -> Table:
    """Red, on lap 1 in `gear` with worn tyres and body, enters the pits."""
    table = red_to_move(gear, laps=0, tires=1, body=2, brakes=1, **changes)
    return table("move", car="red", roll=_lowest(table), pit=1)


def _lowest(table: Table) -> int:
    from rules.dice import values

    return values(table.field("roll").die)[0]


def test_entering_the_pits_completes_lap_1_restores_the_tyres_and_limits_the_gear_to_4th():
    table = in_the_pits(6)
    red = table.car("red")
    assert (red.laps, red.pits, red.gear, red.sheet.tires, red.pit) == (1, 1, 4, 6, "quick")
    assert (table.prompt.kind, table.prompt.car) == ("pit_stop", "red")


def test_a_home_track_s_bonus_tyres_are_fully_restored_when_pitting():
    table = Table(race_setup(home=["red"])).grid(red=20, blue=1).starts(red=10, blue=10)
    table.edit_car("red", gear=4, tires=1).confirm()
    table.move("red", 4, 7, pit=1)
    assert table.wp("red", Zone.TIRES) == 8


def test_the_quick_stop_rolls_next_turn_1_to_10_leaves_in_4th_with_half_rounded_up():
    table = in_the_pits()("pit_stop", car="red", stop="quick")
    table.move("blue", 1, 1).confirm()
    assert (table.prompt.kind, table.prompt.car) == ("pit_roll", "red")
    table("pit_roll", car="red", value=7)
    assert table.prompt.kind == "move" and table.state.fixed_move == 4
    assert "leaves the pits in 4th (Quick Pit Stop): it moves 4 spaces" in table.prompt.text
    spaces = table.car("red").spaces
    table("move", car="red")
    assert (table.car("red").spaces, table.car("red").in_pits) == (spaces + 4, False)


def test_the_quick_stop_roll_11_to_20_waits_and_leaves_next_turn_in_4th():
    table = in_the_pits()("pit_stop", car="red", stop="quick")
    table.move("blue", 1, 1).confirm()("pit_roll", car="red", value=11)
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
    table.move("blue", 1, 1).confirm()
    assert table.field("gear").choices == (("4", "4th (free)"),)
    table("gear", car="red", gear=4)
    assert table.field("roll").die.value == "green"


def test_a_technical_stop_gives_back_2_wp_of_the_racer_s_choice_and_always_waits():
    table = in_the_pits()
    choices = dict(table.field("stop").choices)
    assert list(choices) == [
        "quick",
        "technical:brakes+brakes",
        "technical:brakes+body",
    ]
    assert choices["technical:brakes+body"] == (
        "Technical Pit Stop, +1 brakes WP and +1 body WP: wait a turn"
    )
    before = table.state
    table("pit_stop", car="red", stop="technical:brakes+body")
    assert (table.wp("red", Zone.BRAKES), table.wp("red", Zone.BODY)) == (2, 3)
    assert describe(before, table.events[-1], table.state) == (
        "Red: Technical Pit Stop, +1 brakes WP and +1 body WP, waits a turn"
    )
    table.move("blue", 1, 1).confirm()
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")  # Red waits
    table.move("blue", 1, 1).confirm()
    assert table.field("gear").choices == (("4", "4th (free)"),)


def test_a_pit_stop_choice_outside_the_offer_is_refused():
    table = in_the_pits()
    with pytest.raises(EventRejected, match="not one of"):
        apply(table.state, Event("pit_stop", {"car": "red", "stop": "technical:body+body"}))


def test_the_pits_are_entered_once_at_the_end_of_lap_1_on_a_roll_that_reaches_them():
    table = red_to_move(4, laps=1)
    assert "pit" not in [field.name for field in table.prompt.fields]
    with pytest.raises(EventRejected, match="needed 8 or more"):
        apply(red_to_move(4).state, Event("move", {"car": "red", "roll": 7, "pit": 8}))
