"""Gears: the dice of each gear, changing up one at a time, and the Gearing Down table."""

import pytest

from rules.dice import Die, gear_die, values
from rules.formula_d import (
    FREE,
    GEARING_DOWN,
    MOST_GEARS_SKIPPED,
    STANDARD_CAR,
    CarSheet,
    GearChangeCost,
    IllegalGearChange,
    NotEnoughWear,
    Zone,
    gear_change_cost,
    gears_skipped,
    wear,
)

# --- Gears -----------------------------------------------------------------------------------

GEAR_ROWS = [
    "1\tYellow\t1 - 2",
    "2\tOrange\t2 - 4",
    "3\tRed\t4 - 8",
    "4\tGreen\t7 - 12",
    "5\tPurple\t11 - 20",
    "6\tBlue\t21 - 30",
]


@pytest.mark.parametrize("printed", GEAR_ROWS, ids=GEAR_ROWS)
def test_each_gear_rolls_its_printed_die_for_the_printed_move(printed):
    gear, colour, move = printed.split("\t")
    low, high = (int(end) for end in move.split(" - "))
    die = gear_die(int(gear))
    assert die is Die(colour.lower())
    assert (values(die)[0], values(die)[-1]) == (low, high)


# --- Gearing Down ----------------------------------------------------------------------------

# Gears Skipped   Gearbox WP   Brake WP   Engine WP, as the rules summary prints it ...
GEARING_DOWN_ROWS = ["1 gear\t1\t0\t0", "2 gears\t1\t1\t0", "3 gears\t1\t1\t1"]
# ... and as the Quick Reference prints it.
QUICK_REFERENCE_ROWS = ["1 gear\t-1\t-\t-", "2 gears\t-1\t-1\t-", "3 gears\t-1\t-1\t-1"]


def read_row(printed: str) -> tuple[int, GearChangeCost]:
    skipped, *cells = printed.split("\t")
    gearbox, brakes, engine = (0 if cell == "-" else abs(int(cell)) for cell in cells)
    return int(skipped.split()[0]), GearChangeCost(gearbox=gearbox, brakes=brakes, engine=engine)


@pytest.mark.parametrize("printed", GEARING_DOWN_ROWS + QUICK_REFERENCE_ROWS)
def test_each_number_of_gears_skipped_costs_the_printed_wp(printed):
    skipped, cost = read_row(printed)
    assert GEARING_DOWN[skipped] == cost
    for from_gear in range(skipped + 2, 7):
        assert gears_skipped(from_gear, from_gear - skipped - 1) == skipped
        assert gear_change_cost(from_gear, from_gear - skipped - 1) == cost


def test_the_table_has_the_three_rows_a_player_may_skip():
    assert sorted(GEARING_DOWN) == [1, 2, 3] and MOST_GEARS_SKIPPED == 3


def test_a_car_in_6th_that_drops_to_4th_skips_5th_and_loses_a_gearbox_wp():
    assert gear_change_cost(6, 4) == GearChangeCost(gearbox=1, brakes=0, engine=0)


def test_a_car_in_6th_that_drops_to_3rd_skips_two_gears_and_loses_a_gearbox_and_a_brake_wp():
    assert gear_change_cost(6, 3) == GearChangeCost(gearbox=1, brakes=1, engine=0)


def test_a_car_in_6th_that_drops_to_2nd_loses_a_gearbox_a_brake_and_an_engine_wp():
    assert gear_change_cost(6, 2) == GearChangeCost(gearbox=1, brakes=1, engine=1)


def test_it_is_not_possible_to_skip_4_gears_from_6th_to_1st():
    with pytest.raises(IllegalGearChange, match="It is not possible to skip 4 gears"):
        gear_change_cost(6, 1)


@pytest.mark.parametrize(("from_gear", "to_gear"), [(3, 3), (3, 4), (3, 2), (1, 2), (6, 5), (2, 1)])
def test_the_same_gear_one_up_or_one_down_is_free(from_gear, to_gear):
    assert gears_skipped(from_gear, to_gear) == 0
    assert gear_change_cost(from_gear, to_gear) == FREE == GearChangeCost(0, 0, 0)


@pytest.mark.parametrize(("from_gear", "to_gear"), [(1, 3), (2, 6), (4, 6)])
def test_gears_go_up_one_at_a_time(from_gear, to_gear):
    with pytest.raises(IllegalGearChange, match="Gears go up one at a time"):
        gear_change_cost(from_gear, to_gear)


@pytest.mark.parametrize(("from_gear", "to_gear"), [(0, 1), (6, 7), (1, 0)])
def test_there_is_no_gear_outside_1st_to_6th(from_gear, to_gear):
    with pytest.raises(IllegalGearChange, match="There is no gear"):
        gear_change_cost(from_gear, to_gear)


def test_a_cost_reads_as_wp_lost_per_zone():
    assert dict(GEARING_DOWN[3].losses) == {Zone.GEARBOX: 1, Zone.BRAKES: 1, Zone.ENGINE: 1}


def test_a_car_with_no_gearbox_wp_cannot_skip_a_gear():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.GEARBOX: 0})
    with pytest.raises(NotEnoughWear, match="0 gearbox WP left"):
        wear(car, gear_change_cost(5, 3).losses)
    assert wear(car, gear_change_cost(5, 4).losses).sheet == car


def test_a_car_with_no_brake_wp_may_skip_one_gear_but_not_two():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.BRAKES: 0})
    assert wear(car, gear_change_cost(5, 3).losses).sheet.gearbox == 2
    with pytest.raises(NotEnoughWear, match="0 brake WP left"):
        wear(car, gear_change_cost(5, 2).losses)


def test_skipping_three_gears_on_the_last_engine_wp_eliminates_the_car():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.ENGINE: 1})
    out = wear(car, gear_change_cost(6, 2).losses)
    assert out.eliminated and out.cause is Zone.ENGINE
