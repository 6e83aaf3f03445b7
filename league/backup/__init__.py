"""A whole league in one JSON file, and back: `league_export` and `league_import`.

The file holds every row of the league (its seasons, rounds, teams, drivers, entries, season-end
lines, the notes that reopen a round, its members and the starters its team owners chose) as
the database has them, each row under the id it had where it was exported, plus the tracks and
people those rows name: tracks by name, people by username only (never a password). Importing
inserts the rows under new ids and points each reference at the new row, so a league comes
back beside others, with the same standings, careers and history.

League names no app that builds on it: another app's rows of a league (the races at the table
and their event logs) join the file through `register`, called from that app's ready().

The format has a version: a file of another version, or one whose league's address is taken,
is refused with the reason before anything is written, and a file that turns out wrong halfway
writes nothing either (one transaction).

The package by area: tables.py (the format, the tables a file holds, `register`), writing.py
(`league_export`), reader.py (the file read a piece at a time), checks.py (what a row must be),
importing.py (`league_import`), messages.py (the refusals' words). What callers use is here.
"""

from .checks import plain_name
from .importing import Imported, league_import
from .messages import (
    BAD_ROW,
    BROKEN_REFERENCE,
    CLASH,
    FIELD_UNKNOWN,
    LOG_REFUSED,
    NAME_TAKEN,
    NAME_TAKEN_BY_YOU,
    NOT_A_BACKUP,
    ONE_LEAGUE,
    OUT_OF_RANGE,
    PART_OUT_OF_ORDER,
    PART_UNKNOWN,
    SLUG_TAKEN,
    TABLE_MISSING,
    TABLE_OUT_OF_ORDER,
    TABLE_UNKNOWN,
    TOO_MANY_PEOPLE,
    TOO_MANY_TRACKS,
    UNKNOWN_VERSION,
)
from .tables import FORMAT, FORMAT_VERSION, PARTS, TABLES, Table, register
from .writing import file_name, league_export, league_file

__all__ = [
    "BAD_ROW",
    "BROKEN_REFERENCE",
    "CLASH",
    "FIELD_UNKNOWN",
    "FORMAT",
    "FORMAT_VERSION",
    "LOG_REFUSED",
    "NAME_TAKEN",
    "NAME_TAKEN_BY_YOU",
    "NOT_A_BACKUP",
    "ONE_LEAGUE",
    "OUT_OF_RANGE",
    "PARTS",
    "PART_OUT_OF_ORDER",
    "PART_UNKNOWN",
    "SLUG_TAKEN",
    "TABLES",
    "TABLE_MISSING",
    "TABLE_OUT_OF_ORDER",
    "TABLE_UNKNOWN",
    "TOO_MANY_PEOPLE",
    "TOO_MANY_TRACKS",
    "UNKNOWN_VERSION",
    "Imported",
    "Table",
    "file_name",
    "league_export",
    "league_file",
    "league_import",
    "plain_name",
    "register",
]
