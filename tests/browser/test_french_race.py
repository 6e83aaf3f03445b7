"""A whole Formula D race at the table in French on a 390×844 phone (issue 34): the referee's
browser asks for French, every event of a short scripted race goes in through the controls of
the prompt on the page (the table-speed harness, tests/browser/table_speed_harness.py), and at
each step the page says it is French, its prompt shows no English sentence of the catalogues
and no button's words overflow it, until the race's result."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from races.services.entries import race_state
from tests.browser.table_speed_harness import VIEWPORT, play
from tests.browser.table_speed_script import PASSWORD, TableRace, build_race, script_race
from tests.test_french_site import english_runs, runs_left

pytestmark = pytest.mark.django_db(transaction=True)

# Two cars crossing the line from round 2, a collision roll among the moves (its reason, kept
# in the state as parts, said in French): the shortest script that holds one.
FRENCH_RACE = TableRace("Course", "formula_d", cars=2, finish_from_round=2, seed=3)
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}

# Every visible button (and label drawn as one) whose words are wider than its box.
OVERFLOWING = """() => [...document.querySelectorAll("button, label.btn")]
  .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth)
  .map((element) => [element.textContent.trim(), element.scrollWidth, element.clientWidth])"""


def test_a_whole_formula_d_race_in_french_on_a_phone(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    referee = django_user_model.objects.create_user("referee", password=PASSWORD)
    race = build_race(FRENCH_RACE, organiser=organiser, referee=referee)
    steps = script_race(
        race_state(race), seed=FRENCH_RACE.seed, finish_from_round=FRENCH_RACE.finish_from_round
    )
    assert "collision_roll" in {step.kind for step in steps}
    assert len(english_runs()) > 500
    page.set_viewport_size(VIEWPORT)
    page.set_extra_http_headers(FRENCH)
    login("referee", PASSWORD)
    problems: dict[str, object] = {}

    def in_french(seq: int, step, _tally) -> None:
        where = f"{seq} {step.kind}"
        if page.locator("html").get_attribute("lang") != "fr":
            problems[where] = "not French"
        left = runs_left(" ".join(page.locator("#prompt").inner_text().split()))
        if left:
            problems[f"{where}: English"] = left
        overflowing = page.evaluate(OVERFLOWING)
        if overflowing:
            problems[f"{where}: overflowing"] = overflowing

    page.goto(live_server.url + race.get_absolute_url())
    in_french(0, type("Start", (), {"kind": "start"}), None)
    play(page, live_server.url + race.get_absolute_url(), steps, after=in_french)
    assert problems == {}
    race.refresh_from_db()
    assert race_state(race).finished
    result = page.locator("#race-result")
    expect(result).to_be_visible()
    assert "La course est terminée" in page.locator("#prompt").inner_text()
    # The result written into the season, in French too: the round's page shows it.
    round_url = live_server.url + race.round.get_absolute_url()
    page.locator('button[name="commit"]').click()
    page.wait_for_url(round_url)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.evaluate(OVERFLOWING) == []
    race.refresh_from_db()
    assert race.is_committed
