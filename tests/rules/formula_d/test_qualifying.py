"""Optional Rules, Qualifying Lap with Stopwatch, line by line: the throws (die throws, one per full
minute, one per space overshot), the lap that is over (no stop in a 2- or 3-stop corner: last),
fewest throws first, ties by the fastest time, WP not counted."""

import pytest

from rules.formula_d import (
    LAP_ENDING_CORNERS,
    InvalidGrid,
    InvalidLap,
    LapResult,
    full_minutes,
    grid_score,
    lap_tenths,
    lap_time,
    qualifying_grid,
)

START = "2025-06-01T14:00:00+00:00"


def lap(die_throws: int, tenths: int = 600, overshoot: int = 0, no_stop: bool = False):
    return LapResult(die_throws, overshoot, no_stop, tenths)


def test_the_referee_adds_a_throw_for_every_full_minute_and_every_space_overshot():
    assert lap(14, tenths=599).throws == 14  # 59.9 s: no full minute
    assert lap(14, tenths=600).throws == 15  # 1:00.0
    assert lap(14, tenths=1_199, overshoot=2).throws == 14 + 1 + 2
    assert lap(14, tenths=1_200, overshoot=3).throws == 14 + 2 + 3
    assert [full_minutes(tenths) for tenths in (0, 599, 600, 1_799, 1_800)] == [0, 0, 1, 2, 3]


def test_the_stopwatch_keeps_tenths_cut_not_rounded():
    assert lap_tenths(START, "2025-06-01T14:01:12.459+00:00") == 724
    assert lap_tenths(START, "2025-06-01T14:00:00.099+00:00") == 0
    assert lap_tenths(START, "2025-06-01T16:00:00+02:00") == 0  # the same moment elsewhere
    assert [lap_time(tenths) for tenths in (0, 90, 724, 36_600)] == [
        "0:00.0",
        "0:09.0",
        "1:12.4",
        "61:00.0",
    ]
    with pytest.raises(InvalidLap, match="cannot stop before it was started"):
        lap_tenths(START, "2025-06-01T13:59:59+00:00")


def test_the_fewest_throws_take_first_position_then_the_others_in_order():
    laps = {"red": lap(17), "blue": lap(14), "green": lap(20)}
    assert qualifying_grid(laps, {}).order == ("blue", "red", "green")


def test_two_players_level_on_throws_are_ordered_by_the_fastest_time():
    # Red: 14 + 1 full minute + 2 overshot = 17 in 1:12.4; Blue: 17 in 0:50.0.
    laps = {"red": lap(14, tenths=724, overshoot=2), "blue": lap(17, tenths=500)}
    assert qualifying_grid(laps, {}).order == ("blue", "red")


def test_a_lap_without_a_stop_in_a_2_or_3_stop_corner_is_over_and_starts_last():
    assert LAP_ENDING_CORNERS == (2, 3)
    laps = {"red": lap(9, tenths=300, no_stop=True), "blue": lap(40, tenths=6_000)}
    assert qualifying_grid(laps, {}).order == ("blue", "red")


def test_laps_level_on_throws_and_time_roll_the_black_die_off_highest_ahead():
    laps = {"red": lap(15), "blue": lap(15), "green": lap(12)}
    outcome = qualifying_grid(laps, {})
    assert (outcome.order, outcome.tied) == ((), (("red", "blue"),))
    assert qualifying_grid(laps, {"red": (4,), "blue": (11,)}).order == ("green", "blue", "red")
    level_again = qualifying_grid(laps, {"red": (7,), "blue": (7,)})
    assert level_again.tied == (("red", "blue"),)
    assert qualifying_grid(laps, {"red": (7, 2), "blue": (7, 9)}).order[1:] == ("blue", "red")


def test_quick_off_the_mark_wins_a_tie_of_the_black_die_in_a_roll_off_of_level_laps():
    """Her card: "she also wins if there is a tie when the starting positions are determined
    using the black die": laps level on throws and time are settled by the black die."""
    laps = {"red": lap(15), "blue": lap(15), "green": lap(12)}
    quick = {"blue"}

    def score(car: str, value: int) -> int:
        return grid_score(car in quick, value)

    assert qualifying_grid(laps, {"red": (7,), "blue": (7,)}, score).order == (
        "green",
        "blue",
        "red",
    )
    assert qualifying_grid(laps, {"red": (8,), "blue": (7,)}, score).order[1:] == ("red", "blue")
    quick.add("red")  # two of them level roll again
    assert qualifying_grid(laps, {"red": (7,), "blue": (7,)}, score).tied == (("red", "blue"),)


def test_several_laps_over_roll_off_for_the_last_places():
    laps = {
        "red": lap(1, no_stop=True),
        "blue": lap(30, no_stop=True),
        "green": lap(22),
    }
    assert qualifying_grid(laps, {}).tied == (("red", "blue"),)
    assert qualifying_grid(laps, {"red": (20,), "blue": (3,)}).order == ("green", "red", "blue")


def test_a_roll_off_roll_for_a_car_not_level_is_refused():
    with pytest.raises(InvalidGrid, match="red has a roll-off roll but is not tied"):
        qualifying_grid({"red": lap(10), "blue": lap(12)}, {"red": (5,)})


def test_a_lap_takes_a_throw_at_least_unless_it_was_over():
    with pytest.raises(InvalidLap, match="at least one throw"):
        lap(0)
    assert lap(0, no_stop=True).rank_key == (True, 0, 0)
