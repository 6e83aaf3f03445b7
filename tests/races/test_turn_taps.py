"""Taps that mean what the finger meant (issue 21), as the server answers them: what htmx swaps in
ignores taps for a moment, an undo says what it took back and offers Redo under the version
check, a refusal stands beside the control it names and goes with the next accepted entry, and
every fact has its line in words and its rule behind a "?". (The browser tests time the taps.)"""

from __future__ import annotations

import re
from html import escape

import pytest
from django.urls import reverse

from league.services.starts import round_run_by_hand
from races.services.entries import race_state
from rules import engine
from tests.factories import UserFactory
from tests.pages import html_of
from tests.races.scenario import STEPS
from tests.races.test_turn_templates import Page
from tests.races.test_views import HTMX, at_reds_gear, form_data, play_steps, tap_both

pytestmark = pytest.mark.django_db


def turn_url(race) -> str:
    return reverse("races:turn", kwargs={"race_id": race.pk})


def redo_post(html: str) -> dict:
    """What the bar's Redo posts: its form's hidden fields and the button."""
    form = re.search(r'<div id="undo".*?</form>', html, re.S).group(0)
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form):
        fields.setdefault(name, []).append(value)
    return {**fields, "redo": ""}


def test_what_htmx_swaps_in_ignores_taps_for_a_moment_and_a_page_load_does_not(
    client_organiser, race
):
    page = client_organiser.get(turn_url(race)).text
    assert "data-guard" not in page
    prompt = engine.prompts(race_state(race))[0]
    swapped = client_organiser.post(
        turn_url(race), form_data(race, prompt.kind, prompt.car, {"value": 5}), **HTMX
    ).text
    assert re.search(r'<div class="guard" inert data-guard>', swapped)  # the next prompt
    assert re.search(r'<div class="guard entry-bar-body" inert data-guard>', swapped)  # the bar


def test_an_undo_names_what_it_took_back_and_redo_enters_it_again(client_organiser, race):
    at_reds_gear(client_organiser, race)
    seq = race.seq
    client_organiser.post(turn_url(race), tap_both(race, "2", "4"), **HTMX)  # gear and roll
    race.refresh_from_db()
    entered = list(race.events.filter(seq__gt=seq).values_list("kind", "payload", "text"))
    undone = client_organiser.post(turn_url(race), {"undo": "", "version": race.version}, **HTMX)
    assert undone.status_code == 200
    race.refresh_from_db()
    assert race.seq == seq
    bar = Page(undone.text).text("undo")
    assert bar.startswith("Took back: Red into 2nd; Red moves 4 spaces in 2nd")
    redone = client_organiser.post(turn_url(race), redo_post(undone.text), **HTMX)
    assert redone.status_code == 200
    race.refresh_from_db()
    again = list(race.events.filter(seq__gt=seq).values_list("kind", "payload", "text"))
    assert again == entered
    assert "Entered: Red into 2nd; Red moves 4 spaces in 2nd" in Page(redone.text).text("undo")


def test_a_redo_on_a_race_moved_on_since_is_refused_and_enters_nothing(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:3])
    undone = client_organiser.post(turn_url(race), {"undo": "", "version": race.version}, **HTMX)
    race.refresh_from_db()
    play_steps(client_organiser, race, STEPS[2:3])  # another device entered it meanwhile
    race.refresh_from_db()
    seq = race.seq
    refused = client_organiser.post(turn_url(race), redo_post(undone.text), **HTMX)
    assert refused.status_code == 409 and "Another device changed this race first" in refused.text
    race.refresh_from_db()
    assert race.seq == seq


def test_a_refusal_stands_beside_the_fact_it_names_and_goes_with_the_next_entry(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:5])  # red's move is asked for
    post = form_data(race, "move", "red", {"roll": 2, "brakes": 9})
    refused = client_organiser.post(turn_url(race), post, **HTMX)
    assert refused.status_code == 400
    after_brakes = refused.text.split('data-field="brakes"')[1].split("data-field=")[0]
    assert 'class="alert alert-danger refusal' in after_brakes
    assert refused.text.count("alert-danger") == 1
    accepted = client_organiser.post(
        turn_url(race), form_data(race, "move", "red", {"roll": 2}), **HTMX
    )
    assert accepted.status_code == 200 and accepted["HX-Retarget"] == "#prompt"
    # The prompt (where the refusal stood) and the bar are replaced: no refusal is left.
    assert "alert-danger" not in accepted.text
    assert re.search(r'<div id="undo"[^>]* hx-swap-oob="true">', accepted.text)


def test_a_refusal_of_the_rules_stands_beside_the_keypad(client_organiser, race):
    at_reds_gear(client_organiser, race)
    refused = client_organiser.post(
        turn_url(race), form_data(race, "gear", "red", {"gear": 5}), **HTMX
    )
    assert refused.status_code == 400
    form = re.search(r'<form[^>]*id="event-form".*?</form>', refused.text, re.S).group(0)
    before_keypad = form.split('data-widget="gears"')[0]
    assert "refusal" in before_keypad.rsplit("</details>", 1)[-1]


def test_an_undo_refused_says_so_in_the_bar(client_organiser, race):
    refused = client_organiser.post(turn_url(race), {"undo": "", "version": 0}, **HTMX)
    assert refused.status_code == 400
    prompt = re.search(r'<section id="prompt".*?</section>', refused.text, re.S).group(0)
    assert "Nothing to undo" not in prompt


def test_every_fact_has_its_line_in_words_and_its_rule_behind_a_question_mark(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:5])  # red's move: brakes, corner, skid, finish...
    html = html_of(client_organiser.get(turn_url(race)))
    facts = re.findall(
        r'<div class="fact" data-widget="\w+" data-field="(\w+)">(.*?)</details>', html, re.S
    )
    assert len(facts) >= 4
    for name, row in facts:
        words = engine.fact_help("season_pass", name)
        assert words is not None and escape(words.line) in row, name
        assert escape(words.rule) in row, name
        assert "<summary" in row and ">?</summary>" in row
    assert "Spaces still to reach the line, each lap" in html


def test_a_tap_refused_as_stale_is_not_shown_as_entered(client_organiser, race):
    """Another device entered red's qualifying roll first: the stale page's tap enters nothing,
    and the bar names that entry as the latest, not as "Entered", which the referee who tapped
    would read as their own tap taken."""
    client_organiser.post(turn_url(race), form_data(race, *STEPS[0]))
    stale = {"kind": "qualifying_roll", "car": "red", "value": 9, "version": 0}
    refused = client_organiser.post(turn_url(race), stale, **HTMX)
    assert refused.status_code == 409
    bar = Page(refused.text).text("undo")
    assert bar.startswith(f"Latest entry: {race.events.get(seq=1).summary()}")
    assert "Entered" not in bar


def test_taking_back_to_an_entry_says_what_it_took_back_and_nothing_was_entered(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:6])
    race.refresh_from_db()
    taken = race.seq - 2 + 1
    client_organiser.post(turn_url(race), {"undo": "", "back_to": 2, "version": race.version})
    page = client_organiser.get(turn_url(race)).text
    assert f"Took back {taken} events, from #2 on: the race asks again for entry #2." in page
    bar = Page(page).text("undo")
    assert bar.startswith(f"Latest entry: {race.events.get(seq=1).summary()}")


def test_the_words_of_a_take_back_go_at_the_next_entry(client_organiser, race):
    """ "Took back 5 events, from #2 on…" speaks of that moment: it stands above the prompt
    until the next entry, whose answer empties it (out of band), as does a whole panel's."""
    play_steps(client_organiser, race, STEPS[:5])
    race.refresh_from_db()
    taken = race.seq - 1
    client_organiser.post(turn_url(race), {"undo": "", "back_to": 2, "version": race.version})
    page = client_organiser.get(turn_url(race)).text
    assert f"Took back {taken} events, from #2 on" in Page(page).text("turn-messages")
    race.refresh_from_db()
    kind, car, data = STEPS[1]
    entered = client_organiser.post(turn_url(race), form_data(race, kind, car, data), **HTMX)
    assert entered.status_code == 200
    assert '<div id="turn-messages" hx-swap-oob="true"></div>' in entered.text
    race.refresh_from_db()
    undone = client_organiser.post(turn_url(race), {"undo": "", "version": race.version}, **HTMX)
    assert '<div id="turn-messages" hx-swap-oob="true"></div>' in undone.text
    race.refresh_from_db()
    back = {"undo": "", "back_to": 1, "version": race.version}
    whole = client_organiser.post(turn_url(race), back, **HTMX)
    assert 'id="panel"' in whole.text
    assert '<div id="turn-messages" hx-swap-oob="true"></div>' in whole.text


def test_an_undo_refused_as_stale_says_nothing_was_taken_back_and_asks_for_no_roll(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:2])
    race.refresh_from_db()
    shown = race.version
    play_steps(client_organiser, race, STEPS[2:3])  # another device, meanwhile
    refused = client_organiser.post(turn_url(race), {"undo": "", "version": shown}, **HTMX)
    assert refused.status_code == 409
    words = Page(refused.text).text("prompt")
    assert "Another device changed this race first" in words
    assert "nothing you tapped was done" in words
    assert "Enter your roll" not in words  # an undo was tapped, not a roll


def test_a_tap_on_a_race_discarded_meanwhile_says_why_in_the_site_s_frame(client_organiser, race):
    """The organiser discards the race on the round page (to type the result in by hand) while
    the referee's phone still shows it: the next tap, and a reload, say what happened, not a
    bare "Not Found"."""
    round_ = race.round
    round_run_by_hand(round_=round_, expected_version=round_.version)
    tap = form_data(race, *STEPS[0])
    swapped = client_organiser.post(turn_url(race), tap, **HTMX)
    assert swapped.status_code == 404
    assert "it may have been discarded on the round page" in Page(swapped.text).text("refusal")
    # The page's main part, not the whole site inside the panel (config/htmx_pages.py).
    assert (swapped["HX-Retarget"], swapped["HX-Reselect"]) == ("main", "main")
    reloaded = client_organiser.get(turn_url(race))
    assert reloaded.status_code == 404
    assert "it may have been discarded on the round page" in Page(reloaded.text).text("refusal")
    assert '<meta name="viewport"' in reloaded.text  # the site's frame, fit for a phone


def test_an_address_no_page_has_is_a_404_in_the_site_s_frame_with_no_internals(client):
    missing = client.get("/races/1/nowhere/")
    assert missing.status_code == 404
    assert "Resolver404" not in missing.text and "tried" not in missing.text
    assert "Nothing is at this address" in Page(missing.text).text("refusal")
    # get_object_or_404's words name a model, not what the reader looked for.
    no_league = client.get("/no-such-league/")
    assert no_league.status_code == 404
    assert "matches the given query" not in no_league.text


def test_a_tap_by_one_who_may_not_referee_gets_the_reason_in_place_of_the_page(client, race):
    client.force_login(UserFactory(username="spectator"))
    refused = client.post(turn_url(race), form_data(race, *STEPS[0]), **HTMX)
    assert refused.status_code == 403
    # In place of the page's main part, not the whole site inside the turn page's panel.
    assert (refused["HX-Retarget"], refused["HX-Reselect"]) == ("main", "main")
    assert "Only the league's organiser or a referee" in Page(refused.text).text("refusal")
    page = client.post(turn_url(race), form_data(race, *STEPS[0]))
    assert page.status_code == 403 and "<nav" in page.text


def test_a_tap_after_the_referee_was_logged_out_says_to_log_in_again(client, race):
    """Logged out on another page, or the session ended: the referee is told so, not that only
    a referee may run the race."""
    refused = client.post(turn_url(race), form_data(race, *STEPS[0]), **HTMX)
    assert refused.status_code == 403
    assert "log in again" in Page(refused.text).text("refusal")
    assert f'href="/login/?next={turn_url(race)}"' in refused.text  # and the way to it
    race.refresh_from_db()
    assert race.seq == 0
