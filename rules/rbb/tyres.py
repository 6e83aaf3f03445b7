"""Tyres: the tyre WP lost overshooting a corner, the crash for too few stops, the spin on the
last tyre WP and the crash on the next one.

The overshoot is Formula D's, word for word in its numbers: 1 tyre WP per space beyond the
corner, out for skipping more than one stop (0 in a 2-stop corner, 0 or 1 in a 3-stop corner),
a spin on the last tyre WP, out for more than is left. rules.formula_d.overshoot computes it.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- "Loses their last tyre point": however it is lost (overshooting or the blocked-braking table),
  the car spins in the space it reached and starts again in 1st next turn; RBB says so in its
  Tyres section, for every tyre loss, where Formula D says it only of overshooting.
- A loss of more tyre WP than are left at once is losing the last and "another": out.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.formula_d.corners import (
    MOST_STOPS_SKIPPED,
    SPIN_GEAR,
    TIRE_WP_PER_SPACE,
    InvalidOvershoot,
    Overshoot,
    overshoot,
)
from rules.language import gettext as _

TYRE_WP_PER_SPACE = TIRE_WP_PER_SPACE  # per space beyond the corner limit


class InvalidTyreLoss(ValueError):
    """A tyre loss of a negative number of WP, or from a car with negative tyre WP."""


@dataclass(frozen=True)
class TyreLoss:
    tires_left: int
    spun: bool = False  # lost its last tyre WP: starts again in 1st gear next turn
    crashed: bool = False  # lost a tyre WP it did not have: out of the race


def crashes_for_stops(stops_made: int, stops_required: int) -> bool:
    """Whether a racer that made `stops_made` of a corner's `stops_required` stops crashes out
    automatically (0 in a 2-stop corner, 0 or 1 in a 3-stop corner)."""
    if stops_required < 1 or stops_made < 0:
        raise InvalidOvershoot(
            _(
                "A corner asks for at least 1 stop and a car makes 0 or more: {stops_made} of "
                "{stops_required}."
            ).format(stops_made=stops_made, stops_required=stops_required)
        )
    return stops_required - stops_made > MOST_STOPS_SKIPPED


def lose_tyres(tires_left: int, lost: int) -> TyreLoss:
    """A car with `tires_left` tyre WP loses `lost` of them, however."""
    if tires_left < 0 or lost < 0:
        raise InvalidTyreLoss(
            _("A car cannot have {tires_left} tyre WP or lose {lost}.").format(
                tires_left=tires_left, lost=lost
            )
        )
    if lost == 0:
        return TyreLoss(tires_left=tires_left)
    if lost > tires_left:
        return TyreLoss(tires_left=0, crashed=True)
    if lost == tires_left:
        return TyreLoss(tires_left=0, spun=True)
    return TyreLoss(tires_left=tires_left - lost)


__all__ = [
    "MOST_STOPS_SKIPPED",
    "SPIN_GEAR",
    "TYRE_WP_PER_SPACE",
    "InvalidOvershoot",
    "InvalidTyreLoss",
    "Overshoot",
    "TyreLoss",
    "crashes_for_stops",
    "lose_tyres",
    "overshoot",
]
