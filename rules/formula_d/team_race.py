"""Optional Rules, Team Race: teams of 2 players, each with a colour; a team's 4 WP for repairs at
its cars' pit stops (rules.formula_d.pit_stop.TEAM_POOL_WP); points by place, and the team with
the highest total wins the race.

Rulings where the document is silent (docs/rulings.md, "The Team Race"):
- A team's pool repairs any zone but the tires (which every pit stop refits), 1 WP a pick, never
  above the WP the zone started the race with.
- A car out of the race scores the points of the place Paddock ranks it at (the race's results);
  level team totals share the win.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from rules.championship import PointsTable, most_points, team_race
from rules.language import gettext as _
from rules.language import gettext_noop as N_

# Ranking  No. of Points (9th and 10th: 0; later places score 0 too)
TEAM_RACE_POINTS: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1, 0, 0)
TEAM_SIZE = 2
TEAM_RACE_TABLE = PointsTable.of(*TEAM_RACE_POINTS)


# Why a team race is refused: "Form teams, each with 2 players and a color".
NOT_PAIRS = N_("A team race is raced by teams of {size} cars each (Optional Rules, Team Race)")


def teams_not_pairs(cars: Sequence[str], teams: Mapping[str, str]) -> tuple[tuple[str, ...], ...]:
    """The teams of `cars` (by each car's team) a team race refuses, each as its cars in race
    order: a team of one car or of three; a car in no team is a team of one."""
    members: dict[str, list[str]] = defaultdict(list)
    for car in cars:
        members[teams.get(car, f"no team: {car}")].append(car)
    return tuple(tuple(team) for team in members.values() if len(team) != TEAM_SIZE)


def place_points(place: int) -> int:
    """The winning points of a finishing place, 1st = 10."""
    if place < 1:
        raise ValueError(_("Places count from 1, not {place}.").format(place=place))
    return TEAM_RACE_POINTS[place - 1] if place <= len(TEAM_RACE_POINTS) else 0


def team_totals(ranking: Sequence[str], teams: Mapping[str, str]) -> dict[str, int]:
    """Each team's total, from the cars in finishing order (`ranking`, 1st first) and each car's
    team; highest first (rules.championship.team_race, on the team race's table)."""
    places: dict[str, list[int]] = {team: [] for team in teams.values()}
    for place, car in enumerate(ranking, start=1):
        if car in teams:
            places[teams[car]].append(place)
    result = team_race(TEAM_RACE_TABLE, places, field_size=len(ranking))
    return {str(team): points for team, points in result.totals}


def winning_teams(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The team(s) with the highest total: more than one when level."""
    return tuple(str(team) for team in most_points(totals))
