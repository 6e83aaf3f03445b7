"""A ruling kept with the turn, on a 390 px phone: the organiser writes the house rules, the
referee enters rolls at the table, attaches a ruling to the entry just made (naming a heading of
the house rules), and anyone sees it on the league's Rulings page beside the entry in words,
its heading a link to the rule."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Role
from league.services.house_rules import house_rules_set
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from races.services.entries import undo_target
from tests.factories import published
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
RULES = "# Blocked cars\n\nA blocked car brakes.\n\n## Pit lane\n\nNo overtaking in the pits."


def test_the_referee_attaches_a_ruling_at_the_table_and_it_is_on_the_rulings_page(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    referee = django_user_model.objects.create_user("ref", password="secret-pass")
    league = published(league_create(name="Garage League", organiser=organiser))
    member_add(league=league, user=referee, role=Role.REFEREE)
    for team, names in {"Red Herrings": ["Ann", "Bob"], "Blue Moons": ["Cid", "Dot"]}.items():
        team_create(league=league, name=team, driver_names=names)
    house_rules_set(league=league, text=RULES, expected_version=0)
    season = season_open(league=league, preset="Spring")
    drivers = [driver for team in league.teams.order_by("pk") for driver in team.drivers.all()]
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True)),
    )
    drive(race, 5, seed=4, who=referee)
    race.refresh_from_db()
    entry = undo_target(race)
    page.set_viewport_size(PHONE)
    login("ref", "secret-pass")

    page.goto(live_server.url + reverse("races:ruling_new", args=[race.pk]))
    expect(page.locator("#ruling")).to_contain_text(f"Entry #{entry.seq}: {entry.summary()}")
    page.get_by_label("The ruling, in a sentence").fill("Blue was blocked: it brakes, no spin.")
    page.get_by_label("Under the house rules' heading").select_option("Blocked cars")
    button = page.get_by_role("button", name=f"Keep this ruling with entry #{entry.seq}")
    box = button.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"], "the button is below the fold"
    button.click()
    expect(page.locator("#ruling-made")).to_contain_text("Blue was blocked: it brakes, no spin.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.get_by_role("button", name="Log out").click()
    page.goto(live_server.url + reverse("races:rulings", args=[league.slug]))
    line = page.locator("#rulings li").first
    expect(line).to_contain_text(f"entry #{entry.seq}")
    expect(line).to_contain_text(entry.summary())
    expect(line).to_contain_text("Blue was blocked: it brakes, no spin.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    line.get_by_role("link", name="Blocked cars").click()
    expect(page.locator("#rule-blocked-cars")).to_have_text("Blocked cars")
