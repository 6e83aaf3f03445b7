"""What every area's writes share: the league's lock and the archived league's refusal, an
insert that a unique constraint may refuse, and row locks that refuse to be taken outside a
transaction (`for_update`).

`select_for_update()` outside a transaction is an error on PostgreSQL and a silent no-op on
SQLite, which has no row locks: a write that forgot `@transaction.atomic` passed on SQLite, and
inside the tests' own transaction on PostgreSQL, and failed only in production. `for_update`
raises on both, so tests/test_writes_committed.py (every write, outside a test transaction)
catches the mistake whichever database runs it."""

from __future__ import annotations

from typing import Any, TypeVar, overload

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.db.transaction import TransactionManagementError
from django.utils.translation import gettext

from ..models import League
from .errors import LEAGUE_READ_ONLY, LeagueArchived

# A programmer's error, never shown to a person: not translated.
NOT_IN_A_TRANSACTION = (
    "A row lock (select_for_update) outside a transaction: the write that takes it must be "
    "@transaction.atomic."
)

Rows = TypeVar("Rows", bound=models.QuerySet[Any, Any])
Row = TypeVar("Row", bound=models.Model)


@overload
def for_update(rows: type[Row], **options: Any) -> models.QuerySet[Row, Row]: ...
@overload
def for_update(rows: Rows, **options: Any) -> Rows: ...
def for_update(rows: Any, **options: Any) -> Any:
    """`rows.select_for_update(**options)` (a model: all its rows), refused outside a
    transaction."""
    queryset = rows if isinstance(rows, models.QuerySet) else rows._default_manager.all()
    if not transaction.get_connection(queryset.db).in_atomic_block:
        raise TransactionManagementError(NOT_IN_A_TRANSACTION)
    return queryset.select_for_update(**options)


def league_writable(league: League) -> None:
    """Refuse (LeagueArchived) any write to `league` while it is archived. The views ask before
    they read what was posted; `league_for_write` and `round_for_write` ask again under their
    locks, so an archiving that lands first is seen."""
    if league.is_archived:
        raise LeagueArchived(gettext(LEAGUE_READ_ONLY).format(league=league))


def insert_once(obj, on_clash):
    """Save a new `obj`; if a unique constraint says a twin request inserted it first (checked
    before, but committed since), `on_clash()` says what that means: it raises AlreadyDone or
    a refusal. The savepoint keeps the caller's transaction usable on PostgreSQL."""
    try:
        with transaction.atomic():
            obj.save(force_insert=True)
    except IntegrityError:
        on_clash()
        raise
    return obj


def league_for_write(league: League, *, archived: bool = False) -> League:
    """The league row, locked for a write to the league, with its data version moved on (the
    key its pages' cached parts are kept under: league/reads/page_parts.py). Every write to a
    league takes it first, before any other of its rows, so two writes always lock in one
    order. Creates inside one league (teams, drivers, seasons) take turns under it, so a check
    that a name or a number is free still holds when the insert runs. An archived league is
    refused (league_writable) unless the write is its archiving itself."""
    locked = for_update(League).get(pk=league.pk)
    if not archived:
        league_writable(locked)
    locked.data_version += 1
    locked.save(update_fields=["data_version"])
    return locked


def leagues_changed(leagues: models.QuerySet) -> None:
    """Move on the data version of each of `leagues` (a write to what several leagues show,
    such as a shared track's name)."""
    League.objects.filter(pk__in=leagues.values("pk")).update(data_version=F("data_version") + 1)


def refuse(message: str) -> None:
    raise ValidationError(message)
