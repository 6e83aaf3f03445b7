"""A Mini's series made from the home page and a short two-car race (two laps, no pit stops)
run at the table on a phone-sized page, from the grid roll-off to the standings with the
lap-leader point, in headless Chromium."""

from __future__ import annotations

import os
import random

import pytest
from playwright.sync_api import Page, expect

from league import services as league_services
from league.models import Driver, League, RoundStatus
from races import services as race_services
from rules import engine
from rules.mini.championship import POINTS
from tests.browser.referee import enter
from tests.races.autopilot import legal_event

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_mini_series_and_a_short_race_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")

    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New league").click()
    page.get_by_label("Name").fill("Mini Club")
    page.get_by_label("Rule set").select_option("mini")
    expect(page.get_by_label("Damage points each car starts a race with")).to_be_visible()
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_text("Mini's series · organiser org")).to_be_visible()

    league = League.objects.get(name="Mini Club")
    for name in ("Ann", "Bob"):
        league_services.team_create(
            league=league, name=f"{name}'s", driver_names=[name, f"{name} II"]
        )
    season = league_services.season_open(league=league, preset="Mini's series")
    round_one = season.rounds.get(number=1)
    league_services.round_format_set(round_=round_one, race_format="no_pits")
    drivers = [Driver.objects.get(name=name) for name in ("Ann", "Bob")]
    race = race_services.race_start(
        round_=round_one, starters=list(zip(drivers, ("red", "blue"), strict=True))
    )

    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("#prompt-text")).to_contain_text("level on season points")
    expect(page.locator("#dashboard")).to_contain_text("Life")

    rng = random.Random(7)
    for _entry in range(200):
        race.refresh_from_db()
        state = race_services.race_state(race)
        asked = engine.prompts(state)
        if not asked:
            break
        event = legal_event(asked[0], rng, finish=state.round >= 2)
        data = {key: value for key, value in event.data.items() if key != "car"}
        enter(page, race.version, event.kind, {k: v for k, v in data.items() if v not in ([], 0)})
    expect(page.get_by_role("heading", name="The race is over")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the turn page scrolls sideways on a phone"

    state = race_services.race_state(race)
    results = {result.car: result for result in engine.results(state)}
    page.get_by_role("button", name="Write the result into the season").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED
    points = dict(round_one.entries.values_list("car", "points"))
    assert points == {
        car: POINTS[result.place - 1] + result.bonus_points for car, result in results.items()
    }
    assert sum(result.bonus_points for result in results.values()) == 1  # lap 1's leader
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text(str(max(points.values())))
