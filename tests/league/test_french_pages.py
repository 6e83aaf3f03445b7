"""The league's pages in French (issue 34): each template of templates/league/ marked for
translation has every sentence in the French catalogue (none fuzzy), and each league page of the
role matrix laid out from those templates, read with a French browser, shows none of their
English sentences (while the same page in English shows them).

TRANSLATED lists the templates done; a template joins it when its words are marked and in
French (docs/translating.md, "What is translated")."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation.template import templatize

from config.catalogues import entries
from tests.pages import squeezed
from tests.test_fuzz import World
from tests.test_permissions import world  # noqa: F401  (the matrix's league, a fixture)

pytestmark = pytest.mark.django_db

BASE = Path(__file__).resolve().parent.parent.parent
TEMPLATES = BASE / "templates" / "league"
DJANGO_PO = BASE / "locale" / "fr" / "LC_MESSAGES" / "django.po"

TRANSLATED = (
    "home.html",
    "league_new.html",
    "league.html",
    "_league_body.html",
    "_crumbs.html",
    "_pages.html",
    "season.html",
    "_season_standings.html",
    "_season_schedule.html",
    "_season_ending.html",
    "_season_luck.html",
    "_points_table.html",
    "_swatch.html",
    "_carry_over.html",
    "_dice_luck.html",
    "_driver_luck.html",
    "round.html",
    "_round_session.html",
    "_race_options.html",
    "_starters.html",
    "_builds.html",
    "_rookie.html",
    "_adjustment_form.html",
    "_archived_read_only.html",
    "team.html",
    "_team_drivers.html",
    "_team_history.html",
    "driver.html",
    "_driver_history.html",
    "_driver_changes.html",
    "_driver_roster.html",
    "members.html",
    "join.html",
    "league_settings.html",
    "tracks.html",
    "records.html",
    "_records.html",
    "league_import.html",
    "league_import_preview.html",
    "restore.html",
    "publish.html",
    "time_zone.html",
    "house_rules.html",
    "house_rules_edit.html",
    "league_delete.html",
    "track_edit.html",
    "_form.html",
)
# The league pages of the role matrix (tests/test_permissions.py) laid out from TRANSLATED
# templates, by URL name: (its parameters, who reads it).
PAGES = {
    "league:home": ({}, "organiser"),
    "league:league_new": ({}, "organiser"),
    "league:league": ({"slug"}, "organiser"),
    "league:season": ({"slug", "number"}, "organiser"),
    "league:round": ({"slug", "number", "round_number"}, "organiser"),
    "league:team": ({"slug", "team_id"}, "organiser"),
    "league:driver": ({"slug", "driver_id"}, "organiser"),
    "league:members": ({"slug"}, "organiser"),
    "league:join": ({"token"}, "organiser"),
    "league:league_settings": ({"slug"}, "organiser"),
    "league:tracks": ({}, "organiser"),
    "league:records": ({"slug"}, "organiser"),
    "league:league_import": ({}, "organiser"),
    "league:league_restore": ({}, "organiser"),
    "league:league_publish": ({"slug"}, "organiser"),
    "league:league_time_zone": ({"slug"}, "organiser"),
    "league:house_rules": ({"slug"}, "organiser"),
    "league:house_rules_edit": ({"slug"}, "organiser"),
    "league:league_delete": ({"slug"}, "organiser"),
    "league:track_edit": ({"track_id"}, "organiser"),
}
STRING = r"""u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
MARKED = re.compile(rf"(?:\b(?:n|p|np)?gettext|(?<![\w.])_)\(({STRING})(?:,\s*({STRING}))?")
PLACEHOLDER_OR_TAG = re.compile(r"%\(\w+\)s|<[^>]*>|&lt;|\(|\)")


@pytest.fixture(autouse=True)
def english_after():
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def msgids(template: str) -> set[str]:
    """The sentences a template marks, as makemessages reads them (a context's msgid without
    its context)."""
    found: set[str] = set()
    for call in MARKED.finditer(templatize((TEMPLATES / template).read_text(), origin=template)):
        first, second = (ast.literal_eval(text) if text else None for text in call.groups())
        is_context = call.group(0).startswith(("pgettext", "npgettext"))
        msgid = second if is_context and second else first
        if msgid:
            found.add(msgid)
    return found


def english_phrases() -> set[str]:
    """The English runs of three words or more between the marked sentences' placeholders and
    markup: what a French page must not show."""
    phrases = set()
    for template in TRANSLATED:
        for msgid in msgids(template):
            for run in PLACEHOLDER_OR_TAG.split(msgid.replace("%%", "%")):
                run = " ".join(run.split()).strip(" ,.;:·—")
                if len(run.split()) >= 3:
                    phrases.add(run)
    return phrases


def test_every_sentence_of_the_translated_templates_is_in_french_and_none_fuzzy():
    catalogue = {entry.msgid: entry for entry in entries(DJANGO_PO) if entry.msgid}
    marked = {msgid for template in TRANSLATED for msgid in msgids(template)}
    assert len(marked) > 200
    missing = sorted(marked - set(catalogue))
    present = [catalogue[msgid] for msgid in marked if msgid in catalogue]
    untranslated = sorted(entry.msgid for entry in present if not entry.translated)
    fuzzy = sorted(entry.msgid for entry in present if entry.fuzzy)
    assert (missing, untranslated, fuzzy) == ([], [], [])


def test_every_league_template_marked_loads_the_tag_library():
    for template in TRANSLATED:
        text = (TEMPLATES / template).read_text()
        assert "{% load" in text and "i18n" in text, template


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_league_page_reads_in_french_to_a_french_browser(
    name: str,
    world: tuple[World, dict[str, Any]],  # noqa: F811
) -> None:
    built, people = world
    names, who = PAGES[name]
    values = {
        "slug": built.league.slug,
        "number": 1,
        "round_number": 1,
        "team_id": built.teams[0].pk,
        "driver_id": built.drivers[0].pk,
        "token": people["invitation"].token,
        "track_id": built.round2.track_id,
    }
    url = reverse(name, kwargs={key: values[key] for key in names})
    client = Client()
    client.force_login(people[who])
    phrases = english_phrases()
    english = squeezed(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    french_response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french_response.status_code == 200
    french = squeezed(french_response.content.decode())
    assert '<html lang="fr">' in french
    shown_in_english = [phrase for phrase in phrases if phrase in english]
    assert shown_in_english, "the English page shows none of the phrases: the test reads nothing"
    assert sorted(phrase for phrase in shown_in_english if phrase in french) == []


@pytest.mark.django_db
def test_the_round_page_before_its_start_reads_in_french(world: tuple[World, dict[str, Any]]):  # noqa: F811
    """Round 2, waiting for round 1: its session's form and the wait."""
    built, people = world
    url = reverse("league:round", args=[built.league.slug, 1, 2])
    client = Client()
    client.force_login(people["organiser"])
    english = squeezed(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    french = squeezed(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "The rounds before this one must be finished first." in english
    assert "Les manches d'avant doivent d'abord être terminées." in french
    assert "Quand et où elle se joue" in french and "When and where it is played" in english
    left = sorted(phrase for phrase in english_phrases() if phrase in english and phrase in french)
    assert left == []


def test_a_form_s_labels_and_refusals_read_in_french_to_a_french_browser(
    world: tuple[World, dict[str, Any]],  # noqa: F811
) -> None:
    """The league's forms speak the page's language: their labels and help, their own refusals
    (a restore without its file) and Django's (a time zone no list has, from Django's French
    catalogue)."""
    built, people = world
    client = Client()
    client.force_login(people["organiser"])
    restore = reverse("league:league_restore")
    french = squeezed(client.post(restore, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Fichier de sauvegarde" in french and "Backup file" not in french
    assert escape("Choisissez le fichier de sauvegarde d'où restaurer la ligue.") in french
    english = squeezed(client.post(restore, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert escape("Choose the backup file to restore the league from.") in english
    zone = reverse("league:league_time_zone", args=[built.league.slug])
    posted = {"time_zone": "Nowhere/Atlantis", "version": built.league.settings_version}
    refused = client.post(zone, posted, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 400
    french = squeezed(refused.content.decode())
    assert "Fuseau horaire" in french and "Sélectionnez un choix valide" in french
    english = squeezed(client.post(zone, posted, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Time zone" in english and "Select a valid choice" in english
