"""Row locks that refuse to be taken outside a transaction, on every database.

`select_for_update()` outside a transaction is an error on PostgreSQL, and a silent no-op on
SQLite (which has no row locks): a write that forgot `@transaction.atomic` passed every test on
SQLite, and inside the tests' own transaction on PostgreSQL, and failed only in production.
`for_update` raises on both, so tests/test_writes_committed.py (every write, outside a test
transaction) catches the mistake whichever database runs it.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import models, transaction
from django.db.transaction import TransactionManagementError

NOT_IN_A_TRANSACTION = (
    "A row lock (select_for_update) outside a transaction: the write that takes it must be "
    "@transaction.atomic."
)

Rows = TypeVar("Rows", bound=models.QuerySet)


def for_update(rows: Rows | type[models.Model], **options: Any) -> Rows:
    """`rows.select_for_update(**options)` (a model: all its rows), refused outside a
    transaction."""
    queryset = rows._default_manager.all() if isinstance(rows, type) else rows
    if not transaction.get_connection(queryset.db).in_atomic_block:
        raise TransactionManagementError(NOT_IN_A_TRANSACTION)
    return queryset.select_for_update(**options)
