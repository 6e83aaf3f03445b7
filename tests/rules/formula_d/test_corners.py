"""Driving Through Corners: overshooting, spinning on the last tire WP, and elimination."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.formula_d import (
    MOST_STOPS_SKIPPED,
    SPIN_GEAR,
    TIRE_WP_PER_SPACE,
    InvalidOvershoot,
    Overshoot,
    overshoot,
)


def test_a_car_loses_1_tire_wp_for_each_space_it_overshoots():
    assert TIRE_WP_PER_SPACE == 1
    assert overshoot(tires_left=6, spaces=2, stops_made=0, stops_required=1) == Overshoot(
        tires_lost=2, tires_left=4
    )


def test_overshooting_by_one_fewer_space_than_the_tire_wp_left_leaves_one():
    assert overshoot(4, 3, 0, 1) == Overshoot(tires_lost=3, tires_left=1)


def test_a_car_that_loses_its_last_tire_wp_spins_and_drives_off_in_1st_next_turn():
    assert SPIN_GEAR == 1
    assert overshoot(1, 1, 0, 1) == Overshoot(
        tires_lost=1, tires_left=0, spun=True, eliminated=False, next_gear=1
    )


def test_a_car_on_its_last_tire_wp_that_overshoots_by_more_than_1_space_is_eliminated():
    assert overshoot(1, 2, 0, 1) == Overshoot(tires_lost=0, tires_left=1, eliminated=True)


def test_a_car_with_3_tire_wp_that_overshoots_by_3_loses_its_last_and_spins():
    # Ruling: "more than 1 space" is the last-point case of losing more tire WP than it has.
    assert overshoot(3, 3, 0, 1).spun


def test_a_car_that_loses_more_tire_wp_than_it_has_is_eliminated():
    assert overshoot(3, 4, 0, 1).eliminated
    assert not overshoot(3, 3, 0, 1).eliminated


def test_a_car_that_already_spun_on_no_tire_wp_is_eliminated_by_any_overshoot():
    assert overshoot(0, 1, 0, 1).eliminated


# --- Stops -----------------------------------------------------------------------------------


def test_a_car_is_eliminated_if_it_skips_more_than_1_corner_stop():
    assert MOST_STOPS_SKIPPED == 1


def test_corner_with_1_stop_made_none_it_only_overshoots():
    assert overshoot(6, 1, stops_made=0, stops_required=1) == Overshoot(1, 5)


def test_corner_with_2_stops_if_the_car_made_no_stops_it_is_eliminated():
    assert overshoot(6, 1, stops_made=0, stops_required=2).eliminated
    assert overshoot(6, 1, stops_made=1, stops_required=2) == Overshoot(1, 5)


def test_corner_with_3_stops_if_the_car_made_no_stops_or_only_1_stop_it_is_eliminated():
    assert overshoot(6, 1, stops_made=0, stops_required=3).eliminated
    assert overshoot(6, 1, stops_made=1, stops_required=3).eliminated
    assert overshoot(6, 1, stops_made=2, stops_required=3) == Overshoot(1, 5)


def test_a_car_that_skipped_two_stops_is_out_however_many_tires_it_has():
    assert overshoot(14, 1, 0, 2) == Overshoot(tires_lost=0, tires_left=14, eliminated=True)


# --- Refusals --------------------------------------------------------------------------------


def test_a_car_still_in_the_corner_did_not_overshoot():
    with pytest.raises(InvalidOvershoot, match="An overshoot of 0 spaces is no overshoot"):
        overshoot(6, 0, 0, 1)


def test_a_car_that_made_its_stops_may_exit_and_cannot_overshoot():
    with pytest.raises(InvalidOvershoot, match="made 2 of 2 stops may exit the corner"):
        overshoot(6, 1, 2, 2)


def test_a_corner_asks_for_at_least_1_stop():
    with pytest.raises(InvalidOvershoot, match="at least 1 stop, not 0"):
        overshoot(6, 1, 0, 0)


def test_stops_made_and_tire_wp_cannot_be_negative():
    with pytest.raises(InvalidOvershoot, match="cannot have made -1 stops"):
        overshoot(6, 1, -1, 1)
    with pytest.raises(InvalidOvershoot, match="cannot have -1 tire WP"):
        overshoot(-1, 1, 0, 1)


@given(
    st.integers(0, 14),
    st.integers(1, 30),
    st.integers(1, 3).flatmap(
        lambda required: st.tuples(st.integers(0, required - 1), st.just(required))
    ),
)
def test_an_overshoot_either_eliminates_or_takes_exactly_the_spaces_off_the_tires(
    tires, spaces, stops
):
    made, required = stops
    result = overshoot(tires, spaces, made, required)
    assert result.eliminated is (required - made > 1 or spaces > tires)
    if result.eliminated:
        assert (result.tires_lost, result.tires_left, result.spun) == (0, tires, False)
    else:
        assert result.tires_lost == spaces and result.tires_left == tires - spaces
        assert result.spun is (result.tires_left == 0)
        assert result.next_gear == (1 if result.spun else None)


def test_read_as_written_losing_the_last_tire_wp_by_more_than_1_space_eliminates():
    # 004, Overshooting: "If the car overshoot by more than 1 space, it is eliminated."
    assert overshoot(2, 2, 0, 1, by_more_than_one_out=True).eliminated
    assert overshoot(3, 3, 0, 1, by_more_than_one_out=True).eliminated
    assert overshoot(1, 1, 0, 1, by_more_than_one_out=True).spun
    assert overshoot(3, 2, 0, 1, by_more_than_one_out=True).tires_left == 1
    # Read as the rule for a car on its last point: it spins.
    assert overshoot(2, 2, 0, 1).spun
