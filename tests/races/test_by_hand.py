"""The round's result typed by hand instead of run at the table (league's round_run_by_hand):
the round page says what goes (the log) and what stays (the rulings, the grid settled), and the
typed result starts from the grid the table settled."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.services.starts import round_run_by_hand
from races.models import Race
from races.services import rulings as ruling_services
from races.services.entries import race_state
from rules import engine
from tests.pages import html_of
from tests.races.autopilot import drive
from tests.test_french_site import english_words, runs_left, words_of

pytestmark = pytest.mark.django_db


def with_its_grid(race: Race) -> Race:
    """`race` driven until its grid is set."""
    for seed in range(40):
        if engine.grid(race_state(race)):
            return race
        drive(race, 1, seed=seed)
        race.refresh_from_db()
    raise AssertionError("no grid after 40 entries")


def test_typing_the_result_keeps_the_grid_the_table_settled(client_organiser, race):
    race = with_its_grid(race)
    grid = engine.grid(race_state(race))
    ruling_services.ruling_add(
        race=race, text="Pole by the black die.", heading="", expected_version=race.version
    )
    round_ = race.round
    round_.refresh_from_db()
    page = html_of(client_organiser.get(round_.get_absolute_url()))
    assert f"{race.seq} event" in page
    assert "Its 1 ruling at the table is kept with the round" in page
    assert "The grid it settled is kept" in page

    gone = round_run_by_hand(
        round_=round_, expected_version=round_.version, expected_race_version=race.version
    )
    assert list(gone.grid) == list(grid)
    by_car = {entry.car: entry for entry in round_.entries.all()}
    assert [by_car[car].grid for car in grid] == list(range(1, len(grid) + 1))
    assert [car for car, entry in by_car.items() if entry.pole] == [grid[0]]
    page = html_of(client_organiser.get(round_.get_absolute_url()))
    for entry in by_car.values():
        assert f'value="{entry.grid}" aria-label="Grid position of {entry.driver.name}"' in page


def test_a_race_discarded_before_its_grid_is_set_keeps_no_grid(client_organiser, race):
    round_ = race.round
    round_.refresh_from_db()
    page = client_organiser.get(round_.get_absolute_url()).content.decode()
    assert "It has no grid settled yet: none is kept." in page
    gone = round_run_by_hand(round_=round_, expected_version=round_.version)
    assert (gone.events, gone.rulings, dict(gone.grid)) == (0, 0, {})
    assert all(entry.grid is None for entry in round_.entries.all())


def discard_by_hand(client, race: Race, language: str) -> str:
    """The message the round page says after discarding `race` for a typed result, read in
    `language`."""
    round_ = race.round
    round_.refresh_from_db()
    url = reverse(
        "league:round_by_hand",
        args=[round_.season.league.slug, round_.season.number, round_.number],
    )
    response = client.post(
        url,
        {"version": round_.version, "race_version": race.version},
        follow=True,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    return words_of(re.search(r'<div class="alert[^>]*>(.*?)</div>', html_of(response)).group(1))


def test_the_message_after_discarding_names_what_was_kept(client_organiser, race):
    race = with_its_grid(race)
    ruling_services.ruling_add(
        race=race, text="Pole by the black die.", heading="", expected_version=race.version
    )
    assert discard_by_hand(client_organiser, race, "en") == (
        f"The table's race is discarded: {race.seq} events. Its ruling is kept. "
        "The grid it settled is kept. Enter the result below."
    )


def test_the_message_after_discarding_reads_in_french_in_whole_sentences(client_organiser, race):
    """Issue 34: a sentence each, not English pieces glued ("{first} and {second}")."""
    race = with_its_grid(race)
    message = discard_by_hand(client_organiser, race, "fr")
    assert message == (
        f"La course de la table est abandonnée : {race.seq} saisies. "
        "La grille qu'elle a établie est conservée. Saisissez le résultat ci-dessous."
    )
    assert runs_left(message) == [] and english_words(message, set()) == []


def test_the_message_after_discarding_a_race_with_nothing_entered_says_so(client_organiser, race):
    assert discard_by_hand(client_organiser, race, "en") == (
        "The table's race is discarded: 0 events. Enter the result below."
    )
