"""league/reads/round_panel.py: what the round page offers at each step."""

from __future__ import annotations

import pytest

from league.models import League, Season
from league.reads.round_panel import starter_lines
from league.services.starts import round_start
from league.services.teams import team_create

pytestmark = pytest.mark.django_db


def default_cars(season: Season) -> dict[str, list[str]]:
    round_ = season.rounds.get(number=1)
    return {
        team: [line.form["car"].value() for line in lines] for team, lines in starter_lines(round_)
    }


def test_each_teams_cars_are_proposed_under_its_own_name_numbered_car_by_car(
    league: League, season
):
    """Team "Blu" once got cars "Red 1" and "Red 2": a car is named for its own team."""
    team_create(league=league, name="Rosso", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blu", driver_names=["Cid", "Dot"])

    assert default_cars(season) == {"Blu": ["Blu 1", "Blu 2"], "Rosso": ["Rosso 1", "Rosso 2"]}


def test_a_long_team_name_is_cut_to_fit_a_cars_name_and_two_alike_number_on(league: League, season):
    """Two teams whose names begin alike past 26 letters: their cars are still told apart."""
    stem = "Scuderia Ferrari Marlboro Team"
    team_create(league=league, name=f"{stem} A", driver_names=["Ann", "Bob"])
    team_create(league=league, name=f"{stem} B", driver_names=["Cid", "Dot"])

    cars = default_cars(season)
    every_car = [car for team_cars in cars.values() for car in team_cars]
    assert len(set(every_car)) == 4
    assert all(len(car) <= 30 for car in every_car)
    assert cars[f"{stem} A"] == ["Scuderia Ferrari Marlboro 1", "Scuderia Ferrari Marlboro 2"]
    assert cars[f"{stem} B"] == ["Scuderia Ferrari Marlboro 3", "Scuderia Ferrari Marlboro 4"]


def test_a_cars_name_is_kept_from_the_drivers_last_round(league: League, season):
    rosso = team_create(league=league, name="Rosso", driver_names=["Ann", "Bob"])
    blu = team_create(league=league, name="Blu", driver_names=["Cid", "Dot"])
    ann, bob = rosso.drivers.order_by("pk")
    cid, dot = blu.drivers.order_by("pk")
    first = season.rounds.get(number=1)
    round_start(
        round_=first,
        starters=[(ann, "Fireball"), (bob, "Rosso 2"), (cid, "Blue Streak"), (dot, "Blu 2")],
    )
    season.rounds.filter(number=1).update(status="finished")

    second = season.rounds.get(number=2)
    cars = {
        team: [line.form["car"].value() for line in lines] for team, lines in starter_lines(second)
    }
    assert cars == {"Blu": ["Blue Streak", "Blu 2"], "Rosso": ["Fireball", "Rosso 2"]}
