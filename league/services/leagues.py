"""A league made, and its settings: points table, archiving, publishing."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from rules.championship import (
    POINTS_TABLE,
    InvalidSetting,
)

from ..models import (
    Entry,
    League,
    Making,
    Membership,
    PointsAdjustment,
    Round,
    RoundResultChange,
    SeasonEndChange,
    slugs,
    time_zones,
)
from ..models.leagues import slug_taken
from .common import for_update, insert_once, league_for_write
from .errors import AlreadyDone, StaleLeague
from .members import making_record
from .tracks import tracks_ensure_sample

LEAGUE_EXISTS = gettext_noop("You already run a league called {name!r}: here it is.")
SLUG_BUSY = gettext_noop("Could not find a free address for this league: try another name.")
POINTS_TABLE_IN_USE = gettext_noop(
    "Season {number} has a result already (round {round}): its points table stays as it is, so "
    "that every round of a season scores alike. It can change again once the next season is open."
)
POINTS_TABLE_ALREADY = gettext_noop("The points table is already {table}.")
PUBLISHED_ALREADY = gettext_noop("{league} is already published.")
UNPUBLISHED_ALREADY = gettext_noop("{league} is already unpublished.")
LEAGUE_CHANGED = gettext_noop(
    "Someone else changed this league's settings first (another tab or device): here they are "
    "as they stand now. Enter again what still applies."
)
LEAGUE_ARCHIVED_ALREADY = gettext_noop("{league} is archived already.")
LEAGUE_NOT_ARCHIVED = gettext_noop("{league} is not archived.")
SLUG_TRIES = 20
DELETE_NAME_MISMATCH = gettext_noop("Type the league's name, {name}, to delete it.")
LEAGUE_DELETED_ALREADY = gettext_noop("{league} is deleted already.")
TIME_ZONE_ALREADY = gettext_noop("{league}'s times are already in {zone}.")


@transaction.atomic
def league_create(
    *,
    name: str,
    organiser,
    ruleset: str = "season_pass",
    settings: Mapping[str, bool | str] | None = None,
    time_zone: str = time_zones.DEFAULT_TIME_ZONE,
    address: str = "",
    plain_address: bool = False,
) -> League:
    """A new league of `ruleset`, with that rule set's `settings` (each left out takes its
    default), its session times in `time_zone`, on a slug of its own that is never one of the
    site's own paths: its name's with a random ending (slugs.unguessable_slug), which says
    nothing of the other leagues of that name; `plain_address`, the name's own or the first
    free after it (`-2`), for the host's tools only (the demo, the benchmarks), never for a
    page anyone may post. Made from `address` (the limits over time count it:
    league/services/limits.py). An organiser's second league of the same name is the first one
    (AlreadyDone)."""
    name = name.strip()
    league = League(
        name=name,
        organiser=organiser,
        ruleset=ruleset,
        settings=dict(settings or {}),
        time_zone=time_zone,
    )
    _check_league_new(league)
    for _try in range(SLUG_TRIES):
        slug_of = slugs.free_slug if plain_address else slugs.unguessable_slug
        league.slug = slug_of(name, taken=slug_taken)
        # The slug's uniqueness is the database's to enforce, at the insert: a twin request that
        # took it since is told apart there (AlreadyDone), not refused here.
        league.full_clean(validate_unique=False, validate_constraints=False)
        _check_settings_race(league)
        try:
            insert_once(league, lambda: _check_league_new(league))
        except IntegrityError:
            continue  # another league took the slug between the look-up and the insert
        Membership.objects.ensure_organiser(league=league, user_id=organiser.pk)
        tracks_ensure_sample(league.rules)  # the sample schedules' tracks are on the list
        making_record(kind=Making.Kind.LEAGUE, user=organiser, address=address)
        return league
    raise ValidationError(gettext(SLUG_BUSY))


def _check_settings_race(league: League) -> None:
    """A new league's settings race together (a rule set's `check_race_settings`), refused in
    the rule set's words as the settings' error; a league made before keeps its settings."""
    try:
        league.rules.check_race_settings(league.settings)
    except InvalidSetting as error:
        raise ValidationError({"settings": str(error)}) from error


def _check_league_new(league: League) -> None:
    existing = League.objects.filter(organiser=league.organiser, name__iexact=league.name).first()
    if existing is not None:
        raise AlreadyDone(gettext(LEAGUE_EXISTS).format(name=existing.name), done=existing)


def points_table_refusal(league: League, *, lock: bool = False) -> str | None:
    """Why the league's points table may not change now, or None: a season scores on one table,
    so it changes only before the current season's first result (docs/rulings.md, "A league's
    points table"). `lock`: the caller writes the table, and a result committed meanwhile must
    wait for it (or it for the result)."""
    season = league.current_season()
    if season is None:
        return None
    rounds = Round.objects.filter(season=season).order_by("number")
    if lock:
        rounds = for_update(rounds)
    rounds = rounds.only("number", "status")
    scored = next((round_ for round_ in rounds if round_.is_finished), None)
    if scored is None:
        return None
    return gettext(POINTS_TABLE_IN_USE).format(number=season.number, round=scored.number)


@transaction.atomic
def league_points_table_set(
    *, league: League, table: str, expected_version: int | None = None
) -> League:
    """Give the league the points table written in `table` (its rule set checks it), before the
    current season's first result. The table it has already is AlreadyDone (a double tap);
    a page built on older settings is StaleLeague."""
    league = league_for_write(league)
    rules = league.rules
    try:
        settings = rules.validated_settings({**league.settings, POINTS_TABLE: table})
    except InvalidSetting as error:
        raise ValidationError(str(error)) from error
    chosen = rules.points_table(settings)
    if chosen == league.points_table:
        raise AlreadyDone(gettext(POINTS_TABLE_ALREADY).format(table=chosen), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(gettext(LEAGUE_CHANGED))
    if refusal := points_table_refusal(league, lock=True):
        raise ValidationError(refusal)
    league.settings = settings
    league.settings_version += 1
    league.full_clean(validate_unique=False, validate_constraints=False)
    league.save(update_fields=["settings", "settings_version"])
    return league


@transaction.atomic
def league_archive_set(
    *, league: League, archived: bool, expected_version: int | None = None
) -> League:
    """File the league away (`archived`), or bring it back. Nothing of it is deleted: its
    pages stay at their addresses and its history as it was; an archived league is only
    read-only, and listed under Archived on its members' home page. Asking for what it is
    already is AlreadyDone (a double tap); a page built on older settings is StaleLeague."""
    league = league_for_write(league, archived=True)
    if league.is_archived == archived:
        message = gettext(LEAGUE_ARCHIVED_ALREADY) if archived else gettext(LEAGUE_NOT_ARCHIVED)
        raise AlreadyDone(message.format(league=league), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(gettext(LEAGUE_CHANGED))
    league.archived_at = timezone.now() if archived else None
    league.settings_version += 1
    league.save(update_fields=["archived_at", "settings_version"])
    return league


@transaction.atomic
def league_publish_set(
    *, league: League, published: bool, expected_version: int | None = None
) -> League:
    """Publish the league (its pages and exports open to everyone) or take it back (open to its
    members only). Asking for what it already is is AlreadyDone (a double tap); a page built on
    older settings is StaleLeague."""
    league = league_for_write(league)
    if league.published == published:
        already = gettext(PUBLISHED_ALREADY) if published else gettext(UNPUBLISHED_ALREADY)
        raise AlreadyDone(already.format(league=league.name), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(gettext(LEAGUE_CHANGED))
    league.published = published
    league.settings_version += 1
    league.save(update_fields=["published", "settings_version"])
    return league


@transaction.atomic
def league_delete(*, league: League, name_typed: str) -> None:
    """Delete the league and everything of it (its seasons, rounds and their races at the
    table, teams, drivers, results, members and invitations; the shared tracks stay), once
    its organiser has typed its name. Nothing of it can be brought back but from a backup."""
    try:
        league = league_for_write(league, archived=True)
    except League.DoesNotExist:
        # A second tap that waited for the first one's lock: the league is gone as asked.
        name = league.name
        raise AlreadyDone(
            gettext(LEAGUE_DELETED_ALREADY).format(league=name), done="league:home"
        ) from None
    if name_typed.strip().casefold() != league.name.casefold():
        raise ValidationError(gettext(DELETE_NAME_MISMATCH).format(name=league.name))
    # The history is protected from a piecemeal delete (on_delete=PROTECT on what a result, an
    # adjustment or a season-end line names), so the collector would refuse the league as a
    # whole: here, where all of it goes, the rows that hold the rest are taken out first.
    # Everything else of the league cascades from it (tests/league/test_league_delete.py
    # fills a league with a row of every table and deletes it).
    PointsAdjustment.objects.filter(season__league=league).delete()
    Entry.objects.filter(round__season__league=league).delete()
    SeasonEndChange.objects.filter(season__league=league).delete()
    RoundResultChange.objects.filter(round__season__league=league).delete()
    league.delete()


@transaction.atomic
def league_time_zone_set(
    *, league: League, time_zone: str, expected_version: int | None = None
) -> League:
    """Put the league's session times in `time_zone`. A session already scheduled keeps the
    time its clock showed (19:30 stays 19:30, now in the new zone): the organiser typed it as
    the time at the table, and a zone is changed most often because it was wrong (docs/
    architecture.md, "Time zones"). Its zone already is AlreadyDone (a double tap); a page
    built on older settings is StaleLeague."""
    league = league_for_write(league)
    if league.time_zone == time_zone:
        raise AlreadyDone(
            gettext(TIME_ZONE_ALREADY).format(league=league.name, zone=time_zone), done=league
        )
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(gettext(LEAGUE_CHANGED))
    before = league.time_zone
    league.time_zone = time_zone
    league.full_clean(validate_unique=False, validate_constraints=False)
    league.settings_version += 1
    league.save(update_fields=["time_zone", "settings_version"])
    # Each round moved on a version: a session form open elsewhere shows the old clock time.
    rounds = list(
        for_update(
            Round.objects.filter(season__league=league, starts_at__isnull=False), of=("self",)
        ).order_by("pk")
    )
    for round_ in rounds:
        assert round_.starts_at is not None  # the rounds scheduled, above
        clock = time_zones.local(round_.starts_at, before).replace(tzinfo=None)
        round_.starts_at = timezone.make_aware(clock, time_zones.zone(time_zone))
        round_.version += 1
    Round.objects.bulk_update(rounds, ["starts_at", "version"])
    return league
