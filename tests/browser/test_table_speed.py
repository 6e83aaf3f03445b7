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
    VIEWPORT,
    Step,
    TableRace,
    Thumb,
    build_race,
    enter,
    figures,
    move_kind,
    play,
    script_race,
)

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


@pytest.mark.django_db(transaction=True)
def test_the_short_script_holds_every_kind_of_entry_a_target_judges(short_race):
    _race, steps = short_race
    moves = {move_kind(step) for step in steps if step.kind == "move"}
    orders = {step.proposal_right for step in steps if step.kind == "order"}
    assert {PLAIN_MOVE, BRAKES_OR_CORNER, BESIDE_CARS} <= moves
    assert orders == {True, False}


@pytest.mark.django_db(transaction=True)
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


# The harness itself, on a page of its own: widgets the turn page may offer, in a form that
# keeps what it would post.
CHIPS = "".join(
    f'<input type="radio" name="brakes" id="b{n}" value="{n}"><label for="b{n}">{n}</label>'
    for n in range(4)
)
STEP = "const shown = this.parentNode.querySelector('input'); shown.value -= -this.dataset.step"
STEPPER = (
    f'<button type="button" data-step="-1" onclick="{STEP}">-</button>'
    f'<input name="corner" value="0" readonly>'
    f'<button type="button" data-step="1" onclick="{STEP}">+</button>'
)
KEYPAD = "".join(f'<button name="roll" value="{n}">{n}</button>' for n in (1, 2, 3))
SENT = "new URLSearchParams(new FormData(this, event.submitter))"
FORM = f"""<form id="event-form" data-kind="move"
    onsubmit="event.preventDefault(); this.dataset.sent = {SENT}">
  <div data-widget="chips">{CHIPS}</div>
  <div data-widget="stepper">{STEPPER}</div>
  <input type="number" step="any" name="finish" value="0">
  <div class="keypad">{KEYPAD}</div>
  <div style="height: 1000px"></div>
  <button>Enter</button>
</form>"""


@pytest.fixture
def form_page(page: Page) -> Page:
    page.set_viewport_size(VIEWPORT)
    page.set_content(FORM)
    return page


def test_a_tap_on_the_die_face_enters_the_move_once_every_other_fact_is_set(form_page):
    thumb = Thumb(form_page)
    enter(thumb, Step("move", "red", {"car": "red", "roll": 3, "brakes": 2, "corner": 2}))
    sent = form_page.locator("#event-form").get_attribute("data-sent")
    assert sent == "brakes=2&corner=2&finish=0&roll=3"
    assert (thumb.tally.taps, thumb.tally.keys, thumb.tally.scrolls) == (4, 0, 0)


def test_typing_counts_the_keys_and_a_target_below_the_viewport_a_scroll(form_page):
    thumb = Thumb(form_page)
    enter(thumb, Step("move", "red", {"car": "red", "finish": 2.5}))
    sent = form_page.locator("#event-form").get_attribute("data-sent")
    assert sent == "corner=0&finish=2.5"
    # A tap on the field, the shown 0 deleted, "2.5" typed; the Enter button lay below.
    assert (thumb.tally.taps, thumb.tally.keys, thumb.tally.scrolls) == (2, 4, 1)
    assert thumb.tally.off_screen == ["button Enter"]
