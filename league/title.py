"""The title on the season page: who can still be champion and what they need, and each
contender's chance from simulated remainders of the season. The sums and the simulation are
rules.championship's and rules.forecast's; this reads their inputs off the season's standings
and rounds (no query of its own beyond the names of the drivers it names), and keeps each
forecast in the cache until the results change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.core.cache import cache

from rules.championship import RoundLeft, StandingRow, TitleRace, most_points_left, title_race
from rules.forecast import MOST_SIMULATED, RUNS, Chance, title_forecast

from .models import League, Round, Season
from .standings import SeasonStandings, StandingLine

# The forecast's table names this many contenders at most, the likeliest first.
FORECAST_LINES = 8
# A forecast is kept this long after it was last simulated (a day: a league races weekly).
FORECAST_KEPT_SECONDS = 24 * 60 * 60


@dataclass(frozen=True)
class ForecastLine:
    line: StandingLine
    percent: str


@dataclass(frozen=True)
class SeasonTitle:
    drivers: tuple[str, ...]  # who can still be champion, in words
    teams: tuple[str, ...]
    forecast: tuple[ForecastLine, ...]
    team_forecast: tuple[ForecastLine, ...]
    runs: int = RUNS


def season_title(
    season: Season, standings: SeasonStandings, rounds: Sequence[Round]
) -> SeasonTitle | None:
    """The title race after the latest round, while a season has raced some rounds and has
    some left; None otherwise (an ended season names its champions instead)."""
    left = [round_ for round_ in rounds if not round_.is_finished]
    if season.is_ended or not left or len(left) == len(rounds):
        return None
    league = season.league
    rounds_left = [_left(league, round_) for round_ in left]
    field_size = _largest_field(standings.drivers.rows)
    drivers = title_race(
        standings.drivers.rows,
        most_points_left(league.rules, league.settings, rounds_left, field_size=field_size),
    )
    team_rows = [_row(line) for line in standings.teams]
    teams = title_race(
        team_rows,
        most_points_left(
            league.rules,
            league.settings,
            rounds_left,
            field_size=field_size,
            cars=league.cars_per_team,
            teams=True,
        ),
    )
    return SeasonTitle(
        drivers=_sentences(drivers, standings.drivers),
        teams=_sentences(teams, standings.teams),
        forecast=_forecast(season, standings, drivers, rounds_left, field_size),
        team_forecast=_forecast(season, standings, teams, rounds_left, field_size, teams=True),
    )


def _remembered(inputs: object, forecast: Callable[[], tuple[Chance, ...]]) -> tuple[Chance, ...]:
    """The forecast for exactly these inputs, simulated once: every view of the page until the
    next result reads it from the cache (keyed by the inputs themselves, so a changed result,
    table or schedule can never be answered by an old forecast)."""
    key = "title-forecast:" + hashlib.sha256(repr(inputs).encode()).hexdigest()
    chances = cache.get(key)
    if chances is None:
        chances = forecast()
        cache.set(key, chances, FORECAST_KEPT_SECONDS)
    return chances


def _left(league: League, round_: Round) -> RoundLeft:
    race_format = round_.race_format or league.rules.round_shape(round_.number).race_format
    return RoundLeft(
        multiplier=round_.multiplier,
        race_format=race_format,
        team_table=league.rules.team_race_points(round_.race_settings),
    )


def _largest_field(rows: Sequence[StandingRow]) -> int:
    """The most cars that raced in any round so far: the field the rounds left are scored by."""
    columns = zip(*(row.by_round for row in rows), strict=True)
    return max((len(column) - column.count(None) for column in columns), default=0)


def _row(line: StandingLine) -> StandingRow:
    return StandingRow(line.competitor.pk, line.position, line.points, line.by_round)


def _sentences(race: TitleRace, lines: Sequence[StandingLine]) -> tuple[str, ...]:
    # The contenders are the top of the table (the most points first), so their names are the
    # first lines', read in one query.
    named = lines[: min(len(race.contenders), 7)]
    return race.sentences({line.competitor.pk: line.competitor.name for line in named})


def _forecast(
    season: Season,
    standings: SeasonStandings,
    race: TitleRace,
    rounds_left: Sequence[RoundLeft],
    field_size: int,
    *,
    teams: bool = False,
) -> tuple[ForecastLine, ...]:
    """The drivers' (or the `teams`') title forecast, the likeliest first."""
    if race.decided or not field_size:
        return ()
    league = season.league
    simulated = standings.drivers[:MOST_SIMULATED]
    contenders = [contender.key for contender in race.contenders][:MOST_SIMULATED]
    lines = standings.teams if teams else simulated
    by_key = {line.competitor.pk: line for line in lines}
    # Only the simulated drivers take places, so only their places' points are needed.
    # A team race's teams score its own table.
    round_points = [
        [
            round_.team_table.points(place, field_size) * round_.multiplier
            if teams and round_.team_table is not None
            else league.rules.points_for(place, field_size, round_.multiplier, league.settings)
            for place in range(1, min(field_size, MOST_SIMULATED) + 1)
        ]
        for round_ in rounds_left
    ]
    team_of = {line.competitor.pk: line.competitor.team_id for line in simulated}
    inputs = (
        {key: by_key[key].points for key in contenders},
        {pk: tuple(standings.places.get(("driver", pk), ())) for pk in team_of},
        round_points,
    )
    # The same season after the same rounds gives the same forecast on every reload.
    seed = season.pk * 100 + len(standings.rounds) - len(rounds_left)
    owners = team_of if teams else None
    chances = _remembered(
        (inputs, contenders, seed, owners),
        lambda: title_forecast(*inputs, contenders=contenders, seed=seed, team_of=owners),
    )
    return tuple(
        ForecastLine(by_key[chance.key], chance.percent) for chance in chances[:FORECAST_LINES]
    )
