"""The races at the table of a league, in its backup file (league/backup.py): each race's
setup, snapshot and version, and its whole event log with the snapshot kept before each of the
referee's entries, so undo and replay work on the imported league as they did where it was
exported."""

from __future__ import annotations

from league import backup

from .models import Race, RaceEvent


def register() -> None:
    backup.register(
        "races.race", Race, lambda league: Race.objects.filter(round__season__league=league)
    )
    backup.register(
        "races.raceevent",
        RaceEvent,
        lambda league: RaceEvent.objects.filter(race__round__season__league=league),
    )
