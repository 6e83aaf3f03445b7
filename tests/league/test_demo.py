"""`manage.py load_demo`: a league of each kind part-way through its first season, built once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import RequestFactory

from league.management.commands.load_demo import LEAGUE_NAME
from league.models import Driver, Entry, League, Role, RoundStatus, Season
from league.models.team_colours import car_colour
from league.reads.standings import season_standings

pytestmark = pytest.mark.django_db


def load_demo() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def row_counts() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def first_season(name: str, ruleset: str, finished: int, scheduled: int) -> tuple[League, Season]:
    """The demo league `name`, of `ruleset`, and its first season, open: `finished` rounds run,
    `scheduled` to come."""
    league = League.objects.get(name=name)
    season = league.current_season()
    assert league.ruleset == ruleset and season.number == 1 and not season.is_ended
    assert [round_.status for round_ in season.rounds.order_by("number")] == [
        RoundStatus.FINISHED
    ] * finished + [RoundStatus.SCHEDULED] * scheduled
    return league, season


def test_the_demo_league_is_part_way_through_its_first_season():
    assert "Built" in load_demo()

    league, season = first_season("Paddock Demo League", "season_pass", 4, 5)
    assert season.preset == "Spring"
    assert league.teams.count() == 4
    standings = season_standings(season)
    assert standings.drivers and standings.drivers[0].points > 0
    assert len(standings.teams) == 4
    assert Entry.objects.filter(round__season=season, injured=True).count() == 4
    assert Entry.objects.filter(round__season=season, out_reason="collision").count() == 2
    # Skid Row overshot in round 4 and misses round 5; everyone else may race it.
    assert [driver.name for driver in Driver.objects.filter(races_to_miss__gt=0)] == ["Skid Row"]


def test_the_demo_rbb_championship_is_three_races_into_eight_with_home_tracks():
    load_demo()

    league, season = first_season("Paddock RBB Championship", "rbb", 3, 5)
    assert Driver.objects.filter(team__league=league).count() == 10
    homes = dict(
        Driver.objects.filter(team__league=league, home_track__isnull=False).values_list(
            "name", "home_track__name"
        )
    )
    assert homes["Axel Grease"] == "Monaco" and len(homes) == 5
    standings = season_standings(season)
    # 25 + 18 + 18 on the RBB preset: won at home in Monaco, then two 2nd places.
    assert (standings.drivers[0].competitor.name, standings.drivers[0].points) == (
        "Axel Grease",
        61,
    )
    assert len(standings.teams) == 5
    assert Entry.objects.filter(round__season=season, finished=False).count() == 5


def test_the_demo_mini_series_is_three_races_in_with_lap_leader_points():
    load_demo()

    _league, season = first_season("Paddock Mini Series", "mini", 3, 5)
    assert season.preset == "Mini's series"
    winner = Entry.objects.get(round__season=season, round__number=1, place=1)
    # 7 for the win and 1 for leading lap 1 of 3.
    assert (winner.driver.name, winner.points) == ("Minnie Driver", 8)
    standings = season_standings(season)
    # 5 + 1, 7, 3 + 1: Pocket Rocket leads on lap-leader points.
    assert (standings.drivers[0].competitor.name, standings.drivers[0].points) == (
        "Pocket Rocket",
        17,
    )
    assert len(standings.teams) == 4


def test_the_demo_death_race_is_two_races_into_four_with_cars_destroyed():
    load_demo()

    league, season = first_season("Paddock Death Race", "death", 2, 2)
    # One car a player: five teams of one.
    assert league.teams.count() == Driver.objects.filter(team__league=league).count() == 5
    assert Entry.objects.filter(round__season=season, out_reason="destroyed").count() == 3
    standings = season_standings(season)
    # 2nd then 1st against 1st then 3rd: Max Carnage leads.
    assert standings.drivers[0].competitor.name == "Max Carnage"
    assert standings.drivers[0].points > standings.drivers[1].points > 0


def test_the_demo_users_can_log_in():
    load_demo()

    # Login throttling (axes) needs the request a login comes with.
    request = RequestFactory().post("/login/")
    organiser = authenticate(request, username="organiser", password="paddock-demo")
    referee = authenticate(request, username="referee", password="paddock-demo")

    assert organiser.is_superuser and organiser.is_staff
    assert referee is not None and not referee.is_staff
    owner = authenticate(request, username="owner", password="paddock-demo")
    assert owner is not None and not owner.is_staff
    assert League.objects.count() == 4
    for league in League.objects.all():
        teams_owned = [(m.user, m.team) for m in league.memberships.filter(role=Role.TEAM_OWNER)]
        referees = [m.user for m in league.memberships.filter(role=Role.REFEREE)]
        assert league.organiser == organiser and referees == [referee]
        assert league.can_manage(organiser) and league.can_referee(referee)
        assert not league.can_referee(owner)
        if league.name == "Paddock Demo League":
            first_team = league.teams.get(name="Scuderia Spaghetti")
            assert teams_owned == [(owner, first_team)]
            assert league.can_run_team(owner, first_team)
        else:
            assert teams_owned == []


def test_loading_the_demo_twice_changes_nothing():
    load_demo()
    counts = row_counts()
    driver_rows = list(Driver.objects.order_by("pk").values())

    again = load_demo()
    assert again.count("already exists: nothing changed") == 4 and "Built" not in again
    assert row_counts() == counts
    assert list(Driver.objects.order_by("pk").values()) == driver_rows


def test_the_demo_refuses_to_run_outside_development(settings):
    settings.PADDOCK_DEMO_ALLOWED = False
    user_model = get_user_model()

    with pytest.raises(CommandError, match="for development only"):
        load_demo()

    assert not user_model.objects.exists()
    assert not League.objects.exists()


def test_a_visitor_finds_the_demo_leagues_on_the_home_page(client):
    """The README's five minutes start before logging in: open the site, pick the league."""
    load_demo()

    page = client.get("/").content.decode()
    for name in (
        "Paddock Demo League",
        "Paddock RBB Championship",
        "Paddock Mini Series",
        "Paddock Death Race",
    ):
        assert name in page
    league = League.objects.get(name="Paddock Demo League")
    assert client.get(league.current_season().get_absolute_url()).status_code == 200


def test_the_demo_leagues_cars_are_drawn_in_their_teams_colours():
    """Issue 32: Boxbox Racing raced in sky blue under cars named "orange #3"."""
    load_demo()
    league = League.objects.get(name=LEAGUE_NAME)
    entries = Entry.objects.filter(round__season__league=league).select_related("team")
    assert entries
    for entry in entries:
        assert car_colour(entry.car, entry.team.colour) == entry.team.colour, entry.car
