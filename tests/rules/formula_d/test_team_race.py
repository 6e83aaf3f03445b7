"""Optional Rules, Team Race: the points by place, the team totals and the winner, and the team's
4 WP for repairs."""

import pytest

from rules.formula_d import (
    STANDARD_CAR,
    TEAM_POOL_WP,
    TEAM_RACE_POINTS,
    CarSheet,
    InvalidPitStop,
    Zone,
    place_points,
    repair,
    team_totals,
    winning_teams,
)


def test_the_points_by_place_are_10_8_6_5_4_3_2_1_then_0_for_9th_10th_and_later():
    assert TEAM_RACE_POINTS == (10, 8, 6, 5, 4, 3, 2, 1, 0, 0)
    assert [place_points(place) for place in range(1, 12)] == [10, 8, 6, 5, 4, 3, 2, 1, 0, 0, 0]
    with pytest.raises(ValueError, match="not 0"):
        place_points(0)


def test_the_team_with_the_highest_total_wins_the_race():
    teams = {"red": "A", "pink": "A", "blue": "B", "navy": "B"}
    totals = team_totals(["red", "blue", "navy", "pink"], teams)
    assert totals == {"A": 15, "B": 14}  # 10 + 5 against 8 + 6
    assert winning_teams(totals) == ("A",)
    level = team_totals(["red", "blue", "pink", "navy"], teams)
    assert level == {"A": 16, "B": 13}
    assert winning_teams({"A": 12, "B": 12}) == ("A", "B")


def test_a_team_s_4_wp_repair_any_zone_but_the_tires_never_above_the_start():
    assert TEAM_POOL_WP == 4
    worn = CarSheet(tires=6, brakes=1, gearbox=1, body=1, engine=1, road_handling=1)
    four = repair(
        worn,
        STANDARD_CAR,
        [Zone.BRAKES, Zone.BRAKES, Zone.ENGINE, Zone.GEARBOX],
        used=0,
        allowance=TEAM_POOL_WP,
        who="A team regains",
    )
    assert (four.brakes, four.engine, four.gearbox) == (3, 2, 2)
    with pytest.raises(InvalidPitStop, match="A team regains 4 WP in the whole race: 1 left"):
        repair(
            worn, STANDARD_CAR, [Zone.BODY, Zone.ENGINE], used=3, allowance=4, who="A team regains"
        )
    with pytest.raises(InvalidPitStop, match="except the tires"):
        repair(worn, STANDARD_CAR, [Zone.TIRES], used=0, allowance=4, who="A team regains")
