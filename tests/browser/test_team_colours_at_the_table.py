"""Cars you recognise (issue 21), in Chromium at 390 px: the turn page and the big screen draw
every car in its team's colour (the dashboard's swatch and its box in the strip, filled, the
colour the organiser picked), under the name the car kept from the round before; a car named
after a colour in that colour (issue 32: "Red" was drawn amber), its text in the ink that
reads on it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Driver
from league.models.team_colours import colour_of
from league.services.cars import proposed_cars, teams_with_drivers
from league.services.leagues import league_create
from league.services.results import round_result_record
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_colour_set, team_create
from races.models import Race
from tests.league.test_services import all_finish

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


def _rgb(hex_colour: str) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


@pytest.fixture
def race(django_user_model) -> Race:
    """Round 2 of a Season Pass season, started at the table with the cars' names kept from
    round 1 (where Apex's cars were named by hand), Bolt racing in the purple its organiser
    picked."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    apex = team_create(league=league, name="Apex", driver_names=["Ann", "Bob"])
    bolt = team_create(league=league, name="Bolt", driver_names=["Cid", "Dot"])
    team_colour_set(team=bolt, colour="purple")
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    named = ["Arrow", "Red", "Bolt 1", "Bolt 2"]
    first = season.rounds.get(number=1)
    entries = round_start(round_=first, starters=list(zip(drivers, named, strict=True)))
    round_result_record(round_=first, outcomes=all_finish(entries), injury_rolls={})
    second = season.rounds.get(number=2)
    kept = proposed_cars(teams_with_drivers(second), {})
    race = round_start_at_table(
        round_=second, starters=[(driver, kept[driver.pk]) for driver in drivers]
    )
    assert {entry.car for entry in race.round.entries.all()} == set(named)
    assert apex.colour == "orange"
    return race


@pytest.mark.parametrize("where", ["turn", "screen"])
def test_every_car_shows_its_team_colour_under_its_kept_name(
    page: Page, live_server, login, race, where
):
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    url = race.get_absolute_url() if where == "turn" else f"/races/{race.pk}/screen/"
    page.goto(live_server.url + url)
    colours = {"Arrow": "orange", "Red": "vermillion", "Bolt 1": "purple", "Bolt 2": "purple"}
    for car, key in colours.items():
        expected = _rgb(colour_of(key).hex)
        row = page.locator(f'tr[data-car="{car}"]')
        expect(row).to_contain_text(car)
        swatch = row.locator(".swatch")
        assert swatch.evaluate("el => getComputedStyle(el).backgroundColor") == expected
        box = page.locator(f'#race-strip [data-car="{car}"]')
        if where == "turn":  # an SVG box, its text
            fill = box.locator(".strip-box").evaluate("el => getComputedStyle(el).fill")
            ink = box.locator("text").first.evaluate("el => getComputedStyle(el).fill")
        else:  # a box of text, the screen's width
            fill = box.evaluate("el => getComputedStyle(el).backgroundColor")
            ink = box.evaluate("el => getComputedStyle(el).color")
        assert (fill, ink) == (expected, _rgb(colour_of(key).ink)), car
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.fixture
def unstarted(django_user_model):
    """A Season Pass league whose first round is still to start: Apex (orange) and Bolt
    (purple), two drivers each."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Apex", driver_names=["Ann", "Bob"])
    bolt = team_create(league=league, name="Bolt", driver_names=["Cid", "Dot"])
    team_colour_set(team=bolt, colour="purple")
    season_open(league=league, preset="Spring")
    return league


def test_the_referee_picks_a_cars_colour_and_the_table_draws_it(
    page: Page, live_server, login, unstarted
):
    """Issue 32, "per-car colours a league may set": on the start page at 390 px the referee
    draws Bob's car silver and Cid's black; the turn page, the big screen and the replay draw
    them so, the other cars in their team's colour (the big screen at 1920×1080 too)."""
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("league:round_table", args=[unstarted.slug, 1, 1]))
    page.get_by_label("Colour of Bob's car").select_option("silver")
    page.get_by_label("Colour of Cid's car").select_option("black")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Start the race").click()
    page.wait_for_url("**/races/*/")
    race = Race.objects.get()
    cars = dict(race.round.entries.values_list("driver__name", "car"))
    colours = {cars["Ann"]: "orange", cars["Bob"]: "silver", cars["Cid"]: "black"}
    colours[cars["Dot"]] = "purple"
    turn = race.get_absolute_url()
    for url in (turn, f"/races/{race.pk}/screen/", f"/races/{race.pk}/replay/"):
        page.goto(live_server.url + url)
        for car, key in colours.items():
            swatch = page.locator(f'tr[data-car="{car}"] .swatch')
            colour = swatch.evaluate("el => getComputedStyle(el).backgroundColor")
            assert colour == _rgb(colour_of(key).hex), (url, car)
            if url == turn:
                box = page.locator(f'#race-strip [data-car="{car}"] .strip-box')
                fill = box.evaluate("el => getComputedStyle(el).fill")
                assert fill == _rgb(colour_of(key).hex), car
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The room's screen at 1920×1080: each car's box in the strip, filled with its colour.
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/races/{race.pk}/screen/")
    for car, key in colours.items():
        box = page.locator(f'#race-strip [data-car="{car}"]')
        fill = box.evaluate("el => getComputedStyle(el).backgroundColor")
        assert fill == _rgb(colour_of(key).hex), car
