"""Writes whose cost is one statement however many rows they touch.

`bulk_create` splits its rows into statements of at most 999 parameters on SQLite: 10,000
season-end lines were 90 inserts. Here the rows travel as one JSON parameter, which the database
unpacks itself (`json_each` on SQLite, `jsonb_array_elements` on PostgreSQL), so the statement
count does not depend on the number of rows and no statement grows past a parameter limit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.db import connections, models, router


def insert_all(objs: Sequence[models.Model]) -> None:
    """Insert the new, unsaved `objs` (all of one model, with an automatic primary key) in one
    statement. Their primary keys are not read back: read the rows again where they are
    needed."""
    if not objs:
        return
    model = type(objs[0])
    connection = connections[router.db_for_write(model)]
    if connection.vendor not in UNPACK:
        model._default_manager.bulk_create(objs)
        return
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    rows = [
        [field.get_db_prep_save(getattr(obj, field.attname), connection) for field in fields]
        for obj in objs
    ]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    column, source = UNPACK[connection.vendor]
    values = ", ".join(
        column.format(index=index, type=field.cast_db_type(connection))
        for index, field in enumerate(fields)
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) SELECT {values} FROM {source}",
            [json.dumps(rows)],
        )


# Per database: how one row's value at `index` is read from the JSON array, and the rows' source.
UNPACK = {
    "sqlite": ("json_extract(value, '$[{index}]')", "json_each(%s)"),
    "postgresql": ("(value->>{index})::{type}", "jsonb_array_elements(%s::jsonb)"),
}
