"""Photo Finish: the lower fraction of the move to reach the line finishes ahead."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.season_pass import InvalidPhotoFinish, photo_finish_order, photo_finish_percent

# Photo Finish Example:      Yellow  Green  Red    Blue
EXAMPLE = {"Yellow": (3, 6), "Green": (3, 8), "Red": (3.5, 8), "Blue": (5, 12)}
PRINTED_PERCENT = {"Yellow": 50, "Green": 37.5, "Red": 43.75, "Blue": 41.67}
PRINTED_PLACE = {"Yellow": 6, "Green": 3, "Red": 5, "Blue": 4}


@pytest.mark.parametrize("car", list(EXAMPLE))
def test_each_car_in_the_example_crosses_at_the_printed_percent(car):
    assert photo_finish_percent(*EXAMPLE[car]) == pytest.approx(PRINTED_PERCENT[car], abs=0.005)


def test_the_example_cars_competing_for_third_place_finish_6_3_5_4():
    order = photo_finish_order(EXAMPLE)
    places = {car: place for place, car in enumerate(order, start=3)}
    assert places == PRINTED_PLACE
    assert order == ("Green", "Blue", "Red", "Yellow")


def test_an_exact_tie_keeps_the_order_the_cars_were_given_in():
    assert photo_finish_order({"A": (4, 8), "B": (3, 6)}) == ("A", "B")
    assert photo_finish_order({"B": (3, 6), "A": (4, 8)}) == ("B", "A")


@pytest.mark.parametrize(("distance", "roll"), [(0, 6), (7, 6), (3, 0), (-1, 4)])
def test_a_car_that_does_not_cross_the_line_this_move_is_refused(distance, roll):
    with pytest.raises(InvalidPhotoFinish):
        photo_finish_percent(distance, roll)


@given(
    st.dictionaries(
        st.text("ABCDEF", min_size=1, max_size=2),
        st.integers(1, 30).flatmap(lambda roll: st.tuples(st.integers(1, roll), st.just(roll))),
        max_size=8,
    )
)
def test_photo_finish_order_is_by_percent_of_the_move_lowest_first(finishers):
    order = photo_finish_order(finishers)
    assert sorted(order) == sorted(finishers)
    percents = [photo_finish_percent(*finishers[car]) for car in order]
    assert percents == sorted(percents)
