"""A Mini's series made from the home page and a short two-car race (two laps, no pit stops)
run at the table on a phone-sized page, from the grid roll-off to the standings with the
lap-leader point, in headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.rounds import round_format_set
from league.services.starts import round_start_at_table
from races.services.entries import race_state
from rules import engine
from rules.mini.championship import POINTS
from tests.browser.league_race import play_to_the_end, season_from_home_page, write_the_result

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_mini_series_and_a_short_race_on_a_phone(page: Page, live_server, logged_in_organiser):
    season = season_from_home_page(
        page,
        live_server.url,
        name="Mini Club",
        rule_set="mini",
        settings=lambda page: page.get_by_label("Damage points each car starts a race with"),
        title="Mini's series · organiser org",
        teams={"Ann's": ["Ann", "Ann II"], "Bob's": ["Bob", "Bob II"]},
        preset="Mini's series",
    )
    round_one = season.rounds.get(number=1)
    round_format_set(round_=round_one, race_format="no_pits")
    drivers = [Driver.objects.get(name=name) for name in ("Ann", "Bob")]
    race = round_start_at_table(
        round_=round_one, starters=list(zip(drivers, ("red", "blue"), strict=True))
    )

    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("#prompt-text")).to_contain_text("level on season points")
    expect(page.locator("#dashboard")).to_contain_text("Life")

    play_to_the_end(page, race, seed=7, most_entries=200)

    state = race_state(race)
    results = {result.car: result for result in engine.results(state)}
    write_the_result(page, round_one)
    points = dict(round_one.entries.values_list("car", "points"))
    assert points == {
        car: POINTS[result.place - 1] + result.bonus_points for car, result in results.items()
    }
    assert sum(result.bonus_points for result in results.values()) == 1  # lap 1's leader
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text(str(max(points.values())))
