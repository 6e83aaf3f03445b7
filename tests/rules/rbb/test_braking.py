"""Brakes: the blocked-braking table as the RBB document prints it, elimination, and the house
rule for the racer directly in front."""

import pytest

from rules.rbb import FRONT_RACER_BODY_WP, Blocked, blocked
from rules.rbb.braking import BLOCKED_TABLE, BlockedCost, braking_cost

# Spaces Brake WP Tyre WP, as the document prints it.
DOCUMENT_ROWS = ["1 1 0", "2 2 0", "3 3 0", "4 3 1", "5 3 2", "6 3 3"]


@pytest.mark.parametrize("printed", DOCUMENT_ROWS)
def test_a_blocked_racer_loses_the_printed_brake_and_tyre_wp(printed):
    spaces, brakes, tyres = (int(cell) for cell in printed.split())
    assert BLOCKED_TABLE[spaces] == BlockedCost(brakes=brakes, tires=tyres)
    assert blocked(spaces, brakes_left=7, tires_left=14) == Blocked(
        brakes_lost=brakes, tires_lost=tyres
    )


@pytest.mark.parametrize("spaces", [7, 8, 12])
def test_7_or_more_spaces_remaining_eliminate_the_racer(spaces):
    assert blocked(spaces, 7, 14) == Blocked(0, 0, eliminated=True)


@pytest.mark.parametrize(("brakes", "tyres"), [(2, 14), (7, 1)])
def test_not_enough_brake_or_tyre_points_to_stop_eliminate_the_racer(brakes, tyres):
    assert blocked(5, brakes_left=brakes, tires_left=tyres).eliminated


def test_paying_the_last_tyre_point_to_stop_spins_the_racer():
    assert blocked(5, brakes_left=3, tires_left=2) == Blocked(3, 2, spun=True)


def test_an_eliminated_racer_blocked_by_the_racer_in_front_costs_it_1_body_point():
    assert FRONT_RACER_BODY_WP == 1
    assert blocked(7, 3, 6, by_racer=True).front_body_lost == 1
    assert blocked(7, 3, 6, by_racer=False).front_body_lost == 0
    assert blocked(3, 3, 6, by_racer=True).front_body_lost == 0  # stopped: no harm done


def test_a_racer_with_0_brake_points_may_not_brake():
    assert braking_cost(0, 0) == 0
    with pytest.raises(ValueError, match="0 brake WP left"):
        braking_cost(1, 0)
