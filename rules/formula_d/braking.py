"""Braking: brake WP for spaces not advanced, and the table for a car blocked by another.

Rulings where the document is loose (docs/rulings.md):
- Braking by choice needs a brake WP for every space: a car without them cannot brake.
- Blocked: the row is paid as printed, each zone from its own WP. A car whose brake WP or tire WP
  fall short of its row is eliminated; one zone never pays for the other. Paying down to exactly
  0 is enough to stop (and leaves no spin: spinning belongs to Overshooting).
- Blocked 7 spaces or more: eliminated (the table's last row, and a longer block is worse).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.formula_d.car import NotEnoughWear
from rules.language import gettext as _


class InvalidBraking(ValueError):
    """A number of spaces to brake or of spaces remaining that is no braking at all."""


BRAKE_WP_PER_SPACE = 1


def braking_cost(spaces: int, brakes_left: int) -> int:
    """Brake WP a car with `brakes_left` spends to advance `spaces` fewer than it rolled."""
    if spaces < 0:
        raise InvalidBraking(_("A car cannot brake {spaces} spaces.").format(spaces=spaces))
    cost = spaces * BRAKE_WP_PER_SPACE
    if cost > brakes_left:
        raise NotEnoughWear(
            _("The car has {brakes_left} brake WP left: it cannot brake {spaces} spaces.").format(
                brakes_left=brakes_left, spaces=spaces
            )
        )
    return cost


@dataclass(frozen=True)
class BlockedCost:
    brakes: int
    tires: int


@dataclass(frozen=True)
class BlockedBraking:
    """What a blocked car loses; an eliminated car pays nothing, its race is over."""

    brakes_lost: int
    tires_lost: int
    eliminated: bool = False


BLOCKED_ELIMINATED_AT = 7

# Spaces Remaining   Brake WP   Tire WP      (7: The car is eliminated)
BLOCKED_TABLE: Mapping[int, BlockedCost] = MappingProxyType(
    {
        1: BlockedCost(brakes=1, tires=0),
        2: BlockedCost(brakes=2, tires=0),
        3: BlockedCost(brakes=3, tires=0),
        4: BlockedCost(brakes=3, tires=1),
        5: BlockedCost(brakes=3, tires=2),
        6: BlockedCost(brakes=3, tires=3),
    }
)


def blocked_braking(spaces_remaining: int, brakes_left: int, tires_left: int) -> BlockedBraking:
    """A car blocked `spaces_remaining` short of its roll, with `brakes_left` and `tires_left`."""
    if spaces_remaining < 1:
        raise InvalidBraking(
            _("A car blocked with {spaces_remaining} spaces remaining was not blocked.").format(
                spaces_remaining=spaces_remaining
            )
        )
    if brakes_left < 0 or tires_left < 0:
        raise InvalidBraking(_("A car cannot have fewer than 0 brake or tire WP."))
    if spaces_remaining >= BLOCKED_ELIMINATED_AT:
        return BlockedBraking(brakes_lost=0, tires_lost=0, eliminated=True)
    cost = BLOCKED_TABLE[spaces_remaining]
    if cost.brakes > brakes_left or cost.tires > tires_left:
        return BlockedBraking(brakes_lost=0, tires_lost=0, eliminated=True)
    return BlockedBraking(brakes_lost=cost.brakes, tires_lost=cost.tires)
