"""The race at the table's data, a module an area: races.py (Race, its snapshot, and the event
log), rulings.py (the referee's rulings kept with an entry, or with a round); `races.models`
gathers their names."""

from .races import SHOWN, Race, RaceEvent, RaceEventQuerySet, RaceQuerySet
from .rulings import Ruling, RulingQuerySet

__all__ = [
    "SHOWN",
    "Race",
    "RaceEvent",
    "RaceEventQuerySet",
    "RaceQuerySet",
    "Ruling",
    "RulingQuerySet",
]
