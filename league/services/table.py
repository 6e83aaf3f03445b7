"""The race at the table, as a round's writes see it.

A round is run by hand (its result typed on the round page) or at the table (the turn helper
runs its race, event by event). Every action on a round has its one entry point in league's
services, whichever way it is run; what running it at the table adds (a race set up, set up
again, removed, reopened, its result read) is asked of the app that runs races, which registers
itself here from its AppConfig.ready() (races/apps.py), as backup.register does for its tables.
League names no such app: it knows a race only as an object it may redirect to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from django.utils.translation import gettext, gettext_noop

if TYPE_CHECKING:
    from ..models import Entry, Round
    from .results import EntryOutcome

# The cars built by their players (a rule set's car build), by car: zone -> WP.
CarBuilds = Mapping[str, Mapping[str, int]]

NO_TABLE = gettext_noop("This Paddock runs no races at the table (the races app is not installed).")


@dataclass(frozen=True)
class Discarded:
    """What discarding a round's race at the table gives up and keeps: the events entered (the
    log goes), the rulings made at the table (kept with the round), and the grid the race set,
    car -> position with pole 1 (kept with the entries; empty before the grid was set)."""

    events: int
    rulings: int = 0
    grid: Mapping[str, int] = field(default_factory=dict)


class TheRace(Protocol):
    """A race at the table as league sees it: a page to send the referee to, at a version."""

    @property
    def version(self) -> int: ...

    def get_absolute_url(self) -> str: ...


class RaceAtTheTable(Protocol):
    """What a round's writes ask of its race at the table. Each is called inside the round's
    write, with the round locked (league.services.round_for_write); each locks the race itself
    and refuses, as a ValidationError (a Stale one for a page built on an older version of the
    race), what the race does not allow."""

    def race_of(self, round_: Round) -> TheRace | None:
        """The round's race at the table (running or committed), or None: an object the
        pages redirect to and show the `version` of."""
        ...

    def start(
        self, *, round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None
    ) -> TheRace:
        """Set up the round's race for its `entries`, just put on the grid; the race."""
        ...

    def check_unentered(self, *, round_: Round, expected_race_version: int | None) -> None:
        """Refuse unless the round's race has no event entered yet and is at
        `expected_race_version` (the page that asks showed it so): its starters may change."""
        ...

    def start_again(
        self, *, round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None
    ) -> TheRace:
        """Set the round's race (checked unentered) up anew for new `entries`, at the same
        address, since other phones may have it open; the race."""
        ...

    def remove(self, *, round_: Round) -> None:
        """Remove the round's race (checked unentered): its start is cancelled."""
        ...

    def discard(self, *, round_: Round, expected_race_version: int | None) -> Discarded:
        """Discard the round's running race and its log (its result is typed by hand now),
        its rulings kept with the round: what went and what stays."""
        ...

    def discarding(self, round_: Round) -> Discarded | None:
        """What discarding the round's running race would give up and keep, to say so before;
        None without one."""
        ...

    def events_entered(self, round_: Round) -> int:
        """How many events the round's race, if running, has entered (0 if none)."""
        ...

    def reopen(self, *, round_: Round) -> TheRace | None:
        """Open the round's committed race again, its log kept, to be undone and committed
        again; the race, or None if the round was not run at the table."""
        ...

    def finish(
        self, *, round_: Round, expected_race_version: int
    ) -> tuple[list[EntryOutcome], dict[int, Sequence[int]]]:
        """The result of the round's finished race, the race marked committed: each entry's
        outcome, and the injury rolls entered at the table by entry."""
        ...


_TABLE: list[RaceAtTheTable] = []


def register(table: RaceAtTheTable) -> None:
    """Called once by the app that runs races at the table, from its AppConfig.ready()."""
    _TABLE[:] = [table]


def table() -> RaceAtTheTable:
    if not _TABLE:
        raise LookupError(gettext(NO_TABLE))
    return _TABLE[0]
