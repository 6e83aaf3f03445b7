"""An RBB league made from the home page and a short race of two teams run at the table on a
phone-sized page, from the grid rolls to the drivers' and constructors' standings, in headless
Chromium."""

from __future__ import annotations

import os
import random

import pytest
from playwright.sync_api import Page, expect

from league import services as league_services
from league.models import League, RoundStatus
from races import services as race_services
from races.models import Race
from rules import engine
from tests.browser.referee import enter
from tests.races.autopilot import legal_event

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_rbb_league_and_a_short_race_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")

    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New league").click()
    page.get_by_label("Name").fill("RBB")
    page.get_by_label("Rule set").select_option("rbb")
    expect(page.get_by_text("25-18-15-12-10-8-6-4-2-1")).to_be_visible()  # via htmx
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_text("RBB championship · organiser org")).to_be_visible()

    league = League.objects.get(name="RBB")
    league_services.team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    league_services.team_create(league=league, name="Arrows", driver_names=["Cid", "Dot"])
    season = league_services.season_open(
        league=league, tracks=[league_services.track_create(name="Monza")]
    )
    round_one = season.rounds.get()

    page.goto(live_server.url + round_one.get_absolute_url())
    page.get_by_role("link", name="Run this race with the turn helper").click()
    for driver, car in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dot", "yellow")):
        page.get_by_label(f"Car of {driver}").fill(car)
    page.get_by_role("button", name="Start the race").click()
    expect(page.locator("#prompt-text")).to_contain_text("Random grid")
    expect(page.locator("#dashboard")).to_contain_text("Gbx")

    race = Race.objects.get(round=round_one)
    rng = random.Random(5)
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

    page.get_by_role("button", name="Write the result into the season").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED
    assert sorted(round_one.entries.values_list("points", flat=True)) == [12, 15, 18, 25]
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text("25")
