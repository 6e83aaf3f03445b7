"""The turn helper at table speed (issue 8): a short scripted race entered on a 390×844 phone,
every event through the controls of the prompt on the page, counted by the harness that
`make bench` uses (tests/browser/table_speed_harness.py, table_speed_script.py and
table_speed_figures.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from races.services.entries import race_state
from rules import engine
from tests.browser.table_speed_figures import (
    BESIDE_CARS,
    BRAKES_OR_CORNER,
    ORDER_CORRECTED,
    ORDER_RIGHT,
    PLAIN_MOVE,
    ROLL_BETWEEN,
    TARGETS,
    Tally,
    figures,
    move_kind,
)
from tests.browser.table_speed_harness import VIEWPORT, Thumb, enter, play
from tests.browser.table_speed_script import (
    PASSWORD,
    RBB_OWN_SETUP,
    Step,
    TableRace,
    build_race,
    script_race,
)

# Seven cars crossing the line in round 3: 56 events, among them plain moves, moves that brake
# and that leave a corner short, moves that end beside cars, and orders to correct.
SHORT = TableRace("Short", "season_pass", cars=7, finish_from_round=3, seed=7)
# Issue 21, every rule set: an RBB race of four cars on a track that prints its weather, on a
# wear-point setup of the season's own, crossing the line in round 3: 48 events, of the same
# kinds.
SHORT_RBB = TableRace(
    "Short RBB",
    "rbb",
    cars=4,
    finish_from_round=3,
    seed=20,
    settings={"weather": True},
    setup=RBB_OWN_SETUP,
    track="Monza",
)


def scripted(table_race: TableRace, django_user_model):
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    referee = django_user_model.objects.create_user("referee", password=PASSWORD)
    race = build_race(table_race, organiser=organiser, referee=referee)
    steps = script_race(
        race_state(race),
        seed=table_race.seed,
        finish_from_round=table_race.finish_from_round,
    )
    return race, steps


@pytest.fixture(params=[SHORT, SHORT_RBB], ids=lambda table_race: table_race.ruleset)
def short_race(request, django_user_model):
    return scripted(request.param, django_user_model)


@pytest.mark.django_db(transaction=True)
def test_the_short_script_holds_every_kind_of_entry_a_target_judges(short_race):
    _race, steps = short_race
    moves = {move_kind(step) for step in steps if step.kind == "move"}
    orders = {step.proposal_right for step in steps if step.kind == "order"}
    assert {PLAIN_MOVE, BRAKES_OR_CORNER, BESIDE_CARS} <= moves
    assert orders == {True, False}


@pytest.mark.django_db(transaction=True)
def test_a_death_script_picks_other_cards_and_corrects_an_attack_order(django_user_model):
    death = TableRace(
        "Death", "death", cars=4, finish_from_round=5, seed=11, settings={"distribution": "pick"}
    )
    race, steps = scripted(death, django_user_model)
    # One car a team: four teams of one driver, four cars on the grid.
    assert race.round.season.league.teams.count() == 4
    attack_orders = {step.proposal_right for step in steps if step.kind == "attack_order"}
    assert attack_orders == {True, False}
    assert all(step.ordered for step in steps if step.kind == "attack_order")
    # A Chain Blades roll of 1-4 gives up an upgrade: the script says which.
    assert any(step.data.get("lose") for step in steps if step.kind == "blade_roll")
    state = race_state(race)
    proposed = [
        {spec.name: spec.default for spec in engine.prompts(state)[0].fields}
        for state in _states_before(state, steps, "cards")
    ]
    picked = [step.entries for step in steps if step.kind == "cards"]
    # The page presets every slot to "no card": the script names each slot's card, the
    # proposal's where the autopilot took it (the bench's Death race was refused before).
    assert all(set(cards) == {"weapon_1", "weapon_2", "defence", "utility"} for cards in picked)
    assert any(p != q for p, q in zip(proposed, picked, strict=True))


def _states_before(state, steps, kind):
    for step in steps:
        if step.kind == kind:
            yield state
        state, _prompts = engine.apply(state, engine.Event(step.kind, step.data))


def test_an_order_of_any_prompt_is_judged_by_the_order_targets():
    steps = [
        Step("order", None, {"order": ["red"]}, ordered=True),
        Step("attack_order", None, {"order": ["blue", "red"]}, ordered=True),
        Step("attack_order", None, {"order": ["red", "blue"]}, ordered=True, proposal_right=False),
    ]
    rows = figures(steps, [Tally(taps=1), Tally(taps=2), Tally(taps=4)])
    assert rows[ORDER_RIGHT].events == 1
    assert rows["attack_order, proposal right"].events == 1
    missed = {target.row: target.missed_by(rows) for target in TARGETS}
    assert missed[ORDER_RIGHT] == "attack_order, proposal right: 2 taps at worst"
    assert missed[ORDER_CORRECTED] == "4 taps at worst"


def test_a_plain_move_with_a_roll_between_its_gear_and_die_has_a_row_of_its_own():
    steps = [
        Step("gear", "red", {"gear": "4"}),
        Step("upshift_roll", "red", {"value": 10}),
        Step("move", "red", {"roll": 8}),
        Step("gear", "blue", {"gear": "2"}),
        Step("move", "blue", {"roll": 3}),
    ]
    rows = figures(steps, [Tally(taps=1), Tally(taps=1), Tally(taps=1), Tally(taps=1), Tally()])
    assert (rows[ROLL_BETWEEN].events, rows[ROLL_BETWEEN].most_taps) == (1, 2)
    assert (rows[PLAIN_MOVE].events, rows[PLAIN_MOVE].most_taps) == (1, 1)


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
