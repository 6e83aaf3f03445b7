"""Mini's series, row by row against its document ("ways to take damage", "starting the race",
the pit stop, the photo finish, the eight-race series)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.dice import Die, gear_die, values
from rules.mini import (
    BLOCKED_ELIMINATED_AT,
    CLUTCH_DAMAGE,
    CLUTCH_SPACES,
    DAMAGE_POOL,
    FORMATS,
    PIT_EXIT_HIGHEST_GEAR,
    REDLINE_TRIGGERS,
    SERIES_ORDER,
    Crossing,
    IllegalGearChange,
    InvalidCrossing,
    InvalidFormat,
    InvalidGrid,
    InvalidMove,
    InvalidPitStop,
    NoSlipstream,
    PitStop,
    RaceFormat,
    Start,
    blocked_damage,
    board_spaces,
    braking_damage,
    calls_redline_roll,
    check_slipstream,
    collision_damages,
    collision_rolls,
    course_for_round,
    crossing_order,
    format_for_round,
    gear_change,
    grid_order,
    grid_row,
    health_regained,
    lap_leaders,
    may_pit,
    overshoot_damage,
    pit_choice_order,
    pit_entry_braking,
    pit_lane_clear_spaces,
    quick_start_spaces,
    redline_at_once,
    redline_damages,
    required_stops,
    slipstream_damage,
    start_roll,
    stop_for,
    take_damage,
    turn_share,
    upshift_roll,
)
from rules.mini.championship import POINTS, MiniChampionship

# --- One damage pool ---------------------------------------------------------------------------


def test_the_pool_is_20_by_default():
    assert DAMAGE_POOL == 20


def test_a_car_at_zero_still_races_and_below_zero_is_eliminated():
    assert take_damage(3, 3).life == 0 and not take_damage(3, 3).eliminated
    assert take_damage(3, 4).eliminated and take_damage(3, 4).life == 0


def test_an_overshoot_ending_at_minus_one_is_a_spin_out_with_life_set_to_zero():
    spun = take_damage(2, 3, overshooting=True)
    assert spun.spun and not spun.eliminated and spun.life == 0


def test_the_spin_out_is_the_only_exception_to_minus_one():
    assert take_damage(2, 3).eliminated  # braking, blocking, anything else
    assert take_damage(2, 4, overshooting=True).eliminated  # -2 is no spin-out


# --- Overshooting a corner ---------------------------------------------------------------------


def test_overshooting_costs_one_per_space_per_required_stop():
    assert overshoot_damage(3, 1) == 3
    assert overshoot_damage(3, 2) == 6  # stops stack


def test_stops_made_are_no_longer_owed():
    assert overshoot_damage(3, 2, stops_made=1) == 3


def test_the_longest_corner_is_two_stops_and_a_doubling_format_doubles_both():
    assert required_stops(longest=False) == 1 and required_stops(longest=True) == 2
    assert required_stops(longest=False, doubled=True) == 2
    assert required_stops(longest=True, doubled=True) == 4


def test_no_overshoot_without_a_stop_owed_or_a_space():
    with pytest.raises(InvalidMove):
        overshoot_damage(2, 1, stops_made=1)
    with pytest.raises(InvalidMove):
        overshoot_damage(0, 1)


# --- Braking and being blocked -----------------------------------------------------------------


def test_braking_is_one_per_space():
    assert braking_damage(0) == 0 and braking_damage(4) == 4


@pytest.mark.parametrize("spaces", range(1, 7))
def test_blocked_is_one_per_space_up_to_six(spaces):
    assert blocked_damage(spaces) == (spaces, False)


def test_seven_blocking_damage_at_once_eliminates():
    assert BLOCKED_ELIMINATED_AT == 7
    assert blocked_damage(7) == (0, True) and blocked_damage(9) == (0, True)


def test_there_is_no_blocking_damage_in_the_pit_lane():
    assert blocked_damage(5, pit_lane=True) == (0, False)
    assert blocked_damage(8, pit_lane=True) == (0, False)


def test_slipping_the_clutch_is_three_damage_for_one_space():
    assert (CLUTCH_DAMAGE, CLUTCH_SPACES) == (3, 1)


# --- Gears -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("frm", "to"), [(3, 3), (3, 4), (3, 2)])
def test_one_gear_up_or_down_is_free(frm, to):
    assert gear_change(frm, to).damage == 0 and not gear_change(frm, to).upshift_roll


@pytest.mark.parametrize(("frm", "to", "damage"), [(6, 4, 1), (6, 3, 2), (6, 2, 3), (5, 1, 3)])
def test_one_damage_per_downshift_after_the_first(frm, to, damage):
    assert gear_change(frm, to).damage == damage


def test_four_gears_down_at_most():
    with pytest.raises(IllegalGearChange):
        gear_change(6, 1)


def test_two_gears_up_costs_one_and_a_roll_three_is_refused():
    assert gear_change(2, 4).damage == 1 and gear_change(2, 4).upshift_roll
    with pytest.raises(IllegalGearChange):
        gear_change(2, 5)


@pytest.mark.parametrize(
    ("roll", "damage", "turn_ends"),
    [(1, 2, True), (4, 2, True), (5, 2, False), (16, 2, False), (17, 0, False), (20, 0, False)],
)
def test_the_two_gear_upshift_roll(roll, damage, turn_ends):
    outcome = upshift_roll(roll)
    assert (outcome.damage, outcome.turn_ends) == (damage, turn_ends)


# --- Slipstreaming -----------------------------------------------------------------------------


def test_slipstream_needs_third_gear_and_a_gear_at_least_the_car_aheads():
    assert check_slipstream(3, 3) == 3 and check_slipstream(5, 2) == 3
    with pytest.raises(NoSlipstream):
        check_slipstream(2, 1)
    with pytest.raises(NoSlipstream):
        check_slipstream(4, 5)


def test_slipstream_costs_one_and_braking_it_one_per_space():
    assert slipstream_damage(1) == 1 and slipstream_damage(1, 2) == 3
    assert slipstream_damage(2, 1) == 3
    with pytest.raises(NoSlipstream):
        slipstream_damage(1, 4)


# --- Collisions and the redline ----------------------------------------------------------------


def test_the_mover_rolls_for_each_car_and_each_car_rolls():
    assert collision_rolls("red", ["blue", "green"]) == (
        ("red", "blue"),
        ("blue", "red"),
        ("red", "green"),
        ("green", "red"),
    )


@pytest.mark.parametrize(("roll", "damaged"), [(1, True), (4, True), (5, False), (20, False)])
def test_a_collision_roll_of_1_to_4_is_one_damage(roll, damaged):
    assert collision_damages(roll) is damaged


def test_running_in_sixth_costs_two_at_once():
    assert redline_at_once(6) == 2 and redline_at_once(5) == 0


def test_a_12_in_4th_20_in_5th_or_30_in_6th_calls_a_redline_roll():
    assert dict(REDLINE_TRIGGERS) == {4: 12, 5: 20, 6: 30}
    assert calls_redline_roll(4, 12) and calls_redline_roll(5, 20) and calls_redline_roll(6, 30)
    assert not calls_redline_roll(5, 19) and not calls_redline_roll(3, 8)
    assert redline_damages(4) and not redline_damages(5)


def test_sixth_gear_is_the_fifth_gear_die_plus_ten():
    assert values(gear_die(6)) == tuple(value + 10 for value in values(gear_die(5)))


# --- Before the race and the start -------------------------------------------------------------


def test_the_grid_is_the_reverse_of_the_season_standings():
    assert grid_order({"a": 12, "b": 3, "c": 7}).order == ("b", "c", "a")


def test_cars_level_on_points_roll_black_highest_forward():
    tied = grid_order({"a": 5, "b": 5, "c": 0})
    assert tied.order == () and tied.tied == (("a", "b"),)
    assert grid_order({"a": 5, "b": 5, "c": 0}, {"a": [3], "b": [11]}).order == ("c", "b", "a")
    again = grid_order({"a": 5, "b": 5}, {"a": [9], "b": [9]})
    assert again.tied == (("a", "b"),)
    assert grid_order({"a": 5, "b": 5}, {"a": [9, 2], "b": [9, 1]}).order == ("a", "b")


def test_a_car_not_tied_has_no_roll():
    with pytest.raises(InvalidGrid):
        grid_order({"a": 1, "b": 2}, {"a": [4]})


def test_pits_are_chosen_in_reverse_starting_order():
    assert pit_choice_order(("b", "c", "a")) == ("a", "c", "b")


@pytest.mark.parametrize(
    ("roll", "start", "moves"),
    [(1, Start.POOR, False), (2, Start.NORMAL, True), (18, Start.NORMAL, True)],
)
def test_the_start_roll(roll, start, moves):
    outcome = start_roll(roll, 1)
    assert (outcome.start, outcome.moves, outcome.extra_spaces) == (start, moves, 0)


@pytest.mark.parametrize(("position", "row"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 4)])
def test_a_quick_start_adds_the_grid_row(position, row):
    assert grid_row(position) == row == quick_start_spaces(position)
    for roll in (19, 20):
        assert start_roll(roll, position).extra_spaces == row
        assert start_roll(roll, position).start is Start.QUICK


def test_first_lap_double_spaces_move_two_spaces_a_point():
    assert board_spaces(5) == 5 and board_spaces(5, 3) == 8
    with pytest.raises(InvalidGrid):
        board_spaces(2, 3)


# --- Pit stops ---------------------------------------------------------------------------------


def test_pitting_after_every_lap_but_the_last():
    assert may_pit(1, 3) and may_pit(2, 3) and not may_pit(3, 3)
    assert not may_pit(1, 2, pits=False)


def test_pulling_in_with_the_exact_count_or_braking():
    assert pit_entry_braking(5, 5) == 0 and pit_entry_braking(8, 5) == 3
    with pytest.raises(InvalidPitStop):
        pit_entry_braking(4, 5)


def test_the_pit_lane_needs_clear_spaces_equal_to_the_gears_minimum():
    assert [pit_lane_clear_spaces(gear) for gear in range(1, 7)] == [1, 2, 4, 7, 11, 21]


def test_quick_stop_dice_are_1st_to_3rd_and_full_stop_dice_4th_and_5th():
    assert [stop_for(gear) for gear in (1, 2, 3)] == [PitStop.QUICK] * 3
    assert [stop_for(gear) for gear in (4, 5)] == [PitStop.FULL] * 2
    assert [gear_die(gear) for gear in (1, 2, 3, 4, 5)] == [
        Die.YELLOW,
        Die.ORANGE,
        Die.RED,
        Die.GREEN,
        Die.PURPLE,
    ]
    with pytest.raises(InvalidPitStop):
        stop_for(6)
    assert PIT_EXIT_HIGHEST_GEAR == 3


def test_a_roll_more_than_the_damage_gives_none():
    assert health_regained(8, 6, 3) == 6
    assert health_regained(5, 6, 3) == 0
    assert health_regained(12, 12, 4) == 12


# --- The photo finish and the lap leader --------------------------------------------------------


def test_ten_spaces_of_a_twenty_is_half_the_turn():
    assert turn_share(10, 20) == Fraction(1, 2)
    with pytest.raises(InvalidCrossing):
        turn_share(21, 20)


def test_cars_crossing_in_one_round_are_ordered_by_share_of_the_move():
    early = Crossing("a", 3, round=9, to_line=10, movement=20, at=5)  # 50%
    late = Crossing("b", 3, round=9, to_line=3, movement=12, at=6)  # 25%
    before = Crossing("c", 3, round=8, to_line=12, movement=12, at=2)
    assert [c.car for c in crossing_order([early, late, before])] == ["c", "b", "a"]


def test_the_leader_of_each_non_final_lap_on_the_track_proper():
    crossings = [
        Crossing("a", 1, round=4, to_line=2, movement=8, at=10, pits=True),  # in the pits
        Crossing("b", 1, round=4, to_line=6, movement=8, at=11),
        Crossing("b", 2, round=8, to_line=1, movement=8, at=30),
        Crossing("b", 3, round=12, to_line=1, movement=8, at=50),
    ]
    assert lap_leaders(crossings, 3) == ("b", "b")
    assert lap_leaders(crossings[:1], 3) == (None, None)


# --- Championship points and the series --------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "points"), [(1, 7), (2, 5), (3, 3), (4, 2), (5, 1), (6, 0), (7, 0), (8, 0)]
)
def test_championship_points(place, points):
    assert MiniChampionship().points_for(place, 8, 1, {}) == points
    assert POINTS == (7, 5, 3, 2, 1, 0, 0, 0)
    assert MiniChampionship().teams_title == "Constructors"


def test_the_four_formats():
    assert [(FORMATS[key].laps, FORMATS[key].pits) for key in SERIES_ORDER] == [
        (3, True),
        (2, False),
        (3, True),
        (2, True),
    ]
    assert FORMATS[RaceFormat.NO_STRAIGHTS].straights_removed == (3, 4)
    assert FORMATS[RaceFormat.DOUBLE_STOPS].stops_doubled


def test_eight_races_four_on_each_course_in_the_documents_order():
    assert [format_for_round(n) for n in range(1, 9)] == list(SERIES_ORDER) * 2
    assert [course_for_round(n) for n in range(1, 9)] == [1, 1, 1, 1, 2, 2, 2, 2]
    with pytest.raises(InvalidFormat):
        course_for_round(9)
