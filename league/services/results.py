"""A round's result: entered by hand or recorded from the table, its injury rolls, and its
confirmation into the season (points, XP, injuries, healing)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from config.wording import listed
from rules.championship import (
    Championship,
    DriverSheet,
    EntryScore,
)

from ..models import (
    Driver,
    Entry,
    League,
    Round,
    RoundResultChange,
    RoundStatus,
)
from .common import for_update
from .rounds import ROUND_ALREADY_ENTERED, ROUND_NOT_STARTED, round_advance, round_for_write
from .table import table

OUTCOME_MISSING = gettext_noop("Every car needs a result: {driver} has none.")
OUTCOME_UNKNOWN = gettext_noop("That entry is not in this round.")
PLACE_NEEDED = gettext_noop("{driver} finished: enter their place (1 to {count}).")
PLACES_NOT_CONSECUTIVE = gettext_noop(
    "Finishers must take places 1 to {count}, each once; got {places}."
)
OUT_PLACES_NOT_CONSECUTIVE = gettext_noop(
    "Cars out must take places {first} to {last}, after the finishers, each once; got {places}."
)
OUT_NEEDS_REASON = gettext_noop("{driver} went out: say why, as the result form offers.")
OUT_NEEDS_DISTANCE = gettext_noop("{driver} went out: enter how many spaces they had covered.")
OUT_DISTANCE_TIED = gettext_noop(
    "{first} and {second} went out at the same distance; "
    "enter which one got farther (use half spaces)."
)
OVERSHOOT_NEEDED = gettext_noop(
    "{driver} left the track: enter the roll minus the maximum safe roll (1+)."
)
DAMAGE_NEEDED = gettext_noop(
    "{driver} was disabled in a collision: enter the damage points (2 or more)."
)
INJURY_NOT_NEEDED = gettext_noop("{driver} has no injury check to roll.")
INJURY_SETTLED = gettext_noop("{driver}'s injury check is already settled.")
INJURIES_PENDING = gettext_noop("Injury checks are still to be rolled for: {drivers}.")
OVERSHOOT_TOO_FAR = gettext_noop(
    "{driver}: an overshoot is at most {most} spaces (the highest roll is 30)."
)
BONUS_POINTS_TOO_MANY = gettext_noop(
    "{label}: a race gives at most {most} between its cars (round {number}, {format}); this "
    "result gives {given}."
)
NO_BONUS_POINTS = gettext_noop(
    "{rules} scores nothing but places: {driver} can have no bonus points."
)
DAMAGE_TOO_HIGH = gettext_noop("{driver}: a car collects at most {most} damage points in a race.")
GRID_PARTLY_GIVEN = gettext_noop(
    "Give every car's grid position or none: none given for {drivers}."
)
GRID_NOT_CONSECUTIVE = gettext_noop("Grid positions must be 1 to {count}, each once; got {places}.")

# The highest roll (30, sixth gear) minus the least safe roll (0).
MAX_OVERSHOOT = 30
# A sanity bound on one car's bonus points in a race; the rule set's own limit is checked too.
MAX_BONUS_POINTS = 99
# Two points disable a car; chain checks can add a few more before the referee stops rolling.
MAX_DAMAGE = 10


@dataclass(frozen=True)
class EntryOutcome:
    """How one entry's race ended, as the referee reports it. A car out carries a `place` only
    when the whole order is known (see result_places)."""

    entry_id: int
    finished: bool
    place: int | None = None
    out_reason: str = ""
    distance: Decimal | None = None
    overshoot: int | None = None
    damage: int | None = None
    bonus_points: int = 0  # earned in the race beyond the place (Mini's lap-leader points)
    grid: int | None = None  # where it started (pole is 1), when known


def _injury_columns(outcome: EntryOutcome, driver: Driver, rules: Championship) -> list[str]:
    """The injury check a car out of the race owes, where the rule set has injuries; refused
    unless the outcome says what the rule set needs to know of it."""
    if outcome.finished:
        return []
    if outcome.out_reason not in dict(rules.out_reasons):
        raise ValidationError(gettext(OUT_NEEDS_REASON).format(driver=driver))
    fact = rules.out_reason_facts.get(outcome.out_reason)
    if fact == "overshoot":
        if not outcome.overshoot or outcome.overshoot < 1:
            raise ValidationError(gettext(OVERSHOOT_NEEDED).format(driver=driver))
        if outcome.overshoot > MAX_OVERSHOOT:
            raise ValidationError(
                gettext(OVERSHOOT_TOO_FAR).format(driver=driver, most=MAX_OVERSHOOT)
            )
    elif fact == "damage":
        if not outcome.damage or outcome.damage < rules.least_disabling_damage:
            raise ValidationError(gettext(DAMAGE_NEEDED).format(driver=driver))
        if outcome.damage > MAX_DAMAGE:
            raise ValidationError(gettext(DAMAGE_TOO_HIGH).format(driver=driver, most=MAX_DAMAGE))
    if not rules.careers:
        return []
    return list(rules.injury_columns(outcome.out_reason, outcome.overshoot, outcome.damage))


def places_said(places: Sequence[int], wanted: range) -> str:
    """The places given, in words in the reader's language, and what is wrong with them: "1,
    2, 2 and 3 (2 twice, 4 missing)"; "none" for none. Each thing wrong is a message of its
    own, its count said by `ngettext`."""
    if not places:
        return pgettext("no places given", "none")
    said = listed([str(place) for place in places])
    counts = Counter(places)
    wrong = [_given_times(place, count) for place, count in sorted(counts.items()) if count > 1]
    missing = [str(place) for place in wanted if place not in counts]
    if missing:
        wrong.append(
            # Translators: places a result leaves out ({places}: "4", "4 and 5").
            ngettext("{places} missing", "{places} missing", len(missing)).format(
                places=listed(missing)
            )
        )
    before = [str(place) for place in sorted(counts) if place < wanted.start]
    if before:
        wrong.append(
            # Translators: places given that come before the first place wanted ("2" when the
            # cars out take places 3 to 4).
            ngettext("{places} before the first", "{places} before the first", len(before)).format(
                places=listed(before)
            )
        )
    after = [str(place) for place in sorted(counts) if place >= wanted.stop]
    if after:
        wrong.append(
            # Translators: places given beyond the last place wanted ("5" among 4 finishers).
            ngettext("{places} past the last", "{places} past the last", len(after)).format(
                places=listed(after)
            )
        )
    if not wrong:
        return said
    # Translators: {places}: the places given ("1, 2, 2 and 3"); {wrong}: what is wrong with
    # them, each separated by a comma ("2 twice, 4 missing").
    return pgettext("places given", "{places} ({wrong})").format(
        places=said, wrong=", ".join(wrong)
    )


def _given_times(place: int, count: int) -> str:
    """A place given `count` times (2 or more), in words."""
    if count == 2:
        # Translators: a place a result gives to two cars.
        return pgettext("a place given", "{place} twice").format(place=place)
    # Translators: a place a result gives to {count} cars (3 or more).
    return ngettext("{place} {count} time", "{place} {count} times", count).format(
        place=place, count=count
    )


def result_places(entries: Mapping[int, Entry], outcomes: Sequence[EntryOutcome]) -> dict[int, int]:
    """Finishers keep their places; cars out follow, farther first ("Scoring").

    Cars out may bring their places too when the caller knows the whole order (the turn
    helper, whose engine also ranks cars out level on distance); otherwise they are ranked by
    the spaces they had covered, and a tie is refused until the referee breaks it.
    """
    finishers = [outcome for outcome in outcomes if outcome.finished]
    # A blank place is the line to point at, not a "0" among the places said below.
    for outcome in finishers:
        if outcome.place is None:
            raise ValidationError(
                gettext(PLACE_NEEDED).format(
                    driver=entries[outcome.entry_id].driver, count=len(finishers)
                )
            )
    places = sorted(outcome.place or 0 for outcome in finishers)
    if places != list(range(1, len(finishers) + 1)):
        wanted = range(1, len(finishers) + 1)
        raise ValidationError(
            gettext(PLACES_NOT_CONSECUTIVE).format(
                count=len(finishers), places=places_said(places, wanted)
            )
        )
    outs = [outcome for outcome in outcomes if not outcome.finished]
    if outs and all(outcome.place for outcome in outs):
        out_places = sorted(outcome.place or 0 for outcome in outs)
        if out_places != list(range(len(finishers) + 1, len(outcomes) + 1)):
            raise ValidationError(
                gettext(OUT_PLACES_NOT_CONSECUTIVE).format(
                    first=len(finishers) + 1,
                    last=len(outcomes),
                    places=places_said(out_places, range(len(finishers) + 1, len(outcomes) + 1)),
                )
            )
        return {outcome.entry_id: outcome.place or 0 for outcome in outcomes}
    for outcome in outs:
        if outcome.distance is None:
            raise ValidationError(
                gettext(OUT_NEEDS_DISTANCE).format(driver=entries[outcome.entry_id].driver)
            )
    outs.sort(key=lambda outcome: outcome.distance or 0, reverse=True)
    for farther, nearer in zip(outs, outs[1:], strict=False):
        if farther.distance == nearer.distance:
            raise ValidationError(
                gettext(OUT_DISTANCE_TIED).format(
                    first=entries[farther.entry_id].driver, second=entries[nearer.entry_id].driver
                )
            )
    result = {outcome.entry_id: outcome.place or 0 for outcome in finishers}
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
    round_advance(round_)
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
    "grid",
    "pole",
    "injury_columns",
    "injury_rolls",
]


def bonus_points_checked(
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
            gettext(NO_BONUS_POINTS).format(
                rules=rules.title, driver=entries[given[0].entry_id].driver
            )
        )
    most = rules.most_bonus_points(round_.race_format)
    total = sum(outcome.bonus_points for outcome in given)
    if total > most:
        raise ValidationError(
            gettext(BONUS_POINTS_TOO_MANY).format(
                label=label,
                most=most,
                number=round_.number,
                format=round_.race_format_label or "as set up",
                given=total,
            )
        )


def grid_checked(entries: Mapping[int, Entry], outcomes: Sequence[EntryOutcome]) -> None:
    """A grid position for every car or for none, and then each of 1 to the number of cars
    once."""
    missing = [entries[outcome.entry_id].driver.name for outcome in outcomes if not outcome.grid]
    if len(missing) == len(outcomes):
        return
    if missing:
        raise ValidationError(gettext(GRID_PARTLY_GIVEN).format(drivers=listed(missing)))
    given = sorted(outcome.grid or 0 for outcome in outcomes)
    wanted = range(1, len(outcomes) + 1)
    if given != list(wanted):
        raise ValidationError(
            gettext(GRID_NOT_CONSECUTIVE).format(
                count=len(outcomes), places=places_said(given, wanted)
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
        raise ValidationError(gettext(ROUND_ALREADY_ENTERED).format(number=round_.number))
    if round_.status != RoundStatus.STARTED:
        raise ValidationError(gettext(ROUND_NOT_STARTED).format(number=round_.number))
    entries = {entry.pk: entry for entry in round_.entries.select_related("driver")}
    by_entry = {outcome.entry_id: outcome for outcome in outcomes}
    if set(by_entry) - set(entries):
        raise ValidationError(gettext(OUTCOME_UNKNOWN))
    for entry_id, entry in entries.items():
        if entry_id not in by_entry:
            raise ValidationError(gettext(OUTCOME_MISSING).format(driver=entry.driver))
    places = result_places(entries, list(by_entry.values()))
    rules = round_.season.rules
    bonus_points_checked(round_, entries, outcomes, rules)
    grid_checked(entries, list(by_entry.values()))
    for entry_id, entry in entries.items():
        outcome = by_entry[entry_id]
        if round_.imported and (outcome.finished or outcome.out_reason in dict(rules.out_reasons)):
            columns = []  # its race is long over: no injury check, no career (docs/importing.md)
        else:
            columns = _injury_columns(outcome, entry.driver, rules)
        entry.place = places[entry_id]
        entry.finished = outcome.finished
        entry.out_reason = "" if outcome.finished else outcome.out_reason
        entry.distance = None if outcome.finished else outcome.distance
        fact = None if outcome.finished else rules.out_reason_facts.get(outcome.out_reason)
        entry.overshoot = outcome.overshoot if fact == "overshoot" else None
        entry.damage = outcome.damage if fact == "damage" else None
        entry.bonus_points = outcome.bonus_points
        entry.grid, entry.pole = outcome.grid, outcome.grid == 1
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
    check = _roll_injury(entry, value, round_.season.rules)
    round_advance(round_)
    return check


def _roll_injury(entry: Entry, value: int, rules: Championship):
    entry = for_update(Entry).select_related("driver", "round").get(pk=entry.pk)
    if entry.round.status == RoundStatus.FINISHED:
        raise ValidationError(gettext(ROUND_ALREADY_ENTERED).format(number=entry.round.number))
    check = _add_roll(entry, value, rules)
    entry.save(update_fields=["injury_rolls"])
    return check


def _add_roll(entry: Entry, value: int, rules: Championship):
    """`value` added to the entry's injury check, in memory: the caller saves the entry."""
    check = entry.injury_check(rules)
    if check is None:
        raise ValidationError(gettext(INJURY_NOT_NEEDED).format(driver=entry.driver))
    if check.settled:
        raise ValidationError(gettext(INJURY_SETTLED).format(driver=entry.driver))
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
        raise ValidationError(gettext(ROUND_ALREADY_ENTERED).format(number=round_.number))
    entries = list(round_.entries.select_related("driver").order_by("place"))
    if round_.status != RoundStatus.STARTED or any(entry.place is None for entry in entries):
        raise ValidationError(gettext(ROUND_NOT_STARTED).format(number=round_.number))
    league = round_.season.league
    # Read again now that the round is locked: a points table changed before this round's result
    # (league_points_table_set, which waits for the season's rounds) is the one it scores by.
    league.refresh_from_db(fields=["settings"])
    rules = round_.season.rules
    pending = pending_injuries(entries, rules)
    if pending:
        raise ValidationError(
            gettext(INJURIES_PENDING).format(
                drivers=listed([str(entry.driver) for entry in pending])
            )
        )
    # A round brought in from the league's spreadsheet, corrected, scores its places alone:
    # the careers it would change are the roster's as they stand (docs/importing.md).
    careers = rules.careers and not round_.imported
    sat_out = []
    if careers:
        sat_out = list(Driver.objects.filter(team__league=league, races_to_miss__gt=0).racing())
    # What reopening the round takes back: the starters and the drivers it heals as they are.
    kept = [_before(round_, entry.driver, entry_xp_change=entry.xp_change) for entry in entries]
    kept += [_before(round_, driver) for driver in sat_out]
    for entry in entries:
        _score_entry(entry, field_size=len(entries), round_=round_, league=league)
        if round_.imported:
            entry.xp_change, entry.severity, entry.injured, entry.dead = 0, 0, False, False
    Entry.objects.bulk_update(entries, ["points", "xp_change", "severity", "injured", "dead"])
    if careers:
        Driver.objects.bulk_update(
            [entry.driver for entry in entries],
            ["xp", "prior_injuries", "races_to_miss", "status"],
        )
        _heal(league=league, round_=round_, sat_out=sat_out)
    if not round_.imported:
        RoundResultChange.objects.bulk_create(kept)
    round_.status = RoundStatus.FINISHED
    round_.finished_at = timezone.now()
    round_advance(round_, "status", "finished_at")
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
        driver.races_to_miss = round_.season.rules.heal_after_round(
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
    score = entry_score(
        entry,
        field_size=field_size,
        multiplier=round_.multiplier,
        settings=round_.season.league_settings,
        rules=round_.season.rules,
        driver=_driver_sheet(entry.driver),
    )
    entry.points, entry.xp_change = score.points, score.xp_change
    entry.severity, entry.injured, entry.dead = score.severity, score.injured, score.dead
    if score.driver is not None:
        driver, sheet = entry.driver, score.driver
        driver.xp, driver.prior_injuries = sheet.xp, sheet.prior_injuries
        driver.races_to_miss, driver.status = sheet.races_to_miss, sheet.status


def entry_score(
    entry: Entry,
    *,
    field_size: int,
    multiplier: int,
    settings: Mapping[str, object],
    rules: Championship,
    driver: DriverSheet,
) -> EntryScore:
    """What a placed entry scores once its round is confirmed, as its rule set reckons it: its
    points, its bonus points on top, and with careers its XP and injury. The one reckoning of
    a result, read by the commit and by a restored file's check (league/backup/checks.py)."""
    assert entry.place is not None and entry.finished is not None, "scored before it was placed"
    score = rules.score_entry(
        place=entry.place,
        field_size=field_size,
        multiplier=multiplier,
        settings=settings,
        finished=entry.finished,
        injury_columns=entry.injury_columns,
        injury_rolls=entry.injury_rolls,
        driver=driver,
    )
    # Bonus points (Mini's laps led) come on top of what the place and the multiplier score.
    return dataclasses.replace(score, points=score.points + entry.bonus_points)


@transaction.atomic
def round_result_record(
    *,
    round_: Round,
    outcomes: Sequence[EntryOutcome],
    injury_rolls: Mapping[int, Sequence[int]],
) -> list[Entry]:
    """Enter, roll and commit a whole result at once (a result known whole, as the demo
    league's), in the same queries for 4 cars or 40; each outcome's bonus points are added to
    the points its place earns."""
    round_ = round_for_write(round_, None)
    _enter_result(round_, outcomes, injury_rolls)
    return _commit(round_)


@transaction.atomic
def round_table_commit(*, round_: Round, expected_race_version: int) -> list[Entry]:
    """Write the round's finished race at the table into its season (places, points, XP and
    injuries) exactly as a result entered on the round page is, if the race is still at the
    version the turn page showed. The round is locked before the race, as everywhere: a race
    discarded meanwhile takes them in that order too, and the other order deadlocks the two on
    PostgreSQL."""
    round_ = round_for_write(round_, None)
    outcomes, injury_rolls = table().finish(
        round_=round_, expected_race_version=expected_race_version
    )
    _enter_result(round_, outcomes, injury_rolls)
    return _commit(round_)


@transaction.atomic
def round_result_clear(*, round_: Round, at_table: bool) -> int:
    """Take back a result entered but not committed (places, outcomes, injury rolls), for a
    round that changes how it is run; returns how many injury rolls were discarded. The
    caller holds the round's lock (round_for_write) and has checked its version."""
    if round_.status != RoundStatus.STARTED:
        raise ValidationError(gettext(ROUND_NOT_STARTED).format(number=round_.number))
    entries = list(round_.entries.all())
    discarded = sum(len(entry.injury_rolls) for entry in entries)
    for entry in entries:
        entry.place = entry.finished = entry.distance = entry.overshoot = entry.damage = None
        entry.grid, entry.pole = None, False
        entry.out_reason = ""
        entry.injury_columns, entry.injury_rolls = [], []
    Entry.objects.bulk_update(entries, RESULT_FIELDS)
    round_.run_at_table = at_table
    round_advance(round_, "run_at_table")
    return discarded
