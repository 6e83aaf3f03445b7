"""Setup: the grid by the black die, and the start roll before engaging 1st gear."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Die, InvalidRoll, values
from rules.formula_d import (
    FREE,
    GREAT_START_LANES,
    GREAT_START_ROLL,
    GREAT_START_SPACES,
    POOR_START_ROLL,
    START_GEAR,
    START_TABLE,
    GridOutcome,
    IllegalGearChange,
    InvalidGrid,
    Start,
    StartOutcome,
    gear_change_cost,
    grid_order,
    start_roll,
)

# --- Grid ------------------------------------------------------------------------------------


def test_the_highest_roller_takes_pole_and_the_others_follow_in_decreasing_order():
    outcome = grid_order({"Alesi": [7], "Berger": [19], "Capelli": [2]})
    assert outcome == GridOutcome(order=("Berger", "Alesi", "Capelli"), tied=())


def test_tied_cars_re_roll_before_the_grid_is_known():
    outcome = grid_order({"Alesi": [12], "Berger": [12], "Capelli": [3]})
    assert outcome == GridOutcome(order=(), tied=(("Alesi", "Berger"),))


def test_a_re_roll_orders_only_the_tied_cars_among_themselves():
    # Capelli's 15 beats both 12s; the re-roll settles 2nd and 3rd, highest first.
    outcome = grid_order({"Alesi": [12, 4], "Berger": [12, 17], "Capelli": [15]})
    assert outcome.order == ("Capelli", "Berger", "Alesi")


def test_a_re_roll_that_ties_again_is_rolled_again_by_those_still_tied():
    rolls = {"A": [9, 6], "B": [9, 6], "C": [9, 2]}
    assert grid_order(rolls) == GridOutcome(order=(), tied=(("A", "B"),))
    rolls = {"A": [9, 6, 1], "B": [9, 6, 20], "C": [9, 2]}
    assert grid_order(rolls).order == ("B", "A", "C")


def test_a_re_roll_waits_for_every_tied_car():
    assert grid_order({"A": [4, 7], "B": [4]}).tied == (("A", "B"),)


def test_a_re_roll_for_a_car_that_is_not_tied_is_refused():
    with pytest.raises(InvalidGrid, match="B has a re-roll but is not tied"):
        grid_order({"A": [4], "B": [5, 3]})


def test_every_car_rolls_a_black_die_face_for_the_grid():
    with pytest.raises(InvalidGrid, match="A has not rolled the black die"):
        grid_order({"A": []})
    with pytest.raises(InvalidRoll):
        grid_order({"A": [21]})


@given(st.data())
def test_once_ties_are_re_rolled_the_grid_lists_every_car_by_its_rolls_highest_first(data):
    cars = data.draw(
        st.lists(
            st.text("ABCDEFGHIJ", min_size=1, max_size=2), min_size=1, max_size=10, unique=True
        )
    )
    rolls = {car: [data.draw(st.integers(1, 20))] for car in cars}
    outcome = grid_order(rolls)
    for group in outcome.tied:
        assert outcome.order == ()
        assert len(group) > 1 and len({rolls[car][0] for car in group}) == 1
        re_rolls = data.draw(
            st.lists(st.integers(1, 20), min_size=len(group), max_size=len(group), unique=True)
        )
        for car, re_roll in zip(group, re_rolls, strict=True):
            rolls[car].append(re_roll)
    outcome = grid_order(rolls)
    assert outcome.tied == ()
    assert sorted(outcome.order) == sorted(cars)
    keys = [rolls[car] for car in outcome.order]
    assert keys == sorted(keys, reverse=True)


# --- Start roll ------------------------------------------------------------------------------

START_ROWS = ["1\tPoor Start", "2-19\tNormal Start", "20\tGreat Start"]


@pytest.mark.parametrize("printed", START_ROWS, ids=START_ROWS)
def test_each_start_roll_gives_the_printed_start(printed):
    rolls, start = printed.split("\t")
    low, _, high = rolls.partition("-")
    low, high = int(low), int(high or low)
    assert (low, high, Start(start)) in START_TABLE
    for roll in range(low, high + 1):
        assert start_roll(roll).start is Start(start)


def test_the_start_table_covers_every_black_roll_once():
    covered = sorted(roll for low, high, _ in START_TABLE for roll in range(low, high + 1))
    assert covered == list(values(Die.BLACK))


def test_a_1_is_a_poor_start_and_a_2_is_normal():
    assert POOR_START_ROLL == 1
    assert start_roll(1).start is Start.POOR
    assert start_roll(2).start is Start.NORMAL


def test_a_20_is_a_great_start_and_a_19_is_normal():
    assert GREAT_START_ROLL == 20
    assert start_roll(20).start is Start.GREAT
    assert start_roll(19).start is Start.NORMAL


def test_a_poor_start_misses_the_first_turn_then_rolls_for_1st_gear_with_no_new_start_roll():
    assert start_roll(1) == StartOutcome(
        Start.POOR, misses_first_turn=True, rolls_first_gear_die=True, spaces_at_once=0
    )


def test_a_normal_start_rolls_the_die_for_1st_gear():
    assert start_roll(10) == StartOutcome(
        Start.NORMAL, misses_first_turn=False, rolls_first_gear_die=True, spaces_at_once=0
    )


def test_a_great_start_moves_4_spaces_at_once_changing_up_to_2_lanes():
    assert GREAT_START_SPACES == 4 and GREAT_START_LANES == 2
    assert start_roll(20) == StartOutcome(
        Start.GREAT, misses_first_turn=False, rolls_first_gear_die=False, spaces_at_once=4
    )


def test_after_a_great_start_the_car_is_in_1st_and_may_shift_to_2nd_next_round_but_no_higher():
    assert START_GEAR == 1
    assert gear_change_cost(START_GEAR, 2) == FREE
    with pytest.raises(IllegalGearChange):
        gear_change_cost(START_GEAR, 3)


@pytest.mark.parametrize("roll", [0, 21])
def test_the_start_roll_is_a_black_die_face(roll):
    with pytest.raises(InvalidRoll, match="black die cannot show"):
        start_roll(roll)
