"""A race's replay on a phone (templates/races/replay.html): stepped with its links, scrubbed
with its slider (static/js/replay.js sends it when let go), read by a stranger once the league is
published, and never wider than a 390 px screen."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.services.leagues import league_create, league_publish_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
CARS = ("red", "blue", "green", "yellow")


def test_a_stranger_steps_and_scrubs_through_a_published_race(
    page: Page, live_server, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Replay League", organiser=organiser)
    league_publish_set(league=league, published=True)
    for team, names in {"Rosso": ["Ann", "Bob"], "Blu": ["Cid", "Dot"]}.items():
        team_create(league=league, name=team, driver_names=names)
    season = season_open(league=league, preset="Spring")
    drivers = [driver for team in league.teams.order_by("pk") for driver in team.drivers.all()]
    race = round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, CARS, strict=True))
    )
    drive(race, 60, seed=3)
    race.refresh_from_db()
    page.set_viewport_size(PHONE)
    url = live_server.url + reverse("races:replay", args=[race.pk])

    page.goto(url)  # opens at the start, the grid set
    expect(page.locator("#replay-where")).to_contain_text("At the start, before round 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#next-round").click()
    expect(page).to_have_url(re.compile(r"\?round=1$"))
    expect(page.locator("#replay-where")).to_contain_text("At the end of round 1")
    expect(page.locator("#dashboard tbody tr")).to_have_count(len(CARS))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The scrubber goes when its script has run (deferred: by the page's load, which a click's
    # navigation does not wait for); on a busy machine the fill could come first.
    page.wait_for_load_state("load")
    page.locator("#replay-scrub").fill("7")  # let go at event 7: the page goes there
    expect(page).to_have_url(re.compile(r"\?event=7$"))
    expect(page.locator("#replay-where")).to_contain_text("event 7 of")
    page.locator("#next-event").click()
    expect(page).to_have_url(re.compile(r"\?event=8$"))
    page.get_by_role("link", name="Last").click()
    expect(page.locator("#replay-where")).to_contain_text(f"event {race.seq} of {race.seq}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
