"""A league's roster as a spreadsheet (CSV): read for a league brought in from the spreadsheet
it was run in (docs/importing.md), written for the organiser's export, in one format."""

from .roster import (
    COLUMNS,
    MOST_BYTES,
    MOST_ROWS,
    Problem,
    Roster,
    RosterDriver,
    RosterTeam,
    read_roster,
    roster_columns,
    roster_rows,
)

__all__ = [
    "COLUMNS",
    "MOST_BYTES",
    "MOST_ROWS",
    "Problem",
    "Roster",
    "RosterDriver",
    "RosterTeam",
    "read_roster",
    "roster_columns",
    "roster_rows",
]
