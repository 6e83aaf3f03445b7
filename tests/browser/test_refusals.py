"""A refused entry shows in place, styled, with DEBUG on (as under `make run`) as in production:
django-htmx's debug handler used to replace the whole page with the bare refused fragment."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("debug", [True, False])
def test_a_refused_result_shows_in_place_with_debug_on_or_off(
    page: Page, live_server, login, django_user_model, settings, debug
):
    settings.DEBUG = debug
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = season_open(league=league, preset="Spring")
    login("org", "secret-pass")

    page.goto(live_server.url + season.rounds.get(number=1).get_absolute_url())
    page.get_by_role("button", name="Start the race").click()
    page.get_by_label("Place of Ann").fill("1")
    page.get_by_label("Place of Bob").fill("1")  # two cars in 1st: refused
    page.get_by_role("button", name="Enter the result").click()
    expect(page.locator("#round-panel .alert-danger")).to_contain_text("Finishers must take")
    # Still the whole page around the panel: the navigation bar and the round's heading.
    expect(page.locator("nav.navbar")).to_be_visible()
    expect(page.get_by_role("heading", name="Round 1: Imola")).to_be_visible()


def test_a_refused_result_is_brought_into_view_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    """The refusal is written above the cars' lines; on a phone, with eight cars, the button
    pressed is far below it, and the referee must see why nothing was entered."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    for team, drivers in (
        ("Reds", ["Ann", "Bob"]),
        ("Blues", ["Cat", "Dan"]),
        ("Greens", ["Eve", "Fay"]),
        ("Golds", ["Gus", "Hal"]),
    ):
        team_create(league=league, name=team, driver_names=drivers)
    season = season_open(league=league, preset="Spring")
    login("org", "secret-pass")
    page.set_viewport_size({"width": 390, "height": 844})

    page.goto(live_server.url + season.rounds.get(number=1).get_absolute_url())
    page.get_by_role("button", name="Start the race").click()
    for place, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"], 1):
        page.get_by_label(f"Place of {name}").fill(str(place))
    page.get_by_label("Place of Hal").fill("7")  # two cars in 7th: refused
    page.get_by_role("button", name="Enter the result").click()
    alert = page.locator("#round-panel .alert-danger")
    expect(alert).to_contain_text("Finishers must take")
    expect(alert).to_be_in_viewport()
