"""Slipstreaming: who may take the 3 extra spaces, and the brake WP they cost."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import InvalidRoll, gear_die, values
from rules.formula_d import (
    SLIPSTREAM_CORNER_BRAKE_WP,
    SLIPSTREAM_MIN_GEAR,
    SLIPSTREAM_SPACES,
    NoSlipstream,
    NotEnoughWear,
    check_slipstream,
    slipstream_brake_cost,
)


def test_a_car_in_5th_that_rolled_15_behind_a_car_in_4th_that_rolled_11_adds_3_spaces():
    assert SLIPSTREAM_SPACES == 3
    assert check_slipstream(gear=5, roll=15, front_gear=4, front_roll=11) == 3


def test_as_fast_as_the_car_in_front_is_fast_enough_one_slower_is_not():
    assert check_slipstream(gear=4, roll=10, front_gear=4, front_roll=10) == 3
    with pytest.raises(NoSlipstream, match="must be as fast or faster .*: 9 against 10"):
        check_slipstream(gear=4, roll=9, front_gear=4, front_roll=10)


def test_a_car_in_4th_may_slipstream_a_faster_car_in_a_higher_gear_if_it_rolled_as_much():
    # Speed is the gear die's number, not the gear: 12 in 4th is as fast as 12 in 5th.
    assert check_slipstream(gear=4, roll=12, front_gear=5, front_roll=12) == 3


def test_both_cars_must_be_in_4th_gear_or_higher():
    assert SLIPSTREAM_MIN_GEAR == 4
    with pytest.raises(NoSlipstream, match="Both cars must be in 4th gear or higher: .* 3 and 4"):
        check_slipstream(gear=3, roll=8, front_gear=4, front_roll=7)
    with pytest.raises(NoSlipstream, match="Both cars must be in 4th gear or higher: .* 4 and 3"):
        check_slipstream(gear=4, roll=8, front_gear=3, front_roll=8)


def test_braking_to_take_advantage_of_slipstreaming_is_prohibited():
    with pytest.raises(NoSlipstream, match="Braking to take advantage of slipstreaming"):
        check_slipstream(gear=6, roll=30, front_gear=5, front_roll=11, braked=True)


def test_the_rolls_must_be_faces_of_each_cars_gear_die():
    with pytest.raises(InvalidRoll, match="green die cannot show 13"):
        check_slipstream(gear=4, roll=13, front_gear=4, front_roll=7)
    with pytest.raises(InvalidRoll, match="purple die cannot show 21"):
        check_slipstream(gear=6, roll=25, front_gear=5, front_roll=21)


@given(st.integers(4, 6), st.integers(4, 6), st.data())
def test_a_slipstream_is_allowed_exactly_when_the_car_behind_rolled_at_least_as_much(
    gear, front_gear, data
):
    roll = data.draw(st.sampled_from(values(gear_die(gear))))
    front_roll = data.draw(st.sampled_from(values(gear_die(front_gear))))
    if roll >= front_roll:
        assert check_slipstream(gear, roll, front_gear, front_roll) == SLIPSTREAM_SPACES
    else:
        with pytest.raises(NoSlipstream):
            check_slipstream(gear, roll, front_gear, front_roll)


# --- Brake WP --------------------------------------------------------------------------------


def test_a_full_slipstream_on_a_straight_costs_nothing():
    assert slipstream_brake_cost(brakes_left=0, into_corner=False) == 0


def test_braking_spaces_off_a_slipstream_costs_a_brake_wp_each():
    assert slipstream_brake_cost(brakes_left=3, spaces_braked=2, into_corner=False) == 2


def test_a_car_carried_into_a_corner_by_slipstreaming_loses_a_brake_wp():
    assert SLIPSTREAM_CORNER_BRAKE_WP == 1
    assert slipstream_brake_cost(brakes_left=1, into_corner=True) == 1
    assert slipstream_brake_cost(brakes_left=3, spaces_braked=1, into_corner=True) == 2


def test_a_car_with_no_brake_wp_may_not_slipstream_into_a_corner():
    with pytest.raises(NotEnoughWear, match="0 brake WP left: this slipstream costs 1"):
        slipstream_brake_cost(brakes_left=0, into_corner=True)


@pytest.mark.parametrize("spaces_braked", [-1, 4])
def test_a_slipstream_brakes_0_to_3_of_its_spaces(spaces_braked):
    with pytest.raises(NoSlipstream, match=f"braking {spaces_braked} of them cannot happen"):
        slipstream_brake_cost(brakes_left=7, spaces_braked=spaces_braked, into_corner=False)
    assert slipstream_brake_cost(brakes_left=7, spaces_braked=3, into_corner=False) == 3
