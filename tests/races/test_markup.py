"""The markup every entry sends, written in Python (races/markup.py): the prompt's card, the
status line and the undo button. The turn page's tests see them in place; these pin what each
writes for whom, and that it escapes what it did not write."""

from __future__ import annotations

from html import escape

import pytest

from races import markup, services
from races.turn_panel import prompt_form
from rules import engine
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db

TOKEN = "a-csrf-token"


def card(race, *, can_referee=True, notices=(), queued=()) -> str:
    state = services.race_state(race)
    form = prompt_form(engine.prompts(state)[0], state)
    return markup.prompt_card(
        form,
        notices=notices,
        queued=queued,
        turn_url=f"/races/{race.pk}/",
        version=race.version,
        csrf_token=TOKEN,
        can_referee=can_referee,
    )


def test_a_referee_gets_the_prompt_s_form_at_the_race_s_version(race):
    html = card(race)
    assert html.startswith('<section id="prompt" class="card mb-3 border-primary">')
    assert f'<form method="post" action="/races/{race.pk}/" hx-post="/races/{race.pk}/"' in html
    assert f'<input type="hidden" name="csrfmiddlewaretoken" value="{TOKEN}">' in html
    assert f'<input type="hidden" name="version" value="{race.version}">' in html
    assert '<input type="hidden" name="kind" value="qualifying_roll">' in html
    assert '<input type="hidden" name="car" value="red">' in html
    prompt = engine.prompts(services.race_state(race))[0]
    assert f'id="prompt-text">{escape(prompt.text)}</h2>' in html
    assert 'id="enter"' not in html  # a die's face enters it


def test_a_spectator_sees_the_prompt_and_no_form(race):
    html = card(race, can_referee=False)
    assert 'id="prompt-text"' in html
    assert "<form" not in html and TOKEN not in html


def test_a_prompt_with_no_tap_to_enter_it_has_a_button_the_order_its_own(race):
    for seed in range(60):  # qualifying, the weather, round 1: then the movement order is asked
        if engine.prompts(services.race_state(race))[0].kind == "order":
            break
        drive(race, 1, seed=seed)
    assert engine.prompts(services.race_state(race))[0].kind == "order"
    assert '<button class="btn btn-primary btn-touch w-100 mt-2" id="enter">Confirm the order' in (
        card(race)
    )


def test_the_card_escapes_the_warnings_and_names_what_follows(race):
    asked = engine.prompts(services.race_state(race))
    html = card(race, notices=("<b>Red</b> & co",), queued=asked[:2])
    assert "&lt;b&gt;Red&lt;/b&gt; &amp; co" in html and "<b>Red" not in html
    assert f"Then: {asked[0].text}; {asked[1].text}</p>" in html


def test_the_status_line_counts_the_events_entered():
    assert "Round 2 · 1 event entered\n" in markup.status_line("Round 2", 1)
    assert "· 2 events entered" in markup.status_line("Round 2", 2)
    assert 'id="race-status" hx-swap-oob="true"' in markup.status_line("<i>", 0, oob=True)
    assert "&lt;i&gt; · 0 events" in markup.status_line("<i>", 0)


def test_the_undo_button_names_what_it_takes_back_and_is_empty_when_nothing_may_be():
    def undo(last_entry, oob=False) -> str:
        return markup.undo_form(
            last_entry=last_entry, turn_url="/r/", version=7, csrf_token=TOKEN, oob=oob
        )

    assert undo(None) == '<div id="undo">\n</div>'
    assert undo(None, oob=True) == '<div id="undo" hx-swap-oob="true">\n</div>'
    named = undo("Red moves <7>")
    assert 'name="undo">Undo the last entry (Red moves &lt;7&gt;)</button>' in named
    assert '<input type="hidden" name="version" value="7">' in named and TOKEN in named
    assert 'name="undo">Undo the last entry</button>' in undo("")


def test_no_token_writes_no_field():
    """As {% csrf_token %}: a page rendered without a request has none."""
    html = markup.undo_form(last_entry="", turn_url="/r/", version=1, csrf_token=None)
    assert "csrfmiddlewaretoken" not in html
    html = markup.undo_form(last_entry="", turn_url="/r/", version=1, csrf_token="NOTPROVIDED")
    assert "csrfmiddlewaretoken" not in html
