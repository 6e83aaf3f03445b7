"""The organiser enters a penalty from the season page and sees it in the standings, the public
list of adjustments and the CSV; then drops the worst result and sees it struck through
(issue 22), on a phone."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from tests.factories import published
from tests.league.test_services import play_rounds

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = 390


def test_the_organiser_enters_a_penalty_and_sees_it_in_the_standings_and_the_csv(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = published(league_create(name="Stewards", organiser=organiser))
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    play_rounds(season, drivers, (1, 2))  # every car finishes, in that order
    login("org", "secret-pass")
    page.set_viewport_size({"width": PHONE, "height": 844})
    page.goto(live_server.url + season.get_absolute_url())
    standings = page.locator("#driver-standings")
    ann = standings.locator("tr", has_text="Ann")
    before = int(ann.locator("td.fw-bold").inner_text().split()[0])

    page.locator("#adjustments-link").click()
    page.get_by_label("Driver or team").select_option(label="Ann (Reds)")
    page.get_by_label("Round", exact=True).select_option(label="Round 1, Imola")
    page.get_by_label("Points (-5 takes five, +2 gives two)").fill("-5")
    page.get_by_label("Reason (shown publicly)").fill("Contact at Tosa")
    page.get_by_role("button", name="Enter the adjustment").click()
    expect(page.get_by_text("-5 points for Ann: entered.")).to_be_visible()
    expect(page.locator("#adjustments")).to_contain_text("Contact at Tosa")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE

    page.goto(live_server.url + season.get_absolute_url())
    expect(ann.locator("td.fw-bold")).to_contain_text(str(before - 5))
    expect(ann.locator(".adjustment")).to_have_text("-5")
    expect(page.locator("#season-adjustments")).to_contain_text(
        "-5 points for Ann, round 1: Contact at Tosa"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE

    with page.expect_download() as download:
        page.evaluate(
            "url => { const a = document.createElement('a'); a.href = url; a.download = '';"
            " document.body.append(a); a.click(); }",
            f"{live_server.url}/{league.slug}/seasons/1/drivers.csv",
        )
    text = Path(download.value.path()).read_text(encoding="utf-8")
    rows = {row[1]: row for row in csv.reader(io.StringIO(text))}
    assert rows["Driver"][3:6] == ["Points", "Adjustment", "Dropped"]
    assert rows["Ann"][3:5] == [str(before - 5), "-5"]

    # Only the best result counts: each driver's other round is struck through.
    page.goto(live_server.url + season.get_absolute_url() + "adjustments/")
    page.get_by_label("Which results count").select_option(label="Only the best N results count")
    page.get_by_label("N or K").fill("1")
    page.get_by_role("button", name="Save which results count").click()
    expect(page.get_by_text("Which results count is saved.")).to_be_visible()
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#counted-rule")).to_contain_text("best result counts")
    expect(ann.locator("s[title=dropped]")).to_have_count(1)
