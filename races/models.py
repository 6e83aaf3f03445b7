"""A race run at the table: its setup, the snapshot of the engine's state, and the event log.

The snapshot is what makes entering one roll cost the same at turn 1 and turn 60: the engine
applies an event to it and never reads the log. The log is kept for undo, replay and history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connections, models
from django.urls import reverse

from league.models import League, Round, Season


class RaceQuerySet(models.QuerySet):
    def for_entry(self, race_id: int) -> Race | None:
        """The race with what entering an event needs — its snapshot, and its league's id and
        organiser for the referee check — in one hand-written query. This read runs on every
        roll entered at the table, and the ORM's select_related over three tables costs four
        times the query itself (bench/run.py)."""
        race, round_, season, league = (
            model._meta.db_table for model in (Race, Round, Season, League)
        )
        query = (
            f"SELECT r.id, r.round_id, r.seq, r.version, r.state, r.finished_at, "
            f"s.league_id AS league_id, l.organiser_id AS organiser_id "
            f"FROM {race} r JOIN {round_} o ON o.id = r.round_id "
            f"JOIN {season} s ON s.id = o.season_id JOIN {league} l ON l.id = s.league_id "
            f"WHERE r.id = %s"
        )
        return next(iter(self.raw(query, [race_id])), None)

    def move_on(self, race_id: int, *, version: int, seq: int, state: dict) -> bool:
        """Put the race at `seq` with the snapshot `state` and the next version, if it is still
        at `version` and not committed; whether it was. One hand-written statement: it runs on
        every roll entered, and the ORM's update costs more than the statement itself."""
        connection = connections[self.db]
        snapshot = Race._meta.get_field("state").get_db_prep_save(state, connection)
        table = connection.ops.quote_name(Race._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET seq = %s, version = %s, state = %s "
                f"WHERE id = %s AND version = %s AND finished_at IS NULL",
                [seq, version + 1, snapshot, race_id, version],
            )
            return cursor.rowcount == 1


class Race(models.Model):
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="race")
    setup = models.JSONField(help_text="The engine's RaceSetup: rule set, cars, weather table.")
    state = models.JSONField(help_text="The engine's state after the last event (a snapshot).")
    seq = models.PositiveIntegerField(default=0, help_text="Events applied so far.")
    version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every entry, undo and commit, never repeated: the version a "
        "form was built on tells whether another device changed the race since.",
    )
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When the result was written into the season."
    )

    objects = RaceQuerySet.as_manager()

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
    text = models.CharField(
        max_length=300, blank=True, help_text="What the event did, in words, for the log."
    )
    state_before = models.JSONField(
        null=True,
        blank=True,
        help_text="The race's snapshot before this event: undo restores it without replaying "
        "the log. Kept with the referee's entries, which undo takes back; empty for events undo "
        "takes back only with the entry before them (automatic, joined) and for events logged "
        "before it was kept.",
    )
    automatic = models.BooleanField(
        default=False,
        help_text="Entered by Paddock, not the referee: the rules left one choice (the only "
        "legal gear, the order of a lone car). Undo takes it back with the entry before it.",
    )
    joined = models.BooleanField(
        default=False,
        help_text="Entered in the same tap as the referee's entry before it (a gear and the "
        "move's roll, from the gear's row of faces). Undo takes it back with that entry.",
    )
    # PROTECT: the log says who entered each roll; an account with entries in it is
    # deactivated in the admin, never deleted out of the log.
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
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
        """What the event did in words ("Red moves 7 spaces in 3rd"), or, for an event its rule
        set does not put in words, "move red: roll 7, brakes 1": the kind, the car, then the
        facts that were not nil."""
        if self.text:
            return self.text
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
