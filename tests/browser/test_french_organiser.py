"""A French organiser from sign-up to standings, on a 390×844 phone (issue 34).

Every browser here but the last asks for French (Accept-Language fr). The organiser signs up on
the sign-up page, makes a Formula D league on the new league page, adds two teams of one driver
each on the new team page, and makes a referee's invitation link on the members page; the
referee (a second browser) joins by the link. The organiser opens a season on the new season
page and starts round 1 at the table with two cars; the referee runs the race to its result on
the turn page, entering each event through the prompt's controls (the table-speed harness, as
tests/browser/test_french_race.py does), and writes the result into the season; the season's
page shows it in its standings, and the organiser publishes the league.

At every page visited (and at every step of the race) the page says `<html lang="fr">`, and its
text (tests/test_french_site.py's `words_of`: the text and the attributes read out) holds no run
of three words or more of an English sentence of the catalogues (`english_runs`) and no English
word French never writes (`ENGLISH_ONLY`), but in the names people typed (the league's, teams',
drivers', users', cars', tracks' and the time zones', which are data).

Last, an English spectator (a third browser, Accept-Language en) opens the race's replay and its
log: the cars and the log read in English, as the race was entered in French."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from league.models import League, Role, Track
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.browser.table_speed_harness import VIEWPORT, play
from tests.browser.table_speed_script import script_race
from tests.test_french_site import (
    around,
    english_runs,
    english_words,
    runs_left,
    whole,
    without_kept,
    words_of,
    words_of_names,
)

pytestmark = pytest.mark.django_db(transaction=True)

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
ENGLISH = {"Accept-Language": "en"}
PASSWORD = "un long mot de passe 7"
LEAGUE = "Coupe des Copains"
TRACK = "Circuit du Lac"
# Team -> its one driver (Formula D: a car a player) and the car they start in.
TEAMS = {"Écurie Pistache": ("Ana Ascari", "Red"), "Écurie Cerise": ("Bruno Brabham", "Blue")}
ORGANISER, REFEREE = "camille", "dominique"
# The race's script: cars cross the line from round 2 (as test_french_race's).
SEED, FINISH_FROM_ROUND = 3, 2


def typed_words() -> set[str]:
    """The words of the names people typed: data, in whatever language."""
    names = [LEAGUE, TRACK, ORGANISER, REFEREE, *TEAMS]
    return words_of_names([*names, *(word for driver_car in TEAMS.values() for word in driver_car)])


class French:
    """The checks of every page a French browser visits; what they find, by page."""

    def __init__(self) -> None:
        self.problems: dict[str, Any] = {}
        self.pages = 0

    def check(self, page: Page, where: str) -> None:
        self.pages += 1
        if page.locator("html").get_attribute("lang") != "fr":
            self.problems[f"{where}: lang"] = page.locator("html").get_attribute("lang")
        # An address shown (the invitation link) is no words: its token may spell "By".
        text = without_kept(re.sub(r"https?://\S+", " ", words_of(page.content())))
        left, english = runs_left(text), english_words(text, typed_words())
        if left or english:
            self.problems[f"{where} ({page.url})"] = (left, english, around(text, english))


def french_context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=VIEWPORT, locale="fr-FR", extra_http_headers=FRENCH)


def submit(page: Page, form: str) -> None:
    """Tap the primary button of the form `form` (a CSS selector) and wait for the next page."""
    with page.expect_navigation():
        page.locator(f"{form} button.btn-primary").first.click()


def test_a_french_organiser_from_sign_up_to_standings(
    page: Page, browser: Browser, live_server
) -> None:
    url = live_server.url
    french = French()
    page.set_viewport_size(VIEWPORT)
    page.set_extra_http_headers(FRENCH)

    # Sign up: an account of one's own, signed in at once.
    page.goto(f"{url}/signup/")
    french.check(page, "sign-up")
    page.locator("#id_username").fill(ORGANISER)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    submit(page, "form:has(#id_password2)")
    french.check(page, "signed up")

    # A Formula D league, from the new league page.
    page.goto(f"{url}/leagues/new/", wait_until="load")
    french.check(page, "new league")
    page.locator("#id_name").fill(LEAGUE)
    with page.expect_response(lambda response: "/leagues/new/" in response.url):
        page.locator("#id_ruleset").select_option("formula_d")  # htmx swaps its settings in
    page.wait_for_load_state("networkidle")
    french.check(page, "new league, Formula D")
    submit(page, "#league-form")
    league = League.objects.get(name=LEAGUE)
    assert league.ruleset == "formula_d"
    french.check(page, "league")

    # Two teams, a driver each, from the new team page.
    for team, (driver, _car) in TEAMS.items():
        page.goto(f"{url}/{league.slug}/teams/new/")
        french.check(page, "new team")
        page.locator("#id_name").fill(team)
        page.locator("#id_driver_1").fill(driver)
        submit(page, "form:has(#id_driver_1)")
        french.check(page, f"team {team}")
    assert league.teams.count() == 2

    # A referee's invitation link, from the members page; the referee joins by it.
    page.goto(f"{url}/{league.slug}/members/")
    french.check(page, "members")
    page.locator("#invite select[name=role]").select_option("referee")
    submit(page, "#invite")
    french.check(page, "members, invitation made")
    link = page.locator("#invitations [data-share-text]").first.inner_text().strip()
    assert "/join/" in link
    refereeing = french_context(browser)
    referee = refereeing.new_page()
    referee.goto(link)
    french.check(referee, "join")
    referee.locator("#id_username").fill(REFEREE)
    referee.locator("#id_password1").fill(PASSWORD)
    referee.locator("#id_password2").fill(PASSWORD)
    submit(referee, "#join")
    french.check(referee, "joined")
    assert league.memberships.get(user__username=REFEREE).role == Role.REFEREE

    # A season on one track, from the new season page.
    track = Track.objects.filter(name__iexact=TRACK).first() or track_create(name=TRACK)
    page.goto(f"{url}/{league.slug}/seasons/new/", wait_until="load")
    french.check(page, "new season")
    page.locator("#id_race_1").select_option(str(track.pk))
    submit(page, "#season-form")
    french.check(page, "season")
    season = league.seasons.get(number=1)
    round_one = season.rounds.get(number=1)

    # Round 1 at the table, two cars, from the round page.
    page.goto(url + round_one.get_absolute_url())
    french.check(page, "round 1")
    page.locator(f"a[href$='/rounds/{round_one.number}/table/']").first.click()
    page.wait_for_load_state("load")
    french.check(page, "round 1 at the table")
    assert page.locator("fieldset > .row:has(input[type=checkbox])").count() == len(TEAMS)
    for driver, car in TEAMS.values():
        line = page.locator("fieldset > .row:has(input[type=checkbox])", has_text=driver)
        line.locator("input[type=checkbox]").check()
        line.locator("input[name$='car']").fill(car)
    with page.expect_navigation():
        page.locator("button[name=start]").click()
    race = Race.objects.get(round=round_one)
    assert page.url.endswith(race.get_absolute_url())
    french.check(page, "turn page, the organiser's")

    # The referee runs it to its result through the turn page's controls.
    steps = script_race(race_state(race), seed=SEED, finish_from_round=FINISH_FROM_ROUND)
    turn_url = url + race.get_absolute_url()
    play(
        referee,
        turn_url,
        steps,
        after=lambda seq, step, _tally: french.check(referee, f"turn page, {seq} {step.kind}"),
    )
    race.refresh_from_db()
    assert race_state(race).finished
    expect(referee.locator("#race-result")).to_be_visible()
    french.check(referee, "race over")

    # The result written into the season, and the season's standings show it.
    with referee.expect_navigation():
        referee.locator("button[name=commit]").click()
    referee.wait_for_url(url + round_one.get_absolute_url())
    french.check(referee, "round 1, finished")
    race.refresh_from_db()
    assert race.is_committed
    page.goto(url + season.get_absolute_url())
    french.check(page, "season's standings")
    winner = min(engine.results(race_state(race)), key=lambda result: result.place)
    driver = next(driver for driver, car in TEAMS.values() if car == winner.car)
    row = page.locator("#driver-standings tr", has_text=driver)
    assert int(row.locator("td.fw-bold").inner_text().split()[0]) > 0

    # Published, from the publishing page: a spectator may read the race.
    page.goto(f"{url}/{league.slug}/publish/")
    french.check(page, "publishing")
    with page.expect_navigation():
        page.locator("button[name=publish]").click()
    french.check(page, "published")
    refereeing.close()

    assert french.pages > len(steps)
    assert french.problems == {}, "\n".join(
        f"{where}: {found}" for where, found in french.problems.items()
    )

    # An English spectator reads the race in English.
    watching = browser.new_context(viewport=VIEWPORT, locale="en-GB", extra_http_headers=ENGLISH)
    spectator = watching.new_page()
    english_line = next(
        event.text
        for event in race.events.order_by("-seq")
        if len(event.text.split()) >= 4 and event.text[:1].isupper()
    )
    read = {}
    for address in ("replay", "log"):
        spectator.goto(f"{url}/races/{race.pk}/{address}/")
        assert (spectator.locator("html").get_attribute("lang") or "").startswith("en")
        read[address] = text = words_of(spectator.content())
        assert "Red" in text and "Blue" in text, address
        # English sentences of the catalogues, none of the French the race was entered in.
        assert [run for run in english_runs() if whole(run, text)], address
        assert not re.search(r"\b(lancez|tour de jeu|rapport|manche)\b", text, re.I), address
    assert english_line in read["log"], english_line
    watching.close()
