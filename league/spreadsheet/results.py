"""The past seasons file: one CSV row a driver's result, (season, round, track, team, driver,
place, out, points, bonus), under a header row naming its columns (docs/importing.md). Read as
strictly as the roster, and against it: every driver named is one of the roster's. The seasons
before the file's last have ended; the last is the one running on, its rounds without a result
still to race. The same columns are written by the export (`results_rows`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop

from rules.championship import Championship

from ..models import Entry, League, Round, RoundStatus
from ..services.results import places_said
from .common import (
    TOO_MANY_PAST_COLUMNS,
    Problems,
    Row,
    header_columns,
    row_values,
    text_rows,
    whole_number,
)
from .roster import BLANK, NOT_WHOLE, UNKNOWN_TRACK, Roster

SEASON, ROUND, TRACK, TEAM, DRIVER, PLACE, OUT, POINTS, BONUS = (
    "season",
    "round",
    "track",
    "team",
    "driver",
    "place",
    "out",
    "points",
    "bonus",
)
COLUMNS = (SEASON, ROUND, TRACK, TEAM, DRIVER, PLACE, OUT, POINTS, BONUS)
REQUIRED = (SEASON, ROUND, TRACK, DRIVER)
# The bounds of a cell, beyond the rule set's (its most rounds a season).
MOST_SEASONS = 999
MOST_PLACE = 99
MOST_POINTS = 9999
MOST_BONUS = 99  # as a result typed by hand (league/services/results.py)

UNKNOWN_COLUMN = gettext_noop(
    "{column!r} is not a column of the past seasons: its columns are {columns}."
)
MISSING = gettext_noop(
    "The column {column!r} is missing: every row names its season, round, track and driver."
)
OUT_OF_RANGE = gettext_noop("{value} is not a {column}: {low} to {high}.")
UNKNOWN_DRIVER = gettext_noop(
    "{value!r} is not a driver of the roster: add them to it (status retired, if they race no "
    "more)."
)
UNKNOWN_TEAM = gettext_noop(
    "{value!r} is not a team of the roster: add it, or leave the team blank."
)
NO_BONUS = gettext_noop("{rules} scores nothing but places: a result has no bonus points.")
UNKNOWN_OUT = gettext_noop("{value!r} is not a way out of a race in {rules}: one of {words}.")
PLACE_NEEDED = gettext_noop("A car that finished has a place: give it, or say how it went out.")
NOT_RACED_CELLS = gettext_noop(
    "A round without a driver is one still to race: its {column} is blank."
)
SEASON_ONLY_CELLS = gettext_noop(
    "A row without a round names a season with none yet: its {column} is blank."
)
OTHER_TRACK = gettext_noop("Round {round} of season {season} is at {track} on row {row}.")
DRIVER_TWICE_IN_ROUND = gettext_noop(
    "{driver} is in round {round} of season {season} on row {row} already."
)
PLACE_TWICE = gettext_noop(
    "Place {place} of round {round} of season {season} is on row {row} already."
)
RACED_AND_NOT = gettext_noop(
    "Round {round} of season {season} has results on row {row}: a row without a driver is a "
    "round still to race."
)
FINISHERS = gettext_noop(
    "Round {round} of season {season}: the cars that finished take places 1 to {count}; got "
    "{places}."
)
OUTS = gettext_noop(
    "Round {round} of season {season}: the cars out take places {first} to {last} after those "
    "that finished, or none (then in the file's order); got {places}."
)
ROUND_MISSING = gettext_noop(
    "Season {season} has no round {round}: its rounds are numbered 1, 2, 3…"
)
NOT_RACED_IN_ENDED = gettext_noop(
    "Round {round} of season {season} has no result, but season {later} follows: only the last "
    "season has rounds still to race."
)


@dataclass(frozen=True)
class PastEntry:
    """One driver's result in a past round, as the file gives it."""

    row: int
    team: str  # the roster's team's name
    driver: str  # the roster's driver's name
    place: int
    finished: bool
    out: str  # how they went out: a key of the rule set's out_reasons ("" for a finisher)
    points: int  # the bonus points among them
    bonus: int = 0  # earned beyond the place (Mini's lap-leader points)


@dataclass
class PastRound:
    number: int
    track: str
    row: int  # its first row
    entries: list[PastEntry] = field(default_factory=list)  # by place, once read

    @property
    def raced(self) -> bool:
        return bool(self.entries)

    @property
    def winner(self) -> PastEntry | None:
        return self.entries[0] if self.entries else None


@dataclass
class PastSeason:
    number: int
    row: int  # its first row
    rounds: list[PastRound] = field(default_factory=list)  # by number, once read
    ended: bool = True

    @property
    def raced(self) -> int:
        return sum(round_.raced for round_ in self.rounds)


@dataclass
class PastSeasons(Problems):
    """What a past seasons file holds, season by season, and every problem found."""

    seasons: list[PastSeason] = field(default_factory=list)
    past_seasons: bool = True

    @property
    def entries(self) -> int:
        return sum(len(round_.entries) for season in self.seasons for round_ in season.rounds)


def read_results(
    data: bytes | None, *, rules: Championship, roster: Roster, tracks: Mapping[str, str]
) -> PastSeasons:
    """The past seasons `data` holds (None: a file too large), for a league of `rules` whose
    roster is `roster` (read without problems). `tracks`: the site's track names by their
    casefolded name."""
    past = PastSeasons()
    rows = text_rows(data, past, most_columns=len(COLUMNS), too_many_columns=TOO_MANY_PAST_COLUMNS)
    return results_of(rows, past, rules, roster, tracks)


def results_of(
    rows: Iterable[Row],
    past: PastSeasons,
    rules: Championship,
    roster: Roster,
    tracks: Mapping[str, str],
) -> PastSeasons:
    """`past` read from `rows` (a CSV file's, or a workbook's sheet's)."""
    rows = iter(rows)
    header = next(rows, None)
    if past.problems or header is None:  # unreadable, or no past seasons at all
        return past
    columns = _columns(*header, past)
    if past.problems:
        return past
    reader = _Reader(past, rules, roster, tracks)
    reader.read(rows, columns)
    if not past.problems:
        reader.whole()
    return past


def _columns(row: int, cells: list[str], past: PastSeasons) -> list[str]:
    def not_a_column(column: str, cell: str) -> str | None:
        if column in COLUMNS:
            return None
        return gettext(UNKNOWN_COLUMN).format(column=cell.strip()[:40], columns=", ".join(COLUMNS))

    return header_columns(
        row, cells, past, required=REQUIRED, missing=MISSING, not_a_column=not_a_column
    )


@dataclass
class _Cell:
    """One entry's row read, before its round is read whole."""

    row: int
    team: str
    driver: str
    place: int | None
    out: str
    points: int | None
    bonus: int


@dataclass
class _Reader:
    past: PastSeasons
    rules: Championship
    roster: Roster
    tracks: Mapping[str, str]
    seasons: dict[int, PastSeason] = field(default_factory=dict)
    rounds: dict[tuple[int, int], PastRound] = field(default_factory=dict)
    cells: dict[tuple[int, int], list[_Cell]] = field(default_factory=dict)
    not_raced: dict[tuple[int, int], int] = field(default_factory=dict)  # its row

    def __post_init__(self) -> None:
        self.drivers = {driver.name.casefold(): driver for driver in self.roster.drivers}
        self.driver_team = {
            driver.name.casefold(): team.name
            for team in self.roster.teams
            for driver in team.drivers
        }
        self.teams = {team.name.casefold(): team.name for team in self.roster.teams}
        self.outs = {key.casefold(): key for key, _label in self.rules.out_reasons}
        self.outs.update({label.casefold(): key for key, label in self.rules.out_reasons})

    def read(self, rows: Iterable[Row], columns: list[str]) -> None:
        for number, values in row_values(rows, columns, self.past):
            self._row(number, values)

    def _row(self, number: int, values: dict[str, str]) -> None:
        before = self.past.count
        season = self._number(number, SEASON, values.get(SEASON, ""), 1, MOST_SEASONS)
        if not values.get(ROUND):
            for column in (TRACK, TEAM, DRIVER, PLACE, OUT, POINTS, BONUS):
                if values.get(column):
                    message = gettext(SEASON_ONLY_CELLS).format(column=column)
                    self.past.refuse(message, row=number, column=column)
            if season is not None and self.past.count == before:
                self.seasons.setdefault(season, PastSeason(season, number))
            return
        round_number = self._number(number, ROUND, values[ROUND], 1, self.rules.most_rounds)
        track = self._track(number, values.get(TRACK, ""))
        driver = self._driver(number, values.get(DRIVER, ""))
        if not values.get(DRIVER):
            for column in (TEAM, PLACE, OUT, POINTS, BONUS):
                if values.get(column):
                    message = gettext(NOT_RACED_CELLS).format(column=column)
                    self.past.refuse(message, row=number, column=column)
        team = self._team(number, values.get(TEAM, ""), driver)
        out = self._out(number, values.get(OUT, ""))
        place = self._number(number, PLACE, values.get(PLACE, ""), 1, MOST_PLACE, blank=True)
        points = self._number(number, POINTS, values.get(POINTS, ""), 0, MOST_POINTS, blank=True)
        bonus = self._number(number, BONUS, values.get(BONUS, ""), 0, MOST_BONUS, blank=True)
        if bonus and not self.rules.bonus_points_label:
            self.past.refuse(
                gettext(NO_BONUS).format(rules=self.rules.title), row=number, column=BONUS
            )
        if driver and not out and place is None and not values.get(PLACE):
            self.past.refuse(gettext(PLACE_NEEDED), row=number, column=PLACE)
        if self.past.count > before or season is None or round_number is None or not track:
            return
        self.seasons.setdefault(season, PastSeason(season, number))
        key = (season, round_number)
        round_ = self.rounds.setdefault(key, PastRound(round_number, track, number))
        if round_.track != track:
            message = gettext(OTHER_TRACK).format(
                round=round_number, season=season, track=round_.track, row=round_.row
            )
            self.past.refuse(message, row=number, column=TRACK)
            return
        if not driver:
            self.not_raced.setdefault(key, number)
            return
        self.cells.setdefault(key, []).append(
            _Cell(number, team, driver, place, out, points, bonus or 0)
        )

    def whole(self) -> None:
        """Each round read whole (its drivers and places), then each season (its rounds)."""
        for key, round_ in self.rounds.items():
            of, number = key
            cells = self.cells.get(key, [])
            if cells and key in self.not_raced:
                message = gettext(RACED_AND_NOT).format(round=number, season=of, row=cells[0].row)
                self.past.refuse(message, row=self.not_raced[key], column=DRIVER)
            elif cells:
                round_.entries = self._entries(of, number, cells)
        numbers = sorted(self.seasons)
        for season_number in numbers:
            season = self.seasons[season_number]
            season.rounds = sorted(
                (round_ for (of, _n), round_ in self.rounds.items() if of == season_number),
                key=lambda round_: round_.number,
            )
            for expected, round_ in enumerate(season.rounds, start=1):
                if round_.number != expected:
                    message = gettext(ROUND_MISSING).format(season=season_number, round=expected)
                    self.past.refuse(message, row=round_.row, column=ROUND)
                    break
            season.ended = season_number != numbers[-1]
            for round_ in season.rounds:
                if season.ended and not round_.raced:
                    message = gettext(NOT_RACED_IN_ENDED).format(
                        round=round_.number, season=season_number, later=numbers[-1]
                    )
                    self.past.refuse(message, row=round_.row, column=DRIVER)
            self.past.seasons.append(season)

    def _entries(self, season: int, number: int, cells: list[_Cell]) -> list[PastEntry]:
        """The round's results by place, each driver once, each place once; cars out without
        a place follow those that finished in the file's order."""
        where = {"round": number, "season": season}
        drivers: dict[str, int] = {}
        places: dict[int, int] = {}
        before = self.past.count
        for cell in cells:
            seen = drivers.setdefault(cell.driver, cell.row)
            if seen != cell.row:
                message = gettext(DRIVER_TWICE_IN_ROUND).format(
                    driver=cell.driver, row=seen, **where
                )
                self.past.refuse(message, row=cell.row, column=DRIVER)
            if cell.place is not None:
                seen = places.setdefault(cell.place, cell.row)
                if seen != cell.row:
                    message = gettext(PLACE_TWICE).format(place=cell.place, row=seen, **where)
                    self.past.refuse(message, row=cell.row, column=PLACE)
        if self.past.count > before:
            return []
        finishers = [cell for cell in cells if not cell.out]
        outs = [cell for cell in cells if cell.out]
        given = sorted(cell.place or 0 for cell in finishers)
        wanted = range(1, len(finishers) + 1)
        if given != list(wanted):
            message = gettext(FINISHERS).format(
                count=len(finishers), places=places_said(given, wanted), **where
            )
            self.past.refuse(message, row=cells[0].row, column=PLACE)
            return []
        out_places = sorted(cell.place for cell in outs if cell.place is not None)
        wanted = range(len(finishers) + 1, len(cells) + 1)
        if out_places and out_places != list(wanted):
            message = gettext(OUTS).format(
                first=wanted.start,
                last=wanted.stop - 1,
                places=places_said(out_places, wanted),
                **where,
            )
            self.past.refuse(message, row=outs[0].row, column=PLACE)
            return []
        placed = {id(cell): cell.place for cell in finishers}
        ordered_outs = sorted(outs, key=lambda cell: cell.place or 0) if out_places else outs
        placed.update({id(cell): place for place, cell in zip(wanted, ordered_outs, strict=True)})
        settings = self.rules.validated_settings({})
        multiplier = self.rules.round_shape(number).multiplier
        entries = []
        for cell in cells:
            place = placed[id(cell)] or 0
            points = cell.points
            if points is None:
                points = self.rules.points_for(place, len(cells), multiplier, settings) + cell.bonus
            entries.append(
                PastEntry(
                    row=cell.row,
                    team=cell.team,
                    driver=cell.driver,
                    place=place,
                    finished=not cell.out,
                    out=cell.out,
                    points=points,
                    bonus=cell.bonus,
                )
            )
        return sorted(entries, key=lambda entry: entry.place)

    def _number(
        self, number: int, column: str, value: str, low: int, high: int, *, blank: bool = False
    ) -> int | None:
        if not value:
            if not blank:
                self.past.refuse(gettext(BLANK).format(column=column), row=number, column=column)
            return None
        whole = whole_number(value)
        if whole is None:
            self.past.refuse(gettext(NOT_WHOLE).format(value=value[:20]), row=number, column=column)
            return None
        if not low <= whole <= high:
            message = gettext(OUT_OF_RANGE).format(value=whole, column=column, low=low, high=high)
            self.past.refuse(message, row=number, column=column)
            return None
        return whole

    def _track(self, number: int, value: str) -> str:
        if not value:
            self.past.refuse(gettext(BLANK).format(column=TRACK), row=number, column=TRACK)
            return ""
        track = self.tracks.get(" ".join(value.split()).casefold())
        if track is None:
            self.past.refuse(
                gettext(UNKNOWN_TRACK).format(value=value[:80]), row=number, column=TRACK
            )
            return ""
        return track

    def _driver(self, number: int, value: str) -> str:
        if not value:
            return ""
        driver = self.drivers.get(" ".join(value.split()).casefold())
        if driver is None:
            self.past.refuse(
                gettext(UNKNOWN_DRIVER).format(value=value[:80]), row=number, column=DRIVER
            )
            return ""
        return driver.name

    def _team(self, number: int, value: str, driver: str) -> str:
        if not value:
            return self.driver_team.get(driver.casefold(), "")
        team = self.teams.get(" ".join(value.split()).casefold())
        if team is None:
            self.past.refuse(
                gettext(UNKNOWN_TEAM).format(value=value[:80]), row=number, column=TEAM
            )
            return ""
        return team

    def _out(self, number: int, value: str) -> str:
        if not value:
            return ""
        out = self.outs.get(" ".join(value.split()).casefold())
        if out is None:
            words = ", ".join(key for key, _label in self.rules.out_reasons)
            message = gettext(UNKNOWN_OUT).format(
                value=value[:40], rules=self.rules.title, words=words
            )
            self.past.refuse(message, row=number, column=OUT)
            return ""
        return out


def results_rows(league: League) -> tuple[tuple[str, ...], list[list[object]]]:
    """The league's seasons in the file's columns (the header and a row a result): each
    season's rounds in order, a finished round's results by place (the team each raced for),
    a round not finished as a row without a driver, a season without rounds as its number."""
    rows: list[list[object]] = []
    rounds = Round.objects.filter(season__league=league).select_related("season", "track")
    by_season: dict[int, list[Round]] = {}
    for season in league.seasons.order_by("number"):
        by_season[season.number] = []
    for round_ in rounds.order_by("season__number", "number"):
        by_season[round_.season.number].append(round_)
    entries = (
        Entry.objects.filter(round__season__league=league, round__status=RoundStatus.FINISHED)
        .select_related("driver", "team")
        .order_by("round_id", "place", "pk")
    )
    results: dict[int, list[Entry]] = {}
    for entry in entries:
        results.setdefault(entry.round_id, []).append(entry)
    for number, season_rounds in by_season.items():
        if not season_rounds:
            rows.append([number, "", "", "", "", "", "", "", ""])
        for round_ in season_rounds:
            raced = results.get(round_.pk, [])
            if not raced:
                rows.append([number, round_.number, round_.track.name, "", "", "", "", "", ""])
            for entry in raced:
                rows.append(
                    [
                        number,
                        round_.number,
                        round_.track.name,
                        entry.team.name,
                        entry.driver.name,
                        entry.place,
                        entry.out_reason if not entry.finished else "",
                        entry.points,
                        entry.bonus_points or "",
                    ]
                )
    return COLUMNS, rows
