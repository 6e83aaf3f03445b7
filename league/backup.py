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
import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models.functions import Lower
from django.utils import timezone

from .models import (
    Driver,
    Entry,
    League,
    Membership,
    Role,
    Round,
    RoundResultChange,
    Season,
    SeasonEndChange,
    StarterChoice,
    Team,
    Track,
)

FORMAT = "paddock-league"
FORMAT_VERSION = 2  # 2: members and starter choices for the referees of version 1
# Rows a statement inserts: a row of the widest table (an entry) is 22 parameters, and
# PostgreSQL takes at most 65,535 in one statement.
BATCH = 1000

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
TABLE_MISSING = "The backup has no {label!r} table: it is not a whole league."
TABLE_UNKNOWN = "The backup has a {label!r} table this Paddock does not know."
FIELD_UNKNOWN = "The backup's {label!r} rows have a field {field!r} this Paddock does not know."
BROKEN_REFERENCE = (
    "Row {row} of the backup's {label!r} table names {field} {value!r}, which is not in the file."
)
BAD_ROW = "Row {row} of the backup's {label!r} table cannot be read: {reason}"
MALFORMED = "The backup cannot be read ({reason}): nothing was imported."
ONE_LEAGUE = "The backup must hold exactly one league."
NOT_JSON = "This file is not a Paddock league backup: it cannot be read as JSON ({reason})."
CLASH = "The backup clashes with this database ({reason}): nothing was imported."
# Who restores a league on the restore page, in place of the file's organiser.
RESTORER = "restorer"


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


@transaction.atomic
def league_import(data: Any, *, organiser=None) -> League:
    """The league in `data` (a `league_export` read back from JSON) written into this database
    under new ids. Tracks are matched by name whatever the case, and one not here yet is added.

    Without `organiser` (the site's administrator, `manage.py import_league`), people are
    matched by username, and one not here yet gets an account with no password (an admin sets
    one): the league comes back whole. With `organiser` (whoever restores it on the restore
    page), the file's people are not this site's to name: no account is made or linked, the
    restorer organises the league alone, the log keeps its entries without who typed them, and
    `members_left_out(data)` lists whom to invite again (docs/rulings.md, "Roles")."""
    tables = _checked(data)
    try:
        if organiser is None:
            people = _people(data.get("users", []))
        else:
            people = {}
            tables = _without_people(tables)
        ids: dict[type[models.Model], dict[Any, int]] = {
            get_user_model(): people,
            Track: _tracks(data.get("tracks", [])),
        }
        file_lead = tables["league.league"][0].get("organiser")
        for table in TABLES:
            rows = tables[table.label]
            if table.model is League and organiser is not None:
                people[RESTORER] = organiser.pk
                rows = [{**row, "organiser": RESTORER} for row in rows]
            ids[table.model] = _insert(table, rows, ids)
        league = League.objects.get(pk=next(iter(ids[League].values())))
        # Every organiser is a member (a file written before they were lacks its organiser's).
        for lead in {league.organiser_id, people.get(file_lead, league.organiser_id)}:
            Membership.objects.ensure_organiser(league=league, user_id=lead)
    except IntegrityError as error:
        raise ValidationError(CLASH.format(reason=error)) from error
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise ValidationError(MALFORMED.format(reason=repr(error))) from error
    return league


def parsed(raw: bytes | str) -> Any:
    """A backup file's text, read (JSON); a file that is not JSON is refused with why."""
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        reason = str(error) if not isinstance(error, RecursionError) else "nested too deep"
        raise ValidationError(NOT_JSON.format(reason=reason)) from error


def _checked(data: Any) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValidationError(NOT_A_BACKUP.format(format=FORMAT))
    if data.get("version") != FORMAT_VERSION:
        raise ValidationError(
            UNKNOWN_VERSION.format(found=data.get("version"), known=FORMAT_VERSION)
        )
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise ValidationError(TABLE_MISSING.format(label="tables"))
    known = {table.label for table in TABLES}
    for label in tables:
        if label not in known:
            raise ValidationError(TABLE_UNKNOWN.format(label=label))
    for table in TABLES:
        if not isinstance(tables.get(table.label), list):
            raise ValidationError(TABLE_MISSING.format(label=table.label))
    leagues = tables["league.league"]
    if len(leagues) != 1 or not isinstance(leagues[0], dict):
        raise ValidationError(ONE_LEAGUE)
    slug = leagues[0].get("slug")
    if League.objects.filter(slug=slug).exists():
        raise ValidationError(SLUG_TAKEN.format(slug=slug))
    return tables


def _without_people(tables: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """`tables` with no one in them but the league's organiser (whom the restorer replaces): a
    row that is a person's place in the league (a membership) is left out, and a row that only
    names who did something (who typed a roll) names no one."""
    user_model = get_user_model()
    kept = {}
    for table in TABLES:
        rows = tables[table.label]
        named = [
            field
            for field in _fields(table.model)
            if field.is_relation and field.related_model is user_model
        ]
        if table.model is League or not named:
            kept[table.label] = rows
        elif all(field.null for field in named):
            kept[table.label] = [{**row, **{field.name: None for field in named}} for row in rows]
        else:
            kept[table.label] = []
    return kept


def members_left_out(data: Any) -> list[str]:
    """The members of the league in `data` (a backup the restore page took) that it did not
    bring back, in words: "alice (referee)"."""
    names = {row["id"]: row["username"] for row in data.get("users", [])}
    roles = dict(Role.choices)
    return [
        f"{names.get(row['user'], row['user'])} ({roles.get(row['role'], row['role']).lower()})"
        for row in data["tables"]["league.membership"]
    ]


def _people(rows: list[dict[str, Any]]) -> dict[int, int]:
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    names = {row["id"]: row["username"] for row in rows}
    found = dict(
        user_model.objects.filter(**{f"{field}__in": names.values()}).values_list(field, "pk")
    )
    ids = {}
    for number, (old, username) in enumerate(names.items(), start=1):
        if username not in found:
            user = user_model(**{field: username})
            _username_cleaned(user, field, number)
            user.set_unusable_password()
            user.save()
            found[username] = user.pk
        ids[old] = found[username]
    return ids


def _username_cleaned(user, field: str, number: int) -> None:
    """A newcomer's username as the account's field takes it (its length, its characters)."""
    try:
        user._meta.get_field(field).clean(getattr(user, field), user)
    except ValidationError as error:
        reason = f"{field}: {' '.join(error.messages)}"
        raise ValidationError(BAD_ROW.format(row=number, label="users", reason=reason)) from error


def _tracks(rows: list[dict[str, Any]]) -> dict[int, int]:
    names = {row["id"]: row["name"].lower() for row in rows}
    found = dict(
        Track.objects.annotate(key=Lower("name"))
        .filter(key__in=names.values())
        .values_list("key", "pk")
    )
    missing = [row for row in rows if names[row["id"]] not in found]
    made = _insert(Table("league.track", Track, Track.objects.all), missing, {})
    found.update({names[old]: new for old, new in made.items()})
    return {old: found[name] for old, name in names.items()}


def _insert(
    table: Table, rows: list[dict[str, Any]], ids: dict[type[models.Model], dict[int, int]]
) -> dict[int, int]:
    """Insert `rows`, a statement per BATCH of them; the new id of each row's old id."""
    fields = {field.name: field for field in _fields(table.model)}
    objects, olds = [], []
    for number, row in enumerate(rows, start=1):
        unknown = set(row) - set(fields) - {"id"}
        if unknown:
            raise ValidationError(FIELD_UNKNOWN.format(label=table.label, field=min(unknown)))
        values = {}
        for name, value in row.items():
            if name == "id":
                continue
            field = fields[name]
            values[field.attname] = _value(table.label, number, field, value, ids)
        obj = table.model(**values)
        if table.model is League:
            _validate(table.label, number, obj)
        elif table.model is Track:  # shared by every league: as the track list would take it
            _cleaned(table.label, number, obj)
        if table.check is not None:
            try:
                table.check(obj)
            except (KeyError, TypeError, ValueError) as error:
                reason = BAD_ROW.format(row=number, label=table.label, reason=repr(error))
                raise ValidationError(reason) from error
        objects.append(obj)
        olds.append(row.get("id"))
    created = table.model.objects.bulk_create(objects, batch_size=BATCH)
    # Times set when a row was made (a league's, a driver's hiring, an event's) come back as
    # they were: an insert would stamp them with now.
    stamped = [
        field.name
        for field in fields.values()
        if getattr(field, "auto_now_add", False) or getattr(field, "auto_now", False)
    ]
    if stamped and created:
        for obj, row in zip(created, rows, strict=True):
            for name in stamped:
                if name in row:
                    setattr(obj, name, fields[name].to_python(row[name]))
        table.model.objects.bulk_update(created, stamped, batch_size=BATCH)
    return {old: obj.pk for old, obj in zip(olds, created, strict=True)}


def _value(label: str, number: int, field: models.Field, value: Any, ids) -> Any:
    if field.is_relation:
        if value is None:
            return None
        try:
            return ids[field.related_model][value]
        except (KeyError, TypeError) as error:
            raise ValidationError(
                BROKEN_REFERENCE.format(row=number, label=label, field=field.name, value=value)
            ) from error
    if isinstance(field, models.JSONField):
        return value
    try:
        value = field.to_python(value)
        if field.choices and value not in dict(field.flatchoices) and value not in ("", None):
            raise ValidationError(f"{value!r} is not one of its choices")
    except ValidationError as error:
        reason = f"{field.name}: {' '.join(error.messages)}"
        raise ValidationError(BAD_ROW.format(row=number, label=label, reason=reason)) from error
    return value


def _validate(label: str, number: int, obj: models.Model) -> None:
    """The league row is checked as a new league would be: its address, its rule set and
    settings, its name beside its organiser's other leagues."""
    if League.objects.filter(organiser_id=obj.organiser_id, name__iexact=obj.name).exists():
        raise ValidationError(NAME_TAKEN.format(organiser=obj.organiser, name=obj.name))
    _cleaned(label, number, obj)


def _cleaned(label: str, number: int, obj: models.Model) -> None:
    try:
        obj.full_clean()
    except ValidationError as error:
        reason = "; ".join(error.messages)
        raise ValidationError(BAD_ROW.format(row=number, label=label, reason=reason)) from error
