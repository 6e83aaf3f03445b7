"""What the rule sets' browser tests share: a league made from the home page, a race played at
the table by the autopilot's legal events entered as a referee would, and its result written
into the season."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from league.models import League, Round, RoundStatus, Season
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.browser.referee import enter
from tests.races.autopilot import legal_event


def league_from_home_page(
    page: Page,
    url: str,
    *,
    name: str,
    rule_set: str,
    settings: Callable[[Page], Locator],
    title: str,
) -> League:
    """The organiser (logged in) makes a league of `rule_set` from the home page at `url`;
    `settings` finds what the form shows of the rule set once picked (swapped in by htmx), and
    the league's page shows `title`."""
    page.goto(url + "/")
    page.get_by_role("link", name="New league").click()
    # The form's page loaded whole: htmx (deferred) swaps the rule set's settings in on a pick.
    page.wait_for_url(f"{url}/leagues/new/", wait_until="load")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Rule set").select_option(rule_set)
    expect(settings(page)).to_be_visible()
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_text(title)).to_be_visible()
    return League.objects.get(name=name)


def season_from_home_page(
    page: Page,
    url: str,
    *,
    teams: dict[str, list[str]],
    track: str = "Monza",
    preset: str = "",
    **league,
) -> Season:
    """The league made from the home page (`league`: as `league_from_home_page` takes it), its
    `teams` (team name -> drivers' names) and its first season opened on the sample schedule
    `preset`, or else on the one `track`."""
    made = league_from_home_page(page, url, **league)
    for team, drivers in teams.items():
        team_create(league=made, name=team, driver_names=drivers)
    if preset:
        return season_open(league=made, preset=preset)
    return season_open(league=made, tracks=[track_create(name=track)])


def start_at_the_table(page: Page, url: str, round_: Round, cars: dict[str, str]) -> None:
    """From the round page at `url`, run the round with the turn helper: each driver in
    `cars` (driver's name -> car) starts in that car."""
    page.goto(url + round_.get_absolute_url())
    page.get_by_role("link", name="Run this race with the turn helper").click()
    for driver, car in cars.items():
        page.get_by_label(f"Car of {driver}").fill(car)
    page.get_by_role("button", name="Start the race").click()


def play_to_the_end(page: Page, race: Race, seed: int, most_entries: int) -> None:
    """Enter legal events (seeded) on the turn page until the race is over, crossing the line
    from round 2; the finished page does not scroll sideways on a phone."""
    rng = random.Random(seed)
    for _entry in range(most_entries):
        race.refresh_from_db()
        state = race_state(race)
        asked = engine.prompts(state)
        if not asked:
            break
        event = legal_event(asked[0], rng, finish=state.round >= 2)
        data = {key: value for key, value in event.data.items() if key != "car"}
        enter(page, race.version, event.kind, {k: v for k, v in data.items() if v not in ([], 0)})
    expect(page.get_by_role("heading", name="The race is over")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the turn page scrolls sideways on a phone"


def write_the_result(page: Page, round_one: Round) -> None:
    """Write the finished race into the season from the turn page: round 1 is finished."""
    page.get_by_role("button", name="Write the result into the season").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED
