"""The new-league form picks the browser's own time zone (static/js/time-zone.js, under the
site's CSP) until someone picks another, and keeps a zone picked when the rule set changes."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import League

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.browser_context_args(timezone_id="Asia/Tokyo")
def test_a_league_is_made_in_the_browser_s_time_zone(page: Page, live_server, logged_in_organiser):
    page.goto(live_server.url + reverse("league:league_new"))
    expect(page.get_by_label("Time zone")).to_have_value("Asia/Tokyo")
    page.get_by_label("Name").fill("Tokyo Nights")
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_text("Times in Asia/Tokyo")).to_be_visible()
    assert League.objects.get(name="Tokyo Nights").time_zone == "Asia/Tokyo"


@pytest.mark.browser_context_args(timezone_id="Asia/Tokyo")
def test_a_zone_picked_stays_picked_when_the_rule_set_changes(
    page: Page, live_server, logged_in_organiser
):
    page.goto(live_server.url + reverse("league:league_new"))
    page.get_by_label("Time zone").select_option("Europe/Paris")
    with page.expect_response(lambda answer: "ruleset=mini" in answer.url):
        page.get_by_label("Rule set").select_option("mini")
    expect(page.get_by_label("Damage points each car starts a race with")).to_be_visible()
    expect(page.get_by_label("Time zone")).to_have_value("Europe/Paris")
