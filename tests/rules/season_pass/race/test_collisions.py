"""Collisions: the Collision Check Table, the chain beside a damaged car, disabling, injuries."""

import pytest

from rules.engine import EventRejected
from tests.rules.season_pass.race.table import FOUR_CARS, Table, race_setup, sunny_two_car_race


def beside(table: Table) -> Table:
    """Red (Rookie) moves first and ends beside Blue (Veteran), in sun."""
    return table.move("red", 1, 1, adjacent=["blue"])


def test_both_cars_check_with_the_dice_for_their_level_and_the_weather():
    # Collision Check Table, Sun: Rookie Black 1-3 Green 7-9; Veteran Black 1 Green Any.
    table = beside(sunny_two_car_race())
    assert [(p.car, [f.name for f in p.fields]) for p in table.asked] == [
        ("red", ["black", "green"]),
        ("blue", ["black", "green"]),
    ]
    assert table.prompt.text == (
        "Red (Jane Doe, Rookie) ended beside Blue in sun: collision check, roll black and green"
    )


def test_rain_uses_the_rain_column():
    table = Table().qualify(red=2, blue=9).rainy()
    beside(table)
    assert [f.name for f in table.prompt.fields] == ["black", "red"]  # Rookie rain: Black, Red


def test_damage_only_when_all_dice_match():
    table = beside(sunny_two_car_race())
    table("collision_roll", car="red", black=3, green=10)  # green misses 7-9
    assert table.car("red").collision_damage == 0
    table("collision_roll", car="blue", black=1, green=12)  # Veteran: Black 1, Green Any
    assert table.car("blue").collision_damage == 1
    assert table.prompt.kind == "neighbours"
    assert table.prompt.fields[0].default == ("red",)


def test_every_car_beside_a_damaged_car_rolls_black_one_to_three():
    table = beside(sunny_two_car_race())
    table("collision_roll", car="red", black=3, green=9)  # damage
    table("collision_roll", car="blue", black=2, green=8)  # none
    table("neighbours", car="red", adjacent=["blue"])
    assert table.prompt.kind == "chain_roll"
    table("chain_roll", car="blue", value=4)
    assert table.car("blue").collision_damage == 0
    assert table.prompt.kind == "gear"


def test_two_points_disable_with_a_red_roll_and_a_black_roll_per_extra_point():
    # Injuries: red column, plus an additional black-column roll per extra point of damage.
    table = beside(sunny_two_car_race())
    table.edit_car("red", collision_damage=1)
    table("collision_roll", car="red", black=1, green=7)  # second point: disabled
    assert (table.car("red").status, table.car("red").out_reason) == ("out", "collision")
    table("collision_roll", car="blue", black=1, green=7)  # Blue damaged too
    table("neighbours", car="red", adjacent=["blue"])
    table("neighbours", car="blue", adjacent=["red"])
    table("chain_roll", car="blue", value=15)
    table("chain_roll", car="red", value=3)  # a third point, on a wreck
    table("neighbours", car="red", adjacent=["blue"])
    table("chain_roll", car="blue", value=9)
    assert table.car("red").collision_damage == 3
    assert table.prompt.kind == "injury_roll"
    assert "Red column" in table.prompt.text
    table("injury_roll", car="red", value=9)  # Red 9-11: 3
    assert "Black column" in table.prompt.text
    table("injury_roll", car="red", value=12)  # Black 12-14: 1
    assert table.car("red").injury.severity == 4
    assert table.prompt.kind == "gear" and table.prompt.car == "blue"


def test_a_finished_or_unknown_car_cannot_be_beside():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    with pytest.raises(EventRejected, match="'pink' is not one of"):
        table("move", car="red", roll=1, adjacent=["pink"])
    with pytest.raises(EventRejected, match="'red' is not one of"):
        table("move", car="red", roll=1, adjacent=["red"])


def test_a_car_that_crossed_the_line_makes_no_collision_check():
    table = sunny_two_car_race()
    table("gear", car="red", gear=1)
    with pytest.raises(EventRejected, match="removed from the track"):
        table("move", car="red", roll=2, finish=1, adjacent=["blue"])


def test_a_third_car_may_be_named_beside_a_damaged_car():
    table = Table(race_setup(*FOUR_CARS[:3])).qualify(red=1, blue=5, green=9).sunny()
    table.move("red", 1, 1, adjacent=["blue"])
    table("collision_roll", car="red", black=1, green=8)
    table("collision_roll", car="blue", black=5, green=8)
    table("neighbours", car="red", adjacent=["blue", "green"])
    assert [(p.kind, p.car) for p in table.asked] == [
        ("chain_roll", "blue"),
        ("chain_roll", "green"),
    ]
