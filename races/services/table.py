"""The race at the table, as a round's life asks for it: set up when the round starts at the
table, set up again when its starters change, removed when its start is cancelled, discarded
when its result is typed by hand instead, opened again when the round is reopened, and read for
its result when committed. Every action on a round has its entry point in league's services
(league/services/starts.py, results.py, reopen.py); they ask the table registered here
(apps.py registers it at start-up) for what a round run at the table adds.

Each method runs inside the round's write, the round locked; the race is locked after it, as
everywhere (the other order deadlocks two writers on PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from league.models import Entry, Round, RoundStatus
from league.services import starts
from league.services.common import for_update
from league.services.errors import StaleRound
from league.services.results import EntryOutcome
from league.services.starts import RACE_HAS_EVENTS
from league.services.table import CarBuilds, Discarded
from rules import engine
from rules.engine import CarResult, EventRejected, RaceSetup, Starter
from rules.race_counts import race_counts

from ..models import Race, RaceEvent
from ..models.rulings import Ruling
from .entries import (
    RACE_COMMITTED,
    RACE_GONE,
    STALE_RACE,
    StaleRace,
    forced_events,
    race_events,
    race_state,
)

RACE_NOT_FINISHED = gettext_noop(
    "The race is not finished: cars are still racing or checks are still owed."
)
NO_RACE_TO_DISCARD = starts.NO_RACE_TO_DISCARD
RACE_MOVED_ON = gettext_noop(
    "The race at the table has moved on since this page was built (it is at event {current}): "
    "look again at what discarding it would lose."
)
ENGINE_SETUP_REFUSED = gettext_noop("The race cannot start: {reason}")


def race_setup(
    round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None = None
) -> RaceSetup:
    """The engine's setup for `entries`, on its season's rule set and the round's race options:
    car key = the entry's car, level = the one it races at; `car_builds`: the cars built by
    their players, by car."""
    season = round_.season
    rules = season.rules
    cars = {entry.driver_id: entry.car for entry in entries}
    previous = Entry.objects.previous_finish(round_) if rules.grid_from_previous_finish else []
    options = rules.race_options(
        **round_.track.race_options(),
        teams={entry.car: str(entry.team_id) for entry in entries},
        car_builds=car_builds,
        settings=round_.race_settings,
        race_format=round_.race_format,
        season_points=_season_points(round_, entries) if rules.grid_by_standings else None,
        starters=[entry.car for entry in entries],
        previous_finish=[cars[driver] for driver in previous if driver in cars],
        home=[
            entry.car
            for entry in entries
            if rules.home_tracks and entry.driver.home_track_id == round_.track_id
        ],
        season_setup=round_.season.race_setup,
        driver_cards={entry.car: entry.driver.driver_card for entry in entries},
    )
    return engine.setup(
        season.ruleset,
        [Starter(car=entry.car, driver=entry.driver.name, level=entry.level) for entry in entries],
        **options,
    )


def _season_points(round_: Round, entries: Sequence[Entry]) -> dict[str, int]:
    """Each starter's points in its season's finished rounds so far, by car (one query)."""
    totals = dict(
        Entry.objects.filter(
            round__season_id=round_.season_id,
            round__status=RoundStatus.FINISHED,
            driver_id__in=[entry.driver_id for entry in entries],
        )
        .values("driver_id")
        .annotate(total=Sum("points"))
        .values_list("driver_id", "total")
    )
    return {entry.car: totals.get(entry.driver_id, 0) for entry in entries}


def _set_up(round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None):
    """The setup and first state of the race of `entries`, refused in words if the rules
    refuse it."""
    round_ = Round.objects.select_related("track", "season__league").get(pk=round_.pk)
    try:
        setup = race_setup(round_, entries, car_builds)
        state, asked = engine.start(setup)
    except EventRejected as refusal:
        raise ValidationError(gettext(ENGINE_SETUP_REFUSED).format(reason=refusal)) from refusal
    return round_, setup, state, asked


def _running(round_: Round, expected_race_version: int | None) -> Race:
    """The round's race, locked, running and at the version the page showed."""
    race = for_update(Race, of=("self",)).filter(round=round_).first()
    if race is None or race.is_committed or round_.status != RoundStatus.STARTED:
        raise ValidationError(gettext(NO_RACE_TO_DISCARD).format(number=round_.number))
    if expected_race_version is not None and race.version != expected_race_version:
        raise StaleRound(gettext(RACE_MOVED_ON).format(current=race.seq))
    return race


def _settled_grid(race: Race) -> dict[str, int]:
    """The grid `race` has set, car -> position (pole 1); empty before it is set."""
    order = engine.grid(race_state(race))
    return {car: position for position, car in enumerate(order, 1)}


def _count_dice(race: Race, by_car: dict[str, Entry]) -> None:
    """Each entry's dice and laps led, counted from the race's log as it is written into its
    season (once, never as a roll is entered): the log replayed, a car's rolls and the laps it
    led first kept with its entry."""
    counts = race_counts(engine.setup_from_dict(race.setup), race_events(race))
    for car, entry in by_car.items():
        entry.dice = counts.dice.get(car, {})
        entry.laps_led = None if counts.laps_led is None else counts.laps_led.get(car, 0)
    Entry.objects.bulk_update(by_car.values(), ["dice", "laps_led"])


def _outcome(entry: Entry, result: CarResult, grid: int | None) -> EntryOutcome:
    """The season's outcome for one car: the engine's place (it ranks cars out level on
    distance too), how it went out, what the rule set counted of it, and where it started
    (`grid`, pole 1; None where the rule set sets no grid)."""
    if result.finished:
        return EntryOutcome(
            entry_id=entry.pk,
            finished=True,
            place=result.place,
            bonus_points=result.bonus_points,
            grid=grid,
        )
    return EntryOutcome(
        entry_id=entry.pk,
        finished=False,
        place=result.place,
        bonus_points=result.bonus_points,
        grid=grid,
        out_reason=result.out_reason or "",
        distance=Decimal(result.distance),
        overshoot=result.overshoot,
        damage=result.damage,
    )


class RacesAtTheTable:
    """league.services.table.RaceAtTheTable, with Race and its event log."""

    def race_of(self, round_: Round) -> Race | None:
        return Race.objects.filter(round_id=round_.pk).first()

    def start(
        self, *, round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None
    ) -> Race:
        round_, setup, state, asked = _set_up(round_, entries, car_builds)
        race = Race(round=round_, setup=engine.setup_to_dict(setup))
        state, _asked, forced = forced_events(race, state, asked, seq=0)
        race.state, race.seq = engine.state_to_dict(state), len(forced)
        race.full_clean()
        race.save()
        RaceEvent.objects.bulk_create(forced)
        return race

    def check_unentered(self, *, round_: Round, expected_race_version: int | None) -> None:
        race = _running(round_, expected_race_version)
        if race.seq:
            raise ValidationError(
                gettext(RACE_HAS_EVENTS).format(number=round_.number, events=race.seq)
            )

    def start_again(
        self, *, round_: Round, entries: Sequence[Entry], car_builds: CarBuilds | None
    ) -> Race:
        race = for_update(Race, of=("self",)).get(round=round_)
        _round, setup, state, _asked = _set_up(round_, entries, car_builds)
        race.setup, race.state = engine.setup_to_dict(setup), engine.state_to_dict(state)
        race.version += 1
        race.save(update_fields=["setup", "state", "version"])
        return race

    def remove(self, *, round_: Round) -> None:
        Race.objects.filter(round=round_).delete()

    def discard(self, *, round_: Round, expected_race_version: int | None) -> Discarded:
        race = _running(round_, expected_race_version)
        grid = _settled_grid(race)
        kept = Ruling.objects.keep_of_race(race)
        race.delete()
        # A round reopened and then typed by hand keeps no dice from the race it drops (its
        # grid is given back by round_run_by_hand, which clears the typed result first).
        round_.entries.update(dice={}, grid=None, pole=False, laps_led=None)
        return Discarded(events=race.seq, rulings=kept, grid=grid)

    def discarding(self, round_: Round) -> Discarded | None:
        race = Race.objects.filter(round_id=round_.pk).first()
        if race is None or race.is_committed:
            return None
        rulings = Ruling.objects.filter(race=race, event__race_id=F("race_id")).count()
        return Discarded(events=race.seq, rulings=rulings, grid=_settled_grid(race))

    def events_entered(self, round_: Round) -> int:
        race = Race.objects.filter(round_id=round_.pk).only("seq", "finished_at").first()
        return race.seq if race is not None and not race.is_committed else 0

    def reopen(self, *, round_: Round) -> Race | None:
        race = for_update(Race, of=("self",)).filter(round=round_).first()
        if race is None:
            return None
        race.finished_at = None
        race.version += 1
        race.save(update_fields=["finished_at", "version"])
        # Counted again when it is written into the season again, its log perhaps corrected.
        round_.entries.update(dice={}, grid=None, pole=False, laps_led=None)
        return race

    def finish(
        self, *, round_: Round, expected_race_version: int
    ) -> tuple[list[EntryOutcome], dict[int, Sequence[int]]]:
        race = for_update(Race, of=("self",)).filter(round=round_).first()
        if race is None:
            raise StaleRace(gettext(RACE_GONE))
        if race.is_committed:
            raise ValidationError(gettext(RACE_COMMITTED))
        if race.version != expected_race_version:
            raise StaleRace(gettext(STALE_RACE).format(current=race.seq))
        state = race_state(race)
        if not state.finished:
            raise ValidationError(gettext(RACE_NOT_FINISHED))
        by_car = {entry.car: entry for entry in round_.entries.select_related("driver")}
        _count_dice(race, by_car)
        # The grid as the rule set set it; its pole is the entry's pole (_enter_result).
        grid = {car: position for position, car in enumerate(engine.grid(state), 1)}
        outcomes: list[EntryOutcome] = []
        injury_rolls: dict[int, Sequence[int]] = {}
        for result in engine.results(state):
            entry = by_car[result.car]
            outcomes.append(_outcome(entry, result, grid.get(result.car)))
            injury_rolls[entry.pk] = result.injury_rolls
        race.finished_at = timezone.now()
        race.version += 1
        race.save(update_fields=["finished_at", "version"])
        return outcomes, injury_rolls
