"""A round before its result: its format, race options and session; its start, its
starters (chosen by a team owner, changed by the referee) and the start cancelled."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from rules.championship import (
    InvalidSetting,
)

from ..models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Round,
    RoundStatus,
    StarterChoice,
    Team,
)
from .common import for_update, league_writable
from .errors import AlreadyDone, StaleRound
from .members import TEAM_NOT_IN_LEAGUE
from .season_end import SEASON_ALREADY_ENDED

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


ROUND_CHANGED = (
    "Someone else changed this round first (another tab or device): here it is as it stands "
    "now. Enter again what still applies."
)


ROUND_AT_TABLE = (
    "Round {number} is being run with the turn helper: its result comes from the table. To type "
    "it in here instead, choose 'Enter the result by hand instead' first (the table's race is "
    "discarded)."
)


CHOICE_NOT_THE_TEAMS = "{driver} does not drive for {team}."


STARTERS_CHOSEN_ALREADY = "{team}'s starters for round {number} are already as chosen."


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
    round_advance(round_, "race_format")
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
    round_advance(round_, "race_options")
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
    round_advance(round_, "starts_at", "venue")
    return round_


def round_advance(round_: Round, *fields: str) -> None:
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
    round_advance(round_)  # the referee's starters form, built before, proposes the old choice
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
    round_advance(round_, "status", "run_at_table")


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
    round_advance(round_, "status", "run_at_table")
    return entries
