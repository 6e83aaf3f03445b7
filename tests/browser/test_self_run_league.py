"""A league run by its own people, start to end, on a phone (issue 22): a newcomer signs up,
makes a league, which stays private; invites a referee with the link's Copy button, who joins
with it; publishes the league; and enters a penalty that the standings and the CSV show."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from league.models import Driver, League, Role
from league.services.seasons import season_open
from league.services.teams import team_create
from tests.league.test_services import play_rounds

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url


def test_a_newcomer_runs_a_league_of_their_own_from_sign_up_to_a_penalty_in_the_csv(
    page: Page, context: BrowserContext, browser: Browser, live_server
):
    page.set_viewport_size(PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])

    # Sign up: no invitation needed, signed in at once.
    page.goto(live_server.url + "/login/")
    page.get_by_role("link", name="Sign up").last.click()
    page.get_by_label("Username").fill("casey")
    page.locator("#id_password1").fill("long enough 1")
    page.locator("#id_password2").fill("long enough 1")
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    fits(page)

    # A league of their own, private until they publish it.
    page.get_by_role("link", name="New league").click()
    page.get_by_label("Name").fill("Casey's Cup")
    page.get_by_role("button", name="Create league").click()
    expect(page.locator("#published-badge")).to_have_text("Not published")
    league = League.objects.get(name="Casey's Cup")
    assert not league.published
    assert Client().get(league.get_absolute_url()).status_code == 404  # outsiders see nothing
    fits(page)

    # A referee invited with the link's Copy button joins with the link copied.
    page.get_by_role("link", name="Members").first.click()
    page.get_by_label("Role", exact=True).select_option(value="referee")
    page.get_by_role("button", name="Make an invitation link").click()
    listed = page.locator("#invitations .share-link").first
    listed.get_by_role("button", name="Copy").click()
    expect(listed.get_by_role("status")).to_have_text("Copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert "/join/" in link
    fits(page)
    referee = browser.new_context(viewport=PHONE)
    joining = referee.new_page()
    joining.goto(link)
    joining.get_by_label("Username").fill("robin")
    joining.locator("#id_password1").fill("long enough 1")
    joining.locator("#id_password2").fill("long enough 1")
    joining.get_by_role("button", name="Join").click()
    expect(joining.get_by_text("Welcome to Casey's Cup, as Referee")).to_be_visible()
    referee.close()
    assert league.memberships.get(user__username="robin").role == Role.REFEREE

    # Published: anyone may see it now.
    page.goto(live_server.url + league.get_absolute_url() + "publish/")
    page.get_by_role("button", name="Publish it: anyone may see it").click()
    expect(page.locator("#published-badge")).to_have_text("Published")
    assert Client().get(league.get_absolute_url()).status_code == 200

    # Two rounds raced (typed in elsewhere), then a penalty from the season page.
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
    play_rounds(season, drivers, (1, 2))  # every car finishes, in that order
    page.goto(live_server.url + season.get_absolute_url())
    ann = page.locator("#driver-standings tr", has_text="Ann")
    before = int(ann.locator("td.fw-bold").inner_text().split()[0])
    page.locator("#adjustments-link").click()  # the penalties page
    page.get_by_label("Driver or team").select_option(label="Ann (Reds)")
    page.get_by_label("Round", exact=True).select_option(label="Round 1, Imola")
    page.get_by_label("Points (-5 takes five, +2 gives two)").fill("-3")
    page.get_by_label("Reason (shown publicly)").fill("Jumped the start")
    page.get_by_role("button", name="Enter the adjustment").click()
    expect(page.get_by_text("-3 points for Ann: entered.")).to_be_visible()
    page.goto(live_server.url + season.get_absolute_url())
    expect(ann.locator("td.fw-bold")).to_contain_text(str(before - 3))
    expect(page.locator("#season-adjustments")).to_contain_text("Jumped the start")
    fits(page)

    # The CSV as a visitor downloads it: the league is public.
    exported = Client().get(f"/{league.slug}/seasons/1/drivers.csv")
    rows = {row[1]: row for row in csv.reader(io.StringIO(exported.content.decode()))}
    assert rows["Driver"][3:5] == ["Points", "Adjustment"]
    assert rows["Ann"][3:5] == [str(before - 3), "-3"]
