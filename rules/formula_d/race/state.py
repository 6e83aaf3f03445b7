"""The Formula D race at one moment: a frozen dataclass tree, small enough to snapshot after every
event. It keeps what the table cannot show the engine again and nothing it can work out: the grid
comes from the grid rolls, the fresh tire WP from the car as built."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TypeVar

from rules.engine.pieces import CarsByKey, SetupOfCars, of_car
from rules.formula_d import (
    RACE_LAPS,
    CarSheet,
    ChartLine,
    GridOutcome,
    LapResult,
    Tires,
    Weather,
    grid_order,
    lap_tenths,
    qualifying_grid,
)
from rules.formula_d.driver_cards import Skill, grid_score
from rules.formula_d.race.reasons import Reason
from rules.formula_d.road_race import Crossing
from rules.language import gettext_noop as N_

RACING = "racing"
FINISHED = "finished"
OUT = "out"

# Why a car left the race: the key the season records (at most 10 characters), and in words.
OUT_REASONS: Mapping[str, str] = MappingProxyType(
    {
        "tires": N_("eliminated: lost more tire WP than it had left"),
        "stops": N_("eliminated: skipped more than one stop in a corner"),
        "blocked": N_("eliminated: blocked 7 spaces or more, or without the WP to stop"),
        "body": N_("eliminated: lost its last car body WP"),
        "engine": N_("eliminated: lost its last engine WP"),
        "handling": N_("eliminated: lost its last road handling WP"),
    }
)


@dataclass(frozen=True)
class CarSetup:
    car: str
    driver: str
    sheet: CarSheet  # the car as built for the race: what a pit stop's fresh tires go back to
    skill: Skill | None = None  # Road Races: the skill on the driver's card


@dataclass(frozen=True)
class RaceSetup(SetupOfCars[CarSetup]):
    ruleset: str
    cars: tuple[CarSetup, ...]
    laps: int = RACE_LAPS
    # Weather Conditions (an optional rule): the track's chart; () when the race is run without.
    weather_chart: tuple[ChartLine, ...] = ()
    # That chart is the placeholder every track starts with, not the board's: the prompts say so.
    weather_chart_placeholder: bool = False
    tires: bool = False  # Tire Selection (an optional rule): each car fits hard, soft or rain
    technical_pit_stop: bool = False  # Technical Pit Stop (an optional rule): 2 WP back a race
    teams: tuple[tuple[str, str], ...] = ()  # Team Race (an optional rule): (car, team) pairs
    road_race: bool = False  # Road Races (an optional rule): hard tires, nitro, no pits...
    # Qualifying Lap with Stopwatch (an optional rule): a lap each sets the grid, not the die.
    stopwatch_qualifying: bool = False
    # Overshooting read as written (a league's setting): losing the last tire WP by more than 1
    # space eliminates. False, the reading races were started with before, spins the car.
    overshoot_by_more_out: bool = False

    @property
    def team_of(self) -> dict[str, str]:
        return dict(self.teams)

    def skill(self, key: str) -> Skill | None:
        """The skill on the card of `key`'s driver (Road Races); None without one."""
        return self.car(key).skill

    def with_skill(self, skill: Skill) -> tuple[str, ...]:
        """The cars whose drivers' cards have `skill`."""
        return tuple(car.car for car in self.cars if car.skill is skill)


@dataclass(frozen=True)
class CarState:
    """One car: its scorecard, its gear, how far it has gone on the engine's count, what it owes."""

    car: str
    sheet: CarSheet  # the WP left in each zone
    gear: int = 0  # 0: on the grid, 1st gear not engaged yet
    status: str = RACING
    out_reason: str | None = None  # a key of OUT_REASONS
    out_at: int | None = None  # the event (its number in the log) that put it out
    start_roll: int | None = None  # the black die rolled before engaging 1st gear
    laps: int = 0  # laps completed: each crossing of the line, or entering the pits
    spaces: int = 0  # spaces moved since the start: the engine's stand-in for "the leader"
    moved_at: int = 0  # the event of its last move: names the space it stands on
    speed: int = 0  # the gear-die number of its last move; 0 when it moved without rolling
    spun: bool = False  # lost its last tire WP overshooting: drives off in 1st next turn
    pits: int = 0  # pit stops made
    in_pits: bool = False  # a Slow Stop: waits in the pits, then moves off in 4th or lower
    tires_fitted: Tires | None = None  # Tire Selection: None until fitted, or without the rule
    repaired: int = 0  # WP regained at technical pit stops (2 a race)
    team_repaired: int = 0  # WP it took from its team's pool (Team Race: 4 a team)
    technical_at: int = 0  # the round of its last technical pit stop (0: none)
    technical_exit: int = 0  # the round it leaves the pits after it
    finish_round: int | None = None
    past_line: float | None = None  # spaces beyond the line when it finished
    # Road Races: the lap (1, 2...) it last used its nitro on, and its Pile of Scrap's marker; 0:
    # not yet. Its Car Radio, once a race: thrown.
    nitro_lap: int = 0
    scrap_lap: int = 0
    radio_thrown: bool = False

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def on_track(self) -> bool:
        """Racing and on the tarmac: a car waiting in its pit is beside nobody."""
        return self.racing and not self.in_pits


@dataclass(frozen=True)
class GridRolls:
    car: str
    rolls: tuple[int, ...] = ()  # the black die, then the re-rolls that break a tie


@dataclass(frozen=True)
class QualifyingLap:
    """A car's qualifying lap against the stopwatch: the moments it was started and stopped
    (ISO 8601, from the clock of whoever runs the race), then what the referee counted."""

    car: str
    started_at: str | None = None
    stopped_at: str | None = None
    die_throws: int | None = None  # None until the lap is entered
    overshoot: int = 0
    no_stop: bool = False

    @property
    def tenths(self) -> int:
        if self.started_at is None or self.stopped_at is None:
            return 0
        return lap_tenths(self.started_at, self.stopped_at)

    @property
    def result(self) -> LapResult | None:
        """The lap as rules.formula_d.qualifying ranks it; None until it is entered."""
        if self.die_throws is None:
            return None
        return LapResult(self.die_throws, self.overshoot, self.no_stop, self.tenths)


def rolled_grid(
    grid_rolls: tuple[GridRolls, ...], first_roll: Callable[[str, int], int] | None = None
) -> GridOutcome:
    """The grid the black die has given so far: no order until every car has rolled;
    `first_roll` scores the first rolls where a skill breaks ties (Quick Off The Mark)."""
    rolls = {entry.car: entry.rolls for entry in grid_rolls}
    if not rolls or any(not car_rolls for car_rolls in rolls.values()):
        return GridOutcome(order=(), tied=())
    return grid_order(rolls, first_roll) if first_roll else grid_order(rolls)


@dataclass(frozen=True)
class Marker:
    """A damage marker: the space where `car` stood after the move of event `at`, made dangerous
    in round `round`. Markers on one space are one dangerous space (one roll)."""

    car: str
    at: int
    round: int

    @property
    def key(self) -> str:
        return f"{self.car}-{self.at}"


@dataclass(frozen=True)
class Check:
    """A roll the rules require before play goes on: `kind` is the event to enter, `why` says
    what called for it (reasons.py; `reason`: its English words in a race stored before, or a
    tag), `marker` names the dangerous space of a road handling roll."""

    kind: str
    car: str
    reason: str = ""
    marker: str = ""
    stopped_on: bool = False  # a road handling roll for the space the car stopped on
    why: Reason | None = None  # what called for it, as parts (reasons.py)


@dataclass(frozen=True)
class RaceState(CarsByKey[CarState]):
    setup: RaceSetup
    cars: tuple[CarState, ...]
    # qualifying_weather, qualifying, weather, tires, grid, order, start, gear, move, checks,
    # finished
    phase: str
    round: int = 0
    grid_rolls: tuple[GridRolls, ...] = ()
    order: tuple[str, ...] = ()
    turn: int = 0  # index in `order` of the car to move
    pending: tuple[Check, ...] = ()
    markers: tuple[Marker, ...] = ()
    fixed_move: int = 0  # this move's spaces when no die is rolled (Great Start, leaving the pits)
    clock: int = 0  # events applied so far: names a car's space and orders cars out
    weather: Weather | None = None  # the chart's line the race is on; None without weather
    # Weather Frog: a weather roll held until the frog says whether he rolls again, and whether
    # the roll being asked is his second.
    held_weather: int = 0
    frog_second: bool = False
    # Road Races, the pole station: each crossing of the line before the last lap's, and the laps
    # whose pole station has been settled.
    crossings: tuple[Crossing, ...] = ()
    pole_laps: int = 0
    # Qualifying Lap with Stopwatch: each car's lap, in the order they drive it, and the
    # weather rolled before the laps (None without the weather rules).
    qualifying: tuple[QualifyingLap, ...] = ()
    qualifying_weather: Weather | None = None

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    # Worked out once a state (a state never changes): the prompts, the log's words and the
    # dashboard each ask for it, and ranking the rolls is the dearest look-up of an entry.
    @cached_property
    def grid_outcome(self) -> GridOutcome:
        """The grid rolled for, or the one the qualifying laps gave (ties rolled off in
        `grid_rolls`); no order until the last is in."""
        if not self.setup.stopwatch_qualifying:
            return rolled_grid(self.grid_rolls, self.grid_score)
        laps = {lap.car: lap.result for lap in self.qualifying if lap.result is not None}
        if not laps or len(laps) < len(self.qualifying):
            return GridOutcome(order=(), tied=())
        tie_rolls = {entry.car: entry.rolls for entry in self.grid_rolls}
        score = self.grid_score
        return (
            qualifying_grid(laps, tie_rolls, score) if score else qualifying_grid(laps, tie_rolls)
        )

    @property
    def grid_score(self) -> Callable[[str, int], int] | None:
        """Quick Off The Mark: her grid roll wins a tie (None: no such driver races)."""
        quick = self.setup.with_skill(Skill.QUICK_OFF_THE_MARK)
        if not quick:
            return None
        return lambda car, value: grid_score(car in quick, value)

    def lap(self, key: str) -> QualifyingLap:
        return of_car(self.qualifying, key)

    @property
    def grid(self) -> tuple[str, ...]:
        """Pole position first; empty until every car has rolled and every tie is broken."""
        return self.grid_outcome.order


# Formula D's state, or a state that extends it (Death's): what Formula D's handlers hand back
# is the state they were given.
FormulaDT = TypeVar("FormulaDT", bound=RaceState)
