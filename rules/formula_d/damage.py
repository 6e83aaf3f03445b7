"""Black-die damage: the Collision roll, Motor Damage, and Damage and Road Handling.

What each roll costs is one WP in one zone (rules.formula_d.car.wear says when that eliminates).

Rulings where the document is silent (docs/rulings.md):
- Collision: one roll when a move ends next to or behind cars, however many cars there are.
- Motor Damage: the car that rolled the 20 or 30 rolls first, then every other car whose
  dashboard shows 5th or 6th at that moment, cars yet to move this round by last round's gear.
- Damage markers: a marker goes down for every car body or engine WP lost, however it was lost
  (a gear skip or another car's 20 included), where that car's move ended. A car does not roll
  for the marker it has just caused, nor for the space it leaves.
- Road Handling: one roll per dangerous space passed over or landed on, however many markers lie
  on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.dice import Die, check_roll, gear_die
from rules.formula_d.car import Zone
from rules.formula_d.weather import (
    RAIN_COLLISION_MAX,
    RAIN_MOTOR_DAMAGE_MAX,
    RAIN_ROAD_HANDLING_MAX,
)
from rules.language import gettext as _


class InvalidMotorDamage(ValueError):
    """Motor Damage rolls asked for when no 20 in 5th or 30 in 6th was rolled."""


# --- Collision -------------------------------------------------------------------------------

COLLISION_MAX = 1  # black die at or below: -1 car body WP


def collision_max(*, rain: bool = False) -> int:
    """The highest black die that costs a car body WP (Effect of Rain: 1 or 2 instead of 1)."""
    return RAIN_COLLISION_MAX if rain else COLLISION_MAX


def collision_damages(black_roll: int, *, rain: bool = False) -> bool:
    """Whether the Collision roll costs the car a car body WP."""
    return check_roll(Die.BLACK, black_roll) <= collision_max(rain=rain)


# --- Motor Damage ----------------------------------------------------------------------------

# Gear   Roll on the gear die that calls for Motor Damage rolls
MOTOR_DAMAGE_TRIGGERS: Mapping[int, int] = MappingProxyType({5: 20, 6: 30})
MOTOR_DAMAGE_GEARS = tuple(MOTOR_DAMAGE_TRIGGERS)  # the cars that must roll
MOTOR_DAMAGE_MAX = 4  # black die at or below: -1 engine WP


def calls_motor_damage(gear: int, roll: int) -> bool:
    """Whether `roll` on the die of `gear` is a 20 in 5th or a 30 in 6th."""
    check_roll(gear_die(gear), roll)
    return MOTOR_DAMAGE_TRIGGERS.get(gear) == roll


def motor_damage_rollers(roller: str, gears: Mapping[str, int]) -> tuple[str, ...]:
    """Who rolls the black die after `roller`'s 20 or 30: the roller, then the other cars in
    `gears` (car -> gear on its dashboard, in order of play) that are in 5th or 6th."""
    if gears.get(roller) not in MOTOR_DAMAGE_GEARS:
        raise InvalidMotorDamage(
            _(
                "{roller} is not in 5th or 6th gear: only a 20 in 5th or a 30 in 6th calls for "
                "Motor Damage rolls."
            ).format(roller=roller)
        )
    others = (car for car, gear in gears.items() if car != roller and gear in MOTOR_DAMAGE_GEARS)
    return (roller, *others)


def motor_damage_max(*, rain: bool = False) -> int:
    """The highest black die that costs an engine WP (Effect of Rain: 1-3 instead of 1-4)."""
    return RAIN_MOTOR_DAMAGE_MAX if rain else MOTOR_DAMAGE_MAX


def motor_damages(black_roll: int, *, rain: bool = False) -> bool:
    """Whether a Motor Damage roll costs the car an engine WP."""
    return check_roll(Die.BLACK, black_roll) <= motor_damage_max(rain=rain)


# --- Damage and Road Handling ----------------------------------------------------------------

MARKER_ZONES: frozenset[Zone] = frozenset({Zone.BODY, Zone.ENGINE})
ROAD_HANDLING_MAX = 4  # black die at or below: -1 road handling WP


def places_damage_marker(losses: Mapping[Zone, int], *, eliminated: bool = False) -> bool:
    """Whether the car's losses ({Zone: WP}) make the space where its move ended dangerous."""
    return eliminated or any(losses.get(zone, 0) > 0 for zone in MARKER_ZONES)


def road_handling_max(*, rain: bool = False) -> int:
    """The highest black die that costs a road handling WP (Effect of Rain: 1-5, not 1-4)."""
    return RAIN_ROAD_HANDLING_MAX if rain else ROAD_HANDLING_MAX


def road_handling_damages(black_roll: int, *, rain: bool = False) -> bool:
    """Whether the roll for a dangerous space costs the car a road handling WP."""
    return check_roll(Die.BLACK, black_roll) <= road_handling_max(rain=rain)
