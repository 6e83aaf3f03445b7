"""Keypads keep every face on one line, on a phone and on a desktop (the issue reported the
injury keypad wrapping its two-digit faces on a desktop; these guard every width we use)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver
from league.services.leagues import league_create
from league.services.results import EntryOutcome, round_result_enter
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [390, 576, 768, 992, 1280])
def test_the_injury_keypad_keeps_two_digit_faces_on_one_line(
    page: Page, live_server, login, django_user_model, width
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = season_open(league=league, preset="Spring")
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.order_by("pk"))
    ann, bob = round_start(round_=round_, starters=[(driver, driver.name) for driver in drivers])
    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=ann.pk, finished=True, place=1),
            EntryOutcome(
                entry_id=bob.pk,
                finished=False,
                out_reason="overshoot",
                distance=Decimal(30),
                overshoot=2,
            ),
        ],
    )
    login("org", "secret-pass")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + round_.get_absolute_url())
    keypad = page.locator(".keypad").first
    expect(keypad).to_be_visible()
    heights = {
        button.inner_text(): button.bounding_box()["height"]
        for button in keypad.locator("button").all()
    }
    assert heights["1"] == heights["20"] == max(heights.values()), heights
    lines = page.evaluate(
        "[...document.querySelectorAll('.keypad button')].map(b => b.getClientRects().length)"
    )
    assert set(lines) == {1}
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [390, 768, 1280])
def test_the_turn_helper_s_black_die_keypad_keeps_two_digit_faces_on_one_line(
    page: Page, live_server, login, django_user_model, width
):

    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, "AB", strict=True))
    )
    login("org", "secret-pass")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + race.get_absolute_url())
    lines = page.evaluate(
        "[...document.querySelectorAll('.keypad button')].map(b => b.getClientRects().length)"
    )
    heights = page.evaluate(
        "[...document.querySelectorAll('.keypad button')]"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert len(lines) == 20 and set(lines) == {1} and len(set(heights)) == 1, heights
