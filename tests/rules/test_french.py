"""Every rule set speaks French to a French reader (issue 34): each recorded race
(tests/rules/recorded/) replayed event by event, and everything the rules say on the way in
French (every prompt, its fields and choices, the log's line of each event, the dashboard's
notes and columns, the status line) leaves no English sentence, while the English reader still
reads the words as written. The race's state keeps no reader's words: it is worked out in
English, as races/services/entries.py does."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import engine
from rules.championship import championship_for, rule_sets
from rules.death.cards import DEFENCES, UTILITIES, WEAPONS
from rules.engine import Event, apply, start
from rules.engine.variant import ruleset_for
from rules.language import gettext, speaking
from rules.registry import RULE_SET_PACKAGES
from tests.rules.recorded.record import RECORDED, recorded_setup

FILES = sorted(RECORDED.glob("*.json"))

# Words no French sentence of ours holds: one of them left means an English sentence (or a
# piece of one) went untranslated. ("a", "on", "tire" are French words too: not here.)
ENGLISH = re.compile(
    r"\b(the|rolls?|its|and|of|with|spaces?|moves?|into|eliminated|lap|round|gear|tires|WP|"
    r"brake|black|weather|damage|car|from|behind|over|in|at|to|for|left|roll)\b"
)
# Proper names a French sentence keeps: the drivers (in brackets after a car), the Death cards
# as printed, the driver cards' names.
CARDS = sorted(
    [*(card.name for card in WEAPONS), *(card.name for card in DEFENCES)]
    + [card.name for card in UTILITIES],
    key=len,
    reverse=True,
)
DRIVERS = re.compile(r"\((?:[A-Z][a-z]+ ?)+(?:, [^)]*)?\)")
# Words every rule set's French says somewhere, in its prompts and in its log.
FRENCH_PROMPT = re.compile(r"lancez|Tour de jeu|confirmez|choisissez|saisissez|Grille")
FRENCH_LOG = re.compile(
    r"parcourt|avance|fait|se qualifie|Ordre du tour de jeu|passe en|reste en|Jet|Départ|"
    r"La grille"
)


def english_left(text: str) -> list[str]:
    for card in CARDS:
        text = text.replace(card, "")
    return ENGLISH.findall(DRIVERS.sub("", text))


def said(state, language: str) -> list[tuple[str, str]]:
    """What the rules say of `state` in `language`: (what, words) pairs."""
    with speaking(language):
        return list(_said(state))


def _said(state) -> Iterator[tuple[str, str]]:
    for prompt in engine.prompts(state):
        yield "prompt", prompt.text
        for field in prompt.fields:
            yield "field", field.label
            yield "short", field.short
            yield "unit", field.unit
            for choice in field.choices or ():
                yield "choice", str(choice[1])
    yield "status", engine.status(state)
    for view in engine.dashboard(state):
        yield "note", view.note
        yield "detail", view.detail
    for column in engine.dashboard_columns(state):
        yield "column", column.title


def replayed(path: Path) -> Iterator[tuple[str, str, str]]:
    """(what, French, English) for everything said along the recorded race at `path`."""
    recorded = json.loads(path.read_text())
    state, _asked = start(recorded_setup(recorded))
    for raw in recorded["events"]:
        yield from (
            (what, french, english)
            for (what, french), (_what, english) in zip(
                said(state, "fr"), said(state, "en"), strict=True
            )
        )
        event = Event.from_dict(raw)
        with speaking("en"):  # the state is worked out in English, whoever enters
            after, _asked = apply(state, event)
        with speaking("fr"):
            french = engine.describe(state, event, after)
        yield "log", french, engine.describe(state, event, after)
        state = after


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_race_speaks_french_to_a_french_reader(path: Path):
    lines = list(replayed(path))
    left = {
        (what, french): english_left(french)
        for what, french, _english in lines
        if french and english_left(french)
    }
    assert left == {}, "English left in French"
    prompts = [(fr, en) for what, fr, en in lines if what == "prompt"]
    logs = [(fr, en) for what, fr, en in lines if what == "log" and en]
    assert prompts and logs
    # Said in French, not the English as it is: a prompt and a log line at least of each race.
    assert any(FRENCH_PROMPT.search(fr) and fr != en for fr, en in prompts)
    assert any(FRENCH_LOG.search(fr) and fr != en for fr, en in logs)
    # Sentences a French reader reads in French: every prompt and log line differs from its
    # English (a log line of names and numbers alone would be the same: none is).
    assert [en for fr, en in prompts + logs if fr == en and re.search("[a-z]{3}", en)] == []


@pytest.mark.parametrize("path", FILES[:1], ids=[path.stem for path in FILES[:1]])
def test_the_english_reader_reads_the_words_as_written(path: Path):
    """English is the words as written: speaking English and speaking nothing say the same."""
    recorded = json.loads(path.read_text())
    state, _asked = start(recorded_setup(recorded))
    for raw in recorded["events"][:40]:
        english = list(said(state, "en"))
        assert english == list(said(state, "zz"))
        assert not any(re.search(r"lancez|Tour de jeu", words) for _what, words in english)
        state, _asked = apply(state, Event.from_dict(raw))


@pytest.mark.parametrize("ruleset", sorted(RULE_SET_PACKAGES))
def test_every_fact_s_help_is_in_french(ruleset: str):
    names = ruleset_for(ruleset).facts_explained
    assert names
    for name in names:
        english = engine.fact_help(ruleset, name)
        with speaking("fr"):
            french = engine.fact_help(ruleset, name)
        assert english is not None and french is not None
        assert french.line != english.line and french.rule != english.rule, (ruleset, name)
        assert french.source == english.source


def test_a_rule_set_s_labels_and_numbered_choices_are_said_in_french():
    """Mini's damage each car starts with (a choice a number fills), its lap-leader points, and
    RBB's and Death's season setup were written in English only (an f-string, unmarked)."""
    mini, rbb, death = (championship_for(name) for name in ("mini", "rbb", "death"))
    pool = next(setting for setting in mini.settings if setting.key == "damage_pool")
    assert pool.value_label("12") == "12 damage points"  # English, as the history keeps it
    with speaking("fr"):
        assert dict(pool.said_choices())["12"] == "12 points de dégâts"
        assert pool.said_value("12") == "12 points de dégâts"
        assert mini.said_bonus_points_label == "Points de tête de tour"
        assert rbb.said_season_setup_title == "Répartition des PU"
        assert death.said_season_setup_title == "Points de dégâts"
    assert mini.said_bonus_points_label == "Lap-leader points"


def test_no_words_are_no_words_in_french_too():
    """An empty label (a rule set's setting with no value's words, a car not out) says nothing,
    not the catalogue's header, which gettext keeps under the empty message."""
    with speaking("fr"):
        assert gettext("") == ""
        assert gettext("Gear") != "Gear"


def test_bonus_points_named_within_a_sentence_are_written_so_never_lowered():
    """The round page says "incl. lap-leader points: 2": the words within a sentence are
    their own (a language that capitalises its nouns keeps them), never the label lowered."""
    labelled = [rules for rules in rule_sets() if rules.bonus_points_label]
    assert labelled and all(rules.bonus_points_in_a_sentence for rules in labelled)
    mini = championship_for("mini")
    assert mini.said_bonus_points_in_a_sentence == "lap-leader points"
    with speaking("fr"):
        assert mini.said_bonus_points_in_a_sentence == "points de tête de tour"


def test_the_teams_named_within_a_line_are_written_so_never_lowered():
    """The season's downloads say "constructors (CSV)": the words within a line are the rule
    set's own, as its title is ("Constructors"), never the title lowered."""
    rbb, formula_d = championship_for("rbb"), championship_for("formula_d")
    assert (rbb.said_teams_in_a_sentence, formula_d.said_teams_in_a_sentence) == (
        "constructors",
        "teams",
    )
    with speaking("fr"):
        assert rbb.said_teams_in_a_sentence == "constructeurs"
        assert formula_d.said_teams_in_a_sentence == "écuries"


def test_a_zone_s_label_on_a_form_is_said_in_french():
    """A built car's and a driver card's WP by zone were labelled with the zone's English name,
    capitalised where it was shown ("Gearbox" on a French page); the driver card's field then
    glued the site's "{zone} WP" to the zone's label ("PU Pneus" where refusals say "PU
    pneus")."""
    from django.utils import translation

    from league.forms.drivers import DriverCardForm

    formula_d = championship_for("formula_d")
    labels = [zone.label for zone in formula_d.car_build]
    assert labels == ["Tire", "Brake", "Gearbox", "Car body", "Engine", "Road handling"]
    with speaking("fr"):
        said = [gettext(label) for label in labels]
    assert said == ["Pneus", "Freins", "Boîte", "Carrosserie", "Moteur", "Tenue de route"]
    with translation.override("fr"), speaking("fr"):
        form = DriverCardForm(rules=formula_d)
        card = [form.fields[zone.key].label for zone in formula_d.driver_card_zones]
    assert card == [
        "PU pneus",
        "PU freins",
        "PU boîte",
        "PU carrosserie",
        "PU moteur",
        "PU tenue de route",
    ]


def test_no_french_sentence_puts_an_ordinal_after_a_feminine_article():
    """French writes the ordinal the rules make as masculine ("1er", engine.pieces.ordinal):
    "la {place} place" read "la 1er place". A sentence names the place with a masculine
    noun ("le 1er rang") instead."""
    from config.catalogues import entries

    base = Path(__file__).resolve().parents[2]
    catalogues = (
        base / "rules" / "locale" / "fr" / "LC_MESSAGES" / "rules.po",
        base / "locale" / "fr" / "LC_MESSAGES" / "django.po",
    )
    wrong = [
        said
        for catalogue in catalogues
        for entry in entries(catalogue)
        for said in entry.strings.values()
        if re.search(r"\b(la|une|jusqu'à la) \{(place\d?|least|gear)\}", said)
    ]
    assert wrong == []
