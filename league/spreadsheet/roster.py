"""The roster file: one CSV row a driver, under a header row naming its columns (docs/
importing.md). Read strictly and within bounds (a stranger's upload): every row that cannot be
taken is a Problem named by its row and column, and a file with any is taken not at all. The
same columns are written by the export, so that an export read back gives the same roster."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO

from rules.championship import Championship

from ..models import Driver, DriverStatus, League
from ..services.drivers import NO_HOME_TRACKS
from ..services.roster import CAREER_BOUNDS, CAREER_FIELDS, CAREER_OUT_OF_RANGE, NO_CAREERS

# A stranger's file costs bounded time and memory: read no further than these.
MOST_BYTES = 2 * 1024 * 1024
MOST_ROWS = 5000
# Problems listed at most: a file of 5,000 bad rows says so without a page of 5,000 lines.
MOST_PROBLEMS = 100
# Cells read of a row, at most: past them a row must be blank (a spreadsheet's empty columns).
MOST_COLUMNS = 40
# Characters of a line, at most: a row of a roster is some dozens; a line of megabytes, or of
# 100,000 empty cells, is refused before csv splits it into as many strings.
MOST_LINE = 4096
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
# The export puts a ' before a cell a spreadsheet would run as a formula (views/exports.py).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

TOO_LARGE = "The file is larger than {most:,} bytes: split the league's roster or trim it."
NOT_TEXT = "The file is not a CSV spreadsheet of UTF-8 text (save it as 'CSV UTF-8')."
HAS_NUL = "The file holds NUL characters: it is not a text spreadsheet (save it as CSV)."
EMPTY = "The file is empty: its first row names the columns ({columns})."
NO_DRIVERS = "The file names no driver: one row a driver, below the row of column names."
TOO_MANY_ROWS = "The file has more than {most:,} rows: nothing past row {row:,} was read."
TOO_LONG_ROW = "The row is longer than {most:,} characters: it is not a roster's."
UNREADABLE = "This row cannot be read as CSV ({error})."
TOO_MANY_COLUMNS = "The row has {count:,} columns; the roster has at most {most}."
UNKNOWN_COLUMN = "{column!r} is not a column of the roster: its columns are {columns}."
TWICE = "The column {column!r} is named twice."
MISSING = "The column {column!r} is missing: every row names its driver's team and name."
EXTRA_CELLS = "The row has {count:,} cells more than the first row names columns."
BLANK = "The {column} is blank."
TOO_LONG = "{value!r}… is longer than {most} characters."
NOT_WHOLE = "{value!r} is not a whole number."
UNKNOWN_STATUS = "{value!r} is not a status: one of {words}."
UNKNOWN_TRACK = "{value!r} is not a track on this site: add it on Tracks first, or fix the name."
DRIVER_TWICE = (
    "{name!r} is on row {row} already: a driver's name is theirs alone in a league, whatever "
    "the case."
)
TWO_TEAMS = "{name!r} drives for {team} on row {row}: a driver is on one team."
MORE_PROBLEMS = "… and {count:,} more problems."


@dataclass(frozen=True)
class Problem:
    """What cannot be taken of the file, and where: its row as a spreadsheet numbers them (the
    column names row 1) and the column, where there is one."""

    message: str
    row: int | None = None
    column: str | None = None

    def __str__(self) -> str:
        where = ", ".join(
            part
            for part in (
                f"Row {self.row:,}" if self.row else "",
                f"column {self.column}" if self.column else "",
            )
            if part
        )
        return f"{where}: {self.message}" if where else self.message


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


@dataclass
class RosterTeam:
    name: str
    drivers: list[RosterDriver] = field(default_factory=list)


@dataclass
class Roster:
    """What a file holds: the teams in the order they first appear, each with its drivers in
    file order, and every problem found."""

    columns: tuple[str, ...] = ()
    teams: list[RosterTeam] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    more_problems: int = 0  # found beyond MOST_PROBLEMS, counted only

    @property
    def drivers(self) -> list[RosterDriver]:
        return [driver for team in self.teams for driver in team.drivers]

    @property
    def messages(self) -> list[str]:
        said = [str(problem) for problem in self.problems]
        if self.more_problems:
            said.append(MORE_PROBLEMS.format(count=self.more_problems))
        return said

    def refuse(self, message: str, row: int | None = None, column: str | None = None) -> None:
        if len(self.problems) < MOST_PROBLEMS:
            self.problems.append(Problem(message, row, column))
        else:
            self.more_problems += 1


def roster_columns(rules: Championship) -> tuple[str, ...]:
    """The columns a roster of `rules`' league has, in the order the export writes them: the
    career columns only where it keeps careers, the home track where it has them."""
    return tuple(
        column
        for column in COLUMNS
        if (column not in CAREER_FIELDS or rules.careers)
        and (column != HOME_TRACK or rules.home_tracks)
    )


def read_capped(stream: IO[bytes]) -> bytes | None:
    """The file's bytes, or None where it is larger than MOST_BYTES (no more than one byte past
    them is read)."""
    data = stream.read(MOST_BYTES + 1)
    return None if len(data) > MOST_BYTES else data


def read_roster(data: bytes | None, *, rules: Championship, tracks: Mapping[str, str]) -> Roster:
    """The roster `data` holds (None: a file too large), for a league of `rules`. `tracks`: the
    site's track names by their casefolded name, for home tracks."""
    roster = Roster()
    if data is None:
        roster.refuse(TOO_LARGE.format(most=MOST_BYTES))
        return roster
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a BOM
    except UnicodeDecodeError:
        roster.refuse(NOT_TEXT)
        return roster
    if "\x00" in text:
        roster.refuse(HAS_NUL)
        return roster
    if "\n" not in text:
        text = text.replace("\r", "\n")  # an old Mac spreadsheet ends its lines so
    rows = _rows(text, roster)
    header = next(rows, None)
    if roster.problems:  # the row of column names could not be read
        return roster
    if header is None:
        roster.refuse(EMPTY.format(columns=", ".join(roster_columns(rules))))
        return roster
    columns = _columns(*header, rules, roster)
    if roster.problems:
        return roster
    roster.columns = tuple(column for column in columns if column)
    _Reader(roster, rules, tracks).read(rows, columns)
    if not roster.problems and not roster.teams:
        roster.refuse(NO_DRIVERS)
    return roster


class _Lines:
    """The text's lines for csv.reader, each of at most MOST_LINE characters: a longer one ends
    the reading (`too_long`) before more of it is split into cells. Cut from the text a line
    at a time (io.StringIO would hold a copy of it four times its size)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.start = 0
        self.too_long = False

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        if self.start >= len(self.text):
            raise StopIteration
        end = self.text.find("\n", self.start, self.start + MOST_LINE + 1)
        if end == -1:
            end = min(len(self.text), self.start + MOST_LINE + 1) - 1
        if end + 1 - self.start > MOST_LINE:
            self.too_long = True
            raise StopIteration
        line, self.start = self.text[self.start : end + 1], end + 1
        return line


def _rows(text: str, roster: Roster) -> Iterator[tuple[int, list[str]]]:
    """The file's rows that are not blank, with their row number, up to MOST_ROWS of them; a
    row csv cannot read, or too long a line, ends the reading."""
    lines = _Lines(text)
    reader = csv.reader(lines)
    number = 0
    while True:
        number += 1
        try:
            cells = next(reader)
        except StopIteration:
            if lines.too_long:
                roster.refuse(TOO_LONG_ROW.format(most=MOST_LINE), row=number)
            return
        except csv.Error as error:
            message = TOO_LONG_ROW.format(most=MOST_LINE) if lines.too_long else None
            roster.refuse(message or UNREADABLE.format(error=error), row=number)
            return
        if number > MOST_ROWS + 1:
            roster.refuse(TOO_MANY_ROWS.format(most=MOST_ROWS, row=MOST_ROWS + 1))
            return
        if len(cells) > MOST_COLUMNS:
            if any(cell.strip() for cell in cells[MOST_COLUMNS:]):
                message = TOO_MANY_COLUMNS.format(count=len(cells), most=len(COLUMNS))
                roster.refuse(message, row=number)
                continue
            del cells[MOST_COLUMNS:]  # a spreadsheet's empty columns at the right
        if any(cell.strip() for cell in cells):
            yield number, cells


def _columns(row: int, cells: list[str], rules: Championship, roster: Roster) -> list[str]:
    """The header's column names, normalised ("Prior injuries" is prior_injuries), "" for a
    column without a name (a spreadsheet's trailing empty columns)."""
    offered = roster_columns(rules)
    columns = []
    for cell in cells:
        column = "_".join(cell.strip().lower().replace("-", " ").split())
        if column and column not in offered:
            if column in CAREER_FIELDS:
                message = NO_CAREERS.format(rules=rules.title)
            elif column == HOME_TRACK:
                message = NO_HOME_TRACKS.format(rules=rules.title)
            else:
                message = UNKNOWN_COLUMN.format(
                    column=cell.strip()[:40], columns=", ".join(offered)
                )
            roster.refuse(message, row=row, column=cell.strip()[:40])
        elif column and column in columns:
            roster.refuse(TWICE.format(column=column), row=row, column=column)
        columns.append(column)
    for column in REQUIRED:
        if column not in columns:
            roster.refuse(MISSING.format(column=column), row=row)
    return columns


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
        for number, cells in rows:
            extra = cells[len(columns) :]
            if any(cell.strip() for cell in extra):
                self.roster.refuse(EXTRA_CELLS.format(count=len(extra)), row=number)
                continue
            values = {
                column: _unescaped(cell.strip())
                for column, cell in zip(columns, cells, strict=False)
                if column
            }
            self._row(number, values)

    def _row(self, number: int, values: dict[str, str]) -> None:
        problems = len(self.roster.problems) + self.roster.more_problems
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
                    DRIVER_TWICE.format(name=name, row=seen_row)
                    if seen_team.casefold() == team.casefold()
                    else TWO_TEAMS.format(name=name, team=seen_team, row=seen_row)
                )
                self.roster.refuse(message, row=number, column=DRIVER)
            else:
                self.named[name.casefold()] = (team, number)
        if len(self.roster.problems) + self.roster.more_problems > problems:
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
            self.roster.refuse(BLANK.format(column=column), row=number, column=column)
        elif len(value) > NAME_LENGTH:
            message = TOO_LONG.format(value=value[:20], most=NAME_LENGTH)
            self.roster.refuse(message, row=number, column=column)
        else:
            return " ".join(value.split())
        return ""

    def _number(self, number: int, column: str, value: str) -> int:
        if not value:
            return ROOKIE[column]
        digits = value.removesuffix(".0")  # a spreadsheet's 3.0 is 3
        if not (digits.isascii() and digits.lstrip("-").isdigit() and len(digits) < 10):
            self.roster.refuse(NOT_WHOLE.format(value=value[:20]), row=number, column=column)
            return ROOKIE[column]
        whole = int(digits)
        low, high = CAREER_BOUNDS[column]
        if not low <= whole <= high:
            words = column.replace("_", " ").capitalize()
            message = CAREER_OUT_OF_RANGE.format(field=words, low=low, high=high, value=whole)
            self.roster.refuse(message, row=number, column=column)
        return whole

    def _status(self, number: int, value: str) -> str:
        if not value:
            return DriverStatus.ACTIVE
        word = value.lower()
        status = STATUS_WORDS.get(word) or (word if word in DriverStatus.values else None)
        if status is None:
            message = UNKNOWN_STATUS.format(value=value[:20], words=", ".join(STATUS_WORDS))
            self.roster.refuse(message, row=number, column=STATUS)
            return DriverStatus.ACTIVE
        return str(status)

    def _track(self, number: int, value: str) -> str | None:
        if not value:
            return None
        track = self.tracks.get(" ".join(value.split()).casefold())
        if track is None:
            message = UNKNOWN_TRACK.format(value=value[:NAME_LENGTH])
            self.roster.refuse(message, row=number, column=HOME_TRACK)
        return track


def _unescaped(value: str) -> str:
    """A cell as it was before the export kept a spreadsheet from running it as a formula."""
    if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


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
