"""A league's backup read back into this database (`league_import`): the file read a piece at a
time (reader.py), each row checked (checks.py) and written under a new id, every reference
pointed at its new row, in one transaction: a refusal anywhere leaves nothing behind."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.wording import grouped
from rules.championship import InvalidSetting, UnknownChampionship
from rules.dice_luck import InvalidTally

from ..models import (
    Driver,
    DriverChange,
    DriverChangeKind,
    Entry,
    League,
    Membership,
    Round,
    Season,
    Team,
    Track,
    slugs,
    team_colours,
)
from ..models.leagues import slug_taken
from ..models.members import role_words
from .checks import (
    INTEGER_RANGES,
    LEAGUE_CHECKS,
    NAMES,
    bad,
    bad_said,
    cleaned,
    is_id,
    kind_refused,
    plain_name,
    shape_of,
    unchecked,
    unique_keys,
)
from .messages import (
    BROKEN_REFERENCE,
    CLASH,
    FIELD_EMPTY,
    FIELD_MISSING,
    FIELD_REFUSED,
    FIELD_UNKNOWN,
    ID_NOT_WHOLE,
    ID_TWICE,
    NAME_TAKEN,
    NO_TIME_ZONE,
    NOT_A_BACKUP,
    ONE_LEAGUE,
    OUT_OF_BOUNDS,
    OUT_OF_RANGE,
    PART_OUT_OF_ORDER,
    PART_UNKNOWN,
    PERSON_SHAPE,
    PERSON_TWICE,
    ROW_SHAPE,
    SETTINGS_SHAPE,
    SLUG_TAKEN,
    TABLE_MISSING,
    TABLE_OUT_OF_ORDER,
    TABLE_UNKNOWN,
    TIME_OUT_OF_BOUNDS,
    TOO_MANY_PEOPLE,
    TOO_MANY_TRACKS,
    UNKNOWN_VERSION,
    refusal,
)
from .names import USERS, copy_name, people, restored_name, track_facts
from .reader import PART_NAME, TABLE_NAME, Reader, part_piece, row_piece
from .results import Results
from .tables import (
    FORMAT,
    FORMAT_VERSION,
    OLDEST_VERSION,
    PARTS,
    Table,
    referenced,
    tables_of,
)

# Rows written at a time: a statement each, or more where the database takes fewer parameters
# in one (PostgreSQL takes 65,535, and a row of the widest table, an entry, is 21); and fewer
# rows where they are long (a race's snapshot each), so a batch holds at most some megabytes.
BATCH = 1000
BATCH_CHARACTERS = 4 << 20
# The most characters of one piece of the file: a header's value, a person, a track, and a row
# of a table (a race's setup and snapshot of 40 cars are some 40,000).
MOST_HEADER = 200
MOST_PERSON = 1_000
MOST_TRACK = 2_000
MOST_ROW = 1 << 20
# The most people and tracks one league names (a league of 10,000 drivers names a handful).
MOST_PEOPLE = 10_000
MOST_TRACKS = 10_000


@dataclass(frozen=True)
class Imported:
    """What `league_import` made, and what whoever restored it is to be told."""

    league: League
    # The league's address as the file gives it (lower case): the league is elsewhere when that
    # one was not free (the restore page).
    address_in_file: str
    # The members the restore page left out, in words: "alice (referee)".
    members_left_out: tuple[str, ...] = ()
    # The file's tracks whose weather or number differ from this site's track of that name,
    # each restored as a track of its own: (the name in the file, the name given it here).
    tracks_kept_apart: tuple[tuple[str, str], ...] = ()
    # The file's league's name, where the restorer runs a league of that name already (the
    # original, most often): the copy is named apart ("Old Hands (restored)").
    name_in_file: str = ""


def league_import(source: IO[bytes], *, organiser=None) -> Imported:
    """The league in `source` (a backup file, read a piece at a time: reader.py)
    written into this database under new ids, in one transaction: each row is checked as the
    site's forms and pages need it before it is written, and a refusal anywhere in the file
    (a ValidationError saying why) leaves nothing behind.

    Tracks are matched by name whatever the case; one not here yet is added, and one whose
    weather or number differs from this site's track of its name is added as a track of its
    own ("Monza (restored)"), so a restore never changes what another league races on.

    Without `organiser` (the site's administrator, `manage.py import_league`), people are
    matched by username, and one not here yet gets an account with no password (an admin sets
    one): the league comes back whole, at the address it had (a taken one is refused). With
    `organiser` (whoever restores it on the restore page), the file's people are not this
    site's to name: no account is made or linked, the restorer organises the league alone, the
    log keeps its entries without who typed them, and `Imported.members_left_out` lists whom
    to invite again (docs/rulings.md, "Roles"); the league comes back at its address, or at the
    first free one after it, and named apart ("Old Hands (restored)") where the restorer runs a
    league of its name already (the original, most often)."""
    try:
        with transaction.atomic():
            return _Import(organiser).read(Reader(source))
    except IntegrityError as error:
        raise refusal(CLASH) from error
    except DataError as error:
        raise refusal(OUT_OF_RANGE) from error


TRACKS = Table("tracks", Track, lambda league: Track.objects.none())


class _Import:
    """One import, reading the file's parts in order (PARTS), each row checked, then written a
    statement per BATCH rows."""

    def __init__(self, organiser) -> None:
        self.organiser = organiser
        self.user_model = get_user_model()
        self.names: dict[int, str] = {}  # the file's people: id -> username
        # Each row's new id by its id in the file, for the models rows name.
        named: list[type[models.Model]] = [*referenced(), self.user_model, Track]
        self.ids: dict[type[models.Model], dict[int, int]] = {model: {} for model in named}
        self.league: League | None = None
        self.version = FORMAT_VERSION  # the file's, once read
        self.address_in_file = ""
        self.name_in_file = ""
        self.file_lead: Any = None
        self.left_out: list[str] = []
        self.kept_apart: list[tuple[str, str]] = []
        self.round_status: dict[int, str] = {}  # by the round's new id
        self.round_season: dict[int, int] = {}  # the season's new id, by the round's
        self.season_ruleset: dict[int, str] = {}  # by the season's new id
        self.seen: dict[tuple[object, ...], set[Any]] = {}  # unique keys of the rows so far
        self.team_colours: list[str] = []  # the colours of the file's teams so far
        self.results = Results()  # the results and careers, checked whole (results.py)

    # -- the parts of the file ------------------------------------------------------------

    def read(self, reader: Reader) -> Imported:
        if reader.start() != "{":
            raise refusal(NOT_A_BACKUP, format=FORMAT)
        seen: list[str] = []
        for part in reader.keys(PART_NAME, MOST_HEADER):
            if part not in PARTS:
                if "format" not in seen:
                    raise refusal(NOT_A_BACKUP, format=FORMAT)
                raise refusal(PART_UNKNOWN, part=part[:MOST_HEADER])
            if part != "format" and "format" not in seen:
                raise refusal(NOT_A_BACKUP, format=FORMAT)
            if part != "version" and seen == ["format"]:
                raise refusal(UNKNOWN_VERSION, found=None, known=FORMAT_VERSION)
            if seen and PARTS.index(part) <= PARTS.index(seen[-1]):
                raise refusal(PART_OUT_OF_ORDER, part=part, before=seen[-1], order=", ".join(PARTS))
            seen.append(part)
            getattr(self, f"_{part}")(reader)
        reader.end()
        if "format" not in seen:
            raise refusal(NOT_A_BACKUP, format=FORMAT)
        if "version" not in seen:
            raise refusal(UNKNOWN_VERSION, found=None, known=FORMAT_VERSION)
        if "tables" not in seen:
            raise refusal(TABLE_MISSING, label="tables")
        return self._finished()

    def _format(self, reader: Reader) -> None:
        if reader.value(part_piece("format"), MOST_HEADER) != FORMAT:
            raise refusal(NOT_A_BACKUP, format=FORMAT)

    def _version(self, reader: Reader) -> None:
        found = reader.value(part_piece("version"), MOST_HEADER)
        if (
            isinstance(found, bool)
            or not isinstance(found, int)
            or not OLDEST_VERSION <= found <= FORMAT_VERSION
        ):
            raise refusal(UNKNOWN_VERSION, found=found, known=FORMAT_VERSION)
        self.version = found

    def _exported_at(self, reader: Reader) -> None:
        reader.value(part_piece("exported_at"), MOST_HEADER)

    def _league(self, reader: Reader) -> None:
        reader.value(part_piece("league"), MOST_HEADER)

    def _users(self, reader: Reader) -> None:
        for number, _item in enumerate(reader.items(), start=1):
            if number > MOST_PEOPLE:
                raise refusal(TOO_MANY_PEOPLE, most=grouped(MOST_PEOPLE))
            row = reader.value(row_piece(USERS, number), MOST_PERSON)
            if not isinstance(row, dict):
                raise bad(number, USERS, PERSON_SHAPE)
            unknown = set(row) - {"id", "username"}
            if unknown:
                raise refusal(FIELD_UNKNOWN, label=USERS, field=min(unknown))
            old, username = row.get("id"), row.get("username")
            if not is_id(old) or not isinstance(username, str):
                raise bad(number, USERS, PERSON_SHAPE)
            if old in self.names:
                raise bad(number, USERS, PERSON_TWICE)
            self.names[old] = username
        if self.organiser is None:
            self.ids[self.user_model] = people(self.names)

    def _tracks(self, reader: Reader) -> None:
        rows: list[tuple[int, Track]] = []
        for number, _item in enumerate(reader.items(), start=1):
            if number > MOST_TRACKS:
                raise refusal(TOO_MANY_TRACKS, most=grouped(MOST_TRACKS))
            row = reader.value(row_piece(TRACKS.label, number), MOST_TRACK)
            read = self._row(TRACKS, number, row)
            assert read is not None  # a track is never left out
            rows.append(read)
        for old, track in rows:
            self.ids[Track][old] = self._track_here(track)

    def _tables(self, reader: Reader) -> None:
        tables = tables_of(self.version)
        labels = [table.label for table in tables]
        following = 0  # the index of the table expected next
        for label in reader.keys(TABLE_NAME, MOST_HEADER):
            if label not in labels:
                raise refusal(TABLE_UNKNOWN, label=label)
            index = labels.index(label)
            if index < following:
                before = labels[following - 1]
                raise refusal(TABLE_OUT_OF_ORDER, label=label, before=before)
            if index > following:
                raise refusal(TABLE_MISSING, label=labels[following])
            self._table(tables[index], reader)
            following = index + 1
        if following < len(labels):
            raise refusal(TABLE_MISSING, label=labels[following])
        # Once every table is in: a driver's career as their entries make it, but for the
        # drivers whose career an organiser corrected by hand (their DriverChange rows, the
        # last table), which the entries alone cannot say.
        assert self.league is not None  # the league's table is the first
        corrected = DriverChange.objects.filter(
            driver__team__league=self.league, kind=DriverChangeKind.CORRECTED
        ).values_list("driver_id", flat=True)
        self.results.careers_checked(corrected_by_hand=set(corrected))

    def _table(self, table: Table, reader: Reader) -> None:
        batch: list[tuple[Any, models.Model]] = []
        rows = 0
        batch_from = reader.position
        for number, _item in enumerate(reader.items(), 1):
            if table.model is League and number > 1:
                raise refusal(ONE_LEAGUE)
            row = reader.value(row_piece(table.label, number), MOST_ROW)
            rows = number
            made = self._row(table, number, row)
            if made is not None:
                batch.append(made)
            if len(batch) >= BATCH or reader.position - batch_from > BATCH_CHARACTERS:
                self._write(table, batch)
                batch, batch_from = [], reader.position
        if table.model is League and rows != 1:
            raise refusal(ONE_LEAGUE)
        self._write(table, batch)
        if table.after is not None:
            assert self.league is not None  # the league's table is the first
            table.after(self.league)

    def _finished(self) -> Imported:
        league = self.league
        assert league is not None  # the tables hold exactly one league
        # Every organiser is a member (a file written before they were lacks its organiser's).
        leads = {league.organiser_id}
        if self.organiser is None:
            leads.add(self.ids[self.user_model].get(self.file_lead, league.organiser_id))
        for lead in leads:
            Membership.objects.ensure_organiser(league=league, user_id=lead)
        return Imported(
            league=league,
            address_in_file=self.address_in_file,
            members_left_out=tuple(self.left_out),
            tracks_kept_apart=tuple(self.kept_apart),
            name_in_file=self.name_in_file,
        )

    # -- one row --------------------------------------------------------------------------

    def _row(self, table: Table, number: int, row: Any) -> tuple[Any, Any] | None:
        """`row` of `table` (number `number` in the file) read into an unsaved object of its
        model (Any: every table's model comes through here), with its id in the file; None for
        a row the restore page leaves out."""
        """(its id in the file, the row as a model instance checked and ready to insert); None
        for a row the restore page leaves out (a member)."""
        label, model = table.label, table.model
        if not isinstance(row, dict):
            raise bad(number, label, ROW_SHAPE)
        shape = shape_of(model)
        columns = shape.fields
        # A field added since the file's version is one that file cannot hold.
        unknown = row.keys() - (columns.keys() - table.fields_after(self.version)) - {"id"}
        if unknown:
            raise refusal(FIELD_UNKNOWN, label=label, field=min(unknown))
        old = row.get("id")
        if model in self.ids:
            if not is_id(old):
                raise bad(number, label, ID_NOT_WHOLE)
            ids = self.seen.setdefault(("id", label), set())
            if old in ids:
                raise bad(number, label, ID_TWICE)
            ids.add(old)
        for field in shape.required:
            if row.get(field.name) is None:
                raise bad(number, label, FIELD_MISSING, field=field.name)
        values = {}
        for name, value in row.items():
            if name != "id":
                field = columns[name]
                values[field.attname] = self._value(label, number, field, value)
        obj: Any = model(**values)  # a field the file lacks (added since) takes its default
        # A field added since that a file of its version must give (one that may be empty may
        # be left out: null, or blank with a default, as a car's chosen colour).
        for name, since in table.fields_since.items():
            may_be_empty = columns[name].null or columns[name].blank
            if name not in row and self.version >= since and not may_be_empty:
                raise bad(number, label, FIELD_MISSING, field=name)
        if model is Season and "ruleset" not in row:
            assert self.league is not None  # the league's row is the file's first
            obj.ruleset = self.league.ruleset  # a file of before: every season ran the league's
        for name in NAMES.get(model, ()):
            setattr(obj, name, plain_name(getattr(obj, name)))
        if model is Team:
            if "colour" not in row:  # a file from before teams had colours: by team order
                obj.colour = team_colours.next_colour(self.team_colours)
            self.team_colours.append(obj.colour)
        if model is League:
            self._league_row(obj, row)
        elif self.organiser is not None and shape.people:
            if any(not field.null for field in shape.people):
                self._leave_out(obj, row, number, label)
                return None
            for field in shape.people:
                setattr(obj, field.attname, None)
        cleaned(label, number, obj, exclude=unchecked(obj))
        self._checked(table, number, obj)
        self._unique(table, number, obj)
        if model is Driver:
            self.results.driver(number, obj)
        elif model is Entry:
            self.results.entry(number, obj)
        return old, obj

    def _value(self, label: str, number: int, field: models.Field, value: Any) -> Any:
        if field.is_relation:
            return self._reference(label, number, field, value)
        if value is None:
            if field.null:
                return None
            raise bad(number, label, FIELD_EMPTY, field=field.name)
        if isinstance(field, models.JSONField):
            return value  # read as plain JSON (reader.py); each is checked with its row
        refused = kind_refused(field, value)
        if refused:
            raise bad(number, label, refused, field=field.name, value=value)
        if isinstance(field, models.IntegerField):
            low, high = INTEGER_RANGES[field.get_internal_type()]
            if not low <= value <= high:
                raise bad(number, label, OUT_OF_BOUNDS, field=field.name, value=value)
        try:
            value = field.to_python(value)
        except ValidationError as error:
            said = " ".join(error.messages)
            raise bad(number, label, FIELD_REFUSED, field=field.name, reason=said) from error
        if isinstance(value, datetime.datetime):
            if timezone.is_naive(value):
                raise bad(number, label, NO_TIME_ZONE, field=field.name)
            try:
                value.astimezone(datetime.UTC)
            except OverflowError as error:
                raise bad(number, label, TIME_OUT_OF_BOUNDS, field=field.name) from error
        return value

    def _reference(self, label: str, number: int, field: models.Field, value: Any) -> Any:
        if value is None:
            return None
        target = field.related_model
        assert isinstance(target, type)  # a column names a model, never "self" once loaded
        known = self.names if target is self.user_model else self.ids.get(target, {})
        if not is_id(value) or value not in known:
            raise refusal(BROKEN_REFERENCE, row=number, label=label, field=field.name, value=value)
        return self.ids[target].get(value)  # no one, for a person on the restore page

    def _league_row(self, league: League, row: dict[str, Any]) -> None:
        """The league's address made lower case and plain; the restorer in place of the file's
        organiser on the restore page, the league at the first free address after the file's;
        elsewhere the file's address, which must be free."""
        self.file_lead = row.get("organiser")
        self.results.league = league
        if not isinstance(league.settings, dict):
            raise bad(1, "league.league", SETTINGS_SHAPE)
        league.slug = slugs.normalised(league.slug)
        self.address_in_file = league.slug
        here = League.objects.filter(slug__iexact=league.slug).first()
        if self.organiser is not None:
            league.organiser_id = self.organiser.pk
            # Private until its organiser publishes it, as a new league is: a file's
            # "published" is no one's say on this site (docs/architecture.md, "Backup").
            league.published = False
            league.slug = slugs.free_slug(league.slug, taken=slug_taken)
            # A copy of a league the restorer runs (their own backup, restored to look back
            # or to try something): named apart, as a person's leagues have a name each.
            theirs = League.objects.filter(organiser_id=self.organiser.pk)
            if theirs.filter(name__iexact=league.name).exists():
                self.name_in_file = league.name
                league.name = copy_name(league.name, theirs)
        elif here is not None:
            raise refusal(SLUG_TAKEN, slug=league.slug)
        if league.organiser_id is not None:
            theirs = League.objects.filter(organiser_id=league.organiser_id)
            if theirs.filter(name__iexact=league.name).exists():
                said = gettext(NAME_TAKEN).format(organiser=league.organiser, name=league.name)
                raise ValidationError(said)
        self.league = league

    def _leave_out(self, obj: Any, row: dict[str, Any], number: int, label: str) -> None:
        """A member's row, which the restore page does not bring back: checked all the same,
        and named among those to invite again."""
        obj.user_id = None
        cleaned(label, number, obj, exclude=unchecked(obj))
        self.left_out.append(f"{self.names[row['user']]} ({role_words(obj.role)})")

    def _checked(self, table: Table, number: int, obj: models.Model) -> None:
        """What the league's pages need of a row beyond its fields (its JSON fields as its rule
        set validates them, a result as the standings read it), and a registered table's check."""
        league_check = LEAGUE_CHECKS.get(table.model)
        try:
            if league_check is not None:
                league_check(self, obj)
            if table.check is not None:
                table.check(obj)
        except ValidationError as error:
            raise bad_said(number, table.label, " ".join(error.messages)) from error
        except (InvalidSetting, InvalidTally, UnknownChampionship) as error:
            raise bad_said(number, table.label, str(error)) from error
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
            raise bad_said(number, table.label, repr(error)) from error

    def _unique(self, table: Table, number: int, obj: models.Model) -> None:
        """A row the same as an earlier row of the file where the database keeps rows apart
        (two teams of one name, two entries of one car) is refused, in words."""
        for key in unique_keys(table.model):
            value = key.read(obj)
            if any(part is None for part in value):
                continue
            seen = self.seen.setdefault((table.label, key.fields, key.any_case), set())
            if value in seen:
                raise bad_said(number, table.label, key.said())
            seen.add(value)

    def _write(self, table: Table, batch: list[tuple[Any, Any]]) -> None:
        """Insert `batch` with bulk_create (a statement per as many rows as the database takes
        in one). The times stamped at each row's making are the file's: those fields take now
        as their default (`default=timezone.now`), never on insert as auto_now_add would
        (tests/league/test_backup.py checks every table's fields for it)."""
        if not batch:
            return
        model = table.model
        objs: list[Any] = model._base_manager.bulk_create([obj for _old, obj in batch])
        if model in self.ids:
            self.ids[model].update((old, obj.pk) for old, obj in batch)
        if model is Season:
            self.season_ruleset.update((obj.pk, obj.ruleset) for obj in objs)
            self.results.seasons.update((obj.pk, obj) for obj in objs)
        if model is Round:
            self.round_status.update((obj.pk, obj.status) for obj in objs)
            self.round_season.update((obj.pk, obj.season_id) for obj in objs)
            self.results.rounds.update((obj.pk, obj) for obj in objs)
        if model is Driver:
            self.results.drivers_written()

    # -- tracks ---------------------------------------------------------------------------

    def _track_here(self, track: Track) -> int:
        """This site's track for the file's `track`: the one of its name whatever the case,
        where its weather and number are the same; else a track of its own, "Name (restored)"
        (or "(restored 2)"...), reused by a later restore of the same track."""
        in_file = track.name
        for attempt in range(MOST_TRACKS):
            name = restored_name(in_file, attempt)
            here = Track.objects.filter(name__iexact=name).first()
            if here is None:
                track.name = name
                track.save(force_insert=True)
                here = track
            elif track_facts(here) != track_facts(track):
                continue
            if attempt:
                self.kept_apart.append((in_file, here.name))
            return here.pk
        raise refusal(TOO_MANY_TRACKS, most=grouped(MOST_TRACKS))
