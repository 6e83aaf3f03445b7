"""Every page used at the table fits a 390 px phone without sideways scrolling, with seven cars:
the round's result form (a block per car, every input in reach), the finished round and the
standings, the turn helper mid-race, its log and the take-back confirmation; and the gear
prompt with the most gears a car may choose, each with its die's faces, fits the first screen."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.results import EntryOutcome, round_result_record
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from races.services.entries import race_state
from rules import engine
from rules.engine.pieces import with_car
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
TEAMS = {
    "Boxbox Racing": ["Pitt Stoppard", "Tyra Wear"],
    "Scuderia Spaghetti": ["Luigi Lentissimo", "Enzo Espresso"],
    "Chicane Chancers": ["Dusty Apex", "Skid Row"],
    "Slipstream Sisters": ["Polly Position", "Gertie Gearbox"],
}
CARS = ["Red 1", "Red 2", "Blue 1", "Blue 2", "Green 1", "Green 2", "Yellow 1"]


def test_the_pages_used_at_the_table_fit_a_phone(page: Page, live_server, login, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    for team, names in TEAMS.items():
        team_create(league=league, name=team, driver_names=names)
    season = season_open(league=league, preset="Spring")
    round_one, round_two = season.rounds.get(number=1), season.rounds.get(number=2)
    starters = list(zip(Driver.objects.order_by("pk")[:7], CARS, strict=True))
    entries = round_start(round_=round_one, starters=starters)
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)

    def fits(path: str) -> None:
        page.goto(live_server.url + path)
        expect(page.locator("main")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path

    def within_width(label: str) -> None:
        box = page.get_by_label(label).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], label

    fits(round_one.get_absolute_url())  # the result form: Place, Spaces, Overshoot for each car
    for entry in entries:
        for fact in ("Place of", "Spaces covered by", "Overshoot of"):
            within_width(f"{fact} {entry.driver.name}")

    round_result_record(
        round_=round_one,
        outcomes=[
            EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            for place, entry in enumerate(entries, start=1)
        ],
        injury_rolls={},
    )
    fits(round_one.get_absolute_url())
    fits(season.get_absolute_url())

    race = round_start_at_table(round_=round_two, starters=starters)
    drive(race, 40, seed=3, wild=True)
    fits(race.get_absolute_url())
    fits(reverse("races:log", args=[race.pk]))
    fits(reverse("races:undo_back_to", args=[race.pk, 2]))
    fits(reverse("races:replay", args=[race.pk]) + "?round=2")  # steps, scrubber, strip, cars


def test_the_gear_prompt_with_five_gears_and_their_faces_fits_the_first_screen(
    page: Page, live_server, login, django_user_model
):
    """A car in 6th may choose 2nd to 6th: five rows of faces, 34 buttons, all in the first
    screen of a phone and each tall and wide enough for a thumb."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    for team, names in TEAMS.items():
        team_create(league=league, name=team, driver_names=names)
    season = season_open(league=league, preset="Spring")
    starters = list(zip(Driver.objects.order_by("pk")[:7], CARS, strict=True))
    race = round_start_at_table(round_=season.rounds.get(number=1), starters=starters)
    while (prompt := engine.prompts(race_state(race))[0]).kind != "gear":
        drive(race, 1, seed=race.seq)
    race.state = engine.state_to_dict(with_car(race_state(race), prompt.car, gear=6))
    race.save(update_fields=["state"])
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())

    rows = page.locator('[data-widget="gears"] .gear-row')
    expect(rows).to_have_count(5)
    buttons = page.locator('[data-widget="gears"] button').all()
    assert len(buttons) == 5 + 3 + 5 + 6 + 10 + 10  # each gear, then orange to blue's faces
    for button in buttons:
        box = button.bounding_box()
        assert box is not None, button.inner_text()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], button.inner_text()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], button.inner_text()
        assert box["height"] >= 40 and box["width"] >= 36, (button.inner_text(), box)
