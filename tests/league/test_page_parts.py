"""The league pages' parts kept in the cache (league/reads/page_parts.py), keyed by the league's own
data version: a part is laid out once a version and a page; every write to the league moves the
version, so a part never shows what the data no longer says; a write to another league keeps
this league's parts; what a viewer's role changes is kept apart. The tests cache as production
does (Django's cache, on)."""

from __future__ import annotations

import re

import pytest
from django.contrib.admin.sites import site
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import builders
from league.models import League, Team
from league.services.leagues import league_create, league_publish_set
from league.services.teams import team_create, team_rename
from league.services.tracks import track_edit
from tests.factories import UserFactory, published

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def history() -> League:
    return builders.league_with_history(organiser=UserFactory(), name="History", seasons=2)


@pytest.fixture
def other() -> League:
    return builders.league_with_history(organiser=UserFactory(), name="Other", seasons=2)


def first_team(league: League) -> Team:
    return Team.objects.filter(league=league).order_by("pk").first()


RACE_TABLE = re.compile(r'(FROM|JOIN)\s+"races_')
CSRF_TOKEN = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*')


def without_tokens(html: str) -> str:
    return CSRF_TOKEN.sub(r"\1", html)


def laid_out_afresh(client, url: str) -> str:
    cache.clear()
    return without_tokens(client.get(url).text)


def history_pages(league: League) -> tuple[str, ...]:
    """The pages with parts kept: league, season, season-end report, team and driver."""
    team = first_team(league)
    return (
        league.get_absolute_url(),
        league.seasons.order_by("-number").first().get_absolute_url(),
        reverse("league:season_report", args=[league.slug, 1]),
        team.get_absolute_url(),
        team.drivers.order_by("pk").first().get_absolute_url(),
    )


def queries(action) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        action()
    return [query["sql"] for query in captured.captured_queries]


def data_version(league: League) -> int:
    return League.objects.values_list("data_version", flat=True).get(pk=league.pk)


def test_a_page_shown_again_reads_its_parts_from_the_cache_and_makes_fewer_queries(history, client):
    for url in history_pages(history):
        first = queries(lambda url=url: client.get(url))
        again = queries(lambda url=url: client.get(url))
        assert len(again) < len(first), url
        shown = without_tokens(client.get(url).text)
        assert shown == laid_out_afresh(client, url), url


def test_a_write_to_the_league_shows_at_once_on_its_pages(history, client):
    team = first_team(history)
    client.force_login(history.organiser)
    assert "Newcomer" not in client.get(team.get_absolute_url()).text
    assert "Newcomer" not in client.get(history.get_absolute_url()).text
    # No round is in progress once every season of the history is ended.
    history.seasons.update(ended_at=history.created)
    before = data_version(history)
    response = client.post(
        reverse("league:driver_hire", args=[history.slug, team.pk]), {"name": "Newcomer"}
    )
    assert response.status_code == 302 and data_version(history) == before + 1
    assert "Newcomer" in client.get(team.get_absolute_url()).text
    assert "Newcomer" in client.get(history.get_absolute_url()).text


def test_a_rename_by_a_service_shows_on_the_season_standings(history, client):
    season = history.seasons.order_by("-number").first()
    team = first_team(history)
    assert team.name in client.get(season.get_absolute_url()).text
    team_rename(team=team, name="Scuderia Renamed")
    assert "Scuderia Renamed" in client.get(season.get_absolute_url()).text


def test_a_write_to_another_league_keeps_this_league_s_parts(history, other, client):
    """The site-wide revision this replaced threw away every league's parts at any write."""
    for url in history_pages(history):
        client.get(url)
    before = {url: len(queries(lambda url=url: client.get(url))) for url in history_pages(history)}
    team_rename(team=first_team(other), name="Elsewhere")
    league_publish_set(league=other, published=False)
    for url, count in before.items():
        assert len(queries(lambda url=url: client.get(url))) == count, url


def test_a_shared_track_renamed_moves_the_leagues_racing_on_it_only(history):
    track = history.seasons.first().rounds.first().track
    elsewhere = league_create(name="No Season Yet", organiser=UserFactory())
    versions = {league.pk: data_version(league) for league in (history, elsewhere)}
    track_edit(
        track=track,
        name="Renamed",
        number=track.number,
        weather_table=track.weather_table,
        expected_version=track.version,
    )
    assert data_version(history) == versions[history.pk] + 1
    assert data_version(elsewhere) == versions[elsewhere.pk]


def test_an_edit_in_the_admin_moves_the_league_s_data_version(history, rf: RequestFactory):
    admin = site._registry[Team]
    team = first_team(history)
    before = data_version(history)
    team.name = "Renamed in the admin"
    request = rf.post("/admin/")
    request.user = UserFactory(is_superuser=True, is_staff=True)
    admin.save_model(request, team, form=None, change=True)
    assert data_version(history) == before + 1


def test_what_the_organiser_is_shown_is_kept_apart_from_what_a_visitor_is_shown(history, client):
    """The organiser's season page offers to end the season; the kept part of that page must
    not offer it to the next visitor, nor the visitor's hide it from the organiser."""
    season = history.seasons.create(number=3)
    url = season.get_absolute_url()
    end = reverse("league:season_end", args=[history.slug, 3])
    client.force_login(history.organiser)
    assert end in client.get(url).text
    client.logout()
    assert end not in client.get(url).text
    assert "change it" not in client.get(history.get_absolute_url()).text
    client.force_login(history.organiser)
    assert end in client.get(url).text
    assert "change it" in client.get(history.get_absolute_url()).text


def test_the_kept_parts_read_league_tables_only(history, client):
    """The race log moves no league's data version (an entry at the table writes only its
    race), so no kept part may read it."""
    client.force_login(history.organiser)
    for url in history_pages(history):
        cache.clear()
        read = queries(lambda url=url: client.get(url))
        assert not [sql for sql in read if RACE_TABLE.search(sql)], url


def test_each_page_of_a_long_list_is_kept_apart_and_other_parameters_share_the_copy(
    history, client
):
    url = first_team(history).get_absolute_url()  # two drivers' results: two pages
    latest, earlier = client.get(url).text, client.get(f"{url}?page=2").text
    assert "Page 1 of" in latest and "Page 2 of" in earlier
    assert client.get(f"{url}?page=2").text.count("Page 2 of") == 1
    before = queries(lambda: client.get(f"{url}?utm_source=bot"))
    assert len(before) < len(queries(lambda: cache.clear() or client.get(url)))


def test_a_league_made_under_a_deleted_league_s_id_shows_none_of_its_parts(client):
    """SQLite reuses the highest id once its row is gone: the key holds when the league was
    made, too."""
    first = published(league_create(name="Gone Soon", organiser=UserFactory()))
    team_create(league=first, name="Vanishing Team", driver_names=["Ann", "Bob"])
    assert "Vanishing Team" in client.get(first.get_absolute_url()).text
    pk, slug = first.pk, first.slug
    first.teams.all().delete()
    first.delete()
    again = League.objects.create(
        pk=pk, name="Made Again", slug=slug, organiser=UserFactory(username="again")
    )
    assert "Vanishing Team" not in client.get(again.get_absolute_url()).text
