"""The turn page's pieces (templates/races/_prompt.html, widgets/, _status.html, _undo.html,
_car_row.html, _log_line.html), read as a person and a browser read them: the words on the
page, what each form posts, and names shown escaped. No test pins the markup itself."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from races.services.entries import race_state
from rules import engine
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


class Page(HTMLParser):
    """The words a browser shows in an element (by id), and each form's fields and buttons."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.texts: dict[str, list[str]] = {}
        self.open: list[str | None] = []
        self.forms: list[dict] = []
        self.buttons: list[tuple[str, str]] = []  # (name, words)
        self.tags: list[tuple[str, dict]] = []
        self._button: list[str] | None = None
        self._button_name = ""
        self._site_bar = False  # inside the site bar's language form, on every page: not counted
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        self.tags.append((tag, named))
        if tag not in ("input", "br", "meta", "link", "img"):
            self.open.append(named.get("id"))
        if tag == "form" and named.get("id") == "site-language":
            self._site_bar = True
        if self._site_bar:
            return
        if tag == "form":
            self.forms.append({"id": named.get("id"), "fields": {}})
        if tag == "input" and self.forms and named.get("type") == "hidden":
            self.forms[-1]["fields"][named.get("name")] = named.get("value")
        if tag == "button":
            self._button, self._button_name = [], named.get("name", "")

    def handle_endtag(self, tag):
        if self._site_bar:
            self._site_bar = tag != "form"
        elif tag == "button" and self._button is not None:
            self.buttons.append((self._button_name, " ".join("".join(self._button).split())))
            self._button = None
        if self.open and tag not in ("input", "br", "meta", "link", "img"):
            self.open.pop()

    def handle_data(self, data):
        for element in self.open:
            if element:
                self.texts.setdefault(element, []).append(data)
        if self._button is not None:
            self._button.append(data)

    def text(self, element: str) -> str:
        return " ".join("".join(self.texts.get(element, [])).split())


def page(client, race) -> Page:
    response = client.get(reverse("races:turn", kwargs={"race_id": race.pk}))
    assert response.status_code == 200
    return Page(response.text)


def test_a_referee_gets_the_prompt_s_form_at_the_race_s_version(client_organiser, race):
    drive(race, 2)
    race.refresh_from_db()
    shown = page(client_organiser, race)
    prompt = engine.prompts(race_state(race))[0]
    assert prompt.text in shown.text("prompt")
    (entry,) = (form for form in shown.forms if form["id"] == "event-form")
    assert entry["fields"]["version"] == str(race.version)
    assert entry["fields"]["kind"] == prompt.kind
    assert "csrfmiddlewaretoken" in entry["fields"]


def test_a_spectator_sees_the_prompt_and_no_control(race):
    shown = page(Client(), race)
    assert engine.prompts(race_state(race))[0].text in shown.text("prompt")
    assert not shown.forms and not shown.buttons


def test_a_prompt_with_no_tap_to_enter_it_has_a_button_the_order_its_own(client_organiser, race):
    for seed in range(60):  # qualifying, the weather, round 1: then the movement order is asked
        if engine.prompts(race_state(race))[0].kind == "order":
            break
        drive(race, 1, seed=seed)
        race.refresh_from_db()
    assert engine.prompts(race_state(race))[0].kind == "order"
    assert ("", "Confirm the order") in page(client_organiser, race).buttons


def test_the_status_line_counts_the_events_entered(client_organiser, race):
    drive(race, 1)
    assert page(client_organiser, race).text("race-status").endswith("· 1 event entered")
    drive(race, 1, seed=2)
    assert page(client_organiser, race).text("race-status").endswith("· 2 events entered")


def test_the_bar_names_the_entry_undo_takes_back_and_is_empty_before_the_first(
    client_organiser, race
):
    assert not [name for name, _words in page(client_organiser, race).buttons if name == "undo"]
    drive(race, 1)
    race.refresh_from_db()
    shown = page(client_organiser, race)
    # A page load names it as the latest: "Entered" answers the page's own entry only.
    assert shown.text("undo").startswith(f"Latest entry: {race.events.get(seq=1).summary()}")
    assert ("undo", "Undo") in shown.buttons
    assert not page(Client(), race).buttons  # a spectator may not undo


def test_what_the_log_says_is_shown_escaped(client_organiser, race):
    drive(race, 1)
    race.events.update(text="<b>Bold</b> & co")
    shown = page(client_organiser, race)
    assert "<b>Bold</b> & co" in shown.text("event-log")  # as words, not as markup
    assert "b" not in [tag for tag, _attrs in shown.tags]


def test_after_an_entry_only_what_changed_is_swapped_in(client_organiser, race):
    """The htmx answer: the next prompt, with the status line, the undo and the mover's row,
    and the new line of the log, out of band."""
    prompt = engine.prompts(race_state(race))[0]
    response = client_organiser.post(
        reverse("races:turn", kwargs={"race_id": race.pk}),
        {"kind": prompt.kind, "car": prompt.car, "value": 4, "version": race.version},
        **HTMX,
    )
    assert response.status_code == 200 and response["HX-Retarget"] == "#prompt"
    shown = Page(response.text)
    race.refresh_from_db()
    assert engine.prompts(race_state(race))[0].text in shown.text("prompt")
    assert shown.text("race-status").endswith("· 1 event entered")
    assert race.events.get(seq=1).summary() in response.text


def test_a_fact_s_help_ends_with_the_document_and_the_section_it_comes_from(client_organiser, race):
    """The "?" beside a board fact says the rule, then where it comes from ("— Season Pass,
    Braking and movement")."""
    for seed in range(60):  # a tap at a time, till a prompt asks a fact its rule set explains
        state = race_state(race)
        asked = engine.prompts(state)
        helps = [engine.fact_help(state.setup.ruleset, spec.name) for spec in asked[0].fields]
        if any(helps):
            break
        race = drive(race, 1, seed=seed)
    else:
        pytest.fail("no prompt asked a fact with a help")
    shown = page(client_organiser, race).text("prompt")
    for words in filter(None, helps):
        assert f"{words.rule} — {words.source}" in shown
