"""A league's roster changed by hand, between races: a driver's career corrected (a league
brought in with its past), a transfer to another team of the league, a release, a retirement, a
new name. Each change is kept as a DriverChange with who made it and why, shown on the driver's
page and carried by the backup. A form carries what it showed (`shown`): a driver changed since
is refused as stale (409), the same change twice is a double tap."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ..models import (
    Driver,
    DriverChange,
    DriverChangeKind,
    DriverStatus,
    Entry,
    RoundStatus,
    Team,
)
from .common import for_update, league_for_write
from .drivers import check_no_round_in_progress, driver_add
from .errors import AlreadyDone, StaleDriver

# What a career may be corrected to: beyond any league's past (a driver ages a season a year;
# Season Pass's XP grows some 5-15 a season) and within the columns that keep it.
CAREER_BOUNDS = {
    "age": (1, 60),
    # Below 0 where the season's end took more than the driver had ("Any driver with less than
    # zero experience points will retire"): a retired driver's career as Paddock keeps it.
    "xp": (-999, 9999),
    "prior_injuries": (0, 99),
    "races_to_miss": (0, 99),
}
CAREER_FIELDS = tuple(CAREER_BOUNDS)

NO_CAREERS = gettext_noop(
    "{rules} keeps no careers: a driver has no age, XP or injuries to correct."
)
# A career's number out of its bounds, a whole sentence for each field (its name and its verb
# agree in the reader's language).
CAREER_OUT_OF_RANGE = {
    "age": gettext_noop("Age must be from {low} to {high} (asked: {value})."),
    "xp": gettext_noop("XP must be from {low} to {high} (asked: {value})."),
    "prior_injuries": gettext_noop("Prior injuries must be from {low} to {high} (asked: {value})."),
    "races_to_miss": gettext_noop("Races to miss must be from {low} to {high} (asked: {value})."),
}
CAREER_SAME = gettext_noop("{driver}'s career is already as asked: nothing was changed.")
REASON_NEEDED = gettext_noop("Say why: the reason is kept with the change, on {driver}'s page.")
DRIVER_CHANGED = gettext_noop(
    "Someone changed {driver} first (another tab or device): here they are as they stand now. "
    "Change again what still applies."
)
DRIVER_RACING_NOW = gettext_noop(
    "{driver} is racing in round {number} now: change their career once it is confirmed."
)
DRIVER_RACING_NOW_STATUS = gettext_noop(
    "{driver} is racing in round {number} now: change their status once it is confirmed."
)
ROUND_UNDER_WAY = gettext_noop(
    "Round {number} is under way: drivers move between teams before a race or after it is "
    "confirmed, not during it."
)
# A driver no longer racing, a whole sentence for each status (a status's label is never
# lowered to stand within a sentence), said before what only a driver still racing may do.
NO_LONGER_RACING = {
    DriverStatus.RETIRED: gettext_noop("{driver} is retired."),
    DriverStatus.DEAD: gettext_noop("{driver} is dead."),
    DriverStatus.RELEASED: gettext_noop("{driver} was released."),
}
ONLY_RACING_TRANSFERRED = gettext_noop("Only a driver still racing may be transferred.")
ONLY_RACING_RELEASED = gettext_noop("Only a driver still racing may be released.")
ONLY_RACING_RETIRED = gettext_noop("Only a driver still racing may be retired.")
TRANSFER_SAME_TEAM = gettext_noop("{driver} already drives for {team}.")
TRANSFER_OTHER_LEAGUE = gettext_noop("That team is not in {league}.")
RENAME_SAME = gettext_noop("{driver} is already called so.")
RENAME_TAKEN = gettext_noop("A driver called {name!r} already races in this league, for {team}.")
STATUS_ALREADY = {
    DriverStatus.RETIRED: gettext_noop("{driver} is retired already."),
    DriverStatus.RELEASED: gettext_noop("{driver} was released already."),
}


def _driver_as_it_stands(driver: Driver) -> Driver:
    """The league locked (its data version moved on), then the driver's row."""
    league_for_write(driver.team.league)
    return for_update(Driver).select_related("team__league").get(pk=driver.pk)


def _racing_round(driver: Driver) -> int | None:
    """The number of the round `driver` is entered in that is being raced now, if any."""
    entry = (
        Entry.objects.filter(driver=driver, round__status=RoundStatus.STARTED)
        .select_related("round")
        .first()
    )
    return entry.round.number if entry else None


def _league_round_under_way(driver: Driver) -> int | None:
    entry = (
        Entry.objects.filter(
            team__league_id=driver.team.league_id, round__status=RoundStatus.STARTED
        )
        .select_related("round")
        .first()
    )
    return entry.round.number if entry else None


def _reason(reason: str, driver: Driver, *, needed: bool = True) -> str:
    reason = " ".join(reason.split())
    if needed and not reason:
        raise ValidationError(gettext(REASON_NEEDED).format(driver=driver))
    return reason


def _kept(driver: Driver, kind: str, before: dict, after: dict, reason: str, made_by) -> None:
    change = DriverChange(
        driver=driver, kind=kind, before=before, after=after, reason=reason, made_by=made_by
    )
    change.full_clean()
    change.save()


@transaction.atomic
def driver_career_correct(
    *,
    driver: Driver,
    career: Mapping[str, int],
    reason: str,
    made_by=None,
    shown: Mapping[str, int] | None = None,
) -> Driver:
    """Set `driver`'s age, XP, prior injuries and races to miss (`career`, any of them) by
    hand, with a reason, in a league whose rule set keeps careers; never while the driver is
    racing. `shown`: the career the form showed (StaleDriver if it has changed since, unless
    to what is asked: a double tap)."""
    driver = _driver_as_it_stands(driver)
    rules = driver.team.league.rules
    if not rules.careers:
        raise ValidationError(gettext(NO_CAREERS).format(rules=rules.title))
    asked = {name: int(career[name]) for name in CAREER_FIELDS if name in career}
    for name, value in asked.items():
        low, high = CAREER_BOUNDS[name]
        if not low <= value <= high:
            raise ValidationError(
                gettext(CAREER_OUT_OF_RANGE[name]).format(low=low, high=high, value=value)
            )
    current = {name: getattr(driver, name) for name in asked}
    if current == asked:
        raise AlreadyDone(gettext(CAREER_SAME).format(driver=driver), done=driver)
    if shown is not None and any(current[name] != shown.get(name) for name in asked):
        raise StaleDriver(gettext(DRIVER_CHANGED).format(driver=driver))
    racing = _racing_round(driver)
    if racing is not None:
        raise StaleDriver(gettext(DRIVER_RACING_NOW).format(driver=driver, number=racing))
    reason = _reason(reason, driver)
    changed = {name: value for name, value in asked.items() if current[name] != value}
    for name, value in changed.items():
        setattr(driver, name, value)
    driver.full_clean()
    driver.save(update_fields=list(changed))
    before = {name: current[name] for name in changed}
    _kept(driver, DriverChangeKind.CORRECTED, before, changed, reason, made_by)
    return driver


@transaction.atomic
def driver_transfer(
    *,
    driver: Driver,
    team: Team,
    reason: str = "",
    made_by=None,
    shown: int | None = None,
    rookie: str = "",
) -> Driver:
    """Move `driver` to `team` of the same league, between races. Their past results stay with
    the team they raced for (each entry keeps its team), their career and injuries go with
    them: an injured driver heals with the new team as with the old (the rule set's
    `still_healing` says so). `shown`: the team id the form showed. `rookie`: the name of a
    rookie the team left hires in their seat, in the same step ("": none)."""
    driver = _driver_as_it_stands(driver)
    league = driver.team.league
    if team.league_id != league.pk:
        raise ValidationError(gettext(TRANSFER_OTHER_LEAGUE).format(league=league))
    if driver.team_id == team.pk:
        raise AlreadyDone(gettext(TRANSFER_SAME_TEAM).format(driver=driver, team=team), done=driver)
    if shown is not None and driver.team_id != shown:
        raise StaleDriver(gettext(DRIVER_CHANGED).format(driver=driver))
    _check_racing(driver, ONLY_RACING_TRANSFERRED)
    under_way = _league_round_under_way(driver)
    if under_way is not None:
        raise StaleDriver(gettext(ROUND_UNDER_WAY).format(number=under_way))
    left = driver.team
    before = {"team": driver.team.name}
    driver.team = team
    driver.full_clean()
    driver.save(update_fields=["team"])
    _kept(
        driver,
        DriverChangeKind.TRANSFERRED,
        before,
        {"team": team.name},
        _reason(reason, driver, needed=False),
        made_by,
    )
    _rookie_hired(left, rookie)
    return driver


@transaction.atomic
def driver_rename(*, driver: Driver, name: str, made_by=None, shown: str | None = None) -> Driver:
    """Give `driver` another name, free in the league (past drivers included) whatever the
    case; their history follows them, as it is kept by driver, not by name."""
    driver = _driver_as_it_stands(driver)
    name = " ".join(name.split())
    if driver.name == name:
        raise AlreadyDone(gettext(RENAME_SAME).format(driver=driver), done=driver)
    if shown is not None and driver.name != shown:
        raise StaleDriver(gettext(DRIVER_CHANGED).format(driver=driver))
    namesake = (
        Driver.objects.filter(team__league_id=driver.team.league_id, name__iexact=name)
        .exclude(pk=driver.pk)
        .select_related("team")
        .first()
    )
    if namesake is not None:
        raise ValidationError(gettext(RENAME_TAKEN).format(name=name, team=namesake.team))
    before = {"name": driver.name}
    driver.name = name
    driver.full_clean()
    driver.save(update_fields=["name"])
    _kept(driver, DriverChangeKind.RENAMED, before, {"name": name}, "", made_by)
    return driver


@transaction.atomic
def driver_release(*, driver: Driver, reason: str, made_by=None, rookie: str = "") -> Driver:
    """Let `driver` go: no longer racing for anyone, between races. `rookie`: the name of a
    rookie their team hires in their seat, in the same step ("": none)."""
    return _leaves(
        driver, DriverStatus.RELEASED, DriverChangeKind.RELEASED, reason, made_by, rookie
    )


@transaction.atomic
def driver_retire(*, driver: Driver, reason: str, made_by=None, rookie: str = "") -> Driver:
    """Retire `driver` by hand (the rule set's own retirements come at season end), between
    races, with a reason. `rookie`: as for a release."""
    return _leaves(driver, DriverStatus.RETIRED, DriverChangeKind.RETIRED, reason, made_by, rookie)


def _check_racing(driver: Driver, only_racing: str) -> None:
    """Refused, with the rule set's reason where it gives one, unless `driver` races still:
    `only_racing`, the sentence (a constant) saying what only a driver still racing may do."""
    if driver.status == DriverStatus.ACTIVE:
        return
    sentences = [
        gettext(NO_LONGER_RACING[DriverStatus(driver.status)]).format(driver=driver),
        gettext(only_racing),
    ]
    why = driver.team.league.rules.races_no_more(driver=str(driver), status=driver.status)
    raise ValidationError(" ".join([*sentences, why] if why else sentences))


def _rookie_hired(team: Team, name: str) -> None:
    """A rookie hired by `team` in the seat just left ("" for none), named as no driver of the
    league is: Season Pass's rookie in an empty seat (Selecting Drivers, New Drivers), any
    rule set's new driver. The caller holds the league lock, and no round is under way."""
    name = " ".join(name.split())
    if name:
        driver_add(team, name)


def _leaves(
    driver: Driver, status: str, kind: str, reason: str, made_by, rookie: str = ""
) -> Driver:
    driver = _driver_as_it_stands(driver)
    if driver.status == status:
        already = gettext(STATUS_ALREADY[DriverStatus(status)]).format(driver=driver)
        raise AlreadyDone(already, done=driver)
    if status == DriverStatus.RELEASED:
        _check_racing(driver, ONLY_RACING_RELEASED)
    else:
        _check_racing(driver, ONLY_RACING_RETIRED)
    racing = _racing_round(driver)
    if racing is not None:
        raise StaleDriver(gettext(DRIVER_RACING_NOW_STATUS).format(driver=driver, number=racing))
    reason = _reason(reason, driver)
    before = {"status": driver.status}
    if " ".join(rookie.split()):
        check_no_round_in_progress(driver.team.league)  # a rookie is hired before a race
    driver.status = status
    driver.full_clean()
    driver.save(update_fields=["status"])
    _kept(driver, kind, before, {"status": status}, reason, made_by)
    _rookie_hired(driver.team, rookie)
    return driver
