"""The big screen for the room (issue 21), on a 1920×1080 screen: the whole width, no site bar,
text large enough to read from three metres, nothing cut off or scrolling sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

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
