"""A race run at the table: its setup, the snapshot of the engine's state, and the event log.

The snapshot is what makes entering one roll cost the same at turn 1 and turn 60: the engine
applies an event to it and never reads the log. The log is kept for undo, replay and history.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connections, models, transaction
from django.urls import reverse
from django.utils import timezone

from league.models import League, Membership, Round, Season


class RaceQuerySet(models.QuerySet):
    def for_entry(self, race_id: int, user_id: int | None = None) -> Race | None:
        """The race with what entering an event needs — its snapshot; its league's id,
        organiser, name and whether it is archived, and `user_id`'s membership of it (as
        `membership`: (role, team id), or None), for the referee's checks — in one hand-written
        query. This read runs on every roll entered at the table, and the ORM's select_related
        over four tables costs four times the query itself (bench/run.py)."""
        race, round_, season, league, member = (
            model._meta.db_table for model in (Race, Round, Season, League, Membership)
        )
        query = (
            f"SELECT {', '.join(f'r.{name}' for name in FOR_ENTRY)}, "
            f"s.league_id, l.organiser_id, l.name, l.archived_at, m.role, m.team_id "
            f"FROM {race} r JOIN {round_} o ON o.id = r.round_id "
            f"JOIN {season} s ON s.id = o.season_id JOIN {league} l ON l.id = s.league_id "
            f"LEFT JOIN {member} m ON m.league_id = l.id AND m.user_id = %s "
            f"WHERE r.id = %s"
        )
        connection = connections[self.db]
        with _prepared_cursor(connection) as cursor:
            cursor.execute(query, [user_id, race_id])
            row = cursor.fetchone()
        if row is None:
            return None
        # Each value as the ORM would read it (the snapshot decoded, the time a datetime), without
        # the raw queryset's machinery, which costs more than the query on PostgreSQL.
        *read, league_id, organiser_id, name, archived_at, role, team_id = row
        values = [
            _read(connection, name, value) for name, value in zip(FOR_ENTRY, read, strict=True)
        ]
        race = Race.from_db(self.db, FOR_ENTRY, values)
        race.league_id, race.organiser_id = league_id, organiser_id
        # Whether the league is archived (read-only) and its name, to say so: not converted,
        # only ever compared with None.
        race.league_name, race.league_archived_at = name, archived_at
        race.membership = None if role is None else (role, team_id)
        return race

    def enter(
        self, race_id: int, *, version: int, seq: int, state: dict, rows: Sequence[RaceEvent]
    ) -> bool:
        """Append one entry's `rows` to the race's log and put the race at `seq` with the
        snapshot `state` and the next version, if it is still at `version` and not committed;
        whether it was (if not, nothing is written). The first row, the referee's, keeps the
        race's snapshot as it was, copied within the database rather than sent back to it; the
        rest keep none, undo taking them back with it. `when` is now, as auto_now_add sets it.

        One write however it is made, hand-written: it runs on every roll entered, and the ORM
        costs more than the statements. On PostgreSQL it is one statement (the update and the
        insert in a WITH, which reads the race as it was before the update); elsewhere the two
        in a transaction. A clash with another device's events raises IntegrityError."""
        connection = connections[self.db]
        now = timezone.now()
        for row in rows:
            row.when = now
        if connection.vendor != "postgresql":
            with transaction.atomic(using=self.db):
                _append(connection, race_id, rows)
                if _move_on(connection, race_id, version=version, seq=seq, state=state):
                    return True
                transaction.set_rollback(True, using=self.db)
                return False
        if not connection.in_atomic_block:  # one statement needs no transaction of its own
            return _enter_at_once(connection, race_id, version, seq, state, rows)
        with transaction.atomic(using=self.db):  # a savepoint: a clash spares the caller's
            return _enter_at_once(connection, race_id, version, seq, state, rows)

    def take_back(
        self, race_id: int, *, version: int, back_to: int | None = None
    ) -> TakenBack | None:
        """Undo's one write: put the race back to before the referee's entry that undo takes
        back (the last, or the latest at or before `back_to`: automatic events and a roll
        tapped with its gear go with the entry before them), restoring the snapshot kept with
        that entry and dropping it and every later event from the log, if the race is still at
        `version` and not committed. None when the log has no such entry.

        Hand-written, as `enter` is: on PostgreSQL one statement (a WITH whose parts share one
        snapshot of the tables), elsewhere three in a transaction. An entry logged before
        snapshots were kept (`TakenBack.state` None) is left alone, for the caller to replay."""
        connection = connections[self.db]
        quote = connection.ops.quote_name
        race, log = quote(Race._meta.db_table), quote(RaceEvent._meta.db_table)
        within = "" if back_to is None else " AND seq <= %s"
        target = (
            f"SELECT seq, state_before FROM {log} WHERE race_id = %s AND automatic = %s "
            f"AND joined = %s{within} ORDER BY seq DESC LIMIT 1"
        )
        params = [race_id, False, False, *([] if back_to is None else [back_to])]
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(
                    f"WITH target AS ({target}), "
                    f"moved AS (UPDATE {race} SET seq = target.seq - 1, version = version + 1, "
                    f"state = target.state_before FROM target WHERE {race}.id = %s "
                    f"AND version = %s AND finished_at IS NULL "
                    f"AND target.state_before IS NOT NULL RETURNING {race}.id), "
                    # The entry taken back and every later one, as a closed range: with its
                    # lower end known only at run time, PostgreSQL takes a range for a narrow
                    # one and reads it from the (race, seq) index, where an open one (seq >=)
                    # read all of a race's long log.
                    f"gone AS (DELETE FROM {log} WHERE race_id = %s "
                    f"AND seq BETWEEN (SELECT seq FROM target) AND %s "
                    f"AND EXISTS (SELECT 1 FROM moved)) "
                    f"SELECT seq, state_before, EXISTS (SELECT 1 FROM moved) FROM target",
                    [*params, race_id, version, race_id, MOST_SEQ],
                )
                found = cursor.fetchone()
            else:
                with transaction.atomic(using=self.db):
                    cursor.execute(target, params)
                    found = cursor.fetchone()
                    if found is not None and found[1] is not None:
                        seq = found[0]
                        cursor.execute(
                            f"UPDATE {race} SET seq = %s, version = version + 1, state = "
                            f"(SELECT state_before FROM {log} WHERE race_id = %s AND seq = %s) "
                            f"WHERE id = %s AND version = %s AND finished_at IS NULL",
                            [seq - 1, race_id, seq, race_id, version],
                        )
                        moved = cursor.rowcount == 1
                        if moved:
                            cursor.execute(
                                f"DELETE FROM {log} WHERE race_id = %s AND seq >= %s",
                                [race_id, seq],
                            )
                        found = (*found, moved)
        if found is None:
            return None
        seq, kept, moved = found[0], found[1], bool(found[2]) if len(found) > 2 else False
        state_field = RaceEvent._meta.get_field("state_before")
        state = None if kept is None else _converted(connection, state_field, kept)
        return TakenBack(seq=seq, state=state, moved=moved)


@dataclass(frozen=True)
class TakenBack:
    """What `take_back` found and did: the entry taken back (`seq`), the snapshot kept with it
    (None for an entry logged before snapshots were kept: nothing was done), and whether the
    race moved back (False: another device changed it first, or it was committed)."""

    seq: int
    state: dict | None
    moved: bool


# Above any event's seq (a PositiveIntegerField's largest on every database).
MOST_SEQ = 2**31 - 1
# The columns of a logged event, as RaceQuerySet.enter writes them.
LOGGED = (
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
UPDATE_RACE = (
    "UPDATE {race} SET seq = %s, version = %s, state = %s "
    "WHERE id = %s AND version = %s AND finished_at IS NULL"
)


def _move_on(connection, race_id: int, *, version: int, seq: int, state: dict) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            UPDATE_RACE.format(race=connection.ops.quote_name(Race._meta.db_table)),
            _update_params(connection, race_id, version, seq, state),
        )
        return cursor.rowcount == 1


def _update_params(connection, race_id: int, version: int, seq: int, state: dict) -> list:
    snapshot = Race._meta.get_field("state").get_db_prep_save(state, connection)
    return [seq, version + 1, snapshot, race_id, version]


def _logged(
    connection, rows: Sequence[RaceEvent], kept: str, kept_params: Sequence = ()
) -> tuple[str, list]:
    """The rows' values as SQL (a VALUES list) and their parameters; `kept` stands for the
    referee's snapshot in the first row (NULL in the others). On PostgreSQL each value is cast to
    its column's type, for the VALUES the insert selects from."""
    fields = [RaceEvent._meta.get_field(name) for name in LOGGED]
    params = []
    for number, row in enumerate(rows):
        for field in fields:
            if field.name == "state_before":
                params += kept_params if number == 0 else []
            else:
                params.append(field.get_db_prep_save(getattr(row, field.attname), connection))
    return _values_sql(connection, len(rows), kept), params


def _values_sql(connection, rows: int, kept: str) -> str:
    """The VALUES list of `rows` logged events, written once for each database and count."""
    key = (connection.vendor, rows, kept)
    if key not in _VALUES_SQL:
        typed = connection.vendor == "postgresql"

        def cell(name: str, first: bool) -> str:
            if name == "state_before":
                return kept if first else "NULL"
            if not typed:
                return "%s"
            return f"CAST(%s AS {RaceEvent._meta.get_field(name).cast_db_type(connection)})"

        _VALUES_SQL[key] = ", ".join(
            f"({', '.join(cell(name, number == 0) for name in LOGGED)})" for number in range(rows)
        )
    return _VALUES_SQL[key]


_VALUES_SQL: dict[tuple[str, int, str], str] = {}


def _columns(connection) -> str:
    quote = connection.ops.quote_name
    return ", ".join(quote(RaceEvent._meta.get_field(name).column) for name in LOGGED)


def _append(connection, race_id: int, rows: Sequence[RaceEvent]) -> None:
    """The log's rows, before the race moves on: the first keeps its snapshot as it stands."""
    quote = connection.ops.quote_name
    kept = f"(SELECT state FROM {quote(Race._meta.db_table)} WHERE id = %s)"
    values, params = _logged(connection, rows, kept, [race_id])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(RaceEvent._meta.db_table)} ({_columns(connection)}) "
            f"VALUES {values}",
            params,
        )


@contextmanager
def _prepared_cursor(connection):
    """A cursor whose statements PostgreSQL keeps prepared on the connection (sent with their
    parameters apart): parsed once, and after a few runs planned once (its generic plan), rather
    than parsed and planned every time they run; elsewhere a plain cursor.

    For an entry's read and write only: they run on every roll entered, planning the read (five
    tables joined) cost more than running it, and they find every row by its key, so one plan
    serves every race. A statement that reads some of a race's log (undo, the latest lines) is
    better planned for the race it reads: a plan made for any race read all of a long log. So
    nothing else is prepared, as Django prepares nothing by default (a connection pooler may
    not keep prepared statements: see docs/deploying.md). The cursor is Django's own
    (connection.cursor()), made while the connection makes server-binding cursors that prepare
    on their first run."""
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    made_by, threshold = raw.cursor_factory, raw.prepare_threshold
    raw.cursor_factory, raw.prepare_threshold = ServerBindingCursor, 0
    try:
        with connection.cursor() as cursor:
            yield cursor
    finally:
        raw.cursor_factory, raw.prepare_threshold = made_by, threshold


def _enter_at_once(connection, race_id, version, seq, state, rows) -> bool:
    """PostgreSQL: the race moved on and its log appended in one statement; the insert reads
    the race's row as it was before the update (a WITH's statements share one snapshot)."""
    quote = connection.ops.quote_name
    race, log = quote(Race._meta.db_table), quote(RaceEvent._meta.db_table)
    values, params = _logged(connection, rows, "before.state")
    with _prepared_cursor(connection) as cursor:
        cursor.execute(
            f"WITH moved AS ({UPDATE_RACE.format(race=race)} RETURNING id) "
            f"INSERT INTO {log} ({_columns(connection)}) "
            f"SELECT logged.* FROM moved JOIN {race} before ON before.id = moved.id, "
            f"LATERAL (VALUES {values}) AS logged",
            [*_update_params(connection, race_id, version, seq, state), *params],
        )
        return cursor.rowcount == len(rows)


# The race's columns for_entry reads, in the model's order (as Model.from_db takes them).
FOR_ENTRY = ("id", "round_id", "state", "seq", "version", "finished_at")
# An event's columns as the turn page's log shows them (latest_of): all but its snapshot.
SHOWN = ("id", "race", "seq", "kind", "payload", "text", "automatic", "joined", "who", "when")


def _read(connection, name: str, value):
    """`value` of the race's column `name` as the ORM converts it from the database."""
    return _converted(connection, Race._meta.get_field(name.removesuffix("_id")), value)


def _converted(connection, field: models.Field, value):
    """`value` of `field`'s column as the ORM converts it from the database."""
    known = _CONVERTERS.setdefault(connection, {})
    if field not in known:
        column = field.get_col(field.model._meta.db_table)
        converters = connection.ops.get_db_converters(column)
        known[field] = (column, converters + column.get_db_converters(connection))
    column, converters = known[field]
    for convert in converters:
        value = convert(value, column, connection)
    return value


# Each connection's converters for a column, found once: the entry's read converts its values
# on every roll entered.
_CONVERTERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


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
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    created = models.DateTimeField(default=timezone.now, editable=False)
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


class RaceEventQuerySet(models.QuerySet):
    def latest_of(self, race_id: int, count: int) -> list[RaceEvent]:
        """The race's latest `count` events, in the order they happened, each with who entered
        it (their username) and without the snapshot kept with it, in one hand-written query:
        the turn page shows them after every entry and undo, and the ORM's select_related
        costs more than the query."""
        connection, user_model = connections[self.db], get_user_model()
        quote = connection.ops.quote_name
        log, users = quote(RaceEvent._meta.db_table), quote(user_model._meta.db_table)
        columns = ", ".join(f"e.{quote(RaceEvent._meta.get_field(name).column)}" for name in SHOWN)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {columns}, u.username FROM {log} e LEFT JOIN {users} u "
                f"ON u.id = e.who_id WHERE e.race_id = %s ORDER BY e.seq DESC LIMIT %s",
                [race_id, count],
            )
            rows = cursor.fetchall()
        fields = [RaceEvent._meta.get_field(name) for name in SHOWN]
        events = []
        for *values, username in reversed(rows):
            converted = [_converted(connection, f, v) for f, v in zip(fields, values, strict=True)]
            event = RaceEvent.from_db(self.db, [f.attname for f in fields], converted)
            if event.who_id is not None:
                event.who = user_model(id=event.who_id, username=username)
            events.append(event)
        return events


class RaceEvent(models.Model):
    """One input from the table, in the engine's words (Event.kind and Event.data)."""

    # No index of its own: the unique (race, seq) leads with the race. A second index on the
    # race alone costs every entry's insert and led PostgreSQL's generic plan for undo's delete
    # (seq from the entry taken back) through all of a race's events.
    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="events", db_index=False)
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
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    when = models.DateTimeField(default=timezone.now, editable=False)

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


from .rulings import Ruling  # noqa: E402, F401 (a model of its own module)
