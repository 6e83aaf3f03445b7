"""A league written out as its backup: every row of its tables (league/backup/tables.py) as the
database has them, under their ids here, plus the people (by username only, never a password)
and tracks those rows name."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from ..models import League, Track
from .tables import FORMAT, FORMAT_VERSION, TABLES, fields


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


def _rows(model: type[models.Model], queryset: models.QuerySet) -> list[dict[str, Any]]:
    columns = fields(model)
    values = queryset.order_by("pk").values_list("pk", *(field.attname for field in columns))
    return [
        {
            "id": row[0],
            **{field.name: _json(value) for field, value in zip(columns, row[1:], strict=True)},
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
    named: set[int] = set()
    for table in TABLES:
        for field in fields(table.model):
            if field.is_relation and field.related_model is target:
                named.update(row[field.name] for row in tables[table.label])
    named.discard(None)
    return named
