"""Every page fits a 390 px phone without sideways scroll (issue 21): the walk of
tests/browser/test_content_security_policy.py, every page it opens checked for its width too.
A table may still scroll inside its own box (.table-responsive); the page itself never does."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from league.models import Driver
from league.services.house_rules import house_rules_set
from league.services.leagues import league_create, league_publish_set
from league.services.results import EntryOutcome, round_result_record
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.browser.test_content_security_policy import Visit, walk_every_page
from tests.races.autopilot import drive, drive_to_finish

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

# How far past the window the page reaches, and the widest element that takes it there.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const over = document.documentElement.scrollWidth - width;
  if (over <= 0) return null;
  let widest = null;
  for (const element of document.body.querySelectorAll("*")) {
    const right = element.getBoundingClientRect().right;
    if (right > width + 0.5 && (!widest || right > widest.right)) {
      widest = {right, tag: element.tagName, id: element.id, cls: element.className};
    }
  }
  return {over, widest};
}"""


class NarrowVisit(Visit):
    def clean(self, what: str) -> None:
        super().clean(what)
        overflow = self.page.evaluate(OVERFLOW)
        assert overflow is None, f"{what} ({self.page.url}) scrolls sideways at 390 px: {overflow}"


def test_no_page_scrolls_sideways_on_a_390_px_phone(
    page: Page, live_server, login, django_user_model, csp_violations
):
    page.set_viewport_size(PHONE)
    visit = NarrowVisit(page, live_server.url, csp_violations)
    walk_every_page(page, live_server, login, django_user_model, visit)


ONE_LINE = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const lines = element.getBoundingClientRect().height /
    parseFloat(getComputedStyle(element).lineHeight);
  return [element.textContent.trim(), Math.round(lines * 10) / 10];
})"""


def test_deaths_dashboard_and_the_finished_race_keep_each_car_on_one_line(
    page: Page, live_server, login, django_user_model
):
    """Formula... Death!'s eight columns and its cards beside long car names once wrapped each
    name over 3-4 lines and pushed the page sideways."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(
        name="Death", organiser=organiser, ruleset="death", settings={"distribution": "pick"}
    )
    for name in ("Annabelle Longname", "Bartholomew Bob", "Campeador Cid"):
        first = name.split()[0]
        team_create(league=league, name=f"Scuderia {first}", driver_names=[name])
    tracks = [track_create(name=name) for name in ("Monza", "Spa")]
    season = season_open(league=league, tracks=tracks)
    drivers = list(Driver.objects.order_by("pk"))
    cars = ["Scuderia Annabelle 1", "Scuderia Bartholomew 1", "Scuderia Campeador 1"]
    race = round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, cars, strict=True))
    )
    drive(race, 60, seed=3)
    page.set_viewport_size(PHONE)
    login("org", "secret-pass")
    page.goto(live_server.url + race.get_absolute_url())
    assert page.evaluate(OVERFLOW) is None
    names = page.evaluate(ONE_LINE, ".table-dashboard tbody td:first-child > .fw-bold")
    assert sorted(name for name, _lines in names) == cars
    assert all(lines <= 1 for _name, lines in names), names

    drive_to_finish(race, seed=3)
    page.goto(live_server.url + race.get_absolute_url())
    assert page.evaluate(OVERFLOW) is None
    names = page.evaluate(ONE_LINE, "#race-result td:nth-child(2)")
    assert sorted(name for name, _lines in names) == cars
    assert all(lines <= 1 for _name, lines in names), names
    assert page.locator("#race-result td:nth-child(4)").first.is_visible()  # not cut off


def test_house_rules_with_a_wide_table_and_a_long_word_fit_a_phone(
    page: Page, live_server, django_user_model
):
    """House rules are the organiser's Markdown: a table of many columns, a long address."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    league_publish_set(league=league, published=True)
    columns = " | ".join(f"Round {n} points" for n in range(1, 10))
    text = (
        "# Points\n\n"
        f"| {columns} |\n|{'---|' * 9}\n| {' | '.join(['100'] * 9)} |\n\n"
        "Photos: https://example.org/a-very-long-address-of-our-league-photo-album-2026-spring\n"
    )
    house_rules_set(league=league, text=text, expected_version=0)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/{league.slug}/house-rules/")
    assert page.locator("#house-rules table").count() == 1
    assert page.evaluate(OVERFLOW) is None


def test_names_with_no_space_to_break_at_fit_a_phone(page: Page, live_server, django_user_model):
    """A league, a team and a driver named without a space (as a group may type them) break
    where they must on the home, league, season, team, driver and records pages: they pushed
    the headings, the breadcrumbs, the lists and the forecast sideways."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="ScuderiaMarlboroFerrariRacingClub2026", organiser=organiser)
    league_publish_set(league=league, published=True)
    teams = [
        team_create(
            league=league,
            name=f"TeamWithAVeryLongNameAndNoSpace{n}",
            driver_names=[f"AlexanderMaximilianVonHohenberg{n}a", f"Bo{n}"],
        )
        for n in range(2)
    ]
    season = season_open(league=league, preset="Spring")
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    round_ = season.rounds.get(number=1)
    entries = round_start(
        round_=round_, starters=[(driver, f"Car{driver.pk}") for driver in drivers]
    )
    round_result_record(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            for place, entry in enumerate(entries, 1)
        ],
        injury_rolls={},
    )
    page.set_viewport_size(PHONE)
    for url in (
        "/",
        league.get_absolute_url(),
        season.get_absolute_url(),
        teams[0].get_absolute_url(),
        drivers[0].get_absolute_url(),
        f"/{league.slug}/records/",
    ):
        page.goto(live_server.url + url)
        assert page.evaluate(OVERFLOW) is None, url
