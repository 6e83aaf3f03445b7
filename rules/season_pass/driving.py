"""Driving: the Downshift Table, engine wear, the Collision Check Table and the Red Flag chart.

Points of order the tables leave to the engine (rules/engine): a 20 rolled on a collision check
causes no engine check, the car that rolled the 20 or 30 checks too, and a car spinning out
drops to first gear without paying (the document's Questions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.dice import HIGHEST_GEAR, Die, InvalidRoll, check_roll, no_such_gear, values
from rules.language import gettext as _
from rules.season_pass.experience import Level
from rules.season_pass.weather import Weather

# --- Gear selection --------------------------------------------------------------------------


class IllegalGearChange(ValueError):
    """A gear change the rules never allow: upshifting more than one gear, or downshifting 5."""


@dataclass(frozen=True)
class DownshiftCost:
    gas: int
    brake: int
    tire: int


FREE = DownshiftCost(gas=0, brake=0, tire=0)

# Before the Race: "Each car starts each race with four tire points, three brake points, and
# two gas points."
STARTING_TIRES, STARTING_BRAKES, STARTING_GAS = 4, 3, 2

# Gear Change    Cost
DOWNSHIFT_TABLE: Mapping[int, DownshiftCost] = MappingProxyType(
    {
        2: DownshiftCost(gas=1, brake=0, tire=0),  # Gas Point
        3: DownshiftCost(gas=1, brake=1, tire=0),  # Gas Point and Brake Point
        4: DownshiftCost(gas=1, brake=1, tire=1),  # Gas Point, Brake Point, and Tire Point
    }
)


def gear_change_cost(from_gear: int, to_gear: int) -> DownshiftCost:
    """What the car pays to go from `from_gear` to `to_gear` (same, one up or one down is free)."""
    for gear in (from_gear, to_gear):
        if not 1 <= gear <= HIGHEST_GEAR:
            raise IllegalGearChange(no_such_gear(gear))
    change = to_gear - from_gear
    if change > 1:
        raise IllegalGearChange(_("A player may never upshift more than one gear at a time."))
    if change >= -1:
        return FREE
    if -change not in DOWNSHIFT_TABLE:
        raise IllegalGearChange(_("A player may never downshift {value}.").format(value=-change))
    return DOWNSHIFT_TABLE[-change]


# --- Engine wear -----------------------------------------------------------------------------

ENGINE_CHECK_TRIGGERS = (20, 30)  # a movement roll of these makes cars in that gear or higher check
ENGINE_DAMAGE_MAX = 4  # black die 4 or less: one point of engine damage and another check
DISABLING_DAMAGE = 2  # two points of collision damage disable; two of engine damage blow it


def engine_check_damages(black_roll: int) -> bool:
    """ "A roll of four or less results in one point of engine damage.\""""
    return check_roll(Die.BLACK, black_roll) <= ENGINE_DAMAGE_MAX


# --- Collisions ------------------------------------------------------------------------------


class MissingCollisionDice(ValueError):
    """The dice given for a collision check are not the dice the Collision Check Table asks for."""


@dataclass(frozen=True)
class DieRange:
    """One entry of a collision cell, e.g. "Black 1-3"; "Any" is the die's whole range."""

    die: Die
    low: int
    high: int

    @classmethod
    def any(cls, die: Die) -> DieRange:
        shown = values(die)
        return cls(die, shown[0], shown[-1])

    def matches(self, value: int) -> bool:
        return self.low <= check_roll(self.die, value) <= self.high


def _cell(*ranges: DieRange) -> tuple[DieRange, ...]:
    return ranges


_B, _G, _R = Die.BLACK, Die.GREEN, Die.RED

#                 Sun                                          Rain
COLLISION_TABLE: Mapping[Level, Mapping[Weather, tuple[DieRange, ...]]] = MappingProxyType(
    {
        Level.ROOKIE: MappingProxyType(
            {
                Weather.SUN: _cell(DieRange(_B, 1, 3), DieRange(_G, 7, 9)),
                Weather.RAIN: _cell(DieRange(_B, 1, 9), DieRange(_R, 4, 5)),
            }
        ),
        Level.VETERAN: MappingProxyType(
            {
                Weather.SUN: _cell(DieRange(_B, 1, 1), DieRange.any(_G)),
                Weather.RAIN: _cell(DieRange(_B, 1, 3), DieRange(_R, 4, 6)),
            }
        ),
        Level.CHAMPION: MappingProxyType(
            {
                Weather.SUN: _cell(DieRange(_B, 1, 1), DieRange(_G, 7, 11)),
                Weather.RAIN: _cell(DieRange(_B, 1, 5), DieRange(_R, 4, 5)),
            }
        ),
        Level.LEGEND: MappingProxyType(
            {
                Weather.SUN: _cell(DieRange(_B, 1, 1), DieRange(_G, 7, 10)),
                Weather.RAIN: _cell(DieRange(_B, 1, 1), DieRange.any(_R)),
            }
        ),
        Level.ICON: MappingProxyType(
            {
                Weather.SUN: _cell(DieRange(_B, 1, 1), DieRange(_G, 7, 9)),
                Weather.RAIN: _cell(DieRange(_B, 1, 1), DieRange(_R, 4, 7)),
            }
        ),
    }
)


def collision_dice(level: Level, weather: Weather) -> tuple[Die, ...]:
    """The dice a driver of `level` rolls for a collision check in `weather`, in printed order."""
    return tuple(entry.die for entry in COLLISION_TABLE[Level(level)][Weather(weather)])


def collision_damages(level: Level, weather: Weather, rolls: Mapping[Die, int]) -> bool:
    """True if *all* dice match the numbers shown: the driver takes a point of collision damage."""
    cell = COLLISION_TABLE[Level(level)][Weather(weather)]
    wanted = {entry.die for entry in cell}
    if set(rolls) != wanted:
        raise MissingCollisionDice(
            f"A {Level(level).value} in {Weather(weather).value} rolls "
            + " and ".join(entry.die.value for entry in cell)
            + ", not "
            + (" and ".join(Die(die).value for die in rolls) or "nothing")
            + "."
        )
    matches = [entry.matches(rolls[entry.die]) for entry in cell]  # validates every face
    return all(matches)


CHAIN_DAMAGE_MAX = 3  # black 1-3 (regardless of driver or weather) next to a car just damaged


def chain_damage(black_roll: int) -> bool:
    """A car adjacent to one that took collision damage takes a point too on a black 1-3."""
    return check_roll(Die.BLACK, black_roll) <= CHAIN_DAMAGE_MAX


# --- Red Flag --------------------------------------------------------------------------------

# Gear  Rolls: collision checks for a car driving off-road around cars that block the track.
OFF_ROAD_ROLLS: Mapping[int, int] = MappingProxyType({1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21})


def off_road_rolls(gear: int) -> int:
    """How many collision checks a car leaving the track in `gear` must make."""
    try:
        return OFF_ROAD_ROLLS[gear]
    except KeyError:
        raise InvalidRoll(no_such_gear(gear)) from None
