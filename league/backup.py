"""A whole league in one JSON file, and back: `league_export` and `league_import`.

The file holds every row of the league (its seasons, rounds, teams, drivers, entries, season-end
lines, the notes that reopen a round, its members and the starters its team owners chose) as
the database has them, each row under the id it had where it was exported, plus the tracks and
people those rows name: tracks by name, people by username only (never a password). Importing
inserts the rows under new ids and points each reference at the new row, so a league comes
back beside others, with the same standings, careers and history.

League names no app that builds on it: another app's rows of a league (the races at the table
and their event logs) join the file through `register`, called from that app's ready().

The format has a version: a file of another version, or one whose league's address is taken,
is refused with the reason before anything is written, and a file that turns out wrong halfway
writes nothing either (one transaction).
"""

from __future__ import annotations

import datetime
import functools
import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import (
    DataError,
    IntegrityError,
    connection,
    connections,
    models,
    router,
    transaction,
)
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models.functions import Lower
from django.utils import timezone

from rules.championship import InvalidSetting, UnknownChampionship, rule_sets
from rules.dice_luck import checked_tally

from . import backup_file, slugs
from .models import (
    Driver,
    Entry,
    League,
    Membership,
    Role,
    Round,
    RoundResultChange,
    RoundStatus,
    Season,
    SeasonEndChange,
    StarterChoice,
    Team,
    Track,
)

FORMAT = "paddock-league"
FORMAT_VERSION = 2  # 2: members and starter choices for the referees of version 1
# Rows written at a time: a statement each, or more where the database takes fewer parameters
# in one (PostgreSQL takes 65,535, and a row of the widest table, an entry, is 21); and fewer
# rows where they are long (a race's snapshot each), so a batch holds at most some megabytes.
BATCH = 1000
BATCH_CHARACTERS = 4 << 20

NOT_A_BACKUP = "This is not a Paddock league backup (no {format!r} format named in it)."
UNKNOWN_VERSION = (
    "This backup is in format version {found}; this Paddock reads version {known} only."
)
SLUG_TAKEN = (
    "A league at the address {slug!r} exists already: nothing was imported. Import into a "
    "database without it (or rename that league's address first)."
)
NAME_TAKEN = (
    "{organiser} has a league called {name!r} already: nothing was imported. Rename that "
    "league first."
)
PART_UNKNOWN = "The backup has a part {part!r} this Paddock does not know: nothing was imported."
PART_OUT_OF_ORDER = (
    "The backup's {part!r} comes after its {before!r}: Paddock writes the parts of a backup in "
    "the order {order}, and reads them so. Nothing was imported."
)
TABLE_MISSING = "The backup has no {label!r} table: it is not a whole league."
TABLE_UNKNOWN = "The backup has a {label!r} table this Paddock does not know."
TABLE_OUT_OF_ORDER = (
    "The backup's {label!r} table comes after its {before!r} table: Paddock writes a league's "
    "tables so that a row names only rows before it, and reads them so."
)
FIELD_UNKNOWN = "The backup's {label!r} rows have a field {field!r} this Paddock does not know."
BROKEN_REFERENCE = (
    "Row {row} of the backup's {label!r} table names {field} {value!r}, which is not in the file."
)
BAD_ROW = "Row {row} of the backup's {label!r} table cannot be read: {reason}"
ONE_LEAGUE = "The backup must hold exactly one league."
TOO_MANY = "The backup names more {what} than a league ever has ({most:,}): nothing was imported."
# A clash the checks before writing did not foresee, said without the database's own words.
CLASH = (
    "The backup clashes with what is on this site already (two rows the site keeps apart are "
    "the same): nothing was imported."
)
OUT_OF_RANGE = "The backup holds a value this site cannot store: nothing was imported."
# Who restores a league on the restore page, in place of the file's organiser.
RESTORER = "restorer"
# The most characters of one piece of the file: a header's value, a person, a track, and a row
# of a table (a race's setup and snapshot of 40 cars are some 40,000).
MOST_HEADER = 200
MOST_PERSON = 1_000
MOST_TRACK = 2_000
MOST_ROW = 1 << 20
# The most people and tracks one league names (a league of 10,000 drivers names a handful).
MOST_PEOPLE = 10_000
MOST_TRACKS = 10_000
# The parts of a file, in the order league_export writes them: a row of a table names people
# and tracks, so those come first.
PARTS = ("format", "version", "exported_at", "league", "users", "tracks", "tables")


@dataclass(frozen=True)
class Table:
    """A model whose rows belong to a league, how to find them, and what to ask of a row read
    from a file beyond its fields' types (`check` raises ValueError, TypeError or KeyError for
    a row this Paddock could not show)."""

    label: str
    model: type[models.Model]
    rows: Callable[[League], models.QuerySet]
    check: Callable[[models.Model], object] | None = None


# In the order they are imported: a row only names rows of tables before it (and people and
# tracks, which come first).
TABLES: list[Table] = [
    Table("league.league", League, lambda league: League.objects.filter(pk=league.pk)),
    Table("league.season", Season, lambda league: Season.objects.filter(league=league)),
    Table("league.round", Round, lambda league: Round.objects.filter(season__league=league)),
    Table("league.team", Team, lambda league: Team.objects.filter(league=league)),
    Table("league.driver", Driver, lambda league: Driver.objects.filter(team__league=league)),
    # Its referees and team owners (an invitation is left out: a one-use secret for one person).
    Table("league.membership", Membership, lambda league: Membership.objects.filter(league=league)),
    Table(
        "league.starterchoice",
        StarterChoice,
        lambda league: StarterChoice.objects.filter(round__season__league=league),
    ),
    Table("league.entry", Entry, lambda league: Entry.objects.filter(round__season__league=league)),
    Table(
        "league.seasonendchange",
        SeasonEndChange,
        lambda league: SeasonEndChange.objects.filter(season__league=league),
    ),
    Table(
        "league.roundresultchange",
        RoundResultChange,
        lambda league: RoundResultChange.objects.filter(round__season__league=league),
    ),
]


def register(
    label: str,
    model: type[models.Model],
    rows: Callable[[League], models.QuerySet],
    check: Callable[[models.Model], object] | None = None,
):
    """Add another app's rows of a league to the file (after the league's own): `rows(league)`
    are that league's rows of `model`, `check(row)` what a row read from a file must pass.
    Called from the app's ready(), once per table."""
    if all(table.label != label for table in TABLES):
        TABLES.append(Table(label, model, rows, check))


def league_export(league: League) -> dict[str, Any]:
    """The league as one JSON-ready dict: one query per table, whatever its size, all read
    from one snapshot of the database, so a result written meanwhile is in the file whole or
    not at all."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            # Read committed would give each table's query a snapshot of its own.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return _export(league)


def _export(league: League) -> dict[str, Any]:
    tables = {table.label: _rows(table.model, table.rows(league)) for table in TABLES}
    user_model = get_user_model()
    users = _named(tables, user_model)
    tracks = _named(tables, Track)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "league": league.slug,
        "users": [
            {"id": pk, "username": username}
            for pk, username in user_model.objects.filter(pk__in=users)
            .order_by("pk")
            .values_list("pk", user_model.USERNAME_FIELD)
        ],
        "tracks": _rows(Track, Track.objects.filter(pk__in=tracks)),
        "tables": tables,
    }


def league_file(league: League) -> str:
    """The league's backup as the text of its file (JSON)."""
    return json.dumps(league_export(league), ensure_ascii=False, separators=(",", ":"))


def file_name(league: League) -> str:
    return f"paddock-{league.slug}-{timezone.localdate().isoformat()}.json"


def _fields(model: type[models.Model]) -> list[models.Field]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


def _rows(model: type[models.Model], queryset: models.QuerySet) -> list[dict[str, Any]]:
    fields = _fields(model)
    values = queryset.order_by("pk").values_list("pk", *(field.attname for field in fields))
    return [
        {
            "id": row[0],
            **{field.name: _json(value) for field, value in zip(fields, row[1:], strict=True)},
        }
        for row in values
    ]


def _json(value: Any) -> Any:
    # Written out in full: DjangoJSONEncoder would cut a time to milliseconds.
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _named(tables: dict[str, list[dict[str, Any]]], target: type[models.Model]) -> set[int]:
    """The ids of `target` (people, tracks) that the tables' rows name."""
    named = set()
    for table in TABLES:
        for field in _fields(table.model):
            if field.is_relation and field.related_model is target:
                named.update(row[field.name] for row in tables[table.label])
    named.discard(None)
    return named


@dataclass(frozen=True)
class Imported:
    """What `league_import` made, and what whoever restored it is to be told."""

    league: League
    # The league's address as the file gives it (lower case): the league is elsewhere when that
    # one was not free (the restore page).
    address_in_file: str
    # The members the restore page left out, in words: "alice (referee)".
    members_left_out: tuple[str, ...] = ()
    # The file's tracks whose weather or number differ from this site's track of that name,
    # each restored as a track of its own: (the name in the file, the name given it here).
    tracks_kept_apart: tuple[tuple[str, str], ...] = ()


class RestoredAlready(Exception):  # noqa: N818 (an answer, not an error)
    """The league at the file's address is one the restorer organises already: the same file
    again, or a double tap."""

    def __init__(self, league: League) -> None:
        super().__init__(league.slug)
        self.league = league


def league_import(source: IO[bytes], *, organiser=None) -> Imported:
    """The league in `source` (a backup file, read a piece at a time: league/backup_file.py)
    written into this database under new ids, in one transaction: each row is checked as the
    site's forms and pages need it before it is written, and a refusal anywhere in the file
    (a ValidationError saying why) leaves nothing behind.

    Tracks are matched by name whatever the case; one not here yet is added, and one whose
    weather or number differs from this site's track of its name is added as a track of its
    own ("Monza (restored)"), so a restore never changes what another league races on.

    Without `organiser` (the site's administrator, `manage.py import_league`), people are
    matched by username, and one not here yet gets an account with no password (an admin sets
    one): the league comes back whole, at the address it had (a taken one is refused). With
    `organiser` (whoever restores it on the restore page), the file's people are not this
    site's to name: no account is made or linked, the restorer organises the league alone, the
    log keeps its entries without who typed them, and `Imported.members_left_out` lists whom
    to invite again (docs/rulings.md, "Roles"); the league comes back at its address, or at the
    first free one after it (RestoredAlready if the restorer organises the league there)."""
    try:
        with transaction.atomic():
            return _Import(organiser).read(backup_file.Reader(source))
    except IntegrityError as error:
        raise ValidationError(CLASH) from error
    except DataError as error:
        raise ValidationError(OUT_OF_RANGE) from error


TRACKS = Table("tracks", Track, lambda league: Track.objects.none())
USERS = "users"


def _referenced() -> set[type[models.Model]]:
    """The models a row of the file may name: their rows' new ids are kept while importing."""
    return {
        field.related_model
        for table in TABLES
        for field in _fields(table.model)
        if field.is_relation and field.related_model is not None
    }


class _Import:
    """One import, reading the file's parts in order (PARTS), each row checked, then written a
    statement per BATCH rows."""

    def __init__(self, organiser) -> None:
        self.organiser = organiser
        self.user_model = get_user_model()
        self.names: dict[int, str] = {}  # the file's people: id -> username
        # Each row's new id by its id in the file, for the models rows name.
        self.ids: dict[type[models.Model], dict[int, int]] = {
            model: {} for model in (*_referenced(), self.user_model, Track)
        }
        self.league: League | None = None
        self.address_in_file = ""
        self.file_lead: Any = None
        self.left_out: list[str] = []
        self.kept_apart: list[tuple[str, str]] = []
        self.round_status: dict[int, str] = {}  # by the round's new id
        self.seen: dict[tuple[str, str], set[tuple]] = {}  # unique keys of the rows so far

    # -- the parts of the file ------------------------------------------------------------

    def read(self, reader: backup_file.Reader) -> Imported:
        if reader.start("the backup") != "{":
            raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))
        seen: list[str] = []
        for part in reader.keys("the backup", MOST_HEADER):
            if part not in PARTS:
                if "format" not in seen:
                    raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))
                raise ValidationError(PART_UNKNOWN.format(part=part[:MOST_HEADER]))
            if part != "format" and "format" not in seen:
                raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))
            if part != "version" and seen == ["format"]:
                raise ValidationError(UNKNOWN_VERSION.format(found=None, known=FORMAT_VERSION))
            if seen and PARTS.index(part) <= PARTS.index(seen[-1]):
                raise ValidationError(
                    PART_OUT_OF_ORDER.format(part=part, before=seen[-1], order=", ".join(PARTS))
                )
            seen.append(part)
            getattr(self, f"_{part}")(reader)
        reader.end()
        if "format" not in seen:
            raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))
        if "version" not in seen:
            raise ValidationError(UNKNOWN_VERSION.format(found=None, known=FORMAT_VERSION))
        if "tables" not in seen:
            raise ValidationError(TABLE_MISSING.format(label="tables"))
        return self._finished()

    def _format(self, reader: backup_file.Reader) -> None:
        if reader.value("format", MOST_HEADER) != FORMAT:
            raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))

    def _version(self, reader: backup_file.Reader) -> None:
        found = reader.value("version", MOST_HEADER)
        if found != FORMAT_VERSION or isinstance(found, bool):
            raise ValidationError(UNKNOWN_VERSION.format(found=found, known=FORMAT_VERSION))

    def _exported_at(self, reader: backup_file.Reader) -> None:
        reader.value("time of export", MOST_HEADER)

    def _league(self, reader: backup_file.Reader) -> None:
        reader.value("league's address", MOST_HEADER)

    def _users(self, reader: backup_file.Reader) -> None:
        for number, _item in enumerate(reader.items("the backup's people"), start=1):
            if number > MOST_PEOPLE:
                raise ValidationError(TOO_MANY.format(what="people", most=MOST_PEOPLE))
            row = reader.value(f"person {number}", MOST_PERSON)
            if not isinstance(row, dict):
                raise _bad(number, USERS, "a person is written as an id and a username")
            unknown = set(row) - {"id", "username"}
            if unknown:
                raise ValidationError(FIELD_UNKNOWN.format(label=USERS, field=min(unknown)))
            old, username = row.get("id"), row.get("username")
            if not _is_id(old) or not isinstance(username, str):
                raise _bad(number, USERS, "a person is written as an id and a username")
            if old in self.names:
                raise _bad(number, USERS, "its id is an earlier person's too")
            self.names[old] = username
        if self.organiser is None:
            self.ids[self.user_model] = _people(self.names)

    def _tracks(self, reader: backup_file.Reader) -> None:
        rows = []
        for number, _item in enumerate(reader.items("the backup's tracks"), start=1):
            if number > MOST_TRACKS:
                raise ValidationError(TOO_MANY.format(what="tracks", most=MOST_TRACKS))
            row = reader.value(f"track {number}", MOST_TRACK)
            old, track = self._row(TRACKS, number, row)
            rows.append((old, track))
        for old, track in rows:
            self.ids[Track][old] = self._track_here(track)

    def _tables(self, reader: backup_file.Reader) -> None:
        labels = [table.label for table in TABLES]
        following = 0  # the index of the table expected next
        for label in reader.keys("the backup's tables", MOST_HEADER):
            if label not in labels:
                raise ValidationError(TABLE_UNKNOWN.format(label=label))
            index = labels.index(label)
            if index < following:
                before = labels[following - 1]
                raise ValidationError(TABLE_OUT_OF_ORDER.format(label=label, before=before))
            if index > following:
                raise ValidationError(TABLE_MISSING.format(label=labels[following]))
            self._table(TABLES[index], reader)
            following = index + 1
        if following < len(labels):
            raise ValidationError(TABLE_MISSING.format(label=labels[following]))

    def _table(self, table: Table, reader: backup_file.Reader) -> None:
        batch: list[tuple[Any, models.Model]] = []
        rows = 0
        batch_from = reader.position
        for number, _item in enumerate(reader.items(f"the backup's {table.label!r} table"), 1):
            if table.model is League and number > 1:
                raise ValidationError(ONE_LEAGUE)
            row = reader.value(f"row {number} of its {table.label!r} table", MOST_ROW)
            rows = number
            made = self._row(table, number, row)
            if made is not None:
                batch.append(made)
            if len(batch) >= BATCH or reader.position - batch_from > BATCH_CHARACTERS:
                self._write(table, batch)
                batch, batch_from = [], reader.position
        if table.model is League and rows != 1:
            raise ValidationError(ONE_LEAGUE)
        self._write(table, batch)

    def _finished(self) -> Imported:
        league = self.league
        assert league is not None  # the tables hold exactly one league
        # Every organiser is a member (a file written before they were lacks its organiser's).
        leads = {league.organiser_id}
        if self.organiser is None:
            leads.add(self.ids[self.user_model].get(self.file_lead, league.organiser_id))
        for lead in leads:
            Membership.objects.ensure_organiser(league=league, user_id=lead)
        return Imported(
            league=league,
            address_in_file=self.address_in_file,
            members_left_out=tuple(self.left_out),
            tracks_kept_apart=tuple(self.kept_apart),
        )

    # -- one row --------------------------------------------------------------------------

    def _row(self, table: Table, number: int, row: Any) -> tuple[Any, models.Model] | None:
        """(its id in the file, the row as a model instance checked and ready to insert); None
        for a row the restore page leaves out (a member)."""
        label, model = table.label, table.model
        if not isinstance(row, dict):
            raise _bad(number, label, "a row is written as its fields and their values")
        shape = _shape(model)
        fields = shape.fields
        unknown = row.keys() - fields.keys() - {"id"}
        if unknown:
            raise ValidationError(FIELD_UNKNOWN.format(label=label, field=min(unknown)))
        old = row.get("id")
        if model in self.ids:
            if not _is_id(old):
                raise _bad(number, label, "its id is not a whole number")
            ids = self.seen.setdefault(("id", label), set())
            if old in ids:
                raise _bad(number, label, "its id is an earlier row's too")
            ids.add(old)
        for field in shape.required:
            if row.get(field.name) is None:
                raise _bad(number, label, f"it names no {field.verbose_name}")
        values = {}
        for name, value in row.items():
            if name != "id":
                field = fields[name]
                values[field.attname] = self._value(label, number, field, value)
        obj = model(**values)
        for field in shape.stamped:  # a file from before the field was added
            if field.name not in row:
                setattr(obj, field.attname, timezone.now())
        for name in NAMES.get(model, ()):
            setattr(obj, name, plain_name(getattr(obj, name)))
        if model is League:
            self._league_row(obj, row)
        elif self.organiser is not None and shape.people:
            if any(not field.null for field in shape.people):
                self._leave_out(obj, row, number, label)
                return None
            for field in shape.people:
                setattr(obj, field.attname, None)
        _cleaned(label, number, obj, exclude=_unchecked(obj))
        self._checked(table, number, obj)
        self._unique(table, number, obj)
        return old, obj

    def _value(self, label: str, number: int, field: models.Field, value: Any) -> Any:
        if field.is_relation:
            return self._reference(label, number, field, value)
        if value is None:
            if field.null:
                return None
            raise _bad(number, label, f"{field.name}: it may not be empty")
        if isinstance(field, models.JSONField):
            return value  # read as plain JSON (backup_file); each is checked with its row
        kind = _json_kind(field, value)
        if kind:
            raise _bad(number, label, f"{field.name}: {value!r} is not {kind}")
        if isinstance(field, models.IntegerField):
            low, high = INTEGER_RANGES[field.get_internal_type()]
            if not low <= value <= high:
                raise _bad(number, label, f"{field.name}: {value} is out of range")
        try:
            value = field.to_python(value)
        except ValidationError as error:
            raise _bad(number, label, f"{field.name}: {' '.join(error.messages)}") from error
        if isinstance(value, datetime.datetime):
            if timezone.is_naive(value):
                raise _bad(number, label, f"{field.name}: a time needs its time zone")
            try:
                value.astimezone(datetime.UTC)
            except OverflowError as error:
                raise _bad(number, label, f"{field.name}: a time out of range") from error
        return value

    def _reference(self, label: str, number: int, field: models.Field, value: Any) -> Any:
        if value is None:
            return None
        target = field.related_model
        known = self.names if target is self.user_model else self.ids.get(target, {})
        if not _is_id(value) or value not in known:
            raise ValidationError(
                BROKEN_REFERENCE.format(row=number, label=label, field=field.name, value=value)
            )
        return self.ids[target].get(value)  # no one, for a person on the restore page

    def _league_row(self, league: League, row: dict[str, Any]) -> None:
        """The league's address made lower case and plain; the restorer in place of the file's
        organiser on the restore page, the league at the first free address after the file's;
        elsewhere the file's address, which must be free."""
        self.file_lead = row.get("organiser")
        if not isinstance(league.settings, dict):
            raise _bad(
                1, "league.league", "a league's settings are written as their values by name"
            )
        league.slug = slugs.normalised(league.slug)
        self.address_in_file = league.slug
        here = League.objects.filter(slug__iexact=league.slug).first()
        if self.organiser is not None:
            league.organiser_id = self.organiser.pk
            if here is not None and here.can_manage(self.organiser):
                raise RestoredAlready(here)
            league.slug = slugs.free_slug(league.slug, taken=_slug_taken)
        elif here is not None:
            raise ValidationError(SLUG_TAKEN.format(slug=league.slug))
        if league.organiser_id is not None:
            theirs = League.objects.filter(organiser_id=league.organiser_id)
            if theirs.filter(name__iexact=league.name).exists():
                said = NAME_TAKEN.format(organiser=league.organiser, name=league.name)
                raise ValidationError(said)
        self.league = league

    def _leave_out(self, obj: models.Model, row: dict[str, Any], number: int, label: str) -> None:
        """A member's row, which the restore page does not bring back: checked all the same,
        and named among those to invite again."""
        obj.user_id = None
        _cleaned(label, number, obj, exclude=_unchecked(obj))
        role = dict(Role.choices)[obj.role].lower()
        self.left_out.append(f"{self.names[row['user']]} ({role})")

    def _checked(self, table: Table, number: int, obj: models.Model) -> None:
        """What the league's pages need of a row beyond its fields (its JSON fields as its rule
        set validates them, a result as the standings read it), and a registered table's check."""
        league_check = LEAGUE_CHECKS.get(table.model)
        try:
            if league_check is not None:
                league_check(self, obj)
            if table.check is not None:
                table.check(obj)
        except ValidationError as error:
            raise _bad(number, table.label, " ".join(error.messages)) from error
        except (InvalidSetting, UnknownChampionship) as error:
            raise _bad(number, table.label, str(error)) from error
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
            raise _bad(number, table.label, repr(error)) from error

    def _unique(self, table: Table, number: int, obj: models.Model) -> None:
        """A row the same as an earlier row of the file where the database keeps rows apart
        (two teams of one name, two entries of one car) is refused, in words."""
        for name, key in _unique_keys(table.model):
            value = key(obj)
            if any(part is None for part in value):
                continue
            seen = self.seen.setdefault((table.label, name), set())
            if value in seen:
                raise _bad(number, table.label, f"it has the {name} of an earlier row")
            seen.add(value)

    def _write(self, table: Table, batch: list[tuple[Any, models.Model]]) -> None:
        """Insert `batch` in one statement, as loaddata inserts (raw): the times stamped at
        each row's making are the file's, where an insert would stamp them with now."""
        if not batch:
            return
        model, fields = table.model, _fields(table.model)
        objs = [obj for _old, obj in batch]
        database = router.db_for_write(model)
        size = max(1, connections[database].ops.bulk_batch_size(fields, objs))
        for start in range(0, len(objs), size):
            some = objs[start : start + size]
            ids = model._base_manager.using(database)._insert(
                some,
                fields=fields,
                returning_fields=model._meta.db_returning_fields,
                raw=True,
                using=database,
            )
            for obj, (pk, *_rest) in zip(some, ids, strict=True):
                obj.pk = pk
                obj._state.adding, obj._state.db = False, database
        if model in self.ids:
            self.ids[model].update((old, obj.pk) for old, obj in batch)
        if model is Round:
            self.round_status.update((obj.pk, obj.status) for obj in objs)

    # -- tracks ---------------------------------------------------------------------------

    def _track_here(self, track: Track) -> int:
        """This site's track for the file's `track`: the one of its name whatever the case,
        where its weather and number are the same; else a track of its own, "Name (restored)"
        (or "(restored 2)"...), reused by a later restore of the same track."""
        in_file = track.name
        for attempt in range(MOST_TRACKS):
            name = _restored_name(in_file, attempt)
            here = Track.objects.filter(name__iexact=name).first()
            if here is None:
                track.name = name
                track.save(force_insert=True)
                here = track
            elif _track_facts(here) != _track_facts(track):
                continue
            if attempt:
                self.kept_apart.append((in_file, here.name))
            return here.pk
        raise ValidationError(TOO_MANY.format(what="tracks", most=MOST_TRACKS))


def _restored_name(name: str, attempt: int) -> str:
    """The name of the file's track `name` at the `attempt`-th try: its own, then
    "Name (restored)", "Name (restored 2)"... within the longest name a track takes."""
    if not attempt:
        return name
    suffix = " (restored)" if attempt == 1 else f" (restored {attempt})"
    most = Track._meta.get_field("name").max_length
    return name[: most - len(suffix)] + suffix


def _track_facts(track: Track) -> tuple[Any, ...]:
    """What makes two tracks of one name the same track to race on."""
    return (track.weather_table, track.weather_chart, track.number)


# What each integer column takes, the same on every database (SQLite would take any 64-bit
# number, PostgreSQL the column's own range): a file one site takes, every site takes.
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges

# --- what a row must be --------------------------------------------------------------------

# The fields that name a thing, shown on its pages: made plain (plain_name).
NAMES: dict[type[models.Model], tuple[str, ...]] = {
    League: ("name",),
    Team: ("name",),
    Driver: ("name",),
    Track: ("name",),
}


def plain_name(name: str) -> str:
    """A name as a reader sees it: Unicode's compatibility form (NFKC: a full-width or a
    ligature letter as the letter), without the characters that show nothing (zero-width
    spaces and joiners, right-to-left and other direction marks, control characters), its
    spaces single. So two names that look the same are the same, and a name cannot reorder
    the text around it."""
    text = unicodedata.normalize("NFKC", name)
    shown = []
    for character in text:
        category = unicodedata.category(character)
        if category in ("Cc", "Zl", "Zp"):
            shown.append(" ")
        elif category not in ("Cf", "Co", "Cn", "Cs"):
            shown.append(character)
    return " ".join("".join(shown).split())


def _season_checked(run: _Import, season: Season) -> None:
    if season.number < 1:
        raise ValidationError("a season's number is 1 or more")
    if not isinstance(season.setup, dict):
        raise ValidationError("a season's setup is written as its numbers by name")
    run.league.rules.validated_season_setup(season.setup)


def _round_checked(run: _Import, round_: Round) -> None:
    rules = run.league.rules
    if not 1 <= round_.number <= rules.most_rounds:
        raise ValidationError(f"a season of {rules.title} has rounds 1 to {rules.most_rounds}")
    if not isinstance(round_.race_options, dict):
        raise ValidationError("a round's race options are written as their values by name")
    rules.validated_race_options(round_.race_options)
    formats = {"", *dict(rules.race_formats)}
    kept = {setting.key: setting for setting in rules.settings}.get(rules.race_format_option)
    if kept is not None:
        formats |= set(dict(kept.choices))
    if round_.race_format not in formats:
        raise ValidationError(f"{rules.title} has no race format {round_.race_format!r}")


def _driver_checked(run: _Import, driver: Driver) -> None:
    if not isinstance(driver.driver_card, dict):
        raise ValidationError("a driver's card is written as its skill and WP by zone")
    if driver.driver_card:
        run.league.rules.validated_driver_card(driver.driver_card)


def _entry_checked(run: _Import, entry: Entry) -> None:
    """An entry as the round page, the standings and the exports read it: only in a round
    started or finished; in a finished one, with its place and whether it finished; a way out
    that a rule set has; an injury check its rule set can read."""
    status = run.round_status[entry.round_id]
    if status == RoundStatus.SCHEDULED:
        raise ValidationError("an entry of a round not started yet")
    if entry.place is not None and entry.place < 1:
        raise ValidationError("a place is 1st or later")
    if status == RoundStatus.FINISHED and (entry.place is None or entry.finished is None):
        raise ValidationError("an entry of a finished round without its place")
    if entry.out_reason and entry.out_reason not in OUT_REASONS():
        raise ValidationError(f"no rule set has the way out {entry.out_reason!r}")
    columns, rolls = entry.injury_columns, entry.injury_rolls
    if not isinstance(columns, list) or not isinstance(rolls, list):
        raise ValidationError("an injury check is written as its columns and its rolls")
    if any(isinstance(roll, bool) or not isinstance(roll, int) for roll in rolls):
        raise ValidationError("an injury check's rolls are whole numbers")
    entry.injury_check(run.league.rules)
    checked_tally(entry.dice)


@functools.cache
def OUT_REASONS() -> frozenset[str]:  # noqa: N802 (a constant, read once the rule sets load)
    return frozenset(key for rules in rule_sets() for key, _label in rules.out_reasons)


LEAGUE_CHECKS: dict[type[models.Model], Callable[[_Import, Any], None]] = {
    Season: _season_checked,
    Round: _round_checked,
    Driver: _driver_checked,
    Entry: _entry_checked,
}


def _cleaned(label: str, number: int, obj: models.Model, *, exclude: list[str]) -> None:
    """`obj` as a form would clean it: each field's type, length, range and choices, and the
    model's own clean() (a league's settings by its rule set, a track's weather). References
    are the file's to check (`_reference`), and uniqueness the import's (`_unique`): a query
    a row for either would cost a league of 100,000 rows as many."""
    try:
        obj.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
        for constraint in obj._meta.constraints:
            if isinstance(constraint, models.CheckConstraint):
                constraint.validate(type(obj), obj)
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise _bad(number, label, repr(error)) from error  # a JSON field's clean() choked on it
    except ValidationError as error:
        reasons = []
        for field, messages in getattr(error, "message_dict", {"": error.messages}).items():
            said = " ".join(messages)
            reasons.append(said if field in ("", NON_FIELD_ERRORS) else f"{field}: {said}")
        raise _bad(number, label, "; ".join(reasons)) from error


def _unchecked(obj: models.Model) -> list[str]:
    """The fields of `obj` that full_clean is not to check: its references (the import checks
    them), its JSON (read as plain JSON: backup_file; its rule set checks what it holds), and
    an empty value where the column takes one (a result not entered yet)."""
    shape = _shape(type(obj))
    return [
        *shape.unchecked,
        *(field.name for field in shape.nullable if getattr(obj, field.attname) is None),
    ]


@dataclass(frozen=True)
class _Shape:
    """What the import asks of a model's fields, found once per model."""

    fields: dict[str, models.Field]  # by name
    required: tuple[models.Field, ...]  # references a row must make
    people: tuple[models.Field, ...]  # references to a person
    stamped: tuple[models.Field, ...]  # set to now when a row is made
    unchecked: tuple[str, ...]  # references and JSON, which full_clean is not to check
    nullable: tuple[models.Field, ...]  # the others that may be empty


@functools.cache
def _shape(model: type[models.Model]) -> _Shape:
    fields = {field.name: field for field in _fields(model)}
    user_model = get_user_model()
    unchecked = [
        field
        for field in fields.values()
        if field.is_relation or isinstance(field, models.JSONField)
    ]
    return _Shape(
        fields=fields,
        required=tuple(f for f in fields.values() if f.is_relation and not f.null),
        people=tuple(f for f in fields.values() if f.is_relation and f.related_model is user_model),
        stamped=tuple(f for f in fields.values() if _stamped(f)),
        unchecked=tuple(field.name for field in unchecked),
        nullable=tuple(f for f in fields.values() if f.null and f not in unchecked),
    )


# What the site keeps unique beyond the database's constraints (team_create checks it): a
# team's name in its league, whatever the case.
SITE_KEYS: dict[type[models.Model], list[tuple[str, Callable[[Any], tuple]]]] = {
    Team: [("name (whatever the case)", lambda team: (team.name.lower(),))],
}


@functools.cache
def _unique_keys(model: type[models.Model]) -> list[tuple[str, Callable[[Any], tuple]]]:
    """Each set of values the database (or the site: SITE_KEYS) keeps unique among `model`'s
    rows, in words, and how to read it off a row (a name whatever its case in lower case)."""
    keys = list(SITE_KEYS.get(model, ()))
    for field in _fields(model):
        if field.unique:
            keys.append((field.verbose_name, _getter(model, field.name)))
    for constraint in model._meta.constraints:
        if not isinstance(constraint, models.UniqueConstraint) or constraint.condition:
            continue
        parts = [*constraint.fields, *constraint.expressions]
        getters = [_getter(model, part) for part in parts]
        if all(getters):
            words = " and ".join(_words(model, part) for part in parts)
            keys.append((words, lambda obj, read=getters: tuple(get(obj)[0] for get in read)))
    return keys


def _getter(model: type[models.Model], part: Any) -> Callable[[Any], tuple] | None:
    if isinstance(part, str | models.F):
        field = model._meta.get_field(part if isinstance(part, str) else part.name)
        return lambda obj: (getattr(obj, field.attname),)
    if isinstance(part, Lower):
        inner = _getter(model, part.source_expressions[0])
        if inner is None:
            return None
        return lambda obj: tuple(v.lower() if isinstance(v, str) else v for v in inner(obj))
    return None  # the database's to keep unique (CLASH)


def _words(model: type[models.Model], part: Any) -> str:
    if isinstance(part, Lower):
        return f"{_words(model, part.source_expressions[0])} (whatever the case)"
    name = part if isinstance(part, str) else part.name
    return str(model._meta.get_field(name).verbose_name)


def _json_kind(field: models.Field, value: Any) -> str:
    """What a value of `field` is written as in a backup, if `value` is not that; else ""."""
    if isinstance(field, models.BooleanField):
        return "" if isinstance(value, bool) else "yes or no (true or false)"
    if isinstance(value, bool):
        return "a yes or no"
    if isinstance(field, models.IntegerField):
        return "" if isinstance(value, int) else "a whole number"
    if isinstance(field, models.DecimalField):
        return "" if isinstance(value, str | int | float) else "a number"
    if isinstance(field, models.DateField):
        return "" if isinstance(value, str) else "a time, written out"
    if isinstance(field, models.CharField | models.TextField):
        return "" if isinstance(value, str) else "text"
    return ""


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stamped(field: models.Field) -> bool:
    return getattr(field, "auto_now_add", False) or getattr(field, "auto_now", False)


def _bad(number: int, label: str, reason: str) -> ValidationError:
    return ValidationError(BAD_ROW.format(row=number, label=label, reason=reason))


def _slug_taken(slug: str) -> bool:
    return League.objects.filter(slug__iexact=slug).exists()


def _people(names: dict[int, str]) -> dict[int, int]:
    """The accounts of the file's people (id: username) by their ids in the file: matched by
    username whatever its case (as the site tells accounts apart), one not here yet made
    without a usable password."""
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    found = dict(
        user_model.objects.annotate(folded=Lower(field))
        .filter(folded__in={username.lower() for username in names.values()})
        .values_list("folded", "pk")
    )
    ids = {}
    for number, (old, username) in enumerate(names.items(), start=1):
        if username.lower() not in found:
            user = user_model(**{field: username})
            _username_cleaned(user, field, number)
            user.set_unusable_password()
            user.save()
            found[username.lower()] = user.pk
        ids[old] = found[username.lower()]
    return ids


def _username_cleaned(user, field: str, number: int) -> None:
    """A newcomer's username as the account's field takes it (its length, its characters)."""
    try:
        user._meta.get_field(field).clean(getattr(user, field), user)
    except ValidationError as error:
        reason = f"{field}: {' '.join(error.messages)}"
        raise ValidationError(BAD_ROW.format(row=number, label=USERS, reason=reason)) from error
