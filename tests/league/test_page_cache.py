"""The league pages' cached parts (league/page_cache.py) and the revision that keys them
(league/revision.py): every committed write to a league table moves the revision on, whoever
made it; a page part is laid out once a revision and a page; what a viewer's role changes is
kept apart; and a part never shows what the data no longer says.

These tests commit their transactions (the revision advances on commit), with the parts
switched on as they are outside the tests."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import builders
from league import revision, services
from league.models import Driver, League, Revision, Team
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def parts_on(settings):
    settings.PADDOCK_PAGE_PARTS = True
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def history() -> League:
    return builders.league_with_history(organiser=UserFactory(), name="History", seasons=2)


def first_team(league: League) -> Team:
    return Team.objects.filter(league=league).order_by("pk").first()


RACE_TABLE = re.compile(r'(FROM|JOIN)\s+"races_')
CSRF_TOKEN = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*')


def without_tokens(html: str) -> str:
    return CSRF_TOKEN.sub(r"\1", html)


def laid_out_afresh(client, url: str) -> str:
    with override_settings(PADDOCK_PAGE_PARTS=False):
        return without_tokens(client.get(url).text)


def history_pages(league: League) -> tuple[str, ...]:
    """The pages with cached parts: league, season, season-end report, team and driver."""
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


# --- the revision ------------------------------------------------------------------------------


def test_a_transaction_that_writes_league_tables_advances_the_revision_once_when_it_commits(
    history,
):
    before = revision.current()
    with transaction.atomic():
        Team.objects.filter(pk=first_team(history).pk).update(name="Renamed")
        Driver.objects.filter(team__league=history).update(age=3)
        assert revision.current() == before  # not yet: nothing is committed
    assert revision.current() == before + 1


def test_a_transaction_rolled_back_leaves_the_revision_as_it_was(history):
    before = revision.current()
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(pk=first_team(history).pk).update(name="Renamed")
        raise RuntimeError
    assert revision.current() == before


def test_a_write_outside_a_transaction_a_bulk_update_and_raw_sql_each_advance_it(history):
    before = revision.current()
    Team.objects.filter(pk=first_team(history).pk).update(name="Renamed")
    drivers = list(Driver.objects.filter(team__league=history))
    for driver in drivers:
        driver.age += 1
    Driver.objects.bulk_update(drivers, ["age"])
    with connection.cursor() as cursor:
        cursor.execute('UPDATE "league_driver" SET "xp" = "xp" + 1')
        cursor.execute(
            'WITH later AS (SELECT "id" FROM "league_driver") '
            'UPDATE "league_driver" SET "xp" = "xp" - 1 WHERE "id" IN (SELECT "id" FROM later)'
        )
    assert revision.current() == before + 4


def test_writes_to_other_tables_and_reads_leave_it_alone(history, client):
    """(A deletion that may cascade into league tables advances it, rows or none.)"""
    before = revision.current()
    user = User.objects.create_user("someone")
    client.force_login(user)  # a session and the user's last_login
    client.get(history.get_absolute_url())
    with connection.cursor() as cursor:  # the race log is written every few seconds at a table
        cursor.execute('UPDATE "races_race" SET "version" = "version" WHERE "id" = -1')
    with transaction.atomic():  # a lock is not a write
        list(Team.objects.select_for_update().filter(league=history))
    assert revision.current() == before


def test_a_database_without_its_revision_row_makes_one_at_the_first_write(history):
    revision.advance()
    with connection.cursor() as cursor:
        cursor.execute('DELETE FROM "league_revision"')
    assert revision.current() is None  # and the pages lay every part out (no key to keep it by)
    Team.objects.filter(pk=first_team(history).pk).update(name="Renamed")
    assert revision.current() is not None


# --- the pages ---------------------------------------------------------------------------------


def test_a_page_shown_again_reads_its_parts_from_the_cache_and_makes_fewer_queries(history, client):
    revision.advance()
    for url in history_pages(history):
        first = queries(lambda url=url: client.get(url))
        again = queries(lambda url=url: client.get(url))
        assert len(again) < len(first), url
        assert without_tokens(client.get(url).text) == laid_out_afresh(client, url), url


def test_a_hire_through_the_team_page_shows_at_once_on_the_team_and_league_pages(history, client):
    revision.advance()
    team = first_team(history)
    client.force_login(history.organiser)
    assert "Newcomer" not in client.get(team.get_absolute_url()).text
    assert "Newcomer" not in client.get(history.get_absolute_url()).text
    # No round is in progress once every season of the history is ended.
    history.seasons.update(ended_at=history.created)
    response = client.post(
        reverse("league:driver_hire", args=[history.slug, team.pk]), {"name": "Newcomer"}
    )
    assert response.status_code == 302
    assert "Newcomer" in client.get(team.get_absolute_url()).text
    assert "Newcomer" in client.get(history.get_absolute_url()).text


def test_a_rename_by_a_service_shows_on_the_season_standings(history, client):
    revision.advance()
    season = history.seasons.order_by("-number").first()
    team = first_team(history)
    assert team.name in client.get(season.get_absolute_url()).text
    services.team_rename(team=team, name="Scuderia Renamed")
    assert "Scuderia Renamed" in client.get(season.get_absolute_url()).text


def test_what_the_organiser_is_shown_is_kept_apart_from_what_a_visitor_is_shown(history, client):
    """The organiser's season page offers to end the season; the cached part of that page must
    not offer it to the next visitor, nor the visitor's hide it from the organiser."""
    revision.advance()
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


def test_the_cached_parts_read_league_tables_only(history, client):
    """The race log does not move the revision, so no part may read it."""
    revision.advance()
    client.force_login(history.organiser)
    for url in history_pages(history):
        cache.clear()
        read = queries(lambda url=url: client.get(url))
        assert not [sql for sql in read if RACE_TABLE.search(sql)], url


def test_each_page_of_a_long_list_is_kept_apart_and_other_parameters_share_the_copy(
    history, client
):
    revision.advance()
    url = first_team(history).get_absolute_url()  # two drivers' results: two pages
    latest, earlier = client.get(url).text, client.get(f"{url}?page=2").text
    assert "Page 1 of" in latest and "Page 2 of" in earlier
    assert client.get(f"{url}?page=2").text.count("Page 2 of") == 1
    before = queries(lambda: client.get(f"{url}?utm_source=bot"))
    assert len(before) < len(queries(lambda: cache.clear() or client.get(url)))


def test_a_database_migrated_to_before_the_revision_s_table_says_nothing(caplog):
    """The data migrations before the revision's table write league tables: no noise."""
    with connection.schema_editor() as editor:
        editor.delete_model(Revision)
    try:
        revision.advance()
        assert not caplog.records
    finally:
        with connection.schema_editor() as editor:
            editor.create_model(Revision)
