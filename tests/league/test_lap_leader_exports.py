"""The CSV exports and the printable Team Tracking Sheet (issue 22): a lap-leader column where
the rule set scores lap leaders (Mini's series), and the sheet filled in for the rounds raced."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from league.models import Driver, League, Team
from league.services.leagues import league_create
from league.services.results import EntryOutcome, round_result_commit, round_result_enter
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from tests.factories import published
from tests.league.test_services import play_rounds, racing_drivers
from tests.pages import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def mini(organiser) -> League:
    """Mini's series, round 1 raced: Ann 1st, Bob 2nd with 1 lap led, Cid 3rd with 1."""
    league = published(league_create(name="Mini Club", organiser=organiser, ruleset="mini"))
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name, f"{name} II"])
    season = season_open(league=league, preset="Mini's series")
    round_ = season.rounds.get(number=1)
    drivers = [Driver.objects.get(name=name) for name in ("Ann", "Bob", "Cid")]
    entries = round_start(
        round_=round_, starters=[(d, c) for d, c in zip(drivers, "abc", strict=True)]
    )
    ids = {entry.car: entry.pk for entry in entries}
    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=ids["a"], finished=True, place=1),
            EntryOutcome(entry_id=ids["b"], finished=True, place=2, bonus_points=1),
            EntryOutcome(entry_id=ids["c"], finished=True, place=3, bonus_points=1),
        ],
    )
    round_result_commit(round_=round_)
    return league


def rows(client, league: League, name: str) -> list[list[str]]:
    response = client.get(reverse(f"league:{name}", args=[league.slug, 1]))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_results_csv_has_each_car_s_lap_leader_points(client, mini):
    header, *lines = rows(client, mini, "results_csv")
    assert header[-2:] == ["Lap-leader points", "Points"]
    assert [(line[4], line[-2], line[-1]) for line in lines] == [
        ("Ann", "0", "7"),
        ("Bob", "1", "6"),
        ("Cid", "1", "4"),
    ]


def test_the_standings_csvs_have_each_one_s_lap_leader_points(client, mini):
    header, *drivers = rows(client, mini, "drivers_csv")
    assert header[:8] == [
        *("Position", "Driver", "Team", "Points", "Lap-leader points"),
        *("Adjustment", "Dropped", "R1"),
    ]
    assert [(line[1], line[3], line[4]) for line in drivers[:3]] == [
        ("Ann", "7", "0"),
        ("Bob", "6", "1"),
        ("Cid", "4", "1"),
    ]
    header, *teams = rows(client, mini, "teams_csv")
    assert header[:4] == ["Position", "Team", "Points", "Lap-leader points"]
    assert teams[1][1:4] == ["Bob's", "6", "1"]


def test_a_rule_set_without_lap_leaders_has_no_such_column(client, season, teams):
    header, *_ = rows(client, season.league, "results_csv")
    assert "Lap-leader points" not in header
    header, *_ = rows(client, season.league, "drivers_csv")
    assert header[:7] == ["Position", "Driver", "Team", "Points", "Adjustment", "Dropped", "R1"]


def sheet(client, league: League, team_name: str) -> str:
    team = Team.objects.get(league=league, name=team_name)
    page = html_of(client.get(reverse("league:team_sheet", args=[league.slug, team.pk])))
    return page.split('id="sheet-rounds"', 1)[1].split("</table>", 1)[0]


def test_the_tracking_sheet_fills_in_the_rounds_raced_with_the_lap_leader_points(client, mini):
    table = sheet(client, mini, "Bob's")
    assert "<th>Lap-leader points</th>" in table
    raced = table.split("data-raced>", 1)[1].split("</tr>", 1)[0]
    assert raced.count("<td>") == 6  # round, track, driver, place, lap-leader points, points
    assert "<td>Bob</td><td>2</td><td>1</td><td>6</td>" in raced
    assert table.count("data-raced") == 1  # round 2 onwards: blank, to fill in at the table


def test_the_tracking_sheet_fills_in_a_season_pass_round_with_xp_and_injury(client, season, teams):
    play_rounds(season, racing_drivers(teams), [1])
    table = sheet(client, season.league, "Red Herrings")
    assert table.count("data-raced") == 2  # Ann and Bob raced round 1
    assert "<td>+" in table  # the XP each gained
