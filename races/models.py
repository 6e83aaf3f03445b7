"""A race run at the table: its setup, the snapshot of the engine's state, and the event log.

The snapshot is what makes entering one roll cost the same at turn 1 and turn 60: the engine
applies an event to it and never reads the log. The log is kept for undo, replay and history.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.db import connections, models
from django.urls import reverse
from django.utils import timezone

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
            f"SELECT {', '.join(f'r.{name}' for name in FOR_ENTRY)}, "
            f"s.league_id AS league_id, l.organiser_id AS organiser_id "
            f"FROM {race} r JOIN {round_} o ON o.id = r.round_id "
            f"JOIN {season} s ON s.id = o.season_id JOIN {league} l ON l.id = s.league_id "
            f"WHERE r.id = %s"
        )
        connection = connections[self.db]
        with connection.cursor() as cursor:
            cursor.execute(query, [race_id])
            row = cursor.fetchone()
        if row is None:
            return None
        # Each value as the ORM would read it (the snapshot decoded, the time a datetime), without
        # the raw queryset's machinery, which costs more than the query on PostgreSQL.
        *read, league_id, organiser_id = row
        values = [
            _read(connection, name, value) for name, value in zip(FOR_ENTRY, read, strict=True)
        ]
        race = Race.from_db(self.db, FOR_ENTRY, values)
        race.league_id, race.organiser_id = league_id, organiser_id
        return race

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


# The race's columns for_entry reads, in the model's order (as Model.from_db takes them).
FOR_ENTRY = ("id", "round_id", "state", "seq", "version", "finished_at")


def _read(connection, name: str, value):
    """`value` of the race's column `name` as the ORM converts it from the database."""
    column = Race._meta.get_field(name.removesuffix("_id")).get_col(Race._meta.db_table)
    for convert in connection.ops.get_db_converters(column) + column.get_db_converters(connection):
        value = convert(value, column, connection)
    return value


# The columns of a logged event, as RaceEventQuerySet.append writes them.
APPENDED = (
    "race",
    "seq",
    "kind",
    "payload",
    "text",
    "state_before",
    "automatic",
    "joined",
    "who",
    "when",
)


class RaceEventQuerySet(models.QuerySet):
    def append(self, rows: Sequence[RaceEvent], *, race_id: int) -> None:
        """Insert one entry's `rows` in one hand-written statement: the first, the referee's,
        keeps the race's snapshot as it stands, copied within the database rather than sent
        back to it (call this before the race moves on); the rest keep none, undo taking them
        back with it. `when` is now, as auto_now_add sets it."""
        connection = connections[self.db]
        quote = connection.ops.quote_name
        fields = [RaceEvent._meta.get_field(name) for name in APPENDED]
        kept = f"(SELECT state FROM {quote(Race._meta.db_table)} WHERE id = %s)"
        now = timezone.now()
        values, params = [], []
        for number, row in enumerate(rows):
            row.when = now
            cells = []
            for field in fields:
                if field.name == "state_before":
                    cells.append(kept if number == 0 else "NULL")
                    params += [race_id] if number == 0 else []
                else:
                    cells.append("%s")
                    params.append(field.get_db_prep_save(getattr(row, field.attname), connection))
            values.append(f"({', '.join(cells)})")
        columns = ", ".join(quote(field.column) for field in fields)
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {quote(RaceEvent._meta.db_table)} ({columns}) "
                f"VALUES {', '.join(values)}",
                params,
            )


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

    objects = RaceEventQuerySet.as_manager()

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
