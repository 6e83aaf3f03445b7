"""Every public page of a published league fits a 390 px phone without sideways scrolling,
seen without an account (issue 12): wide tables scroll inside their own box, the chart scales
to the page."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page

from bench import builders
from league.models import Driver, Team
from league.services.rounds import round_session_set
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_every_public_page_fits_a_390_px_phone(page: Page, live_server):
    league = builders.league_with_history(
        organiser=UserFactory(), name="A league with a rather long name for a phone", seasons=2
    )
    # The latest season halfway through: its page has the chart, the title race and the forecast.
    latest = league.seasons.get(number=2)
    latest.rounds.filter(number__gt=5).update(status="scheduled")
    round_ = latest.rounds.get(number=6)
    round_session_set(
        round_=round_,
        starts_at=datetime(2026, 12, 3, 19, 30, tzinfo=UTC),
        venue="The back room of a long-named games shop, High Street",
        expected_version=round_.version,
    )
    team = Team.objects.filter(league=league).order_by("pk").first()
    driver = Driver.objects.filter(team__league=league).order_by("pk").first()
    pages = {
        "home": "/",
        "league": league.get_absolute_url(),
        "season": latest.get_absolute_url(),
        "ended season": league.seasons.get(number=1).get_absolute_url(),
        "season-end report": f"/{league.slug}/seasons/1/report/",
        "round finished": f"/{league.slug}/seasons/2/rounds/1/",
        "round scheduled": round_.get_absolute_url(),
        "team": team.get_absolute_url(),
        "team tracking sheet": f"/{league.slug}/teams/{team.pk}/sheet/",
        "driver": driver.get_absolute_url(),
    }
    page.set_viewport_size(PHONE)
    too_wide = {}
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status, (name, response.status)
        assert response.status == 200, (name, response.status)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[name] = width
    assert too_wide == {}
    page.goto(live_server.url + latest.get_absolute_url())
    assert page.locator("#drivers-chart svg").bounding_box()["width"] <= PHONE["width"]
    # The standings come first; the title race is folded below them, open at a tap.
    standings = page.locator("#driver-standings").bounding_box()
    schedule = page.get_by_role("heading", name="Schedule").bounding_box()
    assert standings["y"] < schedule["y"]
    assert standings["y"] < page.locator("#title-race").bounding_box()["y"]
    assert not page.locator("#title-forecast").is_visible()
    page.get_by_text("The title race").click()
    assert page.locator("#title-forecast").is_visible()


def test_the_team_tracking_sheet_and_the_chart_print_without_the_sites_chrome(
    page: Page, live_server
):
    league = builders.league_with_history(organiser=UserFactory(), name="Paper", seasons=1)
    league.seasons.get(number=1).rounds.filter(number__gt=5).update(status="scheduled")
    team = Team.objects.filter(league=league).order_by("pk").first()
    page.emulate_media(media="print")
    page.goto(f"{live_server.url}/{league.slug}/teams/{team.pk}/sheet/")
    assert not page.locator("nav.navbar").is_visible()
    assert not page.get_by_role("button", name="Print").is_visible()
    assert page.locator("#sheet-drivers").is_visible()
    assert page.locator("#sheet-rounds").is_visible()
    page.goto(live_server.url + league.seasons.get(number=1).get_absolute_url())
    assert not page.locator("nav.navbar").is_visible()
    assert page.locator("#drivers-chart svg").is_visible()
    assert page.locator("#title-forecast").is_visible()
