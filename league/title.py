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

from rules.championship import (
    RoundLeft,
    StandingRow,
    TitleRace,
    most_final_points,
    most_points_each_round,
    title_race,
)
from rules.forecast import MOST_SIMULATED, RUNS, Chance, title_forecast

from .models import Round, Season
from .standings import DriverLines, SeasonStandings, StandingLine

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
    rounds_left = [_left(season, round_) for round_ in left]
    field_size = _largest_field(standings.drivers.rows)
    counted = _Counted(season, standings)
    best_left = most_points_each_round(
        season.rules, season.league_settings, rounds_left, field_size=field_size
    )
    drivers = title_race(
        standings.drivers.rows,
        sum(best_left),
        most_final=counted.most_final("driver", standings.drivers.rows, best_left),
    )
    team_rows = [_row(line) for line in standings.teams]
    team_best_left = most_points_each_round(
        season.rules,
        season.league_settings,
        rounds_left,
        field_size=field_size,
        cars=season.cars_per_team,
        teams=True,
    )
    teams = title_race(
        team_rows,
        sum(team_best_left),
        most_final=counted.most_final("team", team_rows, team_best_left),
    )
    return SeasonTitle(
        drivers=_sentences(drivers, standings.drivers),
        teams=_sentences(teams, standings.teams),
        forecast=_forecast(season, standings, drivers, rounds_left, field_size, counted),
        team_forecast=_forecast(
            season, standings, teams, rounds_left, field_size, counted, teams=True
        ),
    )


class _Counted:
    """What a season where only the best results count asks of its standings for the title: a
    competitor's results so far (each raced round's points, with its adjustments where they
    are dropped with their round) and its points fixed whatever is dropped (its adjustments,
    else only its season's)."""

    def __init__(self, season: Season, standings: SeasonStandings) -> None:
        self.counted = standings.counted
        self.raced = standings.raced
        drops = season.drops(len(standings.rounds))
        self.with_round = drops is not None and drops.adjustments_dropped_with_round
        column = {number: index for index, number in enumerate(standings.rounds)}
        self.by_column: dict[tuple[str, int], list[int]] = {}
        self.season_only: dict[tuple[str, int], int] = {}
        for made in standings.adjustments:
            keys = [made.competitor_key]
            if standings.drivers_for_team and made.driver is not None:
                keys.append(("team", made.driver.team_id))  # the league counts it for both
            for key in keys:
                if made.round is None:
                    self.season_only[key] = self.season_only.get(key, 0) + made.points
                else:
                    changes = self.by_column.setdefault(key, [0] * len(standings.rounds))
                    changes[column[made.round.number]] += made.points

    def results(self, kind: str, row: StandingRow) -> tuple[list[int], int]:
        """(the row's results in the rounds raced, its points fixed whatever is dropped)."""
        key = (kind, row.key)
        changes = self.by_column.get(key) if self.with_round else None
        results = [
            (points or 0) + (changes[index] if changes else 0)
            for index, points in enumerate(row.by_round)
            if self.raced[index]
        ]
        fixed = self.season_only.get(key, 0) if self.with_round else row.adjustment
        return results, fixed

    def most_final(
        self, kind: str, rows: Sequence[StandingRow], best_left: Sequence[int]
    ) -> dict[int, int] | None:
        """The most each of `rows` can end the season on; None where every result counts."""
        if self.counted is None:
            return None
        finals = {}
        for row in rows:
            results, fixed = self.results(kind, row)
            raced = (True,) * len(results)
            finals[row.key] = most_final_points(results, raced, fixed, best_left, self.counted)
        return finals


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


def _left(season: Season, round_: Round) -> RoundLeft:
    race_format = round_.race_format or season.rules.round_shape(round_.number).race_format
    return RoundLeft(
        multiplier=round_.multiplier,
        race_format=race_format,
        team_table=season.rules.team_race_points(round_.race_settings),
    )


def _largest_field(rows: Sequence[StandingRow]) -> int:
    """The most cars that raced in any round so far: the field the rounds left are scored by."""
    columns = zip(*(row.by_round for row in rows), strict=True)
    return max((len(column) - column.count(None) for column in columns), default=0)


def _row(line: StandingLine) -> StandingRow:
    return StandingRow(
        line.competitor.pk,
        line.position,
        line.points,
        line.by_round,
        line.adjustment,
        line.dropped,
    )


def _sentences(race: TitleRace, lines: Sequence[StandingLine]) -> tuple[str, ...]:
    # The contenders are the top of the table (the most points first) where every result
    # counts, so their names are the first lines', read in one query; where only the best
    # count, they are whoever can still reach the leader, read by key in one query.
    named = lines[: min(len(race.contenders), 7)]
    wanted = {contender.key for contender in race.contenders[:7]}
    if any(line.competitor.pk not in wanted for line in named):
        named = (
            lines.of_keys(wanted)
            if isinstance(lines, DriverLines)
            else [line for line in lines if line.competitor.pk in wanted]
        )
    return race.sentences({line.competitor.pk: line.competitor.name for line in named})


def _forecast(
    season: Season,
    standings: SeasonStandings,
    race: TitleRace,
    rounds_left: Sequence[RoundLeft],
    field_size: int,
    counted: _Counted,
    *,
    teams: bool = False,
) -> tuple[ForecastLine, ...]:
    """The drivers' (or the `teams`') title forecast, the likeliest first."""
    if race.decided or not field_size:
        return ()
    simulated = standings.drivers[:MOST_SIMULATED]
    lines = standings.teams if teams else simulated
    by_key = {line.competitor.pk: line for line in lines}
    # Where only the best results count, a contender may stand below the drivers simulated:
    # the forecast is of those simulated.
    contenders = [c.key for c in race.contenders if c.key in by_key][:MOST_SIMULATED]
    # Only the simulated drivers take places, so only their places' points are needed.
    # A team race's teams score its own table.
    round_points = [
        [
            round_.team_table.points(place, field_size) * round_.multiplier
            if teams and round_.team_table is not None
            else season.rules.points_for(
                place, field_size, round_.multiplier, season.league_settings
            )
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
    kind = "team" if teams else "driver"
    parts = {key: counted.results(kind, _row(by_key[key])) for key in contenders}
    drops = (
        counted.counted,
        {key: results for key, (results, _fixed) in parts.items()},
        {key: fixed for key, (_results, fixed) in parts.items()},
    )
    chances = _remembered(
        (inputs, contenders, seed, owners, drops if counted.counted is not None else None),
        lambda: title_forecast(
            *inputs,
            contenders=contenders,
            seed=seed,
            team_of=owners,
            counted=drops[0],
            results=drops[1],
            fixed=drops[2],
        ),
    )
    return tuple(
        ForecastLine(by_key[chance.key], chance.percent) for chance in chances[:FORECAST_LINES]
    )
