"""Taps that mean what the finger meant (issue 21), on a 390×844 phone in Chromium: a second tap
150 ms after an entry enters nothing and undoes nothing; a refusal stands beside its control and
goes with the next accepted entry; a tap made offline says so and is entered once on Retry (a
race moved on meanwhile refuses it, 409); every fact has its line in words and its rule behind
a "?"; the page says when it cannot keep the screen on."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from league.models import Driver, RoundStatus
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_event_apply, race_state, race_undo_last
from rules import engine
from rules.engine import Event
from tests.browser.referee import enter
from tests.races.autopilot import drive, drive_to_finish
from tests.races.scenario import STEPS

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def race(django_user_model) -> Race:
    """A four-car Season Pass race at the table, qualifying asked (a keypad of the black die)."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Garage League", organiser=organiser)
    team_create(league=league, name="Apex", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Bolt", driver_names=["Cid", "Dot"])
    season = season_open(league=league, preset="Spring")
    drivers = list(Driver.objects.order_by("pk"))
    cars = ("red", "blue", "green", "yellow")
    return round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, cars, strict=True))
    )


@pytest.fixture
def turn_page(page: Page, live_server, login, race) -> Page:
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann, Rookie) qualifies")
    return page


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def stored(race: Race) -> tuple[int, int]:
    race.refresh_from_db()
    return race.seq, race.version


def test_a_second_tap_150_ms_after_an_entry_enters_nothing(turn_page: Page, race):
    x, y = centre(turn_page, '#event-form button[name="value"][value="7"]')
    turn_page.mouse.click(x, y)
    turn_page.wait_for_timeout(150)
    turn_page.mouse.click(x, y)  # the same face of the next car's keypad, under the finger
    expect(turn_page.locator("#prompt-text")).to_contain_text("Blue (Bob, Rookie) qualifies")
    expect(turn_page.locator("#prompt .guard[inert]")).to_have_count(0)  # the guard is over
    turn_page.wait_for_timeout(500)
    assert stored(race) == (1, 1)
    # The bar names the entry, with its Undo; a tap on it is taken once the guard is over.
    expect(turn_page.locator("#undo")).to_contain_text("Entered: Red")


def test_the_next_car_s_prompt_is_read_out_in_the_page_s_sentence(
    page: Page, live_server, login, race
):
    """Issue 34: the sentence the page gives (data-next, in its language) with the heading
    where its {heading} stands, wherever a language puts it."""
    page.set_extra_http_headers({"Accept-Language": "fr-FR,fr;q=0.9"})
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    voice = page.locator("#prompt-announce")
    assert voice.get_attribute("data-next") == "Suivant : {heading}"
    heading = page.locator("#prompt-text")
    first = heading.inner_text()
    page.locator('#event-form button[name="value"][value="7"]').click()
    expect(heading).not_to_have_text(first)
    expect(voice).to_have_text("Suivant : " + heading.inner_text().strip())
    # A language that says the heading first: the script puts it where the sentence says.
    page.evaluate("document.getElementById('prompt-announce').dataset.next = '{heading}, à suivre'")
    second = heading.inner_text()
    page.locator('#event-form button[name="value"][value="5"]').click()
    expect(heading).not_to_have_text(second)
    expect(voice).to_have_text(heading.inner_text().strip() + ", à suivre")
    assert stored(race) == (2, 2)


def test_a_second_tap_150_ms_after_an_entry_undoes_nothing(turn_page: Page, race):
    turn_page.locator('#event-form button[name="value"][value="7"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Entered: Red")
    expect(turn_page.locator("#undo .guard[inert]")).to_have_count(0)
    # The next entry: the bar comes back, guarded, where a finger may land on its Undo.
    undo = centre(turn_page, '#undo button[name="undo"]')
    turn_page.locator('#event-form button[name="value"][value="5"]').click()
    turn_page.wait_for_timeout(150)
    turn_page.mouse.click(*undo)
    turn_page.wait_for_timeout(600)
    assert stored(race) == (2, 2)
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Entered: Blue")
    # Once the moment is over, Undo takes the entry back, says so and offers Redo.
    turn_page.locator('#undo button[name="undo"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Took back: Blue")
    assert stored(race) == (1, 3)
    turn_page.locator('#undo button[name="redo"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Entered: Blue")
    assert stored(race) == (2, 4)
    assert race.events.get(seq=2).payload == {"car": "blue", "value": "5"}


def test_an_accepted_entry_clears_the_refusal_that_stood_beside_its_control(turn_page: Page, race):
    version = 0
    for kind, _car, data in STEPS[:5]:  # qualifying and the weather: red's move is asked
        enter(turn_page, version, kind, data)
        version += 1
    # A tap from a page that offers a value the rules refuse (as a stale page may).
    turn_page.evaluate("document.querySelector('input[name=brakes][value=\"3\"]').value = '9'")
    turn_page.locator('label[for="f-brakes-3"]').click()
    turn_page.locator('#event-form button[name="roll"][value="2"]').click()
    refusal = turn_page.locator(".refusal")
    expect(refusal).to_have_count(1)
    expect(refusal).to_contain_text("at most")
    # Beside the control it names: within the brakes' row, before the next fact.
    assert turn_page.evaluate(
        "document.querySelector('[data-field=brakes]').nextElementSibling"
        ".classList.contains('refusal')"
    )
    expect(turn_page.locator("#event-form .guard[inert]")).to_have_count(0)
    enter(turn_page, version, "move", {"roll": 2, "brakes": 0})
    expect(turn_page.locator(".refusal, .alert-danger")).to_have_count(0)
    assert race.events.filter(kind="move").count() == 1


def test_a_tap_made_offline_is_entered_once_on_retry(turn_page: Page, race):
    turn_page.context.set_offline(True)
    turn_page.locator('#event-form button[name="value"][value="7"]').click()
    note = turn_page.locator("#connection")
    expect(note).to_contain_text("Not sent — no connection")
    assert stored(race) == (0, 0)
    turn_page.context.set_offline(False)
    expect(note).to_contain_text("The connection is back")
    note.get_by_role("button", name="Retry").click()
    expect(turn_page.locator("#prompt-text")).to_contain_text("Blue (Bob, Rookie) qualifies")
    expect(note).to_be_hidden()
    assert stored(race) == (1, 1)
    assert race.events.get().payload == {"car": "red", "value": "7"}


def test_a_retry_after_the_race_moved_on_is_refused_as_stale(turn_page: Page, race):
    turn_page.context.set_offline(True)
    turn_page.locator('#event-form button[name="value"][value="7"]').click()
    expect(turn_page.locator("#connection")).to_contain_text("Not sent — no connection")
    # Meanwhile another device enters red's qualifying roll.
    race_event_apply(
        race=race, event=Event("qualifying_roll", {"car": "red", "value": 3}), expected_version=0
    )
    turn_page.context.set_offline(False)
    turn_page.locator("#retry").click()
    expect(turn_page.locator("#prompt")).to_contain_text("Another device changed this race first")
    assert stored(race) == (1, 1)
    assert race.events.get().payload == {"car": "red", "value": 3}


def test_every_fact_has_a_line_in_words_and_its_rule_on_a_phone(turn_page: Page, race):
    for version, (kind, _car, data) in enumerate(STEPS[:5]):
        enter(turn_page, version, kind, data)
    facts = turn_page.locator("#event-form .fact")
    assert facts.count() >= 4
    state = race_state(Race.objects.get(pk=race.pk))
    for fact in facts.all():
        name = fact.get_attribute("data-field")
        words = engine.fact_help(state.setup.ruleset, name)
        label = fact.locator(".fact-label, .fact-toggle").first
        if not label.is_visible():
            turn_page.locator(".facts-more > summary").click()
        expect(label).to_have_text(words.line)
        # One line, whole: nothing cut off at 390 px.
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), name
        fact.locator(".fact-help summary").click()
        expect(fact.locator(".fact-rule")).to_be_visible()
        expect(fact.locator(".fact-rule")).to_contain_text(words.rule)
        fact.locator(".fact-help summary").click()
    assert turn_page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_browser_without_a_wake_lock_is_told_the_screen_may_go_dark(
    page: Page, live_server, login, race
):
    page.context.add_init_script("delete Navigator.prototype.wakeLock")
    login("org", "secret-pass")
    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("[data-wake-lock]")).to_contain_text("cannot keep the screen on")


@pytest.mark.parametrize("ruleset", ["formula_d", "mini", "rbb", "death"])
def test_every_move_fact_of_the_formula_d_rule_sets_has_its_line_on_a_phone(
    page: Page, live_server, login, django_user_model, ruleset
):
    """Formula D's facts (Corner, Overshoot, Stops, Finish, ...) and its variants' own, on a
    move prompt at 390 px: each a whole line in words, its rule behind its "?"."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Facts", organiser=organiser, ruleset=ruleset)
    cars = league.rules.cars_per_team(league.settings)  # RBB's teams of two
    for team, names in (("Reds", ("Ann", "Bob")), ("Blues", ("Cid", "Dot"))):
        team_create(league=league, name=team, driver_names=list(names[:cars]))
    presets = league.rules.presets
    season = season_open(
        league=league,
        preset=presets[0].name if presets else "",
        tracks=None if presets else [track_create(name="Facts Ring")],
    )
    drivers = Driver.objects.filter(team__league=league).order_by("pk")
    starters = list(
        zip(drivers, ("red", "blue", "green", "yellow")[: drivers.count()], strict=True)
    )
    race = round_start_at_table(round_=season.rounds.get(number=1), starters=starters)
    while engine.prompts(race_state(race))[0].kind != "move":
        drive(race, 1, seed=race.seq)
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    facts = page.locator("#event-form .fact")
    assert facts.count() >= 4, ruleset
    for fact in facts.all():
        name = fact.get_attribute("data-field")
        words = engine.fact_help(ruleset, name)
        assert words is not None, (ruleset, name)
        label = fact.locator(".fact-label, .fact-toggle").first
        if not label.is_visible():
            page.locator(".facts-more > summary").click()
        expect(label).to_have_text(words.line)
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), (ruleset, name)
        fact.locator(".fact-help summary").click()
        expect(fact.locator(".fact-rule")).to_contain_text(words.rule)
        fact.locator(".fact-help summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_second_tap_on_what_moved_up_under_the_finger_follows_no_link(
    page: Page, live_server, login, django_user_model
):
    """Formula D's first move asks many facts above its keypad; the next car's start roll asks
    none, so what lies below the prompt (the big screen's link, the log's links) moves up under
    the finger that tapped the move's roll: for a moment none of them follows a tap, as the
    prompt's own controls do not."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Taps", organiser=organiser, ruleset="formula_d")
    for team, name in (("Apex", "Ann"), ("Bolt", "Bob")):
        team_create(league=league, name=team, driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Taps Ring")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    while engine.prompts(race_state(race))[0].kind != "move":
        drive(race, 1, seed=race.seq)
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    turn_url = page.url
    page.locator('#event-form button[name="roll"][value="1"]').click()
    page.wait_for_function(
        "v => document.querySelector('#event-form input[name=version]').value !== String(v)",
        arg=race.version,
    )
    page.mouse.click(*centre(page, "#dashboard h2 a"))  # a moment after the entry
    page.wait_for_timeout(500)
    assert page.url == turn_url
    # Once the moment is over, the link is followed.
    page.locator("#dashboard h2 a").click()
    page.wait_for_url("**/screen/")


def test_a_second_tap_after_the_last_entry_does_not_write_the_result(
    page: Page, live_server, login, race
):
    """The last entry ends the race and the result takes the prompt's place, its "Write the
    result into the season" where the finger may come down again: that tap writes nothing."""
    drive_to_finish(race)
    undone = race_undo_last(race=race, expected_version=race.version)
    (kind, payload, _text), *joined = undone.taken
    assert not joined
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    enter(page, race.version, kind, {k: v for k, v in payload.items() if k != "car"})
    commit = page.get_by_role("button", name="Write the result into the season")
    page.mouse.click(*centre(page, "button[name=commit]"))  # a moment after the entry
    page.wait_for_timeout(500)
    race.round.refresh_from_db()
    assert race.round.status != RoundStatus.FINISHED
    commit.click()  # once the moment is over, it does
    expect(page.get_by_text("Round 1 is in the standings.")).to_be_visible()


def test_what_each_column_of_the_cars_says_is_a_tap_away(turn_page: Page, race):
    """The dashboard's headings are short ("Brk", "Col"); a phone shows no hover tooltip, so
    their words are a tap away under the table."""
    state = race_state(race)
    columns = engine.dashboard_columns(state)
    legend = turn_page.locator("#dashboard .columns-help")
    legend.locator("summary").click()
    for column in columns:
        expect(legend).to_contain_text(f"{column.label}: {column.title}")
    assert turn_page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_starters_may_be_changed_until_the_first_entry_and_the_page_stops_offering_it(
    turn_page: Page, race
):
    offer = turn_page.get_by_role("link", name="Change the starters or cancel the start")
    expect(offer).to_be_visible()
    enter(turn_page, 0, "qualifying_roll", {"value": 7})
    expect(offer).to_have_count(0)


def entries(race: Race) -> int:
    """The referee's taps the race has taken: its events less those Paddock entered itself."""
    return race.events.filter(automatic=False, joined=False).count()


def double_tap(page: Page, selector: str) -> None:
    """Two taps on the same spot 600 ms apart ("did it take?"), as at a table where the answer
    comes in ~200 ms: the second lands 400 ms after the next prompt came, whatever this
    machine's round trip (past the 300 ms any new controls ignore taps for), then time to
    settle."""
    expect(page.locator("#event-form .guard[inert]")).to_have_count(0)
    spot = centre(page, selector)
    version = page.locator('#event-form input[name="version"]').input_value()
    started = time.monotonic()
    page.mouse.click(*spot)
    page.wait_for_function(
        "v => { const f = document.querySelector('#event-form input[name=version]');"
        " return !f || f.value !== v; }",
        arg=version,
    )
    page.wait_for_timeout(400)
    page.wait_for_timeout(max(0, 600 - (time.monotonic() - started) * 1000))
    page.mouse.click(*spot)
    page.wait_for_timeout(1200)


def test_a_second_tap_600_ms_on_never_lands_on_the_next_car_s_prompt(
    page: Page, live_server, login, django_user_model
):
    """A grid roll, a start roll and a gear with its roll, each tapped twice 600 ms apart: the
    next car's prompt puts the same button under the finger, and it takes no tap until it has
    been seen (~700 ms); its heading is lit and the car read out meanwhile."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="Taps", organiser=organiser, ruleset="formula_d")
    for team, name in (("Apex", "Ann"), ("Bolt", "Bob"), ("Crew", "Cid")):
        team_create(league=league, name=team, driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Taps Ring")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(),
        starters=list(zip(drivers, ("red", "blue", "green"), strict=True)),
    )
    login("org", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann) rolls black")

    double_tap(page, '#event-form button[name="value"][value="10"]')
    assert entries(race) == 1
    assert race.events.get().payload == {"car": "red", "value": "10"}
    expect(page.locator("#prompt-text")).to_contain_text("Blue (Bob) rolls black")
    expect(page.locator("#prompt-announce")).to_contain_text("Blue (Bob)")

    race.refresh_from_db()
    enter(page, race.version, "grid_roll", {"value": 15})
    enter(page, race.version + 1, "grid_roll", {"value": 5})
    # Blue starts first; a Poor Start (1) misses the turn, so red's start roll comes next.
    expect(page.locator("#prompt-text")).to_contain_text("Blue (Bob), 1st on the grid, starts")
    double_tap(page, '#event-form button[name="value"][value="1"]')
    assert entries(race) == 4
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann), 2nd on the grid, starts")

    # A gear asked in a round where every car has started: the next car's gear comes next.
    while not (engine.prompts(state := race_state(race))[0].kind == "gear" and state.round >= 3):
        drive(race, 1, seed=race.seq)
    page.reload()
    expect(page.locator("#event-form")).to_have_attribute("data-kind", "gear")
    before = entries(race)
    double_tap(page, '#event-form [data-widget="gears"] .faces button >> nth=0')
    assert entries(race) == before + 1


def overlap(one: dict, other: dict) -> bool:
    return not (
        one["x"] + one["width"] <= other["x"]
        or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"]
        or other["y"] + other["height"] <= one["y"]
    )


def test_undo_stays_a_tap_away_without_a_scroll_while_the_entry_can_be_taken_back(
    turn_page: Page, race
):
    """The "Entered: … · Undo" bar steps aside after 6 s, but its Undo stays in the top corner,
    clear of the prompt, wherever the page is scrolled: no scroll to the log to take it back."""
    turn_page.locator('#event-form button[name="value"][value="7"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Entered: Red")
    turn_page.wait_for_timeout(6500)
    undo = turn_page.locator('#undo button[name="undo"]')
    expect(undo).to_be_visible()
    expect(turn_page.locator("#undo .entry-bar-text")).to_be_hidden()
    box, prompt = undo.bounding_box(), turn_page.locator("#prompt").bounding_box()
    assert box is not None and prompt is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert not overlap(box, prompt)
    turn_page.locator("#log").scroll_into_view_if_needed()
    assert undo.evaluate("b => b.getBoundingClientRect().top") >= 0
    undo.click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Took back: Red")
    assert stored(race) == (0, 2)


def _text_boxes(page: Page) -> list[dict]:
    """Where the crumbs and the title's words show: each crumb's box (cut to fit), the title's
    without the room it makes at its end."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.turn-head .breadcrumb-item, .turn-title')]
            .map(el => {
                const box = el.getBoundingClientRect();
                const room = parseFloat(getComputedStyle(el).paddingRight);
                return {x: box.x, y: box.y, width: box.width - room, height: box.height};
            })"""
    )


def test_after_an_undo_undo_and_redo_stay_a_tap_away_while_they_apply(turn_page: Page, race):
    """Issue 32: "Took back: … · Redo" hid after 10 s, and the way to take back the entry before
    was a scroll to the log. It now shrinks to its Undo (while an entry is left to take back) and
    its Redo in the top corner, clear of the prompt and the title, wherever the page is
    scrolled."""
    turn_page.locator('#event-form button[name="value"][value="7"]').click()
    expect(turn_page.locator("#undo .guard[inert]")).to_have_count(0)
    turn_page.locator('#event-form button[name="value"][value="5"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Entered: Blue")
    expect(turn_page.locator("#undo .guard[inert]")).to_have_count(0)
    turn_page.locator('#undo button[name="undo"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Took back: Blue")
    assert stored(race) == (1, 3)
    turn_page.wait_for_timeout(10500)
    expect(turn_page.locator("#undo .entry-bar-text")).to_be_hidden()
    undo, redo = (turn_page.locator(f'#undo button[name="{name}"]') for name in ("undo", "redo"))
    # The prompt, and the title's and the crumbs' words (their boxes make room at their ends).
    clear_of = [turn_page.locator("#prompt").bounding_box(), *_text_boxes(turn_page)]
    for button in (undo, redo):
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        assert box["x"] + box["width"] <= PHONE["width"]
        assert not any(other and overlap(box, other) for other in clear_of), (box, clear_of)
    turn_page.locator("#log").scroll_into_view_if_needed()
    assert undo.evaluate("b => b.getBoundingClientRect().top") >= 0
    undo.click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Took back: Red")
    assert stored(race) == (0, 4)
    # Nothing is left to take back: Redo alone.
    expect(turn_page.locator('#undo button[name="undo"]')).to_have_count(0)
    expect(turn_page.locator('#undo button[name="redo"]')).to_be_visible()


def test_an_undo_takes_its_lines_out_of_the_log_and_leaves_the_rest(turn_page: Page, race):
    """The undo's answer sends no line of the log again: it deletes the lines taken back, and
    the log reads as a fresh page's."""
    for face in ("7", "5", "9"):
        turn_page.locator(f'#event-form button[name="value"][value="{face}"]').click()
        expect(turn_page.locator("#undo .guard[inert]")).to_have_count(0)
    expect(turn_page.locator("#event-log li")).to_have_count(3)
    turn_page.locator('#undo button[name="undo"]').click()
    expect(turn_page.locator("#undo .entry-bar-text")).to_contain_text("Took back: Green")
    expect(turn_page.locator("#event-log li")).to_have_count(2)
    shown = turn_page.locator("#event-log li").all_inner_texts()
    assert [line.split()[0] for line in shown] == ["#1", "#2"]
    turn_page.reload()
    assert turn_page.locator("#event-log li").all_inner_texts() == shown
