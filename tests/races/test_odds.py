"""The gear odds page: a league's players open it from the gear prompt, where the league shows
gear odds, and read each gear's chances for the corner ahead in whole per cents."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from league.models import League
from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.races.autopilot import drive
from tests.test_french_site import english_words, runs_left, words_of

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def at_gear_prompt(race: Race) -> Race:
    """The race driven on until it asks a car for its gear."""
    for seed in range(200):
        prompt = engine.next_prompt(race_state(race))
        if prompt is not None and prompt.kind == "gear":
            return race
        drive(race, 1, seed=seed)
    raise AssertionError("the race never asked for a gear")


def show_odds(league: League) -> None:
    league.settings = {**league.settings, "gear_odds": True}
    league.save(update_fields=["settings"])


def odds_url(race: Race, query: str = "") -> str:
    return reverse("races:odds", args=[race.pk]) + query


def test_a_league_shows_no_gear_odds_until_its_organiser_switches_them_on(client_organiser, race):
    at_gear_prompt(race)
    hidden = client_organiser.get(odds_url(race, "?to_corner=3")).content.decode()
    assert "This league does not show gear odds" in hidden and "Stops in the corner" not in hidden
    show_odds(race.round.season.league)
    shown = client_organiser.get(odds_url(race, "?to_corner=3")).content.decode()
    assert "This league does not show gear odds" not in shown
    assert "Stops in the corner" in shown


def test_each_offered_gear_shows_its_chances_in_whole_per_cent(client_organiser, race):
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    state = race_state(race)
    prompt = engine.next_prompt(state)
    assert prompt is not None
    page = client_organiser.get(odds_url(race, "?to_corner=3&stops=1")).content.decode()
    assert prompt.text in page
    for gear, _text in prompt.fields[0].choices:
        assert f"{engine.pieces.ordinal(int(gear))} gear" in page
    if any(gear == "2" for gear, _text in prompt.fields[0].choices):
        # 2nd gear (2, 3, 3, 4, 4, 4) three spaces from the corner's last space: half stay.
        assert "(2, 3, 3, 4, 4, 4)" in page and "50%" in page


def test_numbers_no_board_shows_are_a_400_with_the_reason(client_organiser, race):
    show_odds(race.round.season.league)
    response = client_organiser.get(odds_url(race, "?to_corner=abc&stops=1"))
    assert response.status_code == 400
    assert "Spaces to the corner&#x27;s last space: a whole number from 0 to 40" in (
        response.content.decode()
    )
    assert client_organiser.get(odds_url(race, "?to_corner=3&stops=9")).status_code == 400
    # A digit to str.isdigit() but not to int(), and a number int() refuses to read: 400s.
    assert client_organiser.get(odds_url(race, "?to_corner=%C2%B2")).status_code == 400
    assert client_organiser.get(odds_url(race, "?to_corner=" + "9" * 5000)).status_code == 400


def test_a_race_not_asking_for_a_gear_says_so(client_organiser, race):
    show_odds(race.round.season.league)
    page = client_organiser.get(odds_url(race, "?to_corner=3")).content.decode()
    assert "The race is not asking a car for its gear now" in page


def test_with_htmx_only_the_odds_come_back(client_organiser, race):
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    response = client_organiser.get(odds_url(race, "?to_corner=2&stops=1"), **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<section id="odds">') and "<html" not in text


def test_a_published_league_s_odds_are_anyone_s_an_unpublished_one_s_its_members_only(client, race):
    league = race.round.season.league
    show_odds(league)
    assert client.get(odds_url(race)).status_code == 200
    League.objects.filter(pk=league.pk).update(published=False)
    assert client.get(odds_url(race)).status_code == 404


def test_the_gear_prompt_links_to_the_odds_where_the_league_shows_them(client_organiser, race):
    at_gear_prompt(race)
    turn = race.get_absolute_url()
    assert 'id="gear-odds-link"' not in client_organiser.get(turn).content.decode()
    show_odds(race.round.season.league)
    page = client_organiser.get(turn).content.decode()
    assert page.count('id="gear-odds-link"') == 1 and odds_url(race) in page  # once, not a gear
    # After an entry swapped in by htmx too: the entry's own query reads the league's settings.
    drive(race, 1, seed=3)
    at_gear_prompt(race)
    swapped = client_organiser.get(turn, **HTMX).content.decode()
    assert swapped.count('id="gear-odds-link"') == 1


def test_the_entered_bar_offers_a_ruling_on_the_entry_just_made(client_organiser, race):
    drive(race, 2, seed=1)
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    assert 'id="ruling-link"' in page and reverse("races:ruling_new", args=[race.pk]) in page


def test_a_ruling_on_the_latest_entry_stays_reachable_from_the_log(client_organiser, race):
    """The Entered bar hides after a few seconds; the log's heading keeps the way to a ruling
    for the referee (not for a spectator, and not once the race is written into its season)."""
    drive(race, 2, seed=1)
    link = f'href="{reverse("races:ruling_new", args=[race.pk])}" id="ruling-on-latest"'
    assert link in client_organiser.get(race.get_absolute_url()).content.decode()
    spectator = Client().get(race.get_absolute_url()).content.decode()
    assert 'id="ruling-on-latest"' not in spectator


def test_a_french_reader_reads_every_gear_s_odds_in_french(client_organiser, race):
    """Each line of a gear's odds (stays in the corner, overshoots by 1, 2 or 3 and more and
    what it costs, reaches the line) in the reader's language."""
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    url = odds_url(race, "?to_corner=1&stops=1&to_line=4")
    english = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Stops in the corner" in english and "Over by 1" in english
    text = words_of(client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Reste dans le virage" in text and "Dépasse de 1" in text
    assert "Atteint la ligne" in text and "(reste : 1)" in text
    assert (runs_left(text), english_words(text, set())) == ([], [])


def test_a_race_page_s_title_names_its_round_in_the_reader_s_language(client_organiser, race):
    """The title of every page of a race names its round ("Manche 1 : Imola"), not the
    round's English name."""
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    track = race.round.track.name
    for url in (odds_url(race), reverse("races:turn", args=[race.pk])):
        page = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        title = page.split("<title>")[1].split("</title>")[0]
        assert f"Manche 1 : {track}" in unescape(title) and "Round" not in title, title


def test_the_odds_read_in_french(client_organiser, race):
    """Each line's label, a band's cost up to its worst, and a number's refusal (issue 34)."""
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    page = client_organiser.get(odds_url(race, "?to_corner=3&stops=1&to_line=6"), **french)
    text = words_of(page.content.decode().split("<main")[1].split("</main>")[0])
    assert "Reste dans le virage" in text and "Dépasse de 1" in text
    assert "Atteint la ligne" in text
    assert runs_left(text) == [] and english_words(text, set()) == [], text
    page = client_organiser.get(odds_url(race, "?to_corner=3&stops=0"), **french)
    assert "rien : ses arrêts sont faits" in words_of(page.content.decode())
    refused = client_organiser.get(odds_url(race, "?to_corner=abc"), **french)
    assert "Cases jusqu&#x27;à la dernière case du virage : " in refused.content.decode()


def test_a_share_in_per_cent_is_written_as_the_reader_s_language_writes_it(client_organiser, race):
    """ "50%" in English, "50 %" in French (a narrow no-break space before the sign)."""
    show_odds(race.round.season.league)
    at_gear_prompt(race)
    url = odds_url(race, "?to_corner=3&stops=1")
    english = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client_organiser.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert re.search(r"\d%", english) and not re.search(r"\d\s%", english)
    assert re.search("\\d\u202f%", french) and not re.search(r"\d%", french)
