"""The turn page of a Formula D race in French on a 390 × 844 phone (issue 34): French words are
longer than English ones, and no button's text may overflow its button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

# Every visible button (and label or link drawn as one) whose text is wider than its box.
OVERFLOWING = """() => [...document.querySelectorAll("button, .btn, summary")]
  .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth)
  .map((element) => [element.textContent.trim(), element.scrollWidth, element.clientWidth])"""


def test_no_button_text_overflows_on_the_french_turn_page_of_a_formula_d_race(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Club du Grand Prix", organiser=organiser, ruleset="formula_d")
    for name in ("Anne-Sophie", "Bertrand", "Céline", "Dominique"):
        team_create(league=league, name=f"Écurie {name}", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Monaco")])
    drivers = list(Driver.objects.order_by("pk"))
    cars = ("red", "blue", "green", "yellow")
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, cars, strict=True))
    )
    page.set_viewport_size(PHONE)
    login("org", "secret-pass")  # the login fixture reads the English labels
    page.set_extra_http_headers({"Accept-Language": "fr-FR,fr;q=0.9"})
    kinds = set()
    for _step in range(16):
        page.goto(live_server.url + race.get_absolute_url())
        assert page.locator("html").get_attribute("lang") == "fr"
        kinds.add(page.locator("#event-form").get_attribute("data-kind"))
        overflowing = page.evaluate(OVERFLOWING)
        assert overflowing == [], (page.locator("#prompt-text").inner_text(), overflowing)
        # Open every "?" and "More" too: their words are buttons' words as well.
        for summary in page.locator("#prompt summary").all():
            if summary.is_visible():
                summary.click()
        assert page.evaluate(OVERFLOWING) == []
        drive(race, 3, seed=race.seq)
    assert {"grid_roll", "gear"} <= kinds, kinds
