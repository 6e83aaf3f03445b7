"""The league data's revision (models.Revision): advanced once after every transaction that
wrote to a league table, whoever wrote it (a view, a service, a bulk update, the admin, a
management command, raw SQL), so that a page part cached under one revision (page_cache.py) is
never shown after the data changed.

It is watched at the one place every write passes: the database cursor. Each connection runs
its statements through `watch`, which spots an INSERT, UPDATE or DELETE on a `league_` table
and asks for one advance when the transaction commits (none if it rolls back). The advance is a
statement of its own after the commit, so that the one row never holds up two writers that
would otherwise not meet. A reader in between sees the new data under the old revision, which
can only cache the new data under the old number: never old data under the new one.

The race log (`races_` tables) does not advance it: no cached part reads a race (a test checks
that), and a race at the table writes every few seconds."""

from __future__ import annotations

import functools
import logging
import random
import re

from django.db import DatabaseError, connections, transaction
from django.db.backends.signals import connection_created
from django.db.models import F

logger = logging.getLogger(__name__)

# A write to a league table other than the revision's own, anywhere in the statement (a WITH
# may lead up to it): Django quotes the table's name. A lock (FOR UPDATE OF ...) is not a write.
LEAGUE_WRITE = re.compile(
    r'\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?league_(?!revision\b)', re.IGNORECASE
)
# A revision row made anew (after a database was emptied) starts at a random number, so that a
# part cached before cannot be mistaken for one of the new rows.
FRESH_START = 2**48


def current(using: str = "default") -> int | None:
    from .models import Revision

    return Revision.objects.using(using).filter(pk=1).values_list("number", flat=True).first()


def advance(using: str = "default") -> None:
    """Move the revision on by one (making its row if the database has none)."""
    from .models import Revision

    try:
        if not Revision.objects.using(using).filter(pk=1).update(number=F("number") + 1):
            Revision.objects.using(using).get_or_create(
                pk=1, defaults={"number": random.randrange(FRESH_START)}
            )
    except DatabaseError:  # the write it follows stands; the cached parts expire on their own
        if Revision._meta.db_table in connections[using].introspection.table_names():
            logger.exception("The league data's revision was not advanced.")
        # else: the database is being migrated to where the revision's table is made


def watch(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and LEAGUE_WRITE.search(sql):
        _advance_on_commit(context["connection"])
    return result


def _advance_on_commit(connection) -> None:
    if not connection.in_atomic_block:
        advance(connection.alias)
        return
    after = _AFTER_COMMIT.setdefault(connection.alias, functools.partial(advance, connection.alias))
    # Once a transaction; a savepoint rolled back takes its request with it, and the next write
    # asks again.
    if not any(callback is after for _, callback, _ in connection.run_on_commit):
        transaction.on_commit(after, using=connection.alias, robust=True)


_AFTER_COMMIT: dict[str, functools.partial] = {}


def on_connection_created(sender, connection, **kwargs) -> None:
    if watch not in connection.execute_wrappers:
        # First, so that a test's own `execute_wrapper()` block pops its wrapper, not this one.
        connection.execute_wrappers.insert(0, watch)


def install() -> None:
    connection_created.connect(on_connection_created, dispatch_uid="league.revision")
