"""The roster file: one CSV row a driver, under a header row naming its columns (docs/
importing.md). Read strictly and within bounds (a stranger's upload): every row that cannot be
taken is a Problem named by its row and column, and a file with any is taken not at all. The
same columns are written by the export, so that an export read back gives the same roster."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop, pgettext_lazy

from rules import language as rules_language
from rules.championship import Championship

from ..models import Driver, DriverStatus, League
from ..services.drivers import NO_HOME_TRACKS
from ..services.roster import CAREER_BOUNDS, CAREER_FIELDS, CAREER_OUT_OF_RANGE, NO_CAREERS
from .common import (
    HAS_NUL,
    MORE_PROBLEMS,
    MOST_BYTES,
    MOST_COLUMNS,
    MOST_LINE,
    MOST_PROBLEMS,
    MOST_ROWS,
    NOT_TEXT,
    TOO_LARGE,
    TOO_LONG_ROW,
    TOO_MANY_ROSTER_COLUMNS,
    TOO_MANY_ROWS,
    UNREADABLE,
    Problem,
    Problems,
    Row,
    header_columns,
    read_capped,
    row_values,
    text_rows,
    whole_number,
)

__all__ = [  # the bounds and words of every file, said here too for the roster's callers
    "HAS_NUL",
    "MORE_PROBLEMS",
    "MOST_BYTES",
    "MOST_COLUMNS",
    "MOST_LINE",
    "MOST_PROBLEMS",
    "MOST_ROWS",
    "NOT_TEXT",
    "TOO_LARGE",
    "TOO_LONG_ROW",
    "TOO_MANY_ROWS",
    "UNREADABLE",
    "Problem",
    "read_capped",
]

NAME_LENGTH = 80  # Team.name's and Driver.name's

TEAM, DRIVER, STATUS, HOME_TRACK = "team", "driver", "status", "home_track"
COLUMNS = (TEAM, DRIVER, *CAREER_FIELDS, STATUS, HOME_TRACK)
REQUIRED = (TEAM, DRIVER)
ROOKIE = {"age": 1, "xp": 0, "prior_injuries": 0, "races_to_miss": 0}
# How a status is written in the file; the model's own words are taken too.
STATUS_WORDS = {
    "racing": DriverStatus.ACTIVE,
    "retired": DriverStatus.RETIRED,
    "dead": DriverStatus.DEAD,
    "released": DriverStatus.RELEASED,
}
WORD_FOR_STATUS = {status: word for word, status in STATUS_WORDS.items()}
# The file's words as the preview says them to a reader of another language.
STATUS_SAID = {
    "racing": pgettext_lazy("a roster's status", "racing"),
    "retired": pgettext_lazy("a roster's status", "retired"),
    "dead": pgettext_lazy("a roster's status", "dead"),
    "released": pgettext_lazy("a roster's status", "released"),
}
EMPTY = gettext_noop("The file is empty: its first row names the columns ({columns}).")
NO_DRIVERS = gettext_noop(
    "The file names no driver: one row a driver, below the row of column names."
)
UNKNOWN_COLUMN = gettext_noop(
    "{column!r} is not a column of the roster: its columns are {columns}."
)
MISSING = gettext_noop(
    "The column {column!r} is missing: every row names its driver's team and name."
)
BLANK = gettext_noop("The {column} is blank.")
TOO_LONG = gettext_noop("{value!r}… is longer than {most} characters.")
NOT_WHOLE = gettext_noop("{value!r} is not a whole number.")
UNKNOWN_STATUS = gettext_noop("{value!r} is not a status: one of {words}.")
UNKNOWN_TRACK = gettext_noop(
    "{value!r} is not a track on this site: add it on Tracks first, or fix the name."
)
DRIVER_TWICE = gettext_noop(
    "{name!r} is on row {row} already: a driver's name is theirs alone in a league, whatever "
    "the case."
)
TWO_TEAMS = gettext_noop("{name!r} drives for {team} on row {row}: a driver is on one team.")


@dataclass(frozen=True)
class RosterDriver:
    row: int
    name: str
    age: int
    xp: int
    prior_injuries: int
    races_to_miss: int
    status: str  # a DriverStatus value
    home_track: str | None  # the track's name as the site has it
    level: str  # where the rule set has levels, the one `xp` gives

    @property
    def career(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in CAREER_FIELDS}

    @property
    def status_word(self) -> str:
        return WORD_FOR_STATUS[DriverStatus(self.status)]

    @property
    def status_said(self) -> str:
        """The status's word in the file, in the reader's language (the preview's)."""
        return str(STATUS_SAID[self.status_word])

    @property
    def level_said(self) -> str:
        """The level in the reader's language (the rule set's word, from the rules' catalogue)."""
        return rules_language.gettext(self.level)


@dataclass
class RosterTeam:
    name: str
    drivers: list[RosterDriver] = field(default_factory=list)


@dataclass
class Roster(Problems):
    """What a file holds: the teams in the order they first appear, each with its drivers in
    file order, and every problem found."""

    columns: tuple[str, ...] = ()
    teams: list[RosterTeam] = field(default_factory=list)

    @property
    def drivers(self) -> list[RosterDriver]:
        return [driver for team in self.teams for driver in team.drivers]


def roster_columns(rules: Championship) -> tuple[str, ...]:
    """The columns a roster of `rules`' league has, in the order the export writes them: the
    career columns only where it keeps careers, the home track where it has them."""
    return tuple(
        column
        for column in COLUMNS
        if (column not in CAREER_FIELDS or rules.careers)
        and (column != HOME_TRACK or rules.home_tracks)
    )


def read_roster(data: bytes | None, *, rules: Championship, tracks: Mapping[str, str]) -> Roster:
    """The roster `data` holds (None: a file too large), for a league of `rules`. `tracks`: the
    site's track names by their casefolded name, for home tracks."""
    roster = Roster()
    return roster_of(
        text_rows(
            data, roster, most_columns=len(COLUMNS), too_many_columns=TOO_MANY_ROSTER_COLUMNS
        ),
        roster,
        rules,
        tracks,
    )


def roster_of(
    rows: Iterable[Row], roster: Roster, rules: Championship, tracks: Mapping[str, str]
) -> Roster:
    """`roster` read from `rows` (a CSV file's, or a workbook's sheet's)."""
    rows = iter(rows)
    header = next(rows, None)
    if roster.problems:  # the row of column names could not be read
        return roster
    if header is None:
        roster.refuse(gettext(EMPTY).format(columns=", ".join(roster_columns(rules))))
        return roster
    columns = _columns(*header, rules, roster)
    if roster.problems:
        return roster
    roster.columns = tuple(column for column in columns if column)
    _Reader(roster, rules, tracks).read(rows, columns)
    if not roster.problems and not roster.teams:
        roster.refuse(gettext(NO_DRIVERS))
    return roster


def _columns(row: int, cells: list[str], rules: Championship, roster: Roster) -> list[str]:
    """The header's column names (`header_columns`): one the rule set does not keep is refused
    with why (no careers, no home tracks), any other unknown one with the roster's columns."""
    offered = roster_columns(rules)

    def not_a_column(column: str, cell: str) -> str | None:
        if column in offered:
            return None
        if column in CAREER_FIELDS:
            return gettext(NO_CAREERS).format(rules=rules.title)
        if column == HOME_TRACK:
            return gettext(NO_HOME_TRACKS).format(rules=rules.title)
        return gettext(UNKNOWN_COLUMN).format(column=cell.strip()[:40], columns=", ".join(offered))

    return header_columns(
        row, cells, roster, required=REQUIRED, missing=MISSING, not_a_column=not_a_column
    )


@dataclass
class _Reader:
    """Reads the driver rows, each checked alone and against the rows before it."""

    roster: Roster
    rules: Championship
    tracks: Mapping[str, str]
    teams: dict[str, RosterTeam] = field(default_factory=dict)
    # Each driver's casefolded name: their team and row.
    named: dict[str, tuple[str, int]] = field(default_factory=dict)

    def read(self, rows: Iterable[tuple[int, list[str]]], columns: list[str]) -> None:
        for number, values in row_values(rows, columns, self.roster):
            self._row(number, values)

    def _row(self, number: int, values: dict[str, str]) -> None:
        problems = self.roster.count
        team = self._name(number, TEAM, values.get(TEAM, ""))
        name = self._name(number, DRIVER, values.get(DRIVER, ""))
        career = {
            column: self._number(number, column, values.get(column, "")) for column in CAREER_FIELDS
        }
        status = self._status(number, values.get(STATUS, ""))
        home_track = self._track(number, values.get(HOME_TRACK, ""))
        if name and team:
            seen = self.named.get(name.casefold())
            if seen is not None:
                seen_team, seen_row = seen
                message = (
                    gettext(DRIVER_TWICE).format(name=name, row=seen_row)
                    if seen_team.casefold() == team.casefold()
                    else gettext(TWO_TEAMS).format(name=name, team=seen_team, row=seen_row)
                )
                self.roster.refuse(message, row=number, column=DRIVER)
            else:
                self.named[name.casefold()] = (team, number)
        if self.roster.count > problems:
            return
        # A team is the first spelling it is given; "rosso" further down is the same team.
        roster_team = self.teams.get(team.casefold())
        if roster_team is None:
            roster_team = self.teams[team.casefold()] = RosterTeam(team)
            self.roster.teams.append(roster_team)
        xp = career["xp"]
        roster_team.drivers.append(
            RosterDriver(
                row=number,
                name=name,
                status=status,
                home_track=home_track,
                level=self.rules.level_for(xp) if self.rules.careers else "",
                **career,
            )
        )

    def _name(self, number: int, column: str, value: str) -> str:
        if not value:
            self.roster.refuse(gettext(BLANK).format(column=column), row=number, column=column)
        elif len(value) > NAME_LENGTH:
            message = gettext(TOO_LONG).format(value=value[:20], most=NAME_LENGTH)
            self.roster.refuse(message, row=number, column=column)
        else:
            return " ".join(value.split())
        return ""

    def _number(self, number: int, column: str, value: str) -> int:
        if not value:
            return ROOKIE[column]
        whole = whole_number(value)
        if whole is None:
            self.roster.refuse(
                gettext(NOT_WHOLE).format(value=value[:20]), row=number, column=column
            )
            return ROOKIE[column]
        low, high = CAREER_BOUNDS[column]
        if not low <= whole <= high:
            message = gettext(CAREER_OUT_OF_RANGE[column]).format(low=low, high=high, value=whole)
            self.roster.refuse(message, row=number, column=column)
        return whole

    def _status(self, number: int, value: str) -> str:
        if not value:
            return DriverStatus.ACTIVE
        word = value.lower()
        status = STATUS_WORDS.get(word) or (word if word in DriverStatus.values else None)
        if status is None:
            message = gettext(UNKNOWN_STATUS).format(
                value=value[:20], words=", ".join(STATUS_WORDS)
            )
            self.roster.refuse(message, row=number, column=STATUS)
            return DriverStatus.ACTIVE
        return str(status)

    def _track(self, number: int, value: str) -> str | None:
        if not value:
            return None
        track = self.tracks.get(" ".join(value.split()).casefold())
        if track is None:
            message = gettext(UNKNOWN_TRACK).format(value=value[:NAME_LENGTH])
            self.roster.refuse(message, row=number, column=HOME_TRACK)
        return track


def roster_rows(league: League) -> tuple[tuple[str, ...], list[list[object]]]:
    """The league's roster in the file's columns (the header and a row a driver): every driver
    it has had, by team, in the order they were hired."""
    columns = roster_columns(league.rules)
    drivers = (
        Driver.objects.filter(team__league=league)
        .select_related("team", "home_track")
        .order_by("team__name", "hired", "pk")
    )
    rows = []
    for driver in drivers:
        values: dict[str, object] = {
            TEAM: driver.team.name,
            DRIVER: driver.name,
            STATUS: WORD_FOR_STATUS[DriverStatus(driver.status)],
            HOME_TRACK: driver.home_track.name if driver.home_track else "",
            **{name: getattr(driver, name) for name in CAREER_FIELDS},
        }
        rows.append([values[column] for column in columns])
    return columns, rows
