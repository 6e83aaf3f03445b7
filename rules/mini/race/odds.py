"""What overshooting a corner costs a car now, for the gear odds (rules.gear_odds), in Mini's
words: one damage a space for each stop still owed, off its one pool (rules.mini.driving), a
spin-out at exactly -1, out below (rules.mini.car)."""

from __future__ import annotations

from rules.gear_odds import OvershootCost
from rules.language import gettext as _
from rules.mini.car import take_damage
from rules.mini.driving import overshoot_damage

SIXTH_GEAR_ADDS = 10  # 6th gear is "fifth gear +10"


def overshoot_cost(life: int, spaces: int, stops_owed: int) -> OvershootCost:
    """A car with `life` damage points left overshooting by `spaces` with `stops_owed` owed."""
    damage = overshoot_damage(spaces, stops_owed)
    taken = take_damage(life, damage, overshooting=True)
    if taken.eliminated:
        return OvershootCost(
            _("out: {damage} damage, it has {life}").format(damage=damage, life=life),
            eliminated=True,
        )
    if taken.spun:
        return OvershootCost(_("{damage} damage: spins out").format(damage=damage))
    return OvershootCost(_("{damage} damage ({life} left)").format(damage=damage, life=taken.life))
