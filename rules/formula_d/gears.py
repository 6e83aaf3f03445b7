"""Gears: changing up one gear at a time, and the Gearing Down table for skipped gears.

The dice and their faces are rules.dice's (GEAR_DIE, FACES); the Gears table agrees with them.

Rulings where the document is silent (docs/rulings.md):
- Up one gear at a time: skipping is allowed only "when changing down" (Gearing Down), and the
  Great Start's leave to shift to 2nd next round would say nothing if gears could be skipped up.
- A skip needs the WP to pay for it: a car without the gearbox or brake WP cannot make it
  (rules.formula_d.car.wear refuses). Paying the last engine WP is allowed and eliminates the car.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.dice import HIGHEST_GEAR, no_such_gear
from rules.formula_d.car import Zone
from rules.language import gettext as _


class IllegalGearChange(ValueError):
    """A gear change the rules never allow: up more than one gear, or down skipping four."""


@dataclass(frozen=True)
class GearChangeCost:
    gearbox: int
    brakes: int
    engine: int

    @property
    def losses(self) -> Mapping[Zone, int]:
        """The cost as {Zone: WP}, for rules.formula_d.car.wear."""
        return MappingProxyType(
            {Zone.GEARBOX: self.gearbox, Zone.BRAKES: self.brakes, Zone.ENGINE: self.engine}
        )


FREE = GearChangeCost(gearbox=0, brakes=0, engine=0)
MOST_GEARS_SKIPPED = 3

# Gears Skipped   Gearbox WP   Brake WP   Engine WP
GEARING_DOWN: Mapping[int, GearChangeCost] = MappingProxyType(
    {
        1: GearChangeCost(gearbox=1, brakes=0, engine=0),
        2: GearChangeCost(gearbox=1, brakes=1, engine=0),
        3: GearChangeCost(gearbox=1, brakes=1, engine=1),
    }
)


def gears_skipped(from_gear: int, to_gear: int) -> int:
    """Gears passed over between `from_gear` and `to_gear` (6th to 3rd skips 5th and 4th: 2)."""
    for gear in (from_gear, to_gear):
        if not 1 <= gear <= HIGHEST_GEAR:
            raise IllegalGearChange(no_such_gear(gear))
    return max(0, abs(to_gear - from_gear) - 1)


def gear_change_cost(from_gear: int, to_gear: int) -> GearChangeCost:
    """What the car loses to go from `from_gear` to `to_gear` (same, one up or one down is free)."""
    skipped = gears_skipped(from_gear, to_gear)
    if to_gear > from_gear and skipped:
        raise IllegalGearChange(
            _("Gears go up one at a time: {from_gear} to {to_gear} skips {skipped}.").format(
                from_gear=from_gear, to_gear=to_gear, skipped=skipped
            )
        )
    if skipped > MOST_GEARS_SKIPPED:
        raise IllegalGearChange(
            _("It is not possible to skip {skipped} gears.").format(skipped=skipped)
        )
    return GEARING_DOWN.get(skipped, FREE)
