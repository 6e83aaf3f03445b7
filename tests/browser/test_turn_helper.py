"""A whole four-car race run through the turn helper in headless Chromium, htmx and all: the grid,
the weather, a collision chain that wrecks a car and injures its driver, a corner skid, an engine
check, a Photo Finish, an undo on the way, and the result written into the season's standings."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver, Entry, RoundStatus
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from races.models import Race
from races.services.entries import race_event_apply, race_state
from rules import engine
from rules.engine import Event
from tests.browser.referee import enter
from tests.races.scenario import EXPECTED_POINTS, STEPS

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)

CARS = {"Ann": "red", "Bob": "blue", "Cid": "green", "Dot": "yellow"}


def test_a_race_at_the_table_from_the_grid_to_the_standings(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Apex", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Bolt", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    round_one = season.rounds.get(number=1)
    login("org", "secret-pass")

    page.goto(live_server.url + round_one.get_absolute_url())
    page.get_by_role("link", name="Run this race with the turn helper").click()
    for driver, car in CARS.items():
        page.get_by_label(f"Car of {driver}").fill(car)
    page.get_by_role("button", name="Start the race").click()
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann, Rookie) qualifies")
    # Everything from here is htmx swaps: the page itself never reloads.
    page.evaluate("window.sameDocument = true")

    version = 0  # every entry and every undo moves the race on by one version
    for seq, (kind, _car, data) in enumerate(STEPS):
        enter(page, version, kind, data)
        version += 1
        if seq == 6:  # Blue's move, beside Red: the dashboard and log show it
            expect(page.locator("#log")).to_contain_text("Blue moves 2 spaces in 1st, beside Red")
            # A slip of the finger on the first collision roll, taken back.
            enter(page, version, "collision_roll", {"black": 2, "green": 8})
            version += 2
            expect(page.locator("#log")).to_contain_text("Blue's collision check")
            page.get_by_role("button", name="Undo", exact=True).click()
            expect(page.locator("#log")).not_to_contain_text("Blue's collision check")
        if kind == "injury_roll":
            blue = page.locator('#dashboard tr[data-car="blue"]')
            expect(blue).to_contain_text("out: disabled in a collision")
        if kind == "move" and data.get("skid"):
            expect(page.locator('#dashboard tr[data-car="red"] td').nth(3)).to_have_text("3")
        if kind == "engine_check" and data["value"] == 3:
            expect(page.locator("#prompt-text")).to_contain_text("Red took engine damage")

    expect(page.get_by_role("heading", name="The race is over")).to_be_visible()
    result = page.locator("#race-result")
    expect(result.locator("tr").nth(1)).to_contain_text("red")
    expect(result.locator("tr").nth(2)).to_contain_text("green")
    expect(result.locator("tr").nth(3)).to_contain_text("yellow")
    expect(result.locator("tr").nth(4)).to_contain_text("severity 1")
    assert page.evaluate("window.sameDocument") is True

    page.get_by_role("button", name="Write the result into the season").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    expect(page.locator("#round-result")).to_contain_text("severity 1: misses 1 race")

    race = Race.objects.get(round=round_one)
    assert race.is_committed and race.events.filter(automatic=False).count() == len(STEPS)
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED
    points = dict(Entry.objects.filter(round=round_one).values_list("car", "points"))
    assert points == EXPECTED_POINTS

    page.goto(live_server.url + season.get_absolute_url())
    standings = page.locator("#driver-standings")
    expect(standings.locator("tbody tr").first).to_contain_text("Ann")
    expect(standings.locator("tbody tr").first).to_contain_text("200")
    expect(standings.locator("tr", has_text="Bob")).to_contain_text("10")


def test_the_order_is_corrected_by_tapping_a_car_then_its_place(
    page: Page, live_server, login, django_user_model
):
    """Two taps a correction, one to confirm: no dropdowns (the selects stay for no-JS use)."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Apex", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Bolt", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    round_one = season.rounds.get(number=1)
    drivers = {driver.name: driver for driver in Driver.objects.filter(team__league=league)}
    race = round_start_at_table(
        round_=round_one, starters=[(drivers[name], car) for name, car in CARS.items()]
    )
    until_order = STEPS[: STEPS.index(("order", None, None))]
    for kind, car, data in until_order:
        race.refresh_from_db()
        payload = {"car": car, **data} if car else dict(data)
        race_event_apply(race=race, event=Event(kind, payload), expected_version=race.version)
    race.refresh_from_db()
    proposed = list(engine.prompts(race_state(race))[0].fields[0].default)
    login("org", "secret-pass")
    page.goto(live_server.url + race.get_absolute_url())

    order = page.locator('[data-widget="order"]')
    expect(order.locator("select").first).to_be_hidden()
    cars = order.locator("button.order-car")
    expect(cars).to_have_count(len(proposed))
    cars.nth(2).click()  # the third car...
    expect(cars.nth(2)).to_have_attribute("aria-pressed", "true")
    cars.nth(0).click()  # ...moves to the front; the others shift down one
    wanted = [proposed[2], proposed[0], proposed[1]]
    assert [cars.nth(i).get_attribute("data-car") for i in range(3)] == wanted
    page.locator("#enter").click()
    expect(page.locator("#event-form")).to_have_attribute("data-kind", "gear")
    race.refresh_from_db()
    assert race.events.get(kind="order").payload["order"] == wanted
