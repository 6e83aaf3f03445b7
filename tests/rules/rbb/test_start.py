"""Starts: the start roll on the damage die and the reverse grid."""

import pytest

from rules.rbb import FANTASTIC_START_ROLL, FANTASTIC_START_SPACES, STALL_ROLL, reverse_grid
from rules.rbb.start import Start, start_roll


@pytest.mark.parametrize(
    ("roll", "start", "misses", "spaces"),
    [
        (1, Start.POOR, True, 0),  # a stall: misses the turn
        (2, Start.NORMAL, False, 0),
        (19, Start.NORMAL, False, 0),
        (20, Start.GREAT, False, 4),  # a fantastic start: 4 spaces
    ],
)
def test_the_start_roll(roll, start, misses, spaces):
    assert (STALL_ROLL, FANTASTIC_START_ROLL, FANTASTIC_START_SPACES) == (1, 20, 4)
    outcome = start_roll(roll)
    assert (outcome.start, outcome.misses_first_turn, outcome.spaces_at_once) == (
        start,
        misses,
        spaces,
    )


def test_the_grid_is_the_reverse_of_the_previous_race_s_finish():
    assert reverse_grid(["ann", "bob", "cid"], ["cid", "ann", "bob"]) == ("cid", "bob", "ann")


def test_a_racer_who_missed_the_previous_race_starts_behind_those_who_ran_it():
    assert reverse_grid(["ann", "bob", "gone"], ["new", "ann", "bob"]) == ("bob", "ann", "new")


def test_the_first_race_of_the_season_has_no_grid_to_reverse():
    assert reverse_grid([], ["ann", "bob"]) == ()
