"""A round's race options: the organiser switches Formula D's optional rules for one round's race
before it starts (a versioned write), the round page says what its race runs with, and the race
at the table is set up from them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.utils.html import escape

from league.models import Driver, League, Round
from league.services.errors import StaleRound
from league.services.leagues import league_create
from league.services.rounds import ROUND_CHANGED, round_race_options_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.services.entries import race_state
from tests.factories import published
from tests.league.test_views import round_url, versioned

pytestmark = pytest.mark.django_db
migration = importlib.import_module("league.migrations.0022_round_race_options")


@pytest.fixture
def formula_d(organiser) -> League:
    league = published(
        league_create(
            name="Grand Prix Club",
            organiser=organiser,
            ruleset="formula_d",
            settings={"tires": True},
        )
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


@pytest.fixture
def round_(formula_d) -> Round:
    track = track_create(name="Spa", weather_chart="1-10 good, 11-20 rainy")
    return season_open(league=formula_d, tracks=[track]).rounds.get()


def start_at_table(round_: Round):
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=round_, starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    return race_state(race).setup


def test_a_round_switched_to_the_weather_and_off_the_tires_is_set_up_so(round_):
    round_race_options_set(round_=round_, options={"weather": True, "tires": False})
    setup = start_at_table(round_)
    assert setup.weather_chart and not setup.tires
    assert round_.season.league.settings["tires"] is True  # the league's stays as it was


def test_a_round_that_switched_nothing_races_the_league_s_options(round_):
    setup = start_at_table(round_)
    assert setup.tires and not setup.weather_chart and setup.laps == 2


def test_none_gives_an_option_back_to_the_league(round_):
    round_race_options_set(round_=round_, options={"weather": True, "laps": "3"})
    round_race_options_set(round_=round_, options={"weather": None})
    round_.refresh_from_db()
    assert round_.race_options == {"laps": "3"}


def test_a_stale_form_is_a_conflict_and_changes_nothing(round_):
    version = round_.version
    round_race_options_set(round_=round_, options={"weather": True})
    with pytest.raises(StaleRound):
        round_race_options_set(round_=round_, options={"weather": False}, expected_version=version)
    round_.refresh_from_db()
    assert round_.race_options == {"weather": True}


def test_once_the_round_has_started_its_options_no_longer_change(round_):
    start_at_table(round_)
    with pytest.raises(ValidationError, match="Round 1 has started: the options its race runs"):
        round_race_options_set(round_=round_, options={"weather": True})


def test_a_rule_set_without_race_options_refuses_them(season):
    with pytest.raises(ValidationError, match="Season Pass has no options a single race may"):
        round_race_options_set(round_=season.rounds.first(), options={})


def test_an_option_the_rule_set_does_not_have_is_refused_and_nothing_written(round_):
    version = round_.version
    with pytest.raises(ValidationError, match="Formula D has no race option 'cars_per_team'"):
        round_race_options_set(round_=round_, options={"cars_per_team": "2"})
    round_.refresh_from_db()
    assert (round_.race_options, round_.version) == ({}, version)


# --- The round page ------------------------------------------------------------------------------


def test_the_round_page_says_what_the_race_runs_with_and_the_organiser_switches_it(
    client_organiser, round_
):
    page = client_organiser.get(round_url(round_)).text
    assert "This race runs with" in page
    assert "Tire Selection: hard, soft and rain tires: on" in page
    assert "As the league: off" in page  # the weather's switch
    posted = versioned(round_, {"weather": "on", "tires": "off", "laps": ""})
    response = client_organiser.post(round_url(round_, "race_options"), posted)
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.race_options == {"weather": True, "tires": False}
    page = client_organiser.get(round_url(round_)).text
    assert "Weather Conditions, on each track&#x27;s weather chart: on" in page
    assert "this race</span>" in page


def test_the_public_sees_the_options_but_no_switch(client, round_):
    page = client.get(round_url(round_)).text
    assert "This race runs with" in page and "race-options-form" not in page


def test_a_stale_switch_is_a_409_with_the_fresh_page(client_organiser, round_):
    posted = versioned(round_, {"weather": "on"})
    round_race_options_set(round_=round_, options={"laps": "3"})
    response = client_organiser.post(round_url(round_, "race_options"), posted)
    assert response.status_code == 409
    assert escape(ROUND_CHANGED) in response.text
    round_.refresh_from_db()
    assert round_.race_options == {"laps": "3"}


def test_a_value_the_option_does_not_have_is_a_400_with_the_reason(client_organiser, round_):
    posted = versioned(round_, {"laps": "4"})
    response = client_organiser.post(round_url(round_, "race_options"), posted)
    assert response.status_code == 400
    assert "Race length: Select a valid choice" in response.text
    round_.refresh_from_db()
    assert round_.race_options == {}


def test_a_value_the_option_does_not_have_is_refused_in_french(client_organiser, round_):
    """The option's label and Django's refusal, with French's space before the colon."""
    posted = versioned(round_, {"laps": "4"})
    response = client_organiser.post(
        round_url(round_, "race_options"), posted, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 400
    assert "Longueur de la course : Sélectionnez un choix valide" in response.text


def test_the_switch_is_gone_once_the_round_has_started(client_organiser, round_):
    start_at_table(round_)
    page = client_organiser.get(round_url(round_)).text
    assert "This race runs with" in page and "race-options-form" not in page


# --- Rounds given a length as their race format, before the race options ----------------------


def test_the_migration_moves_a_formula_d_round_s_length_into_its_race_options(round_, season):
    Round.objects.filter(pk=round_.pk).update(race_format="3")
    Round.objects.filter(season=season).update(race_format="sprint")  # Season Pass: not touched
    migration.lengths_to_race_options(apps, None)
    round_.refresh_from_db()
    assert (round_.race_format, round_.race_options) == ("", {"laps": "3"})
    assert set(Round.objects.filter(season=season).values_list("race_format", flat=True)) == {
        "sprint"
    }
    migration.race_options_to_lengths(apps, None)
    round_.refresh_from_db()
    assert round_.race_format == "3"


def test_a_round_of_then_still_races_the_length_its_format_gave(round_):
    Round.objects.filter(pk=round_.pk).update(race_format="3")
    round_.refresh_from_db()
    assert start_at_table(round_).laps == 3
