"""The big screen for the room (issue 21), on a 1920×1080 screen: the whole width, no site bar,
text large enough to read from three metres, nothing cut off or scrolling sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from races.models import Race
from tests.browser.test_turn_taps import race as race  # noqa: F401  (the fixture)
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)
SCREEN = {"width": 1920, "height": 1080}
# A letter's height a room reads from three metres: 28 px on a 1080-line screen (about 2.6 % of
# its height; a line of text on a television is read at some 2 %).
READABLE_PX = 28


def test_the_big_screen_fills_a_1920_screen_with_text_read_from_three_metres(
    page: Page, live_server, login, race
):
    drive(race, 12, seed=2)
    login("org", "secret-pass")
    page.set_viewport_size(SCREEN)
    page.goto(live_server.url + reverse("races:screen", args=[race.pk]))
    expect(page.locator("#screen")).to_be_visible()
    assert page.locator("nav.site-bar").count() == 0  # no site bar: nothing to press
    screen = page.locator("#screen").bounding_box()
    assert screen is not None and screen["width"] >= 0.95 * SCREEN["width"]
    for selector in ("#prompt-text", ".big-screen-table td", ".big-screen-log li"):
        size = page.locator(selector).first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= READABLE_PX, (selector, size)
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    table = page.locator(".big-screen-table").bounding_box()
    assert table is not None and table["x"] + table["width"] <= SCREEN["width"]


# Issue 32: the room's screen at 1920×1080 drew the strip over some 60 % of its width and cut
# the cars' names ("4 Silv…").
CARS = (
    "Silver Arrow",
    "Scuderia Spaghetti 1",
    "Scuderia Spaghetti 2",
    "Red",
    "Boxbox Racing 1",
    "Boxbox Racing 2",
    "Chicane Chancers 1",
    "Chicane Chancers 2",
)


@pytest.fixture
def long_names(django_user_model) -> Race:
    """An eight-car Season Pass race at the table, the cars under long names."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    for team in ("Arrows", "Scuderia Spaghetti", "Boxbox Racing", "Chicane Chancers"):
        team_create(league=league, name=team, driver_names=[f"{team} A", f"{team} B"])
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    return round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, CARS, strict=True))
    )


@pytest.mark.parametrize("size", [SCREEN, {"width": 1280, "height": 720}], ids=["1080", "720"])
def test_the_big_screen_draws_the_strip_the_whole_width_with_every_name_in_full(
    page: Page, live_server, login, long_names, size
):
    login("org", "secret-pass")
    page.set_viewport_size(size)
    page.goto(live_server.url + reverse("races:screen", args=[long_names.pk]))
    expect(page.locator("#race-strip")).to_be_visible()
    strip = page.locator("#race-strip").bounding_box()
    assert strip is not None and strip["width"] >= 0.95 * size["width"], strip
    for car in CARS:
        box = page.locator(f'#race-strip [data-car="{car}"]')
        name = box.locator(".strip-name")
        assert name.text_content().endswith(f" {car}")  # "4 Silver Arrow", not "4 Silv…"
        assert box.evaluate("el => el.scrollWidth <= el.clientWidth"), car  # not cut
        size_px = name.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
        assert size_px >= READABLE_PX * size["height"] / SCREEN["height"], (car, size_px)
        # The table's name of the car is not cut either.
        cell = page.locator(f'.big-screen-table tr[data-car="{car}"] td').first
        assert cell.evaluate("el => el.scrollWidth <= el.clientWidth"), car
    # The boxes share the screen's width: the last of each line ends at the strip's right edge.
    right = strip["x"] + strip["width"]
    ends = [
        box["x"] + box["width"]
        for box in (page.locator(f'#race-strip [data-car="{car}"]').bounding_box() for car in CARS)
        if box is not None
    ]
    assert max(ends) >= right - 2
    table = page.locator(".big-screen-table").bounding_box()
    assert table is not None and table["width"] >= 0.6 * size["width"], table
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
