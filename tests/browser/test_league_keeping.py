"""On a 390 px phone the organiser downloads the league's backup and archives the league, then
brings it back, by tapping the league page's buttons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from league.models import League
from league.services.leagues import league_create
from league.services.teams import team_create

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = 390


def test_the_organiser_downloads_a_backup_and_archives_the_league_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    login("org", "secret-pass")
    page.set_viewport_size({"width": PHONE, "height": 844})
    page.goto(live_server.url + league.get_absolute_url())
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE

    with page.expect_download() as download:
        page.get_by_role("link", name="Download a backup").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert download.value.suggested_filename.startswith("paddock-garage-league-")
    assert [row["name"] for row in saved["tables"]["league.driver"]] == ["Ann", "Bob"]

    page.get_by_role("button", name="Archive this league").click()
    expect(
        page.get_by_text("listed under Archived on its members' home page, everything kept")
    ).to_be_visible()
    assert League.objects.get(pk=league.pk).is_archived
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    page.get_by_role("button", name="Restore it from the archive").click()
    expect(page.get_by_text("Garage League is back on the list")).to_be_visible()
    assert not League.objects.get(pk=league.pk).is_archived
