"""A Formula D league made from the home page and a short two-car race run at the table on a
phone-sized page, from the grid rolls to the standings, in headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league import services as league_services
from races.models import Race
from tests.browser.league_race import league_from_home_page, play_to_the_end, write_the_result

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_formula_d_league_and_a_short_race_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")

    league = league_from_home_page(
        page,
        live_server.url,
        name="Grand Prix Club",
        rule_set="formula_d",
        settings=lambda page: page.get_by_label("Cars each team (player) races"),
        title="Formula D · organiser org",
    )

    for name in ("Ann", "Bob"):
        league_services.team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = league_services.season_open(
        league=league, tracks=[league_services.track_create(name="Home")]
    )
    round_one = season.rounds.get()

    page.goto(live_server.url + round_one.get_absolute_url())
    page.get_by_role("link", name="Run this race with the turn helper").click()
    page.get_by_label("Car of Ann").fill("red")
    page.get_by_label("Car of Bob").fill("blue")
    page.get_by_role("button", name="Start the race").click()
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
