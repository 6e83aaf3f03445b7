"""A Formula D team race on a 390×844 phone, in headless Chromium: the organiser switches the team
race and the stopwatch qualifying lap on for one round, the referee times the first qualifying
lap with Paddock's stopwatch (a reload in the middle of it loses nothing) and plays the race at
the table to its end, and the round and season pages name the team that won it."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from config.wording import listed
from league.reads.standings import season_standings
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services import clock
from tests.browser.league_race import play_to_the_end, write_the_result

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
TEAM_RACE = "Team race: a team's 4 WP for repairs at its pit stops, the team's points win"
STOPWATCH = "Qualifying lap with stopwatch: the grid by a timed lap each, not the black die"


class Clock:
    """The live server's clock (a thread of this process), moved on by hand."""

    def __init__(self) -> None:
        self.moment = datetime(2025, 6, 1, 14, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_team_race_with_a_stopwatch_qualifying_lap_on_a_phone(
    page: Page, live_server, login, django_user_model, monkeypatch
):
    server_clock = Clock()
    monkeypatch.setattr(clock, "now", server_clock)
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    page.set_viewport_size(PHONE)
    login("org", "secret-pass")
    league = league_create(
        name="Pairs Club", organiser=organiser, ruleset="formula_d", settings={"cars_per_team": "2"}
    )
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    round_one = season.rounds.get()

    # The organiser switches the team race and the stopwatch on for this race only.
    page.goto(live_server.url + round_one.get_absolute_url())
    options = page.locator("#race-options")
    expect(options).to_contain_text(f"{TEAM_RACE}: off")
    options.get_by_text("Switch an option for this race only").click()
    options.get_by_label(TEAM_RACE).select_option("on")
    options.get_by_label(STOPWATCH).select_option("on")
    options.get_by_role("button", name="Set this race's options").click()
    expect(options).to_contain_text(f"{TEAM_RACE}: on this race")
    expect(options).to_contain_text(f"{STOPWATCH}: on this race")
    fits_the_phone(page)

    page.get_by_role("link", name="Run this race with the turn helper").click()
    # The teams' cars in the order they are listed (Blues, then Reds): the laps' order too.
    for driver, car in (("Ann", "red"), ("Bob", "pink"), ("Cid", "blue"), ("Dot", "navy")):
        page.get_by_label(f"Car of {driver}").fill(car)
    page.get_by_role("button", name="Start the race").click()
    expect(page.locator("#race-status")).to_contain_text("team race (4 WP a team for repairs)")
    expect(page.locator("#prompt-text")).to_contain_text(
        "Qualifying lap: Blue (Cid) in the middle lane in front of the starting line"
    )

    # The first lap timed with Paddock's stopwatch: a reload a minute in loses nothing.
    stopwatch = page.locator(".stopwatch-time")
    expect(stopwatch).to_have_text("0:00.0")
    page.get_by_role("button", name="Start the stopwatch").click()
    expect(page.get_by_role("button", name="Stop the stopwatch")).to_be_visible()
    server_clock.moment += timedelta(seconds=65.3)
    page.reload()
    expect(stopwatch).to_have_text(re.compile(r"^1:0[5-9]\.\d$"))
    shown = stopwatch.text_content()
    expect(stopwatch).not_to_have_text(shown or "")  # it runs on the page, from the server's time
    fits_the_phone(page)
    page.get_by_role("button", name="Stop the stopwatch").click()
    expect(page.locator("#prompt-text")).to_contain_text(
        "Blue (Cid) took 1:05.3, a throw more for its full minute"
    )
    page.locator('label[for="f-die_throws-14"]').click()
    page.locator("#enter").click()
    expect(page.locator("#log")).to_contain_text("Blue's qualifying lap: 14 throws + 1 for 1 full")
    expect(page.locator("#prompt-text")).to_contain_text("Qualifying lap: Navy (Dot)")
    fits_the_phone(page)

    race = Race.objects.get(round=round_one)
    play_to_the_end(page, race, seed=3, most_entries=700)
    expect(page.locator("#race-status")).to_contain_text("team race: team")
    write_the_result(page, round_one)

    winners = season_standings(season).team_race_winners[1]
    names = listed([team.name for team in winners])
    page.goto(live_server.url + round_one.get_absolute_url())
    expect(page.locator("#team-race-winner")).to_contain_text(f"Team race: {names}")
    fits_the_phone(page)
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator(".team-race-winner")).to_contain_text(f"Team race: {names}")
    fits_the_phone(page)
