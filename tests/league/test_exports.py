"""Exports: the standings and results as CSV, the standings as JSON for other sites and bots,
the calendar of race sessions, and the printable Team Tracking Sheet (issue 12)."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import icalendar
import pytest
from django.urls import reverse

from bench import builders
from league.models import Driver, League, Round, Team
from league.reads import ical
from league.services.rounds import round_session_set
from league.views.exports import cell
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def league_of(seasons: int = 1, drivers: int = 4, name: str = "Exports") -> League:
    return builders.league_with_history(
        organiser=UserFactory(), name=name, seasons=seasons, drivers=drivers
    )


def season_url(league: League, name: str) -> str:
    return reverse(f"league:{name}", args=[league.slug, league.current_season().number])


def csv_rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_drivers_standings_download_as_csv_with_each_rounds_points(client):
    league = league_of()
    response = client.get(season_url(league, "drivers_csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    header, *lines = csv_rows(response)
    assert header == [
        *("Position", "Driver", "Team", "Points", "Adjustment", "Dropped"),
        *(f"R{n}" for n in range(1, 10)),
    ]
    assert len(lines) == 4
    leader = lines[0]
    assert leader[0] == "1"
    assert (leader[4], leader[5]) == ("0", "")  # nothing adjusted, nothing dropped
    assert int(leader[3]) == sum(int(points) for points in leader[6:])
    driver = Driver.objects.select_related("team").get(name=leader[1])
    assert leader[2] == driver.team.name


def test_the_teams_standings_download_as_csv(client):
    league = league_of()
    header, *lines = csv_rows(client.get(season_url(league, "teams_csv")))
    assert header[:3] == ["Position", "Team", "Points"]
    assert sorted(line[1] for line in lines) == sorted(
        Team.objects.filter(league=league).values_list("name", flat=True)
    )


def test_the_results_download_as_csv_a_line_a_car_in_round_and_place_order(client):
    league = league_of()
    header, *lines = csv_rows(client.get(season_url(league, "results_csv")))
    assert header == [
        "Round", "Track", "Multiplier", "Place", "Driver", "Team", "Car", "Finished", "Out",
        "Points",
    ]  # fmt: skip
    assert len(lines) == 9 * 4
    assert [(line[0], line[3]) for line in lines[:4]] == [("1", "1"), ("1", "2"), ("1", "3"),
                                                          ("1", "4")]  # fmt: skip
    assert lines[0][2] == "2"  # Season Pass's first round scores double


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text():
    assert cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert cell("-1+1") == "'-1+1"
    assert cell("Ann") == "Ann"
    assert cell(-3) == -3


def test_the_standings_json_has_the_tables_rounds_and_links(client):
    league = league_of()
    response = client.get(season_url(league, "season_standings_json"))
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    data = response.json()
    assert data["version"] == 1
    assert data["league"]["slug"] == league.slug
    assert data["league"]["rule_set"] == "Season Pass"
    assert data["season"] == {
        "number": 1,
        "ended": False,
        "url": "http://testserver" + league.current_season().get_absolute_url(),
    }
    assert [round_["number"] for round_ in data["rounds"]] == list(range(1, 10))
    assert data["rounds"][0]["multiplier"] == 2
    assert data["rounds"][0]["starts_at"] is None
    assert [line["position"] for line in data["drivers"]] == [1, 2, 3, 4]
    leader = data["drivers"][0]
    assert leader["points"] == sum(points or 0 for points in leader["by_round"])
    assert leader["url"].startswith("http://testserver/")
    assert data["teams_title"] == "Teams"
    assert len(data["teams"]) == 2
    assert set(data["ties"]) == {"drivers", "teams"}


def test_the_league_standings_json_is_its_latest_season(client):
    league = league_of(seasons=2)
    data = client.get(reverse("league:standings_json", args=[league.slug])).json()
    assert data["season"]["number"] == 2


def test_a_league_without_a_season_has_no_standings_json(client, league):
    assert client.get(reverse("league:standings_json", args=[league.slug])).status_code == 404


@pytest.mark.parametrize("name", ["season_standings_json", "drivers_csv", "results_csv"])
def test_an_export_costs_the_same_queries_for_4_drivers_or_40(
    client, django_assert_max_num_queries, name
):
    small, large = league_of(drivers=4, name="Small"), league_of(drivers=40, name="Large")
    with django_assert_max_num_queries(9) as few:
        assert client.get(season_url(small, name)).status_code == 200
    with django_assert_max_num_queries(len(few.captured_queries), exact=True):
        assert client.get(season_url(large, name)).status_code == 200


# --- The calendar feed ---------------------------------------------------------------------


def test_a_text_value_is_escaped_as_rfc_5545_says():
    assert ical.text("Ann's; a, b\\c\nd") == "Ann's\\; a\\, b\\\\c\\nd"


def test_a_text_value_holds_no_control_character_rfc_5545_forbids():
    """TEXT may hold no CONTROL but the tab (3.3.11); a line break, however typed (a bare CR
    too), is written as "\\n", so no reader sees a line of its own in a name."""
    assert ical.text("Club\rBEGIN:VEVENT") == "Club\\nBEGIN:VEVENT"
    assert ical.text("a\r\nb\nc") == "a\\nb\\nc"
    assert ical.text("bell\x07 nul\x00 esc\x1b del\x7f nel\x85\tend") == "bell nul esc del nel\tend"


def test_a_long_line_is_folded_at_75_octets_without_splitting_a_character():
    line = "SUMMARY:" + "é" * 100
    folded = ical.fold(line)
    pieces = folded.split("\r\n")
    assert all(len(piece.encode()) <= 75 for piece in pieces)
    assert all(piece.startswith(" ") for piece in pieces[1:])
    assert "".join(piece[1:] if i else piece for i, piece in enumerate(pieces)) == line


def test_a_duration_is_written_in_hours_and_minutes():
    assert ical.duration(timedelta(hours=3)) == "PT3H"
    assert ical.duration(timedelta(hours=2, minutes=30)) == "PT2H30M"
    assert ical.duration(timedelta(minutes=45)) == "PT45M"


def schedule(round_: Round, starts_at: datetime | None, venue: str) -> Round:
    return round_session_set(
        round_=round_, starts_at=starts_at, venue=venue, expected_version=round_.version
    )


def test_the_calendar_lists_the_scheduled_sessions_in_utc(client, season):
    first, second, *_ = season.rounds.order_by("number")
    schedule(first, datetime(2026, 12, 3, 19, 30, tzinfo=UTC), "Ann's house, Leeds")
    response = client.get(reverse("league:calendar", args=[season.league.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    feed = response.content.decode()
    assert feed.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")
    assert feed.endswith("END:VCALENDAR\r\n")
    assert feed.count("BEGIN:VEVENT") == 1  # the unscheduled rounds are not in it
    assert "DTSTART:20261203T193000Z\r\n" in feed
    assert "DURATION:PT3H\r\n" in feed
    assert "LOCATION:Ann's house\\, Leeds\r\n" in feed
    assert "UID:round-1.season-1.thursday-night-league@paddock\r\n" in feed
    assert "SUMMARY:Thursday Night League: season 1\\, round 1\\, Imola\r\n" in feed
    assert all(len(line.encode()) <= 75 for line in feed.split("\r\n"))


def test_the_organiser_schedules_a_session_on_the_round_page(client_organiser, season):
    round_ = season.rounds.get(number=2)
    url = reverse("league:round_session", args=[season.league.slug, 1, 2])
    data = {"version": round_.version, "date": "2026-12-10", "time": "18:00", "venue": "The club"}
    response = client_organiser.post(url, data)
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.starts_at == datetime(2026, 12, 10, 18, 0, tzinfo=UTC)
    assert round_.venue == "The club"
    page = client_organiser.get(round_.get_absolute_url()).content.decode()
    assert "Thursday 10 December 2026, 18:00" in page
    assert "The club" in page


def test_a_session_form_built_on_an_old_version_is_a_conflict(client_organiser, season):
    round_ = season.rounds.get(number=2)
    url = reverse("league:round_session", args=[season.league.slug, 1, 2])
    stale = {"version": round_.version, "date": "2026-12-10", "venue": "Mine"}
    schedule(round_, None, "Theirs")
    response = client_organiser.post(url, stale)
    assert response.status_code == 409
    round_.refresh_from_db()
    assert round_.venue == "Theirs"


def test_a_time_without_a_date_is_refused_with_the_reason(client_organiser, season):
    round_ = season.rounds.get(number=2)
    url = reverse("league:round_session", args=[season.league.slug, 1, 2])
    response = client_organiser.post(url, {"version": round_.version, "time": "18:00"})
    assert response.status_code == 400
    assert "date as well as its time" in response.content.decode()
    round_.refresh_from_db()
    assert round_.starts_at is None


def test_a_bad_date_is_refused_not_a_server_error(client_organiser, season):
    round_ = season.rounds.get(number=2)
    url = reverse("league:round_session", args=[season.league.slug, 1, 2])
    response = client_organiser.post(url, {"version": round_.version, "date": "2026-13-45"})
    assert response.status_code == 400


def test_only_the_organiser_schedules_a_session(client, season, django_user_model):
    round_ = season.rounds.get(number=2)
    client.force_login(django_user_model.objects.create_user("stranger"))
    url = reverse("league:round_session", args=[season.league.slug, 1, 2])
    response = client.post(url, {"version": round_.version, "date": "2026-12-10"})
    assert response.status_code == 403
    round_.refresh_from_db()
    assert round_.starts_at is None


def test_the_calendar_costs_the_same_queries_for_1_session_or_9(
    client, season, django_assert_max_num_queries
):
    rounds = list(season.rounds.order_by("number"))
    start = datetime(2026, 12, 3, 19, 0, tzinfo=UTC)
    schedule(rounds[0], start, "Here")
    url = reverse("league:calendar", args=[season.league.slug])
    with django_assert_max_num_queries(3) as one:
        client.get(url)
    for week, round_ in enumerate(rounds[1:], start=1):
        schedule(round_, start + timedelta(weeks=week), "Here")
    with django_assert_max_num_queries(len(one.captured_queries), exact=True):
        assert client.get(url).content.decode().count("BEGIN:VEVENT") == 9


# --- The Team Tracking Sheet -----------------------------------------------------------------


def test_the_team_tracking_sheet_lists_its_drivers_and_a_box_per_round(client, season, teams):
    red = teams[0]
    response = client.get(reverse("league:team_sheet", args=[season.league.slug, red.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Team Tracking Sheet" in page
    assert "Red Herrings" in page
    assert "Ann" in page and "Bob" in page
    assert "Cid" not in page
    rounds_table = page.split('id="sheet-rounds"', 1)[1]
    assert "Imola" in rounds_table and "Monaco" in rounds_table
    assert "(3×)" in rounds_table


def test_the_sheet_of_another_leagues_team_is_a_404(client, season, teams):
    other = league_of(name="Other")
    team = Team.objects.filter(league=other).first()
    assert (
        client.get(reverse("league:team_sheet", args=[season.league.slug, team.pk])).status_code
        == 404
    )


def test_the_team_sheet_costs_the_same_queries_for_2_drivers_or_8(
    client, django_assert_max_num_queries
):
    small = league_of(drivers=2, name="Small")
    large = builders.league_with_drivers(organiser=UserFactory(), name="Large", drivers=8,
                                         cars_per_team=8)  # fmt: skip
    builders.season_raced(large, number=1, ended=False)
    urls = [
        reverse("league:team_sheet", args=[league.slug, Team.objects.filter(league=league)[0].pk])
        for league in (small, large)
    ]
    with django_assert_max_num_queries(9) as few:
        assert client.get(urls[0]).status_code == 200
    with django_assert_max_num_queries(len(few.captured_queries), exact=True):
        assert client.get(urls[1]).status_code == 200


def test_json_is_valid_for_a_league_with_a_quote_in_its_name(client):
    league = league_of(name='The "Quote" League')
    data = json.loads(client.get(season_url(league, "season_standings_json")).content)
    assert data["league"]["name"] == 'The "Quote" League'


def test_the_pages_link_to_their_exports(client):
    league = league_of()
    season_page = client.get(league.current_season().get_absolute_url()).content.decode()
    for name in ("drivers_csv", "teams_csv", "results_csv", "season_standings_json"):
        assert season_url(league, name) in season_page
    league_page = client.get(league.get_absolute_url()).content.decode()
    assert reverse("league:calendar", args=[league.slug]) in league_page
    team = Team.objects.filter(league=league).first()
    team_page = client.get(team.get_absolute_url()).content.decode()
    assert reverse("league:team_sheet", args=[league.slug, team.pk]) in team_page


def test_the_season_schedule_says_when_and_where_a_round_is_played(client, season):
    round_ = season.rounds.get(number=2)
    schedule(round_, datetime(2026, 12, 10, 18, 0, tzinfo=UTC), "The club")
    page = client.get(season.get_absolute_url()).content.decode()
    assert "Thu 10 Dec, 18:00" in page
    assert "The club" in page


def _events(feed: str) -> list:
    return icalendar.Calendar.from_ical(feed).walk("VEVENT")


def test_a_bare_carriage_return_in_a_name_or_place_injects_no_event(client, season):
    """Parsed by the icalendar package and by a reader that splits lines on CR alone (as some
    calendar clients do): one event, whose place and title read as typed, line break and all."""
    league = season.league
    League.objects.filter(pk=league.pk).update(name="Thursday\rEND:VEVENT\rBEGIN:VEVENT")
    venue = "The club\rBEGIN:VEVENT\r\nSUMMARY:Free beer\x07"
    schedule(season.rounds.get(number=1), datetime(2026, 12, 3, 19, 30, tzinfo=UTC), venue)
    feed = client.get(reverse("league:calendar", args=[league.slug])).content.decode()
    (event,) = _events(feed)
    assert str(event["LOCATION"]) == "The club\nBEGIN:VEVENT\nSUMMARY:Free beer"
    assert str(event["SUMMARY"]).startswith("Thursday\nEND:VEVENT\nBEGIN:VEVENT: season 1")
    cr_lines = [line.strip("\n") for line in feed.split("\r")]
    assert cr_lines.count("BEGIN:VEVENT") == 1
    assert cr_lines.count("END:VEVENT") == 1
    assert not any(ord(c) < 32 and c not in "\r\n" for c in feed)
