"""The damage die (the black d20) for Body, Engine and Handling, and where damage markers go.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- Body: when a racer ends its turn beside others, it and each racer beside it roll once (the
  mover once, however many are beside it); adjacency is symmetric, and "all those adjacent"
  roll for the contact the mover made.
- Engine: a 20 in 5th or a 30 in 6th calls every racer on the track in 5th or 6th to roll, the
  roller first; a 1 costs 1 engine WP. No marker is placed for engine damage (RBB places a
  token only for body damage and where a racer is eliminated).
- Handling: one roll per space with a damage token passed onto, however many tokens it holds;
  1-4 costs 1 handling WP.
- Rain (docs/rulings.md, "RBB weather"): the rolls RBB shares with Formula D change as Formula D's
  Effect of Rain changes them: body (Formula D's collision, a 1) costs on 1-2, handling (its road
  handling, 1-4) on 1-5. Engine damage on a 1 has no counterpart (Formula D's is 1-4, 1-3 in
  rain): it stays a 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.dice import Die, check_roll
from rules.formula_d.car import Zone
from rules.formula_d.damage import (
    MOTOR_DAMAGE_GEARS,
    MOTOR_DAMAGE_TRIGGERS,
    InvalidMotorDamage,
    calls_motor_damage,
    motor_damage_rollers,
)
from rules.formula_d.weather import RAIN_COLLISION_MAX, RAIN_ROAD_HANDLING_MAX
from rules.language import gettext as _


class InvalidBodyRoll(ValueError):
    """Body rolls asked for a racer beside nobody, or beside itself."""


BODY_DAMAGE_MAX = 1  # damage die at or below: -1 body WP and a damage token
ENGINE_DAMAGE_MAX = 1  # damage die at or below: -1 engine WP
HANDLING_DAMAGE_MAX = 4  # damage die at or below: -1 handling WP

# Formula D's rolls that RBB shares, with the same numbers in the dry (its collision, COLLISION_MAX;
# its road handling, road_handling_max()): its Effect of Rain applies.
RAIN_BODY_DAMAGE_MAX = RAIN_COLLISION_MAX  # 1-2 in rain
RAIN_HANDLING_DAMAGE_MAX = RAIN_ROAD_HANDLING_MAX  # 1-5 in rain

ENGINE_DAMAGE_TRIGGERS = MOTOR_DAMAGE_TRIGGERS  # 5th: 20, 6th: 30
ENGINE_DAMAGE_GEARS = MOTOR_DAMAGE_GEARS
MARKER_ZONES: frozenset[Zone] = frozenset({Zone.BODY})


def body_rollers(mover: str, adjacent: Sequence[str]) -> tuple[str, ...]:
    """Who rolls the damage die when `mover` ends its turn beside `adjacent`: the mover first,
    then each racer beside it."""
    if not adjacent:
        raise InvalidBodyRoll(
            _("{mover} ended its turn beside nobody: no one rolls.").format(mover=mover)
        )
    if mover in adjacent or len(set(adjacent)) != len(adjacent):
        raise InvalidBodyRoll(_("A racer is beside each other racer once, and never itself."))
    return (mover, *adjacent)


def body_damage_max(*, rain: bool = False) -> int:
    """The highest damage die that costs a body WP: Formula D's collision, in rain too."""
    return RAIN_BODY_DAMAGE_MAX if rain else BODY_DAMAGE_MAX


def body_damages(black_roll: int, *, rain: bool = False) -> bool:
    return check_roll(Die.BLACK, black_roll) <= body_damage_max(rain=rain)


def calls_engine_damage(gear: int, roll: int) -> bool:
    """Whether `roll` on the die of `gear` is a 20 in 5th or a 30 in 6th."""
    return calls_motor_damage(gear, roll)


def engine_rollers(roller: str, gears: Mapping[str, int]) -> tuple[str, ...]:
    """The roller of the 20 or 30, then every other racer in `gears` (in order of play) in 5th
    or 6th."""
    return motor_damage_rollers(roller, gears)


def engine_damages(black_roll: int, *, rain: bool = False) -> bool:
    """A 1, in rain too: Formula D's rain changes its 1-4, which RBB does not have."""
    return check_roll(Die.BLACK, black_roll) <= ENGINE_DAMAGE_MAX


def handling_damage_max(*, rain: bool = False) -> int:
    """The highest damage die that costs a handling WP: Formula D's road handling, in rain too."""
    return RAIN_HANDLING_DAMAGE_MAX if rain else HANDLING_DAMAGE_MAX


def handling_damages(black_roll: int, *, rain: bool = False) -> bool:
    return check_roll(Die.BLACK, black_roll) <= handling_damage_max(rain=rain)


def places_damage_marker(losses: Mapping[Zone, int], *, eliminated: bool = False) -> bool:
    """Whether the racer's losses put a damage token in its space: body damage, or being
    eliminated there."""
    return eliminated or any(losses.get(zone, 0) > 0 for zone in MARKER_ZONES)


__all__ = [
    "BODY_DAMAGE_MAX",
    "ENGINE_DAMAGE_GEARS",
    "ENGINE_DAMAGE_MAX",
    "ENGINE_DAMAGE_TRIGGERS",
    "HANDLING_DAMAGE_MAX",
    "MARKER_ZONES",
    "RAIN_BODY_DAMAGE_MAX",
    "RAIN_HANDLING_DAMAGE_MAX",
    "InvalidBodyRoll",
    "InvalidMotorDamage",
    "body_damage_max",
    "body_damages",
    "body_rollers",
    "calls_engine_damage",
    "engine_damages",
    "engine_rollers",
    "handling_damage_max",
    "handling_damages",
    "places_damage_marker",
]
