"""The RBB race at one moment: a frozen dataclass tree of its own, shaped like Formula D's
(rules/formula_d/race/state.py) with what RBB adds: the home track on a car's setup, the grid
Paddock proposes, and where a car stands in its pit stop; with the league's weather setting, the
track's Formula D weather chart and the weather it gave (rules/rbb/race/weather.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rules.engine.pieces import CarsByKey, SetupOfCars
from rules.formula_d import CarSheet, GridOutcome
from rules.formula_d.race.state import OUT_REASONS, Check, GridRolls, Marker, rolled_grid
from rules.formula_d.weather import ChartLine, Weather
from rules.rbb.places import RACE_LAPS

RACING = "racing"
FINISHED = "finished"
OUT = "out"

# Where a car stands in its pit stop ("" on the track):
QUICK = "quick"  # a Quick Pit Stop: rolls the damage die on its next turn
WAIT = "wait"  # a Technical Pit Stop: its next turn is spent waiting
READY = "ready"  # leaves the pits in 4th on this turn, rolling the green die


@dataclass(frozen=True)
class CarSetup:
    car: str
    driver: str
    sheet: CarSheet  # the season's setup, with the home track's tyres: what a pit stop restores
    home: bool = False  # racing at its home track


@dataclass(frozen=True)
class RaceSetup(SetupOfCars[CarSetup]):
    ruleset: str
    cars: tuple[CarSetup, ...]
    laps: int = RACE_LAPS
    grid: tuple[str, ...] = ()  # Paddock's proposal, pole first; empty: rolled for at the table
    weather_chart: tuple[ChartLine, ...] = ()  # the track's Formula D chart; empty: no weather
    # That chart is the placeholder every track starts with, not the board's: the prompts say so.
    weather_chart_placeholder: bool = False


@dataclass(frozen=True)
class CarState:
    """One car: its wear points, its gear, how far it has gone, its pit stop."""

    car: str
    sheet: CarSheet
    gear: int = 0  # 0: on the grid, 1st gear not engaged yet
    status: str = RACING
    out_reason: str | None = None  # a key of OUT_REASONS
    out_at: int | None = None
    start_roll: int | None = None
    laps: int = 0
    spaces: int = 0
    moved_at: int = 0
    spun: bool = False  # lost its last tyre WP: starts again in 1st next turn
    pits: int = 0
    pit: str = ""  # QUICK, WAIT or READY while in its pit
    finish_round: int | None = None
    past_line: float | None = None

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def in_pits(self) -> bool:
        return bool(self.pit)

    @property
    def on_track(self) -> bool:
        """Racing and on the tarmac: the pit lane is infinitely wide, so a car in it is beside
        nobody."""
        return self.racing and not self.in_pits


@dataclass(frozen=True)
class RaceState(CarsByKey[CarState]):
    setup: RaceSetup
    cars: tuple[CarState, ...]
    phase: str  # weather, grid, grid_order, start, order, gear, move, checks, pit_roll, finished
    round: int = 0
    grid_rolls: tuple[GridRolls, ...] = ()
    confirmed_grid: tuple[str, ...] = ()  # the proposal as the referee confirmed it
    order: tuple[str, ...] = ()
    turn: int = 0
    pending: tuple[Check, ...] = ()
    markers: tuple[Marker, ...] = ()
    fixed_move: int = 0  # spaces of a move made without a die (a fantastic start, a quick stop)
    clock: int = 0
    weather: Weather | None = None  # the chart's line, once rolled (None: no weather rolled)

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    # Worked out once a state (a state never changes): the prompts, the log's words and the
    # dashboard each ask for it, and ranking the rolls is the dearest look-up of an entry.
    @cached_property
    def grid_outcome(self) -> GridOutcome:
        return rolled_grid(self.grid_rolls)

    @property
    def grid(self) -> tuple[str, ...]:
        """Pole first: the confirmed proposal, or the rolls once every tie is broken."""
        if self.setup.grid:
            return self.confirmed_grid
        return self.grid_outcome.order


__all__ = [
    "FINISHED",
    "OUT",
    "OUT_REASONS",
    "QUICK",
    "RACING",
    "READY",
    "WAIT",
    "CarSetup",
    "CarState",
    "Check",
    "GridRolls",
    "Marker",
    "RaceSetup",
    "RaceState",
]
