"""A Formula D race run with the turn helper: its own dashboard, its own prompts, and its result
written into a Formula D league's standings with the team race's points."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league import services as league_services
from league.models import Driver, League, RoundStatus
from league.standings import season_standings
from races import services
from races.models import Race
from rules import engine
from tests.races.autopilot import drive, drive_to_finish

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def formula_d(organiser) -> League:
    league = league_services.league_create(
        name="Grand Prix Club", organiser=organiser, ruleset="formula_d"
    )
    for name in ("Ann", "Bob", "Cid"):
        league_services.team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


@pytest.fixture
def race(formula_d) -> Race:
    season = league_services.season_open(
        league=formula_d, tracks=[league_services.track_create(name="Home")]
    )
    drivers = list(Driver.objects.order_by("pk"))
    cars = ("red", "blue", "green")
    return services.race_start(
        round_=season.rounds.get(), starters=list(zip(drivers, cars, strict=True))
    )


def test_a_formula_d_race_starts_on_the_league_s_rule_set(race):
    state = services.race_state(race)
    assert state.setup.ruleset == "formula_d"
    assert engine.prompts(state)[0].kind == "grid_roll"


def test_the_turn_page_shows_the_formula_d_car_sheet(client_organiser, race):
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    for title in ("Tire", "Brake", "Gearbox", "Body", "Engine", "Road handling"):
        assert title in page
    assert "Gas points" not in page and "Collision damage" not in page


def test_a_formula_d_race_at_the_table_lands_in_the_standings(client_organiser, race):
    drive(race, 3)
    drive_to_finish(race, seed=4)
    state = services.race_state(race)
    assert state.finished
    response = client_organiser.post(
        race.get_absolute_url(), {"commit": "", "version": race.version}
    )
    assert response.status_code == 302
    round_ = race.round
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    by_place = {result.place: result.car for result in engine.results(state)}
    points = dict(round_.entries.values_list("car", "points"))
    assert [points[by_place[place]] for place in (1, 2, 3)] == [10, 8, 6]
    standings = season_standings(round_.season)
    assert [line.points for line in standings.drivers] == [10, 8, 6]
    assert set(Driver.objects.values_list("xp", flat=True)) == {0}  # no careers in Formula D


def test_an_eliminated_car_keeps_its_reason_in_the_season(client_organiser, race):
    drive(race, 400, seed=11, wild=True, finish_from_round=6)
    state = services.race_state(race)
    assert state.finished
    services.race_result_commit(race=race, expected_version=race.version)
    out = {result.car: result.out_reason for result in engine.results(state) if not result.finished}
    recorded = dict(race.round.entries.exclude(finished=True).values_list("car", "out_reason"))
    assert recorded == out
    page = client_organiser.get(reverse("league:round", args=["grand-prix-club", 1, 1]))
    assert page.status_code == 200
