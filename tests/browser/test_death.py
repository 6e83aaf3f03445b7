"""A Formula... Death! league made from the home page and a short two-car race run at the table
on a phone-sized page: the cards chosen once the grid is set, a Turbo's two gears up and its roll
in one tap, an attack that hits, the wreckage it leaves rolled for, then on to the result in the
standings, in headless Chromium."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.browser.league_race import (
    play_to_the_end,
    season_from_home_page,
    start_at_the_table,
    write_the_result,
)
from tests.browser.referee import enter

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)

RED_CARDS = {"weapon_1": "Rear MG", "weapon_2": "Acid Jets", "defence": "Chaff Release",
             "utility": "Turbo"}  # fmt: skip
BLUE_CARDS = {"weapon_1": "Forward MG", "weapon_2": "Megaton Missiles", "defence": "Bravado",
              "utility": "Drop Clutch"}  # fmt: skip


def step(page: Page, race: Race, kind: str, data: dict | None = None) -> None:
    """Enter `data` on the turn page for the prompt of `kind` the race asks for now."""
    race.refresh_from_db()
    assert engine.prompts(race_state(race))[0].kind == kind
    enter(page, race.version, kind, data)


def test_a_death_league_and_a_short_race_with_an_attack_on_a_phone(
    page: Page, live_server, logged_in_organiser
):
    season = season_from_home_page(
        page,
        live_server.url,
        name="Death Race",
        rule_set="death",
        settings=lambda page: page.get_by_label("Upgrade cards: dealt at random, or picked in"),
        title="Formula... Death! · organiser org",
        teams={"Ann's": ["Ann"], "Bob's": ["Bob"]},
    )
    round_one = season.rounds.get()

    start_at_the_table(page, live_server.url, round_one, {"Ann": "red", "Bob": "blue"})
    race = Race.objects.get(round=round_one)
    for _car in ("red", "blue"):
        race.refresh_from_db()
        car = engine.prompts(race_state(race))[0].car
        step(page, race, "grid_roll", {"value": 18 if car == "red" else 3})

    # The cards, Red first (dealt: in grid order), from the printed lists.
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann)'s cards")
    step(page, race, "cards", RED_CARDS)
    step(page, race, "cards", BLUE_CARDS)
    expect(page.locator("#dashboard")).to_contain_text("Turbo")

    for event in (
        ("start_roll", {"value": 10}),
        ("move", {"roll": 2}),
        ("start_roll", {"value": 10}),
        ("move", {"roll": 1}),
        ("attack_order", None),  # the proposal: Red leads, Blue attacks first
        ("attack", {"action": "reload:0"}),  # Blue's Forward MG ready
        ("attack", {"action": "reload:1"}),  # Red's Acid Jets ready
        # No car moved in the Attack Phase: the standing confirmed for it is the next round's
        # order of play, not asked again (issue 20).
    ):
        step(page, race, *event)

    # Turbo: Red from 1st to 3rd, and the roll in the same tap.
    race.refresh_from_db()
    form = page.locator("#event-form")
    form.locator('button[name="gear:roll"][value="3:5"]').click()
    page.wait_for_function(
        "v => document.querySelector('#event-form input[name=version]').value !== String(v)",
        arg=race.version,
    )
    race.refresh_from_db()
    (red,) = (view for view in engine.dashboard(race_state(race)) if view.car == "red")
    assert (red.value("gear"), red.spaces) == (3, 2 + 5)

    for event in (
        ("gear", {"gear": 1}),
        ("move", {"roll": 1}),
        ("attack_order", None),
        ("attack", {"action": "fire:0"}),
        ("aim", {"target": "red", "spaces": 2}),
        ("hit_roll", {"value": 8}),  # the Forward MG's accuracy: a hit
    ):
        step(page, race, *event)
    race.refresh_from_db()
    assert race_state(race).arms("red").damage == 10 - 1  # no armour to it
    expect(page.locator("#log")).to_contain_text("a hit on Red")

    # The hit leaves wreckage where Red stands; Blue passes over it next round: a wreckage roll,
    # asked and entered under its own name, and a 1 costs Blue a point and clears the marker.
    step(page, race, "attack", {"action": "pass"})
    (wreckage,) = engine.damage_markers(race_state(race))
    assert wreckage.car == "red"
    for event in (
        ("gear", {"gear": 2}),
        ("move", {"roll": 3}),
        ("gear", {"gear": 2}),
        ("move", {"roll": 3, "markers": [wreckage.key]}),
    ):
        step(page, race, *event)
    expect(page.locator("#prompt-text")).to_contain_text("Blue (Bob) passed over the wreckage")
    step(page, race, "wreckage_roll", {"value": 1})
    expect(page.locator("#log")).to_contain_text("wreckage roll")
    race.refresh_from_db()
    assert wreckage not in engine.damage_markers(race_state(race))

    play_to_the_end(page, race, seed=11, most_entries=300)
    write_the_result(page, round_one)
    points = sorted(round_one.entries.values_list("points", flat=True))
    assert points[-1] > 0
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator("#driver-standings")).to_contain_text(str(points[-1]))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the standings scroll sideways on a phone"
