"""Every prompt of every recorded race, as the turn page shows it to a French referee (issue 34).

Each recorded race (tests/rules/recorded/*.json, two or more per rule set) is replayed event by
event through the engine, worked out in English as the entry service does
(races/services/entries.py). At each step looked at, the prompt asked now is made into its form
(races/forms/prompt.py, `prompt_form`) and its card (templates/races/_prompt.html) is rendered
through Django in French: the prompt's words, every fact's label, its line and help, its
choices, the folded facts' summary, the prompts queued after it; and the log line of the event
(`engine.describe`) is said in French. No run of three words or more of an English sentence of
either catalogue (django.po, rules.po: `english_runs` of tests/test_french_site.py) may be in
any of it.

Nothing is sampled: the card of every step of every race is rendered, and every event's log line
read (some 15 s for the eleven races, 2026).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from races.forms.prompt import prompt_form
from races.reads.turn_panel import TurnPanel
from rules import engine
from rules.engine import Event, RaceState, apply, start
from rules.language import speaking
from tests.rules.recorded.record import RECORDED, recorded_setup
from tests.test_french_site import english_runs, whole, words_of

FILES = sorted(RECORDED.glob("*.json"))


@pytest.fixture(scope="module")
def runs() -> frozenset[str]:
    return english_runs()


def card(state: RaceState) -> str:
    """The prompt card's words as a French referee reads them on the turn page."""
    asked = engine.prompts(state)
    form = prompt_form(asked[0], state)
    panel = TurnPanel(
        state=state,
        form=form,
        queued=asked[1:4],
        columns=engine.dashboard_columns(state),
        cars=(),
        events=[],
    )
    context = {
        "panel": panel,
        "form": form,
        "can_referee": True,
        "turn_url": "/turn/",
        "race": SimpleNamespace(version=1),
        "guarded": False,
    }
    return words_of(render_to_string("races/_prompt.html", context))


def read_in_french(path: Path) -> tuple[list[tuple[int, str, str]], int]:
    """(event number, what, words) of everything read along the race at `path` in French, and
    how many prompt cards were rendered."""
    recorded = json.loads(path.read_text())
    state, _asked = start(recorded_setup(recorded))
    read: list[tuple[int, str, str]] = []
    cards = 0
    with translation.override("fr"), speaking("fr"):
        for number, raw in enumerate(recorded["events"], start=1):
            if engine.prompts(state):
                read.append((number, "prompt", card(state)))
                cards += 1
            event = Event.from_dict(raw)
            with speaking("en"):  # the state is worked out in English, whoever enters
                after, _asked = apply(state, event)
            read.append((number, "log", engine.describe(state, event, after)))
            state = after
    return read, cards


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_every_prompt_of_a_recorded_race_reads_in_french(path: Path, runs: frozenset[str]) -> None:
    read, cards = read_in_french(path)
    assert cards > 10
    assert any("Entrer" in words or "lancez" in words.lower() for _n, what, words in read)
    everything = " | ".join(words for _number, _what, words in read)
    found = sorted(run for run in runs if run in everything and whole(run, everything))
    where = [
        (number, what, run, words[:300])
        for run in found
        for number, what, words in read
        if whole(run, words)
    ]
    assert found == [], where[:5]


def test_the_folded_facts_are_named_by_their_labels_as_written_never_lowered() -> None:
    """Issue 34: the summary of the folded facts ("More: …") lowered each short label, which
    made "wp 1" of "WP 1" and "pu 1" of the French "PU 1"."""
    recorded = json.loads((RECORDED / "formula_d_road_race.json").read_text())
    summaries: dict[str, set[str]] = {"en": set(), "fr": set()}
    state, _asked = start(recorded_setup(recorded))
    for raw in recorded["events"]:
        for language, seen in summaries.items():
            with translation.override(language), speaking(language):
                if asked := engine.prompts(state):
                    seen.add(prompt_form(asked[0], state).extras_summary)
        state, _asked = apply(state, Event.from_dict(raw))
    assert "WP 1, WP 2" in summaries["en"] and "PU 1, PU 2" in summaries["fr"]
    assert "Blocked, Stops, Danger zone, Engine noise" in summaries["en"]
    assert not any(
        "wp" in summary or "pu " in summary for summary in summaries["en"] | summaries["fr"]
    )
