"""A Formula D road race on a 390×844 phone: the organiser gives a driver a card on the driver's
page, then a short road race is run at the table (the nitro, the engine noise, the checkpoint and
the pole station as they come) to its finish and into the standings, in headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from tests.browser.league_race import play_to_the_end, start_at_the_table, write_the_result
from tests.browser.referee import enter

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
CARD = {"Tire": 8, "Brake": 4, "Gearbox": 4, "Car body": 4, "Engine": 4, "Road handling": 3}


def test_a_short_road_race_with_a_driver_card_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    page.set_viewport_size(PHONE)
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")
    league = league_create(
        name="Street Club", organiser=organiser, ruleset="formula_d", settings={"road_race": True}
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Chicago")])
    page.goto(live_server.url + league.get_absolute_url())
    expect(page.get_by_text("Road race: hard tires, nitro, no pits")).to_be_visible()

    # The organiser gives Ann her card: Better Nitro, and the car's WP as printed on it.
    page.goto(live_server.url + Driver.objects.get(name="Ann").get_absolute_url())
    expect(page.locator("#driver-card")).to_have_text("Driver card for road races: none")
    page.get_by_text("Give Ann a driver card (road races)").click()
    page.get_by_label("Skill").select_option("better_nitro")
    for zone, wp in CARD.items():
        page.get_by_label(f"{zone} WP", exact=True).fill(str(wp))
    page.get_by_role("button", name="Save the driver card").click()
    expect(page.get_by_text("Ann's driver card is saved.")).to_be_visible()
    expect(page.locator("#driver-card")).to_contain_text("Better Nitro; 8 tire WP, 4 brake WP")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    round_one = season.rounds.get()
    start_at_the_table(page, live_server.url, round_one, {"Ann": "red", "Bob": "blue"})
    expect(page.locator("#prompt-text")).to_contain_text("rolls black for its starting position")
    expect(page.get_by_text("road race").first).to_be_visible()
    expect(page.locator("#dashboard")).to_contain_text("Better Nitro; nitro ready; hard tires")
    race = Race.objects.get(round=round_one)

    def entered(kind: str, data: dict) -> None:
        race.refresh_from_db()
        enter(page, race.version, kind, data)

    entered("grid_roll", {"value": 15})
    entered("grid_roll", {"value": 8})
    entered("start_roll", {"value": 10})
    # Red's first move in 1st: the nitro's +1 and Better Nitro's 3 more.
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann) in 1st: roll yellow")
    entered("move", {"roll": 2, "nitro": True, "better_nitro": True})
    expect(page.locator("#log")).to_contain_text(
        "Red moves 6 spaces in 1st, 1 space of them from the nitro and 3 more (Better Nitro)"
    )
    expect(page.locator("#dashboard")).to_contain_text("Better Nitro; nitro used this lap")
    entered("start_roll", {"value": 10})
    # Blue ends its move in the engine-noise area: a resident's shot grazes its tires.
    entered("move", {"roll": 1, "noise": True})
    expect(page.locator("#prompt-text")).to_contain_text(
        "Blue (Bob) ended its move in the engine-noise area, a resident takes a shot"
    )
    entered("noise_roll", {"value": 17})
    expect(page.locator("#log")).to_contain_text(
        "Blue's engine-noise roll: 17, Grazing Shot, loses 1 tire WP"
    )
    state = race_state(Race.objects.get(pk=race.pk))
    assert state.car("blue").sheet.tires == 5

    play_to_the_end(page, race, seed=7, most_entries=250)
    state = race_state(Race.objects.get(pk=race.pk))
    # Both crossed lap 1's line: the checkpoint gave their tires back, the pole station its WP.
    assert [crossing.lap for crossing in state.crossings] == [1, 1]
    assert state.pole_laps == 1
    log = list(race.events.order_by("seq").values_list("text", flat=True))
    assert any(text.startswith("Pole station, lap 1: ") for text in log)
    assert sum("at the checkpoint its tire WP back" in text for text in log) == 2
    write_the_result(page, round_one)
    assert sorted(round_one.entries.values_list("points", flat=True)) == [8, 10]
