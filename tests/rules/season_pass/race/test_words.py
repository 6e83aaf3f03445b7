"""The log in words: what each event did, as the table would say it (issue 8: the log read
"qualifying roll Blue 1: value 5" and "weather roll: value 20")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import Event, apply, describe, start
from tests.rules.season_pass.race.table import (
    FOUR_CARS,
    VARIABLE_ROLL,
    Table,
    race_setup,
    sunny_two_car_race,
)
from tests.rules.test_contract import SEEDS, play


def said(table: Table, kind: str, **data: Any) -> str:
    before = table.state
    table(kind, **data)
    return describe(before, Event(kind, data), table.state)


def test_qualifying_says_the_modified_roll_and_the_place_on_the_grid():
    table = Table()  # Red a Rookie (+1), Blue a Veteran (0)
    assert said(table, "qualifying_roll", car="red", value=5) == (
        "Red (Jane Doe, Rookie) qualifies 6 (5 +1 Rookie): 1st on the grid so far"
    )
    assert said(table, "qualifying_roll", car="blue", value=9) == (
        "Blue (Alfred Onceler Jr., Veteran) qualifies 9: 2nd on the grid; the grid: Red, Blue"
    )


def test_a_qualifier_behind_and_level_says_so_and_the_roll_off_settles_the_grid():
    table = Table(race_setup(*FOUR_CARS[:3]))  # Rookie +1, Veteran 0, Champion -1
    assert said(table, "qualifying_roll", car="red", value=5) == (
        "Red (Jane Doe, Rookie) qualifies 6 (5 +1 Rookie): 1st on the grid so far"
    )
    assert said(table, "qualifying_roll", car="blue", value=3) == (
        "Blue (Alfred Onceler Jr., Veteran) qualifies 3: 1st on the grid so far"
    )
    assert said(table, "qualifying_roll", car="green", value=4) == (
        "Green (Mario Unser, Champion) qualifies 3 (4 -1 Champion): level with Blue for 1st, "
        "a roll-off"
    )
    assert said(table, "tie_roll", car="blue", value=7) == "Blue rolls 7 in the roll-off"
    assert said(table, "tie_roll", car="green", value=7) == (
        "Green rolls 7 in the roll-off: still level with Blue"
    )
    said(table, "tie_roll", car="blue", value=9)
    assert said(table, "tie_roll", car="green", value=2) == (
        "Green rolls 2 in the roll-off: 1st on the grid; the grid: Green, Blue, Red"
    )


def test_the_weather_is_said_in_words():
    assert said(Table().qualify(red=2, blue=9), "weather_roll", value=1) == "Weather: sun all race"
    table = Table().qualify(red=2, blue=9)
    assert said(table, "weather_roll", value=VARIABLE_ROLL) == (
        "Weather: variable: roll the red die for the weather score"
    )
    said_score = said(table, "weather_score_roll", value=6)
    assert (
        said_score
        == f"Weather: variable, score {table.state.weather_score} — {table.state.weather}"
    )


def test_gears_moves_and_checks_are_said_in_words():
    table = sunny_two_car_race()
    assert said(table, "gear", car="red", gear=1) == "Red into 1st"
    assert said(table, "move", car="red", roll=2) == "Red moves 2 spaces in 1st"
    table = Table(race_setup(*FOUR_CARS[:2])).qualify(red=2, blue=9).sunny()
    table.edit_car("red", gear=4)
    assert said(table, "gear", car="red", gear=2) == "Red into 2nd, paying 1 gas point"


def test_a_car_out_and_its_injury_are_said_in_words():
    table = sunny_two_car_race().edit_car("red", gear=5, tires=2, brakes=1)
    table("gear", car="red", gear=5)
    moved = said(table, "move", car="red", roll=19, brakes=1, corner=1, skid=5)
    assert moved == "Red moves 15 spaces in 5th, out: overshot a corner"
    assert said(table, "injury_roll", car="red", value=1) == "Red's injury roll: 1"
    for value in (2, 10):
        said(table, "injury_roll", car="red", value=value)
    assert said(table, "injury_roll", car="red", value=12) == (
        "Red's injury roll: 12, severity 4, misses 4 races"
    )


def test_the_cars_beside_a_damaged_car_are_said_with_the_rolls_they_owe():
    table = sunny_two_car_race().move("red", 1, 1, adjacent=["blue"])
    table("collision_roll", car="red", black=3, green=9)  # damage
    table("collision_roll", car="blue", black=2, green=8)  # none
    assert said(table, "neighbours", car="red", adjacent=["blue"]) == (
        "Cars beside Red: Blue, which rolls black"
    )
    assert said(table, "chain_roll", car="blue", value=4) == "Blue's collision check: no damage"
    table = sunny_two_car_race().move("red", 1, 1, adjacent=["blue"])
    table("collision_roll", car="red", black=3, green=9)
    table("collision_roll", car="blue", black=2, green=8)
    assert said(table, "neighbours", car="red", adjacent=[]) == "Cars beside Red: none"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_event_of_a_random_race_is_said_in_words(seed):
    race_setup_, events, _state = play("season_pass", seed)
    state, _asked = start(race_setup_)
    for event in events:
        after, _asked = apply(state, event)
        text = describe(state, event, after)
        assert text and len(text) <= 300, (event, text)
        state = after
