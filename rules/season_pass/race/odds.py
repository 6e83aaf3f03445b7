"""What skidding beyond a corner costs a car now, for the gear odds (rules.gear_odds), in Season
Pass's words (Holding the Corners): a tire point a space skidded, a spin-out on its last, and for
more than it has, out with an injury check on the Overshoot Table's column for the spaces no tire
point covered. A car owing more moves skids on through them too; the odds price this move."""

from __future__ import annotations

from rules.gear_odds import OvershootCost
from rules.language import gettext as _
from rules.language import ngettext
from rules.season_pass.injuries import overshoot_column
from rules.season_pass.race.common import words_of


def overshoot_cost(tires: int, spaces: int) -> OvershootCost:
    """A car with `tires` tire points skidding `spaces` beyond a corner it has not yet held."""
    if spaces > tires:
        column = words_of(overshoot_column(spaces - tires).value).capitalize()
        return OvershootCost(
            _("out: injury check, {column} column").format(column=column), eliminated=True
        )
    if spaces == tires:
        return OvershootCost(_("{points} tire points, its last: spins out").format(points=spaces))
    return OvershootCost(
        ngettext(
            "{count} tire point ({left} left)", "{count} tire points ({left} left)", spaces
        ).format(count=spaces, left=tires - spaces)
    )
