"""What overshooting a corner costs a car now, for the gear odds (rules.gear_odds), in Formula
D's words: its tire WP at its tires' price per space, a spin on its last, out for more than it
has or for skipping more than one stop (rules.formula_d.corners). RBB, whose overshoot is Formula
D's at 1 tire WP a space, prices it here too; Death's cars are Formula D's."""

from __future__ import annotations

from rules.formula_d import MOST_STOPS_SKIPPED, overshoot
from rules.formula_d.race.shape import SheetCar
from rules.gear_odds import OvershootCost
from rules.language import gettext as _


def sheet_overshoot_cost(
    car: SheetCar,
    spaces: int,
    stops_owed: int,
    per_space: int = 1,
    *,
    by_more_than_one_out: bool = False,
) -> OvershootCost:
    """`car`'s overshoot by `spaces` with `stops_owed` stops owed, `per_space` tire WP a space;
    `by_more_than_one_out` as the race reads Overshooting (`corners.overshoot`)."""
    tires = car.sheet.tires
    if stops_owed > MOST_STOPS_SKIPPED:
        return OvershootCost(
            _("out: skips {stops} stops").format(stops=stops_owed), eliminated=True
        )
    result = overshoot(
        tires, spaces, 0, stops_owed, per_space=per_space, by_more_than_one_out=by_more_than_one_out
    )
    if result.eliminated:
        if spaces * per_space == tires:
            said = _("out: its last tire WP, by {spaces} spaces").format(spaces=spaces)
            return OvershootCost(said, eliminated=True)
        said = _("out: {wp} tire WP, it has {tires}").format(wp=spaces * per_space, tires=tires)
        return OvershootCost(said, eliminated=True)
    if result.spun:
        return OvershootCost(_("{wp} tire WP, its last: spins").format(wp=result.tires_lost))
    return OvershootCost(
        _("{wp} tire WP ({left} left)").format(wp=result.tires_lost, left=result.tires_left)
    )
