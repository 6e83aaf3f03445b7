"""A season's penalties and drop rounds on its pages and in its exports (issue 22): the
organiser's Penalties and adjustments page, the season page's public list and its struck-out
results, the CSV and the JSON, the backup, and what the season page costs at two sizes."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import builders
from league import backup
from league.models import Driver, League, PointsAdjustment, Season
from league.reads.charts import PLOT_HEIGHT, TOP, ChartLine, progression
from league.reads.standings import season_standings
from league.services.penalties import adjustment_add, season_drops_set
from tests.factories import UserFactory
from tests.league.test_backup import empty_database, ended_season_league, imported, picture

pytestmark = pytest.mark.django_db


def raced_league(drivers: int = 8, name: str = "Penalty Box") -> League:
    """A published league of `drivers` drivers, season 1 raced to round 4 of 9."""
    league = builders.league_with_drivers(organiser=UserFactory(), name=name, drivers=drivers)
    builders.season_raced(league, number=1, ended=False, raced_rounds=4, finished=4)
    return league


def season_of(league: League) -> Season:
    return Season.objects.select_related("league").get(league=league, number=1)


def first_drivers(league: League, count: int = 1) -> list[Driver]:
    return list(Driver.objects.filter(team__league=league).order_by("pk")[:count])


def url(league: League, name: str = "season_adjustments") -> str:
    return reverse(f"league:{name}", args=[league.slug, 1])


def penalise(league: League, driver: Driver, points: int = -4, **values) -> PointsAdjustment:
    season = season_of(league)
    return adjustment_add(
        season=season,
        user=league.organiser,
        expected_version=season.standings_version,
        points=points,
        reason=values.pop("reason", "Contact at the hairpin"),
        driver_id=driver.pk,
        **values,
    )


def test_the_organiser_enters_a_penalty_on_the_page_the_season_page_links_to(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    client.force_login(league.organiser)
    season_page = client.get(league.get_absolute_url() + "seasons/1/").text
    # No form listing every driver on the season page: a link to the page that has it.
    assert 'id="adjustment-form"' not in season_page
    assert f'href="{url(league)}" id="adjustments-link"' in season_page
    page = client.get(url(league)).text
    assert 'id="adjustment-form"' in page and f"driver:{driver.pk}" in page
    answer = client.post(
        url(league),
        {
            "competitor": f"driver:{driver.pk}",
            "round": "2",
            "points": "-4",
            "reason": "Contact at the hairpin",
            "version": "0",
            "add": "",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == url(league)
    made = PointsAdjustment.objects.get()
    assert (made.driver, made.round.number, made.points) == (driver, 2, -4)
    assert made.made_by == league.organiser


def test_the_public_sees_every_adjustment_with_its_reason_and_no_form(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    penalise(league, driver, reason="Jumped the start", round_number=1)
    page = client.get(league.get_absolute_url() + "seasons/1/").text
    assert 'id="season-adjustments"' in page
    assert "-4 points</strong> for " + driver.name in page
    assert "Jumped the start" in page
    assert 'class="small fw-normal text-danger adjustment"' in page
    assert 'id="adjustment-form"' not in page and "adjustments-link" not in page


def test_a_refused_penalty_says_why_beside_what_was_typed_and_writes_nothing(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    client.force_login(league.organiser)
    post = {
        "competitor": f"driver:{driver.pk}",
        "round": "6",
        "points": "-4",
        "reason": "Contact",
        "version": "0",
        "add": "",
    }
    answer = client.post(url(league), post)
    # Round 6 is not raced: the form offers only raced rounds, so it is not a choice.
    assert answer.status_code == 400
    zero = client.post(url(league), {**post, "round": "", "points": "0"})
    assert zero.status_code == 400 and "0 points changes nothing" in zero.text
    assert 'value="Contact"' in zero.text
    assert not PointsAdjustment.objects.exists()


def test_a_form_built_before_another_change_is_a_conflict_with_the_fresh_page(client):
    league = raced_league()
    first, second = first_drivers(league, 2)
    penalise(league, first)
    client.force_login(league.organiser)
    answer = client.post(
        url(league),
        {
            "competitor": f"driver:{second.pk}",
            "points": "-1",
            "reason": "Track limits",
            "version": "0",
            "add": "",
        },
    )
    assert answer.status_code == 409
    assert "Someone else changed" in answer.text and first.name in answer.text
    assert PointsAdjustment.objects.count() == 1


def test_the_organiser_removes_an_adjustment_and_sets_drop_rounds_on_the_page(client):
    league = raced_league()
    made = penalise(league, first_drivers(league)[0])
    client.force_login(league.organiser)
    assert client.get(url(league)).status_code == 200
    answer = client.post(url(league), {"remove": str(made.pk), "version": "1"})
    assert answer.status_code == 302 and not PointsAdjustment.objects.exists()
    assert client.post(url(league), {"remove": "x", "version": "2"}).status_code == 400
    answer = client.post(url(league), {"rule": "best", "number": "3", "version": "2", "drops": ""})
    assert answer.status_code == 302
    season = season_of(league)
    assert (season.drop_rule, season.drop_number) == ("best", 3)
    refused = client.post(
        url(league), {"rule": "worst", "number": "9", "version": "3", "drops": ""}
    )
    assert refused.status_code == 400 and "Drop between 1 and 8" in refused.text


def test_the_standings_strike_through_a_dropped_result(client):
    league = raced_league()
    season = season_of(league)
    season_drops_set(
        season=season, user=league.organiser, expected_version=0, rule="best", number=3
    )
    page = client.get(league.get_absolute_url() + "seasons/1/").text
    assert "Only each competitor&#x27;s best 3 results count." in page
    assert '<s title="dropped">' in page


def csv_rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_csv_and_the_json_carry_the_adjusted_points_and_the_dropped_rounds(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    penalise(league, driver, points=-6, round_number=1, reason="Pushed Bob off")
    season = season_of(league)
    season_drops_set(
        season=season, user=league.organiser, expected_version=1, rule="best", number=3
    )
    line = season_standings(season_of(league)).drivers.of_keys([driver.pk])[0]
    header, *lines = csv_rows(client.get(url(league, "drivers_csv")))
    assert header[:6] == ["Position", "Driver", "Team", "Points", "Adjustment", "Dropped"]
    row = next(row for row in lines if row[1] == driver.name)
    dropped = [f"R{number}" for number, gone in enumerate(line.dropped, start=1) if gone]
    assert row[3:6] == [str(line.points), "-6", " ".join(dropped)]
    assert dropped  # four raced, three count
    raced = [int(points) for points in row[6:10]]
    counted = sorted(raced, reverse=True)[:3]
    assert int(row[3]) == sum(counted) - 6
    data = json.loads(client.get(url(league, "season_standings_json")).content)
    assert data["counted_results"] == 3
    entry = next(item for item in data["drivers"] if item["name"] == driver.name)
    assert entry["points"] == line.points and entry["adjustment"] == -6
    assert entry["dropped_rounds"] == [int(label[1:]) for label in dropped]
    assert data["adjustments"] == [
        {
            "driver": driver.name,
            "team": driver.team.name,
            "round": 1,
            "points": -6,
            "reason": "Pushed Bob off",
        }
    ]
    teams_header, *_teams = csv_rows(client.get(url(league, "teams_csv")))
    assert teams_header[:5] == ["Position", "Team", "Points", "Adjustment", "Dropped"]


def test_the_backup_carries_the_adjustments_and_drop_rounds_back(organiser):
    league = ended_season_league(organiser)
    season = league.seasons.get(number=1)
    ann = Driver.objects.get(team__league=league, name="Ann")
    adjustment_add(
        season=season, user=organiser, expected_version=0, points=-9,
        reason="Contact", driver_id=ann.pk, round_number=3,
    )  # fmt: skip
    adjustment_add(
        season=season, user=organiser, expected_version=1, points=2,
        reason="Fastest lap", team_id=ann.team_id,
    )  # fmt: skip
    season_drops_set(
        season=season, user=organiser, expected_version=2, rule="worst", number=2,
        countback_reads_dropped=True,
    )  # fmt: skip
    before = picture(league.slug)
    assert len(before["league.pointsadjustment"]) == 2
    text = backup.league_file(league)

    empty_database()
    back = imported(json.loads(text))

    assert picture(back.slug) == before
    restored = back.seasons.get(number=1)
    assert (restored.drop_rule, restored.drop_number) == ("worst", 2)
    assert restored.countback_reads_dropped


def test_a_backup_with_an_adjustment_in_another_season_s_round_is_refused(organiser):
    league = ended_season_league(organiser)
    season = league.seasons.get(number=1)
    ann = Driver.objects.get(team__league=league, name="Ann")
    adjustment_add(
        season=season, user=organiser, expected_version=0, points=-1,
        reason="Contact", driver_id=ann.pk, round_number=1,
    )  # fmt: skip
    data = backup.league_export(league)
    other = next(
        row["id"]
        for row in data["tables"]["league.round"]
        if row["season"] != data["tables"]["league.pointsadjustment"][0]["season"]
    )
    data["tables"]["league.pointsadjustment"][0]["round"] = other
    data["tables"]["league.league"][0]["slug"] = "elsewhere"
    data["tables"]["league.league"][0]["name"] = "Elsewhere"
    with pytest.raises(Exception, match="another season"):
        imported(data)
    assert not League.objects.filter(slug="elsewhere").exists()


def season_page_queries(client, league: League) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(league.get_absolute_url() + "seasons/1/").status_code == 200
    return len(queries.captured_queries)


@pytest.mark.parametrize("as_organiser", [False, True])
def test_the_season_page_costs_the_same_queries_for_8_drivers_or_60(client, as_organiser):
    """With adjustments for several drivers and a team, and drop rounds, the season page reads
    the same number of queries whatever the field (each league's page laid out afresh)."""
    counts = []
    for size in (8, 60):
        league = raced_league(size, name=f"Field of {size}")
        for driver in first_drivers(league, size // 4):
            penalise(league, driver, points=-1, round_number=2)
        season = season_of(league)
        adjustment_add(
            season=season, user=league.organiser, expected_version=season.standings_version,
            points=3, reason="Bonus", team_id=first_drivers(league)[0].team_id,
        )  # fmt: skip
        season.refresh_from_db()
        season_drops_set(
            season=season, user=league.organiser, expected_version=season.standings_version,
            rule="best", number=3,
        )  # fmt: skip
        if as_organiser:
            client.force_login(league.organiser)
        counts.append(season_page_queries(client, league))
    assert counts[0] == counts[1]


def test_the_chart_s_last_point_is_the_table_s_points_with_adjustments_and_drops():
    league = raced_league()
    driver = first_drivers(league)[0]
    penalise(league, driver, points=-6, round_number=2)
    penalise(league, driver, points=-1000, reason="Excluded from the season")
    season = season_of(league)
    season_drops_set(
        season=season, user=league.organiser, expected_version=2, rule="best", number=2
    )
    standings = season_standings(season_of(league))
    for line in [*standings.drivers, *standings.teams]:
        totals = standings.running_totals(line, [0, 1, 2, 3])
        assert totals[-1] == line.points
    line = standings.drivers.of_keys([driver.pk])[0]
    raced = [points or 0 for points in line.by_round[:4]]
    # After round 2: both results count (2 of 2), less round 2's penalty.
    assert standings.running_totals(line, [0, 1, 2, 3])[1] == raced[0] + raced[1] - 6
    # Below 0, a line is drawn on the axis, never under the chart.
    chart = progression("Drivers", [1, 2], [ChartLine("Ann", (3, 0), (3, -997))])
    ys = [dot.y for line in chart.lines for dot in line.dots]
    assert ys and max(ys) <= TOP + PLOT_HEIGHT
