"""Rulings kept with the turn: a sentence the referee attaches at the table to the entry just made
("The blocked car may not brake into the pits"), optionally naming a heading of the league's
house rules (league/house_rules.py). Shown on the round page and on the league's Rulings page,
each beside its race, round and the entry in words (RaceEvent.summary, as the log says it).

A ruling names its entry by the event's id, without a foreign-key constraint in the database:
undo takes entries out of the log in one delete of its tail (races/services.py), and a constraint
would refuse it (or cost every undo a look for rulings). An event's id is never used
again (an auto-increment on every database), so a ruling whose entry was taken back names no
event any more: every read joins the event (`shown`), so it is shown nowhere and left out of the
backup, as if undo had taken it with its entry; `ruling_add` clears such rows of its race."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F
from django.utils import timezone

from .models import Race, RaceEvent

MOST_CHARACTERS = 500


class RulingQuerySet(models.QuerySet):
    def shown(self) -> RulingQuerySet:
        """The rulings whose entry is still in its race's log, each with its entry (without the
        snapshot kept with it), its race, round, season and track, in the order they were made:
        by season, round and entry."""
        return (
            self.filter(event__race_id=F("race_id"))
            .select_related("event", "race__round__season", "race__round__track")
            .defer("event__state_before", "race__setup", "race__state")
            .order_by("race__round__season__number", "race__round__number", "event__seq")
        )

    def of_league(self, league_id: int) -> RulingQuerySet:
        return self.filter(race__round__season__league_id=league_id).shown()

    def of_round(self, round_id: int) -> RulingQuerySet:
        return self.filter(race__round_id=round_id).shown()


class Ruling(models.Model):
    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="rulings")
    # No constraint in the database: see the module's docstring.
    event = models.OneToOneField(
        RaceEvent,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="ruling",
        help_text="The referee's entry the ruling is about.",
    )
    text = models.CharField(max_length=MOST_CHARACTERS, help_text="The ruling, in a sentence.")
    heading = models.CharField(
        max_length=200, blank=True, help_text="The heading of the house rules it applies, if any."
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Not auto_now_add: a restored backup keeps the file's time.
    made = models.DateTimeField(default=timezone.now, editable=False)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["race", "event"]

    def __str__(self) -> str:
        return f"Ruling on #{self.event_id}: {self.text[:40]}"
