"""Qualifying: black die plus the Pole modifier, lowest first; ties roll off unmodified."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import InvalidRoll
from rules.season_pass import InvalidQualifying, QualifyingOutcome, qualifying_order


def test_the_lowest_adjusted_roll_takes_the_pole():
    # a Rookie (+1) rolling 5 makes 6; an Icon (-3) rolling 8 makes 5; a Veteran rolling 7 is 7
    outcome = qualifying_order(
        {"Rookie": [5], "Icon": [8], "Veteran": [7]}, {"Rookie": 1, "Icon": -3, "Veteran": 0}
    )
    assert outcome == QualifyingOutcome(order=("Icon", "Rookie", "Veteran"), tied=())


def test_tied_drivers_must_roll_off_before_the_grid_is_known():
    outcome = qualifying_order({"A": [5], "B": [6], "C": [9]}, {"A": 1, "B": 0, "C": 0})
    assert outcome == QualifyingOutcome(order=(), tied=(("A", "B"),))


def test_the_lower_roller_in_a_roll_off_takes_the_forward_position_unmodified():
    # A Rookie (+1) and a Legend (-2) tie at 6; the roll-off is unmodified (Questions: "Do skill
    # adjustments count when breaking ties for the pole? A: No."): Rookie 10 beats Legend 11.
    outcome = qualifying_order({"Legend": [8, 11], "Rookie": [5, 10]}, {"Legend": -2, "Rookie": 1})
    assert outcome.order == ("Rookie", "Legend")


def test_a_roll_off_that_ties_again_is_rolled_again_by_those_still_tied():
    rolls = {"A": [4, 7], "B": [4, 7], "C": [4, 3]}
    pole = {"A": 0, "B": 0, "C": 0}
    assert qualifying_order(rolls, pole) == QualifyingOutcome(order=(), tied=(("A", "B"),))
    rolls = {"A": [4, 7, 12], "B": [4, 7, 2], "C": [4, 3]}
    assert qualifying_order(rolls, pole).order == ("C", "B", "A")


def test_a_roll_off_waits_for_every_tied_driver():
    outcome = qualifying_order({"A": [4, 7], "B": [4]}, {"A": 0, "B": 0})
    assert outcome.tied == (("A", "B"),)


def test_a_tie_break_roll_for_a_car_that_is_not_tied_is_refused():
    with pytest.raises(InvalidQualifying, match="B has a tie-break roll but is not tied"):
        qualifying_order({"A": [4], "B": [5, 3]}, {"A": 0, "B": 0})


def test_every_car_needs_a_pole_modifier_from_the_table_and_a_roll():
    with pytest.raises(InvalidQualifying):
        qualifying_order({"A": [4]}, {})
    with pytest.raises(InvalidQualifying, match="not a Pole modifier"):
        qualifying_order({"A": [4]}, {"A": 2})
    with pytest.raises(InvalidQualifying, match="has not rolled"):
        qualifying_order({"A": []}, {"A": 0})
    with pytest.raises(InvalidRoll):
        qualifying_order({"A": [21]}, {"A": 0})


@given(st.data())
def test_once_the_roll_offs_are_in_the_grid_lists_every_car_by_adjusted_roll(data):
    cars = data.draw(
        st.lists(
            st.text("ABCDEFGHIJ", min_size=1, max_size=2), min_size=1, max_size=10, unique=True
        )
    )
    pole = {car: data.draw(st.sampled_from([1, 0, -1, -2, -3])) for car in cars}
    rolls = {car: [data.draw(st.integers(1, 20))] for car in cars}
    outcome = qualifying_order(rolls, pole)
    for group in outcome.tied:
        assert outcome.order == ()
        assert len(group) > 1 and len({rolls[car][0] + pole[car] for car in group}) == 1
        roll_offs = data.draw(
            st.lists(st.integers(1, 20), min_size=len(group), max_size=len(group), unique=True)
        )
        for car, roll_off in zip(group, roll_offs, strict=True):
            rolls[car].append(roll_off)
    outcome = qualifying_order(rolls, pole)
    assert outcome.tied == ()
    assert sorted(outcome.order) == sorted(cars)
    keys = [(rolls[car][0] + pole[car], rolls[car][1:]) for car in outcome.order]
    assert keys == sorted(keys)
