"""Gears: one up or down free at the start of the turn, a downshift after the first costs one,
four gears down at most, and the two-gear upshift with its black-die roll.

The gear dice are Formula D's (rules.dice): the document's d4, d6, d8, d12 and d20 are the
yellow, orange, red, green and purple dice, and 6th gear, "fifth gear +10", shows 21-30 like
the blue die (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import HIGHEST_GEAR, Die, check_roll, no_such_gear
from rules.formula_d.gears import IllegalGearChange
from rules.language import gettext as _

__all__ = [
    "DOWNSHIFT_DAMAGE",
    "FREE_SHIFTS",
    "MOST_GEARS_DOWN",
    "MOST_GEARS_UP",
    "UPSHIFT_TABLE",
    "UPSHIFT_TWO_DAMAGE",
    "GearChange",
    "IllegalGearChange",
    "UpshiftRoll",
    "gear_change",
    "upshift_roll",
]

FREE_SHIFTS = 1  # one gear up or down at the beginning of the turn costs nothing
DOWNSHIFT_DAMAGE = 1  # per downshift after the first
MOST_GEARS_DOWN = 4
MOST_GEARS_UP = 2
UPSHIFT_TWO_DAMAGE = 1  # then the black die


@dataclass(frozen=True)
class GearChange:
    damage: int
    upshift_roll: bool = False  # two gears up: roll black on the upshift table


@dataclass(frozen=True)
class UpshiftRoll:
    damage: int  # the additional damage
    turn_ends: bool = False


# Black die   two-gear upshift
UPSHIFT_TABLE: tuple[tuple[int, int, UpshiftRoll], ...] = (
    (1, 4, UpshiftRoll(damage=2, turn_ends=True)),
    (5, 16, UpshiftRoll(damage=2)),
    (17, 20, UpshiftRoll(damage=0)),
)


def gear_change(from_gear: int, to_gear: int) -> GearChange:
    """What going from `from_gear` to `to_gear` costs, or IllegalGearChange."""
    for gear in (from_gear, to_gear):
        if not 1 <= gear <= HIGHEST_GEAR:
            raise IllegalGearChange(no_such_gear(gear))
    if to_gear - from_gear > MOST_GEARS_UP:
        raise IllegalGearChange(
            _(
                "Up at most {most_gears_up} gears at once: {from_gear} to {to_gear} is {number}."
            ).format(
                most_gears_up=MOST_GEARS_UP,
                from_gear=from_gear,
                to_gear=to_gear,
                number=to_gear - from_gear,
            )
        )
    if from_gear - to_gear > MOST_GEARS_DOWN:
        raise IllegalGearChange(
            _(
                "Down at most {most_gears_down} gears at once: {from_gear} to {to_gear} is "
                "{number}."
            ).format(
                most_gears_down=MOST_GEARS_DOWN,
                from_gear=from_gear,
                to_gear=to_gear,
                number=from_gear - to_gear,
            )
        )
    if to_gear - from_gear == MOST_GEARS_UP:
        return GearChange(damage=UPSHIFT_TWO_DAMAGE, upshift_roll=True)
    downshifts = from_gear - to_gear
    return GearChange(damage=max(0, downshifts - FREE_SHIFTS) * DOWNSHIFT_DAMAGE)


def upshift_roll(black_roll: int) -> UpshiftRoll:
    """The black die after upshifting two gears."""
    check_roll(Die.BLACK, black_roll)
    return next(outcome for low, high, outcome in UPSHIFT_TABLE if low <= black_roll <= high)
