"""The Overshoot Table, the Injury Table, and what an injury costs a driver."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import InvalidRoll
from rules.season_pass import (
    DEAD,
    INJURY_COLUMNS,
    INJURY_TABLE,
    SAFE,
    Column,
    InjuryAlreadySettled,
    InjuryNotSettled,
    InvalidInjuryCheck,
    InvalidOvershoot,
    collision_injury_columns,
    counts_as_injury,
    heal,
    heal_before_round,
    healing_weeks_before,
    injury_check_roll,
    injury_check_start,
    injury_result,
    injury_xp_loss,
    overshoot_column,
    races_to_miss_for,
    resolve_injury,
)

# --- Overshoot Table -------------------------------------------------------------------------

OVERSHOOT_ROWS = ["1\tViolet", "2\tIndigo", "3\tBlue", "4\tGreen", "5\tYellow", "6+\tOrange"]


@pytest.mark.parametrize("printed", OVERSHOOT_ROWS, ids=OVERSHOOT_ROWS)
def test_each_overshoot_distance_rolls_against_the_printed_column(printed):
    distance, column = printed.split("\t")
    distances = range(6, 40) if distance == "6+" else [int(distance)]
    for each in distances:
        assert overshoot_column(each) is Column(column.lower())


@pytest.mark.parametrize("distance", [0, -2])
def test_no_overshoot_means_no_column(distance):
    with pytest.raises(InvalidOvershoot):
        overshoot_column(distance)


# --- Injury Table ----------------------------------------------------------------------------

INJURY_ROWS = [
    "18-20\tSafe!\t0\tViolet\tIndigo\tBlue\tGreen\tYellow\t0",
    "15-17\t0\tViolet\tIndigo\tBlue\tGreen\tYellow\tOrange\t0",
    "12-14\t1\t1\t1\t2\t2\t3\t1\t1",
    "9-11\t1\t1\t2\t2\t3\t3\t3\t2",
    "6-8\t1\t2\t2\t3\t3\t4\t5\t3",
    "4-5\tIndigo\tBlue\tGreen\tYellow\tOrange\tRed\tRed + Black\t4",
    "2-3\tBlue\tGreen\tYellow\tOrange\tRed\tRed + Black\t10\t10",
    "1\tGreen\tYellow\tOrange\tRed\tRed + Black\tRed + 2 Black\tDead\tDead",
]
PRINTED_COLUMNS = ["Violet", "Indigo", "Blue", "Green", "Yellow", "Orange", "Red", "Black"]


def read_cell(printed: str):
    """Read a printed cell ("Safe!", "Dead", "3", "Red + 2 Black") independently of the module."""
    if printed == "Safe!":
        return SAFE
    if printed == "Dead":
        return DEAD
    if printed.isdigit():
        return int(printed)
    columns: list[Column] = []
    for part in printed.split(" + "):
        count, _, name = part.rpartition(" ")
        columns += [Column(name.lower())] * int(count or 1)
    return tuple(columns)


def test_the_injury_table_has_the_printed_columns_violet_to_black():
    assert [column.value for column in INJURY_COLUMNS] == [c.lower() for c in PRINTED_COLUMNS]


@pytest.mark.parametrize("printed", INJURY_ROWS, ids=INJURY_ROWS)
def test_each_injury_table_row_gives_the_printed_result_in_every_column(printed):
    rolls, *cells = printed.split("\t")
    low, _, high = rolls.partition("-")
    low, high = int(low), int(high or low)
    row = next(row for row in INJURY_TABLE if row.low == low)
    assert (row.low, row.high) == (low, high)
    for name, cell in zip(PRINTED_COLUMNS, cells, strict=True):
        for roll in range(low, high + 1):
            assert injury_result(Column(name.lower()), roll) == read_cell(cell), (name, roll)


def test_the_injury_table_rows_cover_every_black_roll_once():
    covered = sorted(roll for row in INJURY_TABLE for roll in range(row.low, row.high + 1))
    assert covered == list(range(1, 21))


def test_red_plus_black_and_red_plus_2_black_are_further_columns_in_printed_order():
    assert injury_result(Column.RED, 4) == (Column.RED, Column.BLACK)
    assert injury_result(Column.ORANGE, 1) == (Column.RED, Column.BLACK, Column.BLACK)


def test_an_injury_roll_must_be_a_black_die_face():
    with pytest.raises(InvalidRoll):
        injury_result(Column.BLUE, 0)
    with pytest.raises(InvalidRoll):
        injury_check_roll(injury_check_start(Column.BLUE), 21)


# --- The document's example ------------------------------------------------------------------


def test_alfred_onceler_jr_overshoots_by_three_and_rolls_1_2_10_12_for_severity_4():
    # "...which leaves an overshoot of three spaces ... he rolls the black die against the blue
    # column. He rolls a 1, which requires him to roll again against the Orange column. He rolls
    # a 2, which requires two more rolls. He rolls a 10 against the red column and a 12 against
    # the black column, for a total severity of 4."
    assert overshoot_column(3) is Column.BLUE
    check = injury_check_start(Column.BLUE)
    check = injury_check_roll(check, 1)
    assert check.next_column is Column.ORANGE
    check = injury_check_roll(check, 2)
    assert check.pending == (Column.RED, Column.BLACK)  # "two more rolls"
    check = injury_check_roll(check, 10)
    assert check.severity == 3 and check.next_column is Column.BLACK
    check = injury_check_roll(check, 12)
    assert check.settled and check.severity == 4
    assert check.rolls == (
        (Column.BLUE, 1),
        (Column.ORANGE, 2),
        (Column.RED, 10),
        (Column.BLACK, 12),
    )
    # "Al adds his age (2) and his number of prior injuries (1) for a loss of 7 experience points.
    # He will miss four races before eligible to drive again."
    assert injury_xp_loss(check.severity, age=2, prior_injuries=1) == 7
    assert races_to_miss_for(check.severity) == 4
    assert counts_as_injury(check)


def test_resolve_injury_answers_alfreds_rolls_in_one_call():
    check = resolve_injury([overshoot_column(3)], [1, 2, 10, 12])
    assert check.settled and check.severity == 4 and not check.safe and not check.dead


# --- Collisions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("damage", "columns"),
    [
        (2, (Column.RED,)),
        (3, (Column.RED, Column.BLACK)),
        (4, (Column.RED, Column.BLACK, Column.BLACK)),
    ],
)
def test_a_car_disabled_by_collision_rolls_red_plus_black_for_each_extra_point(damage, columns):
    assert collision_injury_columns(damage) == columns


def test_a_car_with_one_point_of_collision_damage_is_not_disabled_and_does_not_check():
    with pytest.raises(InvalidInjuryCheck, match="not disabled"):
        collision_injury_columns(1)


def test_further_columns_are_rolled_before_columns_already_waiting():
    check = injury_check_roll(injury_check_start(*collision_injury_columns(3)), 4)
    assert check.pending == (Column.RED, Column.BLACK, Column.BLACK)


# --- Rulings -----------------------------------------------------------------------------------


def test_safe_is_no_injury_and_costs_nothing():
    check = resolve_injury([Column.VIOLET], [19])
    assert check.settled and check.safe and not counts_as_injury(check)
    assert check.severity == 0


def test_safe_after_a_detour_through_violet_is_still_safe():
    check = resolve_injury([Column.BLUE], [18, 20])  # Blue 18-20 -> Violet, Violet 18-20 Safe!
    assert check.safe and not counts_as_injury(check)


def test_a_severity_0_result_is_an_injury_that_costs_age_plus_prior_injuries_and_no_race():
    check = resolve_injury([Column.VIOLET], [16])  # Violet 15-17: 0
    assert check.settled and not check.safe and counts_as_injury(check)
    assert check.severity == 0
    assert injury_xp_loss(check.severity, age=3, prior_injuries=2) == 5
    assert races_to_miss_for(check.severity) == 0


def test_safe_on_one_branch_does_not_excuse_a_number_on_another():
    # Red 18-20 Yellow, Yellow 18-20 Blue, Blue 18-20 Violet, Violet 18-20 Safe!; Black 6-8: 3
    check = resolve_injury([Column.RED, Column.BLACK], [19, 19, 19, 19, 7])
    assert check.settled and not check.safe and check.severity == 3


def test_dead_ends_the_check_and_drops_the_columns_still_waiting():
    check = resolve_injury([Column.RED, Column.BLACK, Column.BLACK], [1])
    assert check.settled and check.dead and counts_as_injury(check)
    with pytest.raises(InjuryAlreadySettled):
        injury_check_roll(check, 12)


def test_a_settled_check_refuses_another_roll():
    with pytest.raises(InjuryAlreadySettled, match="settled after 1 rolls; 1 more were given"):
        resolve_injury([Column.BLACK], [12, 12])


def test_too_few_rolls_leave_the_check_waiting_for_the_next_column():
    check = resolve_injury([Column.BLUE], [1])
    assert not check.settled and check.next_column is Column.ORANGE
    with pytest.raises(InjuryNotSettled, match="roll against orange next"):
        counts_as_injury(check)


def test_a_check_needs_a_column():
    with pytest.raises(InvalidInjuryCheck):
        injury_check_start()


def test_the_injury_table_can_go_round_in_circles_between_violet_and_indigo():
    check = resolve_injury([Column.VIOLET], [4, 16] * 50)  # Violet 4-5 Indigo, Indigo 15-17 Violet
    assert not check.settled and check.next_column is Column.VIOLET


def test_when_calculating_xp_loss_the_current_injury_does_not_count_as_prior():
    # Questions: "does the current injury count toward the number of prior injuries? A: No."
    assert injury_xp_loss(severity=2, age=1, prior_injuries=0) == 3


def test_injury_figures_no_driver_can_have_are_refused():
    with pytest.raises(InvalidInjuryCheck):
        injury_xp_loss(-1, 1, 0)
    with pytest.raises(InvalidInjuryCheck):
        injury_xp_loss(1, 0, 0)
    with pytest.raises(InvalidInjuryCheck):
        injury_xp_loss(1, 1, -1)


# --- Healing between races -------------------------------------------------------------------


@pytest.mark.parametrize(("race", "weeks"), [(1, 1), (2, 1), (4, 1), (5, 2), (6, 1), (9, 2)])
def test_a_driver_heals_one_week_a_race_and_an_extra_before_the_fifth_and_ninth(race, weeks):
    assert healing_weeks_before(race) == weeks


def test_healing_never_goes_below_zero():
    assert heal(1, 2) == 0
    assert heal(4, 1) == 3


def races_missed(injured_in: int, severity: int) -> list[int]:
    races_to_miss, missed = races_to_miss_for(severity), []
    for race in range(injured_in + 1, 10):
        races_to_miss = heal_before_round(
            races_to_miss, race, injured_last_round=race == injured_in + 1
        )
        if races_to_miss == 0:
            break
        missed.append(race)
    return missed


def test_a_driver_hurt_in_race_2_with_severity_2_misses_races_3_and_4():
    assert races_missed(2, 2) == [3, 4]


def test_a_driver_hurt_in_race_1_with_severity_4_is_back_for_race_5_thanks_to_the_extra_week():
    assert races_missed(1, 4) == [2, 3, 4]


def test_a_driver_hurt_in_race_4_with_severity_1_is_back_for_race_5():
    assert races_missed(4, 1) == []


def test_a_driver_hurt_in_race_6_with_severity_2_misses_races_7_and_8():
    assert races_missed(6, 2) == [7, 8]


# --- Properties --------------------------------------------------------------------------------

columns = st.sampled_from(list(Column))
starts = st.one_of(
    st.integers(1, 30).map(lambda distance: (overshoot_column(distance),)),
    st.integers(2, 6).map(collision_injury_columns),
)


@given(columns, st.integers(6, 14))
def test_a_roll_of_6_to_14_settles_any_column_on_the_spot(column, roll):
    assert isinstance(injury_result(column, roll), int)


@given(starts, st.lists(st.integers(6, 20), min_size=40, max_size=40))
def test_a_check_whose_rolls_never_go_up_the_table_settles_within_seven_rolls_a_column(
    start, rolls
):
    check = injury_check_start(*start)
    for roll in rolls[: 7 * len(start)]:
        if check.settled:
            break
        check = injury_check_roll(check, roll)
    assert check.settled


@given(starts, st.lists(st.integers(1, 20), max_size=60))
def test_a_check_never_waits_on_more_than_one_column_other_than_black(start, rolls):
    check = injury_check_start(*start)
    for roll in rolls:
        if check.settled:
            break
        check = injury_check_roll(check, roll)
        assert sum(column is not Column.BLACK for column in check.pending) <= 1


@given(starts, st.lists(st.integers(1, 20), max_size=60))
def test_severity_is_the_sum_of_the_numbers_rolled_and_safe_means_no_number(start, rolls):
    check = injury_check_start(*start)
    for roll in rolls:
        if check.settled:
            break
        check = injury_check_roll(check, roll)
    numbers = [
        result
        for column, roll in check.rolls
        if isinstance(result := injury_result(column, roll), int)
    ]
    assert check.severity == sum(numbers)
    assert check.injured is bool(numbers)
    if check.safe:
        assert not numbers and check.settled and not check.dead
    if check.settled and not check.dead:
        assert check.safe is not check.injured


@given(st.integers(0, 60), st.integers(1, 30), st.integers(0, 30))
def test_an_injury_never_gives_back_xp(severity, age, prior_injuries):
    assert injury_xp_loss(severity, age, prior_injuries) >= age + prior_injuries > 0


@given(st.integers(0, 40), st.integers(0, 20))
def test_healing_never_leaves_a_negative_number_of_races_to_miss(races_to_miss, weeks):
    assert 0 <= heal(races_to_miss, weeks) <= races_to_miss
