"""An RBB league made from the home page and a short race of two teams run at the table on a
phone-sized page, from the weather and grid rolls to the drivers' and constructors' standings, in
headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from races.models import Race
from tests.browser.league_race import (
    play_to_the_end,
    season_from_home_page,
    start_at_the_table,
    write_the_result,
)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_rbb_league_and_a_short_race_on_a_phone(page: Page, live_server, logged_in_organiser):
    season = season_from_home_page(
        page,
        live_server.url,
        name="RBB",
        rule_set="rbb",
        settings=lambda page: page.get_by_text("25-18-15-12-10-8-6-4-2-1"),
        title="RBB championship · organiser org",
        teams={"Scuderia": ["Ann", "Bob"], "Arrows": ["Cid", "Dot"]},
    )
    round_one = season.rounds.get()

    cars = {"Ann": "red", "Bob": "blue", "Cid": "green", "Dot": "yellow"}
    start_at_the_table(page, live_server.url, round_one, cars)
    # A new league rolls the weather (docs/rulings.md, "RBB weather"): the referee taps the die,
    # told that the sample track's chart is the placeholder (issue 32).
    expect(page.locator("#prompt-text")).to_contain_text(
        "Weather: roll black against the placeholder chart, not this board's"
    )
    page.locator(".keypad").get_by_role("button", name="3", exact=True).click()
    expect(page.locator("#prompt-text")).to_contain_text("Random grid")
    expect(page.locator("body")).to_contain_text("good weather")
    expect(page.locator("#dashboard")).to_contain_text("Gbx")

    race = Race.objects.get(round=round_one)
    play_to_the_end(page, race, seed=5, most_entries=200)

    write_the_result(page, round_one)
    assert sorted(round_one.entries.values_list("points", flat=True)) == [12, 15, 18, 25]
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text("25")
