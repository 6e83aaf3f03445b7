"""A round's buttons answer in place (htmx): when the answer is a whole page instead, it goes
where a page goes, not into the panel: the login page (the session has ended) takes the window
and comes back; a 403 (the person may no longer do that) takes the page's main part."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import Page, expect

from league.models import Role
from league.services.leagues import league_create, league_publish_set
from league.services.members import member_add, member_remove
from league.services.seasons import season_open
from league.services.teams import team_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def round_one(django_user_model):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = season_open(league=league, preset="Spring")
    return season.rounds.get(number=1)


def test_a_session_ended_in_another_tab_leads_to_the_login_page_and_back(
    page: Page, live_server, login, round_one
):
    login("org", "secret-pass")
    page.goto(live_server.url + round_one.get_absolute_url())
    # Logged out elsewhere, or the session expired: the session's cookie is gone.
    page.context.clear_cookies(name="sessionid")
    page.get_by_role("button", name="Start the race").click()

    expect(page).to_have_url(re.compile(r"/login/\?next="))
    assert unquote(page.url.split("next=")[1]) == round_one.get_absolute_url()
    expect(page.locator("nav.navbar")).to_have_count(1)
    page.get_by_label("Username").fill("org")
    page.get_by_label("Password").fill("secret-pass")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(live_server.url + round_one.get_absolute_url())


@pytest.mark.parametrize("debug", [True, False])
def test_a_referee_removed_meanwhile_sees_why_in_the_page_not_a_page_in_the_panel(
    page: Page, live_server, login, round_one, django_user_model, settings, debug
):
    """With DEBUG on (`make run`) as in production: django-htmx's debug handler used to take
    a 403 over, and the site's Content-Security-Policy refused the script it runs."""
    settings.DEBUG = debug
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    referee = django_user_model.objects.create_user("ref", password="secret-pass")
    membership = member_add(league=round_one.season.league, user=referee, role=Role.REFEREE)
    league_publish_set(league=round_one.season.league, published=True)
    login("ref", "secret-pass")
    page.goto(live_server.url + round_one.get_absolute_url())
    member_remove(membership=membership)
    page.get_by_role("button", name="Start the race").click()

    expect(page.locator("main")).to_contain_text("Not allowed")
    expect(page.locator("nav.navbar")).to_have_count(1)
    assert errors == []
