"""The race at one moment: a frozen dataclass tree, small enough to snapshot after every event."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import contract
from rules.engine.pieces import CarsByKey, SetupOfCars
from rules.formula_d.race.reasons import Reason
from rules.season_pass import (
    DISABLING_DAMAGE,
    InjuryCheck,
    Level,
    Weather,
    WeatherBand,
    weather_for_score,
)

RACING = "racing"
FINISHED = "finished"
OUT = "out"


@dataclass(frozen=True)
class CarSetup:
    car: str
    driver: str
    level: Level


@dataclass(frozen=True)
class RaceSetup(SetupOfCars[CarSetup]):
    ruleset: str
    cars: tuple[CarSetup, ...]
    weather_table: tuple[WeatherBand, ...]
    laps: int = 1


@dataclass(frozen=True)
class CarState:
    """One car: wear points, damage, where it is on the engine's count, and what it owes."""

    car: str
    driver: str
    level: Level
    tires: int
    brakes: int
    gas: int
    gear: int = 0  # 0 = on the grid, not moved yet
    engine_damage: int = 0
    collision_damage: int = 0
    status: str = RACING
    out_reason: str | None = None
    distance: int = 0  # spaces moved so far: the engine's stand-in for "how far forward"
    arrival: int = 0  # move number at which it reached its current space
    skid_moves: int = 0  # further moves that will still be skidding
    spun_out: bool = False  # next move in 1st gear, downshift free
    finish_round: int | None = None
    finish_to_line: float | None = None
    finish_movement: int | None = None
    out_at: int | None = None  # move number when it left the race
    injury: InjuryCheck | None = None
    adjacent: tuple[str, ...] = ()  # cars it ended its last move beside, as reported
    # Out by overshooting a corner or failing to air brake: the movement roll minus the maximum
    # safe roll, the number looked up on the Overshoot Table.
    overshoot: int | None = None

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def engine_blown(self) -> bool:
        """Engine Wear: "If a car receives two points of engine damage, the engine is blown"."""
        return self.engine_damage >= DISABLING_DAMAGE

    @property
    def wrecked(self) -> bool:
        """Disabled by collision damage: out of the race, but still on the tarmac."""
        return self.status == OUT and self.out_reason == "collision"


@dataclass(frozen=True)
class Check:
    """A roll (or board fact) the rules require before play goes on."""

    kind: str
    car: str
    other: str | None = None
    reason: str = ""  # a tag ("off_road", "beside"), or an old race's English words
    why: Reason | None = None  # what called for it, as parts (reasons.py)


@dataclass(frozen=True)
class QualifyingRolls:
    car: str
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True)
class RaceState(CarsByKey[CarState]):
    setup: RaceSetup
    cars: tuple[CarState, ...]
    phase: str
    round: int = 0
    qualifying: tuple[QualifyingRolls, ...] = ()
    grid: tuple[str, ...] = ()
    fixed_weather: Weather | None = None  # sun or rain all race; None while variable
    weather_score: int | None = None  # only for variable weather: the score decides it
    order: tuple[str, ...] = ()
    turn: int = 0  # index in `order` of the car to move
    pending: tuple[Check, ...] = ()
    moves: int = 0  # moves made so far: the arrival clock

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    @property
    def weather(self) -> Weather | None:
        """The weather now: fixed for the race, or what the variable weather's score gives."""
        if self.weather_score is not None:
            return weather_for_score(self.weather_score)
        return self.fixed_weather


@dataclass(frozen=True)
class CarResult(contract.CarResult):
    """The season's record of one car (rules.engine.contract.CarResult), with its injury check
    as far as it was walked at the table."""

    injury: InjuryCheck | None = None
