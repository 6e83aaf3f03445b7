"""A round's start: its starters chosen by a team owner, put on the grid by the referee, by hand
or at the table (the turn helper, league/services/table.py); the switch from one way to the
other; the starters changed, or the start cancelled, before any of the result is entered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext

from ..models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Round,
    RoundStatus,
    StarterChoice,
    Team,
    team_colours,
)
from .cars import CAR_OF_ANOTHER_TEAM, others_cars
from .common import for_update
from .errors import AlreadyDone
from .members import TEAM_NOT_IN_LEAGUE
from .results import round_result_clear
from .rounds import (
    ROUND_ALREADY_ENTERED,
    ROUND_NOT_STARTED,
    check_round_version,
    round_advance,
    round_for_write,
)
from .season_end import SEASON_ALREADY_ENDED
from .table import CarBuilds, Discarded, TheRace, table

ROUND_ALREADY_STARTED = gettext_noop("Round {number} has already started.")
RESULT_BEGUN = gettext_noop(
    "Round {number}'s result is being entered ({cars} car(s) placed or rolled for): its "
    "starters can no longer change. Correct the result instead."
)
START_CANCELLED = gettext_noop(
    "Round {number}'s start is already cancelled: choose its starters again."
)
STARTERS_AS_ASKED = gettext_noop("Round {number} already starts with these drivers in these cars.")
ROUND_OUT_OF_ORDER = gettext_noop("Round {previous} must be finished before round {number} starts.")
STARTER_NOT_IN_LEAGUE = gettext_noop("{driver} does not drive for a team in this league.")
# Why a driver no longer racing may not start, a whole sentence for each status (a status's
# label is never lowered to stand within a sentence).
STARTER_RETIRED = gettext_noop("{driver} is retired and may no longer race.")
STARTER_DEAD = gettext_noop("{driver} is dead and may no longer race.")
STARTER_RELEASED = gettext_noop("{driver} was released and may no longer race.")
STARTER_NO_LONGER_RACING = {
    DriverStatus.RETIRED: STARTER_RETIRED,
    DriverStatus.DEAD: STARTER_DEAD,
    DriverStatus.RELEASED: STARTER_RELEASED,
}
TOO_MANY_STARTERS = gettext_noop("{team} may field only {count} cars a race.")
DUPLICATE_STARTER = gettext_noop("{driver} is chosen twice.")
DUPLICATE_CAR = gettext_noop(
    "Two cars are marked {car!r}: every car must be told apart on the board."
)
TOO_FEW_STARTERS = gettext_noop("A race needs at least two cars.")
CHOICE_NOT_THE_TEAMS = gettext_noop("{driver} does not drive for {team}.")
RACE_ALREADY_STARTED = gettext_noop("Round {number} already has a race at the table.")
NO_RACE_TO_DISCARD = gettext_noop("Round {number} has no race running at the table.")
NOT_STARTED_BY_HAND = gettext_noop(
    "Round {number} was not started on the round page: start it here, or open its race."
)
RACE_HAS_EVENTS = gettext_noop(
    "Round {number}'s race at the table has {events} event(s) entered: its starters can no "
    "longer change. Undo them at the table first."
)
STARTERS_CHOSEN_ALREADY = gettext_noop(
    "{team}'s starters for round {number} are already as chosen."
)
UNKNOWN_CAR_COLOUR = gettext_noop("{car}: choose its colour from the list.")


def _check_round_can_start(round_: Round) -> None:
    if round_.season.is_ended:
        raise ValidationError(gettext(SEASON_ALREADY_ENDED))
    if round_.status == RoundStatus.FINISHED:
        raise ValidationError(gettext(ROUND_ALREADY_ENTERED).format(number=round_.number))
    if round_.status == RoundStatus.STARTED:
        raise ValidationError(gettext(ROUND_ALREADY_STARTED).format(number=round_.number))
    unfinished_before = (
        round_.season.rounds.filter(number__lt=round_.number)
        .exclude(status=RoundStatus.FINISHED)
        .order_by("number")
        .first()
    )
    if unfinished_before is not None:
        raise ValidationError(
            gettext(ROUND_OUT_OF_ORDER).format(
                previous=unfinished_before.number, number=round_.number
            )
        )


def start_refusal(driver: Driver, *, named_as: str | None = None) -> str | None:
    """Why `driver` may not start a race, in the words of the rules; None if they may
    ("Only drivers with zero injury points are available to race"; Retirement). `named_as`:
    what the reason calls them, where not by name ("" after their name on a starters line)."""
    who = str(driver) if named_as is None else named_as
    if driver.status != DriverStatus.ACTIVE:
        reason = gettext(STARTER_NO_LONGER_RACING[DriverStatus(driver.status)]).format(driver=who)
    elif driver.races_to_miss:
        reason = ngettext(
            "{driver} has {races} race still to miss: only drivers with zero injury points may "
            "race.",
            "{driver} has {races} races still to miss: only drivers with zero injury points may "
            "race.",
            driver.races_to_miss,
        ).format(driver=who, races=driver.races_to_miss)
    else:
        return None
    return reason.strip()


def _check_starters(league: League, starters: Sequence[tuple[Driver, str]]) -> None:
    if len(starters) < 2:
        raise ValidationError(gettext(TOO_FEW_STARTERS))
    seen_drivers: set[int] = set()
    seen_cars: set[str] = set()
    per_team: dict[int, int] = {}
    for driver, car in starters:
        if driver.team.league_id != league.pk:
            raise ValidationError(gettext(STARTER_NOT_IN_LEAGUE).format(driver=driver))
        if refusal := start_refusal(driver):
            raise ValidationError(refusal)
        if driver.pk in seen_drivers:
            raise ValidationError(gettext(DUPLICATE_STARTER).format(driver=driver))
        if car.strip().lower() in seen_cars:
            raise ValidationError(gettext(DUPLICATE_CAR).format(car=car))
        seen_drivers.add(driver.pk)
        seen_cars.add(car.strip().lower())
        per_team[driver.team_id] = per_team.get(driver.team_id, 0) + 1
        if per_team[driver.team_id] > league.cars_per_team:
            raise ValidationError(
                gettext(TOO_MANY_STARTERS).format(team=driver.team, count=league.cars_per_team)
            )


@transaction.atomic
def round_start(
    *,
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int | None = None,
    at_table: bool = False,
    car_colours: Mapping[str, str] | None = None,
) -> list[Entry]:
    """Put the starters on the grid: each gains a point of XP and races at the level it gives.
    `at_table`: the turn helper runs the race, so the round page's result forms stand aside.
    `car_colours`: the colour the league chose for a car, by car (the others are drawn in
    their name's or team's, league/models/team_colours.py)."""
    round_ = round_for_write(round_, expected_version)
    _check_round_can_start(round_)
    return _start(round_, starters, at_table=at_table, car_colours=car_colours)


@transaction.atomic
def round_starters_choose(
    *,
    round_: Round,
    team: Team,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int | None = None,
    car_colours: Mapping[str, str] | None = None,
) -> Round:
    """A team's owner (or the organiser) chooses which of the team's drivers start a round not
    yet started, and in which cars: the referee's starters form then proposes them, and the
    referee, who starts the round, has the last word. A car another team races under is refused
    here, where its name is typed, so the referee's start is never held up by it."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(gettext(ROUND_ALREADY_STARTED).format(number=round_.number))
    league = round_.season.league
    if team.league_id != league.pk:
        raise ValidationError(gettext(TEAM_NOT_IN_LEAGUE).format(league=league))
    wanted: dict[int, str] = {}
    colours = _colours_checked(car_colours)
    others = others_cars(round_, team)
    for driver, car in starters:
        if driver.team_id != team.pk:
            raise ValidationError(gettext(CHOICE_NOT_THE_TEAMS).format(driver=driver, team=team))
        if refusal := start_refusal(driver):
            raise ValidationError(refusal)
        if car.strip().lower() in {chosen.lower() for chosen in wanted.values()}:
            raise ValidationError(gettext(DUPLICATE_CAR).format(car=car))
        if other := others.get(car.strip().lower()):
            raise ValidationError(gettext(CAR_OF_ANOTHER_TEAM).format(car=car.strip(), team=other))
        wanted[driver.pk] = car.strip()
    if len(wanted) > league.cars_per_team:
        raise ValidationError(
            gettext(TOO_MANY_STARTERS).format(team=team, count=league.cars_per_team)
        )
    chosen = round_.starter_choices.filter(driver__team=team)
    wanted_with_colours = {
        (driver_id, car, colours.get(car, "")) for driver_id, car in wanted.items()
    }
    if set(chosen.values_list("driver_id", "car", "colour")) == wanted_with_colours:
        raise AlreadyDone(
            gettext(STARTERS_CHOSEN_ALREADY).format(team=team, number=round_.number), done=round_
        )
    chosen.delete()
    StarterChoice.objects.bulk_create(
        StarterChoice(round=round_, driver_id=driver_id, car=car, colour=colours.get(car, ""))
        for driver_id, car in wanted.items()
    )
    round_advance(round_)  # the referee's starters form, built before, proposes the old choice
    return round_


def starters_change_refusal(round_: Round, entries: Iterable[Entry] | None = None) -> str | None:
    """Why the starters of `round_` may no longer change (nor its start be cancelled), or None:
    only a started round, before any of its result is entered, by hand or, at the table, as an
    event."""
    if round_.status == RoundStatus.FINISHED:
        return gettext(ROUND_ALREADY_ENTERED).format(number=round_.number)
    if round_.status != RoundStatus.STARTED:
        return gettext(ROUND_NOT_STARTED).format(number=round_.number)
    if round_.run_at_table and (events := table().events_entered(round_)):
        return gettext(RACE_HAS_EVENTS).format(number=round_.number, events=events)
    entries = round_.entries.all() if entries is None else entries
    placed = [entry for entry in entries if entry.place is not None or entry.injury_rolls]
    if placed:
        return gettext(RESULT_BEGUN).format(number=round_.number, cars=len(placed))
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


def starters_unchanged(
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    car_colours: Mapping[str, str] | None = None,
) -> bool:
    """Whether `round_` is started with exactly `starters`, in those cars drawn in those
    colours (a second tap)."""
    colours = car_colours or {}
    stored = set(round_.entries.values_list("driver_id", "car", "colour"))
    return round_.status == RoundStatus.STARTED and stored == {
        (driver.pk, car.strip(), colours.get(car.strip(), "")) for driver, car in starters
    }


@transaction.atomic
def round_start_cancel(
    *, round_: Round, expected_version: int, expected_race_version: int | None = None
) -> None:
    """Cancel the start of a round before any of its result is entered, however it is run:
    back to scheduled, its starters' XP for starting given back, and a race at the table (with
    no event entered, at `expected_race_version` as its page showed it) removed with its setup.
    Cancelled twice (a double tap): AlreadyDone."""
    round_ = round_for_write(round_, None)
    if round_.status == RoundStatus.SCHEDULED:
        raise AlreadyDone(gettext(START_CANCELLED).format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    at_table = round_.run_at_table
    if at_table:
        table().check_unentered(round_=round_, expected_race_version=expected_race_version)
    round_start_take_back(round_=round_)
    if at_table:
        table().remove(round_=round_)


@transaction.atomic
def round_starters_change(
    *,
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int,
    expected_race_version: int | None = None,
    car_builds: CarBuilds | None = None,
    car_colours: Mapping[str, str] | None = None,
) -> TheRace | None:
    """Start a round again with other starters or cars, before any of its result is entered,
    however it is run. A race at the table (with no event entered) keeps its address, since
    other phones may have it open, and is set up anew; it is returned (None for a round run by
    hand). The same starters in the same cars again: AlreadyDone."""
    round_ = round_for_write(round_, None)
    if starters_unchanged(round_, starters, car_colours):
        raise AlreadyDone(gettext(STARTERS_AS_ASKED).format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    at_table = round_.run_at_table and round_.status == RoundStatus.STARTED
    if at_table:
        table().check_unentered(round_=round_, expected_race_version=expected_race_version)
    round_start_take_back(round_=round_)
    entries = _start(round_, starters, at_table=at_table, car_colours=car_colours)
    if not at_table:
        return None
    return table().start_again(round_=round_, entries=entries, car_builds=car_builds)


@transaction.atomic
def round_start_at_table(
    *,
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    expected_version: int | None = None,
    car_builds: CarBuilds | None = None,
    car_colours: Mapping[str, str] | None = None,
) -> TheRace:
    """Start the round at the table: its starters on the grid as round_start puts them, and its
    race set up for the turn helper, with the cars `car_builds` gives built by their players
    (where the rule set lets them). The race."""
    if table().race_of(round_) is not None:
        raise ValidationError(gettext(RACE_ALREADY_STARTED).format(number=round_.number))
    round_ = round_for_write(round_, expected_version)
    _check_round_can_start(round_)
    entries = _start(round_, starters, at_table=True, car_colours=car_colours)
    return table().start(round_=round_, entries=entries, car_builds=car_builds)


@dataclass(frozen=True)
class TakeOver:
    """What running a round started by hand at the table would discard, to ask first."""

    cars: tuple[str, ...]
    placed: int
    rolls: int


def take_over_summary(round_: Round) -> TakeOver | None:
    """None unless `round_` was started on the round page and is still open."""
    if round_.status != RoundStatus.STARTED or round_.run_at_table:
        return None
    entries = list(round_.entries.order_by("pk"))
    return TakeOver(
        cars=tuple(entry.car for entry in entries),
        placed=sum(entry.place is not None for entry in entries),
        rolls=sum(len(entry.injury_rolls) for entry in entries),
    )


@transaction.atomic
def round_take_over(*, round_: Round, expected_version: int) -> TheRace:
    """Run at the table a round started on the round page: the same starters in the same cars,
    and the result typed so far (places, outcomes, injury rolls) discarded. The race."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.STARTED or round_.run_at_table:
        raise ValidationError(gettext(NOT_STARTED_BY_HAND).format(number=round_.number))
    round_result_clear(round_=round_, at_table=True)
    entries = list(round_.entries.select_related("driver").order_by("pk"))
    return table().start(round_=round_, entries=entries, car_builds=None)


@transaction.atomic
def round_run_by_hand(
    *, round_: Round, expected_version: int, expected_race_version: int | None = None
) -> Discarded:
    """Stop running `round_` at the table so that its result is typed on the round page: its
    race and log are discarded (the starters stay), its rulings kept with the round, and the
    grid the table settled kept with the entries, for the typed result to start from.
    `expected_race_version`: the race as the page showed it, what the referee agreed to lose.
    What was discarded and kept."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.STARTED or not round_.run_at_table:
        raise ValidationError(gettext(NO_RACE_TO_DISCARD).format(number=round_.number))
    discarded = table().discard(round_=round_, expected_race_version=expected_race_version)
    round_result_clear(round_=round_, at_table=False)
    if discarded.grid:
        entries = list(round_.entries.all())
        for entry in entries:
            entry.grid = discarded.grid.get(entry.car)
            entry.pole = entry.grid == 1
        Entry.objects.bulk_update(entries, ["grid", "pole"])
    return discarded


def _colours_checked(car_colours: Mapping[str, str] | None) -> dict[str, str]:
    """`car_colours` by car's name as stored (stripped), each a colour a car may be drawn in."""
    colours = {car.strip(): colour for car, colour in (car_colours or {}).items() if colour}
    for car, colour in colours.items():
        if colour not in team_colours.BY_KEY:
            raise ValidationError(gettext(UNKNOWN_CAR_COLOUR).format(car=car))
    return colours


def _start(
    round_: Round,
    starters: Sequence[tuple[Driver, str]],
    *,
    at_table: bool,
    car_colours: Mapping[str, str] | None = None,
) -> list[Entry]:
    """The starters on the grid of `round_`, locked and free to start (the caller checked),
    each car drawn in the colour `car_colours` gives it, if any."""
    colours = _colours_checked(car_colours)
    # The caller's driver objects may predate the last round (XP, injuries, status): saving
    # them would undo what that round did, so the checks and the XP use the stored rows.
    stored = (
        for_update(Driver, of=("self",))
        .select_related("team")
        .in_bulk([driver.pk for driver, _ in starters])
    )
    starters = [(stored[driver.pk], car) for driver, car in starters]
    _check_starters(round_.season.league, starters)
    rules = round_.season.rules
    entries = []
    for driver, car in starters:
        level, xp_gain = rules.starting(driver.xp)
        entries.append(
            Entry(
                round=round_,
                driver=driver,
                team=driver.team,
                car=car.strip(),
                colour=colours.get(car.strip(), ""),
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
