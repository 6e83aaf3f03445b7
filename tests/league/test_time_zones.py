"""A league's time zone (issue 22): chosen when the league is made, changed by its organiser;
session times typed and shown on its clocks; the calendar feed and the JSON give the instants
they stand for; each session's calendar UID the same from any host and after a restore."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from io import BytesIO

import icalendar
import pytest
from django.urls import reverse
from django.utils.html import escape

from league import backup
from league.models import League, Round, Season
from league.models.time_zones import (
    DEFAULT_TIME_ZONE,
    session_years_out_of_range,
    time_zone_choices,
)
from league.services.leagues import (
    league_create,
    league_delete,
    league_publish_set,
    league_time_zone_set,
)
from league.services.rounds import round_session_set
from league.services.seasons import season_open
from tests.factories import published

pytestmark = pytest.mark.django_db

PARIS = "Europe/Paris"


@pytest.fixture
def paris(organiser) -> League:
    return published(
        league_create(
            name="Ligue du Jeudi", organiser=organiser, time_zone=PARIS, plain_address=True
        )
    )


@pytest.fixture
def paris_season(paris: League) -> Season:
    return season_open(league=paris, preset="Spring")


def typed(client, round_: Round, date: str, time: str, venue: str = "Chez Anne"):
    league = round_.season.league
    url = reverse("league:round_session", args=[league.slug, round_.season.number, round_.number])
    return client.post(url, {"version": round_.version, "date": date, "time": time, "venue": venue})


def feed_events(client, league: League, **headers) -> list[icalendar.Event]:
    response = client.get(reverse("league:calendar", args=[league.slug]), **headers)
    assert response.status_code == 200
    return icalendar.Calendar.from_ical(response.content.decode()).walk("VEVENT")


def test_19_30_typed_for_paris_is_18_30_utc_in_winter_and_17_30_in_summer(
    client_organiser, paris_season
):
    first, second = paris_season.rounds.order_by("number")[:2]
    assert typed(client_organiser, first, "2026-12-03", "19:30").status_code == 302
    assert typed(client_organiser, second, "2027-07-01", "19:30").status_code == 302
    first.refresh_from_db()
    assert first.starts_at == datetime(2026, 12, 3, 18, 30, tzinfo=UTC)
    starts = [
        event.decoded("DTSTART") for event in feed_events(client_organiser, paris_season.league)
    ]
    assert starts == [
        datetime(2026, 12, 3, 18, 30, tzinfo=UTC),
        datetime(2027, 7, 1, 17, 30, tzinfo=UTC),
    ]


def test_the_feed_names_the_league_s_zone_for_calendars_that_show_it(client, paris_season):
    feed = client.get(reverse("league:calendar", args=[paris_season.league.slug])).content
    assert icalendar.Calendar.from_ical(feed.decode())["X-WR-TIMEZONE"] == PARIS


def test_the_round_page_and_the_schedule_show_the_time_as_typed(client_organiser, paris_season):
    round_ = paris_season.rounds.get(number=1)
    typed(client_organiser, round_, "2026-12-03", "19:30")
    page = client_organiser.get(round_.get_absolute_url()).content.decode()
    assert "Thursday 3 December 2026, 19:30" in page
    assert 'datetime="2026-12-03T19:30:00+01:00"' in page
    assert 'name="time" value="19:30"' in page  # the form shows what was typed
    assert 'name="date" value="2026-12-03"' in page
    schedule = client_organiser.get(paris_season.get_absolute_url()).content.decode()
    assert "Thu 3 Dec, 19:30" in schedule


def test_the_json_gives_the_instant_on_the_league_s_clock_and_names_the_zone(
    client_organiser, paris_season
):
    typed(client_organiser, paris_season.rounds.get(number=1), "2026-12-03", "19:30")
    url = reverse("league:season_standings_json", args=[paris_season.league.slug, 1])
    data = json.loads(client_organiser.get(url).content)
    assert data["league"]["time_zone"] == PARIS
    starts_at = data["rounds"][0]["starts_at"]
    assert starts_at == "2026-12-03T19:30:00+01:00"
    assert datetime.fromisoformat(starts_at) == datetime(2026, 12, 3, 18, 30, tzinfo=UTC)


def test_a_time_the_clocks_skip_reads_as_the_hour_after_not_a_server_error(
    client_organiser, paris_season
):
    """Paris springs forward at 02:00 on 28 March 2027: 02:30 does not exist that night."""
    round_ = paris_season.rounds.get(number=1)
    assert typed(client_organiser, round_, "2027-03-28", "02:30").status_code == 302
    round_.refresh_from_db()
    assert round_.starts_at == datetime(2027, 3, 28, 1, 30, tzinfo=UTC)  # 03:30 summer time


# --- UIDs ----------------------------------------------------------------------------------


def test_a_session_s_uid_is_the_same_under_two_host_names(client, paris_season):
    round_session_set(
        round_=paris_season.rounds.get(number=2),
        starts_at=datetime(2026, 12, 10, 18, 30, tzinfo=UTC),
        venue="",
    )
    league = paris_season.league
    one = [str(event["UID"]) for event in feed_events(client, league, HTTP_HOST="localhost")]
    other = [str(event["UID"]) for event in feed_events(client, league, HTTP_HOST="127.0.0.1")]
    assert one == other == ["round-2.season-1.ligue-du-jeudi@paddock"]


def test_a_session_s_uid_and_instant_are_the_same_after_a_backup_and_a_restore(
    client, organiser, paris_season
):
    league = paris_season.league
    for number, day in ((1, 3), (2, 10)):
        round_session_set(
            round_=paris_season.rounds.get(number=number),
            starts_at=datetime(2026, 12, day, 18, 30, tzinfo=UTC),
            venue="Chez Anne",
        )

    def seen() -> list[tuple[str, datetime]]:
        return [
            (str(event["UID"]), event.decoded("DTSTART"))
            for event in feed_events(client, League.objects.get(slug="ligue-du-jeudi"))
        ]

    before = seen()
    saved = backup.league_file(league)
    league_delete(league=league, name_typed=league.name)
    restored = backup.league_import(BytesIO(saved.encode()), organiser=organiser).league
    assert restored.slug == "ligue-du-jeudi"
    published(restored)
    assert seen() == before
    assert len(before) == 2


def test_the_backup_carries_the_zone(organiser, paris):
    saved = backup.league_file(paris)
    assert json.loads(saved)["tables"]["league.league"][0]["time_zone"] == PARIS
    league_delete(league=paris, name_typed=paris.name)
    restored = backup.league_import(BytesIO(saved.encode()), organiser=organiser).league
    assert restored.time_zone == PARIS


def test_a_backup_from_before_time_zones_restores_in_utc(organiser, paris):
    data = json.loads(backup.league_file(paris))
    del data["tables"]["league.league"][0]["time_zone"]
    league_delete(league=paris, name_typed=paris.name)
    restored = backup.league_import(BytesIO(json.dumps(data).encode()), organiser=organiser)
    assert restored.league.time_zone == DEFAULT_TIME_ZONE


def test_a_backup_naming_an_unknown_zone_is_refused(organiser, paris):
    data = json.loads(backup.league_file(paris))
    data["tables"]["league.league"][0]["time_zone"] = "Mars/Olympus_Mons"
    league_delete(league=paris, name_typed=paris.name)
    with pytest.raises(Exception, match="not a time zone Paddock knows"):
        backup.league_import(BytesIO(json.dumps(data).encode()), organiser=organiser)
    assert not League.objects.exists()


# --- Choosing it -----------------------------------------------------------------------------


def test_the_new_league_form_offers_the_zones_and_asks_the_browser_for_its_own(client_organiser):
    page = client_organiser.get(reverse("league:league_new")).content.decode()
    assert 'name="time_zone"' in page
    assert "data-browser-zone" in page
    assert '<option value="Europe/Paris">Europe/Paris</option>' in page
    assert "bundles/league-new.js" in page  # static/js/time-zone.js, in the page's one script
    assert ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos Aires") in (
        time_zone_choices()
    )


def test_a_zone_picked_before_the_rule_set_is_changed_stays_picked(client_organiser):
    """Picking another rule set reloads the form (htmx) with the name and zone chosen so far:
    the browser's guess must not overwrite the zone picked."""
    url = reverse("league:league_new") + "?ruleset=mini&name=Minis&time_zone=Asia/Tokyo"
    page = client_organiser.get(url).content.decode()
    assert '<option value="Asia/Tokyo" selected>' in page
    assert "data-browser-zone" not in page


def test_a_league_is_made_in_the_zone_posted(client_organiser):
    data = {"name": "Tokyo Drift", "ruleset": "season_pass", "time_zone": "Asia/Tokyo"}
    assert client_organiser.post(reverse("league:league_new"), data).status_code == 302
    assert League.objects.get(name="Tokyo Drift").time_zone == "Asia/Tokyo"


def test_a_league_posted_without_a_zone_is_in_utc(client_organiser):
    data = {"name": "No Zone", "ruleset": "season_pass"}
    assert client_organiser.post(reverse("league:league_new"), data).status_code == 302
    assert League.objects.get(name="No Zone").time_zone == DEFAULT_TIME_ZONE


def test_an_unknown_zone_is_a_400_and_no_league(client_organiser):
    data = {"name": "Nowhere", "ruleset": "season_pass", "time_zone": "Mars/Olympus_Mons"}
    response = client_organiser.post(reverse("league:league_new"), data)
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not League.objects.filter(name="Nowhere").exists()


# --- Changing it -----------------------------------------------------------------------------


def zone_url(league: League) -> str:
    return reverse("league:league_time_zone", args=[league.slug])


def test_the_league_page_says_its_zone_and_links_its_organiser_to_change_it(
    client, client_organiser, paris
):
    page = client_organiser.get(paris.get_absolute_url()).content.decode()
    assert "Times in Europe/Paris" in page
    assert zone_url(paris) in page
    client.logout()
    assert zone_url(paris) not in client.get(paris.get_absolute_url()).content.decode()


def test_a_changed_zone_keeps_each_session_s_clock_time(client_organiser, season):
    """A league made in UTC whose organiser typed 19:30 meaning Paris: once the zone is put
    right, the session is at 19:30 in Paris."""
    league = season.league
    round_ = season.rounds.get(number=1)
    typed(client_organiser, round_, "2026-12-03", "19:30")
    data = {"time_zone": PARIS, "version": League.objects.get(pk=league.pk).settings_version}
    response = client_organiser.post(zone_url(league), data)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.time_zone == PARIS
    round_.refresh_from_db()
    assert round_.starts_at == datetime(2026, 12, 3, 18, 30, tzinfo=UTC)
    page = client_organiser.get(round_.get_absolute_url()).content.decode()
    assert "Thursday 3 December 2026, 19:30" in page


def test_a_session_form_built_before_the_zone_changed_is_a_conflict(client_organiser, season):
    league = season.league
    round_ = season.rounds.get(number=1)
    typed(client_organiser, round_, "2026-12-03", "19:30")
    round_.refresh_from_db()
    built_on = round_.version
    league_time_zone_set(league=league, time_zone=PARIS)
    url = reverse("league:round_session", args=[league.slug, 1, 1])
    response = client_organiser.post(url, {"version": built_on, "date": "2026-12-03"})
    assert response.status_code == 409


def test_a_zone_form_built_on_old_settings_is_a_conflict(client_organiser, league):
    stale = league.settings_version
    league_publish_set(league=league, published=False)
    response = client_organiser.post(zone_url(league), {"time_zone": PARIS, "version": stale})
    assert response.status_code == 409
    league.refresh_from_db()
    assert league.time_zone == DEFAULT_TIME_ZONE


def test_the_zone_it_has_already_is_a_double_tap(client_organiser, league):
    data = {"time_zone": DEFAULT_TIME_ZONE, "version": league.settings_version}
    response = client_organiser.post(zone_url(league), data, follow=True)
    assert response.status_code == 200
    assert "times are already in UTC" in response.content.decode()


def test_an_unknown_zone_is_refused_with_the_reason(client_organiser, league):
    data = {"time_zone": "Mars/Olympus_Mons", "version": league.settings_version}
    response = client_organiser.post(zone_url(league), data)
    assert response.status_code == 400
    with pytest.raises(Exception, match="not a time zone"):
        league_time_zone_set(league=league, time_zone="Mars/Olympus_Mons")
    league.refresh_from_db()
    assert league.time_zone == DEFAULT_TIME_ZONE


def test_only_an_organiser_changes_the_zone(client, league, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger"))
    response = client.post(zone_url(league), {"time_zone": PARIS, "version": 0})
    assert response.status_code == 403
    league.refresh_from_db()
    assert league.time_zone == DEFAULT_TIME_ZONE


@pytest.mark.parametrize(
    "zone, date, time",
    [
        # 23:59 in New York on the last day of 9999 is past the end of 9999 in UTC: was a 500.
        ("America/New_York", "9999-12-31", "23:59"),
        # Midnight in Paris on the first day of year 1 is before it in UTC: was a 500.
        (PARIS, "0001-01-01", ""),
        # Fine in UTC, but no clock east of it could show it: the round page was a 500 once
        # the league moved to Paris, and so was moving it to New York.
        (DEFAULT_TIME_ZONE, "9999-12-31", "23:59"),
    ],
)
def test_a_session_outside_the_years_every_clock_can_show_is_refused_and_nothing_written(
    client_organiser, season, zone, date, time
):
    League.objects.filter(pk=season.league.pk).update(time_zone=zone)
    round_ = season.rounds.get(number=1)
    response = typed(client_organiser, round_, date, time)
    assert response.status_code == 400
    assert escape(session_years_out_of_range()) in response.content.decode()
    assert Round.objects.get(pk=round_.pk).version == round_.version
    assert Round.objects.get(pk=round_.pk).starts_at is None


def test_a_session_in_the_last_year_allowed_shows_in_every_zone_the_league_moves_to(
    client_organiser, season
):
    league = season.league
    round_ = season.rounds.get(number=1)
    assert typed(client_organiser, round_, "9998-12-31", "23:59").status_code == 302
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago", PARIS):
        data = {"time_zone": zone, "version": League.objects.get(pk=league.pk).settings_version}
        assert client_organiser.post(zone_url(league), data).status_code == 302
        page = client_organiser.get(round_.get_absolute_url()).content.decode()
        assert "31 December 9998, 23:59" in page
        calendar = client_organiser.get(reverse("league:calendar", args=[league.slug]))
        assert calendar.status_code == 200
