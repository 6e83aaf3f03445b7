"""The title on the season page: who can still be champion and what they need, and each
contender's chance from simulated remainders of the season. The sums and the simulation are
rules.championship's and rules.forecast's; this reads their inputs off the season's standings
and rounds (no query of its own beyond the names of the drivers it names), and keeps each
forecast in the cache until the results change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast, overload

from django.core.cache import cache

from rules.championship import (
    RoundLeft,
    StandingRow,
    TitleRace,
    most_final_points,
    most_points_each_round,
    title_race,
)
from rules.forecast import (
    MOST_SIMULATED,
    RUNS,
    Title,
    pace_model,
    ranked,
    simulate,
    simulated_field,
)

from ..models import Driver, Round, Season
from .standings import DriverLines, SeasonStandings, StandingLine

# The forecast's table names every contender of a field this size or smaller; of a larger
# one, every contender given 1% or more and the likeliest others to this many lines, and counts
# the rest (each <1%) in a line of their own.
FORECAST_LINES = MOST_SIMULATED
# A forecast is kept this long after it was last simulated (a day: a league races weekly).
FORECAST_KEPT_SECONDS = 24 * 60 * 60


@dataclass(frozen=True)
class ForecastLine:
    line: StandingLine
    percent: str


@dataclass(frozen=True)
class Forecast(Sequence[ForecastLine]):
    """A title's forecast: its lines, read as a sequence, and the contenders left unnamed."""

    lines: tuple[ForecastLine, ...] = ()
    more: int = 0  # contenders not named, each <1%

    def __len__(self) -> int:
        return len(self.lines)

    @overload
    def __getitem__(self, index: int) -> ForecastLine: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[ForecastLine, ...]: ...
    def __getitem__(self, index: int | slice) -> ForecastLine | tuple[ForecastLine, ...]:
        return self.lines[index]


@dataclass(frozen=True)
class SeasonTitle:
    drivers: tuple[str, ...]  # who can still be champion, in words
    teams: tuple[str, ...]
    forecast: Forecast
    team_forecast: Forecast
    runs: int = RUNS
    most_simulated: int = MOST_SIMULATED
    crowded: bool = False  # more drivers have raced than a simulation races


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
    forecast, team_forecast = _forecasts(
        season, standings, (drivers, teams), rounds_left, field_size, counted
    )
    return SeasonTitle(
        drivers=_sentences(drivers, standings.drivers),
        teams=_sentences(teams, standings.teams),
        forecast=forecast,
        team_forecast=team_forecast,
        crowded=field_size > MOST_SIMULATED,
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


def _remembered(
    inputs: object, forecast: Callable[[], tuple[dict[Hashable, float], ...]]
) -> tuple[dict[Hashable, float], ...]:
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


def _forecasts(
    season: Season,
    standings: SeasonStandings,
    races: tuple[TitleRace, TitleRace],
    rounds_left: Sequence[RoundLeft],
    field_size: int,
    counted: _Counted,
) -> tuple[Forecast, Forecast]:
    """The drivers' and the teams' title forecasts, every contender, the likeliest first, from
    the same simulated remainders of the season."""
    if not field_size or all(race.decided for race in races):
        return Forecast(), Forecast()
    drivers, teams = races
    # Every driver's pace from the places they have finished in this season; the drivers
    # raced: the contenders first (rules.forecast.simulated_field).
    places: dict[Hashable, list[int]] = {
        key: done for (kind, key), done in standings.places.items() if kind == "driver"
    }
    model = pace_model(places, field_size)
    field = simulated_field(model, [contender.key for contender in drivers.contenders])
    team_of: dict[Hashable, Hashable] = {
        line.competitor.pk: cast(Driver, line.competitor).team_id
        for line in standings.drivers.of_keys(cast("tuple[int, ...]", field))
    }
    titles = tuple(
        _title(
            season,
            standings,
            race,
            rounds_left,
            field_size,
            counted,
            team_of if kind == "team" else None,
        )
        for kind, race in (("driver", drivers), ("team", teams))
    )
    simulated = tuple(title.simulated(field) for title in titles)
    # The same season after the same rounds gives the same forecast on every reload.
    seed = season.pk * 100 + len(standings.rounds) - len(rounds_left)
    # What the simulation reads, and nothing else, is its cache key: the simulated drivers'
    # paces and the contenders it follows, so a field of 10,000 keys no more than one of 20.
    inputs = (seed, [(key, model.pace(key)) for key in field], model.luck, simulated)
    chances = _remembered(inputs, lambda: simulate(model, field, simulated, seed=seed))
    return (
        Forecast() if drivers.decided else _lines(titles[0], chances[0], standings),
        Forecast() if teams.decided else _lines(titles[1], chances[1], standings, teams=True),
    )


def _title(
    season: Season,
    standings: SeasonStandings,
    race: TitleRace,
    rounds_left: Sequence[RoundLeft],
    field_size: int,
    counted: _Counted,
    team_of: dict[Hashable, Hashable] | None,
) -> Title:
    """What the forecast of one title (the drivers', or the teams' given `team_of`) reads."""
    teams = team_of is not None
    contenders = [contender.key for contender in race.contenders]
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
    title = Title(
        {contender.key: contender.points for contender in race.contenders},
        contenders,
        round_points,
        team_of,
    )
    if counted.counted is None:
        return title
    kind = "team" if teams else "driver"
    wanted = set(contenders)
    rows = standings.teams if teams else standings.drivers.rows
    parts = {row.key: counted.results(kind, row) for row in map(_row_of, rows) if row.key in wanted}
    return replace(
        title,
        counted=counted.counted,
        results={key: results for key, (results, _fixed) in parts.items()},
        fixed={key: fixed for key, (_results, fixed) in parts.items()},
    )


def _row_of(line: StandingLine | StandingRow) -> StandingRow:
    return line if isinstance(line, StandingRow) else _row(line)


def _lines(
    title: Title,
    simulated: Mapping[Hashable, float],
    standings: SeasonStandings,
    *,
    teams: bool = False,
) -> Forecast:
    """The forecast's table: every contender with a share of 1% or more, and the others to
    FORECAST_LINES; any left over are counted in a line of their own (each <1%)."""
    chances = ranked(title.contenders, simulated, most=FORECAST_LINES)
    listed = chances[: max(FORECAST_LINES, sum(1 for chance in chances if chance.percent))]
    wanted = [cast(int, chance.key) for chance in listed]
    lines = standings.teams if teams else standings.drivers.of_keys(wanted)
    by_key: dict[Hashable, StandingLine] = {line.competitor.pk: line for line in lines}
    return Forecast(
        tuple(ForecastLine(by_key[chance.key], chance.shown) for chance in listed),
        more=len(title.contenders) - len(listed),
    )
