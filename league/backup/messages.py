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
# The restorer's own leagues hold every name a copy of the file's league could take.
NAME_TAKEN_BY_YOU = gettext_noop(
    "You have a league called {name!r} already: nothing was imported. Rename that league first."
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
TOO_MANY_PEOPLE = gettext_noop(
    "The backup names more people than a league ever has ({most:,}): nothing was imported."
)
TOO_MANY_TRACKS = gettext_noop(
    "The backup names more tracks than a league ever has ({most:,}): nothing was imported."
)
# A clash the checks before writing did not foresee, said without the database's own words.
CLASH = gettext_noop(
    "The backup clashes with what is on this site already (two rows the site keeps apart are "
    "the same): nothing was imported."
)
OUT_OF_RANGE = gettext_noop(
    "The backup holds a value this site cannot store: nothing was imported."
)


# Why a row cannot be read: BAD_ROW's {reason} (`checks.bad`). A field is named by its key, as
# the file writes it (as FIELD_UNKNOWN names one), in every language.
PERSON_SHAPE = gettext_noop("a person is written as an id and a username")
PERSON_TWICE = gettext_noop("its id is an earlier person's too")
ROW_SHAPE = gettext_noop("a row is written as its fields and their values")
ID_NOT_WHOLE = gettext_noop("its id is not a whole number")
ID_TWICE = gettext_noop("its id is an earlier row's too")
FIELD_MISSING = gettext_noop("it gives {field!r} no value")
FIELD_EMPTY = gettext_noop("{field!r} may not be empty")
# A field's refusal in Django's words (a form's), said in the reader's language.
FIELD_REFUSED = gettext_noop("{field!r}: {reason}")
NOT_YES_OR_NO = gettext_noop("{field!r}: {value!r} is not yes or no (true or false)")
YES_OR_NO = gettext_noop("{field!r}: {value!r} is a yes or no, which this field never is")
NOT_WHOLE = gettext_noop("{field!r}: {value!r} is not a whole number")
NOT_NUMBER = gettext_noop("{field!r}: {value!r} is not a number")
NOT_TIME = gettext_noop("{field!r}: {value!r} is not a time written out as text")
NOT_TEXT = gettext_noop("{field!r}: {value!r} is not text")
OUT_OF_BOUNDS = gettext_noop("{field!r}: {value} is out of range")
NO_TIME_ZONE = gettext_noop("{field!r}: a time needs its time zone")
TIME_OUT_OF_BOUNDS = gettext_noop("{field!r}: a time out of range")
SETTINGS_SHAPE = gettext_noop("a league's settings are written as their values by name")
ENTRIES_APART = gettext_noop("a round's entries are written together, in order")
NO_LEVEL = gettext_noop("{rules} has no level {level!r}")
NOT_FINISHED = gettext_noop("points or an injury in a round not finished")
XP_FOR_STARTING = gettext_noop("a starter gains {xp} XP for starting, not {kept}")
# A round's refusal in the words of the result form (league.services.results).
ROUND_REFUSED = gettext_noop("round {round} of season {season}: {reason}")
IMPORTED_CAREER = gettext_noop(
    "round {round} of season {season}, brought in from a spreadsheet: an XP change or an injury"
)
# {most}: results.MOST_IMPORTED_POINTS, always many.
IMPORTED_TOO_MANY_POINTS = gettext_noop(
    "round {round} of season {season}, brought in from a spreadsheet: more than {most} points"
)
INJURY_NOT_ROLLED = gettext_noop("its injury is not what its injury rolls give")
XP_NOT_GIVEN = gettext_noop("{xp} XP for its race; {rules} gives {given} for it")
XP_NOT_BETWEEN = gettext_noop("{xp} XP for its race; {rules} gives {least} to {most} for it")
XP_NOT_GAINED = gettext_noop("{xp} XP, but its races gave it {gained} at most")
XP_NOT_LOST = gettext_noop("{xp} XP, but its races and seasons took {taken} at most")


def refusal(message: str, **values: object) -> ValidationError:
    """The refusal `message` (one of the above) in the reader's language, its {names} filled."""
    return ValidationError(gettext(message).format(**values))
