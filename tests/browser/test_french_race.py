"""A whole Formula D race at the table in French on a 390×844 phone (issue 34): the referee's
browser asks for French, every event of a short scripted race goes in through the controls of
the prompt on the page (the table-speed harness, tests/browser/table_speed_harness.py), and at
each step the page says it is French, its prompt shows no English sentence of the catalogues
and no button's words overflow it, until the race's result."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from config.catalogues import entries
from races.services.entries import race_state
from tests.browser.table_speed_harness import VIEWPORT, play
from tests.browser.table_speed_script import PASSWORD, TableRace, build_race, script_race

pytestmark = pytest.mark.django_db(transaction=True)

BASE = Path(__file__).resolve().parents[2]
CATALOGUES = (
    BASE / "rules" / "locale" / "fr" / "LC_MESSAGES" / "rules.po",
    BASE / "locale" / "fr" / "LC_MESSAGES" / "django.po",
)
# Two cars crossing the line from round 2, a collision roll among the moves (its reason, kept
# in the state as parts, said in French): the shortest script that holds one.
FRENCH_RACE = TableRace("Course", "formula_d", cars=2, finish_from_round=2, seed=3)
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
PLACEHOLDER_OR_TAG = re.compile(r"\{\w*\}|%\(\w+\)s|<[^>]*>|&lt;|\(|\)")

# Every visible button (and label drawn as one) whose words are wider than its box.
OVERFLOWING = """() => [...document.querySelectorAll("button, label.btn")]
  .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth)
  .map((element) => [element.textContent.trim(), element.scrollWidth, element.clientWidth])"""


def english_phrases() -> set[str]:
    """The English runs of three words or more between the catalogues' placeholders and markup
    (as tests/league/test_french_pages.py reads the templates'), but for a run the French says
    as it is (a name)."""
    phrases = set()
    for catalogue in CATALOGUES:
        for entry in entries(catalogue):
            french = " ".join(" ".join(entry.strings.values()).split())
            for msgid in (entry.msgid, entry.plural or ""):
                for run in PLACEHOLDER_OR_TAG.split(msgid.replace("%%", "%")):
                    run = " ".join(run.split()).strip(" ,.;:·—")
                    if len(run.split()) >= 3 and run not in french:
                        phrases.add(run)
    return phrases


def english_left(text: str, phrases: set[str]) -> list[str]:
    said = " ".join(text.split())
    return sorted(phrase for phrase in phrases if phrase in said)


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
    phrases = english_phrases()
    assert len(phrases) > 500
    page.set_viewport_size(VIEWPORT)
    login("referee", PASSWORD)  # the login fixture reads the English labels
    page.set_extra_http_headers(FRENCH)
    problems: dict[str, object] = {}

    def in_french(seq: int, step, _tally) -> None:
        where = f"{seq} {step.kind}"
        if page.locator("html").get_attribute("lang") != "fr":
            problems[where] = "not French"
        left = english_left(page.locator("#prompt").inner_text(), phrases)
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
    assert result.is_visible()
    assert "La course est terminée" in page.locator("#prompt").inner_text()
    # The result written into the season, in French too: the round's page shows it.
    round_url = live_server.url + race.round.get_absolute_url()
    page.locator('button[name="commit"]').click()
    page.wait_for_url(round_url)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.evaluate(OVERFLOWING) == []
    race.refresh_from_db()
    assert race.is_committed
