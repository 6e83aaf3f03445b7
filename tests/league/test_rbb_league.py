"""An RBB league from the home page to its standings: teams of two racers (constructors: the
team's points added), 8 races at most, the 25-18-15-12-10-8-6-4-2-1 preset, each racer's home
track."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Driver, League, RoundStatus
from league.reads.standings import season_standings
from league.services.drivers import driver_home_track_set
from league.services.leagues import league_create
from league.services.results import round_result_record
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.services.entries import race_state
from rules import engine
from rules.championship import championship_for
from tests.league.test_services import all_finish
from tests.pages import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def rbb(organiser) -> League:
    league = league_create(name="RBB", organiser=organiser, ruleset="rbb")
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Arrows", driver_names=["Cid", "Dot"])
    return league


def test_an_rbb_league_is_created_from_the_home_page(client_organiser):
    page = client_organiser.get(reverse("league:league_new"), {"ruleset": "rbb"})
    assert "25-18-15-12-10-8-6-4-2-1" in page.text
    response = client_organiser.post(
        reverse("league:league_new"), {"name": "RBB", "ruleset": "rbb"}
    )
    league = League.objects.get(name="RBB")
    assert response.status_code == 302
    assert (league.ruleset, league.cars_per_team) == ("rbb", 2)
    assert "RBB championship" in client_organiser.get(league.get_absolute_url()).text


def test_a_season_is_up_to_8_races(rbb):
    tracks = [track_create(name=f"Track {number}") for number in range(1, 10)]
    with pytest.raises(ValidationError, match="8 races; this schedule has 9"):
        season_open(league=rbb, tracks=tracks)
    season = season_open(league=rbb, tracks=tracks[:8])
    assert season.rounds.count() == 8


def test_the_season_s_wear_point_setup_is_said_in_the_reader_s_language(client_organiser, rbb):
    """The season page listed the setup's numbers by their English labels ("Tyres WP 14")."""
    season = season_open(league=rbb, tracks=[track_create(name="Home")])
    page = html_of(client_organiser.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr"))
    setup = page.split('id="season-setup"', 1)[1].split("</p>", 1)[0]
    assert "PU pneus" in setup and "PU boîte" in setup and "PU tenue de route" in setup
    assert "Tyres WP" not in setup and "Handling WP" not in setup


def test_the_points_preset_runs_to_10th_and_past_it_scores_nothing():
    rules = championship_for("rbb")
    assert [rules.points_for(place, 12, 1, {}) for place in range(1, 13)] == [
        25,
        18,
        15,
        12,
        10,
        8,
        6,
        4,
        2,
        1,
        0,
        0,
    ]


def test_a_round_scores_the_drivers_and_the_constructors_add_their_two_racers(rbb):
    season = season_open(league=rbb, tracks=[track_create(name="Home")])
    round_ = season.rounds.get()
    drivers = {driver.name: driver for driver in Driver.objects.all()}
    order = [drivers[name] for name in ("Cid", "Ann", "Bob", "Dot")]
    entries = round_start(
        round_=round_, starters=[(driver, f"car{index}") for index, driver in enumerate(order)]
    )
    round_result_record(round_=round_, outcomes=all_finish(entries), injury_rolls={})
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    standings = season_standings(season)
    assert [(line.competitor.name, line.points) for line in standings.drivers] == [
        ("Cid", 25),
        ("Ann", 18),
        ("Bob", 15),
        ("Dot", 12),
    ]
    assert [(line.competitor.name, line.points) for line in standings.teams] == [
        ("Arrows", 37),  # Cid's 25 and Dot's 12
        ("Scuderia", 33),
    ]


def test_a_racer_s_home_track_is_set_between_races(rbb):
    home = track_create(name="Monza")
    ann = Driver.objects.get(name="Ann")
    driver_home_track_set(driver=ann, track=home)
    ann.refresh_from_db()
    assert ann.home_track == home
    driver_home_track_set(driver=ann, track=None)
    ann.refresh_from_db()
    assert ann.home_track is None


def test_a_rule_set_without_home_tracks_refuses_one(league, teams):
    driver = Driver.objects.filter(team__league=league).first()
    with pytest.raises(ValidationError, match="Season Pass has no home tracks"):
        driver_home_track_set(driver=driver, track=track_create(name="X"))


def test_the_organiser_sets_a_racer_s_home_track_on_the_driver_page(client_organiser, rbb):
    monza = track_create(name="Monza")
    ann = Driver.objects.get(name="Ann")
    page = client_organiser.get(ann.get_absolute_url())
    assert "Home track: none" in page.text and "Set the home track" in page.text
    url = reverse("league:driver_home_track", args=[rbb.slug, ann.pk])
    response = client_organiser.post(url, {"home_track": monza.pk})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.home_track == monza
    assert "Home track: Monza" in client_organiser.get(ann.get_absolute_url()).text
    assert client_organiser.post(url, {"home_track": 9999}).status_code == 400


def test_a_season_pass_driver_page_offers_no_home_track(client_organiser, league, teams):
    driver = Driver.objects.filter(team__league=league).first()
    page = client_organiser.get(driver.get_absolute_url())
    assert "Home track" not in page.text
    url = reverse("league:driver_home_track", args=[league.slug, driver.pk])
    response = client_organiser.post(url, {"home_track": ""})
    assert response.status_code == 400 and "has no home tracks" in response.text


def test_only_the_organiser_sets_a_home_track(client, rbb):
    ann = Driver.objects.get(name="Ann")
    url = reverse("league:driver_home_track", args=[rbb.slug, ann.pk])
    assert client.post(url, {"home_track": ""}).status_code == 302  # to the login page
    assert "Set the home track" not in client.get(ann.get_absolute_url()).text


def test_from_the_home_page_an_rbb_league_shows_its_presets_at_every_step(client_organiser):
    home = html_of(client_organiser.get(reverse("league:home")))
    assert f'href="{reverse("league:league_new")}"' in home
    new = html_of(client_organiser.get(reverse("league:league_new"), {"ruleset": "rbb"}))
    assert "RBB table (25-18-15-12-10-8-6-4-2-1)" in new
    assert "up to 8 races of two laps each" in new
    client_organiser.post(reverse("league:league_new"), {"name": "RBB", "ruleset": "rbb"})
    league = League.objects.get(name="RBB")
    page = html_of(client_organiser.get(league.get_absolute_url()))
    assert "The RBB table" in page and '<td class="round-points">25</td>' in page
    opening = html_of(client_organiser.get(reverse("league:season_new", args=[league.slug])))
    assert "up to 8 races of two laps each" in opening
    tracks = [track_create(name=name) for name in ("Monza", "Spa")]
    season = season_open(league=league, tracks=tracks)
    season_page = html_of(client_organiser.get(season.get_absolute_url()))
    # The 2023 setup is lost: the preset is Formula D's standard car, editable until race 1.
    assert "Tyres WP 6, Brakes WP 3, Gears WP 3, Body WP 3, Engine WP 3, Handling WP 2" in (
        season_page
    )


# --- Weather (docs/rulings.md, "RBB weather"): "Weather is determined before the race starts" ---


def _first_prompt(league: League, track) -> engine.Prompt:
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    season = season_open(league=league, tracks=[track])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(),
        starters=list(zip(drivers, ("red", "blue"), strict=True)),
    )
    return engine.prompts(race_state(race))[0]


def test_an_rbb_league_with_the_weather_asks_for_it_before_the_first_move(organiser):
    league = league_create(
        name="Wet RBB", organiser=organiser, ruleset="rbb", settings={"weather": True}
    )
    track = track_create(name="Spa", weather_chart="1-5 good, 6-20 rain")
    prompt = _first_prompt(league, track)
    assert (prompt.kind, prompt.car) == ("weather_roll", None)
    assert "the track's chart before the race (1-5 good, 6-20 rainy)" in prompt.text


def test_an_rbb_league_without_the_weather_goes_straight_to_the_grid(organiser):
    league = league_create(
        name="Dry RBB", organiser=organiser, ruleset="rbb", settings={"weather": False}
    )
    prompt = _first_prompt(league, track_create(name="Spa"))
    assert prompt.kind == "grid_roll"


def test_an_rbb_league_made_before_the_setting_races_as_it_did(organiser):
    league = league_create(name="Old RBB", organiser=organiser, ruleset="rbb")
    League.objects.filter(pk=league.pk).update(settings={})  # as stored before the setting
    league.refresh_from_db()
    rules = league.rules
    assert [str(line) for line in rules.race_option_lines(league.settings, {})] == [
        "Weather: the track's Formula D weather chart rolled before the race, rain as Formula D: "
        "off"
    ]
    assert rules.settings_summary(league.settings) == (
        "Weather: the track's Formula D weather chart rolled before the race, rain as Formula D: "
        "off",
    )
    assert _first_prompt(league, track_create(name="Spa")).kind == "grid_roll"


def test_a_new_rbb_league_from_the_home_page_rolls_the_weather_unless_unticked(
    client_organiser,
):
    page = client_organiser.get(reverse("league:league_new"), {"ruleset": "rbb"}).text
    assert 'name="weather"' in page and "checked" in page.split('name="weather"')[1][:80]
    form = {"ruleset": "rbb", "settings_for": "rbb"}
    client_organiser.post(reverse("league:league_new"), {**form, "name": "Wet", "weather": "on"})
    client_organiser.post(reverse("league:league_new"), {**form, "name": "Dry"})
    assert League.objects.get(name="Wet").settings["weather"] is True
    assert League.objects.get(name="Dry").settings["weather"] is False


def test_a_round_may_race_without_the_league_s_weather(organiser):
    league = league_create(
        name="Wet RBB", organiser=organiser, ruleset="rbb", settings={"weather": True}
    )
    races = league.rules.race_settings(league.settings, {"weather": False})
    assert "weather_chart" not in league.rules.race_options(weather_table=None, settings=races)
    on = league.rules.race_options(weather_table=None, settings=league.settings)
    assert on["weather_chart"] == "1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy"
