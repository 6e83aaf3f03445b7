"""The car: one damage pool ("life") instead of Formula D's six zones, and what losing it does.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- The pool is 20 by default; a league may set another (its `damage_pool` setting).
- A car at 0 is still racing; the damage that takes it below 0 eliminates it ("-1 damage =
  elimination"), except an overshoot that ends at exactly -1: a spin-out, life set to 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.language import gettext as _


class InvalidDamage(ValueError):
    """A pool or a loss that cannot be: a negative number of damage points."""


DAMAGE_POOL = 20  # the preset; a league may choose another
DAMAGE_POOL_CHOICES: tuple[int, ...] = tuple(range(10, 31))
SPIN_OUT_AT = -1  # an overshoot ending here spins the car out instead of eliminating it
SPIN_OUT_LIFE = 0  # "set life to zero"


@dataclass(frozen=True)
class Damage:
    """The pool after a loss; an eliminated car shows 0 left."""

    life: int
    eliminated: bool = False
    spun: bool = False  # a spin-out: begins its next turn in 1st gear


def take_damage(life: int, points: int, *, overshooting: bool = False) -> Damage:
    """`points` off a pool of `life`; `overshooting`: the loss is an overshoot's (a spin-out at
    exactly -1)."""
    if life < 0:
        raise InvalidDamage(_("A car cannot have {life} damage points left.").format(life=life))
    if points < 0:
        raise InvalidDamage(_("A car cannot take {points} damage.").format(points=points))
    left = life - points
    if overshooting and points and left == SPIN_OUT_AT:
        return Damage(life=SPIN_OUT_LIFE, spun=True)
    if left < 0:
        return Damage(life=0, eliminated=True)
    return Damage(life=left)
