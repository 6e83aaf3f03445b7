"""A Formula D league made from the home page and a short two-car race run at the table on a
phone-sized page, from the grid rolls to the standings, in headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from tests.browser.league_race import (
    play_to_the_end,
    season_from_home_page,
    start_at_the_table,
    write_the_result,
)
from tests.browser.referee import enter

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_formula_d_league_and_a_short_race_on_a_phone(
    page: Page, live_server, logged_in_organiser
):
    season = season_from_home_page(
        page,
        live_server.url,
        name="Grand Prix Club",
        rule_set="formula_d",
        settings=lambda page: page.get_by_label("Cars each team (player) races"),
        title="Formula D · organiser org",
        teams={"Ann's": ["Ann"], "Bob's": ["Bob"]},
        track="Home",
    )
    round_one = season.rounds.get()

    start_at_the_table(page, live_server.url, round_one, {"Ann": "red", "Bob": "blue"})
    expect(page.locator("#prompt-text")).to_contain_text("rolls black for its starting position")
    for title in ("Gearbox", "Body", "Road handling"):
        expect(page.locator("#dashboard")).to_contain_text(
            {"Gearbox": "Box", "Body": "Body", "Road handling": "Hdl"}[title]
        )

    race = Race.objects.get(round=round_one)
    play_to_the_end(page, race, seed=5, most_entries=120)

    write_the_result(page, round_one)
    assert sorted(round_one.entries.values_list("points", flat=True)) == [8, 10]
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text("10")


def test_a_three_lap_race_with_weather_tires_and_technical_stops_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")
    league = league_create(
        name="Wet Club",
        organiser=organiser,
        ruleset="formula_d",
        settings={"laps": "3", "weather": True, "tires": True, "technical_pit_stop": True},
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(
        league=league,
        tracks=[track_create(name="Spa", weather_chart="1-10 changeable, 11-20 rain, changeable")],
    )
    round_one = season.rounds.get()
    page.goto(live_server.url + league.get_absolute_url())
    expect(page.get_by_text("3 laps, 2 pit stops (the Three-Lap Race)")).to_be_visible()

    start_at_the_table(page, live_server.url, round_one, {"Ann": "red", "Bob": "blue"})
    expect(page.locator("#prompt-text")).to_contain_text(
        "Weather: roll black against the track's chart before the race"
    )
    race = Race.objects.get(round=round_one)
    enter(page, race.version, "weather_roll", {"value": 15})
    expect(page.get_by_text("rain changeable weather (rain)").first).to_be_visible()
    expect(page.locator("#prompt-text")).to_contain_text("Tires (rain changeable weather)")

    play_to_the_end(page, race, seed=5, most_entries=200)
    assert {car.laps for car in race_state(race).cars if car.status == "finished"}
    assert all(car.laps == 3 for car in race_state(race).cars if car.status == "finished")
