"""Gear selection, engine wear, the Collision Check Table and the Red Flag chart."""

import itertools

import pytest

from rules.dice import FACES, Die, InvalidRoll, values
from rules.season_pass import (
    CHAIN_DAMAGE_MAX,
    COLLISION_TABLE,
    DISABLING_DAMAGE,
    ENGINE_CHECK_TRIGGERS,
    OFF_ROAD_ROLLS,
    DieRange,
    DownshiftCost,
    IllegalGearChange,
    Level,
    MissingCollisionDice,
    Weather,
    chain_damage,
    collision_damages,
    collision_dice,
    engine_check_damages,
    gear_change_cost,
    off_road_rolls,
)

# --- Downshift Table -------------------------------------------------------------------------

DOWNSHIFT_ROWS = [
    ("Downshift 2\tGas Point", 2, DownshiftCost(gas=1, brake=0, tire=0)),
    ("Downshift 3\tGas Point and Brake Point", 3, DownshiftCost(gas=1, brake=1, tire=0)),
    ("Downshift 4\tGas Point, Brake Point, and Tire Point", 4, DownshiftCost(1, 1, 1)),
]


@pytest.mark.parametrize(
    ("gears", "cost"), [row[1:] for row in DOWNSHIFT_ROWS], ids=[row[0] for row in DOWNSHIFT_ROWS]
)
def test_each_downshift_costs_what_the_downshift_table_says(gears, cost):
    for from_gear in range(gears + 1, 7):
        assert gear_change_cost(from_gear, from_gear - gears) == cost


@pytest.mark.parametrize(("from_gear", "to_gear"), [(3, 3), (3, 4), (3, 2), (1, 2), (6, 5)])
def test_the_same_gear_one_higher_or_one_lower_is_free(from_gear, to_gear):
    assert gear_change_cost(from_gear, to_gear) == DownshiftCost(0, 0, 0)


@pytest.mark.parametrize(("from_gear", "to_gear"), [(1, 3), (2, 6), (4, 6)])
def test_a_player_may_never_upshift_more_than_one_gear_at_a_time(from_gear, to_gear):
    with pytest.raises(IllegalGearChange, match="never upshift more than one gear"):
        gear_change_cost(from_gear, to_gear)


def test_a_player_may_never_downshift_5():
    with pytest.raises(IllegalGearChange, match="never downshift 5"):
        gear_change_cost(6, 1)


@pytest.mark.parametrize(("from_gear", "to_gear"), [(0, 1), (6, 7)])
def test_there_is_no_gear_outside_first_to_sixth(from_gear, to_gear):
    with pytest.raises(IllegalGearChange, match="no gear"):
        gear_change_cost(from_gear, to_gear)


# --- Engine wear -----------------------------------------------------------------------------


def test_a_20_or_30_on_a_movement_die_calls_for_engine_checks():
    assert ENGINE_CHECK_TRIGGERS == (20, 30)


@pytest.mark.parametrize("roll", values(Die.BLACK))
def test_an_engine_check_of_four_or_less_is_a_point_of_engine_damage(roll):
    assert engine_check_damages(roll) is (roll <= 4)


def test_two_points_of_damage_disable_a_car_or_blow_its_engine():
    assert DISABLING_DAMAGE == 2


# --- Collision Check Table -------------------------------------------------------------------

COLLISION_ROWS = [
    "Rookie\tBlack 1-3 Green 7-9\tBlack 1-9 Red 4-5",
    "Veteran\tBlack 1 Green Any\tBlack 1-3 Red 4-6",
    "Champion\tBlack 1 Green 7-11\tBlack 1-5 Red 4-5",
    "Legend\tBlack 1 Green 7-10\tBlack 1 Red Any",
    "Icon\tBlack 1 Green 7-9\tBlack 1 Red 4-7",
]


def read_cell(printed: str) -> tuple[DieRange, ...]:
    """Read a printed cell like "Black 1-3 Green 7-9" independently of the module."""
    words = printed.split()
    ranges = []
    for name, numbers in zip(words[::2], words[1::2], strict=True):
        die = Die(name.lower())
        if numbers == "Any":
            low, high = min(FACES[die]), max(FACES[die])
        else:
            low, _, high = numbers.partition("-")
            low, high = int(low), int(high or low)
        ranges.append(DieRange(die, low, high))
    return tuple(ranges)


@pytest.mark.parametrize("printed", COLLISION_ROWS, ids=COLLISION_ROWS)
def test_each_level_rolls_the_printed_dice_and_ranges_in_sun_and_rain(printed):
    level, sun, rain = printed.split("\t")
    level = Level(level)
    for weather, cell in ((Weather.SUN, sun), (Weather.RAIN, rain)):
        expected = read_cell(cell)
        assert COLLISION_TABLE[level][weather] == expected
        assert collision_dice(level, weather) == tuple(entry.die for entry in expected)
        # every combination of faces: damage exactly when all dice fall in their printed range
        for faces in itertools.product(*(values(entry.die) for entry in expected)):
            rolls = {entry.die: face for entry, face in zip(expected, faces, strict=True)}
            in_range = all(e.low <= f <= e.high for e, f in zip(expected, faces, strict=True))
            assert collision_damages(level, weather, rolls) is in_range


def test_a_rookie_in_the_sun_rolling_black_2_and_green_8_takes_damage():
    assert collision_damages(Level.ROOKIE, Weather.SUN, {Die.BLACK: 2, Die.GREEN: 8})


def test_a_rookie_in_the_sun_rolling_black_2_and_green_10_is_clear():
    assert not collision_damages(Level.ROOKIE, Weather.SUN, {Die.BLACK: 2, Die.GREEN: 10})


def test_a_veteran_in_the_sun_takes_damage_on_black_1_whatever_the_green_die_shows():
    for green in values(Die.GREEN):
        assert collision_damages(Level.VETERAN, Weather.SUN, {Die.BLACK: 1, Die.GREEN: green})


def test_a_collision_check_refuses_a_face_the_die_does_not_have():
    with pytest.raises(InvalidRoll, match="The red die cannot show 3"):
        collision_damages(Level.ICON, Weather.RAIN, {Die.BLACK: 1, Die.RED: 3})


def test_a_collision_check_needs_exactly_the_dice_the_table_asks_for():
    with pytest.raises(MissingCollisionDice, match="A Rookie in rain rolls black and red"):
        collision_damages(Level.ROOKIE, Weather.RAIN, {Die.BLACK: 1})
    with pytest.raises(MissingCollisionDice):
        collision_damages(Level.ROOKIE, Weather.RAIN, {Die.BLACK: 1, Die.GREEN: 7})


@pytest.mark.parametrize("roll", values(Die.BLACK))
def test_a_car_next_to_one_just_damaged_takes_a_point_on_black_1_to_3(roll):
    assert CHAIN_DAMAGE_MAX == 3
    assert chain_damage(roll) is (roll <= 3)


# --- Red Flag: off-road hazard chart ---------------------------------------------------------

OFF_ROAD_ROWS = ["1\t1", "2\t3", "3\t6", "4\t10", "5\t15", "6\t21"]


@pytest.mark.parametrize("printed", OFF_ROAD_ROWS, ids=OFF_ROAD_ROWS)
def test_leaving_the_track_costs_the_printed_collision_checks_for_the_gear(printed):
    gear, checks = (int(cell) for cell in printed.split("\t"))
    assert OFF_ROAD_ROLLS[gear] == checks
    assert off_road_rolls(gear) == checks


def test_the_chart_has_six_gears():
    assert sorted(OFF_ROAD_ROLLS) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(InvalidRoll):
        off_road_rolls(7)
