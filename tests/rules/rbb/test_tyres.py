"""Tyres: a tyre WP per space beyond the corner, the crash for too few stops, the spin on the
last tyre WP and the crash on the next."""

import pytest

from rules.formula_d import Overshoot
from rules.rbb import TYRE_WP_PER_SPACE, TyreLoss, crashes_for_stops, lose_tyres
from rules.rbb.tyres import InvalidTyreLoss, overshoot


def test_2_spaces_beyond_the_corner_limit_cost_2_tyre_points():
    assert TYRE_WP_PER_SPACE == 1
    assert overshoot(tires_left=6, spaces=2, stops_made=0, stops_required=1) == Overshoot(
        tires_lost=2, tires_left=4
    )


@pytest.mark.parametrize(
    ("stops_made", "stops_required", "crashes"),
    [
        (0, 1, False),
        (0, 2, True),  # 0 stops in a 2-stop corner
        (1, 2, False),
        (0, 3, True),  # 1 or 0 stops in a 3-stop corner
        (1, 3, True),
        (2, 3, False),
    ],
)
def test_too_few_stops_crash_the_racer_out_automatically(stops_made, stops_required, crashes):
    assert crashes_for_stops(stops_made, stops_required) is crashes
    result = overshoot(14, 1, stops_made, stops_required)
    assert result.eliminated is crashes
    assert result.tires_lost == (0 if crashes else 1)


def test_losing_the_last_tyre_point_spins_the_racer_into_1st():
    result = overshoot(tires_left=2, spaces=2, stops_made=0, stops_required=1)
    assert (result.spun, result.tires_left, result.next_gear) == (True, 0, 1)
    assert lose_tyres(1, 1) == TyreLoss(tires_left=0, spun=True)


def test_losing_another_tyre_point_after_the_spin_crashes_the_racer_out():
    assert overshoot(0, 1, 0, 1).eliminated
    assert lose_tyres(0, 1) == TyreLoss(tires_left=0, crashed=True)
    assert lose_tyres(2, 3).crashed  # the last and another, at once


def test_losing_no_tyre_point_changes_nothing():
    assert lose_tyres(0, 0) == TyreLoss(tires_left=0)
    assert lose_tyres(5, 2) == TyreLoss(tires_left=3)


def test_negative_tyre_figures_are_refused():
    with pytest.raises(InvalidTyreLoss):
        lose_tyres(-1, 0)
    with pytest.raises(ValueError, match="at least 1 stop"):
        crashes_for_stops(0, 0)
