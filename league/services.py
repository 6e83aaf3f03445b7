"""Every write of the league app: leagues, seasons, teams, drivers, round results, season end.

Each service takes keyword-only arguments, validates in the words of the rules, and writes in one
transaction, so a refused action changes nothing. Messages are constants the tests reuse.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Case, Exists, F, OuterRef, Subquery, Value, When
from django.db.models.functions import Lower
from django.utils import timezone

from rules import formula_d, season_pass
from rules.championship import (
    POINTS_TABLE,
    Championship,
    DriverSheet,
    InvalidSetting,
    SeasonPreset,
)

from . import bulk, slugs
from .locking import for_update
from .models import (
    Driver,
    DriverStatus,
    Entry,
    Invitation,
    League,
    Membership,
    Role,
    Round,
    RoundResultChange,
    RoundStatus,
    Season,
    SeasonEndChange,
    StarterChoice,
    Team,
    Track,
)

SEASON_NOT_ENDED = "Season {number} has not ended yet: end it before opening the next one."
SEASON_ALREADY_ENDED = "This season has already ended."
SEASON_NOT_FINISHED = "The season is not finished: round {number} has not been raced yet."
SCHEDULE_NEEDS_TRACKS = "A season needs at least one track on its schedule."
SCHEDULE_TOO_LONG = "A season consists of {rounds} races; this schedule has {count}."
UNKNOWN_PRESET = "There is no sample schedule called {name!r}."
TEAM_DRIVER_COUNT = "A new team starts with {count} drivers, one for each car."
DRIVER_NAME_TAKEN = "A driver called {name!r} already races in this league, for {team}."
TEAM_NAME_TAKEN = "A team called {name!r} is already in this league."
TEAM_EXISTS = "{team} is already in this league, with these drivers."
LEAGUE_EXISTS = "You already run a league called {name!r}: here it is."
SEASON_EXISTS = "Season {number} is already open (on {schedule}): here it is."
SEASON_ENDED_ALREADY = "Season {number} has already ended: here is its report."
TRACK_NAME_TAKEN = "A track called {name!r} is already on the list, with another weather table."
TRACK_EXISTS = "{track} is already on the track list."
TRACK_RENAME_TAKEN = (
    "Another track is already called {name!r}: track names are told apart whatever the case."
)
TRACK_RUNNING = (
    "Round {number} of {league}'s season {season} is being raced on {track}: edit the track "
    "once that round is finished."
)
TRACK_RUNNING_ELSEWHERE = (
    "A round of another league is being raced on {track}: edit the track once it is finished."
)
TRACK_CHANGED = (
    "Someone else edited this track first: here it is as it stands now. Edit it again if your "
    "change still applies."
)
TRACK_EDITED_ALREADY = "{track} is already as asked."
SLUG_BUSY = "Could not find a free address for this league: try another name."
NO_HOME_TRACKS = "{rules} has no home tracks."
HOME_TRACK_DURING_RACE = "A home track is set before a race, not while round {number} is under way."
NO_DRIVER_CARDS = "{rules} has no driver cards."
DRIVER_CARD_CHANGED = (
    "Someone changed {driver}'s driver card first: here it is as it stands now. Enter yours "
    "again if it still applies."
)
DRIVER_CARD_ALREADY = "{driver}'s driver card is already as asked."
HIRE_DURING_RACE = "New drivers are hired before a race, not while round {number} is under way."
ROUND_ALREADY_ENTERED = "Round {number} already has its result."
ROUND_ALREADY_STARTED = "Round {number} has already started."
RACE_FORMAT_UNKNOWN = "{rules} has no race format {format!r}."
RACE_FORMAT_STARTED = "Round {number} has started: its format can no longer change."
NO_RACE_OPTIONS = "{rules} has no options a single race may switch."
RACE_OPTIONS_STARTED = (
    "Round {number} has started: the options its race runs with can no longer change."
)
ROUND_NOT_STARTED = "Round {number} has not started: choose its starters first."
RESULT_BEGUN = (
    "Round {number}'s result is being entered ({cars} car(s) placed or rolled for): its "
    "starters can no longer change. Correct the result instead."
)
START_CANCELLED = "Round {number}'s start is already cancelled: choose its starters again."
STARTERS_AS_ASKED = "Round {number} already starts with these drivers in these cars."
ROUND_NOT_CONFIRMED = "Round {number} has no confirmed result to reopen."
ROUND_NOT_LAST = (
    "Only the last confirmed round reopens: round {later} has started since round {number} "
    "was confirmed. Cancel its start first, or reopen it instead."
)
ROUND_CONFIRMED_UNKEPT = (
    "Round {number} was confirmed before Paddock kept what a confirmation changes: it cannot "
    "be taken back exactly, so it is not reopened."
)
ROUND_REOPENED = "Round {number} is open again already: correct it and confirm it."
ROUND_OUT_OF_ORDER = "Round {previous} must be finished before round {number} starts."
STARTER_NOT_IN_LEAGUE = "{driver} does not drive for a team in this league."
STARTER_RETIRED = "{driver} is {status} and may no longer race."
STARTER_INJURED = (
    "{driver} has {races} race(s) still to miss: only drivers with zero injury points may race."
)
TOO_MANY_STARTERS = "{team} may field only {count} cars a race."
DUPLICATE_STARTER = "{driver} is chosen twice."
DUPLICATE_CAR = "Two cars are marked {car!r}: every car must be told apart on the board."
TOO_FEW_STARTERS = "A race needs at least two cars."
OUTCOME_MISSING = "Every car needs a result: {driver} has none."
OUTCOME_UNKNOWN = "That entry is not in this round."
PLACES_NOT_CONSECUTIVE = "Finishers must take places 1 to {count}, each once; got {places}."
OUT_PLACES_NOT_CONSECUTIVE = (
    "Cars out must take places {first} to {last}, after the finishers, each once; got {places}."
)
OUT_NEEDS_REASON = "{driver} went out: say why, as the result form offers."
OUT_NEEDS_DISTANCE = "{driver} went out: enter how many spaces they had covered."
OUT_DISTANCE_TIED = (
    "{first} and {second} went out at the same distance; "
    "enter which one got farther (use half spaces)."
)
OVERSHOOT_NEEDED = "{driver} left the track: enter the roll minus the maximum safe roll (1+)."
DAMAGE_NEEDED = "{driver} was disabled in a collision: enter the damage points (2 or more)."
INJURY_NOT_NEEDED = "{driver} has no injury check to roll."
INJURY_SETTLED = "{driver}'s injury check is already settled."
INJURIES_PENDING = "Injury checks are still to be rolled for: {drivers}."
ROUND_CHANGED = (
    "Someone else changed this round first (another tab or device): here it is as it stands "
    "now. Enter again what still applies."
)
ROUND_AT_TABLE = (
    "Round {number} is being run with the turn helper: its result comes from the table. To type "
    "it in here instead, choose 'Enter the result by hand instead' first (the table's race is "
    "discarded)."
)
OVERSHOOT_TOO_FAR = "{driver}: an overshoot is at most {most} spaces (the highest roll is 30)."
BONUS_POINTS_TOO_MANY = (
    "{label}: a race gives at most {most} between its cars (round {number}, {format}); this "
    "result gives {given}."
)
NO_BONUS_POINTS = "{rules} scores nothing but places: {driver} can have no bonus points."
DAMAGE_TOO_HIGH = "{driver}: a car collects at most {most} damage points in a race."
POINTS_TABLE_IN_USE = (
    "Season {number} has a result already (round {round}): its points table stays as it is, so "
    "that every round of a season scores alike. It can change again once the next season is open."
)
POINTS_TABLE_ALREADY = "The points table is already {table}."
PUBLISHED_ALREADY = "{league} is already published."
UNPUBLISHED_ALREADY = "{league} is already unpublished."
LEAGUE_CHANGED = (
    "Someone else changed this league's settings first (another tab or device): here they are "
    "as they stand now. Enter again what still applies."
)
LEAGUE_ARCHIVED_ALREADY = "{league} is archived already."
LEAGUE_NOT_ARCHIVED = "{league} is not archived: it is on the home page's list."

NO_SEASON_SETUP = "{rules} sets up nothing per season."
SEASON_SETUP_RACED = (
    "Season {number}'s setup can no longer change: round {round} has started, and every race "
    "of a season starts on the same setup."
)
SEASON_SETUP_ALREADY = "Season {number} is already set up so."
SEASON_SETUP_CHANGED = (
    "Someone else changed this season's setup first (another tab or device): here it is as it "
    "stands now. Enter again what still applies."
)

# The highest roll (30, sixth gear) minus the least safe roll (0).
MAX_OVERSHOOT = 30
# A sanity bound on one car's bonus points in a race; the rule set's own limit is checked too.
MAX_BONUS_POINTS = 99
# Two points disable a car; chain checks can add a few more before the referee stops rolling.
MAX_DAMAGE = 10


class AlreadyDone(ValidationError):
    """What was asked for exists already, as asked (a double tap, or another tab that got there
    first): nothing more is written, and `done` is the thing that exists."""

    def __init__(self, message: str, *, done) -> None:
        super().__init__(message)
        self.done = done


class InvitationWithdrawn(ValidationError):
    """The invitation was withdrawn (deleted) after its link was opened."""


class StaleRound(ValidationError):
    """The page was built on an older version of the round: someone changed it first."""


class StaleLeague(ValidationError):
    """The page was built on an older version of the league's settings: someone changed them."""


LEAGUE_READ_ONLY = (
    "{league} is archived, so it is read-only: nothing of it changes while it is archived. Its "
    "organiser may restore it to the home page's list (on the league page) to change it again."
)


class LeagueArchived(PermissionDenied):
    """A write to an archived league, refused whoever asks (docs/architecture.md)."""


def league_writable(league: League) -> None:
    """Refuse (LeagueArchived) any write to `league` while it is archived. The views ask before
    they read what was posted; `_locked_league` and `round_for_write` ask again under their
    locks, so an archiving that lands first is seen."""
    if league.is_archived:
        raise LeagueArchived(LEAGUE_READ_ONLY.format(league=league))


@dataclass(frozen=True)
class EntryOutcome:
    """How one entry's race ended, as the referee reports it. A car out carries a `place` only
    when the whole order is known (see _places)."""

    entry_id: int
    finished: bool
    place: int | None = None
    out_reason: str = ""
    distance: Decimal | None = None
    overshoot: int | None = None
    damage: int | None = None
    bonus_points: int = 0  # earned in the race beyond the place (Mini's lap-leader points)


@transaction.atomic
def tracks_ensure_sample(rules: Championship) -> dict[str, Track]:
    """The tracks of the rule set's sample schedules by their printed names, created where the
    list lacks them (idempotent; a track already there under another case is that track). A
    fixed number of queries, however many tracks."""
    printed = {track.name: track.number for preset in rules.presets for track in preset.tracks}
    if not printed:
        return {}
    on_list = _tracks_named(printed)
    missing = [name for name in printed if name.lower() not in on_list]
    if missing:
        Track.objects.bulk_create(
            [Track(name=name, number=printed[name]) for name in missing], ignore_conflicts=True
        )
        on_list = _tracks_named(printed)
    return {name: on_list[name.lower()] for name in printed}


def _tracks_named(names) -> dict[str, Track]:
    """The tracks whose names are `names` whatever the case, by their names in lower case."""
    lowered = [name.lower() for name in names]
    tracks = Track.objects.annotate(key=Lower("name")).filter(key__in=lowered)
    return {track.key: track for track in tracks}


@transaction.atomic
def track_create(
    *, name: str, number: int | None = None, weather_table: str = "", weather_chart: str = ""
) -> Track:
    track = Track(
        name=name.strip(),
        number=number,
        weather_table=weather_table or season_pass.DEFAULT_WEATHER_TABLE,
        weather_chart=weather_chart or formula_d.DEFAULT_WEATHER_CHART,
    )
    track.clean()  # the weather tables in canonical form, to compare with a track of that name
    existing = Track.objects.filter(name__iexact=track.name).first()
    if existing is not None:
        if _same_track(existing, track):
            raise AlreadyDone(TRACK_EXISTS.format(track=existing), done=existing)
        raise ValidationError(TRACK_NAME_TAKEN.format(name=track.name))
    # A twin request's track is told apart at the insert (_track_replay), not refused here.
    track.full_clean(validate_unique=False, validate_constraints=False)
    return _insert(track, lambda: _track_replay(track))


def _track_replay(track: Track) -> None:
    """After a clash on the unique name: the twin request's track, told apart as above."""
    existing = Track.objects.filter(name__iexact=track.name).first()
    if existing is not None and _same_track(existing, track):
        raise AlreadyDone(TRACK_EXISTS.format(track=existing), done=existing)
    raise ValidationError(TRACK_NAME_TAKEN.format(name=track.name))


def _same_track(existing: Track, track: Track) -> bool:
    """Whether `track` is `existing` asked for again: its number and weather tables too."""
    return all(getattr(existing, field) == getattr(track, field) for field in TRACK_FACTS)


TRACK_FACTS = ("number", "weather_table", "weather_chart")


class StaleSeason(ValidationError):
    """The page was built on an older version of the season's setup: someone changed it."""


class StaleTrack(ValidationError):
    """The edit form was built on an older version of the track: someone edited it first."""


class StaleDriverCard(ValidationError):
    """The card form was built on an older version of the driver's card: someone changed it."""


def track_edit_refusal(
    track: Track, rounds: Iterable[Round] | None = None, *, viewer=None
) -> str | None:
    """Why `track` may not be edited now, or None: not while a round is raced on it (its race
    was set up with the track's weather table). `rounds`: the track's rounds, if at hand. The
    league racing on it is named only to a `viewer` who may see that league."""
    if rounds is None:
        rounds = track.rounds.select_related("season__league")
    for round_ in rounds:
        if round_.status == RoundStatus.STARTED:
            league = round_.season.league
            if not (league.published if viewer is None else league.visible_to(viewer)):
                return TRACK_RUNNING_ELSEWHERE.format(track=track.name)
            return TRACK_RUNNING.format(
                number=round_.number, league=league, season=round_.season.number, track=track.name
            )
    return None


@transaction.atomic
def track_edit(
    *,
    track: Track,
    name: str,
    number: int | None,
    weather_table: str,
    expected_version: int,
    weather_chart: str | None = None,
    editor=None,
) -> Track:
    """Rename a track, or correct its number or weather tables (Formula D's chart kept unless
    `weather_chart` is given), while no round is raced on it (a league racing on it is named
    to an `editor` who may see it).
    The same edit posted twice is done once (AlreadyDone); an edit built on an older version
    of the track is refused (StaleTrack)."""
    track = for_update(Track).get(pk=track.pk)
    edited = Track(
        pk=track.pk,
        name=name.strip(),
        number=number,
        weather_table=weather_table or season_pass.DEFAULT_WEATHER_TABLE,
        weather_chart=(
            track.weather_chart
            if weather_chart is None
            else weather_chart or formula_d.DEFAULT_WEATHER_CHART
        ),
        version=track.version,
    )
    edited.clean()  # the weather tables in canonical form, to compare with the stored ones
    fields = ("name", *TRACK_FACTS)
    if all(getattr(edited, field) == getattr(track, field) for field in fields):
        raise AlreadyDone(TRACK_EDITED_ALREADY.format(track=track), done=track)
    if track.version != expected_version:
        raise StaleTrack(TRACK_CHANGED)
    # Locked, as round_start locks the round it starts: a round cannot start on the track
    # between this check and the edit.
    rounds = for_update(Round, of=("self",)).filter(track=track)
    refusal = track_edit_refusal(track, rounds.select_related("season__league"), viewer=editor)
    if refusal:
        raise ValidationError(refusal)
    if Track.objects.filter(name__iexact=edited.name).exclude(pk=track.pk).exists():
        raise ValidationError(TRACK_RENAME_TAKEN.format(name=edited.name))
    edited.full_clean(validate_unique=False, validate_constraints=False)
    edited.version += 1
    try:
        with transaction.atomic():
            edited.save(update_fields=[*fields, "version"])
    except IntegrityError:  # a track of that name was added since the check
        raise ValidationError(TRACK_RENAME_TAKEN.format(name=edited.name)) from None
    return edited


def _insert(obj, on_clash):
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


SLUG_TRIES = 20


@transaction.atomic
def league_create(
    *,
    name: str,
    organiser,
    ruleset: str = "season_pass",
    settings: Mapping[str, bool | str] | None = None,
) -> League:
    """A new league of `ruleset`, with that rule set's `settings` (each left out takes its
    default), on a slug of its own that is never one of the site's own paths. An organiser's
    second league of the same name is the first one (AlreadyDone)."""
    name = name.strip()
    league = League(name=name, organiser=organiser, ruleset=ruleset, settings=dict(settings or {}))
    _check_league_new(league)
    for _try in range(SLUG_TRIES):
        league.slug = slugs.free_slug(name, taken=_slug_taken)
        # The slug's uniqueness is the database's to enforce, at the insert: a twin request that
        # took it since is told apart there (AlreadyDone), not refused here.
        league.full_clean(validate_unique=False, validate_constraints=False)
        try:
            _insert(league, lambda: _check_league_new(league))
        except IntegrityError:
            continue  # another league took the slug between the look-up and the insert
        Membership.objects.ensure_organiser(league=league, user_id=organiser.pk)
        tracks_ensure_sample(league.rules)  # the sample schedules' tracks are on the list
        return league
    raise ValidationError(SLUG_BUSY)


def _slug_taken(slug: str) -> bool:
    return League.objects.filter(slug=slug).exists()


def _check_league_new(league: League) -> None:
    existing = League.objects.filter(organiser=league.organiser, name__iexact=league.name).first()
    if existing is not None:
        raise AlreadyDone(LEAGUE_EXISTS.format(name=existing.name), done=existing)


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
    return POINTS_TABLE_IN_USE.format(number=season.number, round=scored.number)


@transaction.atomic
def league_points_table_set(
    *, league: League, table: str, expected_version: int | None = None
) -> League:
    """Give the league the points table written in `table` (its rule set checks it), before the
    current season's first result. The table it has already is AlreadyDone (a double tap);
    a page built on older settings is StaleLeague."""
    league = _locked_league(league)
    rules = league.rules
    try:
        settings = rules.validated_settings({**league.settings, POINTS_TABLE: table})
    except InvalidSetting as error:
        raise ValidationError(str(error)) from error
    chosen = rules.points_table(settings)
    if chosen == league.points_table:
        raise AlreadyDone(POINTS_TABLE_ALREADY.format(table=chosen), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(LEAGUE_CHANGED)
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
    pages stay at their addresses and its history as it was; an archived league is only off
    the home page's list. Asking for what it is already is AlreadyDone (a double tap); a page
    built on older settings is StaleLeague."""
    league = _locked_league(league, archived=True)
    if league.is_archived == archived:
        message = LEAGUE_ARCHIVED_ALREADY if archived else LEAGUE_NOT_ARCHIVED
        raise AlreadyDone(message.format(league=league), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(LEAGUE_CHANGED)
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
    league = _locked_league(league)
    if league.published == published:
        already = PUBLISHED_ALREADY if published else UNPUBLISHED_ALREADY
        raise AlreadyDone(already.format(league=league.name), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(LEAGUE_CHANGED)
    league.published = published
    league.settings_version += 1
    league.save(update_fields=["published", "settings_version"])
    return league


def _preset(rules: Championship, name: str) -> SeasonPreset:
    for preset in rules.presets:
        if preset.name == name:
            return preset
    raise ValidationError(UNKNOWN_PRESET.format(name=name))


def _locked_league(league: League, *, archived: bool = False) -> League:
    """The league row, locked: creates inside one league (teams, drivers, seasons) take turns,
    so a check that a name or a number is free still holds when the insert runs. An archived
    league is refused (league_writable) unless the write is its archiving itself."""
    locked = for_update(League).get(pk=league.pk)
    if not archived:
        league_writable(locked)
    return locked


@transaction.atomic
def season_open(
    *,
    league: League,
    preset: str = "",
    tracks: Sequence[Track] | None = None,
    number: int | None = None,
) -> Season:
    """Open the league's next season on a sample schedule (`preset`) or on `tracks` in order.
    `number`: the season the asking page meant to open; if it is open already, that season
    is the answer (AlreadyDone)."""
    _locked_league(league)
    if number is not None:
        opened = league.seasons.filter(number=number).first()
        if opened is not None:
            schedule = opened.preset or "a schedule of its own"
            raise AlreadyDone(SEASON_EXISTS.format(number=number, schedule=schedule), done=opened)
    previous = league.current_season()
    if previous is not None and not previous.is_ended:
        raise ValidationError(SEASON_NOT_ENDED.format(number=previous.number))
    rules = league.rules
    if preset:
        by_name = tracks_ensure_sample(rules)
        tracks = [by_name[scheduled.name] for scheduled in _preset(rules, preset).tracks]
    if not tracks:
        raise ValidationError(SCHEDULE_NEEDS_TRACKS)
    if len(tracks) > rules.most_rounds:
        raise ValidationError(SCHEDULE_TOO_LONG.format(rounds=rules.most_rounds, count=len(tracks)))
    season = Season.objects.create(
        league=league, number=previous.number + 1 if previous else 1, preset=preset
    )
    rounds = []
    for number, track in enumerate(tracks, start=1):
        shape = rules.round_shape(number)
        rounds.append(
            Round(
                season=season,
                number=number,
                track=track,
                multiplier=shape.multiplier,
                extra_healing=shape.extra_healing,
                race_format=shape.race_format,
            )
        )
    Round.objects.bulk_create(rounds)
    return season


def season_setup_refusal(
    season: Season, rounds: Iterable[Round] | None = None, *, lock: bool = False
) -> str | None:
    """Why the season's setup may not change now, or None: every race of a season starts on
    the same setup, so it changes only before the season's first race starts (docs/rulings.md,
    "The wear-point setup"). `rounds`: the season's rounds, if the caller has them; `lock`: the
    caller writes the setup, and a round started meanwhile must wait for it (or it for the
    round)."""
    if not season.league.rules.season_setup:
        return NO_SEASON_SETUP.format(rules=season.league.rules.title)
    if rounds is None:
        rounds = Round.objects.filter(season=season).order_by("number").only("number", "status")
        if lock:
            rounds = for_update(rounds)
    started = next((r for r in rounds if r.status != RoundStatus.SCHEDULED), None)
    if started is None:
        return None
    return SEASON_SETUP_RACED.format(number=season.number, round=started.number)


@transaction.atomic
def season_setup_set(
    *, season: Season, setup: Mapping[str, object], expected_version: int | None = None
) -> Season:
    """Give the season the setup `setup` (its rule set checks every number), before its first
    race starts. The setup it has already is AlreadyDone (a double tap); a page built on an
    older setup is StaleSeason."""
    season = for_update(Season).select_related("league").get(pk=season.pk)
    rules = season.league.rules
    if not rules.season_setup:
        raise ValidationError(NO_SEASON_SETUP.format(rules=rules.title))
    try:
        chosen = rules.validated_season_setup(setup)
    except InvalidSetting as error:
        raise ValidationError(str(error).splitlines()) from error
    if chosen == season.race_setup:
        raise AlreadyDone(SEASON_SETUP_ALREADY.format(number=season.number), done=season)
    if expected_version is not None and season.setup_version != expected_version:
        raise StaleSeason(SEASON_SETUP_CHANGED)
    if refusal := season_setup_refusal(season, lock=True):
        raise ValidationError(refusal)
    season.setup = chosen
    season.setup_version += 1
    season.full_clean(validate_unique=False, validate_constraints=False)
    season.save(update_fields=["setup", "setup_version"])
    return season


@transaction.atomic
def team_create(*, league: League, name: str, driver_names: Sequence[str]) -> Team:
    """A new team with one new driver per car, each aged 1 with 0 XP ("Creating a Team")."""
    names = [driver_name.strip() for driver_name in driver_names if driver_name.strip()]
    if len(names) != league.cars_per_team:
        raise ValidationError(TEAM_DRIVER_COUNT.format(count=league.cars_per_team))
    _locked_league(league)
    existing = league.teams.filter(name__iexact=name.strip()).first()
    if existing is not None:
        hired = [driver.name.lower() for driver in existing.drivers.order_by("hired", "pk")]
        if hired == [driver_name.lower() for driver_name in names]:
            raise AlreadyDone(TEAM_EXISTS.format(team=existing), done=existing)
        raise ValidationError(TEAM_NAME_TAKEN.format(name=existing.name))
    _check_no_round_in_progress(league)
    team = Team(league=league, name=name.strip())
    team.full_clean()
    team.save()
    for driver_name in names:
        _hire(team, driver_name)
    return team


# --- People: members, their roles, invitations ---------------------------------------------

INVITATION_DAYS = 7
MEMBER_ALREADY = "{user} is already in {league}, as {role}."
MEMBER_IS_ORGANISER = "{user} organises {league}, and may already do everything in it."
MEMBER_ROLE_ALREADY = "{user} is already {role}."
MEMBER_GONE = "{user} is no longer a member of {league}."
INVITER_NOT_ORGANISER = (
    "{user} no longer organises {league}: only its organisers make invitation links."
)
LAST_ORGANISER = (
    "{user} is the last organiser of {league}: make another member an organiser first, so "
    "that someone may still manage it."
)
LEAD_NAME_TAKEN = (
    "{user} leads {league}, and every other organiser leads a league called {name!r} of "
    "their own already (one name a person): rename one of them before {user} steps down."
)
ROLE_UNKNOWN = "There is no role {role!r}: a member is an organiser, a referee or a team owner."
ROLE_NEEDS_TEAM = "A team owner runs one team: choose which."
ROLE_HAS_NO_TEAM = "An organiser or a referee runs no team of their own: leave the team empty."
TEAM_NOT_IN_LEAGUE = "That team is not in {league}."
USERNAME_TAKEN = "The user name {username!r} is taken (whatever its case): pick another."
INVITATION_WITHDRAWN = "This invitation has been withdrawn: ask the organiser for a new link."
INVITATION_WITHDRAWN_ALREADY = "That invitation is withdrawn already."
INVITATION_USED = "This invitation has been used already: ask the organiser for a new link."
INVITATION_EXPIRED = "This invitation expired on {date:%d %B %Y}: ask the organiser for a new link."
INVITATION_USED_BEFORE_WITHDRAWN = "{user} has joined with this invitation already."
INVITATION_JOINED_ALREADY = "You have joined {league} with this invitation already."
INVITATION_SIGNED_UP_ALREADY = "{username} joined with this invitation already: log in."
TEAM_RENAMED_ALREADY = "The team is already called {name!r}."
CHOICE_NOT_THE_TEAMS = "{driver} does not drive for {team}."
STARTERS_CHOSEN_ALREADY = "{team}'s starters for round {number} are already as chosen."


def _role_and_team(league: League, role: str, team: Team | None) -> Team | None:
    """The team that goes with `role` in `league`, refused as the member and invitation
    constraints would be, in words."""
    if role not in Role.values:
        raise ValidationError(ROLE_UNKNOWN.format(role=role))
    if role == Role.TEAM_OWNER and team is None:
        raise ValidationError(ROLE_NEEDS_TEAM)
    if role != Role.TEAM_OWNER and team is not None:
        raise ValidationError(ROLE_HAS_NO_TEAM)
    if team is not None and team.league_id != league.pk:
        raise ValidationError(TEAM_NOT_IN_LEAGUE.format(league=league))
    return team


@transaction.atomic
def member_add(*, league: League, user, role: str, team: Team | None = None) -> Membership:
    """Make `user` a member of `league` with `role` (and the team a team owner runs)."""
    league = _locked_league(league)
    team = _role_and_team(league, role, team)
    if user.pk == league.organiser_id:
        raise ValidationError(MEMBER_IS_ORGANISER.format(user=user, league=league))
    existing = league.memberships.filter(user=user).select_related("team").first()
    if existing is not None:
        if existing.role == role and existing.team_id == (team.pk if team else None):
            raise AlreadyDone(
                MEMBER_ALREADY.format(user=user, league=league, role=existing.describe()),
                done=league,
            )
        raise ValidationError(
            MEMBER_ALREADY.format(user=user, league=league, role=existing.describe())
        )
    membership = Membership(league=league, user=user, role=role, team=team)
    membership.full_clean()
    membership.save()
    return membership


@transaction.atomic
def member_role_set(*, membership: Membership, role: str, team: Team | None = None) -> Membership:
    """Give a member another role (or the same role over another team): an organiser too,
    but for the last one, who stays (LAST_ORGANISER)."""
    league = _locked_league(membership.league)
    team = _role_and_team(league, role, team)
    current = Membership.objects.filter(pk=membership.pk).select_related("user", "team").first()
    if current is None:
        raise ValidationError(MEMBER_GONE.format(user=membership.user, league=league))
    if current.role == role and current.team_id == (team.pk if team else None):
        raise AlreadyDone(
            MEMBER_ROLE_ALREADY.format(user=current.user, role=current.describe()), done=league
        )
    if role != Role.ORGANISER:
        _organiser_steps_down(league, current)
        _invitations_withdrawn(league, current.user_id)
    current.role, current.team = role, team
    current.full_clean()
    current.save(update_fields=["role", "team"])
    return current


@transaction.atomic
def member_remove(*, membership: Membership) -> None:
    """Take a member out of the league: they keep their account and read it as anyone does.
    The last organiser stays (LAST_ORGANISER)."""
    league = _locked_league(membership.league)
    current = Membership.objects.filter(pk=membership.pk).select_related("user").first()
    if current is None:
        raise AlreadyDone(MEMBER_GONE.format(user=membership.user, league=league), done=league)
    _organiser_steps_down(league, current)
    _invitations_withdrawn(league, current.user_id)
    current.delete()


def _invitations_withdrawn(league: League, user_id: int) -> int:
    """Withdraw the links a member who stops organising `league` (locked) made, but those used
    already: a link outlives no one's right to make it. How many were withdrawn."""
    unused = league.invitations.filter(made_by_id=user_id, used__isnull=True)
    withdrawn, _by_model = unused.delete()
    return withdrawn


def _organiser_steps_down(league: League, member: Membership) -> None:
    """Before `member` stops being an organiser of `league` (locked): refused if no other
    organiser is left; the lead organiser hands `League.organiser` to another (the one who
    joined first whose other leagues leave the name free)."""
    if member.role != Role.ORGANISER:
        return
    others = list(
        league.memberships.filter(role=Role.ORGANISER)
        .exclude(pk=member.pk)
        .select_related("user")
        .order_by("joined", "pk")
    )
    if not others:
        raise ValidationError(LAST_ORGANISER.format(user=member.user, league=league))
    if member.user_id != league.organiser_id:
        return
    taken = set(
        League.objects.filter(name__iexact=league.name)
        .exclude(pk=league.pk)
        .values_list("organiser_id", flat=True)
    )
    lead = next((other.user for other in others if other.user_id not in taken), None)
    if lead is None:
        raise ValidationError(
            LEAD_NAME_TAKEN.format(user=member.user, league=league, name=league.name)
        )
    league.organiser = lead
    league.save(update_fields=["organiser"])


@transaction.atomic
def invitation_create(
    *, league: League, made_by, role: str, team: Team | None = None
) -> Invitation:
    """A one-use link to join `league` as `role`, valid for INVITATION_DAYS days, made by
    `made_by`, who must organise the league when the link is made: asked again under the
    league's lock, which their removal or demotion takes too, so a link asked for while they
    were being removed is refused, or made and then withdrawn with their others."""
    league = _locked_league(league)
    if not league.can_manage(made_by):
        raise PermissionDenied(INVITER_NOT_ORGANISER.format(user=made_by, league=league))
    team = _role_and_team(league, role, team)
    invitation = Invitation(
        league=league,
        made_by=made_by,
        role=role,
        team=team,
        token=secrets.token_urlsafe(32),
        expires=timezone.now() + timedelta(days=INVITATION_DAYS),
    )
    invitation.full_clean()
    invitation.save()
    return invitation


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation) -> None:
    """Take back an invitation not yet used: its link then works no more. One withdrawn
    already (a double tap) is AlreadyDone."""
    try:
        invitation = _invitation_for_use(invitation)
    except InvitationWithdrawn:
        raise AlreadyDone(INVITATION_WITHDRAWN_ALREADY, done=invitation.league) from None
    if invitation.used is not None:
        raise ValidationError(INVITATION_USED_BEFORE_WITHDRAWN.format(user=invitation.used_by))
    invitation.delete()


def invitation_refusal(invitation: Invitation, user=None) -> str | None:
    """Why `invitation` can no longer be used (by `user`, if given), or None."""
    if invitation.used is not None:
        return INVITATION_USED
    if invitation.expires <= timezone.now():
        return INVITATION_EXPIRED.format(date=invitation.expires)
    if user is not None and user.pk == invitation.league.organiser_id:
        return MEMBER_IS_ORGANISER.format(user=user, league=invitation.league)
    return None


def _invitation_for_use(invitation: Invitation) -> Invitation:
    """The invitation row, locked, with its league: two taps on its link take turns. One
    withdrawn since it was read is refused (InvitationWithdrawn)."""
    locked = (
        for_update(Invitation, of=("self",))
        .select_related("league", "team", "used_by")
        .filter(pk=invitation.pk)
        .first()
    )
    if locked is None:
        raise InvitationWithdrawn(INVITATION_WITHDRAWN)
    return locked


def _accept(invitation: Invitation, user) -> Membership:
    refusal = invitation_refusal(invitation, user)
    if refusal is not None:
        raise ValidationError(refusal)
    membership = member_add(
        league=invitation.league, user=user, role=invitation.role, team=invitation.team
    )
    invitation.used, invitation.used_by = timezone.now(), user
    invitation.save(update_fields=["used", "used_by"])
    return membership


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user) -> Membership:
    """`user`, signed in, takes the invitation: a member with its role, and the link used."""
    invitation = _invitation_for_use(invitation)
    if invitation.used_by_id is not None and invitation.used_by_id == user.pk:
        league = invitation.league
        raise AlreadyDone(INVITATION_JOINED_ALREADY.format(league=league), done=league)
    return _accept(invitation, user)


@transaction.atomic
def invitation_sign_up(*, invitation: Invitation, username: str, password: str) -> Membership:
    """A newcomer takes the invitation: an account of `username` (checked by the sign-up form)
    and a member with its role, or nothing at all when the link can no longer be used."""
    invitation = _invitation_for_use(invitation)
    used_by = invitation.used_by
    if used_by is not None and used_by.username.lower() == username.lower():
        raise AlreadyDone(INVITATION_SIGNED_UP_ALREADY.format(username=used_by), done=None)
    refusal = invitation_refusal(invitation)
    if refusal is not None:
        raise ValidationError(refusal)
    return _accept(invitation, user_create(username=username, password=password))


def user_create(*, username: str, password: str):
    """A new account. A name taken whatever its case is refused (USERNAME_TAKEN): checked
    first, and by the database's constraint (migration 0027) for a twin sign-up that
    committed since."""
    users = get_user_model()
    if users.objects.filter(username__iexact=username).exists():
        raise ValidationError(USERNAME_TAKEN.format(username=username))
    try:
        with transaction.atomic():
            return users.objects.create_user(username=username, password=password)
    except IntegrityError:
        raise ValidationError(USERNAME_TAKEN.format(username=username)) from None


@transaction.atomic
def team_rename(*, team: Team, name: str) -> Team:
    """Give a team another name, free in its league whatever the case."""
    _locked_league(team.league)
    name = name.strip()
    if team.name == name:
        raise AlreadyDone(TEAM_RENAMED_ALREADY.format(name=name), done=team)
    if team.league.teams.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise ValidationError(TEAM_NAME_TAKEN.format(name=name))
    team.name = name
    team.full_clean()
    team.save(update_fields=["name"])
    return team


def _round_in_progress(league: League) -> Round | None:
    return (
        Round.objects.filter(season__league=league, status=RoundStatus.STARTED)
        .order_by("season__number", "number")
        .first()
    )


@transaction.atomic
def driver_hire(*, team: Team, name: str) -> Driver:
    """Hire a rookie: age one, zero experience ("New Drivers"), never during a race."""
    _locked_league(team.league)
    _check_no_round_in_progress(team.league)
    return _hire(team, name)


@transaction.atomic
def driver_home_track_set(*, driver: Driver, track: Track | None) -> Driver:
    """Set (or clear, with None) the track where `driver` races with the home-track bonus, in a
    league whose rule set has home tracks; never while a race is under way, whose cars are set."""
    league = _locked_league(driver.team.league)
    if not league.rules.home_tracks:
        raise ValidationError(NO_HOME_TRACKS.format(rules=league.rules.title))
    in_progress = _round_in_progress(league)
    if in_progress is not None:
        raise ValidationError(HOME_TRACK_DURING_RACE.format(number=in_progress.number))
    driver.home_track = track
    driver.full_clean()
    driver.save(update_fields=["home_track"])
    return driver


@transaction.atomic
def driver_card_set(*, driver: Driver, card: Mapping[str, object], expected_version: int) -> Driver:
    """Give `driver` the driver card `card` (its skill and WP by zone, as the form gives them;
    all blank for none), in a league whose rule set has driver cards (Formula D's road races).
    A race takes the card its driver has when it starts. The same card posted twice is set once
    (AlreadyDone); a form built on an older version of the card is refused (StaleDriverCard)."""
    _locked_league(driver.team.league)  # refused while the league is archived
    driver = for_update(Driver).select_related("team__league").get(pk=driver.pk)
    rules = driver.team.league.rules
    if not rules.driver_card_skills:
        raise ValidationError(NO_DRIVER_CARDS.format(rules=rules.title))
    try:
        stored = rules.validated_driver_card(card)
    except InvalidSetting as error:
        raise ValidationError(f"{driver}'s driver card: {error}") from None
    if stored == driver.driver_card:
        raise AlreadyDone(DRIVER_CARD_ALREADY.format(driver=driver), done=driver)
    if driver.card_version != expected_version:
        raise StaleDriverCard(DRIVER_CARD_CHANGED.format(driver=driver))
    driver.driver_card = stored
    driver.card_version += 1
    driver.full_clean()
    driver.save(update_fields=["driver_card", "card_version"])
    return driver


def _check_no_round_in_progress(league: League) -> None:
    in_progress = _round_in_progress(league)
    if in_progress is not None:
        raise ValidationError(HIRE_DURING_RACE.format(number=in_progress.number))


def _hire(team: Team, name: str) -> Driver:
    """A new driver on `team`, named as no other driver of the league, past or present: the
    standings and the history tell drivers apart by name. The caller holds the league lock."""
    name = name.strip()
    namesake = (
        Driver.objects.filter(team__league_id=team.league_id, name__iexact=name)
        .select_related("team")
        .first()
    )
    if namesake is not None:
        raise ValidationError(DRIVER_NAME_TAKEN.format(name=name, team=namesake.team))
    driver = Driver(team=team, name=name)
    driver.full_clean()
    return _insert(driver, lambda: _refuse(DRIVER_NAME_TAKEN.format(name=name, team=team)))


def _refuse(message: str) -> None:
    raise ValidationError(message)


def _check_round_can_start(round_: Round) -> None:
    if round_.season.is_ended:
        raise ValidationError(SEASON_ALREADY_ENDED)
    if round_.status == RoundStatus.FINISHED:
        raise ValidationError(ROUND_ALREADY_ENTERED.format(number=round_.number))
    if round_.status == RoundStatus.STARTED:
        raise ValidationError(ROUND_ALREADY_STARTED.format(number=round_.number))
    unfinished_before = (
        round_.season.rounds.filter(number__lt=round_.number)
        .exclude(status=RoundStatus.FINISHED)
        .order_by("number")
        .first()
    )
    if unfinished_before is not None:
        raise ValidationError(
            ROUND_OUT_OF_ORDER.format(previous=unfinished_before.number, number=round_.number)
        )


def start_refusal(driver: Driver) -> str | None:
    """Why `driver` may not start a race, in the words of the rules; None if they may
    ("Only drivers with zero injury points are available to race"; Retirement)."""
    if driver.status != DriverStatus.ACTIVE:
        return STARTER_RETIRED.format(driver=driver, status=driver.get_status_display().lower())
    if driver.races_to_miss:
        return STARTER_INJURED.format(driver=driver, races=driver.races_to_miss)
    return None


def _check_starters(league: League, starters: Sequence[tuple[Driver, str]]) -> None:
    if len(starters) < 2:
        raise ValidationError(TOO_FEW_STARTERS)
    seen_drivers: set[int] = set()
    seen_cars: set[str] = set()
    per_team: dict[int, int] = {}
    for driver, car in starters:
        if driver.team.league_id != league.pk:
            raise ValidationError(STARTER_NOT_IN_LEAGUE.format(driver=driver))
        if refusal := start_refusal(driver):
            raise ValidationError(refusal)
        if driver.pk in seen_drivers:
            raise ValidationError(DUPLICATE_STARTER.format(driver=driver))
        if car.strip().lower() in seen_cars:
            raise ValidationError(DUPLICATE_CAR.format(car=car))
        seen_drivers.add(driver.pk)
        seen_cars.add(car.strip().lower())
        per_team[driver.team_id] = per_team.get(driver.team_id, 0) + 1
        if per_team[driver.team_id] > league.cars_per_team:
            raise ValidationError(
                TOO_MANY_STARTERS.format(team=driver.team, count=league.cars_per_team)
            )


def round_for_write(round_: Round, expected_version: int | None, *, by_hand: bool = False) -> Round:
    """`round_` read again and locked, once the page that asks is shown to be built on its
    current version (None: a caller with no page, such as the demo loader or the turn helper's
    commit, which checks its race's version instead); `by_hand` for the round page's own result
    forms, which a round run at the table refuses."""
    locked = for_update(Round, of=("self",)).select_related("season__league").get(pk=round_.pk)
    league_writable(locked.season.league)
    if expected_version is not None:
        check_round_version(locked, expected_version)
    if by_hand and locked.run_at_table and locked.status == RoundStatus.STARTED:
        raise ValidationError(ROUND_AT_TABLE.format(number=locked.number))
    return locked


@transaction.atomic
def round_format_set(
    *, round_: Round, race_format: str, expected_version: int | None = None
) -> Round:
    """Give a round not yet started another of its rule set's race formats (Mini's series: the
    organiser assigns formats instead of taking the document's order)."""
    round_ = round_for_write(round_, expected_version)
    rules = round_.season.league.rules
    if race_format not in dict(rules.race_formats):
        raise ValidationError(RACE_FORMAT_UNKNOWN.format(rules=rules.title, format=race_format))
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(RACE_FORMAT_STARTED.format(number=round_.number))
    round_.race_format = race_format
    _advance(round_, "race_format")
    return round_


@transaction.atomic
def round_race_options_set(
    *, round_: Round, options: Mapping[str, bool | str | None], expected_version: int | None = None
) -> Round:
    """Switch the race options of its rule set (`Setting.race_option`) for one round's race, by
    key: a value races the round so, None as the league says. Only before the round starts: its
    race is set up from them when it starts (races.services.race_setup)."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(RACE_OPTIONS_STARTED.format(number=round_.number))
    rules = round_.season.league.rules
    if not rules.race_option_settings:
        raise ValidationError(NO_RACE_OPTIONS.format(rules=rules.title))
    switched = {**round_.race_options, **options}
    try:
        round_.race_options = rules.validated_race_options(
            {key: value for key, value in switched.items() if value is not None}
        )
    except InvalidSetting as error:
        raise ValidationError(str(error)) from error
    _advance(round_, "race_options")
    return round_


@transaction.atomic
def round_session_set(
    *,
    round_: Round,
    starts_at: datetime | None,
    venue: str,
    expected_version: int | None = None,
) -> Round:
    """Schedule the round's race session (when and where it is played) for the league's
    calendar feed; None and "" take the schedule back."""
    round_ = round_for_write(round_, expected_version)
    round_.starts_at = starts_at
    round_.venue = venue.strip()
    round_.full_clean(exclude=["season", "track"])
    _advance(round_, "starts_at", "venue")
    return round_


def _advance(round_: Round, *fields: str) -> None:
    """Save `fields` of the round with its next version: every page built before is stale."""
    round_.version += 1
    round_.save(update_fields=["version", *fields])


@transaction.atomic
def round_start(
    *,
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int | None = None,
    at_table: bool = False,
) -> list[Entry]:
    """Put the starters on the grid: each gains a point of XP and races at the level it gives.
    `at_table`: the turn helper runs the race, so the round page's result forms stand aside."""
    round_ = round_for_write(round_, expected_version)
    _check_round_can_start(round_)
    return _start(round_, starters, at_table=at_table)


@transaction.atomic
def round_starters_choose(
    *,
    round_: Round,
    team: Team,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int | None = None,
) -> Round:
    """A team's owner (or the organiser) chooses which of the team's drivers start a round not
    yet started, and in which cars: the referee's starters form then proposes them, and the
    referee, who starts the round, has the last word."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(ROUND_ALREADY_STARTED.format(number=round_.number))
    league = round_.season.league
    if team.league_id != league.pk:
        raise ValidationError(TEAM_NOT_IN_LEAGUE.format(league=league))
    wanted: dict[int, str] = {}
    for driver, car in starters:
        if driver.team_id != team.pk:
            raise ValidationError(CHOICE_NOT_THE_TEAMS.format(driver=driver, team=team))
        if refusal := start_refusal(driver):
            raise ValidationError(refusal)
        if car.strip().lower() in {chosen.lower() for chosen in wanted.values()}:
            raise ValidationError(DUPLICATE_CAR.format(car=car))
        wanted[driver.pk] = car.strip()
    if len(wanted) > league.cars_per_team:
        raise ValidationError(TOO_MANY_STARTERS.format(team=team, count=league.cars_per_team))
    chosen = round_.starter_choices.filter(driver__team=team)
    if dict(chosen.values_list("driver_id", "car")) == wanted:
        raise AlreadyDone(
            STARTERS_CHOSEN_ALREADY.format(team=team, number=round_.number), done=round_
        )
    chosen.delete()
    StarterChoice.objects.bulk_create(
        StarterChoice(round=round_, driver_id=driver_id, car=car)
        for driver_id, car in wanted.items()
    )
    _advance(round_)  # the referee's starters form, built before, proposes the old choice
    return round_


def starters_change_refusal(round_: Round, entries: Iterable[Entry] | None = None) -> str | None:
    """Why the starters of `round_` may no longer change (nor its start be cancelled), or None:
    only a started round, before any of its result is entered. A round run at the table is
    asked of its race too (races.services)."""
    if round_.status == RoundStatus.FINISHED:
        return ROUND_ALREADY_ENTERED.format(number=round_.number)
    if round_.status != RoundStatus.STARTED:
        return ROUND_NOT_STARTED.format(number=round_.number)
    entries = round_.entries.all() if entries is None else entries
    placed = [entry for entry in entries if entry.place is not None or entry.injury_rolls]
    if placed:
        return RESULT_BEGUN.format(number=round_.number, cars=len(placed))
    return None


def round_start_take_back(*, round_: Round) -> None:
    """Undo a start before any of the result is entered: each starter gives back the XP that
    starting gave them, the entries go, and the round is scheduled again. The caller holds the
    round's lock (round_for_write), has checked its version and the race at the table, if any."""
    entries = list(round_.entries.select_related("driver"))
    refusal = starters_change_refusal(round_, entries)
    if refusal:
        raise ValidationError(refusal)
    drivers = (
        for_update(Driver, of=("self",))
        .filter(pk__in=[entry.driver_id for entry in entries])
        .in_bulk()
    )
    for entry in entries:
        drivers[entry.driver_id].xp -= entry.xp_change  # the stored gain, not the rule again
    Driver.objects.bulk_update(drivers.values(), ["xp"])
    round_.entries.all().delete()
    round_.status = RoundStatus.SCHEDULED
    round_.run_at_table = False
    _advance(round_, "status", "run_at_table")


def starters_unchanged(round_: Round, starters: Sequence[tuple[Driver, str]]) -> bool:
    """Whether `round_` is started with exactly `starters`, in those cars (a second tap)."""
    stored = set(round_.entries.values_list("driver_id", "car"))
    return round_.status == RoundStatus.STARTED and stored == {
        (driver.pk, car.strip()) for driver, car in starters
    }


@transaction.atomic
def round_start_cancel(*, round_: Round, expected_version: int) -> None:
    """Cancel the start of a round started on the round page, before any of its result is
    entered: back to scheduled, its starters' XP for starting given back. Cancelled twice
    (a double tap): AlreadyDone."""
    round_ = round_for_write(round_, None, by_hand=True)
    if round_.status == RoundStatus.SCHEDULED:
        raise AlreadyDone(START_CANCELLED.format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    round_start_take_back(round_=round_)


@transaction.atomic
def round_starters_change(
    *, round_: Round, starters: Sequence[tuple[Driver, str]], expected_version: int
) -> list[Entry]:
    """Start a round started on the round page again with other starters or cars, before any
    of its result is entered. The same starters in the same cars again: AlreadyDone."""
    round_ = round_for_write(round_, None, by_hand=True)
    if starters_unchanged(round_, starters):
        raise AlreadyDone(STARTERS_AS_ASKED.format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    round_start_take_back(round_=round_)
    return _start(round_, starters, at_table=False)


def check_round_version(round_: Round, expected_version: int) -> None:
    """StaleRound unless `round_` (read under its lock) is at the version the page showed."""
    if round_.version != expected_version:
        raise StaleRound(ROUND_CHANGED)


def _start(round_: Round, starters: Sequence[tuple[Driver, str]], *, at_table: bool) -> list[Entry]:
    """The starters on the grid of `round_`, locked and free to start (the caller checked)."""
    # The caller's driver objects may predate the last round (XP, injuries, status): saving
    # them would undo what that round did, so the checks and the XP use the stored rows.
    stored = (
        for_update(Driver, of=("self",))
        .select_related("team")
        .in_bulk([driver.pk for driver, _ in starters])
    )
    starters = [(stored[driver.pk], car) for driver, car in starters]
    _check_starters(round_.season.league, starters)
    rules = round_.season.league.rules
    entries = []
    for driver, car in starters:
        level, xp_gain = rules.starting(driver.xp)
        entries.append(
            Entry(
                round=round_,
                driver=driver,
                team=driver.team,
                car=car.strip(),
                level=level,
                xp_change=xp_gain,
            )
        )
        driver.xp += xp_gain
    Driver.objects.bulk_update([driver for driver, _car in starters], ["xp"])
    entries = Entry.objects.bulk_create(entries)
    round_.status = RoundStatus.STARTED
    round_.run_at_table = at_table
    _advance(round_, "status", "run_at_table")
    return entries


def _injury_columns(outcome: EntryOutcome, driver: Driver, rules: Championship) -> list[str]:
    """The injury check a car out of the race owes, where the rule set has injuries; refused
    unless the outcome says what the rule set needs to know of it."""
    if outcome.finished:
        return []
    if outcome.out_reason not in dict(rules.out_reasons):
        raise ValidationError(OUT_NEEDS_REASON.format(driver=driver))
    fact = rules.out_reason_facts.get(outcome.out_reason)
    if fact == "overshoot":
        if not outcome.overshoot or outcome.overshoot < 1:
            raise ValidationError(OVERSHOOT_NEEDED.format(driver=driver))
        if outcome.overshoot > MAX_OVERSHOOT:
            raise ValidationError(OVERSHOOT_TOO_FAR.format(driver=driver, most=MAX_OVERSHOOT))
    elif fact == "damage":
        if not outcome.damage or outcome.damage < rules.least_disabling_damage:
            raise ValidationError(DAMAGE_NEEDED.format(driver=driver))
        if outcome.damage > MAX_DAMAGE:
            raise ValidationError(DAMAGE_TOO_HIGH.format(driver=driver, most=MAX_DAMAGE))
    if not rules.careers:
        return []
    return list(rules.injury_columns(outcome.out_reason, outcome.overshoot, outcome.damage))


def _places(entries: Mapping[int, Entry], outcomes: Sequence[EntryOutcome]) -> dict[int, int]:
    """Finishers keep their places; cars out follow, farther first ("Scoring").

    Cars out may bring their places too when the caller knows the whole order (the turn
    helper, whose engine also ranks cars out level on distance); otherwise they are ranked by
    the spaces they had covered, and a tie is refused until the referee breaks it.
    """
    finishers = [outcome for outcome in outcomes if outcome.finished]
    places = sorted(outcome.place or 0 for outcome in finishers)
    if places != list(range(1, len(finishers) + 1)):
        raise ValidationError(
            PLACES_NOT_CONSECUTIVE.format(count=len(finishers), places=places or "none")
        )
    outs = [outcome for outcome in outcomes if not outcome.finished]
    if outs and all(outcome.place for outcome in outs):
        out_places = sorted(outcome.place for outcome in outs)
        if out_places != list(range(len(finishers) + 1, len(outcomes) + 1)):
            raise ValidationError(
                OUT_PLACES_NOT_CONSECUTIVE.format(
                    first=len(finishers) + 1, last=len(outcomes), places=out_places
                )
            )
        return {outcome.entry_id: outcome.place for outcome in outcomes}
    for outcome in outs:
        if outcome.distance is None:
            raise ValidationError(
                OUT_NEEDS_DISTANCE.format(driver=entries[outcome.entry_id].driver)
            )
    outs.sort(key=lambda outcome: outcome.distance, reverse=True)
    for farther, nearer in zip(outs, outs[1:], strict=False):
        if farther.distance == nearer.distance:
            raise ValidationError(
                OUT_DISTANCE_TIED.format(
                    first=entries[farther.entry_id].driver, second=entries[nearer.entry_id].driver
                )
            )
    result = {outcome.entry_id: outcome.place for outcome in finishers}
    result.update({outcome.entry_id: len(finishers) + i for i, outcome in enumerate(outs, 1)})
    return result


@transaction.atomic
def round_result_enter(
    *, round_: Round, outcomes: Sequence[EntryOutcome], expected_version: int | None = None
) -> list[Entry]:
    """Record how each car's race ended; cars out get the injury check the rules call for.

    May be entered again (to correct it) until the result is committed: a car whose injury
    check is the same as before keeps the rolls already entered for it.
    """
    round_ = round_for_write(round_, expected_version, by_hand=True)
    entries = _enter_result(round_, outcomes)
    _advance(round_)
    return entries


ENTRY_KEYS = ["round", "driver", "team"]
RESULT_FIELDS = [
    "place",
    "finished",
    "out_reason",
    "distance",
    "overshoot",
    "damage",
    "bonus_points",
    "injury_columns",
    "injury_rolls",
]


def _check_bonus_points(
    round_: Round,
    entries: Mapping[int, Entry],
    outcomes: Sequence[EntryOutcome],
    rules: Championship,
) -> None:
    """Bonus points only where the rule set has them, and no more between the cars than a race
    of the round's format gives (Mini: a point a lap but the last)."""
    given = [outcome for outcome in outcomes if outcome.bonus_points]
    if not given:
        return
    label = rules.bonus_points_label
    if not label:
        raise ValidationError(
            NO_BONUS_POINTS.format(rules=rules.title, driver=entries[given[0].entry_id].driver)
        )
    most = rules.most_bonus_points(round_.race_format)
    total = sum(outcome.bonus_points for outcome in given)
    if total > most:
        raise ValidationError(
            BONUS_POINTS_TOO_MANY.format(
                label=label,
                most=most,
                number=round_.number,
                format=round_.race_format_label or "as set up",
                given=total,
            )
        )


def _enter_result(
    round_: Round,
    outcomes: Sequence[EntryOutcome],
    injury_rolls: Mapping[int, Sequence[int]] | None = None,
) -> list[Entry]:
    """The result on the round's entries, with the injury rolls already made where the caller
    has them (`injury_rolls` by entry), written in one statement."""
    if round_.status == RoundStatus.FINISHED:
        raise ValidationError(ROUND_ALREADY_ENTERED.format(number=round_.number))
    if round_.status != RoundStatus.STARTED:
        raise ValidationError(ROUND_NOT_STARTED.format(number=round_.number))
    entries = {entry.pk: entry for entry in round_.entries.select_related("driver")}
    by_entry = {outcome.entry_id: outcome for outcome in outcomes}
    if set(by_entry) - set(entries):
        raise ValidationError(OUTCOME_UNKNOWN)
    for entry_id, entry in entries.items():
        if entry_id not in by_entry:
            raise ValidationError(OUTCOME_MISSING.format(driver=entry.driver))
    places = _places(entries, list(by_entry.values()))
    rules = round_.season.league.rules
    _check_bonus_points(round_, entries, outcomes, rules)
    for entry_id, entry in entries.items():
        outcome = by_entry[entry_id]
        columns = _injury_columns(outcome, entry.driver, rules)
        entry.place = places[entry_id]
        entry.finished = outcome.finished
        entry.out_reason = "" if outcome.finished else outcome.out_reason
        entry.distance = None if outcome.finished else outcome.distance
        fact = None if outcome.finished else rules.out_reason_facts.get(outcome.out_reason)
        entry.overshoot = outcome.overshoot if fact == "overshoot" else None
        entry.damage = outcome.damage if fact == "damage" else None
        entry.bonus_points = outcome.bonus_points
        if entry.injury_columns != columns:
            entry.injury_columns = columns
            entry.injury_rolls = []
        # The entry's round, driver, team and car are as round_start wrote them: only the result's
        # own fields are checked, in memory, and the whole result is written in one statement.
        entry.full_clean(exclude=ENTRY_KEYS, validate_unique=False, validate_constraints=False)
        for value in (injury_rolls or {}).get(entry_id, ()):
            _add_roll(entry, value, rules)
    Entry.objects.bulk_update(entries.values(), RESULT_FIELDS)
    return sorted(entries.values(), key=lambda entry: entry.place)


@transaction.atomic
def entry_injury_roll(*, entry: Entry, value: int, expected_version: int | None = None):
    """Add one black-die roll to an entry's injury check ("Injuries": roll until settled)."""
    round_ = round_for_write(entry.round, expected_version, by_hand=True)
    check = _roll_injury(entry, value, round_.season.league.rules)
    _advance(round_)
    return check


def _roll_injury(entry: Entry, value: int, rules: Championship):
    entry = for_update(Entry).select_related("driver", "round").get(pk=entry.pk)
    if entry.round.status == RoundStatus.FINISHED:
        raise ValidationError(ROUND_ALREADY_ENTERED.format(number=entry.round.number))
    check = _add_roll(entry, value, rules)
    entry.save(update_fields=["injury_rolls"])
    return check


def _add_roll(entry: Entry, value: int, rules: Championship):
    """`value` added to the entry's injury check, in memory: the caller saves the entry."""
    check = entry.injury_check(rules)
    if check is None:
        raise ValidationError(INJURY_NOT_NEEDED.format(driver=entry.driver))
    if check.settled:
        raise ValidationError(INJURY_SETTLED.format(driver=entry.driver))
    try:
        check = rules.roll_injury(check, value)
    except ValueError as error:
        raise ValidationError(str(error)) from error
    entry.injury_rolls = [*entry.injury_rolls, value]
    return check


def pending_injuries(entries: Iterable[Entry], rules: Championship) -> list[Entry]:
    """Those of `entries` whose injury check still needs a roll, in the order given."""
    return [
        entry
        for entry in entries
        if (check := entry.injury_check(rules)) is not None and not check.settled
    ]


@transaction.atomic
def round_result_commit(*, round_: Round, expected_version: int | None = None) -> list[Entry]:
    """Score the round: points, XP, injuries, then a week of healing ("Experience", "Injuries")."""
    round_ = round_for_write(round_, expected_version, by_hand=True)
    return _commit(round_)


def _commit(round_: Round) -> list[Entry]:
    if round_.status == RoundStatus.FINISHED:
        raise ValidationError(ROUND_ALREADY_ENTERED.format(number=round_.number))
    entries = list(round_.entries.select_related("driver").order_by("place"))
    if round_.status != RoundStatus.STARTED or any(entry.place is None for entry in entries):
        raise ValidationError(ROUND_NOT_STARTED.format(number=round_.number))
    league = round_.season.league
    # Read again now that the round is locked: a points table changed before this round's result
    # (league_points_table_set, which waits for the season's rounds) is the one it scores by.
    league.refresh_from_db(fields=["settings"])
    rules = league.rules
    pending = pending_injuries(entries, rules)
    if pending:
        raise ValidationError(
            INJURIES_PENDING.format(drivers=", ".join(str(entry.driver) for entry in pending))
        )
    sat_out = []
    if rules.careers:
        sat_out = list(Driver.objects.filter(team__league=league, races_to_miss__gt=0).racing())
    # What reopening the round takes back: the starters and the drivers it heals as they are.
    kept = [_before(round_, entry.driver, entry_xp_change=entry.xp_change) for entry in entries]
    kept += [_before(round_, driver) for driver in sat_out]
    for entry in entries:
        _score_entry(entry, field_size=len(entries), round_=round_, league=league)
    Entry.objects.bulk_update(entries, ["points", "xp_change", "severity", "injured", "dead"])
    if rules.careers:
        Driver.objects.bulk_update(
            [entry.driver for entry in entries],
            ["xp", "prior_injuries", "races_to_miss", "status"],
        )
        _heal(league=league, round_=round_, sat_out=sat_out)
    RoundResultChange.objects.bulk_create(kept)
    round_.status = RoundStatus.FINISHED
    round_.finished_at = timezone.now()
    _advance(round_, "status", "finished_at")
    return entries


def _before(round_: Round, driver: Driver, entry_xp_change: int | None = None) -> RoundResultChange:
    return RoundResultChange(
        round=round_,
        driver=driver,
        xp_before=driver.xp,
        prior_injuries_before=driver.prior_injuries,
        races_to_miss_before=driver.races_to_miss,
        status_before=driver.status,
        entry_xp_change_before=entry_xp_change,
    )


def _heal(*, league: League, round_: Round, sat_out: Sequence[Driver]) -> None:
    """Healing once `round_` is over, as the rule set says: for every injured driver, the race
    sat out, and the extra week before the next round where it has one."""
    following = round_.season.rounds.filter(number=round_.number + 1).first()
    extra_week_next = following is not None and following.extra_healing
    served = {driver.pk for driver in sat_out}
    injured = list(Driver.objects.filter(team__league=league, races_to_miss__gt=0).racing())
    for driver in injured:
        driver.races_to_miss = league.rules.heal_after_round(
            driver.races_to_miss, sat_out=driver.pk in served, extra_week_next=extra_week_next
        )
    Driver.objects.bulk_update(injured, ["races_to_miss"])


def _driver_sheet(driver: Driver) -> DriverSheet:
    return DriverSheet(
        age=driver.age,
        xp=driver.xp,
        prior_injuries=driver.prior_injuries,
        races_to_miss=driver.races_to_miss,
        status=driver.status,
    )


def _score_entry(entry: Entry, *, field_size: int, round_: Round, league: League) -> None:
    """Points (and, with careers, XP and injury) of one entry, set on it and its driver; the
    caller saves both."""
    score = league.rules.score_entry(
        place=entry.place,
        field_size=field_size,
        multiplier=round_.multiplier,
        settings=league.settings,
        finished=entry.finished,
        injury_columns=entry.injury_columns,
        injury_rolls=entry.injury_rolls,
        driver=_driver_sheet(entry.driver),
    )
    # Bonus points (Mini's laps led) come on top of what the place and the multiplier score.
    entry.points, entry.xp_change = score.points + entry.bonus_points, score.xp_change
    entry.severity, entry.injured, entry.dead = score.severity, score.injured, score.dead
    if score.driver is not None:
        driver, sheet = entry.driver, score.driver
        driver.xp, driver.prior_injuries = sheet.xp, sheet.prior_injuries
        driver.races_to_miss, driver.status = sheet.races_to_miss, sheet.status


@transaction.atomic
def round_result_record(
    *,
    round_: Round,
    outcomes: Sequence[EntryOutcome],
    injury_rolls: Mapping[int, Sequence[int]],
) -> list[Entry]:
    """Enter, roll and commit a whole result at once (the turn helper's finished race, whose
    own version the caller has checked), in the same queries for 4 cars or 40; each outcome's
    bonus points are added to the points its place earns."""
    round_ = round_for_write(round_, None)
    _enter_result(round_, outcomes, injury_rolls)
    return _commit(round_)


@transaction.atomic
def round_result_clear(*, round_: Round, at_table: bool) -> int:
    """Take back a result entered but not committed (places, outcomes, injury rolls), for a
    round that changes how it is run; returns how many injury rolls were discarded. The
    caller holds the round's lock (round_for_write) and has checked its version."""
    if round_.status != RoundStatus.STARTED:
        raise ValidationError(ROUND_NOT_STARTED.format(number=round_.number))
    entries = list(round_.entries.all())
    discarded = sum(len(entry.injury_rolls) for entry in entries)
    for entry in entries:
        entry.place = entry.finished = entry.distance = entry.overshoot = entry.damage = None
        entry.out_reason = ""
        entry.injury_columns, entry.injury_rolls = [], []
    Entry.objects.bulk_update(entries, RESULT_FIELDS)
    round_.run_at_table = at_table
    _advance(round_, "run_at_table")
    return discarded


def round_reopen_refusal(round_: Round) -> str | None:
    """Why `round_`'s confirmed result may not be reopened, or None: only the last confirmed
    round of a season still running, confirmed since Paddock keeps what a confirmation did."""
    if round_.season.is_ended:
        return SEASON_ALREADY_ENDED
    if round_.status != RoundStatus.FINISHED:
        return ROUND_NOT_CONFIRMED.format(number=round_.number)
    later = (
        round_.season.rounds.filter(number__gt=round_.number)
        .exclude(status=RoundStatus.SCHEDULED)
        .order_by("number")
        .first()
    )
    if later is not None:
        return ROUND_NOT_LAST.format(number=round_.number, later=later.number)
    if not round_.result_changes.exists():
        return ROUND_CONFIRMED_UNKEPT.format(number=round_.number)
    return None


@dataclass(frozen=True)
class TakenBack:
    """What reopening a round takes back, in words, to ask first: each starter's points, and
    each driver's career as it goes back to before the confirmation."""

    points: tuple[tuple[str, int], ...]
    careers: tuple[tuple[str, tuple[str, ...]], ...]


def reopen_summary(round_: Round) -> TakenBack:
    entries = round_.entries.select_related("driver").order_by("place", "pk")
    careers = []
    for change in round_.result_changes.select_related("driver"):
        driver, words = change.driver, []
        if driver.xp != change.xp_before:
            words.append(f"XP {driver.xp} back to {change.xp_before}")
        if driver.races_to_miss != change.races_to_miss_before:
            words.append(
                f"races to miss {driver.races_to_miss} back to {change.races_to_miss_before}"
            )
        if driver.prior_injuries != change.prior_injuries_before:
            words.append(
                f"prior injuries {driver.prior_injuries} back to {change.prior_injuries_before}"
            )
        if driver.status != change.status_before:
            words.append(f"{driver.get_status_display().lower()} back to {change.status_before}")
        if words:
            careers.append((driver.name, tuple(words)))
    return TakenBack(
        points=tuple((entry.driver.name, entry.points) for entry in entries),
        careers=tuple(careers),
    )


@transaction.atomic
def round_reopen(*, round_: Round, expected_version: int) -> list[Entry]:
    """Take back everything confirming the last confirmed round did, as kept when it was
    confirmed (points, XP, injuries, races to miss, healing, retirement), and open it to be
    entered again. A round run by hand keeps its result as typed, to correct and confirm; a
    round run at the table loses it, as its race writes it again when committed (the caller,
    races.services, reopens the race). Reopened twice: AlreadyDone."""
    round_ = round_for_write(round_, None)
    if round_.status == RoundStatus.STARTED:
        raise AlreadyDone(ROUND_REOPENED.format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    # Locked as round_start locks a round: the next round cannot start meanwhile.
    list(for_update(round_.season.rounds.filter(number__gt=round_.number)))
    refusal = round_reopen_refusal(round_)
    if refusal:
        raise ValidationError(refusal)
    changes = {change.driver_id: change for change in round_.result_changes.all()}
    drivers = for_update(Driver).in_bulk(list(changes))
    for driver_id, change in changes.items():
        driver = drivers[driver_id]
        driver.xp, driver.prior_injuries = change.xp_before, change.prior_injuries_before
        driver.races_to_miss, driver.status = change.races_to_miss_before, change.status_before
    Driver.objects.bulk_update(
        drivers.values(), ["xp", "prior_injuries", "races_to_miss", "status"]
    )
    entries = list(round_.entries.all())
    for entry in entries:
        entry.xp_change = changes[entry.driver_id].entry_xp_change_before
        entry.points, entry.severity, entry.injured, entry.dead = 0, 0, False, False
        if round_.run_at_table:
            entry.place = entry.finished = entry.distance = entry.overshoot = None
            entry.damage, entry.out_reason = None, ""
            entry.injury_columns, entry.injury_rolls = [], []
    Entry.objects.bulk_update(
        entries, ["points", "xp_change", "severity", "injured", "dead", *RESULT_FIELDS]
    )
    round_.result_changes.all().delete()
    round_.status = RoundStatus.STARTED
    round_.finished_at = None
    _advance(round_, "status", "finished_at")
    return entries


def season_end_refusal(rounds: Iterable[Round]) -> str | None:
    """Why a season of `rounds` may not end yet, or None: every round must be in first."""
    unfinished = sorted(
        (round_ for round_ in rounds if round_.status != RoundStatus.FINISHED),
        key=lambda round_: round_.number,
    )
    return SEASON_NOT_FINISHED.format(number=unfinished[0].number) if unfinished else None


@transaction.atomic
def season_end(*, season: Season) -> tuple[list[SeasonEndChange], Season]:
    """Heal, age and retire every driver, keep the report, and open the next season."""
    season = for_update(Season).select_related("league").get(pk=season.pk)
    if season.is_ended:
        raise AlreadyDone(SEASON_ENDED_ALREADY.format(number=season.number), done=season)
    refusal = season_end_refusal(season.rounds.all())
    if refusal:
        raise ValidationError(refusal)
    rules = season.league.rules
    changes = _age_and_retire(season) if rules.careers else []
    season.ended_at = timezone.now()
    season.save(update_fields=["ended_at"])
    if season.preset:
        next_season = season_open(league=season.league, preset=rules.next_preset(season.preset))
    else:
        tracks = [round_.track for round_ in season.rounds.select_related("track")]
        next_season = season_open(league=season.league, tracks=tracks)
    return changes, next_season


# What a season-end line keeps of the rules' change: the befores and afters, and whether the
# driver retires ("Retirement": below zero XP once the season's losses are taken).
REPORT_FIELDS = (
    "xp_before",
    "xp_after",
    "age_before",
    "age_after",
    "races_to_miss_before",
    "races_to_miss_after",
)


def _age_and_retire(season: Season) -> list[SeasonEndChange]:
    """Healing, aging and retirement for every racing driver, and the report of it.

    The same few statements for 10 drivers or 10,000: the report's lines go in as one insert
    (bulk.insert_rows) and each driver is then set from their own line in one update."""
    rules = season.league.rules
    drivers = (
        Driver.objects.filter(team__league=season.league)
        .racing()
        .order_by("pk")
        .values_list("pk", "age", "xp", "prior_injuries", "races_to_miss", "status")
    )
    lines = []
    for driver_id, age, xp, prior_injuries, races_to_miss, status in drivers:
        sheet = DriverSheet(
            age=age,
            xp=xp,
            prior_injuries=prior_injuries,
            races_to_miss=races_to_miss,
            status=status,
        )
        change = rules.season_end(sheet)
        lines.append(
            [season.pk, driver_id, change.retires]
            + [getattr(change, name) for name in REPORT_FIELDS]
        )
    bulk.insert_rows(SeasonEndChange, ["season_id", "driver_id", "retired", *REPORT_FIELDS], lines)
    lines = SeasonEndChange.objects.filter(season_id=season.pk).order_by()
    line = lines.filter(driver_id=OuterRef("pk"))
    Driver.objects.filter(pk__in=lines.values("driver_id")).update(
        xp=Subquery(line.values("xp_after")),
        age=Subquery(line.values("age_after")),
        races_to_miss=Subquery(line.values("races_to_miss_after")),
        status=Case(
            When(Exists(line.filter(retired=True)), then=Value(DriverStatus.RETIRED)),
            default=F("status"),
        ),
    )
    return list(season.end_changes.select_related("driver"))
