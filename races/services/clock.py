"""The server's clock, read in one place: Paddock is the table's stopwatch, so an event that asks
for an instant (rules.engine.events) gets the moment the server enters it, and the turn page
shows a running stopwatch from the instant stored. Tests set it (`monkeypatch` `clock.now`)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def instant() -> str:
    """Now, as the engine's instants are written: ISO 8601 with its UTC offset."""
    return now().isoformat()
