"""The Scoring Table, row by row, and field sizes the table does not print."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.season_pass import (
    SCORING_TABLE,
    FieldSizeRule,
    InvalidPlace,
    points_for,
    round_multiplier,
    scoring_row,
    team_score,
)

# cars  1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th — as printed.
PRINTED_ROWS = [
    "4\t100\t60\t30\t5",
    "6\t100\t75\t55\t35\t20\t5",
    "8\t100\t80\t60\t45\t30\t20\t10\t5",
    "9\t100\t80\t65\t50\t35\t25\t15\t10\t5",
    "10\t100\t80\t65\t50\t40\t30\t20\t15\t10\t5",
]


@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=PRINTED_ROWS)
def test_each_place_in_a_printed_field_scores_as_printed(printed):
    field_size, *points = (int(cell) for cell in printed.split("\t"))
    assert SCORING_TABLE[field_size] == tuple(points)
    for place, expected in enumerate(points, start=1):
        assert points_for(place, field_size) == expected
    # places past the printed points (the empty cells) score nothing
    for place in range(len(points) + 1, field_size + 1):
        assert points_for(place, field_size) == 0


def test_the_table_prints_fields_of_4_6_8_9_and_10():
    assert sorted(SCORING_TABLE) == [4, 6, 8, 9, 10]


def test_the_winner_of_the_ninth_race_scores_300():
    assert points_for(1, 10, round_multiplier(9)) == 300


def test_second_of_six_in_the_first_race_scores_150():
    assert points_for(2, 6, round_multiplier(1)) == 150


@pytest.mark.parametrize(
    ("field_size", "larger", "smaller"),
    [(2, 4, 4), (3, 4, 4), (5, 6, 4), (7, 8, 6), (11, 10, 10), (12, 10, 10)],
)
def test_an_unprinted_field_size_uses_the_next_larger_or_smaller_row(field_size, larger, smaller):
    assert scoring_row(field_size, FieldSizeRule.NEXT_LARGER) == larger
    assert scoring_row(field_size, FieldSizeRule.NEXT_SMALLER) == smaller


def test_fifth_of_five_scores_20_by_the_larger_row_and_nothing_by_the_smaller():
    assert points_for(5, 5) == 20
    assert points_for(5, 5, rule=FieldSizeRule.NEXT_SMALLER) == 0


def test_eleventh_of_eleven_scores_nothing():
    assert points_for(11, 11) == 0
    assert points_for(10, 11) == 5


def test_third_of_three_scores_30_from_the_four_row():
    assert points_for(3, 3) == 30
    assert points_for(3, 3, rule=FieldSizeRule.NEXT_SMALLER) == 30


@pytest.mark.parametrize(("place", "field_size"), [(0, 6), (7, 6), (1, 0), (-1, 4)])
def test_a_place_outside_the_field_is_refused(place, field_size):
    with pytest.raises(InvalidPlace):
        points_for(place, field_size)


def test_a_team_scores_the_sum_of_its_drivers():
    assert team_score([100, 35]) == 135
    assert team_score([]) == 0


@given(
    st.integers(1, 14),
    st.sampled_from(list(FieldSizeRule)),
    st.data(),
)
def test_a_better_place_never_scores_fewer_points(field_size, rule, data):
    place = data.draw(st.integers(1, field_size))
    behind = data.draw(st.integers(place, field_size))
    assert points_for(place, field_size, rule=rule) >= points_for(behind, field_size, rule=rule)
