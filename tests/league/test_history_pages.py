"""The history pages after two seasons or twenty, with ten drivers or a hundred and more: the
same queries, and a page of bounded length with links to the rest (issue 11)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import builders
from league.models import Driver, Entry, League, Season, Team
from league.reads.pagination import HISTORY_PER_PAGE, LINES_PER_PAGE, SEASONS_PER_PAGE
from league.reads.standings import season_leaders, season_standings
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def league_of(seasons: int, drivers: int = 10) -> League:
    return builders.league_with_history(
        organiser=UserFactory(),
        name=f"{seasons} seasons of {drivers}",
        seasons=seasons,
        drivers=drivers,
    )


def first_driver(league: League) -> Driver:
    return Driver.objects.filter(team__league=league).order_by("pk").first()


def page_url(league: League, page: str) -> str:
    season = league.seasons.order_by("-number").first()
    return {
        "league": league.get_absolute_url(),
        "season": season.get_absolute_url(),
        "report": reverse("league:season_report", args=[league.slug, 1]),
        "driver": first_driver(league).get_absolute_url(),
        "team": Team.objects.filter(league=league).order_by("pk").first().get_absolute_url(),
    }[page]


def rows(html: str, table_after: str) -> int:
    """Rows in the body of the first table after `table_after` on the page."""
    table = html.split(table_after, 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return len(re.findall(r"<tr>", table))


PAGES = ("league", "season", "report", "driver", "team")
# The most queries each page may cost a visitor: the season page reads its rounds once (its
# standings take their numbers from them), the league page its seasons once; neither joins
# the league again to sort or to link; whether the league is published is read with the league.
# The league page reads its seasons' champions in two queries
# (league.reads.standings.season_leaders)
# and asks which seasons have points adjustments in one; the season page and the report read
# the season's adjustments in one; the season page its drivers' dice in one more, for its
# luckiest and unluckiest, and the driver page theirs, for their luck (league/reads/luck.py), and
# the changes an organiser made of them by hand in one more (league/models/roster.py).
MOST = {"league": 8, "season": 8, "report": 13, "driver": 7, "team": 5}


def assert_same_queries(client, small: League, large: League, count_queries) -> None:
    """Each page of `large` costs the queries the same page of `small` did."""
    for page in PAGES:
        short, long = page_url(small, page), page_url(large, page)
        with count_queries(MOST[page], info=page) as for_small:
            assert client.get(short).status_code == 200
        with count_queries(len(for_small.captured_queries), exact=True, info=page):
            assert client.get(long).status_code == 200


def test_each_page_costs_the_same_queries_after_2_seasons_or_20(
    client, django_assert_max_num_queries
):
    assert_same_queries(client, league_of(2), league_of(20), django_assert_max_num_queries)


def test_each_page_costs_the_same_queries_with_10_drivers_or_120(
    client, django_assert_max_num_queries
):
    few, many = league_of(2, drivers=10), league_of(2, drivers=120)
    assert_same_queries(client, few, many, django_assert_max_num_queries)


def test_twenty_seasons_of_a_driver_open_on_the_latest_results_a_page_at_a_time(client):
    league = league_of(20)
    url = first_driver(league).get_absolute_url()

    latest = client.get(url).text
    assert rows(latest, 'id="results"') == HISTORY_PER_PAGE
    assert "Page 1 of 8" in latest and "Earlier results" in latest
    seasons = re.findall(r"<tr><td>(\d+)</td>", latest)
    assert seasons[-1] == "20" and "1" not in seasons  # in the order raced, up to the latest

    oldest = client.get(url, {"page": 8}).text
    assert rows(oldest, 'id="results"') == 20 * 9 - 7 * HISTORY_PER_PAGE
    assert re.findall(r"<tr><td>(\d+)</td>", oldest)[0] == "1"
    assert "Later results" in oldest and "Earlier results" not in oldest


def test_a_crowded_season_shows_its_standings_and_report_a_page_at_a_time(client):
    league = league_of(2, drivers=120)

    season = client.get(page_url(league, "season")).text
    assert rows(season, 'id="driver-standings"') == LINES_PER_PAGE
    assert rows(season, 'id="team-standings"') == LINES_PER_PAGE
    assert "Page 1 of 3" in season and "?page=2#driver-standings" in season
    assert "Page 1 of 2" in season and "?teams=2#team-standings" in season
    last = client.get(page_url(league, "season"), {"page": 3, "teams": 2}).text
    assert rows(last, 'id="driver-standings"') == 120 - 2 * LINES_PER_PAGE
    assert rows(last, 'id="team-standings"') == 60 - LINES_PER_PAGE

    report = client.get(page_url(league, "report")).text
    assert rows(report, 'id="season-end-report"') == LINES_PER_PAGE
    assert "Page 1 of 3" in report

    home = client.get(league.get_absolute_url()).text
    assert home.count('class="card h-100"') == LINES_PER_PAGE and "Page 1 of 2" in home


def test_a_page_number_out_of_range_shows_the_last_page_not_an_error(client):
    league = league_of(20)
    response = client.get(first_driver(league).get_absolute_url(), {"page": "99"})
    assert response.status_code == 200 and "Page 8 of 8" in response.text
    response = client.get(first_driver(league).get_absolute_url(), {"page": "x"})
    assert response.status_code == 200 and "Page 1 of 8" in response.text


def test_a_crowded_season_page_reads_only_the_drivers_it_shows(client):
    """Every driver of the season was read for a page that shows 50 (issue 11)."""
    url = page_url(league_of(2, drivers=120), "season")
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    driver_reads = [
        query["sql"]
        for query in captured.captured_queries
        if 'FROM "league_driver"' in query["sql"]
    ]
    assert driver_reads
    read = max(len(re.findall(r"\d+", sql.split(" IN (")[-1])) for sql in driver_reads)
    assert read <= LINES_PER_PAGE


# --- the league page's history: each season's champions --------------------------------------


def history_lines(html: str) -> list[str]:
    """The league page's seasons, newest first, each in its words (tags dropped)."""
    listed = html.split('id="season-history">', 1)[1].split("</ul>", 1)[0]
    items = ["<li" + item for item in listed.split("<li")[1:]]
    words = [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]
    return [re.sub(r" ([,)])", r"\1", line) for line in words]


def test_the_league_page_names_each_season_s_champions_as_its_report_does(client):
    league = league_of(3)
    lines = history_lines(client.get(league.get_absolute_url()).content.decode())
    assert len(lines) == 3 and lines[0].startswith("Season 3") and "Leading so far" in lines[0]
    for line, season in zip(lines[1:], league.seasons.order_by("-number")[1:], strict=True):
        standings = season_standings(season)
        (driver,) = standings.driver_champions
        (team,) = standings.team_champions
        assert f"Champions: {driver.competitor.name} ({driver.competitor.team.name}), " in line
        assert (
            f"{driver.points} points · Teams: {team.competitor.name}, {team.points} points" in line
        )


def test_the_league_page_s_history_costs_the_same_queries_for_1_season_or_20(
    client, django_assert_max_num_queries
):
    one, twenty = league_of(1), league_of(20)
    with django_assert_max_num_queries(MOST["league"]) as for_one:
        page = client.get(one.get_absolute_url()).content.decode()
    assert len(history_lines(page)) == 1
    for number, champions in (("1", 9), ("2", 10)):  # ten seasons a page, the latest first
        with django_assert_max_num_queries(len(for_one.captured_queries), exact=True):
            page = client.get(twenty.get_absolute_url(), {"seasons": number}).content.decode()
        lines = history_lines(page)
        assert len(lines) == SEASONS_PER_PAGE
        assert lines[0].startswith(f"Season {20 if number == '1' else 10}")
        assert sum("Champions: " in line for line in lines) == champions


def level_season(league: League, firsts: dict[int, list[tuple[int, int]]]) -> Season:
    """An ended season of two rounds whose drivers (by index) scored `firsts[index]`: a
    (place, points) a round; the others score nothing."""
    season = builders.season_raced(league, number=1, ended=True, raced_rounds=2, finished=2)
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
    Entry.objects.filter(round__season=season).update(points=0)
    for index, results in firsts.items():
        for round_number, (place, points) in enumerate(results, start=1):
            Entry.objects.filter(
                round__season=season, round__number=round_number, driver=drivers[index]
            ).update(place=place, points=points)
    return season


@pytest.mark.parametrize(
    ("firsts", "champions"),
    [
        # Level on 20 points: a win beats two second places (countback).
        ({0: [(1, 20), (4, 0)], 2: [(2, 10), (2, 10)]}, ["0"]),
        # Level on points and on every place: the title is shared.
        ({0: [(1, 20), (2, 10)], 2: [(2, 10), (1, 20)]}, ["0", "2"]),
    ],
)
def test_champions_level_on_points_are_told_apart_by_countback_as_the_standings_are(
    firsts, champions
):
    league = builders.league_with_drivers(organiser=UserFactory(), name="Level", drivers=4)
    season = level_season(league, firsts)

    (leaders,) = season_leaders([season])

    names = [f"Level driver {index}" for index in champions]
    assert [leader.name for leader in leaders.drivers] == names
    expected = season_standings(season)
    assert [line.competitor.name for line in expected.driver_champions] == names
    assert [(team.pk, team.points) for team in leaders.teams] == [
        (line.competitor.pk, line.points) for line in expected.team_champions
    ]
