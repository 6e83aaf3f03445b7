"""Braking: a brake WP per space not advanced, and the table for a car blocked by another."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.formula_d import (
    BLOCKED_ELIMINATED_AT,
    BLOCKED_TABLE,
    BRAKE_WP_PER_SPACE,
    BlockedBraking,
    BlockedCost,
    InvalidBraking,
    NotEnoughWear,
    blocked_braking,
    braking_cost,
)

# --- Braking by choice -----------------------------------------------------------------------


def test_a_car_loses_1_brake_wp_for_each_space_not_advanced():
    assert BRAKE_WP_PER_SPACE == 1
    assert braking_cost(spaces=2, brakes_left=3) == 2


def test_not_braking_costs_nothing():
    assert braking_cost(spaces=0, brakes_left=0) == 0


def test_a_car_may_brake_with_its_last_brake_wp_but_not_beyond():
    assert braking_cost(spaces=3, brakes_left=3) == 3
    with pytest.raises(NotEnoughWear, match="3 brake WP left: it cannot brake 4 spaces"):
        braking_cost(spaces=4, brakes_left=3)


def test_a_car_cannot_brake_a_negative_number_of_spaces():
    with pytest.raises(InvalidBraking, match="cannot brake -1 spaces"):
        braking_cost(spaces=-1, brakes_left=3)


# --- Blocked by another car ------------------------------------------------------------------

# Spaces Remaining   Brake WP   Tire WP, as the rules summary prints it ...
BLOCKED_ROWS = ["1\t1\t0", "2\t2\t0", "3\t3\t0", "4\t3\t1", "5\t3\t2", "6\t3\t3"]
# ... and as the Quick Reference prints it.
QUICK_REFERENCE_ROWS = ["1\t-1\t-", "2\t-2\t-", "3\t-3\t-", "4\t-3\t-1", "5\t-3\t-2", "6\t-3\t-3"]


def read_row(printed: str) -> tuple[int, BlockedCost]:
    spaces, brakes, tires = (0 if cell == "-" else abs(int(cell)) for cell in printed.split("\t"))
    return spaces, BlockedCost(brakes=brakes, tires=tires)


@pytest.mark.parametrize("printed", BLOCKED_ROWS + QUICK_REFERENCE_ROWS)
def test_a_blocked_car_loses_the_printed_brake_and_tire_wp(printed):
    spaces, cost = read_row(printed)
    assert BLOCKED_TABLE[spaces] == cost
    assert blocked_braking(spaces, brakes_left=7, tires_left=14) == BlockedBraking(
        brakes_lost=cost.brakes, tires_lost=cost.tires
    )


def test_the_table_prints_rows_1_to_6_and_7_eliminates():
    assert sorted(BLOCKED_TABLE) == [1, 2, 3, 4, 5, 6]
    assert BLOCKED_ELIMINATED_AT == 7


def test_blocked_with_7_spaces_remaining_the_car_is_eliminated():
    assert blocked_braking(7, brakes_left=7, tires_left=14) == BlockedBraking(0, 0, eliminated=True)
    assert not blocked_braking(6, brakes_left=7, tires_left=14).eliminated


@pytest.mark.parametrize("spaces", [8, 12, 29])
def test_blocked_with_more_than_7_spaces_remaining_the_car_is_eliminated_too(spaces):
    assert blocked_braking(spaces, brakes_left=7, tires_left=14).eliminated


def test_a_car_blocked_3_spaces_with_3_brake_wp_stops_on_its_last_brake_wp():
    assert blocked_braking(3, brakes_left=3, tires_left=0) == BlockedBraking(3, 0)


def test_a_car_blocked_3_spaces_with_2_brake_wp_is_eliminated():
    assert blocked_braking(3, brakes_left=2, tires_left=6).eliminated


def test_a_car_without_brake_wp_blocked_by_one_space_is_eliminated():
    # Ruling: the tires never pay for the brakes.
    assert blocked_braking(1, brakes_left=0, tires_left=6).eliminated


def test_a_car_blocked_5_spaces_needs_2_tire_wp_as_well_as_3_brake_wp():
    assert blocked_braking(5, brakes_left=3, tires_left=2) == BlockedBraking(3, 2)
    assert blocked_braking(5, brakes_left=3, tires_left=1).eliminated


def test_a_car_blocked_with_no_spaces_remaining_was_not_blocked():
    with pytest.raises(InvalidBraking, match="0 spaces remaining was not blocked"):
        blocked_braking(0, brakes_left=3, tires_left=6)


def test_a_blocked_car_cannot_have_negative_wp():
    with pytest.raises(InvalidBraking, match="fewer than 0 brake or tire WP"):
        blocked_braking(1, brakes_left=-1, tires_left=6)


@given(st.integers(1, 30), st.integers(0, 7), st.integers(0, 14))
def test_a_blocked_car_pays_its_row_from_what_it_has_or_is_eliminated(spaces, brakes, tires):
    result = blocked_braking(spaces, brakes, tires)
    row = BLOCKED_TABLE.get(spaces)
    fits = row is not None and row.brakes <= brakes and row.tires <= tires
    assert result.eliminated is not fits
    if fits:
        assert (result.brakes_lost, result.tires_lost) == (row.brakes, row.tires)
    else:
        assert (result.brakes_lost, result.tires_lost) == (0, 0)
