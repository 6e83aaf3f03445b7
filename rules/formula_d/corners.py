"""Driving Through Corners: overshooting, the tire WP it costs, spinning and elimination.

Rulings where the document is loose (docs/rulings.md):
- Losing the last tire WP (Overshooting): a car that overshoots by exactly the tire WP it has
  left spins; by more, it is eliminated. "If the car overshoot by more than 1 space, it is
  eliminated" is a league's choice (`by_more_than_one_out`): read as written, a car losing its
  last tire WP by overshooting 2 spaces or more is out; read as the rule for a car on its last
  point, a car with 3 tire WP that overshoots by 3 spins.
- A car already on 0 tire WP (after a spin) that overshoots again loses more than it has: out.
- Stops skipped: a car is eliminated when it skips more than one of the corner's stops (2-stop
  corner with none made; 3-stop corner with none or one), as the Quick Reference generalises it.
  It is out whatever its tires; an eliminated car pays no tire WP, its race is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.language import gettext as _


class InvalidOvershoot(ValueError):
    """Figures for an overshoot that cannot happen: no overshoot, or stops the corner lacks."""


@dataclass(frozen=True)
class Overshoot:
    tires_lost: int
    tires_left: int
    spun: bool = False  # placed backwards on its last space; drives off in `next_gear`
    eliminated: bool = False
    next_gear: int | None = None  # 1 after a spin; otherwise the player chooses as usual


TIRE_WP_PER_SPACE = 1  # Overshooting: per space overshot
MOST_STOPS_SKIPPED = 1  # skipping more than this eliminates
SPIN_GEAR = 1  # after a spin the car turns round and drives off in 1st
MOST_SPIN_SPACES = 1  # "If the car overshoot by more than 1 space, it is eliminated"


def overshoot(
    tires_left: int,
    spaces: int,
    stops_made: int,
    stops_required: int,
    *,
    per_space: int = 1,
    by_more_than_one_out: bool = False,
) -> Overshoot:
    """A car with `tires_left` tire WP overshoots a corner by `spaces` after `stops_made` of the
    `stops_required` stops (the yellow box); `per_space`: the penalty doubled or trebled by the
    car's tires (Tire Selection); `by_more_than_one_out`: a car losing its last tire WP by more
    than 1 space is eliminated, not spun (the Overshooting rule read as written)."""
    if tires_left < 0:
        raise InvalidOvershoot(
            _("A car cannot have {tires_left} tire WP.").format(tires_left=tires_left)
        )
    if spaces < 1:
        raise InvalidOvershoot(
            _(
                "An overshoot of {spaces} spaces is no overshoot: the car is still in the corner."
            ).format(spaces=spaces)
        )
    if stops_required < 1:
        raise InvalidOvershoot(
            _("A corner asks for at least 1 stop, not {stops_required}.").format(
                stops_required=stops_required
            )
        )
    if stops_made < 0:
        raise InvalidOvershoot(
            _("A car cannot have made {stops_made} stops.").format(stops_made=stops_made)
        )
    if stops_made >= stops_required:
        raise InvalidOvershoot(
            _(
                "A car that made {stops_made} of {stops_required} stops may exit the corner: it "
                "did not overshoot."
            ).format(stops_made=stops_made, stops_required=stops_required)
        )
    tires_lost = spaces * TIRE_WP_PER_SPACE * per_space
    if stops_required - stops_made > MOST_STOPS_SKIPPED or tires_lost > tires_left:
        return Overshoot(tires_lost=0, tires_left=tires_left, eliminated=True)
    if tires_lost == tires_left and by_more_than_one_out and spaces > MOST_SPIN_SPACES:
        return Overshoot(tires_lost=0, tires_left=tires_left, eliminated=True)
    if tires_lost == tires_left:
        return Overshoot(tires_lost=tires_lost, tires_left=0, spun=True, next_gear=SPIN_GEAR)
    return Overshoot(tires_lost=tires_lost, tires_left=tires_left - tires_lost)
