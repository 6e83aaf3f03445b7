"""Places: crossing order, then the racers that did not reach the line by the position reached
nearest it."""

from rules.rbb import RACE_LAPS, RACERS, RACES, TEAM_SIZE, Crossing, Reached, places


def test_a_season_is_10_racers_in_teams_of_2_over_8_races_of_2_laps():
    assert (RACERS, TEAM_SIZE, RACES, RACE_LAPS) == (10, 2, 8, 2)


def test_finishers_by_crossing_then_the_rest_by_the_position_reached_nearest_the_line():
    finished = [
        Crossing("red", 30, 1, 300),
        Crossing("blue", 29, 0, 290),
        Crossing("pink", 30, 3, 301),
    ]
    not_finished = [
        Reached("green", 1, 70, 250, grid_slot=0),
        Reached("black", 1, 80, 100, grid_slot=1),
        Reached("grey", 0, 40, 50, grid_slot=2),
    ]
    assert places(finished, not_finished) == ("blue", "pink", "red", "black", "green", "grey")


def test_the_position_reached_counts_each_grid_slot_a_space_behind_the_one_before_it():
    # Pole 51 spaces on (51 from pole) is ahead of 4th on the grid 52 spaces on (49 from pole).
    pole = Reached("pole", 0, 51, 10, grid_slot=0)
    fourth = Reached("fourth", 0, 52, 20, grid_slot=3)
    assert places([], [fourth, pole]) == ("pole", "fourth")


def test_level_on_position_the_racer_that_went_out_later_is_placed_first():
    assert places([], [Reached("a", 1, 50, 10, 0), Reached("b", 1, 51, 20, 1)]) == ("b", "a")
