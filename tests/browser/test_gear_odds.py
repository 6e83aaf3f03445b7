"""The gear odds on a 390 px phone: a Formula D car in 6th (five gears to choose from) three
spaces from a corner's last space, the finish line in reach; every gear's table fits the width
without sideways scrolling, and a tap on a distance chip shows that distance's odds."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.services.entries import race_state
from rules import engine
from rules.engine.pieces import with_car
from tests.factories import published
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


def test_the_gear_odds_fit_a_phone(page: Page, live_server, login, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Odds Club", organiser=organiser, ruleset="formula_d")
    league.settings = {**league.settings, "gear_odds": True}
    league.save(update_fields=["settings"])
    published(league)
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Home")])
    starters = list(zip(Driver.objects.order_by("pk"), ("red", "blue", "green"), strict=True))
    race = round_start_at_table(round_=season.rounds.get(), starters=starters)
    while (prompt := engine.prompts(race_state(race))[0]).kind != "gear":
        drive(race, 1, seed=race.seq)
    race.state = engine.state_to_dict(with_car(race_state(race), prompt.car, gear=6))
    race.save(update_fields=["state"])
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)

    # From the gear prompt: one link below the gears' rows, on the phone's first screen.
    page.goto(live_server.url + race.get_absolute_url())
    link = page.locator("#gear-odds-link")
    expect(link).to_have_count(1)
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    link.click()
    expect(page.get_by_text("Spaces to the corner's last space")).to_be_visible()
    assert page.url.endswith(reverse("races:odds", args=[race.pk]))

    page.goto(live_server.url + reverse("races:odds", args=[race.pk]) + "?stops=1&to_line=25")
    expect(page.get_by_text("Spaces to the corner's last space")).to_be_visible()
    corner = page.get_by_role("group", name="Spaces to the corner")
    corner.get_by_role("link", name="3", exact=True).click()
    tables = page.locator("table.odds-table")
    expect(tables).to_have_count(5)
    expect(page.locator("caption", has_text="6th gear")).to_be_visible()
    assert "to_corner=3" in page.url
    # 6th gear (21-30, three times) 3 spaces out: always 3+ over; reaches a line 25 away 6 in 10.
    sixth = page.locator("table.odds-table", has_text="6th gear")
    expect(sixth.locator("tr", has_text="Over by 3+")).to_contain_text("100%")
    expect(sixth.locator("tr", has_text="Reaches the line")).to_contain_text("60%")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for table in tables.all():
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
