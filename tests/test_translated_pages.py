"""The pages of the race at the table, the replay and the account pages in French (issue 34):
their own words in the reader's language, the English page unchanged, and a name with markup
still escaped whatever the language."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.reads.replay import Asked, replay_at
from tests.factories import UserFactory
from tests.pages import html_of
from tests.races.autopilot import drive

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}
MARKUP = "<script>alert(1)</script>"


def race_of(organiser, name: str = "Grand Prix Club", driver: str = "Ann") -> Race:
    league = league_create(name=name, organiser=organiser, ruleset="formula_d")
    for each in (driver, "Bob", "Cid"):
        team_create(league=league, name=f"Team {len(each)} {each[:3]}", driver_names=[each])
    season = season_open(league=league, tracks=[track_create(name=f"Home {league.pk}")])
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
    return round_start_at_table(
        round_=season.rounds.get(),
        starters=list(zip(drivers, ("red", "blue", "green"), strict=True)),
    )


@pytest.mark.django_db
def test_the_turn_page_speaks_french_to_a_french_browser(client_organiser, organiser):
    race = race_of(organiser)
    drive(race, 8, seed=3)
    url = race.get_absolute_url()
    french = html_of(client_organiser.get(url, **FRENCH))
    english = html_of(client_organiser.get(url, **ENGLISH))
    for words in (
        "à la table",
        "Voitures",
        "Ce que disent les colonnes",
        "Journal, le plus récent en dernier",
        "(tous les événements)",
        "8 événements saisis",
        "Annuler</button>",
        "Décision</a>",
        "L2 : 2 tours faits · P aux stands · X éliminée · F arrivée",
        "Déconnexion",
        "Circuits",
    ):
        assert words in french, words
    for words in (
        "at the table",
        "What the columns say",
        "Event log, newest last",
        "8 events entered",
        "Undo</button>",
    ):
        assert words in english and words not in french, words


@pytest.mark.django_db
def test_the_take_back_message_and_page_speak_french(client_organiser, organiser):
    race = race_of(organiser)
    drive(race, 5, seed=3)
    page = html_of(client_organiser.get(reverse("races:undo_back_to", args=[race.pk, 4]), **FRENCH))
    assert "Ramener la course avant la saisie n° 4 ?" in page
    assert "Annuler 2 événements</button>" in page
    posted = {"version": race.version, "back_to": 4, "undo": ""}
    taken = client_organiser.post(race.get_absolute_url(), posted, follow=True, **FRENCH)
    assert "2 événements annulés, à partir du n° 4" in html_of(taken)


@pytest.mark.django_db
def test_the_replay_speaks_french(client_organiser, organiser):
    race = race_of(organiser)
    drive(race, 12, seed=5)
    url = reverse("races:replay", args=[race.pk])
    french = html_of(client_organiser.get(url, **FRENCH))
    english = html_of(client_organiser.get(url, **ENGLISH))
    assert "Rediffusion : manche 1" in french and "Replay: round 1" in english
    assert "Tout le journal" in french and "The whole log" not in french
    assert "sur 12</span>" in french and "of 12</span>" in english
    assert "Tours de jeu</h2>" in french and "Rounds</h2>" in english
    assert "la course rejouée tour par tour" in french


@pytest.mark.django_db
def test_the_replay_s_log_heading_and_the_gear_keypad_are_whole_sentences_in_french(
    client_organiser, organiser
):
    """Issue 34: "Le journal : {name}" took "Tour de jeu 1" lowered, and the gear keypad "Touchez
    le {label}…" the rule's field label lowered; each is said whole now (a label keeps its
    capital, named as a label)."""
    race = race_of(organiser)
    drive(race, 12, seed=5)
    turn = race.get_absolute_url()
    french = html_of(client_organiser.get(turn, **FRENCH))
    english = html_of(client_organiser.get(turn, **ENGLISH))
    assert "Rapport : touchez un choix, ou un jet de sa ligne pour saisir les deux" in french
    assert "Gear: tap one, or the roll in it to enter both" in english
    url = reverse("races:replay", args=[race.pk])
    mid_round = replay_at(race, Asked(round=1)).at - 1
    for point, in_french, in_english in (
        ("?round=1", "Le journal du tour de jeu 1</h2>", "The log: round 1</h2>"),
        (
            f"?event={mid_round}",
            "Le journal du tour de jeu 1, jusqu&#x27;ici</h2>",
            "The log: round 1, so far</h2>",
        ),
        (
            "?event=1",
            "Le journal avant le départ, jusqu&#x27;ici</h2>",
            "The log: before the start, so far</h2>",
        ),
    ):
        assert in_french in html_of(client_organiser.get(url + point, **FRENCH)), point
        assert in_english in html_of(client_organiser.get(url + point, **ENGLISH)), point


@pytest.mark.django_db
def test_the_log_and_the_big_screen_speak_french(client_organiser, organiser):
    race = race_of(organiser)
    drive(race, 3, seed=5)
    log = html_of(client_organiser.get(reverse("races:log", args=[race.pk]), **FRENCH))
    assert "Journal : manche 1" in log and "Retour à la course" in log
    screen = html_of(client_organiser.get(reverse("races:screen", args=[race.pk]), **FRENCH))
    assert "3 événements saisis" in screen and "Maintenant : " in screen and "Dernières" in screen


@pytest.mark.django_db
def test_the_login_page_and_the_reset_mail_speak_french(client):
    login = html_of(client.get(reverse("login"), **FRENCH))
    assert '<h1 class="h3">Connexion</h1>' in login and "Mot de passe oublié ?" in login
    assert "Forgotten your password?" in html_of(client.get(reverse("login"), **ENGLISH))
    UserFactory(username="bruno", email="bruno@example.org")
    client.post(reverse("password_reset"), {"email": "bruno@example.org"}, **FRENCH)
    (sent,) = mail.outbox
    assert sent.subject == "Votre nouveau mot de passe Paddock"
    assert sent.body.startswith("Bonjour bruno,") and "il fonctionne pendant un jour" in sent.body


@pytest.mark.django_db
def test_an_error_page_speaks_french(client):
    page = html_of(client.get("/no-such-page/", **FRENCH))
    assert "Introuvable" in page and "Retour aux ligues" in page


@pytest.mark.django_db
def test_a_name_with_markup_is_escaped_in_french(client_organiser, organiser):
    """A translated sentence is markup the site wrote; the names put into it stay text."""
    race = race_of(organiser, name=f"Club {MARKUP}", driver=f"Ann {MARKUP}")
    drive(race, 6, seed=3)
    for url in (
        race.get_absolute_url(),
        reverse("races:replay", args=[race.pk]),
        reverse("races:log", args=[race.pk]),
        reverse("races:screen", args=[race.pk]),
        reverse("races:undo_back_to", args=[race.pk, 2]),
    ):
        page = client_organiser.get(url, **FRENCH).content.decode()
        assert MARKUP not in page, url
        assert "&lt;script&gt;" in page, url
