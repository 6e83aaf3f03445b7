"""Season standings for drivers and teams, with the round-by-round breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from rules.championship import standings, tie_reasons

from .models import Driver, Entry, RoundStatus, Season, Team


@dataclass(frozen=True)
class StandingLine:
    position: int
    competitor: Driver | Team
    points: int
    by_round: tuple[int | None, ...]


@dataclass(frozen=True)
class SeasonStandings:
    rounds: tuple[int, ...]
    drivers: tuple[StandingLine, ...]
    teams: tuple[StandingLine, ...]
    # Why each tie on points in the tables went the way it did, in words (countback).
    driver_ties: tuple[str, ...] = ()
    team_ties: tuple[str, ...] = ()

    @property
    def driver_champions(self) -> tuple[StandingLine, ...]:
        """First in the drivers' table: more than one where countback leaves them level."""
        return tuple(line for line in self.drivers if line.position == 1 and line.points)

    @property
    def team_champions(self) -> tuple[StandingLine, ...]:
        return tuple(line for line in self.teams if line.position == 1 and line.points)


def season_standings(season: Season) -> SeasonStandings:
    """Drivers and teams ranked by points so far (countback on ties, said in words), in four
    queries."""
    rounds = tuple(season.rounds.order_by("number").values_list("number", flat=True))
    column = {number: index for index, number in enumerate(rounds)}
    entries = Entry.objects.filter(
        round__season=season, round__status=RoundStatus.FINISHED
    ).values_list("driver_id", "team_id", "round__number", "points", "place")
    driver_points: dict[int, list[int | None]] = {}
    driver_places: dict[int, list[int]] = {}
    team_points: dict[int, list[int | None]] = {}
    team_places: dict[int, list[int]] = {}
    for driver_id, team_id, round_number, points, place in entries:
        for key, by_round, places in (
            (driver_id, driver_points, driver_places),
            (team_id, team_points, team_places),
        ):
            row = by_round.setdefault(key, [None] * len(rounds))
            row[column[round_number]] = (row[column[round_number]] or 0) + points
            places.setdefault(key, []).append(place)
    drivers = Driver.objects.select_related("team__league").in_bulk(driver_points)
    teams = Team.objects.filter(league_id=season.league_id).select_related("league")
    for team in teams:
        team_points.setdefault(team.pk, [None] * len(rounds))
    teams_by_id = {team.pk: team for team in teams}
    driver_rows = standings(driver_points, driver_places)
    team_rows = standings(team_points, team_places)
    return SeasonStandings(
        rounds=rounds,
        drivers=tuple(
            StandingLine(row.position, drivers[row.key], row.points, row.by_round)
            for row in driver_rows
        ),
        teams=tuple(
            StandingLine(row.position, teams_by_id[row.key], row.points, row.by_round)
            for row in team_rows
        ),
        driver_ties=tie_reasons(
            driver_rows, driver_places, {key: driver.name for key, driver in drivers.items()}
        ),
        team_ties=tie_reasons(
            team_rows, team_places, {key: team.name for key, team in teams_by_id.items()}
        ),
    )
