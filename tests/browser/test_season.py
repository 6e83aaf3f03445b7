"""A Season Pass season played through the real pages in headless Chromium, htmx and all:
from an empty league to the next season's first race."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver, DriverStatus, Season

pytestmark = pytest.mark.django_db(transaction=True)


def play_round(page: Page, places: dict[str, str], out: dict[str, tuple[str, str]]) -> None:
    """Start with the proposed starters, enter `places` of finishers and `out` cars
    (name -> (spaces covered, overshoot))."""
    page.get_by_role("button", name="Start the race").click()
    expect(page.get_by_role("heading", name="Result")).to_be_visible()
    for name, place in places.items():
        page.get_by_label(f"Place of {name}").fill(place)
    for name, (distance, overshoot) in out.items():
        page.locator(".result-line", has_text=name).locator("select").select_option("overshoot")
        page.get_by_label(f"Spaces covered by {name}").fill(distance)
        page.get_by_label(f"Overshoot of {name}").fill(overshoot)
    page.get_by_role("button", name="Enter the result").click()


def roll_injury(page: Page, column: str, value: int) -> None:
    expect(page.locator("#round-panel")).to_contain_text(f"against the {column} column")
    page.locator(".keypad").get_by_role("button", name=str(value), exact=True).click()


def test_a_season_from_an_empty_league_to_the_next_seasons_first_race(
    page: Page, live_server, login, django_user_model
):
    django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")

    page.get_by_role("link", name="New league").click()
    page.get_by_label("Name").fill("Garage League")
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_role("heading", name="Garage League")).to_be_visible()

    for team, drivers in (("Reds", ("Ann", "Bob")), ("Blues", ("Cid", "Dot"))):
        page.get_by_role("link", name="Add a team").click()
        page.get_by_label("Team name").fill(team)
        page.get_by_label("Driver 1").fill(drivers[0])
        page.get_by_label("Driver 2").fill(drivers[1])
        page.get_by_role("button", name="Create team").click()
        expect(page.get_by_text(f"{team} joins Garage League.")).to_be_visible()

    page.get_by_role("link", name="Open the first season").click()
    page.get_by_label("Race 1 (2x points)").select_option(label="Imola (6)")
    page.get_by_label("Race 2", exact=True).select_option(label="Monza (8)")
    page.get_by_role("button", name="Open season").click()
    expect(page.get_by_text("Season 1 is open (Season Pass).")).to_be_visible()

    # Round 1, Imola: Dot overshoots by 3 and rolls the document's 1, 2, 10, 12.
    page.get_by_role("link", name="Imola (6)").click()
    expect(page.get_by_text("races as Rookie")).to_have_count(4)
    play_round(page, {"Ann": "1", "Bob": "2", "Cid": "3"}, {"Dot": ("30", "3")})
    roll_injury(page, "Blue", 1)
    roll_injury(page, "Orange", 2)
    roll_injury(page, "Red", 10)
    roll_injury(page, "Black", 12)
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    expect(page.locator("#round-result")).to_contain_text("severity 4: misses 4 races")

    # Round 2, Monza: Dot is injured and cannot be ticked.
    page.get_by_role("link", name="Season 1").click()
    page.get_by_role("link", name="Monza (8)").click()
    expect(page.locator("label", has_text="Dot")).to_contain_text("Dot has 4 races still to miss")
    expect(page.get_by_role("checkbox", name=re.compile("^Dot"))).to_be_disabled()
    play_round(page, {"Cid": "1", "Ann": "2", "Bob": "3"}, {})
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("Round 2 is in the standings.")).to_be_visible()

    page.get_by_role("link", name="Season 1").click()
    standings = page.locator("#driver-standings")
    # Ann: 200 (1st of 4, double) + 60 (2nd of 4) = 260.
    expect(standings.locator("tr", has_text="Ann")).to_contain_text("260")

    page.get_by_role("link", name="End the season: heal, age, retire").click()
    expect(page.get_by_role("heading", name="End season 1?")).to_be_visible()
    page.get_by_role("button", name="End season 1").click()
    expect(page.locator("#season-end-report")).to_be_visible()
    expect(page.locator("#season-end-report tr", has_text="Dot")).to_contain_text("retires")
    page.get_by_role("link", name=re.compile(r"^Season 2")).click()

    # Season 2 keeps the custom tracks; Dot (XP -6 after aging) has retired.
    page.get_by_role("link", name="Imola (6)").click()
    expect(page.get_by_text("Dot")).to_have_count(0)
    play_round(page, {"Ann": "1", "Bob": "2", "Cid": "3"}, {})
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()

    assert Season.objects.get(number=2).rounds.get(number=1).is_finished
    assert Driver.objects.get(name="Dot").status == DriverStatus.RETIRED
