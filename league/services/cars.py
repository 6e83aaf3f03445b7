"""The cars a round's starters form proposes, and the names a team may not give a car.

A car is proposed, in this order of say: as the round's starters already have it (when they
change), as its team's owner chose it for the round (StarterChoice), under the name its
driver raced it last (kept from round to round), else its team's name and a number ("Rosso 1",
"Rosso 2"), without a colour word that is not the team's colour (a car named after a colour is
drawn in it at the table: league/models/team_colours.py). Two cars are never proposed alike: a kept
name another car already has gives way to the team's name and a number, and the numbers go on
past a name taken."""

from __future__ import annotations

from collections.abc import Mapping

from django.db.models import OuterRef, Prefetch, Subquery
from django.utils.translation import gettext_noop

from ..models import Driver, DriverStatus, Entry, Round, Team
from ..models.team_colours import BY_KEY, car_name_base

# A car's name is 30 characters at most (Entry.car): the team's part leaves room for " 99".
TEAM_PART = 26
CAR_OF_ANOTHER_TEAM = gettext_noop(
    "{car!r} is {team}'s car: name yours otherwise, so the two are told apart on the board."
)


def default_car(team: Team, number: int) -> str:
    """A team's number-th car as proposed by default: "Rosso 2"."""
    base = car_name_base(team.name, team.colour)
    return f"{base[:TEAM_PART].strip()} {number}"


def teams_with_drivers(round_: Round):
    """The league's teams, each with its drivers, every driver with `last_car` and
    `last_colour`: the car it raced in its latest round before `round_` ("" if none), and the
    colour the league chose for that car ("" if none)."""
    last = (
        Entry.objects.filter(driver=OuterRef("pk"))
        .exclude(round=round_)
        .order_by("-round__season__number", "-round__number", "-pk")
    )
    drivers = Driver.objects.annotate(
        last_car=Subquery(last.values("car")[:1]),
        last_colour=Subquery(last.values("colour")[:1]),
    )
    return round_.season.league.teams.select_related("league").prefetch_related(
        Prefetch("drivers", queryset=drivers)
    )


def proposed_cars(teams, chosen: Mapping[int, str]) -> dict[int, str]:
    """Each driver's proposed car (driver id -> name) for `teams` (from teams_with_drivers),
    `chosen` saying it first (the current starters' cars, or the owners' choices). A team's
    cars are numbered over its active drivers first, in the order they were hired."""
    taken = {car.strip().lower() for car in chosen.values()}
    cars: dict[int, str] = {}
    later: list[tuple[Team, Driver, int]] = []
    for team in teams:
        drivers = sorted(
            team.drivers.all(), key=lambda driver: driver.status != DriverStatus.ACTIVE
        )
        for number, driver in enumerate(drivers, start=1):
            if driver.pk in chosen:
                cars[driver.pk] = chosen[driver.pk]
            else:
                later.append((team, driver, number))
    for team, driver, number in later:
        kept = (getattr(driver, "last_car", None) or "").strip()
        car = kept if kept and kept.lower() not in taken else default_car(team, number)
        while car.lower() in taken:
            number += 1
            car = default_car(team, number)
        taken.add(car.lower())
        cars[driver.pk] = car
    return cars


def proposed_colours(teams, cars: Mapping[int, str], chosen: Mapping[int, str]) -> dict[int, str]:
    """Each driver's proposed colour (driver id -> key, "" for its name's or team's) for the
    cars `cars` (from proposed_cars): as `chosen` says (the current starters', or the owners'
    choices), else the colour its car had in the driver's last round where the car keeps that
    round's name."""
    colours: dict[int, str] = {}
    for team in teams:
        for driver in team.drivers.all():
            if driver.pk in chosen:
                colours[driver.pk] = chosen[driver.pk]
            elif (getattr(driver, "last_car", None) or "").strip() == cars.get(driver.pk):
                colours[driver.pk] = getattr(driver, "last_colour", None) or ""
            else:
                colours[driver.pk] = ""
    return {key: colour if colour in BY_KEY else "" for key, colour in colours.items()}


def others_cars(round_: Round, team: Team) -> dict[str, Team]:
    """The cars the other teams of the league race under for `round_`, by name in lower case:
    their owners' choices, and what the starters form would propose for their active drivers."""
    teams = list(teams_with_drivers(round_))
    # Only the drivers who may still race: a retired one's old car is free again.
    team_of = {
        driver.pk: other
        for other in teams
        for driver in other.drivers.all()
        if driver.status == DriverStatus.ACTIVE
    }
    choices = {
        driver_id: car
        for driver_id, car in round_.starter_choices.values_list("driver_id", "car")
        if driver_id in team_of and team_of[driver_id].pk != team.pk
    }
    return {
        car.strip().lower(): team_of[driver_id]
        for driver_id, car in proposed_cars(teams, choices).items()
        if driver_id in team_of and team_of[driver_id].pk != team.pk
    }
