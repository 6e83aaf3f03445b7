"""The names a restored league's things are given here, and its people's accounts: a track or
a league kept apart from one of the same name ("Old Hands (restored)"), each person of the file
matched to an account by username or made one (league_import, importing.py)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower

from ..models import League, Track
from .checks import bad
from .messages import FIELD_REFUSED, NAME_TAKEN_BY_YOU, refusal

# The people's table, as a row's refusal names it.
USERS = "users"


def _restored(name: str, number: int, model: type[models.Model]) -> str:
    """ "Name (restored)" (`number` 1), else "Name (restored `number`)", `name` cut so that
    it fits `model`'s name field."""
    ending = " (restored)" if number == 1 else f" (restored {number})"
    field = model._meta.get_field("name")
    assert isinstance(field, models.CharField) and field.max_length is not None
    return name[: field.max_length - len(ending)] + ending


def restored_name(name: str, attempt: int) -> str:
    """The name of the file's track `name` at the `attempt`-th try: its own, then
    "Name (restored)", "Name (restored 2)"... within the longest name a track takes."""
    return _restored(name, attempt, Track) if attempt else name


def track_facts(track: Track) -> tuple[Any, ...]:
    """What makes two tracks of one name the same track to race on."""
    return (track.number, *track.facts().values())


def copy_name(name: str, theirs: models.QuerySet[League]) -> str:
    """ "Old Hands (restored)", else "(restored 2)", ...: the first of these names the
    organiser runs no league of, within a league name's length."""
    for number in range(1, 1000):
        copy = _restored(name, number, League)
        if not theirs.filter(name__iexact=copy).exists():
            return copy
    raise refusal(NAME_TAKEN_BY_YOU, name=name)


def people(names: dict[int, str]) -> dict[int, int]:
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
        said = " ".join(error.messages)
        raise bad(number, USERS, FIELD_REFUSED, field=field, reason=said) from error
