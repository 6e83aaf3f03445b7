"""The site bar's language on a 390 px phone (issue 34): one tap puts the site in French, the
choice kept on the account, and the bar still fits."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Profile

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def test_one_tap_on_the_site_bar_puts_the_site_in_french_and_back(
    page: Page, live_server, login, django_user_model
):
    user = django_user_model.objects.create_user("organiser", password="secret-pass")
    login("organiser", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("league:account"))
    fits(page)
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.url.endswith(reverse("league:account"))  # back to the page it was tapped on
    fits(page)
    assert Profile.objects.get(user=user).language == "fr"
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")
    assert Profile.objects.get(user=user).language == "en-gb"
