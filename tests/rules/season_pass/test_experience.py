"""The Experience Table, row by row, and what a level gives in qualifying."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.season_pass import (
    EXPERIENCE_TABLE,
    XP_FOR_FINISHING_UNINJURED,
    XP_FOR_STARTING,
    Level,
    level_for,
    level_when_starting,
    pole_modifier,
    retires,
)

# XP  Level  Pole — as printed; the last row "50+" is checked up to 200.
PRINTED_ROWS = [
    ("0-5\tRookie\t+1", 0, 5, Level.ROOKIE, +1),
    ("6-19\tVeteran\t0", 6, 19, Level.VETERAN, 0),
    ("20-35\tChampion\t-1", 20, 35, Level.CHAMPION, -1),
    ("36-49\tLegend\t-2", 36, 49, Level.LEGEND, -2),
    ("50+\tIcon\t-3", 50, 200, Level.ICON, -3),
]


@pytest.mark.parametrize(
    ("low", "high", "level", "pole"),
    [row[1:] for row in PRINTED_ROWS],
    ids=[row[0] for row in PRINTED_ROWS],
)
def test_every_xp_in_the_printed_band_gives_its_level_and_pole(low, high, level, pole):
    for xp in range(low, high + 1):
        assert level_for(xp) is level
    assert pole_modifier(level) == pole


def test_the_table_data_has_the_five_printed_rows_in_order():
    assert [(row.low, row.high, row.level, row.pole) for row in EXPERIENCE_TABLE] == [
        (0, 5, Level.ROOKIE, 1),
        (6, 19, Level.VETERAN, 0),
        (20, 35, Level.CHAMPION, -1),
        (36, 49, Level.LEGEND, -2),
        (50, None, Level.ICON, -3),
    ]


def test_levels_are_named_as_printed():
    assert [level.value for level in Level] == ["Rookie", "Veteran", "Champion", "Legend", "Icon"]


def test_a_driver_below_zero_xp_reads_as_a_rookie_and_retires():
    assert level_for(-1) is Level.ROOKIE
    assert retires(-1)
    assert not retires(0)


def test_a_new_driver_starting_a_race_has_one_xp_and_is_a_rookie_on_plus_one():
    xp = 0 + XP_FOR_STARTING
    assert level_for(xp) is Level.ROOKIE
    assert pole_modifier(level_for(xp)) == +1


def test_a_driver_who_finishes_uninjured_gains_a_second_point():
    assert XP_FOR_STARTING + XP_FOR_FINISHING_UNINJURED == 2


@given(st.integers(-100, 500), st.integers(0, 100))
def test_more_experience_never_means_a_lower_level(xp, more):
    order = list(Level)
    assert order.index(level_for(xp + more)) >= order.index(level_for(xp))


@given(st.integers(-100, 500), st.integers(0, 100))
def test_more_experience_never_means_a_worse_pole_modifier(xp, more):
    assert pole_modifier(level_for(xp + more)) <= pole_modifier(level_for(xp))


def test_a_driver_on_5_xp_races_as_a_veteran_after_the_point_for_starting():
    # Selecting Drivers: "Add one experience point to each driver that starts the race, then look
    # up the experience level"; Experience Table: 6-19 Veteran.
    assert level_when_starting(5) is Level.VETERAN
    assert level_when_starting(4) is Level.ROOKIE
