"""The organiser's pages of issue 8 fit a 390 px phone: changing the starters, hiring a rookie
from the starters form, reopening a round, editing a track."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Driver, Track
from league.services.leagues import league_create
from league.services.results import EntryOutcome, round_result_record
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from tests.league.test_views import round_url

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = 390


def test_the_organisers_pages_fit_a_phone(page: Page, live_server, login, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    round_one, round_two = season.rounds.get(number=1), season.rounds.get(number=2)
    drivers = list(Driver.objects.order_by("pk"))
    entries = round_start(round_=round_one, starters=[(driver, driver.name) for driver in drivers])
    round_result_record(
        round_=round_one,
        outcomes=[
            EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            for place, entry in enumerate(entries, start=1)
        ],
        injury_rolls={},
    )
    login("org", "secret-pass")
    page.set_viewport_size({"width": PHONE, "height": 844})

    def fits(path: str, heading: str) -> None:
        page.goto(live_server.url + path)
        expect(page.get_by_role("heading", name=heading).first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE, path

    fits(round_url(round_one, "reopen"), "Reopen round 1")
    # A shared track the organiser did not add: offered as a copy of their own.
    fits(reverse("league:track_edit", args=[Track.objects.get(name="Monza").pk]), "Copy Monza")
    # Round 2: hire a rookie from the starters form, then start and change the starters.
    page.goto(live_server.url + round_two.get_absolute_url())
    page.get_by_text("Hire a rookie").click()
    page.get_by_label("For").select_option(label="Reds")
    page.get_by_label("Rookie's name").fill("Eve")
    page.get_by_role("button", name="Hire and list them here").click()
    expect(page.get_by_text("Eve signs for Reds")).to_be_visible()
    expect(page.get_by_label("Car of Eve")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    page.get_by_role("button", name="Start the race").click()
    page.get_by_role("link", name="Change the starters or cancel the start").click()
    expect(page.get_by_role("button", name="Cancel the start")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    page.get_by_role("button", name="Cancel the start").click()
    expect(page.get_by_text("start is cancelled")).to_be_visible()
