"""The Team Race at the table: a team's 4 WP for repairs at its cars' pit stops, shared by its
two cars, and the team with the most points winning the race. Off unless the race is set up with
its teams."""

import re

import pytest

from rules.engine import EventRejected, dashboard, results, ruleset_for
from rules.formula_d import Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = ruleset_for("formula_d")
TEAMS = {"red": "1", "blue": "2", "green": "1", "yellow": "2"}


def team_race() -> Table:
    table = Table(race_setup("red", "blue", "green", "yellow", teams=TEAMS))
    table.grid(red=20, blue=19, green=18, yellow=17)
    return table.starts(red=10, blue=10, green=10, yellow=10)


def names(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def test_the_pit_stop_roll_offers_the_team_s_4_wp_and_both_cars_share_them():
    table = in_gear(team_race(), red=5).edit_car("red", brakes=1, engine=1).confirm()
    assert dashboard(table.state)[0].note.startswith("team Red and Green: 4 of 4 team WP left")
    assert FORMULA_D.status(table.state) == (
        "Round 2 · a race of 2 laps · team race (4 WP a team for repairs)"
    )
    table("gear", car="red", gear=5)("move", car="red", roll=15, pit=12)
    assert names(table) == [f"team_repair_{n}" for n in (1, 2, 3, 4)] + ["value"]
    assert table.field("team_repair_1").label == (
        "Team repair, decided with its teammate: 1 WP back in (4 of the team's 4 WP left, not "
        "above the start)"
    )
    before = table.state
    table(
        "pit_roll",
        car="red",
        value=15,
        team_repair_1="brakes",
        team_repair_2="brakes",
        team_repair_3="engine",
    )
    assert (table.wp("red", Zone.BRAKES), table.wp("red", Zone.ENGINE)) == (3, 2)
    assert FORMULA_D.describe(before, table.events[-1], table.state).startswith(
        "Red's pit stop roll: 15, Slow Stop (team repair: 2 brake WP and 1 engine WP back)"
    )
    green = table.edit_car("green", laps=0, gear=5, body=1)
    assert "team Red and Green: 1 of 4 team WP left" in dashboard(green.state)[2].note
    assert "team Blue and Yellow: 4 of 4 team WP left" in dashboard(green.state)[1].note


def test_a_team_with_its_pool_spent_is_offered_no_repair():
    table = in_gear(team_race(), red=5).edit_car("green", team_repaired=4).confirm()
    table("gear", car="red", gear=5)("move", car="red", roll=15, pit=12)
    assert names(table) == ["value"]


def test_the_team_with_the_most_points_wins_the_race():
    table = team_race().edit_car("red", laps=1).edit_car("yellow", laps=1)
    table.edit_car("blue", laps=1).edit_car("green", laps=1).confirm()
    for car in ("red", "blue", "green", "yellow"):
        table("gear", car=car, gear=1)("move", car=car, roll=1, finish=1)
    assert table.state.finished
    # Red 10 + Green 6 = 16, Blue 8 + Yellow 5 = 13.
    assert FORMULA_D.status(table.state) == (
        "Round 2 · a race of 2 laps · team race: team Red and Green wins (Red and Green 16, "
        "Blue and Yellow 13)"
    )


def test_cars_out_place_by_where_they_reached_on_the_board_not_by_spaces_moved():
    # A real result (issue 20): four cars out; Red, from pole, 51 spaces on, is ahead of Yellow,
    # from 4th on the grid, 52 spaces on (each grid slot a space behind the one before it, as the
    # order of play measures the leader): Red and Green win 15-14, not Blue and Yellow 16-13.
    table = team_race()
    table.edit_car("blue", status="out", out_reason="tires", spaces=45, out_at=3)
    table.edit_car("green", status="out", out_reason="tires", spaces=40, out_at=4)
    table.edit_car("yellow", status="out", out_reason="tires", spaces=52, out_at=5)
    table = in_gear(table.edit_car("red", spaces=47, tires=1), red=2).confirm()
    table.move("red", 2, 4, corner=1, overshoot=2)  # out on 51 spaces
    assert table.state.finished
    assert [result.car for result in results(table.state)] == ["red", "yellow", "blue", "green"]
    assert FORMULA_D.status(table.state) == (
        "Round 2 · a race of 2 laps · team race: team Red and Green wins (Red and Green 15, "
        "Blue and Yellow 14)"
    )


@pytest.mark.parametrize(
    ("teams", "said"),
    [
        ("1 1 2", "Green makes a team of 1"),
        ("1 1 1", "Red, Blue and Green make a team of 3"),
        ("1 1 2 -", "Green makes a team of 1; Yellow races in no team"),
    ],
)
def test_a_team_race_with_teams_that_are_not_pairs_is_refused_with_the_reason(teams, said):
    # "Form teams, each with 2 players and a color." Each car's team in the order red, blue,
    # green, yellow ("-": in none).
    cars = ("red", "blue", "green", "yellow")[: len(teams.split())]
    team_of = {car: team for car, team in zip(cars, teams.split(), strict=True) if team != "-"}
    reason = f"A team race is raced by teams of 2 cars each (Optional Rules, Team Race): {said}."
    with pytest.raises(EventRejected, match=re.escape(reason)):
        race_setup(*cars, teams=team_of)
