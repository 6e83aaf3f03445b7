"""Mini's race at one moment: a frozen dataclass tree, small enough to snapshot after every
event. A car's sheet is one number, its life (the damage pool left)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from rules.engine.pieces import CarsByKey, SetupOfCars
from rules.formula_d.race.reasons import Reason
from rules.formula_d.race.state import GridRolls
from rules.language import gettext_noop as N_
from rules.mini.car import DAMAGE_POOL
from rules.mini.finish import Crossing
from rules.mini.formats import FORMATS, Format, RaceFormat
from rules.mini.start import GridOutcome, grid_order

RACING = "racing"
FINISHED = "finished"
OUT = "out"

# Why a car left the race: the key the season records (at most 10 characters), and in words.
# Keys are unique across rule sets (rules.championship.out_reason_label).
OUT_REASONS: Mapping[str, str] = MappingProxyType(
    {
        "mini_pool": N_("eliminated: took more damage than it had left"),
        "mini_block": N_("eliminated: blocked seven spaces or more at once"),
    }
)


@dataclass(frozen=True)
class CarSetup:
    car: str
    driver: str
    points: int = 0  # season points before the race: the grid is their reverse


@dataclass(frozen=True)
class RaceSetup(SetupOfCars[CarSetup]):
    ruleset: str
    cars: tuple[CarSetup, ...]
    damage_pool: int = DAMAGE_POOL
    race_format: str = RaceFormat.THREE_LAPS.value

    @property
    def format(self) -> Format:
        return FORMATS[RaceFormat(self.race_format)]

    @property
    def laps(self) -> int:
        return self.format.laps


@dataclass(frozen=True)
class CarState:
    car: str
    life: int  # the damage pool left
    gear: int = 0  # 0: on the grid
    status: str = RACING
    out_reason: str | None = None
    out_at: int | None = None
    start_roll: int | None = None
    laps: int = 0
    spaces: int = 0  # spaces covered since the start: the engine's stand-in for "the leader"
    moved_at: int = 0
    speed: int = 0  # movement points of its last move
    spun: bool = False  # a spin-out: begins its next turn in 1st
    pits: int = 0  # pit stops made
    in_pits: bool = False  # stands in its pit
    full_stop: bool = False  # made a full pit-stop: waits for its next turn
    pit_die: int = 0  # the gear whose die it rolls for health next (0: none chosen)
    leaving_pits: bool = False  # leaves this turn, in 3rd or lower
    finish_round: int | None = None

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def on_track(self) -> bool:
        return self.racing and not self.in_pits


@dataclass(frozen=True)
class Check:
    """A roll owed after a move: `kind` the event, `car` who rolls, `against` the other car of
    a collision, `why` what called for it."""

    kind: str
    car: str
    against: str = ""
    reason: str = ""  # in a race stored before `why`: its English words
    why: Reason | None = None  # what called for it, as parts (reasons.py)


@dataclass(frozen=True)
class RaceState(CarsByKey[CarState]):
    setup: RaceSetup
    cars: tuple[CarState, ...]
    phase: str  # grid, confirm_grid, start, order, gear, upshift, move, checks, pit, finished
    round: int = 0
    grid_rolls: tuple[GridRolls, ...] = ()
    grid: tuple[str, ...] = ()  # pole first, once the referee has confirmed it
    order: tuple[str, ...] = ()
    turn: int = 0
    pending: tuple[Check, ...] = ()
    crossings: tuple[Crossing, ...] = ()
    fixed_move: int = 0  # always 0: Mini has no move without a roll (Formula D's flow reads it)
    clock: int = 0

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    # Worked out once a state (a state never changes): the prompts, the log's words and the
    # dashboard each ask for it, and ranking the rolls is the dearest look-up of an entry.
    @cached_property
    def grid_outcome(self) -> GridOutcome:
        points = {car.car: car.points for car in self.setup.cars}
        rolls = {entry.car: entry.rolls for entry in self.grid_rolls if entry.rolls}
        return grid_order(points, rolls)


__all__ = [
    "FINISHED",
    "OUT",
    "OUT_REASONS",
    "RACING",
    "CarSetup",
    "CarState",
    "Check",
    "GridRolls",
    "RaceSetup",
    "RaceState",
]
