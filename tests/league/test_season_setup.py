"""A season's setup (RBB: the wear points every car of the season starts with): preset to
Formula D's standard car, changed by the organiser before the season's first race starts, on
the season page, versioned."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Driver, League, Season
from league.services.errors import AlreadyDone, StaleSeason
from league.services.leagues import league_create
from league.services.seasons import (
    SEASON_SETUP_CHANGED,
    season_open,
    season_setup_refusal,
    season_setup_set,
)
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.factories import UserFactory, published

pytestmark = pytest.mark.django_db

STANDARD = {"tires": 6, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "road_handling": 2}
OWN = {"tires": 8, "brakes": 4, "gearbox": 2, "body": 2, "engine": 2, "road_handling": 3}


@pytest.fixture
def rbb(organiser) -> League:
    league = published(league_create(name="RBB", organiser=organiser, ruleset="rbb"))
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    return league


@pytest.fixture
def season(rbb) -> Season:
    tracks = [track_create(name=name) for name in ("Monza", "Spa")]
    return season_open(league=rbb, tracks=tracks)


def url(season: Season) -> str:
    return reverse("league:season_setup", args=[season.league.slug, season.number])


def posted(setup: dict[str, int], version: int) -> dict[str, object]:
    return {**setup, "version": version}


def test_a_season_starts_on_the_formula_d_standard_car(season):
    assert season.setup == {} and season.race_setup == STANDARD
    lines = [(number.label, value) for number, value in season.setup_lines]
    assert lines[0] == ("Tyres WP", 6) and lines[-1] == ("Handling WP", 2)


def test_the_organiser_sets_the_season_s_own_wear_points(season):
    season_setup_set(season=season, setup=OWN, expected_version=0)
    season.refresh_from_db()
    assert season.race_setup == OWN and season.setup_version == 1


def test_a_zone_left_out_takes_the_preset(season):
    season_setup_set(season=season, setup={"tires": 9})
    season.refresh_from_db()
    assert season.race_setup == {**STANDARD, "tires": 9}


def test_every_zone_out_of_1_to_20_is_refused_with_its_reason(season):
    with pytest.raises(ValidationError) as refused:
        season_setup_set(season=season, setup={**STANDARD, "tires": 0, "engine": 21})
    assert refused.value.messages == ["Tyres WP: 1 to 20, not 0.", "Engine WP: 1 to 20, not 21."]
    season.refresh_from_db()
    assert season.setup == {} and season.setup_version == 0


def test_the_setup_it_has_already_is_a_double_tap(season):
    season_setup_set(season=season, setup=OWN, expected_version=0)
    with pytest.raises(AlreadyDone):
        season_setup_set(season=season, setup=OWN, expected_version=0)


def test_a_page_built_on_an_older_setup_is_stale(season):
    season_setup_set(season=season, setup=OWN, expected_version=0)
    with pytest.raises(StaleSeason):
        season_setup_set(season=season, setup=STANDARD, expected_version=0)


def test_the_setup_is_kept_once_the_first_race_has_started(season):
    round_ = season.rounds.get(number=1)
    round_start(round_=round_, starters=[(d, d.name) for d in Driver.objects.all()])
    with pytest.raises(ValidationError, match="round 1 has started"):
        season_setup_set(season=season, setup=OWN, expected_version=0)
    assert "round 1 has started" in season_setup_refusal(season)


def test_a_rule_set_without_a_season_setup_refuses_one(league):
    season = season_open(league=league, preset="Spring")
    with pytest.raises(ValidationError, match="sets up nothing per season"):
        season_setup_set(season=season, setup=OWN)


def test_the_season_page_shows_the_setup_and_the_organiser_s_form(client, client_organiser, season):
    page = client_organiser.get(season.get_absolute_url()).text
    assert "Wear-point setup" in page and "Tyres WP 6" in page
    assert 'id="setup-form"' in page and 'name="version" value="0"' in page
    client.logout()
    public = client.get(season.get_absolute_url()).text
    assert "Tyres WP 6" in public and 'id="setup-form"' not in public


def test_the_organiser_saves_the_setup_from_the_season_page(client_organiser, season):
    response = client_organiser.post(url(season), posted(OWN, 0))
    assert response.status_code == 302 and response.url == season.get_absolute_url()
    season.refresh_from_db()
    assert season.race_setup == OWN
    assert "Tyres WP 8" in client_organiser.get(season.get_absolute_url()).text


def test_values_out_of_range_are_a_400_with_the_reasons(client_organiser, season):
    response = client_organiser.post(url(season), posted({**OWN, "tires": 0, "body": 21}, 0))
    assert response.status_code == 400
    assert "greater than or equal to 1" in response.text
    assert "less than or equal to 20" in response.text
    season.refresh_from_db()
    assert season.setup == {}


def test_a_form_without_its_version_is_a_400(client_organiser, season):
    response = client_organiser.post(url(season), OWN)
    assert response.status_code == 400 and "reload the page" in response.text


def test_a_stale_form_is_a_409_with_the_setup_as_it_stands(client_organiser, season):
    season_setup_set(season=season, setup=OWN, expected_version=0)
    response = client_organiser.post(url(season), posted({**STANDARD, "tires": 10}, 0))
    assert response.status_code == 409
    assert SEASON_SETUP_CHANGED.replace("'", "&#x27;") in response.text
    assert 'name="version" value="1"' in response.text and 'value="8"' in response.text
    season.refresh_from_db()
    assert season.race_setup == OWN


def test_a_double_tap_shows_the_season(client_organiser, season):
    client_organiser.post(url(season), posted(OWN, 0))
    response = client_organiser.post(url(season), posted(OWN, 0))
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.setup_version == 1


def test_once_the_first_race_started_the_page_says_why_and_refuses(client_organiser, season):
    round_ = season.rounds.get(number=1)
    round_start(round_=round_, starters=[(d, d.name) for d in Driver.objects.all()])
    page = client_organiser.get(season.get_absolute_url()).text
    assert "round 1 has started" in page and 'id="setup-form"' not in page
    response = client_organiser.post(url(season), posted(OWN, 0))
    assert response.status_code == 400 and "round 1 has started" in response.text


def test_only_the_organiser_sets_up_a_season(client, season):
    client.force_login(UserFactory(username="someone"))
    assert client.post(url(season), posted(OWN, 0)).status_code == 403
    season.refresh_from_db()
    assert season.setup == {}


def test_a_season_pass_season_has_no_setup_page(client_organiser, league):
    season = season_open(league=league, preset="Spring")
    assert client_organiser.get(url(season)).status_code == 404
    assert "setup-form" not in client_organiser.get(season.get_absolute_url()).text


def test_the_pages_with_the_setup_form_are_never_served_from_the_cache(client_organiser, season):
    for page in (url(season), season.get_absolute_url()):
        assert "no-store" in client_organiser.get(page).headers["Cache-Control"], page


def test_the_setup_form_costs_the_season_page_no_query_whatever_the_league_s_size(
    client_organiser, rbb, season, django_assert_max_num_queries
):
    with django_assert_max_num_queries(14) as small:
        assert 'id="setup-form"' in client_organiser.get(season.get_absolute_url()).text
    for index in range(4):
        team_create(league=rbb, name=f"Team {index}", driver_names=[f"A{index}", f"B{index}"])
    with django_assert_max_num_queries(len(small.captured_queries)):
        assert 'id="setup-form"' in client_organiser.get(season.get_absolute_url()).text
    # Why it may not change is read from the rounds the page shows: no query of its own.
    round_ = season.rounds.get(number=1)
    round_start(round_=round_, starters=[(d, d.name) for d in Driver.objects.all()])
    with django_assert_max_num_queries(len(small.captured_queries)):
        assert "round 1 has started" in client_organiser.get(season.get_absolute_url()).text
