"""Formula D's Team Race in the league: "each car receives a number of winning points and the team
with the highest number of total points wins the race" (10-8-6-5-4-3-2-1-0-0). With the team race
on (the league's setting or the round's race option), the teams' table scores each such round
by its cars' places on that table, whatever table the drivers score by, and the season and round
pages name the team that won it."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from league.models import Driver, League, Round, Season
from league.reads.standings import season_leaders, season_standings
from league.reads.title import season_title
from league.services.leagues import league_create, league_points_table_set
from league.services.rounds import round_race_options_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.factories import published
from tests.league.test_services import play
from tests.league.test_views import round_url
from tests.pages import html_of
from tests.test_french_site import english_words, runs_left, words_of, words_of_names

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams_league(organiser) -> League:
    """Two teams of two cars, the team race on, the drivers scored 25-18-15-12."""
    league = published(
        league_create(
            name="Team Club",
            organiser=organiser,
            ruleset="formula_d",
            settings={"cars_per_team": "2", "team_race": True},
        )
    )
    league_points_table_set(league=league, table="25-18-15-12")
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    return league


@pytest.fixture
def season(teams_league) -> Season:
    tracks = [track_create(name=name) for name in ("Monza", "Spa", "Zolder")]
    return season_open(league=teams_league, tracks=tracks)


def drivers(*names: str) -> list[Driver]:
    by_name = {driver.name: driver for driver in Driver.objects.all()}
    return [by_name[name] for name in names]


def test_a_team_race_round_scores_the_teams_10_8_6_5_and_the_drivers_by_the_league_s_table(
    season,
):
    round_ = season.rounds.get(number=1)
    entries = play(round_, drivers("Ann", "Cid", "Dot", "Bob"))
    assert [entry.points for entry in entries] == [25, 18, 15, 12]
    table = season_standings(season)
    by_team = {line.competitor.name: line for line in table.teams}
    assert by_team["Reds"].by_round[0] == 10 + 5  # 1st and 4th
    assert by_team["Blues"].by_round[0] == 8 + 6  # 2nd and 3rd
    assert [team.name for team in table.team_race_winners[1]] == ["Reds"]
    drivers_points = {line.competitor.name: line.points for line in table.drivers}
    assert drivers_points == {"Ann": 25, "Cid": 18, "Dot": 15, "Bob": 12}


def test_level_team_totals_share_the_win(teams_league, season):
    team_create(league=teams_league, name="Greens", driver_names=["Eve", "Fay"])
    # Six cars: Reds 1st and 6th (10 + 3), Blues 2nd and 4th (8 + 5), Greens 3rd and 5th (6 + 4).
    play(season.rounds.get(number=1), drivers("Ann", "Cid", "Eve", "Dot", "Fay", "Bob"))
    # Greens 1st and 2nd (10 + 8), Reds 3rd and 4th (6 + 5), Blues 5th and 6th (4 + 3).
    play(season.rounds.get(number=2), drivers("Eve", "Fay", "Ann", "Bob", "Cid", "Dot"))
    table = season_standings(season)
    assert [team.name for team in table.team_race_winners[1]] == ["Reds", "Blues"]
    assert [team.name for team in table.team_race_winners[2]] == ["Greens"]
    by_team = {line.competitor.name: line.by_round for line in table.teams}
    assert by_team == {
        "Reds": (13, 11, None),
        "Blues": (13, 7, None),
        "Greens": (10, 18, None),
    }


def test_a_round_switched_off_the_team_race_scores_the_teams_their_drivers_points(season):
    round_race_options_set(round_=season.rounds.get(number=2), options={"team_race": False})
    play(season.rounds.get(number=1), drivers("Ann", "Cid", "Dot", "Bob"))
    play(season.rounds.get(number=2), drivers("Ann", "Cid", "Dot", "Bob"))
    table = season_standings(season)
    by_team = {line.competitor.name: line.by_round for line in table.teams}
    assert by_team["Reds"][:2] == (15, 25 + 12)
    assert by_team["Blues"][:2] == (14, 18 + 15)
    assert set(table.team_race_winners) == {1}


def test_a_round_switched_to_the_team_race_in_a_league_without_it_names_its_winner(
    organiser,
):
    league = published(
        league_create(
            name="Pairs", organiser=organiser, ruleset="formula_d", settings={"cars_per_team": "2"}
        )
    )
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    season = season_open(league=league, tracks=[track_create(name="Spa")])
    round_ = season.rounds.get()
    round_race_options_set(round_=round_, options={"team_race": True})
    play(round_, drivers("Cid", "Dot", "Ann", "Bob"))
    assert [team.name for team in season_standings(season).team_race_winners[1]] == ["Blues"]


# --- Teams of two: "Form teams, each with 2 players and a color." -----------------------------
TEAMS_OF_TWO = "A team race is raced by teams of 2 cars each (Optional Rules, Team Race)"


def test_a_league_of_one_car_a_team_is_refused_the_team_race_with_the_reason(organiser, client):
    with pytest.raises(ValidationError, match=re.escape(TEAMS_OF_TWO)):
        league_create(
            name="Solo", organiser=organiser, ruleset="formula_d", settings={"team_race": True}
        )
    client.force_login(organiser)
    page = client.post(
        reverse("league:league_new"),
        {
            "name": "Solo",
            "ruleset": "formula_d",
            "cars_per_team": "1",
            "laps": "2",
            "team_race": "on",
        },
    )
    assert page.status_code == 400
    assert escape(TEAMS_OF_TWO + ": this league's teams race one car each.") in page.text
    assert not League.objects.filter(name="Solo").exists()


def test_a_round_of_a_league_of_one_car_a_team_may_not_switch_the_team_race_on(organiser):
    league = league_create(name="Solo", organiser=organiser, ruleset="formula_d")
    season = season_open(league=league, tracks=[track_create(name="Spa")])
    round_ = season.rounds.get()
    with pytest.raises(ValidationError, match=re.escape(TEAMS_OF_TWO)):
        round_race_options_set(round_=round_, options={"team_race": True})
    assert Round.objects.get(pk=round_.pk).race_options == {}


def test_a_team_race_with_a_team_of_one_car_at_the_table_is_refused_with_the_reason(season):
    round_ = season.rounds.get(number=1)
    starters = list(zip(drivers("Ann", "Bob", "Cid"), ("red", "pink", "blue"), strict=True))
    with pytest.raises(
        ValidationError, match=re.escape(f"{TEAMS_OF_TWO}: Blue makes a team of 1.")
    ):
        round_start_at_table(round_=round_, starters=starters)
    assert Round.objects.get(pk=round_.pk).status == "scheduled"


# --- The pages -----------------------------------------------------------------------------------


def test_the_round_and_season_pages_name_the_team_that_won_the_team_race(client, season):
    round_ = season.rounds.get(number=1)
    play(round_, drivers("Cid", "Ann", "Dot", "Bob"))  # Blues 10 + 6, Reds 8 + 5
    page = html_of(client.get(round_url(round_)))
    assert 'id="team-race-winner">Team race: Blues won.' in page
    assert "Team race points" in page and "10-8-6-5-4-3-2-1-0-0 by their cars" in page
    assert "<li>Blues: 16</li><li>Reds: 13</li>" in page
    page = html_of(client.get(season.get_absolute_url()))
    assert "Team race: Blues won" in page
    standings = page[page.index('id="team-standings"') :]
    assert ">16</td>" in standings and ">13</td>" in standings


def test_the_team_race_s_winners_read_as_one_sentence_in_english_and_in_french(
    client, teams_league, season
):
    """Issue 34: the winners listed in the reader's language, the verb agreeing with how many
    won, one sentence each (not "Team race:", the names joined by "and", then "won")."""
    team_create(league=teams_league, name="Greens", driver_names=["Eve", "Fay"])
    team_create(league=teams_league, name="Golds", driver_names=["Gus", "Hal"])
    # Reds 1st and 8th (10 + 1), Blues 2nd and 6th (8 + 3), Greens 3rd and 4th (6 + 5): 11 each.
    play(
        season.rounds.get(number=1),
        drivers("Ann", "Cid", "Eve", "Fay", "Gus", "Dot", "Hal", "Bob"),
    )
    play(
        season.rounds.get(number=2),
        drivers("Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal"),
    )
    mine = words_of_names(["Reds", "Blues", "Greens", "Golds"])

    def said(url: str, language: str, marked: str) -> list[str]:
        page = html_of(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        return [words_of(line) for line in re.findall(rf'{marked}">(.*?)</', page)]

    shared, won = (season.rounds.get(number=number) for number in (1, 2))
    assert said(round_url(shared), "en", 'id="team-race-winner') == [
        "Team race: Reds, Blues and Greens share the win."
    ]
    assert said(round_url(won), "en", 'id="team-race-winner') == ["Team race: Reds won."]
    assert said(season.get_absolute_url(), "en", 'class="small team-race-winner') == [
        "Team race: Reds, Blues and Greens share the win.",
        "Team race: Reds won.",
    ]
    french = [
        *said(round_url(shared), "fr", 'id="team-race-winner'),
        *said(round_url(won), "fr", 'id="team-race-winner'),
    ]
    assert french == [
        "Course par écuries : Reds, Blues et Greens se partagent la victoire.",
        "Course par écuries : Reds a gagné.",
    ]
    assert said(season.get_absolute_url(), "fr", 'class="small team-race-winner') == french
    assert runs_left(" ".join(french)) == [] and english_words(" ".join(french), mine) == []


def test_without_the_team_race_the_round_page_adds_the_drivers_points(organiser, client):
    league = published(
        league_create(
            name="Pairs", organiser=organiser, ruleset="formula_d", settings={"cars_per_team": "2"}
        )
    )
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    league_points_table_set(league=league, table="25-18-15-12")
    season = season_open(league=league, tracks=[track_create(name="Spa")])
    round_ = season.rounds.get()
    play(round_, drivers("Cid", "Ann", "Dot", "Bob"))
    page = client.get(round_url(round_)).text
    assert "team-race-winner" not in page and "Team totals" in page
    assert "<li>Blues: 40</li><li>Reds: 30</li>" in page  # 25 + 15, 18 + 12
    assert "team-race-winner" not in client.get(season.get_absolute_url()).text


def test_the_season_page_costs_the_same_with_one_team_race_round_or_three(client, season):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(season.get_absolute_url()).status_code == 200
        return len(captured)

    play(season.rounds.get(number=1), drivers("Ann", "Cid", "Dot", "Bob"))
    one = queries()
    play(season.rounds.get(number=2), drivers("Cid", "Ann", "Dot", "Bob"))
    play(season.rounds.get(number=3), drivers("Dot", "Ann", "Cid", "Bob"))
    assert queries() == one


def test_the_title_race_of_the_teams_counts_the_team_race_s_points_left(season):
    play(season.rounds.get(number=1), drivers("Ann", "Cid", "Dot", "Bob"))
    rounds = list(Round.objects.filter(season=season).select_related("track").order_by("number"))
    title = season_title(season, season_standings(season, rounds=rounds), rounds)
    assert title is not None
    # Reds 15, Blues 14; two rounds left, a team at most 10 + 8 in each: 36 (not 2 × 43).
    assert title.teams[0] == "Reds leads with 15 points; 36 points are left to race for."


def test_the_league_page_names_the_team_champions_the_team_race_s_points_make(client, season):
    """The teams' leaders on the league page are the season's, whose team race rounds score the
    teams 10-8-6-5, not the sum of their drivers' points."""
    league_points_table_set(league=season.league, table="10-9-8-1")
    play(season.rounds.get(number=1), drivers("Ann", "Cid", "Dot", "Bob"))
    # The drivers' points: Reds 10 + 1, Blues 9 + 8; the team race: Reds 10 + 5, Blues 8 + 6.
    (line,) = season_leaders([Season.objects.get(pk=season.pk)])
    assert [(team.name, team.points) for team in line.teams] == [("Reds", 15)]
    assert [line.competitor.name for line in season_standings(season).team_champions] == ["Reds"]
    page = html_of(client.get(season.league.get_absolute_url()))
    assert "Teams: <a" in page and ">Reds</a>, 15 points" in page
