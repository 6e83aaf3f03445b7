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
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation.template import templatize

from bench import builders
from config.catalogues import entries
from league.models import Driver, League, Team
from league.services.leagues import league_create
from league.services.penalties import adjustment_add
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.factories import UserFactory
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
    "season_new.html",
    "season_setup.html",
    "_season_setup.html",
    "season_rules.html",
    "season_end.html",
    "season_report.html",
    "_season_report.html",
    "_progression.html",
    "points.html",
    "season_adjustments.html",
    "round_reopen.html",
    "round_starters.html",
    "round_table.html",
    "team_new.html",
    "team_sheet.html",
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
    "league:league_points": ({"slug"}, "organiser"),
    "league:team_new": ({"slug"}, "organiser"),
    "league:team_sheet": ({"slug", "team_id"}, "organiser"),
    "league:season_new": ({"slug"}, "organiser"),
    "league:season_rules": ({"slug", "number"}, "organiser"),
    "league:season_end": ({"slug", "number"}, "organiser"),
    "league:season_report": ({"slug", "number"}, "organiser"),
    "league:round_reopen": ({"slug", "number", "round_number"}, "referee"),
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


def read_both(client: Client, url: str) -> tuple[str, str, list[str]]:
    """The page at `url` in English and in French, and the English phrases the French one
    still shows."""
    english = squeezed(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    french_response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french_response.status_code == 200, url
    french = squeezed(french_response.content.decode())
    left = sorted(phrase for phrase in english_phrases() if phrase in english and phrase in french)
    return english, french, left


def organiser_of(league: League) -> Client:
    client = Client()
    client.force_login(league.organiser)
    return client


@pytest.mark.django_db
def test_the_table_page_of_a_round_not_started_reads_in_french(world: tuple[World, dict[str, Any]]):  # noqa: F811
    """Round 2's starters form for the turn helper (round 1's race at the table is on)."""
    built, people = world
    client = Client()
    client.force_login(people["referee"])
    url = reverse("league:round_table", args=[built.league.slug, 1, 2])
    english, french, left = read_both(client, url)
    assert "Choose the starters and their cars" in english
    assert "Choisir les partants et leurs voitures" in french
    assert left == []


def test_a_round_started_by_hand_reads_in_french_on_its_starters_and_table_pages():
    """The starters' form (nothing entered yet) and the turn helper's offer to take it over."""
    league = league_create(name="Quiet League", organiser=UserFactory())
    team_create(league=league, name="Ann's", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Cid's", driver_names=["Cid", "Dot"])
    round_ = season_open(league=league, preset="Spring").rounds.get(number=1)
    drivers = Driver.objects.filter(team__league=league).order_by("pk")
    round_start(round_=round_, starters=[(driver, driver.name) for driver in drivers])
    client = organiser_of(league)
    args = [league.slug, 1, 1]
    english, french, left = read_both(client, reverse("league:round_starters", args=args))
    assert (
        "Round 1 goes back to not started, its starters give back the XP for starting." in english
    )
    assert "La manche 1 redevient non commencée, ses partants rendent l'XP du départ." in french
    assert left == []
    english, french, left = read_both(client, reverse("league:round_table", args=args))
    assert "This round was started on the round page" in english
    assert "Cette manche a été lancée sur la page de la manche" in french
    assert left == []


def test_an_ended_season_reads_in_french_on_its_report_and_the_team_sheet():
    """Its champions and its drivers' changes; a team's sheet, a line a round raced."""
    league = builders.league_with_history(
        organiser=UserFactory(), name="Old Hands", seasons=2, drivers=4
    )
    client = organiser_of(league)
    english, french, left = read_both(
        client, reverse("league:season_report", args=[league.slug, 1])
    )
    assert "Champions" in english and "Pilotes :" in french
    assert 'id="season-end-report"' in french and "Courses à manquer" in french
    assert left == []
    team = Team.objects.filter(league=league).order_by("pk").first()
    english, french, left = read_both(
        client, reverse("league:team_sheet", args=[league.slug, team.pk])
    )
    assert "Season 2: a line a round" in english and "Saison 2 : une ligne par manche" in french
    assert left == []


def test_a_season_setup_page_reads_in_french():
    """RBB's wear-point setup, on a page of its own."""
    league = league_create(name="Wear Points", organiser=UserFactory(), ruleset="rbb")
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Arrows", driver_names=["Cid", "Dot"])
    season_open(league=league, tracks=[track_create(name="Wear Ring")])
    client = organiser_of(league)
    english, french, left = read_both(client, reverse("league:season_setup", args=[league.slug, 1]))
    assert "Every car of every race of the season starts on:" in english
    assert "Chaque voiture de chaque course de la saison part avec :" in french
    assert left == []
    # The setup's title named as a label, never lowered ("répartition des pu").
    assert "<title>Wear Points saison 1 : Répartition des PU" in french
    assert "<title>Wear Points season 1: Wear-point setup" in english


def test_a_season_s_downloads_name_its_teams_in_french_within_the_line():
    """RBB's teams are its constructors: "constructeurs (CSV)", the rule set's own words within
    a line, not its title lowered."""
    league = league_create(name="Wear Points", organiser=UserFactory(), ruleset="rbb")
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Arrows", driver_names=["Cid", "Dot"])
    season_open(league=league, tracks=[track_create(name="Wear Ring")])
    client = organiser_of(league)
    english, french, left = read_both(client, reverse("league:season", args=[league.slug, 1]))
    assert "pilotes (CSV)</a>" in french and ">constructeurs (CSV)</a>" in french
    assert ">constructors (CSV)</a>" in english
    assert left == []


def test_the_penalties_page_reads_in_french(world: tuple[World, dict[str, Any]]):  # noqa: F811
    """A penalty given for the season; the drops form's labels are league/forms/penalties.py's
    (its field "Which results count" is this page's heading too)."""
    built, people = world
    adjustment_add(
        season=built.season,
        user=people["organiser"],
        expected_version=built.season.standings_version,
        points=-3,
        reason="Contact",
        driver_id=built.drivers[0].pk,
    )
    client = Client()
    client.force_login(people["organiser"])
    url = reverse("league:season_adjustments", args=[built.league.slug, 1])
    english, french, left = read_both(client, url)
    assert "for the season: Contact" in english and "pour la saison : Contact" in french
    assert "Les résultats qui comptent" in french and "Aucun pour l'instant." not in french
    assert set(left) <= {"Which results count"}


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
