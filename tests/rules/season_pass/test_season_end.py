"""End of the Season: the aging table row by row, healing, retirement."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.season_pass import (
    AGING_TABLE,
    SEASON_END_HEALING,
    InvalidInjuryCheck,
    SeasonEndChange,
    aging_xp_loss,
    season_end_change,
)

# Age  Prior injuries 0  1  2-3  4+ — as printed; "5+" is checked up to age 12, "4+" up to 12.
AGING_ROWS = [
    "1\t2\t2\t3\t3",
    "2\t4\t5\t6\t7",
    "3\t7\t8\t10\t11",
    "4\t10\t11\t13\t15",
    "5+\t12\t14\t16\t18",
]
PRIOR_INJURY_COLUMNS = [(0,), (1,), (2, 3), tuple(range(4, 13))]


@pytest.mark.parametrize("printed", AGING_ROWS, ids=AGING_ROWS)
def test_each_age_loses_the_printed_xp_for_its_prior_injuries(printed):
    age, *losses = printed.split("\t")
    ages = range(5, 13) if age == "5+" else [int(age)]
    for each_age in ages:
        for injuries, loss in zip(PRIOR_INJURY_COLUMNS, losses, strict=True):
            for prior_injuries in injuries:
                assert aging_xp_loss(each_age, prior_injuries) == int(loss)


def test_the_aging_table_has_the_five_printed_rows():
    assert [(row.age, row.losses) for row in AGING_TABLE] == [
        (1, (2, 2, 3, 3)),
        (2, (4, 5, 6, 7)),
        (3, (7, 8, 10, 11)),
        (4, (10, 11, 13, 15)),
        (5, (12, 14, 16, 18)),
    ]


def test_mario_unser_aged_2_with_3_injuries_loses_6_xp_and_becomes_3():
    # "Mario Unser is 2 seasons old and has had 3 injuries. ... Mario loses 6 experience;
    # ... Mario becomes age 3"
    change = season_end_change(age=2, xp=10, prior_injuries=3, races_to_miss=0)
    assert (change.xp_loss, change.xp_after, change.age_after) == (6, 4, 3)


def test_jane_doe_aged_1_never_injured_loses_2_xp_and_becomes_2():
    # "Jane Doe is age 1 and has never been injured. ... Jane 2. ... Jane 2."
    change = season_end_change(age=1, xp=5, prior_injuries=0, races_to_miss=0)
    assert (change.xp_loss, change.xp_after, change.age_after) == (2, 3, 2)


def test_a_driver_aged_2_with_3_prior_injuries_loses_6_xp_at_season_end():
    assert aging_xp_loss(2, 3) == 6


def test_the_season_end_heals_eight_races():
    assert SEASON_END_HEALING == 8
    change = season_end_change(age=1, xp=5, prior_injuries=1, races_to_miss=10)
    assert (change.races_to_miss_before, change.races_to_miss_after) == (10, 2)
    assert (
        season_end_change(age=1, xp=5, prior_injuries=1, races_to_miss=3).races_to_miss_after == 0
    )


def test_a_driver_left_with_less_than_zero_xp_retires():
    change = season_end_change(age=3, xp=6, prior_injuries=0, races_to_miss=0)
    assert change == SeasonEndChange(
        xp_before=6,
        xp_loss=7,
        xp_after=-1,
        age_before=3,
        age_after=4,
        races_to_miss_before=0,
        races_to_miss_after=0,
        retires=True,
    )


def test_a_driver_left_with_exactly_zero_xp_races_on():
    assert not season_end_change(age=3, xp=7, prior_injuries=0, races_to_miss=0).retires


def test_ages_and_injuries_no_driver_can_have_are_refused():
    with pytest.raises(InvalidInjuryCheck):
        aging_xp_loss(0, 0)
    with pytest.raises(InvalidInjuryCheck):
        aging_xp_loss(1, -1)


@given(st.integers(1, 30), st.integers(0, 30))
def test_aging_always_costs_xp_and_never_gives_any_back(age, prior_injuries):
    assert aging_xp_loss(age, prior_injuries) > 0


@given(st.integers(1, 29), st.integers(0, 29))
def test_older_or_more_injured_drivers_never_lose_less(age, prior_injuries):
    loss = aging_xp_loss(age, prior_injuries)
    assert aging_xp_loss(age + 1, prior_injuries) >= loss
    assert aging_xp_loss(age, prior_injuries + 1) >= loss


@given(st.integers(1, 30), st.integers(-20, 100), st.integers(0, 30), st.integers(0, 40))
def test_the_season_end_change_adds_up(age, xp, prior_injuries, races_to_miss):
    change = season_end_change(
        age=age, xp=xp, prior_injuries=prior_injuries, races_to_miss=races_to_miss
    )
    assert change.xp_loss >= 0
    assert change.xp_after == xp - change.xp_loss
    assert change.age_after == age + 1
    assert change.races_to_miss_after == max(0, races_to_miss - 8)
    assert change.retires is (change.xp_after < 0)
