"""Paddock in French too (issue 34): whose language a page speaks, anything unknown read as
English and never an error, the rules' words in the reader's language while the race's state
and log keep none, and the catalogues' coverage."""

from __future__ import annotations

import ast
import gettext
import importlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from config.catalogues import compile_catalogue, entries
from league.models import Driver, League, Profile
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from rules import engine
from rules import language as rules_language
from rules.engine.pieces import ordinal, plural
from rules.formula_d.race.facts import roll_fact
from tests.factories import UserFactory, published
from tests.races.autopilot import drive

BASE = Path(__file__).resolve().parent.parent
DJANGO_PO = BASE / "locale" / "fr" / "LC_MESSAGES" / "django.po"
RULES_PO = BASE / "rules" / "locale" / "fr" / "LC_MESSAGES" / "rules.po"
# The modules whose every marked sentence is in French: the coverage check holds them to 100%.
# A module joins when its words are translated (docs/translating.md, "What is translated").
COMPLETE_MODULES = (
    "league.views.common",
    "league.views.account",
    "league.forms.accounts",
    "league.services.members",
    "league.services.errors",
    "races.views.common",
    "races.services.entries",
    "races.views.turn",
    "races.views.rulings",
    "races.reads.odds",
    "races.reads.replay",
    "league.services.limits",
    # Issue 34's words built in Python: every service's refusals, the views' messages, the
    # models' choices, the manifest.
    *(
        f"league.services.{name}"
        for name in [
            "cars",
            "drivers",
            "house_rules",
            "league_settings",
            "leagues",
            "penalties",
            "reopen",
            "results",
            "roster",
            "rounds",
            "rule_sets",
            "schedules",
            "season_end",
            "seasons",
            "spreadsheet",
            "starts",
            "table",
            "teams",
            "tracks",
        ]
    ),
    *(
        f"league.views.{name}"
        for name in [
            "drivers",
            "exports",
            "house_rules",
            "leagues",
            "members",
            "penalties",
            "restore",
            "results",
            "rounds",
            "seasons",
            "spreadsheets",
            "starts",
            "teams",
            "tracks",
        ]
    ),
    *(
        f"league.models.{name}"
        for name in ["accounts", "members", "results", "roster", "seasons", "teams"]
    ),
    "league.forms.league_settings",
    "league.forms.penalties",
    "races.services.rulings",
    "races.services.table",
    "races.services.backup",
    "config.site_files",
    "league.reads.records",
    # A restore's and a spreadsheet import's refusals, each reason a whole sentence.
    *(f"league.backup.{name}" for name in ["checks", "messages", "reader", "results"]),
    *(
        f"league.spreadsheet.{name}"
        for name in ["common", "preview", "results", "roster", "workbook"]
    ),
)


@pytest.fixture(autouse=True)
def english_after():
    """LocaleMiddleware leaves the language of the last request active: each test starts and
    ends in English."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def lang_of(response) -> str:
    page = response.content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


# --- Whose language ----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "header",
    ["zz", "zz-ZZ;q=1", "*", "", "fr;q=nonsense", "../../etc/passwd", "x" * 5000, "en-US,en;q=0.9"],
)
def test_an_unknown_or_broken_browser_language_reads_as_english(client, header):
    response = client.get(reverse("league:home"), HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 200
    assert lang_of(response) == "en-gb"


@pytest.mark.django_db
@pytest.mark.parametrize("cookie", ["zz", "../fr", "fr\x00", "x" * 300, "", "FR"])
def test_an_unknown_language_cookie_reads_as_english_or_its_language(client, cookie):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    response = client.get(reverse("league:home"), HTTP_ACCEPT_LANGUAGE="")
    assert response.status_code == 200
    assert lang_of(response) == ("fr" if cookie == "FR" else "en-gb")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zz", "../../etc", "", "x" * 300])
def test_an_unknown_language_posted_changes_nothing_and_is_no_error(client, language):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": language, "next": "/"})
    assert response.status_code == 302
    assert not Profile.objects.exists()
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="")) == "en-gb"


@pytest.mark.django_db
def test_an_unknown_language_in_the_address_is_an_english_404(client):
    response = client.get("/zz/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert lang_of(response) == "en-gb"


@pytest.mark.django_db
def test_a_french_browser_reads_french(client):
    response = client.get(reverse("races:turn", args=[999_999]), HTTP_ACCEPT_LANGUAGE="fr-FR")
    assert response.status_code == 404
    assert lang_of(response) == "fr"
    assert response["Content-Language"] == "fr"


@pytest.mark.django_db
def test_the_language_chosen_on_the_site_bar_is_kept_on_the_account(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert Profile.objects.get(user=user).language == "fr"
    # Another device, another browser: the account's choice wins over the browser's.
    from django.test import Client

    other = Client()
    other.force_login(user)
    assert lang_of(other.get("/", HTTP_ACCEPT_LANGUAGE="en-GB")) == "fr"
    email = other.post(reverse("league:account_email"), {"email": ""}, follow=True)
    assert "Votre adresse e-mail est supprimée" in email.content.decode()


@pytest.mark.django_db
def test_a_french_league_speaks_french_to_a_reader_who_chose_nothing(client, organiser):
    league = published(league_create(name="Ligue du jeudi", organiser=organiser))
    League.objects.filter(pk=league.pk).update(language="fr")
    page = reverse("league:league", kwargs={"slug": league.slug})
    assert lang_of(client.get(page, HTTP_ACCEPT_LANGUAGE="")) == "fr"
    assert lang_of(client.get(page, HTTP_ACCEPT_LANGUAGE="de")) == "fr"
    # The reader's own language wins over the league's.
    assert lang_of(client.get(page, HTTP_ACCEPT_LANGUAGE="en-GB")) == "en-gb"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="")) == "en-gb"  # not a league's page


# --- The rules' words --------------------------------------------------------------------------


def test_the_rules_speak_the_language_asked_and_english_after():
    with rules_language.speaking("fr-CA"):
        assert (ordinal(1), ordinal(2), plural(3, "space")) == ("1er", "2e", "3 cases")
        assert roll_fact(2).label == "Dé orange (2e rapport)"
    assert (ordinal(1), plural(1, "space"), roll_fact(2).label) == (
        "1st",
        "1 space",
        "Orange die (2nd gear)",
    )
    for unknown in ("zz", "../../etc", "", "x" * 500):
        with rules_language.speaking(unknown):
            assert rules_language.spoken() == "" and ordinal(3) == "3rd"


def formula_d_league(organiser, name: str = "Grand Prix Club") -> League:
    league = league_create(name=name, organiser=organiser, ruleset="formula_d")
    for driver in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{driver}'s", driver_names=[driver])
    return league


@pytest.fixture
def formula_d(organiser) -> League:
    return formula_d_league(organiser)


def started(league: League) -> Race:
    season = season_open(league=league, tracks=[track_create(name=f"Home {league.pk}")])
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
    cars = ("red", "blue", "green")
    return round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, cars, strict=True))
    )


@pytest.mark.django_db
def test_a_race_entered_in_french_keeps_the_same_state_and_log_as_in_english(formula_d, organiser):
    """The log keeps events, never the reader's sentences: a race entered by a French
    referee is, event for event, the race entered by an English one (and so reads in English
    to an English spectator)."""
    english = started(formula_d)
    drive(english, 60, seed=7)
    french = started(formula_d_league(organiser, "Club du Grand Prix"))
    with rules_language.speaking("fr"):
        drive(french, 60, seed=7)
    assert race_state(french) == race_state(english)
    logged = [(event.kind, event.payload, event.text) for event in french.events.order_by("seq")]
    assert logged == [
        (event.kind, event.payload, event.text) for event in english.events.order_by("seq")
    ]
    assert logged[0][2].startswith("Red (Ann) qualifies ")


@pytest.mark.django_db
def test_the_turn_page_asks_and_logs_in_each_reader_s_language(client_organiser, formula_d):
    race = started(formula_d)
    while engine.prompts(race_state(race))[0].kind != "move":
        drive(race, 1, seed=race.seq)
    url = race.get_absolute_url()
    french = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tour de jeu 1 : Red (Ann) en 1er : lancez le dé jaune" in french
    assert "PU freins utilisés pour s&#x27;arrêter plus tôt" in french
    assert ": roll yellow" in english and "lancez" not in english
    # A number the browser reads (a count's step of a half) is never written the French way.
    assert 'step="0.5"' in french and 'step="0,5"' not in french
    # The log keeps events: each reader reads its lines in their own language.
    last = race.events.order_by("seq").last()
    assert last is not None and last.summary() in english
    assert "Red (Ann) qualifies " in english and "se qualifie" not in english
    assert "Red (Ann) se qualifie avec " in french and " qualifies " not in french


# --- The catalogues ----------------------------------------------------------------------------


MARKERS = {"_", "gettext", "gettext_lazy", "gettext_noop", "pgettext", "ngettext"}


def marked_sentences(module_name: str) -> set[str]:
    """The sentences a module marks for translation, as makemessages finds them: the first
    argument of each call of a marker (pgettext's second: its first is the context)."""
    module = importlib.import_module(module_name)
    tree = ast.parse(Path(module.__file__ or "").read_text())
    sentences = set()
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in MARKERS
        ):
            continue
        at = 1 if node.func.id == "pgettext" else 0
        argument = node.args[at] if len(node.args) > at else None
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            sentences.add(argument.value)
    return sentences


def test_no_catalogue_entry_is_fuzzy():
    for po in (DJANGO_PO, RULES_PO):
        fuzzy = [entry.msgid for entry in entries(po) if entry.fuzzy]
        assert fuzzy == [], po


def test_the_rules_catalogue_is_complete():
    messages = [entry for entry in entries(RULES_PO) if entry.msgid]
    assert messages and [entry.msgid for entry in messages if not entry.translated] == []


def test_the_complete_modules_stay_complete_and_the_site_s_coverage_is_reported():
    translated = {entry.msgid for entry in entries(DJANGO_PO) if entry.translated}
    every = [entry for entry in entries(DJANGO_PO) if entry.msgid]
    for module in COMPLETE_MODULES:
        sentences = marked_sentences(module)
        assert sentences, module
        assert sorted(sentences - translated) == [], module
    done = sum(entry.translated for entry in every)
    print(f"site catalogue: {done} of {len(every)} messages in French")
    assert done >= 47


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
def test_the_standard_library_catalogue_is_msgfmt_s(tmp_path):
    """The fallback (config/catalogues.py) makes the catalogue GNU msgfmt makes."""
    for po in (DJANGO_PO, RULES_PO):
        ours, theirs = tmp_path / "ours.mo", tmp_path / "theirs.mo"
        compile_catalogue(po, ours)
        subprocess.run(["msgfmt", "--check", "-o", str(theirs), str(po)], check=True)
        read = [gettext.GNUTranslations(path.open("rb"))._catalog for path in (ours, theirs)]  # type: ignore[attr-defined]
        for catalogue in read:
            catalogue.pop("", None)
        assert read[0] == read[1] and read[0]


@pytest.mark.django_db
def test_an_entry_s_panel_says_its_line_in_the_reader_s_language(client_organiser, formula_d):
    race = started(formula_d)
    state = race_state(race)
    prompt = engine.prompts(state)[0]
    assert prompt.kind == "grid_roll"
    posted = {"kind": "grid_roll", "car": prompt.car, "value": "12", "version": race.version}
    response = client_organiser.post(
        race.get_absolute_url(), posted, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Red (Ann) se qualifie avec 12" in page
    assert race.events.get().text.startswith("Red (Ann) qualifies 12")  # kept as an event


def test_an_entry_s_answer_speaks_the_league_s_language_to_a_reader_who_chose_nothing(
    client_organiser, formula_d
):
    """The page spoke the league's language; the answer to a tap on it spoke English (the
    entry's read did not say the league's language)."""
    League.objects.filter(pk=formula_d.pk).update(language="fr")
    race = started(formula_d)
    prompt = engine.prompts(race_state(race))[0]
    posted = {"kind": "grid_roll", "car": prompt.car, "value": "12", "version": race.version}
    response = client_organiser.post(
        race.get_absolute_url(), posted, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=""
    )
    assert response.status_code == 200
    assert "Red (Ann) se qualifie avec 12" in response.content.decode()


@pytest.mark.django_db
def test_the_log_replay_and_big_screen_say_the_log_in_each_reader_s_language(
    client_organiser, formula_d
):
    """The log keeps events: its page, the replay and the big screen each say its lines in the
    reader's language, as the turn page does (races/reads/log_words.py)."""
    race = started(formula_d)
    drive(race, 40, seed=5)
    pages = {
        "log": reverse("races:log", args=[race.pk]),
        "replay at the start": reverse("races:replay", args=[race.pk]) + "?round=0",
        "replay in round 1": reverse("races:replay", args=[race.pk]) + "?round=1",
        "big screen": reverse("races:screen", args=[race.pk]),
    }
    for page, url in pages.items():
        french = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        english = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        if page == "replay at the start":
            assert "Red (Ann) se qualifie avec " in french and " qualifies " not in french, page
            assert "Red (Ann) qualifies " in english and "se qualifie" not in english, page
        else:
            assert " parcourt " in french and re.search(r"\w moves \d", french) is None, page
            assert re.search(r"\w moves \d", english) and " parcourt " not in english, page
    # The replay's state is worked out in English whoever reads it: its French dashboard and
    # the English one come from the same race.
    replay = reverse("races:replay", args=[race.pk])
    assert "Tire WP" in client_organiser.get(replay, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "PU pneus" in client_organiser.get(replay, HTTP_ACCEPT_LANGUAGE="fr").content.decode()


@pytest.mark.django_db
def test_a_league_page_s_part_is_kept_per_language(rf, organiser, monkeypatch):
    """A page's parts are kept ready in the cache (league/reads/page_parts.py): a part laid out
    for a French reader (the standings' tie reasons and title race are the rules' words, in the
    reader's language) is never shown to an English one, nor the other way."""
    from league.reads import page_parts

    league = league_create(name="Ligue en cache", organiser=organiser)
    built = []

    def build():
        built.append(translation.get_language())
        with rules_language.speaking(translation.get_language()):
            return {"words": ordinal(1)}

    monkeypatch.setattr(page_parts, "render_to_string", lambda _template, context: context["words"])
    request = rf.get("/")
    said = {}
    for language in ("fr", "en", "fr", "en"):
        with translation.override(language):
            said[language] = page_parts.part(request, league, "any.html", build)
    assert built == ["fr", "en"]
    assert said["fr"].strip() == "1er" and said["en"].strip() == "1st"


@pytest.mark.django_db
def test_a_rule_set_s_settings_are_labelled_in_the_reader_s_language(client_organiser, formula_d):
    """A league's settings page labels its rule set's settings and their choices in the reader's
    language (Setting.said_label, said_choices); the settings keep their English words."""
    url = reverse("league:league_settings", kwargs={"slug": formula_d.slug})
    french = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Longueur de la course" in french and "Race length" not in french
    assert "Choix des pneus : durs, tendres et pluie" in french
    assert "Race length" in english and "Longueur de la course" not in english
