"""Keypads keep every face on one line, on a phone and on a desktop (the issue reported the
injury keypad wrapping its two-digit faces on a desktop; these guard every width we use)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league import services as league_services
from league.models import Driver

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [390, 576, 768, 992, 1280])
def test_the_injury_keypad_keeps_two_digit_faces_on_one_line(
    page: Page, live_server, login, django_user_model, width
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_services.league_create(name="Garage League", organiser=organiser)
    league_services.team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = league_services.season_open(league=league, preset="Spring")
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.order_by("pk"))
    ann, bob = league_services.round_start(
        round_=round_, starters=[(driver, driver.name) for driver in drivers]
    )
    league_services.round_result_enter(
        round_=round_,
        outcomes=[
            league_services.EntryOutcome(entry_id=ann.pk, finished=True, place=1),
            league_services.EntryOutcome(
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
    league = league_services.league_create(name="Garage League", organiser=organiser)
    league_services.team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    season = league_services.season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    race = league_services.round_start_at_table(
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
