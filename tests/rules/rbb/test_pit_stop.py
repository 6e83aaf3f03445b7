"""Pit Stops: the speed limit, the Quick Pit Stop's roll and the Technical Pit Stop."""

import pytest

from rules.formula_d import CarSheet, Zone
from rules.rbb import (
    PIT_SPEED_LIMIT,
    QUICK_STOP_MAX,
    TECHNICAL_STOP_WP,
    WEAR_POINT_SETUP,
    PitExit,
    pit_lane_gear,
    quick_stop_roll,
    technical_repairs,
    technical_stop,
)
from rules.rbb.pit_stop import InvalidPitStop, may_pit


def test_a_racer_may_enter_the_pits_at_the_end_of_the_first_lap_once():
    assert may_pit(1, 0) and not may_pit(1, 1) and not may_pit(2, 0)


@pytest.mark.parametrize(("gear", "limited"), [(6, 4), (5, 4), (4, 4), (3, 3)])
def test_the_pit_lane_speed_limit_reduces_the_gear_to_4th_at_most(gear, limited):
    assert PIT_SPEED_LIMIT == 4 and pit_lane_gear(gear) == limited


@pytest.mark.parametrize(
    ("roll", "exit"),
    [
        (1, PitExit(True, 1)),
        (2, PitExit(True, 1)),
        (7, PitExit(True, 4)),  # half of 7, rounded up
        (10, PitExit(True, 5)),
        (11, PitExit(False)),
        (20, PitExit(False)),
    ],
)
def test_the_quick_stop_roll_1_to_10_leaves_with_half_11_to_20_waits(roll, exit):
    assert QUICK_STOP_MAX == 10 and quick_stop_roll(roll) == exit


DAMAGED = CarSheet(tires=0, brakes=1, gearbox=3, body=2, engine=3, road_handling=2)


def test_a_technical_stop_returns_2_other_wear_points_of_the_racer_s_choice():
    assert TECHNICAL_STOP_WP == 2
    assert technical_repairs(DAMAGED, WEAR_POINT_SETUP) == (
        (Zone.BRAKES, Zone.BRAKES),
        (Zone.BRAKES, Zone.BODY),
    )
    after = technical_stop(DAMAGED, WEAR_POINT_SETUP, [Zone.BODY, Zone.BRAKES])
    assert (after.brakes, after.body, after.tires) == (2, 3, 0)


def test_a_technical_stop_never_gives_more_than_the_car_started_with():
    with pytest.raises(InvalidPitStop, match="never more than it started with"):
        technical_stop(DAMAGED, WEAR_POINT_SETUP, [Zone.BODY, Zone.BODY])
    with pytest.raises(InvalidPitStop):
        technical_stop(DAMAGED, WEAR_POINT_SETUP, [Zone.TIRES, Zone.BRAKES])


def test_with_1_wp_missing_a_technical_stop_returns_that_one_and_with_none_nothing():
    one = CarSheet(tires=2, brakes=3, gearbox=3, body=2, engine=3, road_handling=2)
    assert technical_repairs(one, WEAR_POINT_SETUP) == ((Zone.BODY,),)
    assert technical_repairs(WEAR_POINT_SETUP, WEAR_POINT_SETUP) == ((),)
    assert technical_stop(WEAR_POINT_SETUP, WEAR_POINT_SETUP, []) == WEAR_POINT_SETUP
