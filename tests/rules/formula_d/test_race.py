"""The race: two laps (Winning) and who moves first each round (Order of Play)."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.formula_d import RACE_LAPS, InvalidStandings, Standing, play_order


def test_the_race_is_won_by_the_first_car_across_the_line_after_2_laps():
    assert RACE_LAPS == 2


def test_the_leader_goes_first():
    standings = {
        "Alesi": Standing(spaces=40, gear=4, lane=1),
        "Berger": Standing(spaces=52, gear=3, lane=2),
        "Capelli": Standing(spaces=12, gear=6, lane=0),
    }
    assert play_order(standings) == ("Berger", "Alesi", "Capelli")


def test_of_two_level_cars_the_one_in_the_highest_gear_goes_first():
    standings = {"Alesi": Standing(30, gear=4, lane=0), "Berger": Standing(30, gear=5, lane=2)}
    assert play_order(standings) == ("Berger", "Alesi")


def test_of_two_level_cars_in_the_same_gear_the_one_nearest_the_inside_goes_first():
    standings = {"Alesi": Standing(30, gear=5, lane=2), "Berger": Standing(30, gear=5, lane=1)}
    assert play_order(standings) == ("Berger", "Alesi")


def test_two_cars_cannot_be_on_the_same_space():
    standings = {"Alesi": Standing(30, gear=5, lane=1), "Berger": Standing(30, gear=4, lane=1)}
    with pytest.raises(InvalidStandings, match="Alesi and Berger cannot be on the same space"):
        play_order(standings)


def test_standings_need_a_real_gear_and_lane():
    with pytest.raises(InvalidStandings, match="There is no gear 0"):
        play_order({"Alesi": Standing(0, gear=0, lane=0)})
    with pytest.raises(InvalidStandings, match="lanes count from 0"):
        play_order({"Alesi": Standing(0, gear=1, lane=-1)})


@given(
    st.dictionaries(
        st.tuples(st.integers(0, 60), st.integers(0, 2)),
        st.integers(1, 6),
        min_size=1,
        max_size=10,
    )
)
def test_every_car_moves_once_no_car_before_one_ahead_of_it(cars):
    standings = {
        f"car{n}": Standing(s, gear, lane) for n, ((s, lane), gear) in enumerate(cars.items())
    }
    order = play_order(standings)
    assert sorted(order) == sorted(standings)
    for first, later in pairwise(order):
        a, b = standings[first], standings[later]
        assert (a.spaces, a.gear, -a.lane) > (b.spaces, b.gear, -b.lane)
