"""league/round_panel.py: what the round page offers at each step."""

from __future__ import annotations

import pytest

from league import services
from league.models import League, Season
from league.round_panel import CAR_COLOURS, starter_lines

pytestmark = pytest.mark.django_db


def default_cars(season: Season) -> dict[str, list[str]]:
    round_ = season.rounds.get(number=1)
    return {
        team: [line.form["car"].value() for line in lines] for team, lines in starter_lines(round_)
    }


def test_each_team_races_in_a_colour_of_its_own_numbered_car_by_car(league: League, season):
    services.team_create(league=league, name="Arrows", driver_names=["Ann", "Bob"])
    services.team_create(league=league, name="Brabham", driver_names=["Cid", "Dot"])

    assert default_cars(season) == {"Arrows": ["Red 1", "Red 2"], "Brabham": ["Blue 1", "Blue 2"]}


def test_once_the_colours_run_out_a_colour_is_shared_and_its_numbers_go_on(league: League, season):
    """Nine teams and eight colours: the ninth team shares red with the first, so its cars are
    red 3 and 4, not a second red 1 and 2 that the start would refuse as the same cars."""
    for index in range(len(CAR_COLOURS) + 1):
        services.team_create(
            league=league, name=f"Team {index:02}", driver_names=[f"A{index}", f"B{index}"]
        )

    cars = default_cars(season)
    every_car = [car for team_cars in cars.values() for car in team_cars]
    assert len(set(every_car)) == len(every_car)
    assert cars["Team 00"] == ["Red 1", "Red 2"]
    assert cars["Team 08"] == ["Red 3", "Red 4"]
