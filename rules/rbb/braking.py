"""Brakes: a brake WP a space stopped short, and the blocked-braking table with the house rule
for the racer directly in front.

The table is Formula D's, row for row (rules.formula_d.BLOCKED_TABLE): 1-3 spaces cost 1-3 brake
WP, 4-6 spaces 3 brake WP and 1-3 tyre WP, 7 or more eliminate.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- Not enough brake or tyre WP for the row: eliminated, one zone never paying for the other.
- Paying the row's tyre WP down to exactly 0 stops the car, and it spins (Tyres: losing the last
  tyre point spins, however it is lost).
- House rule: an eliminated racer whose blockage is a racer directly in front costs that racer
  1 body WP and puts a damage marker in its space, as well as the marker where the eliminated
  racer stands; a body WP that is the front racer's last eliminates it too (Body).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.formula_d.braking import (
    BLOCKED_ELIMINATED_AT,
    BLOCKED_TABLE,
    BRAKE_WP_PER_SPACE,
    BlockedCost,
    InvalidBraking,
    blocked_braking,
    braking_cost,
)
from rules.rbb.tyres import lose_tyres

FRONT_RACER_BODY_WP = 1  # house rule: the racer that blocked an eliminated one


@dataclass(frozen=True)
class Blocked:
    """What a blocked racer loses; an eliminated racer pays nothing more, its race is over."""

    brakes_lost: int
    tires_lost: int
    eliminated: bool = False
    spun: bool = False  # paid its last tyre WP: starts again in 1st next turn
    front_body_lost: int = 0  # body WP the racer directly in front loses (house rule)


def blocked(
    spaces_remaining: int, brakes_left: int, tires_left: int, *, by_racer: bool = False
) -> Blocked:
    """A racer blocked `spaces_remaining` short of its roll, with `brakes_left` and `tires_left`;
    `by_racer`: the blockage is another racer directly in front."""
    outcome = blocked_braking(spaces_remaining, brakes_left, tires_left)
    if outcome.eliminated:
        return Blocked(
            brakes_lost=0,
            tires_lost=0,
            eliminated=True,
            front_body_lost=FRONT_RACER_BODY_WP if by_racer else 0,
        )
    tyres = lose_tyres(tires_left, outcome.tires_lost)
    return Blocked(brakes_lost=outcome.brakes_lost, tires_lost=outcome.tires_lost, spun=tyres.spun)


__all__ = [
    "BLOCKED_ELIMINATED_AT",
    "BLOCKED_TABLE",
    "BRAKE_WP_PER_SPACE",
    "FRONT_RACER_BODY_WP",
    "Blocked",
    "BlockedCost",
    "InvalidBraking",
    "blocked",
    "braking_cost",
]
