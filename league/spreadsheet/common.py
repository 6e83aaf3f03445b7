"""What the spreadsheet files share (docs/importing.md): their bounds, their problems named by
file, row and column, and their text read into rows a line at a time, within the bounds (a
stranger's upload)."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO

from django.utils.translation import gettext, gettext_noop

from config.wording import grouped

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
# The export puts a ' before a cell a spreadsheet would run as a formula (views/exports.py).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

TOO_LARGE = gettext_noop(
    "The file is larger than {most:,} bytes: split the league's roster or trim it."
)
NOT_TEXT = gettext_noop("The file is not a CSV spreadsheet of UTF-8 text (save it as 'CSV UTF-8').")
HAS_NUL = gettext_noop(
    "The file holds NUL characters: it is not a text spreadsheet (save it as CSV)."
)
TOO_MANY_ROWS = gettext_noop(
    "The file has more than {most:,} rows: nothing past row {row:,} was read."
)
TOO_LONG_ROW = gettext_noop("The row is longer than {most:,} characters: it is not a roster's.")
UNREADABLE = gettext_noop("This row cannot be read as CSV ({error}).")
# A row of too many columns, in a roster and in a past seasons file.
TOO_MANY_ROSTER_COLUMNS = gettext_noop(
    "The row has {count:,} columns; the roster has at most {most}."
)
TOO_MANY_PAST_COLUMNS = gettext_noop(
    "The row has {count:,} columns; the past seasons file has at most {most}."
)
TWICE = gettext_noop("The column {column!r} is named twice.")
EXTRA_CELLS = gettext_noop("The row has {count:,} cells more than the first row names columns.")
MORE_PROBLEMS = gettext_noop("… and {count:,} more problems.")
# A problem said with where it is: its row, its column, and its file where a preview reads two
# (the past seasons'); each {message} a whole sentence of its own.
WHERE = {
    # (past seasons, a row, a column)
    (False, True, False): gettext_noop("Row {row:,}: {message}"),
    (False, True, True): gettext_noop("Row {row:,}, column {column}: {message}"),
    (False, False, True): gettext_noop("Column {column}: {message}"),
    (True, False, False): gettext_noop("Past seasons: {message}"),
    (True, True, False): gettext_noop("Past seasons, row {row:,}: {message}"),
    (True, True, True): gettext_noop("Past seasons, row {row:,}, column {column}: {message}"),
    (True, False, True): gettext_noop("Past seasons, column {column}: {message}"),
}

Row = tuple[int, list[str]]  # a row's number as a spreadsheet numbers it, and its cells


@dataclass(frozen=True)
class Problem:
    """What cannot be taken of a file, and where: the file (the past seasons', where a preview
    reads two), its row as a spreadsheet numbers them (the column names row 1) and the column,
    where there is one."""

    message: str
    row: int | None = None
    column: str | None = None
    past_seasons: bool = False

    def __str__(self) -> str:
        where = WHERE.get((self.past_seasons, bool(self.row), bool(self.column)))
        if where is None:
            return self.message
        row = grouped(self.row) if self.row else ""
        return gettext(where).format(row=row, column=self.column, message=self.message)


@dataclass
class Problems:
    """Every problem found in a file, the first MOST_PROBLEMS of them said, the rest counted;
    `past_seasons`: each names the past seasons' file (a preview reads the roster's too)."""

    problems: list[Problem] = field(default_factory=list)
    more_problems: int = 0  # found beyond MOST_PROBLEMS, counted only
    past_seasons: bool = False

    @property
    def messages(self) -> list[str]:
        said = [str(problem) for problem in self.problems]
        if self.more_problems:
            said.append(gettext(MORE_PROBLEMS).format(count=grouped(self.more_problems)))
        return said

    @property
    def count(self) -> int:
        return len(self.problems) + self.more_problems

    def refuse(self, message: str, row: int | None = None, column: str | None = None) -> None:
        if len(self.problems) < MOST_PROBLEMS:
            self.problems.append(Problem(message, row, column, self.past_seasons))
        else:
            self.more_problems += 1


def read_capped(stream: IO[bytes]) -> bytes | None:
    """The file's bytes, or None where it is larger than MOST_BYTES (no more than one byte past
    them is read)."""
    data = stream.read(MOST_BYTES + 1)
    return None if len(data) > MOST_BYTES else data


def text_rows(
    data: bytes | None, problems: Problems, *, most_columns: int, too_many_columns: str
) -> Iterator[Row]:
    """The rows of the CSV file `data` (None: a file too large) that are not blank, each with
    its number; what cannot be read is refused in `problems` and ends the reading.
    `most_columns`: the most columns the file has, said in `too_many_columns` (its own
    sentence: TOO_MANY_ROSTER_COLUMNS, TOO_MANY_PAST_COLUMNS) of a row with more."""
    if data is None:
        problems.refuse(gettext(TOO_LARGE).format(most=grouped(MOST_BYTES)))
        return iter(())
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a BOM
    except UnicodeDecodeError:
        problems.refuse(gettext(NOT_TEXT))
        return iter(())
    if "\x00" in text:
        problems.refuse(gettext(HAS_NUL))
        return iter(())
    if "\n" not in text:
        text = text.replace("\r", "\n")  # an old Mac spreadsheet ends its lines so
    return _rows(text, problems, most_columns, too_many_columns)


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


def _rows(text: str, problems: Problems, most_columns: int, too_many_columns: str) -> Iterator[Row]:
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
                problems.refuse(gettext(TOO_LONG_ROW).format(most=grouped(MOST_LINE)), row=number)
            return
        except csv.Error as error:
            message = (
                gettext(TOO_LONG_ROW).format(most=grouped(MOST_LINE)) if lines.too_long else None
            )
            problems.refuse(message or gettext(UNREADABLE).format(error=error), row=number)
            return
        yield from cells_kept(number, cells, problems, most_columns, too_many_columns)
        if number > MOST_ROWS + 1:
            return


def cells_kept(
    number: int, cells: list[str], problems: Problems, most_columns: int, too_many_columns: str
) -> list[Row]:
    """Row `number` of `cells` as the readers take it ([] for a blank row, or a row refused),
    within MOST_ROWS and MOST_COLUMNS; the row past MOST_ROWS is refused (its caller reads
    no further)."""
    if number > MOST_ROWS + 1:
        problems.refuse(
            gettext(TOO_MANY_ROWS).format(most=grouped(MOST_ROWS), row=grouped(MOST_ROWS + 1))
        )
        return []
    if len(cells) > MOST_COLUMNS:
        if any(cell.strip() for cell in cells[MOST_COLUMNS:]):
            message = gettext(too_many_columns).format(count=grouped(len(cells)), most=most_columns)
            problems.refuse(message, row=number)
            return []
        del cells[MOST_COLUMNS:]  # a spreadsheet's empty columns at the right
    return [(number, cells)] if any(cell.strip() for cell in cells) else []


def header_columns(
    row: int,
    cells: list[str],
    problems: Problems,
    *,
    required: Sequence[str],
    missing: str,
    not_a_column: Callable[[str, str], str | None],
) -> list[str]:
    """The header's column names, normalised ("Prior injuries" is prior_injuries), "" for a
    column without a name (a spreadsheet's trailing empty columns); each refused with its row
    and column where `not_a_column(column, cell)` gives a reason, where it is named twice, and
    each `required` one missing (`missing`, formatted with its name)."""
    columns: list[str] = []
    for cell in cells:
        column = header_name(cell)
        if column and (reason := not_a_column(column, cell)) is not None:
            problems.refuse(reason, row=row, column=cell.strip()[:40])
        elif column and column in columns:
            problems.refuse(gettext(TWICE).format(column=column), row=row, column=column)
        columns.append(column)
    for column in required:
        if column not in columns:
            problems.refuse(gettext(missing).format(column=column), row=row)
    return columns


def row_values(
    rows: Iterable[Row], columns: list[str], problems: Problems
) -> Iterator[tuple[int, dict[str, str]]]:
    """Each row under the header as (its number, its cells by column name, stripped and
    unescaped); a row with cells past the header's columns refused with its number instead."""
    for number, cells in rows:
        extra = cells[len(columns) :]
        if any(cell.strip() for cell in extra):
            problems.refuse(gettext(EXTRA_CELLS).format(count=grouped(len(extra))), row=number)
            continue
        yield (
            number,
            {
                column: unescaped(cell.strip())
                for column, cell in zip(columns, cells, strict=False)
                if column
            },
        )


def header_name(cell: str) -> str:
    """A column's name as the files' columns are named ("Prior injuries" is prior_injuries)."""
    return "_".join(cell.strip().lower().replace("-", " ").split())


def unescaped(value: str) -> str:
    """A cell as it was before the export kept a spreadsheet from running it as a formula."""
    if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def whole_number(value: str) -> int | None:
    """`value` as a whole number ("3", "3.0", "-2"), or None where it is not one."""
    digits = value.removesuffix(".0")  # a spreadsheet's 3.0 is 3
    if not (digits.isascii() and digits.lstrip("-").isdigit() and len(digits) < 10):
        return None
    return int(digits)
