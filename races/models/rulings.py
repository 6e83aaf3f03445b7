"""Rulings kept with the turn: a sentence the referee attaches at the table to the entry just made
("The blocked car may not brake into the pits"), optionally naming a heading of the league's
house rules (league/models/house_rules.py). Shown on the round page and on the league's Rulings
page, each beside its race, round and the entry in words (RaceEvent.summary, as the log says it).

A ruling names its entry by the event's id, without a foreign-key constraint in the database:
undo takes entries out of the log in one delete of its tail (races/services/entries.py), and a
constraint
would refuse it (or cost every undo a look for rulings). An event's id is never used
again (an auto-increment on every database), so a ruling whose entry was taken back names no
event any more: every read joins the event (`shown`), so it is shown nowhere and left out of the
backup, as if undo had taken it with its entry; `ruling_add` clears such rows of its race.

A race discarded to type its result by hand (league's round_run_by_hand) keeps its rulings: each
is detached from the race and its entry and kept with the round, the entry's number and words
copied (`keep_of_race`), and still shown with the round (docs/rulings.md, "A race discarded for
a typed result")."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from league.models import Round

from .races import Race, RaceEvent

MOST_CHARACTERS = 500


class RulingQuerySet(models.QuerySet):
    def shown(self) -> RulingQuerySet:
        """The rulings whose entry is still in its race's log, each with its entry (without the
        snapshot kept with it), its race, round, season and track, in the order they were made:
        by season, round and entry."""
        return (
            self.filter(Q(event__race_id=F("race_id")) | Q(race__isnull=True))
            .select_related(
                "event",
                "race__round__season",
                "race__round__track",
                "round__season",
                "round__track",
            )
            .defer("event__state_before", "race__setup", "race__state")
            .order_by(
                Coalesce("race__round__season__number", "round__season__number"),
                Coalesce("race__round__number", "round__number"),
                Coalesce("event__seq", "seq"),
            )
        )

    def of_league(self, league_id: int) -> RulingQuerySet:
        return self.filter(
            Q(race__round__season__league_id=league_id)
            | Q(race__isnull=True, round__season__league_id=league_id)
        ).shown()

    def of_round(self, round_id: int) -> RulingQuerySet:
        return self.filter(
            Q(race__round_id=round_id) | Q(race__isnull=True, round_id=round_id)
        ).shown()

    def keep_of_race(self, race: Race) -> int:
        """Detach the rulings of `race`, about to be discarded, from it and its entries: each
        kept with the round, its entry's number and words copied. How many."""
        kept = list(self.filter(race=race, event__race_id=F("race_id")).select_related("event"))
        for ruling in kept:
            ruling.round_id = race.round_id
            ruling.seq, ruling.entry = ruling.event.seq, ruling.event.summary()[:500]
            ruling.race, ruling.event = None, None
        self.bulk_update(kept, ["round", "seq", "entry", "race", "event"])
        return len(kept)


class Ruling(models.Model):
    # None once its race was discarded for a typed result: then kept with `round`.
    race = models.ForeignKey(
        Race, on_delete=models.CASCADE, related_name="rulings", null=True, blank=True
    )
    # No constraint in the database: see the module's docstring.
    event = models.OneToOneField(
        RaceEvent,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="ruling",
        null=True,
        blank=True,
        help_text="The referee's entry the ruling is about.",
    )
    # Set when its race is discarded (`keep_of_race`): the round, and the entry's number and
    # words as the log said them.
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    seq = models.PositiveIntegerField(null=True, blank=True, help_text="The entry's number.")
    entry = models.CharField(
        max_length=500, blank=True, help_text="The entry in words, once its race is discarded."
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
        return f"Ruling on #{self.event_id or self.seq}: {self.text[:40]}"

    @property
    def of_round(self) -> Round:
        """The round it was made in: its race's, or the one it is kept with."""
        return self.race.round if self.race is not None else self.round  # type: ignore[return-value]

    @property
    def entry_number(self) -> int | None:
        return self.event.seq if self.event is not None else self.seq

    @property
    def entry_words(self) -> str:
        return self.event.summary() if self.event is not None else self.entry
