"""The turn helper at table speed (issue 8): a short scripted race entered on a 390×844 phone,
every event through the controls of the prompt on the page, counted by the harness that
`make bench` uses (tests/browser/table_speed_harness.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from races import services
from tests.browser.table_speed_harness import (
    BESIDE_CARS,
    BRAKES_OR_CORNER,
    PASSWORD,
    PLAIN_MOVE,
    TARGETS,
    TableRace,
    build_race,
    figures,
    move_kind,
    play,
    script_race,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Seven cars crossing the line in round 3: 56 events, among them plain moves, moves that brake
# and that leave a corner short, moves that end beside cars, and orders to correct.
SHORT = TableRace("Short", "season_pass", cars=7, finish_from_round=3, seed=7)


@pytest.fixture
def short_race(django_user_model):
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    referee = django_user_model.objects.create_user("referee", password=PASSWORD)
    race = build_race(SHORT, organiser=organiser, referee=referee)
    steps = script_race(
        services.race_state(race), seed=SHORT.seed, finish_from_round=SHORT.finish_from_round
    )
    return race, steps


def test_the_short_script_holds_every_kind_of_entry_a_target_judges(short_race):
    _race, steps = short_race
    moves = {move_kind(step) for step in steps if step.kind == "move"}
    orders = {step.proposal_right for step in steps if step.kind == "order"}
    assert {PLAIN_MOVE, BRAKES_OR_CORNER, BESIDE_CARS} <= moves
    assert orders == {True, False}


# Only an AssertionError is the expected failure: the harness failing to play the script
# (HarnessError, a Playwright timeout) fails the test for real.
@pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="issue 8: the turn page does not yet meet the table-speed targets",
)
def test_a_race_at_table_speed(page: Page, live_server, login, short_race):
    race, steps = short_race
    login("referee", PASSWORD)
    tallies = play(page, live_server.url + race.get_absolute_url(), steps)

    # Before every entry, the prompt and all its controls lie inside the first viewport...
    outside = {
        f"{seq} {step.kind}": tally.prompt_outside
        for seq, (step, tally) in enumerate(zip(steps, tallies, strict=True), start=1)
        if tally.prompt_outside
    }
    assert outside == {}
    # ...so no tap needs a scroll first, and every kind of entry takes its taps at most.
    rows = figures(steps, tallies)
    missed = {target.text: target.missed_by(rows) for target in TARGETS}
    assert {text: miss for text, miss in missed.items() if miss} == {}
