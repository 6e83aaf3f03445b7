"""A Formula... Death! league: picked on the new-league page with its cards' distribution, one
car a player, Formula D's points, the season's damage points set on the season page."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from league.models import League
from league.services.leagues import league_create
from league.services.seasons import season_open, season_setup_set
from league.services.tracks import track_create
from rules import language as rules_language
from rules.championship import RULE_SET_PACKAGES, championship_for

pytestmark = pytest.mark.django_db


def test_a_league_may_pick_formula_death():
    assert "death" in RULE_SET_PACKAGES
    assert championship_for("death").title == "Formula... Death!"


def test_a_death_league_is_created_from_the_home_page(client_organiser):
    page = client_organiser.get(reverse("league:league_new"), {"ruleset": "death"})
    assert "picked in turn from the last on the grid" in page.text
    assert "10-8-6-5-4-3-2-1-0-0" in page.text
    response = client_organiser.post(
        reverse("league:league_new"),
        {"name": "Mad Max Cup", "ruleset": "death", "distribution": "random", "laps": "2"},
    )
    league = League.objects.get(name="Mad Max Cup")
    assert response.status_code == 302
    assert (league.ruleset, league.cars_per_team) == ("death", 1)
    assert league.rules.validated_settings(league.settings)["distribution"] == "random"
    assert "Formula... Death!" in client_organiser.get(league.get_absolute_url()).text


def test_the_season_page_sets_the_damage_points_before_the_first_race(client_organiser, organiser):
    league = league_create(name="Death", organiser=organiser, ruleset="death")
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    page = client_organiser.get(season.get_absolute_url()).text
    assert "Damage points each car starts with" in page
    season_setup_set(season=season, setup={"damage": 12}, expected_version=0)
    season.refresh_from_db()
    assert season.setup == {"damage": 12}
    with pytest.raises(ValidationError, match="4 to 30"):
        season_setup_set(season=season, setup={"damage": 3}, expected_version=1)


def test_the_damage_points_are_asked_and_refused_in_the_reader_s_language(
    client_organiser, organiser
):
    """Death's season setup number was never marked: its label and its refusal read in English
    on a French page ("Damage points each car starts with: 4 to 30, not 3.")."""
    league = league_create(name="Death", organiser=organiser, ruleset="death")
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    page = client_organiser.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Points de dégâts de chaque voiture au départ" in page
    assert "Damage points each car starts with" not in page
    with translation.override("fr"), rules_language.speaking("fr"):
        with pytest.raises(ValidationError) as refused:
            season_setup_set(season=season, setup={"damage": 3}, expected_version=0)
        with pytest.raises(ValidationError) as not_a_number:
            season_setup_set(season=season, setup={"damage": "3"}, expected_version=0)
    assert "Points de dégâts de chaque voiture au départ : de 4 à 30, pas 3." in str(refused.value)
    assert "Points de dégâts de chaque voiture au départ : un nombre entier, pas '3'." in str(
        not_a_number.value
    )
