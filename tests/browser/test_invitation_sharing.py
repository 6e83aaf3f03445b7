"""An invitation link's Copy and Share buttons (static/js/share.js): Copy writes the link to the
clipboard, or selects it where the browser has no clipboard to write to; Share hands it to the
phone's share sheet, and shows only where there is one (issue 22)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, expect

from league.services.leagues import league_create
from league.services.members import invitation_create

pytestmark = pytest.mark.django_db(transaction=True)

NO_CLIPBOARD = "Object.defineProperty(navigator, 'clipboard', {value: undefined});"
A_SHARE_SHEET = "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"


@pytest.fixture
def invitation_link(live_server, django_user_model) -> tuple[str, str]:
    """(the members page, the link of the referee's invitation listed there)."""
    organiser = django_user_model.objects.create_user("organiser", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    invitation = invitation_create(league=league, role="referee", made_by=organiser)
    members = live_server.url + reverse("league:members", args=[league.slug])
    return members, live_server.url + invitation.get_absolute_url()


def link_box(page: Page):
    return page.locator("#invitations .share-link")


def test_copy_puts_the_link_on_the_clipboard(
    page: Page, context: BrowserContext, login, invitation_link
):
    members, link = invitation_link
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    login("organiser", "secret-pass")
    page.goto(members)
    link_box(page).get_by_role("button", name="Copy").click()
    expect(link_box(page).get_by_role("status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    expect(link_box(page).get_by_role("button", name="Share")).to_be_hidden()


def test_without_a_clipboard_copy_selects_the_link(
    page: Page, context: BrowserContext, login, invitation_link
):
    members, link = invitation_link
    context.add_init_script(NO_CLIPBOARD)
    login("organiser", "secret-pass")
    page.goto(members)
    link_box(page).get_by_role("button", name="Copy").click()
    expect(link_box(page).get_by_role("status")).to_contain_text("Selected")
    assert page.evaluate("window.getSelection().toString()").strip() == link


def test_share_hands_the_link_to_the_share_sheet_where_there_is_one(
    page: Page, context: BrowserContext, login, invitation_link
):
    members, link = invitation_link
    context.add_init_script(A_SHARE_SHEET)
    login("organiser", "secret-pass")
    page.goto(members)
    link_box(page).get_by_role("button", name="Share").click()
    shared = page.wait_for_function("window.shared").json_value()
    assert shared == {"title": "Garage League: your invitation as Referee", "url": link}
