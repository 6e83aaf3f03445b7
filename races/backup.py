"""The races at the table of a league, in its backup file (league/backup/): each race's
setup, snapshot and version, and its whole event log with the snapshot kept before each of the
referee's entries, so undo and replay work on the imported league as they did where it was
exported."""

from __future__ import annotations

from django.db.models import F, Q

from league import backup
from rules import engine

from .models import Race, RaceEvent
from .rulings import Ruling


def register() -> None:
    backup.register(
        "races.race",
        Race,
        lambda league: Race.objects.filter(round__season__league=league),
        _race_readable,
    )
    backup.register(
        "races.raceevent",
        RaceEvent,
        lambda league: RaceEvent.objects.filter(race__round__season__league=league),
        _event_readable,
    )
    # Only the rulings whose entry is still in the log, and those kept with their round when
    # its race was discarded (races/rulings.py).
    backup.register(
        "races.ruling",
        Ruling,
        lambda league: Ruling.objects.filter(
            Q(race__round__season__league=league, event__race_id=F("race_id"))
            | Q(race__isnull=True, round__season__league=league)
        ),
        _ruling_readable,
        since=3,  # a file of version 2 has no rulings
    )


def _race_readable(race: Race) -> None:
    """A race read from a file is one the engine can go on with: its setup and snapshot."""
    engine.setup_from_dict(race.setup)
    engine.state_from_dict(race.state)


def _event_readable(event: RaceEvent) -> None:
    if not isinstance(event.payload, dict):
        raise TypeError("an event's data is a mapping")
    if event.state_before is not None:  # undo restores it
        engine.state_from_dict(event.state_before)


def _ruling_readable(ruling: Ruling) -> None:
    """A ruling read from a file is about an entry of its own race, or kept with a round."""
    if ruling.race_id is None:
        if ruling.round_id is None or ruling.event_id is not None:
            raise ValueError("a ruling kept without its race names its round and no entry")
        return
    if ruling.event_id is None or not (
        RaceEvent.objects.filter(pk=ruling.event_id, race_id=ruling.race_id).exists()
    ):
        raise ValueError("a ruling names an entry of another race")
