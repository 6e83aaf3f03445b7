"""What an import refuses, and why, in the words its reader is shown (the restore page,
`manage.py import_league`): each says what was wrong and that nothing was written."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

NOT_A_BACKUP = gettext_noop(
    "This is not a Paddock league backup (no {format!r} format named in it)."
)
UNKNOWN_VERSION = gettext_noop(
    "This backup is in format version {found}; this Paddock reads versions 2 to {known}."
)
SLUG_TAKEN = gettext_noop(
    "A league at the address {slug!r} exists already: nothing was imported. Import into a "
    "database without it (or rename that league's address first)."
)
NAME_TAKEN = gettext_noop(
    "{organiser} has a league called {name!r} already: nothing was imported. Rename that "
    "league first."
)
PART_UNKNOWN = gettext_noop(
    "The backup has a part {part!r} this Paddock does not know: nothing was imported."
)
PART_OUT_OF_ORDER = gettext_noop(
    "The backup's {part!r} comes after its {before!r}: Paddock writes the parts of a backup in "
    "the order {order}, and reads them so. Nothing was imported."
)
TABLE_MISSING = gettext_noop("The backup has no {label!r} table: it is not a whole league.")
TABLE_UNKNOWN = gettext_noop("The backup has a {label!r} table this Paddock does not know.")
TABLE_OUT_OF_ORDER = gettext_noop(
    "The backup's {label!r} table comes after its {before!r} table: Paddock writes a league's "
    "tables so that a row names only rows before it, and reads them so."
)
FIELD_UNKNOWN = gettext_noop(
    "The backup's {label!r} rows have a field {field!r} this Paddock does not know."
)
BROKEN_REFERENCE = gettext_noop(
    "Row {row} of the backup's {label!r} table names {field} {value!r}, which is not in the file."
)
BAD_ROW = gettext_noop("Row {row} of the backup's {label!r} table cannot be read: {reason}")
# A race's log replayed through the engine (races/services/backup.py): {reason} says where it stops.
LOG_REFUSED = gettext_noop(
    "The backup's race of round {round} of season {season} cannot be replayed from its log "
    "(its {label!r} table): {reason}. Nothing was imported."
)
ONE_LEAGUE = gettext_noop("The backup must hold exactly one league.")
TOO_MANY = gettext_noop(
    "The backup names more {what} than a league ever has ({most:,}): nothing was imported."
)
# A clash the checks before writing did not foresee, said without the database's own words.
CLASH = gettext_noop(
    "The backup clashes with what is on this site already (two rows the site keeps apart are "
    "the same): nothing was imported."
)
OUT_OF_RANGE = gettext_noop(
    "The backup holds a value this site cannot store: nothing was imported."
)


def refusal(message: str, **values: object) -> ValidationError:
    """The refusal `message` (one of the above) in the reader's language, its {names} filled."""
    return ValidationError(gettext(message).format(**values))
