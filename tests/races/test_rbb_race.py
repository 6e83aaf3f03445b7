"""An RBB race run with the turn helper: its own dashboard and prompts, a random grid for the
season's first race and the reverse of the previous finish for the next, the home track's tyres,
and its result written into the drivers' and constructors' standings."""

from __future__ import annotations

import pytest

from league.models import Driver, League
from league.reads.standings import season_standings
from league.services.drivers import driver_home_track_set
from league.services.leagues import league_create
from league.services.seasons import season_open, season_setup_set
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.races.autopilot import drive, drive_to_finish, write_the_result

pytestmark = pytest.mark.django_db
CARS = ("red", "blue", "green", "yellow")


@pytest.fixture
def rbb(organiser) -> League:
    league = league_create(name="RBB", organiser=organiser, ruleset="rbb")
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Arrows", driver_names=["Cid", "Dot"])
    return league


@pytest.fixture
def season(rbb):
    tracks = [track_create(name=name) for name in ("Monza", "Spa")]
    return season_open(league=rbb, tracks=tracks)


def start_round(season, number: int) -> Race:
    drivers = list(Driver.objects.order_by("pk"))
    return round_start_at_table(
        round_=season.rounds.get(number=number), starters=list(zip(drivers, CARS, strict=True))
    )


def test_the_first_race_s_grid_is_drawn_at_the_table(season):
    state = race_state(start_round(season, 1))
    assert state.setup.ruleset == "rbb"
    prompt = engine.prompts(state)[0]
    assert (prompt.kind, prompt.text) == (
        "grid_roll",
        "Random grid: Red (Ann) rolls black (highest on pole)",
    )


def test_the_turn_page_shows_the_rbb_car_sheet(client_organiser, season):
    race = start_round(season, 1)
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    for title in ("Tyres WP", "Gears WP", "Handling WP"):
        assert title in page


def test_an_rbb_race_at_the_table_lands_in_the_standings_and_the_next_grid_is_reversed(
    client_organiser, season
):
    race = start_round(season, 1)
    drive(race, 3)
    drive_to_finish(race, seed=4)
    state = race_state(race)
    assert state.finished
    round_ = write_the_result(client_organiser, race)
    finish = [result.car for result in engine.results(state)]
    points = dict(round_.entries.values_list("car", "points"))
    assert [points[car] for car in finish] == [25, 18, 15, 12]
    standings = season_standings(round_.season)
    assert [line.points for line in standings.drivers] == [25, 18, 15, 12]
    assert sum(line.points for line in standings.teams) == 70

    second = race_state(start_round(season, 2))
    prompt = engine.prompts(second)[0]
    assert prompt.kind == "grid"
    assert prompt.fields[0].default == tuple(reversed(finish))


def test_a_racer_at_their_home_track_starts_with_2_bonus_tyre_wp(season):
    ann = Driver.objects.get(name="Ann")
    driver_home_track_set(driver=ann, track=season.rounds.get(number=1).track)
    state = race_state(start_round(season, 1))
    tyres = {view.car: view.value("tires") for view in engine.dashboard(state)}
    assert tyres == {"red": 8, "blue": 6, "green": 6, "yellow": 6}


def test_every_car_starts_on_the_season_s_own_wear_point_setup(season):
    ann = Driver.objects.get(name="Ann")
    driver_home_track_set(driver=ann, track=season.rounds.get(number=1).track)
    setup = {"tires": 8, "brakes": 4, "gearbox": 2, "body": 2, "engine": 2, "road_handling": 3}
    season_setup_set(season=season, setup=setup, expected_version=0)
    season.refresh_from_db()
    state = race_state(start_round(season, 1))
    dashboard = {view.car: view for view in engine.dashboard(state)}
    assert {car: view.value("tires") for car, view in dashboard.items()} == {
        "red": 10,
        "blue": 8,
        "green": 8,
        "yellow": 8,
    }
    assert {view.value("brakes") for view in dashboard.values()} == {4}


def test_a_league_with_the_weather_rolls_it_at_the_table_before_the_grid(
    client_organiser, organiser
):
    league = league_create(
        name="Wet RBB", organiser=organiser, ruleset="rbb", settings={"weather": True}
    )
    team_create(league=league, name="Scuderia", driver_names=["Ann", "Bob"])
    track = track_create(name="Spa", weather_chart="1-5 good, 6-20 rain")
    season = season_open(league=league, tracks=[track])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, CARS[:2], strict=True))
    )
    page = client_organiser.get(race.get_absolute_url()).text
    assert (
        "roll black against the track&#x27;s chart before the race (1-5 good, 6-20 rainy)" in page
    )
    posted = {"kind": "weather_roll", "value": 6, "version": race.version}
    response = client_organiser.post(race.get_absolute_url(), posted)
    assert response.status_code in (200, 302), response.text
    race.refresh_from_db()
    state = race_state(race)
    assert (state.weather, engine.prompts(state)[0].kind) == ("rainy", "grid_roll")
    assert "rainy weather (rain)" in client_organiser.get(race.get_absolute_url()).text
    drive_to_finish(race, seed=2)  # the rest of a rainy race runs at the table
    assert race_state(race).finished
