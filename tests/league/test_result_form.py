"""The round page's result form by hand (issue 22): its Outcome select styled as the line's
other fields, the spaces a car covered shown as typed, and a place given twice refused in words;
each car's grid position, optional (issue 23: every car's or none)."""

from __future__ import annotations

import html

import pytest

from league.models import Driver, Round
from league.services.results import GRID_PARTLY_GIVEN
from tests.league.test_views import result_data, round_url, start_data, versioned
from tests.test_french_site import english_words, runs_left, words_of, words_of_names

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(client_organiser, season, teams) -> Round:
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    client_organiser.post(round_url(round_, "start"), versioned(round_, start_data(drivers)))
    return round_


def enter(client, round_: Round, lines: dict[str, dict[str, str]]):
    entries = list(round_.entries.select_related("driver"))
    return client.post(round_url(round_, "result"), versioned(round_, result_data(entries, lines)))


def test_the_outcome_select_is_styled_as_the_other_fields(client_organiser, started):
    page = client_organiser.get(round_url(started)).text
    assert '<select name="e' in page
    assert 'class="form-select form-select-sm"' in page


def test_the_spaces_a_car_covered_show_as_typed_not_with_a_point_0(client_organiser, started):
    lines = {
        "Ann": {"outcome": "finished", "place": "1"},
        "Bob": {"outcome": "finished", "place": "2"},
        "Cid": {"outcome": "overshoot", "distance": "40", "overshoot": "3"},
        "Dot": {"outcome": "overshoot", "distance": "12.5", "overshoot": "1"},
    }
    assert enter(client_organiser, started, lines).status_code == 302
    page = client_organiser.get(round_url(started)).text
    assert 'value="40"' in page and 'value="40.0"' not in page
    assert 'value="12.5"' in page


def test_a_place_given_twice_is_refused_in_words(client_organiser, started):
    lines = {name: {"outcome": "finished", "place": "1"} for name in ("Ann", "Bob")}
    lines |= {
        "Cid": {"outcome": "finished", "place": "2"},
        "Dot": {"outcome": "finished", "place": "3"},
    }
    response = enter(client_organiser, started, lines)
    assert response.status_code == 400
    assert "got 1, 1, 2 and 3 (1 twice, 4 missing)." in response.text
    assert "[1, 1, 2, 3]" not in response.text


def test_places_given_wrong_are_refused_in_french_words(client_organiser, started):
    """The places and what is wrong with them, listed and counted as French says them."""
    lines = {name: {"outcome": "finished", "place": "1"} for name in ("Ann", "Bob", "Cid")}
    lines["Dot"] = {"outcome": "finished", "place": "9"}
    entries = list(started.entries.select_related("driver"))
    response = client_organiser.post(
        round_url(started, "result"),
        versioned(started, result_data(entries, lines)),
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    said = html.unescape(response.text)
    assert (
        "reçu : 1, 1, 1 et 9 (1 3 fois, 2, 3 et 4 manquantes, 9 après la dernière place)." in said
    )
    assert "missing" not in said and "past the last" not in said


def test_a_result_typed_with_its_grid_keeps_each_car_s_start_and_the_pole(
    client_organiser, started
):
    lines = {
        "Ann": {"outcome": "finished", "place": "1", "grid": "4"},
        "Bob": {"outcome": "finished", "place": "2", "grid": "1"},
        "Cid": {"outcome": "finished", "place": "3", "grid": "2"},
        "Dot": {"outcome": "finished", "place": "4", "grid": "3"},
    }
    assert enter(client_organiser, started, lines).status_code == 302
    entries = {entry.driver.name: entry for entry in started.entries.select_related("driver")}
    assert {name: entry.grid for name, entry in entries.items()} == {
        "Ann": 4,
        "Bob": 1,
        "Cid": 2,
        "Dot": 3,
    }
    assert [name for name, entry in entries.items() if entry.pole] == ["Bob"]
    # Shown again to correct, and cleared by typing the result again without it.
    page = client_organiser.get(round_url(started)).text
    assert f'name="e{entries["Ann"].pk}-grid" value="4"' in page
    for line in lines.values():
        del line["grid"]
    assert enter(client_organiser, started, lines).status_code == 302
    assert not started.entries.filter(grid__isnull=False).exists()
    assert not started.entries.filter(pole=True).exists()


def test_a_grid_given_for_some_cars_or_twice_is_refused_in_words(client_organiser, started):
    lines = {
        "Ann": {"outcome": "finished", "place": "1", "grid": "2"},
        "Bob": {"outcome": "finished", "place": "2", "grid": "1"},
        "Cid": {"outcome": "finished", "place": "3"},
        "Dot": {"outcome": "finished", "place": "4"},
    }
    response = enter(client_organiser, started, lines)
    assert response.status_code == 400
    assert html.escape(GRID_PARTLY_GIVEN.format(drivers="Cid and Dot")) in response.text
    lines["Cid"]["grid"] = "2"
    lines["Dot"]["grid"] = "5"
    response = enter(client_organiser, started, lines)
    assert response.status_code == 400
    assert "Grid positions must be 1 to 4, each once; got 1, 2, 2 and 5" in response.text
    assert not started.entries.filter(grid__isnull=False).exists()


def enter_in_french(client, round_: Round, lines: dict[str, dict[str, str]]):
    entries = list(round_.entries.select_related("driver"))
    data = versioned(round_, result_data(entries, lines))
    return client.post(round_url(round_, "result"), data, HTTP_ACCEPT_LANGUAGE="fr")


def no_english_left(page: str) -> None:
    text = words_of(page)
    names = words_of_names(["Ann", "Bob", "Cid", "Dot", "Imola", "Monza"])
    assert (runs_left(text), english_words(text, names)) == ([], [])


def test_places_given_twice_or_missing_are_refused_in_french_words_whole(client_organiser, started):
    """Issue 34: "1, 2, 2 and 3 (2 twice, 4 missing)" was glued from English pieces inside the
    French refusal."""
    lines = {
        "Ann": {"outcome": "finished", "place": "1"},
        "Bob": {"outcome": "finished", "place": "2"},
        "Cid": {"outcome": "finished", "place": "2"},
        "Dot": {"outcome": "finished", "place": "3"},
    }
    response = enter_in_french(client_organiser, started, lines)
    assert response.status_code == 400
    said = words_of(response.text)
    assert (
        "Les voitures arrivées doivent occuper les places 1 à 4, chacune une fois ; "
        "reçu : 1, 2, 2 et 3 (2 deux fois, 4 manquante)." in said
    ), said
    no_english_left(response.text)
    lines["Cid"]["place"] = "5"
    lines["Dot"]["place"] = "5"
    response = enter_in_french(client_organiser, started, lines)
    said = words_of(response.text)
    assert (
        "reçu : 1, 2, 5 et 5 (5 deux fois, 3 et 4 manquantes, 5 après la dernière place)." in said
    ), said
    no_english_left(response.text)


def test_a_grid_given_for_some_cars_is_refused_in_french_naming_them_in_french(
    client_organiser, started
):
    lines = {
        "Ann": {"outcome": "finished", "place": "1", "grid": "2"},
        "Bob": {"outcome": "finished", "place": "2", "grid": "1"},
        "Cid": {"outcome": "finished", "place": "3"},
        "Dot": {"outcome": "finished", "place": "4"},
    }
    response = enter_in_french(client_organiser, started, lines)
    assert response.status_code == 400
    said = words_of(response.text)
    assert "aucune donnée pour Cid et Dot." in said, said
    no_english_left(response.text)
