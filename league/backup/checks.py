"""What a row read from a backup must be before it is written: each field as a form would clean
it, a league's JSON as its rule set validates it, a result as the standings read it, and no two
rows the same where the database (or the site) keeps them apart."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models.functions import Lower
from django.utils.translation import gettext, ngettext, pgettext

from rules.championship import Championship, InvalidSetting, championship_for, rule_sets
from rules.dice_luck import checked_tally

from ..models import (
    Driver,
    Entry,
    League,
    PointsAdjustment,
    Round,
    RoundStatus,
    Season,
    Team,
    Track,
)
from ..services.penalties import MOST_POINTS as MOST_ADJUSTMENT
from ..services.penalties import TOO_MANY_POINTS
from .messages import (
    BAD_ROW,
    FIELD_REFUSED,
    NOT_NUMBER,
    NOT_TEXT,
    NOT_TIME,
    NOT_WHOLE,
    NOT_YES_OR_NO,
    YES_OR_NO,
)
from .tables import fields as table_fields


class SoFar(Protocol):
    """What a league's own checks read of the import under way: the league (its row comes
    first) and the status of each round written so far, by its new id."""

    league: League | None
    round_status: dict[int, str]
    round_season: dict[int, int]  # the season's new id, by the round's
    season_ruleset: dict[int, str]  # the season's rule set, by its new id


def _rules(run: SoFar) -> Championship:
    assert run.league is not None  # the league's row is the file's first
    return run.league.rules


def _season_rules(run: SoFar, season_id: int) -> Championship:
    """The rules of a season written so far (by its new id): a round and an entry are read by
    their season's, which may be another than the league's rule set of now."""
    ruleset = run.season_ruleset.get(season_id)
    return championship_for(ruleset) if ruleset else _rules(run)


# What each integer column takes, the same on every database (SQLite would take any 64-bit
# number, PostgreSQL the column's own range): a file one site takes, every site takes.
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges

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


def _season_checked(run: SoFar, season: Season) -> None:
    if season.number < 1:
        raise ValidationError(gettext("a season's number is 1 or more"))
    if not isinstance(season.setup, dict):
        raise ValidationError(gettext("a season's setup is written as its numbers by name"))
    season.rules.validated_season_setup(season.setup)


def _round_checked(run: SoFar, round_: Round) -> None:
    rules = _season_rules(run, round_.season_id)
    if not 1 <= round_.number <= rules.most_rounds:
        raise ValidationError(
            gettext("a season of {rules} has rounds 1 to {most}").format(
                rules=rules.title, most=rules.most_rounds
            )
        )
    # A round's multiplier is its rule set's for its number (schedules.py sets it so).
    multiplier = rules.round_shape(round_.number).multiplier
    if round_.multiplier != multiplier:
        raise ValidationError(
            gettext("round {number} of {rules} scores {multiplier}x, not {kept}x").format(
                number=round_.number,
                rules=rules.title,
                multiplier=multiplier,
                kept=round_.multiplier,
            )
        )
    if not isinstance(round_.race_options, dict):
        raise ValidationError(gettext("a round's race options are written as their values by name"))
    rules.validated_race_options(round_.race_options)
    formats = {"", *dict(rules.race_formats)}
    kept = {setting.key: setting for setting in rules.settings}.get(rules.race_format_option)
    if kept is not None:
        formats |= set(dict(kept.choices))
    if round_.race_format not in formats:
        raise ValidationError(
            gettext("{rules} has no race format {format!r}").format(
                rules=rules.title, format=round_.race_format
            )
        )


def _driver_checked(run: SoFar, driver: Driver) -> None:
    if not isinstance(driver.driver_card, dict):
        raise ValidationError(gettext("a driver's card is written as its skill and WP by zone"))
    if not driver.driver_card:
        return
    # A league that moved to a rule set without cards keeps its drivers' cards (for a later
    # season under one with them): a card one of the rule sets reads is kept.
    rules = _rules(run)
    if rules.driver_card_skills:
        rules.validated_driver_card(driver.driver_card)
        return
    reasons = []
    for other in rule_sets():
        if other.driver_card_skills:
            try:
                other.validated_driver_card(driver.driver_card)
                return
            except InvalidSetting as error:
                reasons.append(str(error))
    raise InvalidSetting(
        reasons[0] if reasons else gettext("{rules} has no driver cards.").format(rules=rules.title)
    )


def _entry_checked(run: SoFar, entry: Entry) -> None:
    """An entry as the round page, the standings and the exports read it: only in a round
    started or finished; in a finished one, with its place and whether it finished; a way out
    that a rule set has; an injury check its rule set can read."""
    status = run.round_status[entry.round_id]
    if status == RoundStatus.SCHEDULED:
        raise ValidationError(gettext("an entry of a round not started yet"))
    if entry.place is not None and entry.place < 1:
        raise ValidationError(gettext("a place is 1st or later"))
    if status == RoundStatus.FINISHED and (entry.place is None or entry.finished is None):
        raise ValidationError(gettext("an entry of a finished round without its place"))
    if entry.out_reason and entry.out_reason not in OUT_REASONS():
        raise ValidationError(
            gettext("no rule set has the way out {out!r}").format(out=entry.out_reason)
        )
    columns, rolls = entry.injury_columns, entry.injury_rolls
    if not isinstance(columns, list) or not isinstance(rolls, list):
        raise ValidationError(gettext("an injury check is written as its columns and its rolls"))
    if any(isinstance(roll, bool) or not isinstance(roll, int) for roll in rolls):
        raise ValidationError(gettext("an injury check's rolls are whole numbers"))
    entry.injury_check(_season_rules(run, run.round_season[entry.round_id]))
    checked_tally(entry.dice)


@functools.cache
def OUT_REASONS() -> frozenset[str]:  # noqa: N802 (a constant, read once the rule sets load)
    return frozenset(key for rules in rule_sets() for key, _label in rules.out_reasons)


def _adjustment_checked(run: SoFar, adjustment: PointsAdjustment) -> None:
    """A points adjustment as the standings count it: of some points, for a driver or a team,
    in a round of its own season."""
    if adjustment.points == 0:
        raise ValidationError(gettext("an adjustment of 0 points"))
    if abs(adjustment.points) > MOST_ADJUSTMENT:
        raise ValidationError(gettext(TOO_MANY_POINTS).format(most=MOST_ADJUSTMENT))
    if (adjustment.driver_id is None) == (adjustment.team_id is None):
        raise ValidationError(gettext("an adjustment is for a driver or for a team"))
    if (
        adjustment.round_id is not None
        and run.round_season[adjustment.round_id] != adjustment.season_id
    ):
        raise ValidationError(gettext("an adjustment in a round of another season"))


LEAGUE_CHECKS: dict[type[models.Model], Callable[[SoFar, Any], None]] = {
    Season: _season_checked,
    Round: _round_checked,
    Driver: _driver_checked,
    Entry: _entry_checked,
    PointsAdjustment: _adjustment_checked,
}


def cleaned(label: str, number: int, obj: models.Model, *, exclude: list[str]) -> None:
    """`obj` as a form would clean it: each field's type, length, range and choices, and the
    model's own clean() (a league's settings by its rule set, a track's weather). References
    are the file's to check (`_reference`), and uniqueness the import's (`_unique`): a query
    a row for either would cost a league of 100,000 rows as many."""
    try:
        obj.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
        for constraint in obj._meta.constraints:
            if isinstance(constraint, models.CheckConstraint):
                # Django's since 4.1; django-stubs 5.2.9 leaves it out of its constraints.
                constraint.validate(type(obj), obj)  # type: ignore[attr-defined]
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise bad_said(number, label, repr(error)) from error  # a JSON field's clean() choked
    except ValidationError as error:
        reasons = []
        for field, messages in getattr(error, "message_dict", {"": error.messages}).items():
            said = " ".join(messages)
            if field not in ("", NON_FIELD_ERRORS):
                said = gettext(FIELD_REFUSED).format(field=field, reason=said)
            reasons.append(said)
        # Translators: between two fields' reasons in a row's refusal, as a semicolon is written
        # ("'name': Ensure this value…; 'colour': …"): French writes " ; ".
        separator = pgettext("between a row's reasons", "; ")
        # Each reason but the last without its full stop: "…(it has 200); 'status': …".
        parted = [reason.removesuffix(".") for reason in reasons[:-1]] + reasons[-1:]
        raise bad_said(number, label, separator.join(parted)) from error


def unchecked(obj: models.Model) -> list[str]:
    """The fields of `obj` that full_clean is not to check: its references (the import checks
    them), its JSON (read as plain JSON: reader.py; its rule set checks what it holds), and
    an empty value where the column takes one (a result not entered yet)."""
    found = shape_of(type(obj))
    return [
        *found.unchecked,
        *(field.name for field in found.nullable if getattr(obj, field.attname) is None),
    ]


@dataclass(frozen=True)
class Shape:
    """What the import asks of a model's fields, found once per model."""

    fields: dict[str, models.Field]  # by name
    required: tuple[models.Field, ...]  # references a row must make
    people: tuple[models.Field, ...]  # references to a person
    unchecked: tuple[str, ...]  # references and JSON, which full_clean is not to check
    nullable: tuple[models.Field, ...]  # the others that may be empty


@functools.cache
def shape_of(model: type[models.Model]) -> Shape:
    fields = {field.name: field for field in table_fields(model)}
    user_model = get_user_model()
    skipped = [
        field
        for field in fields.values()
        if field.is_relation or isinstance(field, models.JSONField)
    ]
    return Shape(
        fields=fields,
        required=tuple(f for f in fields.values() if f.is_relation and not f.null),
        people=tuple(f for f in fields.values() if f.is_relation and f.related_model is user_model),
        unchecked=tuple(field.name for field in skipped),
        nullable=tuple(f for f in fields.values() if f.null and f not in skipped),
    )


@dataclass(frozen=True)
class UniqueKey:
    """Values the database (or the site: SITE_KEYS) keeps unique among a model's rows: the
    fields they are read from, by their keys in the file, whether their case counts, and how
    to read them off a row (a name whatever its case in lower case)."""

    fields: tuple[str, ...]
    any_case: bool
    read: Callable[[Any], tuple]

    def said(self) -> str:
        """That a row has these values of an earlier row, in the reader's language."""
        fields = ", ".join(repr(field) for field in self.fields)
        count = len(self.fields)
        if self.any_case:
            sentence = ngettext(
                "its field {fields} is the same as an earlier row's, whatever the case",
                "its fields {fields} are the same as an earlier row's, whatever the case",
                count,
            )
        else:
            sentence = ngettext(
                "its field {fields} is the same as an earlier row's",
                "its fields {fields} are the same as an earlier row's",
                count,
            )
        return sentence.format(fields=fields)


# What the site keeps unique beyond the database's constraints (team_create checks it): a
# team's name in its league, whatever the case.
SITE_KEYS: dict[type[models.Model], list[UniqueKey]] = {
    Team: [UniqueKey(("name",), True, lambda team: (team.name.lower(),))],
}


@functools.cache
def unique_keys(model: type[models.Model]) -> list[UniqueKey]:
    """Each set of values the database (or the site: SITE_KEYS) keeps unique among `model`'s
    rows."""
    keys = list(SITE_KEYS.get(model, ()))
    for field in table_fields(model):
        if field.unique:
            get = _getter(model, field.name)
            assert get is not None  # a field of the model
            keys.append(UniqueKey((field.name,), False, get))
    for constraint in model._meta.constraints:
        if not isinstance(constraint, models.UniqueConstraint) or constraint.condition:
            continue
        parts = [*constraint.fields, *constraint.expressions]
        getters = [get for get in (_getter(model, part) for part in parts) if get is not None]
        if len(getters) == len(parts):
            fields = tuple(_field_name(model, part) for part in parts)
            any_case = any(isinstance(part, Lower) for part in parts)
            keys.append(UniqueKey(fields, any_case, _reader(getters)))
    return keys


def _reader(getters: list[Callable[[Any], tuple]]) -> Callable[[Any], tuple]:
    """The values of a row that `getters` read, as one key."""
    return lambda obj: tuple(get(obj)[0] for get in getters)


def _getter(model: type[models.Model], part: Any) -> Callable[[Any], tuple] | None:
    if isinstance(part, str | models.F):
        field = model._meta.get_field(part if isinstance(part, str) else part.name)
        assert isinstance(field, models.Field)  # a constraint names columns
        return lambda obj: (getattr(obj, field.attname),)
    if isinstance(part, Lower):
        inner = _getter(model, part.source_expressions[0])
        if inner is None:
            return None
        return lambda obj: tuple(v.lower() if isinstance(v, str) else v for v in inner(obj))
    return None  # the database's to keep unique (CLASH)


def _field_name(model: type[models.Model], part: Any) -> str:
    """The key in the file of the field a constraint's `part` reads."""
    if isinstance(part, Lower):
        return _field_name(model, part.source_expressions[0])
    name = part if isinstance(part, str) else part.name
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)  # a constraint names columns
    return field.name


def kind_refused(field: models.Field, value: Any) -> str:
    """Why `value` is not what `field` is written as in a backup (a reason of messages.py,
    its {field} and {value} to fill), if it is not; else ""."""
    if isinstance(field, models.BooleanField):
        return "" if isinstance(value, bool) else NOT_YES_OR_NO
    if isinstance(value, bool):
        return YES_OR_NO
    if isinstance(field, models.IntegerField):
        return "" if isinstance(value, int) else NOT_WHOLE
    if isinstance(field, models.DecimalField):
        return "" if isinstance(value, str | int | float) else NOT_NUMBER
    if isinstance(field, models.DateField):
        return "" if isinstance(value, str) else NOT_TIME
    if isinstance(field, models.CharField | models.TextField):
        return "" if isinstance(value, str) else NOT_TEXT
    return ""


def is_id(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def bad(number: int, label: str, reason: str, /, **values: object) -> ValidationError:
    """Row `number` of the backup's `label` table refused for `reason` (one of messages.py's),
    said in the reader's language, its {names} filled with `values`."""
    return bad_said(number, label, gettext(reason).format(**values))


def bad_said(number: int, label: str, said: str) -> ValidationError:
    """The same for a reason said already: in the reader's language (a count's sentence, a
    refusal of the site's), or in Python's own words for what it could not read."""
    return ValidationError(gettext(BAD_ROW).format(row=number, label=label, reason=said))
