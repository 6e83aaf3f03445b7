"""A four-car race on round 1 (Imola) of the Spring season, and the helpers to drive it."""

from __future__ import annotations

import pytest

from league.models import Round, Season, Team
from league.services.starts import round_start_at_table
from races.models import Race

CARS = ("red", "blue", "green", "yellow")


@pytest.fixture
def round_one(season: Season) -> Round:
    return season.rounds.select_related("track", "season__league").get(number=1)


@pytest.fixture
def starters(teams: list[Team]) -> list:
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    return list(zip(drivers, CARS, strict=True))


@pytest.fixture
def race(round_one: Round, starters) -> Race:
    return round_start_at_table(round_=round_one, starters=starters)
