"""A league's roster and past seasons as spreadsheets (CSV): read for a league brought in from
the spreadsheet it was run in (docs/importing.md), written for the organiser's export, in one
format."""

from .results import PastSeasons, read_results, results_rows
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
    "PastSeasons",
    "Problem",
    "Roster",
    "RosterDriver",
    "RosterTeam",
    "read_results",
    "read_roster",
    "results_rows",
    "roster_columns",
    "roster_rows",
]
