"""Paddock is the stopwatch of Formula D's qualifying lap: the start and stop buttons at the turn
helper post nothing the server takes as a time; the server stamps the moments it enters them and
shows the running time from the start it stored, so a reload or a locked screen loses nothing.
The clock is set by the tests (`races.services.clock.now`), never waited for."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from league.models import Driver, League
from league.services.leagues import league_create
from league.services.rounds import round_race_options_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services import clock
from races.services.entries import race_event_apply, race_state
from rules.engine import Event
from tests.pages import html_of

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


class Clock:
    """The server's clock, moved on by hand."""

    def __init__(self) -> None:
        self.moment = datetime(2025, 6, 1, 14, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def server_clock(monkeypatch) -> Clock:
    stopwatch = Clock()
    monkeypatch.setattr(clock, "now", stopwatch)
    return stopwatch


def a_league(organiser, **settings) -> League:
    league = league_create(
        name="Timed Club", organiser=organiser, ruleset="formula_d", settings=settings
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


def a_race(league: League, **race_options) -> Race:
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    round_ = season.rounds.get()
    if race_options:
        round_race_options_set(round_=round_, options=race_options)
    drivers = list(Driver.objects.order_by("pk"))
    return round_start_at_table(
        round_=round_, starters=list(zip(drivers, ("red", "blue"), strict=True))
    )


@pytest.fixture
def race(organiser) -> Race:
    return a_race(a_league(organiser, stopwatch_qualifying=True))


def post(client, race: Race, data: dict, **headers):
    race.refresh_from_db()
    return client.post(race.get_absolute_url(), {"version": race.version, **data}, **headers)


def lap(race: Race) -> object:
    race.refresh_from_db()
    return race_state(race).lap("red")


def test_the_start_button_stamps_the_server_s_moment_not_the_page_s(
    client_organiser, race, server_clock
):
    page = client_organiser.get(race.get_absolute_url()).text
    assert 'data-widget="stopwatch"' in page and ">Start the stopwatch</button>" in page
    assert "0:00.0</output>" in page
    sent = {"kind": "stopwatch_start", "car": "red", "at": "1999-01-01T00:00:00+00:00"}
    assert post(client_organiser, race, sent).status_code == 302
    assert lap(race).started_at == "2025-06-01T14:00:00+00:00"


def test_the_running_time_comes_from_the_start_stored_so_a_reload_loses_nothing(
    client_organiser, race, server_clock
):
    post(client_organiser, race, {"kind": "stopwatch_start", "car": "red", "at": "now"})
    server_clock.advance(75.38)
    page = html_of(client_organiser.get(race.get_absolute_url()))
    assert 'data-running-tenths="753">1:15.3</output>' in page
    assert ">Stop the stopwatch</button>" in page
    server_clock.advance(60)  # the phone was locked for a minute: the reload asks the server
    page = html_of(client_organiser.get(race.get_absolute_url()))
    assert 'data-running-tenths="1353">2:15.3</output>' in page


def test_with_htmx_the_stop_swaps_in_the_lap_s_throws_to_enter(
    client_organiser, race, server_clock
):
    post(client_organiser, race, {"kind": "stopwatch_start", "car": "red", "at": "now"}, **HTMX)
    server_clock.advance(72.45)
    response = post(
        client_organiser, race, {"kind": "stopwatch_stop", "car": "red", "at": "now"}, **HTMX
    )
    assert response.status_code == 200
    html = response.text
    assert html.lstrip().startswith('<section id="prompt"')  # only what changed
    assert "Red (Ann) took 1:12.4, a throw more for its full minute" in html
    assert 'data-widget="count" data-field="die_throws"' in html
    assert 'id="f-die_throws-24"' in html and 'id="f-die_throws-25"' not in html
    assert "Red crosses the line: 1:12.4 on the stopwatch" in html
    assert lap(race).stopped_at == "2025-06-01T14:01:12.450000+00:00"


def test_both_laps_give_the_grid_and_the_race_starts(client_organiser, race, server_clock):
    for car, seconds, throws in (("red", 50, "15"), ("blue", 44, "15")):
        post(client_organiser, race, {"kind": "stopwatch_start", "car": car, "at": "now"})
        server_clock.advance(seconds)
        post(client_organiser, race, {"kind": "stopwatch_stop", "car": car, "at": "now"})
        sent = {"kind": "qualifying_lap", "car": car, "die_throws": throws, "_counts": "overshoot"}
        assert post(client_organiser, race, sent).status_code == 302
        server_clock.advance(30)
    race.refresh_from_db()
    state = race_state(race)
    assert state.grid == ("blue", "red")  # level on 15 throws, Blue the faster
    page = client_organiser.get(race.get_absolute_url()).text
    assert "Round 1 (grid: Blue and Red)" in page
    assert "qualifying lap: 15 throws in 0:44.0: 1st on the grid; the grid: Blue, Red" in page


def test_a_second_tap_on_stop_is_stale_and_keeps_the_first_time(
    client_organiser, race, server_clock
):
    post(client_organiser, race, {"kind": "stopwatch_start", "car": "red", "at": "now"})
    race.refresh_from_db()
    version = race.version
    server_clock.advance(40)
    sent = {"kind": "stopwatch_stop", "car": "red", "at": "now", "version": version}
    assert client_organiser.post(race.get_absolute_url(), sent).status_code == 302
    server_clock.advance(2)
    again = client_organiser.post(race.get_absolute_url(), sent)
    assert again.status_code == 409
    assert lap(race).tenths == 400


def test_undoing_the_stop_lets_the_stopwatch_run_on_from_its_start(
    client_organiser, race, server_clock
):
    post(client_organiser, race, {"kind": "stopwatch_start", "car": "red", "at": "now"})
    server_clock.advance(10)
    post(client_organiser, race, {"kind": "stopwatch_stop", "car": "red", "at": "now"})
    server_clock.advance(5)
    post(client_organiser, race, {"undo": ""})
    page = html_of(client_organiser.get(race.get_absolute_url()))
    assert 'data-running-tenths="150">0:15.0</output>' in page


def test_a_round_switched_to_stopwatch_qualifying_in_a_league_without_it(organiser):
    race = a_race(a_league(organiser), stopwatch_qualifying=True)
    state = race_state(race)
    assert state.setup.stopwatch_qualifying and state.phase == "qualifying"


def test_a_league_without_it_rolls_for_the_grid(organiser):
    race = a_race(a_league(organiser))
    assert race_state(race).phase == "grid"


def test_the_service_stamps_the_moment_too(race, server_clock):
    event = Event("stopwatch_start", {"car": "red", "at": "2000-01-01T00:00:00+00:00"})
    race_event_apply(race=race, event=event, expected_version=race.version)
    assert race.events.get().payload == {"car": "red", "at": "2025-06-01T14:00:00+00:00"}
