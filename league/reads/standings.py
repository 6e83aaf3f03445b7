"""Season standings for drivers and teams, with the round-by-round breakdown."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from django.db.models import Q, Sum
from django.utils.translation import ngettext

from config.wording import listed
from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    Adjustment,
    Championship,
    Drops,
    PointsTable,
    StandingRow,
    TeamRace,
    counted,
    standings,
    team_race,
    tie_reasons,
)

from ..models import Driver, Entry, PointsAdjustment, Round, RoundStatus, Season, Team


@dataclass(frozen=True)
class StandingLine:
    position: int
    competitor: Driver | Team
    points: int  # counted: adjustments in, dropped rounds out
    by_round: tuple[int | None, ...]  # as raced
    adjustment: int = 0  # the points adjustments counted in `points`
    dropped: tuple[bool, ...] = ()  # a flag a round: dropped (only the best results count)

    @property
    def cells(self) -> tuple[tuple[int | None, bool], ...]:
        """Each round's points as raced and whether they are dropped, for the tables."""
        dropped = self.dropped or (False,) * len(self.by_round)
        return tuple(zip(self.by_round, dropped, strict=True))

    @property
    def dropped_rounds(self) -> int:
        return sum(self.dropped)


def line_of(row: StandingRow, competitor: Driver | Team) -> StandingLine:
    return StandingLine(
        row.position, competitor, row.points, row.by_round, row.adjustment, row.dropped
    )


class DriverLines(Sequence[StandingLine]):
    """The drivers' lines, each driver read from the database the first time its line is
    taken, and all the lines taken at once in one query: the page of 50 lines a season of
    10,000 drivers shows reads 50 drivers."""

    def __init__(self, rows: Sequence[StandingRow]) -> None:
        self._rows = tuple(rows)
        self._drivers: dict[int, Driver] = {}

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        """The lines as rules.championship ranked them: keys, no drivers read."""
        return self._rows

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._lines(self._rows[index])
        return self._lines((self._rows[index],))[0]

    def __iter__(self) -> Iterator[StandingLine]:
        return iter(self._lines(self._rows))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def of_keys(self, keys: Iterable[int]) -> tuple[StandingLine, ...]:
        """The lines of the drivers `keys`, in the table's order, read in one query."""
        wanted = set(keys)
        return self._lines(tuple(row for row in self._rows if row.key in wanted))

    def champions(self) -> tuple[StandingLine, ...]:
        return self._lines(tuple(row for row in self._rows if row.position == 1 and row.points))

    def _lines(self, rows: Sequence[StandingRow]) -> tuple[StandingLine, ...]:
        missing = [row.key for row in rows if row.key not in self._drivers]
        if missing:
            self._drivers.update(Driver.objects.select_related("team__league").in_bulk(missing))
        return tuple(line_of(row, self._drivers[row.key]) for row in rows)


def team_race_won(names: Sequence[str]) -> str:
    """The sentence naming the team or teams (`names`) that won a round's team race, "" for
    none."""
    if not names:
        return ""
    return ngettext(
        "Team race: {names} won.", "Team race: {names} share the win.", len(names)
    ).format(names=listed(names))


@dataclass(frozen=True)
class SeasonStandings:
    rounds: tuple[int, ...]
    drivers: DriverLines
    teams: tuple[StandingLine, ...]
    # Every place each driver and team finished in, keyed ("driver" or "team", its id).
    places: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    # The team(s) that won each round raced as a team race, by the round's number.
    team_race_winners: dict[int, tuple[Team, ...]] = field(default_factory=dict)
    # The places countback reads (without the dropped rounds', unless the season says every
    # round's), keyed as `places`; `places` where they are the same.
    countback_places: dict[tuple[str, int], list[int]] | None = None
    # Which rounds have been raced, a flag a round of `rounds`.
    raced: tuple[bool, ...] = ()
    # Only the best this many results count; None: every one.
    counted: int | None = None
    # The season's points adjustments, the latest first, with their competitors and rounds.
    adjustments: tuple[PointsAdjustment, ...] = ()
    drops: Drops | None = None
    # The league's setting: a driver's adjustment counts for their team's total too.
    drivers_for_team: bool = False

    def team_race_won(self, number: int) -> str:
        """Who won round `number`'s team race, in words ("" where it was not one)."""
        return team_race_won([team.name for team in self.team_race_winners.get(number, ())])

    def running_totals(self, line: StandingLine, columns: Sequence[int]) -> tuple[int, ...]:
        """`line`'s points counted after each of the rounds at `columns` (raced, in order), as
        the table would have counted them then: its adjustments in their rounds, those for the
        season at the last, its best results where only the best count. The chart's line."""
        team = isinstance(line.competitor, Team)
        mine = [
            made
            for made in self.adjustments
            if (made.team_id if team else made.driver_id) == line.competitor.pk
        ]
        if not mine and self.drops is None:
            return tuple(accumulate(line.by_round[column] or 0 for column in columns))
        at = {number: index for index, number in enumerate(self.rounds)}
        totals = []
        for shown in range(1, len(columns) + 1):
            seen = list(columns[:shown])
            adjustments = [
                Adjustment(line.competitor.pk, made.points, seen.index(at[made.round.number]))
                for made in mine
                if made.round is not None and at[made.round.number] in seen
            ]
            if shown == len(columns):
                adjustments += [
                    Adjustment(line.competitor.pk, made.points) for made in mine if not made.round
                ]
            results = [line.by_round[column] for column in seen]
            totals.append(counted(results, adjustments, self.drops).points)
        return tuple(totals)

    def ties(self, lines: Sequence[StandingLine]) -> tuple[str, ...]:
        """Why each tie on points among `lines` (a page of one table) went the way it did, in
        words (countback): only the lines shown are read, whatever the season's size."""
        keys = [
            ("team" if isinstance(line.competitor, Team) else "driver", line.competitor.pk)
            for line in lines
        ]
        rows = [
            StandingRow(key, line.position, line.points, line.by_round)
            for key, line in zip(keys, lines, strict=True)
        ]
        names = {key: line.competitor.name for key, line in zip(keys, lines, strict=True)}
        places = self.places if self.countback_places is None else self.countback_places
        return tie_reasons(rows, places, names)

    @property
    def driver_champions(self) -> tuple[StandingLine, ...]:
        """First in the drivers' table: more than one where countback leaves them level."""
        return self.drivers.champions()

    @property
    def team_champions(self) -> tuple[StandingLine, ...]:
        return tuple(line for line in self.teams if line.position == 1 and line.points)


def season_standings(season: Season, *, rounds: Iterable[Round] | None = None) -> SeasonStandings:
    """Drivers and teams ranked by points so far (countback on ties, said in words by
    `ties`), in four queries, the drivers read as their lines are taken (DriverLines); in
    three when the caller has the season's `rounds` already. A team scores what its drivers
    score, except in a round raced as a team race (Championship.team_race_points), where it
    scores its cars' places on the team race's table, and the round's winner is named."""
    shapes = _round_shapes(season, rounds)
    numbers = tuple(shapes)
    column = {number: index for index, number in enumerate(numbers)}
    raced = tuple(shape.finished for shape in shapes.values())
    entries = Entry.objects.filter(
        round__season=season, round__status=RoundStatus.FINISHED
    ).values_list("driver_id", "team_id", "round__number", "points", "place")
    driver_points: dict[int, list[int | None]] = {}
    driver_places: dict[int, list[int]] = {}
    team_points: dict[int, list[int | None]] = {}
    team_places: dict[int, list[int]] = {}
    # The same places by round, for the drop rounds (which to drop, and countback without).
    round_places: dict[str, dict[int, list[list[int]]]] = {"driver": {}, "team": {}}
    # The places of each team's cars in each round raced as a team race.
    raced_as_teams: dict[int, dict[int, list[int]]] = {}
    for driver_id, team_id, round_number, points, place in entries:
        for key, by_round, places in (
            (driver_id, driver_points, driver_places),
            (team_id, team_points, team_places),
        ):
            row = by_round.setdefault(key, [None] * len(numbers))
            row[column[round_number]] = (row[column[round_number]] or 0) + points
            places.setdefault(key, []).append(place)
        for kind, key in (("driver", driver_id), ("team", team_id)):
            by_column = round_places[kind].setdefault(key, [[] for _ in numbers])
            by_column[column[round_number]].append(place)
        if shapes[round_number].team_table is not None:
            raced_as_teams.setdefault(round_number, {}).setdefault(team_id, []).append(place)
    teams = Team.objects.filter(league_id=season.league_id).select_related("league")
    for team in teams:
        team_points.setdefault(team.pk, [None] * len(numbers))
    teams_by_id = {team.pk: team for team in teams}
    winners: dict[int, tuple[Team, ...]] = {}
    for round_number, places in raced_as_teams.items():
        result = shapes[round_number].team_race(places)
        for team_id, points in result.totals:
            team_points[team_id][column[round_number]] = points
        winners[round_number] = tuple(teams_by_id[team_id] for team_id in result.winners)
    listed = adjustments_listed(season)
    for_team = bool(DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING.value_in(season.league_settings))
    adjustments = _adjustments(listed, column, drivers_for_team=for_team)
    for key in {adjustment.key for adjustment in adjustments["driver"]}:
        driver_points.setdefault(key, [None] * len(numbers))
    drops = season.drops(len(numbers))
    ranked = {
        kind: standings(
            points,
            places,
            adjustments=adjustments[kind],
            drops=drops,
            raced=raced,
            round_places={
                key: round_places[kind].get(key, [[] for _ in numbers]) for key in points
            },
        )
        for kind, points, places in (
            ("driver", driver_points, driver_places),
            ("team", team_points, team_places),
        )
    }
    every_place = {**_keyed("driver", driver_places), **_keyed("team", team_places)}
    return SeasonStandings(
        rounds=numbers,
        drivers=DriverLines(ranked["driver"]),
        teams=tuple(line_of(row, teams_by_id[row.key]) for row in ranked["team"]),
        places=every_place,
        team_race_winners=winners,
        countback_places=None
        if drops is None or drops.countback_reads_dropped
        else {(kind, row.key): list(row.places) for kind, rows in ranked.items() for row in rows},
        raced=raced,
        counted=None if drops is None else drops.counted,
        adjustments=tuple(listed),
        drops=drops,
        drivers_for_team=for_team,
    )


def _adjustments(
    listed: Sequence[PointsAdjustment],
    column: Mapping[int, int],
    *,
    drivers_for_team: bool = False,
) -> dict[str, list[Adjustment]]:
    """The season's points adjustments for the rules, the drivers' and the teams'; a round's
    by its column in the standings. `drivers_for_team` (the league's setting): a driver's also
    counts for the team they drive for."""
    adjustments: dict[str, list[Adjustment]] = {"driver": [], "team": []}
    for made in listed:
        kind, key = made.competitor_key
        where = None if made.round is None else column[made.round.number]
        adjustments[kind].append(Adjustment(key, made.points, where))
        if kind == "driver" and drivers_for_team and made.driver is not None:
            adjustments["team"].append(Adjustment(made.driver.team_id, made.points, where))
    return adjustments


def adjustments_listed(season: Season) -> list[PointsAdjustment]:
    """The season's points adjustments as its page lists them, with their competitors and
    rounds, the latest first, in one query."""
    return list(
        PointsAdjustment.objects.filter(season=season)
        .select_related("driver__team", "team", "round")
        .order_by("-made_at", "-pk")
    )


@dataclass(frozen=True)
class _RoundShape:
    multiplier: int
    team_table: PointsTable | None  # the team race's, where the round is raced as one
    finished: bool = False

    def team_race(self, places: Mapping[int, Sequence[int]]) -> TeamRace:
        """The round's team race, its cars having finished in `places` (by team id)."""
        assert self.team_table is not None
        field_size = sum(len(cars) for cars in places.values())
        return team_race(self.team_table, places, field_size=field_size, multiplier=self.multiplier)


def _round_shapes(season: Season, rounds: Iterable[Round] | None) -> dict[int, _RoundShape]:
    """Each round's multiplier and team race table, by number in order: from `rounds` when
    the caller has them, else in one query."""
    settings = season.league_settings
    rows: Iterable[tuple[int, Any, Any, str, str]]
    if rounds is None:
        rows = season.rounds.order_by("number").values_list(
            "number", "multiplier", "race_options", "race_format", "status"
        )
    else:
        rows = sorted(
            (
                round_.number,
                round_.multiplier,
                round_.race_options,
                round_.race_format,
                round_.status,
            )
            for round_ in rounds
        )
    return {
        number: _round_shape(
            season.rules,
            settings,
            multiplier,
            options,
            race_format,
            finished=status == RoundStatus.FINISHED,
        )
        for number, multiplier, options, race_format, status in rows
    }


def _round_shape(
    rules: Championship,
    league_settings,
    multiplier: int,
    race_options,
    race_format: str,
    *,
    finished: bool = False,
) -> _RoundShape:
    settings = rules.race_settings(league_settings, race_options, race_format)
    return _RoundShape(multiplier, rules.team_race_points(settings), finished)


def _keyed(kind: str, places: dict[int, list[int]]) -> dict[tuple[str, int], list[int]]:
    return {(kind, key): value for key, value in places.items()}


@dataclass(frozen=True)
class Leader:
    """First in a season's table: a driver (with their team's name) or a team."""

    pk: int
    name: str
    team: str  # the driver's team; "" for a team
    points: int


@dataclass(frozen=True)
class SeasonLeaders:
    """Who is first in a season's tables: its champions once it has ended. More than one
    where countback leaves them level; none where no one has scored."""

    season: Season
    drivers: tuple[Leader, ...]
    teams: tuple[Leader, ...]


def season_leaders(seasons: Sequence[Season]) -> list[SeasonLeaders]:
    """Who is first in each of `seasons` (the league page's history: its champions), ranked
    as `season_standings` ranks, in two queries however many seasons: the points each driver
    scored a season for each team, then the places of those level on the most points, for
    countback; where a round may be raced as a team race, two more (`_team_race_points`).
    One more asks which seasons have points adjustments: those, and those where only the best
    results count, are ranked by `season_standings` itself (some queries each)."""
    adjusted = set(
        PointsAdjustment.objects.filter(season__in=[season.pk for season in seasons])
        .values_list("season_id", flat=True)
        .distinct()
    )
    whole = {
        season.pk: _leaders_of(season)
        for season in seasons
        if season.pk in adjusted or season.drop_rule
    }
    if whole:
        rest = [season for season in seasons if season.pk not in whole]
        quick = {leaders.season.pk: leaders for leaders in season_leaders_quick(rest)}
        return [whole.get(season.pk) or quick[season.pk] for season in seasons]
    return season_leaders_quick(seasons)


def _leaders_of(season: Season) -> SeasonLeaders:
    """Who is first in `season`, from its whole standings."""
    table = season_standings(season)

    def leader(line: StandingLine) -> Leader:
        competitor = line.competitor
        team = competitor.team.name if isinstance(competitor, Driver) else ""
        return Leader(competitor.pk, competitor.name, team, line.points)

    return SeasonLeaders(
        season,
        tuple(leader(line) for line in table.driver_champions),
        tuple(leader(line) for line in table.team_champions),
    )


def season_leaders_quick(seasons: Sequence[Season]) -> list[SeasonLeaders]:
    """`season_leaders` for seasons where every result counts and nothing is adjusted."""
    by_pk = {season.pk: season for season in seasons}
    finished = Entry.objects.filter(
        round__season_id__in=by_pk, round__status=RoundStatus.FINISHED
    ).order_by()
    scored = finished.values_list(
        "round__season_id",
        "driver_id",
        "driver__name",
        "driver__team__name",
        "team_id",
        "team__name",
    ).annotate(points=Sum("points"))
    points: dict[tuple[int, str, int], int] = defaultdict(int)
    names: dict[tuple[str, int], tuple[str, str]] = {}
    for season_id, driver_id, name, its_team, team_id, team_name, scored_points in scored:
        points[season_id, "driver", driver_id] += scored_points
        points[season_id, "team", team_id] += scored_points
        names["driver", driver_id] = (name, its_team)
        names["team", team_id] = (team_name, "")
    for key, change in _team_race_points(seasons).items():
        points[key] += change
    most: dict[tuple[int, str], int] = defaultdict(int)
    for (season_id, kind, _key), total in points.items():
        most[season_id, kind] = max(most[season_id, kind], total)
    level = [key for key, total in points.items() if total and total == most[key[:2]]]
    places = _places_of(finished, level)
    leaders = []
    for pk, season in by_pk.items():
        first = {}
        for kind in ("driver", "team"):
            keys = [key for season_id, of, key in level if (season_id, of) == (pk, kind)]
            rows = standings(
                {key: [most[pk, kind]] for key in keys},
                {key: places.get((pk, kind, key), []) for key in keys},
            )
            first[kind] = tuple(
                Leader(row.key, *names[kind, row.key], row.points)
                for row in rows
                if row.position == 1
            )
        leaders.append(SeasonLeaders(season, first["driver"], first["team"]))
    return leaders


def _team_race_points(seasons: Sequence[Season]) -> dict[tuple[int, str, int], int]:
    """What the rounds of `seasons` raced as team races change in their teams' points, by
    (season id, "team", team id): each such round scores a team its cars' places on the team
    race's table, not its drivers' points (as `season_standings` counts them). No query where
    no round of the league may be one (its rule set has no race options and the league no team
    race); else the rounds, then the results of those raced as team races."""
    if not seasons:
        return {}
    # Each season's rounds race by the season's own rule set and the settings it ran under
    # (one league may run several).
    rules_of = {season.pk: season.rules for season in seasons}
    settings_of = {season.pk: season.league_settings for season in seasons}
    if not any(
        rules_of[pk].race_option_settings or rules_of[pk].team_race_points(settings) is not None
        for pk, settings in settings_of.items()
    ):
        return {}
    rounds = Round.objects.filter(
        season_id__in=list(rules_of), status=RoundStatus.FINISHED
    ).values_list("pk", "season_id", "multiplier", "race_options", "race_format")
    shapes = {
        pk: shape
        for pk, season_id, *shaped in rounds
        if (shape := _round_shape(rules_of[season_id], settings_of[season_id], *shaped)).team_table
        is not None
    }
    if not shapes:
        return {}
    results = Entry.objects.filter(round_id__in=shapes).values_list(
        "round_id", "round__season_id", "team_id", "place", "points"
    )
    places: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    season_of: dict[int, int] = {}
    changes: dict[tuple[int, str, int], int] = defaultdict(int)
    for round_id, season_id, team_id, place, scored in results:
        places[round_id][team_id].append(place)
        season_of[round_id] = season_id
        changes[season_id, "team", team_id] -= scored
    for round_id, by_team in places.items():
        for team_id, total in shapes[round_id].team_race(by_team).totals:
            changes[season_of[round_id], "team", team_id] += total
    return changes


def _places_of(finished, level: Sequence[tuple[int, str, int]]) -> dict[tuple, list[int]]:
    """The places (season id, "driver" or "team", its id) finished in, for those `level`."""
    drivers = {key for _season, kind, key in level if kind == "driver"}
    teams = {key for _season, kind, key in level if kind == "team"}
    places: dict[tuple, list[int]] = defaultdict(list)
    rows = finished.filter(Q(driver_id__in=drivers) | Q(team_id__in=teams)).values_list(
        "round__season_id", "driver_id", "team_id", "place"
    )
    for season_id, driver_id, team_id, place in rows:
        places[season_id, "driver", driver_id].append(place)
        places[season_id, "team", team_id].append(place)
    return places
