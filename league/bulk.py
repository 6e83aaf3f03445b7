"""Writes whose cost is one statement however many rows they touch.

`bulk_create` splits its rows into statements of at most 999 parameters on SQLite: 10,000
season-end lines were 90 inserts. Here the rows travel as one JSON parameter, which the database
unpacks itself (`json_each` on SQLite, `jsonb_array_elements` on PostgreSQL), so the statement
count does not depend on the number of rows and no statement grows past a parameter limit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from django.db import connections, models, router


def insert_rows(model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence]) -> None:
    """Insert `rows` into `model`'s table in one statement: each row the values of `fields`
    (attribute names: `season_id` for a foreign key), in order, as JSON can carry them
    (numbers, booleans, text, None), with nothing left for Django to convert. No model
    instances are made: for 10,000 rows, that is most of the cost of bulk_create."""
    if not rows:
        return
    alias = router.db_for_write(model)
    connection = connections[alias]
    if connection.vendor not in UNPACK:
        model._default_manager.bulk_create(
            model(**dict(zip(fields, row, strict=True))) for row in rows
        )
        return
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, tuple(fields), alias), [json.dumps(rows)])


@lru_cache(maxsize=64)
def _insert_sql(model: type[models.Model], fields: tuple[str, ...], alias: str) -> str:
    """The statement inserting rows of `fields` into `model`'s table, written once: the turn
    helper logs every roll entered with it."""
    connection = connections[alias]
    by_name = {field.attname: field for field in model._meta.concrete_fields}
    columns = [by_name[name] for name in fields]
    quote = connection.ops.quote_name
    column, source = UNPACK[connection.vendor]
    values = ", ".join(
        column.format(index=index, type=field.cast_db_type(connection))
        for index, field in enumerate(columns)
    )
    names = ", ".join(quote(field.column) for field in columns)
    return f"INSERT INTO {quote(model._meta.db_table)} ({names}) SELECT {values} FROM {source}"


# Per database: how one row's value at `index` is read from the JSON array, and the rows' source.
UNPACK = {
    "sqlite": ("json_extract(value, '$[{index}]')", "json_each(%s)"),
    "postgresql": ("(value->>{index})::{type}", "jsonb_array_elements(%s::jsonb)"),
}
