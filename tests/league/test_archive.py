"""A league with history is archived, never deleted: its organiser files it away from the home
page's list and brings it back, and nothing of it changes meanwhile."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.forms.common import NO_SETTINGS_VERSION
from league.forms.leagues import ARCHIVE_OR_RESTORE
from league.models import Driver, Entry, League, Role, Track
from league.services.errors import LEAGUE_READ_ONLY, LeagueArchived
from league.services.leagues import (
    LEAGUE_ARCHIVED_ALREADY,
    LEAGUE_CHANGED,
    league_archive_set,
    league_create,
    league_publish_set,
)
from league.services.members import invitation_create, member_add
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race, RaceEvent
from tests.factories import UserFactory
from tests.league.test_services import database_state, play_rounds, racing_drivers
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def raced(season, teams) -> League:
    play_rounds(season, racing_drivers(teams), [1, 2])
    return season.league


def archive(client, league: League, button: str = "archive", version: int | None = None):
    data = {button: "", "version": league.settings_version if version is None else version}
    return client.post(reverse("league:league_archive", kwargs={"slug": league.slug}), data)


def home_lists(client) -> tuple[bool, bool]:
    """Whether the home page lists the league among the leagues, and among the archived."""
    page = client.get(reverse("league:home")).text
    listed, _, archived = page.partition('id="archived-leagues"')
    return "Thursday Night League" in listed, "Thursday Night League" in archived


def history() -> dict:
    state = database_state()
    for league in state["League"]:
        league.pop("archived_at"), league.pop("settings_version"), league.pop("data_version")
    return state


def test_the_organiser_archives_a_league_off_the_home_page_and_keeps_everything(
    client_organiser, raced
):
    before = history()
    assert home_lists(client_organiser) == (True, False)

    response = archive(client_organiser, raced)

    assert response.status_code == 302 and response["Location"] == raced.get_absolute_url()
    page = client_organiser.get(raced.get_absolute_url())
    assert (
        page.status_code == 200 and 'id="archived"' in page.text and 'name="restore"' in page.text
    )
    assert home_lists(client_organiser) == (False, True)
    assert history() == before
    season_page = client_organiser.get(raced.current_season().get_absolute_url())
    assert season_page.status_code == 200


def test_restoring_puts_it_back_on_the_list(client_organiser, raced):
    archive(client_organiser, raced)
    raced.refresh_from_db()

    archive(client_organiser, raced, "restore")

    raced.refresh_from_db()
    assert not raced.is_archived
    assert home_lists(client_organiser) == (True, False)


def test_a_double_tap_archives_once_and_says_so(client_organiser, raced):
    version = raced.settings_version
    archive(client_organiser, raced, version=version)
    raced.refresh_from_db()
    archived_at = raced.archived_at

    again = archive(client_organiser, raced, version=version)

    assert again.status_code == 302
    page = client_organiser.get(again["Location"]).text
    assert LEAGUE_ARCHIVED_ALREADY.format(league=raced).replace("'", "&#x27;") in page
    raced.refresh_from_db()
    assert raced.archived_at == archived_at


def test_a_page_built_on_older_settings_is_a_conflict_and_archives_nothing(client_organiser, raced):
    version = raced.settings_version
    # Another tab archived it and brought it back meanwhile.
    league_archive_set(league=raced, archived=True)
    league_archive_set(league=raced, archived=False)

    response = archive(client_organiser, raced, version=version)

    assert response.status_code == 409
    assert LEAGUE_CHANGED in response.text.replace("&#x27;", "'")
    raced.refresh_from_db()
    assert not raced.is_archived


@pytest.mark.parametrize(
    ("data", "message"),
    [({"archive": ""}, NO_SETTINGS_VERSION), ({"version": "0"}, ARCHIVE_OR_RESTORE)],
)
def test_a_post_without_its_version_or_button_is_refused_with_the_reason(
    client_organiser, raced, data, message
):
    response = client_organiser.post(
        reverse("league:league_archive", kwargs={"slug": raced.slug}), data
    )
    assert response.status_code == 400
    assert message.replace("'", "&#x27;") in response.text
    raced.refresh_from_db()
    assert not raced.is_archived


@pytest.mark.parametrize("who", ["anonymous", "stranger", "referee"])
def test_only_the_organiser_archives(client, raced, who):
    if who != "anonymous":
        user = UserFactory(username=who)
        if who == "referee":
            member_add(league=raced, user=user, role=Role.REFEREE)
        client.force_login(user)
    assert 'id="archive-form"' not in client.get(raced.get_absolute_url()).text

    response = archive(client, raced)

    assert response.status_code == (302 if who == "anonymous" else 403)
    raced.refresh_from_db()
    assert not raced.is_archived


def test_the_home_page_reads_as_many_rows_for_two_leagues_as_for_twelve(
    client, organiser, django_assert_num_queries, django_assert_max_num_queries
):
    def league(number: int, *, archived: bool) -> None:
        made = league_create(name=f"League {number}", organiser=organiser)
        if archived:
            league_archive_set(league=made, archived=True)

    league(1, archived=False), league(2, archived=True)
    client.force_login(organiser)
    with django_assert_max_num_queries(6) as few:
        client.get(reverse("league:home"))
    for number in range(3, 13):
        league(number, archived=number % 2 == 0)
    with django_assert_num_queries(len(few.captured_queries)):
        client.get(reverse("league:home"))


# --- an archived league is read-only --------------------------------------------------------


def test_an_archived_league_s_services_refuse_under_their_locks(raced, teams, season):
    """The backstop behind the views' check: an archiving that lands first is seen."""
    league_archive_set(league=raced, archived=True)
    message = LEAGUE_READ_ONLY.format(league=raced)
    round3 = season.rounds.get(number=3)
    starters = [(driver, f"car {driver.pk}") for driver in racing_drivers(teams)]
    for write in (
        lambda: team_create(league=raced, name="Late", driver_names=["Eve", "Fay"]),
        lambda: league_publish_set(league=raced, published=False),
        lambda: round_start(round_=round3, starters=starters),
    ):
        with pytest.raises(LeagueArchived, match="read-only") as refused:
            write()
        assert str(refused.value) == message
    assert not round3.entries.exists()
    league_archive_set(league=raced, archived=False)  # restoring is the one write


def test_an_archived_league_s_pages_offer_no_write_but_restoring(client_organiser, raced, season):
    referee = UserFactory(username="referee")
    member_add(league=raced, user=referee, role=Role.REFEREE)
    round3 = season.rounds.get(number=3).get_absolute_url()
    team = raced.teams.order_by("pk").first().get_absolute_url()
    before = {
        "league": client_organiser.get(raced.get_absolute_url()).text,
        "round": client_organiser.get(round3).text,
        "team": client_organiser.get(team).text,
    }
    assert 'href="/thursday-night-league/teams/new/"' in before["league"]
    assert 'name="version"' in before["round"] and 'name="name"' in before["team"]
    archive(client_organiser, raced)

    league_page = client_organiser.get(raced.get_absolute_url()).text
    assert "read-only" in league_page and 'name="restore"' in league_page
    assert "teams/new/" not in league_page and "/points/" not in league_page
    assert 'name="version"' not in client_organiser.get(round3).text
    assert 'name="name"' not in client_organiser.get(team).text


def test_an_invitation_to_an_archived_league_waits_for_its_restoring(client, raced):
    invitation = invitation_create(league=raced, made_by=raced.organiser, role=Role.REFEREE)
    league_archive_set(league=raced, archived=True)
    url = reverse("league:join", args=[invitation.token])
    page = client.get(url)
    assert page.status_code == 200 and "read-only" in page.text and 'id="join"' not in page.text
    sign_up = {"username": "jane", "password1": "long enough 1", "password2": "long enough 1"}
    refused = client.post(url, sign_up)
    assert refused.status_code == 403 and "read-only" in refused.text
    assert not User.objects.filter(username="jane").exists()


# --- deleting a league -------------------------------------------------------------------------


def test_the_organiser_deletes_a_raced_league_after_typing_its_name(client_organiser, raced, teams):
    """A test league could never be deleted; this one raced by hand and at the table."""
    third = raced.current_season().rounds.get(number=3)
    race = round_start_at_table(
        round_=third,
        starters=[(driver, driver.name) for driver in racing_drivers(teams)],
    )
    drive(race, 6, who=raced.organiser)
    url = reverse("league:league_delete", args=[raced.slug])
    page = client_organiser.get(url).text
    assert reverse("league:league_backup", args=[raced.slug]) in page and 'id="delete-form"' in page
    wrong = client_organiser.post(url, {"name": "Another League"})
    assert wrong.status_code == 400 and League.objects.filter(pk=raced.pk).exists()
    tracks = Track.objects.count()
    response = client_organiser.post(url, {"name": "thursday night league "})
    assert response.status_code == 302 and response.url == reverse("league:home")
    assert not League.objects.filter(pk=raced.pk).exists()
    assert not Entry.objects.exists() and not Driver.objects.exists()
    assert not Race.objects.exists() and not RaceEvent.objects.exists()
    assert Track.objects.count() == tracks


def test_only_its_organiser_deletes_a_league(client, raced, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger"))
    url = reverse("league:league_delete", args=[raced.slug])
    assert client.post(url, {"name": raced.name}).status_code == 403
    assert League.objects.filter(pk=raced.pk).exists()


def post_forms(page: str) -> list[str]:
    """The forms of a page that post, but logging out and the language (in every page's
    navigation bar)."""
    site_bar = ('action="/logout/"', 'action="/language/"')
    return [
        form
        for form in re.findall(r"<form[^>]*>", page)
        if not any(action in form for action in site_bar)
    ]


def test_no_page_of_an_archived_league_offers_a_form_that_would_be_refused(
    client_organiser, raced, season, teams
):
    """Not the race start at the table, nor the starters, a new team or season, the season's
    end or setup, publishing, the points table or the time zone: each page says the league is
    read-only instead, and how it comes back."""
    round_start(
        round_=season.rounds.get(number=3),
        starters=[(driver, driver.name) for driver in racing_drivers(teams)],
    )
    rbb = league_create(name="Archived RBB", organiser=raced.organiser, ruleset="rbb")
    season_open(league=rbb, tracks=[track_create(name="Home")])
    pages = [
        reverse(name, args=[raced.slug])
        for name in (
            "league:team_new",
            "league:season_new",
            "league:league_publish",
            "league:league_time_zone",
        )
    ]
    pages.append(reverse("league:league_points", args=[rbb.slug]))  # no result: it may change
    pages += [
        reverse("league:season_end", args=[raced.slug, 1]),
        reverse("league:round_starters", args=[raced.slug, 1, 3]),
        reverse("league:round_table", args=[raced.slug, 1, 3]),
        reverse("league:round_table", args=[raced.slug, 1, 4]),
        reverse("league:season_setup", args=[rbb.slug, 1]),
    ]
    before = {url: client_organiser.get(url).text for url in pages}
    assert [url for url, page in before.items() if not post_forms(page)] == []
    archive(client_organiser, raced)
    league_archive_set(league=rbb, archived=True)
    for url in pages:
        response = client_organiser.get(url)
        assert response.status_code == 200, url
        assert post_forms(response.text) == [], url
        assert 'id="archived-read-only"' in response.text, url


def test_an_archived_league_says_where_the_home_page_lists_it(client_organiser, raced):
    archive(client_organiser, raced)
    page = client_organiser.get(raced.get_absolute_url()).text
    assert "listed under Archived on its members' home page" in page
    assert "off the home page's list" not in page
    assert home_lists(client_organiser) == (False, True)
