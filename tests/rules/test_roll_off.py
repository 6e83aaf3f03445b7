"""A roll-off orders cars by a roll, those level rolling again among themselves as needed."""

import pytest

from rules.roll_off import (
    RollOff,
    UntiedReroll,
    place_so_far,
    ranked_roll_off,
    roll_off,
    rolls_owed,
)


def test_highest_first_with_a_tie_broken_by_a_re_roll():
    rolls = {"red": [12, 3], "blue": [17], "green": [12, 9]}
    assert roll_off(rolls, highest_first=True) == RollOff(("blue", "green", "red"), ())


def test_lowest_first_with_the_first_roll_scored():
    rolls = {"red": [5], "blue": [3]}
    modified = roll_off(
        rolls, highest_first=False, first_roll=lambda car, v: v + (3 if car == "blue" else 0)
    )
    assert modified.order == ("red", "blue")  # 5 beats 3 + 3


def test_a_tie_still_to_roll_gives_no_order_yet():
    rolls = {"red": [12], "blue": [12], "green": [4]}
    assert roll_off(rolls, highest_first=True) == RollOff((), (("red", "blue"),))


def test_a_tie_that_ties_again_rolls_again():
    rolls = {"red": [12, 6], "blue": [12, 6]}
    assert roll_off(rolls, highest_first=True).tied == (("red", "blue"),)


def test_a_re_roll_for_a_car_nothing_tied_is_refused():
    with pytest.raises(UntiedReroll) as refusal:
        roll_off({"red": [12, 4], "blue": [3]}, highest_first=True)
    assert refusal.value.car == "red"


def test_in_a_tie_those_who_rolled_fewest_times_owe_the_next_roll():
    rolls = {"red": [12, 4], "blue": [12], "green": [12, 4], "black": [3]}
    tied = (("red", "blue", "green"),)
    assert rolls_owed(rolls, tied) == (("blue", ("red", "blue", "green")),)


def test_a_first_roll_places_a_car_among_those_that_have_rolled_so_far():
    rolls = {"red": [12], "blue": [17], "green": [12], "black": []}
    assert place_so_far(rolls, "red", highest_first=True) == (2, ("green",))
    assert place_so_far(rolls, "blue", highest_first=True) == (1, ())
    assert place_so_far(rolls, "blue", highest_first=False) == (3, ())


def test_the_place_so_far_counts_the_scored_first_roll_not_the_re_rolls():
    rolls = {"red": [5, 20], "blue": [4, 1]}
    scored = place_so_far(
        rolls, "red", highest_first=False, first_roll=lambda car, v: v - (1 if car == "red" else 0)
    )
    assert scored == (1, ("blue",))


def test_ranked_cars_go_least_first_and_only_those_level_roll_off_highest_ahead():
    ranks = {"red": 3, "blue": 1, "green": 3, "yellow": 7}
    owed = ranked_roll_off(ranks, {})
    assert (owed.order, owed.tied) == ((), (("red", "green"),))
    settled = ranked_roll_off(ranks, {"red": [4], "green": [9]})
    assert settled.order == ("blue", "green", "red", "yellow")
    level_again = ranked_roll_off(ranks, {"red": [4], "green": [4]})
    assert level_again.tied == (("red", "green"),)
    with pytest.raises(UntiedReroll):
        ranked_roll_off(ranks, {"blue": [12]})
