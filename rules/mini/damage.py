"""Black-die damage: collisions and the redlining engine.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- Collisions: for each car a move ends next to or behind, the mover rolls once and that car
  rolls once (the mover first). A car that a collision roll eliminates costs the mover one
  automatic damage.
- Redline: every move in 6th costs 2 at once; a 12 in 4th, 20 in 5th or 30 in 6th calls for
  one black-die roll by the car that rolled it (1-4: 2 damage).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from rules.dice import Die, check_roll, gear_die

COLLISION_DAMAGE_MAX = 4  # black die at or below: one damage
COLLISION_DAMAGE = 1
ELIMINATION_DAMAGE = 1  # to the mover, for each car its collision eliminates

REDLINE_DAMAGE = 2
REDLINE_GEAR = 6  # running in it costs REDLINE_DAMAGE at once
# Gear   the gear-die number that calls for a redline roll
REDLINE_TRIGGERS: Mapping[int, int] = MappingProxyType({4: 12, 5: 20, 6: 30})
REDLINE_ROLL_MAX = 4  # black die at or below: REDLINE_DAMAGE


def collision_rolls(mover: str, beside: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(roller, the car it rolls against) for a move of `mover` ending next to or behind
    `beside`: the mover for each car, and each car once."""
    pairs: list[tuple[str, str]] = []
    for other in beside:
        pairs += [(mover, other), (other, mover)]
    return tuple(pairs)


def collision_damages(black_roll: int) -> bool:
    return check_roll(Die.BLACK, black_roll) <= COLLISION_DAMAGE_MAX


def redline_at_once(gear: int) -> int:
    """The damage a move in `gear` costs before any roll: 2 in 6th."""
    return REDLINE_DAMAGE if gear == REDLINE_GEAR else 0


def calls_redline_roll(gear: int, roll: int) -> bool:
    """Whether `roll` on the die of `gear` is a 12 in 4th, a 20 in 5th or a 30 in 6th."""
    check_roll(gear_die(gear), roll)
    return REDLINE_TRIGGERS.get(gear) == roll


def redline_damages(black_roll: int) -> bool:
    return check_roll(Die.BLACK, black_roll) <= REDLINE_ROLL_MAX
