"""A race run at the table: its setup, the snapshot of the engine's state, and the event log.

The snapshot is what makes entering one roll cost the same at turn 1 and turn 60: the engine
applies an event to it and never reads the log. The log is kept for undo, replay and history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from league.models import Round


class Race(models.Model):
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="race")
    setup = models.JSONField(help_text="The engine's RaceSetup: rule set, cars, weather table.")
    state = models.JSONField(help_text="The engine's state after the last event (a snapshot).")
    seq = models.PositiveIntegerField(default=0, help_text="Events applied so far.")
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When the result was written into the season."
    )

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Race of {self.round}"

    def get_absolute_url(self) -> str:
        return reverse("races:turn", kwargs={"race_id": self.pk})

    @property
    def is_committed(self) -> bool:
        return self.finished_at is not None


class RaceEvent(models.Model):
    """One input from the table, in the engine's words (Event.kind and Event.data)."""

    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField(help_text="1 for the first event of the race.")
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="race_events",
    )
    when = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["race", "seq"]
        constraints = [models.UniqueConstraint(fields=["race", "seq"], name="unique_race_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"

    def summary(self) -> str:
        """ "move red: roll 7, brakes 1": the kind, the car, then the facts that were not nil."""
        payload = dict(self.payload)
        car = payload.pop("car", None)
        facts = ", ".join(
            f"{key.replace('_', ' ')} {_fact(value)}"
            for key, value in payload.items()
            if value not in (0, "0", False, "false", "off")
        )
        head = f"{self.kind.replace('_', ' ')} {car}" if car else self.kind.replace("_", " ")
        return f"{head}: {facts}" if facts else head


def _fact(value) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value if item != "") or "none"
    return str(value)
