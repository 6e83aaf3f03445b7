"""A league's records page: titles, wins, poles, podiums, the longest run without a retirement
and the longest careers, each with its holders and when, in the same queries after 2 seasons or
20."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db.models import Count, Q
from django.urls import reverse

from bench import builders
from league.models import Entry, League, RoundStatus
from league.records import Race, _without_retirement, league_records
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def league_of(seasons: int) -> League:
    return builders.league_with_history(
        organiser=UserFactory(), name=f"{seasons} seasons", seasons=seasons
    )


def records_url(league: League) -> str:
    return reverse("league:records", args=[league.slug])


def test_the_records_page_costs_the_same_queries_after_2_seasons_or_20(
    client, django_assert_max_num_queries
):
    small, large = league_of(2), league_of(20)
    cache.clear()
    with django_assert_max_num_queries(8) as for_small:
        assert client.get(records_url(small)).status_code == 200
    with django_assert_max_num_queries(len(for_small.captured_queries), exact=True):
        page = client.get(records_url(large)).content.decode()
    assert "Most wins" in page and "Most titles" in page and "Longest career" in page


def test_most_wins_and_podiums_are_the_entries_counted(client):
    league = league_of(2)
    finished = Entry.objects.filter(
        round__season__league=league, round__status=RoundStatus.FINISHED
    )
    counted = finished.values("driver__name").annotate(
        wins=Count("pk", filter=Q(place=1)), podiums=Count("pk", filter=Q(place__lte=3))
    )
    records = {record.title: record for record in league_records(league)}
    for title, key in (("Most wins", "wins"), ("Most podiums", "podiums")):
        most = max(row[key] for row in counted)
        holders = sorted(row["driver__name"] for row in counted if row[key] == most)
        assert records[title].figure == most
        assert sorted(holder.name for holder in records[title].holders) == holders
    seasons = {holder.when for holder in records["Most wins"].holders}
    assert seasons <= {"season 1", "season 2", "seasons 1-2"}
    assert "Most poles" not in records  # results typed by hand know no grid
    page = client.get(records_url(league)).content.decode()
    assert records["Most wins"].holders[0].url in page


def race(driver: int, season: int, number: int, finished: bool) -> Race:
    return Race(driver, season, number, 1, finished, False, 0)


def test_the_longest_run_without_a_retirement_and_where_it_ran():
    races = [
        race(1, 1, 1, True),
        race(2, 1, 1, True),
        race(1, 1, 2, False),
        race(2, 1, 2, True),
        race(1, 2, 1, True),
        race(2, 2, 1, False),
        race(1, 2, 2, True),
        race(1, 2, 3, True),
    ]
    assert _without_retirement(races) == {
        1: (3, "season 2 round 1 to season 2 round 3"),
        2: (2, "season 1 round 1 to season 1 round 2"),
    }


def test_a_league_with_no_results_has_no_records_yet(client, league):
    page = client.get(records_url(league)).content.decode()
    assert "No records yet" in page
