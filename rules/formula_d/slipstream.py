"""Slipstreaming: when a car may take the 3 extra spaces, and the brake WP they cost.

Where the car goes (lanes a, b or c) is the board's business, not these rules'.

Rulings where the document is loose (docs/rulings.md):
- "As fast or faster": the number each car showed on its gear die for its last move (speed is
  the gear die's number, as Road Races' Pole Station measures it), not the spaces left after
  braking.
- Carrying on slipstreaming: each further slipstream is judged against the new car in front with
  the same gear-die number; a slipstream shortened with brake WP cannot lead into another
  (that braking would be braking to take advantage of slipstreaming).
- Into a corner: the brake WP is owed, so a car with none left may not slipstream into a corner.
"""

from __future__ import annotations

from rules.dice import check_roll, gear_die
from rules.formula_d.braking import BRAKE_WP_PER_SPACE
from rules.formula_d.car import NotEnoughWear
from rules.language import gettext as _


class NoSlipstream(ValueError):
    """A slipstream the rules do not allow: too slow, below 4th gear, or after braking."""


SLIPSTREAM_MIN_GEAR = 4  # both cars
SLIPSTREAM_SPACES = 3
SLIPSTREAM_CORNER_BRAKE_WP = 1  # carried into a corner; the move is not reduced


def check_slipstream(
    gear: int, roll: int, front_gear: int, front_roll: int, *, braked: bool = False
) -> int:
    """The spaces a car in `gear` that rolled `roll`, stopped directly behind a car in
    `front_gear` that rolled `front_roll`, may add to its move; refuses with the reason."""
    check_roll(gear_die(gear), roll)
    check_roll(gear_die(front_gear), front_roll)
    if braked:
        raise NoSlipstream(_("Braking to take advantage of slipstreaming is prohibited."))
    if gear < SLIPSTREAM_MIN_GEAR or front_gear < SLIPSTREAM_MIN_GEAR:
        raise NoSlipstream(
            _(
                "Both cars must be in {slipstream_min_gear}th gear or higher: they are in {gear} "
                "and {front_gear}."
            ).format(slipstream_min_gear=SLIPSTREAM_MIN_GEAR, gear=gear, front_gear=front_gear)
        )
    if roll < front_roll:
        raise NoSlipstream(
            _(
                "The car behind must be as fast or faster than the car in front: {roll} against "
                "{front_roll}."
            ).format(roll=roll, front_roll=front_roll)
        )
    return SLIPSTREAM_SPACES


def slipstream_brake_cost(brakes_left: int, spaces_braked: int = 0, *, into_corner: bool) -> int:
    """Brake WP for a slipstream shortened by `spaces_braked`, carried into a corner or not."""
    if not 0 <= spaces_braked <= SLIPSTREAM_SPACES:
        raise NoSlipstream(
            _(
                "A slipstream is {slipstream_spaces} spaces: braking {spaces_braked} of them "
                "cannot happen."
            ).format(slipstream_spaces=SLIPSTREAM_SPACES, spaces_braked=spaces_braked)
        )
    cost = spaces_braked * BRAKE_WP_PER_SPACE + (SLIPSTREAM_CORNER_BRAKE_WP if into_corner else 0)
    if cost > brakes_left:
        raise NotEnoughWear(
            _("The car has {brakes_left} brake WP left: this slipstream costs {cost}.").format(
                brakes_left=brakes_left, cost=cost
            )
        )
    return cost
