"""Issue 20's real result, replayed on a 390×844 phone in headless Chromium: a Formula D team
race where all four cars went out, Red from pole 51 spaces on and Yellow from 4th on the grid 52
spaces on. Where a car reached on the board counts each grid slot as a space behind the one
before it (the order of play's measure), so Red reached farther than Yellow: the referee writes
the result into the season from the turn page, and the round page places Red, Yellow, Blue,
Green and gives the team race to Red's team, 15-14 (ranked by spaces moved, Yellow came first
and the other team won 16-13).

The race is started at the table from the round page; its grid rolls and starts are entered
through the race's services (logged, as a referee's); the cars are then put where they went out
as the rules test of the same result puts them (tests/rules/formula_d/race/test_team_race.py),
Red's last move, out of tyres in a corner, played by the engine, and that state is the race's
snapshot."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from league.models import RoundStatus
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_event_apply, race_state
from rules import engine
from rules.engine import Event
from tests.browser.league_race import start_at_the_table
from tests.rules.formula_d.race.table import Table, in_gear

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
# The grid as in the real result: Red on pole, then Blue, Green, Yellow.
GRID_ROLLS = {"red": 20, "blue": 19, "green": 18, "yellow": 17}


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def enter(race: Race, kind: str, **data) -> None:
    """Enter one event through the race's services, as the turn page does."""
    race.refresh_from_db()
    race_event_apply(race=race, event=Event(kind, data), expected_version=race.version)


def started(race: Race) -> None:
    """The grid rolls and starts entered as the rules test enters them, in the order the rules
    ask for them: the grid as in the real result, each car rolling 10 to start and moving off 1
    space in 1st; then round 2's order is asked."""
    while True:
        asked = engine.prompts(race_state(race))
        assert asked, "the race ended before its second round"
        prompt = asked[0]
        if prompt.kind == "order":
            return
        if prompt.kind == "grid_roll":
            enter(race, "grid_roll", car=prompt.car, value=GRID_ROLLS[prompt.car])
        elif prompt.kind == "start_roll":
            enter(race, "start_roll", car=prompt.car, value=10)
        elif prompt.kind == "move":
            enter(race, "move", car=prompt.car, roll=1)
        else:
            raise AssertionError(f"not asked in the rules test: {prompt.text}")


def all_four_out(race: Race) -> None:
    """Blue out on 45 spaces, Green on 40, Yellow on 52 (from 4th on the grid); Red, from pole,
    on 47 with 1 tire WP left overshoots a 1-stop corner by 2 in 2nd: out on 51 spaces. The
    race's snapshot is that state, the race over."""
    race.refresh_from_db()
    table = Table(engine.setup_from_dict(race.setup))
    table.state = race_state(race)
    assert table.state.grid == ("red", "blue", "green", "yellow")
    table.edit_car("blue", status="out", out_reason="tires", spaces=45, out_at=3)
    table.edit_car("green", status="out", out_reason="tires", spaces=40, out_at=4)
    table.edit_car("yellow", status="out", out_reason="tires", spaces=52, out_at=5)
    table = in_gear(table.edit_car("red", spaces=47, tires=1), red=2).confirm()
    table.move("red", 2, 4, corner=1, overshoot=2)
    assert table.state.finished
    assert table.car("red").spaces == 51 and table.car("red").status == "out"
    race.state = engine.state_to_dict(table.state)
    race.version += 1
    race.save(update_fields=["state", "version"])


def test_the_real_result_of_four_cars_out_gives_the_team_race_to_the_right_team(
    page: Page, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    page.set_viewport_size(PHONE)
    login("org", "secret-pass")
    league = league_create(
        name="Out Club",
        organiser=organiser,
        ruleset="formula_d",
        settings={"cars_per_team": "2", "team_race": True},
    )
    team_create(league=league, name="Reds", driver_names=["Ann", "Gil"])
    team_create(league=league, name="Blues", driver_names=["Bob", "Yan"])
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    round_one = season.rounds.get()

    # The referee starts the round at the table, each driver in the car of the real result.
    start_at_the_table(
        page,
        live_server.url,
        round_one,
        {"Ann": "red", "Bob": "blue", "Gil": "green", "Yan": "yellow"},
    )
    expect(page.locator("#race-status")).to_contain_text("team race (4 WP a team for repairs)")
    race = Race.objects.get(round=round_one)
    started(race)
    all_four_out(race)

    # The turn page shows the race over, the team race won 15-14 by Red's team.
    page.goto(live_server.url + race.get_absolute_url())
    expect(page.get_by_role("heading", name="The race is over")).to_be_visible()
    expect(page.locator("#race-status")).to_contain_text(
        "team race: team Red and Green wins (Red and Green 15, Blue and Yellow 14)"
    )
    fits_the_phone(page)
    page.get_by_role("button", name="Write the result into the season").click()
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED

    # The round page: the places by where the cars reached, and Red's team the winner.
    page.goto(live_server.url + round_one.get_absolute_url())
    rows = page.locator("#round-result tbody tr")
    expect(rows).to_have_count(4)
    placed = [
        (row.locator("td").nth(0).inner_text().strip(), row.locator("td").nth(1).inner_text())
        for row in rows.all()
    ]
    assert [place for place, _driver in placed] == ["1", "2", "3", "4"]
    assert [driver.split()[0] for _place, driver in placed] == ["Ann", "Yan", "Bob", "Gil"]
    expect(page.locator("#team-race-winner")).to_have_text("Team race: Reds won.")
    expect(page.locator("#team-totals li")).to_have_text(["Reds: 15", "Blues: 14"])
    fits_the_phone(page)
    # And the season's schedule names the same winner.
    page.goto(live_server.url + season.get_absolute_url())
    expect(page.locator(".team-race-winner")).to_contain_text("Team race: Reds won")
    fits_the_phone(page)
