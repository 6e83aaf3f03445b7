"""Optional Rules, Road Races: the cars (hard tires, nitro), no pits, and the circuit's
engine-noise area, danger zone, pole station and checkpoint. The driver cards and their skills
are driver_cards.py's.

Rulings where the document is silent or loose (docs/rulings.md, "Road races"):
- Nitro's "damage marker on the score card space" marks it used for the lap: it costs no WP.
  Once a lap is once on each lap the car is on (the lap it began the move on); it is used on a
  move rolled with a gear die, and its spaces add to the move, not to the die's number, so the
  car's speed (slipstream, pole station) stays the die's.
- Engine noise: one roll for a move that ends in the area; a lost car body or engine WP puts a
  damage marker down, as any such loss does; a tire WP more than the car has eliminates it.
- The danger zone: one road handling roll for each red space passed over or landed on.
- The pole station and the checkpoint are read at each crossing of the line but the last, which
  ends the car's race (their WP would change nothing).
- The pole station: the fastest of the cars still racing when all have crossed; its 2 WP and the
  checkpoint's go to damaged zones, 1 WP a pick, never above what the zone started the race with;
  a car with fewer damaged WP gets only as many.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import HIGHEST_GEAR, Die, check_roll
from rules.formula_d.car import CarSheet, Zone
from rules.formula_d.pit_stop import repair
from rules.formula_d.tires import Tires
from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidRoadRace(ValueError):
    """Something a road race does not allow: a nitro in no gear, WP given to an undamaged zone."""


# Cars and Drivers: all cars drive on hard tires.
ROAD_RACE_TIRES = Tires.HARD

# Nitro fuel injection: once a lap, after rolling the gear die, +1 space in 1st gear, +2 in 2nd...
NITRO_SPACES_A_GEAR = 1


def nitro_spaces(gear: int) -> int:
    """The nitro's movement bonus in `gear`: +1 space in 1st gear, +2 in 2nd, etc."""
    if not 1 <= gear <= HIGHEST_GEAR:
        raise InvalidRoadRace(
            _("Nitro is used after rolling a gear die: no gear {gear}.").format(gear=gear)
        )
    return NITRO_SPACES_A_GEAR * gear


# --- Circuit: Engine Noise ---------------------------------------------------------------------


@dataclass(frozen=True)
class EngineNoise:
    """A line of the engine-noise table: the black die from `low` to `high`, what it is called,
    and the zone that loses 1 WP (None: the shot goes wild)."""

    low: int
    high: int
    result: str
    zone: Zone | None


# Black die   Result
ENGINE_NOISE_TABLE: tuple[EngineNoise, ...] = (
    EngineNoise(1, 15, N_("Too Late: the shot goes wild"), None),
    EngineNoise(16, 18, N_("Grazing Shot: the car loses 1 tire WP"), Zone.TIRES),
    EngineNoise(19, 19, N_("Not bad: the car loses 1 car body WP"), Zone.BODY),
    EngineNoise(20, 20, N_("Direct hit: the car loses 1 engine WP"), Zone.ENGINE),
)


def engine_noise(black_roll: int) -> EngineNoise:
    """The line of the engine-noise table a black die lands on: a resident takes a shot at a car
    that ended its move in the area."""
    check_roll(Die.BLACK, black_roll)
    return next(line for line in ENGINE_NOISE_TABLE if line.low <= black_roll <= line.high)


# --- Circuit: Pole Station ---------------------------------------------------------------------

POLE_SPEED_FACTOR = 10  # the speed recorded: the number on the gear die x10
POLE_STATION_WP = 2


@dataclass(frozen=True)
class Crossing:
    """A car crossing the line at the end of lap `lap` at `speed`, in the event `at`."""

    car: str
    lap: int
    speed: int
    at: int


def pole_speed(gear_roll: int) -> int:
    """The speed the pole station records: the number on the gear die x10."""
    if gear_roll < 0:
        raise InvalidRoadRace(_("A gear die shows no {gear_roll}.").format(gear_roll=gear_roll))
    return gear_roll * POLE_SPEED_FACTOR


def pole_winner(crossings: Sequence[Crossing]) -> Crossing | None:
    """The fastest crossing; in a tie, the first driver to pass the line. None: nobody crossed."""
    if not crossings:
        return None
    return min(crossings, key=lambda crossing: (-crossing.speed, crossing.at))


# --- Circuit: Checkpoint -----------------------------------------------------------------------

CHECKPOINT_WP = 2


def damaged_zones(sheet: CarSheet, start: CarSheet) -> tuple[Zone, ...]:
    """The zones with fewer WP than the car started the race with."""
    return tuple(zone for zone in Zone if sheet[zone] < start[zone])


def distribute(
    sheet: CarSheet, start: CarSheet, zones: Sequence[Zone], allowance: int, who: str
) -> CarSheet:
    """`sheet` with 1 WP back in each of `zones` (a zone twice: 2 WP), at most `allowance`, only
    in damaged zones and never above the car as it started (`who` gets them, in words)."""
    return repair(
        sheet, start, zones, used=0, allowance=allowance, who=who, tires=True, spread_over=""
    )
