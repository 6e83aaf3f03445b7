"""What skidding beyond a corner costs a car now, for the gear odds (rules.gear_odds), in Season
Pass's words (Holding the Corners): a tire point a space skidded, a spin-out on its last, and for
more than it has, out with an injury check on the Overshoot Table's column for the spaces no tire
point covered. A car owing more moves skids on through them too; the odds price this move."""

from __future__ import annotations

from rules.gear_odds import OvershootCost
from rules.season_pass.injuries import overshoot_column


def overshoot_cost(tires: int, spaces: int) -> OvershootCost:
    """A car with `tires` tire points skidding `spaces` beyond a corner it has not yet held."""
    if spaces > tires:
        column = overshoot_column(spaces - tires).value.capitalize()
        return OvershootCost(f"out: injury check, {column} column", eliminated=True)
    if spaces == tires:
        return OvershootCost(f"{spaces} tire points, its last: spins out")
    return OvershootCost(f"{spaces} tire point{'' if spaces == 1 else 's'} ({tires - spaces} left)")
